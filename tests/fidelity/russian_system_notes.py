"""Fidelity of ``russian-system-notes`` (Russian bidding-system notes, sections
4.2.x-4.6) to its original, lines 1-360 of seed 002.

Artefact fixes, and only these:

* ``„`` stands for ``ё`` (none occurs in this part; the fix is applied anyway).
* ``-1…-0`` (printer underline on/off) around a word: the markers are dropped
  (the YAML writes ``*…*``; the comparison is on plain text).
* ``4…5`` (italic on/off): the paragraph ``4    Гаджет 2т … пасовал!5`` is one
  emphasised sentence; the ``4`` and its spaces at the line start and the
  ``5`` after ``!`` at the line end are dropped.
* A Latin ``E`` glued to the front of a Cyrillic word (``Eтолько``) is the
  remnant of another printer code (ESC E, bold on) and is dropped.
* Hard line wraps inside sentences are layout: lines are joined with a space.

The layout: the notes draw auction diagrams (two columns, opener left,
responder right, with notes written beside calls after ``<--``/``-->``), hand
diagrams (four lines ``п …/ч …/б …/т …``) and answer columns (``3т - синглет
т``) beside and between the running text, often several side by side on the
same lines. ``LAYOUT`` below maps where each of them stands in the original:
line ranges with column ranges. It is the transcriber's reading of the page,
and it is checked both ways:

* ``sentences()`` blanks every mapped region and reads what is left as prose;
  it raises if anything left still has the shape of a diagram row (a hand row
  ``ч ТВ10763`` or a row of calls only), so a diagram the map misses cannot
  slip into the prose unnoticed.
* ``check_structure()`` parses every mapped region of the original with the
  rule model: each auction diagram (with ``profile("ru")``, partnership view)
  must equal the auction of its own example of the document, one example per
  diagram and no more; its display number (``1)``, ``- 1 -``) and the notes
  written beside its calls must be there; each hand diagram must parse
  (``parse_hand``) and be a hand of the same example as the auction it stands
  beside, with its seat (left West, right East) and caption (``West``,
  ``East1``); each answer column must be a table of the document with the same
  rows (call, meaning); the hands written inline in sentences must be
  ``{hand}`` roles. Dropping or altering a diagram, a hand, a table row or a
  note makes it fail.

Sentence pieces: section numbers (``4.2.2.``), list markers (``a)``, ``1)``,
``а)``) and the dashes used as bullets (``- нефорсирует: - повторение …``)
are structure in the YAML and are stripped; a dash that joins a note to the
call it explains (``3 п   - если бы …``, ``2 ч - техас``) is dropped with the
call. The rest is split after ``. ; : ! ?`` followed by space.
Typos of the source (``3аявка``, ``описыввающее``, ``неопределена``) are NOT fixed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from build_tools.document import Document, Example, Table
from build_tools.markup import plain as _plain

from . import split_sentences

DOCUMENT = "russian-system-notes"
ORIGINAL = "russian-system-notes.txt"

END = 10_000  # "to the end of the line"

# --- the layout map -------------------------------------------------------------

Span = tuple[int, int, int]  # (line number 1-based, first column, column after last)


def block(first: int, last: int, start: int = 0, stop: int = END) -> tuple[Span, ...]:
    """The same columns on lines ``first``..``last``."""
    return tuple((n, start, stop) for n in range(first, last + 1))


@dataclass(frozen=True)
class HandRegion:
    spans: tuple[Span, ...]
    seat: str


@dataclass(frozen=True)
class AuctionRegion:
    spans: tuple[Span, ...]
    split: int  # calls starting left of this column are the opener's
    hands: tuple[HandRegion, ...] = ()


@dataclass(frozen=True)
class TableRegion:
    spans: tuple[Span, ...]


def deal(first: int, west: tuple[int, int], east: tuple[int, int]) -> tuple[HandRegion, ...]:
    return (HandRegion(block(first, first + 3, *west), "W"),
            HandRegion(block(first, first + 3, *east), "E"))


#: 4.4: one West hand and two East hands, each auction played by West and one East.
_WEST_44 = HandRegion(block(266, 269, 0, 20), "W")
_EAST1_44 = HandRegion(block(266, 269, 20, 39), "E")
_EAST2_44 = HandRegion(block(266, 269, 39), "E")

AUCTIONS: tuple[AuctionRegion, ...] = (
    # opening (end of 4.2.1): two diagrams side by side
    AuctionRegion(block(2, 4, 0, 32), 14),
    AuctionRegion(block(2, 4, 32), 41),
    # 4.2.2
    AuctionRegion(block(18, 20, 0, 30), 17),
    AuctionRegion(block(18, 20, 30), 44),
    # 4.2.4 a)
    AuctionRegion(block(31, 32, 0, 30), 14),
    AuctionRegion(block(31, 32, 30), 39),
    AuctionRegion(block(36, 38, 0, 39), 26, deal(35, (39, 51), (51, END))),
    # 4.2.4 b)
    AuctionRegion(block(40, 41, 0, 30), 14),
    AuctionRegion(block(40, 41, 30), 40),
    AuctionRegion(block(52, 56, 31) + ((57, 31, END),), 34, deal(52, (0, 15), (15, 31))),
    # 4.2.5: 1) 2) 3), 4), 5) 6) 7), two deals
    AuctionRegion(block(67, 67, 0, 26), 6),
    AuctionRegion(block(67, 67, 26, 46), 32),
    AuctionRegion(block(67, 68, 46), 54),
    AuctionRegion(((71, 0, END), (72, 0, 11)), 10),
    AuctionRegion(block(76, 77, 0, 22), 9),
    AuctionRegion(block(76, 77, 22, 40), 29),
    AuctionRegion(block(76, 77, 40), 48),
    AuctionRegion(block(85, 89, 34), 38, deal(85, (0, 16), (16, 34))),
    AuctionRegion(block(95, 97, 35), 38, deal(94, (0, 16), (16, 35))),
    # 4.2.6 Автосплинтер
    AuctionRegion(block(105, 106), 32),
    AuctionRegion(block(112, 113), 32),
    AuctionRegion(block(118, 119, 0, 42), 32),
    AuctionRegion(block(123, 124, 0, 30), 14),
    AuctionRegion(block(123, 124, 30), 45),
    AuctionRegion(block(126, 128, 39), 45, deal(126, (0, 20), (20, 39))),
    # 4.2.6 Кюбид краткости
    AuctionRegion(block(135, 139, 37), 41, deal(135, (0, 20), (20, 37))),
    # 4.3
    AuctionRegion(block(149, 150, 0, 25), 10),
    AuctionRegion(block(149, 150, 25), 36),
    AuctionRegion(block(160, 162, 0, 22), 8),
    AuctionRegion(block(166, 168, 0, 22), 8),
    AuctionRegion(block(173, 175, 0, 22), 8),
    AuctionRegion(block(194, 197, 34), 38, deal(194, (0, 17), (17, 34))),
    AuctionRegion(block(199, 202, 26), 38, deal(199, (0, 17), (17, 26))),
    AuctionRegion(block(205, 209, 34), 38, deal(205, (0, 17), (17, 34))),
    AuctionRegion(block(211, 214, 26), 38, deal(211, (0, 17), (17, 26))),
    # 4.4
    AuctionRegion(block(227, 228, 0, 30), 8),
    AuctionRegion(block(227, 228, 30), 36),
    AuctionRegion(block(238, 240, 0, 21), 8),
    AuctionRegion(block(250, 252, 0, 21), 8),
    AuctionRegion(block(260, 262, 0, 21), 8),
    AuctionRegion(block(270, 275, 0, 25), 16, (_WEST_44, _EAST1_44)),
    AuctionRegion(block(270, 275, 25), 40, (_WEST_44, _EAST2_44)),
    AuctionRegion(block(277, 279, 26), 38, deal(277, (0, 17), (17, 26))),
    # 4.5.1 ("или" between the two diagrams is text)
    AuctionRegion(block(291, 292, 0, 20), 8),
    AuctionRegion(block(291, 292, 30), 37),
    AuctionRegion(block(296, 298, 34), 38, deal(296, (0, 17), (17, 34))),
    # 4.5.3
    AuctionRegion(((320, 0, END), (321, 0, 19)), 13),
    AuctionRegion(block(328, 330), 13),
    # 4.6
    AuctionRegion(block(348, 349, 0, 40), 8),
    AuctionRegion(block(348, 349, 40), 55),
)

TABLES: tuple[TableRegion, ...] = (
    TableRegion(block(9, 10, 0, 33)),
    TableRegion(block(9, 10, 33)),
    TableRegion(block(22, 25, 8, 38)),
    TableRegion(block(22, 25, 38)),
    TableRegion(block(46, 50, 0, 35)),
    TableRegion(block(46, 50, 35)),
    TableRegion(((57, 0, 31), (58, 0, END), (59, 0, END))),
    TableRegion(block(90, 93)),
    TableRegion(block(140, 144)),
    TableRegion(block(158, 163, 22)),
    TableRegion(block(165, 169, 22)),
    TableRegion(block(171, 176, 22)),
    TableRegion(block(177, 179, 22)),
    TableRegion(block(238, 244, 21)),
    TableRegion(block(250, 256, 21)),
    TableRegion(block(260, 264, 21)),
    TableRegion(block(302, 305)),
    TableRegion(block(340, 345)),
    TableRegion(block(350, 355, 0, 40)),
    TableRegion(block(350, 352, 40)),
)

# --- shapes -----------------------------------------------------------------------

_CALL = re.compile(r"^(?:[1-7](?:БК|[тбчп]+|х)!?|пас|\?)$")
_SPACED_CALL = re.compile(r"(?<![\w+])([1-7]) (БК|[тбчп]+|х)(?![\w])")
_ARROW = re.compile(r"<--|-->")
_HAND_ROW = re.compile(r"^[пчбт] +(?:[ТКДВх\d]+|-)$")
_INLINE_HAND = re.compile(r"п \S+\s+ч \S+\s+б \S+\s+т \S+?(?=[.,;]?(?:\s|$))")
_LABEL = re.compile(r"\b(West|East\d*)\b")
_NUMBER = re.compile(r"^\s*(\d\)|- \d -)")
_GAP = re.compile(r" {3,}")
_ROW = re.compile(r"^(.+?)\s+-\s+(.*)$")
_TWO_ROWS = re.compile(r"(?<=\.) (?=\d\S* - )")

_HEADING = re.compile(r"^\s*\d+(?:\.\d+)*\.\s+")
_MARKER = re.compile(r"^\s*(?:[a-dа]\)|\d\))\s+")
_BULLET = re.compile(r"^\s*-\s+")
_INNER_BULLET = re.compile(r"(?<=:)\s+-\s+")


def fixed(original: str) -> str:
    """The original with the artefact fixes applied (columns of diagram lines unchanged)."""
    text = original.replace("„", "ё")
    text = re.sub(r"-1([^\W\d_][^-\n]*?)-0", r"\1", text)
    text, italic = re.subn(r"(?ms)^4 {2,}(?=[А-ЯЁ])(.*?!)5$", r"\1", text)
    assert italic == 1, f"expected one 4…5 emphasis, found {italic}"
    text = re.sub(r"(?<=\s)E(?=[а-яё])", "", text)
    before, after = original.splitlines(), text.splitlines()
    assert len(before) == len(after)
    for region in _regions():
        for n, _, _ in region.spans:
            assert before[n - 1] == after[n - 1], f"an artefact fix changed diagram line {n}"
    return text


def _regions() -> Iterator[AuctionRegion | HandRegion | TableRegion]:
    for auction in AUCTIONS:
        yield auction
        yield from auction.hands
    yield from TABLES


def _cut(lines: list[str], spans: tuple[Span, ...]) -> list[tuple[int, int, str]]:
    """(line number, column of the piece, the piece) for each span."""
    out = []
    for n, start, stop in spans:
        line = lines[n - 1]
        out.append((n, start, line[start:stop]))
    return out


def _segments(text: str) -> list[str]:
    return [s for s in _GAP.split(text.strip()) if s]


# --- prose ----------------------------------------------------------------------------


def prose_lines(original: str) -> list[str]:
    """The fixed original with every mapped region blanked out."""
    lines = fixed(original).splitlines()
    for region in _regions():
        for n, start, stop in region.spans:
            line = lines[n - 1]
            stop = min(stop, len(line))
            if start < stop:
                lines[n - 1] = line[:start] + " " * (stop - start) + line[stop:]
    for n, line in enumerate(lines, 1):
        for segment in _segments(_ARROW.sub(" ", line)):
            tokens = _SPACED_CALL.sub(r"\1\2", segment).split()
            if _HAND_ROW.match(segment) or all(_CALL.match(t) for t in tokens):
                raise AssertionError(f"line {n}: {segment!r} looks like a diagram row outside LAYOUT")
    return lines


def _islands(lines: list[str]) -> set[int]:
    """Lines whose prose stands between two regions (the "или" between two
    diagrams): a paragraph of its own."""
    spans: dict[int, list[tuple[int, int]]] = {}
    for region in _regions():
        for n, start, stop in region.spans:
            spans.setdefault(n, []).append((start, stop))
    out = set()
    for n, columns in spans.items():
        line = lines[n - 1]
        if not line.strip():
            continue
        first, last = len(line) - len(line.lstrip()), len(line.rstrip())
        if any(b <= first for _, b in columns) and any(a >= last for a, _ in columns):
            out.add(n)
    return out


def sentences(original: str) -> list[str]:
    lines = prose_lines(original)
    islands = _islands(lines)
    paragraphs: list[list[str]] = [[]]
    closed = False
    for n, line in enumerate(lines, 1):
        if not line.strip():
            paragraphs.append([])
            continue
        starts = closed or n in islands
        closed = n in islands
        if _HEADING.match(line):
            closed = True
        for pattern in (_HEADING, _MARKER, _BULLET):
            if pattern.match(line):
                line = pattern.sub("", line, count=1)
                starts = True
        ended = paragraphs[-1] and paragraphs[-1][-1][-1] in ".:!?;"
        if starts or (ended and line.startswith("    ")):
            paragraphs.append([])
        paragraphs[-1].append(line.strip())
    out: list[str] = []
    for paragraph in paragraphs:
        text = " ".join(paragraph)
        for piece in _INNER_BULLET.split(text):
            out.extend(split_sentences(piece, ".;:!?"))
    return out


# --- structure ------------------------------------------------------------------------


def _diagram(lines: list[str], region: AuctionRegion) -> tuple[str, str, list[tuple[int, str]]]:
    """The auction a diagram region shows (document notation), its display
    number, and its notes as (call index, text fragment)."""
    slots: list[tuple[int, list[str]]] = []  # (column 0/1, calls)
    notes: list[tuple[int, str]] = []
    number = ""
    for n, start, piece in _cut(lines, region.spans):
        if (label := _NUMBER.match(piece)) is not None:
            number = label.group(1)
            piece = " " * label.end() + piece[label.end():]
        piece = _SPACED_CALL.sub(lambda m: m.group(1) + m.group(2) + " ", piece)
        previous_column = None
        full = lines[n - 1]
        for token in re.finditer(r"<--|-->|[^\s<>-]+(?:-(?!->)[^\s<>-]*)*|-", piece):
            word, column = token.group(0), start + token.start()
            if word == "-->" and slots:
                tail = full[column + 3:]
                notes.append((len(slots), _GAP.split(tail.strip())[0]))
            elif word == "<--":
                head = full[:column].rstrip()
                notes.append((len(slots) + 1, _GAP.split(head)[-1].strip()))
            if not _CALL.match(word):
                previous_column = None
                continue
            side = 0 if column < region.split else 1
            if side == previous_column:
                slots[-1][1].append(word)
            else:
                slots.append((side, [word]))
            previous_column = side
    for i, (side, words) in enumerate(slots):
        if side != i % 2:
            raise AssertionError(f"diagram at line {region.spans[0][0]}: {words} out of turn")
    calls = []
    for _, words in slots:
        calls.append("/".join(words))
    return " ".join(calls), number, [(i, t.rstrip("-").strip()) for i, t in notes]


def _hand_text(lines: list[str], region: HandRegion) -> tuple[str, str]:
    text = " ".join(piece for _, _, piece in _cut(lines, region.spans))
    label = ""
    if (found := _LABEL.search(text)) is not None:
        label = found.group(1)
        text = _LABEL.sub(" ", text)
    return " ".join(text.split()), label


def _table_rows(lines: list[str], region: TableRegion) -> list[tuple[str, str]]:
    rows: list[list[str]] = []
    indent = None
    for _, start, piece in _cut(lines, region.spans):
        if not piece.strip():
            continue
        column = start + len(piece) - len(piece.lstrip())
        if indent is None:
            indent = column
        if column > indent + 1:
            rows[-1][1] += " " + piece.strip()
            continue
        for part in _TWO_ROWS.split(piece.strip()):
            match = _ROW.match(part)
            assert match, f"table row without ' - ': {part!r}"
            rows.append([match.group(1), match.group(2)])
    return [(" ".join(a.split()), " ".join(b.split())) for a, b in rows]


def check_structure(document: Document) -> None:
    from pathlib import Path

    from build_tools.bridge import View, notation

    ru = notation.profile("ru")
    original = (Path(__file__).parent.parent / "fixtures" / "originals" / ORIGINAL).read_text(encoding="utf-8")
    lines = original.splitlines()

    # The handbook's own examples (editorial: the response tables' checks) stand
    # beside the diagrams; the original draws only the others.
    examples = [e for e in document.elements() if isinstance(e, Example) and not e.editorial]
    tables = [e for e in document.elements() if isinstance(e, Table)]

    def table_of(auction: str, view: str) -> str:
        v = View.PARTNERSHIP if view == "partnership" else View.TABLE
        return str(ru.parse_pattern(auction, v).to_table())

    def hands_of(example) -> list[tuple[str, str, str]]:  # type: ignore[no-untyped-def]
        return [(str(ru.parse_hand(h.cards)), h.seat, h.label) for h in example.hands]

    # Auction diagrams: one example each, in order, no example without a diagram.
    with_auction = [e for e in examples if e.auction]
    assert len(with_auction) == len(AUCTIONS), (
        f"the original shows {len(AUCTIONS)} auction diagrams, the document {len(with_auction)}"
    )
    used: set[str] = set()
    for region in AUCTIONS:
        where = f"diagram at line {region.spans[0][0]}"
        written, number, notes = _diagram(lines, region)
        wanted = table_of(written, "partnership")
        match = next(
            (e for e in with_auction
             if e.id not in used and table_of(e.auction, e.view) == wanted and e.number == number),
            None,
        )
        assert match is not None, f"{where}: no example with auction {written!r} (number {number!r})"
        used.add(match.id)
        for call, fragment in notes:
            texts = [_plain(note.text) for note in match.notes if note.call == call]
            assert any(fragment in t for t in texts), (
                f"{where}: example {match.id} lacks the note {fragment!r} on call {call}"
            )
        expected_hands = []
        for hand in region.hands:
            cards, label = _hand_text(lines, hand)
            expected_hands.append((str(ru.parse_hand(cards)), hand.seat, label))
        assert sorted(hands_of(match)) == sorted(expected_hands), (
            f"{where}: example {match.id} has hands {hands_of(match)}, the original {expected_hands}"
        )
    # No hands outside the diagrams' examples.
    all_hands = [h for e in examples for h in hands_of(e)]
    expected = [h for r in AUCTIONS for h in r.hands]
    assert len(all_hands) == len(expected), f"{len(all_hands)} hands in the document, {len(expected)} drawn"

    # Hands written inline in sentences.
    prose = "\n".join(prose_lines(original))
    inline = sorted(str(ru.parse_hand(m.group(0))) for m in _INLINE_HAND.finditer(prose))
    roles = sorted(
        str(ru.parse_hand(m.group(1)))
        for message in document.messages()
        for m in re.finditer(r"\{hand\}`([^`]*)`", message.text)
    )
    assert inline == roles, f"inline hands {inline} != {{hand}} roles {roles}"
    assert len(inline) == 2

    # Answer columns: one table each, rows as the original writes them.
    assert len(tables) == len(TABLES), f"the original shows {len(TABLES)} tables, the document {len(tables)}"
    free = list(tables)
    for region in TABLES:
        rows = _table_rows(lines, region)
        found = next(
            (t for t in free if [tuple(_plain(c) for c in row) for row in t.rows] == rows), None
        )
        assert found is not None, f"table at line {region.spans[0][0]} missing: {rows}"
        free.remove(found)
