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
--event, permitted there), 1 for a bad card (file:line:col), a card refused
in that event or a document whose rules cannot answer (a cycle of verdicts:
one line naming the rule), 2 for usage errors.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from build_tools.commands._common import add_location_arguments, report, usage_error
from build_tools.diagnostics import DiagnosticError

if TYPE_CHECKING:
    from build_tools.rules.cards import Card, Entry
    from build_tools.rules.engine import Rule
    from build_tools.rules.situation import Situation

#: Questions about the whole system, asked once.
SYSTEM_QUESTIONS = ("hum", "colour")
#: Questions about each call of the card, and the answer the report lists.
CALL_QUESTIONS = {"brown-sticker": "yes", "random-opening": "yes", "front-of-card": "yes", "alert": "yes",
                  "natural": None, "convention": "none"}
#: The events the report asks about when --event is not given.
EVENTS = (("1", None), ("2", "round-robin"), ("2", "knockout"), ("3", None))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    check = sub.add_parser("check", help="everything the handbook's regulations say of a pair's system")
    check.add_argument("card", metavar="CARD", type=Path, help="a convention card (YAML)")
    check.add_argument("--event", choices=("1", "2", "3"), help="the event category asked about")
    check.add_argument("--stage", choices=("round-robin", "knockout"), help="the stage of the event")
    check.add_argument("--json", action="store_true", help="print the report as JSON")
    add_location_arguments(check)
    check.add_argument("--build-dir", type=Path, default=Path("build"),
                       help="where the build keeps the compiled rulebooks (default: %(default)s)")


def run(args: argparse.Namespace) -> int:
    from build_tools.cards import read_card
    from build_tools.commands.explain import rulebook
    from build_tools.loader import MANIFEST_NAME, display_path, load_manifest
    from build_tools.rules.errors import RuleCycle, Unbounded
    from build_tools.rules.evaluation import session

    if args.stage and not args.event:
        return usage_error("--stage needs --event")
    try:
        card, data = read_card(args.card)
        manifest = load_manifest(args.source / MANIFEST_NAME)
        # Each document's rulebook, as explain reads it: compiled by the build, or now.
        books = [rulebook(args.source, args.translations, args.build_dir, doc_id) for doc_id in manifest.documents]
    except DiagnosticError as exc:
        return report(exc)
    events = ((args.event, args.stage),) if args.event else EVENTS
    documents: dict[str, Any] = {}
    refused = False
    for book in books:
        assert not isinstance(book, str)  # every document of the manifest
        rules = book.rules
        asked = {r.question for r in rules}
        if not asked & (set(SYSTEM_QUESTIONS) | set(CALL_QUESTIONS) | {"permitted"}):
            continue
        # One session for the document: what a predicate works out of the whole
        # card (card-verdict) is worked out once, not once per call.
        try:
            with session():
                found = _document_report(rules, asked, card, data, events)
        except (RuleCycle, Unbounded) as exc:
            # Rules that cannot answer (validate reports why at the rule): one line, not a traceback.
            print(f"handbook: error: {book.document}: {exc}", file=sys.stderr)
            refused = True
            continue
        if args.event and any(p["verdict"].get("value") == "no" for p in found.get("permitted", [])):
            refused = True
        documents[book.document] = found
    result = {"card": card.id, "path": display_path(args.card), "documents": documents}
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        _print(result)
    return 1 if refused else 0


def _verdict(rules: tuple[Rule, ...], question: str, situation: Situation) -> dict[str, Any] | None:
    from build_tools.rules.engine import Conflict, Undecided, decide
    from build_tools.rules.rulebook import verdict_data

    try:
        return verdict_data(decide(rules, question, situation))
    except Undecided:
        return None
    except Conflict as exc:
        return {"value": "conflict", "because": str(exc)}


def _document_report(rules: tuple[Rule, ...], asked: set[str], card: Card, data: Any,
                     events: tuple[tuple[str | None, str | None], ...]) -> dict[str, Any]:
    import dataclasses

    from build_tools.rules.systems import entry_situation

    found: dict[str, Any] = {}
    if not card.entries:
        return found
    # The card as read (not its data): a predicate reads it without parsing it again.
    base = dataclasses.replace(entry_situation(card.entries[0]), system=card)
    for question in SYSTEM_QUESTIONS:
        if question in asked and (verdict := _verdict(rules, question, base)) is not None:
            found[question] = verdict
    if "colour" in found and card.classification:
        found["classification"] = list(card.classification)
    if "permitted" in asked:
        found["permitted"] = []
        for event, stage in events:
            at = dataclasses.replace(base, event=event, stage=stage)
            verdict = _verdict(rules, "permitted", at)
            if verdict is not None:
                found["permitted"].append({"event": event, "stage": stage, "verdict": verdict})
    calls: list[dict[str, Any]] = []
    for entry in card.entries:
        verdicts = _call_verdicts(rules, asked, entry, base)
        if verdicts:
            calls.append({"section": entry.section, "auction": entry.auction, "front": entry.front,
                          "sheet": entry.sheet, "verdicts": verdicts})
    found["calls"] = calls
    if "front-of-card" in asked:
        found["missing-from-front"] = [
            {"auction": c["auction"], "article": c["verdicts"]["front-of-card"]["article"]}
            for c in calls if not c["front"] and c["verdicts"].get("front-of-card", {}).get("value") == "yes"]
    if "brown-sticker" in asked and card.classification:
        uses = any(c["verdicts"].get("brown-sticker", {}).get("value") == "yes" for c in calls)
        found["brown-marked"] = {"uses": uses, "marked": "brown" in card.classification}
    return found


def _call_verdicts(rules: tuple[Rule, ...], asked: set[str], entry: Entry, base: Situation) -> dict[str, Any]:
    """The verdicts on one call of the card: asked of the entry as a whole
    (its types together) or, where the answers of its types differ, of each."""
    from build_tools.rules.systems import entry_situation

    verdicts: dict[str, Any] = {}
    for question in CALL_QUESTIONS:
        if question not in asked:
            continue
        whole = _verdict(rules, question, entry_situation(entry, base=base))
        if whole is not None and (whole["value"] != "depends" or len(entry.alternatives) == 1):
            verdicts[question] = whole
            continue
        each = [_verdict(rules, question, entry_situation(entry, meaning, base)) for meaning in entry.alternatives]
        values = {v["value"] for v in each if v is not None}
        if len(values) == 1 and each[0] is not None:
            verdicts[question] = each[0]
        elif values:
            verdicts[question] = {"value": "by type", "types": each}
    return verdicts


def _line(verdict: dict[str, Any]) -> str:
    if verdict["value"] == "depends":
        return f"depends on {', '.join(verdict['needs'])}"
    if verdict["value"] == "by type":
        return "by type: " + "; ".join(_line(v) if v else "-" for v in verdict["types"])
    article = verdict.get("articles") or [verdict.get("article", "")]
    return f"{verdict['value']} ({', '.join(a for a in article if a)})"


def _print(result: dict[str, Any]) -> None:
    print(f"card {result['card']} ({result['path']})")
    for document, found in result["documents"].items():
        print(f"{document}:")
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
