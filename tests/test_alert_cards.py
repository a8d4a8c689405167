"""The alert cards: one double-sided A5 sheet per regulation, in its own
language and in English, generated from its rules, each line with its
article's number and the rules' verdict; published beside the books and
linked from each document's page (build_tools/generated/card.py)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from build_tools.document import Example
from build_tools.generated import card
from build_tools.pipeline import load_handbook
from conftest import ROOT, run_handbook, write_document

HANDBOOK = load_handbook(ROOT / "source")
LANGUAGE = {doc.id: doc.language for doc in HANDBOOK.documents}

#: The documents whose rules decide examples (every one of source/ but the
#: Laws' contents, which has none), and the questions each card holds: the
#: CBA's and BWS's as their card: says, the others every question they ask.
CARDS = {
    "cba-bidding-systems": ["hum", "brown-sticker", "colour"],
    "pzbs-alert-rules": ["alert"],
    "russian-system-notes": ["shows", "response"],
    "aeb-bidding-systems": ["natural", "convention"],
    "bws-competitive-bidding": ["position", "meets"],
}


def _document(doc_id: str, language: str):  # type: ignore[no-untyped-def]
    from build_tools.pipeline import translate_handbook

    return next(d for d in translate_handbook(HANDBOOK, language, False) if d.id == doc_id)


def _card(doc_id: str, language: str) -> tuple[object, tuple[card.Part, ...]]:
    from build_tools.generated import quickref
    from build_tools.meaning_text import words_for
    from build_tools.render import interface_translations
    from build_tools.rules.registry import reading

    doc = _document(doc_id, language)
    words = words_for(language, HANDBOOK.translations)
    gettext = interface_translations(HANDBOOK.translations, language).gettext
    with reading(doc.registry):
        return doc, card.build(doc, quickref.build(doc, gettext, words))


@pytest.mark.parametrize("doc_id", list(CARDS))
@pytest.mark.parametrize("which", ["own", "en"])
def test_each_line_of_a_card_is_the_rules_verdict(doc_id: str, which: str) -> None:
    """Every line, each verdict and agreement of it, as the rule engine decides
    each example of the document, asked directly (not through the quick
    reference the card is made from); and every such verdict has its line."""
    from build_tools import diagrams
    from build_tools.generated.articles import names
    from build_tools.meaning_text import describe_query, words_for
    from build_tools.render import answer_label, interface_translations, leaf_texts
    from build_tools.rules.engine import Conflict, Undecided, decide
    from build_tools.rules.registry import reading
    from build_tools.verdicts import rules_of

    language = LANGUAGE[doc_id] if which == "own" else "en"
    doc, parts = _card(doc_id, language)
    assert [part.question for part in parts] == CARDS[doc_id]
    shown = {(part.question, line.sequence, line.name, verdict.label, asked)
             for part in parts for group in part.groups for line in group.lines
             for verdict in line.verdicts for asked in verdict.asked or ("",)}
    words = words_for(language, HANDBOOK.translations)
    gettext = interface_translations(HANDBOOK.translations, language).gettext
    numbers = names(doc)
    expected = set()
    with reading(doc.registry):
        for example in doc.elements():
            if not isinstance(example, Example) or example.query is None or not example.expect:
                continue
            notation = example.notation or doc.language
            situation = example.query.situation(notation)
            sequence = diagrams.inline_auction(example.auction, example.view, notation, doc.display_language,
                                               silent=False, partnership=True)
            asked = describe_query(example.query, words, notation, doc.display_language, leaf_texts(doc))
            for question, _stated in example.expect:
                if question not in CARDS[doc_id]:
                    continue
                try:
                    verdict = decide(rules_of(doc), question, situation)
                except (Undecided, Conflict):
                    continue
                if verdict.depends:
                    continue
                label = answer_label(doc, question, verdict.answer, gettext, words, notation)[0]
                expected.add((question, sequence, numbers[verdict.article], label, asked))
    assert shown == expected
    assert len(shown) > 10


def test_a_card_names_only_questions_its_document_has(tmp_path: Path) -> None:
    path = write_document(tmp_path, """\
        schema: 1
        document: doc
        title: T
        language: en
        kind: regulation
        card: [alert, alrt]
        body:
          - paragraph: a
            text: A.
        """)
    result = run_handbook("validate", str(path))
    assert result.returncode == 1
    assert re.search(r"doc\.yaml:6:15: error: card: unknown question 'alrt' \(did you mean 'alert'", result.stderr), \
        result.stderr
    path.write_text(path.read_text(encoding="utf-8").replace("[alert, alrt]", "alert"), encoding="utf-8")
    result = run_handbook("validate", str(path))
    assert "doc.yaml:6:7: error: card must be a list of the document's questions" in result.stderr


def _text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", str(pdf), "-"], check=True, capture_output=True, text=True).stdout


def _squeezed(text: str) -> str:
    """Text without spaces and hyphens: a line may break anywhere in it."""
    return re.sub(r"[\s\-\u00ad]+", "", text)


@pytest.mark.tex
@pytest.mark.parametrize("doc_id", list(CARDS))
def test_each_card_is_one_double_sided_sheet_showing_each_line(real_books: Path, doc_id: str) -> None:
    import pypdf

    for language in card.card_languages(LANGUAGE[doc_id]):
        pdf = real_books / "pdf" / card.pdf_name(doc_id, language)
        assert pdf.exists(), pdf.name
        assert 1 <= len(pypdf.PdfReader(pdf).pages) <= 2, f"{pdf.name}: {len(pypdf.PdfReader(pdf).pages)} pages"
        # Every line: its sequence, its article's number and its first verdict
        # (in no order: pdftotext reads two columns of Chinese across each other).
        text = _squeezed(_text(pdf))
        _doc, parts = _card(doc_id, language)
        missing = [start for part in parts for group in part.groups for line in group.lines
                   if (start := _squeezed(f"{line.sequence} {line.name} {line.verdicts[0].label}")) not in text]
        assert not missing, f"{pdf.name}: no line {missing[:3]}"
        # Each question's heading, its answers as the reader reads them (no markup's escapes: 'relay\\,').
        headings = [heading for part in parts if (heading := _squeezed(" / ".join(part.answers))) not in text]
        assert not headings, f"{pdf.name}: no heading {headings[:3]}"


def test_each_document_page_links_its_alert_cards_and_the_site_publishes_them(real_site: Path) -> None:
    for language in ("en", "pl"):
        for doc_id in CARDS:
            page = (real_site / language / f"{doc_id}.html").read_text(encoding="utf-8")
            for card_language in card.card_languages(LANGUAGE[doc_id]):
                name = card.pdf_name(doc_id, card_language)
                assert f'href="../pdf/{name}"' in page, (language, doc_id, name)
    laws = (real_site / "en" / "laws-1987-contents.html").read_text(encoding="utf-8")
    assert "-card-" not in laws  # no rules, no card


@pytest.mark.tex
def test_the_published_site_holds_every_card(real_books: Path, real_site: Path) -> None:
    # The books' build published its cards beside the books.
    for doc_id in CARDS:
        for language in card.card_languages(LANGUAGE[doc_id]):
            assert (real_books / "site" / "pdf" / card.pdf_name(doc_id, language)).is_file(), (doc_id, language)
