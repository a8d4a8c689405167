"""Fidelity of ``bws-competitive-bidding`` (Bridge World Standard 2001,
konkurrensbudgivning, Swedish) to its extracted original.

Artefact fixes applied to the original before it is split into sentences, the
same ones the transcription made:

* The suit symbols of the old Symbol font are Unicode suits: ``ª`` -> ♠,
  ``©`` -> ♥, ``¨`` -> ♦, ``§`` -> ♣.
* BWS's variant markers become separate pieces, as the YAML keeps them apart
  (``text`` = the default wording with ``default: true``, ``leaves`` = the
  alternatives): ``[default]`` is removed and each ``{X [leaf]}`` becomes the
  piece ``X``; the text before, each leaf and the text after are checked
  separately. Pieces that are only punctuation (the full stop after the last
  leaf) are dropped: the YAML moves it to the end of the default text or lets
  the paragraph break stand for it.
* The letter markers ``a)`` ``b1)`` ``c1)`` ... at the start of a line are
  dropped: the YAML keeps them as the points' display numbers.
* The labels of the opening paragraphs ("Ursprung:", "Skapat datum:",
  "Definitioner:") are split from their text at ": ": the YAML has them as
  definition terms and a section title.
* The flattened auction table (lines "Syd", "Väst", "Nord", "Öst" and one call a
  line) is dropped from the prose: it is the example checked in
  :func:`check_structure`. The table of artificial raises (lines padded with
  no-break spaces, the marks T/L/t/l at the end) is split into its two cells.
"""

from __future__ import annotations

import re

from . import split_sentences

DOCUMENT = "bws-competitive-bidding"
ORIGINAL = "bws-competitive-bidding.txt"

GLYPHS = str.maketrans({"ª": "♠", "©": "♥", "¨": "♦", "§": "♣"})

_MARKER = re.compile(r"^\s*[a-z]\d?\)\s+")
_LABEL = re.compile(r"^(Ursprung|Skapat datum|Definitioner): ")
_VARIANT = re.compile(r"\s*\[default\]\s*|\s*\{([^{}]*?)\s*\[leaf\]\}\s*")
_SEATS = {"Syd", "Väst", "Nord", "Öst"}
_CALL = re.compile(r"[1-7](?:[♣♦♥♠]|NT)|D|RD|pass")
_RAISE_ROW = re.compile(r"^\s*(\S.*?\S)\s{2,}([TLtl]+)$")  # on the raw line

#: The auction table of the original: header and calls, as the source lays them out.
TABLE_DEALER = "S"
TABLE_CALLS = ("1♦", "D", "pass", "2♦", "pass", "2♥", "pass", "3♥")
#: The table of artificial raises: the raise and its marks.
RAISES = (
    ("utgångskrävande splinter", "L"),
    ("splinter som inte är krav till utgång", "Lt"),
    ("utgångskrav med styrkeintervall", "L"),
    ("limithöjning med styrkeintervall", "Tl"),
    ("svag höjning med styrkeintervall", "T"),
    ("hand som passat i förhand gör ett fit-showing bud", "T"),
    ("annan icke diskuterad artificiell höjning", "Lt"),
)


def _lines(original: str) -> list[str]:
    return [line.translate(GLYPHS) for line in original.splitlines()]


def _is_flattened_table_line(line: str) -> bool:
    return line in _SEATS or bool(_CALL.fullmatch(line))


def sentences(original: str) -> list[str]:
    """The original after the artefact fixes, as the pieces that must each
    appear verbatim in the document's texts."""
    out: list[str] = []
    for raw in _lines(original):
        row = _RAISE_ROW.match(raw)
        if row:
            out.extend(row.groups())
            continue
        line = " ".join(raw.split())
        if not line or _is_flattened_table_line(line):
            continue
        while (match := _MARKER.match(line)):
            line = line[match.end():]
        label = _LABEL.match(line)
        if label:
            out.append(label.group(1))
            line = line[label.end():]
        pieces: list[str] = []
        last = 0
        for match in _VARIANT.finditer(line):
            pieces.append(line[last:match.start()])
            if match.group(1):
                pieces.append(match.group(1))
            last = match.end()
        pieces.append(line[last:])
        for piece in pieces:
            out.extend(s for s in split_sentences(piece) if re.search(r"\w", s))
    return out


def _original() -> str:
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "fixtures" / "originals" / ORIGINAL
    return path.read_text(encoding="utf-8")


def check_structure(document) -> None:  # type: ignore[no-untyped-def]
    """The auction table, the Stayman auctions, the table of raises, the
    variants and their leaves, the three hands and the link to point c1)."""
    from build_tools.bridge import Seat, View, notation
    from build_tools.document import Example, Paragraph, Point, Table

    original = _original()
    lines = [" ".join(line.split()) for line in _lines(original)]
    elements = list(document.elements())
    sv = notation.profile("sv")

    # The flattened auction table: its header names South first, its calls
    # follow; one table-view example, dealer S, holds exactly these calls.
    start = lines.index("Syd")
    cells = [line for line in lines[start:] if line][: 4 + len(TABLE_CALLS)]
    assert cells[:4] == ["Syd", "Väst", "Nord", "Öst"], f"auction table header: {cells[:4]}"
    assert tuple(cells[4:]) == TABLE_CALLS, f"auction table calls: {cells[4:]}"
    wanted = sv.parse_auction(" ".join(TABLE_CALLS), dealer=Seat.SOUTH)
    tables = [
        e for e in elements
        if isinstance(e, Example) and e.view == "table" and e.dealer == TABLE_DEALER and e.auction
        and sv.parse_auction(e.auction, dealer=Seat.SOUTH) == wanted
    ]
    assert len(tables) == 1, f"the auction table {' '.join(TABLE_CALLS)} (dealer S) is not one example"

    # The Stayman auctions: the bare auction (1NT)-pass-(2♣)-? as an example
    # with the notes the sentence writes in the brackets.
    bare = sv.parse_pattern("(1NT)-pass-(2♣)-?", View.PARTNERSHIP).to_table()
    for strength in ("stark", "svag"):
        assert f"Efter (1NT, {strength})-pass-(2♣, Stayman)-?" in "\n".join(lines)
        found = [
            e for e in elements
            if isinstance(e, Example) and e.auction
            and sv.parse_pattern(e.auction, View(e.view)).to_table() == bare
            and [(n.call, n.text) for n in e.notes] == [(1, strength), (3, "Stayman")]
        ]
        assert len(found) == 1, f"no example of (1NT, {strength})-pass-(2♣, Stayman)-?"

    # The table of artificial raises: 7 rows, the raise and its marks.
    source_rows = [m.groups() for line in _lines(original) if (m := _RAISE_ROW.match(line))]
    assert tuple(source_rows) == RAISES, f"raises in the original: {source_rows}"
    raise_tables = [e for e in elements if isinstance(e, Table)]
    assert len(raise_tables) == 1, "the table of artificial raises is missing"
    assert raise_tables[0].rows == RAISES, f"table of raises: {raise_tables[0].rows}"

    # Variants: as many default elements as [default] markers, and the
    # leaves in order.
    text = "\n".join(lines)
    defaults = [e for e in elements if isinstance(e, Paragraph | Point) and e.default]
    assert len(defaults) == text.count("[default]"), (
        f"{len(defaults)} default elements, {text.count('[default]')} [default] markers"
    )
    source_leaves = [
        re.findall(r"\{([^{}]*?)\s*\[leaf\]\}", line) for line in lines if "[default]" in line
    ]
    assert [list(e.leaves) for e in defaults] == source_leaves, (
        f"leaves {[list(e.leaves) for e in defaults]} != {source_leaves}"
    )
    assert text.count("[leaf]") == sum(len(g) for g in source_leaves)

    # The three hands of the original, each an inline hand of the document.
    from build_tools import markup

    written = [
        piece.text for msg in document.messages() for piece in markup.parse(msg.text) if piece.kind == "hand"
    ]
    shown = [sv.parse_hand(h) for h in written]
    for hand in re.findall(r"♠\S+ ♥\S+ ♦\S+ ♣\S+", text):
        assert sv.parse_hand(hand) in shown, f"hand {hand} is not an inline hand of the document"

    # "(default, se c1 ovan)": a link to the point numbered c1).
    c1 = [e for e in elements if isinstance(e, Point) and e.number == "c1)"]
    assert len(c1) == 1 and any(
        f"[se c1 ovan](#{c1[0].id})" in e.text for e in elements if isinstance(e, Point)
    ), "'se c1 ovan' does not link to point c1)"
