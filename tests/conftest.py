"""Shared fixtures, and the rule for tests that need TeX or Chromium: they run
wherever the tool is installed; where it is missing they are skipped on a
developer's machine, but fail under CI (``CI`` set), where they must run.

``make test`` runs the suite on pytest-xdist workers, a test file's tests on
one worker. A test therefore writes only below its own ``tmp_path`` (or a
folder its module fixture made), and reads the session builds (``mini_site``,
``real_site``, ``real_books``, ``untranslated_site``), which every worker
shares, without writing into them: copy one first to change it.
:func:`run_handbook` runs the command in the test's process; a test about the
process itself (a signal, a kill, a lock another process holds, a closed pipe)
asks for :func:`run_handbook_process`."""

from __future__ import annotations

import contextlib
import fcntl
import locale
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import traceback
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# One profile for every run, CI or not: no check that measures the machine's
# speed (a loaded runner failed test_pattern_round_trip for "input generation
# is slow"), and the same examples on every run; each test keeps its own
# max_examples.
settings.register_profile("handbook", derandomize=True, database=None, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("handbook")

# With HANDBOOK_TEST_CPU=FILE, each test's CPU, its processes included, is
# written there (bench/suite.py sums it by file): a hook, imported to register it.
from cpu_accounting import pytest_runtest_protocol  # noqa: E402,F401

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"

_TOOLS = {
    "tex": ("xelatex", "latexmk", "pdftotext", "pdffonts"),
    "browser": ("chromium",),
}


def _missing(marker: str) -> list[str]:
    return [tool for tool in _TOOLS[marker] if shutil.which(tool) is None]


def pytest_runtest_setup(item: pytest.Item) -> None:
    for marker in _TOOLS:
        if item.get_closest_marker(marker) is None:
            continue
        missing = _missing(marker)
        if not missing:
            continue
        reason = f"needs {', '.join(missing)} (run 'make test', which installs them)"
        if os.environ.get("CI"):
            pytest.fail(f"{reason}: under CI this test must run, not skip", pytrace=False)
        pytest.skip(reason)


#: Fixtures whose tests come first on pytest-xdist's workers (the longest
#: chains of work: the real handbook's books, then its sites and the browser),
#: so that no worker is left with one of them at the end while the other idles.
_FIRST = (("real_books",), ("real_site", "real_server", "untranslated_site", "chromium"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under xdist (``--dist loadscope --no-loadscope-reorder``, as ``make
    test`` runs it), each file's tests go to one worker in the order of the
    collection: the files holding the longest work first, then the others,
    the most tests first."""
    if config.getoption("dist", "no") == "no":
        return
    files: dict[str, list[pytest.Item]] = {}
    for item in items:
        files.setdefault(item.nodeid.split("::")[0], []).append(item)

    def rank(tests: list[pytest.Item]) -> tuple[int, int]:
        used = {name for item in tests for name in getattr(item, "fixturenames", ())}
        tier = next((n for n, names in enumerate(_FIRST) if used & set(names)), len(_FIRST))
        return tier, -len(tests)

    items[:] = [item for tests in sorted(files.values(), key=rank) for item in tests]


def run_handbook(*args: str, cwd: Path | None = None,
                 env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run the ``handbook`` CLI as a user would, in this process (``env``:
    variables to set besides the caller's); returns what a process would have,
    its exit status and everything written to its stdout and stderr.

    It is :func:`build_tools.cli.main` with what a fresh process would have
    given it: ``cwd`` (default the repository) as the working folder, the
    environment with ``env`` and ``PYTHONPATH``, empty standard input, Python's
    own warning filters, no cached result of an earlier call, and its output
    caught at the file descriptors, so that the processes it starts (Sphinx,
    xelatex, msgmerge, the render workers) write into the same result. A
    ``SystemExit`` is its status, an uncaught exception a traceback on stderr
    and status 1, as the interpreter would print them.

    A test about the process itself (a signal or a kill, a lock held by
    another process, a pipe closed under it, what the interpreter does at exit)
    uses :func:`run_handbook_process`, or ``subprocess`` directly.
    """
    return _in_process([*args], cwd or ROOT, {"PYTHONPATH": str(ROOT), **(env or {})})


def run_handbook_process(*args: str, cwd: Path | None = None,
                         env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """:func:`run_handbook` in a fresh process (``python -m build_tools.cli``),
    for a test about the process itself; half a second slower a call."""
    return subprocess.run(
        [sys.executable, "-m", "build_tools.cli", *args],
        cwd=cwd or ROOT, capture_output=True, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
    )


def _in_process(argv: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    from build_tools import cli

    _forget_caches()
    saved_environ = dict(os.environ)
    saved_cwd = os.getcwd()
    saved_streams = sys.stdin, sys.stdout, sys.stderr
    saved_showwarning = warnings.showwarning
    for stream in saved_streams[1:]:
        stream.flush()
    saved_fds = os.dup(1), os.dup(2)
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            open(os.devnull, encoding="utf-8") as stdin, warnings.catch_warnings():
        status: int
        try:
            os.environ.update(env)
            os.chdir(cwd)
            os.dup2(out.fileno(), 1)
            os.dup2(err.fileno(), 2)
            # Text streams over the descriptors, as a fresh interpreter opens them
            # for pipes: the locale's encoding, strict on stdout, escaping on stderr.
            sys.stdin = stdin
            sys.stdout = open(1, "w", encoding=locale.getpreferredencoding(False), closefd=False)
            sys.stderr = open(2, "w", encoding=locale.getpreferredencoding(False), errors="backslashreplace",
                              closefd=False, buffering=1)
            _python_warning_filters()
            try:
                status = cli.main(argv)
            except SystemExit as exc:
                status = _exit_status(exc.code)
            except BaseException:
                traceback.print_exc()
                status = 1
        finally:
            for stream in (sys.stdout, sys.stderr):
                with contextlib.suppress(Exception):
                    stream.flush()
            sys.stdin, sys.stdout, sys.stderr = saved_streams
            warnings.showwarning = saved_showwarning
            os.dup2(saved_fds[0], 1)
            os.dup2(saved_fds[1], 2)
            for fd in saved_fds:
                os.close(fd)
            os.chdir(saved_cwd)
            os.environ.clear()
            os.environ.update(saved_environ)
        texts = []
        for captured in (out, err):
            captured.seek(0)
            # Decoded as ``text=True`` decodes a pipe: universal newlines.
            text = captured.read().decode(locale.getpreferredencoding(False))
            texts.append(text.replace("\r\n", "\n").replace("\r", "\n"))
    return subprocess.CompletedProcess([sys.executable, "-m", "build_tools.cli", *argv], status, *texts)


def _exit_status(code: object) -> int:
    """The status the interpreter exits with for ``sys.exit(code)``; it prints a
    code that is neither None nor a number, as Python does."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1


def _python_warning_filters() -> None:
    """The warning filters of a fresh interpreter (and ``PYTHONWARNINGS``), the
    warnings printed on stderr as it prints them, instead of pytest's record."""
    warnings.resetwarnings()
    for action, category in (("ignore", ResourceWarning), ("ignore", ImportWarning),
                             ("ignore", PendingDeprecationWarning), ("ignore", DeprecationWarning)):
        warnings.simplefilter(action, category)  # type: ignore[arg-type]
    for option in filter(None, os.environ.get("PYTHONWARNINGS", "").split(",")):
        warnings._setoption(option)  # type: ignore[attr-defined]

    def show(message, category, filename, lineno, file=None, line=None):  # type: ignore[no-untyped-def]
        sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))

    warnings.showwarning = show


def _forget_caches() -> None:
    """Clear every memoised function of ``build_tools``: a fresh process starts
    with none (one of them digests the environment, which each call sets)."""
    for name, module in list(sys.modules.items()):
        if name != "build_tools" and not name.startswith("build_tools."):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", None) == name:
                clear()


#: The fixture's point 'otwarcie-1ba', and a rule for it: a natural 1BA of
#: 14-18 is not alerted, any other meaning is.
POINT_1BA = '          - point: otwarcie-1ba\n            number: "1."\n            text: "1BA – 14-18:"\n'
RULE_1BA = """\
            rule:
              question: alert
              scope: {opening: true, call: 1BA}
              when: {meaning: {natural: true, hcp: 14-18}}
              answer: "no"
              otherwise: "yes"
"""


def write_document(directory: Path, text: str) -> Path:
    """``text`` (dedented) written as the document ``doc.yaml`` in ``directory``."""
    path = directory / "doc.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def mini_with_rule(root: Path, body: str = "") -> Path:
    """A copy of the fixture handbook at ``root`` whose point 'otwarcie-1ba'
    carries :data:`RULE_1BA`, then ``body`` (the point's own blocks)."""
    shutil.copytree(FIXTURES / "mini", root)
    path = root / "source" / "mini-rules.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count(POINT_1BA) == 1
    path.write_text(text.replace(POINT_1BA, POINT_1BA + RULE_1BA + body), encoding="utf-8")
    return root


@pytest.fixture
def mini(tmp_path: Path) -> Path:
    """A writable copy of the small fixture handbook (source/ and translations/)."""
    target = tmp_path / "mini"
    shutil.copytree(FIXTURES / "mini", target)
    return target


def _run_folder(factory: pytest.TempPathFactory) -> Path:
    """The temporary folder of this test run, shared by its xdist workers (each
    worker's own base folder is below it)."""
    base = factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@contextlib.contextmanager
def _run_lock(path: Path) -> Iterator[None]:
    """An exclusive ``flock`` on ``path`` for the ``with`` block: one worker at a time."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def built_once(factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]) -> Path:
    """The folder ``name`` of this test run, made by ``make(folder)`` once and
    shared by every xdist worker: the first to ask makes it while the others
    wait, and a failure to make it fails each asker with the same message.
    Whoever reads it must not write into it (copy it first)."""
    root = _run_folder(factory)
    folder, done, failed = root / name, root / f"{name}.done", root / f"{name}.failed"
    with _run_lock(root / f"{name}.lock"):
        if failed.exists():
            pytest.fail(failed.read_text(encoding="utf-8"), pytrace=False)
        if not done.exists():
            if folder.exists():
                shutil.rmtree(folder)
            try:
                make(folder)
            except KeyboardInterrupt:
                raise
            except BaseException as exc:
                failed.write_text(f"building {name} for the tests failed: {exc}", encoding="utf-8")
                raise
            done.touch()
    return folder


def _build(build: Path, source: Path, translations: Path, *args: str) -> None:
    """``handbook build args`` of ``source`` and ``translations`` into ``build``."""
    result = run_handbook("build", *args, "--source", str(source), "--translations", str(translations),
                          "--build-dir", str(build))
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.fixture(scope="session")
def mini_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The fixture handbook built once per test run: HTML and PDF of both languages.

    Yields the build folder (``site/``, ``pdf/``, ``latex/``, ``myst/`` below it),
    which no test may change. PDFs are built only where TeX is present (the
    tests that read them are marked).
    """

    def make(work: Path) -> None:
        shutil.copytree(FIXTURES / "mini", work / "mini")
        _build(work / "build", work / "mini" / "source", work / "mini" / "translations",
               *(["--html"] if _missing("tex") else []))

    yield built_once(tmp_path_factory, "mini-build", make) / "build"


def _real_build_folder(factory: pytest.TempPathFactory) -> Path:
    """The one build folder of the real handbook in a test run: the sites and
    the books are built into it in turn, the second build taking the
    documents loaded, checked and rendered from the first's cache (two folders
    did that work twice, about three minutes of the suite)."""
    return _run_folder(factory) / "handbook-build"


@pytest.fixture(scope="session")
def real_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The real handbook's websites (every language), built once per test run
    into a temporary folder; yields a copy of its published ``site``, which
    the books built later into the same folder leave as it is.
    ``HANDBOOK_TEST_SITE`` names an already built site to test instead."""
    given = os.environ.get("HANDBOOK_TEST_SITE")
    yield Path(given) if given else _real_site(tmp_path_factory)


def _real_site(factory: pytest.TempPathFactory) -> Path:
    def make(copy: Path) -> None:
        build = _real_build_folder(factory)
        _build(build, ROOT / "source", ROOT / "translations", "--html")
        shutil.copytree(build / "site", copy, symlinks=False)

    return built_once(factory, "handbook-site", make)


@pytest.fixture(scope="session")
def real_build_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The build folder of the real handbook, its websites built: its cache
    holds every document's compiled rulebook (``handbook explain --build-dir``
    reads them there)."""
    _real_site(tmp_path_factory)
    return _real_build_folder(tmp_path_factory)


@pytest.fixture(scope="session")
def real_books(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The real handbook's PDFs (every language's A4 and A5 books and each
    document alone in A5), built once per test run into a temporary folder,
    after its websites; yields the build folder (``pdf/`` and ``latex/`` below
    it). Only tests marked ``tex`` may use it. ``HANDBOOK_TEST_BUILD`` names an
    already built folder to test instead (``build`` after ``make``)."""
    given = os.environ.get("HANDBOOK_TEST_BUILD")
    if given:
        yield Path(given)
        return
    _real_site(tmp_path_factory)
    build = _real_build_folder(tmp_path_factory)

    def make(_: Path) -> None:
        _build(build, ROOT / "source", ROOT / "translations", "--pdf")

    built_once(tmp_path_factory, "handbook-books", make)
    yield build


@pytest.fixture(scope="session")
def real_server(real_site: Path) -> Iterator[str]:
    """The real handbook's sites served on localhost, once per session."""
    with serve(real_site) as url:
        yield url


@pytest.fixture(scope="session")
def untranslated_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real documents with no translation at all, English and Polish sites:
    every page of another language's document shows its original text (the
    real handbook's are, or will be, translated)."""

    def make(work: Path) -> None:
        (work / "no-translations").mkdir(parents=True)
        _build(work / "build", ROOT / "source", work / "no-translations", "--html", "-l", "en", "-l", "pl")

    return built_once(tmp_path_factory, "untranslated-build", make) / "build" / "site"


#: Headless Chromium as root on a closed network (shared/notes/browser-tests.md).
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost",
]


@contextlib.contextmanager
def serve(directory: Path) -> Iterator[str]:
    """``directory`` over HTTP on a free loopback port; yields the base URL."""
    proc = subprocess.Popen(
        [sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", str(directory)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()  # "Serving HTTP on 127.0.0.1 port N (...)"
        yield f"http://127.0.0.1:{int(first.split(' port ')[1].split()[0])}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(scope="session")
def chromium() -> Iterator[object]:
    """One headless Chromium for every browser test of the session."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()
