"""The rule language described by itself (issue 18, item 6): ``handbook
rules`` reads the registries the loader checks against, and README.md's
reference is its ``--markdown``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from build_tools.cli import main
from build_tools.rules.conditions import PREDICATES, Condition
from build_tools.rules.errors import VocabularyError
from build_tools.rules.reference import END, START, markdown
from build_tools.rules.registry import Registry

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_reference_is_the_generated_one() -> None:
    text = README.read_text(encoding="utf-8")
    assert text.count(START) == 1 and text.count(END) == 1, "README.md needs one rules-reference block"
    block = text[text.index(START):text.index(END) + len(END)] + "\n"
    assert block == markdown(), ("README.md's rules reference is out of date: run `handbook rules --markdown` "
                                 "and paste its output between the rules-reference markers")


def test_the_reference_sits_in_the_federations_section() -> None:
    text = README.read_text(encoding="utf-8")
    section = text.index("## For federations: formalising a regulation")
    following = text.index("\n## ", section + 1)
    assert section < text.index(START) < text.index(END) < following


def test_rules_json_lists_the_registries(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"questions", "predicates", "vocabulary", "parameters"} <= set(data)
    assert [q["question"] for q in data["questions"]] == list(Registry.standard().questions)
    assert sorted(p["name"] for p in data["predicates"]) == sorted(PREDICATES)
    alert = next(q for q in data["questions"] if q["question"] == "alert")
    assert {"answer": "yes", "label": "Alert", "tone": "needs-action", "mark": "alerted"} in alert["answers"]
    readers = {p["parameter"]: p["read-by"] for p in data["parameters"]}
    # The natural reading's figures are read by natural-call; the bi double's by bi-double.
    assert "natural-call" in readers["natural-suit-length"]
    assert readers["constructive-opening"] == ["bi-double"]
    assert "stayman" in data["vocabulary"]["convention"]


def test_a_predicate_takes_its_first_sentence_and_forms(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--json"]) == 0
    predicates = {p["name"]: p for p in json.loads(capsys.readouterr().out)["predicates"]}
    assert predicates["opening"]["doc"] == "The call is the first bid of the auction."
    assert predicates["named-suit"]["forms"][:2] == ["4+", "unstated"]
    assert predicates["named-suit"]["reads"] == "meaning"


def test_rules_plain_and_markdown(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert "  shown-suit [named, not-named" in out and "parameters:" in out
    assert main(["rules", "--markdown"]) == 0
    assert capsys.readouterr().out == markdown()


def test_an_unknown_predicate_lists_the_predicates() -> None:
    with pytest.raises(VocabularyError) as caught:
        Condition.parse({"unbalanced": True}, "pl", "scope")
    message = str(caught.value)
    assert message.startswith("scope.unbalanced: unknown predicate (the predicates: ")
    listed = message.split("the predicates: ")[1].rstrip(")").split(", ")
    assert set(listed) == {*PREDICATES, "all", "any", "not"}


def test_a_close_unknown_predicate_guesses_then_lists() -> None:
    with pytest.raises(VocabularyError) as caught:
        Condition.parse({"shown-suits": "named"}, "pl", "when")
    assert "unknown predicate (did you mean 'shown-suit'?; the predicates: advance, " in str(caught.value)


def test_the_site_has_a_page_for_authors_from_the_same_registry(mini_site: Path) -> None:
    """The published site's ``rules.html`` is the reference the registries give,
    linked from the root page: every question, predicate and parameter."""
    import html

    from build_tools.build import rules_reference_html

    site = mini_site / "site"
    page = (site / "rules.html").read_text(encoding="utf-8")
    assert rules_reference_html() in page
    text = html.unescape(page)
    for name in (*PREDICATES, *Registry.standard().questions, "natural-suit-length", "partner-default-length"):
        assert f"<code>{name}</code>" in text, name
    assert "&lt;!--" not in page  # the README's markers stay out of the page
    assert '<a href="rules.html">Writing rules</a>' in (site / "index.html").read_text(encoding="utf-8")
