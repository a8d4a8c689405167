"""The glossary as TBX-Basic files: one bilingual file per language pair.

Weblate matches a glossary in its component's source language, and reads a
TBX file as one pair: the component's source language and the language its
file name gives; translate-toolkit reads the first two languages of each
entry as source and target. So the glossary (:mod:`build_tools.i18n.glossary`)
is written as translations/glossary/<source>/<target>.tbx, for every language
a document is written in (and English, the interface's) into every other,
each term defined by its article's text in that language.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from build_tools.i18n.glossary import LANGUAGES, Concept, prose

#: The folder of the TBX files, in the translations folder.
TBX_FOLDER = "glossary"


def _bcp47(language: str) -> str:
    return language.replace("_", "-")


# Characters XML 1.0 cannot hold at all (a document may hold some of them
# through a catalog's escapes): left out, so that every file parses.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def _xml(text: str) -> str:
    """``text`` as XML character data.

    >>> _xml("a < b \x01& c\ufffe")
    'a &lt; b &amp; c'
    """
    return escape(_NOT_XML.sub("", text))


@dataclass(frozen=True, slots=True)
class Definition:
    """A concept's definition in one language: its article's text, and a note
    when that text is not the published one (a fuzzy translation, or the
    original where nothing is translated yet)."""

    text: str
    note: str = ""


def tbx_path(translations: Path, source: str, target: str) -> Path:
    return translations / TBX_FOLDER / source / f"{target}.tbx"


def tbx(concepts: Iterable[Concept], definitions: Mapping[tuple[str, str], Definition],
        source: str, target: str) -> str:
    """The glossary's ``source`` → ``target`` pair as TBX-Basic: a concept with
    a term in both languages, the source's language set first; ``definitions``
    maps (article, language) to the article's text in that language."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<martif type="TBX-Basic" xml:lang={quoteattr(_bcp47(source))}>',
           "  <martifHeader>",
           "    <fileDesc>",
           "      <titleStmt><title>Bridge regulation handbook: glossary, "
           f"{_xml(_bcp47(source))} to {_xml(_bcp47(target))}</title></titleStmt>",
           "      <sourceDesc><p>Written by 'handbook i18n glossary' from translations/glossary.yaml; "
           "each definition is the text of the article the concept is taken from.</p></sourceDesc>",
           "    </fileDesc>",
           '    <encodingDesc><p type="XCSURI">TBXBasicXCSV02.xcs</p></encodingDesc>',
           "  </martifHeader>",
           "  <text>",
           "    <body>"]
    for concept in concepts:
        if source not in concept.terms or target not in concept.terms:
            continue
        out.append(f"      <termEntry id={quoteattr('c-' + concept.id)}>")
        out.append('        <descrip type="subjectField">contract bridge</descrip>')
        if concept.origin:
            out.append(f"        <note>{_xml(concept.origin)}</note>")
        for language in (source, target):
            terms = concept.terms[language]
            out.append(f"        <langSet xml:lang={quoteattr(_bcp47(language))}>")
            definition = definitions.get((concept.article, language))
            if definition is not None:
                out.append("          <descripGrp>")
                out.append(f'            <descrip type="definition">{_xml(definition.text)}</descrip>')
                out.append(f'            <admin type="source">{_xml(concept.article)}</admin>')
                out.append("          </descripGrp>")
                if definition.note:
                    out.append(f"          <note>{_xml(definition.note)}</note>")
            statuses = [(terms.term, "preferredTerm-admn-sts")]
            statuses += [(t, "admittedTerm-admn-sts") for t in terms.also]
            statuses += [(v.text, "deprecatedTerm-admn-sts") for v in terms.forbidden]
            for term, status in statuses:
                out.append(f"          <tig><term>{_xml(term)}</term>"
                           f'<termNote type="administrativeStatus">{status}</termNote></tig>')
            out.append("        </langSet>")
        out.append("      </termEntry>")
    out += ["    </body>", "  </text>", "</martif>", ""]
    return "\n".join(out)


def pairs(sources: Iterable[str], languages: Iterable[str]) -> list[tuple[str, str]]:
    """Every (source, target) pair the glossary is written for.

    >>> pairs(["sv", "en"], ["pl", "en", "sv"])
    [('sv', 'pl'), ('sv', 'en'), ('en', 'pl'), ('en', 'sv')]
    """
    targets = list(languages)
    return [(source, target) for source in dict.fromkeys(sources) for target in targets if target != source]


def article_texts(concepts: Iterable[Concept], documents: Mapping[str, Any],
                  catalogs: Mapping[tuple[str, str], Any],
                  languages: Iterable[str] = LANGUAGES) -> tuple[dict[tuple[str, str], Definition], list[str]]:
    """Each concept's article in each language, as plain text: the document's
    own text in its language, its catalog's translation in the others.
    ``documents`` maps a document id to a :class:`~build_tools.document.Document`,
    ``catalogs`` (document id, language) to a Babel catalog. An article whose
    translation is fuzzy is given that translation, marked, and one not
    translated at all its original, marked: a glossary never waits for a
    translator. Returns the texts and the errors (an article that names no
    document or no text of it)."""
    from build_tools.document import language_name
    from build_tools.i18n.translate import published

    texts: dict[tuple[str, str], Definition] = {}
    errors: list[str] = []
    for concept in concepts:
        document_id, _, context = concept.article.partition("#")
        document = documents.get(document_id)
        if document is None:
            errors.append(f"{concept.id}: no document '{document_id}'")
            continue
        original = {m.context: m.text for m in document.messages()}
        if context not in original:
            errors.append(f"{concept.id}: no text '{context}' in '{document_id}'")
            continue
        for language in languages:
            if language == document.language:
                texts[(concept.article, language)] = Definition(prose(original[context]))
                continue
            catalog = catalogs.get((document_id, language))
            message = catalog.get(original[context], context) if catalog is not None else None
            translated = published(message)
            if translated is not None:
                texts[(concept.article, language)] = Definition(prose(translated))
            elif message is not None and isinstance(message.string, str) and message.string.strip():
                texts[(concept.article, language)] = Definition(
                    prose(message.string), "The translation of this definition is not yet reviewed (fuzzy).")
            else:
                texts[(concept.article, language)] = Definition(
                    prose(original[context]),
                    f"Not yet translated: the original text, in {language_name(document.language, 'en')}.")
    return texts, errors
