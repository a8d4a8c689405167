"""Hands, deals, and the shape classes that regulations define.

A hand is four holdings, 13 cards in all. Text is PBN: ``S.H.D.C`` with
``T`` or ``10`` for the ten, ``x`` for a small card, and an empty suit (or
``-``) for a void. Other languages' hand diagrams are read by
:mod:`build_tools.bridge.notation`.

>>> hand = Hand.parse("A76.AK9754.8.J98")
>>> hand.hcp, str(hand.shape), hand.keycards(Suit.HEARTS)
(12, '3-6-1-3', 3)
>>> hand in BWS_BALANCED, Hand.parse("AKxx.Kxx.Qxx.xxx") in BWS_BALANCED
(False, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from .basics import SUITS_HIGH_FIRST, Seat, Suit
from .cards import Card, Holding, Rank, Shape
from .errors import CARD_TWICE, WRONG_CARD_COUNT, InvalidDealError, InvalidHandError

ALL_SUITS: frozenset[Suit] = frozenset(Suit)
MINORS: frozenset[Suit] = frozenset({Suit.CLUBS, Suit.DIAMONDS})


@dataclass(frozen=True, slots=True)
class Hand:
    """Thirteen cards as four holdings, spades first."""

    spades: Holding
    hearts: Holding
    diamonds: Holding
    clubs: Holding

    def __post_init__(self) -> None:
        count = sum(h.length for h in self.holdings)
        if count != 13:
            raise InvalidHandError(
                f"hand {str(self)!r} has {count} cards, not 13 ({WRONG_CARD_COUNT})"
            )

    @classmethod
    def from_holdings(cls, holdings: dict[Suit, Holding]) -> Hand:
        return cls(*(holdings[suit] for suit in SUITS_HIGH_FIRST))

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read a PBN hand ``S.H.D.C``.

        >>> Hand.parse("AKQJT98765432...").spades.length
        13
        """
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise InvalidHandError(
                f"hand {text!r} needs four suits separated by '.' (PBN S.H.D.C)"
            )
        try:
            return cls(*(Holding.parse(part) for part in parts))
        except InvalidHandError as error:
            if repr(text) in str(error):
                raise
            raise InvalidHandError(f"{error} in hand {text!r}") from None

    @property
    def holdings(self) -> tuple[Holding, Holding, Holding, Holding]:
        return (self.spades, self.hearts, self.diamonds, self.clubs)

    def holding(self, suit: Suit) -> Holding:
        return self.holdings[3 - suit.value]

    def cards(self) -> Iterator[Card]:
        """The cards whose rank is known (``x`` spots are not cards yet)."""
        for suit, holding in zip(SUITS_HIGH_FIRST, self.holdings, strict=False):
            for rank in holding.ranks:
                yield Card(suit, rank)

    @property
    def hcp(self) -> int:
        return sum(h.hcp for h in self.holdings)

    @property
    def shape(self) -> Shape:
        return Shape(*(h.length for h in self.holdings))

    def length(self, suit: Suit) -> int:
        return self.holding(suit).length

    def keycards(self, trump: Suit, extra_kings: Iterable[Suit] = ()) -> int:
        """Keycards for ``trump``: the four aces and the trump king, plus any
        king an agreement counts as well (the Russian notes count ♥K).

        >>> Hand.parse("A76.AK9754.8.J98").keycards(Suit.SPADES, extra_kings=[Suit.HEARTS])
        3
        """
        kings = {trump, *extra_kings}
        count = sum(1 for h in self.holdings if Rank.ACE in h)
        count += sum(1 for suit in kings if Rank.KING in self.holding(suit))
        return count

    def has_trump_queen(self, trump: Suit) -> bool:
        return Rank.QUEEN in self.holding(trump)

    def __str__(self) -> str:
        return ".".join(str(h) for h in self.holdings)

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Deal:
    """Up to four hands by seat (``None`` for a hand not shown); no card twice.

    >>> deal = Deal.parse("N:AKQJ.AKQJ.AKQ.AK - - -")
    >>> deal.hand(Seat.NORTH).hcp, deal.hand(Seat.EAST)
    (36, None)
    """

    north: Hand | None = None
    east: Hand | None = None
    south: Hand | None = None
    west: Hand | None = None

    def __post_init__(self) -> None:
        named = [(seat.name.title(), hand) for seat, hand in zip(Seat, self.hands, strict=False)
                 if hand is not None]
        problem = deal_problem(named)
        if problem is not None:
            raise InvalidDealError(problem[1])

    @property
    def hands(self) -> tuple[Hand | None, Hand | None, Hand | None, Hand | None]:
        return (self.north, self.east, self.south, self.west)

    def hand(self, seat: Seat) -> Hand | None:
        return self.hands[seat.value]

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Read a PBN deal: ``N:`` (the first seat) and four hands clockwise,
        ``-`` for a hand not shown."""
        head, sep, body = text.strip().partition(":")
        if not sep:
            raise InvalidDealError(f"deal {text!r} needs a first seat, e.g. 'N:'")
        try:
            first = Seat.parse(head)
        except ValueError:
            raise InvalidDealError(f"unknown first seat {head!r} in deal {text!r}") from None
        parts = body.split()
        if len(parts) != 4:
            raise InvalidDealError(f"deal {text!r} needs four hands, found {len(parts)}")
        hands: list[Hand | None] = [None] * 4
        for step, part in enumerate(parts):
            try:
                hands[first.offset(step).value] = None if part == "-" else Hand.parse(part)
            except InvalidHandError as error:
                raise InvalidDealError(str(error)) from None
        return cls(*hands)

    def __str__(self) -> str:
        return "N:" + " ".join("-" if h is None else str(h) for h in self.hands)

    def __repr__(self) -> str:
        return f"Deal.parse({str(self)!r})"


def deal_problem(hands: Sequence[tuple[str, Hand]]) -> tuple[int, str] | None:
    """Why these named hands cannot lie in one deal, and the index of the hand
    where it shows; ``None`` if they can. A deal holds each card once and 13
    cards of each suit: the five from the ten up and eight below it, so at
    most eight ``x`` spots and small ranks together in a suit.

    >>> south, north = Hand.parse("A.KQJT98765432.."), Hand.parse("AKQJ.T98.765.432")
    >>> deal_problem([("South", south), ("North", north)])[1]
    'card ♠A held by both South and North (Law 1A; rectification Law 13; Laws of Duplicate Bridge 2017)'
    >>> deal_problem([("W", Hand.parse("xxxxx.xxxx.xxxx.")), ("E", Hand.parse("xxxx.xxxx.xxxx.x"))])[1]
    'more than 8 cards below the ten in ♠: 9 in all (Law 1A; rectification Law 13; Laws of Duplicate Bridge 2017)'

    The Laws: a pack of 52 cards, 13 in each suit (Law 1A), so no card twice;
    a hand with a card beyond it has an incorrect number of cards (Law 13).
    """
    seen: dict[Card, str] = {}
    small = dict.fromkeys(Suit, 0)
    for index, (name, hand) in enumerate(hands):
        for card in hand.cards():
            if card in seen:
                return index, (f"card {card.suit.symbol}{card.rank.letter} held by both "
                               f"{seen[card]} and {name} ({CARD_TWICE})")
            seen[card] = name
        for suit in SUITS_HIGH_FIRST:
            holding = hand.holding(suit)
            small[suit] += holding.spots + sum(1 for r in holding.ranks if r < Rank.TEN)
            if small[suit] > 8:
                return index, (f"more than 8 cards below the ten in {suit.symbol}: "
                               f"{small[suit]} in all ({CARD_TWICE})")
    return None


@dataclass(frozen=True, slots=True)
class ShapeRule:
    """A suit-length pattern (longest first) and the suits its longest suit may be."""

    pattern: tuple[int, ...]
    longest_in: frozenset[Suit] = ALL_SUITS

    def matches(self, shape: Shape) -> bool:
        if shape.pattern != self.pattern:
            return False
        return any(shape.length(s) == self.pattern[0] for s in self.longest_in)


@dataclass(frozen=True, slots=True)
class ShapeClass:
    """A named set of shapes, such as a regulation's "balanced"; data, not code."""

    name: str
    source: str
    rules: tuple[ShapeRule, ...]

    def admits(self, shape: Shape) -> bool:
        return any(rule.matches(shape) for rule in self.rules)

    def __contains__(self, item: object) -> bool:
        if isinstance(item, Hand):
            return self.admits(item.shape)
        if isinstance(item, Shape):
            return self.admits(item)
        return False


def _rule(pattern: str, longest_in: frozenset[Suit] = ALL_SUITS) -> ShapeRule:
    return ShapeRule(tuple(int(c) for c in pattern), longest_in)


BWS_BALANCED = ShapeClass(
    "balanced",
    "Bridge World Standard 2001, definitions: (4333), (4432) or (5332)",
    (_rule("4333"), _rule("4432"), _rule("5332")),
)
PZBS_NOTRUMP_SHAPE = ShapeClass(
    "skład bezatutowy bez krótkości",
    "PZBS alerting rules: 4333, 4432, 5332 with any five, 5422 with a five-card "
    "minor, 6322 with a six-card minor",
    (_rule("4333"), _rule("4432"), _rule("5332"), _rule("5422", MINORS), _rule("6322", MINORS)),
)
AEB_REGULAR = ShapeClass(
    "regular or semi-regular",
    "AEB regulation, natural notrump: no void or singleton, at most two doubletons",
    (_rule("4333"), _rule("4432"), _rule("5332"), _rule("5422"), _rule("6322")),
)
BALANCED_DEFINITIONS: dict[str, ShapeClass] = {
    "bws": BWS_BALANCED,
    "pzbs": PZBS_NOTRUMP_SHAPE,
    "aeb": AEB_REGULAR,
}
