"""The theme's own words in the reader's language.

Furo writes some of its words through Sphinx's translator ("Next", "Back to
top"), which knows few of them, and others as plain English in its templates
(the labels of its buttons and icons, "Skip to content"). Both kinds are
interface strings of the handbook: ``i18n update`` puts them into each
language's ``handbook.po`` (see :data:`THEME_WORDS`), and once a page is
written they are replaced by their translation, outside the page's article (a
regulation's own text is never touched).
"""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path

from sphinx.application import Sphinx

#: Every word furo 2025.12 shows a reader, with where it stands.
THEME_WORDS: dict[str, str] = {
    "Skip to content": "link at the top of every page, for keyboard users",
    "Back to top": "button shown while scrolling down",
    "On this page": "heading of the page's table of contents",
    "Next": "link to the next page, at the foot of a page",
    "Previous": "link to the previous page, at the foot of a page",
    "Made with": "footer: 'Made with Furo' (the theme's name follows)",
    "Contents": "icon: the table of contents",
    "Menu": "icon: the navigation menu",
    "Expand": "icon: expand a section of the navigation",
    "Light mode": "icon: the light colour theme",
    "Dark mode": "icon: the dark colour theme",
    "Auto light/dark, in light mode": "icon: the colour theme follows the system, now light",
    "Auto light/dark, in dark mode": "icon: the colour theme follows the system, now dark",
    "Toggle site navigation sidebar": "label of the button that opens the navigation",
    "Toggle table of contents sidebar": "label of the button that opens the page's contents",
    "Toggle Light / Dark / Auto color theme": "label of the colour theme button",
    "Languages": "label of the language switcher",
    # What a result of an auction search is (build_tools/sphinxext/call_search.py).
    "rule on this auction": "search result: an article whose rule decides an example with the auction searched for",
    "example with this auction": "search result: an example whose auction holds the auction searched for",
    # Sphinx's tooltips of the "¶" link beside a heading, a table, a term...
    # (its catalogs leave some languages without them).
    "Link to this heading": "tooltip of the link beside a heading",
    "Link to this table": "tooltip of the link beside a table's caption",
    "Link to this definition": "tooltip of the link beside a definition",
    "Link to this term": "tooltip of the link beside a glossary term",
    "Link to this image": "tooltip of the link beside a figure's caption",
    "Link to this code": "tooltip of the link beside a code block's caption",
}

#: The theme's words that stand inside a page's article too: the tooltip of the
#: "¶" link Sphinx writes beside each heading, translated there and only there.
HEADERLINK_WORDS = tuple(word for word in THEME_WORDS if word.startswith("Link to this "))

_ARTICLE = re.compile(r"(<article\b.*?</article>)", re.S)


@cache
def _headerlink(word: str) -> re.Pattern[str]:
    return re.compile(r'(<a class="headerlink" href="[^"]*" title=")' + re.escape(html.escape(word)) + '"')


@cache
def _patterns(word: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    escaped = re.escape(html.escape(word))
    return (re.compile(r'((?:aria-label|title|placeholder)=")' + escaped + '"'),
            re.compile(r"(>\s*)" + escaped + r"(\s*<)"))


def translate_page(page: str, words: dict[str, str]) -> str:
    """``page`` with the theme's words translated, outside its ``<article>``;
    inside it, only the tooltips of the links beside its headings.

    >>> translate_page('<a title="Menu">Menu</a><article>Menu</article>', {"Menu": "Меню"})
    '<a title="Меню">Меню</a><article>Menu</article>'
    >>> translate_page('<article><h2>Link to this heading<a class="headerlink" href="#a" title="Link to this heading">'
    ...                '</a></h2></article>', {"Link to this heading": "Odnośnik do tego nagłówka"})
    '<article><h2>Link to this heading<a class="headerlink" href="#a" title="Odnośnik do tego nagłówka"></a></h2></article>'
    """
    if not words:
        return page
    for word in HEADERLINK_WORDS:
        if word in words:
            page = _headerlink(word).sub(r"\g<1>" + html.escape(words[word]).replace("\\", "\\\\") + '"', page)
    pieces = _ARTICLE.split(page)
    for n in range(0, len(pieces), 2):  # the even pieces lie outside the article
        piece = pieces[n]
        for word, translation in words.items():
            attribute, text = _patterns(word)
            shown = html.escape(translation).replace("\\", "\\\\")  # a template for re.sub
            piece = attribute.sub(r"\g<1>" + shown + '"', piece)
            piece = text.sub(r"\g<1>" + shown + r"\g<2>", piece)
        pieces[n] = piece
    return "".join(pieces)


def words_of(language: str) -> dict[str, str]:
    """The theme's words translated into ``language`` (those its catalog translates)."""
    return _words(language)


@cache
def _words(language: str) -> dict[str, str]:
    import os

    from build_tools.render import interface_translations

    translations = Path(os.environ.get("HANDBOOK_TRANSLATIONS", Path(__file__).resolve().parents[2] / "translations"))
    translator = interface_translations(translations, language)
    out = {}
    for word in THEME_WORDS:
        translated = translator.gettext(word)
        if translated != word:
            out[word] = translated
    return out


def _translate_site(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    words = _words(app.config.language or "en")
    if not words:
        return
    for path in Path(app.outdir).rglob("*.html"):
        page = path.read_text(encoding="utf-8")
        translated = translate_page(page, words)
        if translated != page:
            path.write_text(translated, encoding="utf-8")


def setup_theme_words(app: Sphinx) -> None:
    app.connect("build-finished", _translate_site)
