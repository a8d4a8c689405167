"""Predicates over the hand of a query (``hand:``, :attr:`Situation.hand`) and
the auction facts that response tables rest on: the exact sequence asked
about, the suit the partnership has agreed, key cards for it, controls,
shortness, stoppers and high-card points.

A response table answers "what does this hand bid here?": the query's auction
ends with the ask, and its hand is the hand of the player who answers it, the
partner of the player of the last call. A hand predicate is unknown, needing
``hand``, when the query gives no hand: the verdict depends, it is never
guessed. Suits are named as the vocabulary names them (``hearts`` or ``♥``).

They register in :data:`~build_tools.rules.conditions.PREDICATES` when
:mod:`~build_tools.rules.conditions` is imported.

>>> import dataclasses
>>> from build_tools.rules.registry import Registry
>>> notes = Registry.standard().declaring({"keycard-king": "trump"})
>>> ask = Condition.parse({"keycard-count": [0, 3]}, "ru", rules=notes)
>>> s = Situation.read("1ч 2ч 4БК", "ru")
>>> ask.evaluate(s).needs
frozenset({'hand'})
>>> from build_tools.bridge import notation
>>> ask.holds(dataclasses.replace(s, hand=notation.profile("ru").parse_hand("п Т76 ч ТК9754 б 8 т В98")))
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from build_tools.bridge import Call, Hand, Suit
from build_tools.bridge.cards import Rank
from build_tools.bridge.errors import BridgeError
from build_tools.bridge.meanings import Range

from .conditions import AUCTION, FLAG, Condition, Truth, _flag, parameter, predicate, range_of, shown, unknown
from .errors import VocabularyError
from .situation import Situation, read_pattern
from .vocabulary import _SUIT_NAMES

__all__ = ["agreed_suit", "has_stopper", "our_calls"]

#: The suits a value may name besides a suit: every suit, the majors, the minors.
_GROUPS = {"major": (Suit.HEARTS, Suit.SPADES), "minor": (Suit.CLUBS, Suit.DIAMONDS),
           "any": tuple(Suit)}


def _suits(value: Any, path: str) -> tuple[Suit, ...]:
    names = value if isinstance(value, list) else [value]
    found: list[Suit] = []
    for name in names:
        if str(name) in _GROUPS:
            found.extend(_GROUPS[str(name)])
            continue
        suit = _SUIT_NAMES.get(str(name))
        if suit is None:
            raise VocabularyError(path, f"unknown suit {name!r} (clubs, diamonds, hearts, spades, ♣♦♥♠, "
                                        f"major, minor, any)")
        found.append(suit)
    return tuple(dict.fromkeys(found))


def _range(value: Any, path: str) -> Range:
    return range_of(value, path)


def _counts(value: Any, path: str, most: int) -> frozenset[int]:
    items = value if isinstance(value, list) else [value]
    if not items or not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= most for n in items):
        raise VocabularyError(path, f"a count from 0 to {most} or a list of counts ([0, 3]), not {value!r}")
    return frozenset(items)


def _on_hand(test: Callable[[Situation, Hand], bool], text: str) -> Condition:
    """A condition on the query's hand: unknown, needing ``hand``, without one."""
    def run(s: Situation) -> bool | Truth:
        return unknown("hand") if s.hand is None else test(s, s.hand)

    return Condition(run, text)


# --- the auction -------------------------------------------------------------


def our_calls(situation: Situation) -> tuple[Call, ...] | None:
    """Our side's calls in order, when the opponents have only passed (the
    partnership view the notes draw); ``None`` in a contested auction.

    >>> [str(c) for c in our_calls(Situation.read("1ч 2ч 4БК", "ru"))]
    ['1H', '2H', '4NT']
    """
    calls = situation.calls
    first = situation.opening_index
    if first is None or not situation.is_ours(first):
        return None
    ours = [c for i, c in enumerate(calls) if i >= first and situation.is_ours(i)]
    theirs = [c for i, c in enumerate(calls) if i >= first and not situation.is_ours(i)]
    if not all(c.is_pass for c in theirs):
        return None
    return tuple(ours)


def _sequences(value: Any, language: str, path: str) -> list[tuple[frozenset[Call], ...]]:
    texts = value if isinstance(value, list) else [value]
    out = []
    for text in texts:
        try:
            pattern = read_pattern(str(text), language, "partnership")
        except (BridgeError, ValueError) as exc:
            raise VocabularyError(path, str(exc)) from None
        if any(slot.opponent or slot.is_question for slot in pattern.slots) or not pattern.slots:
            raise VocabularyError(path, f"our side's calls only, opponents silent: {text!r}")
        out.append(tuple(frozenset(slot.calls) for slot in pattern.slots))
    return out


def _matches(calls: tuple[Call, ...] | None, sequences: list[tuple[frozenset[Call], ...]]) -> bool:
    return calls is not None and any(
        len(calls) == len(seq) and all(c in slot for c, slot in zip(calls, seq, strict=True)) for seq in sequences)


@predicate("sequence", facts=AUCTION, values=("1тб 1ч 1БК 2т",), says="the auction is %(value)s", shows="auction")
def _sequence(value: Any, language: str, path: str) -> Condition:
    """The auction, the call in question included, is exactly one of these
    (our side's calls, the opponents silent; ``1тб 1ч 1БК 2т``: alternatives
    in a slot): the ask a response table answers.

    >>> c = Condition.parse({"sequence": "1тб 1ч 1БК 2т"}, "ru")
    >>> c.holds(Situation.read("1б 1ч 1БК 2т", "ru")), c.holds(Situation.read("1б 1п 1БК 2т", "ru"))
    (True, False)
    """
    sequences = _sequences(value, language, path)
    return Condition(lambda s: _matches(our_calls(s), sequences), f"the auction {shown(value)}")


@predicate("after-sequence", facts=AUCTION, values=("1ч 2ч 4БК",), says="the call answers the auction %(value)s",
           shows="auction")
def _after_sequence(value: Any, language: str, path: str) -> Condition:
    """The auction before the call in question is exactly one of these (as
    ``sequence``), and the call is our side's next: the answer to that ask.

    >>> c = Condition.parse({"after-sequence": "1ч 2ч 4БК"}, "ru")
    >>> c.holds(Situation.read("1ч 2ч 4БК 5т", "ru")), c.holds(Situation.read("1ч 2ч 4БК", "ru"))
    (True, False)
    """
    sequences = _sequences(value, language, path)

    def test(s: Situation) -> bool:
        calls = our_calls(s)
        return calls is not None and _matches(calls[:-1], sequences)

    return Condition(test, f"after {shown(value)}")


@predicate("answers", facts=AUCTION, values=("4БК",), says="the call answers partner's %(value)s", shows="calls")
def _answers(value: Any, language: str, path: str) -> Condition:
    """Partner's last call, the call before this one of our side's (the
    opponents silent), is one of these (``4БК``): the call answers that ask.

    >>> c = Condition.parse({"answers": "4БК"}, "ru")
    >>> c.holds(Situation.read("1ч 2ч 4БК 5т", "ru")), c.holds(Situation.read("1ч 2ч 4БК", "ru"))
    (True, False)
    """
    from .conditions import _calls

    asks = _calls(value, language, path)

    def test(s: Situation) -> bool:
        calls = our_calls(s)
        return calls is not None and len(calls) >= 2 and calls[-2] in asks

    return Condition(test, f"answers {shown(value)}")


def agreed_suit(situation: Situation) -> Suit | None:
    """The suit our side has agreed, read from the bids: the first suit both
    partners have bid (a raise, a preference, a suit named back), the call in
    question included; or the suit partner last named when a player
    double-jumps in a new suit, a splinter ("прыжок (обычно двойной) в масти
    синглета ... обещает ... фит в последней названной масти"). Once a suit
    is agreed it stays so: a later bid of another suit is a cue bid, which
    agrees nothing (4.5.3 a: a suit "которая не может быть согласована"). A
    suit one partner named and the other only completed as a transfer is not
    agreed (the notes: after ``1БК 2ч 2п`` 4БК is no ace ask). ``None``: no
    suit agreed.

    >>> agreed_suit(Situation.read("1ч 1п 2ч 2БК 3б 3ч 3п 4БК", "ru"))
    Suit.HEARTS
    >>> agreed_suit(Situation.read("1п 4т 4б 4ч 5т 5ч 5БК", "ru"))
    Suit.SPADES
    >>> agreed_suit(Situation.read("1БК 2ч 2п 4БК", "ru")) is None
    True
    """
    from build_tools.bridge.auction import jump_level

    named: dict[str, list[Suit]] = {"self": [], "partner": []}
    last_bid: Call | None = None
    for index, call in enumerate(situation.calls):
        who = situation.relation(index)
        if not call.is_bid:
            continue
        previous, last_bid = last_bid, call
        if who not in named or call.strain is None or call.strain.suit is None:
            continue
        suit = call.strain.suit
        other = named["partner" if who == "self" else "self"]
        if all(suit not in bids for bids in named.values()) and other and jump_level(call, previous) >= 2:
            return other[-1]  # a splinter agrees partner's last suit
        named[who].append(suit)
        if all(suit in bids for bids in named.values()):
            return suit
    return None


#: The suits a rule of the hand names, and what else it may name.
SUIT_WORDS = {"clubs": "clubs", "diamonds": "diamonds", "hearts": "hearts", "spades": "spades", "major": "a major",
              "minor": "a minor", "any": "any suit", "none": "no suit"}
#: What a hand's values are: the hand, and the auction that agrees a suit.
HAND = ("hand", "auction", "call")


@predicate("agreed-suit", facts=AUCTION, values=("hearts", "major", "any", "none"), says="the suit agreed is %(value)s",
           shows="suits", words=SUIT_WORDS)
def _agreed_suit(value: Any, language: str, path: str) -> Condition:
    """The suit our side has agreed (:func:`agreed_suit`) is one of these
    (``hearts``, ``major``, ``any``), or ``none``: no suit is agreed."""
    if value == "none":
        return Condition(lambda s: agreed_suit(s) is None, "no suit agreed")
    suits = _suits(value, path)
    return Condition(lambda s: agreed_suit(s) in suits, f"agreed suit {shown(value)}")


def _trump(s: Situation) -> Suit | None:
    return agreed_suit(s)


# --- the hand ------------------------------------------------------------------


def _keycard_kings(value: Any, path: str) -> Callable[[Suit], tuple[Suit, ...]]:
    if value == "trump":
        return lambda trump: (trump,)
    suits = _suits(value, path)
    return lambda trump: tuple(dict.fromkeys((trump, *suits)))


@predicate("keycard-count", facts=HAND, values=("[0, 3]", "1"), parameters=("keycard-king",),
           says="the hand holds %(value)s key cards", shows="text")
def _keycard_count(value: Any, language: str, path: str) -> Condition:
    """The hand holds one of these numbers of key cards (``[0, 3]``) for the
    agreed suit: the four aces and the king the parameter keycard-king names
    (``trump``: the agreed suit's). False when no suit is agreed."""
    counts = _counts(value, path, 5)
    value_of_king = parameter("keycard-king", path, (str, list))
    kings = _keycard_kings(value_of_king, path)

    def test(s: Situation, hand: Hand) -> bool:
        trump = _trump(s)
        extra = kings(trump) if trump is not None else ()
        return trump is not None and hand.keycards(trump, [k for k in extra if k is not trump]) in counts

    king = "the trump king" if value_of_king == "trump" else f"the trump king and the kings of {value_of_king}"
    return _on_hand(test, f"{' or '.join(map(str, sorted(counts)))} key cards (the four aces and {king})")


@predicate("trump-queen", facts=HAND, values=FLAG, says="the hand holds the queen of the agreed suit", shows="flag")
def _trump_queen(value: Any, language: str, path: str) -> Condition:
    """The hand holds (``true``) or lacks (``false``) the queen of the agreed
    suit. False when no suit is agreed."""
    wanted = _flag(value, path)

    def test(s: Situation, hand: Hand) -> bool:
        trump = _trump(s)
        return trump is not None and hand.has_trump_queen(trump) == wanted

    return _on_hand(test, "the trump queen" if wanted else "no trump queen")


@predicate("top-honours", facts=HAND, values=("2+",), says="the hand holds %(value)s of the ace, king and queen of the agreed suit",
           shows="range")
def _top_honours(value: Any, language: str, path: str) -> Condition:
    """How many of the ace, king and queen of the agreed suit the hand holds
    lies in this range (``2+``). False when no suit is agreed."""
    wanted = _range(value, path)

    def test(s: Situation, hand: Hand) -> bool:
        trump = _trump(s)
        if trump is None:
            return False
        held = sum(1 for r in (Rank.ACE, Rank.KING, Rank.QUEEN) if r in hand.holding(trump))
        return held in wanted

    return _on_hand(test, f"{shown(value)} of the top three trump honours")


@predicate("hand-hcp", facts=("hand",), values=("11-13", "16+"), says="the hand holds %(value)s HCP", shows="range")
def _hand_hcp(value: Any, language: str, path: str) -> Condition:
    """The hand's high-card points (4-3-2-1) lie in this range (``11-13``)."""
    wanted = _range(value, path)
    return _on_hand(lambda s, hand: hand.hcp in wanted, f"{shown(value)} HCP in the hand")


@predicate("hand-length", facts=HAND, values=("{hearts: 3}", "{spades: 4, hearts: 5}", "{agreed: 4+}", "{named: 5+}",
                                             "{opening: 0-1}"),
           says="the hand's lengths are %(value)s", shows="text")
def _hand_length(value: Any, language: str, path: str) -> Condition:
    """The hand's length in each suit named lies in its range (``{hearts: 3}``,
    ``{spades: 4, hearts: 5}``; ``agreed``: the agreed suit; ``named``: the
    suit the bid names; ``opening``: the opening bid's suit)."""
    if not isinstance(value, dict) or not value:
        raise VocabularyError(path, "maps suits to lengths, e.g. {hearts: 3}")
    wanted: list[tuple[Suit | str, Range]] = []
    for name, length in value.items():
        if name in ("agreed", "named", "opening"):
            wanted.append((str(name), _range(length, f"{path}.{name}")))
            continue
        suit = _suits(name, f"{path}.{name}")
        if len(suit) != 1:
            raise VocabularyError(f"{path}.{name}", "one suit")
        wanted.append((suit[0], _range(length, f"{path}.{name}")))

    def test(s: Situation, hand: Hand) -> bool:
        for suit, length in wanted:
            target = _trump(s) if suit == "agreed" else s.which_suit(suit) if isinstance(suit, str) else suit
            if target is None or hand.length(target) not in length:
                return False
        return True

    return _on_hand(test, "lengths " + ", ".join(f"{k} {v}" for k, v in value.items()))


def _in(suits: tuple[Suit, ...], hand: Hand, length: int) -> bool:
    return any(hand.length(suit) == length for suit in suits)


@predicate("singleton", facts=("hand",), values=("[clubs, diamonds]", "any", "none"), says="the hand has a singleton in %(value)s",
           shows="suits", words=SUIT_WORDS)
def _singleton(value: Any, language: str, path: str) -> Condition:
    """The hand has a singleton in one of these suits (``[clubs, diamonds]``,
    ``any``), or ``none``: no singleton anywhere (a void is no singleton)."""
    if value == "none":
        return _on_hand(lambda s, hand: not _in(tuple(Suit), hand, 1), "no singleton")
    suits = _suits(value, path)
    return _on_hand(lambda s, hand: _in(suits, hand, 1), f"a singleton in {shown(value)}")


@predicate("void", facts=("hand",), values=("spades", "any", "none"), says="the hand has a void in %(value)s", shows="suits",
           words=SUIT_WORDS)
def _void(value: Any, language: str, path: str) -> Condition:
    """The hand has a void in one of these suits (``any``), or ``none``: no void."""
    if value == "none":
        return _on_hand(lambda s, hand: not _in(tuple(Suit), hand, 0), "no void")
    suits = _suits(value, path)
    return _on_hand(lambda s, hand: _in(suits, hand, 0), f"a void in {shown(value)}")


def has_stopper(hand: Hand, suit: Suit) -> bool:
    """A full stopper as a director counts one: the ace, Kx, Qxx, Jxxx or
    longer holdings of the same honours.

    >>> from build_tools.bridge import Hand
    >>> [has_stopper(Hand.parse(h), Suit.SPADES) for h in ("Qx.AKQJ.xxxx.xxx", "Q9x.AKQJ.xxx.xxx")]
    [False, True]
    """
    holding = hand.holding(suit)
    need = {Rank.ACE: 1, Rank.KING: 2, Rank.QUEEN: 3, Rank.JACK: 4}
    return any(rank in holding and holding.length >= n for rank, n in need.items())


def has_half_stopper(hand: Hand, suit: Suit) -> bool:
    """Half a stopper (the notes' "половинная задержка"): Qx or Jxx, which
    stops the suit with an honour of partner's."""
    holding = hand.holding(suit)
    return (Rank.QUEEN in holding and holding.length >= 2) or (Rank.JACK in holding and holding.length >= 3)


@predicate("stopper", facts=("hand",), values=("spades", "[hearts, spades]"), says="the hand stops %(value)s", shows="suits",
           words=SUIT_WORDS)
def _stopper(value: Any, language: str, path: str) -> Condition:
    """The hand stops every one of these suits (:func:`has_stopper`)."""
    suits = _suits(value, path)
    return _on_hand(lambda s, hand: all(has_stopper(hand, x) for x in suits), f"a stopper in {shown(value)}")


@predicate("half-stopper", facts=("hand",), values=("spades",), says="the hand holds half a stopper in %(value)s",
           shows="suits", words=SUIT_WORDS)
def _half_stopper(value: Any, language: str, path: str) -> Condition:
    """The hand holds half a stopper (Qx, Jxx: :func:`has_half_stopper`) but
    no full one in every one of these suits."""
    suits = _suits(value, path)
    return _on_hand(lambda s, hand: all(has_half_stopper(hand, x) and not has_stopper(hand, x) for x in suits),
                    f"half a stopper in {shown(value)}")


def control(hand: Hand, suit: Suit) -> int:
    """The round in which the hand controls ``suit``: 1 with the ace or a
    void, 2 with the king or a singleton (the notes' "задержка 1-го (туз или
    ренонс) или 2-го (король или синглет) класса"), else 0."""
    holding = hand.holding(suit)
    if holding.length == 0 or Rank.ACE in holding:
        return 1
    if holding.length == 1 or Rank.KING in holding:
        return 2
    return 0


@predicate("control", facts=("hand",), values=("{suit: spades, round: 1}", "{suit: clubs, round: 2}", "{suit: hearts, round: 0}"),
           says="the hand's control is %(value)s", shows="text")
def _control(value: Any, language: str, path: str) -> Condition:
    """The hand controls the suit by this round: ``{suit: spades, round: 1}``
    (ace or void), ``round: 2`` (first or second: also king or singleton),
    ``round: 0`` (no control)."""
    if not isinstance(value, dict) or set(value) != {"suit", "round"}:
        raise VocabularyError(path, "{suit: <suit>, round: 0, 1 or 2}")
    suits = _suits(value["suit"], f"{path}.suit")
    if value["round"] not in (0, 1, 2):
        raise VocabularyError(f"{path}.round", "0, 1 or 2")
    wanted: int = value["round"]

    def test(s: Situation, hand: Hand) -> bool:
        rounds = [control(hand, x) for x in suits]
        return all(r == 0 for r in rounds) if wanted == 0 else all(0 < r <= wanted for r in rounds)

    return _on_hand(test, f"control of {value['suit']} by round {wanted}" if wanted else
                    f"no control of {value['suit']}")



# --- where a rule comes from -----------------------------------------------


@predicate("row", facts=(), values=("otvety-na-4bk 1",), says="the row %(value)s of the table", shows="text")
def _row(value: Any, language: str, path: str) -> Condition:
    """Always holds: names the row of a response table the rule formalises
    (``otvety-na-4bk 1``: the table's id and the row's number from 1), so that
    a verdict cites the row beside its article."""
    parts = str(value).split()
    if len(parts) != 2 or not parts[1].isascii() or not parts[1].isdigit() or int(parts[1]) < 1:
        raise VocabularyError(path, f"a table's id and a row number from 1 ('otvety-na-4bk 1'), not {value!r}")
    return Condition(lambda s: True, f"table {parts[0]}, row {parts[1]}")


def _opening_suit(s: Situation) -> Suit | None:
    index = s.opening_index
    if index is None or not s.is_ours(index):
        return None
    call = s.calls[index]
    return call.strain.suit if call.strain is not None else None


#: The honours that make a suit "не хуже чем Фхх" (a figure and two small):
#: the ace, king or queen.
_FIGURES = (Rank.ACE, Rank.KING, Rank.QUEEN)


def side_suit(situation: Situation, hand: Hand) -> Suit | None:
    """The hand's side suit, the one it shows beside the suit of our opening
    bid: the longest other suit at least three cards long with the ace, king
    or queen ("не хуже чем Фхх"); between two as long, the higher-ranking.
    ``None``: no such suit.

    >>> from build_tools.bridge import notation
    >>> s = Situation.read("1ч 2БК", "ru")
    >>> side_suit(s, notation.profile("ru").parse_hand("п 76 ч ТК975 б КД8 т Т98"))
    Suit.DIAMONDS
    """
    opening = _opening_suit(situation)
    candidates = [suit for suit in Suit if suit is not opening and hand.length(suit) >= 3
                  and any(r in hand.holding(suit) for r in _FIGURES)]
    if not candidates:
        return None
    return max(candidates, key=lambda suit: (hand.length(suit), suit.value))


@predicate("side-suit", facts=HAND, values=("diamonds", "none"), says="the hand's side suit is %(value)s", shows="suits",
           words=SUIT_WORDS)
def _side_suit(value: Any, language: str, path: str) -> Condition:
    """The hand's side suit (:func:`side_suit`: three cards or more headed by
    the ace, king or queen, the longest beside the opening suit) is this one,
    or ``none``: the hand has none."""
    if value == "none":
        return _on_hand(lambda s, hand: side_suit(s, hand) is None, "no side suit as good as Фхх")
    suits = _suits(value, path)
    return _on_hand(lambda s, hand: side_suit(s, hand) in suits, f"side suit {shown(value)}, as good as Фхх")


#: Balanced patterns: no singleton or void, at most one doubleton.
_BALANCED = ((4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2))


@predicate("hand-shape", facts=("hand",), values=("5332", "[5431, 4441]", "balanced"), says="the hand's shape is %(value)s",
           shows="word", words={"balanced": "balanced"})
def _hand_shape(value: Any, language: str, path: str) -> Condition:
    """The hand's pattern is one of these, longest suit first (``5332`` or a
    list), or ``balanced``: 4-3-3-3, 4-4-3-2 or 5-3-3-2 (the notes'
    "равномерная"). Which suit is which, ``hand-length`` asks."""
    tokens = value if isinstance(value, list) else [value]
    patterns: set[tuple[int, ...]] = set()
    for token in map(str, tokens):
        if token == "balanced":
            patterns.update(_BALANCED)
            continue
        digits = tuple(int(d) for d in token if d.isdigit())
        if len(digits) != 4 or len(token) != 4 or sum(digits) != 13 or list(digits) != sorted(digits, reverse=True):
            raise VocabularyError(path, f"balanced or a pattern of four lengths, longest first, not {token!r}")
        patterns.add(digits)

    def test(s: Situation, hand: Hand) -> bool:
        return tuple(sorted((hand.length(x) for x in Suit), reverse=True)) in patterns

    return _on_hand(test, f"shape {shown(value)}")


_RANK_NAMES = {"ace": Rank.ACE, "king": Rank.KING, "queen": Rank.QUEEN, "jack": Rank.JACK, "ten": Rank.TEN}


@predicate("honours", facts=("hand",), values=("{suit: diamonds, of: [ace, king, queen], count: 2+}",),
           says="the hand's honours are %(value)s", shows="text")
def _honours(value: Any, language: str, path: str) -> Condition:
    """How many of these honours the hand holds in a suit lies in a range:
    ``{suit: diamonds, of: [ace, king, queen], count: 2+}`` (a good suit),
    ``{suit: clubs, of: [king, queen, jack], count: 0}`` (nothing wasted
    opposite partner's singleton)."""
    if not isinstance(value, dict) or set(value) != {"suit", "of", "count"}:
        raise VocabularyError(path, "{suit: <suit>, of: [ace, king, ...], count: <range>}")
    suits = _suits(value["suit"], f"{path}.suit")
    names = value["of"] if isinstance(value["of"], list) else [value["of"]]
    if not names or any(n not in _RANK_NAMES for n in names):
        raise VocabularyError(f"{path}.of", f"honours among {', '.join(_RANK_NAMES)}, not {value['of']!r}")
    ranks = tuple(_RANK_NAMES[n] for n in names)
    wanted = _range(value["count"], f"{path}.count")

    def test(s: Situation, hand: Hand) -> bool:
        return all(sum(1 for r in ranks if r in hand.holding(x)) in wanted for x in suits)

    return _on_hand(test, f"{value['count']} of {', '.join(names)} in {value['suit']}")


@predicate("next-step", facts=AUCTION, values=FLAG, says="the call is the cheapest bid above the last one", shows="flag")
def _next_step(value: Any, language: str, path: str) -> Condition:
    """The call is the cheapest bid above the last one (``true``), the
    notes' "следующее ближайшее назначение"."""
    wanted = _flag(value, path)

    def test(s: Situation) -> bool:
        index = s.last_bid_index
        if not s.call.is_bid or index is None:
            return not wanted
        last = s.calls[index]
        assert last.level is not None and last.strain is not None
        level, strain = (last.level + 1, 0) if last.strain.value == 4 else (last.level, last.strain.value + 1)
        step = s.call.level == level and s.call.strain is not None and s.call.strain.value == strain
        return step == wanted

    return Condition(test, "the next step" if wanted else "not the next step")


@predicate("partner-raised-to", facts=AUCTION, values=("2", "3"), says="partner raised the agreed suit to level %(value)s",
           shows="text")
def _partner_raised_to(value: Any, language: str, path: str) -> Condition:
    """Partner's last call bid the agreed suit (:func:`agreed_suit`) at this
    level (``2``): the raise that agrees a major "на уровне два"."""
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 7:
        raise VocabularyError(path, f"a level from 1 to 7, not {value!r}")

    def test(s: Situation) -> bool:
        calls = our_calls(s)
        trump = agreed_suit(s)
        if calls is None or len(calls) < 2 or trump is None:
            return False
        last = calls[-2]
        return last.is_bid and last.level == value and last.strain is not None and last.strain.suit is trump

    return Condition(test, f"partner raised the agreed suit to the {value} level")


@predicate("in-agreed-suit", facts=AUCTION, values=FLAG, says="the call bids the suit agreed", shows="flag")
def _in_agreed_suit(value: Any, language: str, path: str) -> Condition:
    """The bid names the suit our side has agreed (:func:`agreed_suit`), or
    (``false``) another suit; a notrump bid, a pass, a double: neither."""
    wanted = _flag(value, path)

    def test(s: Situation) -> bool:
        call = s.call
        if not call.is_bid or call.strain is None or call.strain.suit is None:
            return False
        trump = agreed_suit(s)
        return trump is not None and (call.strain.suit is trump) == wanted

    return Condition(test, "in the agreed suit" if wanted else "in a suit other than the agreed one")
