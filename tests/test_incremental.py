"""Incremental builds: a build with nothing changed does nothing, a build after
an edit redoes only what the edit reaches, and neither ever publishes anything
a clean build would not (the same bytes, timestamps aside).

The handbook built is the small fixture with a second document (a copy of the
first under another id), so that a book can be left alone by an edit of a
document it does not contain.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
from pathlib import Path

import pytest

from build_tools import incremental, markup
from conftest import run_handbook

#: Fixed dates, so that two builds a second apart print the same ones (the
#: pages and PDFs carry the build's date; a timestamp, not a result).
DATED = {"SOURCE_DATE_EPOCH": "1700000000", "FORCE_SOURCE_DATE": "1"}


def two_documents(mini: Path) -> Path:
    """The fixture handbook with ``extra-rules`` beside ``mini-rules``."""
    source = mini / "source"
    text = (source / "mini-rules.yaml").read_text(encoding="utf-8")
    (source / "extra-rules.yaml").write_text(text.replace("document: mini-rules", "document: extra-rules")
                                             .replace("Zasady próbne", "Zasady dodatkowe"), encoding="utf-8")
    manifest = source / "handbook.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("[mini-rules]", "[mini-rules, extra-rules]"),
                        encoding="utf-8")
    return mini


def build(mini: Path, folder: Path, *extra: str) -> str:
    result = run_handbook("build", *extra, "--source", str(mini / "source"),
                          "--translations", str(mini / "translations"), "--build-dir", str(folder), env=DATED)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    return result.stdout


def published(folder: Path) -> dict[str, bytes]:
    """Every published file by its path below ``site``."""
    site = folder / "site"
    return {str(p.relative_to(site)): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


#: Edits a federation or a translator makes: (file below the handbook, old, new).
EDITS = [
    ("source/mini-rules.yaml", "Odpowiedź nowym kolorem po wejściu.", "Odpowiedź nowym kolorem po wejściu przeciwnika."),
    ("source/mini-rules.yaml", "kontra z siłą mniejszą niż otwarcie", "kontra z siłą wyraźnie mniejszą niż otwarcie"),
    ("source/extra-rules.yaml", "Zasady dodatkowe", "Zasady uzupełniające"),
    ("translations/en/LC_MESSAGES/mini-rules.po", 'msgstr "Bi double"', 'msgstr "The bi double"'),
    ("translations/en/LC_MESSAGES/mini-rules.po", 'msgstr "balanced"', 'msgstr "a balanced hand"'),
    # Across documents: a translation's reference into the other document,
    # and that document's element renamed (the reference then broken, the
    # original shown), and the manifest's title (the index pages).
    ("translations/en/LC_MESSAGES/mini-rules.po", "msgstr \"See [example 1](#przyklad-1)",
     "msgstr \"See [example 1](extra-rules#przyklad-1)"),
    ("source/extra-rules.yaml", "przyklad-1", "przyklad-pierwszy"),
    ("source/handbook.yaml", "Small handbook", "Handbook of small rules"),
]


def test_incremental_builds_with_random_edits_publish_what_a_clean_build_publishes(
    mini: Path, tmp_path: Path
) -> None:
    two_documents(mini)
    incremental_build = tmp_path / "incremental"
    build(mini, incremental_build, "--html")
    chooser = random.Random(25)
    done: list[tuple[str, str, str]] = []
    for _ in range(4):
        # An edit, or undoing an earlier one (back to inputs an earlier build
        # had: nothing of that build may be taken for the new one's).
        if done and chooser.random() < 0.4:
            path, old, new = done.pop(chooser.randrange(len(done)))
            old, new = new, old
        else:
            path, old, new = chooser.choice([e for e in EDITS if e not in done])
            done.append((path, old, new))
        target = mini / path
        text = target.read_text(encoding="utf-8")
        assert old in text, (path, old)
        target.write_text(text.replace(old, new), encoding="utf-8")
        out = build(mini, incremental_build, "--html")
        assert "nothing changed" not in out
    assert "nothing changed since the last build" in build(mini, incremental_build, "--html")
    clean = tmp_path / "clean"
    build(mini, clean, "--html")
    assert published(incremental_build) == published(clean)


def edit(mini: Path, path: str, old: str, new: str) -> None:
    target = mini / path
    text = target.read_text(encoding="utf-8")
    assert old in text, (path, old)
    target.write_text(text.replace(old, new), encoding="utf-8")


def test_what_crosses_documents_reaches_the_pages_that_depend_on_it(mini: Path, tmp_path: Path) -> None:
    # The English page of mini-rules links into extra-rules; renaming the
    # element there changes that page, though neither its YAML nor its catalog
    # changed: a page taken from the cache here would keep a dead link.
    two_documents(mini)
    folder = tmp_path / "incremental"
    edit(mini, *EDITS[5])
    build(mini, folder, "--html")
    page = (folder / "myst" / "en" / "mini-rules.md").read_text(encoding="utf-8")
    assert "extra-rules#przyklad-1" in page
    edit(mini, *EDITS[6])
    out = build(mini, folder, "--html")
    assert "(1 document unchanged since an earlier build: checked then)" in out, out
    page = (folder / "myst" / "en" / "mini-rules.md").read_text(encoding="utf-8")
    assert "extra-rules#przyklad-1" not in page and "Zobacz {hb-ref}`przykład 1 <#przyklad-1>`" in page
    edit(mini, *EDITS[7])
    out = build(mini, folder, "--html")
    assert "(2 documents unchanged since an earlier build: checked then)" in out, out
    assert "Handbook of small rules" in (folder / "myst" / "en" / "index.md").read_text(encoding="utf-8")
    clean = tmp_path / "clean"
    build(mini, clean, "--html")
    assert published(folder) == published(clean)


#: An example with a verdict under the fixture's rule of 'otwarcie-1ba': the
#: call search lists its auction, what it asks and the article deciding it.
VERDICT_EXAMPLE = """\
            body:
              - example: przyklad-1ba-15-17
                editorial: true
                auction: 1BA
                meaning: {natural: true, hcp: 15-17}
                expect: {alert: "no"}
"""


def test_an_edited_example_reaches_the_call_search(tmp_path: Path) -> None:
    # A page's entries of the call search are kept beside the page: an edit
    # of what an example asks must reach them as it reaches the page, in a
    # document edited and not in the one left alone.
    from conftest import mini_with_rule

    root = two_documents(mini_with_rule(tmp_path / "mini", VERDICT_EXAMPLE))
    folder = tmp_path / "incremental"
    build(root, folder, "--html")

    def entries(document: str) -> list[dict[str, object]]:
        data = json.loads((folder / "myst" / "pl" / "call-search.json").read_text(encoding="utf-8"))
        return data["documents"][document]

    def cards() -> dict[str, bytes]:
        return {doc: (folder / "myst" / "pl" / f"{doc}-card.md").read_bytes() for doc in ("mini-rules", "extra-rules")}

    cards_before = cards()
    (before,) = entries("mini-rules")
    assert before["keys"] == ["1nt"] and "15–17" in str(before["asked"]), before
    assert before["articles"][0][0] == "otwarcie-1ba", before
    edit(root, "source/mini-rules.yaml", "meaning: {natural: true, hcp: 15-17}\n                expect: {alert: \"no\"}",
         "meaning: {natural: true, hcp: 12-14}\n                expect: {alert: \"yes\"}")
    out = build(root, folder, "--html")
    assert "(1 document unchanged since an earlier build: checked then)" in out, out
    (after,) = entries("mini-rules")
    assert "12–14" in str(after["asked"]) and "15–17" not in str(after["asked"]), after
    assert entries("extra-rules") == [before]
    # The alert cards too (kept beside the pages): the edited document's
    # made again with its new verdict, the other's as it was.
    assert cards() != cards_before and cards()["extra-rules"] == cards_before["extra-rules"]
    # Sphinx dropped the index entries of every page it did not write again
    # from the search index (extra-rules' "1BA" then led to mini-rules only);
    # the published trees differed, the search index only.
    clean = tmp_path / "clean"
    build(root, clean, "--html")
    assert published(folder) == published(clean)
    assert (folder / "myst" / "pl" / "call-search.json").read_bytes() == \
        (clean / "myst" / "pl" / "call-search.json").read_bytes()


def test_a_damaged_or_deleted_cache_costs_work_not_a_wrong_result(mini: Path, tmp_path: Path) -> None:
    two_documents(mini)
    folder = tmp_path / "incremental"
    build(mini, folder, "--html")
    cache = folder / incremental.CACHE_NAME
    entries = sorted(cache.rglob("*.pickle"))
    # Two documents loaded, their rules analysed and the documents checked,
    # their pages, their alert cards' pages (none: the fixture has no rules)
    # and their entries of the call search in two languages, their
    # rows of the translation status in English and the templates' strings.
    kinds = sorted(p.parent.name for p in entries)
    assert kinds == (["analysis"] * 2 + ["calls-en"] * 2 + ["calls-pl"] * 2 + ["card-en"] * 2 + ["card-pl"] * 2
                     + ["checked"] * 2 + ["document"] * 2
                     + ["page-en"] * 2 + ["page-pl"] * 2 + ["status"] * 3), kinds
    for entry in entries:
        entry.write_bytes(b"\x80\x05 damaged")
    edit(mini, *EDITS[0])
    out = build(mini, folder, "--html")
    assert "unchanged since an earlier build" not in out
    clean = tmp_path / "clean"
    build(mini, clean, "--html")
    assert published(folder) == published(clean)
    # The cache holds the last build's products only.
    assert len(sorted(cache.rglob("*.pickle"))) == len(entries)
    shutil.rmtree(cache)
    edit(mini, *EDITS[2])
    build(mini, folder, "--html")
    build(mini, clean, "--html")
    assert published(folder) == published(clean)


def test_a_build_with_nothing_changed_starts_no_sphinx(mini: Path, tmp_path: Path) -> None:
    folder = tmp_path / "build"
    build(mini, folder, "--html")
    logs = {p: p.stat().st_mtime_ns for p in (folder / "logs").iterdir()}
    before = published(folder)
    again = build(mini, folder, "--html")
    assert again.startswith("handbook: nothing changed since the last build"), again
    assert "myst:" not in again and "html:" not in again and "documents valid" not in again
    assert {p: p.stat().st_mtime_ns for p in (folder / "logs").iterdir()} == logs
    assert published(folder) == before
    # Another request (one language) is not the build that completed.
    assert "nothing changed" not in build(mini, folder, "--html", "-l", "en")


def test_nothing_changed_is_not_trusted_when_an_output_is_damaged(mini: Path, tmp_path: Path) -> None:
    folder = tmp_path / "build"
    build(mini, folder, "--html")
    (folder / "html" / "pl" / "mini-rules.html").write_bytes(b"")
    out = build(mini, folder, "--html")
    assert "[pl] html: the output of the last build is damaged; rebuilt from scratch" in out
    # The published site gone: built again, not called unchanged.
    (folder / "site").unlink()
    out = build(mini, folder, "--html")
    assert "nothing changed" not in out and (folder / "site" / "index.html").is_file()


def test_sphinx_reads_every_page_again_when_the_code_changed(mini: Path, tmp_path: Path) -> None:
    """Sphinx reads again a page that changed, never one an extension would now
    render differently: after a change to ``build_tools`` whose pages came out the
    same, its saved doctrees are stale. Simulated here with the two stamps beside
    the step's output: another input digest (a file of build_tools changed), with
    the code stamp of other code, or of this code."""
    from build_tools.build import CODE_CHANGED, CODE_STAMP_NAME, STAMP_NAME

    folder = tmp_path / "build"
    build(mini, folder, "--html", "-l", "en")
    out_dir = folder / "html" / "en"
    code = (out_dir / CODE_STAMP_NAME).read_text(encoding="ascii")
    assert len(code.strip()) == 64

    def changed_inputs(code_stamp: str) -> str:
        stamp = out_dir / STAMP_NAME
        lines = stamp.read_text(encoding="ascii").splitlines()
        stamp.write_text("\n".join(["0" * 64, *lines[1:]]) + "\n", encoding="ascii")
        (out_dir / CODE_STAMP_NAME).write_text(code_stamp, encoding="ascii")
        (folder / incremental.COMPLETE_NAME).unlink()  # past the no-op's check, to the step's
        return build(mini, folder, "--html", "-l", "en")

    assert f"[en] html: {CODE_CHANGED}" in changed_inputs("1" * 64 + "\n")
    assert (out_dir / CODE_STAMP_NAME).read_text(encoding="ascii") == code
    assert CODE_CHANGED not in changed_inputs(code)


def test_a_deleted_record_costs_a_build_not_a_wrong_one(mini: Path, tmp_path: Path) -> None:
    folder = tmp_path / "build"
    build(mini, folder, "--html")
    (folder / incremental.COMPLETE_NAME).unlink()
    out = build(mini, folder, "--html")
    assert "nothing changed" not in out and "[en] html: inputs unchanged" in out
    assert "nothing changed" in build(mini, folder, "--html")


def test_a_file_added_to_a_hashed_folder_changes_the_digest(tmp_path: Path) -> None:
    # Folders are hashed whole: a template another engineer adds is an input
    # without anyone listing it.
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "page.md.j2").write_text("{{ title }}\n", encoding="utf-8")
    request: dict[str, object] = {"html": True}
    first = incremental.inputs_digest([folder], request)
    assert incremental.inputs_digest([folder], request) == first
    (folder / "new-block.md.j2").write_text("", encoding="utf-8")
    second = incremental.inputs_digest([folder], request)
    assert second != first
    (folder / "__pycache__").mkdir()
    (folder / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"\0")
    assert incremental.inputs_digest([folder], request) == second
    assert incremental.inputs_digest([folder], {"html": False}) != second


def test_the_inputs_digest_reads_no_build_output() -> None:
    # The repository's own inputs: the documents, catalogs, build_tools and
    # conf.py, never a build folder (or a no-op would never be one).
    from build_tools.build import ROOT

    names = [str(p) for folder in (ROOT / "build_tools",) for p in incremental.tree_files(folder)]
    assert names and not any(re.search(r"(^|/)build/", n.removeprefix(str(ROOT))) for n in names)
    assert os.path.join("build_tools", "templates") in "\n".join(names)


@pytest.mark.tex
def test_a_book_is_typeset_only_when_a_document_it_holds_changed(mini: Path, tmp_path: Path) -> None:
    two_documents(mini)
    folder = tmp_path / "build"
    first = build(mini, folder, "--pdf", "--paper", "a5", "-l", "pl")
    # The book and each Polish document alone: a progress line for each.
    for name in ("mini-handbook-pl-a5", "mini-rules-pl-a5", "extra-rules-pl-a5"):
        assert re.search(rf"\[pl\] pdf-a5: {name}\.pdf: typeset", first), first
    pdfs = {p.name: p.read_bytes() for p in (folder / "pdf").iterdir()}
    target = mini / "source" / "extra-rules.yaml"
    target.write_text(target.read_text(encoding="utf-8").replace("Zasady dodatkowe", "Zasady inne"),
                      encoding="utf-8")
    second = build(mini, folder, "--pdf", "--paper", "a5", "-l", "pl")
    assert "[pl] pdf-a5: mini-rules-pl-a5.pdf: unchanged, not typeset" in second, second
    assert re.search(r"\[pl\] pdf-a5: extra-rules-pl-a5\.pdf: typeset", second), second
    assert re.search(r"\[pl\] pdf-a5: mini-handbook-pl-a5\.pdf: typeset", second), second
    assert (folder / "pdf" / "mini-rules-pl-a5.pdf").read_bytes() == pdfs["mini-rules-pl-a5.pdf"]
    # One xelatex pass where the aux files did not change (the title only).
    extra_log = (folder / "logs" / "pl-xelatex-extra-rules-pl-a5.log").read_text(encoding="utf-8", errors="replace")
    assert len(re.findall(r"Run number \d+ of rule 'xelatex'", extra_log)) == 1, extra_log
    # And the same bytes as a clean build's.
    clean = tmp_path / "clean"
    build(mini, clean, "--pdf", "--paper", "a5", "-l", "pl")
    for name in ("mini-handbook-pl-a5.pdf", "mini-rules-pl-a5.pdf", "extra-rules-pl-a5.pdf"):
        assert (folder / "pdf" / name).read_bytes() == (clean / "pdf" / name).read_bytes(), name
    shutil.rmtree(clean)


@pytest.mark.tex
def test_a_language_whose_pages_did_not_change_starts_no_latex_run(mini: Path, tmp_path: Path) -> None:
    # A translator's edit of the English catalog changes the English pages
    # alone: the Polish LaTeX run is not started, its book stays as it was.
    folder = tmp_path / "build"
    build(mini, folder, "--paper", "a4")
    book = (folder / "pdf" / "mini-handbook-pl-a4.pdf").read_bytes()
    latex_log = (folder / "logs" / "pl-latex.log").stat().st_mtime_ns
    edit(mini, *EDITS[3])
    out = build(mini, folder, "--paper", "a4")
    assert "[pl] pdf: mini-handbook-pl-a4.pdf: inputs unchanged since the last build; Sphinx not started" \
        in out.replace(str(folder / "pdf") + "/", "").replace(os.path.relpath(folder / "pdf") + "/", ""), out
    assert re.search(r"\[en\] pdf: mini-handbook-en-a4\.pdf: typeset", out), out
    assert (folder / "logs" / "pl-latex.log").stat().st_mtime_ns == latex_log
    assert (folder / "pdf" / "mini-handbook-pl-a4.pdf").read_bytes() == book


#: Edits of an amended document (tests/fixtures/amendment): of its earlier
#: edition alone (its page and the page of changes move, the current page
#: does not), of the current edition, and of the held queries.
EDITION_EDITS = [
    ("source/editions/trial-rules/2024.yaml", "Every artificial opening is alerted.",
     "Every artificial opening is alerted at once."),
    ("source/trial-rules.yaml", "runs or licenses.", "runs, licenses or sanctions."),
    ("source/editions/trial-rules/2024.yaml", "every event of the union.", "every event of the whole union."),
]


def test_incremental_builds_with_editions_publish_what_a_clean_build_publishes(tmp_path: Path) -> None:
    root = tmp_path / "amendment"
    shutil.copytree(Path(__file__).parent / "fixtures" / "amendment", root)
    folder = tmp_path / "incremental"
    build(root, folder, "--html")
    earlier = folder / "myst" / "en" / "trial-rules" / "2024" / "index.md"
    changes = folder / "myst" / "en" / "trial-rules" / "2026" / "changes.md"
    assert earlier.is_file() and changes.is_file()
    for path, old, new in EDITION_EDITS:
        edit(root, path, old, new)
        out = build(root, folder, "--html")
        assert "nothing changed" not in out
        page = earlier if "editions" in path else folder / "myst" / "en" / "trial-rules.md"
        assert markup.escape(new) in page.read_text(encoding="utf-8"), path
    # The earlier edition's 'artificial-openings' now differs from the current
    # one's: an amended article, its words struck through on the page of changes.
    assert "{hb-del}`alerted at once.` {hb-ins}`alerted.`" in changes.read_text(encoding="utf-8")
    clean = tmp_path / "clean"
    build(root, clean, "--html")
    assert published(folder) == published(clean)


def test_an_edited_title_reaches_every_page_that_names_it(mini: Path, tmp_path: Path) -> None:
    # Each page's sidebar and previous/next links name the other documents:
    # Sphinx wrote again only the page read again and the index, and the
    # other document's page kept the old title (build_tools/sphinxext/navigation.py).
    two_documents(mini)
    folder = tmp_path / "incremental"
    build(mini, folder, "--html", "-l", "pl")
    edit(mini, "source/mini-rules.yaml", "title: Zasady próbne", "title: Zasady poprawione")
    build(mini, folder, "--html", "-l", "pl")
    assert "Zasady poprawione" in (folder / "site" / "pl" / "extra-rules.html").read_text(encoding="utf-8")
    clean = tmp_path / "clean"
    build(mini, clean, "--html", "-l", "pl")
    assert published(folder) == published(clean)


def test_an_alert_card_is_filed_under_its_pages_key_and_taken_from_there(tmp_path: Path) -> None:
    # The card is made from what its document's page is made from (the page's
    # key holds the document, its catalogs and the code). Filed under the
    # document's id instead, an edit would find the card of the unedited
    # text; the published pages cannot show it, since a completed build
    # prunes every entry that is not a page's key: the cache is read here.
    from build_tools.pipeline import Prepared, load_handbook, page_keys, render_language

    source = Path(__file__).parent / "fixtures" / "amendment" / "source"
    prepared = Prepared(incremental.StageCache(tmp_path / "cache"))
    handbook = load_handbook(source, tmp_path / "no-translations", prepared)
    pages = page_keys(handbook, prepared, "en")
    render_language(handbook, "en", tmp_path / "first", pages=pages)
    card = (tmp_path / "first" / "trial-rules-card.md").read_text(encoding="utf-8")
    assert "alert card" in card and pages.keys["trial-rules"] != "trial-rules"
    assert pages.cache.get(pages.cards_kind, pages.keys["trial-rules"]) == card
    assert pages.cache.get(pages.cards_kind, "trial-rules") is None
    # The next render takes what is filed under the page's key, not made again.
    pages.cache.put(pages.cards_kind, pages.keys["trial-rules"], card + "\nFiled under the page's key.\n")
    render_language(handbook, "en", tmp_path / "next", pages=pages)
    assert (tmp_path / "next" / "trial-rules-card.md").read_text(encoding="utf-8").endswith("page's key.\n")
