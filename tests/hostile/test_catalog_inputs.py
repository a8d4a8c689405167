"""Hostile and careless catalogs: a table of broken ``.po`` files, each answered
by located lines (file:line:col: error: reason) and never by a traceback or a
silently wrong translation.

Each case edits the fixture handbook's English catalog (replacing one piece of
its text, or the whole file) and reads it twice, as the build does
(``read_catalog``) and as a translator does (``handbook i18n check``), from the
copy's folder. Further tables and tests cover what ``i18n check`` reports of
catalogs that read cleanly, and the ``-l`` option and write failures of
``i18n update``.
"""

from __future__ import annotations

import errno
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from build_tools.cli import main
from build_tools.diagnostics import DiagnosticError
from build_tools.i18n import read_catalog, translate
from build_tools.loader import load_document
from conftest import FIXTURES, run_handbook

EN = "translations/en/LC_MESSAGES/mini-rules.po"
UI = "translations/pl/LC_MESSAGES/handbook.po"  # the interface catalog (the document is Polish)

# Lines of the fixture catalog (tests/fixtures/mini/translations/en/LC_MESSAGES/mini-rules.po).
COMMENT = "# mini-rules: translation into en (test fixture: complete but for two entries).\n"  # line 1
HEADER_START = 'msgid ""\nmsgstr ""\n'  # lines 2-3
LANGUAGE = '"Language: en\\n"'  # line 5
MIME = '"MIME-Version: 1.0\\n"'  # line 6
CHARSET = "charset=utf-8"  # line 7, from column 27
MSGID = 'msgid "Zasady próbne"\n'  # line 11
MSGSTR = 'msgstr "Trial rules"'  # line 12
ISSUER = 'msgctxt "mini-rules.issuer"'  # line 14
ISSUER_MSGID = 'msgid "Związek Brydżowy Żółwi"'  # line 15
ISSUER_MSGSTR = 'msgstr "Turtle Bridge Union"'  # line 16
WSTEP = 'msgctxt "wstep"'  # line 18

SYNTAX = "catalog syntax: "
KEYWORD_OR_STRING = "expected a keyword (msgctxt, msgid, msgid_plural, msgstr, msgstr[N]) or a string"


@dataclass(frozen=True)
class Case:
    name: str
    old: str  # the text of the catalog replaced ("" to replace the whole file)
    new: str | bytes
    expected: tuple[str, ...]  # every diagnostic, exactly, in file order


def case(name: str, old: str, new: str | bytes, *expected: str) -> Case:
    return Case(name, old, new, tuple(f"{EN}:{line}" for line in expected))


CASES = [
    # --- strings ---------------------------------------------------------------------
    case("unclosed-quote", MSGSTR, 'msgstr "Regulamin',
         "12:8: error: catalog syntax: string not closed: the line ends before its closing '\"'"),
    case("unclosed-quote-in-the-middle-of-the-file", ISSUER_MSGSTR, 'msgstr "Turtle Bridge Union',
         "16:8: error: catalog syntax: string not closed: the line ends before its closing '\"'"),
    case("unescaped-quote-inside", MSGSTR, 'msgstr "Trial "rules""',
         "12:15: error: catalog syntax: '\"' inside a string must be written \\\""),
    case("two-strings-on-one-line", MSGSTR, 'msgstr "Trial" " rules"',
         "12:16: error: catalog syntax: a second string on the same line (each string goes on a line of its own)"),
    case("text-after-the-string", MSGSTR, 'msgstr "Trial rules";',
         "12:21: error: catalog syntax: text after the closing '\"': ';'"),
    case("bad-escape", MSGSTR, 'msgstr "Trial\\q rules"',
         "12:14: error: catalog syntax: invalid escape '\\q' (valid: \\\\ \\\" \\n \\t \\r)"),
    case("backslash-ending-the-line", MSGSTR, 'msgstr "Trial rules\\',
         "12:8: error: catalog syntax: string not closed: the line ends before its closing '\"'"),
    case("unterminated-continuation", MSGSTR, 'msgstr ""\n"Trial rules',
         "13:1: error: catalog syntax: string not closed: the line ends before its closing '\"'"),
    case("continuation-string-before-any-keyword", COMMENT, '"Trial rules"\n',
         "1:1: error: catalog syntax: string without a keyword before it"),
    case("nul-byte", MSGSTR, 'msgstr "Trial\x00 rules"', "12:14: error: catalog syntax: NUL byte"),
    case("raw-control-character", MSGSTR, 'msgstr "Trial\x1b[31m rules"',
         "12:14: error: catalog syntax: control character U+001B (write \\n, \\t, ... for the ones a text may hold)"),
    case("raw-control-character-in-a-comment", COMMENT, "# \x07ding\n",
         "1:3: error: catalog syntax: control character U+0007 (write \\n, \\t, ... for the ones a text may hold)"),
    # --- encoding ------------------------------------------------------------------------
    case("charset-klingon", CHARSET, "charset=klingon-42",
         "7:36: error: catalog charset is 'klingon-42', but catalogs are UTF-8 "
         "(write charset=UTF-8, and save the file as UTF-8)"),
    case("charset-latin2-and-latin2-bytes", "", (
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=ISO-8859-2\\n"\n\n'
        + ISSUER + "\n" + ISSUER_MSGID + "\n" + ISSUER_MSGSTR + "\n").encode("iso-8859-2"),
         "3:36: error: catalog charset is 'ISO-8859-2', but catalogs are UTF-8 "
         "(write charset=UTF-8, and save the file as UTF-8)",
         "6:11: error: not UTF-8: byte 0xB1 (catalogs are UTF-8; save the file as UTF-8)"),
    case("invalid-utf8-byte", ISSUER_MSGSTR, b'msgstr "Turtle \xff Bridge Union"',
         "16:16: error: not UTF-8: byte 0xFF (catalogs are UTF-8; save the file as UTF-8)"),
    case("utf8-cut-in-the-middle-of-a-character", MSGSTR, b'msgstr "Trial rules \xe2\x80"',
         "12:21: error: not UTF-8: byte 0xE2 (catalogs are UTF-8; save the file as UTF-8)"),
    # A byte order mark is skipped: columns of the first line count from after it.
    case("byte-order-mark-then-a-bad-line", COMMENT, '\ufeffmsgtsr "x"\n',
         f"1:1: error: {SYNTAX}{KEYWORD_OR_STRING}, found 'msgtsr'"),
    # --- entries ---------------------------------------------------------------------------
    case("missing-msgid", MSGID, "", "11:1: error: catalog syntax: msgstr without a msgid before it"),
    case("msgstr-before-msgid", MSGID + MSGSTR, MSGSTR + "\n" + MSGID.rstrip("\n"),
         "11:1: error: catalog syntax: msgstr without a msgid before it"),
    case("missing-msgstr", MSGID + MSGSTR + "\n", MSGID,
         "11:1: error: catalog syntax: missing msgstr for msgid 'Zasady próbne'"),
    case("msgstr-alone", "", 'msgstr "Trial rules"\n',
         "1:1: error: catalog syntax: msgstr without a msgctxt and msgid before it"),
    case("stray-text-line", MSGSTR, MSGSTR + "\nRegulamin", f"13:1: error: {SYNTAX}{KEYWORD_OR_STRING}, found 'Regulamin'"),
    case("misspelt-keyword", MSGSTR, 'msgtsr "Trial rules"', f"12:1: error: {SYNTAX}{KEYWORD_OR_STRING}, found 'msgtsr'"),
    case("keyword-without-string", MSGSTR, "msgstr",
         "12:7: error: catalog syntax: msgstr must be followed by a string in double quotes"),
    case("file-cut-short", "", HEADER_START + '"Language: en\\n"\n\nmsgctxt "mini-rules"\nmsgid "Zasady pr',
         "6:7: error: catalog syntax: string not closed: the line ends before its closing '\"'"),
    case("second-msgstr", MSGSTR, MSGSTR + '\nmsgstr "Rules"',
         "13:1: error: catalog syntax: second msgstr: the entry at line 10 already has one "
         "(each msgstr needs a msgid of its own)"),
    case("comment-between-msgid-and-msgstr", MSGSTR, "# check this\n" + MSGSTR,
         "12:1: error: catalog syntax: comment inside the entry at line 10 (comments go before its msgctxt or msgid)"),
    case("empty-msgid", MSGID, 'msgid ""\n',
         "11:1: error: empty msgid: only the header, the first entry, has msgid \"\""),
    case("obsolete-line-inside-a-current-entry", MSGSTR, "#~ " + MSGSTR,
         "12:4: error: catalog syntax: an obsolete '#~' line inside the entry at line 10"),
    case("duplicate-msgctxt", ISSUER, 'msgctxt "mini-rules"\nmsgid "Zasady próbne"\nmsgstr "Rules"\n\n' + ISSUER,
         "14:1: error: duplicate entry: msgctxt 'mini-rules' is already at line 10"),
    # --- plural forms --------------------------------------------------------------------------
    case("plural-index-without-msgid_plural", MSGSTR, 'msgstr[0] "Trial rules"',
         "12:1: error: catalog syntax: msgstr[0] without msgid_plural (a message without plural forms has one msgstr)"),
    case("msgstr-after-msgid_plural", MSGSTR, 'msgid_plural "Zasady"\n' + MSGSTR,
         "13:1: error: catalog syntax: msgstr after msgid_plural (the translations are msgstr[0], msgstr[1], ...)"),
    case("plural-index-skipped", MSGSTR, 'msgid_plural "Zasady"\nmsgstr[0] "Rule"\nmsgstr[2] "Rules"',
         "14:1: error: catalog syntax: msgstr[2] where msgstr[1] was expected"),
    case("more-plural-forms-than-the-header-says", MSGSTR,
         'msgid_plural "Zasady"\nmsgstr[0] "Rule"\nmsgstr[1] "Rules"\nmsgstr[2] "Ruless"',
         "15:1: error: msgstr[2], but the header's Plural-Forms has nplurals=2"),
    # --- the header ---------------------------------------------------------------------------------
    case("header-not-first", HEADER_START, 'msgctxt "x"\nmsgid "y"\nmsgstr "z"\n\n' + HEADER_START,
         "6:1: error: the header (msgid \"\") must be the first entry; the entry at line 2 comes before it"),
    case("header-line-not-name-colon-value", MIME, '"MIME-Version 1.0\\n"',
         "6:2: error: header line is not 'Name: value': 'MIME-Version 1.0'"),
    case("language-that-is-a-path", LANGUAGE, '"Language: ../../x\\n"',
         "5:12: error: Language: '../../x' is not a language code such as pl or zh_CN"),
    case("plural-forms-not-a-number", MIME, MIME + '\n"Plural-Forms: nplurals=two; plural=(n != 1);\\n"',
         "7:25: error: Plural-Forms: nplurals must be a whole number from 1 to 99, found 'two'"),
    case("plural-forms-bad-expression", MIME, MIME + '\n"Plural-Forms: nplurals=2; plural=n !=;\\n"',
         "7:35: error: Plural-Forms: plural=n !=: unexpected end of plural form"),
    # --- every problem of a file, in file order -------------------------------------------------------
    case("two-problems-both-reported", MSGSTR + "\n\n" + ISSUER + "\n" + ISSUER_MSGID,
         'msgstr "Trial rules\n\n' + ISSUER + "\n" + 'msgid "Związek\\x"',
         "12:8: error: catalog syntax: string not closed: the line ends before its closing '\"'",
         "15:15: error: catalog syntax: invalid escape '\\x' (valid: \\\\ \\\" \\n \\t \\r)"),
    # --- found by chance by the fuzzing once (test_catalog_fuzz), kept here for certain --------------
    # Two entries with one msgid and no msgctxt: the second is named by its msgid.
    case("duplicate-msgid-without-msgctxt", ISSUER + "\n" + ISSUER_MSGID,
         'msgid "Zasady"\nmsgstr "Rules"\n\nmsgid "Zasady"',
         "17:1: error: duplicate entry: msgid 'Zasady' is already at line 14"),
    # A '#:' line Babel cannot split into locations (an isolate U+2068 never closed).
    case("location-comment-with-an-unclosed-isolate", ISSUER, "#: \u2068source/mini rules.yaml\n" + ISSUER,
         "14:1: error: location comment: location comment contains more First Strong Isolate characters, "
         "than Pop Directional Isolate characters"),
]


@pytest.fixture
def handbook(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A writable copy of the fixture handbook, made the working folder."""
    target = tmp_path / "mini"
    shutil.copytree(FIXTURES / "mini", target)
    monkeypatch.chdir(target)
    return target


def apply(path: Path, old: str, new: str | bytes) -> None:
    data = path.read_bytes() if path.exists() else b""
    replacement = new if isinstance(new, bytes) else new.encode("utf-8")
    if old:
        assert data.count(old.encode("utf-8")) == 1, f"the fixture changed: {old!r} is not in it once"
        path.write_bytes(data.replace(old.encode("utf-8"), replacement))
    else:
        path.write_bytes(replacement)


def run(*args: str) -> int | str | None:
    try:
        return main(list(args))
    except SystemExit as exc:  # argparse exits by itself on bad options
        return exc.code


def test_the_table_is_large_and_names_are_unique() -> None:
    assert len(CASES) >= 20
    assert len({c.name for c in CASES}) == len(CASES)


@pytest.mark.parametrize("bad", CASES, ids=[c.name for c in CASES])
def test_bad_catalog_gets_located_lines(bad: Case, handbook: Path, capsys: pytest.CaptureFixture[str]) -> None:
    apply(handbook / EN, bad.old, bad.new)
    with pytest.raises(DiagnosticError) as info:
        read_catalog(Path(EN))
    assert tuple(str(d) for d in info.value.diagnostics) == bad.expected
    # The translator's command reports the same lines, and fails.
    assert run("i18n", "check", "-l", "en") == 1
    assert tuple(capsys.readouterr().err.splitlines()) == bad.expected


def test_a_broken_catalog_never_publishes_a_truncated_text(
    handbook: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    apply(handbook / EN, MSGSTR, 'msgstr "Regulamin')
    # --strict: the build stops at the broken line.
    status = run("build", "--render-only", "--strict", "-l", "en", "--build-dir", str(handbook / "build"))
    err = capsys.readouterr().err
    assert (status, err.splitlines()) == (
        1, [f"{EN}:12:8: error: catalog syntax: string not closed: the line ends before its closing '\"'"])
    assert not list((handbook / "build").rglob("*.md"))
    # By default the other languages and documents go on; this one is shown in
    # the original, with the warning at the broken line.
    status = run("build", "--render-only", "-j", "1", "--build-dir", str(handbook / "build"))
    err = capsys.readouterr().err
    assert status == 0, err
    assert (f"{EN}:12:8: warning: catalog syntax: string not closed: the line ends before its closing '\"' "
            "(the original is shown)") in err.splitlines()
    page = next((handbook / "build").rglob("en/mini-rules.md")).read_text(encoding="utf-8")
    assert "Regulamin" not in page and "{hb-lang}`pl`Zasady próbne{hb-lang}`/`" in page


def test_the_shipped_catalogs_read_cleanly() -> None:
    result = run_handbook("i18n", "check")
    assert (result.returncode, result.stderr) == (0, "")


# --- what `i18n check` reports of catalogs that read ------------------------------------------------

UI_HEADER = 'msgid ""\nmsgstr ""\n"Language: pl\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
PROGRESS = "Translated: %(translated)s of %(total)s texts (%(percent)s %%)."


def ui_catalog(msgstr: str) -> str:
    """The interface catalog of Polish with one message (at lines 6-7)."""
    return UI_HEADER + f'msgid "{PROGRESS}"\nmsgstr "{msgstr}"\n'


@dataclass(frozen=True)
class CheckCase:
    name: str
    file: str
    old: str
    new: str
    language: str
    status: int
    expected: tuple[str, ...]  # stderr, exactly


CHECK_CASES = [
    CheckCase("unknown-msgctxt-with-a-hint", EN, WSTEP, 'msgctxt "wstepp"', "en", 1, (
        f"{EN}:18:1: error: msgctxt 'wstepp' is no text of 'mini-rules' (the build ignores it); "
        "did you mean 'wstep'?",)),
    CheckCase("unknown-msgctxt-without-a-hint", EN, WSTEP, 'msgctxt "zzz"', "en", 1, (
        f"{EN}:18:1: error: msgctxt 'zzz' is no text of 'mini-rules' (the build ignores it)",)),
    # Fine but for its place: msgcat writes obsolete entries last (a warning only).
    CheckCase("unknown-but-obsolete-msgctxt-is-fine", EN, WSTEP,
              '#~ msgctxt "gone"\n#~ msgid "Stary"\n#~ msgstr "Old"\n\n' + WSTEP, "en", 0, (
                  f"{EN}:18: warning: not normalized (laid out otherwise than msgcat --width=79 writes it); "
                  f"run 'handbook i18n normalize {EN}'",)),
    CheckCase("entry-without-msgctxt", EN, WSTEP + "\n", "", "en", 1, (
        f"{EN}:18:1: error: msgid 'Zażółć gęślą jaźń — *ważne* zasady dl...' has no msgctxt: "
        "each text of a document is keyed by the id of its element",)),
    CheckCase("one-msgctxt-two-texts", EN, ISSUER, 'msgctxt "mini-rules"\nmsgid "Stare zasady"\nmsgstr "Old"\n\n'
              + ISSUER, "en", 1, (
                  f"{EN}:14:1: error: msgctxt 'mini-rules' again (also at line 10): one entry per text",)),
    CheckCase("blank-translation", EN, MSGSTR, 'msgstr "   "', "en", 0, (
        f"{EN}:12:1: warning: 'mini-rules': the translation is only blanks (it counts as untranslated)",)),
    CheckCase("placeholder-misspelt", UI, "", ui_catalog("Przetłumaczono %(translated)s z %(totl)s (%(percent)s %%)."),
              "pl", 1, (
                  f"{UI}:7:41: error: placeholder '%(totl)s' is not in the source text "
                  "(it has %(percent)s, %(total)s, %(translated)s)",
                  f"{UI}:7:1: error: placeholder '%(total)s' of the source text is missing from the translation")),
    CheckCase("placeholder-missing", UI, "", ui_catalog("Przetłumaczono %(translated)s tekstów (%(percent)s %%)."),
              "pl", 1, (f"{UI}:7:1: error: placeholder '%(total)s' of the source text is missing from the translation",)),
    CheckCase("stray-percent-sign", UI, "",
              ui_catalog("Przetłumaczono %(translated)s z %(total)s (%(percent)s %)."), "pl", 1, (
                  f"{UI}:7:64: error: stray '%': write %% for a percent sign",)),
    CheckCase("positional-placeholder", UI, "",
              ui_catalog("Przetłumaczono %(translated)s z %(total)s (%(percent)s %s)."), "pl", 1, (
                  f"{UI}:7:64: error: placeholder '%s' is not in the source text "
                  "(it has %(percent)s, %(total)s, %(translated)s)",)),
    CheckCase("placeholders-kept", UI, "",
              ui_catalog("Przetłumaczono %(translated)s z %(total)s (%(percent)s %%)."), "pl", 0, ()),
    CheckCase("blank-interface-translation", UI, "", ui_catalog(" "), "pl", 0, (
        f"{UI}:7:1: warning: msgid 'Translated: %(translated)s of %(total...': the translation is only blanks",)),
]


@pytest.mark.parametrize("bad", CHECK_CASES, ids=[c.name for c in CHECK_CASES])
def test_check_reports_what_the_build_would_ignore_or_break_on(
    bad: CheckCase, handbook: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (handbook / bad.file).parent.mkdir(parents=True, exist_ok=True)
    apply(handbook / bad.file, bad.old, bad.new)
    assert run("i18n", "check", "-l", bad.language) == bad.status
    assert tuple(capsys.readouterr().err.splitlines()) == bad.expected


def test_a_blank_translation_is_not_published_nor_counted(handbook: Path, capsys: pytest.CaptureFixture[str]) -> None:
    apply(handbook / EN, MSGSTR, 'msgstr "   "')
    english = translate(load_document(Path("source/mini-rules.yaml")), "en", read_catalog(Path(EN)))
    assert english.title == "Zasady próbne"  # the original, marked, rather than an empty title
    assert "mini-rules" in english.untranslated
    assert run("i18n", "check", "-l", "en") == 0
    assert capsys.readouterr().out == f"{EN}: 14 of 17 translated (82 %), 1 fuzzy, 2 untranslated\n"


# --- the -l option ------------------------------------------------------------------------------------


@pytest.mark.parametrize("action", ["update", "check"])
@pytest.mark.parametrize("language", ["../../x", "xx", "en/../../.."])
def test_a_language_not_in_the_manifest_is_a_usage_error(
    action: str, language: str, handbook: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = sorted(p.relative_to(handbook.parent) for p in handbook.parent.rglob("*"))
    assert run("i18n", action, "-l", "en", "-l", language) == 2
    assert capsys.readouterr().err == (
        f"handbook: error: language {language!r} is not in source/handbook.yaml (it has pl, en)\n")
    assert sorted(p.relative_to(handbook.parent) for p in handbook.parent.rglob("*")) == before


def test_a_repeated_language_is_done_once(handbook: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("i18n", "check", "-l", "en", "-l", "en") == 0
    assert capsys.readouterr().out == f"{EN}: 15 of 17 translated (88 %), 1 fuzzy, 1 untranslated\n"


def test_a_usage_error_is_no_traceback_from_the_command_line(handbook: Path) -> None:
    result = run_handbook("i18n", "update", "-l", "../../x", cwd=handbook)
    assert (result.returncode, result.stdout, result.stderr) == (
        2, "", "handbook: error: language '../../x' is not in source/handbook.yaml (it has pl, en)\n")


# --- write failures of `i18n update` -----------------------------------------------------------------


@pytest.mark.parametrize("where, code, reason", [
    ("build_tools.files.os.replace", errno.ENOSPC, "No space left on device"),
    ("build_tools.files.tempfile.mkstemp", errno.EROFS, "Read-only file system"),
    ("build_tools.files.tempfile.mkstemp", errno.EACCES, "Permission denied"),
])
def test_a_catalog_that_cannot_be_written_is_one_line_and_left_as_it_was(
    where: str, code: int, reason: str, handbook: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The fixture catalog is hand-written, so an update rewrites it.
    before = (handbook / EN).read_bytes()

    def fail(*args: object, **kwargs: object) -> None:
        raise OSError(code, reason)

    monkeypatch.setattr(where, fail)
    assert run("i18n", "update", "-l", "en") == 1
    assert capsys.readouterr().err == f"{EN}: error: cannot write catalog: {reason}\n"
    assert (handbook / EN).read_bytes() == before
    assert sorted(p.name for p in (handbook / EN).parent.iterdir()) == ["mini-rules.po"]  # no temporary file
