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
>>> Condition.parse({"resonse": True}, "pl")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
build_tools.rules.errors.VocabularyError: resonse: unknown predicate (did you mean 'response'?; the predicates: advance, ...)
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from build_tools.bridge import Call, Strain, Suit, notation
from build_tools.bridge.errors import BridgeError
from build_tools.bridge.meanings import Range
from build_tools.bridge.views import View

from .situation import RELATIONS, Situation, read_pattern
from .errors import Conflict, Undecided, VocabularyError
from .registry import Registry, in_force, reading, yaml_answer
from .vocabulary import Meaning, TwoSuiter, meaning_at

@dataclass(frozen=True, slots=True)
class Truth:
    """A condition's value for one query: true, false, or unknown (``None``)
    because the query does not state ``needs`` (vocabulary keys such as
    ``hcp``, or ``agreed``)."""

    value: bool | None
    needs: frozenset[str] = frozenset()

    def __invert__(self) -> Truth:
        return self if self.value is None else Truth(not self.value)


TRUE, FALSE = Truth(True), Truth(False)


def unknown(*needs: str) -> Truth:
    """The value of a condition over facts the query does not state."""
    return Truth(None, frozenset(needs))


Test = Callable[[Situation], "bool | Truth"]

def registry() -> Registry:
    """The registry in force while a document's rules are read: predicates
    that name a question or read a parameter look here."""
    return in_force()


@dataclass(frozen=True, slots=True)
class Condition:
    """A parsed condition: ``test`` decides it, ``text`` shows it (for ``explain``)."""

    test: Test
    text: str
    #: What it was parsed from: a condition crosses to another process (the
    #: languages render in parallel) as its data, and is parsed again there.
    origin: tuple[Any, ...] | None = field(default=None, compare=False)

    def evaluate(self, situation: Situation) -> Truth:
        value = self.test(situation)
        return value if isinstance(value, Truth) else TRUE if value else FALSE

    def holds(self, situation: Situation) -> bool:
        """Whether the condition is decided true (unknown is not)."""
        return self.evaluate(situation).value is True

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        if self.origin is None:
            raise TypeError(f"condition {self.text!r} was not parsed from data and cannot be pickled")
        return (Condition.parse, self.origin)

    @classmethod
    def parse(cls, data: Any, language: str, path: str = "", rules: Registry | None = None) -> Condition:
        with reading(rules):
            condition = cls._parse(data, language, path)
        return dataclasses.replace(condition, origin=(data, language, path, rules))

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
                    # Every name is listed, as for questions: a guess is not
                    # always the name meant, and an author may not know the rest.
                    choices = sorted([*PREDICATES, "all", "any", "not"])
                    close = difflib.get_close_matches(str(key), choices, n=1)
                    hint = f"did you mean '{close[0]}'?; " if close else ""
                    raise VocabularyError(where, f"unknown predicate ({hint}the predicates: {', '.join(choices)})")
                parts.append(predicate(value, language, where))
        return _all(parts)


ALWAYS = Condition(lambda s: True, "always", origin=(None, "", ""))


def conjunction(values: list[Truth]) -> Truth:
    """Kleene's "and": false if any is false, else unknown if any is unknown."""
    if any(v.value is False for v in values):
        return FALSE
    doubtful = [v for v in values if v.value is None]
    return Truth(None, frozenset().union(*(v.needs for v in doubtful))) if doubtful else TRUE


def disjunction(values: list[Truth]) -> Truth:
    """Kleene's "or": true if any is true, else unknown if any is unknown."""
    if any(v.value is True for v in values):
        return TRUE
    doubtful = [v for v in values if v.value is None]
    return Truth(None, frozenset().union(*(v.needs for v in doubtful))) if doubtful else FALSE


def _all(parts: list[Condition]) -> Condition:
    if len(parts) == 1:
        return parts[0]

    def test(s: Situation) -> Truth:
        values = []
        for part in parts:  # a false part decides; the rest need not be asked
            value = part.evaluate(s)
            if value.value is False:
                return FALSE
            values.append(value)
        return conjunction(values)

    return Condition(test, " and ".join(p.text for p in parts))


def _not(part: Condition) -> Condition:
    return Condition(lambda s: ~part.evaluate(s), f"not ({part.text})")


def _any(parts: list[Condition]) -> Condition:
    def test(s: Situation) -> Truth:
        values = []
        for part in parts:
            value = part.evaluate(s)
            if value.value is True:
                return TRUE
            values.append(value)
        return disjunction(values)

    return Condition(test, "(" + " or ".join(p.text for p in parts) + ")")


# --- the registry ----------------------------------------------------------

Predicate = Callable[[Any, str, str], Condition]
PREDICATES: dict[str, Predicate] = {}


#: What each predicate reads of the query's meanings: ``meaning`` (the call's),
#: ``opening`` (the opening bid's), or nothing (the auction, the query's own facts).
READS: dict[str, str] = {}


def predicate(name: str, reads: str = "", needs: tuple[str, ...] = (),
              asks: Callable[[Situation], bool] | None = None) -> Callable[[Predicate], Predicate]:
    """Register a predicate. One that ``reads`` a meaning is unknown, needing
    ``needs``, when the query states no meaning for that call and the
    situation ``asks`` it (by default always; a predicate of the suit a bid
    names does not ask for a notrump bid): what a pair agreed is asked, never
    guessed."""
    if name in PREDICATES or name in ("all", "any", "not"):
        # Two modules naming one predicate would leave the rules of one of them
        # read by the other's test, silently.
        raise RuntimeError(f"predicate {name!r} is registered twice")

    def register(function: Predicate) -> Predicate:
        if not reads:
            PREDICATES[name] = function
            return function

        def parse(value: Any, language: str, path: str) -> Condition:
            inner = function(value, language, path)
            wanted = frozenset(needs) if reads == "meaning" else frozenset(f"opening.{n}" for n in needs)

            def test(s: Situation) -> bool | Truth:
                meaning = s.meaning if reads == "meaning" else s.earlier_meaning("opening")
                if not meaning.keys and (asks is None or asks(s)):
                    return Truth(None, wanted)
                return inner.test(s)

            return Condition(test, inner.text)

        parse.__doc__ = function.__doc__
        PREDICATES[name] = parse
        READS[name] = reads
        return function

    return register


def require(names: Iterable[str], path: str) -> None:
    """Refuse at ``path`` a rule whose predicate reads parameters the document
    does not declare, naming every one missing at once, each described (what
    it means, its unit, an example): not one per run, and no did-you-mean
    toward a parameter it declares, which would be another figure.

    >>> require(["long-suit", "king-hcp"], "when.may-be-weak")
    Traceback (most recent call last):
    ...
    build_tools.rules.errors.VocabularyError: when.may-be-weak: this predicate reads parameters the document does not declare: long-suit (the cards that make a suit long; in cards, e.g. 3); king-hcp (the HCP a king is worth: a strong hand holds an average hand and a king; in HCP, e.g. 3). Declare each under 'parameters:' with the article of the text it comes from
    """
    from .parameters import described

    declared = registry().parameters
    missing = [name for name in dict.fromkeys(names) if name not in declared]
    if missing:
        many = len(missing) > 1
        raise VocabularyError(path, f"this predicate reads {'parameters' if many else 'a parameter'} the document "
                                    f"does not declare: {'; '.join(described(n) for n in missing)}. Declare "
                                    f"{'each' if many else 'it'} under 'parameters:' with the article of the text "
                                    f"it comes from")


#: How a message names the kind of value a parameter must have.
_KINDS = {int: "a whole number", list: "a list", str: "a word"}


def parameter(name: str, path: str, kind: type | tuple[type, ...] = int) -> Any:
    """The value of a parameter the document declares (a figure or reading of
    its regulation, with its article): predicates that rest on one read it
    when the rule is read, and a rule of a document that declares none is
    refused at ``path`` (:func:`require`).

    >>> from build_tools.rules.registry import Parameter, Registry
    >>> with reading(Registry(parameters={"long-suit": Parameter("long-suit", "three")})):  # not read from YAML
    ...     parameter("long-suit", "when")
    Traceback (most recent call last):
    ...
    build_tools.rules.errors.VocabularyError: when: parameter 'long-suit' is 'three', not a whole number
    """
    require([name], path)
    value = registry().parameter(name).value
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or isinstance(value, bool) and int in kinds:
        wanted = " or ".join(_KINDS.get(k, k.__name__) for k in kinds)
        shown_value = repr(value) if isinstance(value, str) else _show(value)
        raise VocabularyError(path, f"parameter {name!r} is {shown_value}, not {wanted}")
    return value


_PARAMETER_IN_RANGE = re.compile(r"[a-z][a-z0-9]*(?:-[a-z][a-z0-9]*)*")


def range_of(value: Any, path: str) -> Range:
    """A predicate's range (``4+``, ``11-14``, ``-9``, ``6``), where a number
    may be a parameter the document declares: ``natural-suit-length+`` is its
    figure or more, so a federation writes its figures once.

    >>> from build_tools.rules.registry import Registry
    >>> with reading(Registry.standard().declaring({"natural-suit-length": 3})):
    ...     range_of("natural-suit-length+", "when.named-suit"), range_of("2-natural-suit-length", "when")
    (Range.parse('3+'), Range.parse('2-3'))
    >>> with reading(Registry.standard().declaring({"natural-suit-length": 3})):
    ...     range_of("natural-suit-lenght+", "when.named-suit")
    Traceback (most recent call last):
    ...
    build_tools.rules.errors.VocabularyError: when.named-suit: unknown parameter 'natural-suit-lenght' in the range 'natural-suit-lenght+' (did you mean 'natural-suit-length'?): a range is 5+, 4-5, -9 or 6, and a number in it may be a parameter the document declares
    """
    text = str(value)
    names = _PARAMETER_IN_RANGE.findall(text) if not isinstance(value, bool) else []
    if names:
        declared = registry().parameters
        for name in names:
            if name in declared:
                continue
            from .parameters import PARAMETERS

            if name in PARAMETERS:
                require([name], path)
            close = difflib.get_close_matches(name, list(declared), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise VocabularyError(path, f"unknown parameter {name!r} in the range {text!r}{hint}: a range is 5+, "
                                        f"4-5, -9 or 6, and a number in it may be a parameter the document declares")
        figures = {name: parameter(name, path) for name in names}
        text = _PARAMETER_IN_RANGE.sub(lambda m: str(figures[m.group(0)]), text)
    try:
        return Range.parse(text)
    except BridgeError as exc:
        raise VocabularyError(path, str(exc)) from None


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
    return Condition(lambda s: s.call in calls, f"call {shown(value)}")


@predicate("after")
def _after(value: Any, language: str, path: str) -> Condition:
    """The auction before the call is exactly this one, or one of a list
    (``1♥ [pas] 1♠`` or ``[1♥, 1♠]``; partnership view).

    >>> c = Condition.parse({"after": ["1♥", "1♠"]}, "pl")
    >>> c.holds(Situation.read("1♠ [pas] 1BA", "pl")), c.holds(Situation.read("1♦ [pas] 1BA", "pl")), c.text
    (True, False, 'after 1♥ or 1♠')
    """
    texts = value if isinstance(value, list) else [value]
    if not texts:
        raise VocabularyError(path, "an auction, or a list of them")
    befores = []
    for n, text in enumerate(texts):
        where = f"{path}.{n}" if isinstance(value, list) else path
        if not isinstance(text, str | int) or isinstance(text, bool):
            raise VocabularyError(where, f"an auction in the document's notation, not {shown(text)}")
        try:
            written = Situation.read(str(text), language)
            last_ours = not read_pattern(str(text), language, "partnership").slots[-1].opponent
        except (BridgeError, ValueError) as exc:
            raise VocabularyError(where, str(exc)) from None
        # Written in the partnership view: after our last call, the opponent on
        # our left passed in silence before the call in question.
        befores.append(written.calls + ((Call.parse("P"),) if last_ours else ()))
    return Condition(lambda s: any(_ends_with_ours(s.calls[:-1], b) for b in befores), f"after {shown(value)}")


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
    return Condition(lambda s: s.opener in wanted, f"opened by {shown(value)}")


@predicate("opening-call")
def _opening_call(value: Any, language: str, path: str) -> Condition:
    """The first bid of the auction is one of these."""
    calls = _calls(value, language, path)
    return Condition(lambda s: s.opening_index is not None and s.calls[s.opening_index] in calls,
                     f"the opening was {shown(value)}")


@predicate("kind")
def _kind(value: Any, language: str, path: str) -> Condition:
    """The call is a bid, pass, double or redouble."""
    kinds = ("bid", "pass", "double", "redouble")
    if value not in kinds:
        raise VocabularyError(path, f"unknown kind {value!r} ({', '.join(kinds)})")
    return Condition(lambda s: s.call.kind.name.lower() == value, f"a {shown(value)}")


@predicate("level")
def _level(value: Any, language: str, path: str) -> Condition:
    """The bid's level is in this range (``4+``)."""
    levels = range_of(value, path)
    return Condition(lambda s: s.call.is_bid and s.call.level in levels, f"level {shown(value)}")


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
    return Condition(lambda s: s.call.is_bid and s.call.strain in wanted, f"in {shown(value)}")


@predicate("meaning")
def _meaning(value: Any, language: str, path: str) -> Condition:
    """The agreed meaning of the call says at least this (see :func:`within`)."""
    wanted = meaning_at(value, path)
    return Condition(lambda s: within_truth(s.meaning, wanted), f"meaning {_show(value)}")


@predicate("opening-meaning")
def _opening_meaning(value: Any, language: str, path: str) -> Condition:
    """The agreed meaning of the opening bid says at least this."""
    wanted = meaning_at(value, path)

    def test(s: Situation) -> Truth:
        found = within_truth(s.earlier_meaning("opening"), wanted)
        return Truth(None, frozenset(f"opening.{key}" for key in found.needs)) if found.value is None else found

    return Condition(test, f"the opening's meaning {_show(value)}")




def _show(value: Any) -> str:
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    return str(value).lower() if isinstance(value, bool) else str(value)


def shown(value: Any) -> str:
    """A predicate's value as a condition's text (``because``) shows it: as
    YAML writes it, a list of alternatives joined by "or", never Python's
    text of a list or a mapping.

    >>> shown(["1♥", "1♠"]), shown({"min": "5-5", "with-major": True}), shown("4+")
    ('1♥ or 1♠', '{min: 5-5, with-major: true}', '4+')
    """
    if isinstance(value, list):
        return " or ".join(_show(v) for v in value)
    return _show(value)


def _sub(inner: Range | None, outer: Range) -> bool:
    """Every count ``inner`` allows, ``outer`` allows too (unknown: no)."""
    if inner is None:
        return False
    if inner.low < outer.low:
        return False
    if outer.high is None:
        return True
    return inner.high is not None and inner.high <= outer.high


#: The vocabulary's key of each field of a meaning, to name what a query must state.
_KEY_OF = {"to_play": "to-play", "partner_must_bid": "partner-must-bid", "unbid_suits": "unbid-suits",
           "two_suiter": "two-suiter", "suit_quality": "suit-quality", "bid_suit": "bid-suit",
           "doubled_suit": "doubled-suit"}


def wanted_keys(wanted: Meaning) -> frozenset[str]:
    """The vocabulary keys a rule's meaning names."""
    return frozenset(_KEY_OF.get(f.name, f.name) for f in dataclasses.fields(wanted)
                     if f.name != "keys" and getattr(wanted, f.name) not in (None, ()))


def within_truth(actual: Meaning, wanted: Meaning) -> Truth:
    """Whether an agreed meaning (``actual``) lies within what a rule describes
    (``wanted``): see :func:`within`. A query that states no meaning for the
    call leaves it unknown, needing the keys the rule names: what the pair
    agreed is asked, not guessed.

    >>> found = within_truth(Meaning(), Meaning.parse({"natural": True, "hcp": "14-18"}))
    >>> found.value, sorted(found.needs)
    (None, ['hcp', 'natural'])
    >>> within_truth(Meaning.parse({"hcp": "12-14"}), Meaning.parse({"natural": True, "hcp": "14-18"})).value
    False
    """
    if not actual.keys:
        return unknown(*wanted_keys(wanted))
    return TRUE if within(actual, wanted) else FALSE


def within(actual: Meaning, wanted: Meaning) -> bool:
    """Whether an agreed meaning (``actual``) lies within what a rule describes
    (``wanted``): every constraint the rule names is met by the agreement, and
    what the agreement leaves open, it does not meet. A stated meaning is
    complete: what it does not say, the pair did not agree.

    >>> within(Meaning.parse({"hcp": "15-17"}), Meaning.parse({"hcp": "14-18"}))
    True
    >>> within(Meaning.parse({"hcp": "12-14"}), Meaning.parse({"hcp": "14-18"}))
    False
    >>> within(Meaning.parse({"keycards": [0, 3]}), Meaning.parse({"keycards": [0, 3, 5]}))
    True
    >>> within(Meaning.parse({"singleton": "none"}), Meaning.parse({"singleton": ["clubs"]}))
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
    if wanted.minor is not None:
        minors = [r for s, r in actual.suits if not s.is_major]
        if not (_sub(actual.minor, wanted.minor) or any(_sub(r, wanted.minor) for r in minors)):
            return False
    if wanted.shape is not None and (actual.shape is None or not actual.shape <= wanted.shape):
        return False
    for name in ("forcing", "strength", "convention", "standard", "to_play", "partner_must_bid", "stopper",
                 "suit_quality", "doubled_suit"):
        if getattr(wanted, name) is not None and getattr(actual, name) != getattr(wanted, name):
            return False
    if wanted.lead is not None and actual.lead != wanted.lead:
        return False
    if wanted.unbid_suits is not None and not _sub(actual.unbid_suits, wanted.unbid_suits):
        return False
    if wanted.bid_suit is not None and not _sub(actual.bid_suit, wanted.bid_suit):
        return False
    if wanted.trump_queen is not None and actual.trump_queen != wanted.trump_queen:
        return False
    # Key cards, a singleton: the agreement's counts or suits are among the rule's.
    for name in ("keycards", "singleton"):
        found, allowed = getattr(actual, name), getattr(wanted, name)
        if allowed is not None and (found is None or not found <= allowed or bool(found) != bool(allowed)):
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
    if wanted.other is not None and actual.other != wanted.other:
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

#: Cards in a suit that "show" it, for the functions' examples: rules read the
#: document's parameter shown-suit-length (AEB "la posesión de un palo").
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

    return Condition(test, f"an advance of a {shown(value)} overcall")


@predicate("named-suit", reads="meaning", needs=("suits",), asks=lambda s: _named_suit(s) is not None)
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
        wanted = range_of(value, path)
    except VocabularyError as exc:
        raise VocabularyError(path, f"{str(exc).split(': ', 1)[-1]} (or 'unstated')") from None

    def test(s: Situation) -> bool:
        suit = _named_suit(s)
        return suit is not None and _sub(s.meaning.promised(suit), wanted)

    return Condition(test, f"{shown(value)} cards in the suit named")


@predicate("partners-suit")
def _partners_suit(value: Any, language: str, path: str) -> Condition:
    """The bid names a suit partner has shown (see
    :meth:`~build_tools.rules.situation.Situation.partner_suits`): a raise."""
    wanted = _flag(value, path)
    default = parameter("partner-default-length", path)

    def test(s: Situation) -> bool:
        suit = _named_suit(s)
        return (suit is not None and suit in s.partner_suits(default)) == wanted

    return Condition(test, "in partner's suit" if wanted else "not in partner's suit")


@predicate("denies-support", reads="meaning", needs=("suits",), asks=lambda s: bool(s.partner_suits()))
def _denies_support(value: Any, language: str, path: str) -> Condition:
    """The meaning denies support for every major partner has shown: it does
    not allow eight cards together, counting partner's least length (four when
    partner's bid is taken as natural: "sin cuatro corazones" after a 1♥
    response). A meaning silent on partner's major denies support: a call
    that may hold a fit says so (a notrump bid does not show support by
    itself). Holds when partner has shown no major.

    >>> from build_tools.rules.registry import Registry
    >>> aeb = Registry.standard().declaring({"partner-default-length": 4, "shown-suit-length": 4})
    >>> c = Condition.parse({"denies-support": True}, "es", rules=aeb)
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
    default = parameter("partner-default-length", path)

    def test(s: Situation) -> bool:
        denied = True
        for suit, length in s.partner_suits(default).items():
            if suit.is_major:
                # A call of several types denies support when each type does.
                for meaning in s.call_types:
                    mine = meaning.promised(suit)
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
_SHOWN_SUIT_TEXT = {"named": "shows one suit, the one named", "not-named": "shows one suit, not the one named",
                    "next-higher": "shows one suit, the next one up", "higher-ranking":
                    "shows one suit, ranking above the one named", "none": "shows no suit of its own"}


@predicate("shown-suit", reads="meaning", needs=("suits",), asks=lambda s: s.call.is_bid)
def _shown_suit(value: Any, language: str, path: str) -> Condition:
    """The bid's meaning shows exactly one suit (the parameter shown-suit-length, cards or more,
    not a two-suiter, not support for a suit partner has shown), and it is the
    suit ``named``, one ``not-named`` (for a notrump bid: any), the
    ``next-higher`` suit (:func:`next_higher_suit`), or one ``higher-ranking``
    than the suit named; or ``none``: the meaning shows no suit of its own.

    >>> from build_tools.rules.registry import Registry
    >>> aeb = Registry.standard().declaring({"partner-default-length": 4, "shown-suit-length": 4})
    >>> c = Condition.parse({"shown-suit": "next-higher"}, "es", rules=aeb)
    >>> c.holds(Situation.read("1ST 2♥", "es", meaning=Meaning.parse({"suits": {"spades": "5+"}})))
    True
    >>> c.holds(Situation.read("1ST 2♦", "es", meaning=Meaning.parse({"suits": {"spades": "5+"}})))
    False
    >>> jacoby = Meaning.parse({"suits": {"hearts": "4+"}})
    >>> Condition.parse({"shown-suit": "not-named"}, "es", rules=aeb).holds(Situation.read("1♥ 2ST", "es", meaning=jacoby))
    False
    >>> Condition.parse({"shown-suit": "none"}, "es", rules=aeb).holds(Situation.read("1♥ 2ST", "es", meaning=jacoby))
    True
    >>> south_african = Meaning.parse({"suits": {"hearts": "6+"}})
    >>> Condition.parse({"shown-suit": "higher-ranking"}, "es", rules=aeb).holds(Situation.read("1ST 4♣", "es", meaning=south_african))
    True
    """
    if value not in _SHOWN_SUIT:
        raise VocabularyError(path, f"unknown value {value!r} ({', '.join(_SHOWN_SUIT)})")
    require(("shown-suit-length", "partner-default-length"), path)
    length = parameter("shown-suit-length", path)
    default = parameter("partner-default-length", path)

    def test(s: Situation) -> bool:
        if not s.call.is_bid:
            return False
        partners = s.partner_suits(default)
        own = [suit for suit in s.meaning.shown_suits(length) if suit not in partners]
        if value == "none":
            return not own and s.meaning.two_suiter is None
        shown = s.meaning.shown_suits(length)
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

    return Condition(test, _SHOWN_SUIT_TEXT[value])


@predicate("partner-must-bid", reads="meaning", needs=("partner-must-bid",))
def _partner_must_bid(value: Any, language: str, path: str) -> Condition:
    """The meaning obliges partner to bid a suit (``partner-must-bid``) that it
    also ``shown`` (the parameter shown-suit-length), or ``unshown`` (Lebensohl's 2NT, "se
    puede estar fallo a trébol")."""
    if value not in ("shown", "unshown"):
        raise VocabularyError(path, f"shown or unshown, not {value!r}")
    wanted: bool = value == "shown"
    length = parameter("shown-suit-length", path)

    def test(s: Situation) -> bool:
        suit = s.meaning.partner_must_bid
        if suit is None:
            return False
        promised = s.meaning.promised(suit)
        shown = promised is not None and promised.low >= length
        return shown == wanted

    return Condition(test, f"obliges partner to bid a suit it has {shown(value)}")


@predicate("agreed")
def _agreed(value: Any, language: str, path: str) -> Condition:
    """The pair has an agreement about the call (``true``) or has none
    (``false``): the query says so (``agreed: false``), or states a meaning.
    A query that does neither leaves it unknown."""
    wanted = _flag(value, path)

    def test(s: Situation) -> bool | Truth:
        if s.agreed is not None:
            return s.agreed == wanted
        if s.meaning.keys:
            return wanted
        return unknown("meaning")

    return Condition(test, "an agreed meaning" if wanted else "no agreement")


def question_and_answer(value: Any, path: str, example: str) -> tuple[str, str]:
    """A verdict as a predicate states it, ``{natural: "no"}``: the question's
    name and the answer in its canonical form (``example`` names a question
    for the message when it is not one pair)."""
    if not isinstance(value, Mapping) or len(value) != 1:
        raise VocabularyError(path, f"one question and its answer, e.g. {{{example}: \"no\"}}")
    ((question, answer),) = value.items()
    known = registry()
    try:
        name = known.question(question).name
        return name, known.question(name).answer(str(yaml_answer(answer))).answer
    except VocabularyError as exc:
        raise VocabularyError(f"{path}.{question}", str(exc)) from None


@predicate("verdict")
def _verdict(value: Any, language: str, path: str) -> Condition:
    """The document's own verdict on another question for the same call
    (``{natural: "no"}``): a rule that alerts non-natural calls uses the
    document's definition of natural, not the engine's. Unknown when that
    verdict depends; false when no rule answers it."""
    name, expected = question_and_answer(value, path, "natural")

    def test(s: Situation) -> bool | Truth:
        if s.asker is None:
            raise ValueError("the verdict predicate is evaluated by the engine's decide()")
        try:
            verdict = s.asker(name)
        except (Undecided, Conflict):
            return False
        if verdict.depends:
            return Truth(None, frozenset(verdict.needs))
        return bool(verdict.answer == expected)

    return Condition(test, f"the document's verdict {name}: {expected}")

