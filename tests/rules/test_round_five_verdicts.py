"""The wrong verdicts of issue 33 (items 1, 2, 5, 6, 7, 8), each asked as its
reproducer asks it, with the answer the regulation's own words give (quoted
beside each test), and the line drawn on both sides where it has two."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from build_tools.loader import load_document
from build_tools.rules.engine import Rule, Undecided, decide
from build_tools.rules.query import Query
from build_tools.rules.registry import Registry
from build_tools.verdicts import rules_of
from conftest import run_handbook

ROOT = Path(__file__).resolve().parents[2]
LANGUAGE = {"pzbs-alert-rules": "pl", "aeb-bidding-systems": "es", "russian-system-notes": "ru",
            "bws-competitive-bidding": "sv", "cba-bidding-systems": "zh_CN"}


@cache
def rules(document: str) -> tuple[Rule, ...]:
    return rules_of(load_document(ROOT / "source" / f"{document}.yaml"))


def ask(document: str, question: str, query: dict[str, Any]) -> tuple[str, str]:
    verdict = decide(rules(document), question, Query.parse(query).situation(LANGUAGE[document]))
    return verdict.answer, verdict.article


@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("build")


def explain(build: Path, document: str, query: str, *options: str) -> Any:
    return run_handbook("explain", document, query, *options, "--build-dir", str(build))


# --- item 1: a Wilkosz in the minors -----------------------------------------


def test_item_1_the_reproducer_alerts_a_wilkosz_in_the_minors(build: Path) -> None:
    """PZBS point 1: "2♦ – blokujące (ok. 6-10) dwukolorowe 5-5 z przynajmniej
    jednym kolorem starszym (wilkosz)": a name is no meaning, and a two-suiter
    in clubs and diamonds has no major."""
    shown = explain(build, "pzbs-alert-rules", "{auction: 2♦, meaning: {convention: wilkosz, two-suiter: "
                    "{min: 5-5, suits: [clubs, diamonds]}, hcp: 6-10}}", "--question", "alert")
    assert shown.returncode == 0 and shown.stdout.splitlines()[0] == "alert: yes  (otwarcia-2-karo)"


@pytest.mark.parametrize(("meaning", "answer"), [
    ({"convention": "wilkosz", "two-suiter": {"min": "5-5", "suits": ["clubs", "diamonds"]}, "hcp": "6-10"}, "yes"),
    ({"convention": "wilkosz", "suits": {"clubs": "5+", "diamonds": "5+"}, "hcp": "6-10"}, "yes"),
    ({"convention": "wilkosz", "two-suiter": {"min": "5-4"}, "hcp": "6-10"}, "yes"),  # not "5-5"
    # The name stands where nothing stated says otherwise.
    ({"convention": "wilkosz"}, "no"),
    ({"convention": "wilkosz", "two-suiter": {"min": "5-5", "suits": ["hearts"]}, "hcp": "6-10"}, "no"),
    ({"convention": "wilkosz", "two-suiter": {"min": "5-5", "suits": ["clubs", "major"]}, "hcp": "6-10"}, "no"),
    ({"convention": "wilkosz", "two-suiter": {"min": "5-5"}, "hcp": "6-10"}, "no"),
    ({"two-suiter": {"min": "5-5", "suits": ["spades", "clubs"]}, "hcp": "6-10"}, "no"),
])
def test_item_1_wilkosz_on_both_sides(meaning: dict[str, Any], answer: str) -> None:
    assert ask("pzbs-alert-rules", "alert", {"auction": "2♦", "meaning": meaning}) == (answer, "otwarcia-2-karo")


# --- item 2: Gadget after a passed responder --------------------------------

OPENER = "п К52 ч 84 б ТВ63 т КД92"


def test_item_2_the_reproducer_answers_no_gadget_after_a_passed_responder(build: Path) -> None:
    """The notes: "Гаджет 2т используется в системе только в односторонней
    торговле, когда отвечающий еще не пасовал!": a passed responder's 2т is
    no Gadget, and the notes prescribe no answer to it."""
    shown = explain(build, "russian-system-notes", "{auction: 'пас пас 1б пас 1ч пас 1БК пас 2т', view: table, "
                    f"hand: '{OPENER}'}}", "--question", "response")
    assert shown.returncode == 1 and "response: no rule answers 'response' here" in shown.stderr


def test_item_2_gadget_answers_when_the_responder_has_not_passed() -> None:
    """The same hand, the responder not a passed hand (2б: "11-13 РС, без 3-ки ч")."""
    query = {"auction": "1б пас 1ч пас 1БК пас 2т", "view": "table", "hand": OPENER}
    assert ask("russian-system-notes", "response", query) == ("2б", "gadzhet-2t")
    # An opponent passed first, in first seat: the responder has not, and Gadget holds.
    query = {"auction": "пас 1б пас 1ч пас 1БК пас 2т", "view": "table", "hand": OPENER}
    assert ask("russian-system-notes", "response", query) == ("2б", "gadzhet-2t")


@pytest.mark.parametrize("auction", [
    "пас пас 1б пас 1ч пас 1БК пас 2т",  # the responder passed: no Gadget
    "пас пас пас 1б пас 1ч пас 1БК пас 2т",  # the responder passed in second seat
    "1б пас 1ч 1п 1БК пас 2т",  # "только в односторонней торговле": contested
])
def test_item_2_no_gadget_rule_answers_a_passed_responder_or_a_contested_auction(auction: str) -> None:
    situation = Query.parse({"auction": auction, "view": "table", "hand": OPENER}).situation("ru")
    with pytest.raises(Undecided):
        decide(rules("russian-system-notes"), "response", situation)
    # And what the opener's answer shows is none of Gadget's.
    answer = Query.parse({"auction": auction + " пас 2б", "view": "table"}).situation("ru")
    with pytest.raises(Undecided):
        decide(rules("russian-system-notes"), "shows", answer)


def test_item_2_a_passed_responders_jump_shows_his_five_card_suit() -> None:
    """"после паса отвечающий с 9-11 РС может сразу заявить свою пятерку с прыжком"."""
    answer, article = ask("russian-system-notes", "shows", {"auction": "пас пас 1т пас 2ч", "view": "table"})
    assert (answer, article) == ("{bid-suit: 5, hcp: 9-11}", "gadzhet-2t-dvustoronnyaya")
    # Not a passed hand: the jump is not this one (no rule of the notes answers it).
    situation = Query.parse({"auction": "1т пас 2ч", "view": "table"}).situation("ru")
    with pytest.raises(Undecided):
        decide(rules("russian-system-notes"), "shows", situation)


# --- item 5: an undiscussed double ------------------------------------------


def test_item_5_the_reproducer_alerts_an_undiscussed_double(build: Path) -> None:
    """PZBS: "W wątpliwych sytuacjach zaleca się stosowanie alertu zgodnie z
    zasadą, że nadmiarowy alert jest mniej szkodliwy niż brak alertu": a
    double nobody agreed may be one point 4 alerts."""
    shown = explain(build, "pzbs-alert-rules", "{auction: '[3♠]-ktr', agreed: false}")
    assert shown.returncode == 0 and shown.stdout.splitlines()[0] == "alert: yes  (sytuacje-watpliwe)"


@pytest.mark.parametrize(("auction", "answer", "article"), [
    ("[3♠]-ktr", "yes", "sytuacje-watpliwe"),
    ("1BA [pas] 2♣", "yes", "sytuacje-watpliwe"),  # an undiscussed response: no exemption can be shown
    # Point 5: "Nie alertuje się żadnych zapowiedzi w licytacji na poziomie 4 lub wyższym".
    ("[4♠]-ktr", "no", "poziom-4-i-wyzej"),
])
def test_item_5_undiscussed_calls_on_both_sides_of_the_four_level(auction: str, answer: str, article: str) -> None:
    assert ask("pzbs-alert-rules", "alert", {"auction": auction, "agreed": False}) == (answer, article)


def test_item_5_a_discussed_double_is_point_4s() -> None:
    """"Nie alertuje się kontr": a takeout double the pair agreed is not alerted."""
    query = {"auction": "[3♠]-ktr", "meaning": {"convention": "takeout-double", "hcp": "12+", "unbid-suits": "3+"}}
    assert ask("pzbs-alert-rules", "alert", query) == ("no", "kontry")


# --- item 6: BWS's reopening jump, bounded on both sides ----------------------


def test_item_6_the_reopening_jump_shows_an_intermediate_hand() -> None:
    """BWS: "I balanseringspositionen visar budet minst öppningshand och en
    stark 6-kortsfärg. Maximum är en kung bättre än en öppningshand."""
    answer, article = ask("bws-competitive-bidding", "shows", {"auction": "1♣ pass pass 2♠", "view": "table"})
    assert article == "enkelt-hoppande-inkliv"
    assert answer == "{bid-suit: 6+, natural: true, strength: intermediate, suit-quality: strong}"
    # In the direct position: "spärrande" (preemptive).
    assert ask("bws-competitive-bidding", "shows", {"auction": "(1♣) 2♠"})[0] == "{natural: true, strength: preemptive}"


# --- item 7: a stated meaning is complete in what it says --------------------


def test_item_7_one_reading_for_every_document() -> None:
    """A 1NT of "15-17" whose shape the pair does not state: the PZBS's
    exemption names "w składzie bezatutowym bez krótkości", the AEB's natural
    notrump "una mano regular o semirregular"; neither is said, so neither
    holds (README: "What a query states")."""
    bare = {"auction": "1BA", "meaning": {"hcp": "15-17"}}
    assert ask("pzbs-alert-rules", "alert", bare)[0] == "yes"
    assert ask("aeb-bidding-systems", "natural", {**bare, "auction": "1ST"})[0] == "no"
    # Stated, the shape decides on both.
    shaped = {"hcp": "15-17", "shape": "balanced"}
    assert ask("pzbs-alert-rules", "alert", {"auction": "1BA", "meaning": {"natural": True, **shaped}})[0] == "no"
    assert ask("aeb-bidding-systems", "natural", {"auction": "1ST", "meaning": shaped})[0] == "yes"
    # A word says what its document's text makes it say: the AEB's natural
    # notrump is regular; the PZBS never makes "natural" say the shape.
    natural = {"natural": True, "hcp": "15-17"}
    assert ask("aeb-bidding-systems", "natural", {"auction": "1ST", "meaning": natural})[0] == "yes"
    assert ask("pzbs-alert-rules", "alert", {"auction": "1BA", "meaning": natural})[0] == "yes"


def test_item_7_only_a_query_stating_no_meaning_depends() -> None:
    for document, auction, question in (("pzbs-alert-rules", "1BA", "alert"),
                                        ("aeb-bidding-systems", "1ST", "natural")):
        verdict = decide(rules(document), question, Query.parse({"auction": auction}).situation(LANGUAGE[document]))
        assert verdict.depends and "shape" in verdict.needs


def test_item_7_the_reading_is_written_in_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "A stated meaning is complete in what it says" in readme


# --- item 8: no colour the text does not define -------------------------------


def test_item_8_the_colour_question_offers_the_texts_four_colours_only(build: Path) -> None:
    """CBA article 29, 3: "绿色 ... 蓝色 ... 红色 ... 黄色": no purple."""
    answers = [a.answer for a in Registry.standard().question("colour").answers]
    assert answers == ["green", "blue", "yellow", "red"]
    shown = explain(build, "cba-bidding-systems", "{auction: 1♣, system: source/cards/precision.yaml}", "--json")
    book = json.loads((next(build.rglob("*.json"))).read_text(encoding="utf-8"))
    labels = {a["label"] for q in book["questions"] if q["question"] == "colour" for a in q["answers"]}
    assert shown.returncode == 0 and "Purple system" not in labels and labels
