"""Maintain the translation catalogs (gettext .po files).

  update   extract every text of every document and merge it into
           translations/<lang>/LC_MESSAGES/<document>.po for each language of the
           manifest; changed source texts become fuzzy, keeping the old text as
           `#| msgid`; also refreshes the interface catalog handbook.po.
           With --check, writes nothing and fails if a catalog is out of date.
  check    report, per catalog, how much is translated, and the problems of
           each translation (numbers or suit symbols lost); `--strict` makes
           untranslated or fuzzy entries errors.
"""

from __future__ import annotations

import argparse
import sys

from build_tools.commands._common import add_location_arguments, report
from build_tools.diagnostics import Diagnostic, DiagnosticError
from build_tools.i18n import catalog_path, extract, read_catalog, translate, update, write_catalog
from build_tools.i18n.catalogs import catalog_bytes, new_catalog
from build_tools.i18n.interface import extract_interface
from build_tools.i18n.lint import lint
from build_tools.loader import display_path
from build_tools.pipeline import Handbook, load_handbook
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
            return _update(handbook, languages, args.check)
        return _check(handbook, languages, args.strict)
    except DiagnosticError as exc:
        return report(exc)


def _update(handbook: Handbook, languages: list[str], check_only: bool) -> int:
    stale: list[str] = []
    interface = extract_interface(TEMPLATES)
    for lang in languages:
        jobs = [(doc.id, extract(doc, lang)) for doc in handbook.documents if doc.language != lang]
        if lang != "en":  # interface msgids are English
            jobs.append((UI_DOMAIN, interface))
        for domain, template in jobs:
            path = catalog_path(handbook.translations, lang, domain)
            existing = read_catalog(path) if path.exists() else new_catalog(lang, domain)
            merged, added, fuzzied = update(existing, template)
            if check_only:
                if not path.exists() or catalog_bytes(merged) != path.read_bytes():
                    stale.append(display_path(path))
            elif write_catalog(merged, path):
                print(f"{display_path(path)}: {added} new, {fuzzied} now fuzzy, {len(merged)} entries")
    for shown in stale:
        print(f"{shown}: error: catalog out of date; run 'handbook i18n update'", file=sys.stderr)
    return 1 if stale else 0


def _check(handbook: Handbook, languages: list[str], strict: bool) -> int:
    problems: list[Diagnostic] = []
    for lang in languages:
        for doc in handbook.documents:
            if doc.language == lang:
                continue
            path = catalog_path(handbook.translations, lang, doc.id)
            shown = display_path(path)
            if not path.exists():
                print(f"{shown}: missing (nothing of '{doc.id}' is translated into {lang})")
                if strict:
                    problems.append(Diagnostic(shown, 0, 0, "catalog missing"))
                continue
            catalog = read_catalog(path)
            # What counts as translated is exactly what the build would publish.
            missing = translate(doc, lang, catalog).untranslated
            total = sum(1 for _ in doc.messages())
            done = total - len(missing)
            print(f"{shown}: {done} of {total} translated ({100 * done // max(1, total)} %)")
            for message, problem in lint(catalog):
                problems.append(Diagnostic(shown, message.lineno or 0, 0, f"'{message.context}': {problem}", "warning"))
            if strict:
                lines = {m.context: m.lineno or 0 for m in catalog if m.id and m.context}
                for text in doc.messages():
                    if text.context in missing:
                        problems.append(Diagnostic(shown, lines.get(text.context, 0), 0,
                                                   f"'{text.context}' not translated"))
    for diagnostic in problems:
        print(diagnostic, file=sys.stderr)
    return 1 if any(d.severity == "error" for d in problems) else 0
