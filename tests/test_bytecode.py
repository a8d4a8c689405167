"""The project's byte code, compiled once by ``make`` (issue 31). Where Python
is told to write none (``PYTHONDONTWRITEBYTECODE``, set on this kind of
machine), each process the build and the tests start would otherwise compile
every module it imports again: 0.37 s of CPU per ``handbook explain`` instead
of 0.20 s, a fifth of the CPU of the tests that start Sphinx and ``handbook``
processes (bench/RESULTS.md)."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys

import pytest

from conftest import ROOT

#: The targets that start many Python processes, or one a user waits for.
TARGETS = ("all", "html", "pdf", "test", "test-fast", "serve", "bench")


def _planned(target: str) -> list[str]:
    result = subprocess.run(["make", "-n", target], cwd=ROOT, capture_output=True, text=True, check=True)
    return result.stdout.splitlines()


@pytest.mark.parametrize("target", TARGETS)
def test_each_target_compiles_the_package_before_it_starts_python(target: str) -> None:
    lines = _planned(target)
    compiles = [n for n, line in enumerate(lines) if "-m compileall" in line and line.rstrip().endswith(" build_tools")]
    starts = [n for n, line in enumerate(lines) if "handbook " in line or "-m pytest" in line or "bench/run.py" in line]
    assert compiles and starts, lines
    assert compiles[0] < starts[0], lines


def test_after_it_a_process_that_writes_no_byte_code_compiles_no_module() -> None:
    """Every module of the package a build or a query imports finds its byte
    code current: none is compiled again (a subpackage left out would be)."""
    (command,) = [line for line in _planned("test") if "-m compileall" in line]
    argv = shlex.split(command)
    subprocess.run([sys.executable, *argv[argv.index("-m"):]], cwd=ROOT, check=True)
    # A .pyc's header holds its source's modification time (bytes 8-12):
    # Python compiles again whenever it differs, or the file is missing.
    probe = (
        "import os, sys\n"
        "import build_tools.cli, build_tools.sphinxext, build_tools.commands.explain, build_tools.rules\n"
        "ours = [m.__spec__ for n, m in sys.modules.items() if n.startswith('build_tools')]\n"
        "def current(spec):\n"
        "    with open(spec.cached, 'rb') as cached:\n"
        "        stamp = int.from_bytes(cached.read(12)[8:], 'little')\n"
        "    return stamp == int(os.stat(spec.origin).st_mtime) & 0xFFFFFFFF\n"
        "print(len(ours), sorted(s.name for s in ours if not current(s)))\n"
    )
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr  # a missing .pyc: FileNotFoundError
    count, stale = result.stdout.split(" ", 1)
    assert int(count) > 50 and stale.strip() == "[]", result.stdout
