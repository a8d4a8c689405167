"""The handbook's own content: every document valid, every sentence of each
original kept, the restored numbering, and complete, current translations."""

from __future__ import annotations

import re

import pytest

from build_tools.document import Document, Point, PointList, Section
from build_tools.i18n import catalog_path, read_catalog, translate
from build_tools.pipeline import load_handbook
from conftest import FIXTURES, ROOT, run_handbook

ORIGINALS = FIXTURES / "originals"

# List markers that extraction left at the start of lines ("1.", "•", "a)"):
# the YAML keeps them as display numbers, not as text.
_MARKER = re.compile(r"^\s*(?:\d+\.|•|[a-z]\))\s+")
_SENTENCE_END = re.compile(r"(?<=[.;!?])\s+")


def original_sentences(text: str) -> list[str]:
    sentences = []
    for line in text.splitlines():
        while (match := _MARKER.match(line)):
            line = line[match.end():]
        for sentence in _SENTENCE_END.split(line):
            sentence = " ".join(sentence.split())
            if sentence:
                sentences.append(sentence)
    return sentences


def document_text(document: Document) -> str:
    return "\n".join(" ".join(m.text.split()) for m in document.messages())


@pytest.fixture(scope="module")
def handbook():  # type: ignore[no-untyped-def]
    return load_handbook(ROOT / "source")


def test_the_handbook_validates_and_checks() -> None:
    result = run_handbook("check")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("handbook: 1 documents valid")


@pytest.mark.parametrize("doc_id", ["pzbs-alert-rules"])
def test_every_sentence_of_the_original_is_kept(handbook, doc_id: str) -> None:  # type: ignore[no-untyped-def]
    document = next(d for d in handbook.documents if d.id == doc_id)
    corpus = document_text(document)
    original = (ORIGINALS / f"{doc_id}.txt").read_text(encoding="utf-8")
    sentences = original_sentences(original)
    assert len(sentences) > 50
    missing = [s for s in sentences if s not in corpus]
    assert not missing, f"{len(missing)} sentences of {doc_id} missing; first: {missing[0]!r}"


def test_fidelity_check_names_a_dropped_sentence(handbook) -> None:  # type: ignore[no-untyped-def]
    document = handbook.documents[0]
    corpus = document_text(document).replace("Niniejszy dokument określa", "Dokument określa")
    sentences = original_sentences((ORIGINALS / "pzbs-alert-rules.txt").read_text(encoding="utf-8"))
    assert [s for s in sentences if s not in corpus] == [
        "Niniejszy dokument określa, które zapowiedzi wymagają alertowania."
    ]


def _numbers(items: tuple[Point, ...]) -> list[object]:
    out: list[object] = []
    for item in items:
        out.append(item.number or "•")
        if item.items:
            out.append(_numbers(item.items))
    return out


def _lists(blocks: tuple[object, ...]) -> dict[str, list[object]]:
    found: dict[str, list[object]] = {}
    for block in blocks:
        if isinstance(block, PointList):
            found[block.id] = _numbers(block.items)
        elif isinstance(block, Section):
            found.update(_lists(block.body))
    return found


def test_pzbs_numbering_is_restored(handbook) -> None:  # type: ignore[no-untyped-def]
    document = next(d for d in handbook.documents if d.id == "pzbs-alert-rules")
    lists = {key: [n for n in value if isinstance(n, str)] for key, value in _lists(document.body).items()}
    # Points 1-3 and 4-5 of the general rules ("Punkty 1-3 ...", "Punkty 4-5 ..."),
    assert lists["punkty-1-3"] == ["1.", "2.", "3."]
    assert lists["punkty-4-5"] == ["4.", "5."]
    # the six explanations of the detailed rules, and the further agreements.
    assert lists["wyjasnienia-punkty"] == [f"{n}." for n in range(1, 7)]
    assert lists["inne-ustalenia-punkty"] == [f"{n}." for n in range(1, 14)]
    nested = _lists(document.body)["inne-ustalenia-punkty"]
    assert ["1.", "2.", "3."] in nested and ["1.", "2."] in nested and ["a)", "b)"] in nested


def test_english_translation_is_complete_and_current(handbook) -> None:  # type: ignore[no-untyped-def]
    for document in handbook.documents:
        for lang in handbook.manifest.languages:
            if lang == document.language:
                continue
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
