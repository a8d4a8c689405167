"""What each test costs in CPU, the processes it starts included: with
``HANDBOOK_TEST_CPU=FILE`` set, each test (setup, call and teardown) appends
one JSON line to ``FILE``: its node id, its wall seconds and the CPU seconds
of the worker's whole process tree over it. ``bench/suite.py`` sums them by
test file, to say where the suite's CPU goes (issue 31: what limits its time).

The tree is the worker, the children it has waited for, and every process
still running below it (the browser a session fixture keeps, a Sphinx kept
warm) with the children they have waited for, read from ``/proc``: a process
that ends during a test is counted in its parent's waited-for children.
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


def _stat(pid: int) -> tuple[list[str], float] | None:
    """``/proc/PID/stat``'s fields after the command's name, and the process's
    CPU seconds with its waited-for children's; ``None`` when it has gone."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
            text = f.read()
    except OSError:
        return None
    # The name, in parentheses, may hold spaces and parentheses itself.
    fields = text[text.rindex(")") + 2:].split()
    # utime, stime, cutime, cstime: fields 14-17 of proc(5), 12-15 here.
    return fields, sum(int(v) for v in fields[11:15]) / _TICK


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


def tree_cpu(pid: int | None = None) -> float:
    """CPU seconds of process ``pid`` (this one by default) and all below it.

    >>> import subprocess, sys
    >>> before = tree_cpu()
    >>> _ = subprocess.run([sys.executable, "-c", "sum(range(3_000_000))"], check=True)
    >>> tree_cpu() - before > 0.02
    True
    """
    total, stack = 0.0, [os.getpid() if pid is None else pid]
    while stack:
        current = stack.pop()
        found = _stat(current)
        if found is None:
            continue
        total += found[1]
        stack += _children(current)
    return total


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    path = os.environ.get("HANDBOOK_TEST_CPU")
    if not path:
        yield
        return
    wall, cpu = time.perf_counter(), tree_cpu()
    yield
    line = {"test": item.nodeid, "wall": round(time.perf_counter() - wall, 3), "cpu": round(tree_cpu() - cpu, 3),
            "worker": os.environ.get("PYTEST_XDIST_WORKER", "")}
    # One short write in append mode: the workers' lines do not interleave.
    with Path(path).open("a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")
