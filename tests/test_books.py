"""The printed handbooks: every language's whole book in A4 and in A5 (a
pocket book for directors), each document alone in its own language in A5, and
any other single one with ``--document ID -l LANG --paper``."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import FIXTURES, run_handbook

pytestmark = pytest.mark.tex

A4 = (595.28, 841.89)
A5 = (419.53, 595.28)

OTHER = """\
schema: 1
document: mini-other
title: Other trial rules
issuer: Turtle Bridge Union
language: en
kind: regulation
body:
  - paragraph: intro
    text: Directors carry these rules to the table.
  - section: openings
    number: "1."
    title: Openings
    body:
      - paragraph: one-club
        text: One club shows at least three clubs.
"""


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-enc", "UTF-8", str(path), "-"], check=True,
                          capture_output=True, text=True).stdout


def page_size(path: Path) -> tuple[float, float]:
    from pypdf import PdfReader

    sizes = {(round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2)) for p in PdfReader(path).pages}
    assert len(sizes) == 1, sizes
    return sizes.pop()


def overfull(log: Path) -> list[str]:
    """The lines of a TeX log that report a box more than 1 pt too wide."""
    text = log.read_text(encoding="utf-8", errors="replace")
    return [m.group(0) for m in re.finditer(r"Overfull \\hbox \(([\d.]+)pt too wide\)[^\n]*", text)
            if float(m.group(1)) > 1.0]


@pytest.fixture(scope="module")
def two_documents(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture handbook with a second document, in English, built in A5
    only: yields the build folder."""
    work = tmp_path_factory.mktemp("books")
    shutil.copytree(FIXTURES / "mini", work / "mini")
    source = work / "mini" / "source"
    (source / "mini-other.yaml").write_text(OTHER, encoding="utf-8")
    manifest = source / "handbook.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace(
        "documents: [mini-rules]", "documents: [mini-rules, mini-other]"), encoding="utf-8")
    build = work / "build"
    result = run_handbook("build", "--pdf", "--paper", "a5", "--source", str(source),
                          "--translations", str(work / "mini" / "translations"), "--build-dir", str(build))
    assert result.returncode == 0, result.stdout + result.stderr
    return build


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_each_language_has_an_a4_and_an_a5_book(mini_site: Path, lang: str) -> None:
    pdfs = mini_site / "pdf"
    assert page_size(pdfs / f"mini-handbook-{lang}-a4.pdf") == A4
    assert page_size(pdfs / f"mini-handbook-{lang}-a5.pdf") == A5
    for name in (f"mini-handbook-{lang}-a4.pdf", f"mini-handbook-{lang}-a5.pdf"):
        assert (mini_site / "site" / "pdf" / name).read_bytes() == (pdfs / name).read_bytes()
    # Every book says its paper: no second copy of the A4 book under its old name.
    assert not (pdfs / f"mini-handbook-{lang}.pdf").exists()
    assert "Zasady próbne" in pdf_text(pdfs / f"mini-handbook-{lang}-a5.pdf")


def test_each_document_alone_in_its_own_language_in_a5(mini_site: Path) -> None:
    pdf = mini_site / "pdf" / "mini-rules-pl-a5.pdf"
    assert page_size(pdf) == A5
    text = pdf_text(pdf)
    assert "Zasady próbne" in text and "1. Otwarcia ♥ i ♠" in text
    assert "Mały podręcznik" not in text  # the document, not the book
    assert (mini_site / "site" / "pdf" / pdf.name).exists()
    # Only in the document's own language: the English one is made on request.
    assert not (mini_site / "pdf" / "mini-rules-en-a5.pdf").exists()


def test_a_document_alone_holds_that_document_and_no_other(two_documents: Path) -> None:
    pdfs = two_documents / "pdf"
    polish, english = pdf_text(pdfs / "mini-rules-pl-a5.pdf"), pdf_text(pdfs / "mini-other-en-a5.pdf")
    assert "Zasady próbne" in polish and "Other trial rules" not in polish
    assert "Other trial rules" in english and "Zasady próbne" not in english
    assert "Directors carry these rules to the table." in english
    # The book holds both; --paper a5 made no A4 book.
    book = pdf_text(pdfs / "mini-handbook-en-a5.pdf")
    assert "Zasady próbne" in book and "Other trial rules" in book
    assert not (pdfs / "mini-handbook-en-a4.pdf").exists()
    assert sorted(p.name for p in pdfs.glob("*.pdf")) == [
        "mini-handbook-en-a5.pdf", "mini-handbook-pl-a5.pdf", "mini-other-en-a5.pdf", "mini-rules-pl-a5.pdf"]


def test_any_document_in_any_language_on_either_paper(two_documents: Path) -> None:
    source = two_documents.parent / "mini"
    result = run_handbook("build", "--pdf", "--document", "mini-other", "-l", "pl", "--paper", "a4",
                          "--source", str(source / "source"), "--translations", str(source / "translations"),
                          "--build-dir", str(two_documents))
    assert result.returncode == 0, result.stdout + result.stderr
    pdf = two_documents / "pdf" / "mini-other-pl-a4.pdf"
    assert page_size(pdf) == A4
    text = pdf_text(pdf)
    assert "Other trial rules" in text and "Zasady próbne" not in text
    assert "[pl] pdf-a4-document:" in result.stdout


@pytest.mark.parametrize(("option", "value", "words"), [
    ("--document", "no-such-rules", "--document 'no-such-rules' is not in"),
    ("--paper", "a3", "--paper 'a3': expected one of a4, a5"),
])
def test_an_unknown_document_or_paper_is_a_one_line_usage_error(option: str, value: str, words: str) -> None:
    result = run_handbook("build", "--pdf", option, value, "--source", str(FIXTURES / "mini" / "source"),
                          "--translations", str(FIXTURES / "mini" / "translations"), "--build-dir", "/nonexistent")
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert words in result.stderr


def test_help_explains_papers_and_documents() -> None:
    text = " ".join(run_handbook("build", "--help").stdout.split())
    assert "--paper a4|a5" in text and "--document ID" in text
    assert "<document>-<lang>-a5.pdf" in text


def test_no_line_of_an_a5_pdf_is_too_wide(mini_site: Path, two_documents: Path) -> None:
    logs = [*mini_site.glob("latex/*-a5/*.log"), *two_documents.glob("latex/*-a5/*.log")]
    assert len(logs) >= 5, logs
    assert {str(log): overfull(log) for log in logs if overfull(log)} == {}
