"""Reading a handbook file's YAML safely, keeping the position of every node.

What every reader of YAML here shares (documents, the manifest, cards, a
director's query): the file's size within a limit, UTF-8, one YAML document,
no aliases, nesting within a limit, no key written twice, and every problem
a :class:`~build_tools.diagnostics.Diagnostic` at its line and column. Nodes
are composed, never constructed into arbitrary objects; :func:`plain` turns
them into plain data by their tags. Light to import: ``handbook explain``
reads its query with it and nothing of the documents' schema.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Any

import yaml

from build_tools.diagnostics import Diagnostic, DiagnosticError

STR_TAG = "tag:yaml.org,2002:str"
INT_TAG = "tag:yaml.org,2002:int"
BOOL_TAG = "tag:yaml.org,2002:bool"
NULL_TAG = "tag:yaml.org,2002:null"


def display_path(path: Path) -> str:
    """``path`` relative to the working directory when it is below it."""
    try:
        return os.path.relpath(path) if path.resolve().is_relative_to(Path.cwd()) else str(path)
    except ValueError:
        return str(path)


#: The largest file the loader reads: fifty times the largest document of the
#: handbook, and small enough that validating it takes seconds, not minutes.
MAX_FILE_BYTES = 2 * 1024 * 1024
#: How deep YAML may nest (mappings and lists), and how deep blocks and points
#: may nest inside each other. The deepest real document, the contents of the
#: Laws, nests points five deep (about a dozen YAML levels).
MAX_YAML_DEPTH = 64
MAX_NESTING = 12


def read_limited(path: Path, shown: str, what: str = "file") -> bytes:
    """The bytes of ``path``, refusing a file past :data:`MAX_FILE_BYTES`
    (reported at the line where the limit falls)."""
    try:
        # Opened without blocking: a FIFO or a device named in place of a file
        # would wait for a writer for ever; only a regular file is read.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise DiagnosticError([Diagnostic(shown, 0, 0, f"cannot read {what}: {exc.strerror or exc}")]) from None
    mode = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(mode):
        os.close(descriptor)
        # A folder opens (and only fails when read); any other kind of file is refused unread.
        reason = os.strerror(errno.EISDIR) if stat.S_ISDIR(mode) else "not a regular file"
        raise DiagnosticError([Diagnostic(shown, 0, 0, f"cannot read {what}: {reason}")])
    with os.fdopen(descriptor, "rb") as handle:
        try:
            os.set_blocking(handle.fileno(), True)
            raw = handle.read(MAX_FILE_BYTES + 1)
        except OSError as exc:
            raise DiagnosticError([Diagnostic(shown, 0, 0, f"cannot read {what}: {exc.strerror or exc}")]) from None
    check_size(raw, shown, what, MAX_FILE_BYTES)
    return raw


def check_size(raw: bytes, shown: str, what: str, limit: int) -> None:
    """Refuse ``raw`` past ``limit`` bytes, at the line where the limit falls
    (``raw`` may hold one byte more than the limit: enough to tell)."""
    if len(raw) <= limit:
        return
    line = raw.count(b"\n", 0, limit) + 1
    advice = ": split the document" if what == "file" else ""
    size = f"{limit // (1024 * 1024)} MiB" if limit >= 1024 * 1024 else f"{limit // 1024} KiB"
    raise DiagnosticError([Diagnostic(shown, line, 1, f"{what} is larger than the limit of {size}{advice}")])


def compose(path: Path) -> yaml.Node:
    """Read ``path`` as one YAML document and return its node graph."""
    shown = display_path(path)
    return compose_bytes(read_limited(path, shown), shown)


def compose_bytes(raw: bytes, shown: str) -> yaml.Node:
    """``raw`` (a file's bytes, within its size limit) as one YAML document's
    node graph, named ``shown`` in its diagnostics: UTF-8, no aliases, nested
    at most :data:`MAX_YAML_DEPTH` levels."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise DiagnosticError([Diagnostic(shown, line, column, "file is not valid UTF-8")]) from None
    try:
        nodes = list(yaml.compose_all(text, Loader=_FAST_LOADER))
    except yaml.YAMLError as fast_error:
        # Malformed: the pure-Python parser words the problem best.
        nodes = _compose_slowly(text, shown, fast_error)
    if not nodes or nodes[0] is None:
        raise DiagnosticError([Diagnostic(shown, 1, 1, "file is empty")])
    if len(nodes) > 1:
        extra = nodes[1]
        raise DiagnosticError(
            [at_node(shown, extra, "a file holds one YAML document; remove the second '---'")]
        )
    root: yaml.Node = nodes[0]
    _check_graph(root, text, shown)
    return root


def _check_graph(root: yaml.Node, text: str, shown: str) -> None:
    """Refuse aliases and nesting past :data:`MAX_YAML_DEPTH`.

    An alias makes two places share one node, so a few hundred bytes of
    aliases to aliases stand for billions of nodes (the "billion laughs"); a
    handbook document has no use for them. Walked without recursion, in time
    linear in the file.
    """
    seen: set[int] = set()
    stack: list[tuple[yaml.Node, int]] = [(root, 1)]
    while stack:
        node, depth = stack.pop()
        if id(node) in seen:
            raise DiagnosticError([_alias_diagnostic(text, shown)])
        seen.add(id(node))
        if depth > MAX_YAML_DEPTH:
            raise DiagnosticError([at_node(shown, node, f"nested more than {MAX_YAML_DEPTH} levels deep")])
        if isinstance(node, yaml.SequenceNode):
            stack.extend((child, depth + 1) for child in reversed(node.value))
        elif isinstance(node, yaml.MappingNode):
            for key, value in reversed(node.value):
                stack.extend(((value, depth + 1), (key, depth + 1)))


def _alias_diagnostic(text: str, shown: str) -> Diagnostic:
    for event in yaml.parse(text, Loader=_FAST_LOADER):
        if isinstance(event, yaml.AliasEvent):
            mark = event.start_mark
            return Diagnostic(shown, mark.line + 1, mark.column + 1,
                              f"alias '*{event.anchor}': aliases are not allowed in handbook files; "
                              "write the text out")
    return Diagnostic(shown, 1, 1, "aliases are not allowed in handbook files")  # pragma: no cover


#: libyaml's parser when PyYAML has it: several times faster than the pure-Python
#: one, with the same nodes, tags and positions.
_FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _compose_slowly(text: str, shown: str, fast_error: yaml.YAMLError) -> list[yaml.Node]:
    try:
        return list(yaml.compose_all(text, Loader=yaml.SafeLoader))
    except RecursionError:
        # Nesting too deep for the pure-Python composer: libyaml's word on it.
        raise DiagnosticError([_yaml_diagnostic(fast_error, text, shown)]) from None
    except yaml.YAMLError as exc:
        raise DiagnosticError([_yaml_diagnostic(exc, text, shown)]) from None


def _yaml_diagnostic(exc: yaml.YAMLError, text: str, shown: str) -> Diagnostic:
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        return Diagnostic(shown, line, column, _yaml_problem(exc))
    if isinstance(exc, yaml.reader.ReaderError):
        # A character YAML does not allow (NUL, ESC...): locate it in the text.
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        return Diagnostic(shown, line, column, f"character U+{exc.character:04X} is not allowed in YAML"
                          if isinstance(exc.character, int) else f"malformed YAML: {exc.reason}")
    return Diagnostic(shown, 0, 0, f"malformed YAML: {exc}")


def _yaml_problem(exc: yaml.MarkedYAMLError) -> str:
    problem = exc.problem or "malformed YAML"
    if "'\\t'" in problem:
        return "tab character in indentation: YAML indents with spaces only"
    if exc.context:
        return f"malformed YAML: {problem} ({exc.context})"
    return f"malformed YAML: {problem}"


def duplicate_keys(root: yaml.Node, path: str) -> list[Diagnostic]:
    """A key written twice in one mapping of ``root``, in block or flow style
    (YAML keeps the last one silently). Walked without recursion."""
    problems = []
    stack = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, yaml.SequenceNode):
            stack.extend(reversed(node.value))
        elif isinstance(node, yaml.MappingNode):
            first: dict[tuple[str, str], yaml.Node] = {}
            for key, _ in node.value:
                if isinstance(key, yaml.ScalarNode):
                    seen = first.setdefault((key.tag, key.value), key)
                    if seen is not key:
                        mark = seen.start_mark
                        problems.append(at_node(path, key, f"duplicate key '{key.value}' "
                                                       f"(first at line {mark.line + 1}, column {mark.column + 1})"))
            stack.extend(value for _, value in reversed(node.value))
    return problems


#: The largest query ``handbook explain`` reads: a query names one auction's
#: calls (at most 319), so this is room for every one of them with a long
#: meaning, and reading it takes a fraction of a second.
MAX_QUERY_BYTES = 64 * 1024


def read_query(raw: bytes, shown: str) -> Any:
    """A query's text (``handbook explain``'s argument, a file or stdin) as
    plain data, read as the documents are: limits on size and nesting, no
    aliases, no key twice. Raises :class:`DiagnosticError` at the first problem."""
    check_size(raw, shown, "query", MAX_QUERY_BYTES)
    root = compose_bytes(raw, shown)
    problems = duplicate_keys(root, shown)
    if problems:
        raise DiagnosticError(problems[:1])
    return plain(root)


def at_node(path: str, node: yaml.Node, message: str) -> Diagnostic:
    """A diagnostic in ``path`` at the start of ``node``."""
    mark = node.start_mark
    return Diagnostic(path, mark.line + 1, mark.column + 1, message)


def plain(node: yaml.Node) -> Any:
    """``node`` as plain Python: mappings with text keys, lists, and scalars by their tag."""
    if isinstance(node, yaml.MappingNode):
        return {str(plain(k)): plain(v) for k, v in node.value}
    if isinstance(node, yaml.SequenceNode):
        return [plain(item) for item in node.value]
    if node.tag == BOOL_TAG:
        return node.value.lower() in ("true", "yes", "on")
    if node.tag == INT_TAG and node.value.isascii() and node.value.isdecimal() and len(node.value) <= 9:
        # Longer, it is kept as written: int() of thousands of digits is
        # refused, and the reader of the value says what is wrong with it.
        return int(node.value)
    if node.tag == NULL_TAG:
        return None
    return node.value


def node_at(node: yaml.Node, path: str) -> yaml.Node:
    """The node ``path`` ("when.meaning.hcp", "0.scope") names below ``node``,
    or the deepest one of it that exists."""
    for part in path.split(".") if path else ():
        if isinstance(node, yaml.MappingNode):
            found = [(k, v) for k, v in node.value if getattr(k, "value", None) == part]
            if not found:
                return node
            key, value = found[0]
            node = value
        elif isinstance(node, yaml.SequenceNode) and part.isdigit() and int(part) < len(node.value):
            node = node.value[int(part)]
        else:
            return node
    return node
