"""Build the handbook: the website and the PDFs of every language.

Stages: load and validate, check examples, translate and render MyST (files
rewritten only when their content changes), Sphinx per language in parallel
processes, xelatex, then publish build/site atomically: a failed build leaves
the previous site as it was.

Everything after validation holds the build folder's lock, so a second build
in the same folder waits for the first; a build killed at any point leaves
the previous site published and its debris to the next build, which repairs it.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from build_tools import build as builder
from build_tools import incremental, lock, orphans
from build_tools.commands._common import (
    add_location_arguments,
    positive,
    report,
    report_findings,
    select_languages,
    usage_error,
)
from build_tools.diagnostics import DiagnosticError
from build_tools.files import write_if_changed
from build_tools.loader import MANIFEST_NAME, Manifest, display_path, load_manifest
from build_tools.pipeline import (
    CHECKED_KINDS,
    Handbook,
    Pages,
    Prepared,
    amendments,
    check_handbook,
    load_handbook,
    page_keys,
    render_language,
)
from build_tools.render import RenderResult


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--html", action="store_true", help="build the websites")
    parser.add_argument("--pdf", action="store_true",
                        help="build the PDFs (xelatex): per language the whole handbook in A4 and in A5 "
                             "(build/pdf/<handbook>-<lang>-a4.pdf, -a5.pdf), and each document alone, "
                             "in its own language, in A5 "
                             "(build/pdf/<document>-<lang>-a5.pdf)")
    parser.add_argument("--paper", metavar="a4|a5",
                        help="print only on this paper: the books (and, for a5, the documents alone); "
                             "with --document, that document's paper (default: a5)")
    parser.add_argument("--document", metavar="ID",
                        help="build only this document's PDF, alone (build/pdf/<ID>-<lang>-<paper>.pdf), in "
                             "each language given with -l (default: the document's own language), "
                             "a translation included")
    parser.add_argument("--render-only", action="store_true", help="stop after writing the MyST pages")
    parser.add_argument("-l", "--language", action="append", metavar="LANG",
                        help="build only this language (repeatable; default: every language of the manifest)")
    parser.add_argument("-j", "--jobs", type=positive, default=os.cpu_count() or 1,
                        help="languages built at once (default: the number of cores, %(default)s)")
    parser.add_argument("--build-dir", type=Path, default=Path("build"), help="output folder (default: %(default)s)")
    parser.add_argument("--merge", action="append", type=Path, metavar="BUILD_DIR",
                        help="build nothing: publish into --build-dir the websites and PDFs other build folders "
                             "hold, one language or more each (the jobs of a CI matrix); repeatable")
    parser.add_argument("--strict", action="store_true",
                        help="a broken translation stops the build (default: it shows the original, with a warning)")
    add_location_arguments(parser)


def _say(text: str) -> None:
    print(text, flush=True)


def _render(handbook: Handbook, pages: list[Pages], layout: builder.Layout, jobs: int,
            strict: bool = False) -> list[RenderResult]:
    """Translate and render every language (a page whose inputs are those of
    one in the cache is taken from it); languages are independent, so with
    more than one job they render in processes of their own, a core each."""
    languages = [p.language for p in pages]
    targets = [layout.myst(lang) for lang in languages]
    # What each amendment changed is the same in every language: asked of the rules once.
    amended = amendments(handbook)
    if jobs <= 1 or len(languages) <= 1:
        return [render_language(handbook, p.language, target, strict, p, amended)
                for p, target in zip(pages, targets, strict=True)]
    # The workers end with this process: killed with ``kill -9``, it would
    # leave them asleep on their task queue for ever.
    with ProcessPoolExecutor(max_workers=min(jobs, len(languages)), initializer=orphans.die_with_parent,
                             initargs=(os.getpid(),)) as pool:
        return list(pool.map(render_language, [handbook] * len(languages), languages, targets,
                             [strict] * len(languages), pages, [amended] * len(languages)))


def _request(args: argparse.Namespace) -> dict[str, object]:
    """What a build is asked to make: two builds asking the same, of the same
    inputs, make the same (the number of jobs changes only how fast)."""
    return {
        "html": bool(args.html), "pdf": bool(args.pdf), "render_only": bool(args.render_only),
        "languages": list(dict.fromkeys(args.language)) if args.language else None,
        "paper": args.paper, "document": args.document, "strict": bool(args.strict),
    }


def _inputs_digest(args: argparse.Namespace, request: dict[str, object]) -> str:
    """The digest of every input of the build (see :mod:`build_tools.incremental`)."""
    # The lock file pins what npm installs for the Ask page (Pyodide, vendored into the site).
    folders = [args.source.resolve(), args.translations.resolve(),
               builder.ROOT / "build_tools", builder.ROOT / "conf.py", builder.ROOT / "package-lock.json"]
    return incremental.inputs_digest([f for f in folders if f.exists()], request)


def _still_whole(record: incremental.Completed, layout: builder.Layout) -> bool:
    """Whether what the completed build made is still there and whole: its
    published tree (``build/site`` linking to it), its websites, its PDFs."""
    if builder.debris(layout):
        return False
    if record.site:
        tree = layout.build / builder.PUBLISHED / record.site
        if builder.published_tree(layout) != record.site or builder.whole_page_problem(tree / "index.html"):
            return False
    for output in record.outputs:
        kind, _, name = output.partition(":")
        if kind == "html" and not builder.html_complete(name, layout):
            return False
        if kind == "pdf" and builder.pdf_problem(layout.pdf / name):
            return False
    return True


def _nothing_changed(args: argparse.Namespace, digest: str, request: dict[str, object],
                     layout: builder.Layout) -> bool:
    """Whether the last build that completed asked the same of the same inputs
    and its outputs are whole: then this one has nothing to do. A build running
    in the folder now (its lock held) may be changing them: then no."""
    with lock.attempt(layout.build) as held:
        if not held:
            return False
        record = incremental.Completed.read(layout.build)
        return (record is not None and record.request == request and record.digest == digest
                and _still_whole(record, layout))


def _layout(args: argparse.Namespace) -> builder.Layout:
    return builder.Layout(root=builder.ROOT, build=args.build_dir.resolve(), source=args.source.resolve(),
                          translations=args.translations.resolve())


def _merge(args: argparse.Namespace, layout: builder.Layout, started: float) -> int:
    """Publish the languages the folders of ``--merge`` built, as one site."""
    try:
        manifest = load_manifest(args.source / MANIFEST_NAME)
    except DiagnosticError as exc:
        return report(exc)
    missing = [folder for folder in args.merge if not folder.is_dir()]
    if missing:
        return usage_error(f"--merge {display_path(missing[0])}: no such build folder")

    def waiting(pid: int | None) -> None:
        _say(f"handbook: waiting for another build in {display_path(layout.build)}/ "
             f"(pid {pid if pid is not None else 'unknown'}) ...")

    with lock.exclusive(layout.build, waiting):
        incremental.forget(layout.build)
        found = builder.merge(layout, manifest, [folder.resolve() for folder in args.merge])
        _say(f"handbook: merged {', '.join(found) or 'no language'} from "
             f"{', '.join(display_path(folder) for folder in args.merge)}")
        return _publish(layout, manifest, started)


def run(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    request = _request(args)
    layout = _layout(args)
    if args.merge:
        return _merge(args, layout, started)
    # A request the manifest cannot satisfy is a usage error before any work
    # (loading and checking the documents takes a minute).
    try:
        problem = _request_problem(args, load_manifest(args.source / MANIFEST_NAME))
    except DiagnosticError as exc:
        return report(exc)
    if problem:
        return usage_error(problem)
    try:
        digest = _inputs_digest(args, request)
        if not args.render_only and _nothing_changed(args, digest, request, layout):
            _say(f"handbook: nothing changed since the last build (inputs' digests match); "
                 f"{display_path(layout.site)} as it was ({time.perf_counter() - started:.1f} s)")
            return 0
        # The build folder first: one that cannot be made is named as the user
        # gave it, not as the cache's first entry below it.
        layout.build.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return _os_error(exc)
    # What an earlier build made of a document's same inputs is taken from
    # build/cache: an edit loads, checks and renders the documents it reaches.
    prepared = Prepared(incremental.StageCache(layout.build / incremental.CACHE_NAME))
    try:
        handbook = load_handbook(args.source, args.translations, prepared)
        # A verdict an example does not get fails the build, as in check.
        checked = check_handbook(handbook, prepared)
    except DiagnosticError as exc:
        return report(exc)
    except OSError as exc:  # the cache cannot be written: a full disk
        return _os_error(exc)
    # Rules that conflict, or name no article, fail the build as they fail check.
    if report_findings(checked.findings):
        return 1
    # Named twice, a language would get two Sphinx processes writing one folder.
    languages = select_languages(args.language, handbook.manifest)
    if args.document is not None and not args.language:  # the document in its own language
        languages = [next(d.language for d in handbook.documents if d.id == args.document)]
    _say(f"handbook: {len(handbook.documents)} documents valid, {checked.examples} examples checked"
         + (f" ({checked.reused} document{'s' if checked.reused != 1 else ''} unchanged since an earlier build: "
            "checked then)" if checked.reused else ""))

    def waiting(pid: int | None) -> None:
        _say(f"handbook: waiting for another build in {display_path(layout.build)}/ "
             f"(pid {pid if pid is not None else 'unknown'}) ...")

    def abandoned(pid: int) -> None:
        _say(f"handbook: the build of pid {pid} in {display_path(layout.build)}/ stopped before it finished "
             "(killed?); what it left half-done is made again")

    try:
        with lock.exclusive(layout.build, waiting, abandoned):
            return _build(args, handbook, languages, layout, started, (request, digest), prepared)
    except OSError as exc:
        # A full disk, a folder that cannot be written: what was being written
        # is cleaned up on the way here, and the published site is untouched.
        return _os_error(exc)


def _request_problem(args: argparse.Namespace, manifest: Manifest) -> str:
    """Why the manifest cannot give what ``args`` ask for (a language or a
    document it does not list, an unknown paper), or ``""``."""
    try:
        select_languages(args.language, manifest)
    except ValueError as exc:
        return str(exc)
    if args.paper is not None and args.paper not in builder.PAPERS:
        return f"--paper {args.paper!r}: expected one of {', '.join(builder.PAPERS)}"
    if args.document is not None and args.document not in manifest.documents:
        return f"--document {args.document!r} is not in {manifest.path} (it has {', '.join(manifest.documents)})"
    return ""


def _os_error(exc: OSError) -> int:
    """Say in one line what could not be read or written, and where."""
    where = f"{exc.filename}: " if exc.filename else ""
    print(f"handbook: error: {where}{exc.strerror or exc}", file=sys.stderr)
    return 1


def _build(args: argparse.Namespace, handbook: Handbook, languages: list[str], layout: builder.Layout,
           started: float, asked: tuple[dict[str, object], str], prepared: Prepared) -> int:
    """Render, build and publish; called holding the build folder's lock."""
    html = args.html or not (args.pdf or args.render_only)
    pdf = args.pdf or not (args.html or args.render_only)
    manifest = handbook.manifest
    # Nothing is trusted as complete while this build changes the folder.
    incremental.forget(layout.build)
    builder.remove_debris(layout)
    builder.remove_retired_pdfs(layout, manifest)
    pages = [page_keys(handbook, prepared, lang) for lang in languages]
    try:
        for lang, result in zip(languages, _render(handbook, pages, layout, args.jobs, args.strict), strict=True):
            _say(f"[{lang}] myst: {len(result.written)} written, {len(result.unchanged)} unchanged"
                 + (f", {len(result.removed)} removed" if result.removed else ""))
    except DiagnosticError as exc:
        return report(exc)
    if args.render_only:
        return 0
    if html:
        # The status page of the published site (see build.STATUS); a catalog
        # that cannot be read counts as empty (render has warned of it).
        from build_tools.i18n.stats import catalog_stats

        status = json.dumps({"catalogs": catalog_stats(handbook, list(manifest.languages), prepared=prepared)},
                            ensure_ascii=False, indent=1)
        write_if_changed(layout.build / builder.STATUS, status.encode("utf-8"))
        # Each document's rulebook, for the site's _rules/ and for explain (build/cache).
        from build_tools.rulebooks import write_rulebooks

        write_rulebooks(handbook.documents, manifest.languages, args.source, args.translations, layout.build)
        # The Ask page's engine, vendored beside them (build/engine, published as _engine/).
        from build_tools import ask_engine
        from build_tools.rulebooks import RULES_NAME

        try:
            ask_engine.write_engine(layout.build, args.source,
                                    [layout.build / RULES_NAME / f"{doc}.json" for doc in manifest.documents])
        except ask_engine.EngineMissing as exc:
            _say(f"handbook: warning: the Ask page cannot answer: {exc}")

    outputs = [f"html:{lang}" for lang in languages] if html else []

    def show(step: builder.StepResult) -> None:
        _say(f"[{step.language}] {step.step}: {step.summary} ({step.seconds:.1f} s)")
        outputs.extend(f"pdf:{name}" for name in step.pdfs)

    try:
        if html:
            builder.run_parallel(
                [functools.partial(builder.build_html, lang, layout) for lang in languages], args.jobs, show
            )
        if pdf:
            builder.run_parallel(_pdf_tasks(args, handbook, languages, layout), args.jobs, show)
        code = _publish(layout, manifest, started)
    except builder.BuildFailed as exc:
        print(f"handbook: error: {exc}", file=sys.stderr)
        print("handbook: build/site left as it was", file=sys.stderr)
        return 1
    # The cache keeps this build's products, not every earlier edit's.
    for kind in (*CHECKED_KINDS, "status"):
        if kind in prepared.cache.used:  # a build of PDFs alone counts no status
            prepared.cache.prune(kind)
    for language in pages:
        for kind in language.kinds:
            prepared.cache.prune(kind, language.keys.values())
    request, digest = asked
    incremental.Completed(request, digest, builder.published_tree(layout) or "", tuple(outputs)).write(layout.build)
    return code


def _pdf_tasks(args: argparse.Namespace, handbook: Handbook, languages: list[str],
               layout: builder.Layout) -> list[functools.partial[builder.StepResult]]:
    """One Sphinx LaTeX run per language and paper: A4 writes the book; A5 the
    book and each document whose original is in that language. With
    ``--document``, one run per language for that document alone."""
    manifest = handbook.manifest
    # Every Sphinx and latexmk process of every run takes a slot: books
    # typeset in parallel, never more processes at once than --jobs.
    slots = threading.BoundedSemaphore(args.jobs)
    if args.document is not None:
        return [functools.partial(builder.build_pdf, lang, layout, manifest, args.paper or "a5",
                                  documents=(args.document,), book=False, tag="document",
                                  slots=slots, progress=_say)
                for lang in languages]
    tasks = []
    # The slowest first (A5 holds more pages and the documents alone), so that
    # the workers finish together.
    for paper in reversed([args.paper] if args.paper else builder.PAPERS):
        for lang in languages:
            originals = tuple(d.id for d in handbook.documents if d.language == lang) if paper == "a5" else ()
            tasks.append(functools.partial(builder.build_pdf, lang, layout, manifest, paper, originals,
                                           slots=slots, progress=_say))
    return tasks


def _publish(layout: builder.Layout, manifest: Manifest, started: float) -> int:
    """Publish every language whose website is built and whole, and say which
    are not: one language built on a fresh folder is a site of one language."""
    ready = builder.publishable(layout, manifest)
    unbuilt = [lang for lang in manifest.languages if lang not in ready]
    if not ready:
        # PDFs alone on a fresh build folder: there is no website to publish
        # them with yet, and that is not an error.
        _say(f"handbook: PDFs in {os.path.relpath(layout.pdf)}; site not published "
             f"(no HTML yet for {', '.join(unbuilt)}: 'handbook build --html' makes it) "
             f"in {time.perf_counter() - started:.1f} s")
        return 0
    site = builder.publish(layout, manifest, ready)
    _say(f"handbook: published {os.path.relpath(site)} in {time.perf_counter() - started:.1f} s")
    if unbuilt:
        _say(f"handbook: not published yet (no complete website): {', '.join(unbuilt)} "
             f"('handbook build --html -l {unbuilt[0]}' builds it)")
    return 0
