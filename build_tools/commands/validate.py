"""Check YAML documents against the schema.

With no FILE, validates source/handbook.yaml and every document it lists. Every
problem is printed as `file:line:col: error: message`; the exit status is 1 when
there is any.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from build_tools.commands._common import add_location_arguments, report
from build_tools.diagnostics import Diagnostic, DiagnosticError
from build_tools.loader import load_document
from build_tools.pipeline import load_handbook


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="*", type=Path, metavar="FILE", help="YAML documents to check")
    add_location_arguments(parser)


def run(args: argparse.Namespace) -> int:
    problems: list[Diagnostic] = []
    count = 0
    if args.files:
        for path in args.files:
            try:
                load_document(path)
                count += 1
            except DiagnosticError as exc:
                problems.extend(exc.diagnostics)
    else:
        try:
            count = len(load_handbook(args.source, args.translations).documents)
        except DiagnosticError as exc:
            problems.extend(exc.diagnostics)
    if problems:
        return report(DiagnosticError(problems))
    print(f"handbook: {count} document{'s' if count != 1 else ''} valid")
    return 0
