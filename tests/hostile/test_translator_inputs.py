"""Bad input round four, the translators' side (issue 37, items 3, 6, 7 and 8):
one byte in a catalog or the glossary is a located line, never a traceback,
never a broken book, never data lost."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import polib

from build_tools.i18n.catalogs import catalog_bytes, extract
from build_tools.i18n.pofile import parse_po
from build_tools.loader import load_document
from conftest import FIXTURES, run_handbook

HEADER = 'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'


# --- 37.7: a comment ending in a backslash --------------------------------------


def test_normalize_refuses_a_translators_comment_that_msgcat_would_join(tmp_path: Path) -> None:
    path = tmp_path / "n.po"
    text = HEADER + '# note\\\nmsgctxt "a"\nmsgid "x"\nmsgstr "y"\n'
    path.write_text(text, encoding="utf-8")
    result = run_handbook("i18n", "normalize", str(path))
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [
        f"{path}:4:7: error: catalog syntax: a comment ending in '\\': GNU gettext joins the next line to it "
        "(the entry would lose that line); remove the backslash or write text after it"]
    assert path.read_text(encoding="utf-8") == text  # nothing written
    assert "Traceback" not in result.stderr


def test_a_comment_that_ends_otherwise_is_read_as_written() -> None:
    po = parse_po((HEADER + '# note\\ with more\n#. a\\b\nmsgctxt "a"\nmsgid "x"\nmsgstr "y"\n').encode(), "n.po")
    (message,) = [m for m in po.catalog if m.id]
    assert (message.context, message.user_comments, message.auto_comments) == ("a", ["note\\ with more"], ["a\\b"])


def test_an_authors_comment_ending_in_a_backslash_keeps_its_entry_whole(tmp_path: Path) -> None:
    source = (FIXTURES / "mini" / "source" / "mini-rules.yaml").read_text(encoding="utf-8")
    anchor = "- paragraph: wstep"
    assert source.count(anchor) == 1
    indent = source[: source.index(anchor)].rsplit("\n", 1)[1]
    path = tmp_path / "mini-rules.yaml"
    path.write_text(source.replace(anchor, f"# see C:\\\n{indent}{anchor}"), encoding="utf-8")
    data = catalog_bytes(extract(load_document(path), "en"))
    po = parse_po(data, "x.po")  # the strict reader takes it: no comment ends in '\'
    entry = next(m for m in po.catalog if m.context == "wstep")
    assert entry.auto_comments == ["see C:\\"]
    assert polib.pofile(data.decode("utf-8")).find("wstep", by="msgctxt") is not None


# --- helpers ---------------------------------------------------------------------


def mini_copy(tmp_path: Path) -> tuple[Path, list[str]]:
    root = tmp_path / "mini"
    shutil.copytree(FIXTURES / "mini", root)
    return root, ["--source", str(root / "source"), "--translations", str(root / "translations")]


def dedent(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


# --- 37.8: add-language ----------------------------------------------------------


def test_a_title_of_two_lines_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    root, args = mini_copy(tmp_path)
    manifest = (root / "source" / "handbook.yaml").read_text(encoding="utf-8")
    refused = run_handbook("i18n", "add-language", "de", "--title", "A\nB", *args)
    assert refused.returncode == 2, refused.stderr
    assert refused.stderr.strip().splitlines() == [
        "handbook: error: --title: the title must be one line, without control characters"]
    assert (root / "source" / "handbook.yaml").read_text(encoding="utf-8") == manifest
    assert not (root / "translations" / "de").exists()
    retried = run_handbook("i18n", "add-language", "de", "--title", "Regeln", *args)
    assert retried.returncode == 0, retried.stderr


def test_a_failed_step_leaves_the_manifest_and_the_catalogs_as_they_were(tmp_path: Path, monkeypatch) -> None:
    from build_tools.cli import main
    from build_tools.commands import i18n
    from build_tools.diagnostics import Diagnostic, DiagnosticError

    root, args = mini_copy(tmp_path)
    manifest = (root / "source" / "handbook.yaml").read_text(encoding="utf-8")

    def fails(*_: object, **__: object) -> int:
        (root / "translations" / "de" / "LC_MESSAGES").mkdir(parents=True)
        (root / "translations" / "de" / "LC_MESSAGES" / "handbook.po").write_text("half", encoding="utf-8")
        raise DiagnosticError([Diagnostic("x.po", 1, 1, "msgmerge: disk full")])

    monkeypatch.setattr(i18n, "_update", fails)
    assert main(["i18n", "add-language", "de", "--title", "Regeln", *args]) == 1
    assert (root / "source" / "handbook.yaml").read_text(encoding="utf-8") == manifest
    assert not (root / "translations" / "de").exists()


def test_a_code_that_names_no_language_of_its_own_is_refused(tmp_path: Path) -> None:
    root, args = mini_copy(tmp_path)
    for code, why in (("und", "'und' is no language of its own (Babel reads it as 'en')"),
                      ("deu", "'deu' is no language of its own (Babel reads it as 'de')"),
                      ("mul", "unknown language 'mul'"), ("de-DE", "unknown language 'de-DE'")):
        refused = run_handbook("i18n", "add-language", code, *args)
        assert refused.returncode == 2 and why in refused.stderr, (code, refused.stderr)
    assert "und" not in (root / "source" / "handbook.yaml").read_text(encoding="utf-8")


def test_every_language_babel_knows_gets_a_skeleton_that_is_python() -> None:
    from babel.localedata import locale_identifiers

    from build_tools.bridge import Call, notation
    from build_tools.document import is_language
    from build_tools.i18n.new_language import profile_skeleton

    codes = sorted({c for c in locale_identifiers() if is_language(c)})
    assert {"nqo", "de", "pt_BR", "yue"} <= set(codes) and "und" not in codes
    for code in codes:
        constant, _, expression = profile_skeleton(code).partition(" = ")
        assert constant.isidentifier(), code
        made = eval(expression, vars(notation))  # noqa: S307 (the skeleton is ours)
        assert made.locale == code and made.format_call(Call.parse("1NT")) == "1NT"


# --- 37.8: pofilter's alarms at their entries --------------------------------------


def test_pofilter_names_the_line_of_an_entry_without_context_or_on_wrapped_lines(tmp_path: Path) -> None:
    from build_tools.i18n import pofilter

    config = pofilter.read_config(FIXTURES.parent.parent / "translations")
    catalog = tmp_path / "x.po"
    catalog.write_text(HEADER + dedent('''
        msgid "Three cards"
        msgstr "Trzy karty"

        msgid "Page 3 of 4"
        msgstr "Strona 3 z 5"

        msgctxt "long"
        msgid ""
        "A sentence long enough to be wrapped by msgcat, holding the numbers 12 and "
        "14 on its second line."
        msgstr ""
        "Zdanie dość długie, by msgcat je zawinął, z liczbami 12 i 15 w drugim "
        "wierszu."
        '''), encoding="utf-8")
    found = [(a.line, a.test, a.context) for a in pofilter.alarms(catalog, "pl", config)]
    assert found == [(7, "numbers", "Page 3 of 4"), (10, "numbers", "long")]


# --- 37.8: the sources read from another folder -------------------------------------


def test_update_from_a_copy_of_the_sources_elsewhere_changes_no_catalog(tmp_path: Path) -> None:
    root, args = mini_copy(tmp_path)
    assert run_handbook("i18n", "update", *args).returncode == 0
    elsewhere = tmp_path / "far" / "away" / "source"
    shutil.copytree(root / "source", elsewhere)
    again = run_handbook("i18n", "update", "--check", "--source", str(elsewhere),
                         "--translations", str(root / "translations"))
    assert again.returncode == 0, again.stdout + again.stderr
    catalog = (root / "translations" / "en" / "LC_MESSAGES" / "mini-rules.po").read_text(encoding="utf-8")
    assert "#: source/mini-rules.yaml\n" in catalog and str(tmp_path) not in catalog


# --- 37.8: a question's label with a control character ------------------------------


def test_a_label_with_a_control_character_is_refused_at_its_line(tmp_path: Path) -> None:
    root, args = mini_copy(tmp_path)
    path = root / "source" / "mini-rules.yaml"
    text = path.read_text(encoding="utf-8")
    declared = ('questions:\n  - question: seating\n    text: Seats?\n    answers:\n'
                '      - {answer: kept, label: "Kept\\x01 here", tone: permitted}\n')
    path.write_text(text.replace("body:", declared + "body:", 1), encoding="utf-8")
    line = text[: text.index("body:")].count("\n") + 5
    for command in (["validate", str(path)], ["i18n", "update", *args]):
        result = run_handbook(*command)
        assert result.returncode != 0 and "Traceback" not in result.stderr, result.stderr
        assert result.stderr.strip().splitlines() == [
            f"{path}:{line}:31: error: document 'questions.0.answers.0.label': one line of text without "
            "control characters, not 'Kept\\x01 here'"], command


# --- 37.3 and 37.8: interface translations the build cannot use ------------------------

#: The Polish interface catalog of the fixture, one entry each: good, a brace,
#: a control character, a placeholder the template does not give.
INTERFACE = {
    "Issued by": "Wydane przez",
    "Regulation": "Regulamin {",
    "Edition: %(edition)s": "Wydanie: %(nope)s",
    "Contents": "Spis\x01treści",
}


def polish_interface(root: Path, strings: dict[str, str] = INTERFACE) -> Path:
    """A Polish interface catalog for the fixture, each string on lines of its own."""
    path = root / "translations" / "pl" / "LC_MESSAGES" / "handbook.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    entries = [HEADER.rstrip("\n")]
    for msgid, msgstr in strings.items():
        flag = "#, python-format\n" if "%(" in msgid else ""
        entries.append(f'{flag}msgid "{msgid}"\nmsgstr "{msgstr}"')
    path.write_text("\n\n".join(entries) + "\n", encoding="utf-8")
    return path


def line_of(path: Path, text: str) -> int:
    return path.read_text(encoding="utf-8").split(text)[0].count("\n") + 1


def test_check_calls_each_broken_interface_translation_an_error_at_its_line(tmp_path: Path) -> None:
    root, args = mini_copy(tmp_path)
    path = polish_interface(root)
    result = run_handbook("i18n", "check", "-l", "pl", *args)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    errors = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert errors == [
        f"{path}:{line_of(path, 'Regulamin')}:19: error: msgid 'Regulation': the translation has 1 '{{', the "
        "English 0: it would reach the page and the PDF as markup",
        f"{path}:{line_of(path, 'Wydanie')}:18: error: placeholder '%(nope)s' is not in the source text "
        "(it has %(edition)s)",
        f"{path}:{line_of(path, 'Wydanie')}:1: error: placeholder '%(edition)s' of the source text is missing "
        "from the translation",
        f"{path}:{line_of(path, 'Spis')}:13: error: catalog syntax: control character U+0001 (write \\n, \\t, "
        "... for the ones a text may hold)"], result.stderr


def test_the_build_shows_the_english_of_a_broken_interface_translation_and_says_where(tmp_path: Path) -> None:
    root, args = mini_copy(tmp_path)
    path = polish_interface(root)
    build = tmp_path / "build"
    result = run_handbook("build", "--render-only", *args, "--build-dir", str(build))
    assert result.returncode == 0, result.stderr
    warned = [line for line in result.stderr.splitlines() if line.startswith(str(path))]
    assert [line.split(":")[1] for line in warned] == [
        str(line_of(path, text)) for text in ("Regulamin", "Wydanie", "Wydanie", "Spis")]
    assert all(line.endswith("(the English is shown)") and ": warning: " in line for line in warned)
    page = (build / "myst" / "pl" / "mini-rules.md").read_text(encoding="utf-8")
    titles = (build / "myst" / "pl" / "title-pages.json").read_text(encoding="utf-8")
    assert "Regulation · Wydane przez" in page  # the good entry is published, the broken one is not
    assert "Regulamin" not in page + titles and "%(nope)s" not in titles and "Wydanie" not in titles
    assert '"Edition: 2026"' in titles
    assert (build / "myst" / "en" / "mini-rules.md").exists()  # the other language is built too
    strict = run_handbook("build", "--render-only", "--strict", *args, "--build-dir", str(tmp_path / "strict"))
    assert strict.returncode != 0 and f"{path}:{line_of(path, 'Regulamin')}:19: error:" in strict.stderr
