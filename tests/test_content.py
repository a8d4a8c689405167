"""The handbook's own content: every document valid, every sentence of each
original kept (see :mod:`fidelity`), its structure, and current translations."""

from __future__ import annotations

from types import ModuleType

import pytest

import fidelity
from build_tools.document import Block, Document, Paragraph, PointList, Section
from build_tools.i18n import catalog_path, read_catalog, translate
from build_tools.loader import load_document
from build_tools.pipeline import load_handbook
from conftest import ROOT, run_handbook

MODULES = fidelity.modules()


def _load(module: ModuleType) -> Document:
    # Straight from its file, so a document can be checked before the manifest lists it.
    return load_document(ROOT / "source" / f"{module.DOCUMENT}.yaml")


@pytest.fixture(scope="module")
def handbook():  # type: ignore[no-untyped-def]
    return load_handbook(ROOT / "source")


def test_the_handbook_validates_and_checks(handbook) -> None:  # type: ignore[no-untyped-def]
    result = run_handbook("check")
    assert result.returncode == 0, result.stderr
    # A line per document with rules ("...: 14 rules, 79 examples with
    # verdicts, 0 failures"), then the summary.
    assert result.stdout.splitlines()[-1].startswith(f"handbook: {len(handbook.documents)} documents valid")


def test_every_document_has_its_original_and_fidelity_module(handbook) -> None:  # type: ignore[no-untyped-def]
    assert sorted(m.DOCUMENT for m in MODULES) == sorted(d.id for d in handbook.documents)
    for module in MODULES:
        assert (fidelity.ORIGINALS / module.ORIGINAL).is_file(), module.ORIGINAL


@pytest.mark.parametrize("module", MODULES, ids=[m.DOCUMENT for m in MODULES])
def test_every_sentence_of_the_original_is_kept(module: ModuleType) -> None:
    document = _load(module)
    sentences = module.sentences((fidelity.ORIGINALS / module.ORIGINAL).read_text(encoding="utf-8"))
    assert len(sentences) >= 10, "the original yields almost no sentences: is the splitter right?"
    missing = fidelity.missing_sentences(document, sentences)
    assert not missing, f"{len(missing)} of {len(sentences)} sentences of {module.DOCUMENT} missing; first: {missing[0]!r}"


@pytest.mark.parametrize(
    "module", [m for m in MODULES if hasattr(m, "check_structure")],
    ids=[m.DOCUMENT for m in MODULES if hasattr(m, "check_structure")],
)
def test_the_structure_of_the_original_is_kept(module: ModuleType) -> None:
    module.check_structure(_load(module))


def test_fidelity_check_names_a_dropped_sentence() -> None:
    import dataclasses

    module = next(m for m in MODULES if m.DOCUMENT == "pzbs-alert-rules")
    document = _load(module)
    first = document.body[0]
    assert isinstance(first, Paragraph)
    shortened = dataclasses.replace(first, text=first.text.replace("Niniejszy dokument określa", "Dokument określa"))
    document = dataclasses.replace(document, body=(shortened, *document.body[1:]))
    sentences = module.sentences((fidelity.ORIGINALS / module.ORIGINAL).read_text(encoding="utf-8"))
    assert fidelity.missing_sentences(document, sentences) == [
        "Niniejszy dokument określa, które zapowiedzi wymagają alertowania."
    ]


def test_a_lost_short_sentence_is_not_vouched_for_by_its_twin_elsewhere() -> None:
    import dataclasses

    module = next(m for m in MODULES if m.DOCUMENT == "russian-system-notes")
    document = _load(module)
    # The paragraph "или" between two diagrams of 4.5.1; the word stands in many other texts.
    assert "или" in fidelity.document_text(document).replace("\nили\n", "\n")
    document = dataclasses.replace(document, body=_without(document.body, "или"))
    sentences = module.sentences((fidelity.ORIGINALS / module.ORIGINAL).read_text(encoding="utf-8"))
    assert fidelity.missing_sentences(document, sentences) != []


def _without(blocks: tuple[Block, ...], text: str) -> tuple[Block, ...]:
    """``blocks`` less every paragraph whose whole text is ``text``."""
    import dataclasses

    out: list[Block] = []
    for block in blocks:
        if isinstance(block, Paragraph) and block.text == text:
            continue
        if isinstance(block, Section):
            block = dataclasses.replace(block, body=_without(block.body, text))
        elif isinstance(block, PointList):
            block = dataclasses.replace(block, items=tuple(
                dataclasses.replace(p, body=_without(p.body, text)) for p in block.items))
        out.append(block)
    return tuple(out)


# The translations finished so far; the others are published with the
# untranslated texts marked, and are checked only for being in step.
COMPLETE_TRANSLATIONS = [("pzbs-alert-rules", "en")]


@pytest.mark.parametrize(("doc_id", "lang"), COMPLETE_TRANSLATIONS)
def test_finished_translations_are_complete_and_current(handbook, doc_id: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    document = next(d for d in handbook.documents if d.id == doc_id)
    catalog = read_catalog(catalog_path(ROOT / "translations", lang, document.id))
    translated = translate(document, lang, catalog)
    assert translated.untranslated == frozenset(), (lang, sorted(translated.untranslated)[:5])


def test_catalogs_are_in_step_with_the_sources() -> None:
    result = run_handbook("i18n", "update", "--check")
    assert result.returncode == 0, result.stderr


def test_json_schema_file_is_in_step_with_the_schema() -> None:
    import json

    from build_tools.schema import json_schema

    on_disk = json.loads((ROOT / "source" / "document.schema.json").read_text(encoding="utf-8"))
    assert on_disk == json_schema(), "regenerate: python -m build_tools.schema > source/document.schema.json"
