"""The benchmark's table, its verdict on the targets, the machine it ran on,
and ``bench/RESULTS.md``.

>>> Row("load", Stats.of([1.0, 2.0, 3.0]), "s").cells()
['load', '2.000', '1.000', '3.000', 's', '']
>>> print(markdown([["a", "b"], ["1", "2"]]))
| a | b |
|---|---|
| 1 | 2 |
"""

from __future__ import annotations

import os
import platform
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from measure import Stats

ROOT = Path(__file__).resolve().parent.parent

#: Targets of issue 5, tightened by issue 25 (the synthetic corpus).
MAX_OVERHEAD = 0.05
MAX_NOOP_FRACTION = 0.15
MAX_EDIT_FRACTION = 0.05
MAX_CHECK_FRACTION = 0.05
MIN_PARALLEL_SPEEDUP = 1.9
EDIT_AT_N = 50
#: Targets of issue 25 on the real handbook: against a clean ``make`` (or
#: ``make html``) of the same run.
REAL_NOOP_FRACTION = 0.02
REAL_EDIT_FRACTION = 0.30
REAL_HTML_EDIT_FRACTION = 0.05
#: Issue 31 item 2: a director's ``handbook explain`` in a fresh process, its
#: document's rulebook compiled (milliseconds, the median).
EXPLAIN_PROCESS_MS = 300


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the table: a measurement's median, min and max."""

    label: str
    stats: Stats | None
    unit: str
    note: str = ""

    def cells(self) -> list[str]:
        if self.stats is None:
            return [self.label, "", "", "", self.unit, self.note]
        return [self.label, *(_number(v, self.unit) for v in (self.stats.median, self.stats.low, self.stats.high)),
                self.unit, self.note]


@dataclass(frozen=True, slots=True)
class Heading:
    """A line that names the group of rows below it."""

    text: str


def _number(value: float, unit: str) -> str:
    if unit == "%":
        return f"{100 * value:+.1f}"
    if unit == "x":
        return f"{value:.2f}"
    if unit.endswith("/s"):
        return f"{value:,.0f}"
    if unit == "MiB":
        return f"{value:,.0f}"
    return f"{value:.3f}" if value < 10 else f"{value:.2f}"


HEADER = ["measurement", "median", "min", "max", "unit", "note"]


def table(rows: Sequence[Row | Heading]) -> list[list[str]]:
    out = [HEADER]
    for row in rows:
        if isinstance(row, Heading):
            out.append([f"**{row.text}**", "", "", "", "", ""])
        else:
            out.append(row.cells())
    return out


def markdown(cells: list[list[str]]) -> str:
    """A Markdown table (the first row is the header)."""
    lines = ["| " + " | ".join(cells[0]) + " |", "|" + "|".join("---" for _ in cells[0]) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in cells[1:]]
    return "\n".join(lines)


def plain_text(cells: list[list[str]]) -> str:
    """The same table aligned in columns, for a terminal."""
    widths = [max(len(row[i].replace("**", "")) for row in cells) for i in range(len(cells[0]))]
    lines = []
    for n, row in enumerate(cells):
        if row[0].startswith("**"):
            lines.append(row[0].strip("*"))
            continue
        text = [row[0].ljust(widths[0]), *(c.rjust(w) for c, w in zip(row[1:4], widths[1:4], strict=True)),
                row[4].ljust(widths[4]), row[5]]
        lines.append("  ".join(text).rstrip())
        if n == 0:
            lines.append("-" * min(160, sum(widths) + 2 * (len(widths) - 1)))
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Verdict:
    target: str
    met: bool | None  # None: not measured
    measured: str

    def line(self) -> str:
        mark = {True: "MET    ", False: "NOT MET", None: "SKIPPED"}[self.met]
        return f"[{mark}] {self.target}: {self.measured}"


# --- the machine ------------------------------------------------------------


def _first(path: str, key: str) -> str:
    try:
        for line in Path(path).read_text("utf-8").splitlines():
            if line.startswith(key):
                return line.split(":" if ":" in line else "=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return "?"


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "not installed"


def _tex() -> str:
    try:
        out = subprocess.run(["xelatex", "--version"], capture_output=True, text=True, check=False).stdout
        return out.splitlines()[0] if out else "?"
    except OSError:
        return "not installed"


def machine() -> list[tuple[str, str]]:
    """What the figures depend on: processor, cores, memory, system, versions."""
    kib = _first("/proc/meminfo", "MemTotal").split()[0]
    ram = f"{int(kib) / 1024 / 1024:.1f} GiB" if kib.isdigit() else "?"
    return [
        ("CPU", _first("/proc/cpuinfo", "model name")),
        ("cores", f"{os.cpu_count()} (usable here: {len(os.sched_getaffinity(0))})"),
        ("RAM", ram),
        ("OS", f"{_first('/etc/os-release', 'PRETTY_NAME')}, Linux {platform.release()}"),
        ("Python", platform.python_version()),
        ("Sphinx", f"{_version('sphinx')} (myst-parser {_version('myst-parser')}, furo {_version('furo')}, "
                   f"Babel {_version('babel')}, PyYAML {_version('pyyaml')})"),
        ("TeX", _tex()),
        ("code", _commit()),
    ]


def _commit() -> str:
    """The commit measured, and whether the working tree differed from it."""
    def git(*args: str) -> str:
        try:
            return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            return ""

    head = git("rev-parse", "--short", "HEAD")
    if not head:
        return "not a git checkout"
    return head + (" with uncommitted changes" if git("status", "--porcelain", "--untracked-files=no") else "")


def results_markdown(cells: list[list[str]], verdicts: Sequence[Verdict], settings: str, command: str,
                     notes: Sequence[str], sections: Sequence[tuple[str, str, str]] = ()) -> str:
    """The text of ``bench/RESULTS.md``; ``sections`` (title, text, table)
    follow the results."""
    parts = [
        "# Benchmark results",
        "",
        "Written by `bench/run.py --write-results` from one full run of `make bench` "
        "(medians of several runs, with the fastest and slowest).",
        "",
        "## Machine",
        "",
        *(f"* {name}: {value}" for name, value in machine()),
        "",
        "## Reproduce",
        "",
        "```sh",
        command,
        "```",
        "",
        f"Settings of this run: {settings}.",
        "",
        "## Results",
        "",
        markdown(cells),
        "",
        *(line for title, text, body in sections for line in (f"## {title}", "", text, "", body, "")),
        "## Targets",
        "",
        "```",
        *(v.line() for v in verdicts),
        "```",
    ]
    if notes:
        parts += ["", "## Notes", "", *(f"* {n}" for n in notes)]
    return "\n".join(parts) + "\n"
