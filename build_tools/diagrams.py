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

An annotated call shows its mark in the reader's notation and its explanation
as the note beside it; a dealer not given (``?``) starts the diagram at the
first call, under no seat names:

>>> grid = bidding_grid("1NT (15-17) P 2H!", "en", "table", "?", "ru")
>>> grid.seats, [(c.call, c.mark, c.explanation) for c in grid.rows[0][::2]]
((), [('1БК', '', '15-17'), ('2♥', '!', '')])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from build_tools.bridge import AuctionPattern, Call, Hand, InvalidNotationError, Seat, View, Vulnerability, notation
from build_tools.bridge.annotations import Annotation
from build_tools.bridge.basics import SUITS_HIGH_FIRST
from build_tools.bridge.boards import Board
from build_tools.bridge.notation import Profile
from build_tools.bridge.views import Slot

#: Diagram columns, West first as bridge columns print them.
TABLE_SEATS: tuple[str, ...] = ("W", "N", "E", "S")
_SEATS = {"N": Seat.NORTH, "E": Seat.EAST, "S": Seat.SOUTH, "W": Seat.WEST}
#: The dealer of an auction whose dealer is not given.
UNKNOWN_DEALER = "?"


@dataclass(frozen=True, slots=True)
class Setting:
    """How an auction is to be read and drawn: view, dealer (``?`` when not
    given) and vulnerability (``""`` when not given)."""

    view: str = "partnership"
    dealer: str = "N"
    vulnerability: str = ""


def inline_setting(options: str | None) -> Setting:
    """The setting of an auction written in a sentence, from the options of
    its role (``{auction:table board=7}``); without options, the partnership
    view. ``board=`` gives the dealer and vulnerability of the Laws' board table.

    >>> inline_setting("table board=7")
    Setting(view='table', dealer='S', vulnerability='All')
    >>> inline_setting("partnership vulnerability=ns")
    Setting(view='partnership', dealer='N', vulnerability='NS')
    >>> inline_setting("tabel")
    Traceback (most recent call last):
    ...
    build_tools.bridge.errors.InvalidNotationError: unknown option 'tabel' of an inline auction (expected table, partnership, dealer=, vulnerability=, board=)
    """
    view, dealer, vulnerability = "partnership", "", ""
    board: Board | None = None
    for option in (options or "").split():
        key, _, value = option.partition("=")
        if not value and key in ("table", "partnership"):
            view = key
        elif key == "dealer" and value:
            dealer = value if value == UNKNOWN_DEALER else str(Seat.parse(value))
        elif key == "vulnerability" and value:
            vulnerability = str(Vulnerability.parse(value))
        elif key == "board" and value.isascii() and value.isdigit() and len(value) <= 9:
            board = Board(int(value))
        else:
            raise InvalidNotationError(
                f"unknown option {option!r} of an inline auction "
                "(expected table, partnership, dealer=, vulnerability=, board=)"
            )
    if board is not None:
        dealer, vulnerability = board_setting(board.number, dealer, vulnerability)
    return Setting(view, dealer or "N", vulnerability)


def board_setting(number: int, dealer: str = "", vulnerability: str = "") -> tuple[str, str]:
    """The dealer and vulnerability of board ``number``; a dealer or
    vulnerability also given must agree with the board table.

    >>> board_setting(2)
    ('E', 'NS')
    >>> board_setting(3, "N")
    Traceback (most recent call last):
    ...
    build_tools.bridge.errors.InvalidNotationError: board 3 is dealt by S, not N
    """
    board = Board(number)
    if dealer and dealer != str(board.dealer):
        raise InvalidNotationError(f"board {number} is dealt by {board.dealer}, not {dealer}")
    if vulnerability and vulnerability != str(board.vulnerability):
        raise InvalidNotationError(
            f"on board {number} the vulnerability is {board.vulnerability}, not {vulnerability}"
        )
    return str(board.dealer), str(board.vulnerability)


def read_auction(text: str, language: str, view: str = "table", dealer: str = "N") -> AuctionPattern:
    """Read a written auction and check that some legal auction under the Laws
    stands for it; raises :class:`~build_tools.bridge.BridgeError`.

    >>> str(read_auction("1♣_(Paso)_1♠", "es", "partnership").to_table())
    '1C P 1S'
    >>> read_auction("1♠ 1♥", "sv")
    Traceback (most recent call last):
    ...
    build_tools.bridge.errors.IllegalCallError: illegal call '1H' at 2: insufficient bid after '1S' (Law 18D; rectification Law 27; Laws of Duplicate Bridge 2017)
    """
    profile = notation.profile(language)
    pattern = profile.parse_pattern(text, View(view))
    pattern.check()
    if pattern.is_concrete:
        # A concrete auction is also checked from its dealer (it must not go on
        # after its end, and a '?' needs an auction still open).
        pattern.auctions(_SEATS.get(dealer, Seat.NORTH))
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
    them; ``note_number`` counts the example's notes from 1 (0: no note).
    ``mark`` is the alert or announcement mark and footnote reference written
    after the call (in the reader's notation), ``explanation`` the text the
    auction gives in parentheses after it, and ``alerted`` whether it carries
    an alert mark."""

    call: str = ""
    note: str = ""
    note_number: int = 0
    mark: str = ""
    explanation: str = ""
    alerted: bool = False


@dataclass(frozen=True, slots=True)
class BiddingGrid:
    """Rows of cells; ``seats`` heads the columns (none for a partnership's
    two columns, or when the dealer is not given); ``vulnerable`` says for each
    seat whether it is vulnerable (all false when the vulnerability is not given)."""

    seats: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    vulnerable: tuple[bool, ...] = ()


def display_call(call: Call, profile: Profile) -> str:
    """A call as diagrams show it: suit symbols, the reader's words otherwise."""
    if call.strain is None or call.strain.suit is None:
        return profile.format_call(call)
    return f"{call.level}{call.strain.suit.symbol}"


def _display_slot(slot: Slot, profile: Profile) -> str:
    return "/".join(display_call(c, profile) for c in slot.calls) if slot.calls else "?"


def _cell(slot: Slot, profile: Profile, note: str = "", note_number: int = 0) -> Cell:
    """The cell of one written call; an opponent's call in the reader's
    brackets (``(1♦)``, a Polish reader's ``[1♦]``), its mark after them."""
    marks = Annotation(slot.annotation.alerted, slot.annotation.announced, slot.annotation.footnote)
    call = _display_slot(slot, profile)
    if slot.opponent:
        call = f"{profile.brackets[0]}{call}{profile.brackets[1]}"
    return Cell(
        call, note, note_number, marks.suffix(profile.alert_marks[0]),
        slot.annotation.explanation, slot.annotation.alerted,
    )


def _partnership_rows(slots: Sequence[Slot], cells: Sequence[Cell]) -> tuple[tuple[Cell, ...], ...]:
    """The two columns of an auction written in the partnership view, two
    calls to a row in the order written.

    Without opponents' calls the columns are the two partners' (opener left,
    responder right), as the Russian notes draw them. With them, each side
    keeps a column: the side that calls first is on the left, and where the
    source leaves a silent pass of the opponents unwritten (between two of our
    calls) that place stays empty, so that a call never moves into the other
    side's column.

    >>> from build_tools.bridge.calls import Call
    >>> ours, theirs = Slot((Call.parse("1C"),)), Slot((Call.parse("1S"),), opponent=True)
    >>> rows = _partnership_rows([ours, theirs, ours, ours], [Cell(c) for c in "abcd"])
    >>> [[cell.call for cell in row] for row in rows]
    [['a', 'b'], ['c', ''], ['d', '']]
    """
    if not any(slot.opponent for slot in slots):
        pairs = [tuple(cells[i : i + 2]) for i in range(0, len(cells), 2)]
        return tuple(p if len(p) == 2 else (p[0], Cell()) for p in pairs)
    left = slots[0].opponent
    rows: list[tuple[Cell, ...]] = []
    row: list[Cell] = []
    for slot, cell in zip(slots, cells, strict=True):
        if slot.opponent == left:
            if row:
                rows.append((row[0], Cell()))
            row = [cell]
        else:
            rows.append((row[0] if row else Cell(), cell))
            row = []
    if row:
        rows.append((row[0], Cell()))
    return tuple(rows)


def bidding_grid(
    text: str,
    language: str,
    view: str,
    dealer: str,
    reader: str,
    notes: Sequence[tuple[int, str]] = (),
    vulnerability: str = "",
) -> BiddingGrid:
    """The diagram of a written auction for a reader of ``reader``'s language.

    ``notes`` pairs a 1-based call number (as written) with its note.

    An auction in the partnership view shows as the regulations write it: two
    columns, the calls in the order written, each opponents' call in the
    reader's brackets and words (``(Paso)`` for a Spanish reader, ``(P)`` for
    an English one, ``[pas]`` for a Polish one), under no seat names. That view
    says which calls are ours and which the opponents', never who sat where or
    who dealt (the loader refuses a dealer in it), so a diagram with seat
    names would invent them, and turning it into the table view would also
    add passes the source does not write. See :func:`_partnership_rows` for
    the columns. A table-view auction is drawn in the four columns of the
    table, from the dealer's column (from the first, under no seat names, when
    the dealer is ``?``).

    >>> grid = bidding_grid("(1NT)-pass-(2♣)-?", "sv", "partnership", "N", "ru", [(1, "stark")])
    >>> grid.seats, [[(cell.call, cell.note) for cell in row] for row in grid.rows]
    ((), [[('(1БК)', 'stark'), ('пас', '')], [('(2♣)', ''), ('?', '')]])
    """
    pattern = notation.profile(language).parse_pattern(text, View(view))
    shown = notation.display_profile(reader)
    by_call = {call: (text, number) for number, (call, text) in enumerate(notes, 1)}
    written = [_cell(s, shown, *by_call.get(n, ("", 0))) for n, s in enumerate(pattern.slots, 1)]
    if pattern.view is View.PARTNERSHIP:
        return BiddingGrid((), _partnership_rows(pattern.slots, written))
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
            cells.append(_cell(slot, shown))
    known = dealer != UNKNOWN_DEALER
    start = TABLE_SEATS.index(dealer) if known else 0
    padded = [Cell()] * start + cells
    padded += [Cell()] * (-len(padded) % 4)
    rows = tuple(tuple(padded[i : i + 4]) for i in range(0, len(padded), 4))
    if not known:
        return BiddingGrid((), rows)
    vul = Vulnerability.parse(vulnerability) if vulnerability else Vulnerability.NONE
    return BiddingGrid(TABLE_SEATS, rows, tuple(vul.is_vulnerable(_SEATS[s]) for s in TABLE_SEATS))


def written_calls(text: str, language: str, view: str, reader: str) -> list[str]:
    """Each call of an auction as written, as its diagram shows it to ``reader``:
    suit symbols, the reader's words, an opponents' call in the reader's brackets.

    >>> written_calls("[1♣] 2♣", "pl", "partnership", "en")
    ['(1♣)', '2♣']
    """
    shown = notation.display_profile(reader)
    return [_cell(slot, shown).call for slot in notation.profile(language).parse_pattern(text, View(view)).slots]


def inline_auction(text: str, options: str | None, language: str, reader: str, silent: bool = True,
                   partnership: bool = False) -> str:
    """An auction written in a sentence, in ``reader``'s notation with suit
    symbols, in the view it was written in (one side's calls joined by ``-``;
    every call in turn joined by spaces). Each call reads as in the diagram
    (:func:`bidding_grid`): an opponents' call in the reader's brackets, then
    its mark, then its explanation in parentheses. Not ``silent``, the
    partnership view leaves out the opponents' passes between two of our
    calls, which it stands for unwritten (where room is short: the alert card).
    With ``partnership``, an auction written in the table view is shown in the
    partnership view of the side making its last call, every pass kept (a
    column of sequences in one notation: the quick reference).

    >>> inline_auction("1♣_(Paso)_1♠_(Doblo)", None, "es", "en")
    '1♣-(P)-1♠-(X)'
    >>> inline_auction("1♣_(Paso)_1♠_(Doblo)", None, "es", "pl")
    '1♣-[pas]-1♠-[ktr]'
    >>> inline_auction("1♣_(Paso)_1♠_(Doblo)", None, "es", "pl", silent=False)
    '1♣-1♠-[ktr]'
    >>> inline_auction("1т 1ч 1БК", None, "ru", "pl")
    '1♣-1♥-1BA'
    >>> inline_auction("1♣ P 2♠", "table", "en", "ru"), inline_auction("1♣ P 2♠", "table", "en", "ru", silent=False)
    ('1♣ пас 2♠', '1♣ пас 2♠')
    >>> inline_auction("1♥ pass pass 1NT", "table", "sv", "en", partnership=True)
    '(1♥)-P-(P)-1NT'
    >>> inline_auction("1♥ pass pass 1NT", "table", "sv", "en", silent=False, partnership=True)
    '(1♥)-P-1NT'
    """
    setting = inline_setting(options)
    pattern = notation.profile(language).parse_pattern(text, View(setting.view))
    if partnership and pattern.view is View.TABLE:
        ours = (len(pattern.slots) - 1) % 2
        pattern = AuctionPattern(tuple(Slot(slot.calls, opponent=n % 2 != ours, annotation=slot.annotation)
                                       for n, slot in enumerate(pattern.slots)), View.PARTNERSHIP)
    shown = notation.display_profile(reader)
    written = []
    slots = pattern.slots
    if not silent and pattern.view is View.PARTNERSHIP:
        slots = tuple(slot for n, slot in enumerate(slots)
                      if not (slot.opponent and slot.is_silent_pass and not slot.annotation
                              and 0 < n < len(slots) - 1 and not slots[n - 1].opponent and not slots[n + 1].opponent))
    for slot in slots:
        cell = _cell(slot, shown)
        written.append(cell.call + cell.mark + (f" ({cell.explanation})" if cell.explanation else ""))
    return (" " if pattern.view is View.TABLE else "-").join(written)


def inline_hand(text: str, language: str, reader: str) -> str:
    """A hand written in a sentence, in ``reader``'s notation: suit symbols,
    the reader's honours, spaces between suits.

    >>> inline_hand("п Т93 ч К10873 б Д32 т 87", "ru", "en")
    '♠A93 ♥K10873 ♦Q32 ♣87'
    >>> inline_hand("♠EDxxx ♥xxx ♦Dxxx ♣x", "sv", "pl")
    '♠ADxxx ♥xxx ♦Dxxx ♣x'
    """
    hand = read_hand(text, language)
    shown = notation.display_profile(reader)
    return " ".join(f"{suit.symbol}{shown.format_holding(hand.holding(suit), '—')}" for suit in SUITS_HIGH_FIRST)


def hand_rows(hands: Sequence[tuple[str, str]], language: str, reader: str) -> list[list[str]]:
    """Four rows (spades first) of one cell per hand: ``"♠ AK76"``, ``"♥ —"``.

    ``hands`` are ``(cards, notation)`` pairs; an empty notation means ``language``.
    """
    shown = notation.display_profile(reader)
    parsed = [read_hand(cards, written or language) for cards, written in hands]
    return [
        [f"{suit.symbol} {shown.format_holding(hand.holding(suit), '—')}" for hand in parsed]
        for suit in SUITS_HIGH_FIRST
    ]
