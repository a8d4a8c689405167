"""An overcall is our side's first call other than pass, and a bid (issue 18):
after partner's double of the opening, our bid answers the double; it is no
overcall, and the rules on overcalls (PZBS point 3) do not judge it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from build_tools.rules.conditions import Condition
from build_tools.rules.situation import Situation
from build_tools.rules.vocabulary import Meaning

from conftest import run_handbook

HEARTS = {"natural": True, "suits": {"hearts": "4+"}, "hcp": "12-14"}
NOTRUMP = {"natural": True, "shape": "balanced", "hcp": "10-12"}


@pytest.mark.parametrize(("auction", "overcall"), [
    ("[1♣] 2♥", True),
    ("[1♣] pas [1♠] 2♥", True),  # our pass is no call of ours that counts
    ("[1♣] ktr [pas] 2♥", False),  # partner has doubled: an advance of the double
    ("[1♣] 1♠ [pas] 2♥", False),  # partner has bid: an advance of his overcall
    ("[1♣] ktr", False),  # a double is not a bid
])
def test_an_overcall_is_our_sides_first_call_other_than_pass(auction: str, overcall: bool) -> None:
    situation = Situation.read(auction, "pl", meaning=Meaning.parse(HEARTS))
    assert situation.is_overcall is overcall
    assert Condition.parse({"overcall": True}, "pl").holds(situation) is overcall


def explain(query: dict[str, Any]) -> dict[str, Any]:
    result = run_handbook("explain", "pzbs-alert-rules", json.dumps(query, ensure_ascii=False),
                          "--question", "alert", "--json")
    assert result.returncode == 0, result.stderr
    verdict: dict[str, Any] = json.loads(result.stdout)["verdicts"]["alert"]
    return verdict


@pytest.mark.parametrize(("auction", "meaning", "overcall_article"), [
    ("[1♣] ktr [pas] 2♥", HEARTS, "wejscia-blokujace-z-przeskokiem"),
    ("[1♣] ktr [pas] 2BA", NOTRUMP, "wyjasnienie-wejscie-2ba"),
])
def test_a_natural_answer_to_partners_double_is_not_judged_as_an_overcall(
        auction: str, meaning: dict[str, Any], overcall_article: str) -> None:
    """PZBS lists no sequence after partner's double; a natural call there is
    not alerted (znaczenie-nie-alertuje-sie: in sequences not listed, only
    artificial or surprising natural calls are), and the overcall articles
    that decided it before (alerted as another meaning of a jump overcall or
    of a 2NT overcall) no longer speak."""
    verdict = explain({"auction": auction, "meaning": meaning})
    assert verdict["value"] == "no", verdict
    assert overcall_article not in verdict["chain"], verdict


def test_the_same_bid_as_an_overcall_is_still_judged_as_one() -> None:
    """The other side of the line: without partner's double, 2♥ over 1♣ is a
    jump overcall, and an intermediate one (12-14) is alerted under point 3."""
    verdict = explain({"auction": "[1♣] 2♥", "meaning": {**HEARTS, "suits": {"hearts": "6+"}}})
    assert (verdict["value"], verdict["article"]) == ("yes", "wejscia-blokujace-z-przeskokiem"), verdict
