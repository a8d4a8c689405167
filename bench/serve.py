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


@dataclass(frozen=True, slots=True)
class ServeResults:
    reload: Stats  # write -> load event, seconds
    rebuild: Stats  # the preview's own rebuild time, seconds
    stages: Stats  # of which the stages before Sphinx
    sphinx: Stats  # of which the warm Sphinx
    first_build: float  # the preview's first build (its cache as the last run left it)

    @property
    def met(self) -> bool:
        return self.reload.median <= TARGET


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
        rebuilt: list[tuple[float, float, float]] = []
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
    return ServeResults(Stats.of(reloads), Stats.of([r[0] for r in rebuilt]), Stats.of([r[1] for r in rebuilt]),
                        Stats.of([r[2] for r in rebuilt]), first)


def _rebuild_line(proc: subprocess.Popen[str], lines: list[str]) -> tuple[float, float, float]:
    """The preview's line of the rebuild just done: its time, the stages', Sphinx's."""
    assert proc.stdout is not None
    while True:
        line = proc.stdout.readline()
        lines.append(line)
        found = re.search(r"rebuilt in ([\d.]+) s \(stages ([\d.]+) s, Sphinx ([\d.]+) s", line)
        if found:
            return float(found.group(1)), float(found.group(2)), float(found.group(3))
        if not line or "not rebuilt" in line:
            raise RuntimeError("the preview did not rebuild: " + "".join(lines[-5:]))


def summary(r: ServeResults) -> str:
    return (f"edit to reloaded page: median {r.reload.median:.2f} s (min {min(r.reload.values):.2f}, "
            f"max {max(r.reload.values):.2f}, {r.reload.runs} edits); the preview's rebuild "
            f"{r.rebuild.median:.2f} s = stages {r.stages.median:.2f} s + warm Sphinx {r.sphinx.median:.2f} s; "
            f"target <= {TARGET:.0f} s: {'MET' if r.met else 'NOT MET'}")


if __name__ == "__main__":
    print(summary(measure_serve(int(sys.argv[1]) if len(sys.argv) > 1 else 5)))
