"""The check stage for doctest-style examples: every example that states
verdicts (``expect:``) is asked of its document's rules, and every verdict
must come out as the example says.

A mismatch is one diagnostic at the example::

    source/pzbs-alert-rules.yaml:80:11: error: example 'ex-1ba-12-14': expected alert: no,
    the rules say alert: yes (article 'znaczenie-nie-alertuje-sie')

The same function serves ``handbook check``, ``handbook build`` (which checks
before it renders) and pytest (one item per example, see tests/conftest.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from build_tools.diagnostics import Diagnostic
from build_tools.document import (
    Block,
    Definition,
    Document,
    Example,
    Paragraph,
    Point,
    Section,
    Table,
    children,
    per_document,
)

if TYPE_CHECKING:
    from build_tools.rules.engine import Rule, Verdict
    from build_tools.rules.query import Query


@dataclass(frozen=True, slots=True)
class DocumentReport:
    """What checking one document found: how many rules and checked examples,
    which rules no example reaches, the problems, and the examples that state
    no verdict (their auctions are checked under the Laws only)."""

    document: str
    rules: int
    examples: int
    unexercised: tuple[str, ...]
    problems: tuple[Diagnostic, ...]
    unchecked: tuple[str, ...] = ()


@per_document
def rules_of(document: Document) -> tuple[Rule, ...]:
    """Every rule of ``document`` (on its sections, paragraphs, points and
    definitions), in document order, each knowing the
    articles that hold it (an exception to a section is an exception to every
    rule inside it)."""
    import dataclasses

    found: list[Rule] = []

    def walk(element: Block | Point, within: tuple[str, ...]) -> None:
        if isinstance(element, Section | Paragraph | Point | Definition):
            found.extend(dataclasses.replace(rule, within=within, line=element.pos.line, column=element.pos.column)
                         for rule in element.rules)
        for child in children(element):
            walk(child, (*within, element.id))

    for block in document.body:
        walk(block, ())
    return tuple(found)


@per_document
def decided(document: Document) -> dict[str, dict[str, Verdict | None]]:
    """The verdict of the rules on each question each example of ``document``
    asks (``None`` where they give none: undecided, or in conflict), by the
    example's id; an example whose auction the model refuses is left out.

    The page's tables, its quick reference and the call search all show
    these: decided once per document, not once by each of them.
    """
    from build_tools.bridge import BridgeError
    from build_tools.rules.engine import Conflict, Undecided, decide

    rules = rules_of(document)
    found: dict[str, dict[str, Verdict | None]] = {}
    for example in document.elements():
        if not isinstance(example, Example) or example.query is None or not example.expect:
            continue
        try:
            situation = example.query.situation(example.notation or document.language)
        except (BridgeError, ValueError):  # the check stage reports it
            continue
        verdicts: dict[str, Verdict | None] = {}
        for question, _answer in example.expect:
            try:
                verdicts[question] = decide(rules, question, situation)
            except (Undecided, Conflict):
                verdicts[question] = None
        found[example.id] = verdicts
    return found


def _analysed_queries(document: Document) -> list[tuple[Query, str]]:
    """The examples' queries the analysis asks, each with its notation."""
    return [(e.query, e.notation or document.language) for e in document.elements()
            if isinstance(e, Example) and e.query is not None]


def analyse_document(document: Document) -> list[Diagnostic]:
    """What the engine's analysis of ``document``'s rules finds
    (:func:`build_tools.rules.analysis.analyse`), each at its rule's line in
    the document's file."""
    from build_tools.rules.analysis import analyse

    return [Diagnostic(document.path, f.line, f.column, f.message, f.severity)
            for f in analyse(rules_of(document), document.language, set(document.ids()), _analysed_queries(document))]


def analysis_inputs(document: Document) -> str:
    """Everything :func:`analyse_document` reads of ``document``, as one text:
    the file it names, the language, each rule as written with its article,
    the articles holding it and its line and column, the registry (questions,
    parameters, conventions), the element ids and the examples' queries.
    Equal texts give equal findings (with the same code): the build keeps the
    findings under its digest, so that an edited sentence is not analysed again.

    >>> from build_tools.document import Document, Paragraph, Position
    >>> blank = Document("d", "T", "", "en", "regulation", (Paragraph("p", "A sentence.", Position(7, 3)),))
    >>> edited = Document("d", "T", "", "en", "regulation", (Paragraph("p", "Another sentence.", Position(7, 3)),))
    >>> analysis_inputs(blank) == analysis_inputs(edited)
    True
    """
    import json

    from build_tools.rules.registry import Registry
    from build_tools.rules.rulebook import registry_data, rule_data

    queries = [[query.auction, query.view, query.call, notation, dict(query.asked)]
               for query, notation in _analysed_queries(document)]
    inputs = {"path": document.path, "language": document.language, "rules": [rule_data(r) for r in rules_of(document)],
              "registry": registry_data(document.registry or Registry.standard()), "ids": sorted(document.ids()),
              "queries": queries}
    return json.dumps(inputs, ensure_ascii=False, sort_keys=True, default=str)


def checked_examples(document: Document) -> Iterator[Example]:
    for element in document.elements():
        if isinstance(element, Example) and element.expect:
            yield element


def check_example(document: Document, example: Example, rules: tuple[Rule, ...]) -> tuple[list[Diagnostic], set[str]]:
    """The problems of one example, and the articles its verdicts went through."""
    from build_tools.bridge import BridgeError
    from build_tools.rules.engine import Conflict, Undecided, decide

    assert example.query is not None
    name = f"example '{example.id}'"

    def problem(message: str) -> Diagnostic:
        return Diagnostic(document.path, example.pos.line, example.pos.column, f"{name}: {message}")

    try:
        situation = example.query.situation(example.notation or document.language)
    except (BridgeError, ValueError) as exc:
        return [problem(str(exc))], set()
    problems: list[Diagnostic] = [problem(message) for message in agreement_problems(document, example.query.agreements)]
    reached: set[str] = set()
    for question, expected in example.expect:
        try:
            verdict = decide(rules, question, situation)
        except Undecided:
            problems.append(problem(f"expected {question}: {expected}, but no rule of the document decides it"))
            continue
        except Conflict as exc:
            problems.append(problem(f"expected {question}: {expected}, but the rules disagree: {exc}"))
            continue
        if verdict.depends:
            problems.append(problem(f"expected {question}: {expected}, but the verdict depends on what the example "
                                    f"does not state: {', '.join(verdict.needs)} (rules in doubt: "
                                    f"{', '.join(verdict.articles)})"))
            continue
        reached.update(verdict.chain)
        if verdict.answer != expected:
            problems.append(problem(f"expected {question}: {expected}, the rules say {question}: "
                                    f"{verdict.answer} (article '{verdict.article}')"))
    return problems, reached


def leaves_of(document: Document) -> dict[str, tuple[str, ...]]:
    """The defaults of ``document`` (BWS's ``[default]``), each with the ids
    of its leaves, ``<default-id>.leaf<n>`` from 1 (the catalogs' keys); and
    the rows of a table of BWS marks that give a leaf
    (:func:`~build_tools.rules.positions.mark_leaves`)."""
    from build_tools.rules.positions import mark_leaves

    found = {e.id: tuple(f"{e.id}.leaf{n}" for n in range(1, len(e.leaves) + 1))
             for e in document.elements() if isinstance(e, Paragraph | Point) and e.default}
    for table in document.elements():
        if isinstance(table, Table) and document.kind == "convention-description":
            found.update(mark_leaves(table.id, [[str(cell) for cell in row] for row in table.rows]))
    return found


def agreement_problems(document: Document, agreements: Iterable[tuple[str, str | None]]) -> list[str]:
    """What is wrong with leaves chosen for defaults (a query's
    ``agreements``, a rule's ``agreement``): a default the document does
    not mark, or a leaf it does not give that default."""
    defaults = leaves_of(document)
    found = []
    for default, leaf in agreements:
        if default not in defaults:
            found.append(f"agreements: '{default}' is not a default of the document "
                         f"(its defaults: {', '.join(defaults) or 'none'})")
        elif leaf is not None and leaf not in defaults[default]:
            found.append(f"agreements: '{leaf}' is not a leaf of '{default}' "
                         f"(its leaves: {', '.join(defaults[default]) or 'none'})")
    return found


def _agreements_named(data: object) -> Iterator[tuple[str, str | None]]:
    """The ``agreement`` predicates written in a rule's condition (as YAML composed it)."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "agreement" and isinstance(value, dict):
                leaf = value.get("leaf")
                yield str(value.get("default")), None if leaf is None else str(leaf)
            else:
                yield from _agreements_named(value)
    elif isinstance(data, list):
        for item in data:
            yield from _agreements_named(item)


def check_document(document: Document) -> DocumentReport:
    rules = rules_of(document)
    problems: list[Diagnostic] = []
    for rule in rules:
        for condition in (rule.scope, rule.when):
            named = list(_agreements_named(condition.origin[0] if condition.origin else None))
            problems.extend(Diagnostic(document.path, rule.line, rule.column, f"rule of '{rule.article}': {message}")
                            for message in agreement_problems(document, named))
    reached: set[str] = set()
    examples = list(checked_examples(document))
    if examples and not rules:
        problems.append(Diagnostic(document.path, examples[0].pos.line, examples[0].pos.column,
                                   f"example '{examples[0].id}' expects verdicts, but the document has no rules"))
    else:
        for example in examples:
            found, through = check_example(document, example, rules)
            problems.extend(found)
            reached |= through
    articles = tuple(dict.fromkeys(r.article for r in rules))
    unchecked = tuple(e.id for e in document.elements() if isinstance(e, Example) and not e.expect)
    return DocumentReport(document.id, len(rules), len(examples),
                          tuple(a for a in articles if a not in reached), tuple(problems), unchecked)

