"""Precedence by structure (issue 18, item 3): which rule is an exception to
which follows from the articles they name and the articles that hold them,
never from the order of the file. Each case is one line of the relation,
with the reading it pins."""

from __future__ import annotations

import itertools

import pytest

from build_tools.rules.engine import Conflict, Rule, decide
from build_tools.rules.situation import Situation


def rule(article: str, *, within: tuple[str, ...] = (), exception_to: tuple[str, ...] = (),
         fallback: bool = False, answer: str = "yes") -> Rule:
    return Rule(article, "alert", answer, within=within, exception_to=exception_to, fallback=fallback)


# The shape of the PZBS text: point 4 ('kontry') with two sub-points that are
# each an exception to it, point 5 outside it naming it, an explanation holding
# a sub-point that names a rule which names the explanation.
BASE = rule("kontry", within=("punkty-4-5",))
BI = rule("kontry-bi", within=("punkty-4-5", "kontry"), exception_to=("kontry",))
LEAD = rule("kontry-wistowe", within=("punkty-4-5", "kontry"), exception_to=("kontry",))
FIVE = rule("poziom-4", within=("punkty-4-5",), exception_to=("kontry",))
EXPLANATION = rule("jednostronna", within=("wyjasnienia",))
STAYMAN = rule("stayman-po-interwencji", within=("wyjasnienia", "jednostronna"),
               exception_to=("jednostronna", "odzywka-poziom-2"))
LEVEL_TWO = rule("odzywka-poziom-2", within=("inne",), exception_to=("jednostronna",))
PRINCIPLE = rule("zasada", fallback=True)


@pytest.mark.parametrize(("winner", "loser", "expected"), [
    (BI, BASE, True),            # an exception to an article sets its rule aside
    (BASE, BI, False),           # and not the other way
    (BI, LEAD, False),           # exceptions to one article from inside it are peers
    (LEAD, BI, False),
    (FIVE, BI, True),            # an exception from outside sets aside every rule inside, exceptions too
    (FIVE, BASE, True),
    (BI, FIVE, False),
    (LEVEL_TWO, EXPLANATION, True),
    (STAYMAN, LEVEL_TWO, True),  # naming beats holding
    (LEVEL_TWO, STAYMAN, False),
    (BASE, PRINCIPLE, True),     # a general principle yields to every rule
    (PRINCIPLE, BASE, False),
    (BI, BI, False),             # no rule is an exception to itself
])
def test_which_rule_is_an_exception_to_which(winner: Rule, loser: Rule, expected: bool) -> None:
    assert winner.is_exception_to(loser) is expected


def test_the_verdict_does_not_depend_on_the_order_of_the_rules() -> None:
    """Point 5 says no, point 4 and its sub-point yes: whatever the order, the
    exception from outside decides and cites its own article."""
    five = Rule("poziom-4", "alert", "no", within=("punkty-4-5",), exception_to=("kontry",))
    situation = Situation.read("[4♠] ktr", "pl")
    for order in itertools.permutations([BASE, BI, five, PRINCIPLE]):
        verdict = decide(order, "alert", situation)
        assert (verdict.answer, verdict.article) == ("no", "poziom-4")
        assert set(verdict.set_aside) == {"kontry", "kontry-bi"}


def test_peers_that_disagree_are_a_conflict_whatever_the_order() -> None:
    lead = Rule("kontry-wistowe", "alert", "no", within=("punkty-4-5", "kontry"), exception_to=("kontry",))
    for order in itertools.permutations([BI, lead, BASE]):
        with pytest.raises(Conflict):
            decide(order, "alert", Situation.read("[4♠] ktr", "pl"))
