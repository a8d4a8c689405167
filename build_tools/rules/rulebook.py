"""A document's rules as one JSON rulebook, and the questions asked of it.

The build compiles each document's rules (:mod:`build_tools.rulebooks`) into
a rulebook: plain JSON data that this module reads with the standard library
alone, so that ``handbook explain``, ``handbook card check`` and the site's
Ask page (the same Python in the browser) answer from one code path. It
holds everything a query needs and an answer names:

``rulebook``
    the format (:data:`FORMAT`); a rulebook of another is refused.
``document``, ``language``, ``languages``, ``titles``
    the document's id, the language of its original (the notation its rules
    and the queries asked of it are written in), the handbook's languages in
    the manifest's order, and the document's title in each.
``questions``, ``parameters``, ``conventions``
    the registry in force (the standard ones and the document's own), each
    item as :class:`~build_tools.rules.registry.Registry` holds it.
``labels``
    each language's label of each answer: ``{lang: {question: {answer: label}}}``.
``rules``
    every rule, in document order: its article, the articles holding it
    (``within``, outermost first), its line and column in the YAML, and the
    rule as written (``question``, ``scope`` and ``when`` as conditions'
    data, ``answer``, ``otherwise``, ``by``, ``exception-to``, ``fallback``).
``articles``
    each article an answer may name (those holding a rule, those a rule
    names, those a parameter comes from, the defaults' leaves): its ``name``
    and ``text`` in each language, the text given only where it is
    translated (a reader is shown the original, marked, elsewhere).
``defaults``
    the document's defaults (BWS's), each with the ids of its leaves.
``edition``, ``editions`` (when the document dates its editions)
    the edition's ``edition``, ``effective``, ``published`` and
    ``supersedes``; every edition of the document, ``{edition, effective}``,
    the earliest first (the rulebook of each is compiled apart). A parameter
    an amendment moved has its dated ``values``, ``[day, value, article]``.

A query is the mapping ``handbook explain`` reads (``{auction: 1BA, meaning:
{...}}``, as YAML or JSON composes it); the answer is the mapping ``explain
--json`` prints, :func:`answer`.

>>> book = Rulebook.load({"rulebook": FORMAT, "document": "d", "language": "en", "languages": ["en"],
...     "titles": {"en": "D"}, "questions": [], "parameters": [], "conventions": [], "labels": {},
...     "rules": [{"article": "one-nt", "within": [], "line": 3, "column": 5,
...                "rule": {"question": "alert", "scope": {"call": "1NT"}, "answer": "no", "otherwise": "yes"}}],
...     "articles": {}, "defaults": {}})
>>> answer(book, book.situation({"auction": "1NT", "meaning": {"hcp": "15-17"}}))["verdicts"]["alert"]["value"]
'no'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .conditions import ALWAYS, Condition
from .dated import on_day
from .engine import Conflict, Rule, Undecided, Verdict, judge
from .errors import RuleCycle, Unbounded, VocabularyError
from .query import Query
from .reasons import reason_data
from .registry import Answer, Convention, Parameter, Question, Registry, reading
from .situation import Situation

#: The rulebook format this engine reads and the build writes.
FORMAT = 1

#: The keys of a rule as written on its article (the loader's RULE_KEYS, with
#: ``otherwise.by`` as ``by``).
_RULE_KEYS = ("question", "scope", "when", "answer", "otherwise", "by", "exception-to", "fallback")


class RulebookError(ValueError):
    """A rulebook this engine cannot read: another format, or broken data."""


@dataclass(frozen=True, slots=True)
class Article:
    """An article an answer may name: its name and text in each language
    (the text only where it is translated, and in the original)."""

    id: str
    names: Mapping[str, str] = field(default_factory=dict)
    texts: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Rulebook:
    """One document's rules, ready to be asked (see the module's description)."""

    document: str
    language: str
    languages: tuple[str, ...]
    titles: Mapping[str, str]
    registry: Registry
    labels: Mapping[str, Mapping[str, Mapping[str, str]]]
    rules: tuple[Rule, ...]
    articles: Mapping[str, Article]
    defaults: Mapping[str, tuple[str, ...]]
    #: The edition these rules are (its name and the day it is in force
    #: from; "" for a document that states none), and every edition of the
    #: document, the earliest first, each ``(name, effective)``.
    edition: str = ""
    effective: str = ""
    editions: tuple[tuple[str, str], ...] = ()

    @classmethod
    def load(cls, data: Any, on: str = "") -> Rulebook:
        """A rulebook from its JSON data, its rules reading the parameter
        values in force on the day ``on`` (``YYYY-MM-DD``; default: the last);
        raises :class:`RulebookError`."""
        if not isinstance(data, Mapping) or data.get("rulebook") != FORMAT:
            found = data.get("rulebook") if isinstance(data, Mapping) else None
            raise RulebookError(f"not a rulebook of format {FORMAT} (found {found!r})")
        try:
            registry = registry_from_data(data)
            if on:
                registry = registry.on(on)
            edition = data.get("edition", {})
            language = str(data["language"])
            with reading(registry):
                rules = tuple(rule_from_data(item, language, registry) for item in data["rules"])
            return cls(
                document=str(data["document"]),
                language=language,
                languages=tuple(str(lang) for lang in data["languages"]),
                titles=dict(data["titles"]),
                registry=registry,
                labels={lang: {q: dict(a) for q, a in by_question.items()}
                        for lang, by_question in data["labels"].items()},
                rules=rules,
                articles={key: Article(key, dict(item.get("name", {})), dict(item.get("text", {})))
                          for key, item in data["articles"].items()},
                defaults={key: tuple(leaves) for key, leaves in data["defaults"].items()},
                edition=str(edition.get("edition", "")),
                effective=str(edition.get("effective", "")),
                editions=tuple((str(e["edition"]), str(e["effective"])) for e in data.get("editions", ())),
            )
        except (KeyError, TypeError, AttributeError, VocabularyError) as exc:
            raise RulebookError(f"rulebook of {data.get('document', '?')!r} is damaged: {exc}") from None

    def edition_on(self, day: str) -> str | None:
        """The name of the edition in force on ``day`` (this one's for a
        document that dates none); ``None`` before the first."""
        if not self.editions:
            return self.edition
        return on_day([(effective, name) for name, effective in self.editions], day)

    def questions(self) -> list[str]:
        """The questions its rules answer, in the order the rules first name them."""
        return list(dict.fromkeys(rule.question for rule in self.rules))

    def text(self, article: str, language: str) -> str:
        """The text of ``article`` in ``language``: its translation, else the original ("" for none)."""
        found = self.articles.get(article)
        if found is None:
            return ""
        return found.texts.get(language, found.texts.get(self.language, ""))

    def query(self, data: Any) -> Query:
        """``data`` (a query as YAML or JSON composes it) read under this
        document's registry: its conventions may be named. Raises
        :class:`~build_tools.rules.errors.VocabularyError`."""
        with reading(self.registry):
            return Query.parse(data)

    def situation(self, data: Any) -> Situation:
        """The facts of the query ``data`` in the document's notation. Raises
        :class:`~build_tools.rules.errors.VocabularyError` for a bad query and
        :class:`~build_tools.bridge.BridgeError` for an auction the model refuses."""
        return self.query(data).situation(self.language)


def answer(book: Rulebook, situation: Situation, questions: Sequence[str] = ()) -> dict[str, Any]:
    """The answer to a query: ``{"document", "verdicts": {question: verdict},
    "undecided": ["question: why", ...]}``, each verdict as :func:`verdict_data`
    gives it; by default every question the rules answer. A document that
    dates its editions names the edition that answered: ``edition`` and
    ``effective`` beside ``document``, and ``edition`` in each verdict."""
    verdicts: dict[str, dict[str, Any]] = {}
    failures = []
    for question in questions or book.questions():
        try:
            verdict = judge(book.rules, question, situation)
        except (Undecided, Conflict, RuleCycle, Unbounded) as exc:
            # A cycle the document's validate reports is, here, one line.
            failures.append(f"{question}: {exc}")
            continue
        verdicts[question] = verdict_data(verdict)
        if book.effective:
            # An answer that may change with an amendment names the edition that gave it.
            verdicts[question]["edition"] = book.edition
    if not book.effective:
        return {"document": book.document, "verdicts": verdicts, "undecided": failures}
    return {"document": book.document, "edition": book.edition, "effective": book.effective,
            "verdicts": verdicts, "undecided": failures}


def verdict_data(verdict: Verdict) -> dict[str, Any]:
    """A verdict as data: ``value``, the deciding ``article``, every article
    that agreed (``articles``), the ``chain`` that led there, ``because`` (the
    conditions that decided, in the rules' terms), the rules an exception
    ``set_aside`` and the ``reasons`` (each predicate that decided, its value,
    whether it held and its words: :func:`~build_tools.rules.reasons.reason_data`);
    a verdict that depends gives ``needs`` and the ``cases`` of the rules in
    doubt, each with the reasons the query leaves unknown. The verdict on a
    call of several types gives each type's own, its reasons, as ``types``
    (``None`` for a type no rule answers)."""
    if verdict.depends:
        found: dict[str, Any] = {
            "value": "depends", "needs": list(verdict.needs),
            "cases": [{"article": c.article, "if": c.condition, "then": c.holds, "otherwise": c.fails,
                       "needs": list(c.needs), "reasons": [reason_data(r) for r in c.reasons]}
                      for c in verdict.cases]}
    else:
        found = {"value": verdict.answer, "article": verdict.article, "articles": list(verdict.articles),
                 "chain": list(verdict.chain), "because": verdict.reason, "set_aside": list(verdict.set_aside),
                 "reasons": [reason_data(r) for r in verdict.reasons]}
    if verdict.types:
        found["types"] = [None if t is None else _type_data(t) for t in verdict.types]
    return found


def _type_data(verdict: Verdict) -> dict[str, Any]:
    """One type's verdict, a reason of the call's: its answer and article, or what it depends on."""
    if verdict.depends:
        return {"value": "depends", "needs": list(verdict.needs)}
    return {"value": verdict.answer, "article": verdict.article, "because": verdict.reason}


# --- the parts of a rulebook, each a parse/format pair --------------------------------

def rule_data(rule: Rule) -> dict[str, Any]:
    """A rule as a rulebook holds it: where it stands, and what is written."""
    written: dict[str, Any] = {"question": rule.question}
    for key, condition in (("scope", rule.scope), ("when", rule.when)):
        if condition is not ALWAYS:
            if condition.origin is None:
                raise RulebookError(f"rule of {rule.article!r}: its {key} was not read from data")
            written[key] = condition.origin[0]
    written["answer"] = rule.answer
    if rule.otherwise is not None:
        written["otherwise"] = rule.otherwise
    if rule.otherwise_by is not None:
        written["by"] = rule.otherwise_by
    if rule.exception_to:
        written["exception-to"] = list(rule.exception_to)
    if rule.fallback:
        written["fallback"] = True
    return {"article": rule.article, "within": list(rule.within), "line": rule.line, "column": rule.column,
            "rule": written}


def rule_from_data(item: Mapping[str, Any], language: str, registry: Registry) -> Rule:
    """The rule :func:`rule_data` wrote, its conditions read again in ``language``."""
    written = item["rule"]
    unknown = set(written) - set(_RULE_KEYS)
    if unknown:
        raise RulebookError(f"rule of {item.get('article')!r}: unknown keys {sorted(unknown)}")

    def condition(key: str) -> Condition:
        return Condition.parse(written[key], language, key, registry) if key in written else ALWAYS

    return Rule(
        article=str(item["article"]),
        question=str(written["question"]),
        answer=str(written["answer"]),
        scope=condition("scope"),
        when=condition("when"),
        otherwise=written.get("otherwise"),
        otherwise_by=written.get("by"),
        exception_to=tuple(written.get("exception-to", ())),
        fallback=bool(written.get("fallback", False)),
        within=tuple(item.get("within", ())),
        line=int(item.get("line", 0)),
        column=int(item.get("column", 0)),
    )


def registry_data(registry: Registry) -> dict[str, list[dict[str, Any]]]:
    """The questions, parameters and conventions of ``registry`` as data."""
    return {
        "questions": [{"question": q.name, "text": q.text, "open": q.open, "form": q.form,
                       "declared-by": q.declared_by,
                       "answers": [{"answer": a.answer, "label": a.label, "tone": a.tone, "mark": a.mark,
                                    "residual": a.residual} for a in q.answers]}
                      for q in registry.questions.values()],
        "parameters": [{"parameter": p.name, "value": p.value, "article": p.article, "edition": p.edition,
                        "text": p.text, "declared-by": p.declared_by,
                        **({"values": [list(v) for v in p.values]} if p.values else {})}
                       for p in registry.parameters.values()],
        "conventions": [{"convention": c.name, "label": c.label, "text": c.text, "declared-by": c.declared_by}
                        for c in registry.conventions.values()],
    }


def registry_from_data(data: Mapping[str, Any]) -> Registry:
    """The registry :func:`registry_data` wrote (its items are trusted: the
    loader checked them when it read the document)."""
    return Registry(
        {q["question"]: Question(q["question"], q["text"], tuple(
            Answer(a["answer"], a["label"], a["tone"], a["mark"], a["residual"]) for a in q["answers"]),
            q["open"], q["form"], q["declared-by"]) for q in data["questions"]},
        {p["parameter"]: Parameter(p["parameter"], p["value"], p["article"], p["edition"], p["text"],
                                   p["declared-by"], tuple((str(d), v, str(a)) for d, v, a in p.get("values", ())))
         for p in data["parameters"]},
        {c["convention"]: Convention(c["convention"], c["label"], c["text"], c["declared-by"])
         for c in data["conventions"]},
    )


def articles_named(rules: Iterable[Rule], registry: Registry) -> list[str]:
    """The articles an answer of ``rules`` may name, in the order first named:
    each rule's own, its ``otherwise.by`` and ``exception-to`` targets, and
    the articles the registry's parameters come from."""
    found: dict[str, None] = {}
    for rule in rules:
        for article in (rule.article, rule.otherwise_by, *rule.exception_to):
            if article:
                found[article] = None
    for parameter in registry.parameters.values():
        for article in (parameter.article, *(a for _, _, a in parameter.values)):
            if article:
                found[article] = None
    return list(found)
