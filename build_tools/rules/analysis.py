"""Analysis of a document's rules at load, as decision-table analysers do
(DMN's hit policies, Drools' verifier): the rules are asked over a grid of
queries built from the document itself, and what an author would want to know
before a reader finds it is reported at the rule's line:

* two rules that decide one query differently, neither an exception to the
  other (an error, at each of the two rules: the engine refuses to choose);
* a rule no query of the grid reaches: its scope never holds, or another rule
  always sets it aside (a warning: a grid samples, it does not prove);
* an ``exception-to`` or ``otherwise.by`` naming no article (an error), an
  exception to an article that holds no rule of its question (a warning),
  exceptions in a cycle and questions whose rules ask their own verdict
  through ``verdict:``, ``card-verdict:`` or any predicate that asks one
  (errors);
* a document that defines ``natural`` by its own rules but asks the engine's
  ``natural-call`` elsewhere (a warning: its own definition should decide).

The grid: every example's query, and for each rule the auctions built from
the calls it names (``call``, ``after``, ``opening-call``) on a few prefixes
(an opening, partner's opening, an opponent's), or from the examples' and
those prefixes' auctions when it names none. Each auction is asked with the
facts the rules that may apply there read, as their predicates declare them
(:mod:`~build_tools.rules.declarations`), and nothing else: no meaning and
none agreed, the meanings the document's rules and examples state, the
earlier calls' meanings they name, screens or not, each vulnerability, hands
on the edges of the ranges the rules name, the leaves they name, the
examples' cards, each event and stage. A fact is also left unstated, as a
director's query may leave it.

The work is bounded: at most :data:`QUERIES_PER_RULE` queries are built for
a rule, and the rules evaluated for the whole document are counted against
:func:`bound` (linear in its rules); a document that needs more is refused
at the rule the analysis had reached, naming the bound.

>>> _cycles({1: [2], 2: [1], 3: [3], 4: [1]})
[(1, 2), (3,)]
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from build_tools.bridge import Auction, BridgeError, Call, Hand, notation
from build_tools.bridge.meanings import Range
from build_tools.bridge.views import View

from .cards import Card
from .engine import Conflict, Rule, Undecided, decide, evaluate
from .errors import RuleCycle, Unbounded, VocabularyError
from .evaluation import book_of, bounded, session
from .predicates import DECLARATIONS, Condition, Truth, named_predicates
from .query import Query, with_system
from .registry import canonical_meaning
from .situation import VULNERABLE, Situation, read_pattern
from .systems import EVENTS, STAGES
from .vocabulary import Meaning

#: Meanings every grid tries besides the document's own: a natural call, an
#: artificial one, and a natural one the opponents would not expect.
_BASE_MEANINGS: tuple[Mapping[str, Any], ...] = (
    {"natural": True}, {"artificial": True}, {"natural": True, "standard": False},
)

#: Openings every grid tries (beside those the rules name), each by us, by
#: partner or by an opponent: a suit and notrump.
_OPENINGS = ("1C", "1H", "1NT")
#: Calls every rule naming none is asked (beside those the rules name, pass,
#: double and redouble): a bid of each kind at the one and two levels.
_CALLS = ("1S", "1NT", "2D", "2NT")

#: The queries built for one rule's scope at most: its auctions first with
#: the facts unstated (half of them at most), then each way of stating the
#: facts it reads, each on another of its auctions.
QUERIES_PER_RULE = 120
#: The queries filled in from the examples' auctions with every meaning the
#: document states, at most: where two rules meet on a real auction.
MOST_FILLED = 1500
#: The bound of the analysis's work, in evaluations of rules: this much for
#: any document, and this much more for each of its rules.
BOUND_BASE = 600_000
BOUND_PER_RULE = 6_000


def bound(rules: int) -> int:
    """The evaluations of rules the analysis of a document of ``rules`` rules may make.

    >>> bound(50)
    900000
    """
    return BOUND_BASE + BOUND_PER_RULE * rules


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
    #: The facts set besides the auction and the meaning, for messages.
    facts: tuple[str, ...] = ()


def analyse(rules: Sequence[Rule], language: str, ids: Collection[str],
            queries: Iterable[tuple[Query, str]] = ()) -> list[Finding]:
    """Every finding of the analysis on a document's ``rules`` (its calls in
    ``language``'s notation, ``ids`` its elements', ``queries`` its examples',
    each with its notation), in document order."""
    if not rules:
        return []
    document = _Subject(tuple(rules), language, ids, tuple(queries))
    rules = document.rules
    exception_cycles = list(_exception_cycles(rules))
    findings = [*_references(document, rules), *(d for d, _ in exception_cycles), *_natural_call(rules)]
    cyclic, cycle_findings = _verdict_cycles(rules)
    findings += cycle_findings
    in_cycle = {article for _, cycle in exception_cycles for article in cycle}
    findings += _grid_findings(document, cyclic, in_cycle)
    return sorted(findings, key=lambda d: (d.line, d.column))


# --- reading a rule's condition data ----------------------------------------

def _named(rule: Rule) -> list[tuple[str, Any]]:
    return [pair for condition in (rule.scope, rule.when) for pair in named_predicates(_data(condition))]


def _data(condition: Condition) -> Any:
    return condition.origin[0] if condition.origin else None


def _at(rule: Rule, message: str, severity: str = "error") -> Finding:
    return Finding(rule.line, rule.column, message, severity)


def _holding(rules: Sequence[Rule]) -> dict[str, list[Rule]]:
    """The rules on each article or inside it."""
    found: dict[str, list[Rule]] = {}
    for rule in rules:
        for article in dict.fromkeys((rule.article, *rule.within)):
            found.setdefault(article, []).append(rule)
    return found


# --- references and structure ------------------------------------------------

def _references(document: _Subject, rules: Sequence[Rule]) -> Iterator[Finding]:
    """``exception-to`` and ``otherwise.by`` name articles of the document; an
    exception's article holds a rule of its question."""
    ids = document.ids
    holding = _holding(rules)
    for rule in rules:
        for target in (*rule.exception_to, *((rule.otherwise_by,) if rule.otherwise_by else ())):
            if target not in ids:
                yield _at(rule, f"rule of '{rule.article}' names unknown article '{target}'")
        for target in rule.exception_to:
            if target in ids and not any(r.question == rule.question for r in holding.get(target, ())):
                yield _at(rule, f"rule of '{rule.article}' is an exception to '{target}', which holds "
                                f"no rule of '{rule.question}'", "warning")


def _exception_cycles(rules: Sequence[Rule]) -> Iterator[tuple[Finding, set[str]]]:
    """Rules each an exception to the next, round to the first: none of them
    stands where they all apply (each finding with the cycle's articles)."""
    holding = _holding(rules)
    index = {id(rule): n for n, rule in enumerate(rules)}
    fallbacks = [r for r in rules if r.fallback]
    edges: dict[int, list[int]] = {}
    for i, rule in enumerate(rules):
        if not rule.exception_to:
            edges[i] = []
            continue
        # A rule that names another's article claims to be its exception, even
        # where the other names it back (which is_exception_to settles as neither).
        named = [r for target in rule.exception_to for r in holding.get(target, ())] + fallbacks
        found = {index[id(other)] for other in named if other.question == rule.question
                 and (rule.is_exception_to(other) or other is not rule and other.article in rule.exception_to)}
        edges[i] = sorted(found)
    for cycle in _cycles(edges):
        names = " -> ".join(f"'{rules[i].article}'" for i in (*cycle, cycle[0]))
        yield (_at(rules[cycle[0]], f"exceptions form a cycle: {names}"), {rules[i].article for i in cycle})


def _cycles(edges: Mapping[Any, Sequence[Any]]) -> list[tuple[Any, ...]]:
    """One cycle per strongly connected group of ``edges`` that has one, each
    the shortest way round from the group's first node in the order of
    ``edges`` (Tarjan's groups, then a search inside each: linear in the
    edges, not in their pairs)."""
    groups = _groups(edges)
    order = {node: n for n, node in enumerate(edges)}
    found = []
    for group in sorted(groups, key=lambda g: min(order.get(n, len(order)) for n in g)):
        start = min(group, key=lambda n: order.get(n, len(order)))
        if len(group) == 1 and start not in edges.get(start, ()):
            continue
        # The shortest way back to start, breadth first, inside the group.
        paths: dict[Any, tuple[Any, ...]] = {start: (start,)}
        frontier, cycle = [start], None
        while frontier and cycle is None:
            following = []
            for node in frontier:
                for target in edges.get(node, ()):
                    if target == start:
                        cycle = paths[node]
                        break
                    if target in group and target not in paths:
                        paths[target] = (*paths[node], target)
                        following.append(target)
                if cycle is not None:
                    break
            frontier = following
        if cycle is not None:
            found.append(cycle)
    return found


def _groups(edges: Mapping[Any, Sequence[Any]]) -> list[set[Any]]:
    """The strongly connected groups of ``edges`` (Tarjan's, without recursion)."""
    index: dict[Any, int] = {}
    low: dict[Any, int] = {}
    stack: list[Any] = []
    on_stack: set[Any] = set()
    groups: list[set[Any]] = []
    counter = 0
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(edges.get(root, ())))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            advanced = False
            for target in targets:
                if target not in index:
                    index[target] = low[target] = counter
                    counter += 1
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(edges.get(target, ()))))
                    advanced = True
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                groups.append(group)
    return groups


def _asked_questions(rule: Rule) -> list[str]:
    """The questions whose verdict ``rule``'s predicates ask (as each declares)."""
    found: list[str] = []
    for name, value in _named(rule):
        declaration = DECLARATIONS.get(name)
        if declaration is not None:
            found.extend(declaration.asked(value))
    return found


def _verdict_cycles(rules: Sequence[Rule]) -> tuple[set[str], list[Finding]]:
    """Questions whose rules ask, through a predicate that asks a verdict
    (``verdict:``, ``card-verdict:``, ``against: brown-sticker``), a chain of
    questions leading back to their own (the engine would ask for ever): the
    findings, each at the rule that asks, and every question that reaches
    such a cycle (the grid does not ask them)."""
    asks: dict[str, list[str]] = {}
    asking: dict[tuple[str, str], Rule] = {}
    questions = list(dict.fromkeys(rule.question for rule in rules))
    for rule in rules:
        for other in _asked_questions(rule):
            asks.setdefault(rule.question, []).append(other)
            asking.setdefault((rule.question, other), rule)
    findings = []
    in_cycle: set[str] = set()
    for cycle in _cycles({q: asks.get(q, []) for q in questions}):
        in_cycle.update(cycle)
        names = " -> ".join(f"'{q}'" for q in (*cycle, cycle[0]))
        rule = asking[(cycle[0], (*cycle, cycle[0])[1])]
        findings.append(_at(rule, f"questions ask each other's verdict in a cycle: {names}"))
    reaching = {q for q in questions if _reaches(q, asks, in_cycle)}
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


def _natural_call(rules: Sequence[Rule]) -> Iterator[Finding]:
    """A document with its own rules for ``natural`` should ask them, not the
    engine's reading, where another question rests on naturalness."""
    if not any(r.question == "natural" for r in rules):
        return
    for rule in rules:
        if rule.question != "natural" and any(key == "natural-call" for key, _ in _named(rule)):
            yield _at(rule, f"rule of '{rule.article}' uses 'natural-call' while the document defines "
                            f"'natural' by its own rules: use 'verdict: {{natural: ...}}' so that "
                            f"definition decides", "warning")


# --- the facts the grid varies -------------------------------------------------

#: A card every grid may give a pair (beside the examples' cards): one
#: natural call, submitted in time, disclosed.
_STOCK_CARD = Card.parse({"card": "analysis", "title": "The analysis's card", "submitted": True,
                          "disclosure": {"card": True, "announcement-sheet": True, "defence": True},
                          "openings": [{"auction": "1NT", "meaning": {"natural": True, "hcp": "15-17",
                                                                     "shape": "balanced"}}]})

#: The facts a grid sets besides the auction and the meanings, in this order.
_VARIED = ("screens", "vulnerable", "hand", "agreements", "system", "opponents", "event", "stage")


def _hand_of(hcp: int) -> Hand | None:
    """A hand of ``hcp`` points, shaped 4-3-3-3 (``None`` past what a hand holds).

    >>> _hand_of(12).hcp, _hand_of(0).hcp, _hand_of(37).hcp
    (12, 0, 37)
    """
    if not 0 <= hcp <= 37:
        return None
    honours: list[str] = []
    left = hcp
    for rank, points in (("A", 4), ("K", 3), ("Q", 2), ("J", 1)):
        count = min(4, left // points)
        honours += [rank] * count
        left -= count * points
    suits: list[list[str]] = [[], [], [], []]
    for n, honour in enumerate(honours):
        suits[n % 4].append(honour)
    lengths = (4, 3, 3, 3)
    if any(len(cards) > length for cards, length in zip(suits, lengths, strict=True)):
        suits = [[], [], [], []]
        for honour in honours:
            next(cards for cards, length in zip(suits, lengths, strict=True) if len(cards) < length).append(honour)
    text = ".".join("".join(cards) + "x" * (length - len(cards)) for cards, length in zip(suits, lengths, strict=True))
    try:
        return Hand.parse(text)
    except BridgeError:
        return None


class _Facts:
    """The values the grid gives each fact of :data:`_VARIED`, the first
    one leaving it unstated (or at its default)."""

    def __init__(self, document: _Subject, situations: Sequence[Situation]) -> None:
        named = [pair for rule in document.rules for pair in _named(rule)]
        hands: dict[Any, None] = {}
        for name, value in named:
            if name == "hand-hcp":
                try:
                    wanted = Range.parse(str(value))
                except BridgeError:
                    continue
                for hcp in {wanted.low - 1, wanted.low, *(() if wanted.high is None else (wanted.high, wanted.high + 1))}:
                    if (hand := _hand_of(hcp)) is not None:
                        hands[hand] = None
        for situation in situations:
            if situation.hand is not None:
                hands[situation.hand] = None
        if not hands and any(DECLARATIONS.get(name) and "hand" in DECLARATIONS[name].facts for name, _ in named):
            hands.update(dict.fromkeys(h for h in (_hand_of(6), _hand_of(12), _hand_of(17)) if h is not None))
        leaves: dict[tuple[tuple[str, str], ...], None] = {(): None}
        for name, value in named:
            if name == "agreement" and isinstance(value, Mapping) and value.get("leaf") is not None:
                leaves[((str(value["default"]), str(value["leaf"])),)] = None
        cards: dict[int, Any] = {}
        opponents: dict[int, Any] = {}
        for situation in situations:
            if situation.system is not None:
                cards.setdefault(id(situation.system), situation.system)
            if situation.opponents is not None:
                opponents.setdefault(id(situation.opponents), situation.opponents)
        self.values: dict[str, list[Any]] = {
            "screens": [False, True],
            "vulnerable": [None, *VULNERABLE],
            "hand": [None, *hands],
            "agreements": [dict(leaf) for leaf in leaves],
            "system": [None, *cards.values(), _STOCK_CARD],
            "opponents": [None, *opponents.values(), _STOCK_CARD],
            "event": [None, *EVENTS],
            "stage": [None, *STAGES],
        }


def _described(values: Mapping[str, Any]) -> tuple[str, ...]:
    """The facts a query states besides its auction and meaning, for messages."""
    out = []
    for fact, value in values.items():
        if value is None or value is False or value == {}:
            continue
        if fact == "screens":
            out.append("with screens")
        elif fact == "hand":
            out.append(f"hand {value} ({value.hcp} HCP)")
        elif fact == "agreements":
            out.append("leaf " + ", ".join(value.values()))
        elif fact in ("system", "opponents"):
            cards = value if isinstance(value, list) else [value]
            out.append(f"{fact} {', '.join(getattr(c, 'id', '?') for c in cards)}")
        else:
            out.append(f"{fact}: {value}")
    return tuple(out)


# --- the grid ------------------------------------------------------------------

class _Grid:
    """The queries of one document, each built once."""

    def __init__(self, document: _Subject, facts: _Facts) -> None:
        self.language = document.language
        self.profile = notation.profile(self.language)
        self.facts = facts
        self.queries: dict[tuple[Any, ...], _Query] = {}
        #: The meanings the rules name, as written (for messages).
        self.texts: dict[Meaning, str] = {}

    def add(self, calls: tuple[Call, ...], meaning: Meaning | None, agreed: bool | None = None,
            earlier: tuple[tuple[int, Meaning], ...] = (), values: Mapping[str, Any] | None = None) -> _Query:
        values = values or {}
        key = (calls, meaning, agreed, earlier, tuple((f, id(v) if f in ("system", "opponents", "agreements")
                                                       else v) for f, v in values.items()))
        found = self.queries.get(key)
        if found is None:
            meanings = dict(earlier)
            if meaning is not None:
                meanings[len(calls) - 1] = meaning
            situation = Situation(calls, meanings, bool(values.get("screens", False)), tuple(range(len(calls))),
                                  agreed, values.get("hand"), values.get("vulnerable"),
                                  dict(values.get("agreements") or {}), opponents=values.get("opponents"),
                                  event=values.get("event"), stage=values.get("stage"))
            situation = with_system(situation, values.get("system"), meaning is None)
            said = tuple(f"the opening agreed as {self.texts.get(m, '?')}" for _, m in earlier) + _described(values)
            found = self.queries[key] = _Query(situation, self.written(calls), said)
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


@dataclass(frozen=True, slots=True)
class _Shared:
    """What every rule's queries are built from: the base meanings, the
    calls the rules name (and pass, double, redouble), the openings, the
    examples' auctions, and the meanings of earlier calls the rules name."""

    base: tuple[Meaning, ...]
    everything: tuple[Call, ...]
    #: What a rule naming no call is asked: everything, and a few bids more.
    anything: tuple[Call, ...]
    openings: tuple[Call, ...]
    auctions: tuple[tuple[Call, ...], ...]
    earlier: tuple[Meaning, ...]


def _auctions(grid: _Grid, rule: Rule, shared: _Shared) -> list[tuple[Call, ...]]:
    """The auctions ``rule``'s queries ask: the calls it names after the
    auctions it names (or after openings, or none); a rule naming no call
    and no auction is asked every call after those prefixes, and the
    examples' auctions."""
    named = _named(rule)
    calls = [c for key, value in named if key == "call" for c in grid.calls(value)]
    opening_calls = [c for key, value in named if key == "opening-call" for c in grid.calls(value)]
    afters = [b for key, value in named if key == "after" if (b := grid.before(value)) is not None]
    pass_ = Call.parse("P")
    if afters:
        prefixes = afters
    else:
        # Not opened at all; opened by us, by partner, by an opponent on either side.
        prefixes = [] if opening_calls else [(), (pass_,)]
        prefixes += [p for o in (opening_calls or shared.openings) for p in ((o,), (o, pass_), (o, pass_, pass_))]
    found = [auction for prefix in prefixes for call in (calls or shared.anything)
             if _legal(auction := (*prefix, call))]
    if not (calls or opening_calls or afters):
        found += shared.auctions
    return list(dict.fromkeys(found))


def _reads(rules: Iterable[Rule], by_question: Mapping[str, Sequence[Rule]]) -> set[str]:
    """The facts ``rules`` read, as their predicates declare them; a rule
    asking another question's verdict reads what that question's rules read."""
    found: set[str] = set()
    seen: set[str] = set()
    todo = list(rules)
    while todo:
        rule = todo.pop()
        for name, _ in _named(rule):
            declaration = DECLARATIONS.get(name)
            if declaration is not None:
                found.update(declaration.facts)
        for question in _asked_questions(rule):
            if question not in seen:
                seen.add(question)
                todo.extend(by_question.get(question, ()))
    return found


def _own_queries(grid: _Grid, rule: Rule, shared: _Shared, auctions: Sequence[tuple[Call, ...]],
                 reads: set[str], own: set[str]) -> list[_Query]:
    """The queries built for ``rule``'s scope, its ``auctions``
    (:func:`_auctions`), each with the facts ``reads`` names (:func:`_variants`;
    ``own``, those the rule itself reads, varied first). At most
    :data:`QUERIES_PER_RULE`: its auctions first with every fact unstated
    (half of them at most), then each way of stating the facts in turn, each
    on another auction."""
    named = _named(rule)
    stated = [m for key, value in named if key == "meaning" if (m := _meaning(value)) is not None]
    dimensions: list[tuple[str, list[Any]]] = []
    if reads & {"meaning", "agreed"}:
        dimensions.append(("meaning", [(None, None), (None, False),
                                       *((m, None) for m in dict.fromkeys([*shared.base, *stated]))]))
    if "earlier" in reads and shared.earlier:
        dimensions.append(("earlier", [None, *shared.earlier]))
    dimensions += [(fact, grid.facts.values[fact]) for fact in _VARIED
                   if fact in reads and len(grid.facts.values[fact]) > 1]
    dimensions.sort(key=lambda d: d[0] not in own and not (d[0] == "meaning" and own & {"meaning", "agreed"}))
    variants = list(itertools.islice(_variants(dimensions), QUERIES_PER_RULE + 1))
    if len(variants) * len(auctions) <= QUERIES_PER_RULE:
        plan = [(calls, variant) for variant in variants for calls in auctions]
    else:
        plan = [(calls, variants[0]) for calls in auctions[:QUERIES_PER_RULE // 2]]
        for k, variant in enumerate(variants[1:]):
            if len(plan) >= QUERIES_PER_RULE:
                break
            plan.append((auctions[(k + k // max(1, len(auctions))) % len(auctions)], variant))
    out: dict[int, _Query] = {}
    for calls, variant in plan:
        meaning, agreed = variant.get("meaning", (None, None))
        before = _earlier(calls, variant.get("earlier"))
        if variant.get("earlier") is not None and not before:
            continue
        values = {f: v for f, v in variant.items() if f in _VARIED}
        query = grid.add(calls, meaning, agreed, before, values)
        out[id(query)] = query
    return list(out.values())


def _variants(dimensions: Sequence[tuple[str, Sequence[Any]]]) -> Iterator[dict[str, Any]]:
    """Ways of stating the facts, each dimension's first value the unstated
    one: none stated; each value alone; then each pair of values of two
    dimensions, the first dimensions' pairs first. A conflict that turns on
    one fact is met early, on two later, on more as a sample may.

    >>> [sorted(v.items()) for v in _variants([("a", [0, 1]), ("b", [0, 1, 2])])]
    [[('a', 0), ('b', 0)], [('a', 1), ('b', 0)], [('a', 0), ('b', 1)], [('a', 0), ('b', 2)], [('a', 1), ('b', 1)], [('a', 1), ('b', 2)]]
    """
    base = {name: values[0] for name, values in dimensions}
    yield base
    for name, values in dimensions:
        for value in values[1:]:
            yield {**base, name: value}
    for (first, firsts), (second, seconds) in itertools.combinations(dimensions, 2):
        for one in firsts[1:]:
            for other in seconds[1:]:
                yield {**base, first: one, second: other}


def _earlier(calls: tuple[Call, ...], meaning: Meaning | None) -> tuple[tuple[int, Meaning], ...]:
    """``meaning`` given to the opening bid of ``calls``, when it is not the call asked about."""
    if meaning is None:
        return ()
    opening = next((n for n, call in enumerate(calls[:-1]) if call.is_bid), None)
    return () if opening is None else ((opening, meaning),)


def _shared(document: _Subject, grid: _Grid, examples: Sequence[_Query]) -> _Shared:
    rules = document.rules
    base = tuple(m for data in _BASE_MEANINGS if (m := _meaning(data)) is not None)
    named_calls = [c for r in rules for key, value in _named(r) if key in ("call", "opening-call")
                   for c in grid.calls(value)]
    everything = tuple(dict.fromkeys([*named_calls, *(Call.parse(c) for c in ("P", "X", "XX"))]))
    openings = tuple(dict.fromkeys([c for r in rules for key, value in _named(r) if key == "opening-call"
                                    for c in grid.calls(value)] + [c for c in named_calls if c.is_bid and c.level == 1]
                                   + [Call.parse(c) for c in _OPENINGS]))
    anything = tuple(dict.fromkeys([*everything, *(Call.parse(c) for c in _CALLS)]))
    earlier = []
    for rule in rules:
        for key, value in _named(rule):
            if key in ("opening-meaning", "opening-agreed", "rho-meaning") and (m := _meaning(value)) is not None:
                earlier.append(m)
                grid.texts.setdefault(m, canonical_meaning(value))
    earlier = list(dict.fromkeys(earlier))
    auctions = tuple(dict.fromkeys(q.situation.calls for q in examples))
    return _Shared(base, everything, anything, openings, auctions, tuple(earlier))


def _grid_findings(document: _Subject, skipped: set[str], in_cycle: set[str]) -> list[Finding]:
    """Conflicts and unreachable rules over the grid; ``skipped`` questions
    are not asked (they reach a cycle of verdicts), and a conflict among
    rules of a cycle of exceptions is that cycle, reported already."""
    rules = document.rules
    example_queries: list[_Query] = []
    stated: dict[Meaning, None] = {}
    for example, language in document.queries:
        try:
            situation = example.situation(language)
        except (BridgeError, ValueError):
            continue  # the example's own check reports it
        if example.meaning is not None:
            stated[example.meaning] = None
        example_queries.append(_Query(situation, example.auction))
    grid = _Grid(document, _Facts(document, [q.situation for q in example_queries]))
    shared = _shared(document, grid, example_queries)
    by_question: dict[str, list[Rule]] = {}
    for rule in rules:
        by_question.setdefault(rule.question, []).append(rule)
    book = book_of(rules)
    questions = [q for q in by_question if q not in skipped]

    reached: set[tuple[str, str]] = set()
    conflicts: dict[frozenset[str], tuple[_Query, Conflict]] = {}
    asked: set[tuple[str, int]] = set()

    def ask(question: str, query: _Query) -> None:
        if (question, id(query)) in asked:
            return
        asked.add((question, id(query)))
        try:
            verdict = decide(rules, question, query.situation)
        except (Undecided, RuleCycle):
            return
        except Conflict as exc:
            articles = frozenset(v.article for v in exc.verdicts)
            conflicts.setdefault(articles, (query, exc))
            reached.update((question, a) for a in articles)
            return
        reached.update((question, a) for a in (*verdict.articles, *(c.article for c in verdict.cases)))

    # What each rule reads, and each group of rules the book weighs together
    # on an auction (the book keeps one tuple per group), worked out once:
    # a rule asks what the rules meeting it read, and those are often all of
    # them (a chain of exceptions on one call), so not rule by rule.
    rule_reads: dict[int, frozenset[str]] = {}
    group_reads: dict[int, frozenset[str]] = {}

    def reads_of(rule: Rule) -> frozenset[str]:
        found = rule_reads.get(id(rule))
        if found is None:
            found = rule_reads[id(rule)] = frozenset(_reads([rule], by_question))
        return found

    def reads_of_group(group: tuple[Rule, ...]) -> frozenset[str]:
        found = group_reads.get(id(group))
        if found is None:
            found = group_reads[id(group)] = frozenset().union(*(reads_of(r) for r in group))
        return found

    own: dict[int, list[_Query]] = {}
    findings: list[Finding] = []
    limit = bound(len(rules))
    stopped: int | None = None
    with bounded(limit):
        current = 0
        try:
            for current, rule in enumerate(rules):
                if rule.question in skipped:
                    continue
                auctions = _auctions(grid, rule, shared)
                # What this rule reads, and what the rules that may meet it on
                # these auctions read: a conflict may turn on either.
                reads = set(reads_of(rule)).union(*(reads_of_group(book.candidates(rule.question, calls))
                                                    for calls in auctions))
                own[current] = _own_queries(grid, rule, shared, auctions, reads, set(reads_of(rule)))
                for query in own[current]:
                    ask(rule.question, query)
            current = len(rules) - 1
            # Then each example's query, and its auction with every meaning the
            # document states, as far as the bound allows: where two rules meet
            # on a real auction.
            for query in example_queries:
                for question in questions:
                    ask(question, query)
            filled = 0
            for query in example_queries:
                for meaning in dict.fromkeys([*shared.base, *stated]):
                    if filled >= MOST_FILLED:
                        break
                    filled += 1
                    extra = grid.add(query.situation.calls, meaning,
                                     values={"screens": query.situation.screens} if query.situation.screens else None)
                    for question in questions:
                        ask(question, extra)
            findings += _unreachable(rules, own, reached, skipped)
        except Unbounded as exc:
            stopped = current
            rule = rules[current]
            findings.append(_at(rule, f"the rule analysis stopped at its bound of {exc.bound:,} evaluations of "
                                      f"rules (for a document of {len(rules):,} rules): the rules from here on "
                                      f"were not analysed; split the document, or name the calls and auctions each "
                                      f"rule is about (call, after) so that fewer rules are weighed together"))

    by_article = {(r.question, r.article): r for r in reversed(rules)}
    for articles, (query, conflict) in conflicts.items():
        if articles & in_cycle:
            continue
        verdicts = sorted(conflict.verdicts, key=lambda v: (by_article[(v.question, v.article)].line, v.article))
        first = by_article[(verdicts[0].question, verdicts[0].article)]
        answers = " and ".join(f"'{v.article}' ({v.answer})" for v in verdicts)
        where = f"auction {query.auction!r}" + (f" ({'; '.join(query.facts)})" if query.facts else "")
        message = (f"rules of {answers} disagree on '{first.question}' for {where}, and neither is an exception "
                   f"to the other")
        # At each rule: an author reading either finds the other.
        for verdict in verdicts:
            findings.append(_at(by_article[(verdict.question, verdict.article)], message))
    if stopped is not None:
        findings = [f for f in findings if "is unreachable" not in f.message]
    return list(dict.fromkeys(findings))


def _unreachable(rules: Sequence[Rule], own: Mapping[int, list[_Query]], reached: set[tuple[str, str]],
                 skipped: set[str]) -> list[Finding]:
    findings = []
    for i, rule in enumerate(rules):
        if rule.question in skipped or not own.get(i) or (rule.question, rule.article) in reached:
            continue
        scoped = sum(1 for q in own[i] if _scope(rules, rule, q.situation).value is not False)
        why = ("its scope holds in none of them" if not scoped
               else f"its scope may hold in {scoped} but another rule always sets it aside")
        findings.append(_at(rule, f"rule of '{rule.article}' ({rule.question}) is unreachable: "
                                  f"{len(own[i])} queries were built for its scope and {why}", "warning"))
    return findings


def _scope(rules: Sequence[Rule], rule: Rule, situation: Situation) -> Truth:
    with session() as current:
        current.count(1)
        try:
            return evaluate(rules, rule.scope, situation)
        except RuleCycle:
            return Truth(None)


__all__ = ["Finding", "analyse", "bound"]
