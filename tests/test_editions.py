"""Editions as data (issue 34): a document's ``edition``, ``effective``,
``published`` and ``supersedes``; its earlier editions kept whole in
``source/editions/<document>/<edition>.yaml`` and checked like the current
one; dated parameter values; and the answers of ``check``, ``explain`` and
``card check`` on a day.

The fixture (tests/fixtures/amendment/source) is a small regulation amended
once. What the 2026 edition changed, written from its two files (not from the
model's output):

* ``scope-of-rules``: the sentence reworded (no rule: no verdict moves);
* ``one-notrump``: the 1NT threshold moved from 12 to 11 HCP, a dated
  parameter (``notrump-minimum``: ``{2024-08-01: 12, 2026-08-01: 11}``), and
  its text with it: a natural 1NT of 11-13 was alerted, is not;
* ``two-diamonds`` (point c of 2024, "A 2♦ opening is alerted, whatever it
  shows") repealed: a natural weak 2♦ falls to the general principle (natural
  calls are not alerted);
* ``strong-club`` added, an exception to ``artificial-openings``: an
  artificial 1♣ of 16+ HCP was alerted, is not.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from build_tools.cli import main

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "fixtures" / "amendment" / "source"
CURRENT = "trial-rules.yaml"
EARLIER = "editions/trial-rules/2024.yaml"


def run(*args: str, source: Path = FIXTURE, build: Path | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    extra = ["--source", str(source), "--translations", str(source / "no-translations")]
    if build is not None:
        extra += ["--build-dir", str(build)]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([*args, *extra])
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def source(tmp_path: Path) -> Path:
    """A copy of the fixture's source folder, to be edited by a test."""
    copy = tmp_path / "source"
    shutil.copytree(FIXTURE, copy)
    return copy


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


# --- editions as data: the chain, validated like a document -------------------------

def test_both_editions_are_checked_each_by_its_own_rules() -> None:
    code, out, err = run("check")
    assert code == 0, err
    assert "trial-rules 2026: 4 rules, 6 examples with verdicts, 0 failures" in out
    assert "trial-rules 2024: 4 rules, 5 examples with verdicts, 0 failures" in out
    assert "(1 earlier edition with them), 11 examples checked" in out


def test_an_earlier_editions_wrong_verdict_fails_the_check(source: Path) -> None:
    # The 2024 rules alert a natural 2♦ (point c); an example claiming otherwise fails.
    path = source / EARLIER
    text = path.read_text(encoding="utf-8")
    at = text.index("  - example: ex-2d-natural")
    path.write_text(text[:at] + text[at:].replace('expect: {alert: "yes"}', 'expect: {alert: "no"}', 1),
                    encoding="utf-8")
    code, _, err = run("check", source=source)
    assert code == 1
    assert f"{source / EARLIER}" in err or EARLIER in err
    assert "ex-2d-natural" in err and "two-diamonds" in err


def test_validate_takes_an_earlier_editions_file_by_its_edition() -> None:
    code, out, err = run("validate")
    assert (code, out.strip()) == (0, "handbook: 2 documents valid"), err
    code, out, err = run("validate")
    out_file = io.StringIO()
    with contextlib.redirect_stdout(out_file), contextlib.redirect_stderr(io.StringIO()):
        assert main(["validate", str(FIXTURE / EARLIER)]) == 0
    assert out_file.getvalue().strip() == "handbook: 1 document valid"


@pytest.mark.parametrize(("file", "old", "new", "key", "message"), [
    (CURRENT, 'supersedes: "2024"', 'supersedes: "2023"', "supersedes",
     "edition '2023' that this one supersedes has no file"),
    (CURRENT, "effective: 2026-08-01", "effective: 2024-08-01", "effective",
     "edition '2026' is in force from 2024-08-01, not after the edition it supersedes ('2024', in force from "
     "2024-08-01)"),
    (CURRENT, "effective: 2026-08-01", "effective: 2026-02-30", "effective",
     "'effective' of document 'trial-rules' must be a day written YYYY-MM-DD"),
    (CURRENT, "published: 2026-05-04", "published: May 2026", "published",
     "'published' of document 'trial-rules' must be a day written YYYY-MM-DD"),
    (CURRENT, "effective: 2026-08-01\n", "", "supersedes",
     "an edition that supersedes another says when it is in force"),
    (CURRENT, 'supersedes: "2024"', 'supersedes: "2026"', "supersedes", "edition '2026' supersedes itself"),
    (CURRENT, "values: {2024-08-01: 12, 2026-08-01: 11}", "values: {2026-09-01: 11}", "values",
     "parameter 'notrump-minimum' has no value on 2026-08-01, when the edition comes into force (its first is "
     "dated 2026-09-01)"),
    (CURRENT, "values: {2024-08-01: 12, 2026-08-01: 11}", "values: {2024-08-01: 12, 2026-08-32: 11}", "values",
     "'2026-08-32' is not a day of the calendar"),
    (CURRENT, "repeals: [two-diamonds]\n", "", "supersedes",
     "edition '2026' leaves out 'two-diamonds' of edition '2024': list under 'repeals:' what it repeals"),
    (CURRENT, "repeals: [two-diamonds]", "repeals: [two-diamonds, one-notrump]", "repeals",
     "edition '2026' repeals 'one-notrump', but holds it"),
    (CURRENT, "repeals: [two-diamonds]", "repeals: [two-diamonds, three-clubs]", "repeals",
     "edition '2026' repeals 'three-clubs', which edition '2024' does not hold"),
    (CURRENT, "repeals: [two-diamonds]", "repeals: [two-diamonds, two-diamonds]", "repeals",
     "repeals names 'two-diamonds' twice"),
    (EARLIER, "published: 2024-06-15\n", "published: 2024-06-15\nrepeals: [old-rule]\n", "repeals",
     "an edition repeals the articles of the one it supersedes: add 'supersedes:'"),
    (EARLIER, 'edition: "2024"', 'edition: "2023"', "edition",
     "the file of edition '2023' is named '2023.yaml', not '2024.yaml'"),
    (EARLIER, "effective: 2024-08-01\n", "", "edition",
     "edition '2024', superseded by '2026', says when it came into force"),
])
def test_a_broken_chain_is_one_located_line(source: Path, file: str, old: str, new: str, key: str,
                                            message: str) -> None:
    path = source / file
    edit(path, old, new)
    code, out, err = run("validate", source=source)
    assert code == 1 and out == ""
    lines = [line for line in err.splitlines() if message in line]
    assert len(lines) == 1, err
    place = lines[0].split(": error: ", 1)[0]
    shown, line, _ = place.rsplit(":", 2)
    assert Path(shown).resolve() == path.resolve()
    assert int(line) == line_of(path, f"{key}:"), err


def test_validate_of_the_current_file_checks_the_chain_it_heads(source: Path) -> None:
    (source / EARLIER).unlink()
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["validate", str(source / CURRENT)])
    assert code == 1 and "edition '2024' that this one supersedes has no file" in err.getvalue()


@pytest.mark.parametrize(("old", "new", "message"), [
    # The history says 13 from 2024-08-01, the 2024 edition in force then says 12.
    ("values: {2024-08-01: 12, 2026-08-01: 11}", "values: {2024-08-01: 13, 2026-08-01: 11}",
     "parameter 'notrump-minimum' is 13 on 2024-08-01 by its dated values, but edition '2024', in force that "
     "day, says 12"),
    # A value dated inside the 2024 edition's time that it never stated.
    ("values: {2024-08-01: 12, 2026-08-01: 11}", "values: {2024-08-01: 12, 2025-08-01: 11}",
     "parameter 'notrump-minimum' is 11 on 2025-08-01 by its dated values, but edition '2024', in force that "
     "day, says 12"),
])
def test_a_figures_history_agrees_with_the_editions_it_dates(source: Path, old: str, new: str,
                                                               message: str) -> None:
    path = source / CURRENT
    edit(path, old, new)
    code, _, err = run("validate", source=source)
    assert code == 1
    assert err.count("\n") == 1 and err.endswith(f":{line_of(path, 'values:')}:13: error: {message}\n"), err


def test_an_article_renamed_is_caught_as_left_out(source: Path) -> None:
    # Ids are permanent: a kept article renamed would read as one repealed and one added.
    edit(source / CURRENT, "  - paragraph: scope-of-rules", "  - paragraph: scope")
    code, _, err = run("validate", source=source)
    assert code == 1 and "edition '2026' leaves out 'scope-of-rules' of edition '2024'" in err


def test_a_dated_parameter_takes_a_value_or_values_not_both(source: Path) -> None:
    edit(source / CURRENT, "    values: {2024-08-01: 12, 2026-08-01: 11}\n",
         "    value: 11\n    values: {2024-08-01: 12, 2026-08-01: 11}\n")
    code, _, err = run("validate", source=source)
    assert code == 1 and "a parameter has one 'value' or dated 'values', not both" in err


def test_an_edition_left_out_of_the_chain_is_an_error_at_its_file(source: Path) -> None:
    stray = source / "editions" / "trial-rules" / "2022.yaml"
    text = (source / EARLIER).read_text(encoding="utf-8")
    stray.write_text(text.replace('edition: "2024"', 'edition: "2022"').replace("2024-08-01", "2022-08-01"),
                     encoding="utf-8")
    code, _, err = run("validate", source=source)
    assert code == 1
    assert err.splitlines()[0].endswith("2022.yaml:1:1: error: edition '2022' of trial-rules is in no chain: no "
                                        "edition supersedes it (the earliest, '2024', supersedes none)"), err


def test_an_effective_day_needs_an_edition_name(source: Path) -> None:
    edit(source / CURRENT, 'edition: "2026"\n', "")
    code, _, err = run("validate", source=source)
    assert code == 1 and "an edition in force from a day has a name: add 'edition:'" in err


# --- point in time: check --date -------------------------------------------------------

@pytest.mark.parametrize(("day", "edition", "examples"), [
    ("2024-08-01", "2024", 5), ("2026-07-31", "2024", 5), ("2026-08-01", "2026", 6), ("2030-01-01", "2026", 6)])
def test_check_on_a_day_checks_the_edition_in_force(day: str, edition: str, examples: int) -> None:
    code, out, err = run("check", "--date", day)
    assert code == 0, err
    assert out.splitlines()[0] == f"trial-rules {edition}: 4 rules, {examples} examples with verdicts, 0 failures"
    assert out.splitlines()[-1] == f"handbook: 1 documents valid on {day}, {examples} examples checked"


@pytest.mark.parametrize("command", [["check"], ["explain", "trial-rules", "{auction: 1NT}"]])
def test_a_day_before_the_first_edition_is_one_line_exit_2(command: list[str], tmp_path: Path) -> None:
    code, out, err = run(*command, "--date", "2024-07-31",
                         build=tmp_path if command[0] == "explain" else None)
    assert (code, out) == (2, "")
    assert err == ("handbook: error: no edition of trial-rules is in force on 2024-07-31: the first, '2024', is "
                   "in force from 2024-08-01\n")


def test_a_day_not_of_the_calendar_is_a_usage_error() -> None:
    with contextlib.redirect_stderr(io.StringIO()) as err, pytest.raises(SystemExit) as exit_:
        main(["check", "--date", "2026-02-29"])
    assert exit_.value.code == 2 and "invalid day value: '2026-02-29'" in err.getvalue()


def answers(*args: str, build: Path) -> dict[str, Any]:
    code, out, err = run("explain", "trial-rules", *args, "--json", build=build)
    assert code == 0, err
    found: dict[str, Any] = json.loads(out)
    return found


# --- point in time: explain --date, both sides of the boundary ---------------------------

#: The queries whose verdict the amendment changed, with the answer and article
#: of each edition, read from the two files: (query, 2024's, 2026's).
CHANGED = [
    ("{auction: 1NT, meaning: {natural: true, hcp: 11-13, shape: balanced}}",
     ("yes", "one-notrump"), ("no", "one-notrump")),
    ("{auction: 2♦, meaning: {natural: true, suits: {diamonds: 6+}, hcp: 6-10}}",
     ("yes", "two-diamonds"), ("no", "general-principle")),
    ("{auction: 1♣, meaning: {artificial: true, hcp: 16+}}",
     ("yes", "artificial-openings"), ("no", "strong-club")),
]


@pytest.mark.parametrize(("query", "before", "after"), CHANGED)
def test_explain_on_either_side_of_the_effective_day(query: str, before: tuple[str, str],
                                                     after: tuple[str, str], tmp_path: Path) -> None:
    for day, (value, article), edition in (("2026-07-31", before, "2024"), ("2026-08-01", after, "2026")):
        found = answers(query, "--date", day, build=tmp_path)
        verdict = found["verdicts"]["alert"]
        assert (verdict["value"], verdict["article"], verdict["edition"]) == (value, article, edition), day
        assert (found["edition"], found["effective"]) == (edition, f"{edition}-08-01")
    # Without a day: the current edition as it stands.
    now = answers(query, build=tmp_path)["verdicts"]["alert"]
    assert (now["value"], now["article"], now["edition"]) == (*after, "2026")


def test_explain_names_the_edition_in_words(tmp_path: Path) -> None:
    code, out, _ = run("explain", "trial-rules", CHANGED[0][0], "--date", "2025-09-01", build=tmp_path)
    assert code == 0
    assert out.splitlines()[:2] == ["edition 2024 (in force from 2024-08-01)", "alert: yes  (one-notrump)"]


def test_a_figure_is_read_as_it_stood_that_day_within_an_edition(source: Path, tmp_path: Path) -> None:
    # The 2026 edition with the figure moving a month after it came into force:
    # on 2026-08-15 the 2026 rules read 12, from 2026-09-01 they read 11.
    edit(source / CURRENT, "values: {2024-08-01: 12, 2026-08-01: 11}", "values: {2024-08-01: 12, 2026-09-01: 11}")
    query = CHANGED[0][0]
    for day, value in (("2026-08-15", "yes"), ("2026-08-31", "yes"), ("2026-09-01", "no")):
        code, out, err = run("explain", "trial-rules", query, "--date", day, "--json", source=source, build=tmp_path)
        assert code == 0, err
        verdict = json.loads(out)["verdicts"]["alert"]
        assert (verdict["value"], verdict["edition"]) == (value, "2026"), day


def test_a_document_that_dates_no_edition_answers_as_it_stands(tmp_path: Path) -> None:
    # The shipped PZBS rules state no edition: a day changes nothing, and no edition is named.
    out, err = io.StringIO(), io.StringIO()
    query = "{auction: 1BA, meaning: {natural: true, hcp: 14-18, shape: balanced}}"
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["explain", "pzbs-alert-rules", query, "--json", "--date", "2000-01-01",
                     "--build-dir", str(tmp_path), "--source", str(ROOT / "source"),
                     "--translations", str(ROOT / "translations")])
    assert code == 0, err.getvalue()
    found = json.loads(out.getvalue())
    assert "edition" not in found and "edition" not in found["verdicts"]["alert"]


CARD = FIXTURE / "cards" / "strong-club.yaml"


def card_alerts(day: str, build: Path) -> dict[str, tuple[str, str]]:
    code, out, err = run("card", "check", str(CARD), "--json", "--date", day, build=build)
    assert code == 0, err
    found = json.loads(out)["documents"]["trial-rules"]
    return {"edition": found["edition"]["edition"],
            **{c["auction"]: (c["verdicts"]["alert"]["value"], c["verdicts"]["alert"]["article"])
               for c in found["calls"]}}


def test_card_check_on_either_side_of_the_effective_day(tmp_path: Path) -> None:
    assert card_alerts("2026-07-31", tmp_path) == {
        "edition": "2024", "1♣": ("yes", "artificial-openings"), "1♥": ("no", "general-principle"),
        "1NT": ("yes", "one-notrump"), "2♣": ("yes", "artificial-openings"), "2♦": ("yes", "two-diamonds")}
    assert card_alerts("2026-08-01", tmp_path) == {
        "edition": "2026", "1♣": ("no", "strong-club"), "1♥": ("no", "general-principle"),
        "1NT": ("no", "one-notrump"), "2♣": ("yes", "artificial-openings"), "2♦": ("no", "general-principle")}


def test_card_check_before_the_first_edition_is_one_line_exit_2(tmp_path: Path) -> None:
    code, out, err = run("card", "check", str(CARD), "--date", "2024-07-31", build=tmp_path)
    assert (code, out, err.count("\n")) == (2, "", 1)
    assert "no edition of trial-rules is in force on 2024-07-31" in err


# --- handbook diff: exactly what the amendment changed -----------------------------------

def diff(*args: str, source: Path = FIXTURE) -> dict[str, Any]:
    code, out, err = run("diff", "trial-rules", *args, "--json", source=source)
    assert code == 0, err
    found: dict[str, Any] = json.loads(out)
    return found


def test_diff_lists_exactly_the_changed_articles() -> None:
    found = diff("2024", "2026")
    assert (found["old"], found["new"]) == (
        {"edition": "2024", "effective": "2024-08-01", "published": "2024-06-15"},
        {"edition": "2026", "effective": "2026-08-01", "published": "2026-05-04"})
    assert found["articles"] == {
        "added": [{"id": "strong-club", "kind": "point", "number": "c)",
                   "new": "Except that a 1♣ opening showing 16 HCP or more is not alerted."}],
        "removed": [{"id": "two-diamonds", "kind": "point", "number": "c)",
                     "old": "A 2♦ opening is alerted, whatever it shows."}],
        "changed": [
            {"id": "scope-of-rules", "kind": "paragraph", "number": "", "parts": ["text"],
             "old": "These rules apply to every event of the union.",
             "new": "These rules apply to every event the union runs or licenses."},
            {"id": "one-notrump", "kind": "point", "number": "a)", "parts": ["text", "parameter notrump-minimum"],
             "old": "A natural 1NT opening whose range starts at 12 HCP or more is not alerted; any other 1NT "
                    "opening is.",
             "new": "A natural 1NT opening whose range starts at 11 HCP or more is not alerted; any other 1NT "
                    "opening is."}]}


def test_diff_lists_exactly_the_changed_verdicts_with_both_answers_and_articles() -> None:
    found = {(v["source"], v["auction"], v["question"]): ((v["old"]["value"], v["old"]["article"]),
                                                          (v["new"]["value"], v["new"]["article"]))
             for v in diff("2024", "2026")["verdicts"]}
    # From the module's list: the three changes that move a verdict, each
    # asked by an example and by the card's call, two by the held queries
    # (queries/trial-rules.yaml); ex-1nt-12-14, ex-1h-natural and
    # ex-2c-strong, the card's 1♥ and 2♣, and the held 1NT of 10-12 (below
    # both thresholds) are answered alike, and absent.
    assert found == {
        ("example ex-1nt-11-13", "1NT", "alert"): (("yes", "one-notrump"), ("no", "one-notrump")),
        ("example ex-2d-natural", "2♦", "alert"): (("yes", "two-diamonds"), ("no", "general-principle")),
        ("example ex-1c-strong", "1♣", "alert"): (("yes", "artificial-openings"), ("no", "strong-club")),
        ("query notrump-11-14", "", "alert"): (("yes", "one-notrump"), ("no", "one-notrump")),
        ("query weak-two-diamonds", "", "alert"): (("yes", "two-diamonds"), ("no", "general-principle")),
        ("card strong-club", "1NT", "alert"): (("yes", "one-notrump"), ("no", "one-notrump")),
        ("card strong-club", "2♦", "alert"): (("yes", "two-diamonds"), ("no", "general-principle")),
        ("card strong-club", "1♣", "alert"): (("yes", "artificial-openings"), ("no", "strong-club")),
    }


def test_diff_the_other_way_round_swaps_the_sides() -> None:
    forward, back = diff("2024", "2026"), diff("2026", "2024")
    assert [a["id"] for a in back["articles"]["added"]] == ["two-diamonds"]
    assert [a["id"] for a in back["articles"]["removed"]] == ["strong-club"]
    assert sorted((v["source"], v["auction"], v["old"]["value"], v["new"]["value"]) for v in back["verdicts"]) == \
        sorted((v["source"], v["auction"], v["new"]["value"], v["old"]["value"]) for v in forward["verdicts"])


def test_a_moved_figure_alone_changes_its_article(source: Path) -> None:
    # The threshold moved, the words left as in 2024: the article changed by its parameter only.
    edit(source / CURRENT, "starts at 11 HCP or more", "starts at 12 HCP or more")
    changed = {c["id"]: c["parts"] for c in diff("2024", "2026", source=source)["articles"]["changed"]}
    assert changed == {"scope-of-rules": ["text"], "one-notrump": ["parameter notrump-minimum"]}


def test_a_figure_written_again_as_dated_but_unmoved_changes_nothing(source: Path) -> None:
    edit(source / CURRENT, "starts at 11 HCP or more", "starts at 12 HCP or more")
    edit(source / CURRENT, "values: {2024-08-01: 12, 2026-08-01: 11}", "values: {2024-08-01: 12}")
    found = diff("2024", "2026", source=source)
    assert [c["id"] for c in found["articles"]["changed"]] == ["scope-of-rules"]
    assert {v["auction"] for v in found["verdicts"]} == {"2♦", "1♣", ""}


def test_a_rule_changed_under_the_same_words_changes_its_article(source: Path) -> None:
    edit(source / CURRENT, "              scope: {opening: true}\n", "              scope: {opening: true, auction-level: 1}\n")
    code, _, err = run("validate", source=source)
    assert code == 0, err
    changed = {c["id"]: c["parts"] for c in diff("2024", "2026", source=source)["articles"]["changed"]}
    assert changed["artificial-openings"] == ["rule"]


def test_diff_in_words() -> None:
    code, out, err = run("diff", "trial-rules", "2024", "2026")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "trial-rules: edition 2024 (in force from 2024-08-01) -> 2026 (in force from 2026-08-01)"
    assert "articles: 4 changed" in lines and "verdicts: 8 changed" in lines
    assert "  removed point c) two-diamonds" in lines
    assert "    - A 2♦ opening is alerted, whatever it shows." in lines
    assert "  example ex-2d-natural 2♦: alert: yes (two-diamonds) -> no (general-principle)" in lines


def test_diff_asks_a_held_query_file_named_on_the_command_line(source: Path) -> None:
    (source / "queries" / "trial-rules.yaml").unlink()
    extra = source / "kept.yaml"
    extra.write_text("strong-club: {auction: 1♣, meaning: {artificial: true, hcp: 17+}}\n"
                     "natural-heart: {auction: 1♥, meaning: {natural: true, suits: {hearts: 5+}}}\n",
                     encoding="utf-8")
    queries = [v for v in diff("2024", "2026", "--queries", str(extra), source=source)["verdicts"]
               if v["source"].startswith("query ")]
    assert [(v["source"], v["old"]["article"], v["new"]["article"]) for v in queries] == [
        ("query strong-club", "artificial-openings", "strong-club")]


def test_a_bad_held_query_is_one_located_line(source: Path) -> None:
    path = source / "queries" / "trial-rules.yaml"
    edit(path, "hcp: 10-12, shape", "hcp: 10-12, shap")
    code, out, err = run("diff", "trial-rules", "2024", "2026", source=source)
    assert code == 1 and out == "" and err.count("\n") == 1
    assert err.startswith(f"{path}:{line_of(path, 'notrump-10-12')}:") or \
        f"queries/trial-rules.yaml:{line_of(path, 'notrump-10-12')}:" in err
    assert "query 'notrump-10-12'" in err and "shap" in err


@pytest.mark.parametrize(("args", "message"), [
    (["trial-rules", "2023", "2026"], "no edition '2023' of trial-rules (its editions: '2024', '2026')"),
    (["trial-rules", "2026", "2026"], "OLD and NEW are both edition '2026'"),
    (["no-such", "2024", "2026"], "no document 'no-such' (the handbook has trial-rules)"),
])
def test_diff_of_an_unknown_edition_is_one_line_exit_2(args: list[str], message: str) -> None:
    code, out, err = run("diff", *args)
    assert (code, out, err) == (2, "", f"handbook: error: {message}\n")
