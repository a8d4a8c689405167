"""A director finds a ruling by its point: in every A5 book the numbered
points 1-5 of the PZBS alerting rules are lines of the printed contents and
PDF bookmarks, under their number and first words in the book's language,
and both lead to the page the point is on.

The books are the real handbook's (``real_books``: every language's A5 book
and each document alone). The bookmarks are read with pypdf, the contents and
the pages with ``pdftotext -layout``.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pypdf
import pytest

from build_tools.loader import MANIFEST_NAME, load_manifest
from conftest import ROOT

pytestmark = pytest.mark.tex

#: The opening words of PZBS points 1-5 in each language, as its text reads
#: (source/pzbs-alert-rules.yaml, the translations' catalogs). A heading is
#: the point's number and the start of these words: its first clause, read on
#: past a comma that ends it within four words (point 4 in Russian and Swedish,
#: "Контры не алертируются, за исключением следующих").
POINTS = {
    "pl": ["Nie alertuje się otwarć", "Nie alertuje się następujących odpowiedzi na otwarcia partnera",
           "Po otwarciu przeciwnika na poziomie 1 nie alertuje się",
           "Nie alertuje się kontr", "Nie alertuje się żadnych zapowiedzi w licytacji na poziomie 4 lub wyższym"],
    "en": ["The following openings are not alerted", "The following responses to partner's openings are not alerted",
           "After an opponent's opening at the 1 level", "Doubles are not alerted",
           "No calls in the auction at the 4 level or higher are alerted"],
    "ru": ["Не алертируются открытия", "Не алертируются следующие ответы на открытия партнёра",
           "После открытия соперника на уровне 1 не алертируются", "Контры не алертируются, за исключением следующих",
           "Не алертируются никакие заявки в торговле на уровне 4 и выше"],
    "es": ["No se alertan las siguientes aperturas",
           "No se alertan las siguientes respuestas a las aperturas del compañero",
           "Tras una apertura del contrario a nivel de 1 no se alertan", "No se alertan los doblos",
           "No se alerta ninguna voz de la subasta a nivel de 4 o superior"],
    "sv": ["Följande öppningsbud alerteras inte", "Följande svar på partnerns öppningsbud alerteras inte",
           "Efter motståndarnas öppningsbud på 1-nivån alerteras inte", "Dubblingar alerteras inte, med undantag av följande",
           "Inga bud i budgivningen på 4-nivån eller högre alerteras"],
    "zh_CN": ["以下开叫无需提醒", "对同伴开叫的以下应叫无需提醒", "对方在1阶开叫后", "加倍无需提醒",
              "叫牌中4阶或更高阶的任何叫品均无需提醒"],
}


def a5_books(build: Path) -> Iterator[tuple[str, Path]]:
    """Every A5 book that holds the PZBS rules, with its language: each
    language's whole book, and the document alone in its own language."""
    pdfs = build / "pdf"
    handbook = load_manifest(ROOT / "source" / MANIFEST_NAME).id
    for lang in POINTS:
        yield lang, pdfs / f"{handbook}-{lang}-a5.pdf"
    yield "pl", pdfs / "pzbs-alert-rules-pl-a5.pdf"


def outline(pdf: Path) -> list[tuple[str, int]]:
    """Every bookmark of ``pdf`` in reading order: its title and 1-based page."""
    reader = pypdf.PdfReader(pdf)
    found: list[tuple[str, int]] = []

    def walk(items: list[object]) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                found.append((item.title, reader.get_destination_page_number(item) + 1))  # type: ignore[attr-defined]

    walk(reader.outline)
    return found


def page_text(pdf: Path, first: int, last: int | None = None) -> str:
    return subprocess.run(["pdftotext", "-layout", "-enc", "UTF-8", "-f", str(first), "-l", str(last or first),
                           str(pdf), "-"], check=True, capture_output=True, text=True).stdout


def headings(titles: list[tuple[str, int]], lang: str) -> list[tuple[str, int]]:
    """The bookmarks of points 1-5, in reading order: "1. " and the start of
    point 1's clause, then the next that names point 2, and so on (the points
    of a point come between them); [] unless all five are there."""
    found: list[tuple[str, int]] = []
    for title, page in titles:
        if len(found) < 5 and _names(title, len(found) + 1, POINTS[lang][len(found)]):
            found.append((title, page))
    return found if len(found) == 5 else []


def _names(title: str, number: int, clause: str) -> bool:
    """Whether ``title`` is point ``number``'s heading: its number, then the
    start of its clause (whole words at least four characters long; an
    ellipsis where the clause was cut)."""
    prefix = f"{number}. "
    if not title.startswith(prefix):
        return False
    words = title[len(prefix):].removesuffix("…")
    return len(words) >= min(4, len(clause)) and clause.startswith(words)


@pytest.mark.parametrize("lang", list(POINTS))
def test_points_1_to_5_of_the_pzbs_rules_are_bookmarks_and_contents_lines_of_every_a5_book(
        real_books: Path, lang: str) -> None:
    for book_lang, pdf in a5_books(real_books):
        if book_lang != lang:
            continue
        assert pdf.exists(), f"no A5 book {pdf.name}"
        marks = headings(outline(pdf), lang)
        assert marks, f"{pdf.name}: no bookmarks of PZBS points 1-5 among {[t for t, _ in outline(pdf)][:40]}"
        pages = [page for _, page in marks]
        assert pages == sorted(pages), f"{pdf.name}: points 1-5 out of order: {marks}"
        first_body_page = pages[0]
        contents = page_text(pdf, 1, first_body_page - 1)
        for title, page in marks:
            # The bookmark leads to the page the point is on: its first words are there.
            shown = page_text(pdf, page)
            assert _squeezed(title.split(" ", 1)[1].removesuffix("…")) in _squeezed(shown), (
                f"{pdf.name}: bookmark {title!r} leads to page {page}, which does not hold the point")
            # The contents has the same line, and the page number it prints is the
            # one in the foot of that page.
            line = next((ln for ln in contents.splitlines() if _squeezed(title) in _squeezed(ln)), None)
            assert line is not None, f"{pdf.name}: no contents line {title!r}"
            printed = re.search(r"(\d+)\s*$", line)
            assert printed, f"{pdf.name}: contents line {line!r} has no page number"
            foot = re.search(r"(\d+)\s*$", shown.rstrip())
            assert foot and foot.group(1) == printed.group(1), (
                f"{pdf.name}: contents says {title!r} is on p. {printed.group(1)}, "
                f"the bookmark's page is p. {foot.group(1) if foot else '?'}")


def _squeezed(text: str) -> str:
    """Text without its spaces (pdftotext spaces CJK text and justified lines
    freely) and without the hyphens that break a word at the end of a line;
    the ellipsis as written (xeCJK sets it centred, "⋯", in Chinese)."""
    return re.sub(r"\s+", "", re.sub(r"-\n\s*", "", text)).replace("⋯", "…")


@pytest.mark.parametrize(("title", "number", "clause", "expected"), [
    ("1. Nie alertuje się otwarć", 1, POINTS["pl"][0], True),
    ("1. Nie alertuje się…", 1, POINTS["pl"][0], True),
    ("2. Nie alertuje się otwarć", 1, POINTS["pl"][0], False),   # another number
    ("1. Nie alertuje się kontr", 1, POINTS["pl"][0], False),     # another point's words
    ("1. Nie", 1, POINTS["pl"][0], False),                        # too short to name it
    ("1. 以下开叫无需提醒", 1, POINTS["zh_CN"][0], True),
])
def test_a_heading_names_its_point_by_number_and_first_words(title: str, number: int, clause: str,
                                                           expected: bool) -> None:
    assert _names(title, number, clause) is expected


# --- the pocket book: the text first, the editorial examples in an appendix --------


def test_the_pzbs_pocket_book_cites_its_editorial_examples_in_an_appendix_by_number_and_page(
        real_books: Path) -> None:
    """Each of the PZBS rules' editorial examples is a row of the A5 book's
    appendix, numbered A.1, A.2... in reading order, and the text cites each
    run of them by its numbers and the page they are on; the document's own
    text comes first, uninterrupted by them."""
    from build_tools.document import Example
    from build_tools.loader import load_document

    editorial = [e for e in load_document(ROOT / "source" / "pzbs-alert-rules.yaml").elements()
                 if isinstance(e, Example) and e.editorial]
    pdf = real_books / "pdf" / "pzbs-alert-rules-pl-a5.pdf"
    appendix = next((page for title, page in outline(pdf) if title == "Przykłady redakcyjne"), 0)
    assert appendix, f"{pdf.name} has no appendix of editorial examples"
    last = len(pypdf.PdfReader(pdf).pages)
    text = page_text(pdf, 1, appendix - 1)
    rows = re.findall(r"^\s*A\.(\d+)\s", page_text(pdf, appendix, last), re.M)
    assert [int(n) for n in rows] == list(range(1, len(editorial) + 1))
    assert not re.search(r"^\s*A\.\d+\s", text, re.M), "an example row before the appendix"
    cited = re.findall(r"Przykłady redakcyjne: A\.(\d+)(?:–A\.(\d+))?, s\. (\d+)", _joined(text))
    assert cited, "the text cites no editorial example"
    # Every row is cited once, in order, and the page cited is the one its first row is on.
    numbers = [n for first, end, _ in cited for n in range(int(first), int(end or first) + 1)]
    assert numbers == list(range(1, len(editorial) + 1))
    for first, _, page in cited:
        printed = _printed_page(pdf, appendix, last, f"A.{first}")
        assert printed == page, f"A.{first} is cited on p. {page} but printed on p. {printed}"


def _joined(text: str) -> str:
    """Lines joined with single spaces: a citation may wrap."""
    return " ".join(re.sub(r"-\n\s*", "", text).split())


def _printed_page(pdf: Path, first: int, last: int, label: str) -> str:
    """The page number printed at the foot of the page whose rows start with ``label``."""
    for number in range(first, last + 1):
        shown = page_text(pdf, number)
        if re.search(rf"^\s*{re.escape(label)}\s", shown, re.M):
            foot = re.search(r"(\d+)\s*$", shown.rstrip())
            return foot.group(1) if foot else ""
    return ""
