"""Conditions of rules: a small declarative language over a fixed registry of
predicates. No expression is evaluated; a condition is data::

    {opening: true, call: 1BA, meaning: {hcp: 14-18, shape: pzbs-notrump}}
    {any: [{response: true}, {overcall: true}]}
    {not: {contested: true}}

A mapping holds when every predicate in it holds; ``all``, ``any`` and ``not``
combine conditions. Calls are written in the document's notation.

>>> from build_tools.rules.situation import Situation
>>> c = Condition.parse({"response": True, "call": "2♣", "after": "1BA"}, "pl")
>>> c.holds(Situation.read("1BA 2♣", "pl"))
True
>>> Condition.parse({"resonse": True}, "pl")
Traceback (most recent call last):
...
build_tools.rules.errors.VocabularyError: resonse: unknown predicate (did you mean 'response'?)
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
import dataclasses
from dataclasses import dataclass, field
from typing import Any

from build_tools.bridge import Call, Strain, Suit, notation
from build_tools.bridge.errors import BridgeError
from build_tools.bridge.meanings import Range
from build_tools.bridge.views import View

from .situation import RELATIONS, Situation, read_pattern
from .errors import VocabularyError
from .vocabulary import Meaning, TwoSuiter

Test = Callable[[Situation], bool]


@dataclass(frozen=True, slots=True)
class Condition:
    """A parsed condition: ``test`` decides it, ``text`` shows it (for ``explain``)."""

    test: Test
    text: str
    #: What it was parsed from: a condition crosses to another process (the
    #: languages render in parallel) as its data, and is parsed again there.
    origin: tuple[Any, str, str] | None = field(default=None, compare=False)

    def holds(self, situation: Situation) -> bool:
        return self.test(situation)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        if self.origin is None:
            raise TypeError(f"condition {self.text!r} was not parsed from data and cannot be pickled")
        return (Condition.parse, self.origin)

    @classmethod
    def parse(cls, data: Any, language: str, path: str = "") -> Condition:
        condition = cls._parse(data, language, path)
        return dataclasses.replace(condition, origin=(data, language, path))

    @classmethod
    def _parse(cls, data: Any, language: str, path: str = "") -> Condition:
        if data is None or data == {}:
            return ALWAYS
        if not isinstance(data, Mapping):
            raise VocabularyError(path, "a condition is a mapping of predicates")
        parts: list[Condition] = []
        for key, value in data.items():
            where = f"{path}.{key}" if path else str(key)
            if key in ("all", "any"):
                if not isinstance(value, list) or not value:
                    raise VocabularyError(where, f"'{key}' takes a list of conditions")
                subs = [cls._parse(v, language, f"{where}.{n}") for n, v in enumerate(value)]
                parts.append(_all(subs) if key == "all" else _any(subs))
            elif key == "not":
                parts.append(_not(cls._parse(value, language, where)))
            else:
                predicate = PREDICATES.get(str(key))
                if predicate is None:
                    close = difflib.get_close_matches(str(key), [*PREDICATES, "all", "any", "not"], n=1)
                    hint = f" (did you mean '{close[0]}'?)" if close else ""
                    raise VocabularyError(where, f"unknown predicate{hint}")
                parts.append(predicate(value, language, where))
        return _all(parts)


ALWAYS = Condition(lambda s: True, "always", origin=(None, "", ""))


def _all(parts: list[Condition]) -> Condition:
    if len(parts) == 1:
        return parts[0]
    return Condition(lambda s: all(p.holds(s) for p in parts), " and ".join(p.text for p in parts))


def _not(part: Condition) -> Condition:
    def test(situation: Situation) -> bool:
        return not part.holds(situation)

    return Condition(test, f"not ({part.text})")


def _any(parts: list[Condition]) -> Condition:
    return Condition(lambda s: any(p.holds(s) for p in parts), "(" + " or ".join(p.text for p in parts) + ")")


# --- the registry ----------------------------------------------------------

Predicate = Callable[[Any, str, str], Condition]
PREDICATES: dict[str, Predicate] = {}


def predicate(name: str) -> Callable[[Predicate], Predicate]:
    def register(function: Predicate) -> Predicate:
        PREDICATES[name] = function
        return function

    return register


def _flag(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise VocabularyError(path, f"must be true or false, not {value!r}")
    return value


def _fact(name: str, fact: Callable[[Situation], bool], doc: str) -> None:
    def parse(value: Any, language: str, path: str) -> Condition:
        wanted = _flag(value, path)
        return Condition(lambda s: fact(s) == wanted, name if wanted else f"not {name}")

    parse.__doc__ = doc
    PREDICATES[name] = parse


_fact("opening", lambda s: s.is_opening, "The call is the first bid of the auction.")
_fact("response", lambda s: s.is_response, "Partner opened; the player's first call since, other than pass.")
_fact("overcall", lambda s: s.is_overcall,
      "The opponents opened, our side had called nothing but pass, and this is a bid.")
_fact("contested", lambda s: s.contested, "An opponent has called other than pass.")
_fact("jump", lambda s: s.jump > 0, "A bid above the lowest sufficient one in its strain.")
_fact("screens", lambda s: s.screens, "Played with screens.")
_fact("doubled", lambda s: s.doubled_by_opponent, "The last call other than pass is an opponent's double.")
_fact("new-suit", lambda s: s.call.is_bid and s.call.strain is not Strain.NOTRUMP
      and s.call.strain not in s.strains_bid_by(RELATIONS), "A bid in a suit nobody has bid.")
_fact("raise", lambda s: s.call.is_bid and s.call.strain in s.strains_bid_by(("partner",)),
      "A bid in a strain partner has bid.")
_fact("opponents-suit", lambda s: s.call.is_bid and s.call.strain is not Strain.NOTRUMP
      and s.call.strain in s.strains_bid_by(("lho", "rho")), "A bid in a suit an opponent has bid.")


def _calls(value: Any, language: str, path: str) -> frozenset[Call]:
    texts = value if isinstance(value, list) else [value]
    profile = notation.profile(language)
    calls: set[Call] = set()
    for text in texts:
        try:
            slots = profile.parse_pattern(str(text), View.TABLE).slots
        except BridgeError as exc:
            raise VocabularyError(path, str(exc)) from None
        if len(slots) != 1 or not slots[0].calls:
            raise VocabularyError(path, f"one call or alternatives ('2♦/♥'), not {text!r}")
        calls.update(slots[0].calls)
    return frozenset(calls)


@predicate("call")
def _call(value: Any, language: str, path: str) -> Condition:
    """The call in question is one of these (``2♦/♥`` or a list)."""
    calls = _calls(value, language, path)
    return Condition(lambda s: s.call in calls, f"call {value}")


@predicate("after")
def _after(value: Any, language: str, path: str) -> Condition:
    """The auction before the call is exactly this one (partnership view)."""
    try:
        written = Situation.read(str(value), language)
        last_ours = not read_pattern(str(value), language, "partnership").slots[-1].opponent
    except (BridgeError, ValueError) as exc:
        raise VocabularyError(path, str(exc)) from None
    # Written in the partnership view: after our last call, the opponent on
    # our left passed in silence before the call in question.
    before = written.calls + ((Call.parse("P"),) if last_ours else ())
    return Condition(lambda s: _ends_with_ours(s.calls[:-1], before), f"after {value}")


def _ends_with_ours(calls: tuple[Call, ...], before: tuple[Call, ...]) -> bool:
    # The written auction starts with our side's first call; passes before it
    # (the opponents' or ours in an earlier seat) do not change the sequence.
    stripped = calls
    while len(stripped) > len(before) and stripped[0].is_pass:
        stripped = stripped[1:]
    return stripped == before


@predicate("opener")
def _opener(value: Any, language: str, path: str) -> Condition:
    """Who made the first bid: self, partner, lho, rho, opponent, our-side or nobody."""
    groups = {"opponent": ("lho", "rho"), "our-side": ("self", "partner"), "nobody": ("nobody",)}
    wanted = groups.get(str(value), (str(value),))
    if not set(wanted) <= {*RELATIONS, "nobody"}:
        raise VocabularyError(path, f"unknown player {value!r} (self, partner, lho, rho, opponent, our-side, nobody)")
    return Condition(lambda s: s.opener in wanted, f"opened by {value}")


@predicate("opening-call")
def _opening_call(value: Any, language: str, path: str) -> Condition:
    """The first bid of the auction is one of these."""
    calls = _calls(value, language, path)
    return Condition(lambda s: s.opening_index is not None and s.calls[s.opening_index] in calls,
                     f"the opening was {value}")


@predicate("kind")
def _kind(value: Any, language: str, path: str) -> Condition:
    """The call is a bid, pass, double or redouble."""
    kinds = ("bid", "pass", "double", "redouble")
    if value not in kinds:
        raise VocabularyError(path, f"unknown kind {value!r} ({', '.join(kinds)})")
    return Condition(lambda s: s.call.kind.name.lower() == value, f"a {value}")


@predicate("level")
def _level(value: Any, language: str, path: str) -> Condition:
    """The bid's level is in this range (``4+``)."""
    try:
        levels = Range.parse(str(value))
    except BridgeError as exc:
        raise VocabularyError(path, str(exc)) from None
    return Condition(lambda s: s.call.is_bid and s.call.level in levels, f"level {value}")


@predicate("strain")
def _strain(value: Any, language: str, path: str) -> Condition:
    """The bid's strain: clubs, diamonds, hearts, spades, notrump, suit, major or minor."""
    groups = {
        "clubs": {Strain.CLUBS}, "diamonds": {Strain.DIAMONDS}, "hearts": {Strain.HEARTS},
        "spades": {Strain.SPADES}, "notrump": {Strain.NOTRUMP},
        "suit": {Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES},
        "major": {Strain.HEARTS, Strain.SPADES}, "minor": {Strain.CLUBS, Strain.DIAMONDS},
    }
    wanted = groups.get(str(value))
    if wanted is None:
        raise VocabularyError(path, f"unknown strain {value!r} ({', '.join(groups)})")
    return Condition(lambda s: s.call.is_bid and s.call.strain in wanted, f"in {value}")


@predicate("meaning")
def _meaning(value: Any, language: str, path: str) -> Condition:
    """The agreed meaning of the call says at least this (see :func:`within`)."""
    wanted = _parse_meaning(value, path)
    return Condition(lambda s: within(s.meaning, wanted), f"meaning {_show(value)}")


@predicate("opening-meaning")
def _opening_meaning(value: Any, language: str, path: str) -> Condition:
    """The agreed meaning of the opening bid says at least this."""
    wanted = _parse_meaning(value, path)
    return Condition(lambda s: within(s.earlier_meaning("opening"), wanted), f"the opening's meaning {_show(value)}")


def _parse_meaning(value: Any, path: str) -> Meaning:
    try:
        return Meaning.parse(value)
    except VocabularyError as exc:
        raise VocabularyError(f"{path}.{exc.path}" if exc.path else path, str(exc).split(": ", 1)[-1]) from None


def _show(value: Any) -> str:
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    return str(value).lower() if isinstance(value, bool) else str(value)


def _sub(inner: Range | None, outer: Range) -> bool:
    """Every count ``inner`` allows, ``outer`` allows too (unknown: no)."""
    if inner is None:
        return False
    if inner.low < outer.low:
        return False
    if outer.high is None:
        return True
    return inner.high is not None and inner.high <= outer.high


def within(actual: Meaning, wanted: Meaning) -> bool:
    """Whether an agreed meaning (``actual``) lies within what a rule describes
    (``wanted``): every constraint the rule names is met by the agreement, and
    what the agreement leaves open, it does not meet.

    >>> within(Meaning.parse({"hcp": "15-17"}), Meaning.parse({"hcp": "14-18"}))
    True
    >>> within(Meaning.parse({"hcp": "12-14"}), Meaning.parse({"hcp": "14-18"}))
    False
    """
    if wanted.natural is not None and actual.natural != wanted.natural:
        return False
    if wanted.hcp is not None and not _sub(actual.hcp, wanted.hcp):
        return False
    for suit, length in wanted.suits:
        if not _sub(actual.length_of(suit), length):
            return False
    if wanted.major is not None:
        majors = [r for s, r in actual.suits if s.is_major]
        if not (_sub(actual.major, wanted.major) or any(_sub(r, wanted.major) for r in majors)):
            return False
    if wanted.shape is not None and (actual.shape is None or not actual.shape <= wanted.shape):
        return False
    for name in ("forcing", "strength", "convention", "standard", "to_play", "partner_must_bid"):
        if getattr(wanted, name) is not None and getattr(actual, name) != getattr(wanted, name):
            return False
    if wanted.lead is not None and actual.lead != wanted.lead:
        return False
    if wanted.unbid_suits is not None and not _sub(actual.unbid_suits, wanted.unbid_suits):
        return False
    if wanted.two_suiter is not None:
        return actual.two_suiter is not None and _two_suiter_within(actual.two_suiter, wanted.two_suiter)
    return True


def _two_suiter_within(actual: TwoSuiter, wanted: TwoSuiter) -> bool:
    low, high = sorted(actual.min)
    if low < min(wanted.min) or high < max(wanted.min):
        return False
    if wanted.suits and actual.suits != wanted.suits:
        return False
    for name in ("highest_unbid", "second_known", "lowest_two"):
        if getattr(wanted, name) is not None and getattr(actual, name) != getattr(wanted, name):
            return False
    return True


# --- what a call shows, against what it names --------------------------------
#
# A call names a strain; its agreed meaning shows suits (``suits``, a
# two-suiter's suits). Regulations draw lines between the two: a natural suit
# bid shows the suit it names (AEB "en el palo nombrado se promete largura"), a
# transfer shows the next suit up, a puppet obliges partner to bid a suit it
# does not show, a relay says nothing of the suit it names.

#: Cards in a suit that "show" it (AEB "la posesión de un palo"): four, the
#: length a natural suit bid promises at the least outside the minor openings.
SHOWN = 4


def _named_suit(situation: Situation) -> Suit | None:
    call = situation.call
    return call.strain.suit if call.is_bid and call.strain is not None else None


def next_higher_suit(call: Call) -> Suit | None:
    """The suit of the cheapest suit bid above ``call``: the suit a transfer
    shows. After spades and after notrump it is clubs, a level up.

    >>> [next_higher_suit(Call.parse(c)).name for c in ("2D", "2H", "2S", "2NT")]
    ['HEARTS', 'SPADES', 'CLUBS', 'CLUBS']
    """
    if not call.is_bid or call.strain is None:
        return None
    if call.strain in (Strain.SPADES, Strain.NOTRUMP):
        return Suit.CLUBS
    return Suit(call.strain.value + 1)


@predicate("advance")
def _advance(value: Any, language: str, path: str) -> Condition:
    """Partner overcalled and this is the player's first call since other than
    pass; ``suit`` or ``notrump``: partner's overcall was in that kind of strain."""
    if isinstance(value, bool):
        wanted = value
        return Condition(lambda s: s.is_advance == wanted, "an advance" if wanted else "not an advance")
    if value not in ("suit", "notrump"):
        raise VocabularyError(path, f"true, false, suit or notrump, not {value!r}")
    notrump: bool = value == "notrump"

    def test(s: Situation) -> bool:
        if not s.is_advance:
            return False
        overcall = next(c for i, c in enumerate(s.calls) if s.relation(i) == "partner" and c.is_bid)
        return (overcall.strain is Strain.NOTRUMP) == notrump

    return Condition(test, f"an advance of a {value} overcall")


@predicate("named-suit")
def _named_suit_length(value: Any, language: str, path: str) -> Condition:
    """What the meaning promises in the suit the bid names: a length range it
    lies within (``4+``: at least four cards), or ``unstated`` (nothing, or
    ``0+``; a notrump bid, a double or a redouble names no suit, so says nothing).

    >>> c = Condition.parse({"named-suit": "4+"}, "pl")
    >>> c.holds(Situation.read("1♥", "pl", meaning=Meaning.parse({"suits": {"hearts": "5+"}})))
    True
    >>> c.holds(Situation.read("1♥", "pl", meaning=Meaning.parse({"suits": {"hearts": "3+"}})))
    False
    """
    if value == "unstated":
        def unstated(s: Situation) -> bool:
            suit = _named_suit(s)
            promised = None if suit is None else s.meaning.promised(suit)
            return promised is None or promised == Range(0, None)

        return Condition(unstated, "nothing said of the suit named")
    try:
        wanted = Range.parse(str(value))
    except BridgeError as exc:
        raise VocabularyError(path, f"{exc} (or 'unstated')") from None

    def test(s: Situation) -> bool:
        suit = _named_suit(s)
        return suit is not None and _sub(s.meaning.promised(suit), wanted)

    return Condition(test, f"{value} cards in the suit named")


@predicate("partners-suit")
def _partners_suit(value: Any, language: str, path: str) -> Condition:
    """The bid names a suit partner has shown (see
    :meth:`~build_tools.rules.situation.Situation.partner_suits`): a raise."""
    wanted = _flag(value, path)

    def test(s: Situation) -> bool:
        suit = _named_suit(s)
        return (suit is not None and suit in s.partner_suits()) == wanted

    return Condition(test, "in partner's suit" if wanted else "not in partner's suit")


@predicate("denies-support")
def _denies_support(value: Any, language: str, path: str) -> Condition:
    """The meaning denies support for every major partner has shown: it does
    not allow eight cards together, counting partner's least length (four when
    partner's bid is taken as natural: "sin cuatro corazones" after a 1♥
    response). A meaning silent on partner's major denies support: a call
    that may hold a fit says so (a notrump bid does not show support by
    itself). Holds when partner has shown no major.

    >>> c = Condition.parse({"denies-support": True}, "es")
    >>> c.holds(Situation.read("1♣ 1♥ 1ST", "es", meaning=Meaning.parse({"suits": {"hearts": "0-3"}})))
    True
    >>> c.holds(Situation.read("1♣ 1♥ 1ST", "es", meaning=Meaning.parse({"suits": {"hearts": "2-4"}})))
    False
    >>> c.holds(Situation.read("1♣ 1♦ 1ST", "es", meaning=Meaning.parse({"hcp": "12-14"})))
    True
    >>> c.holds(Situation.read("1♣ 1♥ 1ST", "es", meaning=Meaning.parse({"hcp": "12-14"})))
    True
    >>> c.holds(Situation.read("1♣ 1♥ 1ST", "es", meaning=Meaning.parse({"suits": {"hearts": "2+"}})))
    False
    """
    wanted = _flag(value, path)

    def test(s: Situation) -> bool:
        denied = True
        for suit, length in s.partner_suits().items():
            if suit.is_major:
                mine = s.meaning.promised(suit)
                denied = denied and (mine is None or (mine.high is not None and mine.high + length <= 7))
        return denied == wanted

    return Condition(test, "denies support for partner's major" if wanted else "does not deny support")


@predicate("silent-on")
def _silent_on(value: Any, language: str, path: str) -> Condition:
    """The meaning states none of these vocabulary keys (``shape`` or a list):
    what a pair has left unsaid, as against what it has said otherwise.

    >>> c = Condition.parse({"silent-on": "shape"}, "es")
    >>> c.holds(Situation.read("1ST", "es", meaning=Meaning.parse({"natural": True, "hcp": "15-17"})))
    True
    >>> c.holds(Situation.read("1ST", "es", meaning=Meaning.parse({"shape": "balanced"})))
    False
    """
    from .vocabulary import KEYS

    keys = value if isinstance(value, list) else [value]
    for key in keys:
        if key not in KEYS:
            close = difflib.get_close_matches(str(key), KEYS, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise VocabularyError(path, f"unknown vocabulary key {key!r}{hint}")
    wanted = frozenset(str(k) for k in keys)
    return Condition(lambda s: not (s.meaning.keys & wanted), f"silent on {', '.join(sorted(wanted))}")


_SHOWN_SUIT = ("named", "not-named", "next-higher", "higher-ranking", "none")


@predicate("shown-suit")
def _shown_suit(value: Any, language: str, path: str) -> Condition:
    """The bid's meaning shows exactly one suit (:data:`SHOWN` cards or more,
    not a two-suiter, not support for a suit partner has shown), and it is the
    suit ``named``, one ``not-named`` (for a notrump bid: any), the
    ``next-higher`` suit (:func:`next_higher_suit`), or one ``higher-ranking``
    than the suit named; or ``none``: the meaning shows no suit of its own.

    >>> c = Condition.parse({"shown-suit": "next-higher"}, "es")
    >>> c.holds(Situation.read("1ST 2♥", "es", meaning=Meaning.parse({"suits": {"spades": "5+"}})))
    True
    >>> c.holds(Situation.read("1ST 2♦", "es", meaning=Meaning.parse({"suits": {"spades": "5+"}})))
    False
    >>> jacoby = Meaning.parse({"suits": {"hearts": "4+"}})
    >>> Condition.parse({"shown-suit": "not-named"}, "es").holds(Situation.read("1♥ 2ST", "es", meaning=jacoby))
    False
    >>> Condition.parse({"shown-suit": "none"}, "es").holds(Situation.read("1♥ 2ST", "es", meaning=jacoby))
    True
    >>> south_african = Meaning.parse({"suits": {"hearts": "6+"}})
    >>> Condition.parse({"shown-suit": "higher-ranking"}, "es").holds(Situation.read("1ST 4♣", "es", meaning=south_african))
    True
    """
    if value not in _SHOWN_SUIT:
        raise VocabularyError(path, f"unknown value {value!r} ({', '.join(_SHOWN_SUIT)})")

    def test(s: Situation) -> bool:
        if not s.call.is_bid:
            return False
        partners = s.partner_suits()
        own = [suit for suit in s.meaning.shown_suits(SHOWN) if suit not in partners]
        if value == "none":
            return not own and s.meaning.two_suiter is None
        shown = s.meaning.shown_suits(SHOWN)
        if s.meaning.two_suiter is not None or len(shown) != 1 or shown[0] in partners:
            return False
        named = _named_suit(s)
        if value == "named":
            return shown[0] is named
        if value == "not-named":
            return shown[0] is not named
        if value == "higher-ranking":
            return named is not None and shown[0].value > named.value
        return shown[0] is next_higher_suit(s.call)

    return Condition(test, f"shows one suit, the {value.replace('-', ' ')}")


@predicate("partner-must-bid")
def _partner_must_bid(value: Any, language: str, path: str) -> Condition:
    """The meaning obliges partner to bid a suit (``partner-must-bid``) that it
    also ``shown`` (:data:`SHOWN` cards), or ``unshown`` (Lebensohl's 2NT, "se
    puede estar fallo a trébol")."""
    if value not in ("shown", "unshown"):
        raise VocabularyError(path, f"shown or unshown, not {value!r}")
    wanted: bool = value == "shown"

    def test(s: Situation) -> bool:
        suit = s.meaning.partner_must_bid
        if suit is None:
            return False
        promised = s.meaning.promised(suit)
        shown = promised is not None and promised.low >= SHOWN
        return shown == wanted

    return Condition(test, f"obliges partner to bid a suit it has {value}")


# The alerting regulations' predicates register themselves on import.
from . import alerting as _alerting  # noqa: E402,F401
