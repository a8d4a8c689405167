"""Processes that end with the build that started them.

A build killed with ``kill -9`` (an out-of-memory killer, a CI timeout) gets no
chance to stop what it started. Its render workers would sleep for ever on
their task queue (each holds the queue's other end, so none ever reads its
end), and a Sphinx run would go on writing into the folder the next build
cleans and fills. Each of them watches its parent instead, and ends once the
parent is gone: Linux gives an orphan a new parent, which is what it sees.

Run as ``python -m build_tools.orphans PID MODULE ARGS...`` it runs ``MODULE``
as ``python -m MODULE ARGS...`` would, ending when ``PID`` is no longer its
parent (Sphinx is started so, in the same process: no start-up is added).
"""

from __future__ import annotations

import os
import runpy
import sys
import threading
import time

#: How often a process looks whether its parent is still there (seconds).
INTERVAL = 0.2
#: The exit status of a process ended because its build was gone (128 + SIGKILL,
#: as if the kill had reached it too).
ORPHANED = 137


def die_with_parent(parent: int) -> None:
    """End this process as soon as ``parent`` is no longer its parent, from a
    daemon thread that looks every :data:`INTERVAL` seconds. ``parent`` is
    the pid the parent gave: it may have died before this process got here.
    A pool's ``initializer``, or the first thing a child does."""
    if os.getppid() != parent:
        os._exit(ORPHANED)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(INTERVAL)
        os._exit(ORPHANED)

    threading.Thread(target=watch, name="die-with-parent", daemon=True).start()


def module_command(module: str, *args: str) -> list[str]:
    """The command running ``python -m module args`` that ends with this
    process (see :func:`die_with_parent`).

    >>> module_command("sphinx", "-b", "html")[1:4] == ["-m", "build_tools.orphans", str(os.getpid())]
    True
    """
    return [sys.executable, "-m", __name__, str(os.getpid()), module, *args]


def main(argv: list[str]) -> None:
    parent, module, *args = argv
    die_with_parent(int(parent))
    sys.argv = [module, *args]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main(sys.argv[1:])
