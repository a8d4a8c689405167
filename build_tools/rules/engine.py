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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .conditions import ALWAYS, Condition, Truth
from .errors import Conflict as Conflict
from .errors import Undecided as Undecided
from .situation import Situation

#: How many rules in doubt a verdict weighs case by case; beyond, it depends.
_MOST_IN_DOUBT = 10


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule of one article (``article`` is the element id; ``within``
    the ids of the sections, points and lists that hold it, outermost first)."""

    article: str
    question: str
    answer: str
    scope: Condition = ALWAYS
    when: Condition = ALWAYS
    otherwise: str | None = None
    otherwise_by: str | None = None
    exception_to: tuple[str, ...] = ()
    fallback: bool = False
    within: tuple[str, ...] = ()
    line: int = 0
    column: int = 0

    def is_exception_to(self, other: Rule) -> bool:
        """Whether this rule sets ``other`` aside where both apply: it names
        ``other``'s article or one that holds it, or ``other`` is a general
        principle (a fallback) and this rule is not."""
        if other is self:
            return False
        if self.fallback != other.fallback:
            return other.fallback
        # A rule that names this one's article is the more specific: naming
        # beats holding. (PZBS: 'odzywka-poziom-2' is an exception to the
        # explanation that holds the sub-point on Stayman after interference;
        # that sub-point names 'odzywka-poziom-2', and is the exception to it.)
        if self.article in other.exception_to:
            return False
        # Exceptions to one article from inside it are peers: 'kontry-bi' and
        # 'kontry-wistowe', points of 'kontry' and each an exception to it, do not
        # set each other aside; an exception to 'kontry' from outside it (point 5)
        # sets aside every rule in it, its exceptions included.
        return any((target == other.article or target in other.within)
                   and not (target in other.exception_to and self.inside(target))
                   for target in self.exception_to)

    def inside(self, article: str) -> bool:
        """Whether the rule is on ``article`` or inside it."""
        return self.article == article or article in self.within


@dataclass(frozen=True, slots=True)
class Case:
    """What a rule in doubt gives: ``holds`` when its conditions hold, ``fails``
    when they do not (``None``: it does not speak then)."""

    article: str
    condition: str
    holds: str | None
    fails: str | None
    needs: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Verdict:
    """An answer to a question, the article that decided it, the chain of
    articles that led there (the deciding one last), and why: the conditions
    that decided (``reason``) and the rules an exception set aside.

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

    @property
    def depends(self) -> bool:
        return self.answer == DEPENDS

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
        if answer == rule.answer and self.when.value is not False:
            if rule.when is not ALWAYS:
                reason = f"{reason}; {rule.when.text}" if reason else rule.when.text
            return Verdict(rule.question, answer, rule.article, (rule.article,), reason)
        # The article that lists the sequence decides, on the authority of ``by``
        # (PZBS: point 1 exempts 1NT 14-18; by the general principle every other
        # meaning of that 1NT is alerted, so a 12-14 1NT is alerted under point 1).
        by = rule.otherwise_by or rule.article
        chain = (rule.article,) if by == rule.article else (by, rule.article)
        reason = f"{reason}; not ({rule.when.text})" if reason else f"not ({rule.when.text})"
        return Verdict(rule.question, answer, rule.article, chain, reason)


def _beaten_by(statuses: Sequence[_Status]) -> dict[int, frozenset[int]]:
    """For each rule of ``statuses`` (by ``id``), the rules among them that are
    exceptions to it: worked out once per decision, not once per way the rules
    in doubt could go (each of which asks it of every pair)."""
    return {id(s.rule): frozenset(id(o.rule) for o in statuses if o.rule.is_exception_to(s.rule))
            for s in statuses}


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
                   first.reason, tuple(dict.fromkeys(set_aside)), articles)


def decide(rules: Iterable[Rule], question: str, situation: Situation) -> Verdict:
    """The verdict of ``rules`` on ``question`` for ``situation``.

    Raises :class:`Undecided` when no rule speaks, :class:`Conflict` when the
    rules left standing disagree. A verdict whose answer hangs on facts the
    query does not state is ``depends`` (:attr:`Verdict.needs`).
    """
    every = tuple(rules)
    relevant = [r for r in every if r.question == question]
    # A rule may ask another question's verdict (``verdict: {natural: no}``):
    # the situation carries the way to ask it.
    asked = dataclasses.replace(situation, asker=lambda other: decide(every, other, situation),
                                consult=lambda other, elsewhere: decide(every, other, elsewhere))
    statuses = [_Status(r, scope := r.scope.evaluate(asked),
                        r.when.evaluate(asked) if scope.value is not False else Truth(False))
                for r in relevant]
    statuses = [s for s in statuses if s.options != (None,)]
    # A rule that applies whatever the query leaves open sets aside, for good,
    # every rule it is an exception to: those cannot matter, doubtful or not.
    certain = [s.rule for s in statuses if None not in s.options]
    statuses = [s for s in statuses
                if len(s.options) == 1 or not any(r.is_exception_to(s.rule) for r in certain)]
    decided = [(s, s.options[0]) for s in statuses if len(s.options) == 1]
    doubtful = [s for s in statuses if len(s.options) > 1]
    beaten_by = _beaten_by(statuses)
    if not doubtful:
        found = _outcome(question, [(s, a) for s, a in decided if a is not None], beaten_by)
        if found is None:
            raise Undecided(f"no rule answers '{question}' here")
        return found
    # Weigh every way the rules in doubt could go: when all of them lead to one
    # answer, the query has said enough.
    # Each way is weighed by its answer alone (what _outcome would give); the
    # verdict cited is built once, for the way chosen as the example: the last
    # whose standing rules are none of those in doubt, else the first found.
    outcomes: set[str | None] = set()
    example: list[tuple[_Status, str]] | None = None
    fallback_example: list[tuple[_Status, str]] | None = None
    doubtful_articles = {s.rule.article for s in doubtful}
    if len(doubtful) <= _MOST_IN_DOUBT:
        applying_anyway = [(s, a) for s, a in decided if a is not None]
        for choice in itertools.product(*(s.options for s in doubtful)):
            applying = applying_anyway + [(s, a) for s, a in zip(doubtful, choice, strict=True) if a is not None]
            if not applying:
                outcomes.add(None)
                continue
            standing = [c for c, out in zip(applying, _set_aside(applying, beaten_by), strict=True) if not out]
            answers = {a for _, a in standing}
            if len(answers) != 1:  # disagreeing rules, or each set aside by another
                outcomes.add("conflict")
                continue
            outcomes.update(answers)
            if doubtful_articles.isdisjoint(s.rule.article for s, _ in standing):
                example = applying
            fallback_example = fallback_example or applying
    if outcomes == {None}:
        raise Undecided(f"no rule answers '{question}' here")
    if len(outcomes) == 1 and (example or fallback_example) is not None:
        return _outcome(question, example or fallback_example, beaten_by)  # type: ignore[arg-type,return-value]
    needs = tuple(sorted(frozenset().union(*(s.needs for s in doubtful))))
    cases = tuple(Case(s.rule.article, _condition_text(s), *_answers(s), tuple(sorted(s.needs)))
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


def _condition_text(status: _Status) -> str:
    rule = status.rule
    parts = [c.text for c, t in ((rule.scope, status.scope), (rule.when, status.when))
             if c is not ALWAYS and t.value is None]
    return " and ".join(parts)


def _answers(status: _Status) -> tuple[str | None, str | None]:
    rule = status.rule
    if status.when.value is None:
        return rule.answer, rule.otherwise
    answer = rule.answer if status.when.value else rule.otherwise
    return answer, None
