"""Check YAML documents against the schema.

With no FILE, validates source/handbook.yaml and every document it lists, with
their earlier editions (source/editions/<document>/<edition>.yaml) and the
chain of editions (each supersedes the one before, later in force). The
rules of each document are analysed too: two rules deciding one query
differently with neither an exception to the other, a rule no query reaches
(a warning), references to no article, cycles of exceptions or of verdicts.
Every problem is printed as `file:line:col: error: message` (or `warning:`);
the exit status is 1 when there is an error.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from build_tools.commands._common import add_location_arguments, report, report_findings
from build_tools.diagnostics import Diagnostic, DiagnosticError
from build_tools.editions import earlier_editions, edition_of, load_editions
from build_tools.loader import load_document
from build_tools.document import Document
from build_tools.pipeline import analyse_rules, load_handbook


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="*", type=Path, metavar="FILE", help="YAML documents to check")
    add_location_arguments(parser)


def run(args: argparse.Namespace) -> int:
    problems: list[Diagnostic] = []
    documents: list[Document] = []
    if args.files:
        for path in args.files:
            try:
                # An earlier edition (source/editions/<document>/<edition>.yaml) is named by its edition.
                document = load_document(path, edition_of=edition_of(path))
                documents.append(document)
                if document.supersedes and not edition_of(path):
                    load_editions(path.parent, document)  # the chain it heads, beside it
            except DiagnosticError as exc:
                problems.extend(exc.diagnostics)
    else:
        try:
            documents.extend(load_handbook(args.source, args.translations).documents)
            # Earlier editions are validated like the current ones, their chain with them.
            documents.extend(earlier_editions(args.source, documents))
        except DiagnosticError as exc:
            problems.extend(exc.diagnostics)
    # The documents that load are analysed even when another failed: every
    # problem of a run is reported at once.
    findings = analyse_rules(documents)
    if problems:
        return report(DiagnosticError([*problems, *findings]))
    if report_findings(findings):
        return 1
    count = len(documents)
    print(f"handbook: {count} document{'s' if count != 1 else ''} valid")
    return 0
