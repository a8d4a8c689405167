"""A rule of an article: what it answers, where, and which rules it sets aside.

A rule sits on an article (a section, point or paragraph) and answers one
question inside its ``scope``: ``answer`` when ``when`` holds, else
``otherwise``. Precedence is structure, as in Catala's default logic: a rule
is an ``exception-to`` the articles it sets aside (an article names every
rule on it and inside it), and a ``fallback`` yields to every other rule
(:meth:`Rule.is_exception_to`); :mod:`~build_tools.rules.engine` decides.
"""

from __future__ import annotations

from dataclasses import dataclass

from .predicates import ALWAYS, Condition


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
