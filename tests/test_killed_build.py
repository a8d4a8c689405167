"""Issue 37 item 1: a build killed with ``kill -9`` (its main process alone, as
an out-of-memory killer or a CI timeout does) never blocks the next one.

The languages render in worker processes forked by the main one. They used to
outlive it, asleep on their task queue, holding the build folder's lock they
inherited: every later build waited for a dead pid. This test kills the main
process alone while its workers are alive, then builds again.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from conftest import ROOT


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text(encoding="ascii", errors="replace")
            except OSError:
                continue
            # "pid (comm) state ppid ...": comm may hold spaces, so split after it.
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _cmdline(pid: int) -> bytes:
    try:
        return (Path("/proc") / str(pid) / "cmdline").read_bytes()
    except OSError:
        return b""


def _alive(pid: int) -> bool:
    try:
        stat = (Path("/proc") / str(pid) / "stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _build(mini: Path, build: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "build_tools.cli", "build", "--html", "-l", "en", "-l", "pl", *extra,
            "--source", str(mini / "source"), "--translations", str(mini / "translations"),
            "--build-dir", str(build)]


def _kill_main_while_workers_render(mini: Path, build: Path) -> list[int]:
    """Start a build and ``kill -9`` its main process the moment its render
    workers (forked copies of it: the same command line) exist; returns the
    workers' pids. Tried a few times: a build may render before it is seen."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for _ in range(5):
        # Its own session, so that the test can sweep up whatever survives.
        proc = subprocess.Popen(_build(mini, build, "-j", "2"), cwd=ROOT, env=env, start_new_session=True,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        own = _cmdline(proc.pid)
        workers: list[int] = []
        while proc.poll() is None and not workers:
            workers = [child for child in _children(proc.pid) if _cmdline(child) == own]
            time.sleep(0.002)
        if workers:
            proc.kill()
            proc.wait()
            return workers
    raise AssertionError("the build rendered before its workers were seen, five times")


def test_a_build_whose_main_process_was_killed_never_blocks_the_next(mini: Path, tmp_path: Path) -> None:
    build = tmp_path / "build"
    workers = _kill_main_while_workers_render(mini, build)
    try:
        # The workers go with their parent (within a second or so) ...
        deadline = time.monotonic() + 10
        while any(map(_alive, workers)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(map(_alive, workers)), "the render workers outlived the killed build"
        # ... and the next build finds the lock free, says what it found and goes on.
        result = subprocess.run(_build(mini, build), cwd=ROOT, capture_output=True, text=True, timeout=240,
                                env={**os.environ, "PYTHONPATH": str(ROOT)})
    finally:
        for pid in workers:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "waiting for another build" not in result.stdout
    assert "stopped before it finished" in result.stdout, result.stdout
    for lang in ("en", "pl"):
        page = build / "site" / lang / "mini-rules.html"
        assert page.read_bytes().rstrip().endswith(b"</html>")


def test_the_lock_is_not_held_by_a_process_the_build_forks(tmp_path: Path) -> None:
    """The lock itself, apart from the workers: a child forked while it is
    held holds nothing once its parent is gone."""
    script = (
        "import os, sys, time\n"
        "from pathlib import Path\n"
        "from build_tools import lock\n"
        "with lock.exclusive(Path(sys.argv[1]), print):\n"
        "    if os.fork() == 0:\n"
        "        time.sleep(60)\n"
        "        os._exit(0)\n"
        "    print('held', flush=True)\n"
        "    time.sleep(60)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", script, str(tmp_path)], cwd=ROOT, stdout=subprocess.PIPE,
                            text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, start_new_session=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "held\n"
        children = _children(proc.pid)
        assert children
        proc.kill()
        proc.wait()
        import fcntl

        with open(tmp_path / ".lock", "a+", encoding="ascii") as handle:
            # Free at once, the forked child alive or not.
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
