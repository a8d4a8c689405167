"""Ranks, cards, holdings (the cards of one hand in one suit) and shapes.

A holding lists known ranks and a number of ``x``: small cards whose rank is
not given. ``x`` means a card below the ten (2-9), as in bridge literature
(``AQx``, ``EDxxx``); a holding therefore has at most 8 small cards in all.

>>> h = Holding.parse("AQ10x")
>>> str(h), h.length, h.hcp
('AQTx', 4, 6)
>>> str(Holding.parse("-")), Holding.parse("").length
('', 0)
>>> Shape.parse("3-6-1-3").pattern
(6, 3, 3, 1)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

from .basics import SUITS_HIGH_FIRST, Suit
from .errors import CARD_TWICE, InvalidHandError


class Rank(enum.IntEnum):
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """PBN letter: ``A K Q J T 9 ... 2``."""
        return "23456789TJQKA"[self - 2]

    @property
    def hcp(self) -> int:
        """Milton Work points: ace 4, king 3, queen 2, jack 1."""
        return max(0, self - 10)

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


ENGLISH_RANKS: dict[str, Rank] = {rank.letter: rank for rank in Rank}
ENGLISH_RANKS["10"] = Rank.TEN
# PBN in lower case (``akq.t98..``): no rank letter is a spot's ``x``
ENGLISH_RANKS.update({rank.letter.lower(): rank for rank in Rank if rank >= Rank.TEN})
SPOT_LETTERS = ("x", "X")
MAX_SMALL = 8  # ranks 2-9


@dataclass(frozen=True, slots=True)
class Card:
    suit: Suit
    rank: Rank

    def __str__(self) -> str:
        return f"{self.suit.letter}{self.rank.letter}"

    def __repr__(self) -> str:
        return f"Card({self.suit!r}, {self.rank!r})"


@dataclass(frozen=True, slots=True)
class Holding:
    """Known ranks (highest first) and a count of unspecified small cards."""

    ranks: tuple[Rank, ...] = ()
    spots: int = 0

    def __post_init__(self) -> None:
        ranks = tuple(sorted(self.ranks, reverse=True))
        if len(set(ranks)) != len(ranks):
            doubled = sorted({r for r in ranks if ranks.count(r) > 1}, reverse=True)
            raise InvalidHandError(
                f"card {''.join(r.letter for r in doubled)!r} twice in one suit ({CARD_TWICE})"
            )
        if self.spots < 0:
            raise InvalidHandError(f"negative number of small cards {self.spots!r}")
        if self.spots + sum(1 for r in ranks if r < Rank.TEN) > MAX_SMALL:
            raise InvalidHandError(
                "more than 8 cards below the ten in one suit "
                f"({''.join(r.letter for r in ranks)}{'x' * self.spots}; {CARD_TWICE})"
            )
        object.__setattr__(self, "ranks", ranks)

    @classmethod
    def parse(cls, text: str, ranks: Mapping[str, Rank] = ENGLISH_RANKS,
              spots: tuple[str, ...] = SPOT_LETTERS) -> Holding:
        """Read a holding; ``-`` or nothing is a void. ``ranks`` maps each
        language's rank words to ranks (longest match first)."""
        body = text.strip()
        if body in ("-", "—", "–", ""):
            return cls()
        tokens = sorted(list(ranks) + list(spots), key=len, reverse=True)
        found: list[Rank] = []
        small = 0
        i = 0
        while i < len(body):
            for token in tokens:
                if body.startswith(token, i):
                    if token in spots:
                        small += 1
                    else:
                        found.append(ranks[token])
                    i += len(token)
                    break
            else:
                raise InvalidHandError(f"unknown card {body[i]!r} in holding {text!r}")
        return cls(tuple(found), small)

    @property
    def length(self) -> int:
        return len(self.ranks) + self.spots

    @property
    def hcp(self) -> int:
        return sum(rank.hcp for rank in self.ranks)

    def __contains__(self, rank: object) -> bool:
        return rank in self.ranks

    def format(self, letters: Mapping[Rank, str] | None = None, spot: str = "x",
               void: str = "") -> str:
        """The holding in a language's rank letters (PBN letters by default)."""
        if not self.length:
            return void
        if letters is None:
            return "".join(r.letter for r in self.ranks) + spot * self.spots
        return "".join(letters[r] for r in self.ranks) + spot * self.spots

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Holding.parse({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Shape:
    """Suit lengths in the order spades, hearts, diamonds, clubs (``3-6-1-3``)."""

    spades: int
    hearts: int
    diamonds: int
    clubs: int

    @property
    def lengths(self) -> tuple[int, int, int, int]:
        return (self.spades, self.hearts, self.diamonds, self.clubs)

    def length(self, suit: Suit) -> int:
        return self.lengths[3 - suit.value]

    @property
    def pattern(self) -> tuple[int, ...]:
        """The lengths longest first, regardless of suit: ``(5, 3, 3, 2)``."""
        return tuple(sorted(self.lengths, reverse=True))

    def longest(self) -> tuple[Suit, ...]:
        """The suits of greatest length, highest-ranking first."""
        top = max(self.lengths)
        return tuple(s for s in SUITS_HIGH_FIRST if self.length(s) == top)

    @classmethod
    def parse(cls, text: str) -> Shape:
        parts = text.strip().split("-")
        if len(parts) != 4 or not all(p.isdigit() for p in parts):
            raise InvalidHandError(f"unknown shape {text!r} (expected S-H-D-C, e.g. 4-3-3-3)")
        lengths = [int(p) for p in parts]
        if sum(lengths) != 13:
            raise InvalidHandError(f"shape {text!r} does not add up to 13")
        return cls(*lengths)

    def __str__(self) -> str:
        return "-".join(str(n) for n in self.lengths)

    def __repr__(self) -> str:
        return f"Shape.parse({str(self)!r})"
