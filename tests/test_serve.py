"""``handbook serve``: the live preview (issue 31 item 3). A page open in real
Chromium reloads with an edited sentence; a bad edit shows its one-line error
over the last good page, and the next good edit clears it; Ctrl-C stops the
preview cleanly; its build folder is its own."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import FIXTURES, ROOT, run_handbook

SENTENCE = "Odpowiedź nowym kolorem po wejściu."


class Served:
    """A ``handbook serve`` process on a copy of the fixture handbook."""

    def __init__(self, mini: Path, *extra: str, wait: bool = True) -> None:
        """Started, and (with ``wait``) serving its first build."""
        self.mini = mini
        self.document = mini / "source" / "mini-rules.yaml"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "build_tools.cli", "serve", *extra], cwd=mini, text=True,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT)},
            start_new_session=True, preexec_fn=_ctrl_c_as_at_a_terminal)
        assert self.proc.stdout is not None
        self.lines: list[str] = []
        if wait:
            self.serving()

    def serving(self) -> None:
        found = re.search(r"serving \S+ at (http://127\.0\.0\.1:(\d+)/)", self.wait_for(r"serving \S+ at "))
        assert found
        self.url, self.port = found.group(1), int(found.group(2))

    def wait_for(self, pattern: str, timeout: float = 120) -> str:
        """Its next line of output matching ``pattern``; a failure when it
        stops or says none within ``timeout`` seconds (a test never hangs)."""
        found: list[str] = []

        def read() -> None:
            assert self.proc.stdout is not None
            while True:
                line = self.proc.stdout.readline()
                self.lines.append(line)
                if not line or re.search(pattern, line):
                    found.append(line)
                    return

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(timeout)
        assert found and found[0], f"no line matching {pattern!r} in {timeout} s:\n" + "".join(self.lines)
        return found[0]

    def edit(self, old: str, new: str) -> None:
        text = self.document.read_text(encoding="utf-8")
        assert old in text
        self.document.write_text(text.replace(old, new), encoding="utf-8")

    def finish(self, timeout: float = 120) -> str:
        """Everything it said, once it has stopped (stdout, then stderr); a
        failure, the process killed, when it has not stopped in ``timeout``
        seconds (no preview outlives its test)."""
        try:
            out, err = self.proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            out, err = self.proc.communicate()
            pytest.fail(f"still running {timeout} s later; it said:\n" + "".join(self.lines) + out
                        + "\n--- stderr\n" + err)
        return "".join(self.lines) + out + "\n--- stderr\n" + err

    def kill(self) -> None:
        """Its process group killed, if it still runs."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()


def _ctrl_c_as_at_a_terminal() -> None:
    """In the preview's process: Ctrl-C (SIGINT) acted upon, as at a terminal,
    even where the suite was started with it ignored (a shell script's
    background job inherits SIGINT ignored, and Python then keeps it so)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture
def served(mini: Path) -> Iterator[Served]:
    server = Served(mini)
    try:
        yield server
    finally:
        server.kill()


def test_help_explains_it() -> None:
    result = run_handbook("serve", "--help")
    assert result.returncode == 0
    for words in ("-l LANG", "--document ID", "free port", "build/serve", "Ctrl-C"):
        assert words in result.stdout


def test_a_language_not_in_the_manifest_is_a_usage_error(mini: Path) -> None:
    result = run_handbook("serve", "-l", "xx", "--source", str(mini / "source"))
    assert result.returncode == 2
    assert result.stderr.startswith("handbook: error: language 'xx' is not in ")


@pytest.mark.browser
def test_an_open_page_reloads_after_an_edit_and_shows_a_bad_edits_error(served: Served, chromium) -> None:  # type: ignore[no-untyped-def]
    page = chromium.new_page()
    try:
        page.goto(f"{served.url}mini-rules.html")
        assert SENTENCE in page.inner_text("article")
        # A good edit: the page reloads by itself (a load event) with the new sentence.
        with page.expect_event("load", timeout=60_000):
            served.edit(SENTENCE, "Odpowiedź zmieniona na żywo.")
        assert "Odpowiedź zmieniona na żywo." in page.inner_text("article")
        assert page.locator("#hb-serve-error").count() == 0
        # A bad edit: its one-line error over the last good page.
        served.edit("Odpowiedź zmieniona na żywo.", "Odpowiedź zła.\n  colour: [")
        error = page.locator("#hb-serve-error")
        error.wait_for(timeout=60_000)
        assert re.match(r"source/mini-rules\.yaml:\d+:\d+: error: ", error.inner_text())
        assert "Odpowiedź zmieniona na żywo." in page.inner_text("article")  # the last good page stays
        # A page opened now shows it too.
        page.reload()
        page.locator("#hb-serve-error").wait_for(timeout=10_000)
        # The next good edit clears it, and the page has the sentence.
        with page.expect_event("load", timeout=60_000):
            served.edit("Odpowiedź zła.\n  colour: [", "Odpowiedź naprawiona.")
        page.wait_for_load_state()
        assert page.locator("#hb-serve-error").count() == 0
        assert "Odpowiedź naprawiona." in page.inner_text("article")
    finally:
        page.close()


def test_a_build_under_way_when_it_stops_finishes_and_says_nothing(
        mini: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """Ctrl-C may come while the preview waits for the warm Sphinx's answer
    (the CI failure of stop 40: the child, still building, wrote its answer
    into the pipe the preview had closed, and printed a BrokenPipeError).
    Here the preview asks for a build and is closed at once, as Ctrl-C does:
    the child finishes, its answer is taken, nothing is printed."""
    from build_tools import build as builder
    from build_tools.preview import Preview

    layout = builder.Layout(root=ROOT, build=mini / "build" / "serve", source=mini / "source",
                            translations=mini / "translations")
    preview = Preview(layout, "pl", lambda line: None)
    try:
        assert preview.rebuild().error == ""
        capfd.readouterr()
        preview.sphinx.ask()
    finally:
        preview.close()
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Error" not in err, err
    html = layout.html("pl")
    assert not (html / ".handbook-running").exists()
    assert (html / "mini-rules.html").read_bytes().rstrip().endswith(b"</html>")


def _port_is_free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


@pytest.mark.parametrize("during", ["idle", "rebuild"])
def test_ctrl_c_stops_it_cleanly(served: Served, during: str) -> None:
    if during == "rebuild":
        served.edit(SENTENCE, "Odpowiedź w trakcie.")
        time.sleep(0.3)  # the watcher has seen it: the rebuild is under way
    served.proc.send_signal(signal.SIGINT)
    said = served.finish()
    assert served.proc.returncode == 0, said
    assert "Traceback" not in said
    out, err = said.split("\n--- stderr\n")
    assert out.rstrip().endswith("handbook: stopping ...\nhandbook: stopped"), said
    if during == "idle":
        assert err.strip() == "", err
    else:
        assert "Traceback" not in err, err
    assert _port_is_free(served.port)
    # Nothing of it is left running, and its folder is whole: no step marked
    # as running, every page ends.
    html = served.mini / "build" / "serve" / "html" / "pl"
    assert not (html / ".handbook-running").exists()
    for name in ("index.html", "mini-rules.html"):
        assert (html / name).read_bytes().rstrip().endswith(b"</html>")


def test_its_build_folder_is_its_own(mini: Path) -> None:
    """A normal build's published site is never replaced nor changed."""
    built = run_handbook("build", "--html", "--source", str(mini / "source"),
                         "--translations", str(mini / "translations"), "--build-dir", str(mini / "build"))
    assert built.returncode == 0, built.stderr
    site = mini / "build" / "site"
    before = {p: p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}
    link = os.readlink(site)
    server = Served(mini)
    try:
        server.edit(SENTENCE, "Odpowiedź tylko w podglądzie.")
        time.sleep(3)
    finally:
        server.proc.send_signal(signal.SIGINT)
        server.finish()
    assert os.readlink(site) == link
    assert {p: p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()} == before
    assert (mini / "build" / "serve" / "html" / "pl" / "mini-rules.html").is_file()


def test_the_fixture_is_untouched() -> None:
    # The tests above edit copies only.
    assert SENTENCE in (FIXTURES / "mini" / "source" / "mini-rules.yaml").read_text(encoding="utf-8")


def _two_documents(mini: Path) -> Path:
    """``mini`` with a second document, a copy of the first under another id
    and title: a page the edits below do not touch. Returns the copy."""
    source = mini / "source"
    text = (source / "mini-rules.yaml").read_text(encoding="utf-8")
    other = source / "mini-other.yaml"
    other.write_text(text.replace("document: mini-rules", "document: mini-other")
                     .replace("title: Zasady próbne", "title: Zasady drugie"), encoding="utf-8")
    manifest = source / "handbook.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace(
        "documents: [mini-rules]", "documents: [mini-rules, mini-other]"), encoding="utf-8")
    return other


def _published(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != ".buildinfo"}  # Sphinx's own record, left out of a published site


@pytest.mark.parametrize(("old", "new"), [
    (SENTENCE, "Odpowiedź zmieniona w podglądzie."),  # a sentence: one page to read again
    ("title: Zasady próbne", "title: Zasady poprawione"),  # a title: every page's navigation names it
], ids=["sentence", "title"])
def test_a_rebuilt_site_is_the_one_a_full_build_makes(mini: Path, old: str, new: str) -> None:
    """What the preview writes after an edit is, byte for byte, what a build
    from nothing makes of the edited sources: the page edited, the page not
    edited (whose navigation names the edited one), the index, the search
    index. A preview that rewrites too little shows stale pages."""
    _two_documents(mini)
    server = Served(mini)
    try:
        server.edit(old, new)
        server.wait_for(r"changed: (not )?rebuilt")
    finally:
        server.proc.send_signal(signal.SIGINT)
        said = server.finish()
    assert "changed: rebuilt" in said, said
    built = run_handbook("build", "--html", "-l", "pl", "--source", str(mini / "source"),
                         "--translations", str(mini / "translations"), "--build-dir", str(mini / "full"))
    assert built.returncode == 0, built.stderr
    preview, full = _published(mini / "build" / "serve" / "html" / "pl"), _published(mini / "full" / "site" / "pl")
    assert new.removeprefix("title: ").encode() in preview["mini-rules.html"]
    assert new.removeprefix("title: ").encode() in full["mini-other.html"] or old == SENTENCE
    for name in ("mini-rules.html", "mini-other.html", "index.html", "searchindex.js"):
        assert preview[name] == full[name], name
    assert preview == full


def test_a_page_left_while_it_loads_prints_no_traceback(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """A reload cuts off the answers under way (a large page, its styles);
    the preview's terminal says nothing of it."""
    from build_tools.preview.server import State, make_server

    (tmp_path / "big.css").write_bytes(b"x" * 20_000_000)
    server = make_server(tmp_path, State())
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        for _ in range(3):
            with socket.create_connection(server.server_address[:2]) as client:
                client.sendall(b"GET /big.css HTTP/1.1\r\nHost: x\r\n\r\n")
                client.recv(1000)
                # Closed with unread data: the server's next write fails (a reset).
                client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        time.sleep(0.5)
    finally:
        server.shutdown()
        server.server_close()
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Error" not in err, err


def test_a_file_saved_during_the_first_build_is_built(mini: Path) -> None:
    """The watcher compares with the files as they were when the first build
    began: a save while it builds is rebuilt, not taken for what it read."""
    server = Served(mini, wait=False)
    try:
        server.wait_for(r"building the pl site")
        server.edit(SENTENCE, "Odpowiedź zapisana w trakcie budowy.")
        server.serving()
        server.wait_for(r"mini-rules\.yaml changed: rebuilt", timeout=60)
    finally:
        server.proc.send_signal(signal.SIGINT)
        server.finish()
    page = mini / "build" / "serve" / "html" / "pl" / "mini-rules.html"
    assert "Odpowiedź zapisana w trakcie budowy." in page.read_text(encoding="utf-8")
