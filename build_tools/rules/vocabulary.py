"""The meaning vocabulary: what a call shows, as regulations and directors say it.

A meaning is a mapping with a closed set of keys, each with a closed set of
values, shared by the rules (what an article exempts or requires) and the
queries (what a pair has agreed)::

    natural: true                      # or artificial: true
    hcp: 14-18                         # a range: 15-17, 5+, -9, 6
    suits: {hearts: 5+}                # lengths of named suits (♥ also works)
    major: 4+                          # a major of that length, not saying which
    minor: 4+                          # a minor of that length, not saying which
    shape: [balanced, 5m422]           # shape classes and patterns (see SHAPES)
    forcing: non-forcing               # non-forcing | semi-forcing | forcing | game-forcing
    strength: preemptive               # see STRENGTHS
    convention: stayman                # see conventions.yaml, or declared by the document
    two-suiter: {min: 5-5, highest-unbid: true, second-known: false}
    standard: true                     # a meaning the opponents expect at this point
    lead: other-suit                   # a lead-directing double's request (see LEADS)
    unbid-suits: 3+                    # cards promised in each suit nobody has bid
    to-play: true                      # proposed as the final contract (AEB "contrato final")
    partner-must-bid: clubs            # the suit partner is obliged to bid next
    stopper: half                      # full | half (at least a half stopper) | asks (see STOPPERS)
    suit-quality: solid                # good | strong | solid (see SUIT_QUALITIES)
    bid-suit: 6+                       # cards promised in the suit the bid names
    doubled-suit: true                 # a double shows the suit of the bid doubled
    keycards: [0, 3]                   # key cards for the agreed suit: one of these counts
    trump-queen: true                  # holds (or denies) the queen of the agreed suit
    singleton: [clubs, diamonds]       # a singleton in one of these suits; none: no singleton

An unknown key or value is an error with a did-you-mean hint
(:class:`VocabularyError`), never ignored.

>>> m = Meaning.parse({"hcp": "14-18", "shape": "balanced", "natural": True})
>>> m.hcp, sorted(m.shape or ())
(Range.parse('14-18'), ['4333', '4432', '5M332', '5m332'])
>>> Meaning.parse({"convention": "staymen"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
build_tools.rules.errors.VocabularyError: convention: unknown value 'staymen' (did you mean 'stayman'?); the conventions: ...
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from build_tools.bridge import AEB_REGULAR, BWS_BALANCED, PZBS_NOTRUMP_SHAPE, Suit
from build_tools.bridge.errors import BridgeError
from build_tools.bridge.hands import MINORS, ShapeClass

from .errors import VocabularyError
from build_tools.bridge.meanings import Range

__all__ = ["CONVENTIONS", "FORCING", "LEADS", "SHAPES", "STOPPERS", "STRENGTHS", "SUIT_QUALITIES", "Meaning", "TwoSuiter",
           "VocabularyError", "expand_shape", "types_at", "whole_call"]


#: Forcing statuses, weakest first. "Semi-forcing": partner passes only with
#: a minimum (the ACBL's "semi-forcing" 1NT response; a federation's word).
FORCING: tuple[str, ...] = ("non-forcing", "semi-forcing", "forcing", "game-forcing")

#: Strength classes; "semi-positive" and "negative" are responses' classes.
STRENGTHS: tuple[str, ...] = (
    "negative", "weak", "semi-positive", "constructive", "invitational", "strong", "preemptive",
    # BWS: "antingen en svag eller en mycket stark hand" (a cue bid, a direct
    # 2NT); "minst öppningshand" (at least an opening hand).
    "weak-or-strong", "opening",
    # BWS's reopening jump overcall: "minst öppningshand ... Maximum är en
    # kung bättre än en öppningshand": an opening hand at least, an opening
    # hand and a king at most (the bridge word: an intermediate hand).
    "intermediate",
)

#: Kinds of convention the documents name (Polish and Spanish names in comments).
def conventions() -> tuple[str, ...]:
    """The conventions in force: the handbook's standard ones
    (``conventions.yaml``) and those the document being read declares."""
    from .registry import in_force

    return tuple(in_force().conventions)


#: What a lead-directing double asks for (PZBS "kontra wistowa"): the lead of
#: the suit of the call doubled, of another suit, or not that suit (an
#: "antykontra").
LEADS: tuple[str, ...] = ("doubled-suit", "other-suit", "not-doubled-suit")

#: What a call says of a stopper in the opponents' suit (BWS "håll",
#: "åtminstone halvhåll", "frågar efter håll"): it has one, it has at least a
#: half stopper (Qx, Jxx), or it asks partner for one.
STOPPERS: tuple[str, ...] = ("full", "half", "asks")

#: The quality of the long suit a call shows (BWS "en bra färg", "en stark
#: 6-kortsfärg", "en genomgående färg"), weakest first.
SUIT_QUALITIES: tuple[str, ...] = ("good", "strong", "solid")

_MAJORS = frozenset({Suit.HEARTS, Suit.SPADES})


def _patterns(shape_class: ShapeClass) -> tuple[str, ...]:
    """A regulation's shape class (data of the rule model) as patterns."""
    out = []
    for rule in shape_class.rules:
        digits = "".join(map(str, rule.pattern))
        kind = "m" if rule.longest_in == MINORS else "M" if rule.longest_in == _MAJORS else ""
        out.append(f"{digits[0]}{kind}{digits[1:]}" if kind else digits)
    return tuple(out)


#: Named shape classes as sets of patterns. A pattern is four lengths, longest
#: first; "5M332" has a major five, "5m332" a minor one ("5332": either). Each
#: regulation's own "balanced" is its shape class in the rule model.
SHAPES: dict[str, tuple[str, ...]] = {
    "balanced": _patterns(BWS_BALANCED),
    "pzbs-notrump": _patterns(PZBS_NOTRUMP_SHAPE),   # "skład bezatutowy bez krótkości"
    "aeb-regular": _patterns(AEB_REGULAR),            # "regular o semirregular"
    "semi-balanced": ("5422", "6322"),
    "single-suiter": ("6331", "6421", "7222", "7321", "6430", "7330", "7411", "8221", "8311"),
    "two-suiter": ("5431", "5440", "5521", "5530", "6511", "6520", "6610", "5422"),
    "three-suiter": ("4441", "5440"),
}

_SUIT_NAMES = {
    "clubs": Suit.CLUBS, "diamonds": Suit.DIAMONDS, "hearts": Suit.HEARTS, "spades": Suit.SPADES,
    "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES,
}


def expand_shape(token: str) -> frozenset[str]:
    """The patterns a shape token stands for: a class name, or a pattern whose
    longest suit may be marked major (M) or minor (m).

    >>> sorted(expand_shape("5422"))
    ['5M422', '5m422']
    >>> sorted(expand_shape("4333"))
    ['4333']
    """
    if token in SHAPES:
        return frozenset().union(*(expand_shape(p) for p in SHAPES[token]))
    digits = token.replace("M", "").replace("m", "")
    if len(digits) != 4 or not (digits.isascii() and digits.isdigit()) or sum(map(int, digits)) != 13 or list(digits) != sorted(digits, reverse=True):
        close = difflib.get_close_matches(token, list(SHAPES), n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise VocabularyError("shape", f"unknown shape {token!r}: a class ({', '.join(SHAPES)}) "
                                       f"or four lengths longest first, adding to 13{hint}")
    if digits[0] == digits[1] or int(digits[0]) < 5 or token != digits:
        return frozenset({token})
    # Whether a five- or six-card suit is a major matters (PZBS's 1NT: "5422
    # with a minor five"); it is told only where that suit is the only longest.
    return frozenset({f"{digits[0]}M{digits[1:]}", f"{digits[0]}m{digits[1:]}"})


@dataclass(frozen=True, slots=True)
class TwoSuiter:
    """A two-suited hand: the lengths at least (``5-5``), which suits if known;
    ``other``, the group of a suit it does not name (``suits: [hearts,
    minor]``: hearts and a minor, not saying which)."""

    min: tuple[int, int] = (5, 5)
    suits: frozenset[Suit] = frozenset()
    highest_unbid: bool | None = None
    second_known: bool | None = None
    lowest_two: bool | None = None
    other: str | None = None


@dataclass(frozen=True, slots=True)
class Meaning:
    """An agreed meaning; ``None`` (or empty) for what it does not say."""

    natural: bool | None = None
    hcp: Range | None = None
    suits: tuple[tuple[Suit, Range], ...] = ()
    major: Range | None = None
    #: A minor of that length, not saying which (the CBA's 2♥ "with a 4+ minor").
    minor: Range | None = None
    shape: frozenset[str] | None = None
    forcing: str | None = None
    strength: str | None = None
    convention: str | None = None
    two_suiter: TwoSuiter | None = None
    standard: bool | None = None
    #: A lead-directing double's request (:data:`LEADS`).
    lead: str | None = None
    #: The cards a double promises in every suit nobody has bid (a takeout
    #: double's support: ``3+``; ``0+``: it may be short in one).
    unbid_suits: Range | None = None
    #: The call proposes itself as the final contract (AEB "se propone esta
    #: voz como contrato final"): a notrump sign-off or invitation to play in
    #: notrump, a penalty double, a redouble to play.
    to_play: bool | None = None
    #: The suit the agreement obliges partner to bid next, whether or not the
    #: call shows it: a forcing transfer's suit, a puppet's (Lebensohl's 2NT: clubs).
    partner_must_bid: Suit | None = None
    #: What the call says of a stopper in the opponents' suit (:data:`STOPPERS`).
    stopper: str | None = None
    #: The quality of the long suit the call shows (:data:`SUIT_QUALITIES`).
    suit_quality: str | None = None
    #: The cards promised in the suit the bid names, whichever it is: one
    #: rule speaks of every jump overcall (BWS "en stark 6-kortsfärg").
    bid_suit: Range | None = None
    #: A double shows the suit the doubled bid names or indicates (BWS "visar
    #: den dubblade färgen"), its length not said.
    doubled_suit: bool | None = None
    #: Key cards for the agreed suit (Blackwood's answers): the count is one
    #: of these ("5т 0 или 3": ``[0, 3]``).
    keycards: frozenset[int] | None = None
    #: Whether the hand holds the queen of the agreed suit.
    trump_queen: bool | None = None
    #: A singleton in one of these suits; the empty set: no singleton at all
    #: (written ``none``).
    singleton: frozenset[Suit] | None = None
    keys: frozenset[str] = field(default=frozenset(), compare=False)

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> Meaning:
        """Read a meaning mapping; raises :class:`VocabularyError`."""
        if not isinstance(data, Mapping):
            raise VocabularyError("", "a meaning is a mapping of the vocabulary's keys")
        values: dict[str, Any] = {}
        for key, value in data.items():
            reader = _READERS.get(key)
            if reader is None:
                raise VocabularyError(str(key), f"unknown key{_hint(str(key), _READERS)}")
            name, parsed = reader(value)
            values[name] = parsed
        # Both read (as booleans) before they are compared, in whichever order written.
        if "artificial" in data and "natural" in data and data["natural"] == data["artificial"]:
            raise VocabularyError("artificial", "contradicts 'natural'")
        return cls(**values, keys=frozenset(str(k) for k in data))

    def length_of(self, suit: Suit) -> Range | None:
        return next((r for s, r in self.suits if s is suit), None)

    def promised(self, suit: Suit) -> Range | None:
        """The length the meaning promises in ``suit``: its own range in
        ``suits``, else, for a two-suiter that names the suit, its shorter
        minimum and up; ``None`` when the meaning says nothing of the suit.

        >>> m = Meaning.parse({"suits": {"spades": "5+"}, "two-suiter": {"min": "5-4", "suits": ["spades", "clubs"]}})
        >>> str(m.promised(Suit.SPADES)), str(m.promised(Suit.CLUBS)), m.promised(Suit.HEARTS)
        ('5+', '4+', None)
        """
        own = self.length_of(suit)
        if own is not None:
            return own
        if self.two_suiter is not None and suit in self.two_suiter.suits:
            return Range(min(self.two_suiter.min), None)
        return None

    def shown_suits(self, at_least: int = 4) -> tuple[Suit, ...]:
        """The suits the meaning promises ``at_least`` cards in, in rank order.

        >>> [s.name for s in Meaning.parse({"suits": {"spades": "5+", "hearts": "0-3"}}).shown_suits()]
        ['SPADES']
        """
        return tuple(s for s in Suit if (r := self.promised(s)) is not None and r.low >= at_least)


def _hint(word: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(known), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _flag(key: str) -> Any:
    def read(value: Any) -> tuple[str, bool]:
        if not isinstance(value, bool):
            raise VocabularyError(key, f"must be true or false, not {value!r}")
        return key, value

    return read


#: The most a range may name: thirteen cards hold at most the four aces, kings
#: and queens and a jack (37 HCP); a suit has 13 cards.
MOST_HCP = 37
MOST_CARDS = 13


def _range(key: str, value: Any, most: int = MOST_CARDS) -> Range:
    try:
        found = Range.parse(str(value))
    except BridgeError as exc:
        raise VocabularyError(key, str(exc)) from None
    if max(found.low, found.high or 0) > most:
        what = f"a hand holds at most {most} HCP" if most == MOST_HCP else f"a suit has at most {most} cards"
        raise VocabularyError(key, f"{what}, not {found}")
    return found


def _choice(key: str, choices: tuple[str, ...], attribute: str | None = None) -> Any:
    def read(value: Any) -> tuple[str, str]:
        if value not in choices:
            raise VocabularyError(key, f"unknown value {value!r}{_hint(str(value), choices)}")
        return attribute or key, str(value)

    return read


def _suit(path: str, name: Any, also: tuple[str, ...] = ()) -> Suit:
    """A suit by its name or symbol; ``also``: the other words the place
    takes, for the hint (a two-suiter's ``major``, ``minor``)."""
    suit = _SUIT_NAMES.get(str(name))
    if suit is None:
        raise VocabularyError(path, f"unknown suit {name!r}{_hint(str(name), [*_SUIT_NAMES, *also])}")
    return suit


def _listed(value: Any) -> str:
    """A list as YAML writes it (``[hearts, minor]``), not as Python prints it."""
    if isinstance(value, list):
        return "[" + ", ".join(_listed(v) for v in value) + "]"
    return str(value)


def _suits(value: Any) -> tuple[str, tuple[tuple[Suit, Range], ...]]:
    if not isinstance(value, Mapping):
        raise VocabularyError("suits", "must map suits to lengths, e.g. {hearts: 5+}")
    lengths: dict[Suit, tuple[str, Range]] = {}
    for name, length in value.items():
        suit = _suit(f"suits.{name}", name)
        if suit in lengths:  # 'hearts' and '♥'
            raise VocabularyError(f"suits.{name}", f"the same suit as '{lengths[suit][0]}'")
        lengths[suit] = (str(name), _range(f"suits.{name}", length))
    return "suits", tuple((suit, length) for suit, (_, length) in lengths.items())


def _shape(value: Any) -> tuple[str, frozenset[str]]:
    tokens = [value] if isinstance(value, str) else value
    if not isinstance(tokens, list) or not tokens:
        raise VocabularyError("shape", "must be a shape class or pattern, or a list of them")
    return "shape", frozenset().union(*(expand_shape(str(t)) for t in tokens))


_TWO_SUITER_KEYS = ("min", "suits", "highest-unbid", "second-known", "lowest-two")
#: What a two-suiter's ``suits`` may name besides a suit: the group of a suit
#: it does not name ("hearts and a minor").
_SUIT_GROUPS = ("major", "minor")


def _two_suiter(value: Any) -> tuple[str, TwoSuiter]:
    if value is True:
        return "two_suiter", TwoSuiter()
    if not isinstance(value, Mapping):
        raise VocabularyError("two-suiter", "must be true or a mapping of " + ", ".join(_TWO_SUITER_KEYS))
    fields: dict[str, Any] = {}
    for key, item in value.items():
        path = f"two-suiter.{key}"
        if key == "min":
            parts = str(item).split("-")
            if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) <= 2 for p in parts):
                raise VocabularyError(path, f"lengths as 5-5 or 6-4, not {item!r}")
            first, second = int(parts[0]), int(parts[1])
            if first + second > MOST_CARDS:
                raise VocabularyError(path, f"two suits of {first} and {second} cards: a hand has {MOST_CARDS}")
            fields["min"] = (first, second)
        elif key == "suits":
            if not isinstance(item, list):
                raise VocabularyError(path, "a list of suits")
            groups = [str(s) for s in item if s in _SUIT_GROUPS]
            named = [s for s in item if s not in _SUIT_GROUPS]
            if len(item) > 2 or groups and len(named) != 1:
                raise VocabularyError(path, "two suits at most, or one suit and 'major' or 'minor' for the other "
                                            f"(suits: [hearts, minor]), not {_listed(item)}")
            fields["suits"] = frozenset(_suit(path, s, _SUIT_GROUPS) for s in named)
            if groups:
                fields["other"] = groups[0]
        elif key in ("highest-unbid", "second-known", "lowest-two"):
            fields[key.replace("-", "_")] = _flag(path)(item)[1]
        else:
            raise VocabularyError(path, f"unknown key{_hint(str(key), _TWO_SUITER_KEYS)}")
    return "two_suiter", TwoSuiter(**fields)


def _convention(value: Any) -> tuple[str, str]:
    known = conventions()
    if not isinstance(value, str) or value not in known:
        raise VocabularyError("convention", f"unknown value {value!r}{_hint(str(value), known)}; the conventions: "
                                            f"{', '.join(known)} (a document declares more under 'conventions:')")
    return "convention", value


def _standard_conventions() -> list[str]:
    from .registry import Registry

    return list(Registry.standard().conventions)
#: Key cards a hand can hold: four aces and the trump king.
MOST_KEYCARDS = 5


def _keycards(value: Any) -> tuple[str, frozenset[int]]:
    counts = value if isinstance(value, list) else [value]
    if not counts or not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= MOST_KEYCARDS
                             for c in counts):
        raise VocabularyError("keycards", f"a count of key cards from 0 to {MOST_KEYCARDS}, or a list of them "
                                          f"([0, 3]), not {value!r}")
    return "keycards", frozenset(counts)


def _singleton(value: Any) -> tuple[str, frozenset[Suit]]:
    if value == "none":
        return "singleton", frozenset()
    names = value if isinstance(value, list) else [value]
    if not names:
        raise VocabularyError("singleton", "a suit, a list of suits, or none")
    return "singleton", frozenset(_suit("singleton", n) for n in names)


def _artificial(value: Any) -> tuple[str, bool]:
    return "natural", not _flag("artificial")(value)[1]


_READERS: dict[str, Any] = {
    "natural": _flag("natural"),
    "artificial": _artificial,
    "hcp": lambda v: ("hcp", _range("hcp", v, MOST_HCP)),
    "suits": _suits,
    "major": lambda v: ("major", _range("major", v)),
    "minor": lambda v: ("minor", _range("minor", v)),
    "shape": _shape,
    "forcing": _choice("forcing", FORCING),
    "strength": _choice("strength", STRENGTHS),
    "convention": lambda v: _convention(v),
    "two-suiter": _two_suiter,
    "standard": _flag("standard"),
    "lead": _choice("lead", LEADS),
    "unbid-suits": lambda v: ("unbid_suits", _range("unbid-suits", v)),
    "to-play": lambda v: ("to_play", _flag("to-play")(v)[1]),
    "partner-must-bid": lambda v: ("partner_must_bid", _suit("partner-must-bid", v)),
    "stopper": _choice("stopper", STOPPERS),
    "suit-quality": _choice("suit-quality", SUIT_QUALITIES, "suit_quality"),
    "bid-suit": lambda v: ("bid_suit", _range("bid-suit", v)),
    "doubled-suit": lambda v: ("doubled_suit", _flag("doubled-suit")(v)[1]),
    "keycards": _keycards,
    "trump-queen": lambda v: ("trump_queen", _flag("trump-queen")(v)[1]),
    "singleton": _singleton,
}

#: The vocabulary's keys, for documentation and hints.
KEYS: tuple[str, ...] = tuple(_READERS)

#: The handbook's standard conventions (``conventions.yaml``).
CONVENTIONS: tuple[str, ...] = tuple(_standard_conventions())


def meaning_at(value: Any, path: str) -> Meaning:
    """The meaning ``value`` written at ``path`` (a query's ``meaning``, a
    card's entry, a rule's condition), its errors at their path below it."""
    try:
        return Meaning.parse(value)
    except VocabularyError as exc:
        raise VocabularyError(f"{path}.{exc.path}" if exc.path else path, str(exc).split(": ", 1)[-1]) from None


# --- a call of several types -------------------------------------------------
#
# A call may be of several types (a Multi 2♦: a weak two in hearts, or in
# spades; the Wspólny Język 1♣: a balanced minimum, natural clubs, or a strong
# hand). The regulations judge the call, not each type: what the call promises
# is what every one of its types promises (the 1♣ "2+/3+" of the PZBS, the
# AEB's "se prometen tres o más cartas"), and a rule asks each type only where
# its text does (``every-type``, ``some-type``).


def _hull(ranges: list[Range | None]) -> Range | None:
    """The least range holding every one of ``ranges`` (``None`` when one is unstated)."""
    if not ranges or any(r is None for r in ranges):
        return None
    stated = [r for r in ranges if r is not None]
    highs = [r.high for r in stated]
    return Range(min(r.low for r in stated), None if None in highs else max(h for h in highs if h is not None))


def _same(values: list[Any]) -> Any:
    """The value every one of ``values`` has, else ``None``."""
    first = values[0]
    return first if first is not None and all(v == first for v in values) else None


def _union(values: list[frozenset[Any] | None]) -> frozenset[Any] | None:
    if any(v is None for v in values):
        return None
    return frozenset().union(*(v for v in values if v is not None))


def _least_in_group(meaning: Meaning, group: frozenset[Suit], key: str) -> Range | None:
    """The length ``meaning`` promises in a suit of ``group`` (the majors or
    the minors), not saying which: its ``major``/``minor`` key, else the
    longest it promises in one suit of the group."""
    stated = getattr(meaning, key)
    found = [r for s in group if (r := meaning.promised(s)) is not None and r.low > 0]
    candidates = ([stated] if stated is not None else []) + found
    return max(candidates, key=lambda r: r.low) if candidates else None


def _two_suiters(types: tuple[Meaning, ...]) -> TwoSuiter | None:
    found = [t.two_suiter for t in types]
    if any(t is None for t in found):
        return None
    each = [t for t in found if t is not None]
    pairs = [sorted(t.min) for t in each]
    return TwoSuiter(
        min=(min(p[0] for p in pairs), min(p[1] for p in pairs)),
        suits=frozenset.intersection(*(t.suits for t in each)),
        highest_unbid=_same([t.highest_unbid for t in each]),
        second_known=_same([t.second_known for t in each]),
        lowest_two=_same([t.lowest_two for t in each]),
        other=_same([t.other for t in each]),
    )


#: The fields a call of several types states only where every type states the same.
_SAME_FIELDS = ("natural", "forcing", "strength", "convention", "standard", "lead", "to_play", "partner_must_bid",
                "stopper", "suit_quality", "doubled_suit", "trump_queen")
_MAJORS_GROUP = frozenset({Suit.HEARTS, Suit.SPADES})
_MINORS_GROUP = frozenset({Suit.CLUBS, Suit.DIAMONDS})


def whole_call(types: tuple[Meaning, ...]) -> Meaning:
    """What a call of several ``types`` promises as a whole: what every type
    promises. Its points are the widest range of its types' (unstated if one
    says nothing of them), each suit the least length every type promises in
    it, a word (natural, a convention, a strength, forcing...) only where
    every type says the same; ``keys`` are the keys some type states, so that
    the call is known to have a meaning.

    >>> wj = whole_call((Meaning.parse({"hcp": "12-14", "shape": "balanced", "suits": {"clubs": "2+"}}),
    ...                  Meaning.parse({"natural": True, "hcp": "15+", "suits": {"clubs": "5+"}}),
    ...                  Meaning.parse({"hcp": "18+", "shape": "balanced", "suits": {"clubs": "2+"}})))
    >>> str(wj.hcp), str(wj.length_of(Suit.CLUBS)), wj.natural, wj.shape
    ('12+', '2+', None, None)
    >>> multi = whole_call((Meaning.parse({"suits": {"hearts": "6+"}, "hcp": "5-10", "strength": "weak"}),
    ...                     Meaning.parse({"suits": {"spades": "6+"}, "hcp": "5-10", "strength": "weak"})))
    >>> multi.suits, str(multi.major), multi.strength
    ((), '6+', 'weak')
    """
    if len(types) == 1:
        return types[0]
    values: dict[str, Any] = {name: _same([getattr(t, name) for t in types]) for name in _SAME_FIELDS}
    suits = []
    for suit in Suit:
        promised = [t.promised(suit) for t in types]
        if all(p is not None for p in promised):
            hull = _hull(promised)
            if hull is not None:
                suits.append((suit, hull))
    return Meaning(
        **values,
        hcp=_hull([t.hcp for t in types]),
        suits=tuple(suits),
        major=_hull([_least_in_group(t, _MAJORS_GROUP, "major") for t in types]),
        minor=_hull([_least_in_group(t, _MINORS_GROUP, "minor") for t in types]),
        shape=_union([t.shape for t in types]),
        two_suiter=_two_suiters(types),
        unbid_suits=_hull([t.unbid_suits for t in types]),
        bid_suit=_hull([t.bid_suit for t in types]),
        keycards=_union([t.keycards for t in types]),
        singleton=_union([t.singleton for t in types]),
        keys=frozenset().union(*(t.keys for t in types)),
    )


def types_at(value: Any, path: str) -> tuple[Meaning, ...]:
    """The types of a call written as ``either:`` at ``path`` (a query's, a
    card entry's): a list of two meanings or more, each read at its index.

    >>> [str(m.hcp) for m in types_at([{"hcp": "5-10"}, {"hcp": "20-22"}], "either")]
    ['5-10', '20-22']
    >>> types_at([{"hcp": "5-10"}], "either")
    Traceback (most recent call last):
    ...
    build_tools.rules.errors.VocabularyError: either: a list of two meanings or more (a call of one type states its 'meaning')
    """
    if not isinstance(value, list) or len(value) < 2:
        raise VocabularyError(path, "a list of two meanings or more (a call of one type states its 'meaning')")
    return tuple(meaning_at(m, f"{path}.{n}") for n, m in enumerate(value))
