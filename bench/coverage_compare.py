"""Two coverage.py JSON reports (``coverage json``) compared line by line: which
lines of which file the first run executed and the second did not (lost), and
the other way round (gained).

A file whose statements differ between the reports (its code changed between
the two runs) is compared on the lines both versions share, when the two
versions' texts are given (``--before-commit``: the first run's commit, read
with ``git show``; the second's are the files as they are now): a line kept
from the old version is matched with its new number (:func:`line_map`), and a
line of the old version that no longer exists cannot be lost. Without the
texts such a file is listed apart, with its counts only. File names are
compared from their ``build_tools/`` part on, so reports made in two
different clones compare.

    python bench/coverage_compare.py BEFORE.json AFTER.json [--before-commit REV]

prints the comparison and exits 1 when a line was lost.
"""

from __future__ import annotations

import argparse
import difflib
import json
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: The package whose lines are compared; a name is kept from here on.
PACKAGE = "build_tools/"


@dataclass(frozen=True, slots=True)
class FileLines:
    """One file's lines in one report."""

    executed: frozenset[int]
    statements: frozenset[int]


@dataclass(frozen=True, slots=True)
class Comparison:
    """Lost and gained lines by file, and the files not comparable line by line."""

    before: Mapping[str, FileLines]
    after: Mapping[str, FileLines]
    lost: Mapping[str, tuple[int, ...]]
    gained: Mapping[str, tuple[int, ...]]
    changed: tuple[str, ...]

    @property
    def lines_lost(self) -> int:
        return sum(len(lines) for lines in self.lost.values())

    @property
    def lines_gained(self) -> int:
        return sum(len(lines) for lines in self.gained.values())


def name_of(path: str) -> str:
    """A report's file name from the package's folder on.

    >>> name_of("/tmp/clone/build_tools/rules/engine.py")
    'build_tools/rules/engine.py'
    >>> name_of("build_tools/cli.py")
    'build_tools/cli.py'
    """
    path = path.replace("\\", "/")
    at = path.rfind("/" + PACKAGE)
    return path[at + 1:] if at >= 0 else path


def read(report: Mapping[str, Any]) -> dict[str, FileLines]:
    """The lines of each file of a ``coverage json`` report."""
    out = {}
    for path, data in report["files"].items():
        executed = frozenset(data["executed_lines"])
        out[name_of(path)] = FileLines(executed, executed | frozenset(data["missing_lines"]))
    return out


def line_map(old: str, new: str) -> dict[int, int]:
    """Each line of ``old`` kept unchanged in ``new``: its number there.

    >>> line_map("a\\nb\\nc\\n", "a\\nx\\ny\\nc\\n")
    {1: 1, 3: 4}
    """
    matcher = difflib.SequenceMatcher(None, old.splitlines(), new.splitlines(), autojunk=False)
    return {i + 1 + k: j + 1 + k for i, j, size in matcher.get_matching_blocks() for k in range(size)}


def compare(before: Mapping[str, FileLines], after: Mapping[str, FileLines],
            moved: Mapping[str, Mapping[int, int]] | None = None) -> Comparison:
    """Line by line, file by file (lines lost or gained named by their
    number in the second run); a file missing from one report has no line
    executed there. ``moved`` maps, for a file whose code changed between the
    runs, each kept line's old number to its new one: such a file is compared
    on those lines; without it, it is only listed as changed.

    >>> a = {"f.py": FileLines(frozenset({1, 2}), frozenset({1, 2, 3}))}
    >>> b = {"f.py": FileLines(frozenset({1, 3}), frozenset({1, 2, 3}))}
    >>> c = compare(a, b)
    >>> dict(c.lost), dict(c.gained), c.changed
    ({'f.py': (2,)}, {'f.py': (3,)}, ())
    >>> changed = {"f.py": FileLines(frozenset({1}), frozenset({1, 4}))}
    >>> compare(a, changed).changed
    ('f.py',)

    Line 1 is kept and still run; line 2 moved to 4 and is no longer run: a
    line lost, named by its new number (where it is now). Line 3 was removed:
    it cannot be lost.

    >>> c = compare(a, changed, {"f.py": {1: 1, 2: 4}})
    >>> dict(c.lost), dict(c.gained), c.changed
    ({'f.py': (4,)}, {}, ())
    >>> run = {"f.py": FileLines(frozenset({1, 4}), frozenset({1, 4}))}
    >>> dict(compare(a, run, {"f.py": {1: 1, 2: 4}}).lost)
    {}
    """
    none = FileLines(frozenset(), frozenset())
    lost, gained, changed = {}, {}, []
    for name in sorted(set(before) | set(after)):
        old, new = before.get(name, none), after.get(name, none)
        if old.statements and new.statements and old.statements != new.statements:
            if moved is None or name not in moved:
                changed.append(name)
                continue
            kept = moved[name]
            # Only lines both versions hold, and that are statements in both, compare.
            pairs = [(o, n) for o, n in kept.items() if o in old.statements and n in new.statements]
            old_lost = sorted(n for o, n in pairs if o in old.executed and n not in new.executed)
            new_won = sorted(n for o, n in pairs if n in new.executed and o not in old.executed)
            if old_lost:
                lost[name] = tuple(old_lost)
            if new_won:
                gained[name] = tuple(new_won)
            continue
        if old.executed - new.executed:
            lost[name] = tuple(sorted(old.executed - new.executed))
        if new.executed - old.executed:
            gained[name] = tuple(sorted(new.executed - old.executed))
    return Comparison(before, after, lost, gained, tuple(changed))


def moved_lines(before: Mapping[str, FileLines], after: Mapping[str, FileLines], commit: str,
                root: Path) -> dict[str, dict[int, int]]:
    """:func:`line_map` of each file whose statements differ between the
    reports: its text at ``commit`` against its text in ``root`` now."""
    out = {}
    for name in sorted(set(before) & set(after)):
        if before[name].statements == after[name].statements:
            continue
        try:
            old = subprocess.run(["git", "show", f"{commit}:{name}"], cwd=root, capture_output=True, text=True,
                                 check=True).stdout
            new = (root / name).read_text(encoding="utf-8")
        except (subprocess.CalledProcessError, OSError):
            continue  # moved or renamed: left as changed
        out[name] = line_map(old, new)
    return out


def _ranges(lines: tuple[int, ...]) -> str:
    """``1-3, 7``: runs of consecutive lines.

    >>> _ranges((1, 2, 3, 7, 9, 10))
    '1-3, 7, 9-10'
    """
    runs: list[list[int]] = []
    for line in lines:
        if runs and line == runs[-1][-1] + 1:
            runs[-1].append(line)
        else:
            runs.append([line])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def report(c: Comparison) -> str:
    """The comparison as text: totals, then the files with lines lost, gained or changed."""
    executed = [sum(len(f.executed) for f in side.values()) for side in (c.before, c.after)]
    statements = [sum(len(f.statements) for f in side.values()) for side in (c.before, c.after)]
    lines = [
        f"lines executed: before {executed[0]} of {statements[0]}, after {executed[1]} of {statements[1]}",
        f"lines lost: {c.lines_lost}; lines gained: {c.lines_gained}"
        + (f"; files changed between the runs (not compared line by line): {len(c.changed)}" if c.changed else ""),
    ]
    lines += [f"  lost   {name}: {_ranges(found)}" for name, found in c.lost.items()]
    lines += [f"  gained {name}: {_ranges(found)}" for name, found in c.gained.items()]
    for name in c.changed:
        old, new = c.before[name], c.after[name]
        lines.append(f"  changed {name}: before {len(old.executed)} of {len(old.statements)}, "
                     f"after {len(new.executed)} of {len(new.statements)}")
    return "\n".join(lines)


def load(path: Path) -> dict[str, FileLines]:
    return read(json.loads(path.read_text(encoding="utf-8")))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path, help="coverage json report of the first run")
    parser.add_argument("after", type=Path, help="coverage json report of the second run")
    parser.add_argument("--before-commit", metavar="REV",
                        help="the first run's commit: a file changed since is compared on the lines it kept")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent,
                        help="the repository holding the second run's files (default: this one)")
    args = parser.parse_args(argv)
    before, after = load(args.before), load(args.after)
    moved = moved_lines(before, after, args.before_commit, args.root) if args.before_commit else None
    comparison = compare(before, after, moved)
    print(report(comparison))
    return 1 if comparison.lost else 0


if __name__ == "__main__":
    sys.exit(main())
