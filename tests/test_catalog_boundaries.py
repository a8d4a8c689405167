"""Boundaries of the catalog code that a planted slip used to pass: each test
here fails with its slip planted (issue 35, item 10)."""

from __future__ import annotations

import polib
from babel.messages.catalog import Catalog

from build_tools.i18n.catalogs import extract, new_catalog
from build_tools.i18n.lint import lint
from build_tools.i18n.new_language import add_to_manifest
from build_tools.i18n.pofile import parse_po
from build_tools.loader import load_document
from conftest import FIXTURES

HEADER = b'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'


def test_an_obsolete_entry_with_an_empty_msgid_is_no_second_header() -> None:
    """msgmerge may keep an obsolete ``#~ msgid ""``: it is an obsolete entry,
    not the header, and the file reads (``is_header`` without ``not obsolete``
    took it for a header out of place)."""
    data = HEADER + b'msgctxt "a"\nmsgid "x"\nmsgstr "y"\n\n#~ msgid ""\n#~ msgstr "old header\\n"\n'
    po = parse_po(data, "x.po")
    assert [(m.context, m.id, m.string) for m in po.catalog if m.id] == [("a", "x", "y")]
    assert ("Content-Type", "text/plain; charset=utf-8") in po.catalog.mime_headers
    # First in a file without a header, its "charset" is an obsolete text's, not the file's.
    first = b'#~ msgid ""\n#~ msgstr "Content-Type: text/plain; charset=ISO-8859-2\\n"\n\nmsgid "x"\nmsgstr "y"\n'
    assert [(m.id, m.string) for m in parse_po(first, "x.po").catalog if m.id] == [("x", "y")]


def test_the_pivot_beside_a_changed_text_is_the_english_of_that_very_text() -> None:
    """The English catalog holds two former translations of one element: one
    made from the element's current text (now fuzzy: it was reworded since),
    one of an older text. The pivot is the one of the current text."""
    doc = load_document(FIXTURES / "mini" / "source" / "mini-rules.yaml")
    message = next(m for m in doc.messages() if m.context == "wstep")
    english = Catalog(locale="en")
    english.add("Tekst sprzed lat.", "A text of years ago.", context="wstep")
    english.add(message.text, "The English of this very text.", context="wstep", flags=["fuzzy"])
    english.add("Inny tekst.", "Another text.", context="wstep")
    entry = next(e for e in extract(doc, "pl", english) if e.msgctxt == "wstep")
    assert entry.comment.split("\n")[-1] == "en (previous): The English of this very text."


def test_a_fuzzy_message_is_not_linted_but_the_same_one_current_is() -> None:
    catalog = Catalog(locale="en")
    catalog.add("Otwarcie 1♣ – 12-17 PC.", "Opening 1♣ – 12-18 HCP.", context="current")
    catalog.add("Otwarcie 2♣ – 12-17 PC.", "Opening 2♣ – 12-18 HCP.", context="draft", flags=["fuzzy"])
    assert {message.context for message, _ in lint(catalog, "pl", "en")} == {"current"}


def test_a_language_joins_an_empty_list_as_its_only_item() -> None:
    text = "title:\n  en: Rules\nlanguages: []\ndocuments: [a]\n"
    assert "languages: [de]\n" in add_to_manifest(text, "de", "Regeln")
    assert "languages: [pl, de]\n" in add_to_manifest(text.replace("[]", "[pl]"), "de", "Regeln")


def test_new_catalogs_carry_each_languages_plural_rule() -> None:
    assert new_catalog("ru", "d").metadata["Plural-Forms"].startswith("nplurals=3;")
    assert new_catalog("zh_CN", "d").metadata["Plural-Forms"].startswith("nplurals=1;")
    assert isinstance(new_catalog("en", "d"), polib.POFile)
