"""A live preview of one language's site (``handbook serve``): build it,
serve it on localhost, watch the sources, rebuild what changed and reload
the open page.

A rebuild runs the stages of a build in this process, each taking from the
stage cache what an earlier run made of the same inputs (so an edit loads,
checks and renders the document it touched), then the warm Sphinx of
:mod:`build_tools.preview.sphinx_worker`. Everything is written below the
preview's own build folder (``build/serve``): a normal build's
``build/site`` is never touched.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from build_tools import build as builder
from build_tools import incremental
from build_tools.diagnostics import DiagnosticError
from build_tools.loader import MANIFEST_NAME, display_path
from build_tools.pipeline import CHECKED_KINDS, Prepared, check_handbook, load_handbook, page_keys, render_language
from build_tools.preview import watch
from build_tools.preview.server import State
from build_tools.preview.sphinx_worker import WarmSphinx
from build_tools.render import TEMPLATES, UI_DOMAIN

#: How often the watched files are looked at (seconds).
POLL = 0.1


@dataclass(frozen=True, slots=True)
class Outcome:
    """One rebuild: the error that stopped it ("" when it built), and what it took."""

    error: str
    seconds: float
    detail: str


class Preview:
    """One language's site, rebuilt as its sources change. ``say`` prints a
    line for the terminal (errors go to stderr)."""

    def __init__(self, layout: builder.Layout, lang: str, say: Callable[[str], None]) -> None:
        self.layout = layout
        self.lang = lang
        self.say = say
        self.state = State()
        self.sphinx = WarmSphinx(layout, lang)
        self._stop = threading.Event()
        # The stage cache's products of the last rebuild, kept in memory:
        # an edit unpickles nothing of the documents it did not touch.
        self._memory: dict[tuple[str, str], object] = {}

    @property
    def folder(self) -> Path:
        return self.layout.html(self.lang)

    def watched(self) -> list[Path]:
        """The documents and manifest, the catalogs, the templates and styles
        of the pages, and the Sphinx configuration."""
        assert self.layout.translations is not None
        return [self.layout.source, self.layout.translations, TEMPLATES,
                builder.ROOT / "build_tools" / "sphinxext", self.layout.root / "conf.py"]

    def restarts_sphinx(self, paths: Sequence[Path]) -> bool:
        """Whether a change to ``paths`` reaches what a Sphinx process reads
        once: anything but a document or a document's catalog."""
        assert self.layout.translations is not None
        for path in paths:
            if path.is_relative_to(self.layout.source):
                if path.name == MANIFEST_NAME:
                    return True
            elif path.is_relative_to(self.layout.translations):
                if path.stem == UI_DOMAIN:
                    return True
            else:
                return True
        return False

    def rebuild(self, changed: Sequence[Path] = ()) -> Outcome:
        """Load, check and render what changed, then Sphinx; on a bad edit the
        error is the state's (the pages stay as they were)."""
        start = time.perf_counter()
        if self.restarts_sphinx(changed):
            self.sphinx.close()
            incremental.code_digest.cache_clear()  # a template is code a page is made by
        prepared = Prepared(incremental.StageCache(self.layout.build / incremental.CACHE_NAME, memory=self._memory))
        assert self.layout.translations is not None
        try:
            handbook = load_handbook(self.layout.source, self.layout.translations, prepared)
            loaded = time.perf_counter()
            checked = check_handbook(handbook, prepared)
            errors = [f for f in checked.findings if f.severity == "error"]
            if errors:
                raise DiagnosticError(errors)
            for finding in checked.findings:
                print(finding, file=sys.stderr, flush=True)
            if self.lang not in handbook.manifest.languages:
                return self._done(f"{display_path(self.layout.source / MANIFEST_NAME)}: error: language "
                                  f"{self.lang!r} is no longer in the manifest", start, "")
            pages = page_keys(handbook, prepared, self.lang)
            keyed = time.perf_counter()
            render_language(handbook, self.lang, self.layout.myst(self.lang), False, pages)
        except DiagnosticError as exc:
            for diagnostic in exc.diagnostics:
                print(diagnostic, file=sys.stderr, flush=True)
            return self._done(str(exc.diagnostics[0]), start, "")
        except OSError as exc:  # a full disk, a folder that cannot be written
            error = f"handbook: error: {exc.filename or ''}: {exc.strerror or exc}"
            print(error, file=sys.stderr, flush=True)
            return self._done(error, start, "")
        rendered = time.perf_counter()
        staged = rendered - start
        result = self.sphinx.build()
        for warning in result.warnings:
            print(warning, file=sys.stderr, flush=True)
        if result.error:
            print(result.error, file=sys.stderr, flush=True)
        error = result.error or (result.warnings[0] if result.warnings else "")
        if not error:
            for kind in CHECKED_KINDS:
                prepared.cache.prune(kind)
            for kind in pages.kinds:
                prepared.cache.prune(kind, pages.keys.values())
        # Where the time went, for the author and the benchmark (bench/serve.py).
        split = (f"stages {staged:.1f} s (load {loaded - start:.2f}, check {keyed - loaded:.2f}, "
                 f"render {rendered - keyed:.2f}), Sphinx {result.seconds:.1f} s (read {result.read:.2f}, "
                 f"write {result.seconds - result.read:.2f})")
        return self._done(error, start, f"{split}: {result.summary}")

    def _done(self, error: str, start: float, detail: str) -> Outcome:
        self.state.set(error)
        return Outcome(error, time.perf_counter() - start, detail)

    def snapshot(self) -> watch.Snapshot:
        """The watched files as they are now."""
        return watch.snapshot(self.watched())

    def watch(self, report: Callable[[list[Path], Outcome], None], since: watch.Snapshot | None = None) -> None:
        """Rebuild at every change since ``since`` (default: now) until
        :meth:`stop`; ``report`` hears each. A preview takes ``since``
        before its first build, so that a file saved while it builds is
        built too, not taken for what the build read."""
        before = self.snapshot() if since is None else since
        while not self._stop.wait(POLL):
            after = watch.snapshot(self.watched())
            paths = watch.changed(before, after)
            if not paths:
                continue
            # An editor may write a file in several steps: let them settle.
            time.sleep(POLL / 2)
            settled = watch.snapshot(self.watched())
            paths = watch.changed(before, settled)
            before = settled
            if paths and not self._stop.is_set():
                report(paths, self.rebuild(paths))

    def stop(self) -> None:
        """Stop watching and answer the waiting pages; the build under way
        (if any) finishes first: see :meth:`close`."""
        self._stop.set()
        self.state.wake()

    def close(self) -> None:
        self.sphinx.close()
