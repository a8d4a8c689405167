"""Suits, strains, seats, sides and vulnerability: the enums everything else uses.

Strains rank clubs < diamonds < hearts < spades < notrump (Law 18E); seats
follow the clockwise rotation North, East, South, West.

>>> Strain.parse("NT") is Strain.NOTRUMP, Strain.SPADES.suit is Suit.SPADES
(True, True)
>>> Seat.NORTH.next, Seat.NORTH.partner, Seat.parse("w").lho
(Seat.EAST, Seat.SOUTH, Seat.NORTH)
>>> Vulnerability.parse("EW").is_vulnerable(Seat.WEST)
True
"""

from __future__ import annotations

import enum

from .errors import InvalidNotationError


# U+FF01..U+FF5E are the full-width forms of ASCII '!'..'~'; U+3000 is the
# ideographic space. One character each way, so positions do not move.
FULL_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}


def normalise(text: str) -> str:
    """``text`` with full-width ASCII forms made ASCII, character for character
    (the CBA's text mixes both).

    >>> normalise("1♣（加倍）1♥－２ＮＴ")
    '1♣(加倍)1♥-2NT'
    """
    return text.translate(FULL_WIDTH)


class Suit(enum.Enum):
    """The four suits, valued in rank order (clubs lowest)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self.value]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self.value]

    @property
    def strain(self) -> Strain:
        return Strain(self.value)

    @property
    def is_major(self) -> bool:
        return self.value >= 2

    @property
    def is_minor(self) -> bool:
        return self.value < 2

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read ``S``, ``h``, ``♦``... (English letter or symbol)."""
        try:
            return _SUIT_NAMES[text.strip().upper()]
        except KeyError:
            raise InvalidNotationError(f"unknown suit {text!r}") from None

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


# PBN and hand diagrams list suits from spades down.
SUITS_HIGH_FIRST: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

_SUIT_NAMES: dict[str, Suit] = {}
for _suit in Suit:
    _SUIT_NAMES[_suit.letter] = _suit
    _SUIT_NAMES[_suit.symbol] = _suit


class Strain(enum.Enum):
    """The five denominations in rank order (Law 18E)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    @property
    def letter(self) -> str:
        return ("C", "D", "H", "S", "NT")[self.value]

    @property
    def symbol(self) -> str:
        return ("♣", "♦", "♥", "♠", "NT")[self.value]

    @property
    def suit(self) -> Suit | None:
        """The suit of a suit strain; ``None`` for notrump."""
        return None if self is Strain.NOTRUMP else Suit(self.value)

    @classmethod
    def parse(cls, text: str) -> Strain:
        """Read ``C D H S NT`` or a suit symbol."""
        try:
            return _STRAIN_NAMES[text.strip().upper()]
        except KeyError:
            raise InvalidNotationError(f"unknown strain {text!r}") from None

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Strain.{self.name}"


_STRAIN_NAMES: dict[str, Strain] = {}
for _strain in Strain:
    _STRAIN_NAMES[_strain.letter] = _strain
    _STRAIN_NAMES[_strain.symbol] = _strain


class Side(enum.Enum):
    """A partnership."""

    NORTH_SOUTH = 0
    EAST_WEST = 1

    @property
    def opponents(self) -> Side:
        return Side(1 - self.value)

    def __str__(self) -> str:
        return ("NS", "EW")[self.value]

    def __repr__(self) -> str:
        return f"Side.{self.name}"


class Seat(enum.Enum):
    """The four players, valued in clockwise order from North."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def letter(self) -> str:
        return "NESW"[self.value]

    @property
    def next(self) -> Seat:
        """The next player clockwise (this player's left-hand opponent)."""
        return _SEATS[(self.value + 1) % 4]

    @property
    def lho(self) -> Seat:
        return _SEATS[(self.value + 1) % 4]

    @property
    def partner(self) -> Seat:
        return _SEATS[(self.value + 2) % 4]

    @property
    def rho(self) -> Seat:
        return _SEATS[(self.value + 3) % 4]

    @property
    def side(self) -> Side:
        return Side(self.value % 2)

    def offset(self, steps: int) -> Seat:
        """The player ``steps`` places clockwise from this one."""
        return _SEATS[(self.value + steps) % 4]

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Read ``N``, ``east``, ``S``... (letter or English name)."""
        key = text.strip().upper()
        for seat in _SEATS:
            if key in (seat.letter, seat.name):
                return seat
        raise InvalidNotationError(f"unknown seat {text!r} (expected N, E, S or W)")

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Seat.{self.name}"


_SEATS: tuple[Seat, ...] = tuple(Seat)


class Vulnerability(enum.Enum):
    """Which sides are vulnerable, spelt as PBN does (``None NS EW All``)."""

    NONE = "None"
    NORTH_SOUTH = "NS"
    EAST_WEST = "EW"
    BOTH = "All"

    def is_vulnerable(self, seat: Seat) -> bool:
        if self is Vulnerability.BOTH:
            return True
        if self is Vulnerability.NONE:
            return False
        return (self is Vulnerability.NORTH_SOUTH) == (seat.side is Side.NORTH_SOUTH)

    @classmethod
    def parse(cls, text: str) -> Vulnerability:
        """Read ``None``/``-``/``Love``, ``NS``, ``EW``, ``All``/``Both``."""
        key = text.strip().upper().replace("-", "").replace("/", "")
        found = _VULNERABILITY_NAMES.get(key) if text.strip() else None
        if found is None:
            raise InvalidNotationError(
                f"unknown vulnerability {text!r} (expected None, NS, EW or All)"
            )
        return found

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Vulnerability.{self.name}"


_VULNERABILITY_NAMES: dict[str, Vulnerability] = {
    "": Vulnerability.NONE,
    "NONE": Vulnerability.NONE,
    "LOVE": Vulnerability.NONE,
    "NS": Vulnerability.NORTH_SOUTH,
    "EW": Vulnerability.EAST_WEST,
    "ALL": Vulnerability.BOTH,
    "BOTH": Vulnerability.BOTH,
}
