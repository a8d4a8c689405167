"""Boundaries a fresh round of hand-planted mutations found unguarded (issue
37, "tests that kill boundary bugs"). Each test names the mutation it kills
and holds the boundary on both sides: the input just inside it and the one
just outside."""

from __future__ import annotations

from pathlib import Path

import pytest
from docutils import nodes

from build_tools import build as builder
from build_tools import incremental
from build_tools.i18n import glossary
from build_tools.sphinxext.untranslated import CLOSE, WrapOriginals, lang_marker


def test_a_files_length_keeps_two_files_apart_from_one_holding_both(tmp_path: Path) -> None:
    """Kills ``incremental.py:80`` with the length dropped from a file's
    header: without it, one file holding the other's header and bytes
    digests as the two files do."""
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir()
    two.mkdir()
    (one / "a").write_bytes(b"X\0b\0Y")
    (two / "a").write_bytes(b"X")
    (two / "b").write_bytes(b"Y")
    whole = incremental.digest_files([one / "a"], base=one)
    split = incremental.digest_files([two / "a", two / "b"], base=two)
    assert whole != split
    # The same files below another base: the same digest.
    (one / "b").write_bytes(b"Y")
    (one / "a").write_bytes(b"X")
    assert incremental.digest_files([one / "a", one / "b"], base=one) == split


def test_a_key_keeps_its_parts_apart_even_when_a_part_holds_a_nul() -> None:
    """Kills ``incremental.py:180`` with the length prefix of each part
    dropped: ``("a", "b")`` and ``("a\\0b",)`` would then be one key."""
    assert incremental.key("a", "b") != incremental.key("a\0b")
    assert incremental.key("a", "b") == incremental.key("a", "b")


def test_a_file_holding_the_word_absent_is_not_a_missing_file(tmp_path: Path) -> None:
    """Kills ``incremental.py:189`` with the ``file`` marker dropped: a file
    whose bytes are ``absent`` would key as no file at all."""
    missing, present = tmp_path / "missing", tmp_path / "present"
    present.write_bytes(b"absent")
    assert incremental.file_part(missing) != incremental.file_part(present)
    assert incremental.file_part(missing) == incremental.file_part(tmp_path / "also-missing")
    present.write_bytes(b"")
    assert incremental.file_part(present) != incremental.file_part(missing)


def test_a_tex_update_changes_the_inputs_digest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Kills ``incremental.py:111`` with the TeX programs dropped from the
    inputs' digest: a TeX Live update must rebuild the PDFs."""
    (tmp_path / "a.yaml").write_text("x: 1\n", encoding="utf-8")
    monkeypatch.setattr(incremental, "programs", lambda: ["xelatex=/usr/bin/xelatex:10:1"])
    first = incremental.inputs_digest([tmp_path], {})
    assert incremental.inputs_digest([tmp_path], {}) == first
    monkeypatch.setattr(incremental, "programs", lambda: ["xelatex=/usr/bin/xelatex:10:2"])
    assert incremental.inputs_digest([tmp_path], {}) != first


def test_a_pdf_is_whole_when_eof_is_within_its_last_kilobyte(tmp_path: Path) -> None:
    """Kills ``build.py:263`` with the tail read cut below a kilobyte: a PDF
    ends ``%%EOF`` and a newline, and the marker may sit anywhere in its last
    1024 bytes; one byte further back it is not the end."""
    pdf = tmp_path / "a.pdf"
    pdf.write_bytes(b"%PDF-1.5\n" + b"x" * 2000 + b"\n%%EOF\n")
    assert builder.pdf_problem(pdf) == ""
    inside = b"%%EOF" + b" " * (1024 - 5)  # the marker opens the last kilobyte
    pdf.write_bytes(b"%PDF-1.5\n" + b"x" * 2000 + inside)
    assert builder.pdf_problem(pdf) == ""
    pdf.write_bytes(b"%PDF-1.5\n" + b"x" * 2000 + inside + b" ")  # one byte too far back
    assert "cut short" in builder.pdf_problem(pdf)


def test_html_complete_checks_the_first_page_its_stamp_names(tmp_path: Path) -> None:
    """Kills ``build.py:288`` with ``stamp[1:]`` moved to ``stamp[2:]``: the
    first page after the digest is one the check found whole, and a page
    damaged since makes the output not complete."""
    layout = builder.Layout(root=tmp_path, build=tmp_path / "build", source=tmp_path / "source")
    myst, html = layout.myst("en"), layout.html("en")
    myst.mkdir(parents=True)
    html.mkdir(parents=True)
    pages = ["a.html", "b.html"]
    for page in pages:
        (myst / page.replace(".html", ".md")).write_text("# x\n", encoding="utf-8")
        (html / page).write_text("<html></html>\n", encoding="utf-8")
    (html / builder.STAMP_NAME).write_text("digest\n" + "\n".join(pages) + "\n", encoding="ascii")
    assert builder.html_complete("en", layout)
    (html / "a.html").write_bytes(b"<html>")  # cut short
    assert not builder.html_complete("en", layout)
    (html / "a.html").write_text("<html></html>\n", encoding="utf-8")
    (html / "b.html").write_bytes(b"")
    assert not builder.html_complete("en", layout)


def _cell(*paragraphs: nodes.paragraph) -> nodes.entry:
    cell = nodes.entry()
    cell.extend(paragraphs)
    return cell


def _in_original(text: str) -> nodes.paragraph:
    return nodes.paragraph("", "", lang_marker("", lang="pl"), nodes.Text(text), lang_marker("", lang=CLOSE))


def test_a_cell_carries_the_language_only_of_its_one_paragraph() -> None:
    """Kills ``untranslated.py:118`` with ``== 1`` widened to ``>= 1``: a
    table cell takes the language of the text wholly in the original only when
    that paragraph is all the cell holds; beside a second paragraph the
    paragraph carries it, and the cell does not."""
    alone = _in_original("Odzywka")
    one = _cell(alone)
    WrapOriginals._wrap(None, alone[0])  # type: ignore[arg-type]  # the transform's self is not read
    assert one["classes"] == ["language-pl"] and alone["classes"] == []
    first = _in_original("Odzywka")
    two = _cell(first, nodes.paragraph("", "Bid"))
    WrapOriginals._wrap(None, first[0])  # type: ignore[arg-type]
    assert two["classes"] == [] and first["classes"] == ["language-pl"]
    assert first.astext() == "Odzywka"


def _glossary_with_match(pattern: str) -> dict[str, object]:
    return {"languages": ["en"], "concepts": [{"id": "opening", "article": "d#x",
                                               "en": {"term": "opening", "match": pattern}}]}


def test_a_match_pattern_of_two_hundred_characters_is_the_longest_taken() -> None:
    """Kills ``glossary.py:149`` with ``> MAX_PATTERN`` moved to ``>=``."""
    assert glossary.MAX_PATTERN == 200
    (concept,) = glossary.parse(_glossary_with_match("o" * 200))
    assert concept.terms["en"].match is not None
    with pytest.raises(glossary.GlossaryError, match="at most 200 characters"):
        glossary.parse(_glossary_with_match("o" * 201))


def test_a_repeat_bounded_at_four_around_a_repeat_is_taken_and_at_five_refused() -> None:
    """Kills ``glossary.py:140`` with ``arg[1] > _SMALL_BOUND`` moved to
    ``>=``: ``{4}`` is the largest small bound."""
    glossary.parse(_glossary_with_match(r"(?:o\w+ ){4}x"))
    with pytest.raises(glossary.GlossaryError, match="a repeat inside a repeat"):
        glossary.parse(_glossary_with_match(r"(?:o\w+ ){5}x"))


def test_a_two_suiter_of_thirteen_cards_is_taken_and_of_fourteen_refused() -> None:
    """Kills ``vocabulary.py:356`` with ``> MOST_CARDS`` moved to ``>=``: a
    7-6 hand holds all thirteen cards in its two suits."""
    from build_tools.rules.errors import VocabularyError
    from build_tools.rules.vocabulary import Meaning

    two_suiter = Meaning.parse({"two-suiter": {"min": "7-6"}}).two_suiter
    assert two_suiter is not None and two_suiter.min == (7, 6)
    with pytest.raises(VocabularyError, match="a hand has 13"):
        Meaning.parse({"two-suiter": {"min": "7-7"}})
