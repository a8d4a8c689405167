"""Check a convention card against every regulation of the handbook.

  handbook card check CARD.yaml [--event N --stage S] [--json]

CARD.yaml is a pair's system (source/cards/README.md). For each document
whose rules answer questions about systems (HUM, colour, permitted) the
report gives the system's verdicts, each Brown Sticker and random call, what
each event category permits at each stage (or the one --event and --stage
name) and what is missing from the front of the card; for each document whose
rules answer `alert`, `natural` or `convention`, the card's calls to alert,
which are natural and which are of a defined kind of convention (transfer,
relay...), each with its article. Exit 0 when the card is read (and, with
--event, permitted there), 1 for a card refused in that event, a document
that cannot be read or one whose rules cannot answer (a cycle of verdicts:
one line naming the rule), 2 for a bad card (file:line:col) and usage errors.
--date YYYY-MM-DD asks each regulation in the edition in force that day (a
day before a regulation's first edition is a usage error); a regulation that
dates its editions is named with the edition that answered.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from build_tools.commands._common import add_date_argument, add_location_arguments, report, usage_error
from build_tools.diagnostics import DiagnosticError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    check = sub.add_parser("check", help="everything the handbook's regulations say of a pair's system")
    check.add_argument("card", metavar="CARD", type=Path, help="a convention card (YAML)")
    check.add_argument("--event", choices=("1", "2", "3"), help="the event category asked about")
    check.add_argument("--stage", choices=("round-robin", "knockout"), help="the stage of the event")
    check.add_argument("--json", action="store_true", help="print the report as JSON")
    add_location_arguments(check)
    add_date_argument(check)
    check.add_argument("--build-dir", type=Path, default=Path("build"),
                       help="where the build keeps the compiled rulebooks (default: %(default)s)")


def run(args: argparse.Namespace) -> int:
    from build_tools.cards import read_card
    from build_tools.commands.explain import rulebook
    from build_tools.editions import EditionError
    from build_tools.loader import MANIFEST_NAME, display_path, load_manifest
    from build_tools.rules.card_report import EVENTS, document_report, judges
    from build_tools.rules.card_report import refused as is_refused
    from build_tools.rules.errors import RuleCycle, Unbounded

    if args.stage and not args.event:
        return usage_error("--stage needs --event")
    try:
        card, data = read_card(args.card)
    except DiagnosticError as exc:
        report(exc)
        return 2  # the card is the command's input: a bad one is bad input
    try:
        manifest = load_manifest(args.source / MANIFEST_NAME)
        # Each document's rulebook, as explain reads it: compiled by the build, or now.
        books = [rulebook(args.source, args.translations, args.build_dir, doc_id, args.date or "")
                 for doc_id in manifest.documents]
    except DiagnosticError as exc:
        return report(exc)
    except EditionError as exc:
        return usage_error(str(exc))
    events = ((args.event, args.stage),) if args.event else EVENTS
    documents: dict[str, Any] = {}
    refused = False
    for book in books:
        assert not isinstance(book, str)  # every document of the manifest
        if not judges(book.rules):
            continue
        try:
            found = document_report(book.rules, card, data, events)
        except (RuleCycle, Unbounded) as exc:
            # Rules that cannot answer (validate reports why at the rule): one line, not a traceback.
            print(f"handbook: error: {book.document}: {exc}", file=sys.stderr)
            refused = True
            continue
        if args.event and is_refused(found):
            refused = True
        if book.effective:
            found["edition"] = {"edition": book.edition, "effective": book.effective}
        documents[book.document] = found
    result = {"card": card.id, "path": display_path(args.card), "documents": documents}
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        _print(result)
    return 1 if refused else 0


def _line(verdict: dict[str, Any]) -> str:
    if verdict["value"] == "depends":
        found = f"depends on {', '.join(verdict['needs'])}"
    else:
        article = verdict.get("articles") or [verdict.get("article", "")]
        found = f"{verdict['value']} ({', '.join(a for a in article if a)})"
    if verdict.get("types"):
        found += "; its types: " + ", ".join("-" if t is None else t["value"] for t in verdict["types"])
    return found


def _safe(text: str) -> str:
    """``text`` with its control characters escaped: a path named by the user
    reaches the terminal as text, never as its escape sequences."""
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


def _print(result: dict[str, Any]) -> None:
    from build_tools.rules.card_report import CALL_QUESTIONS, SYSTEM_QUESTIONS

    print(f"card {_safe(result['card'])} ({_safe(result['path'])})")
    for document, found in result["documents"].items():
        dated = found.get("edition")
        print(f"{document}:" if dated is None
              else f"{document} (edition {dated['edition']}, in force from {dated['effective']}):")
        for question in SYSTEM_QUESTIONS:
            if question in found:
                print(f"  {question}: {_line(found[question])}")
        if "classification" in found:
            said = ", ".join(found["classification"])
            verdict = found["colour"]["value"]
            agrees = "agrees" if verdict in found["classification"] else f"but the rules say {verdict}"
            print(f"  classification box: {said} ({agrees})")
        marked = found.get("brown-marked")
        if marked and marked["uses"] and not marked["marked"]:
            print("  classification box: uses Brown Sticker calls but does not say brown (zongse-zhuming)")
        for item in found.get("permitted", []):
            where = f"event {item['event']}" + (f", {item['stage']}" if item["stage"] else "")
            print(f"  permitted in {where}: {_line(item['verdict'])}")
            if item["verdict"].get("value") == "no":
                for reason in _refusals(found):
                    print(f"    because {reason}")
        for question, listed in CALL_QUESTIONS.items():
            rows = [(c, c["verdicts"][question]) for c in found.get("calls", []) if question in c["verdicts"]]
            if not rows:
                continue
            # A listed question shows the calls not answered "no" ("none" for
            # convention: the calls of a defined kind); natural shows every call.
            hidden = "none" if listed == "none" else "no"
            shown = [(c, v) for c, v in rows if listed is None or v["value"] != hidden]
            print(f"  {question}:" + ("" if shown else " none"))
            for call, verdict in shown:
                print(f"    {call['auction']}: {_line(verdict)}")
        missing = found.get("missing-from-front")
        if missing:
            print("  missing from the front of the card: "
                  + ", ".join(f"{m['auction']} ({m['article']})" for m in missing))


def _refusals(found: dict[str, Any]) -> list[str]:
    """What a refused card uses that the event forbids: HUM, each Brown Sticker
    and random call, with the articles that say so."""
    reasons = []
    if found.get("hum", {}).get("value") == "yes":
        reasons.append(f"the system is HUM ({', '.join(found['hum']['articles'])})")
    for question, what in (("brown-sticker", "Brown Sticker"), ("random-opening", "a random opening")):
        for call in found.get("calls", []):
            verdict = call["verdicts"].get(question)
            if verdict and verdict.get("value") == "yes":
                reasons.append(f"{call['auction']} is {what} ({', '.join(verdict['articles'])})")
    return reasons
