"""One build at a time in a build folder.

Two builds writing the same MyST, Sphinx and publishing folders corrupt each
other (Sphinx's files renamed from under it, a site published with pages
missing), so a build holds an exclusive ``flock`` on ``<build>/.lock`` from
before it renders until it has published. The kernel drops the lock when the
process dies, however it dies: a killed build never leaves a stale lock.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

LOCK_NAME = ".lock"


def holder(lock: Path) -> int | None:
    """The pid the build holding ``lock`` wrote into it, if it has yet."""
    try:
        text = lock.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None


@contextmanager
def exclusive(build: Path, waiting: Callable[[int | None], None]) -> Iterator[None]:
    """Hold the lock of ``build`` (created if need be) for the ``with`` block.

    When another process holds it, ``waiting`` is called once with that
    process's pid (``None`` if unknown), then this one blocks until it is free.
    """
    build.mkdir(parents=True, exist_ok=True)
    path = build / LOCK_NAME
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            waiting(holder(path))
            fcntl.flock(fd, fcntl.LOCK_EX)
        # For the message of the next build that has to wait; the lock is the
        # flock, not this content.
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        yield
    finally:
        os.close(fd)


@contextmanager
def attempt(build: Path) -> Iterator[bool]:
    """Hold the lock of ``build`` for the ``with`` block if it is free now,
    yielding whether it is held: never waits, and never creates ``build``."""
    if not build.is_dir():
        yield False
        return
    try:
        fd = os.open(build / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        yield False
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        yield True
    finally:
        os.close(fd)
