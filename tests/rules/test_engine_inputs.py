"""The engine reads only JSON, with the standard library: its standard
questions and conventions come compiled from their YAML (issue 32, item 1)."""

from __future__ import annotations

import json

import yaml

from build_tools.rulebooks import standard_json
from build_tools.rules.registry import CONVENTIONS_FILE, STANDARD_FILE, STANDARD_JSON, Registry


def test_the_compiled_standard_questions_are_those_of_the_yaml() -> None:
    # After an edit of questions.yaml or conventions.yaml: python -m build_tools.rulebooks --standard
    assert STANDARD_JSON.read_text(encoding="utf-8") == standard_json()


def test_the_standard_registry_holds_every_question_and_convention_of_the_yaml() -> None:
    written = {**yaml.safe_load(STANDARD_FILE.read_text(encoding="utf-8")),
               **yaml.safe_load(CONVENTIONS_FILE.read_text(encoding="utf-8"))}
    standard = Registry.standard()
    assert [q["question"] for q in written["questions"]] == list(standard.questions)
    assert [c["convention"] for c in written["conventions"]] == list(standard.conventions)
    alert = standard.question("alert")
    assert [(a.answer, a.label, a.tone, a.mark) for a in alert.answers] == [
        ("yes", "Alert", "needs-action", "alerted"), ("no", "No alert", "permitted", None)]
    assert json.loads(STANDARD_JSON.read_text(encoding="utf-8")) == written
