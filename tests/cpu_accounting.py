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


def _processes() -> dict[int, tuple[int, tuple[int, int], float]]:
    """Every process of the machine: its parent, its identity (its pid and
    start time: a pid is used again) and its CPU seconds with its waited-for
    children's, from ``/proc/PID/stat``. (Each process's ``children`` file
    would be cheaper, but proc(5) says it may miss some.)"""
    found = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", encoding="ascii", errors="replace") as f:
                text = f.read()
        except OSError:  # gone meanwhile
            continue
        # The name, in parentheses, may hold spaces and parentheses itself.
        fields = text[text.rindex(")") + 2:].split()
        # Fields 4 (ppid), 14-17 (utime, stime, cutime, cstime) and 22 (starttime) of proc(5).
        pid = int(name)
        found[pid] = (int(fields[1]), (pid, int(fields[19])), sum(int(v) for v in fields[11:15]) / _TICK)
    return found


def tree(pid: int | None = None) -> dict[tuple[int, int], float]:
    """The CPU seconds of process ``pid`` (this one by default) and of each
    process below it, by process."""
    processes = _processes()
    below: dict[int, list[int]] = {}
    for child, (parent, _, _) in processes.items():
        below.setdefault(parent, []).append(child)
    found: dict[tuple[int, int], float] = {}
    stack = [os.getpid() if pid is None else pid]
    while stack:
        current = stack.pop()
        if current in processes:
            found[processes[current][1]] = processes[current][2]
            stack += below.get(current, [])
    return found


def _now_ticks() -> int:
    """The time since boot in clock ticks, as ``starttime`` counts it."""
    with open("/proc/uptime", encoding="ascii") as f:
        return int(float(f.read().split()[0]) * _TICK)


def spent(before: dict[tuple[int, int], float], after: dict[tuple[int, int], float],
          began: int | None = None) -> float:
    """The CPU seconds the tree spent from ``before`` to ``after``: each
    process's own growth. A process that ended was counted in its parent's
    waited-for children when a process of the tree waited for it; one that
    left the tree otherwise (a browser's renderer) takes nothing back from
    the tests that paid for it. A process new to ``after`` is charged whole
    when it started at ``began`` (clock ticks since boot) or later, and not
    at all when it is older: what it spent before is unknown.

    >>> import subprocess, sys
    >>> began, before = _now_ticks(), tree()
    >>> _ = subprocess.run([sys.executable, "-c", "sum(range(3_000_000))"], check=True)
    >>> spent(before, tree(), began) > 0.02
    True
    >>> spent({(7, 1): 5.0, (8, 1): 2.0}, {(7, 1): 5.5, (9, 300): 0.25, (10, 100): 40.0}, began=200)
    0.75
    """
    total = 0.0
    for process, cpu in after.items():
        if process in before:
            total += cpu - before[process]
        elif began is None or process[1] >= began:
            total += cpu
    return total


#: The processes of this worker's tree as last seen (one a test missed
#: is charged from there).
_SEEN: dict[tuple[int, int], float] = {}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    path = os.environ.get("HANDBOOK_TEST_CPU")
    if not path:
        yield
        return
    began, wall, before = _now_ticks(), time.perf_counter(), {**_SEEN, **tree()}
    yield
    after = tree()
    _SEEN.clear()
    _SEEN.update(after)
    line = {"test": item.nodeid, "wall": round(time.perf_counter() - wall, 3),
            "cpu": round(spent(before, after, began), 3),
            "worker": os.environ.get("PYTEST_XDIST_WORKER", "")}
    # One short write in append mode: the workers' lines do not interleave.
    with Path(path).open("a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")
