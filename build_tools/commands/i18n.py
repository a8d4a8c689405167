"""Maintain the translation catalogs (gettext .po files).

  update   extract every text of every document and merge it into
           translations/<lang>/LC_MESSAGES/<document>.po for each language of the
           manifest; changed source texts become fuzzy, keeping the old text as
           `#| msgid`; also refreshes the interface catalog handbook.po.
  check    report, per catalog, how much is translated, and the problems of
           each translation (numbers or suit symbols lost); `--strict` makes
           untranslated or fuzzy entries errors.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from build_tools.commands._common import add_location_arguments, report
from build_tools.diagnostics import Diagnostic, DiagnosticError
from build_tools.i18n import catalog_path, extract, read_catalog, update, write_catalog
from build_tools.i18n.catalogs import new_catalog
from build_tools.i18n.interface import extract_interface
from build_tools.i18n.lint import lint
from build_tools.loader import display_path
from build_tools.pipeline import load_handbook
from build_tools.render import TEMPLATES, UI_DOMAIN


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    up = sub.add_parser("update", help="extract texts and merge them into the catalogs")
    up.add_argument("--check", action="store_true", help="write nothing; exit 1 if a catalog would change")
    ck = sub.add_parser("check", help="translation status and translator lint")
    ck.add_argument("--strict", action="store_true", help="untranslated or fuzzy entries are errors")
    for p in (up, ck):
        p.add_argument("-l", "--language", action="append", metavar="LANG", help="only this language")
        add_location_arguments(p)



def run(args: argparse.Namespace) -> int:
    try:
        handbook = load_handbook(args.source, args.translations)
        languages = args.language or list(handbook.manifest.languages)
        if args.action == "update":
            return _update(handbook, languages, args.translations, args.check)
        return _check(handbook, languages, args.translations, args.strict)
    except DiagnosticError as exc:
        return report(exc)


def _update(handbook, languages: list[str], translations: Path, check_only: bool) -> int:  # type: ignore[no-untyped-def]
    stale = []
    ui_template = extract_interface(TEMPLATES)
    for lang in languages:
        jobs = [(doc.id, extract(doc, lang)) for doc in handbook.documents if doc.language != lang]
        if lang != "en":
            jobs.append((UI_DOMAIN, ui_template))
        for domain, template in jobs:
            path = catalog_path(translations, lang, domain)
            existing = read_catalog(path) if path.exists() else None
            if existing is None:
                existing = new_catalog(lang, domain)
            merged, added, fuzzied = update(existing, template)
            merged.locale = lang  # type: ignore[assignment]
            if check_only:
                import io
                from babel.messages.pofile import write_po
                before = path.read_bytes() if path.exists() else b""
                buf = io.BytesIO()
                write_po(buf, merged, width=76, include_previous=True)
                from build_tools.i18n.catalogs import _without_dates
                if _without_dates(buf.getvalue()) != before:
                    stale.append(display_path(path))
                continue
            changed = write_catalog(merged, path)
            if changed:
                print(f"{display_path(path)}: {added} new, {fuzzied} now fuzzy, {len(merged)} entries")
    if stale:
        for path in stale:
            print(f"{path}: error: catalog out of date; run 'handbook i18n update'", file=sys.stderr)
        return 1
    return 0


def _check(handbook, languages: list[str], translations: Path, strict: bool) -> int:  # type: ignore[no-untyped-def]
    problems: list[Diagnostic] = []
    for lang in languages:
        for doc in handbook.documents:
            if doc.language == lang:
                continue
            path = catalog_path(translations, lang, doc.id)
            shown = display_path(path)
            if not path.exists():
                print(f"{shown}: missing (nothing of '{doc.id}' is translated into {lang})")
                if strict:
                    problems.append(Diagnostic(shown, 0, 0, "catalog missing"))
                continue
            catalog = read_catalog(path)
            current = {m.context: m.text for m in doc.messages()}
            entries = {m.context: m for m in catalog if m.id and m.context}
            done = sum(1 for ctx, text in current.items()
                       if (e := entries.get(ctx)) and e.string and not e.fuzzy and e.id == text)
            print(f"{shown}: {done} of {len(current)} translated ({100 * done // max(1, len(current))} %)")
            for message, problem in lint(catalog):
                line = message.lineno or 0
                problems.append(Diagnostic(shown, line, 0, f"'{message.context}': {problem}", "warning"))
            if strict:
                for ctx in current:
                    e = entries.get(ctx)
                    if not (e and e.string and not e.fuzzy and e.id == current[ctx]):
                        problems.append(Diagnostic(shown, e.lineno if e else 0, 0, f"'{ctx}' not translated"))
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if any(p.severity == "error" for p in problems) else 0
