"""Sphinx and LaTeX builds, one process per language, and atomic publishing.

Languages are independent Sphinx projects (own source, doctree and output
folders), so they build in parallel processes, one per core; a federation with
many languages can equally run one CI job per language and merge ``build/site``.

A build may be killed at any moment. Each Sphinx or LaTeX step marks itself as
running while it runs, so the next build knows when one died midway and redoes
that language from scratch; its output is checked before it is stamped as
current or published; and ``build/site`` is a link to a complete tree, switched
in one rename, so it is never missing nor half-written.
"""

from __future__ import annotations

import ctypes
import errno
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from jinja2 import FileSystemLoader, StrictUndefined
from jinja2.sandbox import SandboxedEnvironment

from build_tools import ask_engine, files, orphans
from build_tools.document import language_name
from build_tools.loader import Manifest, display_path
from build_tools.rulebooks import RULES_NAME, SITE_FOLDER
from build_tools.render import TEMPLATES

ROOT = Path(__file__).resolve().parent.parent
#: The papers PDFs are printed on (``build_tools.sphinxext.latex`` sets them up).
PAPERS = ("a4", "a5")


@dataclass(frozen=True, slots=True)
class Layout:
    """Where every stage reads and writes, below one ``build`` folder."""

    root: Path  # the repository: conf.py lives here
    build: Path
    source: Path  # the YAML documents and handbook.yaml
    translations: Path | None = None  # the catalogs (default: the repository's)

    def myst(self, lang: str) -> Path:
        return self.build / "myst" / lang

    def html(self, lang: str) -> Path:
        return self.build / "html" / lang

    def latex(self, lang: str, builder: str = "latex") -> Path:
        """The LaTeX folder of one Sphinx LaTeX run: ``latex/<lang>`` for the A4
        books, ``latex/<lang>-a5`` for the A5 ones (``builder`` is ``latex-a5``)."""
        return self.build / "latex" / (lang + builder.removeprefix("latex"))

    def doctrees(self, lang: str, builder: str) -> Path:
        return self.build / "doctrees" / lang / builder

    def log(self, lang: str, step: str) -> Path:
        return self.build / "logs" / f"{lang}-{step}.log"

    @property
    def pdf(self) -> Path:
        return self.build / "pdf"

    @property
    def site(self) -> Path:
        return self.build / "site"


class BuildFailed(Exception):
    """A step failed; the message names the language, the step and its log."""


@dataclass(frozen=True, slots=True)
class StepResult:
    language: str
    step: str
    seconds: float
    summary: str
    #: The PDFs (names in ``build/pdf``) the step made or found current.
    pdfs: tuple[str, ...] = ()


def _run(cmd: list[str], log: Path, env: dict[str, str], cwd: Path | None = None) -> str:
    log.parent.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, errors="replace")
    files.write_text(log, proc.stdout)
    if proc.returncode != 0:
        tail = "\n".join(line for line in proc.stdout.splitlines()[-15:] if line.strip())
        raise BuildFailed(f"{' '.join(cmd[:4])}... failed (exit {proc.returncode}); log: {log}\n{tail}")
    return proc.stdout


def sphinx_env(lang: str, layout: Layout) -> dict[str, str]:
    """The environment of a Sphinx or LaTeX process of ``lang``: what conf.py
    reads to know the language, the documents and the catalogs."""
    env = dict(os.environ)
    env["HANDBOOK_LANGUAGE"] = lang
    env["HANDBOOK_SOURCE"] = str(layout.source)
    if layout.translations is not None:  # the theme's words are translated from handbook.po
        env["HANDBOOK_TRANSLATIONS"] = str(layout.translations)
    return env


def sphinx_command(builder: str, lang: str, layout: Layout, fresh: bool = False) -> list[str]:
    """The ``sphinx-build`` command of one step; ``fresh`` reads every page
    again into a new environment and writes every output file (``-E -a``)."""
    out = layout.html(lang) if builder == "html" else layout.latex(lang, builder)
    # Sphinx ends with the build that started it: a build killed with
    # ``kill -9`` leaves no Sphinx writing into the folder the next one cleans.
    return orphans.module_command(
        "sphinx", "-b", "html" if builder == "html" else "latex", "-W", "--keep-going", "-n",
        *(["-E", "-a"] if fresh else []),
        "-c", str(layout.root), "-d", str(layout.doctrees(lang, builder)),
        str(layout.myst(lang)), str(out),
    )


_UPDATING = re.compile(r"updating environment: .*?(\d+) added, (\d+) changed, (\d+) removed")


def sphinx_summary(output: str) -> str:
    """Sphinx's own words on what it re-read and wrote.

    >>> sphinx_summary("updating environment: 0 added, 0 changed, 0 removed\\nno targets are out of date.\\n")
    're-read 0 pages; no targets are out of date'
    """
    match = _UPDATING.search(output)
    reread = sum(int(n) for n in match.groups()[:2]) if match else 0
    text = f"re-read {reread} page{'s' if reread != 1 else ''}"
    if "no targets are out of date" in output:
        text += "; no targets are out of date"
    return text


#: What a step says when its inputs are those of its last successful run.
UNCHANGED = "inputs unchanged since the last build; Sphinx not started"
#: What a step says when it found that the last run of it died midway.
INTERRUPTED = "the last build stopped midway; rebuilt from scratch"
#: What a step says when its stamp is current but its output is not whole.
DAMAGED = "the output of the last build is damaged; rebuilt from scratch"
#: What a step says when the code that turns pages into output changed.
CODE_CHANGED = "the build's code changed since the last build; rebuilt from scratch"

#: Beside a step's output: the digest of the inputs of its last run that
#: finished and passed the check, then the pages that check found whole.
STAMP_NAME = ".handbook-inputs"
#: Beside a step's output: the digest of the code its Sphinx environment was
#: made by (:func:`code_digest`). Sphinx reads a page again when the page
#: changed, never when an extension did: a doctree made by other code is stale.
CODE_STAMP_NAME = ".handbook-code"
#: Beside a step's output while the step runs; found at the start of a step,
#: it means the last run died in it (a finished or failed run removes it).
RUNNING_NAME = ".handbook-running"
#: Pages Sphinx writes of its own, beside one per MyST page.
SPHINX_PAGES = ("genindex.html", "search.html")
_SPHINX_OWN = {*SPHINX_PAGES, "py-modindex.html"}


def inputs_digest(lang: str, layout: Layout, extra: str = "") -> str:
    """A digest of everything Sphinx reads for one language: its MyST pages,
    conf.py and the manifest, the extension, templates and styles in
    ``build_tools``, and the versions of Python and the Sphinx packages."""
    from importlib import metadata

    digest = hashlib.sha256(sys.version.encode() + b"\0" + extra.encode())
    for dist in ("sphinx", "myst-parser", "furo", "docutils"):
        digest.update(f"\0{dist}={metadata.version(dist)}".encode())
    files = [layout.root / "conf.py", layout.source / "handbook.yaml"]
    files += sorted(layout.myst(lang).rglob("*"))
    files += sorted(p for p in (layout.root / "build_tools").rglob("*") if "__pycache__" not in p.parts)
    for path in files:
        if path.is_file():
            data = path.read_bytes()
            digest.update(f"\0{path}\0{len(data)}\0".encode())
            digest.update(data)
    return digest.hexdigest()


@dataclass(frozen=True, slots=True)
class _Stamp:
    """The digest of a step's inputs, kept beside its output after it finished
    and its output passed the check: the only run a later one may skip for."""

    path: Path
    digest: str

    @classmethod
    def of(cls, out: Path, lang: str, layout: Layout, extra: str = "") -> _Stamp:
        return cls(out / STAMP_NAME, inputs_digest(lang, layout, extra))

    def is_current(self) -> bool:
        lines = _stamp_lines(self.path)
        return bool(lines) and lines[0] == self.digest

    def clear(self) -> None:
        self.path.unlink(missing_ok=True)

    def write(self, checked: Sequence[str] = ()) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(self.path.name + ".tmp")
        with files.naming(self.path):
            tmp.write_text("\n".join([self.digest, *checked]) + "\n", encoding="ascii")
            os.replace(tmp, self.path)


def _stamp_lines(path: Path) -> list[str]:
    try:
        return [line for line in path.read_text(encoding="ascii").splitlines() if line]
    except FileNotFoundError:
        return []


def whole_page_problem(path: Path) -> str:
    """Why ``path`` is not a whole HTML page, or ``""`` when it is: a page cut
    short by a killed Sphinx is empty or lacks its closing tag."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return f"{path}: missing"
    if size == 0:
        return f"{path}: empty"
    with path.open("rb") as handle:
        handle.seek(max(0, size - 256))
        tail = handle.read()
    return "" if b"</html>" in tail else f"{path}: cut short (no </html>)"


def expected_pages(lang: str, layout: Layout) -> list[str]:
    """The HTML pages a whole build of ``lang`` has: one per MyST page, and Sphinx's own."""
    return sorted(page + ".html" for page in myst_pages(layout.myst(lang))) + list(SPHINX_PAGES)


def myst_pages(folder: Path, suffix: str = ".md") -> set[str]:
    """The pages of a MyST (or, with ``suffix`` ``.html``, an HTML) folder, by
    their path below it without the suffix: a document's earlier editions are
    pages in a folder of its own (``trial-rules/2024/index``,
    build_tools/edition_pages.py); Sphinx's own folders (``_static``,
    ``.doctrees``) hold none.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     (Path(folder) / "d" / "2024").mkdir(parents=True)
    ...     (Path(folder) / "_static").mkdir()
    ...     for name in ("d/2024/index.md", "index.md", "_static/x.md"):
    ...         _ = (Path(folder) / name).write_text("# x")
    ...     sorted(myst_pages(Path(folder)))
    ['d/2024/index', 'index']
    """
    return {p.relative_to(folder).with_suffix("").as_posix() for p in folder.rglob(f"*{suffix}")
            if not any(part.startswith((".", "_")) for part in p.relative_to(folder).parts)}


def html_problem(lang: str, layout: Layout, pages: Sequence[str] | None = None) -> str:
    """The first page of ``pages`` (default: every expected page) missing or
    not whole in the HTML output of ``lang``; ``""`` when there is none."""
    for name in expected_pages(lang, layout) if pages is None else pages:
        problem = whole_page_problem(layout.html(lang) / name)
        if problem:
            return problem
    return ""


def pdf_problem(path: Path) -> str:
    """Why ``path`` is not a whole PDF (its header, and ``%%EOF`` in its last
    kilobyte), or ``""`` when it is."""
    try:
        with path.open("rb") as handle:
            head = handle.read(5)
            handle.seek(max(0, path.stat().st_size - 1024))
            tail = handle.read()
    except FileNotFoundError:
        return f"{path}: missing"
    if head != b"%PDF-":
        return f"{path}: not a PDF"
    return "" if b"%%EOF" in tail else f"{path}: cut short (no %%EOF)"


def remove_stale_pages(lang: str, layout: Layout) -> list[str]:
    """Delete HTML pages whose MyST page is gone (Sphinx never deletes output),
    so that a document dropped from the manifest leaves the site."""
    current = myst_pages(layout.myst(lang))
    html = layout.html(lang)
    stale = sorted(page for page in myst_pages(html, ".html")
                   if page not in current and f"{page}.html" not in _SPHINX_OWN)
    for page in stale:
        (html / f"{page}.html").unlink()
    return [f"{page}.html" for page in stale]


def html_complete(lang: str, layout: Layout) -> bool:
    """Whether the last HTML step of ``lang`` finished, passed its check, and
    its pages are still whole: the only HTML that may be published."""
    out = layout.html(lang)
    stamp = _stamp_lines(out / STAMP_NAME)
    # A stamp of an earlier version names no pages: check those expected now.
    checked = stamp[1:] or None
    return bool(stamp) and not (out / RUNNING_NAME).exists() and not html_problem(lang, layout, checked)


def _run_sphinx(builder: str, lang: str, layout: Layout, fresh: bool,
                extra_env: dict[str, str] | None = None) -> str:
    try:
        return _run(sphinx_command(builder, lang, layout, fresh), layout.log(lang, builder),
                    {**sphinx_env(lang, layout), **(extra_env or {})})
    except BuildFailed:
        _forget_environment(builder, lang, layout)
        raise


def _forget_environment(builder: str, lang: str, layout: Layout) -> None:
    """Sphinx saves its environment even when -W fails the build, and before it
    writes a single page; left in place, the next run would find nothing out of
    date and keep pages whose warnings were never fixed or that were never
    completely written."""
    (layout.doctrees(lang, builder) / "environment.pickle").unlink(missing_ok=True)


@dataclass(frozen=True, slots=True)
class _Step:
    """One language's Sphinx (or LaTeX) step: its output folder, which holds
    the marker saying it runs, and Sphinx's environment."""

    lang: str
    builder: str
    out: Path
    layout: Layout

    @property
    def marker(self) -> Path:
        return self.out / RUNNING_NAME

    @property
    def code_stamp(self) -> Path:
        return self.out / CODE_STAMP_NAME

    def begin(self, fresh: bool) -> None:
        """Mark the step as running, first throwing away all of its output and
        Sphinx's environment when ``fresh``: nothing a dead run left is trusted."""
        if fresh:
            _remove(self.out)
            _remove(self.layout.doctrees(self.lang, self.builder))
        self.out.mkdir(parents=True, exist_ok=True)
        files.write_text(self.marker, f"{os.getpid()}\n")
        files.write_text(self.code_stamp, code_digest(self.layout) + "\n")

    def end(self) -> None:
        self.marker.unlink(missing_ok=True)


def code_digest(layout: Layout) -> str:
    """The digest of the code Sphinx runs: ``build_tools`` (the extension,
    templates and styles), conf.py, and the versions of Python and the packages."""
    from build_tools import incremental

    return incremental.key(incremental.code_digest(), incremental.file_part(layout.root / "conf.py"))


def _code_changed(step: _Step) -> bool:
    try:
        return step.code_stamp.read_text(encoding="ascii").strip() != code_digest(step.layout)
    except FileNotFoundError:
        return True


def _why_fresh(stamp: _Stamp, step: _Step, problem: Callable[[], str]) -> str | None:
    """``None`` when the step can be skipped, ``""`` when it runs as usual, or
    the reason it must start from scratch."""
    if step.marker.exists():
        return INTERRUPTED
    if not stamp.is_current():
        # A folder a build never ran in has no code stamp and nothing stale.
        return CODE_CHANGED if step.out.exists() and _code_changed(step) else ""
    return DAMAGED if problem() else None


# Starting Sphinx costs about a second of imports and unpickling per language,
# only to hear that nothing is out of date: a step whose inputs are those of its
# last checked run, and whose output is still whole, is skipped.


def build_html(lang: str, layout: Layout) -> StepResult:
    start = time.perf_counter()
    step = _Step(lang, "html", layout.html(lang), layout)
    stamp = _Stamp.of(step.out, lang, layout)
    why = _why_fresh(stamp, step, lambda: html_problem(lang, layout))
    if why is None:
        return StepResult(lang, "html", time.perf_counter() - start, UNCHANGED)
    stamp.clear()
    step.begin(fresh=bool(why))
    try:
        output = _run_sphinx("html", lang, layout, fresh=bool(why))
        removed = remove_stale_pages(lang, layout)
        problem = html_problem(lang, layout)
        if problem:
            _forget_environment("html", lang, layout)
            raise BuildFailed(f"[{lang}] html: Sphinx finished but {problem}; log: {layout.log(lang, 'html')}")
    except BuildFailed:
        step.end()
        raise
    stamp.write(expected_pages(lang, layout))
    step.end()
    summary = sphinx_summary(output)
    if removed:
        summary += f"; removed {', '.join(removed)}"
    return StepResult(lang, "html", time.perf_counter() - start, f"{why}; {summary}" if why else summary)


@dataclass(frozen=True, slots=True)
class PdfRun:
    """What one Sphinx LaTeX run of one language prints on one paper: the whole
    book, and documents each on its own (one .tex each, then xelatex each)."""

    lang: str
    paper: str = "a4"
    book: bool = True
    documents: tuple[str, ...] = ()
    #: ``document`` for the runs of ``--document``, kept apart from the books'.
    tag: str = ""
    #: The alert cards' pages (``<document>-card``, build_tools/generated/card.py).
    cards: tuple[str, ...] = ()

    @property
    def _suffix(self) -> str:
        if self.tag:
            return f"-{self.paper}-{self.tag}"
        return "" if self.paper == "a4" else f"-{self.paper}"  # the A4 books' run keeps its old names

    @property
    def builder(self) -> str:
        """The run's name: its LaTeX folder, doctrees and log (``latex``,
        ``latex-a5``, ``latex-a4-document``)."""
        return "latex" + self._suffix

    @property
    def step(self) -> str:
        """What the build calls it (``pdf``, ``pdf-a5``, ``pdf-a4-document``)."""
        return "pdf" + self._suffix

    def outputs(self, manifest: Manifest) -> list[tuple[str, list[str]]]:
        """Each .tex the run writes (without suffix) and the PDFs published from
        it: every name says its language and paper (``<handbook>-<lang>-a4``)."""
        names = [manifest.id] if self.book else []
        return [(name, [f"{name}.pdf"])
                for name in (f"{n}-{self.lang}-{self.paper}" for n in [*names, *self.documents, *self.cards])]


def book_pdf_names(manifest: Manifest, lang: str) -> list[str]:
    """Every PDF the build may make for ``lang``: the books, then each document
    alone, then the documents' alert cards."""
    from build_tools.generated.card import pdf_name

    return [*(f"{name}-{lang}-{paper}.pdf" for name in (manifest.id, *manifest.documents) for paper in PAPERS),
            *(pdf_name(document, lang) for document in manifest.documents)]


def remove_retired_pdfs(layout: Layout, manifest: Manifest) -> list[str]:
    """Delete the A4 books earlier versions also wrote as ``<handbook>-<lang>.pdf``:
    the build now names every book by its paper, and a copy of an old book
    under a name no page links must not linger in ``build/pdf`` (the published
    site takes only :func:`book_pdf_names`). Only called under the build
    folder's lock."""
    retired = [layout.pdf / f"{manifest.id}-{lang}.pdf" for lang in manifest.languages]
    removed = [path for path in retired if path.exists()]
    for path in removed:
        path.unlink()
    return [path.name for path in removed]


_ROLE = re.compile(r"\{hb-[a-z-]+\}`[^`]*`")


def page_title(page: Path) -> str:
    r"""The title of a MyST page, as plain text: its first heading without the
    extension's roles and MyST's escapes.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = (Path(folder) / "p.md").write_text("# {hb-section}`x` {hb-lang}`sv`BWS \\(2001\\){hb-lang}`/`\n")
    ...     page_title(Path(folder) / "p.md")
    'BWS (2001)'
    """
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return re.sub(r"\\(.)", r"\1", _ROLE.sub("", line[2:])).strip()
    return page.stem


def build_pdf(lang: str, layout: Layout, manifest: Manifest, paper: str = "a4",
              documents: Sequence[str] = (), book: bool = True, tag: str = "",
              slots: threading.Semaphore | None = None, progress: Callable[[str], None] | None = None) -> StepResult:
    """One Sphinx LaTeX run of ``lang`` on ``paper``: the whole book (unless not
    ``book``) and each of ``documents`` alone, then xelatex for each book
    whose LaTeX changed (see :func:`typeset`).

    With ``slots``, every process (Sphinx, then each book's latexmk) takes one
    for as long as it runs, so the books of every run typeset in parallel, no
    more at once than there are slots; ``progress`` gets a line per book."""
    start = time.perf_counter()
    from build_tools.generated.card import page_name

    # The A5 run of the books prints the alert cards the render stage made in this language.
    cards = tuple(page_name(d) for d in manifest.documents
                  if paper == "a5" and book and (layout.myst(lang) / f"{page_name(d)}.md").exists())
    run = PdfRun(lang, paper, book, tuple(documents), tag, cards)
    outputs = run.outputs(manifest)
    targets = [layout.pdf / name for _, names in outputs for name in names]
    latex_dir = layout.latex(lang, run.builder)
    step = _Step(lang, run.builder, latex_dir, layout)
    stamp = _Stamp.of(latex_dir, lang, layout, extra=repr(run))

    def damaged() -> str:
        return next((problem for problem in map(pdf_problem, targets) if problem), "")

    shown = ", ".join(display_path(layout.pdf / names[0]) for _, names in outputs)
    why = _why_fresh(stamp, step, damaged)
    if why is None:
        return StepResult(lang, run.step, time.perf_counter() - start, f"{shown}: {UNCHANGED}",
                          tuple(target.name for target in targets))
    stamp.clear()
    # Fresh, the whole LaTeX folder goes: latexmk's database would otherwise
    # call a PDF cut short by a killed xelatex up to date.
    step.begin(fresh=bool(why))
    env = {
        "HANDBOOK_PAPER": paper,
        "HANDBOOK_BOOK": "1" if book else "0",
        "HANDBOOK_LATEX_DOCUMENTS": json.dumps(
            [[doc, f"{doc}-{lang}-{paper}", page_title(layout.myst(lang) / f"{doc}.md")]
             for doc in (*run.documents, *run.cards)],
            ensure_ascii=False),
    }
    books = [name for name, _ in outputs]

    def one(book: tuple[str, list[str]]) -> str:
        name, names = book
        return typeset(lang, layout, name, latex_dir, books, run.step, layout.pdf / names[0], slots, progress)

    try:
        with _slot(slots):
            _run_sphinx(run.builder, lang, layout, fresh=bool(why), extra_env=env)
        if slots is None or len(outputs) == 1:
            counts = [one(book) for book in outputs]
        else:
            with ThreadPoolExecutor(max_workers=len(outputs)) as pool:
                counts = list(pool.map(one, outputs))
    except BuildFailed:
        step.end()
        raise
    layout.pdf.mkdir(parents=True, exist_ok=True)
    for name, names in outputs:
        for published in names:
            target = layout.pdf / published
            tmp = target.with_suffix(".pdf.tmp")
            files.copy_file(latex_dir / f"{name}.pdf", tmp)
            os.replace(tmp, target)
    stamp.write([target.name for target in targets])
    step.end()
    shown = ", ".join(display_path(layout.pdf / names[0]) + count
                      for (_, names), count in zip(outputs, counts, strict=True))
    return StepResult(lang, run.step, time.perf_counter() - start, (f"{why}; " if why else "") + shown,
                      tuple(target.name for target in targets))


@contextmanager
def _slot(slots: threading.Semaphore | None) -> Iterator[None]:
    if slots is None:
        yield
        return
    with slots:
        yield


#: Beside a book's LaTeX: the digest of the inputs of its last typesetting
#: that finished and was checked (see :func:`typeset`).
TYPESET_SUFFIX = ".typeset"


def book_inputs_digest(latex_dir: Path, name: str, books: Sequence[str]) -> str:
    """The digest of what xelatex reads for the book ``name``: its .tex, every
    file Sphinx put beside it (styles, classes, index styles, images) but the
    other books' .tex and what TeX itself writes (each book's files share its
    name), and the TeX programs. The book's own aux files are left out: they
    are what its last run made of the same .tex."""
    from build_tools import incremental

    def own(rel: Path) -> bool:
        return not any(part.startswith(".") for part in rel.parts) and rel.parts[0] not in ("Makefile", "make.bat") \
            and not any(rel.parts[0].startswith(book + ".") for book in books)

    support = [p for p in incremental.tree_files(latex_dir) if own(p.relative_to(latex_dir))]
    digest = hashlib.sha256("\0".join(incremental.programs()).encode())
    return incremental.digest_files([latex_dir / f"{name}.tex", *support], digest, base=latex_dir)


def typeset(lang: str, layout: Layout, name: str, latex_dir: Path, books: Sequence[str], step: str,
            target: Path, slots: threading.Semaphore | None = None,
            progress: Callable[[str], None] | None = None) -> str:
    """Typeset one book of a LaTeX run unless its inputs are those of its last
    checked typesetting and both its PDFs (in the LaTeX folder and
    ``build/pdf``) are whole; returns its page count for the step's summary.

    latexmk runs xelatex as often as the book needs: once when the aux files
    (contents, references, index) come out as they were, more when a page
    reference moved."""
    start = time.perf_counter()
    digest = book_inputs_digest(latex_dir, name, books)
    stamp = latex_dir / f".{name}{TYPESET_SUFFIX}"
    if (_stamp_lines(stamp)[:1] == [digest] and not pdf_problem(latex_dir / f"{name}.pdf")
            and not pdf_problem(target)):
        if progress is not None:
            progress(f"[{lang}] {step}: {target.name}: unchanged, not typeset")
        return ""
    stamp.unlink(missing_ok=True)
    with _slot(slots):
        tex_log = _latex_to_pdf(lang, layout, name, latex_dir)
    pages = re.search(r"Output written on .*?\((\d+) pages?", tex_log)
    count = f" ({pages.group(1)} pages)" if pages else ""
    run_log = layout.log(lang, f"xelatex-{name}").read_text(encoding="utf-8", errors="replace")
    passes = len(re.findall(r"Run number \d+ of rule 'xelatex'", run_log))
    files.write_if_changed(stamp, f"{digest}\n".encode("ascii"))
    if progress is not None:
        progress(f"[{lang}] {step}: {target.name}: typeset, {passes} xelatex pass{'es' if passes != 1 else ''}"
                 f"{count} ({time.perf_counter() - start:.1f} s)")
    return count


def _latex_to_pdf(lang: str, layout: Layout, name: str, latex_dir: Path) -> str:
    """latexmk on one of Sphinx's .tex files; returns xelatex's log once the PDF
    is whole and has every glyph."""
    log = layout.log(lang, f"xelatex-{name}")
    _run(
        ["latexmk", "-xelatex", "-interaction=nonstopmode", "-halt-on-error", "-file-line-error",
         f"{name}.tex"],
        log, sphinx_env(lang, layout), cwd=latex_dir,
    )
    tex_log = (latex_dir / f"{name}.log").read_text(encoding="utf-8", errors="replace")
    missing = sorted(set(re.findall(r"Missing character: There is no (.+?) in font", tex_log)))
    if missing:
        shown = " ".join(missing[:8]) + (f" and {len(missing) - 8} more" if len(missing) > 8 else "")
        raise BuildFailed(
            f"[{lang}] pdf: {len(missing)} glyphs missing from the fonts: {shown} "
            f"(see {latex_dir / (name + '.log')})"
        )
    problem = pdf_problem(latex_dir / f"{name}.pdf")
    if problem:
        for product in (f"{name}.pdf", f"{name}.fdb_latexmk"):
            (latex_dir / product).unlink(missing_ok=True)
        raise BuildFailed(f"[{lang}] pdf: latexmk finished but {problem}; log: {log}")
    return tex_log


def run_parallel(
    tasks: Iterable[Callable[[], StepResult]], jobs: int, report: Callable[[StepResult], None]
) -> None:
    """Run ``tasks`` on ``jobs`` workers (each starts its own processes); report
    each result as it comes; raise the first failure after all have finished
    (an ``OSError``, such as a full disk, before the steps that merely failed)."""
    failures: list[BaseException] = []
    errors: list[OSError] = []
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = [pool.submit(task) for task in tasks]
        for future in futures:
            try:
                report(future.result())
            except BuildFailed as exc:
                failures.append(exc)
            except OSError as exc:
                errors.append(exc)
    if errors:
        raise errors[0]
    if failures:
        raise BuildFailed("\n".join(str(f) for f in failures))


#: The temporary files of a killed build, below the build folder.
_DEBRIS = ("myst/*/.*.tmp", "pdf/*.tmp", "*/*/" + STAMP_NAME + ".tmp")


def remove_debris(layout: Layout) -> None:
    """Delete the temporary files a killed build left half-written (MyST pages
    and PDFs are written beside their target, then renamed into place). Only
    called under the build folder's lock, when no other build is writing."""
    for pattern in _DEBRIS:
        for path in layout.build.glob(pattern):
            path.unlink(missing_ok=True)


#: ``build/site`` links to one tree below this folder of ``build``.
PUBLISHED = ".published"
_LINK_TMP = ".site.tmp"
#: What earlier versions swapped in and out by renaming folders.
_OLD_SWAP = (".site-new", ".site-old")
# Sphinx keeps the last configuration's build info as .buildinfo.bak when the
# configuration changed (the manifest's title is part of it): bookkeeping too.
_NOT_PUBLISHED = {".buildinfo", ".buildinfo.bak", ".doctrees", STAMP_NAME, RUNNING_NAME}


def publishable(layout: Layout, manifest: Manifest) -> list[str]:
    """The languages of ``manifest`` whose website may be published now."""
    return [lang for lang in manifest.languages if html_complete(lang, layout)]


def publish(layout: Layout, manifest: Manifest, languages: Sequence[str]) -> Path:
    """Copy the HTML of ``languages`` and their PDFs into a new tree, then
    point ``build/site`` at it in one rename: readers, and a build killed at
    any moment, see the previous site or the new one, whole.

    Copies, not links: Sphinx rewrites its output files in place, and a failed
    rebuild must not reach the published site.
    """
    root = layout.build / PUBLISHED
    _remove_unpublished(layout, keep=published_tree(layout))
    root.mkdir(parents=True, exist_ok=True)
    numbers = [int(p.name) for p in root.iterdir() if p.name.isdigit()]
    tree = root / str(max(numbers, default=0) + 1)
    try:
        _assemble(tree, layout, manifest, languages)
        _switch(layout.site, tree)
    except BaseException:
        if published_tree(layout) != tree.name:
            shutil.rmtree(tree, ignore_errors=True)
            (layout.build / _LINK_TMP).unlink(missing_ok=True)
        raise
    # The new site is out; the old trees go, and a failure to delete them
    # now is retried at the next publish.
    try:
        _remove_unpublished(layout, keep=tree.name)
    except OSError:
        pass
    return layout.site


def debris(layout: Layout) -> list[Path]:
    """What a killed build left for the next one to sweep away: temporary
    files, trees never published, the swap folders of earlier versions. A
    folder holding any is not trusted as a completed build's."""
    found = [path for pattern in _DEBRIS for path in layout.build.glob(pattern)]
    keep = published_tree(layout)
    root = layout.build / PUBLISHED
    if root.is_dir():
        found += [tree for tree in root.iterdir() if tree.name != keep]
    found += [layout.build / name for name in (_LINK_TMP, _LINK_TMP + ".old", *_OLD_SWAP)
              if (layout.build / name).is_symlink() or (layout.build / name).exists()]
    # A stage killed midway (html/<lang>/, latex/<lang>/) leaves its marker.
    found += layout.build.glob(f"*/*/{RUNNING_NAME}")
    return found


def published_tree(layout: Layout) -> str | None:
    """The name of the tree ``build/site`` links to, if it is such a link."""
    if not layout.site.is_symlink():
        return None
    target = Path(os.readlink(layout.site))
    return target.name if target.parent.name == PUBLISHED else None


def _remove_unpublished(layout: Layout, keep: str | None) -> None:
    """Delete every tree but ``keep``: old sites and half-assembled ones a
    killed build left behind, with its temporary link and the folders of
    earlier versions' swaps."""
    root = layout.build / PUBLISHED
    if root.is_dir():
        for tree in root.iterdir():
            if tree.name != keep:
                _remove(tree)
    for name in (_LINK_TMP, _LINK_TMP + ".old", *_OLD_SWAP):
        _remove(layout.build / name)


def _remove(path: Path) -> None:
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.exists():
        shutil.rmtree(path)


def _raise(error: OSError) -> None:
    raise error


def _copy_tree(src: Path, dst: Path) -> None:
    """Copy Sphinx's output without its bookkeeping, stopping at the first
    error as it is (``shutil.copytree`` gathers them into one unreadable list)."""
    for folder, dirs, names in os.walk(src, onerror=_raise):
        here = dst / Path(folder).relative_to(src)
        here.mkdir(parents=True, exist_ok=True)
        dirs[:] = [d for d in dirs if d not in _NOT_PUBLISHED]
        for name in names:
            if name not in _NOT_PUBLISHED:
                files.copy_file(Path(folder) / name, here / name)


#: The translation status of every document and language, written by the render
#: stage and published as ``status.html`` beside the root page.
STATUS = "translation-status.json"


def _assemble(tree: Path, layout: Layout, manifest: Manifest, languages: Sequence[str]) -> None:
    tree.mkdir()
    entries = []
    for lang in languages:
        _copy_tree(layout.html(lang), tree / lang)
        # The books (A4 and A5) and each document alone: every one that is
        # built and whole.
        for name in book_pdf_names(manifest, lang):
            if not pdf_problem(layout.pdf / name):
                (tree / "pdf").mkdir(exist_ok=True)
                files.copy_file(layout.pdf / name, tree / "pdf" / name)
        a4, a5 = (layout.pdf / f"{manifest.id}-{lang}-{paper}.pdf" for paper in ("a4", "a5"))
        entries.append({
            "code": lang,
            "name": language_name(lang),
            "title": manifest.title(lang),
            "pdf": f"pdf/{a4.name}" if not pdf_problem(a4) else "",
            "pocket": f"pdf/{a5.name}" if not pdf_problem(a5) else "",
        })
    # Each document's rulebook (build_tools.rulebooks), every language in it: one copy for every site.
    for document in manifest.documents:
        rules = layout.build / RULES_NAME / f"{document}.json"
        if rules.is_file():
            (tree / SITE_FOLDER).mkdir(exist_ok=True)
            files.copy_file(rules, tree / SITE_FOLDER / rules.name)
    # The Ask page's engine (build_tools.ask_engine): Pyodide and the engine, under versioned names.
    ask_engine.publish_engine(layout.build, tree)
    env = SandboxedEnvironment(loader=FileSystemLoader(TEMPLATES), undefined=StrictUndefined, autoescape=True)
    documents = site_documents(layout, manifest, languages)
    status = layout.build / STATUS
    rows = json.loads(status.read_text(encoding="utf-8"))["catalogs"] if status.exists() else []
    favicon = f"{languages[0]}/_static/favicon.svg"
    titles = {lang: manifest.title(lang) for lang in manifest.languages}
    page = env.get_template("site-index.html.j2").render(
        languages=entries, titles=titles, default_language=languages[0], favicon=favicon, status=bool(rows),
        documents=documents,
    )
    files.write_text(tree / "index.html", page)
    page = env.get_template("site-rules.html.j2").render(
        title=titles.get("en", titles[languages[0]]), favicon=favicon, body=rules_reference_html())
    files.write_text(tree / "rules.html", page)
    if rows:
        names = {code: language_name(code) for code in manifest.languages}
        # The manifest's order, named by their titles; the pages' own words last.
        rows_of = [{"id": d["id"], "title": d["title"], "lang": d["lang"]} for d in documents]
        rows_of.append({"id": "handbook", "title": "Interface of the pages (menus, labels, notices)", "lang": "en"})
        table = {(r["document"], r["language"]): r for r in rows}
        page = env.get_template("site-status.html.j2").render(
            title=titles.get("en", titles[languages[0]]), favicon=favicon, documents=rows_of,
            languages=list(manifest.languages), names=names, table=table, published=set(languages),
        )
        files.write_text(tree / "status.html", page)


def site_documents(layout: Layout, manifest: Manifest, languages: Sequence[str]) -> list[dict[str, str]]:
    """The documents as the root page lists them, in the manifest's order: each
    one's title as the site read first of the published ones (English where it
    is published) shows it, with the language it is written in, its page there,
    and its A5 book (in its own language) where that is built and whole."""
    from build_tools.sphinxext.titlepage import read_title_data

    shown = "en" if "en" in languages else languages[0]
    entries = {entry["id"]: entry for entry in read_title_data(layout.myst(shown)).get("documents", ())}
    out = []
    for document in manifest.documents:
        entry = entries.get(document)
        title, original = (entry["title"] if entry else [document, ""])
        pocket = next((name for lang in manifest.languages
                       if not pdf_problem(layout.pdf / (name := f"{document}-{lang}-a5.pdf"))), "")
        written = next((lang for lang in manifest.languages if pocket.endswith(f"-{lang}-a5.pdf")), "")
        out.append({"id": document, "title": title, "lang": (original or shown).replace("_", "-"),
                    "url": f"{shown}/{document}.html", "pocket": f"pdf/{pocket}" if pocket else "",
                    "pocket_language": language_name(written) if written else "",
                    "pocket_lang": written.replace("_", "-")})
    return out


def rules_reference_html() -> str:
    """The rule language's reference (``handbook rules --markdown``) as HTML,
    for the site's page for authors. Raw HTML in it is escaped, not passed."""
    from markdown_it import MarkdownIt

    from build_tools.rules.reference import markdown

    # The README's markers are comments for the README alone.
    text = "\n".join(line for line in markdown().splitlines() if not line.startswith("<!--"))
    return str(MarkdownIt("commonmark", {"html": False}).enable("table").render(text))


def _switch(site: Path, tree: Path) -> None:
    """Point ``site`` at ``tree`` in one rename of a new link over the old.

    The link is relative, so the build folder can be moved or copied whole.
    A real folder left by an earlier version is exchanged with the link in
    one ``renameat2`` where the system has it, and goes with the old trees."""
    link = site.with_name(_LINK_TMP)
    _remove(link)
    os.symlink(os.path.relpath(tree, site.parent), link)
    if site.is_dir() and not site.is_symlink():
        _exchange(link, site)  # the old folder, now at the link's name, goes with the old trees
    else:
        os.replace(link, site)


_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def _exchange(a: Path, b: Path) -> None:
    """Swap two paths atomically; where the system cannot, move ``b`` aside
    to ``a``'s name in two renames (``b`` is missing between them)."""
    libc = ctypes.CDLL(None, use_errno=True)
    renameat2 = getattr(libc, "renameat2", None)
    if renameat2 is not None:
        if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
            return
        code = ctypes.get_errno()
        if code not in (errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP):
            raise OSError(code, os.strerror(code), str(b))
    aside = a.with_name(a.name + ".old")
    os.replace(a, aside)  # the link, out of the way
    os.rename(b, a)
    os.replace(aside, b)


def merge(layout: Layout, manifest: Manifest, folders: Sequence[Path]) -> list[str]:
    """Gather into ``layout`` what other build folders built (a CI matrix
    builds one language per job, each in its own ``build``): each whole
    website there (:func:`html_complete`), the whole PDFs of those languages
    (from whichever folder holds them: the PDFs may be another job's), and the
    translation status. Returns the languages found, for :func:`publish`; a
    language or PDF found twice is taken from the first folder holding it.
    Only called under the build folder's lock."""
    from build_tools.sphinxext.titlepage import DATA_NAME

    others = [Layout(root=layout.root, build=f, source=layout.source, translations=layout.translations)
              for f in folders]
    found: list[str] = []
    for other in others:
        for lang in manifest.languages:
            if lang not in found and html_complete(lang, other):
                found.append(lang)
                _remove(layout.html(lang))
                shutil.copytree(other.html(lang), layout.html(lang))
                # The root and status pages name the documents by the titles
                # the render stage wrote for that language.
                titles = other.myst(lang) / DATA_NAME
                if titles.is_file():
                    layout.myst(lang).mkdir(parents=True, exist_ok=True)
                    files.copy_file(titles, layout.myst(lang) / DATA_NAME)
    for lang in found:
        for name in book_pdf_names(manifest, lang):
            source = next((o.pdf / name for o in others if not pdf_problem(o.pdf / name)), None)
            if source is not None:
                layout.pdf.mkdir(parents=True, exist_ok=True)
                files.copy_file(source, layout.pdf / name)
    for document in manifest.documents:
        rules = next((o.build / RULES_NAME / f"{document}.json" for o in others
                      if (o.build / RULES_NAME / f"{document}.json").is_file()), None)
        if rules is not None:
            (layout.build / RULES_NAME).mkdir(parents=True, exist_ok=True)
            files.copy_file(rules, layout.build / RULES_NAME / rules.name)
    ask_engine.copy_engine([o.build for o in others], layout.build)
    status = next((o.build / STATUS for o in others if (o.build / STATUS).is_file()), None)
    if status is not None:
        files.copy_file(status, layout.build / STATUS)
    return found
