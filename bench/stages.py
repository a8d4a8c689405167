"""The pipeline's stages before Sphinx, called in-process and timed one by one:
load and validate, check examples, then translate and render each language."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from build_tools.pipeline import check_examples, load_handbook, render_language
from corpus import Corpus
from measure import Stats, progress, self_peak_kib, timed


@dataclass(frozen=True, slots=True)
class StageResults:
    load: Stats
    check: Stats
    render: dict[str, Stats]  # translate + render + write, per language
    total: Stats  # everything above, one run at a time
    documents: int
    examples: int
    peak_kib: int  # RUSAGE_SELF after the runs

    @property
    def examples_per_second(self) -> Stats:
        return Stats.of([self.examples / s for s in self.check.values])


def measure_stages(corpus: Corpus, runs: int, work: Path) -> StageResults:
    """Time every stage ``runs`` times on ``corpus``; each run renders into an
    empty folder below ``work``, so every page is written as in a first build."""
    loads: list[float] = []
    checks: list[float] = []
    renders: dict[str, list[float]] = {}
    totals: list[float] = []
    documents = examples = 0
    for run in range(runs):
        progress(f"stages: load, check, translate and render, run {run + 1}/{runs}")
        load_s, handbook = timed(lambda: load_handbook(corpus.source, corpus.translations))
        check_s, examples = timed(lambda: check_examples(handbook))  # noqa: B023 (called at once)
        documents = len(handbook.documents)
        loads.append(load_s)
        checks.append(check_s)
        total = load_s + check_s
        out = work / "stages-myst"
        shutil.rmtree(out, ignore_errors=True)
        for lang in handbook.manifest.languages:
            seconds, _ = timed(lambda: render_language(handbook, lang, out / lang))  # noqa: B023
            renders.setdefault(lang, []).append(seconds)
            total += seconds
        totals.append(total)
    return StageResults(
        load=Stats.of(loads),
        check=Stats.of(checks),
        render={lang: Stats.of(values) for lang, values in renders.items()},
        total=Stats.of(totals),
        documents=documents,
        examples=examples,
        peak_kib=self_peak_kib(),
    )
