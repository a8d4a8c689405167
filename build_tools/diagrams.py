"""Auctions and hands of a document, read with the rule model.

Two jobs that need the same reading: the loader asks whether every auction
and hand a document shows is one the model accepts (:func:`read_auction`,
:func:`read_hand`), and the renderer lays an example out as a bidding diagram
in the reader's language (:func:`bidding_grid`, :func:`hand_rows`).

Diagrams show suit symbols whatever the language (Russian notes write
``2п``; a Russian reader of the site sees ``2♠``), and the words of the
reader's notation for notrump, pass, double and redouble.

>>> grid = bidding_grid("1ч 1БК 2ч ?", "ru", "partnership", "N", "en")
>>> grid.seats, [[cell.call for cell in row] for row in grid.rows]
((), [['1♥', '1NT'], ['2♥', '?']])
>>> grid = bidding_grid("1♦ D pass 2♦", "sv", "table", "S", "ru")
>>> grid.seats, [[cell.call for cell in row] for row in grid.rows]
(('W', 'N', 'E', 'S'), [['', '', '', '1♦'], ['контра', 'пас', '2♦', '']])
>>> [row[0] for row in hand_rows([("п Т76 ч ТК9754 б 8 т В98", "")], "ru", "en")]
['♠ A76', '♥ AK9754', '♦ 8', '♣ J98']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from build_tools.bridge import AuctionPattern, Call, Hand, Seat, View, notation
from build_tools.bridge.basics import SUITS_HIGH_FIRST
from build_tools.bridge.notation import Profile
from build_tools.bridge.views import Slot

#: Diagram columns, West first as bridge columns print them.
TABLE_SEATS: tuple[str, ...] = ("W", "N", "E", "S")
_SEATS = {"N": Seat.NORTH, "E": Seat.EAST, "S": Seat.SOUTH, "W": Seat.WEST}


def read_auction(text: str, language: str, view: str = "table", dealer: str = "N") -> AuctionPattern:
    """Read a written auction and check that some legal auction under the Laws
    stands for it; raises :class:`~build_tools.bridge.BridgeError`.

    >>> str(read_auction("1♣_(Paso)_1♠", "es", "partnership").to_table())
    '1C P 1S'
    >>> read_auction("1♠ 1♥", "sv")
    Traceback (most recent call last):
    ...
    build_tools.bridge.errors.IllegalCallError: illegal call '1H' at 2: insufficient bid after '1S' (Law 18D)
    """
    profile = notation.profile(language)
    pattern = profile.parse_pattern(text, View(view))
    pattern.check()
    if pattern.is_concrete:
        # A concrete auction is also checked from its dealer (it must not go on
        # after its end, and a '?' needs an auction still open).
        pattern.auctions(_SEATS[dealer])
    return pattern


def read_hand(text: str, language: str) -> Hand:
    """Read a hand diagram; raises unless it is a hand of 13 cards.

    >>> read_hand("♠EDxxx ♥xxx ♦Dxxx ♣x", "sv").hcp
    8
    """
    return notation.profile(language).parse_hand(text)


@dataclass(frozen=True, slots=True)
class Cell:
    """One place of a bidding diagram: the call(s) shown and the note beside
    them; ``note_number`` counts the example's notes from 1 (0: no note)."""

    call: str = ""
    note: str = ""
    note_number: int = 0


@dataclass(frozen=True, slots=True)
class BiddingGrid:
    """Rows of cells; ``seats`` heads the columns (none for a partnership's two columns)."""

    seats: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]


def display_call(call: Call, profile: Profile) -> str:
    """A call as diagrams show it: suit symbols, the reader's words otherwise."""
    if call.strain is None or call.strain.suit is None:
        return profile.format_call(call)
    return f"{call.level}{call.strain.suit.symbol}"


def _display_slot(slot: Slot, profile: Profile) -> str:
    return "/".join(display_call(c, profile) for c in slot.calls) if slot.calls else "?"


def bidding_grid(
    text: str,
    language: str,
    view: str,
    dealer: str,
    reader: str,
    notes: Sequence[tuple[int, str]] = (),
) -> BiddingGrid:
    """The diagram of a written auction for a reader of ``reader``'s language.

    ``notes`` pairs a 1-based call number (as written) with its note. One
    partnership's calls with no opponents' show in two columns, as the notes
    draw them; anything else in the four columns of the table.
    """
    pattern = notation.profile(language).parse_pattern(text, View(view))
    shown = notation.profile(reader)
    by_call = {call: (text, number) for number, (call, text) in enumerate(notes, 1)}
    written = [Cell(_display_slot(s, shown), *by_call.get(n, ("", 0))) for n, s in enumerate(pattern.slots, 1)]
    if pattern.view is View.PARTNERSHIP and not any(s.opponent for s in pattern.slots):
        pairs = [tuple(written[i : i + 2]) for i in range(0, len(written), 2)]
        return BiddingGrid((), tuple(p if len(p) == 2 else (p[0], Cell()) for p in pairs))
    table = pattern.to_table()
    # Map each written call to its place in the table view: the silent passes
    # that the table adds carry no note.
    cells: list[Cell] = []
    source = iter(zip(pattern.slots, written, strict=True))
    pending = next(source, None)
    for slot in table.slots:
        if pending is not None and slot.calls == pending[0].calls:
            cells.append(pending[1])
            pending = next(source, None)
        else:
            cells.append(Cell(_display_slot(slot, shown)))
    start = TABLE_SEATS.index(dealer)
    padded = [Cell()] * start + cells
    padded += [Cell()] * (-len(padded) % 4)
    return BiddingGrid(TABLE_SEATS, tuple(tuple(padded[i : i + 4]) for i in range(0, len(padded), 4)))


def hand_rows(hands: Sequence[tuple[str, str]], language: str, reader: str) -> list[list[str]]:
    """Four rows (spades first) of one cell per hand: ``"♠ AK76"``, ``"♥ —"``.

    ``hands`` are ``(cards, notation)`` pairs; an empty notation means ``language``.
    """
    shown = notation.profile(reader)
    parsed = [read_hand(cards, written or language) for cards, written in hands]
    return [
        [f"{suit.symbol} {shown.format_holding(hand.holding(suit), '—')}" for hand in parsed]
        for suit in SUITS_HIGH_FIRST
    ]
