"""`handbook serve`'s edit-to-reload time on the real handbook, in real Chromium.

A preview of one language (English) runs on a copy of the real documents; a
page of the edited document is open in headless Chromium. Each run writes one
edited sentence into the YAML and times from the write to the page's ``load``
event (the reload script's ``location.reload()`` after the rebuild): what an
author waits between saving and reading. The preview's own lines say how the
time split (its stages before Sphinx, then the warm Sphinx).

Run alone: ``.venv/bin/python bench/serve.py [RUNS]``; `make bench` runs it
with the real handbook. The target (issue 31 item 3) is a median <= 2 s.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import BENCH_DIR, ROOT  # noqa: E402
from measure import Stats, progress  # noqa: E402
from real import EDITED, _copy, edit_one_sentence  # noqa: E402

#: The target median from a file write to the reloaded page (seconds).
TARGET = 2.0
LANGUAGE = "en"
#: The same flags as the browser tests (tests/conftest.py CHROMIUM_ARGS).
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost",
]


#: The parts of a rebuild the preview's line gives (build_tools/preview/__init__.py).
PARTS = ("rebuild", "stages", "load", "check", "render", "sphinx", "read", "write")
_REBUILT = re.compile(r"rebuilt in ([\d.]+) s \(stages ([\d.]+) s \(load ([\d.]+), check ([\d.]+), "
                      r"render ([\d.]+)\), Sphinx ([\d.]+) s \(read ([\d.]+), write ([\d.]+)\)")


@dataclass(frozen=True, slots=True)
class ServeResults:
    reload: Stats  # write -> load event, seconds
    rebuild: Stats  # the preview's own rebuild time, seconds
    stages: Stats  # of which the stages before Sphinx
    sphinx: Stats  # of which the warm Sphinx
    first_build: float  # the preview's first build (its cache as the last run left it)
    #: Every part of the preview's line by name (:data:`PARTS`), and "around":
    #: what the rebuild is not (noticing the write, the reload, the browser's load).
    parts: dict[str, Stats]

    @property
    def met(self) -> bool:
        return self.reload.median <= TARGET

    def split(self) -> str:
        """Where the median edit's time went, largest first within each level."""
        m = {name: stats.median for name, stats in self.parts.items()}
        return (f"stages {m['stages']:.2f} s (load {m['load']:.2f}, check {m['check']:.2f}, render {m['render']:.2f}) "
                f"+ warm Sphinx {m['sphinx']:.2f} s (read {m['read']:.2f}, write {m['write']:.2f}) "
                f"+ noticing the write and reloading the page {m['around']:.2f} s")


def measure_serve(runs: int) -> ServeResults:
    from playwright.sync_api import sync_playwright

    work = BENCH_DIR / "serve"
    work.mkdir(parents=True, exist_ok=True)
    source, translations = _copy(work)
    proc = subprocess.Popen(
        [sys.executable, "-m", "build_tools.cli", "serve", "-l", LANGUAGE, "--document", EDITED,
         "--source", str(source), "--translations", str(translations), "--build-dir", str(work / "build")],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, start_new_session=True)
    assert proc.stdout is not None
    lines: list[str] = []
    try:
        started = time.perf_counter()
        url = ""
        while not url:
            line = proc.stdout.readline()
            if not line:
                raise RuntimeError("handbook serve stopped: " + "".join(lines))
            lines.append(line)
            found = re.search(r"serving \S+ at (\S+)", line)
            url = found.group(1) if found else ""
        first = time.perf_counter() - started
        progress(f"serve: first build {first:.1f} s; {url}")
        reloads: list[float] = []
        rebuilt: list[tuple[float, ...]] = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(url)
            for revision in range(1, runs + 1):
                with page.expect_event("load", timeout=120_000):
                    written = time.perf_counter()
                    edit_one_sentence(source, revision + int(time.time()) % 100_000 * 100)
                reloads.append(time.perf_counter() - written)
                rebuilt.append(_rebuild_line(proc, lines))
                progress(f"serve: edit {revision}: reloaded after {reloads[-1]:.2f} s")
            browser.close()
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=120)
    parts = {name: Stats.of([r[i] for r in rebuilt]) for i, name in enumerate(PARTS)}
    parts["around"] = Stats.of([reload - r[0] for reload, r in zip(reloads, rebuilt, strict=True)])
    return ServeResults(Stats.of(reloads), parts["rebuild"], parts["stages"], parts["sphinx"], first, parts)


def _rebuild_line(proc: subprocess.Popen[str], lines: list[str]) -> tuple[float, ...]:
    """The preview's line of the rebuild just done: its seconds, then each
    part's (:data:`PARTS`)."""
    assert proc.stdout is not None
    while True:
        line = proc.stdout.readline()
        lines.append(line)
        found = _REBUILT.search(line)
        if found:
            return tuple(float(group) for group in found.groups())
        if not line or "not rebuilt" in line:
            raise RuntimeError("the preview did not rebuild: " + "".join(lines[-5:]))


def summary(r: ServeResults) -> str:
    load = os.getloadavg()[0]
    return (f"edit to reloaded page: median {r.reload.median:.2f} s (min {min(r.reload.values):.2f}, "
            f"max {max(r.reload.values):.2f}, {r.reload.runs} edits, load {load:.1f}); "
            f"target <= {TARGET:.0f} s: {'MET' if r.met else 'NOT MET'}; medians: {r.split()}")


if __name__ == "__main__":
    print(summary(measure_serve(int(sys.argv[1]) if len(sys.argv) > 1 else 5)))
