"""A new language starts whole: its interface falls back to whole English
sentences (never an English sentence holding a German word), and
`handbook i18n add-language` sets up everything a translator needs."""

from __future__ import annotations

from pathlib import Path

import polib

from build_tools.i18n import translate
from build_tools.loader import load_document, load_manifest
from build_tools.render import interface_translations, render_pages
from conftest import FIXTURES

SOURCE = FIXTURES / "mini" / "source"


def _pages(language: str, catalogs: Path) -> dict[str, str]:
    doc = translate(load_document(SOURCE / "mini-rules.yaml"), language, None)
    pages = render_pages(load_manifest(SOURCE / "handbook.yaml"), [doc], language,
                         interface_translations(catalogs, language))
    return {name: text.replace("\\", "") for name, text in pages.items()}  # MyST's escapes off


def _interface_catalog(catalogs: Path, language: str, strings: dict[str, str]) -> None:
    po = polib.POFile()
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8", "Language": language}
    for msgid, msgstr in strings.items():
        po.append(polib.POEntry(msgid=msgid, msgstr=msgstr))
    path = catalogs / language / "LC_MESSAGES" / "handbook.po"
    path.parent.mkdir(parents=True)
    po.save(str(path))


def test_an_untranslated_sentence_names_the_language_in_english(tmp_path: Path) -> None:
    pages = _pages("de", tmp_path)  # no German interface catalog at all
    page, index = pages["mini-rules.md"], pages["index.md"]
    assert "This is a translation; the original (Polish) prevails:" in page
    assert "Not yet translated: the original text, in Polish" in index
    assert "Polnisch" not in page + index


def test_a_translated_sentence_names_the_language_in_its_own_words(tmp_path: Path) -> None:
    _interface_catalog(tmp_path, "de", {
        "This is a translation; the original (%(language)s) prevails:":
            "Dies ist eine Übersetzung; maßgeblich ist das Original (%(language)s):",
        "Regulation": "Regelung",
    })
    pages = _pages("de", tmp_path)
    assert "maßgeblich ist das Original (Polnisch):" in pages["mini-rules.md"]
    # The index's sentence is not translated yet: English through and through.
    assert "Not yet translated: the original text, in Polish" in pages["index.md"]


def test_the_title_page_falls_back_the_same_way(tmp_path: Path) -> None:
    from build_tools.sphinxext.titlepage import title_data

    doc = translate(load_document(SOURCE / "mini-rules.yaml"), "de", None)
    entry = title_data([doc], "de", interface_translations(tmp_path, "de"), {doc.id: doc.title})["documents"][0]
    assert entry["prevails"][0] == "This is a translation; the original (Polish) prevails:"
