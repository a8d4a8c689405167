"""Analysis of a document's rules at load, as decision-table analysers do
(DMN's hit policies, Drools' verifier): the rules are asked over a grid of
queries built from the document itself, and what an author would want to know
before a reader finds it is reported at the rule's line:

* two rules that decide one query differently, neither an exception to the
  other (an error: the engine refuses to choose);
* a rule no query of the grid reaches: its scope never holds, or another rule
  always sets it aside (a warning: a grid samples, it does not prove);
* an ``exception-to`` or ``otherwise.by`` naming no article (an error), an
  exception to an article that holds no rule of its question (a warning),
  exceptions in a cycle and questions whose rules ask their own verdict
  through ``verdict:`` (errors);
* a document that defines ``natural`` by its own rules but asks the engine's
  ``natural-call`` elsewhere (a warning: its own definition should decide).

The grid: every example's query, and for each rule the auctions built from
the calls it names (``call``, ``after``, ``opening-call``) on a few prefixes
(an opening, partner's opening, an opponent's), each with no meaning, with no
agreement, and with the meanings the document's rules and examples state.

>>> sorted(_predicates({"any": [{"call": "1NT"}, {"not": {"after": "1NT"}}]}))
[('after', '1NT'), ('call', '1NT')]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from build_tools.bridge import Auction, BridgeError, Call, notation
from build_tools.bridge.views import View

from .conditions import Condition, Truth
from .engine import Conflict, Rule, Undecided, decide
from .errors import VocabularyError
from .query import Query
from .situation import Situation, read_pattern
from .vocabulary import Meaning

#: Meanings every grid tries besides the document's own: a natural call, an
#: artificial one, and a natural one the opponents would not expect.
_BASE_MEANINGS: tuple[Mapping[str, Any], ...] = (
    {"natural": True}, {"artificial": True}, {"natural": True, "standard": False},
)

#: Beyond this many queries a document's grid is cut, so that the analysis
#: stays quick enough for every validate (PZBS: about a second). The queries
#: built for the rules' own scopes come first (PZBS: about 2,300); the
#: examples' auctions with the document's meanings fill the rest.
MOST_QUERIES = 3000


@dataclass(frozen=True, slots=True)
class Finding:
    """What the analysis found, at the line and column of the rule it is about
    (the loader's layer names the file: :func:`build_tools.verdicts.analyse_document`)."""

    line: int
    column: int
    message: str
    severity: str = "error"


@dataclass(frozen=True, slots=True)
class _Subject:
    """What the analysis reads of a document: its rules, the language of its
    calls, the ids of its elements and its examples' queries (each with the
    notation it is written in)."""

    rules: tuple[Rule, ...]
    language: str
    ids: Collection[str]
    queries: tuple[tuple[Query, str], ...]


@dataclass(frozen=True, slots=True)
class _Query:
    situation: Situation
    #: The auction as the document writes it, for messages.
    auction: str


def analyse(rules: Sequence[Rule], language: str, ids: Collection[str],
            queries: Iterable[tuple[Query, str]] = ()) -> list[Finding]:
    """Every finding of the analysis on a document's ``rules`` (its calls in
    ``language``'s notation, ``ids`` its elements', ``queries`` its examples',
    each with its notation), in document order."""
    if not rules:
        return []
    document = _Subject(tuple(rules), language, ids, tuple(queries))
    exception_cycles = list(_exception_cycles(document, rules))
    findings = [*_references(document, rules), *(d for d, _ in exception_cycles), *_natural_call(document, rules)]
    cyclic, cycle_findings = _verdict_cycles(document, rules)
    findings += cycle_findings
    in_cycle = {article for _, cycle in exception_cycles for article in cycle}
    findings += _grid_findings(document, rules, cyclic, in_cycle)
    return sorted(findings, key=lambda d: (d.line, d.column))


# --- reading a rule's condition data ----------------------------------------

def _predicates(data: Any) -> Iterator[tuple[str, Any]]:
    """Every (predicate, value) a condition's data names, through all/any/not."""
    if not isinstance(data, Mapping):
        return
    for key, value in data.items():
        if key in ("all", "any") and isinstance(value, list):
            for item in value:
                yield from _predicates(item)
        elif key == "not":
            yield from _predicates(value)
        else:
            yield str(key), value


def _named(rule: Rule) -> list[tuple[str, Any]]:
    return [pair for condition in (rule.scope, rule.when) for pair in _predicates(_data(condition))]


def _data(condition: Condition) -> Any:
    return condition.origin[0] if condition.origin else None


def _at(document: _Subject, rule: Rule, message: str, severity: str = "error") -> Finding:
    return Finding(rule.line, rule.column, message, severity)


# --- references and structure ------------------------------------------------

def _references(document: _Subject, rules: Sequence[Rule]) -> Iterator[Finding]:
    """``exception-to`` and ``otherwise.by`` name articles of the document; an
    exception's article holds a rule of its question."""
    ids = document.ids
    for rule in rules:
        for target in (*rule.exception_to, *((rule.otherwise_by,) if rule.otherwise_by else ())):
            if target not in ids:
                yield _at(document, rule, f"rule of '{rule.article}' names unknown article '{target}'")
        for target in rule.exception_to:
            if target in ids and not any(r.question == rule.question and (r.article == target or target in r.within)
                                         for r in rules):
                yield _at(document, rule, f"rule of '{rule.article}' is an exception to '{target}', which holds "
                                          f"no rule of '{rule.question}'", "warning")


def _exception_cycles(document: _Subject, rules: Sequence[Rule]) -> Iterator[tuple[Finding, set[str]]]:
    """Rules each an exception to the next, round to the first: none of them
    stands where they all apply (each finding with the cycle's articles)."""
    # A rule that names another's article claims to be its exception, even where
    # the other names it back (which is_exception_to settles as neither).
    edges = {i: [j for j, other in enumerate(rules) if other.question == rule.question and rule.exception_to
                 and (rule.is_exception_to(other) or other is not rule and other.article in rule.exception_to)]
             for i, rule in enumerate(rules)}
    for cycle in _cycles(edges):
        names = " -> ".join(f"'{rules[i].article}'" for i in (*cycle, cycle[0]))
        yield (_at(document, rules[cycle[0]], f"exceptions form a cycle: {names}"),
               {rules[i].article for i in cycle})


def _cycles(edges: Mapping[Any, Sequence[Any]]) -> list[tuple[Any, ...]]:
    """One cycle per strongly connected group of ``edges`` (each listed from
    its first node in the order of ``edges``).

    >>> _cycles({1: [2], 2: [1], 3: [3], 4: [1]})
    [(1, 2), (3,)]
    """
    found: list[tuple[Any, ...]] = []
    seen: set[Any] = set()
    for start in edges:
        if start in seen:
            continue
        # The shortest way back to start, breadth first.
        paths: dict[Any, tuple[Any, ...]] = {start: (start,)}
        frontier = [start]
        while frontier and start not in seen:
            following = []
            for node in frontier:
                for target in edges.get(node, ()):
                    if target == start:
                        found.append(paths[node])
                        seen.update(paths[node])
                        break
                    if target not in paths:
                        paths[target] = (*paths[node], target)
                        following.append(target)
                if start in seen:
                    break
            frontier = following
    return found


def _verdict_cycles(document: _Subject, rules: Sequence[Rule]) -> tuple[set[str], list[Finding]]:
    """Questions whose rules ask, through ``verdict:``, a chain of questions
    leading back to their own (the engine would ask for ever): the findings,
    and every question that reaches such a cycle (the grid does not ask them)."""
    asks: dict[str, list[str]] = {}
    first: dict[str, Rule] = {}
    for rule in rules:
        first.setdefault(rule.question, rule)
        for key, value in _named(rule):
            if key == "verdict" and isinstance(value, Mapping):
                asks.setdefault(rule.question, []).extend(str(q) for q in value)
    findings = []
    in_cycle: set[str] = set()
    for cycle in _cycles(asks):
        in_cycle.update(cycle)
        names = " -> ".join(f"'{q}'" for q in (*cycle, cycle[0]))
        findings.append(_at(document, first[cycle[0]], f"questions ask each other's verdict in a cycle: {names}"))
    reaching = {q for q in first if _reaches(q, asks, in_cycle)}
    return reaching, findings


def _reaches(question: str, asks: Mapping[str, Sequence[str]], targets: set[str]) -> bool:
    seen: set[str] = set()
    todo = [question]
    while todo:
        current = todo.pop()
        if current in targets:
            return True
        if current not in seen:
            seen.add(current)
            todo.extend(asks.get(current, ()))
    return False


def _natural_call(document: _Subject, rules: Sequence[Rule]) -> Iterator[Finding]:
    """A document with its own rules for ``natural`` should ask them, not the
    engine's reading, where another question rests on naturalness."""
    if not any(r.question == "natural" for r in rules):
        return
    for rule in rules:
        if rule.question != "natural" and any(key == "natural-call" for key, _ in _named(rule)):
            yield _at(document, rule, f"rule of '{rule.article}' uses 'natural-call' while the document defines "
                                      f"'natural' by its own rules: use 'verdict: {{natural: ...}}' so that "
                                      f"definition decides", "warning")


# --- the grid ------------------------------------------------------------------

class _Grid:
    """The queries of one document, each built once."""

    def __init__(self, document: _Subject) -> None:
        self.language = document.language
        self.profile = notation.profile(self.language)
        self.queries: dict[tuple[Any, ...], _Query] = {}

    def add(self, calls: tuple[Call, ...], meaning: Meaning | None, agreed: bool | None = None,
            screens: bool = False) -> _Query | None:
        key = (calls, meaning, agreed, screens)
        found = self.queries.get(key)
        if found is None:
            if len(self.queries) >= MOST_QUERIES:
                return None
            situation = Situation(calls, {len(calls) - 1: meaning} if meaning else {}, screens,
                                  tuple(range(len(calls))), agreed)
            found = self.queries[key] = _Query(situation, self.written(calls))
        return found

    def written(self, calls: tuple[Call, ...]) -> str:
        ours = (len(calls) - 1) % 2  # the side of the call in question is "ours"
        return self.profile.format_auction(Auction(calls), View.PARTNERSHIP, ours)

    def calls(self, value: Any) -> list[Call]:
        texts = value if isinstance(value, list) else [value]
        out: list[Call] = []
        for text in texts:
            try:
                for slot in self.profile.parse_pattern(str(text), View.TABLE).slots:
                    out.extend(slot.calls)
            except BridgeError:
                continue
        return out

    def before(self, after: Any) -> tuple[Call, ...] | None:
        """The table calls an ``after`` value stands for (the ``after``
        predicate's reading: our last call is followed by a silent opponent)."""
        try:
            written = Situation.read(str(after), self.language)
            last_ours = not read_pattern(str(after), self.language, "partnership").slots[-1].opponent
        except (BridgeError, ValueError):
            return None
        return written.calls + ((Call.parse("P"),) if last_ours else ())


def _legal(calls: tuple[Call, ...]) -> bool:
    auction = Auction()
    for call in calls:
        if not auction.is_legal(call):
            return False
        auction = auction.push(call)
    return True


def _meaning(data: Any) -> Meaning | None:
    try:
        return Meaning.parse(data)
    except (VocabularyError, TypeError):
        return None


def _own_queries(grid: _Grid, rule: Rule, base: Sequence[Meaning], openings: Sequence[Call],
                 everything: Sequence[Call]) -> list[_Query]:
    """The queries built for ``rule``'s scope: the calls it names after the
    auctions it names (or after openings and no auction at all), each with no
    meaning, with none agreed, and with the base meanings and the rule's own.
    Empty when the rule names no call, no auction and no opening."""
    named = _named(rule)
    meanings = list(dict.fromkeys([*base, *(m for key, value in named if key == "meaning"
                                            if (m := _meaning(value)) is not None)]))
    calls = [c for key, value in named if key == "call" for c in grid.calls(value)]
    opening_calls = [c for key, value in named if key == "opening-call" for c in grid.calls(value)]
    afters = [b for key, value in named if key == "after" if (b := grid.before(value)) is not None]
    if not (calls or opening_calls or afters):
        return []
    pass_ = Call.parse("P")
    if afters:
        prefixes = afters
    else:
        # Opened by us, by partner, by an opponent on either side, or not at all.
        prefixes = [p for o in (opening_calls or openings) for p in ((o,), (o, pass_), (o, pass_, pass_))]
        if not opening_calls:
            prefixes += [(), (pass_,)]
    screens = (False, True) if any(key == "screens" for key, _ in named) else (False,)
    out: list[_Query] = []
    for prefix in prefixes:
        for call in calls or everything:
            auction = (*prefix, call)
            if not _legal(auction):
                continue
            for with_screens in screens:
                variants = [grid.add(auction, None, None, with_screens), grid.add(auction, None, False, with_screens)]
                variants += [grid.add(auction, m, None, with_screens) for m in meanings]
                out.extend(q for q in variants if q is not None)
    return out


def _grid_findings(document: _Subject, rules: Sequence[Rule], skipped: set[str],
                   in_cycle: set[str]) -> list[Finding]:
    """Conflicts and unreachable rules over the grid; ``skipped`` questions
    are not asked (they reach a cycle of verdicts), and a conflict among
    rules of a cycle of exceptions is that cycle, reported already."""
    grid = _Grid(document)
    base = [m for data in _BASE_MEANINGS if (m := _meaning(data)) is not None]
    meanings: dict[Meaning, None] = dict.fromkeys(base)
    for rule in rules:
        for key, value in _named(rule):
            if key == "meaning" and (m := _meaning(value)) is not None:
                meanings[m] = None
    example_queries: list[_Query] = []
    for asked, language in document.queries:
        try:
            situation = asked.situation(language)
        except (BridgeError, ValueError):
            continue  # the example's own check reports it
        if asked.meaning is not None:
            meanings[asked.meaning] = None
        example_queries.append(_Query(situation, asked.auction))
    named_calls = [c for r in rules for key, value in _named(r) if key in ("call", "opening-call")
                   for c in grid.calls(value)]
    everything = list(dict.fromkeys([*named_calls, *(Call.parse(c) for c in ("P", "X", "XX"))]))
    openings = list(dict.fromkeys([c for r in rules for key, value in _named(r) if key == "opening-call"
                                   for c in grid.calls(value)] + [c for c in named_calls if c.is_bid and c.level == 1]))
    own = {i: _own_queries(grid, rule, base, openings, everything) for i, rule in enumerate(rules)}
    # Then each example's auction with every meaning the document states, as
    # far as the bound allows: where two rules meet on a real auction.
    for query in example_queries:
        for meaning in meanings:
            grid.add(query.situation.calls, meaning, None, query.situation.screens)
    queries = [*example_queries, *grid.queries.values()]

    questions = [q for q in dict.fromkeys(r.question for r in rules) if q not in skipped]
    reached: set[tuple[str, str]] = set()
    conflicts: dict[frozenset[str], tuple[str, Conflict]] = {}
    for question in questions:
        for query in queries:
            try:
                verdict = decide(rules, question, query.situation)
            except Undecided:
                continue
            except Conflict as exc:
                articles = frozenset(v.article for v in exc.verdicts)
                conflicts.setdefault(articles, (query.auction, exc))
                reached.update((question, a) for a in articles)
                continue
            reached.update((question, a) for a in (*verdict.articles, *(c.article for c in verdict.cases)))

    findings = []
    by_article = {(r.question, r.article): r for r in reversed(rules)}
    for articles, (auction, conflict) in conflicts.items():
        verdicts = sorted(conflict.verdicts, key=lambda v: (by_article[(v.question, v.article)].line, v.article))
        first = by_article[(verdicts[0].question, verdicts[0].article)]
        if articles & in_cycle:
            continue
        answers = " and ".join(f"'{v.article}' ({v.answer})" for v in verdicts)
        findings.append(_at(document, first, f"rules of {answers} disagree on '{first.question}' for auction "
                                             f"{auction!r}, and neither is an exception to the other"))
    for i, rule in enumerate(rules):
        if rule.question in skipped or not own[i] or (rule.question, rule.article) in reached:
            continue
        scoped = sum(1 for q in own[i] if _scope(rules, rule, q.situation).value is not False)
        why = ("its scope holds in none of them" if not scoped
               else f"its scope may hold in {scoped} but another rule always sets it aside")
        findings.append(_at(document, rule, f"rule of '{rule.article}' ({rule.question}) is unreachable: "
                                            f"{len(own[i])} queries were built for its scope and {why}", "warning"))
    return findings


def _scope(rules: Sequence[Rule], rule: Rule, situation: Situation) -> Truth:
    asked = dataclasses.replace(situation, asker=lambda other: decide(rules, other, situation))
    return rule.scope.evaluate(asked)
