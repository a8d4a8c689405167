"""Writing output files so that readers never see half a file, and so that an
unchanged file keeps its timestamp (Sphinx and make judge staleness by it)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def naming(path: Path) -> Iterator[None]:
    """Give ``path`` to an ``OSError`` that names no file: a write() that runs
    out of room says only "No space left on device", and the user must be told where."""
    try:
        yield
    except OSError as exc:
        if exc.filename is None:
            exc.filename = str(path)
        raise


def write_text(path: Path, text: str) -> None:
    """``path.write_text(text)`` in UTF-8, an error naming ``path``."""
    with naming(path):
        path.write_text(text, encoding="utf-8")


def copy_file(source: Path, target: Path) -> None:
    """``shutil.copyfile``, an error naming ``target`` when it names no file."""
    with naming(target):
        shutil.copyfile(source, target)


def write_if_changed(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` unless it already holds exactly that; the new
    content goes to a temporary file renamed into place. Returns whether it wrote."""
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with naming(path):
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
    return True
