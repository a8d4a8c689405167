"""Load and validate YAML documents, keeping the position of every node.

The loader composes the YAML node graph (never constructs arbitrary Python
objects), checks it against the tables of :mod:`build_tools.schema`, and builds a
:class:`~build_tools.document.Document`. It collects every problem it finds and
raises one :class:`~build_tools.diagnostics.DiagnosticError` listing them all.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from build_tools import schema
from build_tools.diagnostics import Diagnostic, DiagnosticError
from build_tools.document import (
    LANGUAGES,
    Block,
    Definition,
    Document,
    Example,
    Paragraph,
    Point,
    PointList,
    Position,
    Section,
)

_STR_TAG = "tag:yaml.org,2002:str"
_INT_TAG = "tag:yaml.org,2002:int"
_NULL_TAG = "tag:yaml.org,2002:null"
_TYPE_NAMES = {
    "tag:yaml.org,2002:bool": "a boolean",
    _INT_TAG: "a number",
    "tag:yaml.org,2002:float": "a number",
    _NULL_TAG: "empty",
    "tag:yaml.org,2002:timestamp": "a date",
}


def display_path(path: Path) -> str:
    """``path`` relative to the working directory when it is below it."""
    try:
        return os.path.relpath(path) if path.resolve().is_relative_to(Path.cwd()) else str(path)
    except ValueError:
        return str(path)


def compose(path: Path) -> yaml.Node:
    """Read ``path`` as one YAML document and return its node graph."""
    shown = display_path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise DiagnosticError([Diagnostic(shown, 0, 0, f"cannot read file: {exc.strerror}")]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise DiagnosticError([Diagnostic(shown, line, column, "file is not valid UTF-8")]) from None
    try:
        nodes = list(yaml.compose_all(text, Loader=yaml.SafeLoader))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        raise DiagnosticError([Diagnostic(shown, line, column, _yaml_problem(exc))]) from None
    except yaml.YAMLError as exc:
        raise DiagnosticError([Diagnostic(shown, 0, 0, f"malformed YAML: {exc}")]) from None
    if not nodes or nodes[0] is None:
        raise DiagnosticError([Diagnostic(shown, 1, 1, "file is empty")])
    if len(nodes) > 1:
        extra = nodes[1]
        raise DiagnosticError(
            [_at(shown, extra, "a file holds one YAML document; remove the second '---'")]
        )
    root: yaml.Node = nodes[0]
    return root


def _yaml_problem(exc: yaml.MarkedYAMLError) -> str:
    problem = exc.problem or "malformed YAML"
    if "'\\t'" in problem:
        return "tab character in indentation: YAML indents with spaces only"
    if exc.context:
        return f"malformed YAML: {problem} ({exc.context})"
    return f"malformed YAML: {problem}"


def _at(path: str, node: yaml.Node, message: str) -> Diagnostic:
    mark = node.start_mark
    return Diagnostic(path, mark.line + 1, mark.column + 1, message)


def _pos(node: yaml.Node) -> Position:
    return Position(node.start_mark.line + 1, node.start_mark.column + 1)


class _Reader:
    """Walks one file's node graph, collecting diagnostics as it goes."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.problems: list[Diagnostic] = []
        self.seen_ids: dict[str, yaml.Node] = {}

    def error(self, node: yaml.Node, message: str) -> None:
        self.problems.append(_at(self.path, node, message))

    def mapping(
        self, node: yaml.Node, fields: tuple[schema.Field, ...], what: str
    ) -> dict[str, Any] | None:
        """Check a mapping against ``fields``; values converted by field kind.
        Returns ``None`` when the node is not a mapping at all."""
        if not isinstance(node, yaml.MappingNode):
            self.error(node, f"{what} must be a mapping, not {_describe(node)}")
            return None
        by_name = {f.name: f for f in fields}
        values: dict[str, Any] = {}
        first_key: dict[str, yaml.Node] = {}
        suggested: set[str] = set()
        # The kind key (first field) carries the id: resolve it first so that
        # later messages can name the element.
        label = what
        id_field = next(f for f in fields if f.kind == "id")
        for key_node, value_node in node.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.value == id_field.name:
                if isinstance(value_node, yaml.ScalarNode) and value_node.value:
                    label = f"{what} '{value_node.value}'"
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                self.error(key_node, f"keys must be plain words in {label}")
                continue
            key = key_node.value
            if key in first_key:
                self.error(
                    key_node,
                    f"duplicate key '{key}' in {label} (first at line {first_key[key].start_mark.line + 1})",
                )
                continue
            first_key[key] = key_node
            field = by_name.get(key)
            if field is None:
                close = _closest(key, by_name)
                if close:
                    suggested.add(close)
                hint = f" (did you mean '{close}'?)" if close else ""
                self.error(key_node, f"unknown key '{key}' in {label}{hint}")
                continue
            value = self.value(value_node, field, label)
            if value is not None:
                values[key] = value
        for field in fields:
            # A misspelt key was reported as such: its absence needs no second line.
            if field.required and field.name not in first_key and field.name not in suggested:
                if field.kind == "id":
                    self.error(node, f"{label} has no id (add '{field.name}: some-id')")
                else:
                    self.error(node, f"{label} has no '{field.name}'")
        return values

    def value(self, node: yaml.Node, field: schema.Field, owner: str) -> Any:
        where = f"'{field.name}' of {owner}"
        kind = field.kind
        if kind in ("blocks", "points"):
            if not isinstance(node, yaml.SequenceNode):
                self.error(node, f"{where} must be a list, not {_describe(node)}")
                return None
            if kind == "blocks":
                return tuple(b for b in (self.block(n) for n in node.value) if b is not None)
            return tuple(p for p in (self.point(n) for n in node.value) if p is not None)
        if not isinstance(node, yaml.ScalarNode):
            self.error(node, f"{where} must be {_expected(kind)}, not {_describe(node)}")
            return None
        if kind == "int":
            if node.tag != _INT_TAG or int(node.value) != schema.SCHEMA_VERSION:
                self.error(node, f"{where} must be {schema.SCHEMA_VERSION}, not {node.value!r}")
                return None
            return int(node.value)
        if kind == "label":
            if node.tag == _NULL_TAG or not node.value.strip():
                self.error(node, f"{where} is empty")
                return None
            return node.value
        if kind == "id" and node.tag == _NULL_TAG:
            self.error(node, f"{owner} has no id after '{field.name}:'")
            return None
        if node.tag != _STR_TAG:
            self.error(
                node,
                f"{where} must be {_expected(kind)}, not {_TYPE_NAMES.get(node.tag, node.tag)}"
                + ("" if node.tag == _NULL_TAG else f" (quote {node.value!r} to keep it as text)"),
            )
            return None
        text: str = node.value
        if kind == "id":
            if not schema.ID_PATTERN.fullmatch(text):
                self.error(
                    node,
                    f"invalid id {text!r}: use lowercase letters, digits and single hyphens, "
                    "starting with a letter",
                )
                return None
            first = self.seen_ids.get(text)
            if first is not None:
                self.error(node, f"duplicate id '{text}' (first used at line {first.start_mark.line + 1})")
                return None
            self.seen_ids[text] = node
            return text
        if kind == "choice":
            if text not in field.choices:
                self.error(node, f"{where} must be one of {', '.join(field.choices)}, not {text!r}")
                return None
            return text
        if not text.strip():
            self.error(node, f"{where} is empty")
            return None
        return text

    def block(self, node: yaml.Node) -> Block | None:
        if not isinstance(node, yaml.MappingNode):
            self.error(node, f"a block must be a mapping, not {_describe(node)}")
            return None
        keys = [k.value for k, _ in node.value if isinstance(k, yaml.ScalarNode)]
        kinds = [k for k in keys if k in schema.BLOCKS]
        if len(kinds) != 1:
            found = f"both '{kinds[0]}' and '{kinds[1]}'" if kinds else "none"
            self.error(node, f"a block needs exactly one of {', '.join(schema.BLOCKS)} as its first key; found {found}")
            return None
        kind = kinds[0]
        values = self.mapping(node, schema.BLOCKS[kind], kind)
        if values is None or any(
            f.required and f.name not in values for f in schema.BLOCKS[kind]
        ):
            return None
        return _BUILDERS[kind](values, _pos(node))

    def point(self, node: yaml.Node) -> Point | None:
        values = self.mapping(node, schema.POINT, "point")
        if values is None or any(f.required and f.name not in values for f in schema.POINT):
            return None
        return Point(
            id=values["point"],
            text=values["text"],
            number=values.get("number", ""),
            items=values.get("items", ()),
            pos=_pos(node),
        )


_BUILDERS: dict[str, Callable[[dict[str, Any], Position], Block]] = {
    "section": lambda v, pos: Section(
        id=v["section"], title=v["title"], body=v["body"], number=v.get("number", ""), pos=pos
    ),
    "paragraph": lambda v, pos: Paragraph(id=v["paragraph"], text=v["text"], pos=pos),
    "list": lambda v, pos: PointList(id=v["list"], items=v["items"], pos=pos),
    "definition": lambda v, pos: Definition(
        id=v["definition"], term=v["term"], text=v["text"], pos=pos
    ),
    "example": lambda v, pos: Example(
        id=v["example"], auction=v["auction"], text=v.get("text", ""),
        notation=v.get("notation", ""), pos=pos,
    ),
}


def _describe(node: yaml.Node) -> str:
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    return _TYPE_NAMES.get(node.tag, "a string")


def _expected(kind: str) -> str:
    return {"id": "an id", "text": "text", "label": "a string", "choice": "a string",
            "int": "a number"}.get(kind, kind)


def _closest(key: str, known: dict[str, schema.Field]) -> str:
    close = difflib.get_close_matches(key, list(known), n=1)
    return close[0] if close else ""


def load_document(path: Path) -> Document:
    """Load and validate one document file.

    Raises :class:`DiagnosticError` listing every problem found.
    """
    shown = display_path(path)
    root = compose(path)
    reader = _Reader(shown)
    values = reader.mapping(root, schema.DOCUMENT, "document")
    if reader.problems or values is None:
        raise DiagnosticError(reader.problems)
    if path.stem != values["document"]:
        reader.error(root, f"document id '{values['document']}' differs from the file name '{path.name}'")
        raise DiagnosticError(reader.problems)
    return Document(
        id=values["document"],
        title=values["title"],
        issuer=values["issuer"],
        language=values["language"],
        kind=values["kind"],
        body=values["body"],
        edition=values.get("edition", ""),
        path=shown,
        pos=_pos(root),
    )


@dataclass(frozen=True, slots=True)
class Manifest:
    """``source/handbook.yaml``: which documents make the handbook, in which languages."""

    id: str
    titles: dict[str, str]
    languages: tuple[str, ...]
    documents: tuple[str, ...]
    path: str = ""

    def title(self, language: str) -> str:
        return self.titles.get(language) or next(iter(self.titles.values()))


MANIFEST_NAME = "handbook.yaml"


def load_manifest(path: Path) -> Manifest:
    """Load ``source/handbook.yaml`` and check that every document it lists exists."""
    shown = display_path(path)
    root = compose(path)
    reader = _Reader(shown)
    problems = reader.problems
    if not isinstance(root, yaml.MappingNode):
        raise DiagnosticError([_at(shown, root, "the manifest must be a mapping")])
    known = {"handbook", "title", "languages", "documents"}
    got: dict[str, yaml.Node] = {}
    for key, value in root.value:
        if key.value not in known:
            reader.error(key, f"unknown key '{key.value}' in the manifest")
        elif key.value in got:
            reader.error(key, f"duplicate key '{key.value}' in the manifest")
        else:
            got[key.value] = value
    for name in sorted(known - got.keys()):
        reader.error(root, f"the manifest has no '{name}'")
    if problems:
        raise DiagnosticError(problems)

    def words(node: yaml.Node, what: str) -> list[tuple[str, yaml.Node]]:
        if not isinstance(node, yaml.SequenceNode):
            reader.error(node, f"'{what}' must be a list")
            return []
        out: list[tuple[str, yaml.Node]] = []
        for item in node.value:
            if not isinstance(item, yaml.ScalarNode) or item.tag != _STR_TAG:
                reader.error(item, f"each of '{what}' must be a word")
            else:
                out.append((item.value, item))
        return out

    languages = []
    for code, node in words(got["languages"], "languages"):
        if code not in LANGUAGES:
            reader.error(node, f"unknown language {code!r}; known: {', '.join(LANGUAGES)}")
        languages.append(code)
    documents = []
    for doc_id, node in words(got["documents"], "documents"):
        if not (path.parent / f"{doc_id}.yaml").is_file():
            reader.error(node, f"document '{doc_id}' has no file {doc_id}.yaml beside the manifest")
        documents.append(doc_id)
    titles: dict[str, str] = {}
    title_node = got["title"]
    if not isinstance(title_node, yaml.MappingNode):
        reader.error(title_node, "'title' must map each language to the handbook's title")
    else:
        for key, value in title_node.value:
            if key.value not in LANGUAGES:
                reader.error(key, f"unknown language {key.value!r} in 'title'")
            elif not isinstance(value, yaml.ScalarNode) or not value.value.strip():
                reader.error(value, f"title in {key.value!r} must be text")
            else:
                titles[key.value] = value.value
    handbook = got["handbook"]
    if not isinstance(handbook, yaml.ScalarNode) or not schema.ID_PATTERN.fullmatch(handbook.value):
        reader.error(handbook, "'handbook' must be an id")
    if not languages:
        reader.error(got["languages"], "the manifest lists no language")
    if problems:
        raise DiagnosticError(problems)
    return Manifest(
        id=handbook.value if isinstance(handbook, yaml.ScalarNode) else "",
        titles=titles,
        languages=tuple(languages),
        documents=tuple(documents),
        path=shown,
    )
