"""Builds that are safe to kill and to run twice: a second build waits for the
first, a build killed at any stage leaves the previous site published and the
next build repairs what it left, and only complete, current pages are published.

A crash is either real (SIGKILL to the build's process group while Sphinx
writes) or the exact state a crash at that stage leaves behind, recreated by
hand: the latter is deterministic, and is what the next build has to cope with.
"""

from __future__ import annotations

import errno
import fcntl
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from build_tools.build import Layout, html_complete
from conftest import ROOT, run_handbook

LANGUAGES = ("pl", "en")
PAGES = ("index", "mini-rules")
#: The file a step keeps beside its output while it runs: found at the start of
#: the next step, it says the previous run died there.
RUNNING = ".handbook-running"


def args(mini: Path, build: Path, *extra: str) -> list[str]:
    return ["build", *extra, "--source", str(mini / "source"),
            "--translations", str(mini / "translations"), "--build-dir", str(build)]


def popen(mini: Path, build: Path, *extra: str) -> subprocess.Popen[str]:
    """``handbook build`` in the background, in a process group of its own so
    that the test can kill it together with its Sphinx children."""
    return subprocess.Popen(
        [sys.executable, "-m", "build_tools.cli", *args(mini, build, *extra)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, start_new_session=True,
    )


def assert_complete(build: Path, pages: tuple[str, ...] = PAGES, languages: tuple[str, ...] = LANGUAGES) -> None:
    """``build/site`` is there and every page of every language is whole."""
    site = build / "site"
    assert (site / "index.html").read_bytes().rstrip().endswith(b"</html>")
    for lang in languages:
        for page in (*pages, "search", "genindex"):
            path = site / lang / f"{page}.html"
            assert path.is_file(), path
            assert path.read_bytes().rstrip().endswith(b"</html>"), f"{path} is not a whole page"


def published(build: Path) -> dict[str, bytes]:
    """Every file of the published site, by its path below ``build/site``."""
    site = build / "site"
    return {str(p.relative_to(site)): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


def edit(mini: Path, old: str, new: str) -> None:
    source = mini / "source" / "mini-rules.yaml"
    text = source.read_text(encoding="utf-8")
    assert old in text
    source.write_text(text.replace(old, new), encoding="utf-8")


def is_pdf(path: Path) -> bool:
    data = path.read_bytes()
    return data.startswith(b"%PDF-") and b"%%EOF" in data[-1024:]


@pytest.fixture
def built(mini: Path, tmp_path: Path) -> Path:
    """The fixture handbook's website built once into ``tmp_path/build``."""
    build = tmp_path / "build"
    result = run_handbook(*args(mini, build, "--html"))
    assert result.returncode == 0, result.stderr
    assert_complete(build)
    return build


# --- two builds at once --------------------------------------------------------


def test_two_builds_at_once_both_succeed_and_publish_a_whole_site(mini: Path, tmp_path: Path) -> None:
    build = tmp_path / "build"
    sentence = "Odpowiedź nowym"
    for round_ in range(3):
        # From scratch, then after an edit, then from scratch again: each time
        # both builds find work to do in the same folders.
        if round_ == 1:
            edit(mini, sentence, "Odpowiedź 1. nowym")
            sentence = "Odpowiedź 1. nowym"
        else:
            shutil.rmtree(build, ignore_errors=True)
        procs = [popen(mini, build, "--html"), popen(mini, build, "--html")]
        for proc in procs:
            out, err = proc.communicate(timeout=300)
            assert proc.returncode == 0, out + err
            assert "Traceback" not in err, err
        assert_complete(build)
        for lang in LANGUAGES:
            assert sentence in (build / "site" / lang / "mini-rules.html").read_text(encoding="utf-8")
        assert not list(build.glob(".site-*"))


def test_a_second_build_waits_for_the_first(built: Path, mini: Path) -> None:
    # Hold the build folder's lock as a running build would: the second build
    # must say so and wait, rendering nothing, then go on once it is released.
    myst = built / "myst" / "pl" / "mini-rules.md"
    rendered = myst.read_bytes()
    edit(mini, "Odpowiedź nowym", "Odpowiedź zmieniona nowym")
    with open(built / ".lock", "a+", encoding="ascii") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        lock.truncate(0)
        lock.write(f"{os.getpid()}\n")
        lock.flush()
        proc = popen(mini, built, "--html")
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(2)]
        assert lines[0].startswith("handbook: 1 documents valid"), lines
        assert lines[1].startswith("handbook: waiting for another build in "), lines
        assert f"(pid {os.getpid()})" in lines[1]
        assert proc.poll() is None
        assert myst.read_bytes() == rendered
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, out + err
    assert "[pl] myst: 1 written" in out
    assert_complete(built)
    assert "Odpowiedź zmieniona" in (built / "site" / "pl" / "mini-rules.html").read_text(encoding="utf-8")


#: A process that holds the build folder's lock (build_tools.lock) for a while,
#: logging when it has it and when it lets go, as a build does around its work.
_HOLDER = """
import sys, time
from pathlib import Path
from build_tools import lock

build, name, seconds = Path(sys.argv[1]), sys.argv[2], float(sys.argv[3])
with lock.exclusive(build, lambda pid: print("waiting", pid, flush=True)):
    with (build / "log").open("a", encoding="ascii") as log:
        log.write(f"enter {name}\\n")
    time.sleep(seconds)
    with (build / "log").open("a", encoding="ascii") as log:
        log.write(f"leave {name}\\n")
"""


def test_two_processes_never_hold_the_lock_at_once(tmp_path: Path) -> None:
    # The project's own lock on both sides (a test holding the lock itself
    # could not tell a shared lock from an exclusive one).
    def holder(name: str, seconds: float) -> subprocess.Popen[str]:
        return subprocess.Popen([sys.executable, "-c", _HOLDER, str(tmp_path), name, str(seconds)], cwd=ROOT,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env={**os.environ, "PYTHONPATH": str(ROOT)})

    first = holder("first", 2)
    log = tmp_path / "log"
    deadline = time.monotonic() + 60
    while not (log.exists() and "enter first" in log.read_text(encoding="ascii")):
        assert time.monotonic() < deadline and first.poll() is None, first.communicate()
        time.sleep(0.05)
    second = holder("second", 0)
    out, err = second.communicate(timeout=60)
    first.communicate(timeout=60)
    assert second.returncode == 0 and first.returncode == 0, err
    assert out == f"waiting {first.pid}\n"
    assert log.read_text(encoding="ascii").splitlines() == ["enter first", "leave first", "enter second", "leave second"]


def _layout(built: Path, mini: Path) -> Layout:
    return Layout(root=ROOT, build=built, source=mini / "source", translations=mini / "translations")


def test_html_left_running_by_a_crash_is_not_complete(built: Path, mini: Path) -> None:
    layout = _layout(built, mini)
    assert html_complete("en", layout)
    # A crash after Sphinx wrote every page and the stamp of the last run stayed:
    # only the marker tells that this run did not finish.
    (built / "html" / "en" / RUNNING).write_text("1\n", encoding="ascii")
    assert not html_complete("en", layout)
    assert html_complete("pl", layout)


def test_an_old_stamp_checks_every_page(built: Path, mini: Path) -> None:
    layout = _layout(built, mini)
    stamp = built / "html" / "en" / ".handbook-inputs"
    # An earlier version's stamp: the digest, and no list of the pages it checked.
    stamp.write_text(stamp.read_text(encoding="ascii").splitlines()[0] + "\n", encoding="ascii")
    assert html_complete("en", layout)
    (built / "html" / "en" / "mini-rules.html").write_bytes(b"")
    assert not html_complete("en", layout)


# --- killed at each stage --------------------------------------------------------


def test_a_build_killed_while_sphinx_writes_is_repaired_by_the_next(built: Path, mini: Path) -> None:
    before = published(built)
    page = built / "html" / "en" / "mini-rules.html"
    landed = False
    for attempt in range(1, 6):
        edit(mini, "nowym kolorem" if attempt == 1 else f"kolorem {attempt - 1}", f"kolorem {attempt}")
        stamp = page.stat().st_mtime_ns
        proc = popen(mini, built, "--html", "-j", "1")
        # Languages build one after another (-j 1), English last: freeze the
        # whole build the moment Sphinx starts rewriting the English page.
        while proc.poll() is None and page.stat().st_mtime_ns == stamp:
            time.sleep(0.002)
        os.killpg(proc.pid, signal.SIGSTOP)
        landed = (page.parent / RUNNING).exists()
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        # Whatever the moment, a whole site is published; killed in a step of
        # the build, it is the previous one.
        assert_complete(built)
        if landed:
            assert published(built) == before
            break
        before = published(built)
    assert landed, "the kill never landed while Sphinx ran"
    repaired = run_handbook(*args(mini, built, "--html"))
    assert repaired.returncode == 0, repaired.stderr
    assert "[en] html: the last build stopped midway; rebuilt from scratch" in repaired.stdout
    assert_complete(built)
    for lang in LANGUAGES:
        assert f"kolorem {attempt}" in (built / "site" / lang / "mini-rules.html").read_text(encoding="utf-8")
    # The repaired step is trusted again (unless build_tools itself changed
    # meanwhile, which reruns every language).
    again = run_handbook(*args(mini, built, "--html"))
    assert ("[en] html: inputs unchanged since the last build; Sphinx not started" in again.stdout
            or "[pl] html: inputs unchanged" not in again.stdout), again.stdout


def test_an_empty_page_left_by_a_crash_is_never_published(built: Path, mini: Path) -> None:
    # What a kill while Sphinx writes a page leaves: the page truncated, Sphinx's
    # environment saying it is written, the step's marker, and no stamp.
    html = built / "html" / "en"
    (html / "mini-rules.html").write_bytes(b"")
    (html / RUNNING).write_text("", encoding="ascii")
    (html / ".handbook-inputs").unlink()
    result = run_handbook(*args(mini, built, "--html"))
    assert result.returncode == 0, result.stderr
    assert "[en] html: the last build stopped midway; rebuilt from scratch" in result.stdout
    assert_complete(built)
    assert not (html / RUNNING).exists()


def test_a_damaged_page_is_not_trusted_as_unchanged(built: Path, mini: Path) -> None:
    # The stamp says the inputs are unchanged, but the output is no longer what
    # the checked build left: Sphinx runs again, from scratch (its environment
    # would say the page is written).
    (built / "html" / "pl" / "mini-rules.html").write_bytes(b"")
    result = run_handbook(*args(mini, built, "--html"))
    assert result.returncode == 0, result.stderr
    assert "[pl] html: the output of the last build is damaged; rebuilt from scratch" in result.stdout
    assert_complete(built)


def test_a_page_sphinx_left_broken_fails_the_check(
    built: Path, mini: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Sphinx exits 0 but a page is not whole: the step fails, and neither its
    # stamp nor Sphinx's environment survives to call the page up to date.
    from build_tools import build as builder

    layout = builder.Layout(root=builder.ROOT, build=built, source=mini / "source")
    real = builder._run_sphinx

    def sphinx_then_truncate(name: str, lang: str, layout: builder.Layout, fresh: bool) -> str:
        output = real(name, lang, layout, fresh)
        (layout.html(lang) / "mini-rules.html").write_bytes(b"<!DOCTYPE html><html><body>")
        return output

    monkeypatch.setattr(builder, "_run_sphinx", sphinx_then_truncate)
    (layout.html("pl") / builder.STAMP_NAME).unlink()
    with pytest.raises(builder.BuildFailed, match=r"\[pl\] html: Sphinx finished but .*mini-rules\.html: cut short"):
        builder.build_html("pl", layout)
    assert not (layout.html("pl") / builder.STAMP_NAME).exists()
    assert not (layout.doctrees("pl", "html") / "environment.pickle").exists()
    assert not builder.html_complete("pl", layout)
    monkeypatch.undo()
    result = run_handbook(*args(mini, built, "--html"))
    assert result.returncode == 0, result.stderr
    assert_complete(built)


def test_an_unfinished_rendering_is_redone(built: Path, mini: Path) -> None:
    # Killed while writing MyST: a page half-written to its temporary file,
    # never renamed into place. The next build renders again and sweeps it away.
    debris = built / "myst" / "en" / ".mini-rules.md.k1ll3d.tmp"
    debris.write_text("# half a pa", encoding="utf-8")
    edit(mini, "Odpowiedź nowym", "Odpowiedź zmieniona nowym")
    result = run_handbook(*args(mini, built, "--html"))
    assert result.returncode == 0, result.stderr
    assert not debris.exists()
    assert_complete(built)
    assert "Odpowiedź zmieniona" in (built / "site" / "pl" / "mini-rules.html").read_text(encoding="utf-8")


def test_a_publish_killed_midway_leaves_the_previous_site(built: Path, mini: Path) -> None:
    before = published(built)
    # A tree half-copied, the link to it not yet swapped in, and the folders an
    # earlier version of the tool swapped by renaming.
    half = built / ".published" / "999"
    (half / "pl").mkdir(parents=True)
    (half / "pl" / "mini-rules.html").write_bytes(b"<html")
    os.symlink(".published/999", built / ".site.tmp")
    (built / ".site-new" / "en").mkdir(parents=True)
    assert published(built) == before
    result = run_handbook(*args(mini, built, "--html"))
    assert result.returncode == 0, result.stderr
    assert_complete(built)
    assert published(built) == before
    assert (built / "site").is_symlink()
    assert not half.exists() and not (built / ".site.tmp").is_symlink() and not (built / ".site-new").exists()
    assert [p.name for p in (built / ".published").iterdir()] == [os.readlink(built / "site").split("/")[-1]]


def test_a_site_folder_of_an_earlier_version_becomes_the_link(built: Path, mini: Path) -> None:
    # Earlier versions published build/site as a real folder, and stamped a
    # step with the digest of its inputs alone.
    for lang in LANGUAGES:
        stamp = built / "html" / lang / ".handbook-inputs"
        stamp.write_text(stamp.read_text(encoding="ascii").split()[0], encoding="ascii")
    target = (built / "site").resolve()
    (built / "site").unlink()
    shutil.copytree(target, built / "site")
    shutil.rmtree(built / ".published")
    result = run_handbook(*args(mini, built, "--html"))
    assert result.returncode == 0, result.stderr
    assert (built / "site").is_symlink()
    assert len(list((built / ".published").iterdir())) == 1
    assert_complete(built)


@pytest.mark.tex
def test_a_pdf_left_truncated_by_a_crash_is_built_again(mini: Path, tmp_path: Path) -> None:
    build = tmp_path / "build"
    assert run_handbook(*args(mini, build, "--html")).returncode == 0
    first = run_handbook(*args(mini, build, "--pdf", "-l", "pl"))
    assert first.returncode == 0, first.stderr
    # Killed while xelatex wrote: latexmk's database says the PDF is up to date,
    # the PDF is half there, the step's marker remains and its stamp is gone.
    latex = build / "latex" / "pl"
    pdf = latex / "mini-handbook-pl-a4.pdf"
    assert (latex / "mini-handbook-pl-a4.fdb_latexmk").exists()
    pdf.write_bytes(pdf.read_bytes()[: pdf.stat().st_size // 2])
    (latex / RUNNING).write_text("", encoding="ascii")
    (latex / ".handbook-inputs").unlink()
    second = run_handbook(*args(mini, build, "--pdf", "-l", "pl"))
    assert second.returncode == 0, second.stderr
    assert "[pl] pdf: the last build stopped midway; rebuilt from scratch" in second.stdout
    assert is_pdf(build / "pdf" / "mini-handbook-pl-a4.pdf")
    assert is_pdf(build / "site" / "pdf" / "mini-handbook-pl-a4.pdf")
    # A published PDF found damaged is not trusted as unchanged either.
    (build / "pdf" / "mini-handbook-pl-a4.pdf").write_bytes(b"%PDF-1.5\n")
    third = run_handbook(*args(mini, build, "--pdf", "-l", "pl"))
    assert third.returncode == 0, third.stderr
    assert "[pl] pdf: inputs unchanged" not in third.stdout  # the A5 run's PDFs were whole
    assert is_pdf(build / "site" / "pdf" / "mini-handbook-pl-a4.pdf")


# --- only current, complete documents and languages -----------------------------


def test_a_document_removed_from_the_manifest_leaves_the_site(mini: Path, tmp_path: Path) -> None:
    source = mini / "source"
    extra = (source / "mini-rules.yaml").read_text(encoding="utf-8").replace(
        "document: mini-rules", "document: extra-rules")
    (source / "extra-rules.yaml").write_text(extra, encoding="utf-8")
    manifest = (source / "handbook.yaml").read_text(encoding="utf-8")
    (source / "handbook.yaml").write_text(manifest.replace("[mini-rules]", "[mini-rules, extra-rules]"),
                                          encoding="utf-8")
    build = tmp_path / "build"
    first = run_handbook(*args(mini, build, "--html"))
    assert first.returncode == 0, first.stderr
    assert_complete(build, (*PAGES, "extra-rules"))
    (source / "handbook.yaml").write_text(manifest, encoding="utf-8")
    second = run_handbook(*args(mini, build, "--html"))
    assert second.returncode == 0, second.stderr
    assert_complete(build)
    for lang in LANGUAGES:
        assert not (build / "site" / lang / "extra-rules.html").exists()
        assert not (build / "html" / lang / "extra-rules.html").exists()
        assert "extra-rules" not in (build / "site" / lang / "searchindex.js").read_text(encoding="utf-8")


def test_one_language_on_a_fresh_build_folder_is_published(mini: Path, tmp_path: Path) -> None:
    build = tmp_path / "build"
    result = run_handbook(*args(mini, build, "--html", "-l", "en"))
    assert result.returncode == 0, result.stderr
    assert_complete(build, languages=("en",))
    assert not (build / "site" / "pl").exists()
    root = (build / "site" / "index.html").read_text(encoding="utf-8")
    assert 'href="en/index.html"' in root and 'href="pl/index.html"' not in root
    assert "handbook: not published yet (no complete website): pl" in result.stdout
    both = run_handbook(*args(mini, build, "--html", "-l", "pl"))
    assert both.returncode == 0, both.stderr
    assert_complete(build)
    assert "not published yet" not in both.stdout


def test_a_language_named_twice_is_built_once(mini: Path, tmp_path: Path) -> None:
    result = run_handbook(*args(mini, tmp_path / "build", "--html", "-l", "en", "-l", "en"))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert sum(line.startswith("[en] myst:") for line in lines) == 1
    assert sum(line.startswith("[en] html:") for line in lines) == 1


# --- a full disk, a folder that cannot be written --------------------------------


def _full_disk(*args: object, **kwargs: object) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(args[-1]))


@pytest.mark.parametrize("stage", ["render", "publish"])
def test_a_full_disk_is_one_line_and_the_site_stays(
    built: Path, mini: Path, stage: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from build_tools import cli

    before = published(built)
    trees = sorted((built / ".published").iterdir())
    edit(mini, "Odpowiedź nowym", "Odpowiedź zmieniona nowym")
    capsys.readouterr()
    if stage == "render":
        monkeypatch.setattr(os, "replace", _full_disk)  # write_if_changed's rename into place
    else:
        monkeypatch.setattr(shutil, "copyfile", _full_disk)  # copying the HTML into the new tree
    code = cli.main(args(mini, built, "--html", "-j", "1"))
    monkeypatch.undo()
    err = capsys.readouterr().err
    assert code == 1
    assert err.count("\n") == 1 and err.startswith("handbook: error: "), err
    assert err.rstrip().endswith(": No space left on device"), err
    assert str(built) in err
    assert published(built) == before
    assert sorted((built / ".published").iterdir()) == trees
    assert not list(built.glob("myst/*/.*.tmp")) and not (built / ".site.tmp").is_symlink()


def _full_disk_unnamed(*args: object, **kwargs: object) -> None:
    # As a write() or sendfile() that runs out of room says it: no file named.
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize(("stage", "module", "name"), [
    ("render", os, "replace"),  # write_if_changed's rename into place
    ("publish", os, "sendfile"),  # shutil.copyfile's copy of a page into the new tree
])
def test_a_full_disk_names_the_path_even_when_the_error_does_not(
    built: Path, mini: Path, stage: str, module: object, name: str,
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    from build_tools import cli

    before = published(built)
    edit(mini, "Odpowiedź nowym", "Odpowiedź zmieniona nowym")
    capsys.readouterr()
    monkeypatch.setattr(module, name, _full_disk_unnamed)
    code = cli.main(args(mini, built, "--html", "-j", "1"))
    monkeypatch.undo()
    err = capsys.readouterr().err
    assert code == 1
    assert err.count("\n") == 1 and err.startswith(f"handbook: error: {built}/"), err
    assert err.rstrip().endswith(": No space left on device"), err
    assert published(built) == before


def test_an_unwritable_build_folder_is_one_line_and_the_site_stays(built: Path, mini: Path) -> None:
    # Tests run as root, whom chmod does not stop: a file where a folder must go
    # fails every write below it the same way.
    before = published(built)
    shutil.rmtree(built / "html")
    (built / "html").write_text("not a folder", encoding="ascii")
    result = run_handbook(*args(mini, built, "--html"))
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith(f"handbook: error: {built / 'html'}"), result.stderr
    assert result.stderr.rstrip().endswith(": Not a directory"), result.stderr
    assert published(built) == before


def test_a_build_folder_below_a_file_is_one_line(mini: Path, tmp_path: Path) -> None:
    (tmp_path / "file").write_text("", encoding="ascii")
    result = run_handbook(*args(mini, tmp_path / "file" / "build", "--html"))
    assert result.returncode == 1
    assert result.stderr == f"handbook: error: {tmp_path / 'file' / 'build'}: Not a directory\n"


# --- real kills at each stage ---------------------------------------------------------


def _landed_kill(proc: subprocess.Popen[str], moment: object) -> bool:
    """Freeze the build when ``moment()`` turns true, then kill it; whether it
    was still running then (else it finished first and nothing was killed)."""
    assert callable(moment)
    while proc.poll() is None and not moment():
        time.sleep(0.001)
    if proc.poll() is not None:
        proc.communicate()
        return False
    os.killpg(proc.pid, signal.SIGSTOP)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.communicate()
    return True


def _newer(path: Path, than: float) -> bool:
    try:
        return path.stat().st_mtime > than
    except FileNotFoundError:
        return False


STAGES = {
    # stage: (build options, the moment to kill: given the build folder and the start time)
    "myst": (("--html",), lambda build, start: _newer(build / "myst" / "en" / "mini-rules.md", start)),
    "publish": (("--html",), lambda build, start: any(
        _newer(tree, start) for tree in (build / ".published").iterdir())),
    "latex": (("--pdf",), lambda build, start: _newer(build / "latex" / "pl" / "mini-handbook-pl-a4.log", start)),
}


@pytest.mark.parametrize("stage", [pytest.param(s, marks=pytest.mark.tex) if s == "latex" else s for s in STAGES])
def test_a_build_killed_at_each_stage_leaves_a_whole_site(built: Path, mini: Path, stage: str) -> None:
    options, moment = STAGES[stage]
    before = published(built)
    for attempt in range(1, 8):
        edit(mini, "nowym kolorem" if attempt == 1 else f"kolorem {attempt - 1}", f"kolorem {attempt}")
        start = time.time() - 0.01
        proc = popen(mini, built, *options, "-j", "1")
        landed = _landed_kill(proc, lambda start=start: moment(built, start))
        # Killed or not, build/site is a whole site: the previous one, or (past
        # the switch of publishing) the new one.
        assert_complete(built)
        if landed:
            if stage != "publish":  # killed before the switch: the previous site, unchanged
                assert published(built) == before
            break
        before = published(built)
    assert landed, f"the kill never landed during {stage}"
    repaired = run_handbook(*args(mini, built, *options))
    assert repaired.returncode == 0, repaired.stdout + repaired.stderr
    assert_complete(built)
    for lang in LANGUAGES:
        if stage == "latex":
            pdf = built / "site" / "pdf" / f"mini-handbook-{lang}-a4.pdf"
            assert is_pdf(pdf)
            text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
            assert f"kolorem {attempt}" in text
        else:
            assert f"kolorem {attempt}" in (built / "site" / lang / "mini-rules.html").read_text(encoding="utf-8")
