"""A numbered point is a heading where a reader looks for one: an entry of
the page's table of contents on the site, and a contents line and a bookmark
of the books, under its number and first words, in the language shown. The
fixture handbook's point "1." reads "1BA – 14-18:" (English "1NT – 14-18:"),
its points "skład bezatutowy" (English "balanced") and a text of raw HTML,
which a heading shows as text."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest


#: The headings of the fixture's point otwarcie-1ba and its first point, per language.
HEADINGS = {"pl": ("1. 1BA – 14-18", "skład bezatutowy"), "en": ("1. 1NT – 14-18", "balanced")}


def _toc(page: Path) -> list[tuple[str, str]]:
    """The page's table of contents (the theme's "on this page"): each entry's link and text."""
    text = page.read_text(encoding="utf-8")
    toc = text[text.index('class="toc-tree"'):]
    toc = toc[:toc.index("</nav>")] if "</nav>" in toc else toc
    return [(href, html.unescape(re.sub("<[^>]+>", "", words)))
            for href, words in re.findall(r'<a class="reference internal" href="([^"]*)">(.*?)</a>', toc, re.S)]


@pytest.mark.parametrize("lang", list(HEADINGS))
def test_a_numbered_point_and_its_points_are_entries_of_the_pages_contents(mini_site: Path, lang: str) -> None:
    toc = _toc(mini_site / "site" / lang / "mini-rules.html")
    point, first = HEADINGS[lang]
    assert ("#otwarcie-1ba", point) in toc
    assert ("#sklad", first) in toc
    # The points of point 1 come after it, and the section's own entry before it.
    links = [href for href, _ in toc]
    assert links.index("#otwarcia") < links.index("#otwarcie-1ba") < links.index("#sklad") < links.index("#sila")
    # A point's text of raw HTML is a heading as text, not markup.
    assert ("#sila", "<script>alert(1)</script> ```{raw} html") in toc


def _bookmarks(pdf: Path) -> list[str]:
    """The titles of every bookmark of ``pdf``, in reading order."""
    import pypdf

    titles: list[str] = []

    def walk(items: list[object]) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                titles.append(item.title)  # type: ignore[attr-defined]

    walk(pypdf.PdfReader(pdf).outline)
    return titles


@pytest.mark.tex
@pytest.mark.parametrize("lang", list(HEADINGS))
def test_a_numbered_point_is_a_bookmark_of_the_a4_and_a5_books(mini_site: Path, lang: str) -> None:
    pdfs = sorted((mini_site / "pdf").glob(f"*-{lang}-a[45].pdf"))
    assert pdfs
    for pdf in pdfs:
        titles = _bookmarks(pdf)
        point, first = HEADINGS[lang]
        assert point in titles and first in titles, f"{pdf.name}: {titles}"
        assert titles.index(point) < titles.index(first)
