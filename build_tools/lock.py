"""One build at a time in a build folder.

Two builds writing the same MyST, Sphinx and publishing folders corrupt each
other (Sphinx's files renamed from under it, a site published with pages
missing), so a build holds an exclusive ``flock`` on ``<build>/.lock`` from
before it renders until it has published. The kernel drops the lock when the
process dies, however it dies: a killed build never leaves a stale lock.

A ``flock`` belongs to the open file, which a forked child shares: a render
worker forked while the lock is held would hold it too, and keep it after a
``kill -9`` of the build. So every forked child closes its copy at once
(:func:`os.register_at_fork`): the lock is held by the build alone.

The lock file names the pid of the build holding it, and is emptied when
the build lets go: a pid found there by the next build, of a process that is
gone, is a build that died holding it (``abandoned``).
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

LOCK_NAME = ".lock"

#: The descriptors of the locks this process holds now.
_HELD: set[int] = set()


def _close_inherited() -> None:
    """In a forked child: close the parent's locks, which the child must not hold."""
    for fd in _HELD:
        try:
            os.close(fd)
        except OSError:
            pass
    _HELD.clear()


os.register_at_fork(after_in_child=_close_inherited)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    return True


def holder(lock: Path) -> int | None:
    """The pid the build holding ``lock`` wrote into it, if it has yet."""
    try:
        text = lock.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None


@contextmanager
def exclusive(build: Path, waiting: Callable[[int | None], None],
              abandoned: Callable[[int], None] | None = None) -> Iterator[None]:
    """Hold the lock of ``build`` (created if need be) for the ``with`` block.

    When another process holds it, ``waiting`` is called once with that
    process's pid (``None`` if unknown), then this one blocks until it is free.
    Once it is held, ``abandoned`` is called with the pid of the last build
    that held it and died holding it, if one did.
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
        _HELD.add(fd)
        last = holder(path)
        if abandoned is not None and last is not None and last != os.getpid() and not _alive(last):
            abandoned(last)
        # For the message of the next build that has to wait; the lock is the
        # flock, not this content.
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        yield
        os.ftruncate(fd, 0)  # let go in order: no build died holding it
    finally:
        _HELD.discard(fd)
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
