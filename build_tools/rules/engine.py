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
it does not. Precedence is explicit, as in Catala: a rule ``overrides`` the
articles it makes exceptions to, and a ``fallback`` rule (a general principle)
speaks only where no other rule does. Two rules left giving different answers
are a conflict, which :func:`decide` reports rather than choosing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .conditions import ALWAYS, Condition
from .situation import Situation

#: The questions rules answer, and the answers each allows ("" : any text).
QUESTIONS: dict[str, tuple[str, ...]] = {
    "alert": ("yes", "no"),
    "natural": ("yes", "no"),
    "convention": ("transfer", "texas", "puppet", "relay", "none"),
    "hum": ("yes", "no"),
    "colour": ("green", "blue", "yellow", "red", "purple"),
    "brown-sticker": ("yes", "no"),
    "random-opening": ("yes", "no"),
    "permitted": ("yes", "no"),
    "position": ("direct", "reopening", "sandwich", "protective", "none"),
    "response": (),
}


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule of one article (``article`` is the element id)."""

    article: str
    question: str
    answer: str
    scope: Condition = ALWAYS
    when: Condition = ALWAYS
    otherwise: str | None = None
    otherwise_by: str | None = None
    overrides: tuple[str, ...] = ()
    fallback: bool = False
    line: int = 0


@dataclass(frozen=True, slots=True)
class Verdict:
    """An answer to a question, the article that decided it, and the chain of
    articles that led there (the deciding one last)."""

    question: str
    answer: str
    article: str
    chain: tuple[str, ...]
    reason: str = ""

    def __str__(self) -> str:
        return f"{self.question}: {self.answer} ({self.article})"


class Undecided(Exception):
    """No rule answers the question for this situation."""


class Conflict(Exception):
    """Rules of equal standing give different answers: an authoring error."""

    def __init__(self, verdicts: Iterable[Verdict]) -> None:
        self.verdicts = tuple(verdicts)
        super().__init__("; ".join(f"{v.answer} by '{v.article}'" for v in self.verdicts))


def _apply(rule: Rule, situation: Situation) -> Verdict | None:
    if not rule.scope.holds(situation):
        return None
    if rule.when.holds(situation):
        return Verdict(rule.question, rule.answer, rule.article, (rule.article,),
                       f"{rule.scope.text}; {rule.when.text}")
    if rule.otherwise is None:
        return None
    # The article that lists the sequence decides, on the authority of ``by``
    # (PZBS: point 1 exempts 1NT 14-18; by the general principle every other
    # meaning of that 1NT is alerted, so a 12-14 1NT is alerted under point 1).
    by = rule.otherwise_by or rule.article
    chain = (rule.article,) if by == rule.article else (by, rule.article)
    return Verdict(rule.question, rule.otherwise, rule.article, chain, f"{rule.scope.text}; not {rule.when.text}")


def decide(rules: Iterable[Rule], question: str, situation: Situation) -> Verdict:
    """The verdict of ``rules`` on ``question`` for ``situation``.

    Raises :class:`Undecided` when no rule speaks, :class:`Conflict` when the
    rules left after precedence disagree.
    """
    relevant = [r for r in rules if r.question == question]
    for tier in (False, True):  # specific rules first, then the fallbacks
        found = [(r, v) for r in relevant if r.fallback == tier and (v := _apply(r, situation)) is not None]
        overridden = {article for rule, _ in found for article in rule.overrides}
        standing = [(r, v) for r, v in found if r.article not in overridden]
        if not standing:
            continue
        answers = {v.answer for _, v in standing}
        if len(answers) > 1:
            raise Conflict(v for _, v in standing)
        rule, verdict = standing[0]
        chain = tuple(dict.fromkeys(a for _, v in standing for a in v.chain))
        # An exception's chain shows the rules it set aside before itself.
        set_aside = tuple(r.article for r, _ in found if r.article in overridden)
        return Verdict(question, verdict.answer, verdict.article, set_aside + chain, verdict.reason)
    raise Undecided(f"no rule answers '{question}' here")
