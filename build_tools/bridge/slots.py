"""The places of a written auction, below the auctions they stand for: a
slot is a set of alternative calls or ``?``, in the table view (every call in
turn) or the partnership view (one side's calls, the opponents' in brackets).

What can be said of slots alone lives here: a slot's checks, a run of slots'
(:func:`check_slots`), and the moves between the views (:func:`table_slots`,
:func:`partnership_slots`, :func:`final_passes`). A written auction as a value
is :class:`~build_tools.bridge.views.AuctionPattern`, which expands to the
auctions; the grammar that reads text into slots
(:mod:`~build_tools.bridge.grammar`) needs nothing above this module.

>>> one = lambda text: Slot((Call.parse(text),))
>>> [str(slot.calls[0]) for slot in table_slots((one("1C"), one("1S")), View.PARTNERSHIP)]
['1C', 'P', '1S']
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from .annotations import NO_ANNOTATION, Annotation
from .calls import PASS, Call
from .errors import InvalidAuctionError


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


def check_slots(slots: Sequence[Slot], view: View) -> None:
    """Refuse a written auction no reader could mean: ``?`` before its last
    call, brackets in the table view, two opponents' calls in a row."""
    for number, slot in enumerate(slots[:-1], 1):
        if slot.is_question:
            raise InvalidAuctionError(f"'?' at {number} must be the last call")
    if view is View.TABLE and any(slot.opponent for slot in slots):
        raise InvalidAuctionError("brackets mark opponents only in the partnership view")
    for number, (first, second) in enumerate(zip(slots, slots[1:], strict=False), 2):
        if first.opponent and second.opponent:
            raise InvalidAuctionError(
                f"two opponents' calls in a row at {number}: our call between them is missing"
            )


def table_slots(slots: Sequence[Slot], view: View) -> tuple[Slot, ...]:
    """``slots`` in the table view: a pass for the silent opponent between two
    of our calls, and after our final pass when that pass would end the
    auction (a diagram ending in our pass shows a finished auction)."""
    if view is View.TABLE:
        return tuple(slots)
    table: list[Slot] = []
    previous: Slot | None = None
    for slot in slots:
        if previous is not None and not previous.opponent and not slot.opponent:
            table.append(Slot((PASS,)))
        table.append(Slot(slot.calls, annotation=slot.annotation))
        previous = slot
    if previous is not None and not previous.opponent and _pass_would_end(table):
        table.append(Slot((PASS,)))
    return tuple(table)


def partnership_slots(table: Sequence[Slot], ours: int | None = None) -> tuple[Slot, ...]:
    """Table-view slots in the partnership view.

    ``ours`` is 0 when our side makes the first call, 1 when the opponents
    do; by default our side is the one making the first call other than
    pass. An opponents' pass is silent exactly when it stands between two
    of our calls, or follows our pass and ends the auction, so
    :func:`table_slots` gives back the same auction -- except for an auction
    that ends in our pass one pass short of its end, which the partnership
    view (where silent opponents pass) can only read as finished.
    """
    if ours is None:
        ours = next((i % 2 for i, s in enumerate(table) if s.calls and s.calls != (PASS,)), 0)
    result: list[Slot] = []
    for i, slot in enumerate(table):
        if i % 2 == ours:
            result.append(slot)
            continue
        between_ours = 0 < i < len(table) - 1
        ends_after_our_pass = i == len(table) - 1 and _pass_would_end(list(table[:i]))
        silent = slot.is_silent_pass and not slot.annotation
        if silent and (between_ours or ends_after_our_pass):
            continue
        result.append(Slot(slot.calls, opponent=True, annotation=slot.annotation))
    return tuple(result)


def final_passes(table: Sequence[Slot], text: str = "") -> tuple[Slot, ...]:
    """Table-view slots followed by the passes that end the auction (English
    "All Pass"): three after a call, four when no one has called; ``text`` is
    the auction as written, for messages."""
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
    return tuple(table) + (Slot((PASS,)),) * needed


def _pass_would_end(table: Sequence[Slot]) -> bool:
    """Whether one more pass ends this table-view auction (Law 22A, 22B): it ends
    in exactly two passes after another call, or is three passes in all."""
    passes = 0
    for slot in reversed(table):
        if not slot.is_silent_pass:
            break
        passes += 1
    return passes == 3 == len(table) or (passes == 2 and len(table) > 2)


__all__ = ["QUESTION", "Slot", "View", "check_slots", "final_passes", "partnership_slots", "table_slots"]
