"""The 38 calls, their total order, and the contract an auction reaches.

A call is a bid (level 1-7 and a strain), pass, double or redouble. Calls are
ordered as bids first, by level then strain (1C < 1D < ... < 7NT), then pass,
double, redouble: :attr:`Call.index` runs from 0 (1C) to 37 (XX).

>>> Call.parse("1NT"), str(Call.parse("1♠")), Call.parse("xx") is REDOUBLE
(Call.parse('1NT'), '1S', True)
>>> Call.parse("1C") < Call.parse("1D") < Call.parse("7NT") < PASS < DOUBLE < REDOUBLE
True

A bid above 7NT is a call, an inadmissible one (Law 35C), that no
:class:`Call` holds: reading one alone raises
:class:`~build_tools.bridge.errors.InadmissibleBidError`; in an auction it is
an :class:`~build_tools.bridge.irregular.InadmissibleBid`.

>>> Call.parse("8S")
Traceback (most recent call last):
...
build_tools.bridge.errors.InadmissibleBidError: inadmissible call '8S': a bid above 7NT (Law 35C; rectification Law 38; Laws of Duplicate Bridge 2017)
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from .basics import Strain, normalise
from .errors import InadmissibleBidError, InvalidCallError

BID_COUNT = 35
PASS_INDEX = 35
DOUBLE_INDEX = 36
REDOUBLE_INDEX = 37


class CallKind(enum.Enum):
    BID = "bid"
    PASS = "pass"
    DOUBLE = "double"
    REDOUBLE = "redouble"


@dataclass(frozen=True, slots=True, order=False)
class Call:
    """One call. Build bids with :meth:`bid`; use :data:`PASS`, :data:`DOUBLE`,
    :data:`REDOUBLE` for the others. Only :attr:`index` is stored."""

    index: int

    def __post_init__(self) -> None:
        if not isinstance(self.index, int) or not 0 <= self.index <= REDOUBLE_INDEX:
            raise InvalidCallError(f"call index {self.index!r} out of range 0-37")

    @classmethod
    def bid(cls, level: int, strain: Strain) -> Call:
        """The bid of ``level`` in ``strain``.

        >>> Call.bid(3, Strain.NOTRUMP)
        Call.parse('3NT')
        """
        if isinstance(level, int) and level > 7:
            text = f"{level}{strain.letter}"
            raise InadmissibleBidError(text, text)
        if not 1 <= level <= 7:
            raise InvalidCallError(f"level {level!r} out of range 1-7")
        return ALL_CALLS[(level - 1) * 5 + strain.value]

    @property
    def kind(self) -> CallKind:
        if self.index < BID_COUNT:
            return CallKind.BID
        return (CallKind.PASS, CallKind.DOUBLE, CallKind.REDOUBLE)[self.index - BID_COUNT]

    @property
    def is_bid(self) -> bool:
        return self.index < BID_COUNT

    @property
    def is_pass(self) -> bool:
        return self.index == PASS_INDEX

    @property
    def level(self) -> int:
        """1-7 for a bid, 0 for pass, double and redouble."""
        return self.index // 5 + 1 if self.index < BID_COUNT else 0

    @property
    def strain(self) -> Strain | None:
        return _STRAINS[self.index % 5] if self.index < BID_COUNT else None

    @classmethod
    def parse(cls, text: str) -> Call:
        """Read one call in canonical English: ``1C``...``7NT``, ``P``, ``X``,
        ``XX``, case-insensitive, with suit symbols ♣♦♥♠, ``1N`` and ``1 NT``,
        the words ``Pass``, ``Dbl``, ``Double``, ``Rdbl``, ``Redbl``,
        ``Redouble``, and full-width forms. Anything else is an error. (Other
        languages, and calls with marks or notes, are read by the notation
        profiles, :mod:`build_tools.bridge.notation`.)

        >>> Call.parse("Double"), Call.parse("1 NT"), Call.parse("redbl"), Call.parse("２♠")
        (Call.parse('X'), Call.parse('1NT'), Call.parse('XX'), Call.parse('2S'))
        >>> Call.parse("1S*")
        Traceback (most recent call last):
        ...
        build_tools.bridge.errors.InvalidCallError: unknown call '1S*'
        """
        written = normalise(text).strip()
        found = _WORDS.get(written.upper())
        if found is not None:
            return found
        match = _BID.fullmatch(written) or _LEVEL.match(written)
        if match is None:
            raise InvalidCallError(f"unknown call {text!r}")
        level = int(match.group(1))
        if match.re is _LEVEL and 1 <= level <= 7:
            raise InvalidCallError(f"unknown call {text!r}")
        if level > 7 and match.re is _BID:
            raise InadmissibleBidError(text.strip(), text.strip())
        if not 1 <= level <= 7:
            raise InvalidCallError(f"level {level} out of range 1-7 in {text!r}")
        return cls.bid(level, _STRAIN_OF[match.group(2).upper()])

    def __str__(self) -> str:
        return _TEXT[self.index]

    def __repr__(self) -> str:
        return f"Call.parse({_TEXT[self.index]!r})"

    def __lt__(self, other: Call) -> bool:
        return self.index < other.index

    def __le__(self, other: Call) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Call) -> bool:
        return self.index > other.index

    def __ge__(self, other: Call) -> bool:
        return self.index >= other.index


_STRAINS: tuple[Strain, ...] = tuple(Strain)
_TEXT: tuple[str, ...] = tuple(
    [f"{level}{strain.letter}" for level in range(1, 8) for strain in Strain] + ["P", "X", "XX"]
)
ALL_CALLS: tuple[Call, ...] = tuple(Call(i) for i in range(REDOUBLE_INDEX + 1))
"""The 38 calls in their total order."""
BIDS: tuple[Call, ...] = ALL_CALLS[:BID_COUNT]
PASS = ALL_CALLS[PASS_INDEX]
DOUBLE = ALL_CALLS[DOUBLE_INDEX]
REDOUBLE = ALL_CALLS[REDOUBLE_INDEX]

#: How canonical English writes the calls that are no bid, and each strain.
_WORDS: dict[str, Call] = {"P": PASS, "PASS": PASS, "X": DOUBLE, "DBL": DOUBLE, "DOUBLE": DOUBLE,
                           "XX": REDOUBLE, "RDBL": REDOUBLE, "REDBL": REDOUBLE, "REDOUBLE": REDOUBLE}
_STRAIN_OF: dict[str, Strain] = {**{strain.letter: strain for strain in Strain}, "N": Strain.NOTRUMP,
                                 **{strain.symbol: strain for strain in Strain if strain.suit is not None}}
_BID = re.compile(r"(\d+)[ \t]*(NT|N|[CDHS♣♦♥♠])", re.IGNORECASE)
#: A level before what is no strain: named as out of range when it is.
_LEVEL = re.compile(r"(\d+)")


class Penalty(enum.Enum):
    """Whether the final contract is doubled or redoubled."""

    UNDOUBLED = ""
    DOUBLED = "X"
    REDOUBLED = "XX"


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract: level, strain and penalty.

    >>> Contract.parse("4SX")
    Contract.parse('4SX')
    >>> Contract.parse("1NTXX").penalty
    <Penalty.REDOUBLED: 'XX'>
    """

    level: int
    strain: Strain
    penalty: Penalty = Penalty.UNDOUBLED

    def __post_init__(self) -> None:
        if not 1 <= self.level <= 7:
            raise InvalidCallError(f"contract level {self.level!r} out of range 1-7")

    @property
    def bid(self) -> Call:
        return Call.bid(self.level, self.strain)

    @classmethod
    def parse(cls, text: str) -> Contract:
        match = _CONTRACT.fullmatch(text.strip().upper())
        if match is None:
            raise InvalidCallError(f"unknown contract {text!r}")
        call = Call.parse(match.group(1))
        strain = call.strain
        if strain is None:
            raise InvalidCallError(f"unknown contract {text!r}")
        return cls(call.level, strain, Penalty(match.group(2)))

    def __str__(self) -> str:
        return f"{self.level}{self.strain.letter}{self.penalty.value}"

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"


_CONTRACT = re.compile(r"(\d+(?:NT|[CDHS♣♦♥♠]))(XX|X|)")
