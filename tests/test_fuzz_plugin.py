"""``make fuzz`` runs the suite's property tests with random draws, a larger
budget and a saved database, while the suite itself stays derandomized."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

PROPERTY = '''
from pathlib import Path
from hypothesis import given, settings, strategies as st

@settings(max_examples=5, derandomize=True, database=None)
@given(st.integers(0, 10**9))
def test_draws(x):
    with open(Path(__file__).with_name("drawn.txt"), "a") as log:
        log.write(f"{x}\\n")

def test_inside():
    @settings(max_examples=3, derandomize=True, database=None)
    @given(st.integers(0, 10**9))
    def check(x):
        with open(Path(__file__).with_name("inside.txt"), "a") as log:
            log.write(f"{x}\\n")
    check()

def test_plain():
    raise AssertionError("not a property: make fuzz leaves it out")
'''


def fuzz(folder: Path, *plugin: str) -> tuple[list[str], list[str], subprocess.CompletedProcess[str]]:
    for name in ("drawn.txt", "inside.txt"):
        (folder / name).unlink(missing_ok=True)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *plugin, "test_property.py"],
        cwd=folder, capture_output=True, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "tests"), "FUZZ_FACTOR": "4",
             "FUZZ_DATABASE": str(folder / "db")})
    read = [(folder / name).read_text().split() if (folder / name).exists() else [] for name in ("drawn.txt", "inside.txt")]
    return read[0], read[1], result


def test_make_fuzz_draws_new_inputs_with_a_larger_budget(tmp_path: Path) -> None:
    (tmp_path / "test_property.py").write_text(PROPERTY, encoding="utf-8")
    first, inside, result = fuzz(tmp_path, "-p", "fuzz_plugin")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 deselected" in result.stdout  # test_plain
    assert len(set(first)) > 5 and len(set(inside)) > 3  # four times each property's own budget
    second, _, _ = fuzz(tmp_path, "-p", "fuzz_plugin")
    assert set(second) != set(first)  # a new seed each run
    # Without the plugin: the same draws every run, the test's own budget.
    plain, _, without = fuzz(tmp_path)
    again, _, _ = fuzz(tmp_path)
    assert without.returncode == 1  # test_plain ran
    assert plain == again and len(plain) <= 5


FAILING = '''
from hypothesis import given, settings, strategies as st

@settings(derandomize=True, database=None)
@given(st.integers(0, 1000))
def test_property(x):
    assert x < 500
'''


def test_make_fuzz_keeps_a_failing_input_in_its_database(tmp_path: Path) -> None:
    (tmp_path / "test_property.py").write_text(FAILING, encoding="utf-8")
    _, _, result = fuzz(tmp_path, "-p", "fuzz_plugin")
    assert result.returncode == 1
    assert "x=500" in result.stdout  # shrunk to the boundary
    assert any(path.is_file() for path in (tmp_path / "db").rglob("*"))
