"""The PDFs: built by xelatex from Sphinx's LaTeX, every glyph present, with a
table of contents and bookmarks."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from conftest import FIXTURES, run_handbook

pytestmark = pytest.mark.tex


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-enc", "UTF-8", str(path), "-"], check=True,
                          capture_output=True, text=True).stdout


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_one_pdf_per_language_is_published(mini_site: Path, lang: str) -> None:
    pdf = mini_site / "pdf" / f"mini-handbook-{lang}-a4.pdf"
    assert pdf.read_bytes()[:5] == b"%PDF-"
    assert (mini_site / "site" / "pdf" / pdf.name).read_bytes() == pdf.read_bytes()


def test_text_keeps_polish_diacritics_and_suit_symbols(mini_site: Path) -> None:
    text = pdf_text(mini_site / "pdf" / "mini-handbook-pl-a4.pdf")
    assert "Zażółć gęślą jaźń" in text
    assert "Związek Brydżowy Żółwi" in text
    for suit in "♣♦♥♠":
        assert suit in text, suit
    # The example's bidding diagram: the calls in their columns, in order.
    assert re.search(r"North\s+East\s+South\s+1♦\s+1♥\s+1♠", text), text


def test_untranslated_marker_reaches_the_pdf(mini_site: Path) -> None:
    text = pdf_text(mini_site / "pdf" / "mini-handbook-en-a4.pdf")
    assert "Trial rules" in text
    badges = text.count("not yet translated") - text.count("Texts not yet translated")
    assert badges == 2
    # Each notice is a line of its own before its block (it was a box inside
    # the text that overlapped the next line and overflowed table columns).
    assert [line.strip() for line in text.splitlines()].count("[not yet translated]") == 2
    log = (mini_site / "latex" / "en" / "mini-handbook-en-a4.log").read_text(encoding="utf-8", errors="replace")
    assert "Overfull \\hbox" not in log
    # The texts shown in the original switch to their language (hyphenation).
    tex = (mini_site / "latex" / "en" / "mini-handbook-en-a4.tex").read_text(encoding="utf-8")
    assert "\\hboriginal{polish}{Odpowiedź nowym kolorem po wejściu.}" in tex


def test_no_glyph_is_missing_and_every_font_is_embedded(mini_site: Path) -> None:
    for lang in ("pl", "en"):
        log = (mini_site / "latex" / lang / f"mini-handbook-{lang}-a4.log").read_text(encoding="utf-8", errors="replace")
        assert "Missing character" not in log
        fonts = subprocess.run(["pdffonts", str(mini_site / "pdf" / f"mini-handbook-{lang}-a4.pdf")],
                               check=True, capture_output=True, text=True).stdout.splitlines()[2:]
        assert fonts, "no fonts listed"
        assert all(line.split()[-5] == "yes" for line in fonts), fonts  # the 'emb' column
        assert any("DejaVuSans" in line for line in fonts)  # the suit symbols' font


def test_table_of_contents_and_bookmarks(mini_site: Path) -> None:
    from pypdf import PdfReader

    reader = PdfReader(mini_site / "pdf" / "mini-handbook-pl-a4.pdf")

    def titles(outline: list) -> list:  # type: ignore[type-arg]
        return [titles(item) if isinstance(item, list) else item.title for item in outline]

    # The section, then its numbered points (number and first words) and the points of those.
    assert titles(reader.outline) == ["Zasady próbne", ["1. Otwarcia ♥ i ♠", [
        "1. 1BA – 14-18", ["skład bezatutowy", "<script>alert(1)</script> ```{raw} html"],
        "a) 2♣ – precision"]]]
    assert "Spis treści" in pdf_text(mini_site / "pdf" / "mini-handbook-pl-a4.pdf")


def test_pdfs_alone_on_a_fresh_build_folder(tmp_path: Path) -> None:
    # 'make pdf' on a clean checkout: no website yet to publish them with.
    result = run_handbook("build", "--pdf", "-l", "pl", "--source", str(FIXTURES / "mini" / "source"),
                          "--translations", str(FIXTURES / "mini" / "translations"),
                          "--build-dir", str(tmp_path / "build"))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "build" / "pdf" / "mini-handbook-pl-a4.pdf").exists()
    assert "site not published (no HTML yet for pl, en" in result.stdout
    assert not (tmp_path / "build" / "site").exists()


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_the_pdf_declares_its_language(mini_site: Path, lang: str) -> None:
    from pypdf import PdfReader

    reader = PdfReader(mini_site / "pdf" / f"mini-handbook-{lang}-a4.pdf")
    assert reader.trailer["/Root"]["/Lang"] == lang


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_the_title_page_dates_as_the_language_writes_dates(mini_site: Path, lang: str) -> None:
    # Day, month in words, year: "30 listopada 2026", not "lis 30, 2026".
    import datetime

    from babel.dates import format_date

    first = subprocess.run(["pdftotext", "-f", "1", "-l", "1", "-enc", "UTF-8",
                            str(mini_site / "pdf" / f"mini-handbook-{lang}-a4.pdf"), "-"],
                           check=True, capture_output=True, text=True).stdout
    today = datetime.date.today()
    written = format_date(today, "d MMMM y", locale=lang)
    assert written in first or format_date(today - datetime.timedelta(days=1), "d MMMM y", locale=lang) in first
    assert not re.search(r"\w+\.? \d{1,2}, \d{4}", first)


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_no_page_is_blank(mini_site: Path, lang: str) -> None:
    from pypdf import PdfReader

    pages = PdfReader(mini_site / "pdf" / f"mini-handbook-{lang}-a4.pdf").pages
    assert all((page.extract_text() or "").strip() for page in pages), [
        n for n, page in enumerate(pages, 1) if not (page.extract_text() or "").strip()]
