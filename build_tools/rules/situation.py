"""A query, and the facts of its auction that rules ask about.

A query is what a director is asked at the table: an auction whose last call
is the one in question (in the document's notation and view), the agreed
meaning of that call, the meanings of earlier calls where a rule depends on
them, and whether screens are in use.

>>> s = Situation.read("1BA 2♣", "pl", "partnership")
>>> str(s.call), s.opener, s.is_response, s.contested
('2C', 'partner', True, False)
>>> s = Situation.read("[1♣] 2BA", "pl", "partnership")
>>> str(s.call), s.opener, s.is_overcall, s.written_to_table
('2NT', 'rho', True, (0, 1))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from build_tools.bridge import AuctionPattern, Call, CallKind, Hand, Suit, notation
from build_tools.bridge.views import Slot, View

from .vocabulary import Meaning

#: Who made a call, seen from the player making the call in question, by how
#: many calls back it was made (the call before his was his right-hand opponent's).
RELATIONS: tuple[str, ...] = ("self", "rho", "partner", "lho")
#: Who is vulnerable, seen from the player of the call in question (a
#: query's ``vulnerable``, a card entry's, a rule's).
VULNERABLE: tuple[str, ...] = ("none", "we", "they", "both")


def read_pattern(text: str, language: str, view: str) -> AuctionPattern:
    """An auction as written, checked under the Laws (raises BridgeError)."""
    pattern = notation.profile(language).parse_pattern(text, View(view))
    pattern.check()
    return pattern


def _asked_in_place_of_question(pattern: AuctionPattern, call: str, language: str, auction: str) -> AuctionPattern:
    """``pattern`` with ``call`` (as written in ``language``) in place of its
    final ``?``, checked under the Laws; a ``ValueError`` when it has no ``?``."""
    if not pattern.has_question:
        raise ValueError(f"'call' names the call asked about in place of a final '?', "
                         f"and {auction!r} has none: its last call is the one asked about")
    asked = Slot((notation.profile(language).parse_call(call),))
    filled = AuctionPattern((*pattern.slots[:-1], asked), pattern.view)
    filled.check()
    return filled


@dataclass(frozen=True, slots=True)
class Situation:
    """The facts of one query. ``calls`` is the auction in the table view,
    ending with the call in question; ``meanings`` maps a 0-based index of
    ``calls`` to the agreed meaning of that call."""

    calls: tuple[Call, ...]
    meanings: Mapping[int, Meaning] = field(default_factory=dict)
    screens: bool = False
    #: For each call as the query wrote it (1-based), its index in ``calls``.
    written_to_table: tuple[int, ...] = ()
    #: Whether the pair has an agreement about the call: ``False`` is a fact
    #: the query states (none was made), ``None`` that it does not say.
    agreed: bool | None = None
    #: The hand of the player of the call in question, when the query gives it.
    hand: Hand | None = None
    #: Who is vulnerable, seen from that player: none, we, they or both.
    vulnerable: str | None = None
    #: Leaves chosen instead of defaults: default id -> leaf id.
    agreements: Mapping[str, str] = field(default_factory=dict)
    #: A pair's system (convention card) as YAML composes it; its readers
    #: (predicates over systems) give it its meaning.
    system: Any = field(default=None, compare=False)
    #: The opposing pair's system (one convention card), where the query gives it.
    opponents: Any = field(default=None, compare=False)
    #: The card's entry for the call in question (a :class:`build_tools.rules.cards.Entry`),
    #: when the query gives a system and states no meaning of its own.
    entry: Any = field(default=None, compare=False)
    #: The event category and stage a question of permission is asked for.
    event: str | None = None
    stage: str | None = None
    #: The types of the call in question when it has several (a query's
    #: ``either``, a card entry's alternatives); its ``meaning`` is then what
    #: the call promises as a whole (:func:`~build_tools.rules.vocabulary.whole_call`).
    types: tuple[Meaning, ...] = ()
    #: Asks the document's rules another question about this situation (set by
    #: :func:`~build_tools.rules.engine.decide` for the ``verdict`` predicate).
    asker: Callable[[str], Any] | None = field(default=None, compare=False)
    #: Asks the document's rules a question about another situation (a call
    #: of the pair's card, the opponents' opening): set by ``decide`` too.
    consult: Callable[[str, Situation], Any] | None = field(default=None, compare=False)
    #: The rules asked (a :class:`~build_tools.rules.evaluation.Book`): set by
    #: ``decide`` too, so that what a predicate works out of them is kept once.
    book: Any = field(default=None, compare=False)

    @classmethod
    def read(
        cls,
        auction: str,
        language: str,
        view: str = "partnership",
        meaning: Meaning | None = None,
        earlier: Mapping[int, Meaning] | None = None,
        screens: bool = False,
        agreed: bool | None = None,
        call: str | None = None,
    ) -> Situation:
        """The situation of ``auction`` (its last call is the one asked about);
        ``earlier`` maps calls as written (1-based) to their meanings. An
        auction printed with a final ``?`` ("what does our call here show?")
        is asked about the ``call`` written in its place, checked under the
        Laws there. Raises :class:`~build_tools.bridge.BridgeError` for an
        auction the model refuses.

        >>> s = Situation.read("(1NT)-pass-(2♣)-?", "sv", call="D")
        >>> str(s.call), s.relation(0), s.written_to_table
        ('X', 'lho', (0, 1, 2, 3))
        """
        pattern = read_pattern(auction, language, view)
        if call is not None:
            pattern = _asked_in_place_of_question(pattern, call, language, auction)
        if pattern.has_question or not pattern.is_concrete or not pattern.slots:
            hint = "; state the call asked about in place of '?' ('call')" if pattern.has_question else ""
            raise ValueError(f"a query's auction must be concrete calls ending in the call asked about: "
                             f"{auction!r}{hint}")
        written: list[int] = []
        calls: list[Call] = []
        previous_ours: bool | None = None
        for slot in pattern.slots:
            ours = not slot.opponent
            if pattern.view is View.PARTNERSHIP and previous_ours and ours:
                calls.append(Call.parse("P"))  # the silent opponent between two of our calls
            written.append(len(calls))
            calls.append(slot.calls[0])
            previous_ours = ours
        meanings = {written[number - 1]: m for number, m in (earlier or {}).items() if 0 < number <= len(written)}
        if meaning is not None:
            meanings[len(calls) - 1] = meaning
        return cls(tuple(calls), meanings, screens, tuple(written), agreed)

    # --- who is who --------------------------------------------------------

    @property
    def call(self) -> Call:
        return self.calls[-1]

    @property
    def meaning(self) -> Meaning:
        return self.meanings.get(len(self.calls) - 1, Meaning())

    def with_types(self, types: tuple[Meaning, ...]) -> Situation:
        """This situation with the call in question of these types (one type
        is its meaning; several, the call as a whole and each type apart).

        >>> s = Situation.read("2♦", "en").with_types((Meaning.parse({"hcp": "5-10"}), Meaning.parse({"hcp": "20-22"})))
        >>> str(s.meaning.hcp), len(s.types), str(s.of_type(s.types[1]).meaning.hcp)
        ('5-22', 2, '20-22')
        """
        from .vocabulary import whole_call

        meanings = {**self.meanings, len(self.calls) - 1: whole_call(types)}
        return replace(self, meanings=meanings, types=types if len(types) > 1 else ())

    def of_type(self, meaning: Meaning) -> Situation:
        """This situation asked of one type of the call alone."""
        return replace(self, meanings={**self.meanings, len(self.calls) - 1: meaning}, types=())

    @property
    def ends_in_pass_after_call(self) -> bool:
        """The auction as written ends with a pass right after a call other than pass.

        >>> Situation.read("1ST 2♣ (Paso)", "es").ends_in_pass_after_call, Situation.read("1ST 2♣", "es").ends_in_pass_after_call
        (True, False)
        """
        written = self.written_to_table
        return len(written) >= 2 and self.call.is_pass and not self.calls[written[-2]].is_pass

    def before_final_pass(self) -> Situation | None:
        """The situation of the call before a final pass, where the auction
        ends with a pass after a call other than pass and the query states no
        meaning of the pass: a director writes the auction as it stands at the
        table, the ask and the opponents' pass after it (``1ч 2ч 4БК [пас]``),
        and asks what answers the ask. ``None`` otherwise.

        >>> s = Situation.read("1ч 2ч 4БК [пас]", "ru").before_final_pass()
        >>> [str(c) for c in s.calls], s.written_to_table
        (['1H', 'P', '2H', 'P', '4NT'], (0, 2, 4))
        >>> Situation.read("1ч [пас] пас", "ru").before_final_pass() is None  # a pass after a pass
        True
        >>> Situation.read("1ч [пас] пас", "ru", meaning=Meaning.parse({"hcp": "0-5"})).before_final_pass() is None
        True
        """
        if not self.ends_in_pass_after_call or self.types or self.meaning.keys:
            return None
        last = self.written_to_table[-2]
        return replace(self, calls=self.calls[:last + 1], written_to_table=self.written_to_table[:-1],
                       meanings={i: m for i, m in self.meanings.items() if i <= last})

    @property
    def call_types(self) -> tuple[Meaning, ...]:
        """The types of the call in question: several, or its one meaning."""
        return self.types or (self.meaning,)

    def relation(self, index: int) -> str:
        """Who made ``calls[index]``, seen from the player of the last call."""
        return RELATIONS[(len(self.calls) - 1 - index) % 4]

    def is_ours(self, index: int) -> bool:
        return self.relation(index) in ("self", "partner")

    #: Index of the first bid (:attr:`opening_index`), worked out once: most
    #: predicates of the auction ask it.
    _opening: int | None = field(default=None, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_opening", next((i for i, c in enumerate(self.calls) if c.is_bid), None))

    @property
    def opening_index(self) -> int | None:
        """Index of the first bid, ``None`` when no one has bid."""
        return self._opening

    @property
    def opener(self) -> str:
        """Who opened: ``self``, ``partner``, ``lho``, ``rho``, or ``nobody``."""
        index = self.opening_index
        return "nobody" if index is None else self.relation(index)

    @property
    def is_opening(self) -> bool:
        return self.opening_index == len(self.calls) - 1 and self.call.is_bid

    @property
    def contested(self) -> bool:
        """An opponent has made a call other than pass."""
        return any(not self.is_ours(i) and not c.is_pass for i, c in enumerate(self.calls[:-1]))

    @property
    def is_response(self) -> bool:
        """Partner opened, and this is the player's first call other than pass since."""
        index = self.opening_index
        if index is None or self.relation(index) != "partner":
            return False
        mine = [c for i, c in enumerate(self.calls[index:-1], index) if self.relation(i) == "self"]
        return all(c.is_pass for c in mine)

    @property
    def is_overcall(self) -> bool:
        """The opponents opened, our side had called nothing but pass, and this
        call is a bid. Partner's double counts as a call: a bid after it
        answers the double, and is no overcall.

        >>> Situation.read("[1♣] pas [1♠] 2♥", "pl").is_overcall
        True
        >>> Situation.read("[1♣] ktr [pas] 2♥", "pl").is_overcall
        False
        """
        index = self.opening_index
        if index is None or self.is_ours(index) or not self.call.is_bid:
            return False
        return not any(self.is_ours(i) and not c.is_pass for i, c in enumerate(self.calls[:-1]))

    @property
    def last_bid_index(self) -> int | None:
        return next((i for i in range(len(self.calls) - 2, -1, -1) if self.calls[i].is_bid), None)

    @property
    def jump(self) -> int:
        """How many levels the call jumps (0 for a simple bid); 0 for a non-bid."""
        if not self.call.is_bid:
            return 0
        from build_tools.bridge.auction import jump_level

        index = self.last_bid_index
        return jump_level(self.call, None if index is None else self.calls[index])

    def strains_bid_by(self, relations: tuple[str, ...]) -> set[object]:
        return {c.strain for i, c in enumerate(self.calls[:-1]) if c.is_bid and self.relation(i) in relations}

    @property
    def doubled_by_opponent(self) -> bool:
        """The last call other than pass before this one is an opponent's double."""
        before = [(i, c) for i, c in enumerate(self.calls[:-1]) if not c.is_pass]
        return bool(before) and before[-1][1].kind is CallKind.DOUBLE and not self.is_ours(before[-1][0])

    def suit_of(self, index: int | None) -> Suit | None:
        """The suit ``calls[index]`` bids (``None`` for a notrump bid, a pass,
        a double, or no call)."""
        strain = None if index is None or not self.calls[index].is_bid else self.calls[index].strain
        return None if strain is None else strain.suit

    def which_suit(self, name: str) -> Suit | None:
        """The suit a rule names by its role: ``named``, the one the call in
        question bids; ``opening``, the opening bid's.

        >>> s = Situation.read("[1♦] 1♠", "pl")
        >>> s.which_suit("named").name, s.which_suit("opening").name
        ('SPADES', 'DIAMONDS')
        """
        return self.suit_of(len(self.calls) - 1 if name == "named" else self.opening_index)

    def earlier_meaning(self, relation: str) -> Meaning:
        """The agreed meaning of the opening bid when ``relation`` is ``opening``."""
        index = self.opening_index if relation == "opening" else None
        return self.meanings.get(index, Meaning()) if index is not None else Meaning()

    @property
    def is_advance(self) -> bool:
        """The opponents opened, partner's bid was our side's first call other
        than pass (an overcall), and this is the player's first call other than
        pass: an advance, the answer to partner's overcall.

        >>> Situation.read("[1♣] 1♠ [pas] 2♥", "pl").is_advance
        True
        >>> Situation.read("[1♣] ktr [pas] 1♥", "pl").is_advance
        False
        """
        index = self.opening_index
        if index is None or self.is_ours(index):
            return False
        ours = [(i, c) for i, c in enumerate(self.calls[:-1]) if self.is_ours(i) and not c.is_pass]
        return bool(ours) and ours[0][1].is_bid and all(self.relation(i) == "partner" for i, _ in ours)

    def partner_suits(self, default: int = 4) -> dict[Suit, int]:
        """The suits partner has shown, with the least length shown in each.

        A call of partner's with a known meaning shows the suits that meaning
        promises three cards or more in (a transfer shows the suit it shows,
        not the one it names); a suit bid whose meaning the query does not give
        is taken as natural and shows ``default`` cards (the document's
        parameter partner-default-length: AEB's "largura", four).

        >>> s = Situation.read("1♣ 1♥ 1BA", "pl", earlier={1: Meaning.parse({"suits": {"clubs": "3+"}})})
        >>> {suit.name: n for suit, n in s.partner_suits().items()}
        {'HEARTS': 4}
        """
        shown: dict[Suit, int] = {}
        for index, call in enumerate(self.calls[:-1]):
            if self.relation(index) != "partner":
                continue
            meaning = self.meanings.get(index)
            if meaning is not None:
                found = {s: r.low for s in Suit if (r := meaning.promised(s)) is not None and r.low >= 3}
            elif call.is_bid and call.strain is not None and call.strain.suit is not None:
                found = {call.strain.suit: default}
            else:
                found = {}
            for suit, low in found.items():
                shown[suit] = max(shown.get(suit, 0), low)
        return shown
