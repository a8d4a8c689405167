"""The real handbook, timed as a user meets it: a clean ``make``, a ``make``
with nothing changed, a ``make`` after one edited sentence of the AEB
document, and ``make html`` after another (against a clean ``make html``),
each edit as many times as there are runs, a new sentence each time;
``handbook check`` per example, and ``explain`` latency in a fresh process and
in-process.

The documents and catalogs are copied to ``build/bench/real/`` first and
edited there: ``source/`` is never touched. Quick mode builds one language's
website only (no TeX), which is enough to prove the measurements run.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

from build_tools import build as builder
from build_tools.loader import MANIFEST_NAME, load_manifest
from builds import idle_sphinx
from corpus import BENCH_DIR, ROOT, Corpus, handbook_command
from measure import Sample, Stats, progress, run

#: The document edited, as the issue measured it (one sentence of AEB).
EDITED = "aeb-bidding-systems"
#: A director's question, asked of the PZBS rules.
QUERY = "{auction: 1BA, meaning: {natural: true, hcp: 12-14, shape: balanced}}"
_EXAMPLES = re.compile(r"(\d+) examples checked")


@dataclass
class RealResults:
    languages: tuple[str, ...]  # () for every language
    pdf: bool
    clean: Sample
    noop: Sample
    edit: tuple[Sample, ...]
    clean_html: Sample
    edit_html: tuple[Sample, ...]
    check: Stats
    examples: int
    explain_process: Stats
    explain_in_process: Stats
    #: Sphinx with nothing to do on the clean make html's output, every
    #: language one after another (:func:`builds.idle_sphinx`).
    idle_sphinx: Sample | None = None
    idle_languages: int = 0
    #: The builds' --jobs (the CLI's default: the number of cores).
    jobs: int = os.cpu_count() or 1

    def fraction(self, rebuild: Sample | tuple[Sample, ...], full: Sample) -> Stats:
        """Each rebuild's seconds against the clean build's of the same run."""
        rebuilds = rebuild if isinstance(rebuild, tuple) else (rebuild,)
        return Stats.of([one.seconds / full.seconds for one in rebuilds])


def _copy(work: Path) -> tuple[Path, Path]:
    """The real documents and catalogs, copied below ``work``."""
    source, translations = work / "source", work / "translations"
    for folder, original in ((source, ROOT / "source"), (translations, ROOT / "translations")):
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(original, folder)
    return source, translations


def edit_one_sentence(source: Path, revision: int) -> None:
    """Change the first quoted sentence of the AEB document ending in a full
    stop, as an author would (each ``revision`` a different text)."""
    path = source / f"{EDITED}.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    for i, line in enumerate(lines):
        found = re.match(r'(\s+text: ".*?)( \(rev \d+\))?\."\s*$', line)
        if found:
            lines[i] = f'{found.group(1)} (rev {revision})."\n'
            path.write_text("".join(lines), encoding="utf-8")
            return
    raise ValueError(f"{path}: no quoted sentence to edit")


def measure_real(languages: tuple[str, ...], pdf: bool, runs: int) -> RealResults:
    work = BENCH_DIR / "real"
    work.mkdir(parents=True, exist_ok=True)
    source, translations = _copy(work)
    where = ["--source", str(source), "--translations", str(translations)]
    langs = [arg for lang in languages for arg in ("-l", lang)]
    what = [] if pdf else ["--html"]

    def build(folder: Path, *extra: str) -> Sample:
        return run([*handbook_command(), "build", *extra, *langs, *where, "--build-dir", str(folder)], cwd=ROOT)

    make_dir, html_dir = work / "make", work / "html"
    for folder in (make_dir, html_dir):
        shutil.rmtree(folder, ignore_errors=True)
    shown = "make" if pdf else "make html"
    progress(f"real: clean {shown} ({', '.join(languages) or 'every language'})")
    clean = build(make_dir, *what)
    progress(f"real: {shown} with nothing changed")
    noop = build(make_dir, *what)
    revisions = iter(range(1, 2 * runs + 1))

    def edited(folder: Path, shown: str, *extra: str) -> tuple[Sample, ...]:
        samples = []
        for run_number in range(1, runs + 1):
            edit_one_sentence(source, next(revisions))
            progress(f"real: {shown} after one edited sentence of {EDITED} ({run_number} of {runs})")
            samples.append(build(folder, *extra))
        return tuple(samples)

    edit = edited(make_dir, shown, *what)
    if pdf:
        progress("real: clean make html")
        clean_html = build(html_dir, "--html")
    else:  # the clean build above was one already
        clean_html, html_dir = clean, make_dir
    edit_html = edited(html_dir, "make html", "--html")
    progress("real: Sphinx with nothing to do, each language")
    shown_languages = languages or tuple(load_manifest(source / MANIFEST_NAME).languages)
    idle = idle_sphinx(Corpus(work, ()), html_dir, shown_languages)
    progress(f"real: handbook check, {runs} runs")
    checks = [run([*handbook_command(), "check", *where], cwd=ROOT) for _ in range(runs)]
    found = _EXAMPLES.search(checks[0].output)
    examples = int(found.group(1)) if found else 0
    progress(f"real: handbook explain, {runs} processes and {runs} calls in-process")
    # Each process finds the document's rulebook compiled (the build does it;
    # so does the first query, not timed), as a director's does after a make.
    explain = ["explain", "pzbs-alert-rules", QUERY, *where, "--build-dir", str(work / "explain")]
    run([*handbook_command(), *explain], cwd=ROOT)
    process = [run([*handbook_command(), *explain], cwd=ROOT).seconds for _ in range(runs)]
    in_process = _in_process(explain, runs)
    return RealResults(languages, pdf, clean, noop, edit, clean_html, edit_html,
                       Stats.of([c.seconds / max(examples, 1) * 1000 for c in checks]), examples,
                       Stats.of([s * 1000 for s in process]), Stats.of([s * 1000 for s in in_process]), idle,
                       len(shown_languages))


def _in_process(argv: list[str], runs: int) -> list[float]:
    """``handbook explain`` called in this process, after one call to warm up
    (the documents loaded, the rules compiled, as a server would keep them)."""
    from build_tools.cli import main

    seconds = []
    for i in range(runs + 1):
        start = time.perf_counter()
        with contextlib.redirect_stdout(io.StringIO()):
            code = main(argv)
        if code != 0:
            raise RuntimeError(f"handbook {' '.join(argv[:2])} exited {code}")
        if i:
            seconds.append(time.perf_counter() - start)
    return seconds


__all__ = ["RealResults", "builder", "edit_one_sentence", "measure_real"]
