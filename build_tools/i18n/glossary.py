"""The glossary: one term per bridge concept and language, and what a
translation must and must not say.

``translations/glossary.yaml`` holds the concepts (see its header): each with
its term in the six languages, the variants that drifted in the catalogs
(forbidden), and the article (``document#id``) it is taken from.
:mod:`build_tools.i18n.glossary_tbx` writes it as TBX-Basic, one file per
language pair, the form Weblate, translate-toolkit, Poedit and OmegaT read;
:func:`term_problems` is the translator's lint of it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from build_tools import markup

#: The glossary's file names in the translations folder.
SOURCE_NAME = "glossary.yaml"
LANGUAGES = ("pl", "en", "ru", "es", "sv", "zh_CN")


class GlossaryError(ValueError):
    """A glossary entry that cannot be read: where in the YAML (a dotted path,
    ``concepts.3.ru.match``) and why."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.message = message


@dataclass(frozen=True, slots=True)
class Variant:
    """A term as written, and the pattern that finds it in running text."""

    text: str
    pattern: re.Pattern[str]


@dataclass(frozen=True, slots=True)
class Terms:
    """A concept's terms in one language."""

    term: str
    also: tuple[str, ...] = ()
    forbidden: tuple[Variant, ...] = ()
    #: The forms of the term in running text, when the lint requires it.
    match: re.Pattern[str] | None = None


@dataclass(frozen=True, slots=True)
class Concept:
    id: str
    #: ``document#id``: the article the concept is taken from.
    article: str
    #: Where in the rule model or the documents the term is used.
    origin: str
    #: Its terms by language; a language the glossary lists may lack one (a
    #: language just added): ``i18n check`` says so.
    terms: Mapping[str, Terms] = field(default_factory=dict)


def _pattern(text: str, language: str) -> re.Pattern[str]:
    """A written term as a pattern: case-insensitive, spaces as any blank, any
    ending (inflection), and not inside a longer word; Chinese has no word edges.

    >>> bool(_pattern("cue bid", "en").search("two cue bids")), bool(_pattern("cue bid", "en").search("cue-bid"))
    (True, False)
    """
    body = r"\s+".join(map(re.escape, text.split()))
    if language.startswith("zh"):
        return re.compile(body, re.IGNORECASE)
    return re.compile(r"(?<!\w)" + body + (r"\w*" if text[-1:].isalnum() else ""), re.IGNORECASE)


#: What one line of the glossary may not hold; TBX (XML 1.0) cannot hold most of them either.
_CONTROL = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029]")
#: A repeat of at most this many times may hold another (``(?:\w+\s+){2}``).
_SMALL_BOUND = 4
#: The longest pattern a glossary gives: a term's forms, not a program.
MAX_PATTERN = 200
_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_TERM_KEYS = ("term", "also", "forbidden", "match")
_CONCEPT_KEYS = ("id", "article", "from")


def _line(value: Any, where: str, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise GlossaryError(where, f"{what} is text, not {_shown(value)}")
    if _CONTROL.search(value):
        raise GlossaryError(where, f"{what} is one line, without control characters")
    return value


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _nested_repeat(pattern: str) -> bool:
    r"""Whether ``pattern`` repeats something that repeats itself (``(a+)+``,
    ``([^@]+)+@``) without a small bound (``{2}``): the form of pattern that
    backtracks for ever on a line that almost matches.

    >>> _nested_repeat(r"([^@]+)+@"), _nested_repeat(r"(?:ab*)*"), _nested_repeat(r"kontr\w* bi(?!\w)")
    (True, True, False)
    >>> _nested_repeat(r"(?:\w+\s+){2}x"), _nested_repeat(r"(a|b)?c+")
    (False, False)
    """
    from re import _parser  # type: ignore[attr-defined]

    repeats = {_parser.MAX_REPEAT, _parser.MIN_REPEAT, _parser.POSSESSIVE_REPEAT}

    def parts(op: Any, arg: Any) -> list[Any]:
        """The subpatterns directly inside one item of a parsed pattern."""
        if op in repeats:
            return [arg[2]]
        if op in (_parser.SUBPATTERN, _parser.ATOMIC_GROUP):
            return [arg[-1]]
        if op is _parser.BRANCH:
            return list(arg[1])
        if op in (_parser.ASSERT, _parser.ASSERT_NOT):
            return [arg[1]]
        return []

    def repeats_in(items: Any, bound: int) -> bool:
        """Whether ``items`` hold a repeat of more than ``bound`` times."""
        return any((op in repeats and arg[1] > bound) or any(repeats_in(p, bound) for p in parts(op, arg))
                   for op, arg in items)

    def nested(items: Any) -> bool:
        return any((op in repeats and arg[1] > _SMALL_BOUND and repeats_in(arg[2], 1))
                   or any(nested(p) for p in parts(op, arg)) for op, arg in items)

    return nested(_parser.parse(pattern))


def _regex(value: Any, where: str) -> re.Pattern[str]:
    """A ``match:`` pattern, compiled; refused when it could run for ever."""
    text = _line(value, where, "a match pattern")
    if len(text) > MAX_PATTERN:
        raise GlossaryError(where, f"a match pattern is at most {MAX_PATTERN} characters")
    try:
        compiled = re.compile(text, re.IGNORECASE)
    except (re.error, RecursionError, OverflowError) as exc:
        raise GlossaryError(where, f"not a regular expression: {exc}") from None
    if _nested_repeat(text):
        raise GlossaryError(where, "a repeat inside a repeat ('(x+)+') can run for ever on a text that "
                                   "almost matches: write the forms without it")
    return compiled


def _variant(value: Any, language: str, where: str) -> Variant:
    if isinstance(value, str):
        return Variant(_line(value, where, "a forbidden variant"), _pattern(value, language))
    if isinstance(value, dict) and set(value) <= {"term", "match"} and "term" in value:
        text = _line(value["term"], f"{where}.term", "a forbidden variant")
        return Variant(text, _regex(value["match"], f"{where}.match") if "match" in value
                       else _pattern(text, language))
    raise GlossaryError(where, "a forbidden variant is a term or {term, match}")


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise GlossaryError(where, f"a list, not {_shown(value)}")
    return value


def _terms(value: Any, language: str, where: str) -> Terms:
    if isinstance(value, str):
        return Terms(_line(value, where, "a term"))
    if not isinstance(value, dict) or "term" not in value:
        raise GlossaryError(where, "give the term, or a mapping with 'term'")
    unknown = sorted(str(key) for key in value if key not in _TERM_KEYS)
    if unknown:
        raise GlossaryError(where, f"unknown key {', '.join(unknown)} (a term's keys: {', '.join(_TERM_KEYS)})")
    term = _line(value["term"], f"{where}.term", "a term")
    also = tuple(_line(item, f"{where}.also.{n}", "a term")
                 for n, item in enumerate(_list(value.get("also", []), f"{where}.also")))
    forbidden = tuple(_variant(item, language, f"{where}.forbidden.{n}")
                      for n, item in enumerate(_list(value.get("forbidden", []), f"{where}.forbidden")))
    match = _regex(value["match"], f"{where}.match") if "match" in value else None
    return Terms(term, also, forbidden, match)


def languages_of(data: Any) -> tuple[str, ...]:
    """The languages a glossary's YAML data lists (``languages:``), or :data:`LANGUAGES`."""
    from build_tools.document import is_language

    if not isinstance(data, dict) or "languages" not in data:
        return LANGUAGES
    listed = _list(data["languages"], "languages")
    for n, code in enumerate(listed):
        if not isinstance(code, str) or not is_language(code):
            raise GlossaryError(f"languages.{n}", f"{_shown(code)} is no language code such as pl or zh_CN")
    if len(set(listed)) != len(listed) or not listed:
        raise GlossaryError("languages", "each language once, at least one")
    return tuple(listed)


def parse(data: Any) -> tuple[Concept, ...]:
    """The concepts of a glossary's YAML data. A concept has a term in each of
    the glossary's languages (:func:`languages_of`) but those added since it
    was written; anything else is a :class:`GlossaryError` saying where.

    >>> parse({"concepts": [5]})
    Traceback (most recent call last):
    build_tools.i18n.glossary.GlossaryError: concepts.0: a concept is a mapping: id, article, from and a term per language
    """
    if not isinstance(data, dict) or not isinstance(data.get("concepts"), list):
        raise GlossaryError("", "the glossary is a mapping with a list 'concepts'")
    languages = languages_of(data)
    unknown = sorted(str(key) for key in data if key not in ("concepts", "languages"))
    if unknown:
        raise GlossaryError(unknown[0], "unknown key (the glossary's keys: languages, concepts)")
    concepts: list[Concept] = []
    seen: set[str] = set()
    for n, entry in enumerate(data["concepts"]):
        where = f"concepts.{n}"
        if not isinstance(entry, dict):
            raise GlossaryError(where, "a concept is a mapping: id, article, from and a term per language")
        ident = entry.get("id")
        if not isinstance(ident, str) or not _ID.fullmatch(ident):
            raise GlossaryError(f"{where}.id" if "id" in entry else where,
                                "a concept's id is lowercase words joined by hyphens")
        if ident in seen:
            raise GlossaryError(f"{where}.id", f"concept '{ident}' is given twice")
        seen.add(ident)
        article = _line(entry.get("article"), f"{where}.article" if "article" in entry else where,
                        "'article' (document#id)")
        if not re.fullmatch(r"[a-z0-9-]+#[\w.-]+", article):
            raise GlossaryError(f"{where}.article", f"article is document#id, not {_shown(article)}")
        origin = _line(entry["from"], f"{where}.from", "'from'") if "from" in entry else ""
        unknown = sorted(str(key) for key in entry if key not in _CONCEPT_KEYS and key not in languages)
        if unknown:
            raise GlossaryError(f"{where}.{unknown[0]}", f"'{unknown[0]}' is no language of the glossary "
                                f"({', '.join(languages)}) nor a key of a concept ({', '.join(_CONCEPT_KEYS)})")
        terms = {lang: _terms(entry[lang], lang, f"{where}.{lang}") for lang in languages if lang in entry}
        missing = [lang for lang in LANGUAGES if lang in languages and lang not in terms]
        if missing:
            raise GlossaryError(where, f"concept '{ident}' has no term in {', '.join(missing)}")
        concepts.append(Concept(ident, article, origin, terms))
    return tuple(concepts)


@cache
def _load(path: Path, mtime: float, size: int) -> tuple[tuple[str, ...], tuple[Concept, ...]]:
    from build_tools.diagnostics import Diagnostic, DiagnosticError
    from build_tools.loader import compose, display_path

    root = compose(path)  # located YAML errors, no aliases, within the size limit
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    try:
        return languages_of(data), parse(data)
    except GlossaryError as exc:
        node = _node_at(root, exc.where)
        raise DiagnosticError([Diagnostic(display_path(path), node.start_mark.line + 1,
                                          node.start_mark.column + 1, exc.message)]) from None


def _node_at(node: yaml.Node, where: str) -> yaml.Node:
    """The node at the dotted path ``where`` (the deepest that exists)."""
    for part in where.split(".") if where else ():
        if isinstance(node, yaml.MappingNode):
            found = [(k, v) for k, v in node.value if str(getattr(k, "value", "")) == part]
            if not found:
                return node
            node = found[0][1]
        elif isinstance(node, yaml.SequenceNode) and part.isdigit() and int(part) < len(node.value):
            node = node.value[int(part)]
        else:
            return node
    return node


def load(translations: Path) -> tuple[Concept, ...]:
    """The glossary of a translations folder (none when it has no glossary);
    a glossary that cannot be read raises one located
    :class:`~build_tools.diagnostics.DiagnosticError`."""
    path = translations / SOURCE_NAME
    if not path.exists():
        return ()
    stat = path.stat()
    return _load(path, stat.st_mtime, stat.st_size)[1]


def languages(translations: Path) -> tuple[str, ...]:
    """The languages of a translations folder's glossary (:data:`LANGUAGES` without one)."""
    path = translations / SOURCE_NAME
    if not path.exists():
        return LANGUAGES
    stat = path.stat()
    return _load(path, stat.st_mtime, stat.st_size)[0]


def prose(text: str) -> str:
    """What a reader reads of ``text``: markup dropped, link texts and roles kept."""
    return "".join(piece.text for piece in markup.parse(text))


def term_problems(concepts: Iterable[Concept], source: str, text: str,
                  source_language: str, language: str) -> Iterator[str]:
    """What the translation ``text`` (in ``language``) does against the
    glossary: a forbidden variant used, or a required term missing where the
    source (in ``source_language``) names its concept.

    >>> concepts = parse({"concepts": [{"id": "cue-bid", "article": "d#x",
    ...     "en": {"term": "cue-bid", "forbidden": ["cue bid"], "match": "cue-bid"},
    ...     "sv": {"term": "cuebud", "match": "cuebud"}, "pl": "cue bid", "ru": "кюбид",
    ...     "es": "cue-bid", "zh_CN": "扣叫"}]})
    >>> list(term_problems(concepts, "ett cuebud", "a cue bid", "sv", "en"))
    ["glossary (cue-bid): 'cue bid' is a forbidden variant; write 'cue-bid'", \
"glossary (cue-bid): the source names 'cue-bid' (cuebud); the translation should say 'cue-bid'"]
    >>> list(term_problems(concepts, "ett cuebud", "a cue-bid", "sv", "en"))
    []
    """
    if not text.strip():
        return
    read, source_read = prose(text), prose(source)
    found: list[tuple[int, int, Concept, Variant]] = []
    for concept in concepts:
        terms = concept.terms.get(language)
        if terms is None:
            continue
        for variant in terms.forbidden:
            found.extend((m.start(), m.end(), concept, variant) for m in variant.pattern.finditer(read))
    # A variant inside a longer one ("forzante" in "no forzante") is that one.
    reported: set[tuple[str, str]] = set()
    for start, end, concept, variant in found:
        if any(s <= start and end <= e and (e - s) > (end - start) for s, e, _, _ in found):
            continue
        if (concept.id, variant.text) not in reported:
            reported.add((concept.id, variant.text))
            yield f"glossary ({concept.id}): '{variant.text}' is a forbidden variant; write '{concept.terms[language].term}'"
    for concept in concepts:
        theirs, ours = concept.terms.get(source_language), concept.terms.get(language)
        if theirs is None or ours is None or theirs.match is None or ours.match is None:
            continue
        if theirs.match.search(source_read) and not ours.match.search(read):
            yield (f"glossary ({concept.id}): the source names '{concept.id}' ({theirs.term}); "
                   f"the translation should say '{ours.term}'")
