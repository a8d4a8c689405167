"""`make bench`: the handbook pipeline against plain Sphinx, rebuilds, parallel
languages, the PDFs and the rule model, as a table of medians (with min and
max) over several runs, and which targets of issue 5 are met.

Every setting has an environment variable (shown in brackets), so that
`make bench BENCH_RUNS=3` works; options override them:

  BENCH_N          documents of the corpus rebuilt and of the stages (50)
  BENCH_COMPARE_N  documents of the corpus of the from-scratch builds compared:
                   ours -j 1, plain Sphinx, ours -j JOBS (20)
  BENCH_RUNS       runs of the in-process stages, the rebuilds and the model (5)
  BENCH_FULL_RUNS  runs of each from-scratch HTML build (5: the slow part)
  BENCH_PDF_N      documents of the PDF corpus (5)
  BENCH_PDF_RUNS   runs of each language's PDF (2; 0 skips the PDFs)
  BENCH_JOBS       languages in parallel for the parallel build (all cores)
  BENCH_AUCTIONS   auctions per model run (10000)
  BENCH_SEED       corpus seed (1)
  BENCH_REAL       1: also the real handbook (clean make, no-op make, make and
                   make html after one edited sentence, check, explain, the
                   preview, the Ask page in Chromium); 0: not (1)
  BENCH_ASK_SITE   a published site whose Ask page is measured (default: the
                   real handbook's, built by the benchmark)
  BENCH_QUICK=1    a smoke run: N=6, 1-2 runs, one PDF language, 2000 auctions,
                   the real handbook's English website only

The from-scratch builds are the slow part (about a minute each at N=50 on two
cores), hence the smaller corpus and fewer runs for them by default; set
BENCH_COMPARE_N=50 to compare on the rebuilt corpus itself.

Everything is written below build/bench/. Progress goes to stderr, the table
to stdout. Nothing here asserts a wall-clock time: the targets are reported.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from builds import HtmlResults, PdfResults, measure_html, measure_pdf, tex_missing  # noqa: E402
from corpus import BENCH_DIR, ROOT, Corpus, generate, load, untranslated  # noqa: E402
from measure import Sample, Stats, children_peak_kib, progress, self_peak_kib  # noqa: E402
from model import TARGET, measure_model  # noqa: E402
from report import (  # noqa: E402
    EDIT_AT_N,
    EXPLAIN_PROCESS_MS,
    MAX_CHECK_FRACTION,
    MAX_EDIT_FRACTION,
    MAX_NOOP_FRACTION,
    MAX_OVERHEAD,
    MIN_PARALLEL_SPEEDUP,
    REAL_EDIT_FRACTION,
    REAL_HTML_EDIT_FRACTION,
    REAL_NOOP_FRACTION,
    Heading,
    Row,
    Verdict,
    markdown,
    plain_text,
    results_markdown,
    table,
)
from ask import COLD_TARGET, FURTHER_TARGET_MS, OWN_TARGET_BYTES, WARM_TARGET, AskResults, measure_ask  # noqa: E402
from real import RealResults, measure_real  # noqa: E402
from serve import TARGET as SERVE_TARGET  # noqa: E402
from serve import ServeResults, measure_serve  # noqa: E402
from stages import StageResults, measure_stages  # noqa: E402
from timeline import Run, stage_table  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"
STAGES_TITLE = "Stage by stage"
STAGES_TEXT = (
    "Where each whole build's time went, in seconds (medians of its runs), read from the moments its "
    "progress lines arrived: a stage ends with its last line (the documents checked, the last MyST "
    "line, the last Sphinx, the last book, the site published). The stages run one after another; "
    "within one, languages and books run in parallel, so the Sphinx runs' own seconds added up can "
    "exceed the stage's.")


def _env_int(name: str, default: int, quick: int | None = None) -> int:
    if os.environ.get(name, "").strip():
        return int(os.environ[name])
    if quick is not None and os.environ.get("BENCH_QUICK", "") not in ("", "0"):
        return quick
    return default


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    doc = __doc__ or ""
    parser = argparse.ArgumentParser(
        prog="bench/run.py", description=doc.split("\n\n")[0],
        epilog=doc.split("\n\n", 1)[1], formatter_class=argparse.RawDescriptionHelpFormatter)
    cores = len(os.sched_getaffinity(0))
    parser.add_argument("-n", "--documents", type=int, default=_env_int("BENCH_N", 50, 6),
                        help="documents of the HTML corpus, 5 to 200 (default: %(default)s)")
    parser.add_argument("--compare-documents", type=int, default=_env_int("BENCH_COMPARE_N", 20, 6),
                        help="documents of the corpus of the compared from-scratch builds (default: %(default)s)")
    parser.add_argument("--runs", type=int, default=_env_int("BENCH_RUNS", 5, 2),
                        help="runs of stages, rebuilds and model (default: %(default)s)")
    parser.add_argument("--full-runs", type=int, default=_env_int("BENCH_FULL_RUNS", 5, 1),
                        help="runs of each from-scratch HTML build (default: %(default)s)")
    parser.add_argument("--pdf-documents", type=int, default=_env_int("BENCH_PDF_N", 5, 5),
                        help="documents of the PDF corpus (default: %(default)s)")
    parser.add_argument("--pdf-runs", type=int, default=_env_int("BENCH_PDF_RUNS", 2, 1),
                        help="runs of each PDF; 0 skips them (default: %(default)s)")
    parser.add_argument("--pdf-language", action="append", metavar="LANG",
                        help="only these PDF languages (default: all six; quick mode: pl)")
    parser.add_argument("-j", "--jobs", type=int, default=_env_int("BENCH_JOBS", cores),
                        help="languages at once in the parallel build (default: %(default)s)")
    parser.add_argument("--auctions", type=int, default=_env_int("BENCH_AUCTIONS", 10_000, 2_000),
                        help="auctions per model run (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=_env_int("BENCH_SEED", 1), help="corpus seed (default: %(default)s)")
    parser.add_argument("--real", type=int, choices=(0, 1), default=_env_int("BENCH_REAL", 1),
                        help="also measure the real handbook (default: %(default)s)")
    parser.add_argument("--write-results", action="store_true", help=f"also write {RESULTS.relative_to(ROOT)}")
    args = parser.parse_args(argv)
    if not (5 <= args.documents <= 200 and 5 <= args.compare_documents <= 200):
        parser.error("--documents and --compare-documents must be 5 to 200")
    if min(args.runs, args.full_runs) < 1:
        parser.error("--runs and --full-runs must be at least 1")
    if args.pdf_language is None and os.environ.get("BENCH_QUICK", "") not in ("", "0"):
        args.pdf_language = ["pl"]
    return args


@dataclass
class Everything:
    stages: StageResults
    html: HtmlResults
    pdf: PdfResults | None
    pdf_skipped: str
    model: dict[str, Stats]
    real: RealResults | None = None
    serve: ServeResults | None = None
    ask: AskResults | None = None


def _mib(kib: int) -> Stats:
    return Stats.of([kib / 1024])


def _counts(values: dict[str, int]) -> str:
    return ", ".join(f"{lang} {n}" for lang, n in values.items())


def rows(r: Everything, languages: tuple[str, ...]) -> list[Row | Heading]:
    s, h = r.stages, r.html
    out: list[Row | Heading] = [
        Heading(f"Pipeline stages in-process, N={s.documents} documents, 6 languages"),
        Row("load and validate", s.load, "s"),
        Row("check examples", s.check, "s", f"{s.examples} examples"),
    ]
    out += [Row(f"translate and render: {lang}", s.render[lang], "s") for lang in languages]
    render_all = Stats.of([sum(v) for v in zip(*(s.render[lang].values for lang in languages), strict=True)])
    out += [
        Row("translate and render: all languages", render_all, "s"),
        Row("total before Sphinx", s.total, "s"),
    ]
    serial, plain, parallel = h.stats(h.ours_serial), h.stats(h.plain_serial), h.stats(h.ours_parallel)
    serial_cpu, plain_cpu = h.cpu(h.ours_serial), h.cpu(h.plain_serial)
    out += [
        Heading(f"HTML from scratch, whole processes, N={h.documents} documents x 6 languages"),
        Row("handbook build --html -j 1", serial, "s", f"CPU {serial_cpu.median:.1f} s"),
        Row("plain sphinx-build, languages one after another", plain, "s",
            f"CPU {plain_cpu.median:.1f} s; same MyST, conf.py, options"),
        Row("pipeline overhead over plain Sphinx (wall)", _less_one(serial.ratio(plain)), "%",
            f"target <= {MAX_OVERHEAD:.0%}"),
        Row("pipeline overhead over plain Sphinx (CPU time)", _less_one(serial_cpu.ratio(plain_cpu)), "%",
            "insensitive to other load"),
        Row(f"handbook build --html -j {h.jobs}", parallel, "s", f"CPU {h.cpu(h.ours_parallel).median:.1f} s"),
        Row(f"languages in parallel: -j 1 / -j {h.jobs}", serial.ratio(parallel), "x",
            f"target >= {MIN_PARALLEL_SPEEDUP} on 2 cores"),
        Heading(f"HTML rebuilds, N={h.rebuild_documents} documents x 6 languages, -j {h.jobs}"),
        Row("full build from scratch", h.stats(h.full_for_rebuilds), "s"),
        Row("no-op rebuild", h.stats(h.noop), "s", "re-read: " + _counts(_worst(x.reread for x in h.noop))),
        Row("no-op rebuild / full build", h.rebuild_fraction(h.noop), "%", f"target <= {MAX_NOOP_FRACTION:.0%}"),
        Row("rebuild after editing one sentence", h.stats(h.edit), "s",
            "re-read: " + _counts(_worst(x.reread for x in h.edit))),
        Row("edit rebuild / full build", h.rebuild_fraction(h.edit), "%", f"target <= {MAX_EDIT_FRACTION:.0%}"),
        *idle_rows(h.idle_sphinx, len(languages), h.jobs, h.stats(h.full_for_rebuilds), "full build"),
        Row("other processes' load during the HTML builds", h.others(), "cores",
            "CPU others used per second of our wall time"),
    ]
    if r.pdf is not None:
        out.append(Heading(f"PDF, handbook build --pdf -l LANG -j 1, N={r.pdf.documents} documents"))
        out += [Row(f"pdf: {lang}", st, "s", r.pdf.pages.get(lang, "")) for lang, st in r.pdf.seconds.items()]
    out.append(Heading("Rule model, one core"))
    out += [Row(f"ten-call auctions parsed and checked ({code})", st, "auctions/s", f"target >= {TARGET:,}")
            for code, st in r.model.items()]
    out.append(Row("examples checked (pipeline.check_examples)", s.examples_per_second, "examples/s",
                   f"{s.examples} examples of the N={s.documents} corpus"))
    if r.real is not None:
        out += real_rows(r.real)
    if r.serve is not None:
        out += serve_rows(r.serve)
    if r.ask is not None:
        out += ask_rows(r.ask)
    out += [
        Heading("Peak memory (largest single process)"),
        Row("in-process stages and model (RUSAGE_SELF)", _mib(self_peak_kib()), "MiB"),
        Row("handbook build --html (subprocess tree)",
            _mib(max(x.peak_kib for x in h.ours_parallel + h.ours_serial + h.full_for_rebuilds)), "MiB"),
        Row("plain sphinx-build", _mib(max(x.peak_kib for x in h.plain_serial)), "MiB"),
    ]
    if r.pdf is not None:
        out.append(Row("handbook build --pdf (subprocess tree)", _mib(r.pdf.peak_kib), "MiB"))
    out.append(Row("largest subprocess of the whole run (RUSAGE_CHILDREN)", _mib(children_peak_kib()), "MiB"))
    return out


def _sample(sample: Sample | tuple[Sample, ...]) -> Stats:
    return Stats.of([one.seconds for one in (sample if isinstance(sample, tuple) else (sample,))])


def serve_rows(serve: ServeResults) -> list[Row | Heading]:
    return [
        Heading("handbook serve -l en on the real handbook: one edited sentence of AEB, headless Chromium"),
        Row("file write -> the page's load event", serve.reload, "s", f"target <= {SERVE_TARGET:.0f} s"),
        Row("the preview's rebuild", serve.rebuild, "s", "its own line"),
        Row("  of which loading, checking, rendering", serve.stages, "s"),
        Row("    loading the handbook", serve.parts["load"], "s"),
        Row("    checking it", serve.parts["check"], "s"),
        Row("    translating and rendering its MyST", serve.parts["render"], "s"),
        Row("  of which the warm Sphinx", serve.sphinx, "s"),
        Row("    reading the pages that changed", serve.parts["read"], "s"),
        Row("    writing pages, indices, search index", serve.parts["write"], "s"),
        Row("noticing the write, reloading the page", serve.parts["around"], "s", "load event less the rebuild"),
    ]


def ask_rows(ask: AskResults) -> list[Row | Heading]:
    return [
        Heading("The Ask page (English) of the real handbook in headless Chromium: Pyodide in the page"),
        Row("first answer after opening the page, cold cache", ask.cold, "s", f"target <= {COLD_TARGET:.0f} s"),
        Row("first answer after opening the page, warm cache", ask.warm, "s", f"target <= {WARM_TARGET} s"),
        Row("each further answer", ask.further, "ms", f"target <= {FURTHER_TARGET_MS:.0f} ms; {ask.answers} examples"),
        Row("the page's own files (engine, rulebooks, scripts), gzip", Stats.of([ask.own_bytes / 1024]), "KiB",
            f"target <= {OWN_TARGET_BYTES // 1024} KiB"),
        Row("Pyodide as shipped", Stats.of([ask.pyodide_bytes / 1e6]), "MB",
            f"{ask.pyodide_gzip / 1e6:.1f} MB gzip"),
    ]


def real_rows(real: RealResults) -> list[Row | Heading]:
    shown = "make" if real.pdf else "make html"
    scope = ", ".join(real.languages) or "every language"
    return [
        Heading(f"The real handbook ({scope}{', site and PDFs' if real.pdf else ', websites only'}), "
                f"one clean build each, {len(real.edit)} edits"),
        Row(f"clean {shown}", _sample(real.clean), "s", f"peak {real.clean.peak_kib / 1024:.0f} MiB"),
        Row(f"{shown} with nothing changed", _sample(real.noop), "s"),
        Row(f"no-op / clean {shown}", real.fraction(real.noop, real.clean), "%",
            f"target <= {REAL_NOOP_FRACTION:.0%}"),
        Row(f"{shown} after one edited sentence of AEB", _sample(real.edit), "s"),
        Row(f"edit / clean {shown}", real.fraction(real.edit, real.clean), "%",
            f"target <= {REAL_EDIT_FRACTION:.0%}" if real.pdf else "the make target: with PDFs"),
        Row("clean make html", _sample(real.clean_html), "s", f"peak {real.clean_html.peak_kib / 1024:.0f} MiB"),
        Row("make html after one edited sentence", _sample(real.edit_html), "s"),
        Row("make html edit / clean make html", real.fraction(real.edit_html, real.clean_html), "%",
            f"target <= {REAL_HTML_EDIT_FRACTION:.0%}"),
        *(idle_rows([real.idle_sphinx], real.idle_languages, real.jobs, _sample(real.clean_html), "clean make html")
          if real.idle_sphinx is not None else []),
        Row("handbook check, per example", real.check, "ms", f"{real.examples} examples, whole process"),
        Row("handbook explain, a fresh process", real.explain_process, "ms",
            f"target <= {EXPLAIN_PROCESS_MS} ms (its rulebook compiled)"),
        Row("handbook explain, in-process after one call", real.explain_in_process, "ms"),
    ]


def idle_rows(idle: Sequence[Sample], languages: int, jobs: int, full: Stats, shown: str) -> list[Row]:
    """Sphinx started with nothing to do, every language: the floor under an
    edit that reaches every language, however little it changes."""
    if not idle:
        return []
    summed = Stats.of([one.seconds for one in idle])
    floor = Stats.of([one.seconds / max(1, min(jobs, languages)) for one in idle])
    return [
        Row(f"Sphinx with nothing to do, {languages} languages one after another", summed, "s",
            f"{summed.median / max(1, languages):.2f} s per language: start-up, configuration, environment"),
        Row(f"that on {jobs} cores / {shown}", floor.ratio(Stats.of([full.median] * floor.runs)), "%",
            "the least an edit reaching every language costs in Sphinx alone"),
    ]


def stage_columns(r: Everything) -> list[tuple[str, list[Run]]]:
    """The builds whose time the stage table splits: the synthetic corpus's
    full build and edit rebuild, and the real handbook's four."""
    h = r.html
    columns: list[tuple[str, list[Run]]] = [
        (f"N={h.rebuild_documents}: full --html", [(s.lines, s.seconds) for s in h.full_for_rebuilds]),
        (f"N={h.rebuild_documents}: one edit", [(s.lines, s.seconds) for s in h.edit]),
    ]
    if r.real is not None:
        real = r.real
        shown = "make" if real.pdf else "make html"
        columns += [(f"real: clean {shown}", [(real.clean.lines, real.clean.seconds)]),
                    (f"real: {shown}, one edit", [(s.lines, s.seconds) for s in real.edit])]
        if real.pdf:
            columns += [("real: clean make html", [(real.clean_html.lines, real.clean_html.seconds)]),
                        ("real: make html, one edit", [(s.lines, s.seconds) for s in real.edit_html])]
    return columns


def real_verdicts(real: RealResults) -> list[Verdict]:
    noop = real.noop.seconds / real.clean.seconds
    edit = real.fraction(real.edit, real.clean).median
    html = real.fraction(real.edit_html, real.clean_html).median
    scope = "" if not real.languages else f" (measured on {', '.join(real.languages)} only)"
    out = [Verdict(f"real handbook: no-op make <= {REAL_NOOP_FRACTION:.0%} of a clean make",
                   noop <= REAL_NOOP_FRACTION, f"{noop:.1%}{scope}")]
    if real.pdf:
        out.append(Verdict(f"real handbook: make after one edited sentence <= {REAL_EDIT_FRACTION:.0%} of a clean make",
                           edit <= REAL_EDIT_FRACTION, f"{edit:.1%}{scope}"))
    out.append(Verdict(f"real handbook: make html after one edited sentence <= {REAL_HTML_EDIT_FRACTION:.0%} "
                       f"of a clean make html", html <= REAL_HTML_EDIT_FRACTION, f"{html:.1%}{scope}"))
    explain = real.explain_process.median
    out.append(Verdict(f"handbook explain in a fresh process <= {EXPLAIN_PROCESS_MS} ms (median)",
                       explain <= EXPLAIN_PROCESS_MS, f"{explain:.0f} ms"))
    return out


def _less_one(ratio: Stats) -> Stats:
    return Stats.of([v - 1 for v in ratio.values])


def _worst(runs: Iterable[dict[str, int]]) -> dict[str, int]:
    """Per language, the most pages re-read in any run."""
    worst: dict[str, int] = {}
    for counts in runs:
        for lang, n in counts.items():
            worst[lang] = max(worst.get(lang, 0), n)
    return worst


def verdicts(r: Everything, languages: tuple[str, ...], cores: int) -> list[Verdict]:
    h = r.html
    serial, plain, parallel = h.stats(h.ours_serial), h.stats(h.plain_serial), h.stats(h.ours_parallel)
    overhead = serial.ratio(plain).median - 1
    noop_frac = h.rebuild_fraction(h.noop).median
    edit_frac = h.rebuild_fraction(h.edit).median
    noop_reads = sum(sum(x.reread.values()) for x in h.noop)
    target_doc = h.edited.split("#")[0]
    edit_ok = all(
        set(x.reread) == set(languages) and all(n == 1 for n in x.reread.values())
        and all(x.pages.get(lang) == [target_doc] for lang in languages)
        for x in h.edit
    )
    edit_seen = _counts(_worst(x.reread for x in h.edit))
    pages_seen = sorted({p for x in h.edit for pages in x.pages.values() for p in pages})
    speedup = serial.ratio(parallel).median
    rates = {code: st.median for code, st in r.model.items()}
    at_n = "" if h.rebuild_documents == EDIT_AT_N else f" (measured at N={h.rebuild_documents}, not {EDIT_AT_N})"
    core_note = "" if cores == 2 else f" (this machine has {cores} cores)"
    check = (r.stages.load.median + r.stages.check.median) / h.stats(h.full_for_rebuilds).median
    real = real_verdicts(r.real) if r.real is not None else []
    if r.serve is not None:
        real.append(Verdict(f"handbook serve: edit to reloaded page <= {SERVE_TARGET:.0f} s (median)", r.serve.met,
                            f"{r.serve.reload.median:.2f} s: {r.serve.split()}"))
    if r.ask is not None:
        met = r.ask.met
        real += [
            Verdict(f"Ask page: first answer, cold cache <= {COLD_TARGET:.0f} s (median)", met["cold"],
                    f"{r.ask.cold.median:.2f} s"),
            Verdict(f"Ask page: first answer, warm cache <= {WARM_TARGET} s (median)", met["warm"],
                    f"{r.ask.warm.median:.2f} s"),
            Verdict(f"Ask page: each further answer <= {FURTHER_TARGET_MS:.0f} ms (median)", met["further"],
                    f"{r.ask.further.median:.1f} ms over {r.ask.answers} examples"),
            Verdict("Ask page: its own files <= 1 MiB compressed (Pyodide excluded)", met["own"],
                    f"{r.ask.own_bytes / 1024:.0f} KiB gzip; Pyodide {r.ask.pyodide_bytes / 1e6:.1f} MB as shipped, "
                    f"{r.ask.pyodide_gzip / 1e6:.1f} MB gzip"),
        ]
    return real + [
        Verdict(f"handbook check of the corpus (load, validate, check) <= {MAX_CHECK_FRACTION:.0%} of a full "
                f"HTML build", check <= MAX_CHECK_FRACTION, f"{check:.1%} at N={r.stages.documents}"),
        Verdict(f"pipeline overhead over plain Sphinx, full HTML build <= {MAX_OVERHEAD:.0%}",
                overhead <= MAX_OVERHEAD, f"{overhead:+.1%} (median of {serial.runs} paired runs)"),
        Verdict(f"no-op rebuild re-reads no page and costs <= {MAX_NOOP_FRACTION:.0%} of a full build",
                noop_reads == 0 and noop_frac <= MAX_NOOP_FRACTION,
                f"{noop_reads} pages re-read over {len(h.noop)} runs; {noop_frac:.1%} of a full build{at_n}"),
        Verdict(f"one edited sentence re-reads only that document's page in each language and costs "
                f"<= {MAX_EDIT_FRACTION:.0%} of a full build at N={EDIT_AT_N}",
                edit_ok and edit_frac <= MAX_EDIT_FRACTION,
                f"re-read {edit_seen} (pages: {', '.join(pages_seen) or 'none'}); "
                f"{edit_frac:.1%} of a full build{at_n}"),
        Verdict(f"languages in parallel >= {MIN_PARALLEL_SPEEDUP}x faster than one after another on 2 cores",
                speedup >= MIN_PARALLEL_SPEEDUP, f"{speedup:.3f}x with -j {h.jobs}{core_note}"),
        Verdict(f"model >= {TARGET:,} ten-call auctions parsed and checked per second on one core",
                min(rates.values()) >= TARGET,
                ", ".join(f"{code} {rate:,.0f}/s" for code, rate in rates.items())),
    ]


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    cores = len(os.sched_getaffinity(0))
    work = BENCH_DIR / "work"
    progress(f"corpus: generating N={args.documents} documents (seed {args.seed}) in build/bench/")
    corpus: Corpus = generate(BENCH_DIR / f"corpus-{args.documents}", args.documents, args.seed)
    missing = untranslated(corpus)
    if missing:
        print(f"bench: error: {missing} texts of the corpus are untranslated", file=sys.stderr)
        return 1
    handbook = load(corpus)
    languages = handbook.manifest.languages
    stages = measure_stages(corpus, args.runs, work)
    model = measure_model(args.auctions, args.runs)
    compare = corpus
    if args.compare_documents != args.documents:
        progress(f"corpus: generating N={args.compare_documents} documents for the from-scratch comparison")
        compare = generate(BENCH_DIR / f"corpus-{args.compare_documents}", args.compare_documents, args.seed)
    html = measure_html(compare, corpus, work, languages, args.full_runs, args.runs, args.jobs)
    pdf, skipped = None, ""
    if args.pdf_runs == 0:
        skipped = "PDFs skipped (--pdf-runs 0)"
    elif tex_missing():
        skipped = f"PDFs skipped: {tex_missing()} (install TeX: sh build_tools/system-deps.sh tex)"
    if skipped:
        progress(skipped)
    else:
        progress(f"corpus: generating N={args.pdf_documents} documents for the PDFs")
        pdf_corpus = generate(BENCH_DIR / f"corpus-{args.pdf_documents}", args.pdf_documents, args.seed)
        pdf = measure_pdf(pdf_corpus, work, args.pdf_language or languages, args.pdf_runs)
    real = None
    if args.real:
        quick = os.environ.get("BENCH_QUICK", "") not in ("", "0")
        real = measure_real(("en",) if quick else (), pdf=not quick and not tex_missing(), runs=args.runs)
    serve = measure_serve(args.runs) if args.real else None
    ask = measure_ask(args.runs) if args.real else None
    everything = Everything(stages, html, pdf, skipped, model, real, serve, ask)
    cells = table(rows(everything, languages))
    checks = verdicts(everything, languages, cores)
    settings = (f"N={args.documents} (from-scratch comparison: N={args.compare_documents}; PDF: "
                f"N={args.pdf_documents}), {args.runs} runs of stages, rebuilds and "
                f"model, {args.full_runs} runs of each from-scratch HTML build, {args.pdf_runs} of each PDF, "
                f"-j {args.jobs}, {args.auctions:,} auctions, seed {args.seed}")
    stages_cells = stage_table(stage_columns(everything))
    print(plain_text(cells))
    print()
    print(STAGES_TITLE)
    print(markdown(stages_cells))
    print()
    for check in checks:
        print(check.line())
    if skipped:
        print(f"[SKIPPED] {skipped}")
    print(f"\n{settings}")
    if args.write_results:
        command = "make bench" + "".join(
            f" {k}={shlex.quote(os.environ[k])}" for k in sorted(os.environ) if k.startswith("BENCH_"))
        notes = [skipped] if skipped else []
        RESULTS.write_text(results_markdown(cells, checks, settings, command, notes,
                                            [(STAGES_TITLE, STAGES_TEXT, markdown(stages_cells))]), "utf-8")
        progress(f"wrote {RESULTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
