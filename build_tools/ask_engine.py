"""The Ask page's engine, vendored into the site: Pyodide, the engine's Python
and what it reads, each under a name that changes with its content.

The site's Ask page (build_tools/templates/ask.md.j2, build_tools/sphinxext/ask.py)
answers a query in the reader's browser with the same Python as ``handbook
explain``: :mod:`build_tools.bridge` and :mod:`build_tools.rules`, standard
library only, run by Pyodide (from the npm registry, pinned in
``package.json`` and ``package-lock.json``; ``make`` installs it with ``npm
ci``). Nothing comes from another host at run time.

At each build of the websites, :func:`write_engine` fills ``build/engine/``:

``pyodide-<version>-<digest>/``
    Pyodide's runtime (its module, the WebAssembly, the standard library);
``engine-<digest>.zip``
    the engine's modules and data (``build_tools/bridge``, ``build_tools/rules``);
``js-yaml-<digest>.js``
    the YAML reader of a pasted convention card;
``cards-<digest>.json``
    the shipped convention cards (``source/cards/``) as plain data;
``ask.json``
    what the page loads first: the names above, and each document's rulebook
    (``../_rules/<document>.json?v=<digest>``).

Every name but ``ask.json`` holds its content's digest, so a browser (and the
page's service worker, ``hb-ask-sw.js`` at the site's root) may keep each
for ever and a new build never meets a stale one: ``ask.json`` is asked for
again at every visit and names the current files. A file whose content has not
changed is not written again, and one no longer named is removed. Publishing
(:func:`publish_engine`) links them into the site's ``_engine/``.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from build_tools import files

ROOT = Path(__file__).resolve().parent.parent
#: Where npm installs the page's packages (``package.json`` beside it).
NODE_MODULES = ROOT / "node_modules"
#: Below the build folder, and below the published site.
ENGINE_NAME = "engine"
SITE_FOLDER = "_engine"
MANIFEST = "ask.json"
#: The service worker, published at the site's root (its scope may then be
#: any language's Ask page) from the Sphinx extension's static files.
SERVICE_WORKER = "hb-ask-sw.js"
_STATIC = Path(__file__).resolve().parent / "sphinxext" / "static"

#: What the page takes of Pyodide's package, and the name each is published
#: under: its module (``.js``: a server that does not know ``.mjs`` would
#: give it a type no browser runs as a module), the script and WebAssembly it
#: loads, the standard library and the lock file it reads (these by the names
#: Pyodide asks for).
PYODIDE_FILES = {"pyodide.mjs": "pyodide-module.js", "pyodide.asm.js": "pyodide.asm.js",
                 "pyodide.asm.wasm": "pyodide.asm.wasm", "python_stdlib.zip": "python_stdlib.zip",
                 "pyodide-lock.json": "pyodide-lock.json"}
#: The engine's packages, below the repository's root.
ENGINE_PACKAGES = ("build_tools/bridge", "build_tools/rules")
#: A zip's entries all carry this time, so that the same files make the same bytes.
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


class EngineMissing(Exception):
    """The npm packages the page needs are not installed (``make`` installs them)."""


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def engine_zip(root: Path = ROOT) -> bytes:
    """The engine's modules and data files as one zip, the same bytes for the
    same files (entries sorted, one time for all), with the package's
    ``__init__`` above them: unpacked into a folder on Python's path,
    ``import build_tools.rules`` works.

    >>> names = zipfile.ZipFile(io.BytesIO(engine_zip())).namelist()
    >>> "build_tools/__init__.py" in names, "build_tools/rules/standard.json" in names, "build_tools/cards.py" in names
    (True, True, False)
    """
    paths = [root / "build_tools" / "__init__.py"]
    for package in ENGINE_PACKAGES:
        paths += [p for p in sorted((root / package).iterdir()) if p.suffix in (".py", ".json")]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in paths:
            info = zipfile.ZipInfo(path.relative_to(root).as_posix(), _ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    return out.getvalue()


@dataclass(frozen=True, slots=True)
class Pyodide:
    """The installed Pyodide package: its version and the files the page takes."""

    version: str
    folder: Path

    @classmethod
    def installed(cls, modules: Path = NODE_MODULES) -> Pyodide:
        folder = modules / "pyodide"
        try:
            version = json.loads((folder / "package.json").read_text(encoding="utf-8"))["version"]
        except (OSError, ValueError, KeyError):
            raise EngineMissing(f"{folder} is not installed ('make' installs it: npm ci)") from None
        missing = [name for name in PYODIDE_FILES if not (folder / name).is_file()]
        if missing:
            raise EngineMissing(f"{folder} lacks {', '.join(missing)} (reinstall it: npm ci)")
        return cls(str(version), folder)

    def digest(self) -> str:
        parts = hashlib.sha256()
        for name in PYODIDE_FILES:
            data = (self.folder / name).read_bytes()
            parts.update(f"\0{name}\0{len(data)}\0".encode())
            parts.update(data)
        return parts.hexdigest()[:16]


def _yaml_module(modules: Path = NODE_MODULES) -> bytes:
    path = modules / "js-yaml" / "dist" / "js-yaml.mjs"
    try:
        return path.read_bytes()
    except OSError:
        raise EngineMissing(f"{path} is not installed ('make' installs it: npm ci)") from None


def _put(folder: Path, name: str, data: bytes) -> str:
    if files.write_if_changed(folder / name, data):
        (folder / name).chmod(0o644)  # published as it is: every reader of the site reads it
    return name


def write_engine(build: Path, source: Path, rulebooks: Iterable[Path], modules: Path = NODE_MODULES) -> list[str]:
    """Fill ``build/engine/`` (see the module's description) for the
    rulebooks of ``rulebooks`` (``build/rules/<document>.json``, in the
    manifest's order); returns the names it holds. A file already there under
    its digest's name is left alone, and the names no longer current go.
    Raises :class:`EngineMissing` when the npm packages are not installed."""
    folder = build / ENGINE_NAME
    folder.mkdir(parents=True, exist_ok=True)
    pyodide = Pyodide.installed(modules)
    runtime = f"pyodide-{pyodide.version}-{pyodide.digest()}"
    if not all((folder / runtime / name).is_file() for name in PYODIDE_FILES.values()):
        staging = folder / f".{runtime}.tmp"
        _remove(staging)
        staging.mkdir()
        for name, published in PYODIDE_FILES.items():
            files.copy_file(pyodide.folder / name, staging / published)
        _remove(folder / runtime)
        os.replace(staging, folder / runtime)
    code = engine_zip()
    yaml_module = _yaml_module(modules)
    from build_tools.cards import shipped_cards

    cards = json.dumps(shipped_cards(source), ensure_ascii=False, sort_keys=True).encode("utf-8")
    books = {path.stem: f"../_rules/{path.name}?v={_digest(path.read_bytes())}" for path in rulebooks}
    sizes = [(folder / runtime / name).stat().st_size for name in PYODIDE_FILES.values()]
    named = {"engine": _put(folder, f"engine-{_digest(code)}.zip", code),
             "yaml": _put(folder, f"js-yaml-{_digest(yaml_module)}.js", yaml_module),
             "cards": _put(folder, f"cards-{_digest(cards)}.json", cards)}
    manifest = {
        "pyodide": f"{runtime}/",
        "pyodideFiles": sorted(PYODIDE_FILES.values()),
        # What the first question downloads (Pyodide and the engine), for the page's progress line.
        "megabytes": round((sum(sizes) + len(code)) / 1e6, 1),
        "python": _python_version(pyodide),
        **named,
        "rulebooks": books,
    }
    keep = {runtime, *named.values(), MANIFEST}
    text = json.dumps(manifest, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    _put(folder, MANIFEST, text.encode("utf-8"))
    for entry in folder.iterdir():
        if entry.name not in keep:
            _remove(entry)
    return sorted(keep)


def _python_version(pyodide: Pyodide) -> str:
    try:
        lock = json.loads((pyodide.folder / "pyodide-lock.json").read_text(encoding="utf-8"))
        return str(lock["info"]["python"])
    except (OSError, ValueError, KeyError):
        return ""


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        for child in path.iterdir():
            _remove(child)
        path.rmdir()
    elif path.exists() or path.is_symlink():
        path.unlink()


def publish_engine(build: Path, tree: Path) -> bool:
    """Put ``build/engine/`` into the site ``tree`` (``_engine/``) and the
    service worker at its root; returns whether there was an engine to publish.
    Files are hard links where the file system allows (a versioned file is
    never written again in place), copies elsewhere."""
    folder = build / ENGINE_NAME
    if not (folder / MANIFEST).is_file():
        return False
    for path in sorted(folder.rglob("*")):
        target = tree / SITE_FOLDER / path.relative_to(folder)
        if path.is_dir():
            target.mkdir(parents=True, exist_ok=True)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        _link_or_copy(path, target)
    files.copy_file(_STATIC / SERVICE_WORKER, tree / SERVICE_WORKER)
    return True


def _link_or_copy(source: Path, target: Path) -> None:
    try:
        os.link(source, target)
    except OSError:
        files.copy_file(source, target)


def copy_engine(others: Sequence[Path], build: Path) -> None:
    """Take ``build/engine/`` from the first of the build folders ``others``
    that holds one (``handbook build --merge``)."""
    import shutil

    for other in others:
        if (other / ENGINE_NAME / MANIFEST).is_file():
            _remove(build / ENGINE_NAME)
            shutil.copytree(other / ENGINE_NAME, build / ENGINE_NAME)
            return
