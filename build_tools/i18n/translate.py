"""Apply a catalog to a document: the translate stage of the pipeline."""

from __future__ import annotations

from babel.messages.catalog import Catalog
from babel.messages.catalog import Message as Entry

from build_tools.document import Document, Message


def published(entry: Entry | None) -> str | None:
    """The translation ``entry`` gives, when it gives one: translated, not
    fuzzy, and more than blanks (a blank translation would publish an empty text).

    >>> published(Entry("Zasady", "   ", context="x")) is None
    True
    """
    if entry is None or entry.fuzzy or not isinstance(entry.string, str) or not entry.string.strip():
        return None
    return entry.string


def translate(document: Document, language: str, catalog: Catalog | None,
              rejected: frozenset[str] = frozenset()) -> Document:
    """``document`` in ``language``, using ``catalog`` (``None``: nothing translated).

    An entry is published only when it is translated (not only blanks), not fuzzy,
    and its ``msgid`` is still the current source text, and its context is not
    ``rejected``; otherwise the original text stays, and its context is listed in
    the result's ``untranslated`` so that the page can mark it.
    """
    if language == document.language:
        return document
    entries = {}
    if catalog is not None:
        # Keyed by text too: of two entries with one context, the one made from
        # the current text is the translation.
        entries = {(m.context, m.id): m for m in catalog if m.id and m.context}

    def lookup(message: Message) -> str | None:
        # A rejected entry (one the build found broken) shows the original.
        if message.context in rejected:
            return None
        return published(entries.get((message.context, message.text)))

    return document.translated(language, lookup)
