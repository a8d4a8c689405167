"""Load and validate YAML documents, keeping the position of every node.

The loader composes the YAML node graph (never constructs arbitrary Python
objects), checks it against the tables of :mod:`build_tools.schema`, and builds a
:class:`~build_tools.document.Document`. It collects every problem it finds and
raises one :class:`~build_tools.diagnostics.DiagnosticError` listing them all.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from build_tools.rules.engine import Rule
    from build_tools.rules.query import Query
    from build_tools.rules.registry import Registry

import yaml

from build_tools import markup, schema
from build_tools.diagnostics import Diagnostic, DiagnosticError
# Reading YAML safely is its own module; its names are the loader's too.
from build_tools.yamlfiles import (
    MAX_FILE_BYTES as MAX_FILE_BYTES,
    MAX_NESTING as MAX_NESTING,
    MAX_QUERY_BYTES as MAX_QUERY_BYTES,
    MAX_YAML_DEPTH as MAX_YAML_DEPTH,
    check_size as check_size,
    compose as compose,
    compose_bytes as compose_bytes,
    display_path as display_path,
    duplicate_keys as duplicate_keys,
    node_at as node_at,
    plain as plain,
    read_limited as read_limited,
    read_query as read_query,
    BOOL_TAG,
    INT_TAG,
    NULL_TAG,
    STR_TAG,
    at_node,
)
from build_tools.rules.errors import VocabularyError
from build_tools.document import (
    LANGUAGES,
    is_language,
    Block,
    CallNote,
    Definition,
    Document,
    Example,
    HandDiagram,
    Paragraph,
    Point,
    PointList,
    Position,
    Section,
    Table,
)

_TYPE_NAMES = {
    "tag:yaml.org,2002:bool": "a boolean",
    INT_TAG: "a number",
    "tag:yaml.org,2002:float": "a number",
    NULL_TAG: "empty",
    "tag:yaml.org,2002:timestamp": "a date",
}
TIMESTAMP_TAG = "tag:yaml.org,2002:timestamp"


#: Points, examples, definitions and alternatives (leaves) become LaTeX lists,
#: which nest at most six deep.
MAX_LIST_DEPTH = 6


def _pos(node: yaml.Node) -> Position:
    return Position(node.start_mark.line + 1, node.start_mark.column + 1)


class _Reader:
    """Walks one file's node graph, collecting diagnostics as it goes.

    ``language`` is the document's: auctions and hands written in its text are
    read in that notation.
    """

    def __init__(self, path: str, language: str = "", rules: Registry | None = None) -> None:
        self.path = path
        self.language = language
        #: The questions and parameters the document's rules may name.
        self.registry = rules
        self.problems: list[Diagnostic] = []
        self.seen_ids: dict[str, yaml.Node] = {}
        self.depth = 0  # blocks and points open around the one being read
        self.lists = 0  # of them, those the PDF sets as lists (points)

    def error(self, node: yaml.Node, message: str, offset: int = 0) -> None:
        diagnostic = at_node(self.path, node, message)
        if offset and isinstance(node, yaml.ScalarNode) and node.start_mark.line == node.end_mark.line:
            # A one-line scalar: point at the piece itself, past an opening quote.
            quote = 1 if node.style in ("'", '"') else 0
            diagnostic = Diagnostic(self.path, diagnostic.line, diagnostic.column + quote + offset, message)
        self.problems.append(diagnostic)

    def mapping(
        self,
        node: yaml.Node,
        fields: tuple[schema.Field, ...],
        what: str,
        nodes: dict[str, yaml.Node] | None = None,
    ) -> dict[str, Any] | None:
        """Check a mapping against ``fields``; values converted by field kind.
        Returns ``None`` when the node is not a mapping at all. ``nodes``, when
        given, receives the value node of each key (for later messages)."""
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
        id_field = next((f for f in fields if f.kind == "id"), None)
        for key_node, value_node in node.value:
            if id_field is None:
                break
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
                if nodes is not None:
                    nodes[key] = value_node
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
        if kind in ("blocks", "points", "texts", "rows", "hands", "notes"):
            if not isinstance(node, yaml.SequenceNode):
                self.error(node, f"{where} must be a list, not {_describe(node)}")
                return None
            if kind == "blocks":
                return tuple(b for b in (self.block(n) for n in node.value) if b is not None)
            if kind == "points":
                return tuple(p for p in (self.point(n) for n in node.value) if p is not None)
            if kind == "texts":
                item = schema.Field(field.name, "text", True, "")
                texts = [self.value(n, item, owner) for n in node.value]
                return tuple(t for t in texts if t is not None)
            if kind == "rows":
                return self.rows(node, where, owner)
            if kind == "hands":
                return tuple(h for h in (self.hand(n, owner) for n in node.value) if h is not None)
            return tuple(n for n in (self.note(n, owner) for n in node.value) if n is not None)
        if kind == "data":
            duplicates = duplicate_keys(node, self.path)
            if duplicates:
                self.problems.extend(duplicates)
                return None
            return _Data(node, plain(node))
        if not isinstance(node, yaml.ScalarNode):
            self.error(node, f"{where} must be {_expected(kind)}, not {_describe(node)}")
            return None
        if kind == "flag":
            if node.tag != BOOL_TAG:
                self.error(node, f"{where} must be true or false, not {node.value!r}")
                return None
            return node.value.lower() in ("true", "yes", "on")
        if kind == "count":
            # YAML 1.1 also reads 0x1, 0b10, 010 and 1_0 as numbers; a handbook counts in digits.
            if node.tag == INT_TAG and node.value.isdecimal() and len(node.value) > 9:
                # int() of more than 4,300 digits raises; no count needs ten
                self.error(node, f"{where} must be a whole number from 1 to 999999999, "
                                 f"not a number of {len(node.value)} digits")
                return None
            if node.tag != INT_TAG or not node.value.isdecimal() or int(node.value) < 1:
                self.error(node, f"{where} must be a whole number from 1, not {node.value!r}")
                return None
            return int(node.value)
        if kind == "int":
            if node.tag != INT_TAG or not node.value.isdecimal() or int(node.value) != schema.SCHEMA_VERSION:
                self.error(node, f"{where} must be {schema.SCHEMA_VERSION}, not {node.value!r}")
                return None
            return int(node.value)
        if kind == "label":
            if node.tag == NULL_TAG or not node.value.strip():
                self.error(node, f"{where} is empty")
                return None
            control = markup.CONTROL.search(node.value)
            if control:
                self.error(node, f"{where} must be one line, without control characters "
                                 f"(found {_char_name(control.group())})")
                return None
            return node.value
        if kind == "date":
            from build_tools.rules.dated import check_day

            # YAML reads 2024-08-01 as a timestamp, "2024-08-01" as text: both are the day.
            try:
                return check_day(node.value if node.tag in (STR_TAG, TIMESTAMP_TAG) else None, where)
            except VocabularyError:
                self.error(node, f"{where} must be a day written YYYY-MM-DD (e.g. 2024-08-01), not {node.value!r}")
                return None
        if kind == "id" and node.tag == NULL_TAG:
            self.error(node, f"{owner} has no id after '{field.name}:'")
            return None
        if node.tag != STR_TAG:
            self.error(
                node,
                f"{where} must be {_expected(kind)}, not {_TYPE_NAMES.get(node.tag, node.tag)}"
                + ("" if node.tag == NULL_TAG else f" (quote {node.value!r} to keep it as text)"),
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
        control = _TEXT_CONTROL.search(text)
        if control:
            self.error(node, f"{where} holds a control character ({_char_name(control.group())})")
            return None
        self.inline_bridge(node, text)
        return text

    def inline_bridge(self, node: yaml.ScalarNode, text: str) -> None:
        """Read the auctions and hands written in ``text`` with the rule model."""
        pieces = [p for p in markup.parse(text) if p.kind in ("auction", "hand")]
        if not pieces or not self.language:
            return
        from build_tools import diagrams
        from build_tools.bridge import BridgeError

        for piece in pieces:
            try:
                if piece.kind == "auction":
                    setting = diagrams.inline_setting(piece.options)
                    diagrams.read_auction(piece.text, self.language, setting.view, setting.dealer)
                elif piece.options is not None:
                    self.error(node, f"hand {piece.text!r}: a hand written in a sentence takes no options",
                               piece.offset)
                else:
                    diagrams.read_hand(piece.text, self.language)
            except BridgeError as exc:
                self.error(node, f"{piece.kind} {piece.text!r}: {exc}", piece.offset)

    def rules_of(self, values: dict[str, Any], article: str) -> tuple[Rule, ...]:
        """The rules written on an article, read in the document's notation."""
        data = values.get("rule")
        if not isinstance(data, _Data):
            return ()
        from build_tools.rules.query import parse_rules

        try:
            return parse_rules(data.value, article, self.language or "en", self.registry)
        except VocabularyError as exc:
            self.data_error(data.node, exc, f"rule of '{article}'")
            return ()

    def data_error(self, node: yaml.Node, exc: VocabularyError, what: str) -> None:
        """Report ``exc`` at the node its path names below ``node``."""
        target = node_at(node, exc.path)
        message = str(exc).split(": ", 1)[1] if exc.path and str(exc).startswith(exc.path + ": ") else str(exc)
        where = f" '{exc.path}'" if exc.path else ""
        self.error(target, f"{what}{where}: {message}")

    def rows(self, node: yaml.SequenceNode, where: str, owner: str) -> tuple[tuple[str, ...], ...] | None:
        rows: list[tuple[str, ...]] = []
        for row_node in node.value:
            if not isinstance(row_node, yaml.SequenceNode) or not row_node.value:
                self.error(row_node, f"each row of {where} must be a list of cells")
                continue
            cells: list[str] = []
            for cell in row_node.value:
                if not isinstance(cell, yaml.ScalarNode) or cell.tag not in (STR_TAG, INT_TAG):
                    self.error(cell, f"a cell of {owner} must be text, not {_describe(cell)}")
                    continue
                self.inline_bridge(cell, cell.value)
                cells.append(cell.value)
            rows.append(tuple(cells))
        if not rows:
            self.error(node, f"{where} has no rows")
            return None
        return tuple(rows)

    def hand(self, node: yaml.Node, owner: str) -> HandDiagram | None:
        nodes: dict[str, yaml.Node] = {}
        values = self.mapping(node, schema.HAND, f"a hand of {owner}", nodes)
        if values is None or "cards" not in values:
            return None
        return HandDiagram(values["cards"], values.get("seat", ""), values.get("label", ""), _pos(nodes["cards"]))

    def note(self, node: yaml.Node, owner: str) -> CallNote | None:
        values = self.mapping(node, schema.NOTE, f"a note of {owner}")
        if values is None or "call" not in values or "text" not in values:
            return None
        return CallNote(values["call"], values["text"], _pos(node))

    def nested(self, node: yaml.Node, kind: str) -> bool:
        """Whether ``node``, an element of ``kind`` (a block kind or ``point``),
        may open one more level of blocks and points, and the lists it prints
        as (the schema says which: :func:`build_tools.schema.printed_lists`)."""
        if self.depth >= MAX_NESTING:
            self.error(node, f"blocks and points nested more than {MAX_NESTING} deep")
            return False
        keys = [key.value for key, _ in node.value if isinstance(key, yaml.ScalarNode)] \
            if isinstance(node, yaml.MappingNode) else []
        if self.lists + schema.printed_lists(kind, keys) > MAX_LIST_DEPTH:
            self.error(node, f"points, examples, definitions and alternatives nested more than {MAX_LIST_DEPTH} "
                             "deep (the deepest a printed list can go)")
            return False
        return True

    def block(self, node: yaml.Node) -> Block | None:
        keys = [key.value for key, _ in node.value if isinstance(key, yaml.ScalarNode)] \
            if isinstance(node, yaml.MappingNode) else []
        if not self.nested(node, next((key for key in keys if key in schema.BLOCKS), "")):
            return None
        self.depth += 1
        try:
            return self._block(node)
        finally:
            self.depth -= 1

    def _block(self, node: yaml.Node) -> Block | None:
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
        nodes: dict[str, yaml.Node] = {}
        values = self.mapping(node, schema.BLOCKS[kind], kind, nodes)
        if values is None or any(
            f.required and f.name not in values for f in schema.BLOCKS[kind]
        ):
            return None
        return _BUILDERS[kind](self, node, values, nodes)

    def example(self, node: yaml.Node, values: dict[str, Any], nodes: dict[str, yaml.Node]) -> Example | None:
        example = Example(
            id=values["example"],
            auction=values.get("auction", ""),
            text=values.get("text", ""),
            notation=values.get("notation", ""),
            number=values.get("number", ""),
            view=values.get("view", "table"),
            dealer=values.get("dealer", "N"),
            vulnerability=values.get("vulnerability", ""),
            board=values.get("board", 0),
            hands=values.get("hands", ()),
            notes=values.get("notes", ()),
            pos=_pos(node),
            editorial=values.get("editorial", False),
            reading=values.get("reading", False),
        )
        name = f"example '{example.id}'"
        # The keys written, kept or refused: one refused (an empty auction)
        # was reported where it is written, and needs no second line here.
        written = {key.value for key, _ in node.value if isinstance(key, yaml.ScalarNode)} \
            if isinstance(node, yaml.MappingNode) else set()
        example = self.doctest_of(example, values, nodes, name, written)
        if not example.auction and not example.hands:
            if not written & {"auction", "hands"}:
                self.error(node, f"{name} has neither 'auction' nor 'hands'")
            return None
        if "dealer" in values and example.view != "table":
            self.error(nodes["dealer"], f"{name}: a dealer belongs to the table view, not the {example.view} view")
        if example.board and example.view != "table":
            self.error(nodes["board"], f"{name}: a board (which names the dealer) belongs to the table view, "
                                       f"not the {example.view} view")
        elif example.board:
            example = self.board(example, values, nodes["board"])
        if example.notes and not example.auction:
            self.error(nodes["notes"], f"{name} has notes on calls but no auction")
        language = example.notation or self.language
        if not language:
            return example
        from build_tools import diagrams
        from build_tools.bridge import BridgeError

        if example.auction:
            try:
                pattern = diagrams.read_auction(example.auction, language, example.view, example.dealer)
            except BridgeError as exc:
                self.error(nodes["auction"], f"{name}: {exc}")
            else:
                self.earlier_calls(example, pattern, nodes, name)
                for note, note_node in zip(example.notes, nodes.get("notes", yaml.SequenceNode("", [])).value,
                                           strict=False):
                    if note.call > len(pattern.slots):
                        self.error(note_node, f"{name}: note on call {note.call}, but the auction has "
                                              f"{len(pattern.slots)} calls")
        # Each hand read once: refused on its own, or kept for the check that
        # the hands of one example lie in one deal (no card twice).
        readable = []
        for number, hand in enumerate(example.hands, 1):
            try:
                parsed = diagrams.read_hand(hand.cards, language)
            except BridgeError as exc:
                self.problems.append(Diagnostic(self.path, hand.pos.line, hand.pos.column, f"{name}: {exc}"))
                continue
            seat = {"N": "North", "E": "East", "S": "South", "W": "West"}.get(hand.seat, hand.seat)
            readable.append((hand.pos, (seat or hand.label or f"hand {number}", parsed)))
        if not values.get("as-printed", False):
            from build_tools.bridge.hands import deal_problem

            problem = deal_problem([named for _, named in readable])
            if problem is not None:
                where = readable[problem[0]][0]
                self.problems.append(Diagnostic(self.path, where.line, where.column, f"{name}: {problem[1]}"))
        return example

    def earlier_calls(self, example: Example, pattern: Any, nodes: dict[str, yaml.Node], name: str) -> None:
        """Refuse a meaning given to a call the example's auction does not have."""
        from build_tools.rules.query import check_earlier

        if example.query is None or "earlier" not in nodes:
            return
        try:
            check_earlier(example.query.earlier, sum(1 for slot in pattern.slots if not slot.is_question))
        except VocabularyError as exc:
            self.data_error(nodes["earlier"], _below(exc, "earlier"), f"{name}: 'earlier'")

    def doctest_of(self, example: Example, values: dict[str, Any], nodes: dict[str, yaml.Node], name: str,
                   written: set[str]) -> Example:
        """An example with its query and expected verdicts, when it states them
        (``written``: the example's keys as written, refused ones included)."""
        from build_tools.rules.query import parse_example_query, parse_expect

        fields = {key: v.value if isinstance(v, _Data) else v for key, v in values.items()}
        try:
            query = parse_example_query(example.auction, example.view, fields)
        except VocabularyError as exc:
            key = exc.path.split(".", 1)[0]
            self.data_error(nodes.get(key, nodes["example"]), _below(exc, key), f"{name}: '{key}'")
            return example
        expect: tuple[tuple[str, str], ...] = ()
        if "expect" in values:
            try:
                expect = parse_expect(fields["expect"], self.registry, example.notation or self.language or "en")
            except VocabularyError as exc:
                self.data_error(nodes["expect"], exc, f"{name}: expect")
                return example
            if not example.auction and "auction" not in written:
                self.error(nodes["expect"], f"{name} expects verdicts but has no auction to ask about")
        # A mark on the call in question ('2♣*' alerted, '1BA^' announced) is an
        # expected verdict too: the answer the registry says the mark states.
        mark = self.last_call_mark(example) if query is not None else None
        if mark is not None and self.registry is not None:
            stated = dict(expect)
            for question in self.registry.questions.values():
                answer = question.marked(mark)
                if answer is None:
                    continue
                if question.name in stated and stated[question.name] != answer:
                    self.error(nodes.get("expect", nodes["example"]), f"{name}: the auction marks its last call "
                               f"{mark}, but expect says {question.name}: {stated[question.name]}")
                    return example
                if question.name not in stated:
                    expect = (*expect, (question.name, answer))
        if query is not None and not expect:
            self.error(nodes["example"], f"{name} states a query but no 'expect'")
        return dataclasses.replace(example, query=query or (_bare_query(example) if expect else None),
                                   expect=expect)

    def last_call_mark(self, example: Example) -> str | None:
        """The mark the example's last call carries: ``alerted``, ``announced`` or none."""
        from build_tools.bridge import BridgeError, View, notation

        try:
            pattern = notation.profile(example.notation or self.language or "en").parse_pattern(
                example.auction, View(example.view))
        except (BridgeError, ValueError):
            return None  # reported where the auction is read
        if not pattern.slots:
            return None
        annotation = pattern.slots[-1].annotation
        return "alerted" if annotation.alerted else "announced" if annotation.announced else None

    def board(self, example: Example, values: dict[str, Any], node: yaml.Node) -> Example:
        """The example with the dealer and vulnerability its board number names."""
        from build_tools.bridge import BridgeError
        from build_tools.diagrams import board_setting

        try:
            dealer, vulnerability = board_setting(
                example.board, values.get("dealer", ""), values.get("vulnerability", ""))
        except BridgeError as exc:
            self.error(node, f"example '{example.id}': {exc}")
            return example
        return dataclasses.replace(example, dealer=dealer, vulnerability=vulnerability)

    def table(self, node: yaml.Node, values: dict[str, Any], nodes: dict[str, yaml.Node]) -> Table | None:
        table = Table(values["table"], values["rows"], values.get("header", ()), values.get("caption", ""), _pos(node))
        width = len(table.header) or len(table.rows[0])
        rows_node = nodes["rows"]
        assert isinstance(rows_node, yaml.SequenceNode)
        for row, row_node in zip(table.rows, rows_node.value, strict=False):
            if len(row) != width:
                self.error(row_node, f"table '{table.id}': a row of {len(row)} cells, expected {width}")
        return table

    def point(self, node: yaml.Node) -> Point | None:
        if not self.nested(node, "point"):
            return None
        self.depth += 1
        self.lists += 1
        try:
            return self._point(node)
        finally:
            self.depth -= 1
            self.lists -= 1

    def _point(self, node: yaml.Node) -> Point | None:
        nodes: dict[str, yaml.Node] = {}
        values = self.mapping(node, schema.POINT, "point", nodes)
        if values is None or any(f.required and f.name not in values for f in schema.POINT):
            return None
        body = values.get("body", ())
        for block in body:
            if isinstance(block, Section):
                self.error(nodes["body"], f"point '{values['point']}': a section cannot stand inside a point")
        return Point(
            id=values["point"],
            text=values["text"],
            number=values.get("number", ""),
            items=values.get("items", ()),
            body=tuple(b for b in body if not isinstance(b, Section)),
            page=values.get("page", ""),
            default=values.get("default", False),
            leaves=values.get("leaves", ()),
            pos=_pos(node),
            rules=self.rules_of(values, values["point"]),
            laws=self.laws(values.get("laws")),
        )

    def laws(self, laws: _Data | None) -> tuple[str, ...]:
        """``laws:``, a list of references ``document#id`` (each checked to exist
        with the whole handbook, :func:`check_references`)."""
        if laws is None:
            return ()
        items = laws.value if isinstance(laws.value, list) else None
        nodes = laws.node.value if isinstance(laws.node, yaml.SequenceNode) else []
        if items is None or not items:
            self.error(laws.node, "laws must be a list of references 'document#id' (the Laws' contents)")
            return ()
        for item, node in zip(items, nodes, strict=True):
            if not isinstance(item, str) or not re.fullmatch(r"[a-z][a-z0-9-]*#[a-z][a-z0-9-]*", item):
                self.error(node, f"laws: {item!r} is no reference 'document#id'")
                return ()
        return tuple(items)


#: How each kind of block is built from its checked values: one entry per kind
#: of ``schema.BLOCKS``, and the module refuses to load if one is missing.
_Builder = Callable[[_Reader, yaml.Node, dict[str, Any], dict[str, yaml.Node]], Block | None]
_BUILDERS: dict[str, _Builder] = {
    "section": lambda r, node, v, n: Section(
        id=v["section"], title=v["title"], body=v["body"], number=v.get("number", ""), pos=_pos(node),
        rules=r.rules_of(v, v["section"]),
    ),
    "paragraph": lambda r, node, v, n: Paragraph(
        id=v["paragraph"], text=v["text"], default=v.get("default", False), leaves=v.get("leaves", ()),
        pos=_pos(node), rules=r.rules_of(v, v["paragraph"]), laws=r.laws(v.get("laws")),
    ),
    "list": lambda r, node, v, n: PointList(id=v["list"], items=v["items"], pos=_pos(node)),
    "definition": lambda r, node, v, n: Definition(id=v["definition"], term=v["term"], text=v["text"], pos=_pos(node),
                                                   rules=r.rules_of(v, v["definition"])),
    "example": lambda r, node, v, n: r.example(node, v, n),
    "table": lambda r, node, v, n: r.table(node, v, n),
}
if _BUILDERS.keys() != schema.BLOCKS.keys():
    raise RuntimeError(f"block kinds without a builder: {sorted(schema.BLOCKS.keys() - _BUILDERS.keys())}")


@dataclass(frozen=True, slots=True)
class _Data:
    """A mapping or list read as plain data, with its node (for locating errors)."""

    node: yaml.Node
    value: Any


def _below(exc: VocabularyError, key: str) -> VocabularyError:
    """``exc`` with its path relative to ``key``."""
    rest = exc.path[len(key) + 1:] if exc.path.startswith(key + ".") else ""
    return VocabularyError(rest, str(exc).split(": ", 1)[-1])


def _bare_query(example: Example) -> Query:
    from build_tools.rules.query import Query

    return Query(example.auction, example.view)


#: Control characters a text may not hold (line breaks and tabs it may: they fold to spaces).
_TEXT_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def _char_name(char: str) -> str:
    r"""How a message names a character.

    >>> _char_name("\n")
    'U+000A'
    """
    return f"U+{ord(char):04X}"


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


def load_document(path: Path, edition_of: str = "", on: str = "") -> Document:
    """Load and validate one document file; ``edition_of``: the file is an
    earlier edition of that document (``source/editions/<document>/<edition>.yaml``),
    named by its edition rather than its id; ``on``: its rules read the
    dated parameter values in force that day (``YYYY-MM-DD``), not the last.

    Raises :class:`DiagnosticError` listing every problem found.
    """
    shown = display_path(path)
    root = compose(path)
    reader = _Reader(shown, _language_of(root))
    reader.registry = _registry_of(reader, root, path)
    dated = reader.registry  # every dated value, for the check of the first day
    if on:
        reader.registry = reader.registry.on(on)
    from build_tools.rules.registry import reading

    nodes: dict[str, yaml.Node] = {}
    with reading(reader.registry):  # the conventions its meanings may name
        values = reader.mapping(root, schema.DOCUMENT, "document", nodes)
    if reader.problems or values is None:
        raise DiagnosticError(reader.problems)
    if edition_of:
        if values["document"] != edition_of:
            reader.error(nodes["document"], f"an edition of '{edition_of}' is document '{edition_of}', "
                                            f"not '{values['document']}'")
        elif values.get("edition") != path.stem:
            reader.error(nodes.get("edition", root), f"the file of edition '{values.get('edition', '')}' is named "
                                                     f"'{values.get('edition', '')}.yaml', not '{path.name}'")
    elif path.stem != values["document"]:
        reader.error(root, f"document id '{values['document']}' differs from the file name '{path.name}'")
    _edition_dates(reader, values, nodes, root, dated)
    if reader.problems:
        raise DiagnosticError(reader.problems)
    document = Document(
        id=values["document"],
        title=values["title"],
        issuer=values.get("issuer", ""),
        language=values["language"],
        kind=values["kind"],
        body=values["body"],
        edition=values.get("edition", ""),
        path=shown,
        pos=_pos(root),
        registry=reader.registry,
        card=_card_questions(reader, values.get("card")),
        effective=values.get("effective", ""),
        published=values.get("published", ""),
        supersedes=values.get("supersedes", ""),
        repeals=_repeals(reader, values),
    )
    problems = check_references([document], local_only=True)
    problems += _parameter_articles(document, root)
    problems += reader.problems
    if problems:
        raise DiagnosticError(problems)
    return document


#: An edition's name is a folder of the site and a file name (``2026``, ``2024-08``).
_EDITION_NAME = re.compile(r"[0-9A-Za-z][0-9A-Za-z._-]*")


def _edition_dates(reader: _Reader, values: dict[str, Any], nodes: dict[str, yaml.Node], root: yaml.Node,
                   registry: Registry) -> None:
    """An edition in force from a day has a name fit for a file and a folder;
    one that supersedes another says from when; and a dated parameter has a
    value on the day the edition comes into force."""
    effective = values.get("effective", "")
    if effective and "edition" not in values:
        reader.error(nodes["effective"], "an edition in force from a day has a name: add 'edition:'")
    if (effective or "supersedes" in values) and "edition" in values \
            and not _EDITION_NAME.fullmatch(values["edition"]):
        reader.error(nodes["edition"], f"edition {values['edition']!r} dated or superseded names a file and a folder "
                                       f"of the site: letters, digits, '.', '-' and '_' (e.g. 2026)")
    if "supersedes" in values:
        if not effective:
            reader.error(nodes["supersedes"], "an edition that supersedes another says when it is in force: "
                                              "add 'effective: YYYY-MM-DD'")
        elif not _EDITION_NAME.fullmatch(values["supersedes"]):
            reader.error(nodes["supersedes"], f"edition {values['supersedes']!r} is no edition's name: letters, "
                                              f"digits, '.', '-' and '_' (e.g. 2024)")
        elif values["supersedes"] == values.get("edition"):
            reader.error(nodes["supersedes"], f"edition {values['supersedes']!r} supersedes itself")
    if effective:
        for parameter in registry.parameters.values():
            if parameter.declared_by == reader.path and parameter.values and parameter.values[0][0] > effective:
                reader.error(parameter_node(root, parameter.name, "values"),
                             f"parameter '{parameter.name}' has no value on {effective}, when the edition comes "
                             f"into force (its first is dated {parameter.values[0][0]})")


def _repeals(reader: _Reader, values: dict[str, Any]) -> tuple[str, ...]:
    """``repeals:``, a list of ids, each once, beside a ``supersedes``."""
    given = values.get("repeals")
    if given is None:
        return ()
    if "supersedes" not in values:
        reader.error(given.node, "an edition repeals the articles of the one it supersedes: add 'supersedes:'")
    if not isinstance(given.value, list) or not all(isinstance(i, str) and schema.ID_PATTERN.fullmatch(i)
                                                    for i in given.value):
        reader.error(given.node, "repeals is a list of the superseded edition's article ids")
        return ()
    for item, node in zip(given.value, given.node.value, strict=True):
        if given.value.count(item) > 1:
            reader.error(node, f"repeals names '{item}' twice")
            break
    return tuple(given.value)


def parameter_node(root: yaml.Node, name: str, key: str) -> yaml.Node:
    """The node of ``key`` of the document's parameter ``name`` (or the nearest that exists)."""
    declared = node_at(root, "parameters")
    for index, item in enumerate(declared.value if isinstance(declared, yaml.SequenceNode) else ()):
        if plain(node_at(item, "parameter")) == name:
            return node_at(root, f"parameters.{index}.{key}")
    return declared


#: A source folder's rules shared by its documents (questions and parameters).
SHARED_RULES = "rules.yaml"


def _registry_of(reader: _Reader, root: yaml.Node, path: Path) -> Registry:
    """The questions, parameters and conventions in force for the document: the
    handbook's standard ones, its source folder's ``rules.yaml``, and its own
    ``questions:``, ``parameters:`` and ``conventions:``, read ahead of its
    body (whose rules and examples name them)."""
    from build_tools.rules.registry import Registry

    known = Registry.standard()
    shared = path.parent / SHARED_RULES
    if shared.is_file():
        shared_root = compose(shared)
        shared_reader = _Reader(display_path(shared))
        try:
            known = known.extended(plain(shared_root), display_path(shared))
        except VocabularyError as exc:
            shared_reader.data_error(shared_root, exc, "rules")
            raise DiagnosticError(shared_reader.problems) from None
    if isinstance(root, yaml.MappingNode):
        own = yaml.MappingNode("tag:yaml.org,2002:map", [
            (k, v) for k, v in root.value if getattr(k, "value", None) in ("questions", "parameters", "conventions")],
            root.start_mark, root.end_mark)
        try:
            known = known.extended(plain(own), reader.path)
        except VocabularyError as exc:
            reader.data_error(own, exc, "document")
    return known


def _card_questions(reader: _Reader, card: _Data | None) -> tuple[str, ...]:
    """The questions of ``card:``, a list of the document's questions, each once."""
    if card is None:
        return ()
    if not isinstance(card.value, list) or not all(isinstance(q, str) for q in card.value):
        reader.error(card.node, "card must be a list of the document's questions")
        return ()
    for question, node in zip(card.value, card.node.value, strict=True):
        try:
            if reader.registry is not None:
                reader.registry.question(question)
        except VocabularyError as exc:
            reader.error(node, f"card: {exc}")
        if card.value.count(question) > 1:
            reader.error(node, f"card: question {question!r} is named twice")
            break
    return tuple(card.value)


def _parameter_articles(document: Document, root: yaml.Node) -> list[Diagnostic]:
    """A document's parameters name articles it holds."""
    ids = set(document.ids())
    problems = []
    for parameter in (document.registry.parameters.values() if document.registry else ()):
        if parameter.declared_by != document.path:
            continue
        # A dated value may come from an article of its own (the amendment's).
        for article in dict.fromkeys([parameter.article, *(a for _, _, a in parameter.values)]):
            if article in ids:
                continue
            close = difflib.get_close_matches(article, ids, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            problems.append(Diagnostic(document.path, document.pos.line, document.pos.column,
                                       f"parameter '{parameter.name}' names unknown article "
                                       f"'{article}'{hint}"))
    return problems


def _language_of(root: yaml.Node) -> str:
    """The document's language, read ahead of its body (whose auctions need it)."""
    if isinstance(root, yaml.MappingNode):
        for key, value in root.value:
            if getattr(key, "value", None) == "language" and isinstance(value, yaml.ScalarNode):
                return value.value if value.value in LANGUAGES else ""
    return ""


@dataclass(frozen=True, slots=True)
class BrokenReference:
    """A cross reference whose target does not exist: ``known_document`` says
    whether at least the document it names does; ``hint`` is a close id."""

    document: str
    target: str
    known_document: bool
    hint: str = ""


def broken_references(text: str, own: str, ids: dict[str, set[str]]) -> Iterator[BrokenReference]:
    """The references ``[words](doc#id)`` of ``text`` (in document ``own``)
    whose target is none of ``ids`` (element ids by document)."""
    for piece in markup.parse(text):
        if piece.kind != "ref":
            continue
        target_doc = piece.document or own
        if target_doc not in ids:
            yield BrokenReference(target_doc, piece.target, False)
        elif piece.target not in ids[target_doc]:
            close = difflib.get_close_matches(piece.target, sorted(ids[target_doc]), n=1)
            yield BrokenReference(target_doc, piece.target, True, close[0] if close else "")


def check_references(documents: list[Document], local_only: bool = False) -> list[Diagnostic]:
    """Every cross reference ``[words](doc#id)`` in the texts of ``documents``
    must name an element that exists. With ``local_only``, references to other
    documents are not checked (they need the whole handbook)."""
    ids = {doc.id: set(doc.ids()) for doc in documents}
    problems: list[Diagnostic] = []
    for doc in documents:
        for element in doc.elements():
            for law in getattr(element, "laws", ()):
                document, _, target = law.partition("#")
                if document not in ids:
                    if not local_only:
                        problems.append(Diagnostic(doc.path, element.pos.line, element.pos.column,
                                                   f"laws: reference to unknown document '{document}'"))
                elif target not in ids[document]:
                    close = difflib.get_close_matches(target, ids[document], n=1)
                    hint = f" (did you mean '{close[0]}'?)" if close else ""
                    problems.append(Diagnostic(doc.path, element.pos.line, element.pos.column,
                                               f"laws: reference to unknown id '{target}' in '{document}'{hint}"))
        for message in doc.messages():
            for broken in broken_references(message.text, doc.id, ids):
                if not broken.known_document:
                    if not local_only:
                        problems.append(Diagnostic(doc.path, message.pos.line, message.pos.column,
                                                   f"reference to unknown document '{broken.document}'"))
                    continue
                hint = f" (did you mean '{broken.hint}'?)" if broken.hint else ""
                problems.append(Diagnostic(
                    doc.path, message.pos.line, message.pos.column,
                    f"reference to unknown id '{broken.target}' in '{broken.document}'{hint}",
                ))
    return problems


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
        raise DiagnosticError([at_node(shown, root, "the manifest must be a mapping")])
    known = {"handbook", "title", "languages", "documents"}
    got: dict[str, yaml.Node] = {}
    for key, value in root.value:
        if not isinstance(key, yaml.ScalarNode):
            reader.error(key, "keys of the manifest must be plain words")
        elif key.value not in known:
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
        """The distinct words of a list; a repeated one is an error."""
        if not isinstance(node, yaml.SequenceNode):
            reader.error(node, f"'{what}' must be a list")
            return []
        out: list[tuple[str, yaml.Node]] = []
        first: dict[str, yaml.Node] = {}
        for item in node.value:
            if not isinstance(item, yaml.ScalarNode) or item.tag != STR_TAG:
                reader.error(item, f"each of '{what}' must be a word")
            elif item.value in first:
                reader.error(item, f"'{item.value}' is listed twice in '{what}' "
                                   f"(first at line {first[item.value].start_mark.line + 1})")
            else:
                first[item.value] = item
                out.append((item.value, item))
        return out

    languages = []
    for code, node in words(got["languages"], "languages"):
        if not is_language(code):
            reader.error(node, f"unknown language {code!r} (a language code such as pl, de or zh_CN)")
        languages.append(code)
    documents = []
    for doc_id, node in words(got["documents"], "documents"):
        # An id, never a path: the manifest names documents of its own folder.
        if not schema.ID_PATTERN.fullmatch(doc_id):
            reader.error(node, f"invalid document id {doc_id!r}: a document is named by its id "
                               "(lowercase letters, digits and hyphens), not by a path")
        elif not (path.parent / f"{doc_id}.yaml").is_file():
            reader.error(node, f"document '{doc_id}' has no file {doc_id}.yaml beside the manifest")
        documents.append(doc_id)
    titles: dict[str, str] = {}
    title_node = got["title"]
    if not isinstance(title_node, yaml.MappingNode):
        reader.error(title_node, "'title' must map each language to the handbook's title")
    else:
        for key, value in title_node.value:
            if not isinstance(key, yaml.ScalarNode) or not is_language(key.value):
                reader.error(key, f"unknown language {getattr(key, 'value', '')!r} in 'title'"
                             if isinstance(key, yaml.ScalarNode) else "keys of 'title' must be language codes")
            elif key.value in titles:
                reader.error(key, f"duplicate language '{key.value}' in 'title'")
            elif not isinstance(value, yaml.ScalarNode) or value.tag != STR_TAG or not value.value.strip():
                reader.error(value, f"title in {key.value!r} must be text")
            elif markup.CONTROL.search(value.value):
                reader.error(value, f"title in {key.value!r} must be one line")
            else:
                titles[key.value] = value.value
    handbook = got["handbook"]
    if not isinstance(handbook, yaml.ScalarNode) or not schema.ID_PATTERN.fullmatch(handbook.value):
        reader.error(handbook, "'handbook' must be an id")
    if not languages and isinstance(got["languages"], yaml.SequenceNode):
        reader.error(got["languages"], "the manifest lists no language")
    if not documents and isinstance(got["documents"], yaml.SequenceNode):
        reader.error(got["documents"], "the manifest lists no document")
    if not titles and isinstance(title_node, yaml.MappingNode):
        reader.error(title_node, "'title' gives no title")
    if problems:
        raise DiagnosticError(problems)
    return Manifest(
        id=handbook.value if isinstance(handbook, yaml.ScalarNode) else "",
        titles=titles,
        languages=tuple(languages),
        documents=tuple(documents),
        path=shown,
    )
