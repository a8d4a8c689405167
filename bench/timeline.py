"""Where a whole ``handbook build`` spent its time, stage by stage, read from
the moments its progress lines arrived (:attr:`measure.Sample.lines`).

The build says when each stage ends: "N documents valid" after loading and
checking, one "[lang] myst:" line per language after translating and
rendering, one "[lang] html:" line per language as each Sphinx run finishes,
a line per book as LaTeX ends, and "published" once the site is swapped in.
A stage's time is the gap between the last line of the stage before it and
its own last line; a stage that printed nothing took no time of its own.

>>> lines = ((1.5, "handbook: 5 documents valid, 74 examples checked"),
...          (2.0, "[pl] myst: 1 written, 5 unchanged"), (2.0, "[en] myst: 1 written, 5 unchanged"),
...          (4.0, "[pl] html: re-read 1 page (1.9 s)"), (4.5, "[en] html: re-read 1 page (2.4 s)"),
...          (5.0, "handbook: published build/site in 5.0 s"))
>>> split = phases(lines, 5.25)
>>> [(name, round(seconds, 2)) for name, seconds in split.items()]
[('load and check', 1.5), ('translate and render', 0.5), ('Sphinx, HTML', 2.5), ('LaTeX, PDF', 0.0), \
('publish', 0.5), ('after publishing', 0.25)]
>>> sphinx_seconds(lines), books(lines)
(4.3, (0, 0, 0))
"""

from __future__ import annotations

import re
from collections.abc import Sequence

#: The stages in the order a build runs them.
PHASES = ("load and check", "translate and render", "Sphinx, HTML", "LaTeX, PDF", "publish", "after publishing")

_LANG_LINE = re.compile(r"^\[(\S+)\] ([^:]+):")
_SECONDS = re.compile(r"\((\d+(?:\.\d+)?) s\)$")
_TYPESET = re.compile(r": typeset, (\d+) xelatex pass")


def _stage(line: str) -> str | None:
    """The stage a progress line ends part of, or ``None`` for a line that
    marks none (a warning, a waiting notice)."""
    if line.startswith("handbook: ") and " documents valid" in line:
        return PHASES[0]
    if line.startswith(("handbook: published ", "handbook: PDFs in ")):
        return PHASES[4]
    found = _LANG_LINE.match(line)
    if found is None:
        return None
    step = found.group(2)
    if step == "myst":
        return PHASES[1]
    return PHASES[2] if step == "html" else PHASES[3]


def phases(lines: Sequence[tuple[float, str]], total: float) -> dict[str, float]:
    """Seconds of each stage of :data:`PHASES`; ``total`` the whole process's."""
    ends: dict[str, float] = {}
    for moment, line in lines:
        stage = _stage(line)
        if stage is not None:
            ends[stage] = max(ends.get(stage, 0.0), moment)
    out: dict[str, float] = {}
    before = 0.0
    for stage in PHASES[:-1]:
        end = ends.get(stage, before)
        out[stage] = max(0.0, end - before)
        before = max(before, end)
    out[PHASES[-1]] = max(0.0, total - before)
    return out


def sphinx_seconds(lines: Sequence[tuple[float, str]]) -> float:
    """The Sphinx HTML runs' own seconds, added up over the languages (each
    "[lang] html:" line ends with its time): how busy the stage kept the cores."""
    return round(sum(float(found.group(1)) for _, line in lines
                     if _stage(line) == PHASES[2] and (found := _SECONDS.search(line))), 3)


def books(lines: Sequence[tuple[float, str]]) -> tuple[int, int, int]:
    """The books typeset, the books left as they were, and the xelatex passes
    of those typeset."""
    typeset = passes = unchanged = 0
    for _, line in lines:
        if _stage(line) != PHASES[3]:
            continue
        found = _TYPESET.search(line)
        if found:
            typeset += 1
            passes += int(found.group(1))
        elif ": unchanged, not typeset" in line:
            unchanged += 1
    return typeset, unchanged, passes


#: A build measured, as the stage table needs it: its progress lines with
#: their moments, and its whole time.
Run = tuple[Sequence[tuple[float, str]], float]


def stage_table(columns: Sequence[tuple[str, Sequence[Run]]]) -> list[list[str]]:
    """The median seconds of each stage (a row) of each kind of build (a
    column, with its runs), and below them what the Sphinx and LaTeX stages
    did: the cells of a table whose first row is the header.

    >>> run = (((1.0, "handbook: 2 documents valid"), (3.0, "[pl] html: re-read 1 page (2.0 s)")), 3.5)
    >>> for row in stage_table([("edit", [run, run])]):
    ...     print(row)
    ['stage', 'edit']
    ['load and check', '1.00']
    ['translate and render', '0.00']
    ['Sphinx, HTML', '2.00']
    ['LaTeX, PDF', '0.00']
    ['publish', '0.00']
    ['after publishing', '0.50']
    ['whole build', '3.50']
    ['Sphinx runs, their seconds added up', '2.00']
    ['books typeset / unchanged (xelatex passes)', '0 / 0 (0)']
    """
    import statistics

    def median(values: Sequence[float]) -> str:
        return f"{statistics.median(values):.2f}"

    cells = [["stage", *(name for name, _ in columns)]]
    split = [[phases(lines, total) for lines, total in runs] for _, runs in columns]
    for stage in PHASES:
        cells.append([stage, *(median([one[stage] for one in runs]) for runs in split)])
    cells.append(["whole build", *(median([total for _, total in runs]) for _, runs in columns)])
    cells.append(["Sphinx runs, their seconds added up",
                  *(median([sphinx_seconds(lines) for lines, _ in runs]) for _, runs in columns)])
    shown = []
    for _, runs in columns:
        typeset, unchanged, passes = books(runs[len(runs) // 2][0])
        shown.append(f"{typeset} / {unchanged} ({passes})")
    cells.append(["books typeset / unchanged (xelatex passes)", *shown])
    return cells
