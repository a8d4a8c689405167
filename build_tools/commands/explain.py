"""Ask a document's rules about a call, as a director at the table would.

QUERY is a YAML mapping, inline or in a file (`-` reads stdin):

  handbook explain pzbs-alert-rules "{auction: 1BA, meaning: {hcp: 12-14, shape: balanced}}"

Its keys: `auction` (in the document's notation; its last call is the one
asked about), `view` (partnership, the default, or table), `meaning` (the
agreed meaning of that call, in the meaning vocabulary), `earlier` (meanings of
earlier calls by their number as written), `screens` (true or false). Prints
each question the document's rules answer (or those --question names): the
verdict, the deciding article, the conditions that decided it, the rules an
exception set aside and the chain of articles that led there (--lang: the
articles' texts in that language's translation). When the query does not
state enough, the verdict depends: it names the facts to ask about and what
each rule in doubt gives. `agreed: false` states that the pair has no
agreement about the call. `system` is a pair's convention card
(source/cards/README.md), inline or the path of a card file, with `event` and
`stage` where permission is asked. Exit 0 when every question asked is answered or
depends, 1 when one is not covered by any rule, 2 for bad input (an unknown
question included).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from build_tools.commands._common import add_location_arguments, report, usage_error
from build_tools.diagnostics import DiagnosticError

if TYPE_CHECKING:
    from build_tools.rules.engine import Verdict


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("document", metavar="DOCUMENT", help="the document's id, e.g. pzbs-alert-rules")
    parser.add_argument("query", metavar="QUERY", help="a YAML mapping, a file holding one, or - for stdin")
    parser.add_argument("--question", action="append", metavar="Q",
                        help="only this question (repeatable; default: every question the rules answer)")
    parser.add_argument("--json", action="store_true", help="print the verdicts as JSON")
    parser.add_argument("--lang", metavar="LANG", help="show the articles' texts in this language")
    add_location_arguments(parser)


def _read_query(text: str) -> object:
    """QUERY as plain data, read as the documents are (build_tools.loader.read_query);
    a file is named by its path in messages, an inline query or stdin as QUERY."""
    from build_tools.loader import MAX_QUERY_BYTES, display_path, read_limited, read_query

    if text == "-":
        return read_query(sys.stdin.buffer.read(MAX_QUERY_BYTES + 1), "QUERY")
    path = Path(text)
    if not text.lstrip().startswith("{") and _is_file(path):
        shown = display_path(path)
        return read_query(read_limited(path, shown, "query"), shown)
    return read_query(text.encode("utf-8", "surrogateescape"), "QUERY")


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:  # an inline query too long, or too odd, to be a file name
        return False


def run(args: argparse.Namespace) -> int:
    from build_tools.bridge import BridgeError
    from build_tools.commands._common import select_languages
    from build_tools.i18n import catalog_path, read_catalog, translate
    from build_tools.pipeline import load_handbook
    from build_tools.rules.engine import Conflict, Undecided, decide
    from build_tools.rules.errors import VocabularyError
    from build_tools.rules.query import Query
    from build_tools.rules.registry import Registry, reading
    from build_tools.verdicts import rules_of

    try:
        handbook = load_handbook(args.source, args.translations)
    except DiagnosticError as exc:
        return report(exc)
    document = next((d for d in handbook.documents if d.id == args.document), None)
    if document is None:
        return usage_error(f"no document {args.document!r} (the handbook has {', '.join(d.id for d in handbook.documents)})")
    if args.lang is not None:
        try:
            # A language is a folder name of the catalogs: only the manifest's are taken.
            select_languages([args.lang], handbook.manifest)
        except ValueError as exc:
            return usage_error(str(exc))
    try:
        data = _read_query(args.query)
    except DiagnosticError as exc:
        first = exc.diagnostics[0]
        return usage_error(f"{first.place}: {first.message}")
    if isinstance(data, dict) and isinstance(data.get("system"), str):
        # ``system: path/to/card.yaml``: the card in that file.
        from build_tools.cards import read_card

        try:
            _, data["system"] = read_card(Path(data["system"]))
        except DiagnosticError as exc:
            return report(exc)
    try:
        with reading(document.registry):  # the conventions the document declares
            query = Query.parse(data)
    except VocabularyError as exc:
        return usage_error(f"QUERY: {exc}")
    try:
        situation = query.situation(document.language)
    except VocabularyError as exc:
        return usage_error(f"QUERY: {exc}")
    except (BridgeError, ValueError) as exc:
        return usage_error(f"QUERY: auction {query.auction!r}: {exc}")
    rules = rules_of(document)
    if not rules:
        print(f"handbook: error: {document.id} has no rules to ask", file=sys.stderr)
        return 1
    known = document.registry or Registry.standard()
    asked_for = args.question or []
    for question in asked_for:
        if question not in known.questions:
            return usage_error(f"--question {question!r} is not a question of {document.id} "
                               f"({', '.join(sorted(known.questions))})")
    questions = asked_for or list(dict.fromkeys(r.question for r in rules))
    shown = document
    if args.lang and args.lang != document.language:
        path = catalog_path(handbook.translations, args.lang, document.id)
        try:
            shown = translate(document, args.lang, read_catalog(path) if path.exists() else None)
        except DiagnosticError as exc:
            return report(exc)
    texts = {m.context: m.text for m in shown.messages()}
    verdicts: dict[str, dict[str, object]] = {}
    failures = []
    for question in questions:
        try:
            verdict = decide(rules, question, situation)
        except (Undecided, Conflict) as exc:
            failures.append(f"{question}: {exc}")
            continue
        verdicts[question] = _as_json(verdict)
    if args.json:
        print(json.dumps({"document": document.id, "verdicts": verdicts,
                          "undecided": failures}, ensure_ascii=False, indent=2))
    else:
        for question, found in verdicts.items():
            _print_verdict(question, found, texts)
        for failure in failures:
            print(f"{failure}", file=sys.stderr)
    return 0 if not failures else 1


def _as_json(verdict: Verdict) -> dict[str, object]:
    if verdict.depends:
        return {"value": "depends", "needs": list(verdict.needs),
                "cases": [{"article": c.article, "if": c.condition, "then": c.holds, "otherwise": c.fails,
                           "needs": list(c.needs)} for c in verdict.cases]}
    return {"value": verdict.answer, "article": verdict.article, "articles": list(verdict.articles),
            "chain": list(verdict.chain), "because": verdict.reason, "set_aside": list(verdict.set_aside)}


def _print_verdict(question: str, found: dict[str, object], texts: dict[str, str]) -> None:
    if found["value"] == "depends":
        print(f"{question}: depends on {', '.join(found['needs'])}  (the query does not say)")  # type: ignore[arg-type]
        for case in found["cases"]:  # type: ignore[attr-defined]
            otherwise = f"; otherwise {case['otherwise']}" if case["otherwise"] else ""
            print(f"  if {case['if']}: {case['then']}{otherwise}  ({case['article']})")
        return
    print(f"{question}: {found['value']}  ({found['article']})")
    if found["because"]:
        print(f"  because: {found['because']}")
    for article in found["set_aside"]:  # type: ignore[attr-defined]
        print(f"  set aside: {article}: {texts.get(article, '')}")
    for article in found["chain"]:  # type: ignore[attr-defined]
        if article not in found["set_aside"]:  # type: ignore[operator]
            print(f"  {article}: {texts.get(article, '')}")
