"""What ``source/document.schema.json`` means, pinned by documents it must
accept and refuse (issue 37: ``test_content`` holds the file equal to the
code that writes it, which proves agreement, not meaning). Each refusal has
its twin on the other side of the boundary, accepted; the cases are written
from the README's description of a document, not from the schema's code.
Validated as an author's editor would, by a JSON Schema validator."""

from __future__ import annotations

import copy
import json
from typing import Any

import jsonschema
import pytest
import yaml

from conftest import ROOT

SCHEMA = json.loads((ROOT / "source" / "document.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)

BASE: dict[str, Any] = {
    "schema": 1, "document": "my-rules", "title": "Zasady", "language": "pl", "kind": "regulation",
    "body": [{"paragraph": "duty", "text": "Every sentence."}],
}


def document(path: str = "", value: Any = None, drop: str = "") -> dict[str, Any]:
    """:data:`BASE` with ``value`` at ``path`` (keys and list indexes joined by
    dots: ``body.0.text``), or with the key ``drop`` removed."""
    doc = copy.deepcopy(BASE)
    if drop:
        del doc[drop]
    if path:
        *parents, last = path.split(".")
        here: Any = doc
        for part in parents:
            here = here[int(part)] if part.isdigit() else here[part]
        here[int(last) if last.isdigit() else last] = value
    return doc


def block(**fields: Any) -> dict[str, Any]:
    return document("body", [fields])


def accepted(doc: dict[str, Any]) -> bool:
    return VALIDATOR.is_valid(doc)


# (accepted, refused): one boundary each, both sides.
PAIRS = {
    "schema version 1 only": (document("schema", 1), document("schema", 2)),
    "schema version is a number": (document("schema", 1), document("schema", "1")),
    "id: lowercase words": (document("document", "my-rules"), document("document", "My-rules")),
    "id: a letter first": (document("document", "a1"), document("document", "1a")),
    "id: one hyphen between words": (document("document", "my-rules"), document("document", "my--rules")),
    "id: no hyphen at the end": (document("document", "rules"), document("document", "rules-")),
    "title: not empty": (document("title", "T"), document("title", "")),
    "language: the catalogs' code": (document("language", "zh_CN"), document("language", "zh-CN")),
    "language: one of the handbook's": (document("language", "de"), document("language", "fr")),
    "kind: a known kind": (document("kind", "convention-description"), document("kind", "law")),
    "body is required": (document("body", []), document(drop="body")),
    "no unknown keys": (document("issuer", "PZBS"), document("publisher", "PZBS")),
    "paragraph text: not empty": (block(paragraph="p", text="x"), block(paragraph="p", text="")),
    "paragraph needs its text": (block(paragraph="p", text="x"), block(paragraph="p")),
    "a block is one kind": (block(paragraph="p", text="x"), block(paragraph="p", list="q", text="x")),
    "board: from 1": (block(example="e", auction="1C", board=1), block(example="e", auction="1C", board=0)),
    "board: a whole number": (block(example="e", board=16), block(example="e", board=1.5)),
    "dealer: a seat or ?": (block(example="e", dealer="?"), block(example="e", dealer="X")),
    "vulnerability: as the Laws write it": (block(example="e", vulnerability="All"),
                                            block(example="e", vulnerability="all")),
    "view: table or partnership": (block(example="e", view="partnership"), block(example="e", view="pairs")),
    "a note names a call from 1": (block(example="e", notes=[{"call": 1, "text": "forcing"}]),
                                   block(example="e", notes=[{"call": 0, "text": "forcing"}])),
    "a hand's seat is a seat, not ?": (block(example="e", hands=[{"seat": "S", "cards": "AKQ"}]),
                                       block(example="e", hands=[{"seat": "?", "cards": "AKQ"}])),
    "a table has a row": (block(table="t", rows=[["a"]]), block(table="t", rows=[])),
    "a row has a cell": (block(table="t", rows=[[""]]), block(table="t", rows=[[]])),
    "a header cell is not empty": (block(table="t", header=["Call"], rows=[["1C"]]),
                                   block(table="t", header=[""], rows=[["1C"]])),
    "a section has a body": (block(section="s", title="S", body=[]), block(section="s", title="S")),
    "a point has its text": (block(list="l", items=[{"point": "a", "text": "x"}]),
                             block(list="l", items=[{"point": "a"}])),
    "points nest": (block(list="l", items=[{"point": "a", "text": "x", "items": [{"point": "b", "text": "y"}]}]),
                    block(list="l", items=[{"point": "a", "text": "x", "items": [{"point": "B", "text": "y"}]}])),
}


@pytest.mark.parametrize("name", PAIRS)
def test_the_schema_draws_each_boundary_where_the_readme_does(name: str) -> None:
    good, bad = PAIRS[name]
    assert accepted(good), [e.message for e in VALIDATOR.iter_errors(good)]
    assert not accepted(bad)


@pytest.mark.parametrize("path", sorted((ROOT / "source").glob("*.yaml")), ids=lambda p: p.stem)
def test_every_shipped_document_is_accepted(path: Any) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if "documents" in data:  # the manifest is not a document
        assert not accepted(data)
        return
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in VALIDATOR.iter_errors(data)]
    assert errors == []


def test_the_schema_itself_is_a_valid_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
