"""The stages of the pipeline before Sphinx, each a function from the previous
stage's product to its own::

    load_handbook -> check_examples -> translate_handbook -> render_language

Every stage reports bad input as :class:`~build_tools.diagnostics.DiagnosticError`
listing all the problems it found; none of them writes anything but its output.

Given a :class:`~build_tools.incremental.StageCache`, a build takes from it
what an earlier build made of the same inputs: a document loaded and checked
(:class:`Prepared`), a page rendered (:func:`page_keys`). What crosses
documents is done again every time (cross references, the index page, the
title pages' data), or is part of the key of what depends on it (the ids of
every document, which a translation's cross references are checked against).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from babel.messages.catalog import Catalog

from build_tools.diagnostics import Diagnostic, DiagnosticError
from build_tools import incremental, markup
from build_tools.document import NUMBER_SUFFIX, Document, Example
from build_tools.i18n import catalog_path, read_catalog, translate
from build_tools.loader import (
    MANIFEST_NAME,
    SHARED_RULES,
    Manifest,
    broken_references,
    check_references,
    display_path,
    load_document,
    load_manifest,
)
from build_tools.verdicts import DocumentReport, check_document
from build_tools.render import UI_DOMAIN, RenderResult, interface_translations, render_pages, write_pages

if TYPE_CHECKING:
    from build_tools.amendments import Amendment
    from build_tools.editions import Editions


@dataclass(frozen=True, slots=True)
class Handbook:
    """The manifest and its documents, loaded and validated; ``editions``, the
    chain of editions of each document that has earlier ones, by its id, each
    loaded and validated once (:func:`build_tools.editions.load_editions`)
    for every stage and language that reads it."""

    manifest: Manifest
    documents: tuple[Document, ...]
    source: Path
    translations: Path
    editions: Mapping[str, Editions] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Prepared:
    """Documents loaded and checked by earlier builds, in ``cache``: each filed
    under the digest of its YAML (and the path diagnostics show it by), of the
    other files of the source folder a document may read (``rules.yaml``; the
    other documents and the manifest aside), and of the code. ``keys`` holds
    each document's digest once :meth:`load` has seen it."""

    cache: incremental.StageCache
    keys: dict[str, str] = field(default_factory=dict)

    def load(self, source: Path, doc_id: str) -> Document:
        """The document ``doc_id`` from the cache, or loaded and put there."""
        path = source / f"{doc_id}.yaml"
        key = incremental.key(incremental.code_digest(), "document", display_path(path),
                              incremental.file_part(path), _shared_digest(source))
        self.keys[doc_id] = key
        document = self.cache.get("document", key)
        if isinstance(document, Document):
            return document
        document = load_document(path)
        self.cache.put("document", key, document)
        return document


def _shared_digest(source: Path) -> str:
    """The digest of the source folder's files that no document is: what any
    document may read besides itself."""
    documents = {p for p in source.glob("*.yaml") if p.name != SHARED_RULES}
    return incremental.digest_files([p for p in incremental.tree_files(source) if p not in documents], base=source)


def load_handbook(source: Path, translations: Path | None = None,
                  prepared: Prepared | None = None) -> Handbook:
    """Load ``source/handbook.yaml`` and every document it lists; with
    ``prepared``, a document whose inputs are those of one loaded before is
    taken from the cache, and each one loaded now is put there."""
    manifest = load_manifest(source / MANIFEST_NAME)
    documents = []
    problems: list[Diagnostic] = []
    for doc_id in manifest.documents:
        try:
            documents.append(load_document(source / f"{doc_id}.yaml") if prepared is None
                             else prepared.load(source, doc_id))
        except DiagnosticError as exc:
            problems.extend(exc.diagnostics)
    problems.extend(check_references(documents))
    editions: dict[str, Editions] = {}
    if not problems:
        from build_tools.editions import load_editions

        for document in documents:
            if document.supersedes:
                try:
                    editions[document.id] = load_editions(source, document)
                except DiagnosticError as exc:
                    problems.extend(exc.diagnostics)
    if problems:
        raise DiagnosticError(problems)
    return Handbook(
        manifest,
        tuple(documents),
        source,
        translations if translations is not None else source.parent / "translations",
        editions,
    )


def amendments(handbook: Handbook) -> dict[tuple[str, str], Amendment]:
    """What each edition of the handbook's documents changed of the one it
    supersedes (:func:`build_tools.amendments.amendment`, asked of the
    source's cards and the document's held queries, as ``handbook diff``
    asks them), by its document and edition: the same in every language,
    so found once for them all."""
    if not handbook.editions:
        return {}
    from build_tools.amendments import amendment, diff_inputs

    return {(doc_id, new.edition): amendment(old, new, *diff_inputs(handbook.source, doc_id))
            for doc_id, found in handbook.editions.items()
            for old, new in zip(found.chain, found.chain[1:], strict=False)}


def examples(document: Document) -> list[Example]:
    """Every example of ``document``, in document order."""
    return [e for e in document.elements() if isinstance(e, Example)]


def check_examples(handbook: Handbook, skip: Iterable[str] = ()) -> int:
    """Read every auction example with the rule model, in its document's
    notation, and check it under the Laws (but those of the documents of
    ``skip``, checked before from the same inputs); returns how many were checked."""
    skipped = set(skip)
    pending = [(doc, example) for doc in handbook.documents if doc.id not in skipped for example in examples(doc)]
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
    from build_tools.verdicts import analyse_document

    return [finding for document in documents for finding in analyse_document(document)]


#: The kinds of the stage cache that hold what a document became before
#: rendering (a build that completes keeps only those it used).
CHECKED_KINDS = ("document", "checked", "analysis")


def _analysed(document: Document, prepared: Prepared | None) -> tuple[list[Diagnostic], str]:
    """The analysis's findings on ``document``'s rules, and the key they are
    filed under: taken from the cache when an earlier build analysed the
    same rules, registry, ids and example queries
    (:func:`build_tools.verdicts.analysis_inputs`) with the same code, so
    that an edited sentence, which the rules do not read, is not analysed
    again."""
    if prepared is None:
        return analyse_rules([document]), ""
    from build_tools.verdicts import analysis_inputs

    key = incremental.key(incremental.code_digest(), "analysis", analysis_inputs(document))
    found = prepared.cache.get("analysis", key)
    if isinstance(found, tuple):
        return list(found), key
    analysed = analyse_rules([document])
    prepared.cache.put("analysis", key, tuple(analysed))
    return analysed, key


@dataclass(frozen=True, slots=True)
class Checked:
    """What the checks found: examples read (of every document), the rule
    analysis's findings (warnings; errors fail the build), and how many
    documents' checks were those of an earlier build of the same inputs."""

    examples: int
    findings: list[Diagnostic]
    reused: int


def check_handbook(handbook: Handbook, prepared: Prepared | None = None) -> Checked:
    """Every check a build makes of the documents (:func:`check_examples`,
    :func:`check_verdicts`, :func:`analyse_rules`); with ``prepared``, a
    document an earlier build checked from the same inputs is not checked
    again, its findings are those it had, and each document found without
    errors now is put in the cache. Each check reads one document alone, so
    one document's entry holds whatever the others become."""
    done: dict[str, tuple[int, tuple[Diagnostic, ...]]] = {}
    if prepared is not None:
        for doc in handbook.documents:
            entry = prepared.cache.get("checked", prepared.keys[doc.id])
            if isinstance(entry, tuple) and len(entry) == 3:
                examples_read, found, analysis = entry
                done[doc.id] = (examples_read, found)
                # The analysis's findings stay filed: the next edit of the
                # document's text finds them.
                prepared.cache.used.setdefault("analysis", set()).add(analysis)
    count = check_examples(handbook, skip=done)
    check_verdicts(handbook, skip=done)
    findings: list[Diagnostic] = []
    for doc in handbook.documents:
        if doc.id in done:
            examples_read, found = done[doc.id][0], list(done[doc.id][1])
            count += examples_read
        else:
            found, analysis = _analysed(doc, prepared)
            if prepared is not None and not any(f.severity == "error" for f in found):
                prepared.cache.put("checked", prepared.keys[doc.id], (len(examples(doc)), tuple(found), analysis))
        findings += found
    return Checked(count, findings, len(done))


def check_verdicts(handbook: Handbook, skip: Iterable[str] = ()) -> list[DocumentReport]:
    """Ask every doctest-style example of the handbook of its document's rules
    (:mod:`build_tools.verdicts`), but those of the documents of ``skip``; a
    verdict other than the one an example expects is an error at the example.
    Returns a report per document with rules."""
    skipped = set(skip)
    reports = [check_document(doc) for doc in handbook.documents if doc.id not in skipped]
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


@dataclass(frozen=True, slots=True)
class Pages:
    """Where one language's rendered pages are kept between builds, and the
    key of each document's page: see :func:`page_keys`."""

    cache: incremental.StageCache
    language: str
    keys: Mapping[str, str]

    @property
    def kind(self) -> str:
        return f"page-{self.language}"

    @property
    def calls_kind(self) -> str:
        """The kind of a page's entries of the call search, made from the same
        inputs as the page (:func:`build_tools.sphinxext.call_search.call_data`)."""
        return f"calls-{self.language}"

    @property
    def cards_kind(self) -> str:
        """The kind of a page's alert card page ("" when it has none), made
        from the same inputs as the page (:func:`build_tools.render.card_pages`)."""
        return f"card-{self.language}"

    @property
    def kinds(self) -> tuple[str, ...]:
        """Every kind filed under the pages' keys (a completed build prunes each)."""
        return self.kind, self.calls_kind, self.cards_kind

    def taken(self, kind: str, documents: Iterable[Document], made: type) -> dict[str, Any]:
        """What the cache holds of ``kind`` for each of ``documents`` under its
        page's key, when it is a ``made`` (a damaged entry is made again)."""
        found = {doc.id: self.cache.get(kind, self.keys[doc.id]) for doc in documents}
        return {doc_id: value for doc_id, value in found.items() if isinstance(value, made)}


def page_keys(handbook: Handbook, prepared: Prepared, language: str) -> Pages:
    """The key of each document's page in ``language``: everything the page is
    made from. The document (its key), its catalog in that language and the
    language's interface catalog, the code, and what a translation reads of
    the other documents: the ids of every document, which its cross
    references must name (a broken one shows the original)."""
    ids = incremental.key(*(f"{doc.id}\0{' '.join(sorted(doc.ids()))}" for doc in handbook.documents))
    interface = incremental.file_part(catalog_path(handbook.translations, language, UI_DOMAIN))
    keys = {
        doc.id: incremental.key(incremental.code_digest(), "page", language, prepared.keys[doc.id], ids, interface,
                                incremental.file_part(catalog_path(handbook.translations, language, doc.id)))
        for doc in handbook.documents
    }
    return Pages(prepared.cache, language, keys)


def _report_interface(handbook: Handbook, language: str, strict: bool) -> None:
    """The interface translations the build leaves out (their English is
    shown), each at its catalog line; with ``strict`` they stop the build."""
    from build_tools.i18n.interface import read_interface

    path = catalog_path(handbook.translations, language, UI_DOMAIN)
    if language == "en" or not path.exists():
        return
    _, problems = read_interface(path, language)
    if strict and problems:
        raise DiagnosticError(list(problems))
    for problem in problems:
        print(Diagnostic(problem.path, problem.line, problem.column,
                         f"{problem.message} (the English is shown)", "warning"), file=sys.stderr, flush=True)


def render_language(handbook: Handbook, language: str, out_dir: Path, strict: bool = False,
                    pages: Pages | None = None,
                    amended: Mapping[tuple[str, str], Amendment] | None = None) -> RenderResult:
    """Translate and render one language's pages into ``out_dir``; with
    ``pages``, a document's page rendered before from the same inputs is taken
    from the cache (translating is done for every document: the index and the
    title pages need them all, and its warnings are said at every build).
    ``amended`` is :func:`amendments` of the handbook, found here when not
    given (a build renders every language from the one it found)."""
    documents = translate_handbook(handbook, language, strict)
    _report_interface(handbook, language, strict)
    words = interface_translations(handbook.translations, language)
    originals = {doc.id: doc.title for doc in handbook.documents}
    ready: dict[str, str] = pages.taken(pages.kind, documents, str) if pages is not None else {}
    ready_cards: dict[str, str] = pages.taken(pages.cards_kind, documents, str) if pages is not None else {}
    from build_tools.cards import shipped_cards
    from build_tools.generated.card import page_name

    # Each earlier edition and each amendment's changes (rendered every time:
    # they read two editions, and no document's page key holds both).
    from dataclasses import replace

    from build_tools.edition_pages import edition_pages
    from build_tools.render import environment

    editions = edition_pages(environment(words), handbook.translations,
                             [found.chain for found in handbook.editions.values()],
                             amendments(handbook) if amended is None else amended,
                             {doc.id: doc for doc in documents}, language,
                             lambda doc, folder: translate_handbook(
                                 replace(handbook, documents=(doc,), translations=folder), language, strict)[0],
                             originals)
    rendered = render_pages(handbook.manifest, documents, language, words, originals, ready,
                            shipped_cards(handbook.source), ready_cards, editions.book)
    rendered.update(editions.pages)
    if pages is not None:
        for doc in documents:
            if doc.id not in ready:
                pages.cache.put(pages.kind, pages.keys[doc.id], rendered[f"{doc.id}.md"])
            if doc.id not in ready_cards:
                pages.cache.put(pages.cards_kind, pages.keys[doc.id], rendered.get(f"{page_name(doc.id)}.md", ""))
    result = write_pages(rendered, out_dir)
    # Beside the pages, for the PDFs' title pages: who issued each document, which edition.
    from build_tools.sphinxext import call_search, titlepage

    forms = titlepage.title_forms(handbook.translations, language)
    titlepage.write_title_data(out_dir, titlepage.title_data(documents, language, words, originals, forms))
    # Beside them, for the site's search: every example's auction and the articles deciding it.
    from build_tools.meaning_text import words_for

    # A page taken from the cache keeps its entries too: deciding every
    # example of every document again was most of an edit's render.
    calls: dict[str, Any] = pages.taken(pages.calls_kind, documents, list) if pages is not None else {}
    missing = [doc for doc in documents if doc.id not in calls]
    made = call_search.call_data(missing, language, words_for(language, handbook.translations))["documents"]
    for doc in missing:
        calls[doc.id] = made[doc.id]
        if pages is not None:
            pages.cache.put(pages.calls_kind, pages.keys[doc.id], made[doc.id])
    call_search.write_call_data(out_dir, {"language": language, "documents": calls})
    return result
