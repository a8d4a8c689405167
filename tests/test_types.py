"""Static checks: the package type-checks under mypy's strict mode, and ruff
finds no likely bug (settings for both in pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys

from conftest import ROOT


def test_mypy_strict_passes() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "build_tools"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_finds_nothing() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "build_tools", "tests", "bench", "conf.py"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
