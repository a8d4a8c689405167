"""bench/coverage_compare.py: two coverage.py JSON reports compared line by
line, as `make bench` compares the suite's coverage before and after a change."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))

from coverage_compare import compare, load, main  # noqa: E402


def write_report(path: Path, files: dict[str, tuple[list[int], list[int]]]) -> Path:
    """A report as ``coverage json`` writes it: executed and missing lines by file."""
    path.write_text(json.dumps({
        "meta": {"format": 3},
        "files": {name: {"executed_lines": executed, "missing_lines": missing, "excluded_lines": []}
                  for name, (executed, missing) in files.items()},
    }), encoding="utf-8")
    return path


def test_a_line_run_before_and_not_after_is_lost(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = write_report(tmp_path / "before.json", {
        "/tmp/a/build_tools/cli.py": ([1, 2, 3, 5], [4]),
        "/tmp/a/build_tools/lock.py": ([1, 2], []),
    })
    after = write_report(tmp_path / "after.json", {
        "build_tools/cli.py": ([1, 2, 4, 5], [3]),  # 3 lost, 4 gained
        "build_tools/lock.py": ([1, 2], []),
    })
    assert main([str(before), str(after)]) == 1
    out = capsys.readouterr().out
    assert "lines executed: before 6 of 7, after 6 of 7" in out
    assert "lines lost: 1; lines gained: 1" in out
    assert "  lost   build_tools/cli.py: 3" in out
    assert "  gained build_tools/cli.py: 4" in out
    assert "lock.py" not in out


def test_the_same_lines_in_two_clones_lose_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = {"build_tools/rules/engine.py": ([1, 2, 3], [4, 5])}
    before = write_report(tmp_path / "before.json", {f"/tmp/one/{k}": v for k, v in lines.items()})
    after = write_report(tmp_path / "after.json", {f"/tmp/other/{k}": v for k, v in lines.items()})
    assert main([str(before), str(after)]) == 0
    assert "lines lost: 0; lines gained: 0" in capsys.readouterr().out


def test_a_file_no_longer_run_loses_every_line_it_ran(tmp_path: Path) -> None:
    before = load(write_report(tmp_path / "before.json", {"build_tools/a.py": ([1, 2], [3])}))
    after = load(write_report(tmp_path / "after.json", {}))
    assert dict(compare(before, after).lost) == {"build_tools/a.py": (1, 2)}


def test_a_file_whose_code_changed_is_not_compared_line_by_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Line 3 is a statement before and not after: the lines moved, and
    # comparing them by number would report losses that are none.
    before = write_report(tmp_path / "before.json", {"build_tools/a.py": ([1, 3], [])})
    after = write_report(tmp_path / "after.json", {"build_tools/a.py": ([1, 4], [])})
    assert main([str(before), str(after)]) == 0
    out = capsys.readouterr().out
    assert "files changed between the runs (not compared line by line): 1" in out
    assert "  changed build_tools/a.py: before 2 of 2, after 2 of 2" in out


def test_a_file_changed_since_the_first_commit_is_compared_on_the_lines_it_kept(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """With the first run's commit, a changed file's kept lines are matched
    by their text: a kept line no longer run is lost (by its new number), a
    line only shifted by an insertion is not."""
    import subprocess

    repo = tmp_path / "repo"
    (repo / "build_tools").mkdir(parents=True)
    source = repo / "build_tools" / "a.py"
    source.write_text("x = 1\nif x:\n    y = 2\nz = 3\n", encoding="utf-8")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", str(repo)]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "first"], check=True)
    commit = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    source.write_text("x = 1\nw = 0\nif x:\n    y = 2\nz = 3\n", encoding="utf-8")  # a line inserted at 2
    before = write_report(tmp_path / "before.json", {"build_tools/a.py": ([1, 2, 3, 4], [])})
    after = write_report(tmp_path / "after.json", {"build_tools/a.py": ([1, 2, 3, 5], [4])})  # y = 2 no longer run
    assert main([str(before), str(after), "--before-commit", commit, "--root", str(repo)]) == 1
    out = capsys.readouterr().out
    assert "lines lost: 1; lines gained: 0" in out, out  # w = 0 is new: neither lost nor gained
    assert "  lost   build_tools/a.py: 4" in out
    assert "changed" not in out
