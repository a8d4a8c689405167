"""Validate the documents and check every auction example with the rule model.

Each example's auction is parsed in its document's notation and checked under
the Laws; a problem is printed as `file:line:col: error: message`.
"""

from __future__ import annotations

import argparse

from build_tools.commands._common import add_location_arguments, report
from build_tools.diagnostics import DiagnosticError
from build_tools.pipeline import check_examples, load_handbook


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_location_arguments(parser)


def run(args: argparse.Namespace) -> int:
    try:
        handbook = load_handbook(args.source, args.translations)
        count = check_examples(handbook)
    except DiagnosticError as exc:
        return report(exc)
    print(f"handbook: {len(handbook.documents)} documents valid, {count} examples checked")
    return 0
