"""The registry of predicates, and conditions over them: a small declarative
language, no expression evaluated (:mod:`~build_tools.rules.conditions`
shows it, and holds the predicates of the auction and of meanings).

A predicate registers with :func:`predicate`, declaring as data what it reads
and how a verdict's reason says it (:class:`~build_tools.rules.declarations.Declaration`).
Every module of the package is imported by the package itself
(``build_tools/rules/__init__.py``), so a predicate in a new module is
registered without being named anywhere else.

A condition is evaluated to a :class:`Truth` (true, false, or unknown for
want of facts the query does not state) and explained as the
:class:`Reason` leaves that decided it: which predicate, its value as
written, and whether it held.

>>> from build_tools.rules.situation import Situation
>>> c = Condition.parse({"opening": True, "not": {"call": "1NT"}}, "en")
>>> [(r.predicate, r.value, r.held) for r in c.reasons(Situation.read("1NT", "en"))]
[('call', '1NT', True)]
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import difflib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from build_tools.bridge import Call

from .declarations import PARAMETERS, Declaration, first_sentence, missing_text
from .errors import VocabularyError
from .parameters import yaml_text
from .registry import Registry, in_force, reading
from .situation import Situation


@dataclass(frozen=True, slots=True)
class Truth:
    """A condition's value for one query: true, false, or unknown (``None``)
    because the query does not state ``needs`` (vocabulary keys such as
    ``hcp``, or ``agreed``)."""

    value: bool | None
    needs: frozenset[str] = frozenset()

    def __invert__(self) -> Truth:
        return self if self.value is None else Truth(not self.value)


TRUE, FALSE = Truth(True), Truth(False)


def unknown(*needs: str) -> Truth:
    """The value of a condition over facts the query does not state."""
    return Truth(None, frozenset(needs))


Test = Callable[[Situation], "bool | Truth"]


def registry() -> Registry:
    """The registry in force while a document's rules are read: predicates
    that name a question or read a parameter look here."""
    return in_force()


@dataclass(frozen=True, slots=True)
class Reason:
    """One predicate of a rule's condition as it stood in a query: its
    ``value`` as written, and whether it ``held`` (``None``: the query does
    not say). A verdict's reasons are these, the leaves that decided it."""

    predicate: str
    value: Any
    held: bool | None


@dataclass(frozen=True, slots=True)
class Condition:
    """A parsed condition: ``test`` decides it, ``text`` shows it in the
    code's terms (a reader is shown its :meth:`reasons` in words).

    A leaf is one predicate (``predicate``, ``value`` as written); ``all``,
    ``any`` and ``not`` hold their ``parts``. ``calls``, when known, are the
    only calls asked about for which the condition may hold, ``befores``
    the only auctions before it (their leading passes left out) and
    ``openings`` the only opening bids: the engine skips a rule whose scope
    names others."""

    test: Test
    text: str
    #: What it was parsed from: a condition crosses to another process (the
    #: languages render in parallel) as its data, and is parsed again there.
    origin: tuple[Any, ...] | None = field(default=None, compare=False)
    kind: str = field(default="leaf", compare=False)
    parts: tuple[Condition, ...] = field(default=(), compare=False)
    predicate: str = field(default="", compare=False)
    value: Any = field(default=None, compare=False)
    calls: frozenset[Call] | None = field(default=None, compare=False)
    befores: frozenset[tuple[Call, ...]] | None = field(default=None, compare=False)
    openings: frozenset[Call] | None = field(default=None, compare=False)

    def evaluate(self, situation: Situation) -> Truth:
        value = self.test(situation)
        return value if isinstance(value, Truth) else TRUE if value else FALSE

    def holds(self, situation: Situation) -> bool:
        """Whether the condition is decided true (unknown is not)."""
        return self.evaluate(situation).value is True

    def reasons(self, situation: Situation) -> tuple[Reason, ...]:
        """The leaves that decide this condition for ``situation``: where it
        holds, those that make it hold; where it fails, those that make it
        fail; where it is unknown, those left unknown."""
        return tuple(_reasons(self, situation, self.evaluate(situation).value))

    def leaves(self) -> Iterator[Condition]:
        """Every predicate of the condition, through all/any/not."""
        if self.kind == "leaf":
            if self.predicate:
                yield self
            return
        for part in self.parts:
            yield from part.leaves()

    def __reduce__(self) -> str | tuple[Any, tuple[Any, ...]]:
        if self is ALWAYS:  # the one condition that always holds is tested by identity
            return "ALWAYS"
        if self.origin is None:
            raise TypeError(f"condition {self.text!r} was not parsed from data and cannot be pickled")
        return (Condition.parse, self.origin)

    @classmethod
    def parse(cls, data: Any, language: str, path: str = "", rules: Registry | None = None) -> Condition:
        with reading(rules), parameters_read(path):
            condition = cls._parse(data, language, path)
        return dataclasses.replace(condition, origin=(data, language, path, rules))

    @classmethod
    def _parse(cls, data: Any, language: str, path: str = "") -> Condition:
        if data is None or data == {}:
            return ALWAYS
        if not isinstance(data, Mapping):
            raise VocabularyError(path, "a condition is a mapping of predicates")
        parts: list[Condition] = []
        for key, value in data.items():
            where = f"{path}.{key}" if path else str(key)
            if key in ("all", "any"):
                if not isinstance(value, list) or not value:
                    raise VocabularyError(where, f"'{key}' takes a list of conditions")
                subs = [cls._parse(v, language, f"{where}.{n}") for n, v in enumerate(value)]
                parts.append(_all(subs) if key == "all" else _any(subs))
            elif key == "not":
                parts.append(_not(cls._parse(value, language, where)))
            else:
                parse = PREDICATES.get(str(key))
                if parse is None:
                    # Every name is listed, as for questions: a guess is not
                    # always the name meant, and an author may not know the rest.
                    choices = sorted([*PREDICATES, "all", "any", "not"])
                    close = difflib.get_close_matches(str(key), choices, n=1)
                    hint = f"did you mean '{close[0]}'?; " if close else ""
                    raise VocabularyError(where, f"unknown predicate ({hint}the predicates: {', '.join(choices)})")
                with _parsing(DECLARATIONS.get(str(key))):
                    parsed = parse(value, language, where)
                parts.append(dataclasses.replace(parsed, kind="leaf", parts=(), predicate=str(key), value=value))
        return _all(parts)


ALWAYS = Condition(lambda s: True, "always", origin=(None, "", ""), kind="always")


def without_leading_passes(calls: tuple[Call, ...]) -> tuple[Call, ...]:
    """``calls`` from the first one other than pass: what ``befores`` hold."""
    start = next((n for n, call in enumerate(calls) if not call.is_pass), len(calls))
    return calls[start:]


def conjunction(values: list[Truth]) -> Truth:
    """Kleene's "and": false if any is false, else unknown if any is unknown."""
    if any(v.value is False for v in values):
        return FALSE
    doubtful = [v for v in values if v.value is None]
    return Truth(None, frozenset().union(*(v.needs for v in doubtful))) if doubtful else TRUE


def disjunction(values: list[Truth]) -> Truth:
    """Kleene's "or": true if any is true, else unknown if any is unknown."""
    if any(v.value is True for v in values):
        return TRUE
    doubtful = [v for v in values if v.value is None]
    return Truth(None, frozenset().union(*(v.needs for v in doubtful))) if doubtful else FALSE


def _all(parts: list[Condition]) -> Condition:
    if len(parts) == 1:
        return parts[0]

    def test(s: Situation) -> Truth:
        values = []
        for part in parts:  # a false part decides; the rest need not be asked
            value = part.evaluate(s)
            if value.value is False:
                return FALSE
            values.append(value)
        return conjunction(values)

    return Condition(test, " and ".join(p.text for p in parts), kind="all", parts=tuple(parts),
                     calls=_both([p.calls for p in parts]), befores=_both([p.befores for p in parts]),
                     openings=_both([p.openings for p in parts]))


_K = TypeVar("_K")


def _both(sets: list[frozenset[_K] | None]) -> frozenset[_K] | None:
    """What every part allows (``None``: a part that allows anything)."""
    known = [s for s in sets if s is not None]
    return frozenset.intersection(*known) if known else None


def _either(sets: list[frozenset[_K] | None]) -> frozenset[_K] | None:
    """What some part allows (``None`` when one allows anything)."""
    return None if any(s is None for s in sets) else frozenset().union(*(s or () for s in sets))


def _not(part: Condition) -> Condition:
    return Condition(lambda s: ~part.evaluate(s), f"not ({part.text})", kind="not", parts=(part,))


def _any(parts: list[Condition]) -> Condition:
    def test(s: Situation) -> Truth:
        values = []
        for part in parts:
            value = part.evaluate(s)
            if value.value is True:
                return TRUE
            values.append(value)
        return disjunction(values)

    return Condition(test, "(" + " or ".join(p.text for p in parts) + ")", kind="any", parts=tuple(parts),
                     calls=_either([p.calls for p in parts]), befores=_either([p.befores for p in parts]),
                     openings=_either([p.openings for p in parts]))


def _reasons(condition: Condition, situation: Situation, value: bool | None) -> Iterator[Reason]:
    """The leaves of ``condition`` that give it ``value`` (its value in ``situation``)."""
    if condition.kind == "always":
        return
    if condition.kind == "leaf":
        if condition.predicate:
            yield Reason(condition.predicate, condition.value, value)
        return
    if condition.kind == "not":
        yield from _reasons(condition.parts[0], situation, None if value is None else not value)
        return
    # A conjunction is made by all its parts and broken by its false ones; a
    # disjunction is made by one true part (the first) and broken by all its parts.
    values = [(part, part.evaluate(situation).value) for part in condition.parts]
    if condition.kind == "all" and value is False or value is None:
        values = [pv for pv in values if pv[1] is value]
    elif condition.kind == "any" and value is True:
        values = [next(pv for pv in values if pv[1] is True)]
    for part, part_value in values:
        yield from _reasons(part, situation, part_value)


# --- the registry ----------------------------------------------------------

Predicate = Callable[[Any, str, str], Condition]
PREDICATES: dict[str, Predicate] = {}
#: Each predicate's declaration (:mod:`~build_tools.rules.declarations`).
DECLARATIONS: dict[str, Declaration] = {}
#: Predicates registered without a declaration, with their module: an error
#: that tests/rules/test_declarations.py reports, every one at once.
UNDECLARED: dict[str, str] = {}

#: What each predicate reads of the query's meanings: ``meaning`` (the call's),
#: ``opening`` (the opening bid's), or nothing (the auction, the query's own facts).
READS: dict[str, str] = {}

#: The declaration of the predicate being parsed: what it may read.
_PARSING: contextvars.ContextVar[Declaration | None] = contextvars.ContextVar("parsing", default=None)
#: The parameters read but not declared while a rule is read, with the
#: predicates that read them (:func:`parameters_read`).
@dataclass(slots=True)
class _Missing:
    """The parameters read but not declared while a rule is read, with the
    predicates that read them, and where the first was read."""

    readers: dict[str, list[str]] = field(default_factory=dict)
    first: str = ""


_MISSING: contextvars.ContextVar[_Missing | None] = contextvars.ContextVar("missing", default=None)


@contextlib.contextmanager
def _parsing(declaration: Declaration | None) -> Iterator[None]:
    token = _PARSING.set(declaration)
    try:
        yield
    finally:
        _PARSING.reset(token)


def predicate(name: str, reads: str = "", needs: tuple[str, ...] = (),
              asks: Callable[[Situation], bool] | None = None, *,
              facts: tuple[str, ...] | None = None, values: tuple[str, ...] | None = None,
              says: str | None = None, shows: str = "text", parameters: tuple[str, ...] = (),
              words: Mapping[str, str] | None = None, verdicts: Callable[[Any], Any] | None = None,
              condition: bool = False) -> Callable[[Predicate], Predicate]:
    """Register a predicate with its declaration: the query ``facts`` it
    reads, its ``values`` as a rule writes them, the ``parameters`` it
    reads, and its words (``says``, shown as ``shows``; ``words`` of its
    literal values); ``verdicts`` gives the questions whose verdict it asks,
    and ``condition`` says its value is a condition (see
    :class:`~build_tools.rules.declarations.Declaration`).
    What it tests is its function's docstring's first sentence. A predicate
    registered without ``facts``, ``values`` and ``says`` is listed in
    :data:`UNDECLARED`, and fails the tests.

    One that ``reads`` a meaning is unknown, needing ``needs``, when the
    query states no meaning for that call and the situation ``asks`` it (by
    default always; a predicate of the suit a bid names does not ask for a
    notrump bid): what a pair agreed is asked, never guessed."""
    if name in PREDICATES or name in ("all", "any", "not"):
        # Two modules naming one predicate would leave the rules of one of them
        # read by the other's test, silently.
        raise RuntimeError(f"predicate {name!r} is registered twice")

    def register(function: Predicate) -> Predicate:
        if facts is None or values is None or says is None:
            UNDECLARED[name] = getattr(function, "__module__", "?")
        else:
            DECLARATIONS[name] = Declaration(name, first_sentence(function.__doc__), tuple(facts), tuple(values),
                                             says, shows, tuple(parameters), dict(words or {}), verdicts,
                                             condition)
        if not reads:
            PREDICATES[name] = function
            return function

        def parse(value: Any, language: str, path: str) -> Condition:
            inner = function(value, language, path)
            wanted = frozenset(needs) if reads == "meaning" else frozenset(f"opening.{n}" for n in needs)

            def test(s: Situation) -> bool | Truth:
                meaning = s.meaning if reads == "meaning" else s.earlier_meaning("opening")
                if not meaning.keys and (asks is None or asks(s)):
                    return Truth(None, wanted)
                return inner.test(s)

            return dataclasses.replace(inner, test=test)

        parse.__doc__ = function.__doc__
        PREDICATES[name] = parse
        READS[name] = reads
        return function

    return register


def declared_parameters() -> tuple[str, ...] | None:
    """The parameters the predicate being parsed declares (``None`` outside one)."""
    declaration = _PARSING.get()
    return None if declaration is None else declaration.parameters


#: How a message names the kind of value a parameter must have.
_KINDS = {int: "a whole number", list: "a list", str: "a word"}


def parameter(name: str, path: str, kind: type | tuple[type, ...] = int, *, in_range: bool = False) -> Any:
    """The value of a parameter the document declares (a figure or reading of
    its regulation, with its article): predicates that rest on one read it
    when the rule is read. A predicate reads only the parameters it declares
    (one a rule's author names in a range, ``in_range``, is the author's).
    One the document does not declare is refused at ``path``; within
    :func:`parameters_read`, it is noted (and its example read in its place)
    so that every one missing is named at once.

    >>> from build_tools.rules.registry import Parameter, Registry
    >>> with reading(Registry(parameters={"long-suit": Parameter("long-suit", "three")})):  # not read from YAML
    ...     parameter("long-suit", "when")
    Traceback (most recent call last):
    ...
    build_tools.rules.errors.VocabularyError: when: parameter 'long-suit' is 'three', not a whole number
    """
    declaration = _PARSING.get()
    if declaration is not None and not in_range and name not in declaration.parameters:
        raise RuntimeError(f"predicate {declaration.name!r} reads the parameter {name!r}, which its "
                           f"declaration does not name")
    found = registry().parameters.get(name)
    missing = _MISSING.get()
    if found is None and missing is not None and name in PARAMETERS:
        _note_missing(missing, name, path, declaration)
        return PARAMETERS[name].example
    if found is None:
        raise VocabularyError(path, _missing_message({name: [declaration.name] if declaration else []}))
    value = found.value
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or isinstance(value, bool) and int in kinds:
        wanted = " or ".join(_KINDS.get(k, k.__name__) for k in kinds)
        raise VocabularyError(path, f"parameter {name!r} is {yaml_text(value)}, not {wanted}")
    return value


def _note_missing(missing: _Missing, name: str, path: str, declaration: Declaration | None) -> None:
    if not missing.readers:
        missing.first = path
    readers = missing.readers.setdefault(name, [])
    if declaration is not None and declaration.name not in readers:
        readers.append(declaration.name)


def require(names: Iterable[str], path: str) -> None:
    """Refuse at ``path`` a rule whose predicate reads parameters the document
    does not declare, naming every one missing at once (within
    :func:`parameters_read`, with those the rule's other predicates miss),
    each with what it means, its unit and an example: not one per run, and
    no did-you-mean toward a parameter it declares, which would be another
    figure.

    >>> require(["long-suit", "king-hcp"], "when.may-be-weak")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    build_tools.rules.errors.VocabularyError: when.may-be-weak: the document declares no parameter long-suit, king-hcp; declare under 'parameters:', each with the article it comes from: long-suit (the length of a long suit; in cards; ...
    """
    declaration = _PARSING.get()
    declared = registry().parameters
    absent = [name for name in dict.fromkeys(names) if name not in declared]
    if not absent:
        return
    missing = _MISSING.get()
    if missing is not None:
        for name in absent:
            _note_missing(missing, name, path, declaration)
        return
    raise VocabularyError(path, _missing_message({name: [declaration.name] if declaration else []
                                                  for name in absent}))


@contextlib.contextmanager
def parameters_read(path: str) -> Iterator[None]:
    """Read a rule's conditions, and then refuse them if their predicates
    read parameters the document does not declare: every one at once, each
    with what it means, its unit and an example, at the first predicate that
    reads one (else at ``path``). An error in what is written comes first.
    Inside another, the outer one reports."""
    if _MISSING.get() is not None:
        yield
        return
    missing = _Missing()
    token = _MISSING.set(missing)
    try:
        yield
    finally:
        _MISSING.reset(token)
    if missing.readers:
        raise VocabularyError(missing.first or path, _missing_message(missing.readers))


def _missing_message(missing: Mapping[str, list[str]]) -> str:
    readers = sorted({reader for names in missing.values() for reader in names})
    by = (f", which {', '.join(readers)} read{'s' if len(readers) == 1 else ''}" if readers else "")
    return (f"the document declares no parameter {', '.join(missing)}{by}; declare under 'parameters:', each with "
            f"the article it comes from: {missing_text(missing)}")


def named_predicates(data: Any) -> Iterator[tuple[str, Any]]:
    """Every (predicate, value) a condition's data names, through all/any/not
    and into the values that are conditions themselves (``opponents:``).

    >>> sorted(named_predicates({"any": [{"call": "1NT"}, {"not": {"after": "1NT"}}]}))
    [('after', '1NT'), ('call', '1NT')]
    """
    if not isinstance(data, Mapping):
        return
    for key, value in data.items():
        if key in ("all", "any") and isinstance(value, list):
            for item in value:
                yield from named_predicates(item)
        elif key == "not":
            yield from named_predicates(value)
        else:
            yield str(key), value
            declaration = DECLARATIONS.get(str(key))
            if declaration is not None and declaration.condition:
                yield from named_predicates(value)
