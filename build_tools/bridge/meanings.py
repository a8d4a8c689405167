"""A call's agreed meaning as constraints that a concrete hand meets or not.

>>> strong_notrump = Meaning(hcp=Range.parse("15-17"), shape=BWS_BALANCED)
>>> strong_notrump.admits(Hand.parse("AKx.Kxx.QJxx.Axx"))
True
>>> jacoby = Meaning(lengths=((Suit.SPADES, Range.parse("5+")),), forcing=Forcing.FORCING_ONE_ROUND,
...                  artificial=True, convention=ConventionKind.TRANSFER)
>>> jacoby.violations(Hand.parse("AKxx.Kxxx.Qxx.xx"))
('♠ length 4 outside 5+',)
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from .basics import Suit
from .errors import InvalidNotationError
from .hands import BWS_BALANCED, Hand, ShapeClass

__all__ = ["BWS_BALANCED", "ConventionKind", "Forcing", "Meaning", "Range"]


@dataclass(frozen=True, slots=True)
class Range:
    """An inclusive range of counts: ``5+``, ``4-5``, ``15-17``, ``6`` or ``-9``.

    >>> Range.parse("5+"), 4 in Range.parse("4-5"), 6 in Range.parse("4-5")
    (Range.parse('5+'), True, False)
    """

    low: int = 0
    high: int | None = None

    def __post_init__(self) -> None:
        if self.low < 0 or (self.high is not None and self.high < self.low):
            raise InvalidNotationError(f"empty range {self.low}-{self.high}")

    def __contains__(self, value: object) -> bool:
        if not isinstance(value, int):
            return False
        return self.low <= value and (self.high is None or value <= self.high)

    @classmethod
    def parse(cls, text: str) -> Range:
        """Read ``5+``, ``4-5`` (also ``13/15`` as Spanish writes it), ``-9`` or ``6``."""
        match = _RANGE.fullmatch(text.strip())
        if match is None:
            raise InvalidNotationError(f"unknown range {_shown(text)!r} (expected 5+, 4-5, -9 or 6)")
        low, plus, high, only = match.group("low", "plus", "high", "only")
        if only is not None:
            return cls(int(only), int(only))
        if plus:
            if not low:
                raise InvalidNotationError(f"unknown range {_shown(text)!r} (expected 5+, 4-5, -9 or 6)")
            return cls(int(low), None)
        return cls(int(low) if low else 0, int(high))

    def __str__(self) -> str:
        if self.high is None:
            return f"{self.low}+"
        if self.low == self.high:
            return str(self.low)
        if self.low == 0:
            return f"-{self.high}"
        return f"{self.low}-{self.high}"

    def __repr__(self) -> str:
        return f"Range.parse({str(self)!r})"


# ASCII digits only ('²' and '١' are digits to str.isdigit, not to int), and
# two of them: no count at the table needs three (37 HCP, 13 cards, 7 levels),
# and int() of thousands of digits is slow, then refused.
_RANGE = re.compile(r"(?P<only>[0-9]{1,2})|(?P<low>[0-9]{0,2})\s*(?:(?P<plus>\+)|[-–/]\s*(?P<high>[0-9]{1,2}))")


def _shown(text: str) -> str:
    """``text`` as a message quotes it: at most 20 characters."""
    return text if len(text) <= 20 else text[:20] + "…"


class Forcing(enum.Enum):
    NON_FORCING = "non-forcing"
    FORCING_ONE_ROUND = "forcing one round"
    GAME_FORCING = "game forcing"


class ConventionKind(enum.Enum):
    """Kinds of convention, as the AEB regulation defines the first four."""

    TRANSFER = "transfer"
    """Shows a suit other than the one named (AEB: the next higher suit)."""
    TEXAS = "texas"
    """Shows another suit, as a transfer at the four level does."""
    PUPPET = "puppet"
    """Forces partner to bid a given strain without showing it."""
    RELAY = "relay"
    """Lets partner go on describing his hand; says nothing of the strain named."""
    ASKING = "asking bid"
    CUE_BID = "cue bid"


@dataclass(frozen=True, slots=True)
class Meaning:
    """Constraints on the hand behind a call, and how the call is to be treated."""

    hcp: Range | None = None
    lengths: tuple[tuple[Suit, Range], ...] = ()
    shape: ShapeClass | None = None
    forcing: Forcing | None = None
    artificial: bool = False
    convention: ConventionKind | None = None

    def violations(self, hand: Hand) -> tuple[str, ...]:
        """What about ``hand`` breaks the constraints; empty if it fits."""
        problems: list[str] = []
        if self.hcp is not None and hand.hcp not in self.hcp:
            problems.append(f"{hand.hcp} HCP outside {self.hcp}")
        for suit, wanted in self.lengths:
            if hand.length(suit) not in wanted:
                problems.append(f"{suit.symbol} length {hand.length(suit)} outside {wanted}")
        if self.shape is not None and hand not in self.shape:
            problems.append(f"shape {hand.shape} is not {self.shape.name}")
        return tuple(problems)

    def admits(self, hand: Hand) -> bool:
        return not self.violations(hand)
