"""A call of several types judged whole (issue 33 item 3, issue 32 item 4):
each regulation gives the call one verdict per question, by its own text's
way of judging a call of several types, and each type's verdict comes with it
as a reason, never as a verdict of its own. The readings are written beside
the rules; the expected answers come from the texts quoted here."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from build_tools.loader import load_document
from build_tools.rules.engine import Rule, Verdict, judge
from build_tools.rules.errors import VocabularyError
from build_tools.rules.query import Query
from build_tools.rules.vocabulary import Meaning, whole_call
from build_tools.bridge import Suit
from build_tools.verdicts import rules_of
from conftest import run_handbook

ROOT = Path(__file__).resolve().parents[2]

#: The Wspólny Język 1♣ as the issue describes it: 2+ clubs balanced 12-14,
#: natural clubs 5+ (15+), or a strong hand (18+) that says nothing of clubs.
WJ_CLUB = [{"hcp": "12-14", "shape": "balanced", "suits": {"clubs": "2+"}},
           {"natural": True, "hcp": "15+", "suits": {"clubs": "5+"}},
           {"hcp": "18+", "strength": "strong"}]
#: A Multi 2♦: a weak two in hearts, a weak two in spades, a strong balanced hand.
MULTI = [{"suits": {"hearts": "6+"}, "hcp": "5-10", "strength": "weak"},
         {"suits": {"spades": "6+"}, "hcp": "5-10", "strength": "weak"},
         {"hcp": "20-22", "shape": "balanced"}]
WEAK_TWOS = MULTI[:2]


@cache
def rules(document: str) -> tuple[Rule, ...]:
    return rules_of(load_document(ROOT / "source" / f"{document}.yaml"))


LANGUAGE = {"pzbs-alert-rules": "pl", "aeb-bidding-systems": "es", "cba-bidding-systems": "zh_CN"}


def ask(document: str, question: str, query: dict[str, Any]) -> Verdict:
    return judge(rules(document), question, Query.parse(query).situation(LANGUAGE[document]))


def types_of(verdict: Verdict) -> list[str | None]:
    return [None if t is None else t.answer for t in verdict.types]


def test_pzbs_judges_the_wspolny_jezyk_club_as_the_call_the_point_names() -> None:
    """PZBS point 1: "1♣/♦/♥/♠ według systemu Wspólny Język lub Strefa ... a
    otwarcie wskazuje licytowany kolor 2+/3+ (ale nie 4+; 1♣)": the WJ 1♣ is
    named as not alerted, though its natural type alone (5+ clubs) would be
    "4+" and its strong type says nothing of clubs."""
    verdict = ask("pzbs-alert-rules", "alert", {"auction": "1♣", "either": WJ_CLUB})
    assert (verdict.answer, verdict.article) == ("no", "otwarcia-1-w-kolor")
    assert types_of(verdict) == ["no", "yes", "yes"]


@pytest.mark.parametrize(("types", "answer"), [
    # Strefa's 1♣: two clubs balanced, or a strong hand (16+, "silne ... 16+").
    ([{"hcp": "12-14", "shape": "balanced", "suits": {"clubs": "2+"}}, {"artificial": True, "hcp": "16+"}], "no"),
    # A type that may hold fewer than two clubs, and is no strong hand: not "2+/3+".
    ([{"hcp": "12-14", "suits": {"clubs": "2+"}}, {"hcp": "11-13", "suits": {"clubs": "0+"}}], "yes"),
    # Every type promises four clubs: "ale nie 4+".
    ([{"natural": True, "hcp": "12-14", "suits": {"clubs": "4+"}}, {"hcp": "18+", "strength": "strong"}], "yes"),
    # A type below the standard lower limit ("dolny limit siły ... zgodny z ... standardami").
    ([{"hcp": "8-11", "suits": {"clubs": "2+"}}, {"hcp": "18+", "strength": "strong"}], "yes"),
])
def test_pzbs_club_of_several_types_on_both_sides(types: list[dict[str, Any]], answer: str) -> None:
    assert ask("pzbs-alert-rules", "alert", {"auction": "1♣", "either": types}).answer == answer


def test_pzbs_alerts_a_multi_whatever_its_weak_types() -> None:
    """Point 1 exempts the 2♦ "blokujące (ok. 6-10) dwukolorowe 5-5 z
    przynajmniej jednym kolorem starszym"; "nie alertuje się" means every
    other meaning is alerted: a Multi is alerted, each of its types too."""
    verdict = ask("pzbs-alert-rules", "alert", {"auction": "2♦", "either": MULTI})
    assert verdict.answer == "yes"
    assert types_of(verdict) == ["yes", "yes", "yes"]


def test_aeb_calls_the_wspolny_jezyk_club_not_natural() -> None:
    """AEB: "Una apertura a palo menor a nivel de uno se considera natural si
    se prometen tres o más cartas a dicho palo": the WJ 1♣ promises two."""
    verdict = ask("aeb-bidding-systems", "natural", {"auction": "1♣", "either": WJ_CLUB})
    assert (verdict.answer, verdict.article) == ("no", "apertura-nivel-uno")
    assert types_of(verdict) == ["no", "yes", "no"]


def test_aeb_natural_club_of_two_natural_types() -> None:
    """Both types promise three clubs or more: the call promises three."""
    verdict = ask("aeb-bidding-systems", "natural", {"auction": "1♣", "either": [
        {"suits": {"clubs": "3+"}, "hcp": "11-14"}, {"suits": {"clubs": "5+"}, "hcp": "15-21"}]})
    assert verdict.answer == "yes"


def test_aeb_multi_is_none_of_the_four_defined_kinds() -> None:
    """AEB: a transfer "indica imperativamente la posesión de un palo
    superior al palo que se nombra", a texas "indica la posesión de otro
    palo": the Multi indicates no one suit (hearts, spades, or none), so it is
    neither; its types alone would be a transfer, a texas and none."""
    verdict = ask("aeb-bidding-systems", "convention", {"auction": "2♦", "either": MULTI})
    assert (verdict.answer, verdict.article) == ("none", "definiciones-introduccion")
    assert types_of(verdict) == ["transfer", "texas", "none"]
    assert ask("aeb-bidding-systems", "natural", {"auction": "2♦", "either": MULTI}).answer == "no"


def test_cba_multi_exception_answers_a_two_diamond_of_weak_twos_in_the_majors() -> None:
    """CBA Brown Sticker (1), exception 2: "一个2 阶低花开叫表示任意高花的弱二开叫，
    无论是否有强牌选项均不是棕色约定叫" (issue 32's "Done when")."""
    for types in (WEAK_TWOS, MULTI):
        verdict = ask("cba-bidding-systems", "brown-sticker", {"auction": "2♦", "either": types})
        assert (verdict.answer, verdict.article) == ("no", "zongse-2-meihua-zhi-3-heitao-liwai-ruo-er")


def test_cba_two_diamond_weak_in_either_of_hearts_or_clubs_is_brown_sticker() -> None:
    """Item (1): "可能为弱牌 ... 并且不承诺一个已知花色至少4 张": a weak two in
    hearts or in clubs shows no known suit, and the multi exception names
    weak twos in either major only."""
    verdict = ask("cba-bidding-systems", "brown-sticker", {"auction": "2♦", "either": [
        {"suits": {"hearts": "6+"}, "hcp": "5-10", "strength": "weak"},
        {"suits": {"clubs": "6+"}, "hcp": "5-10", "strength": "weak"}]})
    assert (verdict.answer, verdict.article) == ("yes", "zongse-2-meihua-zhi-3-heitao")


def test_a_call_of_one_type_has_no_types() -> None:
    verdict = ask("pzbs-alert-rules", "alert", {"auction": "1♣", "meaning": WJ_CLUB[0]})
    assert verdict.types == ()


@pytest.mark.parametrize(("query", "message"), [
    ({"auction": "2♦", "either": [MULTI[0]]}, "either: a list of two meanings or more"),
    ({"auction": "2♦", "either": MULTI[0]}, "either: a list of two meanings or more"),
    ({"auction": "2♦", "either": MULTI, "meaning": MULTI[0]}, "either: a query states the call's 'meaning'"),
    ({"auction": "2♦", "either": [MULTI[0], {"hcp": "5-10", "colour": "red"}]}, "either.1.colour: unknown key"),
])
def test_either_refused_at_its_path(query: dict[str, Any], message: str) -> None:
    with pytest.raises(VocabularyError, match=message.replace("(", r"\(")):
        Query.parse(query)


def test_whole_call_promises_what_every_type_promises() -> None:
    types = (Meaning.parse(WJ_CLUB[0]), Meaning.parse(WJ_CLUB[1]))
    whole = whole_call(types)
    assert str(whole.hcp) == "12+" and str(whole.length_of(Suit.CLUBS)) == "2+"
    # A word only where every type says it; a key stated by some type is stated.
    assert whole.natural is None and whole.shape is None and "natural" in whole.keys
    multi = whole_call(tuple(Meaning.parse(m) for m in WEAK_TWOS))
    assert str(multi.major) == "6+" and multi.strength == "weak" and multi.suits == ()
    # One type states no points: the call's are unstated.
    assert whole_call((Meaning.parse({"hcp": "5-10"}), Meaning.parse({"suits": {"hearts": "6+"}}))).hcp is None
    # A type that may hold no major promises none: the call promises no major.
    no_major = (Meaning.parse({"suits": {"hearts": "6+"}}), Meaning.parse({"suits": {"spades": "0-3", "clubs": "6+"}}))
    assert whole_call(no_major).major is None


def test_a_call_of_one_type_is_that_type() -> None:
    """One type: the call promises what it does, keys and two-suiter as written."""
    one = Meaning.parse({"two-suiter": {"min": "5-5", "suits": ["hearts", "spades"]}, "hcp": "5-10"})
    assert whole_call((one,)) is one


def test_explain_takes_either_and_prints_the_types_as_reasons(tmp_path: Path) -> None:
    query = json.dumps({"auction": "2♦", "either": WEAK_TWOS})
    shown = run_handbook("explain", "cba-bidding-systems", query, "--question", "brown-sticker",
                         "--build-dir", str(tmp_path))
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.splitlines()[0] == "brown-sticker: no  (zongse-2-meihua-zhi-3-heitao-liwai-ruo-er)"
    assert ("  its types: 1. no (zongse-2-meihua-zhi-3-heitao-liwai-ruo-er); "
            "2. no (zongse-2-meihua-zhi-3-heitao-liwai-ruo-er)") in shown.stdout
    data = json.loads(run_handbook("explain", "cba-bidding-systems", query, "--question", "brown-sticker", "--json",
                                   "--build-dir", str(tmp_path)).stdout)
    verdict = data["verdicts"]["brown-sticker"]
    assert verdict["value"] == "no" and [t["value"] for t in verdict["types"]] == ["no", "no"]
    refused = run_handbook("explain", "cba-bidding-systems", json.dumps({"auction": "2♦", "either": [MULTI[0]]}),
                           "--build-dir", str(tmp_path))
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1
    assert "either: a list of two meanings or more" in refused.stderr
