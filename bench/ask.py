"""The Ask page in real Chromium: how soon a director gets the first answer,
and each answer after it; what the page downloads.

The English Ask page of the real handbook's site (built here unless the real
handbook's benchmark built it already), served on the loopback:

* cold: a browser context with nothing cached; from the start of the page's
  navigation to the first answer (Pyodide, the engine and the rulebook
  downloaded and started), asked through the page's entry point
  (``window.hbAsk``) as soon as the page has loaded;
* warm: a second visit in the same context (the service worker and the
  caches as the first visit left them), timed the same way;
* each further answer: the shipped examples' queries asked one after another
  in the started page (one example in three of every document).

And the sizes: the page's own files (the engine's Python, the rulebooks, the
page's scripts and styles, the cards, the YAML reader) gzip-compressed, as a
server would send them, and Pyodide's files as shipped and compressed.

Run alone: ``.venv/bin/python bench/ask.py [RUNS]``. The targets (issue 32):
first answer cold <= 6 s, warm <= 1.5 s, each further answer <= 100 ms, the
page's own files <= 1 MiB compressed.
"""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import BENCH_DIR, ROOT  # noqa: E402
from measure import Stats, progress  # noqa: E402
from serve import CHROMIUM_ARGS  # noqa: E402

COLD_TARGET = 6.0
WARM_TARGET = 1.5
FURTHER_TARGET_MS = 100.0
OWN_TARGET_BYTES = 1024 * 1024
#: The first question asked: a director's 1NT at a Polish table.
FIRST = ("pzbs-alert-rules", {"auction": "1BA", "meaning": {"natural": True, "hcp": "15-17"}}, ["pl"])


@dataclass(frozen=True, slots=True)
class AskResults:
    cold: Stats  # seconds, navigation start to the first answer
    warm: Stats
    further: Stats  # milliseconds per answer
    own_bytes: int  # the page's own files, gzip
    own_files: dict[str, int]
    pyodide_bytes: int  # Pyodide as shipped
    pyodide_gzip: int
    answers: int

    @property
    def met(self) -> dict[str, bool]:
        return {"cold": self.cold.median <= COLD_TARGET, "warm": self.warm.median <= WARM_TARGET,
                "further": self.further.median <= FURTHER_TARGET_MS, "own": self.own_bytes <= OWN_TARGET_BYTES}


def site_with_the_ask_page() -> Path:
    """A published site holding the English Ask page and its engine:
    ``BENCH_ASK_SITE`` when set, the real handbook's benchmark's when it is
    there, else one built here."""
    given = [Path(os.environ["BENCH_ASK_SITE"])] if os.environ.get("BENCH_ASK_SITE") else []
    real = [BENCH_DIR / "real" / folder / "site" for folder in ("html", "make")]
    for site in (*given, *real, BENCH_DIR / "ask" / "build" / "site"):
        if (site / "en" / "ask.html").is_file() and (site / "_engine" / "ask.json").is_file():
            return site
    build = BENCH_DIR / "ask" / "build"
    progress("ask: building the real handbook's English website")
    done = subprocess.run([sys.executable, "-m", "build_tools.cli", "build", "--html", "-l", "en",
                           "--build-dir", str(build)], cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError("handbook build failed: " + done.stdout[-2000:] + done.stderr[-2000:])
    return build / "site"


def sizes(site: Path) -> tuple[dict[str, int], int, int]:
    """The page's own files by name with their gzip size; Pyodide's bytes as
    shipped and compressed."""
    manifest = json.loads((site / "_engine" / "ask.json").read_text(encoding="utf-8"))
    own = [site / "_engine" / manifest[key] for key in ("engine", "yaml", "cards")]
    own += [site / "_rules" / f"{document}.json" for document in manifest["rulebooks"]]
    own += [site / "en" / "ask.html", site / "hb-ask-sw.js", site / "_engine" / "ask.json"]
    own += sorted((site / "en" / "_static").glob("hb-ask*"))
    compressed = {path.name: len(gzip.compress(path.read_bytes(), 9)) for path in own}
    runtime = [site / "_engine" / manifest["pyodide"] / name for name in manifest["pyodideFiles"]]
    return (compressed, sum(p.stat().st_size for p in runtime),
            sum(len(gzip.compress(p.read_bytes(), 9)) for p in runtime))


ASK_FIRST = """async ([document, query, notations]) => {
  const found = await hbAsk.answer(document, query, {notations});
  if (!found.answer) throw new Error(JSON.stringify(found));
  return performance.now() / 1000;
}"""

ASK_EACH = """async (asked) => {
  const times = [];
  for (const [document, query, notations] of asked) {
    const start = performance.now();
    await hbAsk.answer(document, query, {notations});
    times.push(performance.now() - start);
  }
  return times;
}"""


def further_queries() -> list[list[object]]:
    """One shipped example in three of every document, as the page asks it."""
    from build_tools.document import Example
    from build_tools.pipeline import load_handbook

    handbook = load_handbook(ROOT / "source", ROOT / "translations")
    asked: list[list[object]] = []
    for doc in handbook.documents:
        examples = [e for e in doc.elements() if isinstance(e, Example) and e.expect and e.query is not None]
        for example in examples[::3]:
            assert example.query is not None
            query = {"auction": example.query.auction, "view": example.query.view, **example.query.asked}
            asked.append([doc.id, query, [doc.language]])
    return asked


def measure_ask(runs: int) -> AskResults:
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tests"))
    from conftest import serve  # the browser tests' loopback server

    site = site_with_the_ask_page()
    own, shipped, compressed = sizes(site)
    asked = further_queries()
    cold: list[float] = []
    warm: list[float] = []
    further: list[float] = []
    with serve(site) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS)
        for run in range(runs):
            context = browser.new_context()
            for visit, into in (("cold", cold), ("warm", warm)):
                page = context.new_page()
                page.set_default_timeout(600_000)
                page.goto(f"{url}/en/ask.html")
                into.append(page.evaluate(ASK_FIRST, list(FIRST)))
                if visit == "cold":
                    # The first visit's engine kept for the next (the worker in control, the caches filled).
                    page.evaluate("navigator.serviceWorker.ready.then(() => new Promise(r => setTimeout(r, 2000)))")
                else:
                    if run == 0:
                        further.extend(page.evaluate(ASK_EACH, asked))
                page.close()
            progress(f"ask: run {run + 1}: first answer cold {cold[-1]:.2f} s, warm {warm[-1]:.2f} s")
            context.close()
        browser.close()
    return AskResults(Stats.of(cold), Stats.of(warm), Stats.of(further), sum(own.values()), own, shipped,
                      compressed, len(asked))


def summary(r: AskResults) -> str:
    met = r.met
    return "\n".join([
        f"first answer, cold cache: median {r.cold.median:.2f} s (min {r.cold.low:.2f}, max {r.cold.high:.2f}); "
        f"target <= {COLD_TARGET:.0f} s: {'MET' if met['cold'] else 'NOT MET'}",
        f"first answer, warm cache: median {r.warm.median:.2f} s (min {r.warm.low:.2f}, max {r.warm.high:.2f}); "
        f"target <= {WARM_TARGET} s: {'MET' if met['warm'] else 'NOT MET'}",
        f"each further answer: median {r.further.median:.1f} ms (max {r.further.high:.1f}, {r.answers} answers); "
        f"target <= {FURTHER_TARGET_MS:.0f} ms: {'MET' if met['further'] else 'NOT MET'}",
        f"the page's own files, gzip: {r.own_bytes / 1024:.0f} KiB; target <= 1024 KiB: "
        f"{'MET' if met['own'] else 'NOT MET'} ("
        + ", ".join(f"{name} {size / 1024:.0f}" for name, size in sorted(r.own_files.items(), key=lambda i: -i[1])) + ")",
        f"Pyodide as shipped: {r.pyodide_bytes / 1e6:.1f} MB ({r.pyodide_gzip / 1e6:.1f} MB gzip)",
    ])


if __name__ == "__main__":
    print(summary(measure_ask(int(sys.argv[1]) if len(sys.argv) > 1 else 3)))
