"""A convention card as data: a pair's system, in the meaning vocabulary.

A card is a YAML mapping (the form is documented in source/cards/README.md)::

    card: natural-five-card-majors
    title: Five-card majors, strong notrump
    notation: en
    openings:
      - {auction: 1♣, meaning: {natural: true, suits: {clubs: 3+}, hcp: 11-21}}
      - auction: 2♦
        either:                       # a call of several types
          - {suits: {hearts: 6+}, hcp: 5-10, strength: weak}
          - {suits: {spades: 6+}, hcp: 5-10, strength: weak}
        front: true
        sheet: 2

Every entry is a call after an auction written in the card's notation
(partnership view: ``(1♥) 2♥`` for an overcall): its agreed meaning (or
``either:`` its alternatives), the seats and vulnerabilities it is played in
when the methods differ, the numbered entry of the supplementary sheet that
explains it, and whether the front of the card lists it. :meth:`Card.parse`
reads plain data and raises :class:`~build_tools.rules.errors.VocabularyError`
with the path of the bad key; :func:`build_tools.cards.read_card` reads a file
and reports ``file:line:col``. The model is the engine's (the site's Ask page
checks a pasted card with it): plain data in, no file read here.

>>> card = Card.parse({"card": "tiny", "openings": [{"auction": "1NT", "meaning": {"hcp": "15-17"}}]})
>>> [(e.section, e.auction, str(e.alternatives[0].hcp)) for e in card.entries]
[('openings', '1NT', '15-17')]
>>> Card.parse({"card": "tiny", "openings": [{"auction": "1NT", "meening": {}}]})
Traceback (most recent call last):
...
build_tools.rules.errors.VocabularyError: openings.0.meening: unknown key (did you mean 'meaning'?)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from build_tools.bridge import BridgeError, Call, Suit, notation  # noqa: F401  (Suit: the doctests)

from .errors import VocabularyError, check_keys
from .registry import ID_PATTERN
from .situation import VULNERABLE, Situation
from .vocabulary import Meaning, meaning_at, types_at, whole_call

#: The card's lists of calls, in the order a card is read.
SECTIONS: tuple[str, ...] = ("openings", "responses", "rebids", "defence", "doubles", "passes")
CARD_KEYS: tuple[str, ...] = ("card", "title", "pair", "notation", "classification", *SECTIONS, "psychics",
                              "signals", "sheet", "submitted", "disclosure")
ENTRY_KEYS: tuple[str, ...] = ("auction", "meaning", "either", "seats", "vulnerable", "sheet", "front", "psychic",
                               "told-apart", "booklet")
#: What a psychic call is to the system: ``protected`` (the system has calls to
#: cater for it), ``required`` (the system needs it), ``occasional`` (neither).
PSYCHIC: tuple[str, ...] = ("occasional", "protected", "required")
#: Whether a call is in the main part of the WBF convention booklet.
BOOKLET: tuple[str, ...] = ("main", "outside")
DISCLOSURE_KEYS: tuple[str, ...] = ("card", "announcement-sheet", "defence")
SIGNAL_KEYS: tuple[str, ...] = ("attitude", "count", "suit-preference", "secret")
PSYCHIC_KEYS: tuple[str, ...] = ("frequency", "controls")


@dataclass(frozen=True, slots=True)
class Entry:
    """One call of a card: its auction as written and, read, its calls
    (table view from our side's first call, the silent opponents' passes
    included), its alternatives and the facts the card states of it."""

    section: str
    auction: str
    calls: tuple[Call, ...]
    alternatives: tuple[Meaning, ...]
    #: The alternatives as written (for queries of other documents).
    written: tuple[Mapping[str, Any], ...]
    seats: frozenset[int] = frozenset()
    vulnerable: frozenset[str] = frozenset()
    sheet: int | None = None
    front: bool = False
    psychic: str | None = None
    #: Whether later calls tell the hands of the call apart (a random opening's test).
    told_apart: bool | None = None
    booklet: str = "main"
    path: str = ""

    @property
    def call(self) -> Call:
        return self.calls[-1]

    @property
    def is_opening(self) -> bool:
        return self.section == "openings"


@dataclass(frozen=True, slots=True)
class Card:
    """A pair's system: its calls (:class:`Entry`) and what it says of the rest."""

    id: str
    title: str = ""
    notation: str = "en"
    #: The colour the pair wrote in the classification box (may be wrong: the
    #: regulation's verdict is checked against it).
    classification: tuple[str, ...] = ()
    entries: tuple[Entry, ...] = ()
    psychic_controls: bool = False
    psychic_frequency: str = ""
    secret_signals: bool = False
    signals: Mapping[str, Any] | None = None
    sheet: Mapping[int, str] | None = None
    #: The card was submitted by the time the conditions of contest set.
    submitted: bool | None = None
    #: What a pair playing Brown Sticker methods has handed in (the card, the
    #: announcement sheet, a defence).
    disclosure: frozenset[str] = frozenset()
    #: The entries by their calls from the first one other than pass (what
    #: :func:`entry_for` looks up: once per call of every auction asked).
    by_calls: Mapping[tuple[Call, ...], tuple[Entry, ...]] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        found: dict[tuple[Call, ...], list[Entry]] = {}
        for entry in self.entries:
            found.setdefault(_stripped(entry.calls)[0], []).append(entry)
        object.__setattr__(self, "by_calls", {calls: tuple(entries) for calls, entries in found.items()})

    def section(self, name: str) -> tuple[Entry, ...]:
        return tuple(e for e in self.entries if e.section == name)

    @classmethod
    def parse(cls, data: Any) -> Card:
        """A card from plain data (what YAML composes to)."""
        return _parse(data)




def _flag(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise VocabularyError(path, f"true or false, not {value!r}")
    return value




def _entry(item: Any, section: str, path: str, language: str, sheet: Mapping[int, str]) -> Entry:
    if not isinstance(item, Mapping):
        raise VocabularyError(path, "an entry is a mapping: " + ", ".join(ENTRY_KEYS))
    check_keys(item, ENTRY_KEYS, path)
    auction = item.get("auction")
    if not isinstance(auction, str) or not auction.strip():
        raise VocabularyError(f"{path}.auction" if "auction" in item else path,
                              "the auction ending in the call, in the card's notation (partnership view)")
    try:
        calls = Situation.read(auction, language).calls
    except (BridgeError, ValueError) as exc:
        raise VocabularyError(f"{path}.auction", str(exc)) from None
    if ("meaning" in item) == ("either" in item):
        raise VocabularyError(path, "an entry states its 'meaning' or, for a call of several types, 'either'")
    if "meaning" in item:
        written: list[Any] = [item["meaning"]]
        alternatives: tuple[Meaning, ...] = (meaning_at(item["meaning"], f"{path}.meaning"),)
    else:
        alternatives = types_at(item["either"], f"{path}.either")
        written = list(item["either"])
    seats = item.get("seats", [])
    if not isinstance(seats, list) or not all(isinstance(s, int) and not isinstance(s, bool) and 1 <= s <= 4
                                              for s in seats):
        raise VocabularyError(f"{path}.seats", "a list of seats, 1 to 4")
    vulnerable = item.get("vulnerable", [])
    if not isinstance(vulnerable, list) or not all(v in VULNERABLE for v in vulnerable):
        raise VocabularyError(f"{path}.vulnerable", f"a list of {', '.join(VULNERABLE)}")
    number = item.get("sheet")
    if number is not None and (not isinstance(number, int) or isinstance(number, bool) or number not in sheet):
        raise VocabularyError(f"{path}.sheet", f"the number of an entry of the card's 'sheet', not {number!r}")
    psychic = item.get("psychic")
    if psychic is not None and psychic not in PSYCHIC:
        raise VocabularyError(f"{path}.psychic", f"one of {', '.join(PSYCHIC)}, not {psychic!r}")
    booklet = item.get("booklet", "main")
    if booklet not in BOOKLET:
        raise VocabularyError(f"{path}.booklet", f"one of {', '.join(BOOKLET)}, not {booklet!r}")
    return Entry(section, auction, calls, alternatives, tuple(written), frozenset(seats), frozenset(vulnerable),
                 number, _flag(item.get("front", False), f"{path}.front"), psychic,
                 _flag(item["told-apart"], f"{path}.told-apart") if "told-apart" in item else None,
                 str(booklet), path)


def _parse(data: Any) -> Card:
    if not isinstance(data, Mapping):
        raise VocabularyError("", "a convention card is a mapping: " + ", ".join(CARD_KEYS))
    check_keys(data, CARD_KEYS, "")
    ident = data.get("card")
    if not isinstance(ident, str) or not ident:
        raise VocabularyError("card" if "card" in data else "", "a card names itself: 'card: <id>'")
    if not ID_PATTERN.fullmatch(ident):
        # The id is printed (card check) and named in reports: no control
        # character, no escape sequence reaches a terminal through it.
        raise VocabularyError("card", f"a card's id is lowercase Latin letters, digits and hyphens, not {ident!r}")
    title = data.get("title", "")
    if not isinstance(title, str | int) or isinstance(title, bool) or not str(title).isprintable():
        raise VocabularyError("title", f"one line of text without control characters, not {title!r}")
    language = data.get("notation", "en")
    try:
        notation.profile(str(language))
    except (KeyError, ValueError, BridgeError):
        raise VocabularyError("notation", f"unknown notation {language!r}") from None
    sheet: dict[int, str] = {}
    for n, item in enumerate(data.get("sheet") or []):
        if not isinstance(item, Mapping) or not isinstance(item.get("entry"), int) or "text" not in item:
            raise VocabularyError(f"sheet.{n}", "an entry of the sheet: {entry: <number>, text: ...}")
        sheet[int(item["entry"])] = str(item["text"])
    entries: list[Entry] = []
    for section in SECTIONS:
        items = data.get(section) or []
        if not isinstance(items, list):
            raise VocabularyError(section, "a list of entries")
        entries.extend(_entry(item, section, f"{section}.{n}", str(language), sheet) for n, item in enumerate(items))
    psychics = data.get("psychics") or {}
    signals = data.get("signals") or {}
    disclosure = data.get("disclosure") or {}
    for key, value, keys in (("psychics", psychics, PSYCHIC_KEYS), ("signals", signals, SIGNAL_KEYS),
                             ("disclosure", disclosure, DISCLOSURE_KEYS)):
        if not isinstance(value, Mapping):
            raise VocabularyError(key, "a mapping: " + ", ".join(keys))
        check_keys(value, keys, key)
    classification = data.get("classification", [])
    classification = classification if isinstance(classification, list) else [classification]
    return Card(
        id=ident,
        title=str(title),
        notation=str(language),
        classification=tuple(str(c) for c in classification),
        entries=tuple(entries),
        psychic_controls=_flag(psychics.get("controls", False), "psychics.controls"),
        psychic_frequency=str(psychics.get("frequency", "")),
        secret_signals=_flag(signals.get("secret", False), "signals.secret"),
        signals=dict(signals),
        sheet=sheet,
        submitted=_flag(data["submitted"], "submitted") if "submitted" in data else None,
        disclosure=frozenset(k for k, v in disclosure.items() if _flag(v, f"disclosure.{k}")),
    )


@lru_cache(maxsize=64)
def _cached(key: str) -> Card:
    import json

    return _parse(json.loads(key))


def card_of(data: Any) -> Card:
    """The card of a query's ``system`` (plain data), read once per content."""
    import json

    if isinstance(data, Card):
        return data
    try:
        key = json.dumps(data, sort_keys=True, ensure_ascii=False)
    except (TypeError, ValueError):
        return _parse(data)
    return _cached(key)


def cards_of(system: Any) -> tuple[Card, ...]:
    """The cards a query's ``system`` names: one card, or a list of them (a
    pair that would play more than one system in an event)."""
    items = system if isinstance(system, list) else [system]
    return tuple(card_of(item) for item in items)


def check_system(system: Any) -> None:
    """Refuse a query's ``system`` that is not a card (or a list of cards),
    at the path below ``system`` of the bad key."""
    items = system if isinstance(system, list) else [system]
    for n, item in enumerate(items):
        try:
            card_of(item)
        except VocabularyError as exc:
            at = f"system.{n}" if isinstance(system, list) else "system"
            raise VocabularyError(f"{at}.{exc.path}" if exc.path else at, str(exc).split(": ", 1)[-1]) from None


def _stripped(calls: tuple[Call, ...]) -> tuple[tuple[Call, ...], int]:
    """The calls from the first one other than pass, and how many passes went before."""
    n = 0
    while n < len(calls) - 1 and calls[n].is_pass:
        n += 1
    return calls[n:], n


def entry_for(card: Card, calls: tuple[Call, ...], vulnerable: str | None = None) -> Entry | None:
    """The card's entry for the last of ``calls`` (the table view of a query):
    the entry of the same auction, played in that seat (passes before the
    auction) and vulnerability when the card says where it is played.

    >>> card = Card.parse({"card": "c", "openings": [
    ...     {"auction": "1♥", "meaning": {"suits": {"hearts": "5+"}}, "seats": [1, 2]},
    ...     {"auction": "1♥", "meaning": {"suits": {"hearts": "4+"}}, "seats": [3, 4]}]})
    >>> str(entry_for(card, (Call.parse("1H"),)).alternatives[0].length_of(next(iter(Suit))) or "-")
    '-'
    >>> [str(r) for _, r in entry_for(card, tuple(map(Call.parse, ("P", "P", "1H")))).alternatives[0].suits]
    ['4+']
    """
    asked, passes = _stripped(calls)
    seat = passes + 1
    for entry in card.by_calls.get(asked, ()):
        if entry.seats and seat not in entry.seats:
            continue
        if entry.vulnerable and vulnerable is not None and vulnerable not in entry.vulnerable:
            continue
        return entry
    return None


def card_meanings(card: Card, calls: tuple[Call, ...], vulnerable: str | None = None) -> dict[int, Meaning]:
    """The meanings the card gives the calls of an auction (table view), by
    index: each call of our side the card describes (the opening a response
    answers, the overcall an advance answers); a call of several types, what
    it promises as a whole."""
    found: dict[int, Meaning] = {}
    for index in range(len(calls)):
        # Our side's calls only: the card does not describe the opponents'.
        if calls[index].is_pass or (len(calls) - 1 - index) % 2:
            continue
        entry = entry_for(card, calls[:index + 1], vulnerable)
        if entry is not None:
            # A call of several types promises what each of them promises.
            found[index] = whole_call(tuple(entry.alternatives))
    return found
