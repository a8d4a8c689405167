"""Validate the documents, check every auction example, and every verdict.

Each example's auction is parsed in its document's notation and checked under
the Laws; each doctest-style example (one with `expect:`) is asked of its
document's rules, and must get the verdicts it states. Prints, per document
with rules, the number of rules and of examples checked, and the rules that no
example reaches, and the examples of a document with rules that state no
verdict. The rules are analysed as `handbook validate` does
(conflicts, unreachable rules, references, cycles). A problem is printed as
`file:line:col: error: message`.

The earlier editions of a document (source/editions/<document>/) are checked
too, each by its own rules; with --date, each document is checked in the
edition in force that day, by the figures in force that day (a day before a
document's first edition is a usage error, exit 2).
"""

from __future__ import annotations

import argparse

import dataclasses

from build_tools.commands._common import (
    add_date_argument,
    add_location_arguments,
    report,
    report_findings,
    usage_error,
)
from build_tools.diagnostics import DiagnosticError
from build_tools.pipeline import analyse_rules, check_examples, check_verdicts, load_handbook


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_location_arguments(parser)
    add_date_argument(parser)


def run(args: argparse.Namespace) -> int:
    from build_tools.editions import EditionError, document_on, load_editions

    try:
        handbook = load_handbook(args.source, args.translations)
        # An amended document's chain as load_handbook loaded it; another's is
        # the document alone (load_editions finds a stray file in its folder).
        editions = [handbook.editions.get(document.id) or load_editions(args.source, document)
                    for document in handbook.documents]
    except DiagnosticError as exc:
        return report(exc)
    checked = [handbook]
    if args.date:
        try:
            documents = tuple(document_on(args.source, found, args.date) for found in editions)
        except EditionError as exc:
            return usage_error(str(exc))
        except DiagnosticError as exc:  # a rule reading a figure not in force that day
            return report(exc)
        checked = [dataclasses.replace(handbook, documents=documents)]
    else:
        # Each earlier edition by its own rules and examples, as the current one.
        earlier = tuple(doc for found in editions for doc in found.chain[:-1])
        if earlier:
            checked.append(dataclasses.replace(handbook, documents=earlier))
    reports = []
    count = 0
    try:
        for each in checked:
            count += check_examples(each)
            by_id = {doc.id: doc for doc in each.documents}
            reports += [(by_id[found.document], found) for found in check_verdicts(each)]
    except DiagnosticError as exc:
        return report(exc)
    if report_findings(analyse_rules(doc for each in checked for doc in each.documents)):
        return 1
    for document, found in reports:
        # A dated edition is named: which rules the verdicts were checked by.
        name = f"{found.document} {document.edition}" if document.effective else found.document
        print(f"{name}: {found.rules} rules, {found.examples} examples with verdicts, 0 failures")
        for article in found.unexercised:
            print(f"{name}: note: no example reaches the rule of '{article}'")
        for example in found.unchecked:
            print(f"{name}: note: example '{example}' states no verdict (its auction is checked "
                  f"under the Laws only)")
    kept = sum(len(each.documents) for each in checked[1:])
    shown = f" ({kept} earlier edition{'s' if kept != 1 else ''} with them)" if kept else ""
    on = f" on {args.date}" if args.date else ""
    print(f"handbook: {len(handbook.documents)} documents valid{on}{shown}, {count} examples checked")
    return 0
