"""The typed document model: what the loader produces and every later stage reads.

A document is a tree of blocks. Every block has a stable ``id`` (unique in its
document: it is the URL anchor and the translation key) and remembers where it
was written (``line``, ``column``), so any later stage can point at the source.

Text is plain text with a small inline markup (``*emphasis*``); each translatable
text is a :class:`Message` whose ``context`` is the element's id, or
``<id>.<field>`` for a second text field of the same element (a definition's term).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

#: Languages the handbook can be written or translated in (gettext locale names).
LANGUAGES: tuple[str, ...] = ("pl", "en", "ru", "es", "sv", "zh_CN")

#: The kinds of document the schema knows.
KINDS: tuple[str, ...] = ("regulation", "convention-description")


@dataclass(frozen=True, slots=True)
class Position:
    """Where a node starts in its YAML file, 1-based."""

    line: int = 0
    column: int = 0


@dataclass(frozen=True, slots=True)
class Paragraph:
    id: str
    text: str
    pos: Position = Position()


@dataclass(frozen=True, slots=True)
class Point:
    """One point of a list: a display number (``"1."``, ``"a)"``; empty for a
    bullet), its text, and optionally points of its own."""

    id: str
    text: str
    number: str = ""
    items: tuple[Point, ...] = ()
    pos: Position = Position()


@dataclass(frozen=True, slots=True)
class PointList:
    id: str
    items: tuple[Point, ...]
    pos: Position = Position()


@dataclass(frozen=True, slots=True)
class Definition:
    id: str
    term: str
    text: str
    pos: Position = Position()


@dataclass(frozen=True, slots=True)
class Example:
    """An auction example, written in ``notation`` (default: the document's language)."""

    id: str
    auction: str
    text: str = ""
    notation: str = ""
    pos: Position = Position()


@dataclass(frozen=True, slots=True)
class Section:
    id: str
    title: str
    body: tuple[Block, ...]
    number: str = ""
    pos: Position = Position()


Block = Section | Paragraph | PointList | Definition | Example


@dataclass(frozen=True, slots=True)
class Message:
    """A translatable text: ``context`` is the stable key, ``text`` the source text."""

    context: str
    text: str
    pos: Position = Position()


@dataclass(frozen=True, slots=True)
class Document:
    id: str
    title: str
    issuer: str
    language: str
    kind: str
    body: tuple[Block, ...]
    edition: str = ""
    path: str = ""
    pos: Position = Position()
    #: The language this copy is in; equals ``language`` for the original.
    shown_language: str = ""
    #: Contexts of messages that are shown in the original language because their
    #: translation is missing or fuzzy.
    untranslated: frozenset[str] = field(default_factory=frozenset)

    @property
    def display_language(self) -> str:
        return self.shown_language or self.language

    def messages(self) -> Iterator[Message]:
        """Every translatable text, in document order."""
        yield Message(self.id, self.title, self.pos)
        yield Message(f"{self.id}.issuer", self.issuer, self.pos)
        for block in self.body:
            yield from _block_messages(block)

    def translated(self, language: str, lookup: Callable[[Message], str | None]) -> Document:
        """A copy in ``language``: ``lookup`` returns a message's translation, or
        ``None`` to keep the original text (recorded in ``untranslated``)."""
        missing: set[str] = set()

        def text_for(context: str, text: str, pos: Position) -> str:
            result = lookup(Message(context, text, pos))
            if result is None:
                missing.add(context)
                return text
            return result

        title = text_for(self.id, self.title, self.pos)
        issuer = text_for(f"{self.id}.issuer", self.issuer, self.pos)
        body = tuple(_translate_block(b, text_for) for b in self.body)
        return dataclasses.replace(
            self, title=title, issuer=issuer, body=body, shown_language=language, untranslated=frozenset(missing)
        )

    def ids(self) -> Iterator[str]:
        """Every element id, in document order (the document's own first)."""
        yield self.id
        for block in self.body:
            yield from _block_ids(block)


def _block_messages(block: Block) -> Iterator[Message]:
    if isinstance(block, Section):
        yield Message(block.id, block.title, block.pos)
        for child in block.body:
            yield from _block_messages(child)
    elif isinstance(block, Paragraph):
        yield Message(block.id, block.text, block.pos)
    elif isinstance(block, PointList):
        for item in block.items:
            yield from _point_messages(item)
    elif isinstance(block, Definition):
        yield Message(f"{block.id}.term", block.term, block.pos)
        yield Message(block.id, block.text, block.pos)
    elif isinstance(block, Example):
        if block.text:
            yield Message(block.id, block.text, block.pos)


def _point_messages(point: Point) -> Iterator[Message]:
    yield Message(point.id, point.text, point.pos)
    for item in point.items:
        yield from _point_messages(item)


TextFor = Callable[[str, str, Position], str]


def _translate_block(block: Block, text_for: TextFor) -> Block:
    if isinstance(block, Section):
        return dataclasses.replace(
            block,
            title=text_for(block.id, block.title, block.pos),
            body=tuple(_translate_block(b, text_for) for b in block.body),
        )
    if isinstance(block, Paragraph):
        return dataclasses.replace(block, text=text_for(block.id, block.text, block.pos))
    if isinstance(block, PointList):
        return dataclasses.replace(
            block, items=tuple(_translate_point(p, text_for) for p in block.items)
        )
    if isinstance(block, Definition):
        return dataclasses.replace(
            block,
            term=text_for(f"{block.id}.term", block.term, block.pos),
            text=text_for(block.id, block.text, block.pos),
        )
    if block.text:
        return dataclasses.replace(block, text=text_for(block.id, block.text, block.pos))
    return block


def _translate_point(point: Point, text_for: TextFor) -> Point:
    return dataclasses.replace(
        point,
        text=text_for(point.id, point.text, point.pos),
        items=tuple(_translate_point(p, text_for) for p in point.items),
    )


def _block_ids(block: Block) -> Iterator[str]:
    yield block.id
    if isinstance(block, Section):
        for child in block.body:
            yield from _block_ids(child)
    elif isinstance(block, PointList):
        for item in block.items:
            yield from _point_ids(item)


def _point_ids(point: Point) -> Iterator[str]:
    yield point.id
    for item in point.items:
        yield from _point_ids(item)
