"""What an amendment changed, from two editions of one document
(:mod:`build_tools.editions`): the articles added, removed and changed, by
their stable ids, and the verdicts that changed — every example's, and every
card's of the source folder's ``cards/`` — each with both answers and both
articles (``handbook diff``); and every query a federation holds for the
document (``queries/<document>.yaml``).

An article is a section, paragraph, point, list, definition or table; an
example is no article, but the query its verdicts are asked of. An article
changed when what it holds itself changed (its number, title, text, term,
leaves, rows, the Laws it cites, its rules as written, a parameter it is the
article of), not when an article inside it did: each is listed once, where
the change is. A verdict changed when its answer did.

>>> from build_tools.document import Document, Paragraph
>>> old = Document("d", "T", "", "en", "regulation", (Paragraph("a", "One."), Paragraph("b", "Two.")))
>>> new = Document("d", "T", "", "en", "regulation", (Paragraph("a", "One, reworded."), Paragraph("c", "Three.")))
>>> [(c.change, c.id, c.parts) for c in article_changes(old, new)]
[('added', 'c', ()), ('removed', 'b', ()), ('changed', 'a', ('text',))]
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from build_tools.document import Block, Definition, Document, Example, Paragraph, Point, PointList, Section, Table

#: The fields of an element that are not its own content: where it stands, and what it holds.
_NOT_OWN = ("pos", "body", "items", "rules")


@dataclass(frozen=True, slots=True)
class ArticleChange:
    """An article ``added``, ``removed`` or ``changed`` (``parts``: what of
    it), with its kind, number and text before and after ("" where none)."""

    change: str
    id: str
    kind: str
    number: str
    old: str
    new: str
    parts: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class VerdictChange:
    """A verdict the amendment changed: asked by an example or a card's call
    (``source``: ``example <id>``, ``query <name>`` or ``card <id>``), of ``question``; each
    side an ``(answer, article)``. The auction is written in ``notation`` and,
    an example's, in its ``view`` (``None``: a card's call or a query's has
    none): what the page of changes reads it by to show it in the reader's."""

    source: str
    auction: str
    question: str
    old: tuple[str, str]
    new: tuple[str, str]
    notation: str = ""
    view: str | None = None


@dataclass(frozen=True, slots=True)
class Amendment:
    """What an edition changed of the one it supersedes (:func:`amendment`):
    its articles and its verdicts, each in the order ``handbook diff`` lists them."""

    articles: tuple[ArticleChange, ...]
    verdicts: tuple[VerdictChange, ...]


def _kind(element: Block | Point) -> str:
    return {Section: "section", Paragraph: "paragraph", Point: "point", PointList: "list",
            Definition: "definition", Table: "table"}.get(type(element), "")


def article_text(element: Block | Point) -> str:
    """The words of an article as a reader reads them (no child's)."""
    if isinstance(element, Section):
        return element.title
    if isinstance(element, Definition):
        return f"{element.term}: {element.text}"
    if isinstance(element, Table):
        return " | ".join(element.header) + "".join("\n" + " | ".join(row) for row in element.rows)
    if isinstance(element, Paragraph | Point):
        return element.text + "".join(f"\n{{{leaf}}}" for leaf in element.leaves)
    return ""


def _own(document: Document, element: Block | Point) -> dict[str, str]:
    """Each part of what ``element`` holds itself, as comparable text."""
    from build_tools.rules.rulebook import rule_data

    parts = {f.name: repr(getattr(element, f.name)) for f in dataclasses.fields(element)
             if f.name not in _NOT_OWN and f.name != "id"}
    written = [rule_data(rule)["rule"] for rule in getattr(element, "rules", ())]
    if written:
        parts["rule"] = json.dumps(written, ensure_ascii=False, sort_keys=True)
    for parameter in _parameters(document):
        # The figure as the edition stands: a value written again as dated, unchanged, changes nothing.
        if element.id in (parameter.article, *(a for _, _, a in parameter.values)):
            parts[f"parameter {parameter.name}"] = repr((parameter.value, parameter.text))
    return parts


def _parameters(document: Document) -> list[Any]:
    """The parameters ``document`` declares itself (not the standard's, nor a shared rules file's)."""
    registry = document.registry
    return [p for p in (registry.parameters.values() if registry else ()) if p.declared_by == document.path]


def articles(document: Document) -> dict[str, Block | Point]:
    """Every article of ``document`` by id, in document order."""
    return {e.id: e for e in document.elements() if not isinstance(e, Example)}


def article_changes(old: Document, new: Document) -> list[ArticleChange]:
    """The articles ``new`` added, those it removed (repealed), and those
    it changed, each group in its edition's order."""
    before, after = articles(old), articles(new)
    found = [ArticleChange("added", key, _kind(e), getattr(e, "number", ""), "", article_text(e))
             for key, e in after.items() if key not in before]
    found += [ArticleChange("removed", key, _kind(e), getattr(e, "number", ""), article_text(e), "")
              for key, e in before.items() if key not in after]
    for key, e in after.items():
        if key not in before:
            continue
        was, now = _own(old, before[key]), _own(new, e)
        parts = tuple(part for part in dict.fromkeys([*was, *now]) if was.get(part) != now.get(part))
        if parts or _kind(before[key]) != _kind(e):
            found.append(ArticleChange("changed", key, _kind(e), getattr(e, "number", ""), article_text(before[key]),
                                       article_text(e), parts))
    return found


# --- the verdicts ------------------------------------------------------------------

def _answer(rules: tuple[Any, ...], question: str, situation: Any) -> tuple[str, str]:
    """The answer of ``rules`` and its article; ``not covered`` where no rule
    speaks, ``depends`` (the articles in doubt), ``conflict`` or ``cycle``."""
    from build_tools.rules.engine import Conflict, Undecided, judge
    from build_tools.rules.errors import RuleCycle, Unbounded

    try:
        verdict = judge(rules, question, situation)
    except Undecided:
        return "not covered", ""
    except Conflict:
        return "conflict", ""
    except (RuleCycle, Unbounded):
        return "cycle", ""
    if verdict.depends:
        return "depends", ", ".join(verdict.articles)
    return verdict.answer or "", verdict.article or ""


def _examples(document: Document) -> dict[str, Example]:
    return {e.id: e for e in document.elements() if isinstance(e, Example) and e.query is not None and e.expect}


def example_changes(old: Document, new: Document) -> list[VerdictChange]:
    """Every example of either edition (the new one's query where both have
    it), asked of both editions' rules: those whose answer differs."""
    from build_tools.bridge import BridgeError
    from build_tools.verdicts import rules_of

    rules = (rules_of(old), rules_of(new))
    before, after = _examples(old), _examples(new)
    found = []
    for key in dict.fromkeys([*after, *before]):
        asked = after.get(key) or before[key]
        questions = dict.fromkeys(q for e in (before.get(key), after.get(key)) if e for q, _ in e.expect)
        assert asked.query is not None
        try:
            notation = asked.notation or new.language
            situation = asked.query.situation(notation)
        except (BridgeError, ValueError):  # the check stage reports it
            continue
        for question in questions:
            was, now = (_answer(r, question, situation) for r in rules)
            if was[0] != now[0]:
                found.append(VerdictChange(f"example {key}", asked.auction, question, was, now, notation, asked.view))
    return found


def card_changes(old: Document, new: Document, cards: Iterable[Path]) -> list[VerdictChange]:
    """Every card's verdicts (:func:`build_tools.rules.card_report.document_report`)
    under both editions: those whose answer differs."""
    from build_tools.cards import read_card
    from build_tools.rules.card_report import EVENTS, document_report
    from build_tools.verdicts import rules_of

    found = []
    for path in cards:
        card, data = read_card(path)
        reports = [_card_verdicts(document_report(rules_of(doc), card, data, EVENTS)) for doc in (old, new)]
        for key in dict.fromkeys([*reports[1], *reports[0]]):
            was, now = (report.get(key, ("not covered", "")) for report in reports)
            if was[0] != now[0]:
                auction, question = key
                found.append(VerdictChange(f"card {card.id}", auction, question, was, now, card.notation))
    return found


#: Below the source folder: the queries a federation keeps for a document,
#: ``queries/<document>.yaml``, asked of both editions by ``handbook diff``.
QUERIES_FOLDER = "queries"


def diff_inputs(source: Path, document: str) -> tuple[list[Path], list[Path]]:
    """The cards and the held queries an amendment of ``document`` is asked
    of: every card of ``source/cards/``, and ``source/queries/<document>.yaml``
    where the federation keeps one (``handbook diff``, the page of changes)."""
    held = source / QUERIES_FOLDER / f"{document}.yaml"
    return sorted((source / "cards").glob("*.yaml")), [held] if held.is_file() else []


def held_queries(path: Path, document: Document) -> list[tuple[str, Any]]:
    """A file of held queries: a mapping of names to queries as ``handbook
    explain`` takes them, in ``document``'s notation (``weak-notrump: {auction:
    1NT, meaning: {natural: true, hcp: 10-12}}``); each read as a situation.
    Raises :class:`DiagnosticError` at the first bad one, at its line."""
    from build_tools.bridge import BridgeError
    from build_tools.diagnostics import DiagnosticError
    from build_tools.rules.errors import VocabularyError
    from build_tools.rules.query import Query
    from build_tools.rules.registry import reading
    from build_tools.yamlfiles import at_node, compose, display_path, duplicate_keys, node_at, plain

    shown = display_path(path)
    root = compose(path)
    problems = duplicate_keys(root, shown)
    if problems:
        raise DiagnosticError(problems[:1])
    data = plain(root)
    if not isinstance(data, dict):
        raise DiagnosticError([at_node(shown, root, "held queries are a mapping of names to queries, e.g. "
                                                    "weak-notrump: {auction: 1NT, meaning: {hcp: 10-12}}")])
    found = []
    for name, given in data.items():
        try:
            with reading(document.registry):
                situation = Query.parse(given).situation(document.language)
        except VocabularyError as exc:
            node = node_at(root, f"{name}.{exc.path}" if exc.path else name)
            raise DiagnosticError([at_node(shown, node, f"query {name!r}: {exc}")]) from None
        except (BridgeError, ValueError) as exc:
            raise DiagnosticError([at_node(shown, node_at(root, name), f"query {name!r}: {exc}")]) from None
        found.append((str(name), situation))
    return found


def query_changes(old: Document, new: Document, paths: Iterable[Path]) -> list[VerdictChange]:
    """Every held query of ``paths`` (:func:`held_queries`), asked of both
    editions on every question their rules answer: those whose answer differs."""
    from build_tools.verdicts import rules_of

    rules = (rules_of(old), rules_of(new))
    questions = list(dict.fromkeys(r.question for each in rules for r in each))
    found = []
    for path in paths:
        for name, situation in held_queries(path, new):
            for question in questions:
                was, now = (_answer(r, question, situation) for r in rules)
                if was[0] != now[0]:
                    found.append(VerdictChange(f"query {name}", "", question, was, now, new.language))
    return found


def _card_verdicts(report: Mapping[str, Any]) -> dict[tuple[str, str], tuple[str, str]]:
    """A card report's verdicts by (auction, question): the system's (auction
    ""), each event's permission, each call's."""
    def pair(verdict: Mapping[str, Any]) -> tuple[str, str]:
        if verdict["value"] == "depends":
            return "depends", ", ".join(verdict.get("needs", ()))
        return str(verdict["value"]), str(verdict.get("article", ""))

    found = {("", question): pair(v) for question, v in report.items() if isinstance(v, Mapping) and "value" in v}
    for item in report.get("permitted", ()):
        where = f"event {item['event']}" + (f" {item['stage']}" if item["stage"] else "")
        found[("", f"permitted ({where})")] = pair(item["verdict"])
    for call in report.get("calls", ()):
        for question, verdict in call["verdicts"].items():
            found[(call["auction"], question)] = pair(verdict)
    return found


def amendment(old: Document, new: Document, cards: Iterable[Path], queries: Iterable[Path] = ()) -> Amendment:
    """What ``new`` changed of ``old``: the articles, and the verdicts of the
    examples, the ``queries`` files' held queries and the ``cards``."""
    return Amendment(tuple(article_changes(old, new)), (*example_changes(old, new), *query_changes(old, new, queries),
                                                        *card_changes(old, new, cards)))


def diff_data(old: Document, new: Document, cards: Iterable[Path], queries: Iterable[Path] = ()) -> dict[str, Any]:
    """The amendment from ``old`` to ``new`` (:func:`amendment`) as ``handbook
    diff --json`` prints it."""
    def edition(doc: Document) -> dict[str, str]:
        return {"edition": doc.edition, "effective": doc.effective, "published": doc.published}

    found = amendment(old, new, cards, queries)
    changes = found.articles
    return {
        "document": new.id, "old": edition(old), "new": edition(new),
        "articles": {change: [{"id": c.id, "kind": c.kind, "number": c.number,
                               **({"old": c.old} if change != "added" else {}),
                               **({"new": c.new} if change != "removed" else {}),
                               **({"parts": list(c.parts)} if change == "changed" else {})}
                              for c in changes if c.change == change]
                     for change in ("added", "removed", "changed")},
        "verdicts": [{"source": v.source, "auction": v.auction, "question": v.question,
                      "old": {"value": v.old[0], "article": v.old[1]},
                      "new": {"value": v.new[0], "article": v.new[1]}}
                     for v in found.verdicts],
    }


def diff_lines(data: Mapping[str, Any]) -> Iterator[str]:
    """:func:`diff_data` as ``handbook diff`` prints it."""
    old, new = data["old"], data["new"]
    yield (f"{data['document']}: edition {old['edition']} (in force from {old['effective'] or '?'}) -> "
           f"{new['edition']} (in force from {new['effective'] or '?'})")
    listed = [(change, item) for change in ("added", "removed", "changed") for item in data["articles"][change]]
    yield f"articles: {len(listed)} changed" if listed else "articles: none changed"
    for change, item in listed:
        number = f" {item['number']}" if item["number"] else ""
        parts = f": {', '.join(item['parts'])}" if change == "changed" else ""
        yield f"  {change} {item['kind']}{number} {item['id']}{parts}"
        if "old" in item and item.get("old") != item.get("new"):
            yield from (f"    - {line}" for line in item["old"].splitlines())
        if "new" in item and item.get("old") != item.get("new"):
            yield from (f"    + {line}" for line in item["new"].splitlines())
    verdicts = data["verdicts"]
    yield f"verdicts: {len(verdicts)} changed" if verdicts else "verdicts: none changed"
    for v in verdicts:
        auction = f" {v['auction']}" if v["auction"] else ""

        def side(found: Mapping[str, str]) -> str:
            return f"{found['value']} ({found['article']})" if found["article"] else found["value"]

        yield f"  {v['source']}{auction}: {v['question']}: {side(v['old'])} -> {side(v['new'])}"
