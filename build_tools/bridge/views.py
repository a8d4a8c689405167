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

from collections.abc import Iterable
from dataclasses import dataclass

from .auction import Auction
from .basics import Seat, Vulnerability
from .calls import PASS, Call  # noqa: F401  (PASS: the doctests)
from .errors import AFTER_PASSED_OUT, AFTER_THE_END, IllegalCallError
from .slots import QUESTION as QUESTION
from .slots import Slot as Slot
from .slots import View as View
from .slots import check_slots, final_passes, partnership_slots, table_slots
from .spelling import CANONICAL


@dataclass(frozen=True, slots=True)
class AuctionPattern:
    """A written auction: slots in order, in the table or partnership view."""

    slots: tuple[Slot, ...]
    view: View = View.TABLE

    def __post_init__(self) -> None:
        object.__setattr__(self, "slots", tuple(self.slots))
        check_slots(self.slots, self.view)

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
        return AuctionPattern(table_slots(self.slots, self.view), View.TABLE)

    def to_partnership(self, ours: int | None = None) -> AuctionPattern:
        """The partnership view of a table-view pattern (:func:`~build_tools.bridge.slots.partnership_slots`)."""
        if self.view is View.PARTNERSHIP:
            return self
        return AuctionPattern(partnership_slots(self.slots, ours), View.PARTNERSHIP)

    def all_pass(self, text: str = "") -> AuctionPattern:
        """This pattern in the table view followed by the passes that end it
        (English "All Pass"): three after a call, four when no one has called.

        >>> str(AuctionPattern((Slot((PASS,)),)).all_pass())
        'P P P P'
        """
        return AuctionPattern(final_passes(self.to_table().slots, text), View.TABLE)

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
        return CANONICAL.format_slots(self.slots, self.view)


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
