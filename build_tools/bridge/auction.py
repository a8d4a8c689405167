"""Auctions in the table view, checked under the Laws of Duplicate Bridge.

An :class:`Auction` is a dealer, a vulnerability and the calls made so far,
every one of them legal: constructing an auction replays it and raises
:class:`~build_tools.bridge.errors.IllegalCallError` at the first call the
Laws forbid. Positions in messages count from 1; method arguments are
0-based indexes into :attr:`Auction.calls`, like any Python sequence.

>>> auction = Auction.parse("1C P 1NT X XX P P P")
>>> auction.is_complete, str(auction.contract), auction.declarer
(True, '1NTXX', Seat.SOUTH)
>>> Auction.parse("1S P X")
Traceback (most recent call last):
...
build_tools.bridge.errors.IllegalCallError: illegal call 'X' at 3: double of partner's bid (Law 19A1, Law 35A; rectification Law 36; Laws of Duplicate Bridge 2017)
>>> a = Auction.parse("1H P", dealer=Seat.WEST)
>>> a.turn, Call.parse("1S") in a.legal_calls(), Call.parse("1D") in a.legal_calls()
(Seat.EAST, True, False)
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, field

from .basics import Seat, Vulnerability
from .calls import ALL_CALLS, BID_COUNT, Call, Contract, Penalty
from .errors import AFTER_PASSED_OUT, AFTER_THE_END, BID_ABOVE_SEVEN, IllegalCallError, InadmissibleBidError
from .laws import (
    BID_ABOVE_SEVEN_REASON,
    LEVEL_AND_STRAIN,
    START,
    TOKEN_SEPARATORS,
    State,
    has_ended,
    replay,
    step,
)
from .spelling import CANONICAL

def _inadmissible(text: str) -> IllegalCallError:
    """The error of an auction written with a bid above 7NT: the first call
    the Laws refuse, as the record of the table would show it
    (:meth:`~build_tools.bridge.irregular.TableRecord.review`): an illegal
    call before it, a call after the end, or the bid itself (Law 35C)."""
    state = START
    for position, token in enumerate(t for t in TOKEN_SEPARATORS.split(text) if t):
        above = LEVEL_AND_STRAIN.fullmatch(token.strip())
        if above is not None and int(above.group(1)) > 7:
            strain = CANONICAL.parse_call("1" + above.group(2)).strain
            assert strain is not None
            written = f"{int(above.group(1))}{strain.letter}"
            if has_ended(state):
                return IllegalCallError(written, position + 1, "call after the auction has ended",
                                        AFTER_THE_END if state[5] else AFTER_PASSED_OUT)
            return IllegalCallError(written, position + 1, BID_ABOVE_SEVEN_REASON, BID_ABOVE_SEVEN)
        try:
            state = step(state, CANONICAL.parse_call(token).index, position)
        except IllegalCallError as error:
            return error
    raise AssertionError(f"no bid above 7NT in {text!r}")  # pragma: no cover - read as one above


def jump_level(call: Call, last_bid: Call | None) -> int:
    """How many levels ``call`` is above the lowest sufficient bid in its
    strain: 0 a simple bid, 1 a single jump, 2 a double jump.

    ``last_bid`` is the last bid made by anyone (``None`` for an opening).
    Sufficiency is measured against any player's bid, so after ``1H`` a
    ``3S`` is a double jump and ``2S`` a single jump; an opening at level
    ``n`` is a jump of ``n - 1``.

    >>> jump_level(Call.parse("3S"), Call.parse("1H")), jump_level(Call.parse("4C"), Call.parse("1H"))
    (2, 2)
    >>> jump_level(Call.parse("2H"), Call.parse("1S")), jump_level(Call.parse("2NT"), None)
    (0, 1)
    """
    if not call.is_bid:
        raise ValueError(f"{str(call)!r} is not a bid")
    if last_bid is None:
        return call.level - 1
    lowest = last_bid.index + 1 + (call.index - last_bid.index - 1) % 5
    return (call.index - lowest) // 5


class CompetitivePosition(enum.Enum):
    """Competitive positions as Bridge World Standard defines them."""

    DIRECT = "direct"
    """Immediately after an opponent's bid (RHO has just bid)."""
    REOPENING = "reopening"
    """A call that would otherwise end the auction: LHO's bid (or double or
    redouble) followed by two passes. Also called balancing."""
    SANDWICH = "sandwich"
    """Both opponents have bid, partner has only passed, RHO has just bid."""


@dataclass(frozen=True, slots=True)
class Auction:
    """An auction in the table view: dealer, vulnerability and legal calls."""

    calls: tuple[Call, ...] = ()
    dealer: Seat = Seat.NORTH
    vulnerability: Vulnerability = Vulnerability.NONE
    _state: State = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        calls = self.calls if type(self.calls) is tuple else tuple(self.calls)
        object.__setattr__(self, "calls", calls)
        object.__setattr__(self, "_state", replay(calls))

    @classmethod
    def parse(
        cls,
        text: str,
        dealer: Seat = Seat.NORTH,
        vulnerability: Vulnerability = Vulnerability.NONE,
    ) -> Auction:
        """Read an auction in canonical English (``1S P 2S P P X``), table view.

        For other languages and for the partnership view, use
        :func:`build_tools.bridge.notation.profile`.

        A bid above 7NT makes the auction illegal at its place (Law 35C):

        >>> Auction.parse("1S 8H")
        Traceback (most recent call last):
        ...
        build_tools.bridge.errors.IllegalCallError: illegal call '8H' at 2: inadmissible call, a bid above 7NT (Law 35C; rectification Law 38; Laws of Duplicate Bridge 2017)
        """
        try:
            calls = CANONICAL.parse_calls(text)
        except InadmissibleBidError:
            raise _inadmissible(text) from None
        return cls(calls, dealer, vulnerability)

    def push(self, call: Call) -> Auction:
        """A new auction with ``call`` added; raises if the call is illegal."""
        state = step(self._state, call.index, len(self.calls))
        new = object.__new__(Auction)
        object.__setattr__(new, "calls", self.calls + (call,))
        object.__setattr__(new, "dealer", self.dealer)
        object.__setattr__(new, "vulnerability", self.vulnerability)
        object.__setattr__(new, "_state", state)
        return new

    @property
    def state_key(self) -> tuple[int, int, int, int, int, bool]:
        """What legality of the next calls depends on: two auctions with the
        same key and length accept exactly the same continuations."""
        return self._state

    def is_legal(self, call: Call) -> bool:
        try:
            step(self._state, call.index, len(self.calls))
        except IllegalCallError:
            return False
        return True

    def legal_calls(self) -> LegalCalls:
        """The calls that may come next, as a view supporting ``in`` and iteration."""
        return LegalCalls(self)

    @property
    def is_complete(self) -> bool:
        """Law 22A: three passes after a bid; Law 22B: four passes at the start."""
        passes, opened = self._state[4], self._state[5]
        return passes >= 3 if opened else passes >= 4

    @property
    def is_passed_out(self) -> bool:
        """Law 22B: all four players passed (the hands go back unplayed)."""
        return self.is_complete and not self._state[5]

    @property
    def turn(self) -> Seat | None:
        """The player to call next; ``None`` once the auction is over."""
        return None if self.is_complete else self.seat_of(len(self.calls))

    def seat_of(self, index: int) -> Seat:
        """The player who makes (or would make) the call at 0-based ``index``."""
        return self.dealer.offset(index)

    @property
    def last_bid(self) -> Call | None:
        last = self._state[0]
        return None if last < 0 else ALL_CALLS[last]

    @property
    def contract(self) -> Contract | None:
        """The final contract of a complete auction; ``None`` while the
        auction goes on or when it was passed out."""
        if not self.is_complete:
            return None
        return self.current_contract

    @property
    def current_contract(self) -> Contract | None:
        """The contract if the auction ended now (ignoring whose turn it is)."""
        last, _, doubled, _, _, _ = self._state
        if last < 0:
            return None
        bid = ALL_CALLS[last]
        assert bid.strain is not None
        return Contract(bid.level, bid.strain, _PENALTIES[doubled])

    @property
    def declarer(self) -> Seat | None:
        """The first player of the declaring side to name the final strain
        (Law definition of declarer); ``None`` unless the auction is complete
        with a contract."""
        if not self.is_complete or self._state[0] < 0:
            return None
        last, bid_pos = self._state[0], self._state[1]
        strain = last % 5
        for position in range(bid_pos % 2, bid_pos + 1, 2):
            index = self.calls[position].index
            if index < BID_COUNT and index % 5 == strain:
                return self.seat_of(position)
        raise AssertionError("the final bid names its own strain")  # pragma: no cover

    def jump_level(self, index: int) -> int:
        """:func:`jump_level` of the bid at 0-based ``index`` in this auction."""
        call = self.calls[index]
        previous = Auction(self.calls[:index], self.dealer).last_bid
        return jump_level(call, previous)

    def competitive_position(self, index: int) -> CompetitivePosition | None:
        """The BWS competitive position of the call at 0-based ``index`` (which
        may be ``len(calls)``: the call about to be made), or ``None`` when it is
        in none of the three positions (an uncontested auction, or partner has
        made the last call but pass).

        Sandwich is the special case of direct where LHO has bid earlier and
        our side has made no call but pass; it is reported as
        :attr:`~CompetitivePosition.SANDWICH`. (Once our side has bid, a call
        between two bidding opponents is plain competition, not the BWS
        sandwich, which is about entering the auction.) A fourth-seat opening
        after three passes is not a reopening: no opponent has called, so the
        auction is not competitive.

        >>> a = Auction.parse("1C P 1S")
        >>> a.competitive_position(1), a.competitive_position(3)
        (<CompetitivePosition.DIRECT: 'direct'>, <CompetitivePosition.SANDWICH: 'sandwich'>)
        >>> Auction.parse("1H P P").competitive_position(3)
        <CompetitivePosition.REOPENING: 'reopening'>
        """
        if not 0 <= index <= len(self.calls):
            raise IndexError(index)
        calls = self.calls

        def calls_by(offset: int) -> list[Call]:
            # offset 1: RHO, 2: partner, 3: LHO, 4: the caller himself
            return [calls[j] for j in range(index - offset, -1, -4)]

        if index >= 1 and calls[index - 1].is_bid:
            lho_bid = any(call.is_bid for call in calls_by(3))
            we_only_passed = all(call.is_pass for call in calls_by(2) + calls_by(4))
            if lho_bid and we_only_passed:
                return CompetitivePosition.SANDWICH
            return CompetitivePosition.DIRECT
        if (
            index >= 3
            and calls[index - 1].is_pass
            and calls[index - 2].is_pass
            and not calls[index - 3].is_pass
        ):
            return CompetitivePosition.REOPENING
        return None

    def __str__(self) -> str:
        return " ".join(str(call) for call in self.calls)

    def __len__(self) -> int:
        return len(self.calls)


_PENALTIES = (Penalty.UNDOUBLED, Penalty.DOUBLED, Penalty.REDOUBLED)


class LegalCalls:
    """The legal next calls of an auction: supports ``in``, iteration and ``len``."""

    __slots__ = ("_auction",)

    def __init__(self, auction: Auction) -> None:
        self._auction = auction

    def __contains__(self, call: object) -> bool:
        return isinstance(call, Call) and self._auction.is_legal(call)

    def __iter__(self) -> Iterator[Call]:
        return (call for call in ALL_CALLS if self._auction.is_legal(call))

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return f"<LegalCalls {' '.join(str(c) for c in self)}>"


__all__ = ["Auction", "CompetitivePosition", "LegalCalls", "jump_level"]
