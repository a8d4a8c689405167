"""The interface speaks the reader's language: no English word of the theme
or of the handbook's templates on the ru, zh_CN, sv, es and pl sites (headless
Chromium reads each page as shown: text outside the article and the labels
screen readers speak)."""

from __future__ import annotations


import pytest

from build_tools.i18n.catalogs import catalog_path
from build_tools.i18n.interface_strings import extract_interface
from build_tools.render import TEMPLATES, UI_DOMAIN, interface_translations
from build_tools.sphinxext.theme_words import THEME_WORDS, translate_page
from conftest import ROOT

LANGUAGES = ["ru", "zh_CN", "sv", "es", "pl"]
PAGES = ["index.html", "pzbs-alert-rules.html", "russian-system-notes.html", "search.html"]

#: Every piece of interface text a page shows outside its article: text nodes
#: and the labels and titles of its controls (what a screen reader speaks).
SHOWN = """() => {
  const out = [];
  const article = document.querySelector('article');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (article && article.contains(n)) continue;
    if (n.parentElement.closest('script, style')) continue;
    const t = n.textContent.trim();
    if (t) out.push(t);
  }
  for (const e of document.querySelectorAll('[aria-label], [title], [placeholder], svg title')) {
    if (article && article.contains(e)) continue;
    for (const a of ['aria-label', 'title', 'placeholder']) if (e.getAttribute(a)) out.push(e.getAttribute(a));
    if (e.tagName.toLowerCase() === 'title') out.push(e.textContent.trim());
  }
  return out;
}"""


def english_words(language: str) -> set[str]:
    """The interface's English words that ``language`` translates (a word the
    same in both, Polish "Menu", is no English left behind)."""
    translator = interface_translations(ROOT / "translations", language)
    return {entry.msgid for entry in extract_interface(TEMPLATES) if translator.gettext(entry.msgid) != entry.msgid}


def test_every_language_translates_every_interface_word() -> None:
    for language in LANGUAGES:
        assert catalog_path(ROOT / "translations", language, UI_DOMAIN).is_file()
        import polib

        po = polib.pofile(str(catalog_path(ROOT / "translations", language, UI_DOMAIN)))
        # (a translation may read as the English: Polish "Menu")
        missing = [w for w in THEME_WORDS if (e := po.find(w)) is None or not e.translated()]
        assert not missing, (language, missing)


def test_theme_words_are_translated_outside_the_article_only() -> None:
    page = '<a aria-label="Languages">Next</a><article><p>Next</p></article><span> Back to top </span>'
    assert translate_page(page, {"Next": "Далее", "Languages": "Языки", "Back to top": "Наверх"}) == (
        '<a aria-label="Языки">Далее</a><article><p>Next</p></article><span> Наверх </span>')


@pytest.mark.browser
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_english_interface_word_is_left(chromium, real_server: str, language: str) -> None:  # type: ignore[no-untyped-def]
    english = english_words(language)
    assert {"Skip to content", "Back to top", "Toggle site navigation sidebar"} <= english
    page = chromium.new_page()
    left: dict[str, list[str]] = {}
    try:
        for name in PAGES:
            page.goto(f"{real_server}/{language}/{name}")
            shown = page.evaluate(SHOWN)
            found = sorted({text for text in shown if text in english})
            if found:
                left[name] = found
    finally:
        page.close()
    assert not left
