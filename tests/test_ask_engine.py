"""The Ask page's engine, vendored into the site (build_tools/ask_engine.py):
Pyodide from the npm packages the lock file pins, the engine's Python as one
zip, each under a name that changes with its content; written only when
changed, the names no longer current removed, published into ``_engine/``."""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import zipfile
from pathlib import Path

import pytest

from build_tools import ask_engine
from conftest import ROOT


@pytest.fixture
def modules(tmp_path: Path) -> Path:
    """A stand-in for node_modules: the files the page takes, small."""
    folder = tmp_path / "node_modules"
    (folder / "pyodide").mkdir(parents=True)
    (folder / "pyodide" / "package.json").write_text('{"name": "pyodide", "version": "0.29.5"}')
    for name in ask_engine.PYODIDE_FILES:
        (folder / "pyodide" / name).write_text(f"the {name} of the test\n")
    (folder / "pyodide" / "pyodide-lock.json").write_text('{"info": {"python": "3.13.2"}, "packages": {}}')
    (folder / "js-yaml" / "dist").mkdir(parents=True)
    (folder / "js-yaml" / "dist" / "js-yaml.mjs").write_text("export function load() {}\n")
    return folder


@pytest.fixture
def rulebooks(tmp_path: Path) -> list[Path]:
    folder = tmp_path / "build" / "rules"
    folder.mkdir(parents=True)
    paths = []
    for document in ("one", "two"):
        (folder / f"{document}.json").write_text(json.dumps({"rulebook": 1, "document": document}))
        paths.append(folder / f"{document}.json")
    return paths


def state(folder: Path) -> dict[str, tuple[int, int]]:
    """Each file below ``folder``: its inode and modification time."""
    return {str(p.relative_to(folder)): (p.stat().st_ino, p.stat().st_mtime_ns) for p in folder.rglob("*") if p.is_file()}


def test_the_engine_is_one_zip_of_the_engines_packages_the_same_bytes_each_time() -> None:
    data = ask_engine.engine_zip()
    assert ask_engine.engine_zip() == data
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    expected = ["build_tools/__init__.py"] + sorted(
        p.relative_to(ROOT).as_posix() for package in ("bridge", "rules")
        for p in (ROOT / "build_tools" / package).iterdir() if p.suffix in (".py", ".json"))
    assert sorted(names) == sorted(expected)
    assert "build_tools/rules/ask.py" in names and "build_tools/rules/standard.json" in names
    # Nothing of the pipeline: the browser has no YAML, Sphinx or Jinja.
    assert not [n for n in names if n.startswith("build_tools/") and n.count("/") == 1 and n != "build_tools/__init__.py"]


def test_an_edited_module_gives_the_engine_another_name(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    for package in ("bridge", "rules"):
        shutil.copytree(ROOT / "build_tools" / package, root / "build_tools" / package,
                        ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "build_tools" / "__init__.py", root / "build_tools" / "__init__.py")
    before = ask_engine.engine_zip(root)
    assert before == ask_engine.engine_zip()
    ask_py = root / "build_tools" / "rules" / "ask.py"
    ask_py.write_text(ask_py.read_text() + "\n# edited\n")
    assert hashlib.sha256(ask_engine.engine_zip(root)).digest() != hashlib.sha256(before).digest()


def test_the_manifest_names_every_file_by_its_content(tmp_path: Path, modules: Path, rulebooks: list[Path]) -> None:
    build = tmp_path / "build"
    ask_engine.write_engine(build, ROOT / "source", rulebooks, modules)
    folder = build / "engine"
    manifest = json.loads((folder / "ask.json").read_text())
    for key in ("engine", "yaml", "cards"):
        data = (folder / manifest[key]).read_bytes()
        assert hashlib.sha256(data).hexdigest()[:16] in manifest[key]
    runtime = folder / manifest["pyodide"]
    assert runtime.name.startswith("pyodide-0.29.5-")
    assert sorted(p.name for p in runtime.iterdir()) == sorted(ask_engine.PYODIDE_FILES.values()) \
        == manifest["pyodideFiles"]
    # The module under a name every server gives a JavaScript type.
    assert (runtime / "pyodide-module.js").read_text() == (modules / "pyodide" / "pyodide.mjs").read_text()
    assert manifest["python"] == "3.13.2"
    digest = hashlib.sha256(rulebooks[0].read_bytes()).hexdigest()[:16]
    assert manifest["rulebooks"] == {"one": f"../_rules/one.json?v={digest}",
                                     "two": manifest["rulebooks"]["two"]}
    cards = json.loads((folder / manifest["cards"]).read_text())
    assert [c["id"] for c in cards] == sorted(c["id"] for c in cards)
    assert len(cards) == len(list((ROOT / "source" / "cards").glob("*.yaml")))


def test_nothing_is_written_again_when_nothing_changed(tmp_path: Path, modules: Path, rulebooks: list[Path]) -> None:
    build = tmp_path / "build"
    first = ask_engine.write_engine(build, ROOT / "source", rulebooks, modules)
    before = state(build / "engine")
    assert ask_engine.write_engine(build, ROOT / "source", rulebooks, modules) == first
    assert state(build / "engine") == before


def test_a_changed_file_gets_a_new_name_and_the_old_one_goes(tmp_path: Path, modules: Path,
                                                            rulebooks: list[Path]) -> None:
    build = tmp_path / "build"
    ask_engine.write_engine(build, ROOT / "source", rulebooks, modules)
    old = json.loads((build / "engine" / "ask.json").read_text())
    (modules / "pyodide" / "pyodide.asm.wasm").write_text("a new build of the runtime\n")
    rulebooks[1].write_text(json.dumps({"rulebook": 1, "document": "two", "edited": True}))
    ask_engine.write_engine(build, ROOT / "source", rulebooks, modules)
    new = json.loads((build / "engine" / "ask.json").read_text())
    assert new["pyodide"] != old["pyodide"] and new["engine"] == old["engine"]
    assert new["rulebooks"]["one"] == old["rulebooks"]["one"] != new["rulebooks"]["two"] != old["rulebooks"]["two"]
    assert not (build / "engine" / old["pyodide"]).exists()
    assert (build / "engine" / new["pyodide"] / "pyodide.asm.wasm").read_text() == "a new build of the runtime\n"


def test_missing_packages_are_named(tmp_path: Path, rulebooks: list[Path]) -> None:
    with pytest.raises(ask_engine.EngineMissing, match=r"node_modules/pyodide is not installed \('make' installs"):
        ask_engine.write_engine(tmp_path / "build", ROOT / "source", rulebooks, tmp_path / "node_modules")


def test_publishing_puts_the_engine_in_the_site(tmp_path: Path, modules: Path, rulebooks: list[Path]) -> None:
    build, tree = tmp_path / "build", tmp_path / "site"
    tree.mkdir()
    assert not ask_engine.publish_engine(build, tree)  # no engine built: nothing published
    ask_engine.write_engine(build, ROOT / "source", rulebooks, modules)
    assert ask_engine.publish_engine(build, tree)
    assert state(build / "engine").keys() == {p.removeprefix("_engine/") for p in state(tree)
                                              if p.startswith("_engine/")}
    assert (tree / "hb-ask-sw.js").read_bytes() == (ROOT / "build_tools/sphinxext/static/hb-ask-sw.js").read_bytes()
    # Every file is readable by the web server's user.
    assert all(p.stat().st_mode & 0o444 == 0o444 for p in tree.rglob("*") if p.is_file())


def test_the_lock_pins_the_packages_the_page_takes() -> None:
    declared = json.loads((ROOT / "package.json").read_text())["dependencies"]
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    assert set(declared) == {"pyodide", "js-yaml"}
    for name, version in declared.items():
        assert version[0].isdigit(), f"{name} {version}: an exact version, not a range"
        assert lock[f"node_modules/{name}"]["version"] == version
        assert lock[f"node_modules/{name}"]["integrity"].startswith("sha512-")
