"""Writing output files so that readers never see half a file, and so that an
unchanged file keeps its timestamp (Sphinx and make judge staleness by it)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_if_changed(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` unless it already holds exactly that; the new
    content goes to a temporary file renamed into place. Returns whether it wrote."""
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
    return True
