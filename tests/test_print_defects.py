"""The small print of the A5 books, as a director reads it: a quick
reference's group headings whole (the next cell's colour had covered "Wysoki
poziom (od c|zwartego wzwyż)"), a table starting where its first rows fit
(its caption, header and first row were left at a page's foot), the index's
page ranges "17–19" on one line (not "17--19", nor "150-" and "-152"), and
contents lines that keep their meaning ("należy alertować kontrę" was all
of "..., która jest transferem")."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from test_book_layout import Layout, lines, pages
from test_book_outline import outline
from test_print_contrast import DPI, Grey, book_tex

pytestmark = pytest.mark.tex


def _a5_books(build: Path) -> list[Path]:
    return sorted((build / "pdf").glob("*-a5.pdf"))


def _groups(tex: str, macro: str) -> list[str]:
    r"""The words of each ``\DUrole{<macro>}{...}`` of a book's LaTeX, as printed.

    >>> _groups(r"x \DUrole{hb-quickref-situation}{Wysoki poziom (od czwartego wzwy\.{z})} y", "hb-quickref-situation")
    ['Wysoki poziom (od czwartego wzwy']
    """
    return [" ".join(m.group(1).split()) for m in re.finditer(r"\\DUrole\{" + re.escape(macro) + r"\}\{([^{}\\]*)", tex)]


def test_every_quick_reference_heading_is_printed_whole(real_books: Path, tmp_path: Path) -> None:
    # Every word of a situation's heading has ink on the page: a word the next
    # cell's colour covers is in the PDF's text but shows nothing.
    checked = 0
    covered: list[str] = []
    for pdf in _a5_books(real_books):
        headings = set(_groups(book_tex(real_books, pdf), "hb-quickref-situation"))
        if not headings:
            continue
        book = pages(pdf)
        for page in book:
            found = _find_lines(page, headings)
            if not found:
                continue
            stem = tmp_path / f"{pdf.stem}-{page.number}"
            subprocess.run(["pdftoppm", "-gray", "-r", str(DPI), "-f", str(page.number), "-l", str(page.number),
                            "-singlefile", str(pdf), str(stem)], check=True)
            image = Grey.read_pgm(stem.with_suffix(".pgm").read_bytes())
            scale = DPI / 72
            for heading, words in found:
                checked += 1
                for word in words:
                    ink = image.box(round(word.x0 * scale), round(word.y0 * scale),
                                    round(word.x1 * scale), round(word.y1 * scale))
                    if min(ink) > 100:  # nothing darker than a light grey: no letter shows
                        covered.append(f"{pdf.name} p. {page.number}: {word.text!r} of {heading!r}")
    assert checked >= 10
    assert not covered, "\n".join(covered[:20])


def _find_lines(page, headings: set[str]) -> list[tuple[str, list]]:  # type: ignore[no-untyped-def,type-arg]
    """The headings written on a line of ``page`` by themselves, with their words."""
    found = []
    for line in lines(page.words):
        text = " ".join(w.text for w in line)
        for heading in headings:
            if text == heading:
                found.append((heading, line))
    return found


#: The index's heading in each language (its bookmark).
INDEX = {"Indeks", "Index", "Índice", "Register", "Alfabetiskt register", "Алфавитный указатель", "索引", "Sakregister"}


def test_index_page_ranges_are_one_en_dash_on_one_line(real_books: Path) -> None:
    seen = 0
    for pdf in _a5_books(real_books):
        if "-card-" in pdf.name:
            continue  # an alert card has no index
        marks = outline(pdf)
        start = next((page for title, page in marks if title in INDEX), 0)
        if not start:  # a document that names no call or convention (the Laws' contents) has none
            assert not pdf.name.startswith("bridge-handbook-"), f"{pdf.name}: no index among {marks[-3:]}"
            continue
        text = subprocess.run(["pdftotext", "-layout", "-f", str(start), str(pdf), "-"], check=True,
                              capture_output=True, text=True).stdout
        seen += text.count("–")
        assert "--" not in text, f"{pdf.name}: {re.findall(r'.{12}--.{6}', text)[:3]}"
        # A range is not cut at the end of a line: no line ends in a number and a dash.
        assert not re.search(r"\d[-–]\s*$", text, re.M), pdf.name
    assert seen


def test_a_quick_reference_table_starts_with_room_for_its_rows(real_books: Path) -> None:
    # Below its caption, on the caption's page: the header and rows enough to read.
    starved: list[str] = []
    checked = 0
    for pdf in _a5_books(real_books):
        layout = Layout.of(pdf)
        captions = {" ".join(c.split()) for c in re.findall(r"\\caption\{([^{}\\]*)\\strut\}", book_tex(real_books, pdf))}
        for page in pages(pdf):
            rows = lines(layout.body(page))
            for n, line in enumerate(rows):
                # "Tabela 3: Alert / Bez alertu", its first line where it wraps
                start = re.match(r"\S+ \d+[:：]\s*(.{3,})", " ".join(w.text for w in line))
                if not start or not any(caption.startswith(start.group(1)) for caption in captions):
                    continue
                text = start.group()
                checked += 1
                if len(rows) - n - 1 < 6:
                    starved.append(f"{pdf.name} p. {page.number}: {text!r} has {len(rows) - n - 1} lines under it")
    assert checked >= 10
    assert not starved, "\n".join(starved)


@pytest.mark.parametrize(("title", "cut"), [
    # source/pzbs-alert-rules.yaml kontry-transferowe: "należy alertować kontrę, która jest transferem."
    ("należy alertować kontrę, która jest transferem", "należy alertować kontrę"),
    # odpowiedz-do-koloru-po-2-karo: "2♥ (a także 2♠, 3♥ ) do koloru po otwarciu 2♦ wilkosz lub multi."
    ("3. 2♥ do koloru po otwarciu 2♦…", "3. 2♥"),
])
def test_contents_and_bookmark_titles_keep_their_meaning(real_books: Path, title: str, cut: str) -> None:
    pdf = real_books / "pdf" / "pzbs-alert-rules-pl-a5.pdf"
    titles = [t for t, _ in outline(pdf)]
    assert title in titles, [t for t in titles if t.startswith(cut[:8])]
    assert cut not in titles
