"""What the build's digests are made of (issue 37, "tests that kill boundary
bugs"): a file's name is part of the inputs' digest, not only its bytes, and
``conf.py`` is part of the code a Sphinx environment was made by. Each of
these survived a hand-planted mutation that dropped it."""

from __future__ import annotations

from pathlib import Path

from build_tools import build as builder
from build_tools import incremental
from conftest import ROOT, run_handbook


def test_the_same_bytes_under_another_name_are_another_input(tmp_path: Path) -> None:
    (tmp_path / "a.po").write_text("msgid \"x\"\n", encoding="utf-8")
    first = incremental.inputs_digest([tmp_path], {})
    assert incremental.inputs_digest([tmp_path], {}) == first  # nothing moved: the same digest
    (tmp_path / "a.po").rename(tmp_path / "b.po")
    assert incremental.inputs_digest([tmp_path], {}) != first


def test_digest_files_names_each_file_below_its_base(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    a.write_bytes(b"same")
    b.write_bytes(b"same")
    assert incremental.digest_files([a], base=tmp_path) == incremental.digest_files([a], base=tmp_path)
    assert incremental.digest_files([a], base=tmp_path) != incremental.digest_files([b], base=tmp_path)
    # Below the base: the same tree elsewhere digests the same.
    other = tmp_path / "elsewhere"
    other.mkdir()
    (other / "a").write_bytes(b"same")
    assert incremental.digest_files([other / "a"], base=other) == incremental.digest_files([a], base=tmp_path)


def test_a_catalog_renamed_is_not_nothing_changed(mini: Path, tmp_path: Path) -> None:
    """The build's own shortcut: English loses its catalog by a rename with the
    bytes unchanged (``mini-rules.po`` -> ``old-rules.po``), and the next build
    must publish the untranslated page, not say that nothing changed."""
    build = tmp_path / "build"
    flags = ["--html", "-l", "en", "--source", str(mini / "source"), "--translations", str(mini / "translations"),
             "--build-dir", str(build)]
    first = run_handbook("build", *flags)
    assert first.returncode == 0, first.stderr
    page = build / "site" / "en" / "mini-rules.html"
    assert "Trial rules" in page.read_text(encoding="utf-8")
    folder = mini / "translations" / "en" / "LC_MESSAGES"
    (folder / "mini-rules.po").rename(folder / "old-rules.po")
    second = run_handbook("build", *flags)
    assert second.returncode == 0, second.stderr
    assert "nothing changed" not in second.stdout
    assert "Trial rules" not in page.read_text(encoding="utf-8")


def _root_with_conf(tmp_path: Path, name: str, text: str | None) -> builder.Layout:
    root = tmp_path / name
    root.mkdir()
    if text is not None:
        (root / "conf.py").write_text(text, encoding="utf-8")
    return builder.Layout(root=root, build=tmp_path / "build", source=ROOT / "source")


def test_conf_py_is_part_of_the_code_a_sphinx_environment_is_made_by(tmp_path: Path) -> None:
    conf = (ROOT / "conf.py").read_text(encoding="utf-8")
    same = _root_with_conf(tmp_path, "same", conf)
    again = _root_with_conf(tmp_path, "again", conf)
    edited = _root_with_conf(tmp_path, "edited", conf + "\nhtml_title = 'x'\n")
    empty = _root_with_conf(tmp_path, "empty", "")
    absent = _root_with_conf(tmp_path, "absent", None)
    assert builder.code_digest(same) == builder.code_digest(again)
    assert builder.code_digest(edited) != builder.code_digest(same)
    assert builder.code_digest(empty) != builder.code_digest(absent)


def test_a_step_made_by_another_conf_py_starts_from_scratch(tmp_path: Path) -> None:
    """Sphinx re-reads a page when the page changed, never when conf.py did:
    a step whose code stamp names another conf.py is redone from scratch."""
    layout = _root_with_conf(tmp_path, "root", (ROOT / "conf.py").read_text(encoding="utf-8"))
    step = builder._Step("en", "html", layout.html("en"), layout)
    step.begin(fresh=False)
    step.end()
    assert not builder._code_changed(step)
    (layout.root / "conf.py").write_text("# another configuration\n", encoding="utf-8")
    assert builder._code_changed(step)
