"""A rulebook labels the answers of its open questions too (a meaning for
BWS's ``shows``, a call for the Russian notes' ``response``), in every
language, as the pages' badges word them: the Ask page reads every label of
an answer from the rulebook."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from build_tools.pipeline import load_handbook
from build_tools.rulebooks import compile_rulebook
from build_tools.rules.registry import Registry
from build_tools.verdicts import rules_of

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def books() -> dict[str, dict[str, Any]]:
    handbook = load_handbook(ROOT / "source", ROOT / "translations")
    wanted = ("russian-system-notes", "bws-competitive-bidding", "pzbs-alert-rules")
    return {doc.id: compile_rulebook(doc, handbook.manifest.languages, ROOT / "translations")
            for doc in handbook.documents if doc.id in wanted}


@pytest.mark.parametrize(("document", "language", "question", "answer", "label"), [
    # A response table's call, in the reader's notation with suit symbols.
    ("russian-system-notes", "en", "response", "5т", "5♣"),
    ("russian-system-notes", "pl", "response", "4БК", "4BA"),
    ("russian-system-notes", "zh_CN", "response", "3БК", "3无将"),
    # What a call shows, in the words of the examples' query lines (meaning-words.j2).
    ("russian-system-notes", "en", "shows", "{keycards: [0, 3]}", "0 or 3 key cards"),
    ("russian-system-notes", "pl", "shows", "{artificial: true}", "sztuczne"),
    ("bws-competitive-bidding", "en", "shows", "{hcp: 15-18, natural: true}", "natural; 15–18 HCP"),
    ("bws-competitive-bidding", "sv", "shows", "{hcp: 15-18, natural: true}", "naturligt; 15–18 hp"),
])
def test_an_open_answer_is_labelled_as_the_pages_badge_words_it(
        books: dict[str, dict[str, Any]], document: str, language: str, question: str, answer: str,
        label: str) -> None:
    assert books[document]["labels"][language][question][answer] == label


def test_every_answer_an_open_question_is_given_has_a_label_in_every_language(
        books: dict[str, dict[str, Any]]) -> None:
    handbook = load_handbook(ROOT / "source", ROOT / "translations")
    for document, book in books.items():
        doc = next(d for d in handbook.documents if d.id == document)
        registry = doc.registry or Registry.standard()
        given = {(r.question, a) for r in rules_of(doc) for a in (r.answer, r.otherwise)
                 if a is not None and registry.question(r.question).form in ("meaning", "call")}
        for language in handbook.manifest.languages:
            labelled = {(q, a) for q, answers in book["labels"][language].items() for a in answers}
            assert given <= labelled, (document, language, sorted(given - labelled)[:3])
    # PZBS's questions are closed: their labels are their declared answers' only.
    assert set(books["pzbs-alert-rules"]["labels"]["en"]["alert"]) == {"yes", "no"}
