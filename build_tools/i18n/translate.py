"""Apply a catalog to a document: the translate stage of the pipeline."""

from __future__ import annotations

from babel.messages.catalog import Catalog

from build_tools.document import Document, Message


def translate(document: Document, language: str, catalog: Catalog | None) -> Document:
    """``document`` in ``language``, using ``catalog`` (``None``: nothing translated).

    An entry is published only when it is translated, not fuzzy, and its ``msgid``
    is still the current source text; otherwise the original text stays, and its
    context is listed in the result's ``untranslated`` so that the page can mark it.
    """
    if language == document.language:
        return document
    entries = {}
    if catalog is not None:
        entries = {m.context: m for m in catalog if m.id and m.context}

    def lookup(message: Message) -> str | None:
        entry = entries.get(message.context)
        if entry is None or entry.fuzzy or entry.id != message.text or not entry.string:
            return None
        return str(entry.string)

    return document.translated(language, lookup)
