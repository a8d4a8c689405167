"""Rules beside the articles they formalise, and the verdicts they give.

A rule sits on an article (a section, point or paragraph) and answers one
question for the situations it covers::

    rule:
      question: alert
      scope: {opening: true, call: 1BA}       # the sequence the article is about
      when: {meaning: {hcp: 14-18, shape: pzbs-notrump}}
      answer: "no"
      otherwise: {answer: "yes", by: znaczenie-nie-alertuje-sie}

Inside its ``scope``, a rule answers ``answer`` when ``when`` holds, and
``otherwise`` (on the authority of the article ``by`` as well as its own) when
it does not. Precedence is structure, as in Catala's default logic: a rule is
an ``exception-to`` the articles it sets aside (an article names every rule
on it and inside it), exceptions of exceptions win in turn, and a
``fallback`` (a general principle) yields to every other rule. Document
order never decides.

A verdict is one of three outcomes. The rules answer; no rule covers the
query (:class:`Undecided`); or the answer **depends** on facts the query does
not state: the verdict's answer is ``depends``, ``needs`` names the facts
and ``cases`` what each rule in doubt would give. Two rules left standing
with different answers are a conflict (:class:`Conflict`), an authoring error.

A verdict gives its reasons as data (:attr:`Verdict.reasons`): the predicates
of the deciding rule that decided, each with its value and whether it held,
from which a reason is said in words (each predicate declares its own). Its cost
is that of the rules that may apply (:mod:`~build_tools.rules.evaluation`):
the rules in doubt are weighed by what each can give, not by every way they
could go together.

>>> from build_tools.rules.conditions import Condition
>>> from build_tools.rules.situation import Situation
>>> from build_tools.rules.vocabulary import Meaning
>>> one_nt = Rule("one-nt", "alert", "no", scope=Condition.parse({"call": "1NT"}, "en"),
...               when=Condition.parse({"meaning": {"hcp": "15-17"}}, "en"), otherwise="yes")
>>> decide([one_nt], "alert", Situation.read("1NT", "en", meaning=Meaning.parse({"hcp": "15-17"}))).answer
'no'
>>> unstated = decide([one_nt], "alert", Situation.read("1NT", "en"))
>>> unstated.answer, unstated.needs, [(c.article, c.holds, c.fails) for c in unstated.cases]
('depends', ('hcp',), [('one-nt', 'no', 'yes')])
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from .errors import Conflict as Conflict
from .errors import Undecided as Undecided
from .evaluation import Book, book_of, session
from .predicates import ALWAYS, Condition, Reason, Truth
from .rule import Rule as Rule
from .situation import Situation

#: How many rules in doubt a verdict weighs case by case; beyond, it depends.
_MOST_IN_DOUBT = 10
#: How many ways the rules in doubt could go are tried for the one a verdict
#: cites; beyond, the first way is cited (the answer is the same).
_MOST_WAYS_TRIED = 4096


@dataclass(frozen=True, slots=True)
class Case:
    """What a rule in doubt gives: ``holds`` when its conditions hold, ``fails``
    when they do not (``None``: it does not speak then); ``reasons`` are its
    predicates the query leaves unknown."""

    article: str
    condition: str
    holds: str | None
    fails: str | None
    needs: tuple[str, ...]
    reasons: tuple[Reason, ...] = ()


@dataclass(frozen=True, slots=True)
class Verdict:
    """An answer to a question, the article that decided it, the chain of
    articles that led there (the deciding one last), and why: the conditions
    that decided (``reason`` in the code's terms, :attr:`reasons` as data)
    and the rules an exception set aside.

    ``answer`` is ``depends`` when the query does not state enough: ``needs``
    names the facts to ask about, ``cases`` what the rules in doubt give."""

    question: str
    answer: str
    article: str
    chain: tuple[str, ...]
    reason: str = ""
    set_aside: tuple[str, ...] = ()
    articles: tuple[str, ...] = ()
    needs: tuple[str, ...] = ()
    cases: tuple[Case, ...] = ()
    #: For a call of several types, each type's own verdict (``None``: no rule
    #: answers it), in the order of the types: the reasons of the call's one
    #: verdict, never verdicts of their own (:func:`judge`).
    types: tuple[Verdict | None, ...] = ()
    #: Works out :attr:`reasons` when they are asked for (most verdicts
    #: decided, by the analysis and the checks, are never explained).
    explain: Callable[[], tuple[Reason, ...]] | None = field(default=None, compare=False, repr=False)

    @property
    def depends(self) -> bool:
        return self.answer == DEPENDS

    @property
    def reasons(self) -> tuple[Reason, ...]:
        """The predicates of the deciding rule that decided: its scope's, and
        its ``when``'s that held (or, for its ``otherwise``, failed)."""
        return self.explain() if self.explain is not None else ()

    def __str__(self) -> str:
        if self.depends:
            return f"{self.question}: depends on {', '.join(self.needs)}"
        return f"{self.question}: {self.answer} ({self.article})"


DEPENDS = "depends"


@dataclass(frozen=True, slots=True)
class _Status:
    """A rule's part in one query: the answers it may give (``None``: it may not
    apply) and, once decided, the one it gives."""

    rule: Rule
    scope: Truth
    when: Truth
    situation: Situation

    @property
    def options(self) -> tuple[str | None, ...]:
        """Every outcome still possible: an answer, or ``None`` (silent)."""
        if self.scope.value is False:
            return (None,)
        on_true = self.rule.answer
        on_false = self.rule.otherwise
        by_when = {True: (on_true,), False: (on_false,), None: (on_true, on_false)}[self.when.value]
        if self.scope.value is None:
            return tuple(dict.fromkeys((*by_when, None)))
        return tuple(dict.fromkeys(by_when))

    @property
    def needs(self) -> frozenset[str]:
        return (self.scope.needs if self.scope.value is None else frozenset()) | (
            self.when.needs if self.when.value is None and self.scope.value is not False else frozenset())

    def verdict(self, answer: str) -> Verdict:
        rule = self.rule
        reason = rule.scope.text if rule.scope is not ALWAYS else ""
        situation = self.situation

        def explain() -> tuple[Reason, ...]:
            return rule.scope.reasons(situation) + rule.when.reasons(situation)

        if answer == rule.answer and self.when.value is not False:
            if rule.when is not ALWAYS:
                reason = f"{reason}; {rule.when.text}" if reason else rule.when.text
            return Verdict(rule.question, answer, rule.article, (rule.article,), reason, explain=explain)
        # The article that lists the sequence decides, on the authority of ``by``
        # (PZBS: point 1 exempts 1NT 14-18; by the general principle every other
        # meaning of that 1NT is alerted, so a 12-14 1NT is alerted under point 1).
        by = rule.otherwise_by or rule.article
        chain = (rule.article,) if by == rule.article else (by, rule.article)
        reason = f"{reason}; not ({rule.when.text})" if reason else f"not ({rule.when.text})"
        return Verdict(rule.question, answer, rule.article, chain, reason, explain=explain)


def _beaten_by(statuses: Sequence[_Status], book: Book) -> dict[int, frozenset[int]]:
    """For each rule of ``statuses`` (by ``id``), the rules among them that are
    exceptions to it (found by the book's index of what each rule names)."""
    present = {id(s.rule) for s in statuses}
    return {id(s.rule): frozenset(id(r) for r in book.beaters(s.rule) if id(r) in present) for s in statuses}


def _set_aside(chosen: Sequence[tuple[_Status, str]], beaten_by: dict[int, frozenset[int]]) -> list[bool]:
    """For each rule of ``chosen``, whether an exception among them sets it aside."""
    applying = {id(s.rule) for s, _ in chosen}
    return [not beaten_by[id(s.rule)].isdisjoint(applying) for s, _ in chosen]


def _outcome(question: str, chosen: Sequence[tuple[_Status, str]],
             beaten_by: dict[int, frozenset[int]]) -> Verdict | None:
    """The verdict of the rules that apply (each with its answer): those no
    applying exception sets aside (``beaten_by``, :func:`_beaten_by`) stand;
    ``None`` when none applies. Raises :class:`Conflict` when the standing
    rules disagree."""
    if not chosen:
        return None
    beaten = _set_aside(chosen, beaten_by)
    standing = [c for c, out in zip(chosen, beaten, strict=True) if not out]
    # The rules an exception set aside, named with the verdict; a general
    # principle yields to every rule, which needs no saying.
    set_aside = tuple(s.rule.article for (s, _), out in zip(chosen, beaten, strict=True)
                      if out and not s.rule.fallback)
    verdicts = [s.verdict(a) for s, a in standing]
    if not verdicts:  # rules each an exception to another: a cycle, refused at load
        raise Conflict(s.verdict(a) for s, a in chosen)
    if len({v.answer for v in verdicts}) > 1:
        raise Conflict(verdicts)
    # Rules that agree are cited together; the one named first is the most
    # specific by structure, not by the file's order: an exception before a
    # rule that is none, then the deeper article.
    order = sorted(range(len(verdicts)), key=lambda i: (-len(standing[i][0].rule.exception_to),
                                                        -len(standing[i][0].rule.within)))
    first = verdicts[order[0]]
    chain = tuple(dict.fromkeys(a for i in order for a in verdicts[i].chain))
    articles = tuple(dict.fromkeys(verdicts[i].article for i in order))
    return Verdict(question, first.answer, first.article, tuple(dict.fromkeys(set_aside + chain)),
                   first.reason, tuple(dict.fromkeys(set_aside)), articles, explain=first.explain)


def decide(rules: Iterable[Rule], question: str, situation: Situation) -> Verdict:
    """The verdict of ``rules`` on ``question`` for ``situation``.

    Raises :class:`Undecided` when no rule speaks, :class:`Conflict` when the
    rules left standing disagree, :class:`~build_tools.rules.errors.RuleCycle`
    when a rule asks its own question's verdict for this very situation. A
    verdict whose answer hangs on facts the query does not state is
    ``depends`` (:attr:`Verdict.needs`).
    """
    book = book_of(rules if isinstance(rules, Sequence) else tuple(rules))
    with session() as current:
        return current.decide(book, question, situation, _decide)


def evaluate(rules: Sequence[Rule], condition: Condition, situation: Situation) -> Truth:
    """``condition``'s value in ``situation`` as :func:`decide` weighs it
    (its predicates may ask ``rules`` other verdicts)."""
    book = book_of(rules)
    with session():
        return condition.evaluate(_asking(book, situation))


def _asking(book: Book, situation: Situation) -> Situation:
    # A rule may ask another question's verdict (``verdict: {natural: no}``):
    # the situation carries the way to ask it.
    return dataclasses.replace(situation, asker=lambda other: decide(book.rules, other, situation),
                               consult=lambda other, elsewhere: decide(book.rules, other, elsewhere), book=book)


def _decide(book: Book, question: str, situation: Situation) -> Verdict:
    with session() as current:
        asked = _asking(book, situation)
        relevant = book.candidates(question, situation.calls)
        current.count(len(relevant))
        statuses = []
        # The rule being weighed, noted for a cycle's message: the rule that asked.
        asking = current.asking[-1] if current.asking else None
        for rule in relevant:
            if asking is not None:
                asking.rule = rule
            scope = rule.scope.evaluate(asked)
            status = _Status(rule, scope, rule.when.evaluate(asked) if scope.value is not False else Truth(False), asked)
            if status.options != (None,):
                statuses.append(status)
    beaten_by = _beaten_by(statuses, book)
    # A rule that applies whatever the query leaves open sets aside, for good,
    # every rule it is an exception to: those cannot matter, doubtful or not.
    certain = {id(s.rule) for s in statuses if None not in s.options}
    statuses = [s for s in statuses if len(s.options) == 1 or beaten_by[id(s.rule)].isdisjoint(certain)]
    decided = [(s, s.options[0]) for s in statuses if len(s.options) == 1]
    doubtful = [s for s in statuses if len(s.options) > 1]
    beaten_by = _beaten_by(statuses, book)
    if not doubtful:
        found = _outcome(question, [(s, a) for s, a in decided if a is not None], beaten_by)
        if found is None:
            raise Undecided(f"no rule answers '{question}' here")
        return found
    outcomes = _outcomes(decided, doubtful, beaten_by) if len(doubtful) <= _MOST_IN_DOUBT else set()
    if outcomes == {None}:
        raise Undecided(f"no rule answers '{question}' here")
    if len(outcomes) == 1 and None not in outcomes and "conflict" not in outcomes:
        return _outcome(question, _cited_way(decided, doubtful, beaten_by), beaten_by)  # type: ignore[return-value]
    needs = tuple(sorted(frozenset().union(*(s.needs for s in doubtful))))
    cases = tuple(Case(s.rule.article, _condition_text(s), *_answers(s), tuple(sorted(s.needs)), _unknown_reasons(s))
                  for s in doubtful)
    return Verdict(question, DEPENDS, "", (), "", (), tuple(c.article for c in cases), needs, cases)


def judge(rules: Iterable[Rule], question: str, situation: Situation) -> Verdict:
    """The verdict of ``rules`` on ``question`` for ``situation``, as
    :func:`decide` gives it; for a call of several types, the call is judged
    whole (its meaning is what every type promises, and a rule asks each type
    where its text does) and each type's own verdict comes with it as its
    reason (:attr:`Verdict.types`). Raises as :func:`decide` does.

    >>> from build_tools.rules.vocabulary import Meaning
    >>> weak = Rule("weak", "alert", "no", when=Condition.parse({"meaning": {"hcp": "5-11"}}, "en"), otherwise="yes")
    >>> multi = Situation.read("2D", "en").with_types((Meaning.parse({"hcp": "5-10"}), Meaning.parse({"hcp": "20-22"})))
    >>> verdict = judge([weak], "alert", multi)
    >>> verdict.answer, [t.answer for t in verdict.types if t is not None]
    ('yes', ['no', 'yes'])
    """
    every = tuple(rules)
    verdict = decide(every, question, situation)
    if not situation.types:
        return verdict
    each: list[Verdict | None] = []
    for meaning in situation.types:
        try:
            each.append(decide(every, question, situation.of_type(meaning)))
        except (Undecided, Conflict):
            each.append(None)
    return dataclasses.replace(verdict, types=tuple(each))


def _outcomes(decided: Sequence[tuple[_Status, str | None]], doubtful: Sequence[_Status],
              beaten_by: dict[int, frozenset[int]]) -> set[str | None]:
    """Every outcome the ways the rules in doubt could go lead to: an answer,
    ``None`` (no rule applies) or ``"conflict"``. Each rule's answers are
    weighed once: an answer can stand unless a rule that applies whatever
    the query leaves open sets its rule aside, and no rule applies only
    where every rule in doubt may be silent and none applies for sure. Where
    exceptions run in a circle (a document refused at load) every way is
    tried instead."""
    applying = [(s, a) for s, a in decided if a is not None]
    if _circular(decided, doubtful, beaten_by):
        return _outcomes_tried(applying, doubtful, beaten_by)
    always = {id(s.rule) for s, _ in applying} | {id(s.rule) for s in doubtful if None not in s.options}
    found: set[str | None] = set()
    for status, answers in [*((s, (a,)) for s, a in applying), *((s, s.options) for s in doubtful)]:
        if beaten_by[id(status.rule)].isdisjoint(always):
            found.update(a for a in answers if a is not None)
    if not applying and all(None in s.options for s in doubtful):
        found.add(None)
    return found


def _circular(decided: Sequence[tuple[_Status, str | None]], doubtful: Sequence[_Status],
              beaten_by: dict[int, frozenset[int]]) -> bool:
    """Whether the rules that may apply set each other aside in a circle."""
    nodes = {id(s.rule) for s, a in decided if a is not None} | {id(s.rule) for s in doubtful}
    state: dict[int, int] = {}

    def visit(node: int) -> bool:
        state[node] = 1
        for other in beaten_by.get(node, ()):
            if other in nodes and (state.get(other) == 1 or state.get(other) is None and visit(other)):
                return True
        state[node] = 2
        return False

    return any(state.get(n) is None and visit(n) for n in nodes)


def _outcomes_tried(applying: list[tuple[_Status, str]], doubtful: Sequence[_Status],
                    beaten_by: dict[int, frozenset[int]]) -> set[str | None]:
    found: set[str | None] = set()
    for choice in itertools.product(*(s.options for s in doubtful)):
        chosen = applying + [(s, a) for s, a in zip(doubtful, choice, strict=True) if a is not None]
        if not chosen:
            found.add(None)
            continue
        standing = {a for (_, a), out in zip(chosen, _set_aside(chosen, beaten_by), strict=True) if not out}
        found.update(standing if len(standing) == 1 else {"conflict"})
    return found


def _cited_way(decided: Sequence[tuple[_Status, str | None]], doubtful: Sequence[_Status],
               beaten_by: dict[int, frozenset[int]]) -> list[tuple[_Status, str]]:
    """The way the rules in doubt could go whose verdict is cited, where
    every way gives one answer: the last (in the order of the rules and
    their options) in which no rule of an article in doubt stands, else the
    first way."""
    applying = [(s, a) for s, a in decided if a is not None]
    articles = {s.rule.article for s in doubtful}
    watched = [s for s, _ in applying if s.rule.article in articles]
    could_apply = {id(s.rule) for s in doubtful if any(a is not None for a in s.options)}
    tried = 0

    def search(n: int, chosen: list[tuple[_Status, str]], present: set[int]) -> list[tuple[_Status, str]] | None:
        nonlocal tried
        tried += 1
        if tried > _MOST_WAYS_TRIED:
            return None
        # Each rule of an article in doubt that applies must be set aside by
        # a rule that applies, or may still come to apply.
        possible = present | {id(s.rule) for s in doubtful[n:] if id(s.rule) in could_apply}
        if any(beaten_by[id(s.rule)].isdisjoint(possible) for s in [*watched, *(s for s, _ in chosen)]
               if s.rule.article in articles):
            return None
        if n == len(doubtful):
            return applying + chosen
        status = doubtful[n]
        for option in reversed(status.options):
            if option is None:
                found = search(n + 1, chosen, present)
            else:
                found = search(n + 1, [*chosen, (status, option)], present | {id(status.rule)})
            if found is not None:
                return found
        return None

    start = {id(s.rule) for s, _ in applying}
    return search(0, [], start) or applying + [(s, s.options[0]) for s in doubtful if s.options[0] is not None]


def _condition_text(status: _Status) -> str:
    rule = status.rule
    parts = [c.text for c, t in ((rule.scope, status.scope), (rule.when, status.when))
             if c is not ALWAYS and t.value is None]
    return " and ".join(parts)


def _unknown_reasons(status: _Status) -> tuple[Reason, ...]:
    """The predicates of a rule in doubt that the query leaves unknown."""
    rule = status.rule
    return tuple(r for c, t in ((rule.scope, status.scope), (rule.when, status.when))
                 if c is not ALWAYS and t.value is None for r in c.reasons(status.situation))


def _answers(status: _Status) -> tuple[str | None, str | None]:
    rule = status.rule
    if status.when.value is None:
        return rule.answer, rule.otherwise
    answer = rule.answer if status.when.value else rule.otherwise
    return answer, None
