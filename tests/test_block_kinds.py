"""Every kind of block is threaded through every stage, and a kind that one
stage does not know fails loudly there instead of vanishing.

Adding a block kind touches the schema, the model, the loader, the catalogs,
the translation and the renderer; these tests take one block of each kind of
``schema.BLOCKS`` through all of them.
"""

from __future__ import annotations

import dataclasses
import textwrap
from pathlib import Path

import pytest

from build_tools import schema
from build_tools.document import Document, Message
from build_tools.loader import load_document, load_manifest
from build_tools.render import render_pages
from conftest import FIXTURES

#: One block of each kind, with a text of its own (what a catalog must carry).
ONE_OF_EACH = {
    "section": "- section: s1\n  title: Tytuł sekcji\n  body:\n    - paragraph: inside\n      text: W środku.",
    "paragraph": "- paragraph: p1\n  text: Akapit.",
    "list": "- list: l1\n  items:\n    - point: pt1\n      text: Punkt.",
    "definition": "- definition: d1\n  term: Termin\n  text: Definicja.",
    "example": "- example: e1\n  auction: 1♦ (1♥) 1♠\n  text: Przykład.",
    "table": "- table: t1\n  rows:\n    - [Komórka]",
}
TEXT_OF = {"section": "Tytuł sekcji", "paragraph": "Akapit.", "list": "Punkt.", "definition": "Definicja.",
           "example": "Przykład.", "table": "Komórka"}


def document_with(tmp_path: Path, kind: str) -> Document:
    body = textwrap.indent(ONE_OF_EACH[kind], "  ")
    path = tmp_path / "doc.yaml"
    path.write_text(f"schema: 1\ndocument: doc\ntitle: T\nlanguage: pl\nkind: regulation\nbody:\n{body}\n",
                    encoding="utf-8")
    return load_document(path)


def test_every_kind_of_the_schema_is_tried_here() -> None:
    assert set(ONE_OF_EACH) == set(schema.BLOCKS)


@pytest.mark.parametrize("kind", sorted(schema.BLOCKS))
def test_a_block_of_each_kind_is_loaded_translated_and_rendered(tmp_path: Path, kind: str) -> None:
    document = document_with(tmp_path, kind)
    block_id = ONE_OF_EACH[kind].split(": ", 1)[1].split("\n", 1)[0]
    assert block_id in set(document.ids())
    texts = {message.text for message in document.messages()}
    assert TEXT_OF[kind] in texts  # the catalogs will carry it

    def shout(message: Message) -> str:
        return message.text.upper()

    translated = document.translated("en", shout)
    assert TEXT_OF[kind].upper() in {message.text for message in translated.messages()}
    manifest = load_manifest(FIXTURES / "mini" / "source" / "handbook.yaml")
    page = render_pages(manifest, [translated], "en")["doc.md"]
    assert TEXT_OF[kind].upper().rstrip(".") in page
    assert block_id in page  # its permanent anchor


@dataclasses.dataclass(frozen=True)
class Unknown:
    """A kind of block no stage knows."""

    id: str = "u1"
    text: str = "?"


def test_a_kind_no_stage_knows_fails_loudly(tmp_path: Path) -> None:
    document = dataclasses.replace(document_with(tmp_path, "paragraph"), body=(Unknown(),))  # type: ignore[arg-type]
    with pytest.raises(AssertionError):
        list(document.messages())
    with pytest.raises(AssertionError):
        document.translated("en", lambda message: message.text)
    with pytest.raises(AssertionError):
        list(document.elements())
    manifest = load_manifest(FIXTURES / "mini" / "source" / "handbook.yaml")
    with pytest.raises((TypeError, AssertionError)):
        render_pages(manifest, [dataclasses.replace(document, untranslated=frozenset())], "pl")


def test_no_block_kind_can_overwrite_another_definition_of_the_json_schema(monkeypatch: pytest.MonkeyPatch) -> None:
    note_kind = (schema.Field("note", "id", True, "a hypothetical block kind"),)
    monkeypatch.setitem(schema.BLOCKS, "note", note_kind)
    defs = schema.json_schema()["$defs"]
    assert set(defs["call-note"]["properties"]) == {f.name for f in schema.NOTE}
    assert set(defs["note-block"]["properties"]) == {"note"}
    assert {"$ref": "#/$defs/note-block"} in defs["block"]["oneOf"]
