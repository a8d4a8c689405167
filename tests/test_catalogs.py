"""Catalogs: extract, update (GNU msgmerge: fuzzy with the previous text,
obsolete entries), apply, lint."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from build_tools.diagnostics import DiagnosticError
from build_tools.document import Paragraph
from build_tools.i18n import catalog_path, extract, read_catalog, translate, update, write_catalog
from build_tools.i18n.catalogs import catalog_bytes
from build_tools.i18n.lint import lint
from build_tools.loader import load_document
from conftest import FIXTURES

SOURCE = FIXTURES / "mini" / "source" / "mini-rules.yaml"
CATALOG = FIXTURES / "mini" / "translations" / "en" / "LC_MESSAGES" / "mini-rules.po"


def test_round_trip_extract_write_read_apply(tmp_path: Path) -> None:
    doc = load_document(SOURCE)
    catalog = extract(doc, "en")
    assert [m.msgctxt for m in catalog][:3] == ["mini-rules", "mini-rules.issuer", "wstep"]
    for message in catalog:
        message.msgstr = f"EN {message.msgid}"
    path = catalog_path(tmp_path, "en", doc.id)
    assert write_catalog(catalog_bytes(catalog), path) is True
    assert write_catalog(catalog_bytes(catalog), path) is False  # same content: file untouched
    english = translate(doc, "en", read_catalog(path))
    assert english.untranslated == frozenset()
    assert english.title == "EN Zasady próbne"
    assert [m.text for m in english.messages()] == [f"EN {m.text}" for m in doc.messages()]


def test_missing_and_fuzzy_entries_are_never_published() -> None:
    doc = load_document(SOURCE)
    english = translate(doc, "en", read_catalog(CATALOG))
    # 'otwarcie-2-trefl' is fuzzy in the fixture, 'przyklad-1' is absent.
    assert english.untranslated == {"otwarcie-2-trefl", "przyklad-1"}
    assert english.title == "Trial rules"
    texts = {m.context: m.text for m in english.messages()}
    assert texts["otwarcie-2-trefl"] == "2♣ – precision"  # the original, not the fuzzy "Precision"
    assert texts["przyklad-1"] == "Odpowiedź nowym kolorem po wejściu."


def test_changed_source_text_becomes_fuzzy_with_its_previous_text(tmp_path: Path) -> None:
    doc = load_document(SOURCE)
    path = tmp_path / "en.po"
    path.write_bytes(CATALOG.read_bytes())
    first = doc.body[0]
    assert isinstance(first, Paragraph)
    # A text wholly rewritten: too unlike its old self for msgmerge's fuzzy
    # matching, its element still carries the translation over.
    changed = dataclasses.replace(doc, body=(dataclasses.replace(first, text="Nowy tekst."), *doc.body[1:]))
    result = update(path, extract(changed, "en"), "en")
    assert (result.added, result.fuzzied) == (1, 1)  # przyklad-1 is new; wstep changed
    write_catalog(result.data, path)
    merged = read_catalog(path)
    entry = next(m for m in merged if m.context == "wstep")
    assert entry.fuzzy and entry.previous_id == ["Zażółć gęślą jaźń — *ważne* zasady dla 1♣, 1♦, 1♥ i 1♠."]
    assert entry.string.startswith("Sample sentence")
    assert translate(changed, "en", merged).untranslated >= {"wstep"}
    kept = next(m for m in merged if m.context == "kontra-bi")
    assert kept.string == "a double with less than opening strength" and not kept.fuzzy
    assert '#| msgid "Zażółć gęślą jaźń' in path.read_text(encoding="utf-8")


def test_catalog_syntax_errors_name_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.po"
    bad.write_text('msgid ""\nmsgstr ""\n\nmsgctxt "a"\nmsgid "x"\nmsgstr "y"\n\nmsgid "z"\n', encoding="utf-8")
    with pytest.raises(DiagnosticError) as info:
        read_catalog(bad)
    (diagnostic,) = info.value.diagnostics
    assert (diagnostic.path.endswith("bad.po"), diagnostic.line) == (True, 8)
    assert diagnostic.message.startswith("catalog syntax: missing msgstr")


def test_lint_finds_lost_numbers_and_suits() -> None:
    catalog = read_catalog(CATALOG)
    assert list(lint(catalog)) == []
    for message in catalog:
        if message.context == "wstep":
            message.string = "Rules for 1♣ and 2♦."
    problems = [text for _, text in lint(catalog, "pl", "en")]
    assert problems == [
        "numbers differ: source has 1 1 1, translation has 2",
        "calls differ: the source has 1♠ 1♥ 1♦, the translation has 2♦",
        "suits differ: the source has ♠♥, the translation has none more",
    ]


def test_update_is_stable_when_an_untranslated_text_changes(tmp_path: Path) -> None:
    # An entry with no translation has nothing to review: no previous text is
    # kept, and a second update writes the same bytes (it once did not).
    doc = load_document(SOURCE)
    path = tmp_path / "ru.po"
    write_catalog(update(path, extract(doc, "ru"), "ru").data, path)
    first = doc.body[0]
    assert isinstance(first, Paragraph)
    changed = dataclasses.replace(doc, body=(dataclasses.replace(first, text="Nowy tekst."), *doc.body[1:]))
    result = update(path, extract(changed, "ru"), "ru")
    write_catalog(result.data, path)
    assert result.fuzzied == 0 and not next(m for m in read_catalog(path) if m.context == "wstep").previous_id
    assert update(path, extract(changed, "ru"), "ru").data == path.read_bytes()


def test_an_edit_that_moves_lines_changes_no_catalog(tmp_path: Path) -> None:
    """Locations name the file, not the line: a comment added at the top of a
    document leaves every catalog as it was (it rewrote every entry's '#:')."""
    import shutil

    from conftest import FIXTURES, run_handbook

    root = tmp_path / "mini"
    shutil.copytree(FIXTURES / "mini", root)
    args = ["--source", str(root / "source"), "--translations", str(root / "translations")]
    assert run_handbook("i18n", "update", *args).returncode == 0
    before = {p: p.read_bytes() for p in (root / "translations").rglob("*.po")}
    document = root / "source" / "mini-rules.yaml"
    document.write_text("# A note for editors.\n# Another.\n" + document.read_text(encoding="utf-8"), encoding="utf-8")
    check = run_handbook("i18n", "update", "--check", *args)
    assert check.returncode == 0, check.stderr
    assert {p: p.read_bytes() for p in (root / "translations").rglob("*.po")} == before


def test_document_texts_carry_no_python_format_flags() -> None:
    """'{auction}`1♣`' is the handbook's markup, not a Python format string:
    msgfmt must not check such entries as one. Interface strings keep theirs."""
    from conftest import ROOT

    for path in (ROOT / "translations").rglob("*.po"):
        text = path.read_text(encoding="utf-8")
        if path.stem == "handbook":
            assert "#, python-format\nmsgid \"Translated: %(translated)s" in text
        else:
            assert "python-brace-format" not in text and "python-format" not in text, path


def _catalog_of(root: Path) -> str:
    return (root / "translations" / "en" / "LC_MESSAGES" / "mini-rules.po").read_text(encoding="utf-8")


def _update(root: Path) -> None:
    from conftest import run_handbook

    result = run_handbook("i18n", "update", "--source", str(root / "source"),
                          "--translations", str(root / "translations"))
    assert result.returncode == 0, result.stderr


def _mini(tmp_path: Path) -> Path:
    import shutil

    from conftest import FIXTURES

    root = tmp_path / "mini"
    shutil.copytree(FIXTURES / "mini", root)
    _update(root)
    return root


def test_a_deleted_element_keeps_its_translation_as_an_obsolete_entry(tmp_path: Path) -> None:
    root = _mini(tmp_path)
    document = root / "source" / "mini-rules.yaml"
    text = document.read_text(encoding="utf-8")
    definition = "      - definition: kontra-bi\n        term: Kontra bi\n        text: kontra z siłą mniejszą niż otwarcie\n"
    assert 'msgctxt "kontra-bi"\nmsgid "kontra z siłą mniejszą niż otwarcie"\nmsgstr "' in _catalog_of(root)
    document.write_text(text.replace(definition, ""), encoding="utf-8")
    _update(root)
    catalog = _catalog_of(root)
    assert '#~ msgctxt "kontra-bi"\n#~ msgid "kontra z siłą mniejszą niż otwarcie"\n#~ msgstr "' in catalog
    assert '\nmsgctxt "kontra-bi"' not in catalog
    _update(root)  # a second update leaves it as it is
    assert _catalog_of(root) == catalog
    document.write_text(text, encoding="utf-8")  # the element comes back: so does its translation
    _update(root)
    revived = _catalog_of(root)
    assert '\nmsgctxt "kontra-bi"\nmsgid "kontra z siłą mniejszą niż otwarcie"\nmsgstr "' in revived
    assert '#~ msgctxt "kontra-bi"' not in revived


def test_a_renamed_element_takes_its_translation_and_its_state_with_it(tmp_path: Path) -> None:
    # Issue 23: its text unchanged, a renamed element asks for no review (it
    # once turned fuzzy in every language).
    root = _mini(tmp_path)
    document = root / "source" / "mini-rules.yaml"
    text = document.read_text(encoding="utf-8")
    before = _catalog_of(root)
    translation = before.split('msgctxt "kontra-bi"\nmsgid "kontra z siłą mniejszą niż otwarcie"\nmsgstr ', 1)[1]
    translation = translation.split("\n", 1)[0]
    assert translation != '""'
    document.write_text(text.replace("definition: kontra-bi", "definition: kontra-bi-nowa")
                        .replace("term: Kontra bi\n", "term: Kontra bi\n", 1), encoding="utf-8")
    _update(root)
    catalog = _catalog_of(root)
    assert ('#: source/mini-rules.yaml\nmsgctxt "kontra-bi-nowa"\nmsgid "kontra z siłą mniejszą niż otwarcie"\n'
            'msgstr ' + translation) in catalog.replace(str(root) + "/", "")
    assert '#| msgctxt "kontra-bi"' not in catalog
    assert '#~ msgctxt "kontra-bi"\n#~ msgid "kontra z siłą mniejszą niż otwarcie"' not in catalog


def test_a_translation_is_counted_against_the_originals_texts() -> None:
    # The Russian notes' answer tables: cells "3т", "3б" translated "3♣", "3♦"
    # hold no word any more, and the page once said "207 of 207 texts".
    from conftest import ROOT

    doc = load_document(ROOT / "source" / "russian-system-notes.yaml")
    english = translate(doc, "en", read_catalog(ROOT / "translations" / "en" / "LC_MESSAGES" /
                                                "russian-system-notes.po"))
    total = sum(1 for _ in doc.messages())
    assert sum(1 for _ in english.messages()) < total  # what the bug counted
    assert english.texts == total and not english.untranslated


# --- issue 23: pins for one-line bugs that no test caught ------------------------


def test_a_carriage_return_escape_reads_as_a_carriage_return() -> None:
    from babel.messages.pofile import read_po
    import io

    from build_tools.i18n.pofile import parse_po

    po = (b'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
          b'msgctxt "a"\nmsgid "one\\rtwo\\tthree\\nfour"\nmsgstr ""\n"uno\\r"\n"dos"\n')
    (mine,) = [m for m in parse_po(po, "x.po").catalog if m.id]
    assert mine.id == "one\rtwo\tthree\nfour" and mine.string == "uno\rdos"
    (babels,) = [m for m in read_po(io.BytesIO(po)) if m.id]
    assert (babels.id, babels.string) == (mine.id, mine.string)


def test_the_writer_escapes_every_control_character_a_text_can_hold(tmp_path: Path) -> None:
    import subprocess

    import polib

    po = polib.POFile()
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8"}
    po.append(polib.POEntry(msgctxt="a", msgid="bell\a back\b feed\f tab\v end", msgstr=""))
    data = catalog_bytes(po)
    for escape in (b"bell\\a", b"back\\b", b"feed\\f", b"tab\\v"):
        assert escape in data, data
    assert not any(char in data for char in b"\a\b\f\v")
    path = tmp_path / "controls.po"
    path.write_bytes(data)
    proc = subprocess.run(["msgfmt", "-o", "/dev/null", str(path)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_entries_that_share_an_element_id_are_not_carried_onto_its_new_text(tmp_path: Path) -> None:
    """Two texts of one element (a catalog made before its cells had ids of
    their own) and one text now: which translation goes with it is unknown,
    so neither is carried; each stays whole, as an obsolete entry."""
    import polib

    from build_tools.i18n.catalogs import new_catalog

    old = new_catalog("en", "d")
    old.append(polib.POEntry(msgctxt="tabela", msgid="3 ч", msgstr="3 C"))
    old.append(polib.POEntry(msgctxt="tabela", msgid="4 ч", msgstr="4 C"))
    path = tmp_path / "d.po"
    path.write_bytes(catalog_bytes(old))
    template = new_catalog("en", "d")
    template.append(polib.POEntry(msgctxt="tabela", msgid="3 б", msgstr=""))
    merged = polib.pofile(update(path, template, "en").data.decode("utf-8"))
    (current,) = [e for e in merged if not e.obsolete]
    assert (current.msgid, current.msgstr) == ("3 б", "")
    assert sorted((e.msgid, e.msgstr) for e in merged.obsolete_entries()) == [("3 ч", "3 C"), ("4 ч", "4 C")]


def test_the_lint_leaves_fuzzy_messages_alone() -> None:
    """A fuzzy message is a draft against another text: it is never published,
    and what it lacks of the current text is no mistake to report."""
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale="en")
    catalog.add("Otwarcie 1♣ – 12-17 PC.", "Opening 1♣ – 12-18 HCP.", context="otwarcie")
    assert [problem for _, problem in lint(catalog, "pl", "en")]  # the slip is found while it is current
    catalog.get("Otwarcie 1♣ – 12-17 PC.", "otwarcie").flags.add("fuzzy")
    assert list(lint(catalog, "pl", "en")) == []


def test_the_writer_lays_a_catalog_out_as_msgcat_does_chinese_included(tmp_path: Path) -> None:
    """polib alone wraps before blanks and not Chinese at all: the writer's
    bytes are GNU msgcat's at the stated width."""
    import subprocess

    import polib

    from build_tools.i18n.catalogs import WIDTH, new_catalog

    po = new_catalog("zh_CN", "d")
    po.append(polib.POEntry(
        msgctxt="kontra-bi", msgid="Kontra z siłą mniejszą niż otwarcie, po otwarciu partnera i wejściu przeciwnika "
        "w kolor, pokazuje starsze kolory.",
        msgstr="同伴开叫、对方争叫之后，实力不足开叫的加倍表示高花套，叫牌者至少持有四张红心和四张黑桃，并且没有对方花色的止张。",
        comment="en: A double with less than opening strength, after partner's opening and an overcall, "
                "shows the majors."))
    data = catalog_bytes(po)
    path = tmp_path / "d.po"
    path.write_bytes(data)
    wanted = subprocess.run(["msgcat", f"--width={WIDTH}", str(path)], capture_output=True, check=True).stdout
    assert data == wanted
    assert str(po).encode("utf-8") + b"\n" != wanted  # polib's own layout is another
    assert all(len(line) <= 76 for line in data.decode("utf-8").splitlines() if line.startswith("#."))


def test_a_renamed_element_keeps_its_english_pivot_while_the_english_catalog_names_it_the_old_way(
        tmp_path: Path) -> None:
    # ``i18n update -l ru`` after an element is renamed: the English catalog,
    # not merged in this run, still holds its text under the old id. The text
    # unchanged and found under one old id only, that id's English is the pivot.
    path = tmp_path / "mini-rules.yaml"
    path.write_text(SOURCE.read_text(encoding="utf-8").replace("definition: kontra-bi\n", "definition: kontra-bi-nowa\n"),
                    encoding="utf-8")
    renamed = load_document(path)
    english = read_catalog(CATALOG)
    notes = {entry.msgctxt: entry.comment.splitlines() for entry in extract(renamed, "ru", english)}
    assert "en: a double with less than opening strength" in notes["kontra-bi-nowa"]
    assert "en: Bi double" in notes["kontra-bi-nowa.term"]
    # The same text under two old ids, gone both: which English was its is unknown, none is given.
    english.add("kontra z siłą mniejszą niż otwarcie", "a weak double", context="kontra-stara")
    notes = {entry.msgctxt: entry.comment.splitlines() for entry in extract(renamed, "ru", english)}
    assert not [note for note in notes["kontra-bi-nowa"] if note.startswith("en")]
    assert "en: Bi double" in notes["kontra-bi-nowa.term"]
