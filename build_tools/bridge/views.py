"""Auctions as system notes write them: two views, alternatives and ``?``.

The *table view* lists every player's call in turn. The *partnership view*
lists one partnership's calls; the opponents are silent (they pass) unless a
call of theirs is shown, in parentheses or brackets. A slot may hold a set of
alternative calls (Russian ``4тбч``: 4♣, 4♦ or 4♥), and the last slot may be
``?``: the call under discussion, which belongs to our side.

An :class:`AuctionPattern` is that written form as data; :meth:`~AuctionPattern.auctions`
expands it to the concrete legal auctions it stands for, and
:meth:`~AuctionPattern.check` raises if some alternative is legal in no
expansion ("each alternative must be legal where it stands").

>>> from build_tools.bridge.calls import Call
>>> one = lambda text: Slot((Call.parse(text),))
>>> spanish = AuctionPattern((one("1C"), one("1S")), View.PARTNERSHIP)
>>> [str(slot.calls[0]) for slot in spanish.to_table().slots]
['1C', 'P', '1S']
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from .annotations import NO_ANNOTATION, Annotation
from .auction import Auction
from .basics import Seat, Vulnerability
from .calls import PASS, Call
from .errors import AFTER_PASSED_OUT, AFTER_THE_END, IllegalCallError, InvalidAuctionError


class View(enum.Enum):
    TABLE = "table"
    PARTNERSHIP = "partnership"


@dataclass(frozen=True, slots=True)
class Slot:
    """One place in a written auction: a set of alternative calls, or ``?``
    (no calls); ``opponent`` marks a bracketed call in the partnership view;
    ``annotation`` is what is written after the call (alert mark, footnote,
    explanation: :mod:`~build_tools.bridge.annotations`)."""

    calls: tuple[Call, ...] = ()
    opponent: bool = False
    annotation: Annotation = NO_ANNOTATION

    def __post_init__(self) -> None:
        calls = tuple(sorted(set(self.calls)))
        object.__setattr__(self, "calls", calls)
        if not calls and self.opponent:
            raise InvalidAuctionError("'?' stands for our call, not the opponents'")
        if not calls and self.annotation:
            raise InvalidAuctionError("'?' carries no alert mark, footnote or explanation")

    @property
    def is_question(self) -> bool:
        return not self.calls

    @property
    def is_silent_pass(self) -> bool:
        return self.calls == (PASS,)


QUESTION = Slot()


@dataclass(frozen=True, slots=True)
class AuctionPattern:
    """A written auction: slots in order, in the table or partnership view."""

    slots: tuple[Slot, ...]
    view: View = View.TABLE

    def __post_init__(self) -> None:
        slots = tuple(self.slots)
        object.__setattr__(self, "slots", slots)
        for number, slot in enumerate(slots[:-1], 1):
            if slot.is_question:
                raise InvalidAuctionError(f"'?' at {number} must be the last call")
        if self.view is View.TABLE and any(slot.opponent for slot in slots):
            raise InvalidAuctionError("brackets mark opponents only in the partnership view")
        for number, (first, second) in enumerate(zip(slots, slots[1:], strict=False), 2):
            if first.opponent and second.opponent:
                raise InvalidAuctionError(
                    f"two opponents' calls in a row at {number}: our call between them is missing"
                )

    @classmethod
    def from_auction(cls, auction: Auction) -> AuctionPattern:
        return cls(tuple(Slot((call,)) for call in auction.calls), View.TABLE)

    @property
    def has_question(self) -> bool:
        return bool(self.slots) and self.slots[-1].is_question

    @property
    def is_concrete(self) -> bool:
        """Every slot is exactly one call (a trailing ``?`` allowed)."""
        return all(len(slot.calls) == 1 for slot in self.slots if not slot.is_question)

    def to_table(self) -> AuctionPattern:
        """The table view: a pass for the silent opponent between two of our
        calls, and after our final pass when that pass would end the auction
        (a diagram ending in our pass shows a finished auction)."""
        if self.view is View.TABLE:
            return self
        table: list[Slot] = []
        previous: Slot | None = None
        for slot in self.slots:
            if previous is not None and not previous.opponent and not slot.opponent:
                table.append(Slot((PASS,)))
            table.append(Slot(slot.calls, annotation=slot.annotation))
            previous = slot
        if previous is not None and not previous.opponent and _pass_would_end(table):
            table.append(Slot((PASS,)))
        return AuctionPattern(tuple(table), View.TABLE)

    def to_partnership(self, ours: int | None = None) -> AuctionPattern:
        """The partnership view of a table-view pattern.

        ``ours`` is 0 when our side makes the first call, 1 when the opponents
        do; by default our side is the one making the first call other than
        pass. An opponents' pass is silent exactly when it stands between two
        of our calls, or follows our pass and ends the auction, so
        :meth:`to_table` gives back the same auction -- except for an auction
        that ends in our pass one pass short of its end, which the partnership
        view (where silent opponents pass) can only read as finished.
        """
        if self.view is View.PARTNERSHIP:
            return self
        if ours is None:
            ours = next(
                (i % 2 for i, s in enumerate(self.slots) if s.calls and s.calls != (PASS,)), 0
            )
        slots = self.slots
        result: list[Slot] = []
        for i, slot in enumerate(slots):
            if i % 2 == ours:
                result.append(slot)
                continue
            between_ours = 0 < i < len(slots) - 1
            ends_after_our_pass = i == len(slots) - 1 and _pass_would_end(list(slots[:i]))
            silent = slot.is_silent_pass and not slot.annotation
            if silent and (between_ours or ends_after_our_pass):
                continue
            result.append(Slot(slot.calls, opponent=True, annotation=slot.annotation))
        return AuctionPattern(tuple(result), View.PARTNERSHIP)

    def all_pass(self, text: str = "") -> AuctionPattern:
        """This pattern in the table view followed by the passes that end it
        (English "All Pass"): three after a call, four when no one has called.

        >>> str(AuctionPattern((Slot((PASS,)),)).all_pass())
        'P P P P'
        """
        table = list(self.to_table().slots)
        if table and table[-1].is_question:
            raise InvalidAuctionError(f"'?' before the final passes in {text!r}")
        passes = 0
        for slot in reversed(table):
            if not slot.is_silent_pass:
                break
            passes += 1
        needed = 4 - passes if passes == len(table) else 3 - passes
        if needed <= 0:
            raise InvalidAuctionError(f"the auction {text!r} had ended before its final passes")
        return AuctionPattern(tuple(table) + (Slot((PASS,)),) * needed, View.TABLE)

    def check(self) -> None:
        """Raise :class:`IllegalCallError` for the first alternative that is
        legal in no expansion of the slots before it, or a ``?`` after the end.

        Legality depends only on the order of calls, not on the dealer, and
        only on the replay state, so expansions that reach the same state are
        followed once: the check stays linear however many alternatives there are.
        """
        frontier = [Auction()]
        for position, slot in enumerate(self.to_table().slots):
            if slot.is_question:
                if all(a.is_complete for a in frontier):
                    raise _after_the_end(frontier, position)
                continue
            distinct = {a.state_key: a for a in _extend(frontier, slot.calls)}
            frontier = list(distinct.values())

    def auctions(
        self,
        dealer: Seat = Seat.NORTH,
        vulnerability: Vulnerability = Vulnerability.NONE,
    ) -> tuple[Auction, ...]:
        """Every legal concrete auction the pattern stands for, in the table view
        (a trailing ``?`` adds no call but requires the auction to go on)."""
        frontier = [Auction((), dealer, vulnerability)]
        for position, slot in enumerate(self.to_table().slots):
            if slot.is_question:
                going_on = [a for a in frontier if not a.is_complete]
                if not going_on:
                    raise _after_the_end(frontier, position)
                frontier = going_on
                continue
            frontier = _extend(frontier, slot.calls)
        return tuple(frontier)

    def __str__(self) -> str:
        from .notation import ENGLISH

        return ENGLISH.format_pattern(self)


def _pass_would_end(table: list[Slot]) -> bool:
    """Whether one more pass ends this table-view auction (Law 22A, 22B): it ends
    in exactly two passes after another call, or is three passes in all."""
    passes = 0
    for slot in reversed(table):
        if not slot.is_silent_pass:
            break
        passes += 1
    return passes == 3 == len(table) or (passes == 2 and len(table) > 2)


def _after_the_end(ended: list[Auction], position: int) -> IllegalCallError:
    """A ``?`` after every expansion has ended: Law 22B if all were passed
    out, else 22A; Law 35D forbids the call and Law 39 rectifies it."""
    passed_out = all(a.is_passed_out for a in ended)
    citation = AFTER_PASSED_OUT if passed_out else AFTER_THE_END
    return IllegalCallError("?", position + 1, "call after the auction has ended", citation)


def _extend(frontier: list[Auction], calls: Iterable[Call]) -> list[Auction]:
    extended: list[Auction] = []
    for call in calls:
        first_error: IllegalCallError | None = None
        legal = False
        for auction in frontier:
            try:
                extended.append(auction.push(call))
                legal = True
            except IllegalCallError as error:
                first_error = first_error or error
        if not legal:
            assert first_error is not None
            raise first_error
    return extended
