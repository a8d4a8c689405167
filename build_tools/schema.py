"""Schema version 1 of a handbook document, as data.

The loader (:mod:`build_tools.loader`) checks YAML against these tables, and
:func:`json_schema` turns the same tables into a JSON Schema for authors' editors
(``source/document.schema.json``; a test keeps the file in step).

A document is a mapping with the fields of :data:`DOCUMENT`. Its ``body`` is a list
of blocks; a block is a mapping whose *kind key* (``section``, ``paragraph``,
``list``, ``definition``, ``example`` or ``table``) names its kind and holds its
stable id::

    - paragraph: obowiazek-alertowania
      text: W zawodach klasyfikowanych ...

An example's hands (:data:`HAND`) and notes on calls (:data:`NOTE`) are mappings
without ids of their own: they belong to the example.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from build_tools.document import DEALERS, KINDS, LANGUAGES, SEATS, VIEWS, VULNERABILITIES
# Stable ids: lowercase ASCII words joined by hyphens, starting with a letter;
# the engine's pattern, which names questions and parameters alike.
from build_tools.rules.registry import ID_PATTERN as ID_PATTERN

SCHEMA_VERSION = 1


@dataclass(frozen=True, slots=True)
class Field:
    """One key of a mapping.

    ``kind`` is one of: ``id`` (a stable id), ``text`` (translatable plain text
    with inline markup), ``label`` (a short untranslated string such as a display
    number; numbers are taken as written), ``choice`` (one of ``choices``),
    ``int`` (the schema version), ``date`` (a day, ``YYYY-MM-DD``), ``count`` (a whole number from 1), ``flag``
    (true or false), ``data`` (a mapping or list read by :mod:`build_tools.rules`), ``texts`` (a list of texts), ``blocks`` (a list of blocks),
    ``points`` (a list of points), ``hands`` (a list of :data:`HAND`), ``notes``
    (a list of :data:`NOTE`) or ``rows`` (a list of lists of texts, ``""`` for an
    empty cell).
    """

    name: str
    kind: str
    required: bool
    description: str
    choices: tuple[str, ...] = ()
    #: The field prints as a list of its own inside its element (a LaTeX list,
    #: which nests at most six deep: the loader counts it).
    printed_as_list: bool = False


#: The Laws an article rests on (paragraphs and points take them).
LAWS = Field("laws", "data", False,
             "The entries of the Laws this article rests on (disclosure, misinformation, damage, adjustment), "
             "each 'document#id' of the Laws' contents; each is a link beside the article, in every language.")

#: The rules an article states (sections, paragraphs and points take them).
RULE = Field("rule", "data", False,
             "Rules formalising this article, one mapping or a list (see build_tools/rules): question, scope, "
             "when, answer, otherwise, exception-to, fallback.")

DOCUMENT: tuple[Field, ...] = (
    Field("schema", "int", True, f"Schema version; this is version {SCHEMA_VERSION}."),
    Field("document", "id", True, "Stable id of the document; also its file name and page name."),
    Field("title", "text", True, "Title, in the authoritative language."),
    Field("issuer", "text", False, "The body that issued the document (federation, author), when known."),
    Field("language", "choice", True, "Authoritative language of the text.", LANGUAGES),
    Field("kind", "choice", True, "What the document is.", KINDS),
    Field("edition", "label", False, "Edition or date, when the source gives one; the name an amendment's "
          "'supersedes' gives it (an earlier edition's file is source/editions/<document>/<edition>.yaml)."),
    Field("effective", "date", False, "The day this edition is in force from (YYYY-MM-DD): for events on or "
          "after it; needs 'edition'."),
    Field("published", "date", False, "The day this edition was published (YYYY-MM-DD), when the source says."),
    Field("supersedes", "label", False, "The edition this one replaces: the 'edition' of the file "
          "source/editions/<document>/<that edition>.yaml; needs 'effective'."),
    Field("repeals", "data", False, "The ids of the articles of the superseded edition that this one repeals "
          "(every article it leaves out; an article kept keeps its id)."),
    Field("body", "blocks", True, "The content: a list of blocks."),
    Field("questions", "data", False,
          "Questions of the document's own rules, each with its answers, their labels, tones and call marks "
          "(build_tools/rules/registry.py); the handbook's standard ones need no declaring."),
    Field("conventions", "data", False,
          "Kinds of convention its meanings name beyond the handbook's standard ones "
          "(build_tools/rules/conventions.yaml): convention, label, text."),
    Field("parameters", "data", False,
          "Figures and readings of the regulation its rules read, each with its value and the article "
          "it comes from: parameter, value, article, edition, text."),
    Field("card", "data", False,
          "The questions its one-sheet alert card holds, in order (build_tools/generated/card.py); "
          "without it, every question its examples ask."),
)

BLOCKS: dict[str, tuple[Field, ...]] = {
    "section": (
        Field("section", "id", True, "Stable id of the section."),
        Field("number", "label", False, "Display number as the document shows it (\"4.2.1\", \"第29条\")."),
        Field("title", "text", True, "Heading of the section."),
        Field("body", "blocks", True, "The section's content."),
        RULE,
    ),
    "paragraph": (
        Field("paragraph", "id", True, "Stable id of the paragraph."),
        Field("text", "text", True, "The paragraph's text."),
        Field("default", "flag", False, "The text states the default agreement (BWS '[default]')."),
        Field("leaves", "texts", False, "Alternative agreements to the default (BWS '{... [leaf]}').",
              printed_as_list=True),
        LAWS,
        RULE,
    ),
    "list": (
        Field("list", "id", True, "Stable id of the list."),
        Field("items", "points", True, "The points of the list."),
    ),
    "definition": (
        Field("definition", "id", True, "Stable id of the definition."),
        Field("term", "text", True, "The term defined."),
        Field("text", "text", True, "What the term means."),
        RULE,
    ),
    "example": (
        Field("example", "id", True, "Stable id of the example."),
        Field("number", "label", False, "Display number as the document shows it (\"1)\")."),
        Field("auction", "label", False,
              "The auction in the document's notation; alternatives ('3п/4тб') and a final '?' allowed."),
        Field("view", "choice", False,
              "table: every call in turn from the dealer (default); partnership: one side's calls, "
              "the opponents' in brackets.", VIEWS),
        Field("dealer", "choice", False,
              "Dealer of a table-view auction (default N); '?' when not given: the diagram starts "
              "at the first call.", DEALERS),
        Field("vulnerability", "choice", False,
              "Which sides are vulnerable (as handbook auction --vulnerability spells it); "
              "not given when absent.", VULNERABILITIES),
        Field("board", "count", False,
              "Board number: names the dealer and vulnerability as the Laws' board table does "
              "(board 1: N, none; 2: E, NS; 3: S, EW; 4: W, all; repeating every 16); table view only."),
        Field("notation", "choice", False, "Notation of the auction and hands when not the document's.", LANGUAGES),
        Field("hands", "hands", False, "Hand diagrams."),
        Field("notes", "notes", False, "Notes written beside calls of the auction."),
        Field("text", "text", False, "What the example shows."),
        Field("call", "label", False,
              "Doctest-style example whose auction ends in '?' as printed: the call asked about in its place, "
              "in the example's notation."),
        Field("meaning", "data", False,
              "Doctest-style example: the agreed meaning of the auction's last call (the meaning vocabulary)."),
        Field("earlier", "data", False, "Meanings of earlier calls, by their number as written (1 for the first)."),
        Field("screens", "flag", False, "The question is asked for play with screens."),
        Field("agreed", "flag", False,
              "Whether the pair has an agreement about the call (false: none was made, the doubtful case)."),
        Field("hand", "label", False, "Doctest-style example: the hand of the player of the last call, "
                                      "in the example's notation."),
        Field("vulnerable", "choice", False, "Who is vulnerable, seen from the player of the last call.",
              ("none", "we", "they", "both")),
        Field("agreements", "data", False, "Leaves the pair has chosen instead of defaults: {default-id: leaf-id}."),
        Field("system", "data", False, "A pair's system (convention card) the question is asked about."),
        Field("opponents", "data", False, "The opposing pair's system (one convention card), where a question "
                                          "turns on the opponents' methods."),
        Field("event", "label", False, "The event category a question of permission is asked for."),
        Field("stage", "label", False, "The stage of the event (round robin, knockout...)."),
        Field("expect", "data", False, "The verdicts the example states, e.g. {alert: no}; checked by the rules."),
        Field("editorial", "flag", False, "The handbook's own example, not the regulation's."),
        Field("reading", "flag", False,
              "Its verdicts rest on the handbook's reading of the article (written beside the rule), not on "
              "the article's words: each is marked so, in print and on the site."),
        Field("as-printed", "flag", False,
              "The hands are kept as the original prints them although two of them share a card (a misprint "
              "of the source, named in a comment beside it); the check of the deal is skipped."),
    ),
    "table": (
        Field("table", "id", True, "Stable id of the table."),
        Field("caption", "text", False, "Caption of the table."),
        Field("header", "texts", False, "Column headings."),
        Field("rows", "rows", True, "The rows: lists of cells, each as long as the header."),
    ),
}

#: The block kinds that print as a list of their own (an example's frame is a
#: quote, a definition a description list); a point is one too.
PRINTED_AS_LIST: frozenset[str] = frozenset({"example", "definition"})


def printed_lists(kind: str, keys: Iterable[str]) -> int:
    """How many LaTeX lists deep an element of ``kind`` (a block kind or
    ``point``) with the fields ``keys`` goes in print, itself and its fields.

    >>> printed_lists("paragraph", ["paragraph", "text"]), printed_lists("paragraph", ["text", "leaves"])
    (0, 1)
    >>> printed_lists("point", ["point", "leaves"]), printed_lists("example", ["example"])
    (2, 1)
    """
    fields = POINT if kind == "point" else BLOCKS.get(kind, ())
    own = 1 if kind == "point" or kind in PRINTED_AS_LIST else 0
    present = set(keys)
    return own + max((1 for f in fields if f.printed_as_list and f.name in present), default=0)


HAND: tuple[Field, ...] = (
    Field("cards", "label", True, "The hand in the example's notation ('п Т76 ч ТК9754 б 8 т В98')."),
    Field("seat", "choice", False, "The seat that holds it.", SEATS),
    Field("label", "label", False, "Caption as the document writes it ('West', 'East1')."),
)

NOTE: tuple[Field, ...] = (
    Field("call", "count", True, "Which call, counting from 1 as the auction is written."),
    Field("text", "text", True, "The note."),
)

POINT: tuple[Field, ...] = (
    Field("point", "id", True, "Stable id of the point."),
    Field("number", "label", False, "Display number (\"1.\", \"a)\"); none for a bullet."),
    Field("text", "text", True, "The point's text."),
    Field("page", "label", False, "Page number, in a table of contents."),
    Field("default", "flag", False, "The text states the default agreement (BWS '[default]')."),
    Field("leaves", "texts", False, "Alternative agreements to the default (BWS '{... [leaf]}').",
          printed_as_list=True),
    Field("body", "blocks", False, "Blocks after the point's text (no sections)."),
    Field("items", "points", False, "Sub-points."),
    LAWS,
    RULE,
)


def json_schema() -> dict[str, Any]:
    """The schema as a JSON Schema (draft 2020-12) document."""

    def field_schema(f: Field) -> dict[str, Any]:
        if f.kind == "id":
            out: dict[str, Any] = {"type": "string", "pattern": f"^{ID_PATTERN.pattern}$"}
        elif f.kind == "text":
            out = {"type": "string", "minLength": 1}
        elif f.kind == "label":
            out = {"type": ["string", "number"]}
        elif f.kind == "date":
            out = {"type": "string", "format": "date", "pattern": r"^\d{4}-\d{2}-\d{2}$"}
        elif f.kind == "choice":
            out = {"enum": list(f.choices)}
        elif f.kind == "int":
            out = {"const": SCHEMA_VERSION}
        elif f.kind == "count":
            out = {"type": "integer", "minimum": 1}
        elif f.kind == "flag":
            out = {"type": "boolean"}
        elif f.kind == "data":
            out = {"type": ["object", "array"]}
        elif f.kind == "texts":
            out = {"type": "array", "items": {"type": "string", "minLength": 1}}
        elif f.kind == "rows":
            out = {"type": "array", "minItems": 1,
                   "items": {"type": "array", "minItems": 1, "items": {"type": "string"}}}
        elif f.kind == "blocks":
            out = {"type": "array", "items": {"$ref": "#/$defs/block"}}
        elif f.kind == "hands":
            out = {"type": "array", "items": {"$ref": "#/$defs/hand"}}
        elif f.kind == "notes":
            out = {"type": "array", "items": {"$ref": "#/$defs/call-note"}}
        else:
            out = {"type": "array", "items": {"$ref": "#/$defs/point"}}
        out["description"] = f.description
        return out

    def mapping(fields: tuple[Field, ...]) -> dict[str, Any]:
        return {
            "type": "object",
            "additionalProperties": False,
            "required": [f.name for f in fields if f.required],
            "properties": {f.name: field_schema(f) for f in fields},
        }

    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://bridge-handbook.invalid/schema/document-1.json",
        "title": f"Bridge handbook document, schema version {SCHEMA_VERSION}",
        **mapping(DOCUMENT),
        "$defs": {
            # A block kind's definition is "<kind>-block", so that no kind (a
            # "note" block, say) can overwrite the definition of a mapping below.
            "block": {"oneOf": [{"$ref": f"#/$defs/{kind}-block"} for kind in BLOCKS]},
            **{f"{kind}-block": mapping(fields) for kind, fields in BLOCKS.items()},
            "point": mapping(POINT),
            "hand": mapping(HAND),
            "call-note": mapping(NOTE),
        },
    }


def main() -> None:
    """Print the JSON Schema (``python -m build_tools.schema > source/document.schema.json``)."""
    import json

    print(json.dumps(json_schema(), indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
