"""A convention card read from its YAML file, with its mistakes at ``file:line:col``.

The card itself (:class:`~build_tools.rules.cards.Card`, its entries and their
check) is the engine's, in :mod:`build_tools.rules.cards`; this module reads
the file, as the loader reads a document, and puts each error of the card at
the line and column of its key. The engine's names are kept here too, for
the callers that know a card by this module.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from build_tools.diagnostics import Diagnostic, DiagnosticError
from build_tools.loader import compose_bytes, display_path, duplicate_keys, node_at, plain, read_limited
from build_tools.rules.cards import (
    BOOKLET,
    CARD_KEYS,
    ENTRY_KEYS,
    PSYCHIC,
    SECTIONS,
    Card,
    Entry,
    card_meanings,
    card_of,
    cards_of,
    check_system,
    entry_for,
)
from build_tools.rules.errors import VocabularyError

__all__ = ["BOOKLET", "CARD_KEYS", "ENTRY_KEYS", "PSYCHIC", "SECTIONS", "Card", "Entry", "card_meanings", "card_of",
           "cards_of", "check_system", "entry_for", "read_card", "shipped_cards"]

#: Beside the documents: the convention cards the handbook ships (the site's Ask page offers them).
CARDS_FOLDER = "cards"


def read_card(path: Path) -> tuple[Card, Any]:
    """The card in ``path`` and its plain data; raises
    :class:`~build_tools.diagnostics.DiagnosticError` at ``file:line:col``."""
    shown = display_path(path)
    root = compose_bytes(read_limited(path, shown, "card"), shown)
    problems = duplicate_keys(root, shown)
    if problems:
        raise DiagnosticError(problems)
    data = plain(root)
    try:
        return Card.parse(data), data
    except VocabularyError as exc:
        node = node_at(root, exc.path)
        message = str(exc).split(": ", 1)[1] if exc.path and str(exc).startswith(exc.path + ": ") else str(exc)
        where = f"'{exc.path}': " if exc.path else ""
        mark = node.start_mark
        raise DiagnosticError([Diagnostic(shown, mark.line + 1, mark.column + 1, f"card {where}{message}")]) from None


def shipped_cards(source: Path) -> list[dict[str, Any]]:
    """The convention cards of ``source/cards/``, in the order of their file
    names without the suffix (so ``precision`` comes before
    ``precision-wilkosz``): each card's id, title and plain data. A card the reader refuses is
    left out (``handbook card check`` names its mistake).

    >>> [card["id"] for card in shipped_cards(Path(__file__).parents[1] / "source")][:2]
    ['brown-sticker-majors', 'hum-strong-pass']
    """
    found = []
    for path in sorted((source / CARDS_FOLDER).glob("*.yaml"), key=lambda path: path.stem):
        try:
            card, data = read_card(path)
        except DiagnosticError:
            continue
        found.append({"id": card.id, "title": str(data.get("title") or card.id), "data": data})
    return found
