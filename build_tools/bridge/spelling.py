"""How a language spells calls, written auctions and hands: the word tables
of a notation and what reads and prints with them, below the auctions.

A :class:`Spelling` reads text into calls and slots (with
:mod:`~build_tools.bridge.grammar`) and prints them back, and reads and
prints ranks, holdings and hands; it knows nothing of auctions as values. The
values read their canonical form through :data:`CANONICAL`, the English
spelling, as python-chess's moves read UCI; the notation profiles of every
language (:mod:`~build_tools.bridge.notation`) are spellings that also read
and print whole auctions, a floor above the values.

>>> [str(c) for c in CANONICAL.parse_calls("1S Dbl Rdbl")]
['1S', 'X', 'XX']
>>> CANONICAL.format_slots(CANONICAL.read_slots("1S (X) 2S", View.PARTNERSHIP)[0], View.PARTNERSHIP)
'1S-(X)-2S'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .annotations import AnnotatedCall
from .basics import SUITS_HIGH_FIRST, Seat, Strain, Suit
from .calls import BIDS, DOUBLE, PASS, REDOUBLE, Call
from .cards import Holding, Rank
from .errors import InvalidAuctionError, InvalidCallError, InvalidHandError, InvalidNotationError
from .grammar import Grammar, alternation, normalise
from .hands import Hand
from .slots import Slot, View, check_slots, final_passes, table_slots

_SYMBOLS = (("♣", Strain.CLUBS), ("♦", Strain.DIAMONDS), ("♥", Strain.HEARTS), ("♠", Strain.SPADES))
_DIGIT_RANKS = tuple((str(rank.value), rank) for rank in Rank if rank <= Rank.NINE)


@dataclass(frozen=True, slots=True)
class Spelling:
    """How one language writes calls, slots of a written auction, ranks and
    hands: its word tables (in each, the first spelling of a value is the one
    printed; every spelling is read) and what reads and prints with them."""

    code: str
    name: str
    strains: tuple[tuple[str, Strain], ...]
    words: tuple[tuple[str, Call], ...]
    suit_labels: tuple[tuple[str, Suit], ...]
    ranks: tuple[tuple[str, Rank], ...]
    spots: tuple[str, ...] = ("x",)
    #: Letters that stand for any suit in an auction (Russian "3х").
    any_suit: tuple[str, ...] = ()
    label_gap: str = ""
    table_separator: str = " "
    partnership_separator: str = "-"
    bracket_separator: str = "-"
    brackets: tuple[str, str] = ("(", ")")
    alternative_joiner: str = "/"
    needs_boundary: bool = True
    pbn_hands: bool = False
    all_pass: tuple[str, ...] = ()
    """Words that end a written auction with as many passes as it needs (``AP``)."""
    read_ranks: tuple[tuple[str, Rank], ...] = (("T", Rank.TEN),)
    """Rank spellings read but never printed (``T`` for the ten, Swedish ``Kn``)."""
    look_alikes: tuple[tuple[str, str], ...] = ()
    """Letters of another script read as this profile's own (Latin ``K`` as
    Cyrillic ``К``) in hands."""
    ambiguous: tuple[tuple[str, str], ...] = ()
    """Letters in a hand that this profile refuses to guess, with the reason."""
    alert_marks: tuple[str, ...] = ("*", "!")
    """Alert marks after a call; the first is printed."""
    locale: str = ""
    """The gettext locale a handbook names the language by (``zh_CN``); the code when empty."""
    suit_words: tuple[tuple[str, Suit], ...] = ()
    """How running text names the suits: regular expressions, matched in lower case
    (see :func:`build_tools.i18n.notation.suits`); a form not matched counts for no suit."""
    seats: tuple[tuple[str, str], ...] = (("N", "North"), ("E", "East"), ("S", "South"), ("W", "West"))
    """Each seat from North clockwise: its letter and its name."""
    _made_grammar: Grammar | None = field(init=False, repr=False, compare=False, default=None)
    _simple: dict[str, Call] = field(init=False, repr=False, compare=False)
    _label_re: re.Pattern[str] = field(init=False, repr=False, compare=False)
    _all_pass_re: re.Pattern[str] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        strains = self.strains + _SYMBOLS
        simple: dict[str, Call] = {w.casefold(): c for w, c in reversed(self.words)}
        for bid in BIDS:
            for word, strain in strains:
                if strain is bid.strain:
                    simple[f"{bid.level}{word}".casefold()] = bid
        labels = self.suit_labels + tuple((sym, s.suit) for sym, s in _SYMBOLS if s.suit)
        set_ = object.__setattr__
        set_(self, "_simple", simple)
        set_(self, "_label_re", re.compile(alternation([w for w, _ in labels])))
        set_(self, "suit_labels", labels)
        words_re = alternation(list(self.all_pass)).replace(re.escape(" "), r"\s+")
        set_(self, "_all_pass_re", re.compile(
            rf"(?:^|(?<=[\s\-–—_,;)\]]))(?:{words_re})[\s.]*$", re.IGNORECASE,
        ) if self.all_pass else None)
        set_(self, "locale", self.locale or self.code)
        if len(self.seats) != 4:
            raise InvalidNotationError(f"profile {self.code!r} names {len(self.seats)} seats, not 4")

    @property
    def _grammar(self) -> Grammar:
        # Compiled when first read: a process that reads one language's calls
        # (a director's query) compiles that language's grammar, not all eight.
        if self._made_grammar is None:
            grammar = Grammar(self.strains + _SYMBOLS, self.words, self.needs_boundary, self.alert_marks,
                              self.any_suit)
            object.__setattr__(self, "_made_grammar", grammar)
            return grammar
        return self._made_grammar

    # --- seats -------------------------------------------------------------

    def seat_letter(self, seat: Seat) -> str:
        """How a diagram writes ``seat``.

        >>> from build_tools.bridge.notation import profile
        >>> profile("de").seat_letter(Seat.EAST), profile("ru").seat_letter(Seat.SOUTH)
        ('O', 'Ю')
        """
        return self.seats[seat.value][0]

    def seat_name(self, seat: Seat) -> str:
        """The name of ``seat`` in running text and as a diagram's heading.

        >>> from build_tools.bridge.notation import profile
        >>> profile("de").seat_name(Seat.SOUTH), profile("sv").seat_name(Seat.WEST)
        ('Süd', 'Väst')
        """
        return self.seats[seat.value][1]

    # --- calls -----------------------------------------------------------

    def format_strain(self, strain: Strain) -> str:
        return next(w for w, s in self.strains + _SYMBOLS if s is strain)

    def format_call(self, call: Call) -> str:
        strain = call.strain
        if strain is None:
            return next(w for w, c in self.words if c == call)
        return f"{call.level}{self.format_strain(strain)}"

    def parse_call(self, text: str) -> Call:
        """Read exactly one call.

        >>> from build_tools.bridge.notation import profile
        >>> profile("ru").parse_call("1 БК"), profile("es").parse_call("doblo")
        (Call.parse('1NT'), Call.parse('X'))
        """
        found = self._simple.get(normalise(text).strip().casefold())
        if found is not None:
            return found
        annotated = self.parse_annotated_call(text)
        if annotated.annotation:
            raise InvalidCallError(f"{text!r} is a call with annotations; read it with parse_annotated_call")
        return annotated.call

    def parse_annotated_call(self, text: str) -> AnnotatedCall:
        """Read exactly one call with what is written after it.

        >>> from build_tools.bridge.notation import profile
        >>> a = profile("en").parse_annotated_call("2H*(1)")
        >>> a.call, a.alerted, a.annotation.footnote
        (Call.parse('2H'), True, '1')
        """
        slots = self._grammar.scan(text)
        if len(slots) != 1 or slots[0].opponent or len(slots[0].calls) != 1:
            raise InvalidCallError(f"{text!r} is not one call")
        return AnnotatedCall(slots[0].calls[0], slots[0].annotation)

    def format_annotated_call(self, call: AnnotatedCall) -> str:
        """Print a call and its annotation, with this profile's alert mark.

        >>> from build_tools.bridge.notation import profile
        >>> profile("ru").format_annotated_call(profile("en").parse_annotated_call("3D*"))
        '3б!'
        """
        return self._format_slot(Slot((call.call,), annotation=call.annotation))

    def _plain_calls(self, text: str) -> tuple[Call, ...] | None:
        # The fast path for the common case: space-separated calls, each a
        # whole token of this notation; anything else goes to the grammar.
        simple = self._simple
        calls = []
        for token in normalise(text).split():
            call = simple.get(token.casefold())
            if call is None:
                return None
            calls.append(call)
        return tuple(calls)

    def parse_calls(self, text: str) -> tuple[Call, ...]:
        """Read a concrete table-view auction as a tuple of calls (no legality check)."""
        plain = self._plain_calls(text)
        if plain is not None:
            return plain
        slots, _ = self.read_slots(text, View.TABLE)
        if any(len(slot.calls) != 1 for slot in slots):
            raise InvalidAuctionError(f"auction {text!r} has alternatives or '?'")
        return tuple(slot.calls[0] for slot in slots)

    # --- written auctions: views, alternatives, ? ---------------------------

    def read_slots(self, text: str, view: View = View.TABLE) -> tuple[tuple[Slot, ...], View]:
        """Read a written auction with alternatives and ``?``: its slots, and
        the view they are in (the table view after an ``All Pass``).

        Brackets mark the opponents' calls, so they belong to the partnership
        view; in the table view they are accepted only where they change
        nothing (every call already alternates between the sides)."""
        if self._all_pass_re is not None:
            ending = self._all_pass_re.search(text)
            if ending is not None:
                before = text[: ending.start()].rstrip(" \t-–—_,;")
                written, seen = self.read_slots(before, view) if before.strip() else ((), view)
                return final_passes(table_slots(written, seen), text), View.TABLE
        slots = tuple(self._grammar.scan(text))
        if view is View.PARTNERSHIP or not any(slot.opponent for slot in slots):
            check_slots(slots, view)
            return slots, view
        check_slots(slots, View.PARTNERSHIP)
        table = table_slots(slots, View.PARTNERSHIP)
        if len(table) != len(slots) or slots[0].opponent:
            raise InvalidAuctionError(
                f"auction {text!r} leaves opponents' calls out; read it in the partnership view"
            )
        return table, View.TABLE

    def format_slots(self, slots: Sequence[Slot], view: View = View.TABLE) -> str:
        """Print a written auction's slots in ``view``."""
        if view is View.TABLE:
            return self.table_separator.join(self._format_slot(s) for s in slots)
        out: list[str] = []
        previous: Slot | None = None
        for slot in slots:
            if previous is not None:
                either = slot.opponent or previous.opponent
                out.append(self.bracket_separator if either else self.partnership_separator)
            text = self._format_slot(slot)
            out.append(f"{self.brackets[0]}{text}{self.brackets[1]}" if slot.opponent else text)
            previous = slot
        return "".join(out)

    def _format_slot(self, slot: Slot) -> str:
        explanation = slot.annotation.explanation
        if explanation and self._grammar.reads_as_calls(explanation):
            raise InvalidAuctionError(
                f"explanation {explanation!r} would read as a call in {self.name}; write it as a note"
            )
        return self._format_calls(slot) + slot.annotation.suffix(self.alert_marks[0])

    def _format_calls(self, slot: Slot) -> str:
        if slot.is_question:
            return "?"
        by_level: dict[int, list[Strain]] = {}
        words: list[str] = []
        for call in slot.calls:
            if call.strain is None:
                words.append(self.format_call(call))
            else:
                by_level.setdefault(call.level, []).append(call.strain)
        groups: list[str] = []
        strain_sets = {tuple(v) for v in by_level.values()}
        if len(by_level) > 1 and len(strain_sets) == 1:
            (strains,) = strain_sets
            levels = "/".join(str(level) for level in by_level)
            groups.append(levels + self._join_strains(strains))
        else:
            for level, strains_at in by_level.items():
                groups.append(f"{level}{self._join_strains(tuple(strains_at))}")
        return "/".join(groups + words)

    def _join_strains(self, strains: tuple[Strain, ...]) -> str:
        return self.alternative_joiner.join(self.format_strain(s) for s in strains)

    # --- ranks and hands ------------------------------------------------

    def format_rank(self, rank: Rank) -> str:
        return next(w for w, r in self.ranks + _DIGIT_RANKS if r is rank)

    def parse_hand(self, text: str) -> Hand:
        """Read a hand diagram: suit label and holding for each of the four
        suits, in any order, ``-`` for a void (English also reads PBN).

        >>> from build_tools.bridge.notation import profile
        >>> str(profile("ru").parse_hand("п Т76 ч ТК9754 б 8 т В98"))
        'A76.AK9754.8.J98'
        """
        if self.pbn_hands and "." in text:
            return Hand.parse(text)
        rank_map: Mapping[str, Rank] = dict(self.read_ranks + self.ranks + _DIGIT_RANKS)
        holdings: dict[Suit, Holding] = {}
        body = normalise(text).strip()
        label_re = self._label_re
        labels = dict(self.suit_labels)
        starts = [m for m in label_re.finditer(body)]
        if not starts or starts[0].start() != 0:
            raise InvalidHandError(f"hand {text!r} must start with a suit label")
        for this, following in zip(starts, starts[1:] + [None], strict=False):
            suit = labels[this.group(0)]
            written = body[this.end() : following.start() if following else len(body)]
            if suit in holdings:
                raise InvalidHandError(f"suit {suit.symbol} twice in hand {text!r}")
            written = self._holding_text(written, text)
            try:
                holdings[suit] = Holding.parse(written, rank_map, self.spots)
            except InvalidHandError as error:
                raise InvalidHandError(f"{error} in hand {text!r}") from None
        missing = [s.symbol for s in SUITS_HIGH_FIRST if s not in holdings]
        if missing:
            raise InvalidHandError(f"hand {text!r} lacks {' '.join(missing)}")
        return Hand.from_holdings(holdings)

    def _holding_text(self, written: str, text: str) -> str:
        # 'S: AKQ' labels with a colon, 'A K 10 9' spaced ranks, look-alikes
        written = "".join(written.strip().removeprefix(":").split())
        for letter, reason in self.ambiguous:
            if letter in written:
                raise InvalidHandError(f"{letter!r} in hand {text!r} is ambiguous: {reason}")
        look_alikes = dict(self.look_alikes)
        return "".join(look_alikes.get(c, c) for c in written)

    def format_holding(self, holding: Holding, void: str = "-") -> str:
        """One suit's cards in this language's rank letters.

        >>> from build_tools.bridge.notation import profile
        >>> profile("sv").format_holding(Holding.parse("AJT2"))
        'Ekn102'
        """
        # The last spelling of a rank wins: English reads 'T' but prints '10'.
        letters = {r: w for w, r in self.ranks + _DIGIT_RANKS}
        return holding.format(letters, self.spots[0], void)

    def format_hand(self, hand: Hand) -> str:
        if self.pbn_hands:
            return str(hand)
        return " ".join(
            f"{self._label(suit)}{self.label_gap}{self.format_holding(hand.holding(suit))}"
            for suit in SUITS_HIGH_FIRST
        )

    def _label(self, suit: Suit) -> str:
        return next(w for w, s in self.suit_labels if s is suit)


def strain_spellings(*spellings: tuple[str, ...]) -> tuple[tuple[str, Strain], ...]:
    return tuple((word, strain) for strain, words in zip(Strain, spellings, strict=False) for word in words)


def call_words(pass_: tuple[str, ...], double: tuple[str, ...], redouble: tuple[str, ...]
           ) -> tuple[tuple[str, Call], ...]:
    return (
        tuple((w, PASS) for w in pass_)
        + tuple((w, DOUBLE) for w in double)
        + tuple((w, REDOUBLE) for w in redouble)
    )


def suit_words(clubs: str, diamonds: str, hearts: str, spades: str) -> tuple[tuple[str, Suit], ...]:
    return ((clubs, Suit.CLUBS), (diamonds, Suit.DIAMONDS), (hearts, Suit.HEARTS), (spades, Suit.SPADES))


def rank_spellings(ace: str, king: str, queen: str, jack: str, *ten: str) -> tuple[tuple[str, Rank], ...]:
    return (
        (ace, Rank.ACE), (king, Rank.KING), (queen, Rank.QUEEN), (jack, Rank.JACK),
        *((t, Rank.TEN) for t in ten),
    )


#: The canonical spellings: English, as a value reads and prints itself
#: (``Call.parse``, ``Auction.parse``, ``str(pattern)``) and as the English
#: notation profile writes.
ENGLISH_FIELDS: dict[str, Any] = dict(
    code="en",
    name="English",
    strains=strain_spellings(("C",), ("D",), ("H",), ("S",), ("NT", "N")),
    words=call_words(("P", "Pass"), ("X", "Dbl", "Double"), ("XX", "Rdbl", "Redbl", "Redouble")),
    suit_labels=(("S", Suit.SPADES), ("H", Suit.HEARTS), ("D", Suit.DIAMONDS), ("C", Suit.CLUBS)),
    ranks=rank_spellings("A", "K", "Q", "J", "T", "10"),
    spots=("x", "X"),
    partnership_separator="-",
    bracket_separator="-",
    pbn_hands=True,
    all_pass=("All Pass", "AP"),
    suit_words=suit_words(r"clubs?", r"diamonds?", r"hearts?", r"spades?"),
)
CANONICAL = Spelling(**ENGLISH_FIELDS)
