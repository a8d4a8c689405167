"""What keeps the engine's work in proportion to the document
(:func:`~build_tools.rules.engine.decide` uses both):

* a :class:`Book`, a document's rules indexed once: by question and by the
  call asked about (a rule whose scope names calls is weighed only for
  those), and, for each rule, the rules that are exceptions to it (those
  naming its article or one holding it, found by name, not by trying every
  pair);
* a :class:`Session`: within one, a question asked of one situation is
  decided once (a chain of ``verdict:`` references asks each link once, not
  once per rule that names it); a question asked again while it is being
  decided, for the same situation, is a :class:`~build_tools.rules.errors.RuleCycle`;
  and the rules evaluated are counted against a bound (:func:`bounded`).

>>> from build_tools.rules.conditions import Condition
>>> from build_tools.rules.rule import Rule
>>> from build_tools.bridge import Call
>>> one = Rule("a", "alert", "no", scope=Condition.parse({"call": "1NT"}, "en"))
>>> any_call = Rule("b", "alert", "yes", fallback=True)
>>> book = Book((one, any_call))
>>> [r.article for r in book.candidates("alert", (Call.parse("1NT"),))]
['a', 'b']
>>> [r.article for r in book.candidates("alert", (Call.parse("1NT"), Call.parse("2C")))]
['b']
>>> [r.article for r in book.beaters(any_call)]
['a']
"""

from __future__ import annotations

import contextlib
import contextvars
import itertools
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from build_tools.bridge import Call

from .errors import Conflict, RuleCycle, Unbounded, Undecided
from .predicates import without_leading_passes
from .rule import Rule
from .situation import Situation


#: The opening of an auction no one has bid in: no rule naming openings holds.
_NO_OPENING = object()


class Book:
    """A document's rules, indexed (see the module's description)."""

    def __init__(self, rules: Sequence[Rule]) -> None:
        self.rules: tuple[Rule, ...] = tuple(rules)
        self._order = {id(rule): n for n, rule in enumerate(self.rules)}
        # Each rule under every (call, auction before, opening) its scope
        # allows, None standing for any.
        self._buckets: dict[tuple[Any, ...], list[Rule]] = {}
        for rule in self.rules:
            scope = rule.scope
            for key in itertools.product(*((None,) if allowed is None else allowed
                                           for allowed in (scope.calls, scope.befores, scope.openings))):
                self._buckets.setdefault((rule.question, *key), []).append(rule)
        self._candidates: dict[tuple[Any, ...], tuple[Rule, ...]] = {}
        self._naming: dict[str, list[Rule]] = {}
        for rule in self.rules:
            for target in rule.exception_to:
                self._naming.setdefault(target, []).append(rule)
        self._plain = tuple(r for r in self.rules if not r.fallback)
        self._beaters: dict[int, tuple[Rule, ...]] = {}

    def candidates(self, question: str, calls: tuple[Call, ...]) -> tuple[Rule, ...]:
        """The rules of ``question`` whose scope may hold for the auction
        ``calls`` (its last call the one asked about), in document order:
        every other rule's scope names other calls, or other auctions before."""
        before = without_leading_passes(calls[:-1])
        opening = next((call for call in calls if call.is_bid), _NO_OPENING)
        key = (question, calls[-1], before, opening)
        found = self._candidates.get(key)
        if found is None:
            chosen = {id(r): r for c in (None, calls[-1]) for b in (None, before) for o in (None, opening)
                      for r in self._buckets.get((question, c, b, o), ())}
            found = self._candidates[key] = tuple(sorted(chosen.values(), key=lambda r: self._order[id(r)]))
        return found

    def beaters(self, rule: Rule) -> tuple[Rule, ...]:
        """The rules of the book that are exceptions to ``rule``
        (:meth:`~build_tools.rules.rule.Rule.is_exception_to`)."""
        found = self._beaters.get(id(rule))
        if found is None:
            named = [r for article in (rule.article, *rule.within) for r in self._naming.get(article, ())]
            if rule.fallback:
                named += self._plain  # a general principle yields to every other rule
            unique = {id(r): r for r in named}.values()
            found = self._beaters[id(rule)] = tuple(r for r in unique if r.is_exception_to(rule))
        return found


#: The books of the rules decided lately, by the identity of their sequence.
_BOOKS: OrderedDict[int, tuple[Sequence[Rule], Book]] = OrderedDict()
_MOST_BOOKS = 16


def book_of(rules: Sequence[Rule]) -> Book:
    """The book of ``rules``, made once per sequence (the same tuple asked
    again finds it)."""
    found = _BOOKS.get(id(rules))
    if found is not None and found[0] is rules:
        _BOOKS.move_to_end(id(rules))
        return found[1]
    book = Book(rules)
    _BOOKS[id(rules)] = (rules, book)
    while len(_BOOKS) > _MOST_BOOKS:
        _BOOKS.popitem(last=False)
    return book


_V = TypeVar("_V")


@dataclass(slots=True)
class _Asking:
    """A question being decided: its key, and the rule being weighed."""

    key: tuple[Any, ...]
    question: str
    rule: Rule | None = None


#: How deep questions may ask each other's verdicts: a chain longer than any
#: document's (the handbook's: 3) that has not come back to a situation asked
#: already is refused all the same.
MOST_NESTED = 64


@dataclass(slots=True)
class Session:
    """Decisions made together (see the module's description)."""

    bound: int | None = None
    evaluations: int = 0
    memo: dict[tuple[Any, ...], Any] = field(default_factory=dict)
    #: The objects whose identity a key names, kept while the key is.
    pinned: dict[int, Any] = field(default_factory=dict)
    asking: list[_Asking] = field(default_factory=list)

    def count(self, rules: int) -> None:
        """Count ``rules`` more evaluations; raise :class:`Unbounded` past the bound."""
        self.evaluations += rules
        if self.bound is not None and self.evaluations > self.bound:
            raise Unbounded(self.evaluations, self.bound)

    def decide(self, book: Book, question: str, situation: Situation,
               compute: Callable[[Book, str, Situation], _V]) -> _V:
        """``compute(book, question, situation)``, once per session."""
        key = (id(book), question, self._key(situation))
        if key in self.memo:
            found = self.memo[key]
            if isinstance(found, (Undecided, Conflict)):
                raise found
            return found  # type: ignore[no-any-return]
        for n, asking in enumerate(self.asking):
            if asking.key == key:
                raise self._cycle(n, question)
        if len(self.asking) >= MOST_NESTED:
            raise self._cycle(0, question)
        self.asking.append(_Asking(key, question))
        try:
            result = compute(book, question, situation)
        except (Undecided, Conflict) as exc:
            self.memo[key] = exc
            raise
        finally:
            self.asking.pop()
        self.memo[key] = result
        return result

    def remember(self, key: tuple[Any, ...], pinned: Any, compute: Callable[[], _V]) -> _V:
        """``compute()``, once per session for ``key`` (which names ``pinned`` by its identity)."""
        if key in self.memo:
            return self.memo[key]  # type: ignore[no-any-return]
        self.pinned[id(pinned)] = pinned
        found = self.memo[key] = compute()
        return found

    def _cycle(self, start: int, question: str) -> RuleCycle:
        rule = self.asking[-1].rule
        chain = (*(a.question for a in self.asking[start:]), question)
        return RuleCycle(chain, rule.article if rule else "", rule.line if rule else 0, rule.column if rule else 0)

    def _key(self, s: Situation) -> tuple[Any, ...]:
        # What a situation holds beyond its values: the cards, by identity
        # (kept alive while the key is, so that no other object takes its id).
        for thing in (s.system, s.opponents, s.entry):
            if thing is not None:
                self.pinned[id(thing)] = thing
        return (s.calls, tuple(sorted(s.meanings.items())), s.screens, s.written_to_table, s.agreed, s.hand,
                s.vulnerable, tuple(sorted(s.agreements.items())), s.event, s.stage, id(s.system),
                id(s.opponents), id(s.entry))


_SESSION: contextvars.ContextVar[Session | None] = contextvars.ContextVar("session", default=None)


@contextlib.contextmanager
def session() -> Iterator[Session]:
    """The session in force, or a new one for what is done inside."""
    current = _SESSION.get()
    if current is not None:
        yield current
        return
    new = Session()
    token = _SESSION.set(new)
    try:
        yield new
    finally:
        _SESSION.reset(token)


@contextlib.contextmanager
def bounded(bound: int | None) -> Iterator[Session]:
    """A session of its own for what is done inside, its evaluations of rules
    bounded (:class:`~build_tools.rules.errors.Unbounded` past ``bound``):
    the analysis of a document, a card's check."""
    new = Session(bound=bound)
    token = _SESSION.set(new)
    try:
        yield new
    finally:
        _SESSION.reset(token)
