"""What each test costs in CPU, the processes it starts included: with
``HANDBOOK_TEST_CPU=FILE`` set, each test (setup, call and teardown) appends
one JSON line to ``FILE``: its node id, its wall seconds and the CPU seconds
of the worker's whole process tree over it. ``bench/suite.py`` sums them by
test file, to say where the suite's CPU goes (issue 31: what limits its time).

The tree is the worker, the children it has waited for, and every process
still running below it (the browser a session fixture keeps, a Sphinx kept
warm) with the children they have waited for, read from ``/proc``: a process
that ends during a test is counted in its parent's waited-for children (one
that outlives its parent leaves the tree, and its CPU with it: the test that
sees it go is charged less, never a test charged twice).
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


def _processes() -> dict[int, tuple[int, float]]:
    """Every process of the machine: its parent and its CPU seconds with its
    waited-for children's, from ``/proc/PID/stat``. (Each process's
    ``children`` file would be cheaper, but proc(5) says it may miss some:
    a process missed at a test's end took its CPU off the test.)"""
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
        # Fields 4 (ppid) and 14-17 (utime, stime, cutime, cstime) of proc(5).
        found[int(name)] = (int(fields[1]), sum(int(v) for v in fields[11:15]) / _TICK)
    return found


def tree_cpu(pid: int | None = None) -> float:
    """CPU seconds of process ``pid`` (this one by default) and all below it,
    each with the children it has waited for. When a process of the tree
    waits for one that ended, its CPU moves into the waiter's count: the
    total goes on growing smoothly (a sum by process would count it twice).

    >>> import subprocess, sys
    >>> before = tree_cpu()
    >>> _ = subprocess.run([sys.executable, "-c", "sum(range(3_000_000))"], check=True)
    >>> tree_cpu() - before > 0.02
    True
    """
    processes = _processes()
    below: dict[int, list[int]] = {}
    for child, (parent, _) in processes.items():
        below.setdefault(parent, []).append(child)
    total, stack = 0.0, [os.getpid() if pid is None else pid]
    while stack:
        current = stack.pop()
        if current in processes:
            total += processes[current][1]
            stack += below.get(current, [])
    return total


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    path = os.environ.get("HANDBOOK_TEST_CPU")
    if not path:
        yield
        return
    wall, before = time.perf_counter(), tree_cpu()
    yield
    line = {"test": item.nodeid, "wall": round(time.perf_counter() - wall, 3), "cpu": round(tree_cpu() - before, 3),
            "worker": os.environ.get("PYTEST_XDIST_WORKER", "")}
    # One short write in append mode: the workers' lines do not interleave.
    with Path(path).open("a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")
