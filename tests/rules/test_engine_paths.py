"""The engine's paths no shipped document reaches (issue 33, "Tests that pin
the engine's paths"): of 18 boundary mutations made by hand in
build_tools/rules/, nine survived the rules tests and handbook check. Each
test here sits on both sides of one of those boundaries and fails with the
mutation planted (each was planted, seen to fail, and restored):

1. engine ``_outcome``: the rules that agree are cited exception first
   (``-len(rule.exception_to)``, not ``len``);
2. conditions ``within``: ``stopper`` is compared;
3. conditions ``within``: ``natural: false`` constrains (``is not None``);
4. conditions ``shown-suit: higher-ranking``: strictly above the suit named (``>``);
5. alerting ``natural_of``: a double showing exactly the natural length
   shows the suit (``>=``);
6. positions ``suit-bid-twice``: 5♣ and 5♦ are game (``level >= 5``);
7. systems ``Figures.is_strong``: a minimum equal to "strong" is strong (``>=``);
8. analysis ``_references``: an exception to an article holding only other
   questions' rules is warned of (the question filter);
9. registry ``_line``: a label of two lines is refused.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from build_tools.bridge import Call
from build_tools.loader import load_document
from build_tools.rules.alerting import NaturalReading, natural_of
from build_tools.rules.analysis import analyse
from build_tools.rules.conditions import Condition, within
from build_tools.rules.engine import Rule, decide
from build_tools.rules.errors import VocabularyError
from build_tools.rules.registry import Registry
from build_tools.rules.situation import Situation
from build_tools.rules.systems import FIGURES
from build_tools.rules.vocabulary import Meaning
from conftest import write_document


def meaning(data: dict[str, Any]) -> Meaning:
    return Meaning.parse(data)


# --- 1. which article is cited when rules agree --------------------------------


def _rule(article: str, *, exception_to: tuple[str, ...] = (), within_: tuple[str, ...] = ()) -> Rule:
    return Rule(article, "alert", "yes", scope=Condition.parse({"call": "1NT"}, "en"),
                exception_to=exception_to, within=within_)


def test_an_exception_is_cited_before_a_deeper_rule_that_agrees() -> None:
    """The exception ('b', naming 'x') and a plain rule deeper in the document
    ('a', inside two articles) give one answer: the exception decides."""
    plain = _rule("a", within_=("part", "section"))
    exception = _rule("b", exception_to=("x",))
    for order in ((plain, exception), (exception, plain)):
        verdict = decide(order, "alert", Situation.read("1NT", "en"))
        assert (verdict.article, verdict.articles) == ("b", ("b", "a"))


def test_of_rules_that_are_no_exceptions_the_deeper_is_cited_first() -> None:
    """The other side: no exception among them, depth decides."""
    shallow, deep = _rule("a"), _rule("c", within_=("part",))
    verdict = decide((shallow, deep), "alert", Situation.read("1NT", "en"))
    assert (verdict.article, verdict.articles) == ("c", ("c", "a"))
    # An exception to two articles before an exception to one.
    one, two = _rule("d", exception_to=("x",)), _rule("e", exception_to=("x", "y"))
    assert decide((one, two), "alert", Situation.read("1NT", "en")).article == "e"


# --- 2, 3. what within() compares ---------------------------------------------


@pytest.mark.parametrize(("actual", "holds"), [
    ({"stopper": "full"}, True),
    ({"stopper": "half"}, False),
    ({"hcp": "10-12"}, False),  # a meaning silent on the stopper has none (README: what a query states)
])
def test_a_rules_stopper_is_compared(actual: dict[str, Any], holds: bool) -> None:
    assert within(meaning(actual), meaning({"stopper": "full"})) is holds


@pytest.mark.parametrize(("actual", "wanted", "holds"), [
    ({"natural": False}, {"natural": False}, True),
    ({"natural": True}, {"natural": False}, False),
    ({"hcp": "10-12"}, {"natural": False}, False),
    ({"natural": True}, {"natural": True}, True),
    ({"natural": False}, {"natural": True}, False),
])
def test_natural_false_constrains(actual: dict[str, Any], wanted: dict[str, Any], holds: bool) -> None:
    assert within(meaning(actual), meaning(wanted)) is holds


# --- 4. shown-suit: higher-ranking -------------------------------------------

AEB = Registry.standard().declaring({"partner-default-length": 4, "shown-suit-length": 4})


@pytest.mark.parametrize(("auction", "shown", "holds"), [
    ("1ST 2♥", "spades", True),   # above hearts
    ("1ST 2♥", "hearts", False),  # the suit named itself
    ("1ST 2♥", "diamonds", False),
    ("1ST 4♣", "diamonds", True),
])
def test_higher_ranking_is_strictly_above_the_suit_named(auction: str, shown: str, holds: bool) -> None:
    condition = Condition.parse({"shown-suit": "higher-ranking"}, "es", rules=AEB)
    assert condition.holds(Situation.read(auction, "es", meaning=meaning({"suits": {shown: "5+"}}))) is holds


# --- 5. a double showing exactly the natural length -------------------------------

THREE = NaturalReading(suit_length=3, conventions=frozenset(), notrump_suit_length=5, shown_length=4)


@pytest.mark.parametrize(("clubs", "natural"), [
    ("3+", False),  # exactly the natural length: the double shows clubs, artificial
    ("4+", False),
    ("2+", True),   # short of it: shows no suit
])
def test_a_double_showing_the_natural_length_shows_the_suit(clubs: str, natural: bool) -> None:
    double = Call.parse("X")
    assert natural_of(double, meaning({"suits": {"clubs": clubs}}), reading=THREE) is natural


# --- 6. game at the five level ---------------------------------------------------


@pytest.mark.parametrize(("auction", "holds"), [
    ("1♦ X pass 2♦ pass 2♥ pass 5♣", True),   # five of a minor: game
    ("1♦ X pass 2♦ pass 2♥ pass 5♦", True),
    ("1♦ X pass 2♦ pass 2♥ pass 4♣", False),  # four of a minor, a new suit: neither
    ("1♦ X pass 2♦ pass 2♥ pass 4♥", True),
    ("1♦ X pass 2♦ pass 2♥ pass 3NT", True),
])
def test_a_five_level_minor_is_game(auction: str, holds: bool) -> None:
    condition = Condition.parse({"suit-bid-twice": True}, "sv")
    assert condition.holds(Situation.read(auction, "sv", "table")) is holds


# --- 7. strong: at least an average hand and a king ---------------------------------

CBA = Registry.standard().declaring(FIGURES)


@pytest.mark.parametrize(("hcp", "strong"), [("13+", True), ("12+", False), ("14-16", True), ("12-20", False)])
def test_a_minimum_equal_to_strong_is_strong(hcp: str, strong: bool) -> None:
    """CBA: "强牌——大牌点比均衡牌多至少一个K实力的一手牌" (average 10, a king 3)."""
    condition = Condition.parse({"strong-hand": True}, "zh_CN", rules=CBA)
    assert condition.holds(Situation.read("1♣", "zh_CN", meaning=meaning({"hcp": hcp}))) is strong


# --- 8. an exception to an article holding only other questions' rules -------------


def _document(tmp_path: Path, target_rule: str) -> Any:
    return load_document(write_document(tmp_path, f"""\
        schema: 1
        document: doc
        title: T
        language: en
        kind: regulation
        body:
          - paragraph: target
            text: T.
            rule: {target_rule}
          - paragraph: exception
            text: E.
            rule: {{question: alert, scope: {{call: 1NT}}, answer: "yes", exception-to: target}}
        """))


def test_an_exception_to_an_article_of_another_question_is_warned_of(tmp_path: Path) -> None:
    document = _document(tmp_path, '{question: natural, scope: {call: 1NT}, answer: "yes"}')
    from build_tools.verdicts import rules_of

    rules = rules_of(document)
    (exception,) = [r for r in rules if r.article == "exception"]
    findings = analyse(rules, "en", {"target", "exception"})
    assert [(f.line, f.severity) for f in findings if "holds no rule of 'alert'" in f.message] == [
        (exception.line, "warning")]


def test_an_exception_to_an_article_of_its_own_question_is_not(tmp_path: Path) -> None:
    document = _document(tmp_path, '{question: alert, scope: {call: 1NT}, answer: "no"}')
    from build_tools.verdicts import rules_of

    findings = analyse(rules_of(document), "en", {"target", "exception"})
    assert not [f for f in findings if "holds no rule" in f.message]


# --- 9. a label of one line ---------------------------------------------------------


def _question(label: str) -> dict[str, Any]:
    return {"questions": [{"question": "announce", "answers": [{"answer": "yes", "label": label}]}]}


def test_a_label_of_two_lines_is_refused() -> None:
    with pytest.raises(VocabularyError, match=r"questions.0.answers.0.label: one line of text"):
        Registry.standard().extended(_question("Announce\nnow"), "doc")
    with pytest.raises(VocabularyError, match="one line of text"):
        Registry.standard().extended(_question("   "), "doc")


def test_a_label_of_one_line_is_taken() -> None:
    declared = Registry.standard().extended(_question("Announce now"), "doc")
    assert declared.question("announce").answer("yes").label == "Announce now"
