"""The package type-checks under mypy's strict mode (settings in pyproject.toml)."""

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
