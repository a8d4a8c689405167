"""`make bench-suite` (also the last part of `make bench`): the test suite's
time alone and its line coverage, on a fresh clone of the committed HEAD.

1. Time: ``bash .ci/run`` in the clone with ``CI=true CI_LOAD=0`` (what CI
   runs, without its busy processes): its seconds, its tests, its CPU seconds
   and those other processes of the machine took meanwhile (a busy machine
   makes it slower: rerun on a quiet one when they are high). Target: 8
   minutes (issue 31). Where its CPU went, by test file, from each test's CPU
   (``HANDBOOK_TEST_CPU``, tests/cpu_accounting.py): what limits the time.
2. Coverage: the same suite in the clone under coverage.py (``build_tools``,
   subprocesses and render workers included, as ``bench/suite.coveragerc``
   says), then ``coverage json``; compared line by line with the report of an
   earlier run (:mod:`coverage_compare`): a line executed before and not after
   is a test weakened.

Settings (environment): BENCH_SUITE_TIME=0 and BENCH_SUITE_COVERAGE=0 skip
a part; BENCH_SUITE_BEFORE names the report compared with (default
bench/suite-coverage-before.json: the suite of f1cf1e4, before it ran on
every core) and BENCH_SUITE_BEFORE_COMMIT its commit; PYTEST_PARALLEL the pytest options of `make test` (the Makefile
passes its own). Everything is written below build/bench/suite/.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from coverage_compare import compare, load, moved_lines, report  # noqa: E402
from measure import Sample, progress, run  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "build" / "bench" / "suite"
BEFORE = Path(__file__).resolve().parent / "suite-coverage-before.json"
#: The commit whose suite made :data:`BEFORE`: the last before the suite's speed-up.
BEFORE_COMMIT = "f1cf1e4"
COVERAGERC = Path(__file__).resolve().parent / "suite.coveragerc"
#: Each test's CPU, one JSON line a test (tests/cpu_accounting.py).
CPU_LINES = WORK / "test-cpu.jsonl"
#: Issue 31: the suite in eight minutes alone.
TARGET_SECONDS = 8 * 60


@dataclass(frozen=True, slots=True)
class SuiteTime:
    commit: str
    sample: Sample
    tests: int

    def line(self) -> str:
        verdict = "met" if self.sample.seconds <= TARGET_SECONDS else "NOT met"
        return (f"suite alone ({self.commit}, .ci/run with CI_LOAD=0): {self.sample.seconds:.0f} s for "
                f"{self.tests} tests, {self.sample.cpu:.0f} CPU s; other processes took "
                f"{self.sample.others:.0f} CPU s meanwhile; target {TARGET_SECONDS} s: {verdict}")


def passed(output: str) -> int:
    """The tests pytest's closing line counts as passed.

    >>> passed("===== 2853 passed, 1 warning in 400.12s (0:06:40) =====")
    2853
    >>> passed("== 3 failed, 10 passed in 2.00s ==")
    10
    """
    found = re.findall(r"=+ (?:.*?, )?(\d+) passed\b", output)
    return int(found[-1]) if found else 0


def fresh_clone(target: Path) -> str:
    """A fresh clone of the committed HEAD at ``target``; returns its short commit."""
    if target.exists():
        shutil.rmtree(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(target)], check=True)
    return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=target, check=True,
                          capture_output=True, text=True).stdout.strip()


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTEST_ADDOPTS", "COVERAGE_PROCESS_START")}
    return {**env, "CI": "true", **extra}


def time_suite(clone: Path, commit: str) -> SuiteTime:
    progress(f"suite: bash .ci/run in a fresh clone of {commit}, CI_LOAD=0")
    CPU_LINES.unlink(missing_ok=True)
    sample = run(["bash", ".ci/run"], env=_env(CI_LOAD="0", HANDBOOK_TEST_CPU=str(CPU_LINES)), cwd=clone)
    (WORK / "ci-run.log").write_text(sample.output, encoding="utf-8")
    return SuiteTime(commit, sample, passed(sample.output))


@dataclass(frozen=True, slots=True)
class FileCost:
    """What one test file's tests cost (tests/cpu_accounting.py's lines summed)."""
    path: str
    tests: int
    cpu: float
    wall: float


def cost_by_file(lines: Iterable[str]) -> list[FileCost]:
    """The per-test lines of ``HANDBOOK_TEST_CPU`` summed by test file, the
    costliest first.

    >>> rows = ['{"test": "tests/a.py::t1", "wall": 2.0, "cpu": 3.0}',
    ...         '{"test": "tests/b.py::t", "wall": 1.0, "cpu": 1.0}',
    ...         '{"test": "tests/a.py::t2[x]", "wall": 0.5, "cpu": 0.25}']
    >>> [(c.path, c.tests, c.cpu, c.wall) for c in cost_by_file(rows)]
    [('tests/a.py', 2, 3.25, 2.5), ('tests/b.py', 1, 1.0, 1.0)]
    """
    files: dict[str, list[dict[str, Any]]] = {}
    for line in lines:
        if line.strip():
            row = json.loads(line)
            files.setdefault(row["test"].split("::")[0], []).append(row)
    costs = [FileCost(path, len(rows), sum(r["cpu"] for r in rows), sum(r["wall"] for r in rows))
             for path, rows in files.items()]
    return sorted(costs, key=lambda c: -c.cpu)


def cost_report(costs: list[FileCost], run_cpu: float, shown: int = 15) -> str:
    """Where the suite's CPU went: the costliest test files, and the rest."""
    total = sum(c.cpu for c in costs)
    lines = [f"the suite's CPU by test file (tests/cpu_accounting.py): {total:.0f} CPU s in "
             f"{sum(c.tests for c in costs)} tests (the run's count, of the processes it waited for: "
             f"{run_cpu:.0f}; a browser's renderers are not waited for); on two cores the tests "
             f"alone cannot end before {total / 2:.0f} s"]
    for c in costs[:shown]:
        lines.append(f"  {c.cpu:7.0f} CPU s {100 * c.cpu / total:5.1f} %  {c.tests:5d} tests  {c.path}")
    rest = costs[shown:]
    lines.append(f"  {sum(c.cpu for c in rest):7.0f} CPU s {100 * sum(c.cpu for c in rest) / total:5.1f} %  "
                 f"{sum(c.tests for c in rest):5d} tests  the other {len(rest)} files")
    return "\n".join(lines)


def coverage_after(clone: Path, parallel: str) -> Path:
    """The clone's suite under coverage.py; returns its ``coverage json`` report."""
    data = WORK / "coverage-data"
    shutil.rmtree(data, ignore_errors=True)
    data.mkdir(parents=True)
    python = str(clone / ".venv" / "bin" / "python")
    env = _env(COVERAGE_RCFILE=str(COVERAGERC), COVERAGE_FILE=str(data / ".coverage"))
    progress(f"suite: under coverage.py (pytest {parallel})")
    sample = run([python, "-m", "coverage", "run", "-m", "pytest", *shlex.split(parallel)], env=env, cwd=clone)
    (WORK / "coverage-run.log").write_text(sample.output, encoding="utf-8")
    subprocess.run([python, "-m", "coverage", "combine", "--quiet"], env=env, cwd=clone, check=True)
    out = WORK / "coverage-after.json"
    subprocess.run([python, "-m", "coverage", "json", "--quiet", "-o", str(out)], env=env, cwd=clone, check=True)
    progress(f"suite: {passed(sample.output)} tests under coverage in {sample.seconds:.0f} s")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog=__doc__.split("\n\n", 1)[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", type=Path, default=Path(os.environ.get("BENCH_SUITE_BEFORE") or BEFORE),
                        help="the coverage json report compared with (default: %(default)s)")
    parser.add_argument("--before-commit", default=os.environ.get("BENCH_SUITE_BEFORE_COMMIT") or BEFORE_COMMIT,
                        help="the commit whose suite made the report compared with (default: %(default)s)")
    args = parser.parse_args(argv)
    parallel = os.environ.get("PYTEST_PARALLEL", "-n 2 --dist loadscope")
    timing = os.environ.get("BENCH_SUITE_TIME", "1") != "0"
    coverage = os.environ.get("BENCH_SUITE_COVERAGE", "1") != "0"
    if not timing and not coverage:
        return 0
    WORK.mkdir(parents=True, exist_ok=True)
    clone = WORK / "clone"
    commit = fresh_clone(clone)
    lines = []
    if timing:
        timed = time_suite(clone, commit)
        lines.append(timed.line())
        if CPU_LINES.is_file():
            costs = cost_by_file(CPU_LINES.read_text(encoding="utf-8").splitlines())
            lines.append(cost_report(costs, timed.sample.cpu))
    if coverage:
        # What `make test` sets up before its pytest: the venv, the Ask page's
        # npm packages (its browser tests fail without them under CI), byte code.
        subprocess.run(["make", "--no-print-directory", "venv", "node_modules/.installed"], cwd=clone, check=True)
        subprocess.run([str(clone / ".venv" / "bin" / "python"), "-m", "compileall", "-q", "-j", "0", "build_tools"],
                       cwd=clone, check=True)
        after = coverage_after(clone, parallel)
        if args.before.is_file():
            lines.append(f"coverage of build_tools, {args.before.name} ({args.before_commit}, before) "
                         f"against {commit} (after):")
            old, new = load(args.before), load(after)
            # A file changed since is compared on the lines it kept (its text at both commits).
            lines.append(report(compare(old, new, moved_lines(old, new, args.before_commit, clone))))
        else:
            lines.append(f"coverage: no report to compare with at {args.before}; this run's is "
                         f"{after.relative_to(ROOT)} (BENCH_SUITE_BEFORE names another)")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
