"""What an amendment changed: the articles and the verdicts between two editions.

  handbook diff trial-rules 2024 2026 [--json]

DOCUMENT is a document's id; OLD and NEW are two of its editions by name (the
current one's `edition:` or an earlier one's, kept in
source/editions/DOCUMENT/). Prints the articles NEW added, removed (repealed)
and changed, by their stable ids, with their text before and after; then every
verdict whose answer differs between the two: every example of either
edition, every query the federation holds for the document
(source/queries/DOCUMENT.yaml, and each --queries FILE: a mapping of names to
queries as `explain` takes them, asked on every question the rules answer),
and every card of source/cards/ (each call, the system's questions, each
event's permission), with both answers and both articles. Exit 0 when
both editions are read, 1 when one cannot be (file:line:col), 2 for an
unknown document or edition.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from build_tools.commands._common import add_location_arguments, report, usage_error
from build_tools.diagnostics import DiagnosticError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("document", metavar="DOCUMENT", help="the document's id, e.g. pzbs-alert-rules")
    parser.add_argument("old", metavar="OLD", help="the earlier edition's name")
    parser.add_argument("new", metavar="NEW", help="the later edition's name")
    parser.add_argument("--json", action="store_true", help="print the changes as JSON")
    parser.add_argument("--queries", action="append", type=Path, metavar="FILE",
                        help="a file of held queries to ask of both editions too (repeatable)")
    add_location_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from build_tools.amendments import diff_data, diff_inputs, diff_lines
    from build_tools.editions import load_editions
    from build_tools.loader import MANIFEST_NAME, load_document, load_manifest

    try:
        manifest = load_manifest(args.source / MANIFEST_NAME)
        if args.document not in manifest.documents:
            return usage_error(f"no document {args.document!r} (the handbook has {', '.join(manifest.documents)})")
        editions = load_editions(args.source, load_document(args.source / f"{args.document}.yaml"))
    except DiagnosticError as exc:
        return report(exc)
    names = [doc.edition for doc in editions.chain]
    for name in (args.old, args.new):
        if editions.named(name) is None:
            return usage_error(f"no edition {name!r} of {args.document} (its editions: "
                               f"{', '.join(repr(n) for n in names if n) or 'none named'})")
    if args.old == args.new:
        return usage_error(f"OLD and NEW are both edition {args.old!r}")
    old, new = editions.named(args.old), editions.named(args.new)
    assert old is not None and new is not None
    cards, held = diff_inputs(args.source, args.document)
    try:
        data = diff_data(old, new, cards, [*held, *(args.queries or [])])
    except DiagnosticError as exc:  # a card that cannot be read
        return report(exc)
    if args.json:
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        sys.stdout.writelines(line + "\n" for line in diff_lines(data))
    return 0
