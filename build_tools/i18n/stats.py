"""How much of each document is translated into each language, counted as
the build publishes: a fuzzy or blank entry is not translated, nor is one made
from an older text (its msgid no longer the element's text)."""

from __future__ import annotations

from typing import Any

from build_tools.i18n.catalogs import catalog_path, read_catalog
from build_tools.i18n.interface import extract_interface
from build_tools.i18n.translate import translate
from build_tools.pipeline import Handbook
from build_tools.render import TEMPLATES, UI_DOMAIN


def catalog_stats(handbook: Handbook, languages: list[str]) -> list[dict[str, Any]]:
    """One row per document and language (and the interface catalog ``handbook``
    of each language but English): total, translated, fuzzy, untranslated and
    obsolete entries."""
    rows: list[dict[str, Any]] = []
    interface = extract_interface(TEMPLATES)
    for lang in languages:
        for doc in handbook.documents:
            if doc.language == lang:
                continue
            path = catalog_path(handbook.translations, lang, doc.id)
            catalog = read_catalog(path) if path.exists() else None
            total = sum(1 for _ in doc.messages())
            missing = translate(doc, lang, catalog).untranslated
            current = {(m.context, m.text) for m in doc.messages()}
            fuzzy = sum(1 for m in catalog or () if m.id and m.fuzzy and (m.context, str(m.id)) in current)
            rows.append({"document": doc.id, "language": lang, "total": total,
                         "translated": total - len(missing), "fuzzy": fuzzy,
                         "untranslated": len(missing) - fuzzy,
                         "obsolete": len(catalog.obsolete) if catalog is not None else 0})
        if lang != "en":
            path = catalog_path(handbook.translations, lang, UI_DOMAIN)
            catalog = read_catalog(path) if path.exists() else None
            wanted = {e.msgid for e in interface}
            done = {str(m.id) for m in catalog or () if m.id and not m.fuzzy and str(m.string or "").strip()}
            fuzzy = sum(1 for m in catalog or () if m.id and m.fuzzy and str(m.id) in wanted)
            rows.append({"document": UI_DOMAIN, "language": lang, "total": len(wanted),
                         "translated": len(wanted & done), "fuzzy": fuzzy,
                         "untranslated": len(wanted - done) - fuzzy,
                         "obsolete": len(catalog.obsolete) if catalog is not None else 0})
    return rows
