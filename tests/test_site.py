"""The built site of the fixture handbook: structure, anchors, suits, markers,
the language switcher, the published tree, and incremental rebuilds."""

from __future__ import annotations

import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest


from conftest import FIXTURES, run_handbook


class _Elements(HTMLParser):
    """Collects (tag, attributes, text) of every element, enough to query a page."""

    def __init__(self) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str], list[str]]] = []
        self._open: list[int] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, {k: v or "" for k, v in attrs}, []))
        if tag not in ("meta", "link", "img", "br", "hr", "input", "wbr"):
            self._open.append(len(self.elements) - 1)

    def handle_endtag(self, tag: str) -> None:
        if self._open:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        for index in self._open:
            self.elements[index][2].append(data)


def parse(path: Path) -> list[tuple[str, dict[str, str], str]]:
    parser = _Elements()
    parser.feed(path.read_text(encoding="utf-8"))
    return [(tag, attrs, "".join(text)) for tag, attrs, text in parser.elements]


def page_text(path: Path) -> str:
    """What a reader sees of a page: its text without tags, whitespace folded."""
    parser = HTMLParser()
    chunks: list[str] = []
    parser.handle_data = chunks.append  # type: ignore[method-assign]
    parser.feed(path.read_text(encoding="utf-8"))
    return " ".join("".join(chunks).split())


def with_class(elements: list[tuple[str, dict[str, str], str]], cls: str) -> list[tuple[str, dict[str, str], str]]:
    return [e for e in elements if cls in e[1].get("class", "").split()]


def test_every_element_has_its_permanent_anchor(mini_site: Path) -> None:
    page = parse(mini_site / "site" / "pl" / "mini-rules.html")
    ids = {attrs["id"] for _, attrs, _ in page if "id" in attrs}
    assert {"mini-rules", "wstep", "otwarcia", "otwarcie-1ba", "sklad", "sila", "otwarcie-2-trefl",
            "kontra-bi", "przyklad-1"} <= ids
    section = next(e for e in page if e[1].get("id") == "otwarcia")
    assert section[0] == "section"


def test_points_show_the_documents_numbers(mini_site: Path) -> None:
    page = parse(mini_site / "site" / "pl" / "mini-rules.html")
    numbers = [text for _, _, text in with_class(page, "hb-number")]
    assert numbers == ["1.", "•", "•", "a)"]


def test_suits_are_coloured_by_class(mini_site: Path) -> None:
    page = parse(mini_site / "site" / "pl" / "mini-rules.html")
    suits = [(attrs["class"], text) for _, attrs, text in with_class(page, "suit")]
    assert ("suit suit-hearts", "♥") in suits and ("suit suit-spades", "♠") in suits
    assert all(text == {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}[cls.split("-")[-1]]
               for cls, text in suits)
    css = (mini_site / "site" / "pl" / "_static" / "handbook.css").read_text(encoding="utf-8")
    assert re.search(r"\.suit-hearts, \.suit-diamonds \{ color: #c8102e; \}", css)


def test_examples_render_as_bidding_and_hand_diagrams(mini_site: Path) -> None:
    page = parse(mini_site / "site" / "en" / "mini-rules.html")
    tables = [e for e in with_class(page, "hb-bidding") if e[0] == "table"]
    assert len(tables) == 2
    cells = [text.strip() for tag, _, text in page if tag in ("th", "td")]
    # Example 1 in the table view: West's column empty, as North dealt.
    assert cells[:8] == ["West", "North", "East", "South", "", "1♦", "1♥", "1♠"]
    # Example 2, one partnership in two columns, with the note on 1NT, read
    # from Polish notation ("1BA") into the English reader's ("1NT").
    assert cells[8:12] == ["1♣", "1♥", "1NT — 12-14", "?"]
    # South's hand, in English rank letters (the Polish 'D' is the queen).
    assert cells[12:17] == ["South", "♠ A76", "♥ K54", "♦ Q832", "♣ K98"]
    assert with_class(page, "hb-example-number")[0][2] == "2)"


def test_tables_variants_and_references(mini_site: Path) -> None:
    page = parse(mini_site / "site" / "en" / "mini-rules.html")
    table = next(e for e in page if e[0] == "table" and e[1].get("id") == "tabela")
    assert "Call" in table[2] and "Stayman" in table[2]
    assert [text for _, _, text in with_class(page, "hb-default")] == ["default"]
    assert [text for _, _, text in with_class(page, "hb-leaf")] == ["leaf"]
    link = next(attrs for tag, attrs, text in page if tag == "a" and text == "example 1")
    assert link["href"] == "#przyklad-1"
    assert [text for _, _, text in with_class(page, "hb-inline-auction")] == ["1♣-1♠"]


def test_raw_html_in_content_is_shown_as_text(mini_site: Path) -> None:
    html = (mini_site / "site" / "pl" / "mini-rules.html").read_text(encoding="utf-8")
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_untranslated_texts_are_marked_in_the_translation(mini_site: Path) -> None:
    page = parse(mini_site / "site" / "en" / "mini-rules.html")
    # One notice, a paragraph of its own, before each of the two blocks shown in
    # the original (point "a)" and the first example's caption), which say
    # their language.
    markers = with_class(page, "hb-untranslated")
    assert [(tag, text) for tag, _, text in markers] == [("p", "not yet translated")] * 2
    assert [text.strip() for _, attrs, text in page if attrs.get("lang") == "pl" and "hreflang" not in attrs] == [
        "Zasady próbne", "2♣ – precision", "Odpowiedź nowym kolorem po wejściu."]  # (the original's title first)
    text = page_text(mini_site / "site" / "en" / "mini-rules.html")
    assert "Odpowiedź nowym kolorem po wejściu." in text  # shown in the original
    assert "2♣ – precision" in text and "Precision" not in text.replace("2♣ – precision", "")
    assert "Translated: 15 of 17 texts (88 %)." in text
    original = parse(mini_site / "site" / "pl" / "mini-rules.html")
    assert with_class(original, "hb-untranslated") == []


def test_language_switcher_leads_to_the_same_page(mini_site: Path) -> None:
    for lang, other in (("pl", "en"), ("en", "pl")):
        page = parse(mini_site / "site" / lang / "mini-rules.html")
        links = [(attrs.get("hreflang"), attrs["href"]) for tag, attrs, _ in page
                 if tag == "a" and "hreflang" in attrs]
        assert (other, f"../{other}/mini-rules.html") in links
        assert (mini_site / "site" / lang / links[0][1]).resolve().exists()


def test_published_site_has_a_root_page_listing_the_languages(mini_site: Path) -> None:
    root = parse(mini_site / "site" / "index.html")
    hrefs = [attrs["href"] for tag, attrs, _ in root if tag == "a"]
    assert "pl/index.html" in hrefs and "en/index.html" in hrefs
    for href in hrefs:
        assert (mini_site / "site" / href).exists(), href


def test_a_no_op_rebuild_rewrites_nothing(tmp_path: Path) -> None:
    shutil.copytree(FIXTURES / "mini", tmp_path / "mini")
    args = ["build", "--html", "--source", str(tmp_path / "mini" / "source"),
            "--translations", str(tmp_path / "mini" / "translations"), "--build-dir", str(tmp_path / "build")]
    first = run_handbook(*args)
    assert first.returncode == 0, first.stderr
    assert "[pl] myst: 2 written, 0 unchanged" in first.stdout
    myst = tmp_path / "build" / "myst" / "pl" / "mini-rules.md"
    stamp = myst.stat().st_mtime_ns
    # With the record of the completed build, a second build stops at the
    # digests (tests/test_incremental.py); without it, every stage finds its
    # own inputs unchanged.
    assert "nothing changed since the last build" in run_handbook(*args).stdout
    (tmp_path / "build" / ".handbook-complete").unlink()
    second = run_handbook(*args)
    assert second.returncode == 0, second.stderr
    assert "[pl] myst: 0 written, 2 unchanged" in second.stdout
    # Nothing Sphinx reads changed: it is not even started.
    assert "[pl] html: inputs unchanged since the last build; Sphinx not started" in second.stdout
    assert "[en] html: inputs unchanged since the last build; Sphinx not started" in second.stdout
    assert myst.stat().st_mtime_ns == stamp
    # Without the record of the last build, Sphinx runs and finds nothing to re-read.
    for lang in ("pl", "en"):
        (tmp_path / "build" / "html" / lang / ".handbook-inputs").unlink()
    (tmp_path / "build" / ".handbook-complete").unlink()
    restarted = run_handbook(*args)
    assert "[pl] html: re-read 0 pages; no targets are out of date" in restarted.stdout
    assert "[en] html: re-read 0 pages; no targets are out of date" in restarted.stdout
    # One changed sentence: only that page is re-read, in each language.
    source = tmp_path / "mini" / "source" / "mini-rules.yaml"
    source.write_text(source.read_text(encoding="utf-8").replace("Odpowiedź nowym", "Odpowiedź innym"), encoding="utf-8")
    third = run_handbook(*args)
    assert "[pl] myst: 1 written, 1 unchanged" in third.stdout
    assert "[pl] html: re-read 1 page" in third.stdout


def test_a_failed_build_leaves_the_published_site_alone(tmp_path: Path) -> None:
    shutil.copytree(FIXTURES / "mini", tmp_path / "mini")
    build = tmp_path / "build"
    args = ["build", "--html", "--source", str(tmp_path / "mini" / "source"),
            "--translations", str(tmp_path / "mini" / "translations"), "--build-dir", str(build)]
    assert run_handbook(*args).returncode == 0
    before = {p: p.read_bytes() for p in (build / "site").rglob("*.html")}
    catalog = tmp_path / "mini" / "translations" / "en" / "LC_MESSAGES" / "mini-rules.po"
    catalog.write_text(catalog.read_text(encoding="utf-8") + '\nmsgid "broken\n', encoding="utf-8")
    failed = run_handbook(*args, "--strict")  # (without --strict the original would be shown)
    assert failed.returncode == 1
    assert re.search(r"mini-rules\.po:\d+:\d+: error: catalog syntax: string not closed", failed.stderr)
    assert {p: p.read_bytes() for p in (build / "site").rglob("*.html")} == before


def test_a_page_sphinx_rejected_is_read_again_next_time(tmp_path: Path) -> None:
    # Sphinx keeps its environment when -W fails a build; had it stayed, the next
    # run would see nothing out of date and publish the page with its warning.
    from build_tools.build import ROOT, BuildFailed, Layout, build_html

    shutil.copytree(FIXTURES / "mini", tmp_path / "mini")
    args = ["build", "--html", "--source", str(tmp_path / "mini" / "source"),
            "--translations", str(tmp_path / "mini" / "translations"), "--build-dir", str(tmp_path / "build")]
    assert run_handbook(*args).returncode == 0
    layout = Layout(root=ROOT, build=tmp_path / "build", source=tmp_path / "mini" / "source")
    page = layout.myst("pl") / "mini-rules.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n{hb-ref}`nowhere <#no-such-id>`\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(BuildFailed, match="failed"):
            build_html("pl", layout)


def test_a_translated_page_says_the_original_prevails_and_links_it(mini_site: Path) -> None:
    html = (mini_site / "site" / "en" / "mini-rules.html").read_text(encoding="utf-8")
    assert ('This is a translation; the original (Polish) prevails: <a class="hb-original reference external" '
            'href="../pl/mini-rules.html"><span lang="pl">Zasady próbne</span></a>') in html
    assert (mini_site / "site" / "pl" / "mini-rules.html").is_file()  # where the link lands
    original = (mini_site / "site" / "pl" / "mini-rules.html").read_text(encoding="utf-8")
    assert "hb-original" not in original  # the original says no such thing of itself


def test_the_root_page_links_a_translation_status_page(mini_site: Path) -> None:
    root = (mini_site / "site" / "index.html").read_text(encoding="utf-8")
    assert '<a href="status.html">Translation status</a>' in root
    page = parse(mini_site / "site" / "status.html")
    cells = [(tag, attrs.get("class"), text.strip()) for tag, attrs, text in page if tag in ("td", "th")]
    # mini-rules: the Polish original; 15 of its 17 texts in English, one fuzzy.
    # Named by its title as the English site shows it, not by its id.
    row = cells[cells.index(("th", None, "Trial rules")):][:3]
    assert row == [("th", None, "Trial rules"), ("td", "original", "original"), ("td", "partial", "88 % (1 fuzzy)")]
    assert ("th", None, "mini-rules") not in cells


def test_the_root_page_lists_the_documents(mini_site: Path) -> None:
    page = parse(mini_site / "site" / "index.html")
    listed = [(attrs["href"], text.strip()) for tag, attrs, text in page
              if tag == "a" and attrs.get("href", "").startswith("en/") and attrs.get("href") != "en/index.html"]
    assert listed == [("en/mini-rules.html", "Trial rules")]


def test_each_document_page_links_its_own_pocket_book(mini_site: Path) -> None:
    # mini-rules is Polish: its A5 book alone is mini-rules-pl-a5.pdf, linked from every language's page.
    for language in ("pl", "en"):
        html = (mini_site / "site" / language / "mini-rules.html").read_text(encoding="utf-8")
        links = re.findall(r'<a class="hb-pdf-link[^"]*" href="([^"]+)"', html)
        assert "../pdf/mini-rules-pl-a5.pdf" in links, (language, links)
    index = (mini_site / "site" / "en" / "index.html").read_text(encoding="utf-8")
    assert "mini-rules-pl-a5.pdf" not in index  # the index links the books of the whole handbook
    if (mini_site / "pdf" / "mini-rules-pl-a5.pdf").exists():
        assert (mini_site / "site" / "pdf" / "mini-rules-pl-a5.pdf").is_file()
