"""Fidelity of ``aeb-bidding-systems`` (AEB, Reglamento sobre la práctica del
bridge, part 2: Sistemas de subasta y de señales) to its original.

Artefact fixes, and only these:

* Words broken by end-of-line hyphenation in the old file are joined without
  the hyphen. The joins are the explicit ``HYPHENATION`` table below, each with
  the number of times it occurs; ``fixed()`` checks the counts, and checks that
  no other letter-hyphen-letter sequence is left, so a real hyphen can never be
  joined by accident. Real hyphens and dashes stay: auction separators
  (``1♣-1♥-1ST``), the ``.-`` after headings, the dashes of ``3♣,- bien ...
  manga -,``.

Sentence pieces:

* Each notion is written ``Term.- definition``; the YAML makes the term a
  heading (section title / definition term) and the definition text, so the
  line is split at ``".- "`` and the separator dropped. The part heading
  ``2.- SISTEMAS ...`` keeps ``2.-`` as the section's display number.
* List markers (``1. ``) are display numbers in the YAML and are stripped.
* The rest is split into sentences after ``. ; : ! ?`` followed by space.
Typos of the source ("En a secuencia", "seprometen") are NOT fixed.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from build_tools.document import Document, Example, PointList, Section

from . import descendants, split_sentences

DOCUMENT = "aeb-bidding-systems"
ORIGINAL = "aeb-bidding-systems.txt"

#: (as broken in the original, as joined, how many times it occurs)
HYPHENATION: tuple[tuple[str, str, int], ...] = (
    ("indepen-dientemente", "independientemente", 1),
    ("pa-lo", "palo", 3),
    ("ju-gar", "jugar", 1),
    ("car-tas", "cartas", 2),
    ("mien-tras", "mientras", 1),
    ("vo-ces", "voces", 1),
    ("es-ta", "esta", 1),
    ("informa-ción", "información", 1),
)

_BROKEN_WORD = re.compile(r"\w-\w", re.UNICODE)
_SECTION_NUMBER = re.compile(r"^\s*\d+\.-\s+")   # "2.- SISTEMAS ..."
_LIST_MARKER = re.compile(r"^\s*\d+\.\s+")        # "1. La respuesta ..."
_TERM_SEPARATOR = ".- "

# One call of the Spanish notation as the text writes it: a bid (with
# alternatives "1/2ST"), Paso/Doblo/Redoblo, in brackets for the opponents.
_CALL = r"\(?(?:[1-7](?:/[1-7])*(?:[♣♦♥♠]|ST)|Paso|Doblo|Redoblo)\)?"
#: An auction written in notation: two or more calls joined by "-" or "_".
AUCTION = re.compile(rf"(?<![\w/]){_CALL}(?:[-_]{_CALL})+(?![\w/])")
_ROLE = re.compile(r"\{auction\}`([^`]+)`")


def fixed(original: str) -> str:
    """The original with the hyphenation joins of ``HYPHENATION`` applied."""
    text = original
    for broken, joined, count in HYPHENATION:
        found = len(re.findall(rf"(?<!\w){re.escape(broken)}(?!\w)", text))
        assert found == count, f"{broken!r}: expected {count} occurrence(s), found {found}"
        text = re.sub(rf"(?<!\w){re.escape(broken)}(?!\w)", joined, text)
    left = [m.group(0) for m in _BROKEN_WORD.finditer(text) if not _is_auction_hyphen(text, m.start())]
    assert not left, f"hyphenated words not in HYPHENATION: {left}"
    return text


def _is_auction_hyphen(text: str, at: int) -> bool:
    return any(m.start() <= at < m.end() for m in AUCTION.finditer(text))


def sentences(original: str) -> list[str]:
    out: list[str] = []
    for line in fixed(original).splitlines():
        line = _SECTION_NUMBER.sub("", line, count=1)
        line = _LIST_MARKER.sub("", line, count=1)
        for piece in line.split(_TERM_SEPARATOR):
            out.extend(split_sentences(piece, ".;:!?"))
    return out


# --- structure -------------------------------------------------------------


def _list_numbers(document: Document) -> list[list[str]]:
    """The display numbers of every list of the document, in order."""
    return [[p.number for p in n.items] for n in document.elements() if isinstance(n, PointList)]


def _original_list_numbers(original: str) -> list[list[str]]:
    """Runs of numbered lines in the original (blank lines do not break a run)."""
    runs: list[list[str]] = []
    current: list[str] = []
    for line in original.splitlines():
        if not line.strip():
            continue
        match = _LIST_MARKER.match(line)
        if match:
            current.append(match.group(0).strip())
        elif current:
            runs.append(current)
            current = []
    if current:
        runs.append(current)
    return runs


def check_structure(document: Document) -> None:
    from build_tools.bridge import View, notation

    original = fixed((Path(__file__).parent.parent / "fixtures" / "originals" / ORIGINAL).read_text(encoding="utf-8"))

    # The part heading and its sub-sections, with the source's number.
    (part,) = [b for b in document.body if isinstance(b, Section)]
    assert part.number == "2.-", f"part number {part.number!r}"
    assert part.title == "SISTEMAS DE SUBASTA Y DE SEÑALES", part.title
    titles = [s.title for s in descendants(part) if isinstance(s, Section)]
    expected = [line.split(_TERM_SEPARATOR)[0] for line in original.splitlines()
                if _TERM_SEPARATOR in line and not _SECTION_NUMBER.match(line)]
    assert titles == expected, f"sub-sections {titles} != terms of the original {expected}"

    # Every numbered list of the original, with its numbering.
    assert _list_numbers(document) == _original_list_numbers(original), (
        _list_numbers(document), _original_list_numbers(original))

    # Every auction written in the original is an {auction} role or an example
    # of the document, and the rule model reads it (Spanish, partnership view)
    # as at least one legal auction; nothing else is marked as an auction.
    written = Counter(m.group(0) for m in AUCTION.finditer(original))
    assert written, "no auction found in the original"
    in_document: Counter[str] = Counter()
    for message in document.messages():
        in_document.update(_ROLE.findall(message.text))
    for node in document.elements():
        # The handbook's own (editorial) examples are not the original's.
        if isinstance(node, Example) and node.auction and not node.editorial:
            in_document[node.auction] += 1
    for auction in written:
        assert auction in in_document, f"auction {auction!r} of the original is not marked in the document"
    extra = set(in_document) - set(written)
    assert not extra, f"marked as auctions but not written in the original: {sorted(extra)}"
    es = notation.profile("es")
    for auction in in_document:
        legal = es.parse_pattern(auction, View.PARTNERSHIP).auctions()
        assert legal, f"auction {auction!r} stands for no legal auction"
