"""Timing primitives of the benchmarks: medians with their spread, timed
subprocesses with the peak memory of their largest process, and progress lines.

>>> s = Stats.of([3.0, 1.0, 2.0])
>>> (s.median, s.low, s.high, s.runs)
(2.0, 1.0, 3.0, 3)
>>> Stats.of([2.0, 4.0]).ratio(Stats.of([1.0, 1.0])).median
3.0
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Stats:
    """Several runs of one measurement."""

    values: tuple[float, ...]

    @classmethod
    def of(cls, values: Sequence[float]) -> Stats:
        if not values:
            raise ValueError("no runs")
        return cls(tuple(values))

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    @property
    def low(self) -> float:
        return min(self.values)

    @property
    def high(self) -> float:
        return max(self.values)

    @property
    def runs(self) -> int:
        return len(self.values)

    def ratio(self, other: Stats) -> Stats:
        """Run-by-run ratio ``self / other`` (runs paired in the order taken,
        so that a drift of the machine's speed cancels out)."""
        return Stats.of([a / b for a, b in zip(self.values, other.values, strict=False)])


@dataclass(frozen=True, slots=True)
class Sample:
    """One finished subprocess."""

    seconds: float
    peak_kib: int  # the largest single process of its tree (ru_maxrss)
    output: str
    returncode: int
    cpu: float = 0.0  # user + system seconds of the whole tree
    others: float = 0.0  # CPU seconds other processes of the machine used meanwhile
    #: Each line of output with the second it arrived, counted from the start:
    #: where the time went (:mod:`timeline`).
    lines: tuple[tuple[float, str], ...] = ()


class CommandFailed(Exception):
    """A measured command exited non-zero; the message has its output's tail."""


def run(cmd: Sequence[str], env: dict[str, str] | None = None, cwd: Path | None = None) -> Sample:
    """Run ``cmd`` to its end; wall time by ``perf_counter`` around start and
    reaping, peak memory from the kernel's accounting of that child (``wait4``:
    the largest of the child and every descendant it waited for, the per-child
    form of ``getrusage(RUSAGE_CHILDREN)``)."""
    busy = machine_busy()
    start = time.perf_counter()
    proc = subprocess.Popen(list(cmd), env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    assert proc.stdout is not None
    # Line by line to EOF: the child writes, we keep up, and each line's
    # moment is noted (the pipeline flushes its progress lines as it goes).
    stamped = [(time.perf_counter() - start, raw.decode("utf-8", "replace")) for raw in proc.stdout]
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    busy = machine_busy() - busy
    proc.returncode = os.waitstatus_to_exitcode(status)
    proc.stdout.close()
    output = "".join(line for _, line in stamped)
    cpu = usage.ru_utime + usage.ru_stime
    sample = Sample(seconds, int(usage.ru_maxrss), output, proc.returncode, cpu, max(0.0, busy - cpu),
                    tuple((moment, line.rstrip("\n")) for moment, line in stamped))
    if sample.returncode != 0:
        tail = "\n".join(output.splitlines()[-20:])
        raise CommandFailed(f"{' '.join(cmd[:6])} ... exited {sample.returncode}:\n{tail}")
    return sample


def machine_busy() -> float:
    """CPU seconds the whole machine has spent busy since boot (``/proc/stat``),
    to tell how much of a measurement's time other processes took."""
    try:
        with open("/proc/stat", encoding="ascii") as stat:
            fields = [int(x) for x in stat.readline().split()[1:9]]
    except (OSError, ValueError):
        return 0.0
    user, nice, system, _idle, _iowait, irq, softirq, steal = fields
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def timed(fn: Callable[[], T]) -> tuple[float, T]:
    """``fn()`` and its wall time in seconds."""
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def self_peak_kib() -> int:
    """Peak resident memory of this process so far (``RUSAGE_SELF``)."""
    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


def children_peak_kib() -> int:
    """Peak resident memory of the largest subprocess so far (``RUSAGE_CHILDREN``)."""
    return int(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)


_STARTED = time.perf_counter()


def progress(text: str) -> None:
    """One progress line on stderr, with the time since the benchmark started."""
    elapsed = time.perf_counter() - _STARTED
    print(f"bench [{int(elapsed) // 60:2d}:{int(elapsed) % 60:02d}] {text}", file=sys.stderr, flush=True)
