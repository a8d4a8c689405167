"""Every label in its page's language (issue 35, item 1): built in every
language, no page of the site and no A5 book holds an interface string of
another language, nor a document's declared label in another language. Text
marked as another language (an original shown untranslated, set in its
``lang``) is the one exception, as it says so."""

from __future__ import annotations

import re
import subprocess
from functools import cache
from pathlib import Path

import polib
import pytest

from build_tools.loader import load_document, load_manifest
from conftest import ROOT

TRANSLATIONS = ROOT / "translations"
LANGUAGES = load_manifest(ROOT / "source" / "handbook.yaml").languages
_PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%%")


def _fragments(text: str) -> list[str]:
    """The literal runs of an interface string long enough to be its own
    words (a placeholder splits it): two words or eight letters."""
    out = []
    for piece in _PLACEHOLDER.split(text):
        piece = piece.strip(" :;,.·()（）：，")
        letters = sum(c.isalpha() for c in piece)
        if letters >= 8 or (letters >= 5 and " " in piece) or (letters >= 4 and not piece.isascii()):
            out.append(piece)
    return out


@cache
def _interface_words(language: str) -> frozenset[str]:
    """What ``language``'s pages may say: its interface translations (the
    English msgids for English) and the labels its document catalogs give."""
    words: set[str] = set()
    if language == "en":
        for entry in polib.pofile(str(TRANSLATIONS / "pl" / "LC_MESSAGES" / "handbook.po")):
            words.add(entry.msgid)
            words.update(filter(None, [entry.msgid_plural]))
    else:
        for entry in polib.pofile(str(TRANSLATIONS / language / "LC_MESSAGES" / "handbook.po")):
            if not entry.obsolete and "fuzzy" not in entry.flags:
                words.add(entry.msgstr)
                words.update(entry.msgstr_plural.values())
    for path in sorted((ROOT / "source").glob("*.yaml")):
        if path.name == "handbook.yaml":
            continue
        doc = load_document(path)
        labels = {m.context: m.text for m in doc.messages() if ".question." in m.context}
        if not labels:
            continue
        if doc.language == language:
            # A label written as another language translates it ("Seating
            # rights kept" on the Chinese original) is that language's.
            translated = {entry.msgstr for other in LANGUAGES if other != language
                          for entry in polib.pofile(str(TRANSLATIONS / other / "LC_MESSAGES" / f"{doc.id}.po"))
                          if entry.msgctxt in labels}
            words.update(text for text in labels.values() if text not in translated)
            continue
        catalog = TRANSLATIONS / language / "LC_MESSAGES" / f"{doc.id}.po"
        for entry in polib.pofile(str(catalog)):
            if entry.msgctxt in labels and entry.msgstr and "fuzzy" not in entry.flags:
                words.add(entry.msgstr)
    return frozenset(words)


@cache
def _document_texts(language: str) -> str:
    """Every document's text in ``language``: a term may be quoted in another
    language there ("„pass or correct”" in the Polish BWS), as the text says."""
    texts = []
    for path in sorted((ROOT / "source").glob("*.yaml")):
        if path.name == "handbook.yaml":
            continue
        doc = load_document(path)
        texts.append(doc.title)  # "the original (Russian) prevails: <its title>", on every translation
        if doc.language == language:
            texts.extend(m.text for m in doc.messages())
            continue
        for entry in polib.pofile(str(TRANSLATIONS / language / "LC_MESSAGES" / f"{doc.id}.po")):
            if not entry.obsolete and "fuzzy" not in entry.flags:
                texts.append(entry.msgstr)
    return " ".join(texts)


@cache
def _foreign(language: str) -> tuple[str, ...]:
    """The interface strings of the other languages that ``language`` does
    not write alike ("Stayman" and "HUM" are everyone's) and its documents do
    not say."""
    own = " ".join(_interface_words(language)) + " " + _document_texts(language)
    found = {fragment for other in LANGUAGES if other != language
             for text in _interface_words(other) for fragment in _fragments(text)}
    return tuple(sorted(f for f in found if f not in own))


def _as_words(string: str) -> str:
    """A pattern finding ``string`` as whole words: Spanish "no natural" is
    not inside Polish "nie podano naturalne". Chinese, which writes no spaces
    between words, is found anywhere.

    >>> bool(re.search(_as_words("no natural"), "nie podano naturalne"))
    False
    >>> bool(re.search(_as_words("no natural"), "Naturalna: no natural."))
    True
    >>> bool(re.search(_as_words("保有座位选择权"), "第九节保有座位选择权。"))
    True
    """
    def edge(char: str) -> bool:
        return char.isalnum() and char < "\u2e80"

    return ("(?<!\\w)" if edge(string[0]) else "") + re.escape(string) + ("(?!\\w)" if edge(string[-1]) else "")


def _found(text: str, language: str, cells: bool = False) -> list[str]:
    """The other languages' strings in ``text``; with ``cells`` (a PDF's text,
    whose table cells run together: "A.29 2♣" beside "Precision 2♣"), not
    those made only of words the language writes itself."""
    # A string not in the text at all needs no pattern (thousands of them a
    # page: compiling each, beyond re's cache, was most of this test's time).
    found = [f for f in _foreign(language) if f in text and re.search(_as_words(f), text)]
    if cells:
        own = set(re.findall(r"\w+|[♣♦♥♠]", " ".join(_interface_words(language))))
        found = [f for f in found if not set(re.findall(r"\w+|[♣♦♥♠]", f)) <= own]
    return found


def _page_text(path: Path, language: str) -> str:
    """What a reader reads on a page, without what is marked as another language."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
    for element in soup(["script", "style", "noscript", "template"]):
        element.decompose()
    for element in soup.select("[lang]"):
        if element.name != "html" and element.get("lang") != language.replace("_", "-"):
            element.decompose()
    return " ".join(soup.get_text(" ").split())


def test_the_check_finds_a_planted_foreign_label() -> None:
    assert _found("第九节 … Seating rights kept", "zh_CN") == ["Seating rights kept"]
    assert _found("保有座位选择权 · 对手可查阅叫牌笔记", "zh_CN") == []
    assert "Prawo wyboru miejsc zachowane" in _found("x Prawo wyboru miejsc zachowane", "ru")


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_page_holds_an_interface_string_of_another_language(real_site: Path, language: str) -> None:
    pages = sorted((real_site / language).glob("*.html"))
    assert any(p.name == "cba-bidding-systems.html" for p in pages)
    # The CBA's page first: its own labels were English on the Chinese original.
    pages.sort(key=lambda p: p.name != "cba-bidding-systems.html")
    found = {page.name: hits for page in pages if (hits := _found(_page_text(page, language), language))}
    assert found == {}


@pytest.mark.tex
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_a5_book_holds_an_interface_string_of_another_language(real_books: Path, language: str) -> None:
    books = sorted((real_books / "pdf").glob(f"*-{language}-a5.pdf"))
    assert books
    for book in books:
        text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(book), "-"], capture_output=True, text=True,
                              check=True).stdout
        # The PDF breaks lines and hyphenates: compare runs of words.
        assert _found(" ".join(text.replace("-\n", "").split()), language, cells=True) == [], book.name
