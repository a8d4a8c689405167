"""Predicates over a pair's system (``Situation.system``, a convention card:
build_tools/cards.py) and over calls of several types, for the systems
policies (the WBF's, as the CBA adopts it): what is HUM, which colour a card
is, which calls are Brown Sticker or random, what the front of the card lists,
and what an event permits.

Their figures are the document's parameters: ``average-hand-hcp`` (an average
hand), ``king-hcp`` (a king's worth: a strong hand is at least this much above
average), ``long-suit`` and ``short-suit``, ``known-suit-length``,
``usual-opening-hcp`` and ``random-opening-hcp``. A predicate over the system
is unknown, needing ``system``, when the query gives no card; one over the
call's meaning is unknown, needing ``meaning``, when neither the query nor the
card states it.

>>> from build_tools.rules.conditions import Condition
>>> from build_tools.rules.registry import Registry
>>> cba = Registry.standard().declaring(FIGURES)
>>> weak = Condition.parse({"may-be-weak": True}, "en", rules=cba)
>>> weak.holds(Situation.read("2D", "en", meaning=Meaning.parse({"hcp": "9-12"})))
True
>>> weak.holds(Situation.read("2D", "en", meaning=Meaning.parse({"hcp": "10-12"})))
False
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from build_tools.bridge import Call, Strain, Suit

from .conditions import (
    FALSE,
    FLAG,
    TRUE,
    Condition,
    Truth,
    _flag,
    conjunction,
    disjunction,
    parameter,
    predicate,
    question_and_answer,
    require,
    shown,
    unknown,
)
from .evaluation import session
from .predicates import declared_parameters
from .cards import card_meanings, cards_of, entry_for
from .errors import Conflict, Undecided, VocabularyError
from .situation import Situation
from .vocabulary import Meaning

#: The figures of the functions' own examples (the CBA document declares them).
FIGURES: dict[str, int] = {"average-hand-hcp": 10, "king-hcp": 3, "long-suit": 3, "short-suit": 2,
                           "known-suit-length": 4, "usual-opening-hcp": 12, "random-opening-hcp": 8}

_WEAK_STRENGTHS = ("weak", "preemptive", "negative")


@dataclass(frozen=True, slots=True)
class Figures:
    """The document's figures, read when a rule is parsed: those the
    predicate being parsed declares (a figure it reads without declaring it
    is the code's mistake, and raises)."""

    values: dict[str, int]

    @classmethod
    def declared(cls, path: str) -> Figures:
        wanted = declared_parameters() or ()
        require([name for name in FIGURES if name in wanted], path)
        return cls({name: parameter(name, path) for name in FIGURES if name in wanted})

    def _figure(self, name: str) -> int:
        try:
            return self.values[name]
        except KeyError:
            raise RuntimeError(f"the figure {name!r} is read by a predicate that does not declare it") from None

    @property
    def average(self) -> int:
        return self._figure("average-hand-hcp")

    @property
    def king(self) -> int:
        return self._figure("king-hcp")

    @property
    def long(self) -> int:
        return self._figure("long-suit")

    @property
    def short(self) -> int:
        return self._figure("short-suit")

    @property
    def known(self) -> int:
        return self._figure("known-suit-length")

    @property
    def usual(self) -> int:
        return self._figure("usual-opening-hcp")

    @property
    def random(self) -> int:
        return self._figure("random-opening-hcp")

    @property
    def strong(self) -> int:
        """The least a strong hand holds: average and a king."""
        return self.average + self.king

    def may_be_weak(self, m: Meaning) -> bool:
        """Below average by agreement: its range starts below an average hand,
        or it is called weak (a preempt, a negative)."""
        return (m.hcp is not None and m.hcp.low < self.average) or m.strength in _WEAK_STRENGTHS

    def is_strong(self, m: Meaning) -> bool:
        """At least a king above average: its range starts there, or it is called strong."""
        if m.hcp is not None:
            return m.hcp.low >= self.strong
        return m.strength == "strong"

    def long_in(self, m: Meaning, suit: Suit, length: int | None = None) -> bool:
        promised = m.promised(suit)
        return promised is not None and promised.low >= (self.long if length is None else length)

    def short_in(self, m: Meaning, suit: Suit) -> bool:
        promised = m.length_of(suit)
        return promised is not None and promised.high is not None and promised.high <= self.short

    def known_suit(self, alternatives: tuple[Meaning, ...]) -> Suit | None:
        """The suit every alternative promises ``known`` cards in, if one does."""
        return next((s for s in Suit if all(self.long_in(m, s, self.known) for m in alternatives)), None)

    def natural_opening(self, call: Call, m: Meaning) -> bool:
        """A natural bid: not artificial, not a two-suiter, a suit bid long in
        its suit (a named convention that shows it, a precision 2♣, stays
        natural), a notrump bid of no convention."""
        if m.natural is False or m.two_suiter is not None:
            return False
        if call.strain is Strain.NOTRUMP:
            return m.convention is None
        suit = call.strain.suit if call.strain is not None else None
        return suit is not None and self.long_in(m, suit)


def alternatives(s: Situation) -> tuple[Meaning, ...] | None:
    """What the call in question may be: its types (the query's ``either``,
    the card's alternatives), or its one meaning; ``None`` when nothing says.

    A card's line of one type has already given the call its meaning; a
    line whose meaning states nothing (``meaning: {}``) says nothing, as a
    query without a meaning does, so what depends on it stays unknown."""
    if s.types:
        return s.types
    return (s.meaning,) if s.meaning.keys else None


def _card(s: Situation) -> Any:
    return cards_of(s.system)[0] if s.system is not None else None


_Read = TypeVar("_Read")


def _reading(read: Callable[[Situation], _Read | None], missing: str,
             test: Callable[[_Read, Figures, Situation], bool], text: str,
             flag: bool = True) -> Callable[[Any, str, str], Condition]:
    """A predicate over what ``read`` finds in the situation (the card, the
    meanings a call may have), true or false as ``value`` asks; unknown, for
    want of ``missing``, when ``read`` finds nothing."""
    def parse(value: Any, language: str, path: str) -> Condition:
        wanted = _flag(value, path) if flag else True
        figures = Figures.declared(path)

        def check(s: Situation) -> Truth:
            found = read(s)
            if found is None:
                return unknown(missing)
            return TRUE if test(found, figures, s) == wanted else FALSE

        return Condition(check, text if wanted else f"not ({text})")

    return parse


def _over_system(name: str, test: Callable[[Any, Figures, Situation], bool], text: str,
                 flag: bool = True) -> Callable[[Any, str, str], Condition]:
    """A predicate of the card, true or false as ``value`` asks."""
    return _reading(_card, "system", test, text, flag)


def _over_call(test: Callable[[tuple[Meaning, ...], Figures, Situation], bool], text: str
               ) -> Callable[[Any, str, str], Condition]:
    """A predicate of the meanings the call in question may have, true or false as ``value`` asks."""
    return _reading(alternatives, "meaning", test, text)


# --- the card's openings and passes -----------------------------------------


def one_level_openings(card: Any) -> tuple[Any, ...]:
    return tuple(e for e in card.section("openings") if e.call.is_bid and e.call.level == 1)


def _least_hcp(entry: Any) -> int | None:
    """The least strength the entry's alternatives agree: ``None`` when none states a range."""
    lows = [m.hcp.low for m in entry.alternatives if m.hcp is not None]
    return min(lows) if lows else None


def _opening_passes(card: Any) -> tuple[Any, ...]:
    return tuple(e for e in card.section("passes") if all(c.is_pass for c in e.calls))


def strong_minors(card: Any, figures: Figures) -> frozenset[Strain]:
    """The one-level minor openings that are always strong (a strong club or diamond)."""
    found = set()
    for strain in (Strain.CLUBS, Strain.DIAMONDS):
        entries = [e for e in one_level_openings(card) if e.call.strain is strain]
        if entries and all(figures.is_strong(m) for e in entries for m in e.alternatives):
            found.add(strain)
    return frozenset(found)


def hum_calls(card: Any, criterion: int, figures: Figures) -> tuple[Any, ...]:
    """The entries of the card that meet HUM criterion (1)-(5)."""
    if criterion == 1:
        return tuple(e for e in _opening_passes(card)
                     if any((m.hcp is not None and m.hcp.low >= figures.usual) or m.strength == "strong"
                            for m in e.alternatives))
    found = []
    for entry in one_level_openings(card):
        ms = entry.alternatives
        if criterion == 2:
            least = _least_hcp(entry)
            passes = [p for p in _opening_passes(card) if not p.seats or not entry.seats or p.seats & entry.seats]
            lows = [low for p in passes if (low := _least_hcp(p)) is not None]
            hit = least is not None and least < (min(lows) if lows else 0)
        elif criterion == 3:
            hit = any(m.hcp is not None and m.hcp.low <= figures.average - figures.king for m in ms)
        elif criterion == 4:
            hit = any(any(figures.short_in(a, s) for a in ms) and any(figures.long_in(b, s) for b in ms)
                      for s in Suit)
        else:
            hit = (figures.known_suit(ms) is None and len(ms) > 1
                   and len({s for m in ms for s in Suit if figures.long_in(m, s)}) >= 2
                   and sum(1 for m in ms if any(figures.long_in(m, s) for s in Suit)) >= 2)
        if hit:
            found.append(entry)
    return tuple(found)


def hum_excepted(card: Any, figures: Figures) -> bool:
    """Every HUM criterion the card meets, it meets only with one-level minor
    openings of a strong club or diamond system (the exception); criterion (1)
    speaks of a pass, which the exception does not name."""
    if hum_calls(card, 1, figures):
        return False
    minors = strong_minors(card, figures)
    met = [e for k in (2, 3, 4, 5) for e in hum_calls(card, k, figures)]
    return bool(met) and bool(minors) and all(e.call.strain in (Strain.CLUBS, Strain.DIAMONDS) for e in met)


def _criterion(value: Any, language: str, path: str) -> Condition:
    """The card meets HUM criterion ``1`` to ``5`` of the systems policy: (1) a
    pass in the opening position with the values of a usual one-level opening;
    a one-level opening that may be (2) weaker than a pass, (3) a king below
    average, (4) short or long in a suit, (5) long in one suit or in another."""
    if value not in (1, 2, 3, 4, 5):
        raise VocabularyError(path, f"a criterion from 1 to 5, not {value!r}")
    figures = Figures.declared(path)

    def check(s: Situation) -> Truth:
        card = _card(s)
        if card is None:
            return unknown("system")
        return TRUE if hum_calls(card, int(value), figures) else FALSE

    return Condition(check, f"HUM criterion ({shown(value)})")


#: The figures that tell strong from weak, and what HUM's criteria read.
STRENGTH = ("average-hand-hcp", "king-hcp")
HUM_FIGURES = (*STRENGTH, "usual-opening-hcp", "short-suit", "long-suit", "known-suit-length")
#: What a predicate of the call's types reads: the query's meaning, or the card's entry.
TYPES = ("meaning", "system")


def _documented(name: str, doc: str, parse: Callable[[Any, str, str], Condition], says: str,
                facts: tuple[str, ...] = ("system",), parameters: tuple[str, ...] = (),
                values: tuple[str, ...] = FLAG) -> None:
    parse.__doc__ = doc
    predicate(name, facts=facts, values=values, says=says, shows="flag", parameters=parameters)(parse)


predicate("hum-criterion", facts=("system",), values=("1", "5"), parameters=HUM_FIGURES,
          says="the card meets HUM criterion (%(value)s)", shows="text")(_criterion)
_documented("hum-excepted", "Every HUM criterion the card meets, it meets only with one-level minor openings of a "
            "strong club or diamond system (the systems policy's exception); a strong pass is no exception.",
            _over_system("hum-excepted", lambda card, f, s: hum_excepted(card, f),
                         "the criteria are met only by one-level minor openings of a strong club or diamond system"),
            "the card meets the HUM criteria only with the minor openings of a strong club or diamond system",
            parameters=HUM_FIGURES)
_documented("card", "The query gives the pair's system (a convention card).",
            _over_system("card", lambda card, f, s: True, "the pair's card"), "the query gives the pair's card")
_documented("strong-club-system", "The card's 1♣ or 1♦ opening is always strong (at least a king above average).",
            _over_system("strong-club-system", lambda card, f, s: bool(strong_minors(card, f)),
                         "a strong club or diamond system"), "the card is a strong club or diamond system",
            parameters=STRENGTH)
_documented("natural-system", "Every one-level opening of the card is natural: no convention, and a suit "
            "opening long (the parameter long-suit) in its suit.",
            _over_system("natural-system", lambda card, f, s: all(
                f.natural_opening(e.call, m) for e in one_level_openings(card) for m in e.alternatives),
                "a natural system"), "every one-level opening of the card is natural", parameters=("long-suit",))


def three_way_club(card: Any, figures: Figures) -> tuple[Any, ...]:
    """1♣ openings of three types or more: clubs, a balanced range, a strong hand."""
    return tuple(e for e in one_level_openings(card) if e.call.strain is Strain.CLUBS and len(e.alternatives) >= 3
                 and any(figures.long_in(m, Suit.CLUBS) for m in e.alternatives)
                 and any(m.shape is not None and m.hcp is not None for m in e.alternatives)
                 and any(figures.is_strong(m) for m in e.alternatives))


def varying_methods(card: Any) -> tuple[Any, ...]:
    """Entries whose auction the card plays differently by seat or
    vulnerability, notrump ranges aside."""
    by_calls: dict[tuple[Call, ...], list[Any]] = {}
    for entry in card.entries:
        by_calls.setdefault(entry.calls, []).append(entry)
    found = []
    for entry in card.entries:
        if not (entry.seats or entry.vulnerable) or entry.call.strain is Strain.NOTRUMP:
            continue
        others = [e for e in by_calls[entry.calls] if e is not entry]
        if any(tuple(o.alternatives) != tuple(entry.alternatives) for o in others):
            found.append(entry)
    return tuple(found)


def controversial(card: Any, figures: Figures) -> tuple[Any, ...]:
    """Conventional weak or multi calls outside the main part of the WBF convention booklet."""
    return tuple(e for e in card.entries if e.booklet == "outside"
                 and any(m.natural is False or m.convention is not None or m.two_suiter is not None
                         for m in e.alternatives)
                 and (len(e.alternatives) > 1 or any(figures.may_be_weak(m) for m in e.alternatives)))


_RED: dict[str, Callable[[Any, Figures], tuple[Any, ...]]] = {
    "three-way-club": three_way_club, "varies": lambda card, f: varying_methods(card),
    "controversial": controversial}


@predicate("red-example", facts=("system",), values=("three-way-club", "varies", "controversial"),
           parameters=(*STRENGTH, "long-suit"), says="the card holds %(value)s", shows="word",
           words={"three-way-club": "a 1♣ of three types", "varies": "methods that vary by seat or vulnerability",
                  "controversial": "a potentially controversial conventional weak or multi call"})
def _red_example(value: Any, language: str, path: str) -> Condition:
    """The card is one of red's examples: a 1♣ of three types (``three-way-club``),
    basic methods that vary by seat or vulnerability (``varies``), or a
    potentially controversial conventional weak or multi call (``controversial``)."""
    if value not in _RED:
        raise VocabularyError(path, f"one of {', '.join(_RED)}, not {value!r}")
    figures = Figures.declared(path)
    found = _RED[str(value)]

    def check(s: Situation) -> Truth:
        card = _card(s)
        if card is None:
            return unknown("system")
        return TRUE if found(card, figures) else FALSE

    return Condition(check, f"red: {shown(value)}")


def entry_situation(entry: Any, meaning: Meaning | None = None, base: Situation | None = None) -> Situation:
    """A query of one call of a card (the call with its types, or the one
    ``meaning`` given), with the facts of ``base`` (the card, the event)."""
    from build_tools.rules.situation import Situation as _S

    calls = entry.calls
    meanings = dict(card_meanings(cards_of(base.system)[0], calls)) if base is not None and base.system else {}
    meanings.pop(len(calls) - 1, None)
    situation = _S(calls, meanings, written_to_table=tuple(range(len(calls))))
    situation = situation.with_types((meaning,) if meaning is not None else tuple(entry.alternatives))
    if base is not None:
        situation = replace(situation, system=base.system, vulnerable=base.vulnerable, event=base.event,
                            stage=base.stage)
    return replace(situation, entry=entry)


@predicate("card-verdict", facts=("system", "verdict"), values=('{brown-sticker: "yes"}',),
           says="a call of the card gets the verdict %(value)s", shows="text", verdicts=lambda value: list(value))
def _card_verdict(value: Any, language: str, path: str) -> Condition:
    """Some call of the card gets this verdict from the document's own rules
    (``{brown-sticker: "yes"}``): the system uses a Brown Sticker call."""
    name, expected = question_and_answer(value, path, "brown-sticker")

    def check(s: Situation) -> Truth:
        card = _card(s)
        if card is None:
            return unknown("system")
        consult = s.consult
        if consult is None:
            raise ValueError("the card-verdict predicate is evaluated by the engine's decide()")

        def verdicts() -> Truth:
            doubtful: set[str] = set()
            for entry in card.entries:
                try:
                    verdict = consult(name, entry_situation(entry, base=s))
                except (Undecided, Conflict):
                    continue
                if verdict.depends:
                    doubtful.update(verdict.needs)
                elif verdict.answer == expected:
                    return TRUE
            return Truth(None, frozenset(doubtful)) if doubtful else FALSE

        # Asked of every call of a card, it is worked out once per card and
        # session, not once per call (a card check stays linear in its calls).
        with session() as current:
            key = ("card-verdict", id(s.book), name, expected, id(s.system), s.vulnerable, s.event, s.stage)
            return current.remember(key, s.system, verdicts)

    return Condition(check, f"a call of the card is {name}: {expected}")


# --- the event ----------------------------------------------------------------

EVENTS = ("1", "2", "3")
STAGES = ("round-robin", "knockout")


@predicate("event", facts=("event",), values=EVENTS, says="the event is of category %(value)s", shows="text")
def _event(value: Any, language: str, path: str) -> Condition:
    """The event is of this category (1, 2 or 3); unknown when the query names none."""
    wanted = str(value)
    if wanted not in EVENTS:
        raise VocabularyError(path, f"an event category ({', '.join(EVENTS)}), not {value!r}")
    return Condition(lambda s: unknown("event") if s.event is None else s.event == wanted, f"event category {wanted}")


@predicate("stage", facts=("stage",), values=STAGES, says="the event is at %(value)s", shows="word",
           words={"round-robin": "the round-robin stage", "knockout": "the knockout stage"})
def _stage(value: Any, language: str, path: str) -> Condition:
    """The stage of the event: round-robin or knockout; unknown when the query names none."""
    if value not in STAGES:
        raise VocabularyError(path, f"a stage ({', '.join(STAGES)}), not {value!r}")
    return Condition(lambda s: unknown("stage") if s.stage is None else s.stage == value, f"the {shown(value)} stage")


def _card_fact(name: str, fact: Callable[[Any], bool | None], doc: str, text: str, says: str) -> None:
    def parse(value: Any, language: str, path: str) -> Condition:
        wanted = _flag(value, path)

        def check(s: Situation) -> Truth:
            card = _card(s)
            if card is None:
                return unknown("system")
            found = fact(card)
            if found is None:
                return unknown(name)
            return TRUE if found == wanted else FALSE

        return Condition(check, text if wanted else f"not ({text})")

    parse.__doc__ = doc
    predicate(name, facts=("system",), values=FLAG, says=says, shows="flag")(parse)


_card_fact("card-submitted", lambda card: card.submitted,
           "The card says it was submitted by the time the conditions of contest set; unknown when it does not say.",
           "the card submitted in time", "the card was submitted in time")
_card_fact("brown-sticker-disclosed", lambda card: {"card", "announcement-sheet", "defence"} <= card.disclosure,
           "The pair has handed in its card, the Brown Sticker announcement sheet and a defence to its methods.",
           "Brown Sticker methods fully disclosed",
           "the pair has handed in its card, the Brown Sticker sheet and a defence")
_card_fact("secret-signals", lambda card: card.secret_signals,
           "The card's signals are known only to the defenders (secret).", "secret signals",
           "the card's signals are secret")


@predicate("several-systems", facts=("system",), values=FLAG, says="the pair has more than one system",
           shows="flag")
def _several(value: Any, language: str, path: str) -> Condition:
    """The query gives the pair more than one system (card) for the event."""
    wanted = _flag(value, path)

    def check(s: Situation) -> Truth:
        if s.system is None:
            return unknown("system")
        many = isinstance(s.system, list) and len(s.system) > 1
        return TRUE if many == wanted else FALSE

    return Condition(check, "more than one system" if wanted else "one system")


# --- calls of several types ---------------------------------------------------


_documented("may-be-weak", "The call may be weak by agreement: one of its types starts below an average hand "
            "(the parameter average-hand-hcp) or is called weak.",
            _over_call(lambda ms, f, s: any(f.may_be_weak(m) for m in ms), "may be weak"),
            "the call may be weak", TYPES, ("average-hand-hcp",))
_documented("weak-hand", "Every type of the call is weak: its range ends below an average hand, or it is "
            "called weak.", _over_call(lambda ms, f, s: all(
                (m.hcp is not None and m.hcp.high is not None and m.hcp.high < f.average)
                or m.strength in _WEAK_STRENGTHS for m in ms), "weak"),
            "every type of the call is weak", TYPES, ("average-hand-hcp",))
_documented("known-suit", "Every type of the call promises the parameter known-suit-length, cards or more, "
            "in one and the same suit.",
            _over_call(lambda ms, f, s: f.known_suit(ms) is not None, "promises four cards in a known suit"),
            "every type of the call promises a known suit", TYPES, ("known-suit-length",))
_documented("strong-hand", "Every type of the call is strong: at least a king above average.",
            _over_call(lambda ms, f, s: all(f.is_strong(m) for m in ms), "strong"),
            "every type of the call is strong", TYPES, STRENGTH)


def _weak_known_or_strong(ms: tuple[Meaning, ...], f: Figures, s: Situation) -> bool:
    weak = [m for m in ms if not f.is_strong(m)]
    return bool(weak) and f.known_suit(tuple(weak)) is not None


_documented("weak-in-known-suit", "Every type of the call that is not strong promises four cards (the parameter "
            "known-suit-length) in one known suit; the others are at least a king above average.",
            _over_call(_weak_known_or_strong, "weak types in a known suit, the others strong"),
            "the call's weak types promise a known suit, the others are strong", TYPES,
            (*STRENGTH, "known-suit-length"))


def _weak_two_major(ms: tuple[Meaning, ...], f: Figures, s: Situation) -> bool:
    majors = (Suit.HEARTS, Suit.SPADES)

    def weak_two(m: Meaning) -> bool:
        return f.may_be_weak(m) and sum(1 for x in majors if f.long_in(m, x, 5)) == 1 and m.two_suiter is None

    return any(weak_two(m) for m in ms) and all(weak_two(m) or f.is_strong(m) for m in ms)


_documented("weak-two-in-a-major", "Every type of the call is a weak two in one major (five cards or more) or a "
            "strong hand: a multi.", _over_call(_weak_two_major, "a weak two in either major, or strong"),
            "every type of the call is a weak two in one major or a strong hand", TYPES, STRENGTH)


def _weak_two_suiter(ms: tuple[Meaning, ...], f: Figures, s: Situation) -> bool:
    for m in ms:
        if not f.may_be_weak(m):
            continue
        if m.two_suiter is not None and min(m.two_suiter.min) <= f.long:
            return True
        shown = [r for _, r in m.suits if r.low >= 1]
        if m.two_suiter is None and len(shown) == 2 and min(r.low for r in shown) <= f.long:
            return True
    return False


_documented("weak-two-suiter", "A type of the call is a weak two-suiter that may hold three cards or fewer "
            "(the parameter long-suit) in one of its suits.",
            _over_call(_weak_two_suiter, "a weak two-suiter with three cards or fewer in a suit"),
            "a type of the call is a weak two-suiter that may be short in one of its suits", TYPES,
            ("average-hand-hcp", "long-suit"))


def _natural_meaning(ms: tuple[Meaning, ...], f: Figures, s: Situation) -> bool:
    return all(m.natural is True or (m.natural is None and m.convention is None and m.two_suiter is None)
               for m in ms)


_documented("natural-meaning", "Every type of the call is natural: not artificial, no convention, no two-suiter.",
            _over_call(_natural_meaning, "natural"), "every type of the call is natural", TYPES)
_documented("asks-stopper", "The call asks partner to bid 3NT with a stopper in the suit (convention: asking).",
            _over_call(lambda ms, f, s: all(m.convention == "asking" for m in ms), "asks for a stopper"),
            "the call asks partner for a stopper", TYPES)
_documented("below-random-line", "A type of the call may hold fewer HCP than the parameter random-opening-hcp.",
            _over_call(lambda ms, f, s: any(m.hcp is not None and m.hcp.low < f.random for m in ms),
                       "may hold fewer than the random-opening figure"),
            "a type of the call may hold fewer HCP than the random-opening figure", TYPES,
            ("random-opening-hcp",))


def _artificial(ms: tuple[Meaning, ...], f: Figures, s: Situation) -> bool:
    return not all(f.natural_opening(s.call, m) if s.call.is_bid else m.natural is not False for m in ms)


_documented("artificial", "The call is artificial: a type of it is not natural (see natural-system).",
            _over_call(_artificial, "artificial"), "the call is artificial", (*TYPES, "call"), ("long-suit",))


@predicate("psychic", facts=("system",), values=FLAG, says="the card plays the call as a protected psychic",
           shows="flag")
def _psychic(value: Any, language: str, path: str) -> Condition:
    """The card plays the call as a psychic the system protects or requires
    (an occasional psychic is protected when the card has psychic controls)."""
    wanted = _flag(value, path)

    def check(s: Situation) -> bool:
        entry = s.entry
        card = _card(s)
        found = entry is not None and (entry.psychic in ("protected", "required") or (
            entry.psychic == "occasional" and card is not None and card.psychic_controls))
        return found == wanted

    return Condition(check, "a protected or required psychic" if wanted else "no protected psychic")


@predicate("told-apart", facts=("system",), values=FLAG, says="later calls tell the call's weakest hands apart",
           shows="flag")
def _told_apart(value: Any, language: str, path: str) -> Condition:
    """The card has later calls that tell the call's weakest hands apart
    (``told-apart`` of its entry); unknown when the card does not say."""
    wanted = _flag(value, path)

    def check(s: Situation) -> Truth:
        told = s.entry.told_apart if s.entry is not None else None
        if told is None:
            return unknown("told-apart")
        return TRUE if told == wanted else FALSE

    return Condition(check, "told apart later" if wanted else "no means of telling")


def _each_type(name: str, combine: Callable[[list[Truth]], Truth], text: str, doc: str, says: str) -> None:
    """A predicate that asks its condition of each type of the call alone and
    combines the answers (``every-type``: Kleene's and, ``some-type``: or); a
    call of one type is asked as it is."""
    def parse(value: Any, language: str, path: str) -> Condition:
        inner = Condition._parse(value, language, path)

        def check(s: Situation) -> Truth:
            if not s.types:
                return inner.evaluate(s)
            return combine([inner.evaluate(s.of_type(meaning)) for meaning in s.types])

        return Condition(check, f"{text}: {inner.text}")

    parse.__doc__ = doc
    predicate(name, facts=TYPES, values=("{bid-suit-min: 2+}",), says=says, shows="text", condition=True)(parse)


_each_type("every-type", conjunction, "every type",
           "The condition holds of every type of the call, each asked alone (``{bid-suit-min: 2+}``): where a "
           "text judges a call of several types by each of them, not by what the call promises as a whole.",
           "every type of the call, asked alone: %(value)s")
_each_type("some-type", disjunction, "some type",
           "The condition holds of at least one type of the call, asked alone (``{bid-suit-min: 2-3}``).",
           "some type of the call, asked alone: %(value)s")


# --- the auction around the call ----------------------------------------------


def _opening_situation(s: Situation) -> Situation | None:
    index = s.opening_index
    if index is None:
        return None
    meanings = {index: s.meanings[index]} if index in s.meanings else {}
    return Situation(s.calls[:index + 1], meanings, written_to_table=tuple(range(index + 1)))


@predicate("over-natural-suit-opening", facts=("auction", "earlier"), values=FLAG, parameters=("long-suit",),
           says="the opponents opened one of a suit, natural", shows="flag")
def _over_natural(value: Any, language: str, path: str) -> Condition:
    """The opponents opened one of a suit, natural (its meaning unstated is
    taken as natural: the opening a defence is written against)."""
    wanted = _flag(value, path)
    figures = Figures.declared(path)

    def check(s: Situation) -> bool:
        index = s.opening_index
        if index is None or s.is_ours(index):
            return not wanted
        call = s.calls[index]
        meaning = s.meanings.get(index)
        found = call.level == 1 and call.strain is not Strain.NOTRUMP and (
            meaning is None or not meaning.keys or figures.natural_opening(call, meaning))
        return found == wanted

    return Condition(check, "over a natural one-level suit opening" if wanted else "not over one")


@predicate("natural-opening", facts=("auction", "earlier"), values=FLAG, parameters=("long-suit",),
           says="the opening bid is natural", shows="flag")
def _natural_opening(value: Any, language: str, path: str) -> Condition:
    """The opening bid is natural (its meaning unstated is taken as natural)."""
    wanted = _flag(value, path)
    figures = Figures.declared(path)

    def check(s: Situation) -> bool:
        index = s.opening_index
        if index is None:
            return not wanted
        meaning = s.meanings.get(index)
        found = meaning is None or not meaning.keys or figures.natural_opening(s.calls[index], meaning)
        return found == wanted

    return Condition(check, "after a natural opening" if wanted else "after an artificial opening")


@predicate("our-first-call", facts=("auction", "call"), values=FLAG, says="the call is our side's first call",
           shows="flag")
def _first_call(value: Any, language: str, path: str) -> Condition:
    """The call is our side's first call other than pass (a bid or a double)."""
    wanted = _flag(value, path)

    def check(s: Situation) -> bool:
        first = not s.call.is_pass and not any(s.is_ours(i) and not c.is_pass for i, c in enumerate(s.calls[:-1]))
        return first == wanted

    return Condition(check, "our side's first call" if wanted else "not our side's first call")


_AGAINST = ("strong-artificial", "brown-sticker")


@predicate("against", facts=("auction", "earlier", "verdict"), values=("strong-artificial", "brown-sticker"),
           parameters=STRENGTH, says="the opponents' opening is %(value)s", shows="word",
           words={"strong-artificial": "strong and artificial", "brown-sticker": "a Brown Sticker method"})
def _against(value: Any, language: str, path: str) -> Condition:
    """The opponents' opening is ``strong-artificial`` (artificial and at least
    a king above average) or, by the document's own rules, ``brown-sticker``;
    an opening whose meaning the query does not give is taken as natural."""
    if value not in _AGAINST:
        raise VocabularyError(path, f"one of {', '.join(_AGAINST)}, not {value!r}")
    figures = Figures.declared(path)

    def check(s: Situation) -> Truth:
        index = s.opening_index
        if index is None or s.is_ours(index):
            return FALSE
        meaning = s.meanings.get(index)
        if meaning is None or not meaning.keys:
            return FALSE  # an opening of unstated meaning is taken as natural
        if value == "strong-artificial":
            return TRUE if meaning.natural is False and figures.is_strong(meaning) else FALSE
        opening = _opening_situation(s)
        if s.consult is None or opening is None:
            raise ValueError("the against predicate is evaluated by the engine's decide()")
        try:
            verdict = s.consult("brown-sticker", opening)
        except (Undecided, Conflict):
            return FALSE
        if verdict.depends:
            return Truth(None, frozenset(verdict.needs))
        return TRUE if verdict.answer == "yes" else FALSE

    return Condition(check, f"against a {value.replace('-', ' ')} opening")


@predicate("opponents", facts=("opponents",), values=("{strong-club-system: true}",),
           says="the opponents' card: %(value)s", shows="text", condition=True)
def _opponents(value: Any, language: str, path: str) -> Condition:
    """The condition holds of the opposing pair's system (the query's ``opponents``),
    asked of the document's own rules as of the pair's; unknown when the query gives none."""
    inner = Condition._parse(value, language, path)

    def check(s: Situation) -> Truth:
        if s.opponents is None:
            return unknown("opponents")
        consult = s.consult
        if consult is None:
            raise ValueError("the opponents predicate is evaluated by the engine's decide()")
        theirs = replace(s, system=s.opponents, opponents=None, entry=None, meanings={})
        theirs = replace(theirs, asker=lambda question: consult(question, theirs))
        return inner.evaluate(theirs)

    return Condition(check, f"the opponents: {inner.text}")


@predicate("on-card", facts=("system", "auction", "call", "vulnerable"), values=FLAG,
           says="the card has an entry for the call", shows="flag")
def _on_card(value: Any, language: str, path: str) -> Condition:
    """The pair's card has an entry for the call asked about (same auction, seat and vulnerability)."""
    wanted = _flag(value, path)

    def check(s: Situation) -> Truth:
        card = _card(s)
        if card is None:
            return unknown("system")
        found = s.entry is not None or entry_for(card, s.calls, s.vulnerable) is not None
        return TRUE if found == wanted else FALSE

    return Condition(check, "the call is on the card" if wanted else "the call is not on the card")


@predicate("on-front", facts=("system", "auction", "call", "vulnerable"), values=FLAG,
           says="the card lists the call on its front", shows="flag")
def _on_front(value: Any, language: str, path: str) -> Condition:
    """The pair's card lists the call asked about on its front (its entry has ``front: true``);
    a call the card has no entry for is not on the front."""
    wanted = _flag(value, path)

    def check(s: Situation) -> Truth:
        card = _card(s)
        if card is None:
            return unknown("system")
        entry = s.entry if s.entry is not None else entry_for(card, s.calls, s.vulnerable)
        found = entry is not None and entry.front
        return TRUE if found == wanted else FALSE

    return Condition(check, "the call is on the front of the card" if wanted else "the call is not on the front")


@predicate("cites", facts=(), values=('"Brown Sticker item (1), exception 2"',), says="%(value)s", shows="text")
def _cites(value: Any, language: str, path: str) -> Condition:
    """Always true: names the criterion, item or exception of the text the rule
    formalises (``"Brown Sticker item (1), exception 2"``), so a verdict's
    ``because`` cites it."""
    if not isinstance(value, str) or not value.strip():
        raise VocabularyError(path, "the criterion or item cited, as text")
    return Condition(lambda s: TRUE, value.strip())
