"""Ask a document's rules about a call, as a director at the table would.

QUERY is a YAML mapping, inline or in a file (`-` reads stdin):

  handbook explain pzbs-alert-rules "{auction: 1BA, meaning: {hcp: 12-14, shape: balanced}}"

Its keys: `auction` (in the document's notation; its last call is the one
asked about), `view` (partnership, the default, or table), `meaning` (the
agreed meaning of that call, in the meaning vocabulary) or, for a call of
several types, `either` (a list of meanings, as a card writes them: the call
is judged whole, each type's verdict given as a reason), `earlier` (meanings of
earlier calls by their number as written), `screens` (true or false). Prints
each question the document's rules answer (or those --question names): the
verdict, the deciding article, the conditions that decided it, the rules an
exception set aside and the chain of articles that led there (--lang: the
articles' texts in that language's translation). When the query does not
state enough, the verdict depends: it names the facts to ask about and what
each rule in doubt gives. An auction that ends with a pass after the call
asked about (`1ч 2ч 4БК [пас]`, the opponents' pass after the ask, as it stands
at the table) is asked about the call before the pass when the rules say
nothing of the pass itself; when they say nothing of either, that is one
line and exit 2. `agreed: false` states that the pair has no
agreement about the call. `system` is a pair's convention card
(source/cards/README.md), inline or the path of a card file, with `event` and
`stage` where permission is asked. Exit 0 when every question asked is answered or
depends, 1 when one is not covered by any rule, 2 for bad input (an unknown
question and a bad card included).

--date YYYY-MM-DD answers by the edition of the document in force that day
(source/editions/ keeps the earlier ones) and the figures in force that day;
the answer names the edition (`edition` in --json, beside each verdict too).
A day before the document's first edition is bad input. A document that dates
no edition is answered as it stands.

The rules are read from the document's rulebook, compiled by the build into
BUILD/cache (--build-dir) for the same YAML, catalogs and code; without one,
the document alone is loaded and its rulebook compiled and kept there.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from build_tools.commands._common import add_date_argument, add_location_arguments, report, usage_error
from build_tools.diagnostics import DiagnosticError

if TYPE_CHECKING:
    from build_tools.rules.rulebook import Rulebook


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("document", metavar="DOCUMENT", help="the document's id, e.g. pzbs-alert-rules")
    parser.add_argument("query", metavar="QUERY", help="a YAML mapping, a file holding one, or - for stdin")
    parser.add_argument("--question", action="append", metavar="Q",
                        help="only this question (repeatable; default: every question the rules answer)")
    parser.add_argument("--json", action="store_true", help="print the verdicts as JSON")
    parser.add_argument("--lang", metavar="LANG", help="show the articles' texts in this language")
    add_location_arguments(parser)
    add_date_argument(parser)
    parser.add_argument("--build-dir", type=Path, default=Path("build"),
                        help="where the build keeps the compiled rulebooks (default: %(default)s)")


def _read_query(text: str) -> object:
    """QUERY as plain data, read as the documents are (build_tools.yamlfiles.read_query);
    a file is named by its path in messages, an inline query or stdin as QUERY."""
    from build_tools.yamlfiles import MAX_QUERY_BYTES, display_path, read_limited, read_query

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


def rulebook(source: Path, translations: Path, build: Path, document: str, on: str = "") -> Rulebook | str:
    """The rulebook of ``document``: the one compiled for these very inputs
    (:func:`build_tools.rulebooks.rulebook_key`) if the build folder's cache
    holds it, else compiled now from the document's YAML alone and kept there
    (when the folder can be written). ``on``: a day (``YYYY-MM-DD``): the
    rulebook of the edition in force that day, reading the figures in force
    that day (a document that dates no edition is taken as it stands). A
    document the manifest does not list is a usage error's message. Raises
    :class:`DiagnosticError` for a document or manifest that cannot be read,
    :class:`~build_tools.editions.EditionError` for a day before the first edition."""
    from build_tools.rulebooks import cached_rulebook, edition_key, rulebook_key

    key = rulebook_key(source, translations, document) if (source / f"{document}.yaml").is_file() else ""
    found = (cached_rulebook(build, key) if key else None) or _compiled(source, translations, build, document, key)
    if isinstance(found, str) or not on or not found.editions:
        return found
    edition = found.edition_on(on)
    if edition is None:
        from build_tools.editions import EditionError

        raise EditionError.before(document, *found.editions[0], on)
    # The edition in force, reading the figures in force that day (read again from the cache, or compiled).
    kept = key if edition == found.edition else edition_key(key, edition)
    return (cached_rulebook(build, kept, on)
            or _compiled(source, translations, build, document, key, on, edition, found.editions))


def _compiled(source: Path, translations: Path, build: Path, document: str, key: str, on: str = "",
              edition: str = "", editions: tuple[tuple[str, str], ...] = ()) -> Rulebook | str:
    """The rulebook of ``document`` (of its ``edition`` when named: the
    current one's, or an earlier one's), compiled now and kept in ``build``'s
    cache under ``key`` (the current one's key; an earlier edition's is made
    from it), read on the day ``on``."""
    from build_tools.editions import edition_path, load_editions
    from build_tools.loader import MANIFEST_NAME, load_document, load_manifest
    from build_tools.rulebooks import compile_rulebook, edition_key, rulebook_text, store
    from build_tools.rules.rulebook import Rulebook

    manifest = load_manifest(source / MANIFEST_NAME)
    if document not in manifest.documents:
        return f"no document {document!r} (the handbook has {', '.join(manifest.documents)})"
    if edition and editions and edition != editions[-1][0]:  # an earlier edition: its own file
        loaded = load_document(edition_path(source, document, edition), edition_of=document)
        key = edition_key(key, edition)
    else:
        loaded = load_document(source / f"{document}.yaml")
        editions = load_editions(source, loaded).days() if loaded.effective else ()
    data = compile_rulebook(loaded, manifest.languages, translations, editions)
    try:
        store(build, key, rulebook_text(data))
    except OSError:
        pass  # a build folder that cannot be written: the answer does not need it
    return Rulebook.load(data, on)


def run(args: argparse.Namespace) -> int:
    from build_tools.rules.ask import AskError
    from build_tools.editions import EditionError
    from build_tools.rules.ask import situation as ask_situation
    from build_tools.rules.rulebook import answer

    try:
        book = rulebook(args.source, args.translations, args.build_dir, args.document, args.date or "")
    except DiagnosticError as exc:
        return report(exc)
    except EditionError as exc:
        return usage_error(str(exc))
    if isinstance(book, str):
        return usage_error(book)
    if args.lang is not None and args.lang not in book.languages:
        # A language is a folder name of the catalogs: only the manifest's are taken.
        from build_tools.yamlfiles import display_path

        return usage_error(f"language {args.lang!r} is not in {display_path(args.source / 'handbook.yaml')} "
                           f"(it has {', '.join(book.languages)})")
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
            report(exc)
            return 2  # the card is part of the query: bad input
    # The site's Ask page reads and answers a query through the same functions.
    try:
        situation = ask_situation(book, data)
    except AskError as exc:
        return usage_error(str(exc))
    query = book.query(data)  # read once already: its auction and view as written, for the messages below
    if not book.rules:
        print(f"handbook: error: {book.document} has no rules to ask", file=sys.stderr)
        return 1
    asked_for = args.question or []
    for question in asked_for:
        if question not in book.registry.questions:
            return usage_error(f"--question {question!r} is not a question of {book.document} "
                               f"({', '.join(sorted(book.registry.questions))})")
    found = answer(book, situation, asked_for)
    before = situation.before_final_pass() if found["undecided"] else None
    if found["undecided"] and before is None and situation.ends_in_pass_after_call:
        return usage_error(f"QUERY: auction {query.auction!r} ends with a pass after the call asked about, and the "
                           f"meaning given is that pass's, of which the rules say nothing; to ask about the call "
                           f"before it, leave the pass out")
    if before is not None:
        # "… 4БК пас": the auction as it stands at the table, the ask and the
        # opponents' pass after it; what answers the ask is asked.
        retried = answer(book, before, asked_for)
        if retried["undecided"]:
            return usage_error(f"QUERY: auction {query.auction!r} ends with a pass after the call asked about, and "
                               f"the rules say nothing of that pass nor of the call before it")
        found = {**retried, "note": f"the rules say nothing of the final pass: asked about the call before it, "
                                    f"{_written(before, book.language, query.view)!r}"}
        if not args.json:
            print(f"note: {found['note']}", file=sys.stderr)
    if args.json:
        print(json.dumps(found, ensure_ascii=False, indent=2))
    else:
        language = args.lang or book.language
        if book.effective:
            # Which rules answered: an amendment may have changed the verdict.
            print(f"edition {book.edition} (in force from {book.effective})")
        for question, verdict in found["verdicts"].items():
            _print_verdict(question, verdict, book, language)
        for failure in found["undecided"]:
            print(f"{failure}", file=sys.stderr)
    return 0 if not found["undecided"] else 1


def _written(situation: Any, language: str, view: str) -> str:
    """The auction of ``situation`` as the document writes it, in the query's view."""
    from build_tools.bridge import Auction, notation
    from build_tools.bridge.views import View

    ours = (len(situation.calls) - 1) % 2  # the side of the call asked about
    return notation.profile(language).format_auction(Auction(situation.calls), View(view), ours)


def _print_types(found: dict[str, Any]) -> None:
    """A call of several types: each type's own verdict, as the reasons of the call's."""
    if "types" not in found:
        return
    each = []
    for number, verdict in enumerate(found["types"], 1):
        if verdict is None:
            each.append(f"{number}. no rule answers it")
        elif verdict["value"] == "depends":
            each.append(f"{number}. depends on {', '.join(verdict['needs'])}")
        else:
            each.append(f"{number}. {verdict['value']} ({verdict['article']})")
    print(f"  its types: {'; '.join(each)}")


def _print_verdict(question: str, found: dict[str, Any], book: Rulebook, language: str) -> None:
    if found["value"] == "depends":
        print(f"{question}: depends on {', '.join(found['needs'])}  (the query does not say)")
        for case in found["cases"]:
            otherwise = f"; otherwise {case['otherwise']}" if case["otherwise"] else ""
            print(f"  if {case['if']}: {case['then']}{otherwise}  ({case['article']})")
        _print_types(found)
        return
    print(f"{question}: {found['value']}  ({found['article']})")
    # The reasons in the predicates' words; the rules' own terms where none are given.
    if found.get("reasons"):
        print("  because: " + "; ".join(r["text"] for r in found["reasons"]))
    elif found["because"]:
        print(f"  because: {found['because']}")
    _print_types(found)
    for article in found["set_aside"]:
        print(f"  set aside: {article}: {book.text(article, language)}")
    for article in found["chain"]:
        if article not in found["set_aside"]:
            print(f"  {article}: {book.text(article, language)}")
