"""The ``handbook`` command: a table of subcommands, each a module in
:mod:`build_tools.commands` with ``add_arguments(parser)`` and ``run(args) -> int``.

Exit codes: 0 success, 1 diagnostics were reported, 2 usage or unreadable input.
Only this module and the command modules print.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from types import ModuleType

# name -> module under build_tools.commands; each module's docstring first line is its help.
COMMANDS: dict[str, str] = {
    "validate": "validate",
    "check": "check",
    "explain": "explain",
    "diff": "diff",
    "rules": "rules",
    "build": "build",
    "serve": "serve",
    "i18n": "i18n",
    "auction": "auction",
    "hand": "hand",
    "card": "card",
}


def _load(name: str) -> ModuleType:
    return importlib.import_module(f"build_tools.commands.{COMMANDS[name]}")


def make_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every subcommand, or of ``only`` that one: a command's
    module is imported to make its parser, and a director's ``explain`` need
    not wait for the build's modules to load."""
    parser = argparse.ArgumentParser(
        prog="handbook",
        description="Build the bridge regulation handbook: validate YAML documents, "
        "check their auction examples, maintain translations, build sites and PDFs.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMANDS if only is None else (only,):
        module = _load(name)
        doc = (module.__doc__ or "").strip()
        summary = doc.splitlines()[0] if doc else name
        command_parser = sub.add_parser(
            name,
            help=summary,
            description=doc,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        module.add_arguments(command_parser)
        command_parser.set_defaults(_run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    parser = make_parser(words[0] if words and words[0] in COMMANDS else None)
    args = parser.parse_args(words)
    try:
        return int(args._run(args))
    except KeyboardInterrupt:
        print("handbook: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader of our output went away (`handbook hand ... | head`): stop
        # quietly, and keep Python from failing again as it flushes stdout on exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except OSError as exc:
        # The commands report the failures they expect; this is the last line
        # for the rest (a full disk, a folder that cannot be written).
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"handbook: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
