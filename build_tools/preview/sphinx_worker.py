"""Sphinx kept warm for a live preview: one language's HTML, in a process of
its own that keeps its Sphinx application, environment and extensions loaded
between builds.

Starting Sphinx costs about a second and a half per language (imports, the
configuration, the pickled environment); a warm one re-reads only the pages
that changed and writes what they reach. It lives in a child process, not in
the preview's own, so that a change to what a Sphinx process reads once (the
configuration, the extension's templates and styles, the interface catalog,
the manifest) is taken by starting a new one, with nothing cached from the
old. The child ignores Ctrl-C: it finishes the build it is in, then the
preview tells it to stop, so the folder it writes is never left half-written.
It ends with the preview however the preview ends (see
:mod:`build_tools.orphans`).
"""

from __future__ import annotations

import io
import multiprocessing
import os
import re
import signal
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from build_tools import build as builder
from build_tools import orphans

#: Sphinx's colours, stripped from the warnings shown on the page.
_COLOURS = re.compile(r"\x1b\[[0-9;]*m")


@dataclass(frozen=True, slots=True)
class SphinxResult:
    """What one warm build did: Sphinx's own summary, its warnings (each a
    line), an error that stopped it ("" when none), its seconds and of them
    those reading the pages that changed (the rest: writing the pages,
    indices and search index)."""

    summary: str
    warnings: tuple[str, ...]
    error: str
    seconds: float
    read: float = 0.0


def warnings_of(text: str) -> tuple[str, ...]:
    """Sphinx's warnings, one line each, without colours.

    >>> warnings_of("\\x1b[31m/x/a.md:3: WARNING: bad\\x1b[39m\\n  more\\n")
    ('/x/a.md:3: WARNING: bad',)
    """
    lines = (_COLOURS.sub("", line).strip() for line in text.splitlines())
    return tuple(line for line in lines if "WARNING" in line or "ERROR" in line)


class WarmSphinx:
    """A child process holding one language's Sphinx application."""

    def __init__(self, layout: builder.Layout, lang: str) -> None:
        self.layout = layout
        self.lang = lang
        self._process: Any = None
        self._conn: Connection | None = None
        self._asked = False  # a build asked for, its answer not yet taken

    def start(self) -> None:
        # Spawned, not forked: the preview's own process has threads (the
        # server's, the watcher's), which a fork copies in whatever state.
        context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe()
        self._process = context.Process(target=_serve, args=(theirs, os.getpid(), self.layout, self.lang),
                                        name=f"sphinx-{self.lang}", daemon=True)
        self._process.start()
        theirs.close()
        self._conn = ours

    def build(self) -> SphinxResult:
        """Build what changed; a dead child (Sphinx crashed) is started again."""
        self.ask()
        return self.answer()

    def ask(self) -> None:
        """Start a build in the child; :meth:`answer` waits for it."""
        if self._process is None or not self._process.is_alive():
            self.start()
        assert self._conn is not None
        try:
            self._conn.send("build")
        except OSError:
            return  # the child has died: answer() says so
        self._asked = True

    def answer(self) -> SphinxResult:
        """What the build started by :meth:`ask` did."""
        try:
            if self._conn is None or not self._asked:
                raise EOFError
            result: SphinxResult = self._conn.recv()
            self._asked = False
            return result
        except (EOFError, OSError):
            self.close()
            return SphinxResult("", (), "Sphinx stopped unexpectedly; it is started again at the next change", 0.0)

    def close(self, timeout: float = 60.0) -> None:
        """Let the child finish the build under way, then stop it.

        Ctrl-C may come while the preview waits for a build's answer: the
        child goes on building (it ignores Ctrl-C), so its answer is taken
        here, before it is told to stop, rather than written into a closed
        pipe."""
        if self._conn is not None:
            try:
                if self._asked and self._conn.poll(timeout):
                    self._conn.recv()
                self._conn.send("quit")
            except Exception:  # noqa: BLE001 - a child dead or a pipe cut midway: it is stopped below
                pass
            self._asked = False
            self._conn.close()
            self._conn = None
        if self._process is not None:
            self._process.join(timeout)
            if self._process.is_alive():
                self._process.kill()
                self._process.join()
            self._process = None


def _serve(conn: Connection, parent: int, layout: builder.Layout, lang: str) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    orphans.die_with_parent(parent)
    os.environ.update(builder.sphinx_env(lang, layout))
    app = None
    log = io.StringIO()  # the application writes its status and warnings here
    step = builder._Step(lang, "html", layout.html(lang), layout)
    read = [0.0]  # when this build's reading ended

    def _read(app: Any, env: Any) -> None:
        read[0] = time.perf_counter()

    while True:
        try:
            message = conn.recv()
        except EOFError:
            return
        if message != "build":
            return
        start = read[0] = time.perf_counter()
        log.seek(0)
        log.truncate()
        try:
            if app is None:
                # A run that died midway, or one by other code: from scratch.
                fresh = step.marker.exists() or (step.out.exists() and builder._code_changed(step))
                step.begin(fresh)
                app = _application(layout, lang, log)
                app.connect("env-updated", _read, priority=900)
            else:
                step.begin(False)
            app.build(False)
            step.end()
            error = ""
        except Exception as exc:  # noqa: BLE001 - shown on the page; the next change tries again
            error = f"Sphinx: {type(exc).__name__}: {exc}".splitlines()[0]
            app = None  # its state is unknown: the next build starts a new one from its pickle
            builder._forget_environment("html", lang, layout)
        text = log.getvalue()
        try:
            conn.send(SphinxResult(builder.sphinx_summary(_COLOURS.sub("", text)), warnings_of(text), error,
                                   time.perf_counter() - start, read[0] - start))
        except OSError:  # the preview is gone and wants no answer; the folder is whole
            return


def _application(layout: builder.Layout, lang: str, log: io.StringIO) -> Any:
    from sphinx.application import Sphinx

    return Sphinx(str(layout.myst(lang)), str(layout.root), str(layout.html(lang)),
                  str(layout.doctrees(lang, "html")), "html", status=log, warning=log, freshenv=False)
