"""Editions published (issue 34, the publishing half): each earlier edition of
a document at its own stable address, ``<lang>/<document>/<edition>/``, with a
banner naming the edition in force; the edition and the day it is in force
from on the page and the title page; the page "Changes in edition X" with the
redline of each changed article and the verdicts that changed.

The fixture (tests/fixtures/amendment/source) is the regulation trial-rules,
whose 2026 edition supersedes the 2024 one (tests/test_editions.py lists what
it changed, read from the two files). Read from those files here:

* unchanged by the amendment: ``general-principle``, ``openings``,
  ``opening-rules``, ``artificial-openings``;
* reworded: ``scope-of-rules`` ("every event of the union" -> "every event
  the union runs or licenses");
* ``one-notrump``: "starts at 12 HCP" -> "starts at 11 HCP";
* repealed: ``two-diamonds``; added: ``strong-club``.
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from conftest import built_once, run_handbook

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "fixtures" / "amendment"

UNCHANGED = ("general-principle", "openings", "opening-rules", "artificial-openings")
CHANGED = ("scope-of-rules", "one-notrump")


def build_fixture(work: Path, *args: str) -> Path:
    """The amendment fixture copied to ``work`` and built there; the build folder."""
    shutil.copytree(FIXTURE, work / "amendment")
    build = work / "build"
    result = run_handbook("build", *args, "--source", str(work / "amendment" / "source"),
                          "--translations", str(work / "amendment" / "translations"), "--build-dir", str(build))
    assert result.returncode == 0, result.stdout + result.stderr
    return build


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture's English site, built once: its published ``site`` folder."""
    return built_once(tmp_path_factory, "amendment-html", lambda work: None if build_fixture(work, "--html")
                      else None) / "build" / "site" / "en"


class _Ids(HTMLParser):
    """Every element's id of a page, and each element's attributes by class."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.classes: dict[str, list[dict[str, str]]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if "id" in found:
            self.ids.add(found["id"])
        for css in found.get("class", "").split():
            self.classes.setdefault(css, []).append({"tag": tag, **found})


def parsed(page: Path) -> _Ids:
    parser = _Ids()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def words(page: Path) -> str:
    """The text of ``page`` as a reader reads it: no tags, spaces folded."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8"))).split())


def banner(page: Path) -> str:
    """The text of the edition banner of ``page`` ("" when it has none)."""
    text = page.read_text(encoding="utf-8")
    found = re.search(r'<div class="[^"]*hb-edition-banner[^"]*"[^>]*>(.*?)</div>', text, re.S)
    return found.group(1) if found else ""


# --- 1. earlier editions at a stable address, with a banner ------------------------------

def test_the_earlier_edition_is_published_at_its_stable_address(site: Path) -> None:
    earlier = site / "trial-rules" / "2024" / "index.html"
    assert earlier.is_file()
    text = words(earlier)
    # The 2024 text, not the current one: its repealed point, its threshold.
    assert "A 2♦ opening is alerted, whatever it shows." in text
    assert "starts at 12 HCP" in text and "starts at 11 HCP" not in text
    assert "every event of the union." in text
    current = words(site / "trial-rules.html")
    assert "starts at 11 HCP" in current and "whatever it shows" not in current


def test_the_earlier_edition_has_a_banner_naming_and_linking_the_edition_in_force(site: Path) -> None:
    found = banner(site / "trial-rules" / "2024" / "index.html")
    assert found, "no edition banner"
    words = re.sub(r"<[^>]+>", "", found)
    assert "2024" in words and "2026" in words, words
    assert "1 August 2026" in words, words  # the day the edition in force took over
    links = re.findall(r'href="([^"]*)"', found)
    assert "../../trial-rules.html" in links, links


def test_the_current_edition_has_no_banner(site: Path) -> None:
    assert banner(site / "trial-rules.html") == ""


def test_article_anchors_are_the_same_in_every_edition(site: Path) -> None:
    earlier, current = parsed(site / "trial-rules" / "2024" / "index.html"), parsed(site / "trial-rules.html")
    for key in (*UNCHANGED, *CHANGED):
        assert key in earlier.ids and key in current.ids, key
    assert "two-diamonds" in earlier.ids and "two-diamonds" not in current.ids
    assert "strong-club" in current.ids and "strong-club" not in earlier.ids


# --- 2. the edition and the day it is in force from, never the build's day ---------------

#: The build's day for the PDFs (SOURCE_DATE_EPOCH): 14 November 2023, a day of
#: neither edition, so that a title page printing it is caught.
BUILT = {"SOURCE_DATE_EPOCH": "1700000000", "FORCE_SOURCE_DATE": "1"}
BUILD_DAY = "14 November 2023"


def meta_line(page: Path) -> str:
    """The words of the meta line of a document's page (its kind, issuer, edition)."""
    found = re.search(r'<div class="hb-document-info[^"]*">(.*?)</div>', page.read_text(encoding="utf-8"), re.S)
    assert found, page
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", found.group(1))).split())


def test_each_editions_page_says_its_edition_and_the_day_it_is_in_force_from(site: Path) -> None:
    assert "2026, in force from 1 August 2026" in meta_line(site / "trial-rules.html")
    assert "2024, in force from 1 August 2024" in meta_line(site / "trial-rules" / "2024" / "index.html")


def test_a_document_that_dates_no_edition_says_no_day(tmp_path: Path) -> None:
    """The shipped documents state no effective day: their pages say none."""
    from build_tools.loader import load_document
    from build_tools.render import environment
    from build_tools.rules.registry import reading

    for path in sorted((ROOT / "source").glob("*.yaml")):
        if path.name in ("handbook.yaml", "rules.yaml"):
            continue
        doc = load_document(path)
        assert not doc.effective, path.name
        with reading(doc.registry):
            page = environment().get_template("document.md.j2").render(doc=doc, translation=None)
        assert "in force from" not in page, path.name


def pdf_text(pdf: Path, first: int | None = None, last: int | None = None) -> str:
    import subprocess

    pages = [*(["-f", str(first)] if first else []), *(["-l", str(last)] if last else [])]
    out = subprocess.run(["pdftotext", "-layout", *pages, str(pdf), "-"], check=True, capture_output=True,
                         text=True).stdout
    return " ".join(out.replace("\u00a0", " ").split())


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture's A5 PDFs (the book, the document alone), built once: the ``pdf`` folder."""
    def make(work: Path) -> None:
        shutil.copytree(FIXTURE, work / "amendment")
        result = run_handbook("build", "--pdf", "--paper", "a5", "--source", str(work / "amendment" / "source"),
                              "--translations", str(work / "amendment" / "translations"),
                              "--build-dir", str(work / "build"), env=BUILT)
        assert result.returncode == 0, result.stdout + result.stderr

    return built_once(tmp_path_factory, "amendment-pdf", make) / "build" / "pdf"


@pytest.mark.tex
def test_the_title_page_says_the_edition_and_its_day_and_not_the_build_day(pdfs: Path) -> None:
    title = pdf_text(pdfs / "trial-rules-en-a5.pdf", 1, 1)
    assert "Edition: 2026, in force from 1 August 2026" in title, title
    assert BUILD_DAY not in title, title


# --- 3, 4. the page of an edition's changes, with its redline -----------------------------

def changes(site: Path) -> str:
    return words(site / "trial-rules" / "2026" / "changes.html")


def section(text: str, heading: str, following: str) -> str:
    """The words of ``text`` from ``heading`` to ``following``."""
    return text[text.index(heading):text.index(following, text.index(heading))]


def test_the_changes_page_lists_the_articles_by_id_each_under_its_change(site: Path) -> None:
    text = changes(site)
    amended = section(text, "Amended", "Added")
    added = section(text, "Added", "Repealed")
    repealed = section(text, "Repealed", "Verdicts that changed")
    assert "scope-of-rules" in amended and "one-notrump" in amended
    assert "strong-club" in added and "Except that a 1♣ opening showing 16 HCP" in added
    assert "two-diamonds" in repealed and "A 2♦ opening is alerted, whatever it shows." in repealed
    for key in UNCHANGED:
        assert key not in section(text, "Amended", "Verdicts that changed"), key


def test_the_changes_page_holds_the_same_verdicts_as_handbook_diff(site: Path) -> None:
    """Each verdict `handbook diff` lists, with both answers and both articles, and no other."""
    import contextlib
    import io
    import json

    from build_tools.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["diff", "trial-rules", "2024", "2026", "--json", "--source", str(FIXTURE / "source"),
                     "--translations", str(FIXTURE / "translations")]) == 0
    verdicts = json.loads(out.getvalue())["verdicts"]
    lines = re.findall(r"(?:Example|Query|Convention card) [a-z0-9-]+ [^;]*; edition 2026: [^)]*\)", changes(site))
    assert len(lines) == len(verdicts), lines
    kinds = {"example": "Example", "query": "Query", "card": "Convention card"}
    for v, line in zip(verdicts, lines, strict=True):
        kind, _, name = v["source"].partition(" ")
        assert line.startswith(f"{kinds[kind]} {name} "), (line, v)
        assert "· Alert / No alert: edition 2024:" in line, line
        old, new = v["old"], v["new"]
        assert f"edition 2024: {'Alert' if old['value'] == 'yes' else 'No alert'} ({old['article']})" in line
        assert f"edition 2026: {'Alert' if new['value'] == 'yes' else 'No alert'} ({new['article']})" in line


def test_the_redline_marks_insertions_and_deletions_on_the_site(site: Path) -> None:
    page = (site / "trial-rules" / "2026" / "changes.html").read_text(encoding="utf-8")
    inserted = [words_of(m) for m in re.findall(r"<ins[^>]*>(.*?)</ins>", page, re.S)]
    deleted = [words_of(m) for m in re.findall(r"<del[^>]*>(.*?)</del>", page, re.S)]
    # The reworded scope, word by word ("of the union." -> "the union runs or licenses."),
    # and the moved threshold (12 -> 11).
    assert "[+ 11 +]" in inserted and "[- 12 -]" in deleted, (inserted, deleted)
    assert "[+ union runs or licenses. +]" in inserted and "[- of -]" in deleted, (inserted, deleted)
    # Underlined and struck through, not coloured alone (hb-editions.css).
    css = (site / "_static" / "hb-editions.css").read_text(encoding="utf-8")
    assert re.search(r"ins\.hb-inserted \{[^}]*text-decoration: underline", css)
    assert re.search(r"del\.hb-deleted \{[^}]*text-decoration: line-through", css)


def words_of(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", fragment)).replace("\u00a0", " ").split())


def test_the_changes_page_is_at_the_end_of_the_books_contents(site: Path) -> None:
    index = (site / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'class="toctree-l1[^"]*"><a class="reference internal" href="([^"]+)"', index)
    assert links[-1] == "trial-rules/2026/changes.html", links


@pytest.mark.tex
def test_the_redline_in_print_shows_insertions_and_deletions_with_their_marks(pdfs: Path) -> None:
    book = pdf_text(pdfs / "amendment-handbook-en-a5.pdf")
    # After the last article of the current edition: the page of changes, at the book's end.
    changed = book[book.index("Amended", book.index("Except that a 1♣ opening")):]
    assert "starts at [- 12 -] [+ 11 +] HCP or more" in changed, changed
    assert "every event [- of -] the [- union. -] [+ union runs or licenses. +]" in changed, changed
    joined = re.sub(r"(?<=[a-z])- (?=[a-z])", "", changed)  # a word hyphenated at a line's end
    assert "edition 2024: Alert (two-diamonds); edition 2026: No alert (general-principle)" in joined, changed


# --- 5. translations follow an amendment ---------------------------------------------------

#: The Polish translations of the fixture's two texts of 'one-notrump' (a
#: translator's, not the original's words: the redline of a translated page
#: is the translation's own change).
ONE_NOTRUMP_PL = {
    "2024": "Naturalne otwarcie 1BA z zakresem od 12 PC wzwyż nie jest alertowane; każde inne otwarcie 1BA jest.",
    "2026": "Naturalne otwarcie 1BA z zakresem od 11 PC wzwyż nie jest alertowane; każde inne otwarcie 1BA jest.",
}


def polish_translation_of_2024(work: Path) -> Path:
    """The fixture as its Polish translator and its federation leave it: a
    catalog made from the 2024 edition (then current), every entry translated;
    then the amendment as the README's steps make it (the 2024 file and its
    catalogs kept, the 2026 edition in force) and the catalogs updated, a copy
    of the Polish one left in ``work`` as the update left it; then the
    translator's update of 'one-notrump' (its 'scope-of-rules' left fuzzy).
    Returns the handbook's folder."""
    import polib

    root = work / "amendment"
    shutil.copytree(FIXTURE, root)
    source, translations = root / "source", root / "translations"
    manifest = source / "handbook.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("languages: [en]", "languages: [en, pl]"),
                        encoding="utf-8")
    current, earlier = source / "trial-rules.yaml", source / "editions" / "trial-rules" / "2024.yaml"
    amended = current.read_text(encoding="utf-8")
    current.write_text(earlier.read_text(encoding="utf-8"), encoding="utf-8")
    shutil.rmtree(source / "editions")
    args = ("--source", str(source), "--translations", str(translations))
    assert run_handbook("i18n", "update", *args).returncode == 0
    path = translations / "pl" / "LC_MESSAGES" / "trial-rules.po"
    catalog = polib.pofile(str(path))
    for entry in catalog:
        entry.msgstr = ONE_NOTRUMP_PL["2024"] if entry.msgctxt == "one-notrump" else "PL: " + entry.msgid
    catalog.save()
    # The amendment: the edition and its catalogs kept, the new text in place.
    earlier.parent.mkdir(parents=True)
    earlier.write_text(current.read_text(encoding="utf-8"), encoding="utf-8")
    kept = translations / "editions" / "trial-rules" / "2024" / "pl" / "LC_MESSAGES" / "trial-rules.po"
    kept.parent.mkdir(parents=True)
    shutil.copyfile(path, kept)
    current.write_text(amended, encoding="utf-8")
    result = run_handbook("i18n", "update", *args)
    assert result.returncode == 0, result.stdout + result.stderr
    shutil.copyfile(path, work / "updated.po")
    # Its interface catalog, as the federation's translations hold it.
    shutil.copyfile(ROOT / "translations" / "pl" / "LC_MESSAGES" / "handbook.po",
                    translations / "pl" / "LC_MESSAGES" / "handbook.po")
    catalog = polib.pofile(str(path))
    for entry in catalog:
        if entry.msgctxt == "one-notrump" and not entry.obsolete:
            entry.msgstr, entry.flags = ONE_NOTRUMP_PL["2026"], []
            entry.previous_msgid = entry.previous_msgctxt = None
    catalog.save()
    return root


@pytest.fixture(scope="module")
def polish(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The amended fixture with its Polish catalogs, and its Polish site built: the work folder."""
    def make(work: Path) -> None:
        root = polish_translation_of_2024(work)
        result = run_handbook("build", "--html", "-l", "pl", "--source", str(root / "source"),
                              "--translations", str(root / "translations"), "--build-dir", str(work / "build"))
        assert result.returncode == 0, result.stdout + result.stderr

    return built_once(tmp_path_factory, "amendment-pl", make)


def test_a_changed_articles_translation_turns_fuzzy_and_an_unchanged_ones_does_not(polish: Path) -> None:
    import polib

    catalog = polib.pofile(str(polish / "updated.po"))
    entries = {entry.msgctxt: entry for entry in catalog if not entry.obsolete}
    for key in CHANGED:
        assert entries[key].fuzzy, key
    for key in ("general-principle", "artificial-openings"):
        assert not entries[key].fuzzy and entries[key].msgstr.startswith("PL: "), key
    assert not entries["strong-club"].msgstr  # added: nothing to translate from


def test_the_translated_changes_page_shows_the_translations_own_change(polish: Path) -> None:
    amended = section(words(polish / "build" / "site" / "pl" / "trial-rules" / "2026" / "changes.html"),
                      "Zmienione", "Dodane")
    # Between the entry before it (the scope's) and its id.
    entry = amended[amended.index("scope-of-rules") + len("scope-of-rules"):amended.index("one-notrump")]
    assert "od [- 12 -] [+ 11 +] PC wzwyż" in entry, entry
    assert "czeka na tłumaczenie" not in entry, entry


def test_the_translated_changes_page_marks_articles_awaiting_translation(polish: Path) -> None:
    amended = section(words(polish / "build" / "site" / "pl" / "trial-rules" / "2026" / "changes.html"),
                      "Zmienione", "Dodane")
    entry = amended[:amended.index("scope-of-rules")]
    assert entry.rstrip(" ·").endswith("(czeka na tłumaczenie)"), entry
    # The original's change, the translation of the new text being missing.
    assert "every event [- of -] the [- union. -] [+ union runs or licenses. +]" in words_of(entry), entry
    page = (polish / "build" / "site" / "pl" / "trial-rules" / "2026" / "changes.html").read_text(encoding="utf-8")
    assert re.search(r'<span lang="en"[^>]*>These rules apply', page), "the original's words are not marked English"


def test_the_translated_changes_page_names_each_verdicts_source_and_question_in_polish(polish: Path) -> None:
    """A verdict that changed is introduced in the reader's words: what asked
    it (an example, a kept query, a card) and the question, as the quick
    reference's caption names it; not the ids `handbook diff` prints."""
    text = words(polish / "build" / "site" / "pl" / "trial-rules" / "2026" / "changes.html")
    verdicts = text[text.index("Zmienione rozstrzygnięcia"):]
    assert "Przykład ex-1nt-11-13 1BA · Alert / Bez alertu: wydanie 2024: Alert" in verdicts, verdicts
    assert not re.search(r"\b(?:example|query|card|alert):", verdicts), verdicts


def test_the_earlier_editions_translated_page_shows_the_translation_kept_for_it(polish: Path) -> None:
    text = words(polish / "build" / "site" / "pl" / "trial-rules" / "2024" / "index.html")
    assert ONE_NOTRUMP_PL["2024"] in text and ONE_NOTRUMP_PL["2026"] not in text
    assert "PL: A 2♦ opening is alerted, whatever it shows." in text  # repealed: its translation kept too


def test_the_translated_earlier_edition_shows_its_translation_where_the_text_is_unchanged(polish: Path) -> None:
    text = words(polish / "amendment" / ".." / "build" / "site" / "pl" / "trial-rules" / "2024" / "index.html")
    assert "PL: Artificial calls are alerted; natural calls are not." in text


def test_the_current_page_leads_to_the_changes_and_the_superseded_edition(site: Path) -> None:
    links = re.findall(r'href="([^"#]*)"', (site / "trial-rules.html").read_text(encoding="utf-8"))
    assert "trial-rules/2026/changes.html" in links and "trial-rules/2024/index.html" in links, links


def test_the_meta_line_holds_no_pdf_link(site: Path) -> None:
    """The meta line and the PDF links are two blocks (a template's comment once joined their fences)."""
    found = re.search(r'<div class="hb-document-info[^"]*">(.*?)</div>',
                      (site / "trial-rules.html").read_text(encoding="utf-8"), re.S)
    assert found and "hb-pdf-link" not in found.group(1)


def test_a_document_from_the_build_cache_diffs_as_one_loaded_afresh() -> None:
    """The build takes a document unchanged since an earlier build from its
    cache (pickled); its edition compared with the same text loaded afresh
    changes nothing (a rule without a scope came back from the cache with a
    scope of its own, and the page of changes listed 'general-principle' as
    amended)."""
    import pickle

    from build_tools.amendments import article_changes
    from build_tools.loader import load_document

    fresh = load_document(FIXTURE / "source" / "trial-rules.yaml")
    cached = pickle.loads(pickle.dumps(fresh))
    assert article_changes(cached, fresh) == [] and article_changes(fresh, cached) == []


def test_an_earlier_editions_examples_are_pytest_items_checked_by_its_own_rules(tmp_path: Path) -> None:
    """pytest collects each example of an earlier edition as it does the
    current one's, and checks it by that edition's rules: the 2024 1NT of
    11-13 is alerted (its threshold was 12), the 2026 one is not."""
    shutil.copytree(FIXTURE, tmp_path / "amendment")
    source = tmp_path / "amendment" / "source"
    result = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "build_tools.pytest_plugin",
                             "-q", "-rA", "--rootdir", str(tmp_path), str(source)],
                            capture_output=True, text=True, cwd=ROOT, check=False)
    passed = set(re.findall(r"PASSED (\S+)", result.stdout))
    assert "source/editions/trial-rules/2024.yaml::ex-1nt-11-13" in {p.split("amendment/", 1)[-1] for p in passed}, \
        result.stdout
    assert "source/trial-rules.yaml::ex-1nt-11-13" in {p.split("amendment/", 1)[-1] for p in passed}, result.stdout
    assert not any("queries" in p or "cards" in p for p in passed), passed
    assert result.returncode == 0, result.stdout[-2000:]


def test_a_changed_verdicts_auction_is_read_in_the_notation_it_was_asked_in(tmp_path: Path) -> None:
    """An example written in Polish notation (``1BA``, the partnership view),
    and a card in Polish notation: each changed verdict carries the notation
    and view its auction was asked in, and the English page of changes shows
    the auction in English notation (``1NT``), not as written."""
    from build_tools.amendments import amendment, diff_inputs
    from build_tools.pipeline import amendments, load_handbook, render_language

    shutil.copytree(FIXTURE, tmp_path / "amendment")
    source = tmp_path / "amendment" / "source"
    current = source / "trial-rules.yaml"
    current.write_text(current.read_text(encoding="utf-8").replace(
        "  - example: ex-1nt-11-13\n    auction: 1NT\n",
        "  - example: ex-1nt-11-13\n    notation: pl\n    view: partnership\n    auction: 1BA\n"), encoding="utf-8")
    card = source / "cards" / "strong-club.yaml"
    card.write_text(card.read_text(encoding="utf-8").replace("notation: en", "notation: pl")
                    .replace("{auction: 1NT,", "{auction: 1BA,"), encoding="utf-8")
    handbook = load_handbook(source, tmp_path / "amendment" / "translations")
    old, new = handbook.editions["trial-rules"].chain
    asked = {(v.source, v.auction): (v.notation, v.view)
             for v in amendment(old, new, *diff_inputs(source, "trial-rules")).verdicts}
    assert asked[("example ex-1nt-11-13", "1BA")] == ("pl", "partnership")
    assert asked[("example ex-2d-natural", "2♦")] == ("en", "table")  # the document's own notation
    assert asked[("card strong-club", "1BA")] == ("pl", None)
    assert amendments(handbook) == {("trial-rules", "2026"): amendment(old, new, *diff_inputs(source, "trial-rules"))}
    render_language(handbook, "en", tmp_path / "myst")
    page = (tmp_path / "myst" / "trial-rules" / "2026" / "changes.md").read_text(encoding="utf-8")
    lines = [line for line in page.splitlines() if "ex\\-1nt\\-11\\-13" in line or "strong\\-club**" in line]
    assert len(lines) == 4 and all("1BA" not in line for line in lines), lines
    assert any("ex\\-1nt\\-11\\-13** 1NT ·" in line for line in lines), lines
    assert any("strong\\-club** 1NT ·" in line for line in lines), lines


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_build_asks_each_amendment_of_the_rules_once_for_all_its_languages(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: int) -> None:
    """What an amendment changed is the same in every language: a build
    asks every card and held query of both editions once, not once a
    language, whether the languages render in this process or in workers of
    their own, from the editions it loaded once (each language's page of
    changes is still written)."""
    from build_tools import amendments as found, build as builder, editions, incremental
    from build_tools.commands.build import _render
    from build_tools.pipeline import Prepared, load_handbook, page_keys

    source, translations = FIXTURE / "source", tmp_path / "translations"
    prepared = Prepared(incremental.StageCache(tmp_path / "cache"))
    handbook = load_handbook(source, translations, prepared)
    asked = tmp_path / "asked"  # a file: a worker's calls are counted too (its process forks this one)
    asked.touch()
    real = found.amendment

    def counted(*args: Any) -> Any:
        with asked.open("a", encoding="utf-8") as out:
            out.write(args[1].edition + "\n")
        return real(*args)

    monkeypatch.setattr(found, "amendment", counted)
    # The chains load_handbook loaded are the ones every language reads.
    monkeypatch.setattr(editions, "load_editions", lambda *args: pytest.fail("editions loaded again"))
    layout = builder.Layout(root=builder.ROOT, build=tmp_path / "build", source=source, translations=translations)
    languages = ("en", "pl", "sv")
    _render(handbook, [page_keys(handbook, prepared, lang) for lang in languages], layout, jobs=jobs)
    assert asked.read_text(encoding="utf-8").split() == ["2026"]
    assert all((layout.myst(lang) / "trial-rules" / "2026" / "changes.md").is_file() for lang in languages)
