"""What lets a build do nothing when nothing changed: content digests of the
inputs, and the record of the last build that completed.

A build that completed writes ``build/.handbook-complete``: what was asked
(languages, site or PDFs, paper, document), the digest of every input (the
YAML documents and manifest, the catalogs, the whole ``build_tools`` package:
templates, Sphinx extension, rules and model code; ``conf.py``, the versions of
Python and of every installed package), the published tree and the outputs it
made. The next build asking the same, whose inputs have the same digest and
whose outputs are still whole, stops there: it reads digests and starts no
Sphinx and no TeX. Any build deletes the record before it changes anything, so
only a build that completed is ever trusted; deleting it (or all of
``build/``) costs one full build, never a wrong one.

Folders are hashed whole, not as a list of files, so a template or a module
added to ``build_tools`` is an input from the moment it exists.

A build that does have work keeps what the stages before Sphinx made of each
document in :class:`StageCache` (``build/cache/``): a document loaded and
checked, a page rendered in one language, a row of the translation status.
Each product is filed under the digest of everything it was made from (the
code, the package versions, the document's YAML, its catalog, whatever it
reads of the other documents), so a product is found only for the same
inputs and is never stale; deleting the folder costs the work, never a
wrong result.
"""

from __future__ import annotations

import hashlib
import json
import functools
import os
import pickle
import shutil
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from build_tools import files

#: The record of the last completed build, below the build folder.
COMPLETE_NAME = ".handbook-complete"
#: Environment variables that change what Sphinx and TeX write.
_ENVIRONMENT = ("SOURCE_DATE_EPOCH", "FORCE_SOURCE_DATE", "TEXINPUTS", "TEXMFHOME", "LANG", "LC_ALL")
#: The programs the PDFs come from: a TeX update is a new input.
_PROGRAMS = ("xelatex", "latexmk", "xdvipdfmx")


def tree_files(root: Path) -> list[Path]:
    """Every file below ``root`` (or ``root`` itself, a file), in a stable
    order, without Python's byte-code caches."""
    if root.is_file():
        return [root]
    found = []
    for folder, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        found += [Path(folder) / name for name in sorted(names) if not name.endswith(".pyc")]
    return found


def digest_files(paths: Iterable[Path], digest: hashlib._Hash | None = None, base: Path | None = None) -> str:
    """The SHA-256 of the files' names (below ``base`` when given) and contents.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     a = Path(folder) / "a.txt"
    ...     _ = a.write_text("one")
    ...     first = digest_files([a], base=Path(folder))
    ...     _ = a.write_text("two")
    ...     first == digest_files([a], base=Path(folder))
    False
    """
    digest = digest or hashlib.sha256()
    for path in paths:
        data = path.read_bytes()
        name = str(path.relative_to(base)) if base is not None else str(path)
        digest.update(f"\0{name}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()


def package_versions() -> list[str]:
    """``name==version`` of every installed distribution, sorted."""
    from importlib import metadata

    return sorted({f"{d.metadata['Name']}=={d.version}" for d in metadata.distributions()})


def programs() -> list[str]:
    """Each TeX program's path, size and time: an update of TeX Live changes them."""
    found = []
    for name in _PROGRAMS:
        path = shutil.which(name)
        if path is not None:
            real = Path(path).resolve()
            stat = real.stat()
            found.append(f"{name}={real}:{stat.st_size}:{stat.st_mtime_ns}")
    return found


def inputs_digest(folders: Sequence[Path], request: dict[str, object]) -> str:
    """One digest of everything a build reads for ``request``: every file of
    ``folders`` (by its path below the folder, so a moved checkout matches),
    the versions of Python and every package, the TeX programs, the
    environment variables that change the output, and the request itself."""
    digest = hashlib.sha256(json.dumps(request, sort_keys=True).encode())
    digest.update(sys.version.encode())
    for line in [*package_versions(), *programs(), *(f"{k}={os.environ.get(k, '')}" for k in _ENVIRONMENT)]:
        digest.update(f"\0{line}".encode())
    for index, folder in enumerate(folders):
        digest.update(f"\0folder {index}".encode())
        digest_files(tree_files(folder), digest, base=folder.parent if folder.is_file() else folder)
    return digest.hexdigest()


@dataclass(frozen=True, slots=True)
class Completed:
    """The record of a build that completed: its request, its inputs' digest,
    the tree ``build/site`` linked to, and what it made (paths below the build
    folder, each checked whole before a later build trusts it)."""

    request: dict[str, object]
    digest: str
    site: str
    outputs: tuple[str, ...]

    def write(self, build: Path) -> None:
        data = {"request": self.request, "digest": self.digest, "site": self.site, "outputs": list(self.outputs)}
        path = build / COMPLETE_NAME
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        os.replace(tmp, path)

    @classmethod
    def read(cls, build: Path) -> Completed | None:
        try:
            data = json.loads((build / COMPLETE_NAME).read_text(encoding="utf-8"))
            return cls(dict(data["request"]), str(data["digest"]), str(data["site"]),
                       tuple(str(o) for o in data["outputs"]))
        except (OSError, ValueError, KeyError, TypeError):
            return None


def forget(build: Path) -> None:
    """Delete the record: called by every build before it changes anything."""
    (build / COMPLETE_NAME).unlink(missing_ok=True)


#: Below the build folder: the products of the stages before Sphinx.
CACHE_NAME = "cache"
#: The package whose every file is code a cached product was made by.
_PACKAGE = Path(__file__).resolve().parent


@functools.cache
def code_digest() -> str:
    """The digest of what makes a product out of its inputs: every file of the
    ``build_tools`` package (model, rules, templates, catalogs' readers), the
    versions of Python and of every package, and the environment variables
    that change the output. Computed once per process."""
    digest = hashlib.sha256(sys.version.encode())
    for line in [*package_versions(), *(f"{k}={os.environ.get(k, '')}" for k in _ENVIRONMENT)]:
        digest.update(f"\0{line}".encode())
    return digest_files(tree_files(_PACKAGE), digest, base=_PACKAGE)


def key(*parts: str | bytes) -> str:
    """One digest of ``parts``, each length-prefixed (no two lists of parts
    run together into the same bytes).

    >>> key("ab", "c") == key("a", "bc")
    False
    """
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        digest.update(f"{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()


def file_part(path: Path) -> bytes:
    """What a key holds of a file: its bytes, or a marker that it is absent
    (an empty file and no file are different inputs)."""
    try:
        return b"file\0" + path.read_bytes()
    except FileNotFoundError:
        return b"absent"


@dataclass(frozen=True, slots=True)
class StageCache:
    """Products of the stages before Sphinx, each a pickle filed by kind and
    key below ``folder`` (``build/cache/<kind>/<key>.pickle``).

    An entry is written whole (a temporary file renamed into place), so two
    processes putting the same key write the same bytes and a killed build
    leaves at worst a temporary file; one that cannot be read is a miss. The
    build folder is the user's own, as the Sphinx pickles beside it are.
    ``used`` holds the keys this process asked for or put, by kind.

    ``memory``, when given, keeps the products of this process as well (a
    live preview's, from one rebuild to the next): one found there is not
    read and unpickled again, and the objects keep what they worked out
    (a document's verdicts). No stage changes a product once made, so
    sharing one between builds is safe; :meth:`prune` forgets what it deletes.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     kept: dict[tuple[str, str], object] = {}
    ...     StageCache(Path(tmp), memory=kept).put("page", "k1", ("text",))
    ...     found = StageCache(Path(tmp), memory=kept).get("page", "k1")
    ...     (Path(tmp) / "page" / "k1.pickle").unlink()  # only the memory has it now
    ...     again = StageCache(Path(tmp), memory=kept).get("page", "k1")
    ...     without = StageCache(Path(tmp)).get("page", "k1")
    >>> found, again is found, without
    (('text',), True, None)
    """

    folder: Path
    used: dict[str, set[str]] = field(default_factory=dict)
    memory: dict[tuple[str, str], Any] | None = None

    def _path(self, kind: str, key: str) -> Path:
        return self.folder / kind / f"{key}.pickle"

    def get(self, kind: str, key: str) -> Any:
        """The product filed under ``key``, or ``None``."""
        self.used.setdefault(kind, set()).add(key)
        if self.memory is not None and (kind, key) in self.memory:
            return self.memory[kind, key]
        try:
            with self._path(kind, key).open("rb") as handle:
                value = pickle.load(handle)
        except FileNotFoundError:
            return None
        except Exception:  # noqa: BLE001 - a damaged entry is made again, whatever it raises
            return None
        if self.memory is not None:
            self.memory[kind, key] = value
        return value

    def put(self, kind: str, key: str, value: object) -> None:
        self.used.setdefault(kind, set()).add(key)
        path = self._path(kind, key)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            with files.naming(path), tmp.open("wb") as handle:  # a full disk says where
                pickle.dump(value, handle, protocol=pickle.HIGHEST_PROTOCOL)
            with files.naming(path):
                os.replace(tmp, path)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        if self.memory is not None:
            self.memory[kind, key] = value

    def prune(self, kind: str, keep: Iterable[str] | None = None) -> int:
        """Delete the entries of ``kind`` but ``keep`` (default: those this
        process used), the keys of the build that completed: the cache holds
        one build's products, not every edit's. Returns how many went."""
        wanted = {f"{k}.pickle" for k in (self.used.get(kind, ()) if keep is None else keep)}
        folder = self.folder / kind
        gone = [p for p in folder.iterdir() if p.name not in wanted] if folder.is_dir() else []
        for path in gone:
            path.unlink(missing_ok=True)
        if self.memory is not None:
            for stale in [k for k in self.memory if k[0] == kind and f"{k[1]}.pickle" not in wanted]:
                del self.memory[stale]
        return len(gone)
