"""Shared fixtures, and the rule for tests that need TeX or Chromium: they run
wherever the tool is installed; where it is missing they are skipped on a
developer's machine, but fail under CI (``CI`` set), where they must run."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
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


def run_handbook(*args: str, cwd: Path | None = None,
                 env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run the ``handbook`` CLI in a fresh process, as a user would (``env``:
    variables to set besides the caller's)."""
    return subprocess.run(
        [sys.executable, "-m", "build_tools.cli", *args],
        cwd=cwd or ROOT, capture_output=True, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
    )


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


@pytest.fixture(scope="session")
def mini_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The fixture handbook built once per session: HTML and PDF of both languages.

    Yields the build folder (``site/``, ``pdf/``, ``latex/``, ``myst/`` below it).
    PDFs are built only where TeX is present (the tests that read them are marked).
    """
    work = tmp_path_factory.mktemp("mini-build")
    shutil.copytree(FIXTURES / "mini", work / "mini")
    build = work / "build"
    args = ["build", "--source", str(work / "mini" / "source"),
            "--translations", str(work / "mini" / "translations"), "--build-dir", str(build)]
    if _missing("tex"):
        args.append("--html")
    result = run_handbook(*args)
    assert result.returncode == 0, result.stdout + result.stderr
    yield build


@pytest.fixture(scope="session")
def real_build_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The one build folder of the real handbook in a session: the sites and the
    books are built into it in turn, the second build taking the documents
    loaded, checked and rendered from the first's cache (two folders did that
    work twice, about three minutes of the suite)."""
    return tmp_path_factory.mktemp("handbook-build")


@pytest.fixture(scope="session")
def real_site(real_build_folder: Path) -> Iterator[Path]:
    """The real handbook's websites (every language), built once per session
    into a temporary folder; yields its published ``site``. ``HANDBOOK_TEST_SITE``
    names an already built site to test instead."""
    given = os.environ.get("HANDBOOK_TEST_SITE")
    yield Path(given) if given else _build_real(real_build_folder, "--html") / "site"


@pytest.fixture(scope="session")
def real_books(real_build_folder: Path) -> Iterator[Path]:
    """The real handbook's PDFs (every language's A4 and A5 books and each
    document alone in A5), built once per session into a temporary folder;
    yields the build folder (``pdf/`` and ``latex/`` below it). Only tests
    marked ``tex`` may use it. ``HANDBOOK_TEST_BUILD`` names an already built
    folder to test instead (``build`` after ``make``)."""
    given = os.environ.get("HANDBOOK_TEST_BUILD")
    yield Path(given) if given else _build_real(real_build_folder, "--pdf")


def _build_real(build: Path, *args: str) -> Path:
    """The real handbook built with ``args`` into the folder ``build``."""
    result = run_handbook("build", *args, "--source", str(ROOT / "source"),
                          "--translations", str(ROOT / "translations"), "--build-dir", str(build))
    assert result.returncode == 0, result.stdout + result.stderr
    return build


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
    build = tmp_path_factory.mktemp("untranslated-build")
    empty = tmp_path_factory.mktemp("no-translations")
    result = run_handbook("build", "--html", "-l", "en", "-l", "pl", "--source", str(ROOT / "source"),
                          "--translations", str(empty), "--build-dir", str(build))
    assert result.returncode == 0, result.stdout + result.stderr
    return build / "site"


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
