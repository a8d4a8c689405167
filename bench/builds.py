"""Whole-process builds, timed from outside: ``handbook build`` against plain
``sphinx-build`` on the same MyST pages, rebuilds, languages one after another
against in parallel, and the PDFs."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from build_tools import build as builder
from build_tools import incremental
from corpus import Corpus, edit_sentence, handbook_command
from measure import Sample, Stats, progress, run

_REREAD = re.compile(r"^\[(\S+)\] html: re-read (\d+) page", re.MULTILINE)
# A language whose inputs did not change since its last build: Sphinx is not
# started at all (and its log is the previous run's).
_SKIPPED = re.compile(r"^\[(\S+)\] html: inputs unchanged", re.MULTILINE)
_READING = re.compile(r"reading sources\.\.\. \[\s*\d+%\] (\S+)")


def handbook_build(corpus: Corpus, build_dir: Path, *options: str) -> Sample:
    """``handbook build OPTIONS`` on ``corpus`` into ``build_dir``, the whole process."""
    return run([*handbook_command(), "build", *options, "--source", str(corpus.source),
                "--translations", str(corpus.translations), "--build-dir", str(build_dir)],
               cwd=builder.ROOT)


def rereads(output: str) -> dict[str, int]:
    """Pages Sphinx re-read, per language, from ``handbook build``'s own lines.

    >>> rereads("[pl] html: re-read 1 page (2.0 s)\\n[en] html: inputs unchanged since the last build")
    {'pl': 1, 'en': 0}
    """
    found = {lang: int(n) for lang, n in _REREAD.findall(output)}
    found.update((lang, 0) for lang in _SKIPPED.findall(output))
    return found


def pages_read(build_dir: Path, languages: Sequence[str]) -> dict[str, list[str]]:
    """The names of the pages each language's Sphinx log says it read."""
    layout = builder.Layout(root=builder.ROOT, build=build_dir, source=build_dir)
    out: dict[str, list[str]] = {}
    for lang in languages:
        log = layout.log(lang, "html")
        text = log.read_text("utf-8", "replace") if log.exists() else ""
        out[lang] = sorted(set(_READING.findall(text)))
    return out


@dataclass(frozen=True, slots=True)
class Rebuild:
    seconds: float
    peak_kib: int
    reread: dict[str, int]
    pages: dict[str, list[str]]
    cpu: float
    others: float
    lines: tuple[tuple[float, str], ...] = ()


def rebuild(corpus: Corpus, build_dir: Path, languages: Sequence[str], jobs: int) -> Rebuild:
    sample = handbook_build(corpus, build_dir, "--html", "--jobs", str(jobs))
    started = [lang for lang in languages if lang not in _SKIPPED.findall(sample.output)]
    pages: dict[str, list[str]] = {lang: [] for lang in languages} | pages_read(build_dir, started)
    return Rebuild(sample.seconds, sample.peak_kib, rereads(sample.output), pages, sample.cpu, sample.others,
                   sample.lines)


def full_build(corpus: Corpus, build_dir: Path, jobs: int) -> Sample:
    """A first ``handbook build --html`` (the build folder removed before)."""
    shutil.rmtree(build_dir, ignore_errors=True)
    return handbook_build(corpus, build_dir, "--html", "--jobs", str(jobs))


def prepare_plain(corpus: Corpus, plain_dir: Path) -> None:
    """Render the MyST pages once with the pipeline, for plain Sphinx to build."""
    shutil.rmtree(plain_dir, ignore_errors=True)
    handbook_build(corpus, plain_dir, "--render-only")


def plain_build(corpus: Corpus, plain_dir: Path, languages: Sequence[str]) -> Sample:
    """``python -m sphinx -b html`` on the rendered pages, with the same
    conf.py, options and environment as the pipeline's, one language after
    another from empty output and doctree folders; the times are summed."""
    for stale in (plain_dir / "html", plain_dir / "doctrees"):
        shutil.rmtree(stale, ignore_errors=True)
    layout = builder.Layout(root=builder.ROOT, build=plain_dir, source=corpus.source)
    return _sphinx_each(layout, languages, lambda lang, _: dict(os.environ, HANDBOOK_LANGUAGE=lang,
                                                                HANDBOOK_SOURCE=str(corpus.source)))


def idle_sphinx(corpus: Corpus, build_dir: Path, languages: Sequence[str]) -> Sample:
    """Sphinx on ``build_dir`` just after a build, each language with nothing
    changed: its start-up, configuration and environment alone, the seconds
    added up. In place: an environment moved to another folder is a new one,
    every page read again. It writes no page, and the pipeline's records of
    the folder stay true."""
    layout = builder.Layout(root=builder.ROOT, build=build_dir, source=corpus.source,
                            translations=corpus.translations)
    return _sphinx_each(layout, languages, builder.sphinx_env)


def _sphinx_each(layout: builder.Layout, languages: Sequence[str],
                 environment: Callable[[str, builder.Layout], dict[str, str]]) -> Sample:
    seconds = cpu = others = 0.0
    peak = 0
    outputs = []
    for lang in languages:
        env = environment(lang, layout)
        sample = run(builder.sphinx_command("html", lang, layout), env=env, cwd=builder.ROOT)
        seconds += sample.seconds
        cpu += sample.cpu
        others += sample.others
        peak = max(peak, sample.peak_kib)
        outputs.append(sample.output)
    return Sample(seconds, peak, "\n".join(outputs), 0, cpu, others)


@dataclass
class HtmlResults:
    """Every HTML measurement; lists in the order taken."""

    documents: int  # of the corpus of the three from-scratch builds compared
    rebuild_documents: int  # of the corpus rebuilt
    jobs: int
    ours_serial: list[Sample] = field(default_factory=list)  # handbook build --html -j 1
    plain_serial: list[Sample] = field(default_factory=list)  # sphinx-build, one language after another
    ours_parallel: list[Sample] = field(default_factory=list)  # handbook build --html -j JOBS
    full_for_rebuilds: list[Sample] = field(default_factory=list)  # the same, on the rebuilt corpus
    noop: list[Rebuild] = field(default_factory=list)
    edit: list[Rebuild] = field(default_factory=list)
    edited: str = ""  # document and element edited
    #: Sphinx started on the rebuilt corpus's output with nothing to do, its
    #: languages one after another, the seconds added up: the least an edit
    #: that reaches every language can cost in Sphinx alone.
    idle_sphinx: list[Sample] = field(default_factory=list)

    @staticmethod
    def stats(samples: Sequence[Sample | Rebuild]) -> Stats:
        return Stats.of([s.seconds for s in samples])

    @staticmethod
    def cpu(samples: Sequence[Sample | Rebuild]) -> Stats:
        return Stats.of([s.cpu for s in samples])

    def others(self) -> Stats:
        """Cores other processes kept busy during the HTML measurements."""
        every: list[Sample | Rebuild] = [*self.ours_serial, *self.plain_serial, *self.ours_parallel,
                                         *self.full_for_rebuilds, *self.noop, *self.edit]
        return Stats.of([s.others / s.seconds for s in every])

    def rebuild_fraction(self, rebuilds: Sequence[Rebuild]) -> Stats:
        """Each rebuild over the full build of its run (or of the last run)."""
        full = self.full_for_rebuilds
        return Stats.of([r.seconds / full[min(i, len(full) - 1)].seconds for i, r in enumerate(rebuilds)])


def measure_html(compare: Corpus, rebuilt: Corpus, work: Path, languages: Sequence[str], full_runs: int,
                 rebuild_runs: int, jobs: int) -> HtmlResults:
    """From-scratch builds of ``compare``, ``full_runs`` times, taken in turn
    (ours -j 1, plain Sphinx, ours -j JOBS) so that ratios pair runs made close
    together; a from-scratch build of ``rebuilt`` (unless it is the same
    corpus), then on it a no-op rebuild and a rebuild after one edited
    sentence, ``rebuild_runs`` times."""
    same = compare.root == rebuilt.root
    results = HtmlResults(len(compare.documents), len(rebuilt.documents), jobs)
    serial_dir, parallel_dir, plain_dir = work / "html-j1", work / "html-jn", work / "plain"
    rebuild_dir = parallel_dir if same else work / "html-rebuilt"
    progress(f"html: rendering the MyST pages once for plain Sphinx (N={len(compare.documents)})")
    prepare_plain(compare, plain_dir)
    target = rebuilt.documents[len(rebuilt.documents) // 2]
    n, m = len(compare.documents), len(rebuilt.documents)
    for i in range(max(full_runs, rebuild_runs)):
        if i < full_runs:
            tag = f"N={n}, run {i + 1}/{full_runs}"
            progress(f"html: handbook build --html -j 1 from scratch, {tag}")
            results.ours_serial.append(full_build(compare, serial_dir, 1))
            progress(f"html: plain sphinx-build, one language after another, {tag}")
            results.plain_serial.append(plain_build(compare, plain_dir, languages))
            progress(f"html: handbook build --html -j {jobs} from scratch, {tag}")
            results.ours_parallel.append(full_build(compare, parallel_dir, jobs))
            if same:
                results.full_for_rebuilds.append(results.ours_parallel[-1])
            else:
                progress(f"html: handbook build --html -j {jobs} from scratch, N={m}, run {i + 1}/{full_runs}")
                results.full_for_rebuilds.append(full_build(rebuilt, rebuild_dir, jobs))
        if i < rebuild_runs:
            tag = f"N={m}, run {i + 1}/{rebuild_runs}"
            progress(f"html: no-op rebuild, {tag}")
            results.noop.append(rebuild(rebuilt, rebuild_dir, languages, jobs))
            element = edit_sentence(rebuilt, target, i + 1)
            results.edited = f"{target}#{element}"
            progress(f"html: rebuild after editing one sentence of {target}, {tag}")
            results.edit.append(rebuild(rebuilt, rebuild_dir, languages, jobs))
            progress(f"html: Sphinx with nothing to do, each language, {tag}")
            results.idle_sphinx.append(idle_sphinx(rebuilt, rebuild_dir, languages))
    # Leave the corpus as generated for whoever reads it next.
    edit_sentence(rebuilt, target, 0)
    return results


@dataclass(frozen=True, slots=True)
class PdfResults:
    documents: int
    seconds: dict[str, Stats]
    pages: dict[str, str]
    peak_kib: int


def measure_pdf(corpus: Corpus, work: Path, languages: Sequence[str], runs: int) -> PdfResults:
    """``handbook build --pdf -l LANG`` per language, each run from an empty
    LaTeX folder (the HTML is built once before: publishing needs it)."""
    build_dir = work / "pdf"
    shutil.rmtree(build_dir, ignore_errors=True)
    progress(f"pdf: building the HTML of the N={len(corpus.documents)} corpus once")
    handbook_build(corpus, build_dir, "--html")
    layout = builder.Layout(root=builder.ROOT, build=build_dir, source=corpus.source)
    seconds: dict[str, list[float]] = {}
    pages: dict[str, str] = {}
    peak = 0
    for i in range(runs):
        for lang in languages:
            progress(f"pdf: handbook build --pdf -l {lang}, run {i + 1}/{runs}")
            for step in ("latex", "latex-a5"):  # the A4 and the A5 books: both built anew
                shutil.rmtree(layout.latex(lang, step), ignore_errors=True)
                shutil.rmtree(layout.doctrees(lang, step), ignore_errors=True)
            # The PDFs of the last run are whole and the inputs unchanged: the
            # record of that build would make this one do nothing.
            (build_dir / incremental.COMPLETE_NAME).unlink(missing_ok=True)
            sample = handbook_build(corpus, build_dir, "--pdf", "--language", lang, "--jobs", "1")
            seconds.setdefault(lang, []).append(sample.seconds)
            found = re.search(r"\((\d+ pages?)\)", sample.output)
            pages[lang] = found.group(1) if found else "?"
            peak = max(peak, sample.peak_kib)
    return PdfResults(len(corpus.documents), {k: Stats.of(v) for k, v in seconds.items()}, pages, peak)


def tex_missing() -> str:
    """Why the PDFs cannot be built here, or ``""`` when they can."""
    missing = [tool for tool in ("xelatex", "latexmk") if shutil.which(tool) is None]
    return f"{' and '.join(missing)} not found on PATH" if missing else ""


__all__ = ["HtmlResults", "PdfResults", "measure_html", "measure_pdf", "tex_missing"]
