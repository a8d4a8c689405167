"""The stages of the pipeline before Sphinx, each a function from the previous
stage's product to its own::

    load_handbook -> check_examples -> translate_handbook -> render_language

Every stage reports bad input as :class:`~build_tools.diagnostics.DiagnosticError`
listing all the problems it found; none of them writes anything but its output.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog

from build_tools.diagnostics import Diagnostic, DiagnosticError
from build_tools import markup
from build_tools.document import NUMBER_SUFFIX, Document, Example
from build_tools.i18n import catalog_path, read_catalog, translate
from build_tools.loader import (
    MANIFEST_NAME,
    Manifest,
    broken_references,
    check_references,
    display_path,
    load_document,
    load_manifest,
)
from build_tools.verdicts import DocumentReport, check_document
from build_tools.render import RenderResult, interface_translations, render_pages, write_pages


@dataclass(frozen=True, slots=True)
class Handbook:
    """The manifest and its documents, loaded and validated."""

    manifest: Manifest
    documents: tuple[Document, ...]
    source: Path
    translations: Path


def load_handbook(source: Path, translations: Path | None = None) -> Handbook:
    """Load ``source/handbook.yaml`` and every document it lists."""
    manifest = load_manifest(source / MANIFEST_NAME)
    documents = []
    problems: list[Diagnostic] = []
    for doc_id in manifest.documents:
        try:
            documents.append(load_document(source / f"{doc_id}.yaml"))
        except DiagnosticError as exc:
            problems.extend(exc.diagnostics)
    problems.extend(check_references(documents))
    if problems:
        raise DiagnosticError(problems)
    return Handbook(
        manifest,
        tuple(documents),
        source,
        translations if translations is not None else source.parent / "translations",
    )


def examples(document: Document) -> list[Example]:
    """Every example of ``document``, in document order."""
    return [e for e in document.elements() if isinstance(e, Example)]


def check_examples(handbook: Handbook) -> int:
    """Read every auction example with the rule model, in its document's
    notation, and check it under the Laws; returns how many were checked."""
    pending = [(doc, example) for doc in handbook.documents for example in examples(doc)]
    if not pending:
        return 0
    # Imported here: a handbook without examples builds without the model.
    from build_tools import diagrams
    from build_tools.bridge import BridgeError

    problems: list[Diagnostic] = []
    for document, example in pending:
        language = example.notation or document.language
        try:
            if example.auction:
                diagrams.read_auction(example.auction, language, example.view, example.dealer)
            for hand in example.hands:
                diagrams.read_hand(hand.cards, language)
        except BridgeError as exc:
            problems.append(
                Diagnostic(document.path, example.pos.line, example.pos.column,
                           f"example '{example.id}': {exc}")
            )
    if problems:
        raise DiagnosticError(problems)
    return len(pending)


def analyse_rules(documents: Iterable[Document]) -> list[Diagnostic]:
    """What the analysis of each document's rules finds
    (:mod:`build_tools.rules.analysis`): conflicts, unreachable rules, bad
    references and cycles, errors and warnings together, for the caller to
    report (warnings do not fail a run)."""
    from build_tools.rules.analysis import analyse

    return [finding for document in documents for finding in analyse(document)]


def check_verdicts(handbook: Handbook) -> list[DocumentReport]:
    """Ask every doctest-style example of the handbook of its document's rules
    (:mod:`build_tools.verdicts`); a verdict other than the one an example
    expects is an error at the example. Returns a report per document with rules."""
    reports = [check_document(doc) for doc in handbook.documents]
    problems = [p for report in reports for p in report.problems]
    if problems:
        raise DiagnosticError(problems)
    return [r for r in reports if r.rules or r.examples]


def translate_handbook(handbook: Handbook, language: str, strict: bool = False) -> list[Document]:
    """Every document of the handbook in ``language`` (originals stay as they are).

    A broken translation never blocks the rest: an entry with a cross reference
    to no element, or an auction or hand the model cannot read, shows the
    original text (marked as untranslated), and a catalog that cannot be read
    leaves its whole document in the original; each is a warning at the
    catalog's line, where the translator can fix it. With ``strict`` they are
    errors and the build stops.
    """
    out = []
    problems: list[Diagnostic] = []
    ids = {doc.id: set(doc.ids()) for doc in handbook.documents}
    for document in handbook.documents:
        catalog = None
        if language != document.language:
            path = catalog_path(handbook.translations, language, document.id)
            if path.exists():
                try:
                    catalog = read_catalog(path)
                except DiagnosticError as exc:
                    problems.extend(exc.diagnostics)
        translated = translate(document, language, catalog)
        if catalog is not None:
            broken = _broken_entries(document, translated, catalog, display_path(path), ids)
            if broken:
                problems.extend(diagnostic for _, diagnostic in broken)
                translated = translate(document, language, catalog, frozenset(context for context, _ in broken))
        out.append(translated)
    if strict and problems:
        raise DiagnosticError(problems)
    for problem in problems:
        print(Diagnostic(problem.path, problem.line, problem.column,
                         f"{problem.message} (the original is shown)", "warning"), file=sys.stderr, flush=True)
    return out


def _broken_entries(
    original: Document, document: Document, catalog: Catalog, shown: str, ids: dict[str, set[str]]
) -> list[tuple[str, Diagnostic]]:
    """The translated entries the build cannot show, each with its problem at
    the catalog's line: a cross reference to no element, an ``{auction}`` or
    ``{hand}`` the model cannot read, a display number of more than one line."""
    from build_tools.i18n.notation import unreadable_roles

    lines = {message.context: message.lineno or 0 for message in catalog if message.context}
    problems = []
    for message in document.messages():
        if message.context in document.untranslated:
            continue
        found = [f"reference to unknown id '{broken.target}' "
                 + (f"in '{broken.document}'" if broken.known_document else f"(no document '{broken.document}')")
                 for broken in broken_references(message.text, document.id, ids)]
        found += unreadable_roles(message.text, original.language, document.display_language)
        # A display number heads its point or section on one line, as the loader
        # requires of the original's.
        control = markup.CONTROL.search(message.text) if message.context.endswith(NUMBER_SUFFIX) else None
        if control:
            found.append("a display number must be one line, without control characters")
        problems += [(message.context, Diagnostic(shown, lines.get(message.context, 0), 1,
                                                  f"'{message.context}': {problem}")) for problem in found]
    return problems


def render_language(handbook: Handbook, language: str, out_dir: Path, strict: bool = False) -> RenderResult:
    """Translate and render one language's pages into ``out_dir``."""
    documents = translate_handbook(handbook, language, strict)
    words = interface_translations(handbook.translations, language)
    originals = {doc.id: doc.title for doc in handbook.documents}
    result = write_pages(render_pages(handbook.manifest, documents, language, words, originals), out_dir)
    # Beside the pages, for the PDFs' title pages: who issued each document, which edition.
    from build_tools.sphinxext import call_search, titlepage

    forms = titlepage.title_forms(handbook.translations, language)
    titlepage.write_title_data(out_dir, titlepage.title_data(documents, language, words, originals, forms))
    # Beside them, for the site's search: every example's auction and the articles deciding it.
    from build_tools.meaning_text import words_for

    call_search.write_call_data(out_dir, call_search.call_data(documents, language,
                                                               words_for(language, handbook.translations)))
    return result
