"""One wrong expectation in a fixture fails `make check`, the build and pytest,
each with the same message: the example, the verdict it expects, the verdict
of the rules, and the article that decided."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, mini_with_rule, run_handbook

# An editorial example of the rule on the fixture's point 'otwarcie-1ba'.
EXAMPLE = """\
            body:
              - example: przyklad-1ba-12-14
                editorial: true
                auction: 1BA
                view: partnership
                meaning: {natural: true, hcp: 12-14}
                expect: {alert: EXPECTED}
"""
MESSAGE = ("error: example 'przyklad-1ba-12-14': expected alert: no, the rules say alert: yes "
           "(article 'otwarcie-1ba')")


def fixture(tmp_path: Path, expected: str) -> Path:
    return mini_with_rule(tmp_path / "handbook", EXAMPLE.replace("EXPECTED", expected))


def flags(root: Path) -> list[str]:
    return ["--source", str(root / "source"), "--translations", str(root / "translations")]


def pytest_on(root: Path) -> subprocess.CompletedProcess[str]:
    """pytest on the fixture's documents alone, with the handbook's plugin."""
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "build_tools.pytest_plugin", "-p", "no:cacheprovider",
         "--rootdir", str(root), "-c", os.devnull, str(root / "source"), "-q"],
        cwd=root, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def test_the_right_expectation_passes_everywhere(tmp_path: Path) -> None:
    root = fixture(tmp_path, "'yes'")
    checked = run_handbook("check", *flags(root))
    assert checked.returncode == 0, checked.stderr
    assert "mini-rules: 1 rules, 1 examples with verdicts, 0 failures" in checked.stdout


def test_a_wrong_expectation_fails_make_check(tmp_path: Path) -> None:
    root = fixture(tmp_path, "'no'")
    result = subprocess.run(["make", "-s", "check", f"HANDBOOK_FLAGS={' '.join(flags(root))}"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode != 0
    assert f"mini-rules.yaml:27:17: {MESSAGE}" in result.stderr


def test_a_wrong_expectation_fails_the_build(tmp_path: Path) -> None:
    root = fixture(tmp_path, "'no'")
    result = run_handbook("build", "--html", *flags(root), "--build-dir", str(tmp_path / "build"))
    assert result.returncode == 1
    assert f"mini-rules.yaml:27:17: {MESSAGE}" in result.stderr
    assert not (tmp_path / "build" / "site").exists()


def test_a_wrong_expectation_fails_its_pytest_item(tmp_path: Path) -> None:
    root = fixture(tmp_path, "'no'")
    result = pytest_on(root)
    assert result.returncode == 1, result.stdout
    assert "source/mini-rules.yaml::przyklad-1ba-12-14" in result.stdout
    assert MESSAGE in result.stdout


@pytest.mark.parametrize("expected", ["'yes'"])
def test_the_pytest_item_passes_when_right(tmp_path: Path, expected: str) -> None:
    root = fixture(tmp_path, expected)
    result = pytest_on(root)
    assert result.returncode == 0, result.stdout
    assert "1 passed" in result.stdout


def test_explain_answers_a_directors_query_with_the_deciding_article(tmp_path: Path) -> None:
    import json

    root = fixture(tmp_path, "'yes'")
    query = "{auction: 1BA, meaning: {natural: true, hcp: 12-14}}"
    text = run_handbook("explain", "mini-rules", query, *flags(root))
    assert text.returncode == 0, text.stderr
    assert text.stdout.splitlines() == [
        # The reasons in the predicates' words (issue 32), not the rules' terms.
        "alert: yes  (otwarcie-1ba)", "  because: the call opens the auction; the call is 1BA; it is not so that the "
                                      "agreed meaning says at least: {natural: true, hcp: 14-18}",
        "  otwarcie-1ba: 1BA – 14-18:"]
    english = run_handbook("explain", "mini-rules", query, "--lang", "en", *flags(root))
    assert english.stdout.splitlines()[2] == "  otwarcie-1ba: 1NT – 14-18:"
    inside = run_handbook("explain", "mini-rules", "{auction: 1BA, meaning: {natural: true, hcp: 14-18}}",
                          "--json", *flags(root))
    assert json.loads(inside.stdout)["verdicts"] == {
        "alert": {"value": "no", "article": "otwarcie-1ba", "articles": ["otwarcie-1ba"], "chain": ["otwarcie-1ba"],
                  "because": "opening and call 1BA; meaning {natural: true, hcp: 14-18}", "set_aside": [],
                  "reasons": [
                      {"predicate": "opening", "value": True, "held": True, "text": "the call opens the auction"},
                      {"predicate": "call", "value": "1BA", "held": True, "text": "the call is 1BA"},
                      {"predicate": "meaning", "value": {"natural": True, "hcp": "14-18"}, "held": True,
                       "text": "the agreed meaning says at least: {natural: true, hcp: 14-18}"}]}}


@pytest.mark.parametrize(("query", "message"), [
    ("{auction: 1BA, meaning: {hcp: 12-14, shap: balanced}}",
     "handbook: error: QUERY: meaning.shap: unknown key (did you mean 'shape'?)"),
    ("{auction: 1BA 1BA}", "handbook: error: QUERY: auction '1BA 1BA': illegal call '1NT' at 3: insufficient bid after '1NT'"),
    ("{auction: [1BA", "handbook: error: QUERY:1:15: malformed YAML: "),
    ("{meaning: {hcp: 12-14}}", "handbook: error: QUERY: auction: the auction, its last call the one asked about"),
])
def test_explain_refuses_a_bad_query_in_one_line(tmp_path: Path, query: str, message: str) -> None:
    root = fixture(tmp_path, "'yes'")
    result = run_handbook("explain", "mini-rules", query, *flags(root))
    assert result.returncode == 2
    assert result.stderr.startswith(message) and result.stderr.count("\n") == 1, result.stderr
