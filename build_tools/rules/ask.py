"""Asking a document's rules about a call, as ``handbook explain`` and the
site's Ask page do: one code path for both.

:func:`ask` reads a query (plain data, as YAML or JSON composes it) under a
document's rulebook and answers it (:func:`~build_tools.rules.rulebook.answer`:
the data ``explain --json`` prints), or raises :class:`AskError` with the
one-line reason explain prints. The Ask page runs this module in the browser
(Pyodide, build_tools/sphinxext/static/hb-ask.js) through :class:`Desk`, which
holds the rulebooks the page has read and speaks JSON text both ways, so that
nothing but strings crosses between JavaScript and Python.

A reader types the auction in the notation of his language, or in the
universal one (suit symbols or letters, ``NT``, ``X``, ``P``): ``notations``
lists the notations tried in turn, the document's own by default.

>>> from build_tools.rules.rulebook import FORMAT, Rulebook
>>> book = Rulebook.load({"rulebook": FORMAT, "document": "d", "language": "pl", "languages": ["pl", "en"],
...     "titles": {"pl": "D"}, "questions": [], "parameters": [], "conventions": [], "labels": {},
...     "rules": [{"article": "jeden-ba", "within": [], "line": 3, "column": 5, "rule": {
...         "question": "alert", "scope": {"call": "1BA"}, "when": {"meaning": {"hcp": "14-18"}},
...         "answer": "no", "otherwise": "yes"}}], "articles": {}, "defaults": {}})
>>> ask(book, {"auction": "1BA", "meaning": {"hcp": "15-17"}})["verdicts"]["alert"]["value"]
'no'
>>> ask(book, {"auction": "1NT", "meaning": {"hcp": "12-14"}}, notations=("pl", "en"))["verdicts"]["alert"]["value"]
'yes'
>>> ask(book, {"auction": "1NT"})
Traceback (most recent call last):
...
build_tools.rules.ask.AskError: QUERY: auction '1NT': unknown call '1NT' in '1NT'
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from build_tools.bridge import BridgeError, notation
from build_tools.bridge.views import View

from .card_report import EVENTS, document_report, judges
from .cards import Card
from .errors import VocabularyError
from .query import Query
from .rulebook import Rulebook, answer
from .situation import Situation


class AskError(ValueError):
    """A query that cannot be asked, with the one-line reason (``QUERY: ...``)."""


def situation(book: Rulebook, data: Any, notations: Sequence[str] = ()) -> Situation:
    """The facts of the query ``data`` asked of ``book``, its auction and hand
    read in the first of ``notations`` that reads them (default: the
    document's); raises :class:`AskError`."""
    try:
        query: Query = book.query(data)
    except VocabularyError as exc:
        raise AskError(f"QUERY: {exc}") from None
    first: AskError | None = None
    for language in notations or (book.language,):
        try:
            return query.situation(language)
        except VocabularyError as exc:
            problem = AskError(f"QUERY: {exc}")
        except (BridgeError, ValueError) as exc:
            problem = AskError(f"QUERY: auction {query.auction!r}: {exc}")
        first = first or problem
    assert first is not None
    raise first


def ask(book: Rulebook, data: Any, questions: Sequence[str] = (), notations: Sequence[str] = ()) -> dict[str, Any]:
    """The answer to the query ``data`` (:func:`~build_tools.rules.rulebook.answer`);
    raises :class:`AskError` for a query that cannot be asked."""
    return answer(book, situation(book, data, notations), questions)


class Desk:
    """The Ask page's side of the engine: the rulebooks it has read, by
    document, and its questions, each taking and giving JSON text.

    >>> desk = Desk()
    >>> desk.auction("1♥ pas pas 1BA", "pl", "table")
    '{"calls": [{"call": "1H", "opponent": false}, {"call": "P", "opponent": false}, {"call": "P", "opponent": false}, {"call": "1NT", "opponent": false}]}'
    >>> desk.auction("(1♥) 1NT", "pl en", "partnership")
    '{"calls": [{"call": "1H", "opponent": true}, {"call": "1NT", "opponent": false}]}'
    >>> json.loads(desk.auction("1♥ 7BA 1♠", "pl", "partnership"))["error"]
    "illegal call '1S' at 5: insufficient bid after '7NT' (Law 18D; rectification Law 27; Laws of Duplicate Bridge 2017)"
    """

    def __init__(self) -> None:
        self.books: dict[str, Rulebook] = {}

    def read(self, text: str) -> str:
        """Read a rulebook's JSON text; returns its document's id."""
        book = Rulebook.load(json.loads(text))
        self.books[book.document] = book
        return book.document

    def ask(self, document: str, query: str, notations: str = "") -> str:
        """``{"answer": ...}`` for the query (JSON text) asked of ``document``,
        its auction in the first of ``notations`` (space-separated) that reads
        it, or ``{"error": reason}``."""
        try:
            return _json({"answer": ask(self.books[document], json.loads(query), (), notations.split())})
        except AskError as exc:
            return _json({"error": str(exc)})

    def compare(self, query: str, notations: str = "") -> str:
        """The query asked of every rulebook read that has rules, in the order
        read: ``{document: {"answer": ...} or {"error": reason}}``."""
        data = json.loads(query)
        found: dict[str, Any] = {}
        for document, book in self.books.items():
            if not book.rules:
                continue
            try:
                found[document] = {"answer": ask(book, data, (), notations.split())}
            except AskError as exc:
                found[document] = {"error": str(exc)}
        return _json(found)

    def card(self, card: str, event: str = "", stage: str = "") -> str:
        """What every rulebook read says of the card (its plain data as JSON
        text), as ``handbook card check --json`` reports it (without the
        file's path), each permission asked for the event and stage given, or
        for every one when no event is given; ``{"error": reason}`` for a card
        the engine refuses."""
        data = json.loads(card)
        try:
            parsed = Card.parse(data)
        except VocabularyError as exc:
            return _json({"error": f"card {exc}"})
        events = ((event, stage or None),) if event else EVENTS
        documents = {book.document: document_report(book.rules, parsed, data, events)
                     for book in self.books.values() if judges(book.rules)}
        return _json({"card": parsed.id, "documents": documents})

    def auction(self, text: str, notations: str, view: str) -> str:
        """The calls of an auction as the first of ``notations`` that reads it
        reads them (canonical English, and whether each is the opponents'),
        or ``{"error": reason}`` (the first notation's)."""
        first = ""
        for language in notations.split():
            try:
                pattern = notation.profile(language).parse_pattern(text, View(view))
                pattern.check()
            except (BridgeError, ValueError) as exc:
                first = first or str(exc)
                continue
            return _json({"calls": [{"call": "/".join(str(c) for c in slot.calls) or "?",
                                     "opponent": slot.opponent} for slot in pattern.slots]})
        return _json({"error": first})


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)
