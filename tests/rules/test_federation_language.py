"""What a federation could not say in YAML alone (issue 33 items 9 and 10,
issue 37 item 8's rule items), said now, and the mistakes it makes refused
at their place with a message that helps: a parameter inside a condition,
every missing parameter at once with its description, a semi-forcing call,
a 4+ minor, ``after:`` with a list, the old key ``overrides``, a lookalike
letter in an article's id, parameter values a figure cannot have."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from build_tools.diagnostics import DiagnosticError
from build_tools.loader import load_document
from build_tools.rules.conditions import Condition
from build_tools.rules.errors import VocabularyError
from build_tools.rules.query import parse_expect, parse_rules
from build_tools.rules.registry import Registry
from build_tools.rules.situation import Situation
from build_tools.rules.vocabulary import Meaning
from conftest import write_document

#: The ACBL-like figures a volunteer declared.
ACBL = {"natural-suit-length": 3, "natural-conventions": [], "notrump-suit-length": 5, "shown-suit-length": 4}


def registry(**values: Any) -> Registry:
    return Registry.standard().declaring(values or ACBL)


def holds(condition: dict[str, Any], auction: str, meaning: dict[str, Any], rules: Registry | None = None) -> bool:
    return Condition.parse(condition, "en", "when", rules or registry()).holds(
        Situation.read(auction, "en", meaning=Meaning.parse(meaning)))


# --- item 9: a parameter inside a condition -----------------------------------


@pytest.mark.parametrize(("value", "clubs", "answer"), [
    ("natural-suit-length+", "3+", True),   # the figure, 3, or more
    ("natural-suit-length+", "2+", False),
    ("-natural-suit-length", "0-3", True),  # at most the figure
    ("2-natural-suit-length", "2-3", True),
    ("2-natural-suit-length", "2-4", False),
])
def test_item_9_a_parameter_stands_for_its_figure_in_a_range(value: str, clubs: str, answer: bool) -> None:
    assert holds({"named-suit": value}, "1C", {"suits": {"clubs": clubs}}) is answer


def test_item_9_a_figure_follows_its_declaration() -> None:
    four = registry(**{**ACBL, "natural-suit-length": 4})
    assert not holds({"named-suit": "natural-suit-length+"}, "1C", {"suits": {"clubs": "3+"}}, four)
    assert holds({"named-suit": "natural-suit-length+"}, "1C", {"suits": {"clubs": "4+"}}, four)
    assert holds({"hcp-low": "shown-suit-length-12"}, "1C", {"hcp": "5-12"}, four)


def test_item_9_a_misspelt_parameter_is_named_with_a_hint() -> None:
    with pytest.raises(VocabularyError, match=r"when.named-suit: unknown parameter 'natural-suit-lenght' in the range "
                                              r"'natural-suit-lenght\+' \(did you mean 'natural-suit-length'\?\)"):
        Condition.parse({"named-suit": "natural-suit-lenght+"}, "en", "when", registry())


def test_item_9_every_missing_parameter_is_named_at_once_and_described() -> None:
    """HUM's criteria read six figures: one message names the five missing,
    each with what it means, its unit and an example; no did-you-mean toward
    a declared figure (``long-suit`` is no misspelling of ``short-suit``).
    (Each predicate declares the figures it reads: the CBA's "may be weak",
    once asked here, reads only average-hand-hcp.)"""
    declared = Registry.standard().declaring({"short-suit": 2})
    with pytest.raises(VocabularyError) as caught:
        Condition.parse({"hum-criterion": 1}, "en", "when", declared)
    message = str(caught.value)
    for name in ("average-hand-hcp", "king-hcp", "long-suit", "known-suit-length", "usual-opening-hcp"):
        assert name in message
    assert "short-suit" not in message and "did you mean" not in message
    assert "long-suit (the length of a long suit; in cards; e.g. {parameter: long-suit, value: 3" in message


def test_item_9_a_document_missing_parameters_is_refused_at_the_rules_line(tmp_path: Path) -> None:
    path = write_document(tmp_path, """\
        schema: 1
        document: doc
        title: T
        language: en
        kind: regulation
        body:
          - paragraph: natural
            text: Natural calls are not alerted.
            rule: {question: alert, when: {natural-call: true}, answer: "no", otherwise: "yes"}
        """)
    with pytest.raises(DiagnosticError) as caught:
        load_document(path)
    (only,) = caught.value.diagnostics
    assert only.line == 9
    assert all(name in only.message for name in ACBL)


# --- item 10: what the vocabulary could not say -------------------------------


def test_item_10_semi_forcing() -> None:
    assert Meaning.parse({"forcing": "semi-forcing"}).forcing == "semi-forcing"
    assert holds({"meaning": {"forcing": "semi-forcing"}}, "1S 1NT", {"forcing": "semi-forcing"})
    assert not holds({"meaning": {"forcing": "semi-forcing"}}, "1S 1NT", {"forcing": "forcing"})


def test_item_10_a_four_card_minor() -> None:
    """The CBA's 2♥ weak "with a 4+ minor": a minor not said which, as
    ``major`` says a major."""
    weak = Meaning.parse({"suits": {"hearts": "5+"}, "minor": "4+", "hcp": "5-10"})
    assert str(weak.minor) == "4+"
    two = Meaning.parse({"two-suiter": {"min": "5-4", "suits": ["hearts", "minor"]}})
    assert two.two_suiter is not None and two.two_suiter.other == "minor"
    with pytest.raises(VocabularyError, match="two suits at most, or one suit and 'major' or 'minor'"):
        Meaning.parse({"two-suiter": {"suits": ["minor", "major"]}})
    with pytest.raises(VocabularyError, match=r"unknown suit 'minr' \(did you mean 'minor'\?\)"):
        Meaning.parse({"two-suiter": {"suits": ["hearts", "minr"]}})


def test_item_10_after_takes_a_list_and_prints_it_as_yaml() -> None:
    condition = Condition.parse({"opening-call": ["1♥", "1♠"], "after": ["1♥", "1♠"]}, "en", "scope")
    assert condition.text == "the opening was 1♥ or 1♠ and after 1♥ or 1♠"
    assert condition.holds(Situation.read("1S P 1NT", "en", "table"))
    with pytest.raises(VocabularyError, match=r"scope.after.1: .*'1X'"):
        Condition.parse({"after": ["1♥", "1X"]}, "en", "scope")


@pytest.mark.parametrize(("condition", "text"), [
    ({"shown-suit": "not-named"}, "shows one suit, not the one named"),
    ({"shown-suit": "none"}, "shows no suit of its own"),
    ({"two-suited": {"min": "5-5", "with-major": True}}, "a two-suiter {min: 5-5, with-major: true}"),
    ({"call": ["2♣", "2♦"]}, "call 2♣ or 2♦"),
])
def test_item_10_because_reads_as_yaml_not_python(condition: dict[str, Any], text: str) -> None:
    rules = registry(**{**ACBL, "partner-default-length": 4})
    assert Condition.parse(condition, "en", "when", rules).text == text


def test_item_10_overrides_points_to_exception_to() -> None:
    with pytest.raises(VocabularyError, match=r"overrides: unknown key \(did you mean 'exception-to'\? "
                                              r"'overrides' is its old name\)"):
        parse_rules({"question": "alert", "answer": "no", "overrides": ["x"]}, "a", "en")


def test_item_10_a_lookalike_letter_in_an_article_id_is_named() -> None:
    """Issue 37 item 8: 'kоntry' with a Cyrillic о."""
    with pytest.raises(VocabularyError, match="CYRILLIC SMALL LETTER O, which looks like Latin 'o'"):
        parse_rules({"question": "alert", "answer": "no", "exception-to": ["kоntry"]}, "a", "pl")
    # The Latin id passes.
    assert parse_rules({"question": "alert", "answer": "no", "exception-to": ["kontry"]}, "a", "pl")[0].exception_to


# --- issue 37 item 8: values a parameter cannot take, a call that is none -------


@pytest.mark.parametrize(("name", "value", "message"), [
    ("long-suit", 99, "'long-suit' is a number of cards from 0 to 13 (e.g. 3), not 99"),
    ("long-suit", -5, "'long-suit' is a number of cards from 0 to 13 (e.g. 3), not -5"),
    ("long-suit", "-5", "'long-suit' is a number of cards from 0 to 13 (e.g. 3), not '-5'"),
    ("average-hand-hcp", 38, "'average-hand-hcp' is a number of HCP from 0 to 37"),
    ("keycard-king", [], "'keycard-king' is 'trump' or a list of one suit or more (e.g. [hearts]), not []"),
    ("natural-conventions", "precision", "'natural-conventions' is a list of conventions' names"),
])
def test_a_parameter_value_it_cannot_take_is_refused_where_declared(name: str, value: Any, message: str) -> None:
    with pytest.raises(VocabularyError, match=message.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")
                       .replace("]", r"\]")) as caught:
        Registry.standard().extended({"parameters": [{"parameter": name, "value": value, "article": "a"}]}, "doc")
    assert caught.value.path == "parameters.0.value"
    assert "not a int" not in str(caught.value)


@pytest.mark.parametrize(("name", "value"), [("long-suit", 13), ("long-suit", 0), ("keycard-king", "trump"),
                                             ("keycard-king", ["hearts"]), ("natural-conventions", [])])
def test_a_parameter_value_at_its_bounds_is_taken(name: str, value: Any) -> None:
    declared = Registry.standard().extended({"parameters": [{"parameter": name, "value": value, "article": "a"}]},
                                            "doc")
    assert declared.parameter(name).value == value


@pytest.mark.parametrize(("answer", "ok"), [("7БК", True), ("8БК", False), ("5т", True), ("5x", False)])
def test_an_answer_that_is_a_call_is_read_as_one(answer: str, ok: bool) -> None:
    """Issue 37 item 8: ``form: call`` took ``8NT``; a bid above 7NT is none (Law 35C)."""
    if ok:
        assert parse_expect({"response": answer}, language="ru") == (("response", answer),)
    else:
        with pytest.raises(VocabularyError, match="'response' is answered by a call"):
            parse_expect({"response": answer}, language="ru")
        with pytest.raises(VocabularyError, match="'response' is answered by a call"):
            parse_rules({"question": "response", "answer": answer}, "a", "ru")
