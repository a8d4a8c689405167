"""Which regulation is this page? The running head of every page of an A5 book
names the document the page belongs to (a book's title in every head made a
page of one document's quick reference look like another's), and the running
foot the article.

The documents' pages are read from the book's outline (each document a
top-level bookmark at its first page, the index the last); a head is the
words above the text.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from test_book_layout import Layout, lines, pages

pytestmark = pytest.mark.tex


def outline_starts(pdf: Path) -> list[tuple[str, int]]:
    """The top-level bookmarks of ``pdf``: (title, first page, 1-based)."""
    from pypdf import PdfReader

    reader = PdfReader(pdf)
    return [(item.title, reader.get_destination_page_number(item) + 1)
            for item in reader.outline if not isinstance(item, list)]


def head(pdf: Path, number: int, layout: Layout) -> str:
    """The running head of page ``number``: its words above the text."""
    page = pages(pdf)[number - 1]
    above = [w for w in page.words if w.y1 < layout.top]
    return " ".join(" ".join(w.text for w in line) for line in lines(above))


def names(head_text: str, title: str) -> bool:
    """Whether a head shows ``title``, whole or cut with an ellipsis.

    >>> names("Zasady alertowania", "Zasady alertowania"), names("Opis systemu…", "Opis systemu licytacyjnego")
    (True, True)
    >>> names("Podręcznik przepisów brydżowych", "Zasady alertowania"), names("…", "Zasady")
    (False, False)
    >>> names("叫牌体系・提醒卡", "叫牌体系 · 提醒卡")
    True
    """
    # xeCJK sets a middle dot in Chinese text full-width ("・")
    squeeze = "".join(head_text.split()).replace("・", "·")
    whole = "".join(title.split()).replace("・", "·")
    if squeeze == whole:
        return True
    return squeeze.endswith("…") and len(squeeze) > 1 and whole.startswith(squeeze[:-1])


def test_every_page_of_a_book_names_its_document(real_books: Path) -> None:
    checked = 0
    wrong: list[str] = []
    for pdf in sorted((real_books / "pdf").glob("*-a5.pdf")):
        layout = Layout.of(pdf)
        total = len(pages(pdf))
        starts = outline_starts(pdf)
        if pdf.stem.startswith(f"{_handbook_id(real_books)}-"):
            # The whole book: the documents are its top-level bookmarks (the
            # index the last, named by its heading).
            documents = [(title, first, end - 1) for (title, first), (_, end)
                         in zip(starts, [*starts[1:], ("", total + 1)], strict=True)]
        else:
            documents = [(_title_of(pdf), 1, total)]
        for title, first, last in documents:
            for number in range(first, last + 1):
                shown = head(pdf, number, layout)
                if not shown:
                    continue  # a page without a head (a document's first page)
                checked += 1
                if not names(shown, title):
                    wrong.append(f"{pdf.name} p. {number}: head {shown!r}, document {title!r}")
    assert checked > 100
    assert not wrong, "\n".join(wrong[:20])


def _handbook_id(build: Path) -> str:
    from build_tools.loader import MANIFEST_NAME, load_manifest
    from conftest import ROOT

    return load_manifest(ROOT / "source" / MANIFEST_NAME).id


def _title_of(pdf: Path) -> str:
    from pypdf import PdfReader

    return str(PdfReader(pdf).metadata.title or "")
