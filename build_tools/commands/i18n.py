"""Maintain the translation catalogs (gettext .po files).

  update   extract every text of every document and merge it into
           translations/<lang>/LC_MESSAGES/<document>.po for each language of the
           manifest; changed source texts become fuzzy, keeping the old text as
           `#| msgid`; also refreshes the interface catalog handbook.po.
           With --check, writes nothing and fails if a catalog is out of date.
  stats    per document and language (interface catalogs included): how many
           texts are translated, fuzzy, untranslated, and how many obsolete
           entries the catalog keeps; `--json` for tools.
  check    report, per catalog, how much is translated, and the problems of
           each translation: numbers lost, calls and suits that differ from the
           source (compared in each language's notation: 1BA = 1NT, тб = ♣♦),
           a call written in another language's notation (3BA in Russian),
           auctions and hands the model cannot read, links, roles or emphasis
           broken, blank translations; errors for entries the build cannot use
           (a msgctxt naming no text of the document) and for interface
           translations whose %(name)s placeholders differ from the source.
           Also warns of a catalog not in the one layout (see normalize).
           `--strict` fails on any warning, untranslated or fuzzy entry.
           The glossary (translations/glossary.yaml) is checked too: a
           term's forbidden variant used, or its required term missing.
  normalize  rewrite catalogs (FILES, or every catalog of --translations) in
           the one layout: what GNU `msgcat --width=79` writes, which `update`
           writes too; for a file saved by polib, Poedit or Weblate. With
           --check, writes nothing and fails if a catalog is not normalized.
  pofilter run translate-toolkit's pofilter with the tests that fit these
           catalogs (translations/pofilter.ini names them, and the reason each
           other test is left out); an entry whose translator's comment says
           `handbook-lint: ignore <test>` is not held to that test.
  glossary write translations/glossary/<source>/<target>.tbx (TBX-Basic,
           one file per language pair, for Weblate, translate-toolkit, Poedit
           and OmegaT) from translations/glossary.yaml, each term defined by
           its article's text in each language; --check writes nothing and
           fails if a file is out of date.
  add-language LANG
           start a language: list it in the manifest (with its --title),
           create every catalog from the templates (with the language's
           Plural-Forms), fill the seat names its notation profile knows, and
           say what is left for the translator. A language without a notation
           profile is shown in the universal notation (suit symbols, NT, X,
           XX, P) until build_tools/bridge/notation.py has one.
"""

from __future__ import annotations

import argparse
import difflib
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path  # noqa: TC003 (the option's type)

from build_tools.commands._common import add_location_arguments, report, select_languages, usage_error
from build_tools.diagnostics import Diagnostic, DiagnosticError
from build_tools.document import Document
from build_tools.i18n import catalog_path, extract, read_catalog, translate, update, write_catalog
from build_tools.i18n import glossary, glossary_tbx
from build_tools.i18n.catalogs import layout_problem, normalized, read_po_file
from build_tools.i18n.interface import entry_problems
from build_tools.i18n.interface_strings import extract_interface
from build_tools.i18n.lint import blank, lint
from build_tools.i18n.stats import catalog_stats
from build_tools.i18n.pofile import Entry, PoFile, parse_po, shorten
from build_tools.loader import display_path, read_limited
from build_tools.pipeline import Handbook, load_handbook
from build_tools.render import TEMPLATES, UI_DOMAIN


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    up = sub.add_parser("update", help="extract texts and merge them into the catalogs")
    up.add_argument("--check", action="store_true", help="write nothing; exit 1 if a catalog would change")
    st = sub.add_parser("stats", help="translated, fuzzy, untranslated and obsolete per catalog")
    st.add_argument("--json", action="store_true", help="one JSON document on stdout")
    ck = sub.add_parser("check", help="translation status and translator lint")
    ck.add_argument("--strict", action="store_true",
                    help="fail on any warning, untranslated or fuzzy entry (exit 1)")
    pf = sub.add_parser("pofilter", help="pofilter's tests that fit the catalogs (translations/pofilter.ini)")
    gl = sub.add_parser("glossary", help="write the glossary's TBX files from translations/glossary.yaml")
    gl.add_argument("--check", action="store_true", help="write nothing; exit 1 if a TBX file is out of date")
    for p in (up, st, ck, pf, gl):
        p.add_argument("-l", "--language", action="append", metavar="LANG", help="only this language")
        add_location_arguments(p)
    nm = sub.add_parser("normalize", help="rewrite catalogs in the one layout (GNU msgcat's at the stated width)")
    nm.add_argument("files", nargs="*", type=Path, metavar="FILE",
                    help="catalogs to rewrite (default: every catalog under --translations)")
    nm.add_argument("--check", action="store_true", help="write nothing; exit 1 if a catalog is not normalized")
    add_location_arguments(nm)
    add = sub.add_parser("add-language", help="list a new language and create its catalogs")
    add.add_argument("new_language", metavar="LANG", help="a language code Babel knows: de, fr, pt_BR")
    add.add_argument("--title", help="the handbook's title in the language (default: the English one, "
                                     "left for the translator)")
    add_location_arguments(add)


def run(args: argparse.Namespace) -> int:
    if args.action == "normalize":  # files, not the handbook: no manifest is read
        return _normalize(args.files or sorted(args.translations.glob("*/LC_MESSAGES/*.po")), args.check)
    if args.action == "add-language":
        return _add_language(args.new_language, args.title, args.source, args.translations)
    try:
        handbook = load_handbook(args.source, args.translations)
        try:
            languages = select_languages(args.language, handbook.manifest)
        except ValueError as exc:
            return usage_error(str(exc))
        if args.action == "update":
            return _update(handbook, languages, args.check)
        if args.action == "pofilter":
            return _pofilter(handbook, languages)
        if args.action == "glossary":
            return _glossary(handbook, args.check)
        if args.action == "stats":
            return _stats(handbook, languages, args.json)
        return _check(handbook, languages, args.strict)
    except DiagnosticError as exc:
        return report(exc)


def _update(handbook: Handbook, languages: list[str], check_only: bool) -> int:
    stale: list[str] = []
    interface = extract_interface(TEMPLATES)
    # The English translation is every other translator's pivot (`#. en: ...`):
    # English is merged first, and the others take its pivots as merged (an
    # element that came back has its English back in the same run).
    english = {
        doc.id: read_catalog(path) for doc in handbook.documents
        if doc.language != "en" and (path := catalog_path(handbook.translations, "en", doc.id)).exists()
    }
    for lang in sorted(languages, key=lambda code: code != "en"):
        jobs = [(doc.id, extract(doc, lang, english.get(doc.id))) for doc in handbook.documents
                if doc.language != lang]
        if lang != "en":  # interface msgids are English
            jobs.append((UI_DOMAIN, interface))
        for domain, template in jobs:
            path = catalog_path(handbook.translations, lang, domain)
            merged = update(path, template, lang)
            if lang == "en" and domain != UI_DOMAIN:
                english[domain] = parse_po(merged.data, display_path(path)).catalog
            try:
                if check_only:
                    if not path.exists() or merged.data != path.read_bytes():
                        stale.append(display_path(path))
                elif write_catalog(merged.data, path):
                    print(f"{display_path(path)}: {merged.added} new, {merged.fuzzied} now fuzzy, "
                          f"{merged.obsolete} obsolete")
            except OSError as exc:
                # A full disk or a read-only folder: the catalog is left as it was.
                verb = "read" if check_only else "write"
                return report(DiagnosticError([Diagnostic(display_path(path), 0, 0,
                                                          f"cannot {verb} catalog: {exc.strerror or exc}")]))
    for shown in stale:
        print(f"{shown}: error: catalog out of date; run 'handbook i18n update'", file=sys.stderr)
    return 1 if stale else 0


def _normalize(paths: list[Path], check_only: bool) -> int:
    """Each catalog in the one layout (:func:`build_tools.i18n.catalogs.normalized`),
    once the strict reader has accepted it: a broken file is reported at its line."""
    problems: list[Diagnostic] = []
    for path in paths:
        shown = display_path(path)
        try:
            read_po_file(path)
            found = layout_problem(path)
            if found is None:
                continue
            if check_only:
                problems.append(Diagnostic(shown, found[0], 0, f"not normalized ({found[1]})"))
            elif write_catalog(normalized(path.read_bytes(), shown), path):
                print(f"{shown}: normalized ({found[1]} from line {found[0]})")
        except DiagnosticError as exc:
            problems.extend(exc.diagnostics)
        except OSError as exc:
            problems.append(Diagnostic(shown, 0, 0, f"cannot normalize catalog: {exc.strerror or exc}"))
    for diagnostic in problems:
        print(diagnostic, file=sys.stderr)
    return 1 if problems else 0


def _layout(path: Path, shown: str) -> Iterator[Diagnostic]:
    found = layout_problem(path)
    if found is not None:
        yield Diagnostic(shown, found[0], 0, f"not normalized ({found[1]}); run 'handbook i18n normalize {shown}'",
                         "warning")


def _add_language(language: str, title: str | None, source: Path, translations: Path) -> int:
    """``add-language``: the manifest entry, the catalogs, the seat names; then what is left."""
    from build_tools.bridge.basics import Strain
    from build_tools.bridge.calls import DOUBLE, PASS, REDOUBLE
    from build_tools.bridge.cards import Rank
    from build_tools.bridge.notation import profile_for_locale
    from build_tools.files import write_if_changed
    from build_tools.i18n.catalogs import catalog_bytes, load_for_merge
    from build_tools.document import language_name, language_problem
    from build_tools.i18n.new_language import (
        add_to_glossary,
        add_to_manifest,
        add_to_weblate,
        check_new,
        seat_names,
        title_problem,
    )
    from build_tools.loader import MANIFEST_NAME

    problem = language_problem(language)
    if problem is not None:
        return usage_error(problem)
    if title is not None and title_problem(title) is not None:
        return usage_error(f"--title: {title_problem(title)}")
    manifest_path = source / MANIFEST_NAME
    folder = catalog_path(translations, language, UI_DOMAIN).parent
    try:
        handbook = load_handbook(source, translations)
        if language in handbook.manifest.languages:
            return usage_error(f"language '{language}' is in {display_path(manifest_path)} already; "
                               "run 'handbook i18n update' to refresh its catalogs")
        check_new(folder, language)
        given = title is not None and bool(title.strip())
        text = manifest_path.read_text(encoding="utf-8")
        shown = display_path(manifest_path)
        updated = add_to_manifest(text, language, title if given and title else handbook.manifest.title("en"), shown)
        # Weblate offers the language in every component, and the glossary lists it.
        edits = {manifest_path: (text, updated)}
        weblate = translations / "weblate.json"
        if weblate.exists():
            before = weblate.read_text(encoding="utf-8")
            edits[weblate] = (before, add_to_weblate(before, [*handbook.manifest.languages, language]))
        terms = translations / glossary.SOURCE_NAME
        if terms.exists():
            before = terms.read_text(encoding="utf-8")
            edits[terms] = (before, add_to_glossary(before, language, glossary.languages(translations)))
    except (DiagnosticError, ValueError) as exc:
        return report(exc if isinstance(exc, DiagnosticError) else DiagnosticError(
            [Diagnostic(display_path(translations / "weblate.json"), 0, 0, f"cannot read it: {exc}")]))
    # From here on all or nothing: a step that fails puts the files back and
    # removes the catalogs made, so that the command can be run again.
    created = not folder.exists()
    try:
        for path, (_, new) in edits.items():
            write_if_changed(path, new.encode("utf-8"))
        handbook = load_handbook(source, translations)  # the manifest as written, checked as ever
        status = _update(handbook, [language], check_only=False)
    except DiagnosticError as exc:
        status = report(exc)
    except OSError as exc:
        status = report(DiagnosticError([Diagnostic(shown, 0, 0, f"cannot add the language: {exc.strerror or exc}")]))
    if status:
        for path, (old, _) in edits.items():
            write_if_changed(path, old.encode("utf-8"))
        if created:
            shutil.rmtree(folder.parent, ignore_errors=True)
        print(f"{shown}: left as it was; nothing of '{language}' was added", file=sys.stderr)
        return status
    for path in edits:
        if path != manifest_path:
            print(f"{display_path(path)}: {language} added")
    name = language_name(language, "en")
    print(f"{shown}: {language} ({name}) listed, titled {handbook.manifest.title(language)!r}")
    profile = profile_for_locale(language)
    interface = catalog_path(translations, language, UI_DOMAIN)
    left: list[str] = []
    if profile is not None:
        po = load_for_merge(interface)
        if seat_names(po, profile):
            write_catalog(catalog_bytes(po), interface)
            print(f"{display_path(interface)}: the seat names from the notation profile "
                  f"({', '.join(n for _, n in profile.seats)})")
        print(f"notation: the rule model's {name} profile: "
              f"{profile.format_strain(Strain.NOTRUMP)}, {profile.format_call(DOUBLE)}, "
              f"{profile.format_call(REDOUBLE)}, {profile.format_call(PASS)}; honours "
              f"{' '.join(profile.format_rank(r) for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK))}")
    else:
        left.append(f"a notation profile for {name} in build_tools/bridge/notation.py, listed in PROFILES "
                    "(until then calls and hands are shown in the universal notation: NT, X, XX, P); "
                    "complete the skeleton below")
    if not given:
        left.append(f"the handbook's title in {name}: 'title: {language}:' in {shown} (now the English one)")
    from build_tools.i18n.stats import catalog_stats

    rows = catalog_stats(handbook, [language], [])
    todo = sum(r["total"] - r["translated"] for r in rows)
    words = sum(r["total"] - r["translated"] for r in rows if r["document"] == UI_DOMAIN)
    # The interface first: its strings are on every page, a document's on its own.
    left.insert(0, f"first {display_path(interface)}: {words} strings, on every page (headings, notices, "
                   "badges, the query lines of the examples); until then they are shown in English")
    left.append(f"{todo} texts in {len(rows)} catalogs under {display_path(interface.parent)} "
                f"(each with the English beside it; 'handbook i18n stats -l {language}' counts them)")
    left.append(f"then 'handbook i18n check --strict -l {language}' and 'handbook build -l {language}'")
    print("left for the translator:")
    for item in left:
        print(f"  - {item}")
    if profile is None:
        from build_tools.i18n.new_language import profile_skeleton

        print(profile_skeleton(language))
    return 0


def _stats(handbook: Handbook, languages: list[str], as_json: bool) -> int:
    """What is translated, as the build counts it (see :mod:`build_tools.i18n.stats`)."""
    import json

    problems: list[Diagnostic] = []
    rows = catalog_stats(handbook, languages, problems)
    for problem in problems:  # such a catalog counts as empty, as the build shows it
        print(problem, file=sys.stderr)
    if as_json:
        print(json.dumps({"catalogs": rows}, ensure_ascii=False, indent=1))
        return 1 if problems else 0
    width = max((len(r["document"]) for r in rows), default=8)
    print(f"{'document':<{width}}  lang    done  translated  fuzzy  untranslated  obsolete")
    for r in rows:
        percent = 100 * r["translated"] // max(1, r["total"])
        print(f"{r['document']:<{width}}  {r['language']:<6} {percent:>4} %  {r['translated']:>5}/{r['total']:<4}"
              f"  {r['fuzzy']:>5}  {r['untranslated']:>12}  {r['obsolete']:>8}")
    translated = sum(r["translated"] for r in rows)
    total = sum(r["total"] for r in rows)
    complete = sum(1 for r in rows if r["translated"] == r["total"] and r["document"] != UI_DOMAIN)
    pairs = sum(1 for r in rows if r["document"] != UI_DOMAIN)
    print(f"all: {translated} of {total} texts translated ({100 * translated // max(1, total)} %); "
          f"{complete} of {pairs} document translations complete")
    return 1 if problems else 0


def _check(handbook: Handbook, languages: list[str], strict: bool) -> int:
    problems: list[Diagnostic] = []
    try:
        terms = glossary.load(handbook.translations)
    except DiagnosticError as exc:  # a glossary that cannot be read: located, and the catalogs checked still
        terms = ()
        problems.extend(exc.diagnostics)
    except OSError as exc:
        terms = ()
        problems.append(Diagnostic(display_path(handbook.translations / glossary.SOURCE_NAME), 0, 0,
                                   f"cannot read the glossary: {exc.strerror or exc}"))
    listed = glossary.languages(handbook.translations) if terms else ()
    for lang in languages:
        untermed = [c.id for c in terms if lang in listed and lang not in c.terms]
        if untermed:  # a language added since: its terms are to give
            problems.append(Diagnostic(display_path(handbook.translations / glossary.SOURCE_NAME), 0, 0,
                                       f"glossary: no term in {lang} for {len(untermed)} of {len(terms)} concepts "
                                       f"({', '.join(untermed[:3])}{', ...' if len(untermed) > 3 else ''})",
                                       "warning"))
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
            try:
                po = read_po_file(path)
            except DiagnosticError as exc:
                problems.extend(exc.diagnostics)
                continue
            # What counts as translated is exactly what the build would publish.
            missing = translate(doc, lang, po.catalog).untranslated
            total = sum(1 for _ in doc.messages())
            done = total - len(missing)
            # A fuzzy entry (a translation of another text, to review) is not
            # an untranslated one (nothing to start from): said apart.
            current = {(m.context, m.text) for m in doc.messages()}
            fuzzy = {m.context for m in po.catalog if m.id and m.context and m.fuzzy
                     and (m.context, str(m.id)) in current and str(m.string or "").strip()}
            print(f"{shown}: {done} of {total} translated ({100 * done // max(1, total)} %), "
                  f"{len(fuzzy & missing)} fuzzy, {len(missing - fuzzy)} untranslated")
            problems.extend(_layout(path, shown))
            problems.extend(_document_problems(doc, po, shown, lang, terms))
            if strict:
                lines = {m.context: m.lineno or 0 for m in po.catalog if m.id and m.context}
                for text in doc.messages():
                    if text.context in missing:
                        problems.append(Diagnostic(shown, lines.get(text.context, 0), 0, (
                            f"'{text.context}' fuzzy: translated from another text (its '#| msgid'); review it"
                            if text.context in fuzzy else f"'{text.context}' not translated")))
        interface = catalog_path(handbook.translations, lang, UI_DOMAIN)
        if lang != "en" and interface.exists():
            shown = display_path(interface)
            try:
                # Read as the build reads it: one broken entry hides none of the others' problems.
                po = parse_po(read_limited(interface, shown, "catalog"), shown, partial=True)
                problems.extend(_interface_problems(po, shown, lang, terms))
                problems.extend(po.problems)
                if not po.problems:
                    problems.extend(_layout(interface, shown))
            except DiagnosticError as exc:
                problems.extend(exc.diagnostics)
    for diagnostic in problems:
        print(diagnostic, file=sys.stderr)
    # --strict: a warning is as good as an error (for CI and before a release).
    return 1 if any(d.severity == "error" or strict for d in problems) else 0


def _document_problems(doc: Document, po: PoFile, shown: str, language: str,
                       terms: tuple[glossary.Concept, ...] = ()) -> Iterator[Diagnostic]:
    """Entries the build cannot use, and translations that lost something of their source."""
    known = {m.context for m in doc.messages()}
    seen: dict[str, Entry] = {}
    for entry in po.entries:
        if entry.obsolete:
            continue
        context = entry.context
        if context is None:
            yield Diagnostic(shown, entry.line, entry.column, f"msgid '{shorten(entry.msgid)}' has no msgctxt: "
                             "each text of a document is keyed by the id of its element")
        elif context not in known:
            close = difflib.get_close_matches(context, sorted(known), n=1)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            yield Diagnostic(shown, entry.line, entry.column,
                             f"msgctxt '{context}' is no text of '{doc.id}' (the build ignores it){hint}")
        elif context in seen:
            yield Diagnostic(shown, entry.line, entry.column,
                             f"msgctxt '{context}' again (also at line {seen[context].line}): one entry per text")
        else:
            seen[context] = entry
    positions = {(e.context, e.msgid): e for e in po.entries if not e.obsolete}
    for message in po.catalog:
        written = positions.get((message.context, str(message.id)))
        if written is None or not written.translations:
            continue
        line, column = written.translations[0].line, written.translations[0].column
        if blank(message) and not message.fuzzy:
            yield Diagnostic(shown, line, column, f"'{message.context}': the translation is only blanks "
                             "(it counts as untranslated)", "warning")
    for message, problem in lint(po.catalog, doc.language, language, terms):
        written = positions.get((message.context, str(message.id)))
        line, column = ((written.translations[0].line, written.translations[0].column) if written
                        else (message.lineno or 0, 0))
        yield Diagnostic(shown, line, column, f"'{message.context}': {problem}", "warning")


def _interface_problems(po: PoFile, shown: str, language: str = "",
                        terms: tuple[glossary.Concept, ...] = ()) -> Iterator[Diagnostic]:
    """Interface translations the templates could not format, a page or book
    could not show, or would show blank, or that say a glossary term
    otherwise than the glossary (:func:`build_tools.i18n.interface.entry_problems`)."""
    for _, problem in entry_problems(po, shown, language, terms):
        yield problem


def _pofilter(handbook: Handbook, languages: list[str]) -> int:
    """pofilter's alarms on every catalog of ``languages``, one line each."""
    from build_tools.i18n import pofilter

    config = pofilter.read_config(handbook.translations)
    count = 0
    for lang in languages:
        for path in sorted((handbook.translations / lang / "LC_MESSAGES").glob("*.po")):
            for alarm in pofilter.alarms(path, lang, config):
                count += 1
                print(f"{display_path(path)}:{alarm.line}:1: warning: '{alarm.context}': pofilter {alarm.test}: "
                      f"{alarm.message}", file=sys.stderr)
    print(f"pofilter ({len(config.tests)} tests): {count} alarm{'s' * (count != 1)}")
    return 1 if count else 0


def _glossary(handbook: Handbook, check_only: bool) -> int:
    """Write (or check) the TBX files of the glossary, one per language pair."""
    from build_tools.i18n.catalogs import read_catalog

    concepts = glossary.load(handbook.translations)
    languages = list(handbook.manifest.languages)
    documents = {doc.id: doc for doc in handbook.documents}
    catalogs = {(doc.id, lang): read_catalog(path) for doc in handbook.documents for lang in languages
                if (path := catalog_path(handbook.translations, lang, doc.id)).exists()}
    texts, errors = glossary_tbx.article_texts(concepts, documents, catalogs, languages)
    source = display_path(handbook.translations / glossary.SOURCE_NAME)
    for problem in errors:
        print(f"{source}: error: {problem}", file=sys.stderr)
    if errors:
        return 1
    marked = sorted({(lang, d.note) for (_, lang), d in texts.items() if d.note})
    for lang, note in marked:
        print(f"{source}: warning: a definition in {lang}: {note}", file=sys.stderr)
    # The interface's source language (English) and every document's.
    sources = ["en", *sorted({doc.language for doc in handbook.documents})]
    wanted = {glossary_tbx.tbx_path(handbook.translations, s, t): glossary_tbx.tbx(concepts, texts, s, t)
              for s, t in glossary_tbx.pairs(sources, languages)}
    folder = handbook.translations / glossary_tbx.TBX_FOLDER
    stale = [p for p in sorted(folder.glob("*/*.tbx")) if p not in wanted]
    old = handbook.translations / "glossary.tbx"  # the six-language file of earlier versions
    stale += [old] if old.exists() else []
    if check_only:
        out_of_date = [p for p, data in wanted.items() if not p.exists() or p.read_text(encoding="utf-8") != data]
        for path in out_of_date + stale:
            what = "out of date" if path in out_of_date else "no longer written"
            print(f"{display_path(path)}: error: {what}; run 'handbook i18n glossary'", file=sys.stderr)
        return 1 if out_of_date or stale else 0
    written = sum(write_catalog(data.encode("utf-8"), path) for path, data in wanted.items())
    for path in stale:
        path.unlink()
    print(f"{display_path(folder)}: {len(concepts)} concepts, {len(wanted)} language pairs "
          f"({written} files written, {len(stale)} removed)")
    return 0
