"""The glossary: one term per bridge concept and language, and what a
translation must and must not say.

``translations/glossary.yaml`` holds the concepts (see its header): each with
its term in the six languages, the variants that drifted in the catalogs
(forbidden), and the article (``document#id``) it is taken from.
:func:`tbx` writes it as TBX-Basic (``translations/glossary.tbx``), the form
Weblate, Poedit and OmegaT read, each term defined by its article's text in
that language; :func:`term_problems` is the translator's lint of it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

import yaml

from build_tools import markup

#: The glossary's file names in the translations folder.
SOURCE_NAME = "glossary.yaml"
TBX_NAME = "glossary.tbx"
LANGUAGES = ("pl", "en", "ru", "es", "sv", "zh_CN")


class GlossaryError(ValueError):
    """A glossary entry that cannot be read."""


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


def _variant(value: Any, language: str, where: str) -> Variant:
    if isinstance(value, str):
        return Variant(value, _pattern(value, language))
    if isinstance(value, dict) and isinstance(value.get("term"), str):
        text = value["term"]
        return Variant(text, re.compile(value["match"], re.IGNORECASE) if "match" in value else _pattern(text, language))
    raise GlossaryError(f"{where}: a forbidden variant is a term or {{term, match}}")


def _terms(value: Any, language: str, where: str) -> Terms:
    if isinstance(value, str):
        return Terms(value)
    if not isinstance(value, dict) or not isinstance(value.get("term"), str):
        raise GlossaryError(f"{where}: give the term, or a mapping with 'term'")
    unknown = set(value) - {"term", "also", "forbidden", "match"}
    if unknown:
        raise GlossaryError(f"{where}: unknown key {', '.join(sorted(unknown))}")
    try:
        match = re.compile(value["match"], re.IGNORECASE) if "match" in value else None
    except re.error as exc:
        raise GlossaryError(f"{where}: match: {exc}") from exc
    return Terms(value["term"], tuple(value.get("also", ())),
                 tuple(_variant(v, language, where) for v in value.get("forbidden", ())), match)


def parse(data: Any) -> tuple[Concept, ...]:
    """The concepts of a glossary's YAML data; every concept has a term in
    every language of :data:`LANGUAGES`."""
    if not isinstance(data, dict) or not isinstance(data.get("concepts"), list):
        raise GlossaryError("the glossary is a mapping with a list 'concepts'")
    concepts: list[Concept] = []
    seen: set[str] = set()
    for entry in data["concepts"]:
        ident = str(entry.get("id", ""))
        if not ident or ident in seen:
            raise GlossaryError(f"concept {ident!r}: an id, once")
        seen.add(ident)
        article = str(entry.get("article", ""))
        if "#" not in article:
            raise GlossaryError(f"concept {ident!r}: article is document#id")
        missing = [lang for lang in LANGUAGES if lang not in entry]
        if missing:
            raise GlossaryError(f"concept {ident!r}: no term in {', '.join(missing)}")
        terms = {lang: _terms(entry[lang], lang, f"concept {ident!r} {lang}") for lang in LANGUAGES}
        concepts.append(Concept(ident, article, str(entry.get("from", "")), terms))
    return tuple(concepts)


@cache
def _load(path: Path, mtime: float) -> tuple[Concept, ...]:
    with path.open(encoding="utf-8") as handle:
        return parse(yaml.safe_load(handle))


def load(translations: Path) -> tuple[Concept, ...]:
    """The glossary of a translations folder (none when it has no glossary)."""
    path = translations / SOURCE_NAME
    if not path.exists():
        return ()
    return _load(path, path.stat().st_mtime)


def _prose(text: str) -> str:
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
    read, source_read = _prose(text), _prose(source)
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


# --- TBX ---------------------------------------------------------------------

def _bcp47(language: str) -> str:
    return language.replace("_", "-")


def tbx(concepts: Iterable[Concept], definitions: Mapping[tuple[str, str], str]) -> str:
    """The glossary as TBX-Basic: ``definitions`` maps (article, language) to
    the article's text in that language, the term's definition."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<martif type="TBX-Basic" xml:lang="en">',
           "  <martifHeader>",
           "    <fileDesc>",
           "      <titleStmt><title>Bridge regulation handbook: glossary</title></titleStmt>",
           "      <sourceDesc><p>Written by 'handbook i18n glossary' from translations/glossary.yaml; "
           "each definition is the text of the article the concept is taken from.</p></sourceDesc>",
           "    </fileDesc>",
           '    <encodingDesc><p type="XCSURI">TBXBasicXCSV02.xcs</p></encodingDesc>',
           "  </martifHeader>",
           "  <text>",
           "    <body>"]
    for concept in concepts:
        out.append(f"      <termEntry id={quoteattr('c-' + concept.id)}>")
        out.append('        <descrip type="subjectField">contract bridge</descrip>')
        if concept.origin:
            out.append(f'        <note>{escape(concept.origin)}</note>')
        for language in LANGUAGES:
            terms = concept.terms[language]
            out.append(f"        <langSet xml:lang={quoteattr(_bcp47(language))}>")
            out.append("          <descripGrp>")
            out.append(f'            <descrip type="definition">{escape(definitions[(concept.article, language)])}</descrip>')
            out.append(f'            <admin type="source">{escape(concept.article)}</admin>')
            out.append("          </descripGrp>")
            statuses = [(terms.term, "preferredTerm-admn-sts")]
            statuses += [(t, "admittedTerm-admn-sts") for t in terms.also]
            statuses += [(v.text, "deprecatedTerm-admn-sts") for v in terms.forbidden]
            for term, status in statuses:
                out.append(f"          <tig><term>{escape(term)}</term>"
                           f'<termNote type="administrativeStatus">{status}</termNote></tig>')
            out.append("        </langSet>")
        out.append("      </termEntry>")
    out += ["    </body>", "  </text>", "</martif>", ""]
    return "\n".join(out)


def article_texts(concepts: Iterable[Concept], documents: Mapping[str, Any],
                  catalogs: Mapping[tuple[str, str], Any]) -> tuple[dict[tuple[str, str], str], list[str]]:
    """Each concept's article in each language, as plain text: the document's
    own text in its language, its catalog's translation in the others.
    ``documents`` maps a document id to a :class:`~build_tools.document.Document`,
    ``catalogs`` (document id, language) to a Babel catalog. Returns the texts
    and what is missing (an unknown article, an untranslated one)."""
    from build_tools.i18n.translate import published

    texts: dict[tuple[str, str], str] = {}
    missing: list[str] = []
    for concept in concepts:
        document_id, _, context = concept.article.partition("#")
        document = documents.get(document_id)
        if document is None:
            missing.append(f"{concept.id}: no document '{document_id}'")
            continue
        original = {m.context: m.text for m in document.messages()}
        if context not in original:
            missing.append(f"{concept.id}: no text '{context}' in '{document_id}'")
            continue
        for language in LANGUAGES:
            if language == document.language:
                texts[(concept.article, language)] = _prose(original[context])
                continue
            catalog = catalogs.get((document_id, language))
            message = catalog.get(original[context], context) if catalog is not None else None
            translated = published(message)
            if translated is None:
                missing.append(f"{concept.id}: '{concept.article}' is not translated into {language}")
            else:
                texts[(concept.article, language)] = _prose(translated)
    return texts, missing
