"""What changed in the folders a live preview watches: a snapshot of every
file's modification time and size, compared with the last one.

Polling a few hundred files every tenth of a second costs well under a
millisecond a time and works on every system and file system (a network
share or a container's bind mount included, where inotify may stay silent);
a library's events would save nothing the author can see.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

#: A file's state: its modification time (ns) and size.
Snapshot = dict[Path, tuple[int, int]]


def snapshot(roots: Iterable[Path]) -> Snapshot:
    """The state of every file below ``roots`` (a root may be a single file;
    one that does not exist has no files), without Python's byte code and
    the editors' hidden files (``.x.swp``, ``.#x``)."""
    found: Snapshot = {}
    for root in roots:
        for path in _files(root):
            try:
                stat = path.stat()
            except OSError:  # deleted between the listing and now
                continue
            found[path] = (stat.st_mtime_ns, stat.st_size)
    return found


def _files(root: Path) -> list[Path]:
    if root.is_file():
        return [root]
    out = []
    for folder, dirs, names in os.walk(root):
        dirs[:] = [d for d in dirs if d != "__pycache__" and not d.startswith(".")]
        out += [Path(folder) / name for name in names if not name.startswith((".", "#")) and not name.endswith((".pyc", "~"))]
    return out


def changed(before: Snapshot, after: Snapshot) -> list[Path]:
    """The files added, removed or modified between two snapshots, sorted.

    >>> a, b = Path("a.yaml"), Path("b.yaml")
    >>> changed({a: (1, 10), b: (1, 5)}, {a: (2, 10), Path("c.po"): (1, 1)})
    [PosixPath('a.yaml'), PosixPath('b.yaml'), PosixPath('c.po')]
    >>> changed({a: (1, 10)}, {a: (1, 10)})
    []
    """
    return sorted(path for path in before.keys() | after.keys() if before.get(path) != after.get(path))
