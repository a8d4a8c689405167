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
from collections.abc import Callable, Mapping
from typing import Any

from build_tools.bridge import Call, Strain, Suit, notation
from build_tools.bridge.errors import BridgeError
from build_tools.bridge.meanings import Range
from build_tools.bridge.views import View

from .errors import Conflict, Undecided, VocabularyError
# The language's names, read from here by the predicates' modules.
from .predicates import (
    ALWAYS as ALWAYS,
    DECLARATIONS as DECLARATIONS,
    FALSE as FALSE,
    PREDICATES as PREDICATES,
    READS as READS,
    TRUE as TRUE,
    Condition as Condition,
    Predicate as Predicate,
    Reason as Reason,
    Test as Test,
    Truth as Truth,
    conjunction as conjunction,
    disjunction as disjunction,
    parameter as parameter,
    predicate as predicate,
    registry as registry,
    require as require,
    unknown as unknown,
    without_leading_passes as without_leading_passes,
)
from .parameters import PARAMETERS
from .registry import yaml_answer
from .situation import RELATIONS, Situation, read_pattern
from .vocabulary import Meaning, TwoSuiter, meaning_at

_PARAMETER_IN_RANGE = re.compile(r"[a-z][a-z0-9]*(?:-[a-z][a-z0-9]*)*")


def range_of(value: Any, path: str) -> Range:
    """A predicate's range (``4+``, ``11-14``, ``-9``, ``6``), where a number
    may be a parameter the document declares: ``natural-suit-length+`` is its
    figure or more, so a federation writes its figures once.

    >>> from build_tools.rules.registry import Registry, reading
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
            if name in PARAMETERS:
                continue  # a parameter of the language the document has not declared: parameter() names it
            close = difflib.get_close_matches(name, list(declared), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise VocabularyError(path, f"unknown parameter {name!r} in the range {text!r}{hint}: a range is 5+, "
                                        f"4-5, -9 or 6, and a number in it may be a parameter the document declares")
        # The rule's author names these, not the predicate: no declaration of its lists them.
        figures = {name: parameter(name, path, in_range=True) for name in names}
        text = _PARAMETER_IN_RANGE.sub(lambda m: str(figures[m.group(0)]), text)
    try:
        return Range.parse(text)
    except BridgeError as exc:
        raise VocabularyError(path, str(exc)) from None


def _flag(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise VocabularyError(path, f"must be true or false, not {value!r}")
    return value


#: The values of a predicate that states a fact of the query, true or false.
FLAG = ("true", "false")
#: What a predicate of the auction reads.
AUCTION = ("auction", "call")


def _fact(name: str, fact: Callable[[Situation], bool], doc: str, says: str,
          facts: tuple[str, ...] = AUCTION) -> None:
    """Register ``name``, true where ``fact`` holds of the situation (``doc``
    says when; ``says`` is the statement of its reason)."""
    def parse(value: Any, language: str, path: str) -> Condition:
        wanted = _flag(value, path)
        return Condition(lambda s: fact(s) == wanted, name if wanted else f"not {name}")

    parse.__doc__ = doc
    predicate(name, facts=facts, values=FLAG, says=says, shows="flag")(parse)


_fact("opening", lambda s: s.is_opening, "The call is the first bid of the auction.", "the call opens the auction")
_fact("response", lambda s: s.is_response, "Partner opened; the player's first call since, other than pass.",
      "the call responds to partner's opening")
_fact("overcall", lambda s: s.is_overcall,
      "The opponents opened, our side had called nothing but pass, and this is a bid.", "the call is an overcall")
_fact("contested", lambda s: s.contested, "An opponent has called other than pass.",
      "an opponent has called other than pass", ("auction",))
_fact("jump", lambda s: s.jump > 0, "A bid above the lowest sufficient one in its strain.", "the call is a jump")
_fact("screens", lambda s: s.screens, "Played with screens.", "screens are in use", ("screens",))
_fact("doubled", lambda s: s.doubled_by_opponent, "The last call other than pass is an opponent's double.",
      "an opponent has just doubled", ("auction",))
_fact("new-suit", lambda s: s.call.is_bid and s.call.strain is not Strain.NOTRUMP
      and s.call.strain not in s.strains_bid_by(RELATIONS), "A bid in a suit nobody has bid.",
      "the call bids a suit nobody has bid")
_fact("raise", lambda s: s.call.is_bid and s.call.strain in s.strains_bid_by(("partner",)),
      "A bid in a strain partner has bid.", "the call bids a strain partner has bid")
_fact("opponents-suit", lambda s: s.call.is_bid and s.call.strain is not Strain.NOTRUMP
      and s.call.strain in s.strains_bid_by(("lho", "rho")), "A bid in a suit an opponent has bid.",
      "the call bids a suit an opponent has bid")


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


@predicate("call", facts=("call",), values=("2♦/♥", "[1♣, 1♦]"), says="the call is %(value)s", shows="calls")
def _call(value: Any, language: str, path: str) -> Condition:
    """The call in question is one of these (``2♦/♥`` or a list)."""
    calls = _calls(value, language, path)
    return Condition(lambda s: s.call in calls, f"call {shown(value)}", calls=calls)


@predicate("after", facts=("auction",), values=("1NT", "(1♥) X", "[1♥, 1♠]"), says="the auction before it is %(value)s",
           shows="auction")
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
    return Condition(lambda s: any(_ends_with_ours(s.calls[:-1], b) for b in befores), f"after {shown(value)}",
                     befores=frozenset(without_leading_passes(b) for b in befores))


def _ends_with_ours(calls: tuple[Call, ...], before: tuple[Call, ...]) -> bool:
    # The written auction starts with our side's first call; passes before it
    # (the opponents' or ours in an earlier seat) do not change the sequence.
    stripped = calls
    while len(stripped) > len(before) and stripped[0].is_pass:
        stripped = stripped[1:]
    return stripped == before


#: The players as a rule names them, seen from the player of the call.
PLAYERS = {"self": "the player", "partner": "partner", "lho": "the left-hand opponent",
           "rho": "the right-hand opponent", "opponent": "an opponent", "our-side": "our side", "nobody": "nobody"}


@predicate("opener", facts=("auction",), values=tuple(PLAYERS), says="the auction was opened by %(value)s",
           shows="word", words=PLAYERS)
def _opener(value: Any, language: str, path: str) -> Condition:
    """Who made the first bid: self, partner, lho, rho, opponent, our-side or nobody."""
    groups = {"opponent": ("lho", "rho"), "our-side": ("self", "partner"), "nobody": ("nobody",)}
    wanted = groups.get(str(value), (str(value),))
    if not set(wanted) <= {*RELATIONS, "nobody"}:
        raise VocabularyError(path, f"unknown player {value!r} (self, partner, lho, rho, opponent, our-side, nobody)")
    return Condition(lambda s: s.opener in wanted, f"opened by {shown(value)}")


@predicate("opening-call", facts=("auction",), values=("1♣", "[1♥, 1♠]"), says="the opening bid was %(value)s",
           shows="calls")
def _opening_call(value: Any, language: str, path: str) -> Condition:
    """The first bid of the auction is one of these."""
    calls = _calls(value, language, path)
    return Condition(lambda s: s.opening_index is not None and s.calls[s.opening_index] in calls,
                     f"the opening was {shown(value)}", openings=calls)


@predicate("kind", facts=("call",), values=("bid", "pass", "double", "redouble"), says="the call is %(value)s",
           shows="word", words={"bid": "a bid", "pass": "a pass", "double": "a double", "redouble": "a redouble"})
def _kind(value: Any, language: str, path: str) -> Condition:
    """The call is a bid, pass, double or redouble."""
    kinds = ("bid", "pass", "double", "redouble")
    if value not in kinds:
        raise VocabularyError(path, f"unknown kind {value!r} ({', '.join(kinds)})")
    return Condition(lambda s: s.call.kind.name.lower() == value, f"a {shown(value)}")


@predicate("level", facts=("call",), values=("4+", "1-2"), says="the bid is at level %(value)s", shows="range")
def _level(value: Any, language: str, path: str) -> Condition:
    """The bid's level is in this range (``4+``)."""
    levels = range_of(value, path)
    return Condition(lambda s: s.call.is_bid and s.call.level in levels, f"level {shown(value)}")


#: The strains and groups of strains a rule names.
STRAINS = {"clubs": "clubs", "diamonds": "diamonds", "hearts": "hearts", "spades": "spades", "notrump": "notrump",
           "suit": "a suit", "major": "a major", "minor": "a minor"}


@predicate("strain", facts=("call",), values=tuple(STRAINS), says="the bid is in %(value)s", shows="word",
           words=STRAINS)
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


@predicate("meaning", facts=("meaning",), values=("{natural: true, hcp: 14-18}",),
           says="the agreed meaning says at least: %(value)s", shows="meaning")
def _meaning(value: Any, language: str, path: str) -> Condition:
    """The agreed meaning of the call says at least this (see :func:`within`)."""
    wanted = meaning_at(value, path)
    return Condition(lambda s: within_truth(s.meaning, wanted), f"meaning {_show(value)}")


@predicate("opening-meaning", facts=("auction", "earlier"), values=("{hcp: 15+}",),
           says="the opening's agreed meaning says at least: %(value)s", shows="meaning")
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


@predicate("advance", facts=AUCTION, values=("true", "false", "suit", "notrump"),
           says="the call advances %(value)s", shows="word",
           words={"true": "partner's overcall", "suit": "partner's overcall in a suit",
                  "notrump": "partner's overcall in notrump"})
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


@predicate("named-suit", reads="meaning", needs=("suits",), asks=lambda s: _named_suit(s) is not None,
           facts=("call", "meaning"), values=("4+", "unstated", "0+"),
           says="the meaning promises %(value)s cards in the suit bid", shows="range")
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


@predicate("partners-suit", facts=("auction", "call", "earlier"), values=FLAG, parameters=("partner-default-length",),
           says="the bid is in a suit partner has shown", shows="flag")
def _partners_suit(value: Any, language: str, path: str) -> Condition:
    """The bid names a suit partner has shown (see
    :meth:`~build_tools.rules.situation.Situation.partner_suits`): a raise."""
    wanted = _flag(value, path)
    default = parameter("partner-default-length", path)

    def test(s: Situation) -> bool:
        suit = _named_suit(s)
        return (suit is not None and suit in s.partner_suits(default)) == wanted

    return Condition(test, "in partner's suit" if wanted else "not in partner's suit")


@predicate("denies-support", reads="meaning", needs=("suits",), asks=lambda s: bool(s.partner_suits()),
           facts=("auction", "meaning", "earlier"), values=FLAG, parameters=("partner-default-length",),
           says="the meaning denies support for partner's major", shows="flag")
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


@predicate("silent-on", facts=("meaning",), values=("shape", "[hcp, shape]"),
           says="the meaning says nothing of %(value)s", shows="text")
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


#: What ``shown-suit`` names, in a verdict's reasons ("the meaning shows ...").
SHOWN_SUITS = {"named": "one suit, the one bid", "not-named": "one suit, not the one bid",
               "next-higher": "one suit, the next one up", "higher-ranking": "one suit, ranking above the one bid",
               "none": "no suit of its own"}
_SHOWN_SUIT = tuple(SHOWN_SUITS)
#: And in the condition's text (``because``).
_SHOWN_SUIT_TEXT = {"named": "shows one suit, the one named", "not-named": "shows one suit, not the one named",
                    "next-higher": "shows one suit, the next one up", "higher-ranking":
                    "shows one suit, ranking above the one named", "none": "shows no suit of its own"}


@predicate("shown-suit", reads="meaning", needs=("suits",), asks=lambda s: s.call.is_bid,
           facts=("auction", "call", "meaning", "earlier"), values=tuple(SHOWN_SUITS),
           parameters=("shown-suit-length", "partner-default-length"),
           says="the meaning shows %(value)s", shows="word", words=SHOWN_SUITS)
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


@predicate("partner-must-bid", reads="meaning", needs=("partner-must-bid",), facts=("meaning",),
           values=("shown", "unshown"), parameters=("shown-suit-length",),
           says="the meaning obliges partner to bid a suit it %(value)s", shows="word",
           words={"shown": "shows", "unshown": "does not show"})
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


@predicate("agreed", facts=("agreed", "meaning"), values=FLAG, says="the pair has an agreement about the call",
           shows="flag")
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


@predicate("verdict", facts=("verdict",), values=('{natural: "no"}',),
           says="the document's verdict is %(value)s", shows="text", verdicts=lambda value: list(value))
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

