"""How much of each document is translated into each language, counted as
the build publishes: a fuzzy or blank entry is not translated, nor is one made
from an older text (its msgid no longer the element's text)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polib
from babel.messages.catalog import Catalog, Message

from build_tools.diagnostics import Diagnostic, DiagnosticError
from build_tools.i18n.catalogs import catalog_path, read_catalog
from build_tools.i18n.interface_strings import extract_interface
from build_tools.i18n.translate import translate
from build_tools import incremental
from build_tools.pipeline import Handbook, Prepared
from build_tools.render import TEMPLATES, UI_DOMAIN


def catalog_stats(handbook: Handbook, languages: list[str],
                  problems: list[Diagnostic] | None = None, prepared: Prepared | None = None) -> list[dict[str, Any]]:
    """One row per document and language (and the interface catalog ``handbook``
    of each language but English): total, translated, fuzzy, untranslated and
    obsolete entries. A catalog that cannot be read counts as empty, as the
    build shows it; its problems are added to ``problems``. With ``prepared``
    (a build's), a document's row whose document and catalog are those of a
    row counted before is taken from the cache, as are the templates' strings
    (keyed by the code: they are in it)."""
    rows: list[dict[str, Any]] = []
    cache = prepared.cache if prepared is not None and problems is None else None

    def read(path: Path) -> Catalog | None:
        if not path.exists():
            return None
        try:
            return read_catalog(path)
        except DiagnosticError as exc:
            if problems is not None:
                problems.extend(exc.diagnostics)
            return None

    interface = cache.get("status", incremental.key(incremental.code_digest(), "interface")) if cache else None
    if not isinstance(interface, polib.POFile):
        interface = extract_interface(TEMPLATES)
        if cache is not None:
            cache.put("status", incremental.key(incremental.code_digest(), "interface"), interface)
    for lang in languages:
        for doc in handbook.documents:
            if doc.language == lang:
                continue
            path = catalog_path(handbook.translations, lang, doc.id)
            key = ""
            if cache is not None and prepared is not None:
                key = incremental.key(incremental.code_digest(), "status", lang, prepared.keys[doc.id],
                                      incremental.file_part(path))
                found = cache.get("status", key)
                if isinstance(found, dict):
                    rows.append(found)
                    continue
            catalog = read(path)
            total = sum(1 for _ in doc.messages())
            missing = translate(doc, lang, catalog).untranslated
            current = {(m.context, m.text) for m in doc.messages()}
            fuzzy = sum(1 for m in catalog or () if m.id and m.fuzzy and (m.context, str(m.id)) in current)
            rows.append({"document": doc.id, "language": lang, "total": total,
                         "translated": total - len(missing), "fuzzy": fuzzy,
                         "untranslated": len(missing) - fuzzy,
                         "obsolete": len(catalog.obsolete) if catalog is not None else 0})
            if cache is not None:
                cache.put("status", key, rows[-1])
        if lang != "en":
            path = catalog_path(handbook.translations, lang, UI_DOMAIN)
            catalog = read(path)
            # Keyed as msgfmt counts them: one text under two contexts is two entries.
            wanted = {(e.msgctxt or None, e.msgid) for e in interface}
            done = {_key(m) for m in catalog or () if m.id and not m.fuzzy and _translated(m)}
            fuzzy = sum(1 for m in catalog or () if m.id and m.fuzzy and _key(m) in wanted)
            rows.append({"document": UI_DOMAIN, "language": lang, "total": len(wanted),
                         "translated": len(wanted & done), "fuzzy": fuzzy,
                         "untranslated": len(wanted - done) - fuzzy,
                         "obsolete": len(catalog.obsolete) if catalog is not None else 0})
    return rows


def _key(message: Message) -> tuple[str | None, str]:
    """(msgctxt, msgid) of ``message``, the singular msgid of a plural one."""
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return message.context, msgid


def _translated(message: Message) -> bool:
    """Whether ``message`` gives a translation: every plural form of it more than blanks."""
    forms = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
    return all(str(form or "").strip() for form in forms)
