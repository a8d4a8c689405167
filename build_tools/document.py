"""The typed document model: what the loader produces and every later stage reads.

A document is a tree of blocks. Every block has a stable ``id`` (unique in its
document: it is the URL anchor and the translation key) and remembers where it
was written (``line``, ``column``), so any later stage can point at the source.

Text is plain text with a small inline markup (:mod:`build_tools.markup`:
emphasis, cross references, inline auctions and hands); each translatable text is
a :class:`Message` whose ``context`` is the element's id, or ``<id>.<field>`` for a
further text of the same element (a definition's term, a leaf ``<id>.leaf1``, a
note on a call ``<id>.note1``, a hand's label ``<id>.label1``, the edition
``<document>.edition``). A table cell is keyed by its table and its text
(``<id>.cell-<hash>``, see :func:`cell_context`), not by its row and column, so
that inserting a row leaves every other cell's translation where it was.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, TypeVar, assert_never

if TYPE_CHECKING:
    from build_tools.rules.engine import Rule
    from build_tools.rules.query import Query
    from build_tools.rules.registry import Answer, Question, Registry

from build_tools.bridge.notation import PROFILES as _PROFILES

#: Languages a document can be written in (gettext locale names): those whose
#: notation the rule model reads, one per notation profile
#: (:mod:`build_tools.bridge.notation`). A handbook is translated into any
#: language Babel knows (:func:`is_language`).
LANGUAGES: tuple[str, ...] = tuple(p.locale for p in _PROFILES.values())

#: Each language's name in itself, for language switchers.
LANGUAGE_NAMES: dict[str, str] = {
    "pl": "Polski",
    "en": "English",
    "ru": "Русский",
    "es": "Español",
    "sv": "Svenska",
    "zh_CN": "中文",
}



def is_language(code: str) -> bool:
    """Whether a handbook may be published in ``code``: a gettext locale name
    (``de``, ``pt_BR``, ``zh_CN``) of a language Babel knows by that very code.
    A document itself is written in one of :data:`LANGUAGES`, whose notation
    the rule model reads.

    The language is two letters (ISO 639-1), or three where it has no two
    (``nqo``, N'Ko; ``yue``), with an optional territory; a code Babel takes
    for another (``und`` undetermined, read as English; ``deu`` for ``de``;
    ``iw`` for ``he``) or does not know (``mul``, ``zxx``, ``qaa``) is none.

    >>> is_language("de"), is_language("zh_CN"), is_language("nqo"), is_language("pt_BR")
    (True, True, True, True)
    >>> [is_language(c) for c in ("klingon", "../x", "und", "deu", "iw", "mul", "qaa", "root", "de_XX")]
    [False, False, False, False, False, False, False, False, False]
    """
    return language_problem(code) is None


def language_problem(code: str) -> str | None:
    """Why ``code`` is no language a handbook may be published in (``None``: it is one).

    >>> language_problem("und")
    "'und' is no language of its own (Babel reads it as 'en')"
    """
    import re

    from babel import Locale, UnknownLocaleError

    try:
        if not re.fullmatch(r"[a-z]{2,3}(?:_[A-Z]{2})?", code):
            raise ValueError(code)
        locale = Locale.parse(code)
    except (ValueError, UnknownLocaleError):
        return f"unknown language {code!r} (a language code such as pl, de, nqo or pt_BR)"
    language, _, territory = code.partition("_")
    if locale.language != language or (territory and locale.territory != territory):
        return f"{code!r} is no language of its own (Babel reads it as {locale.language!r})"
    return None


def language_name(code: str, reader: str | None = None) -> str:
    """The name of language ``code`` in itself, for language switchers, or in
    the ``reader``'s language, for a sentence ("the original (Polish)").

    >>> language_name("ru"), language_name("de"), language_name("fr")
    ('Русский', 'Deutsch', 'Français')
    >>> language_name("pl", "en"), language_name("zh_CN", "ru")
    ('Polish', 'китайский')
    """
    from babel import Locale

    if reader is not None:
        return str(Locale.parse(reader).languages.get(Locale.parse(code).language, code))
    if code in LANGUAGE_NAMES:
        return LANGUAGE_NAMES[code]
    name = Locale.parse(code).get_language_name(code) or code
    return name[:1].upper() + name[1:]


#: The kinds of document the schema knows.
KINDS: tuple[str, ...] = ("regulation", "convention-description", "table-of-contents")

#: Seats as documents write them, for hands and dealers.
SEATS: tuple[str, ...] = ("N", "E", "S", "W")

#: An example's dealer: a seat, or ``?`` when the document does not give one.
DEALERS: tuple[str, ...] = (*SEATS, "?")

#: Vulnerability as PBN and ``handbook auction --vulnerability`` spell it.
VULNERABILITIES: tuple[str, ...] = ("None", "NS", "EW", "All")

#: How an auction is written: every call in turn, or one partnership's calls.
VIEWS: tuple[str, ...] = ("table", "partnership")


@dataclass(frozen=True, slots=True)
class Position:
    """Where a node starts in its YAML file, 1-based."""

    line: int = 0
    column: int = 0


@dataclass(frozen=True, slots=True)
class Paragraph:
    """A paragraph. ``default`` marks text that states a default agreement
    (Bridge World Standard's ``[default]``); ``leaves`` are its alternatives."""

    id: str
    text: str
    default: bool = False
    leaves: tuple[str, ...] = ()
    pos: Position = Position()
    rules: tuple[Rule, ...] = ()
    #: The entries of the Laws it rests on, ``document#id`` each.
    laws: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Point:
    """One point of a list: a display number (``"1."``, ``"a)"``; empty for a
    bullet), its text, blocks of its own (``body``), and sub-points. ``page``
    is the page a table of contents gives; ``default`` and ``leaves`` as for
    :class:`Paragraph`."""

    id: str
    text: str
    number: str = ""
    items: tuple[Point, ...] = ()
    body: tuple[Block, ...] = ()
    page: str = ""
    default: bool = False
    leaves: tuple[str, ...] = ()
    pos: Position = Position()
    rules: tuple[Rule, ...] = ()
    #: The entries of the Laws it rests on, ``document#id`` each.
    laws: tuple[str, ...] = ()


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
    #: The rules the definition states (a definition of "natural" answers the
    #: question natural: other rules may ask its verdict).
    rules: tuple[Rule, ...] = ()


@dataclass(frozen=True, slots=True)
class HandDiagram:
    """One hand of an example, written in the example's notation."""

    cards: str
    seat: str = ""
    label: str = ""
    pos: Position = Position()


@dataclass(frozen=True, slots=True)
class CallNote:
    """A note written beside the ``call``-th call (1-based, as written)."""

    call: int
    text: str
    pos: Position = Position()


@dataclass(frozen=True, slots=True)
class Example:
    """An auction and/or hands, written in ``notation`` (default: the
    document's language). ``view`` is ``table`` (every call in turn from
    ``dealer``; ``?`` when not given) or ``partnership`` (one side's calls,
    opponents' in brackets). ``vulnerability`` is ``""`` when not given;
    ``board`` is 0 or the board number, which the loader has turned into the
    dealer and vulnerability of the Laws' board table."""

    id: str
    auction: str = ""
    text: str = ""
    notation: str = ""
    number: str = ""
    view: str = "table"
    dealer: str = "N"
    vulnerability: str = ""
    board: int = 0
    hands: tuple[HandDiagram, ...] = ()
    notes: tuple[CallNote, ...] = ()
    pos: Position = Position()
    #: The query a doctest-style example asks (the auction's last call is the
    #: call in question) and the verdicts it expects (:mod:`build_tools.rules`).
    query: Query | None = None
    expect: tuple[tuple[str, str], ...] = ()
    #: The handbook's own example, not the regulation's text.
    editorial: bool = False
    #: Its verdicts rest on the handbook's reading of the article, not on its words.
    reading: bool = False


@dataclass(frozen=True, slots=True)
class Table:
    """A table of text cells; ``""`` is an empty cell."""

    id: str
    rows: tuple[tuple[str, ...], ...]
    header: tuple[str, ...] = ()
    caption: str = ""
    pos: Position = Position()


@dataclass(frozen=True, slots=True)
class Section:
    id: str
    title: str
    body: tuple[Block, ...]
    number: str = ""
    pos: Position = Position()
    rules: tuple[Rule, ...] = ()


Block = Section | Paragraph | PointList | Definition | Example | Table


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
    #: The questions and parameters in force for its rules (the standard ones
    #: and its own); ``None`` for a document built without the loader.
    registry: Registry | None = field(default=None, compare=False)
    #: How many texts the original has (a translation's own texts may collapse:
    #: two cells translated alike, a cell "3т" become "3♣" with no word left).
    original_texts: int = 0
    #: The questions its alert card holds, in order (none given: every question).
    card: tuple[str, ...] = ()
    #: The edition's dates (``YYYY-MM-DD``, "" when not stated): in force for
    #: events on or after ``effective``; and the edition it replaces
    #: (build_tools/editions.py keeps the earlier ones).
    effective: str = ""
    published: str = ""
    supersedes: str = ""
    #: The articles of the superseded edition this one repeals, by id.
    repeals: tuple[str, ...] = ()

    @property
    def texts(self) -> int:
        """The number of translatable texts of the original."""
        return self.original_texts or sum(1 for _ in self.messages())

    @property
    def display_language(self) -> str:
        return self.shown_language or self.language

    def messages(self, *, every_cell: bool = False) -> Iterator[Message]:
        """Every translatable text, in document order. A table's cells are given
        once per distinct text that has a word to translate; ``every_cell``
        gives every non-empty cell in reading order (what a reader reads)."""
        yield Message(self.id, self.title, self.pos)
        if self.issuer:
            yield Message(f"{self.id}.issuer", self.issuer, self.pos)
        if _has_words(self.edition):
            yield Message(f"{self.id}.edition", self.edition, self.pos)
        for question, answer in self.own_labels():
            yield Message(label_context(self.id, question, answer), answer.label, self.pos)
        for block in self.body:
            yield from node_messages(block, every_cell)

    def own_labels(self) -> Iterator[tuple[Question, Answer]]:
        """The answers of the questions this document declares for itself: their
        labels are its texts, translated with it (the standard questions'
        are interface strings)."""
        if self.registry is None:
            return
        for question, answer in self.registry.labels():
            if question.declared_by and question.declared_by == self.path:
                yield question, answer

    def translated(self, language: str, lookup: Callable[[Message], str | None]) -> Document:
        """A copy in ``language``: ``lookup`` returns a message's translation, or
        ``None`` to keep the original text (recorded in ``untranslated``)."""
        missing: set[str] = set()

        def text_for(context: str, text: str, pos: Position, translatable: bool = True) -> str:
            if not translatable:
                return text
            result = lookup(Message(context, text, pos))
            if result is None:
                missing.add(context)
                return text
            return result

        title = text_for(self.id, self.title, self.pos)
        issuer = text_for(f"{self.id}.issuer", self.issuer, self.pos) if self.issuer else ""
        edition = text_for(f"{self.id}.edition", self.edition, self.pos) if _has_words(self.edition) else self.edition
        labels = {(q.name, a.answer): text_for(label_context(self.id, q, a), a.label, self.pos)
                  for q, a in self.own_labels()}
        body = tuple(_block_texts(b, text_for) for b in self.body)
        registry = self.registry.relabelled(labels) if self.registry is not None and labels else self.registry
        return dataclasses.replace(
            self, title=title, issuer=issuer, edition=edition, body=body, shown_language=language,
            untranslated=frozenset(missing), original_texts=self.texts, registry=registry,
        )

    def ids(self) -> Iterator[str]:
        """Every element id, in document order (the document's own first)."""
        yield self.id
        for element in self.elements():
            yield element.id

    def elements(self) -> Iterator[Block | Point]:
        """Every block and point, in document order."""
        for block in self.body:
            yield from _elements(block)


_Result = TypeVar("_Result")


def per_document(work: Callable[[Document], _Result]) -> Callable[[Document], _Result]:
    """``work(document)`` done once per document object and kept: a page asks
    it of each of its examples (the rules, the words of each leaf), and
    several generated blocks of the document ask it again.

    Kept by the document's identity, the document held with the result so
    that the identity cannot pass to another; a document is immutable, so a
    result can never be stale. The last few documents are kept, enough for
    the pages one process renders at a time. A result is shared: its callers
    read it and do not change it.

    >>> calls = []
    >>> @per_document
    ... def title_length(doc):
    ...     calls.append(doc.id)
    ...     return len(doc.title)
    >>> doc = Document("d", "Title", "", "en", "regulation", ())
    >>> title_length(doc), title_length(doc), calls
    (5, 5, ['d'])
    >>> title_length(dataclasses.replace(doc, title="Other title")), calls
    (11, ['d', 'd'])

    The last :data:`_KEPT_DOCUMENTS` documents are kept, not one more:

    >>> others = [Document(f"d{n}", "T", "", "en", "regulation", ()) for n in range(_KEPT_DOCUMENTS)]
    >>> calls.clear(); _ = [title_length(other) for other in others]
    >>> _ = title_length(others[0]); len(calls)
    16
    >>> _ = title_length(doc); _ = title_length(others[0]); len(calls)
    18
    """
    kept: dict[int, tuple[Document, _Result]] = {}

    def once(document: Document) -> _Result:
        hit = kept.get(id(document))
        if hit is not None and hit[0] is document:
            return hit[1]
        if len(kept) >= _KEPT_DOCUMENTS:
            kept.pop(next(iter(kept)))
        result = work(document)
        kept[id(document)] = (document, result)
        return result

    once.__doc__ = work.__doc__
    once.__name__ = work.__name__
    once.__wrapped__ = work  # type: ignore[attr-defined]
    return once


#: How many documents :func:`per_document` keeps a result of.
_KEPT_DOCUMENTS = 16


def label_context(document: str, question: Question, answer: Answer) -> str:
    """The catalog context of a document's own question's answer label."""
    return f"{document}.question.{question.name}.{answer.answer}"


class TextFor(Protocol):
    """What the walker asks of each text: its translation (or the text itself,
    to list it). ``translatable`` is false for a table cell without a word
    ("2♣", "—"): a reader reads it, there is nothing to translate."""

    def __call__(self, context: str, text: str, pos: Position, translatable: bool = True) -> str: ...


# The one function per kind of block that names its translatable texts, in
# document order, and puts back what ``text_for`` gives for each. The two walks
# of a document's texts, listing them (messages) and translating them, are both
# this one walk; a new kind of block is named once, here, and mypy proves it is
# (assert_never in node_texts).

def _section_texts(block: Section, text_for: TextFor) -> Section:
    number = _number_text(block.id, block.number, block.pos, text_for)
    title = text_for(block.id, block.title, block.pos)
    return dataclasses.replace(block, number=number, title=title,
                               body=tuple(_block_texts(b, text_for) for b in block.body))


def _paragraph_texts(block: Paragraph, text_for: TextFor) -> Paragraph:
    text = text_for(block.id, block.text, block.pos)
    return dataclasses.replace(block, text=text, leaves=_leaves_texts(block.id, block.leaves, block.pos, text_for))


def _list_texts(block: PointList, text_for: TextFor) -> PointList:
    return dataclasses.replace(block, items=tuple(_point_texts(p, text_for) for p in block.items))


def _definition_texts(block: Definition, text_for: TextFor) -> Definition:
    term = text_for(f"{block.id}.term", block.term, block.pos)
    return dataclasses.replace(block, term=term, text=text_for(block.id, block.text, block.pos))


def _example_texts(block: Example, text_for: TextFor) -> Example:
    number = _number_text(block.id, block.number, block.pos, text_for)
    hands = tuple(
        dataclasses.replace(hand, label=text_for(f"{block.id}.label{n}", hand.label, hand.pos))
        if _has_words(hand.label) else hand
        for n, hand in enumerate(block.hands, 1)
    )
    notes = tuple(
        dataclasses.replace(note, text=text_for(f"{block.id}.note{n}", note.text, note.pos))
        for n, note in enumerate(block.notes, 1)
    )
    text = text_for(block.id, block.text, block.pos) if block.text else ""
    return dataclasses.replace(block, number=number, hands=hands, notes=notes, text=text)


def _table_texts(block: Table, text_for: TextFor) -> Table:
    def cell(text: str) -> str:
        return text_for(cell_context(block.id, text), text, block.pos, _has_words(text)) if text else text

    caption = text_for(f"{block.id}.caption", block.caption, block.pos) if block.caption else ""
    header = tuple(cell(text) for text in block.header)
    return dataclasses.replace(block, caption=caption, header=header,
                               rows=tuple(tuple(cell(text) for text in row) for row in block.rows))


def _point_texts(point: Point, text_for: TextFor) -> Point:
    number = _number_text(point.id, point.number, point.pos, text_for)
    text = text_for(point.id, point.text, point.pos)
    leaves = _leaves_texts(point.id, point.leaves, point.pos, text_for)
    body = tuple(_block_texts(b, text_for) for b in point.body)
    return dataclasses.replace(point, number=number, text=text, leaves=leaves,
                               items=tuple(_point_texts(p, text_for) for p in point.items), body=body)


def _block_texts(block: Block, text_for: TextFor) -> Block:
    node = node_texts(block, text_for)
    assert not isinstance(node, Point)
    return node


def node_texts(node: Block | Point, text_for: TextFor) -> Block | Point:
    """The generic walk: ``node`` with each of its texts (its own and its
    children's, in document order) replaced by what ``text_for`` gives."""
    match node:
        case Section():
            return _section_texts(node, text_for)
        case Paragraph():
            return _paragraph_texts(node, text_for)
        case PointList():
            return _list_texts(node, text_for)
        case Definition():
            return _definition_texts(node, text_for)
        case Example():
            return _example_texts(node, text_for)
        case Table():
            return _table_texts(node, text_for)
        case Point():
            return _point_texts(node, text_for)
        case _:
            assert_never(node)


def node_messages(node: Block | Point, every_cell: bool = False) -> list[Message]:
    """Every translatable text of ``node``, in document order: the walk of
    :func:`node_texts` listing what it is asked. A table's cells are given
    once per distinct text that has a word to translate; ``every_cell`` gives
    every non-empty cell in reading order (what a reader reads)."""
    found: list[Message] = []
    seen: set[str] = set()

    def record(context: str, text: str, pos: Position, translatable: bool = True) -> str:
        if every_cell or (translatable and context not in seen):
            seen.add(context)
            found.append(Message(context, text, pos))
        return text

    node_texts(node, record)
    return found


def cell_context(table: str, text: str) -> str:
    """The key of a table cell's text: its table and a digest of the text.

    Cells of one table that read alike are one text to translate; a row
    inserted or moved changes no other cell's key.

    >>> cell_context("responses", "Stayman")
    'responses.cell-dd19b8d9'
    """
    return f"{table}.cell-{hashlib.sha1(text.encode('utf-8')).hexdigest()[:8]}"


def _has_words(text: str) -> bool:
    # A label, edition or cell with no letter ("2001", "2♣", "—") reads the same
    # in every language: there is nothing to translate.
    return any(char.isalpha() for char in text)


def number_has_words(number: str) -> bool:
    """Whether a display number says something in a language ("Правило 12.",
    "第29条", "一、") and is therefore translated; a letter or a figure alone
    ("a)", "(A).", "12.") reads the same in every language.

    >>> [number_has_words(n) for n in ("Правило 12.", "Раздел IV -", "一、", "第29条", "a)", "(A).", "12.")]
    [True, True, True, True, False, False, False]
    """
    return re.search(r"[^\W\d_]{2}", number) is not None or any(_is_ideograph(char) for char in number)


def _is_ideograph(char: str) -> bool:
    return "\u4e00" <= char <= "\u9fff" or "\u3400" <= char <= "\u4dbf"


#: The end of the key of an element's display number.
NUMBER_SUFFIX = ".number"


def number_context(owner: str) -> str:
    """The key of an element's display number."""
    return owner + NUMBER_SUFFIX


def _number_text(owner: str, number: str, pos: Position, text_for: TextFor) -> str:
    return text_for(number_context(owner), number, pos) if number_has_words(number) else number


def _leaves_texts(owner: str, leaves: tuple[str, ...], pos: Position, text_for: TextFor) -> tuple[str, ...]:
    return tuple(text_for(f"{owner}.leaf{n}", leaf, pos) for n, leaf in enumerate(leaves, 1))


def children(node: Block | Point) -> tuple[Block | Point, ...]:
    """The elements ``node`` holds, in document order: a section's body, a
    list's points, a point's body then its sub-points; nothing for the others.
    Every walk of the tree goes through here."""
    match node:
        case Section():
            return node.body
        case PointList():
            return node.items
        case Point():
            return (*node.body, *node.items)
        case Paragraph() | Definition() | Example() | Table():
            return ()
        case _:
            assert_never(node)


def _elements(node: Block | Point) -> Iterator[Block | Point]:
    yield node
    for child in children(node):
        yield from _elements(child)
