"""Sphinx and LaTeX builds, one process per language, and atomic publishing.

Languages are independent Sphinx projects (own source, doctree and output
folders), so they build in parallel processes, one per core; a federation with
many languages can equally run one CI job per language and merge ``build/site``.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from jinja2 import FileSystemLoader, StrictUndefined
from jinja2.sandbox import SandboxedEnvironment

from build_tools.document import LANGUAGE_NAMES
from build_tools.loader import Manifest, display_path
from build_tools.render import TEMPLATES

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True, slots=True)
class Layout:
    """Where every stage reads and writes, below one ``build`` folder."""

    root: Path  # the repository: conf.py lives here
    build: Path
    source: Path  # the YAML documents and handbook.yaml

    def myst(self, lang: str) -> Path:
        return self.build / "myst" / lang

    def html(self, lang: str) -> Path:
        return self.build / "html" / lang

    def latex(self, lang: str) -> Path:
        return self.build / "latex" / lang

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


def _run(cmd: list[str], log: Path, env: dict[str, str], cwd: Path | None = None) -> str:
    log.parent.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, errors="replace")
    log.write_text(proc.stdout, encoding="utf-8")
    if proc.returncode != 0:
        tail = "\n".join(line for line in proc.stdout.splitlines()[-15:] if line.strip())
        raise BuildFailed(f"{' '.join(cmd[:4])}... failed (exit {proc.returncode}); log: {log}\n{tail}")
    return proc.stdout


def _sphinx_env(lang: str, layout: Layout) -> dict[str, str]:
    env = dict(os.environ)
    env["HANDBOOK_LANGUAGE"] = lang
    env["HANDBOOK_SOURCE"] = str(layout.source)
    return env


def sphinx_command(builder: str, lang: str, layout: Layout) -> list[str]:
    out = layout.html(lang) if builder == "html" else layout.latex(lang)
    return [
        sys.executable, "-m", "sphinx", "-b", builder, "-W", "--keep-going", "-n",
        "-c", str(layout.root), "-d", str(layout.doctrees(lang, builder)),
        str(layout.myst(lang)), str(out),
    ]


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


def inputs_digest(lang: str, layout: Layout) -> str:
    """A digest of everything Sphinx reads for one language: its MyST pages,
    conf.py and the manifest, the extension, templates and styles in
    ``build_tools``, and the versions of Python and the Sphinx packages."""
    from importlib import metadata

    digest = hashlib.sha256(sys.version.encode())
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
    """The digest of a step's inputs, kept beside its output after it succeeded."""

    path: Path
    digest: str

    @classmethod
    def of(cls, out: Path, lang: str, layout: Layout) -> _Stamp:
        return cls(out / ".handbook-inputs", inputs_digest(lang, layout))

    def is_current(self, product: Path) -> bool:
        return product.exists() and self.path.exists() and self.path.read_text(encoding="ascii") == self.digest

    def clear(self) -> None:
        self.path.unlink(missing_ok=True)

    def write(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(self.digest, encoding="ascii")


def _run_sphinx(builder: str, lang: str, layout: Layout) -> str:
    try:
        return _run(sphinx_command(builder, lang, layout), layout.log(lang, builder), _sphinx_env(lang, layout))
    except BuildFailed:
        # Sphinx saves its environment even when -W fails the build; left in
        # place, the next run would find nothing out of date and publish pages
        # whose warnings were never fixed.
        (layout.doctrees(lang, builder) / "environment.pickle").unlink(missing_ok=True)
        raise


# Starting Sphinx costs about a second of imports and unpickling per language,
# only to hear that nothing is out of date: a step whose inputs are those of its
# last successful run is skipped.


def build_html(lang: str, layout: Layout) -> StepResult:
    start = time.perf_counter()
    stamp = _Stamp.of(layout.html(lang), lang, layout)
    if stamp.is_current(layout.html(lang) / "index.html"):
        return StepResult(lang, "html", time.perf_counter() - start, UNCHANGED)
    stamp.clear()
    output = _run_sphinx("html", lang, layout)
    stamp.write()
    return StepResult(lang, "html", time.perf_counter() - start, sphinx_summary(output))


def build_pdf(lang: str, layout: Layout, manifest: Manifest) -> StepResult:
    start = time.perf_counter()
    name = f"{manifest.id}-{lang}"
    target = layout.pdf / f"{name}.pdf"
    latex_dir = layout.latex(lang)
    stamp = _Stamp.of(latex_dir, lang, layout)
    if stamp.is_current(target):
        return StepResult(lang, "pdf", time.perf_counter() - start, f"{display_path(target)}: {UNCHANGED}")
    stamp.clear()
    _run_sphinx("latex", lang, layout)
    _run(
        ["latexmk", "-xelatex", "-interaction=nonstopmode", "-halt-on-error", "-file-line-error",
         f"{name}.tex"],
        layout.log(lang, "xelatex"), _sphinx_env(lang, layout), cwd=latex_dir,
    )
    tex_log = (latex_dir / f"{name}.log").read_text(encoding="utf-8", errors="replace")
    missing = sorted(set(re.findall(r"Missing character: There is no (.+?) in font", tex_log)))
    if missing:
        shown = " ".join(missing[:8]) + (f" and {len(missing) - 8} more" if len(missing) > 8 else "")
        raise BuildFailed(
            f"[{lang}] pdf: {len(missing)} glyphs missing from the fonts: {shown} "
            f"(see {latex_dir / (name + '.log')})"
        )
    layout.pdf.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".pdf.tmp")
    shutil.copyfile(latex_dir / f"{name}.pdf", tmp)
    os.replace(tmp, target)
    stamp.write()
    pages = re.search(r"Output written on .*?\((\d+) pages?", tex_log)
    count = f" ({pages.group(1)} pages)" if pages else ""
    return StepResult(lang, "pdf", time.perf_counter() - start, f"{display_path(target)}{count}")


def run_parallel(
    tasks: Iterable[Callable[[], StepResult]], jobs: int, report: Callable[[StepResult], None]
) -> None:
    """Run ``tasks`` on ``jobs`` workers (each starts its own processes); report
    each result as it comes; raise the first failure after all have finished."""
    failures: list[BaseException] = []
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = [pool.submit(task) for task in tasks]
        for future in futures:
            try:
                report(future.result())
            except BuildFailed as exc:
                failures.append(exc)
    if failures:
        raise BuildFailed("\n".join(str(f) for f in failures))


def publish(layout: Layout, manifest: Manifest) -> Path:
    """Assemble ``build/site`` from the HTML and PDFs, swapping it in whole so
    that readers never see a half-written site."""
    new = layout.build / ".site-new"
    old = layout.build / ".site-old"
    for stale in (new, old):
        if stale.exists():
            shutil.rmtree(stale)
    new.mkdir(parents=True)
    entries = []
    for lang in manifest.languages:
        html = layout.html(lang)
        if not (html / "index.html").exists():
            raise BuildFailed(f"[{lang}] no HTML to publish: run 'handbook build --html' first")
        # Copies, not links: Sphinx rewrites its output files in place, and a
        # failed rebuild must not reach the published site.
        shutil.copytree(html, new / lang,
                        ignore=shutil.ignore_patterns(".buildinfo", ".doctrees", ".handbook-inputs"))
        pdf = layout.pdf / f"{manifest.id}-{lang}.pdf"
        if pdf.exists():
            (new / "pdf").mkdir(exist_ok=True)
            shutil.copyfile(pdf, new / "pdf" / pdf.name)
        entries.append({
            "code": lang,
            "name": LANGUAGE_NAMES.get(lang, lang),
            "title": manifest.title(lang),
            "pdf": f"pdf/{pdf.name}" if pdf.exists() else "",
        })
    env = SandboxedEnvironment(loader=FileSystemLoader(TEMPLATES), undefined=StrictUndefined, autoescape=True)
    page = env.get_template("site-index.html.j2").render(
        languages=entries, titles={lang: manifest.title(lang) for lang in manifest.languages},
        default_language=manifest.languages[0],
    )
    (new / "index.html").write_text(page, encoding="utf-8")
    if layout.site.exists():
        os.replace(layout.site, old)
    os.replace(new, layout.site)
    if old.exists():
        shutil.rmtree(old)
    return layout.site
