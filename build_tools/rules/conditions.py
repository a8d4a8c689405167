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

from build_tools.bridge import Call, Strain, notation
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
_fact("overcall", lambda s: s.is_overcall, "The opponents opened and our side had not bid.")
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
    for name in ("forcing", "strength", "convention", "standard"):
        if getattr(wanted, name) is not None and getattr(actual, name) != getattr(wanted, name):
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
