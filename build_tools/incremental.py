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
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

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
