"""Validate the documents, check every auction example, and every verdict.

Each example's auction is parsed in its document's notation and checked under
the Laws; each doctest-style example (one with `expect:`) is asked of its
document's rules, and must get the verdicts it states. Prints, per document
with rules, the number of rules and of examples checked, and the rules that no
example reaches, and the examples of a document with rules that state no
verdict. The rules are analysed as `handbook validate` does
(conflicts, unreachable rules, references, cycles). A problem is printed as
`file:line:col: error: message`.
"""

from __future__ import annotations

import argparse

from build_tools.commands._common import add_location_arguments, report, report_findings
from build_tools.diagnostics import DiagnosticError
from build_tools.pipeline import analyse_rules, check_examples, check_verdicts, load_handbook


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_location_arguments(parser)


def run(args: argparse.Namespace) -> int:
    try:
        handbook = load_handbook(args.source, args.translations)
        count = check_examples(handbook)
        reports = check_verdicts(handbook)
    except DiagnosticError as exc:
        return report(exc)
    if report_findings(analyse_rules(handbook.documents)):
        return 1
    for found in reports:
        print(f"{found.document}: {found.rules} rules, {found.examples} examples with verdicts, 0 failures")
        for article in found.unexercised:
            print(f"{found.document}: note: no example reaches the rule of '{article}'")
        for example in found.unchecked:
            print(f"{found.document}: note: example '{example}' states no verdict (its auction is checked "
                  f"under the Laws only)")
    print(f"handbook: {len(handbook.documents)} documents valid, {count} examples checked")
    return 0
