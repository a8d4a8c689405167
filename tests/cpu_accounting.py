"""What each test costs in CPU, the processes it starts included: with
``HANDBOOK_TEST_CPU=FILE`` set, each test (setup, call and teardown) appends
one JSON line to ``FILE``: its node id, its wall seconds and the CPU seconds
of the worker's whole process tree over it. ``bench/suite.py`` sums them by
test file, to say where the suite's CPU goes (issue 31: what limits its time).

The tree is the worker, the children it has waited for, and every process
still running below it (the browser a session fixture keeps, a Sphinx kept
warm) with the children they have waited for, read from ``/proc``: a process
that ends during a test is counted in its parent's waited-for children (the
CPU of one reaped outside the tree since the test began is not counted).
A session fixture's work falls to the test that first asks for it, and a
test that waits for another worker's build spends no CPU waiting."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

_TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> tuple[tuple[int, int], float] | None:
    """Process ``pid``'s identity (its pid and start time: a pid is used
    again) and its CPU seconds with its waited-for children's, from
    ``/proc/PID/stat``; ``None`` when it has gone."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
            text = f.read()
    except OSError:
        return None
    # The name, in parentheses, may hold spaces and parentheses itself.
    fields = text[text.rindex(")") + 2:].split()
    # Fields 14-17 of proc(5) (utime, stime, cutime, cstime) and 22 (starttime).
    return (pid, int(fields[19])), sum(int(v) for v in fields[11:15]) / _TICK


def _children(pid: int) -> list[int]:
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return []
    found: list[int] = []
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as f:
                found += [int(child) for child in f.read().split()]
        except OSError:
            continue
    return found


def tree(pid: int | None = None) -> dict[tuple[int, int], float]:
    """The CPU seconds of process ``pid`` (this one by default) and of each
    process below it, by process."""
    found: dict[tuple[int, int], float] = {}
    stack = [os.getpid() if pid is None else pid]
    while stack:
        current = stack.pop()
        stat = _stat(current)
        if stat is None:
            continue
        found[stat[0]] = stat[1]
        stack += _children(current)
    return found


def spent(before: dict[tuple[int, int], float], after: dict[tuple[int, int], float]) -> float:
    """The CPU seconds the tree spent from ``before`` to ``after``: each
    process's own growth. A process that ended was counted in its parent's
    waited-for children when a process of the tree waited for it; one that
    left the tree otherwise (a browser's renderer) takes nothing back from
    the tests that paid for it.

    >>> import subprocess, sys
    >>> before = tree()
    >>> _ = subprocess.run([sys.executable, "-c", "sum(range(3_000_000))"], check=True)
    >>> spent(before, tree()) > 0.02
    True
    >>> spent({(7, 1): 5.0, (8, 1): 2.0}, {(7, 1): 5.5, (9, 3): 0.25})
    0.75
    """
    return sum(cpu - before.get(process, 0.0) for process, cpu in after.items())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    path = os.environ.get("HANDBOOK_TEST_CPU")
    if not path:
        yield
        return
    wall, before = time.perf_counter(), tree()
    yield
    line = {"test": item.nodeid, "wall": round(time.perf_counter() - wall, 3), "cpu": round(spent(before, tree()), 3),
            "worker": os.environ.get("PYTEST_XDIST_WORKER", "")}
    # One short write in append mode: the workers' lines do not interleave.
    with Path(path).open("a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")
