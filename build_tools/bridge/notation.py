"""Notation profiles: how each language's bridge literature writes calls,
auctions, ranks and hands, for parsing and for printing.

=======  ===========  ==========================  =======================  ===============
code     notrump      pass / double / redouble    ranks A K Q J T          hand diagram
=======  ===========  ==========================  =======================  ===============
en       ``NT``       ``P X XX``                  ``A K Q J T``            PBN ``S.H.D.C``
pl       ``BA``       ``pas ktr rktr``            ``A K D W 10``           ``♠AKDW ♥…``
ru       ``БК``       ``пас контра реконтра``     ``Т К Д В 10``           ``п Т76 ч …``
es       ``ST``       ``Paso Doblo Redoblo``      ``A R D V 10``           ``♠ARDV ♥…``
sv       ``NT``       ``pass D RD``               ``E K D kn 10``          ``♠EDxxx ♥…``
zh       ``无将``     ``不叫 加倍 再加倍``        ``A K Q J 10``           ``♠AKQJ ♥…``
de       ``SA``       ``Passe Kontra Rekontra``   ``A K D B 10``           ``♠AKDB ♥…``
=======  ===========  ==========================  =======================  ===============

A profile also holds what a language's running text says of the cards: its
suit words (:attr:`Profile.suit_words`, read by the translators' lint) and its
seats (:attr:`Profile.seats`, letter and name); the handbook's languages
(:data:`build_tools.document.LANGUAGES`) are the profiles' locales.

Besides these, each profile reads its literature's common variants (the first
spelling is the one printed): English ``1N``, ``Dbl``, ``Rdbl``/``Redbl`` and a
final ``All Pass``/``AP``; ``X`` and ``XX`` in pl, es, sv and zh; Spanish
``1SA``, ``Pasa``, ``Doble``, ``Redoble``; Russian ``ктр``, ``рктр``; Chinese
``Pass``; German ``P``. Full-width forms (``（加倍）``, ``－``) read as ASCII everywhere.

Every profile reads an alert mark after a call (``*`` or ``!``; it prints its
first :attr:`Profile.alert_marks`: ``!`` in Russian as the notes write ``3б!``,
``*`` elsewhere), the announcement mark ``^``, a footnote reference ``2H(1)``
and an explanation ``1NT (15-17)``, in both views
(:mod:`~build_tools.bridge.annotations`).

Suit symbols ♣♦♥♠ are read in every profile; Russian suits are the letters
``т б ч п``; Swedish also reads the Symbol-font glyphs ``§ ¨ © ª`` of old
files; Chinese writes ``梅花 方块 红心 黑桃``. The grammar decides where a letter
means two things: Swedish ``D`` is a double as a call and a queen inside a
holding; Russian ``т`` (lower case) labels clubs and ``Т`` is the ace.

>>> ru = profile("ru")
>>> str(ru.parse_auction("1т пас 1БК контра реконтра пас пас пас"))
'1C P 1NT X XX P P P'
>>> sv = profile("sv")
>>> sv.parse_hand("ªEDxxx ©xxx ¨Dxxx §x").hcp, [str(c) for c in sv.parse_calls("1§ D")]
(8, ['1C', 'X'])
>>> profile("pl").format_auction(Auction.parse("1D 1H 1S"), view=View.PARTNERSHIP)
'1♦-[1♥]-1♠'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from .annotations import AnnotatedCall
from .auction import Auction
from .basics import SUITS_HIGH_FIRST, Seat, Strain, Suit, Vulnerability
from .calls import BIDS, DOUBLE, PASS, REDOUBLE, Call
from .cards import Holding, Rank
from .errors import InvalidAuctionError, InvalidCallError, InvalidHandError, InvalidNotationError
from .grammar import Grammar, alternation, normalise
from .hands import Hand
from .views import AuctionPattern, Slot, View

_SYMBOLS = (("♣", Strain.CLUBS), ("♦", Strain.DIAMONDS), ("♥", Strain.HEARTS), ("♠", Strain.SPADES))
_DIGIT_RANKS = tuple((str(rank.value), rank) for rank in Rank if rank <= Rank.NINE)


@dataclass(frozen=True, slots=True)
class Profile:
    """One language's notation. In each word table the first spelling of a
    value is the one printed; every spelling is read."""

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
    _grammar: Grammar = field(init=False, repr=False, compare=False)
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
        set_(self, "_grammar", Grammar(strains, self.words, self.needs_boundary, self.alert_marks, self.any_suit))
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

    # --- seats -------------------------------------------------------------

    def seat_letter(self, seat: Seat) -> str:
        """How a diagram writes ``seat``.

        >>> profile("de").seat_letter(Seat.EAST), profile("ru").seat_letter(Seat.SOUTH)
        ('O', 'Ю')
        """
        return self.seats[seat.value][0]

    def seat_name(self, seat: Seat) -> str:
        """The name of ``seat`` in running text and as a diagram's heading.

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
        pattern = self.parse_pattern(text, View.TABLE)
        if not pattern.is_concrete or pattern.has_question:
            raise InvalidAuctionError(f"auction {text!r} has alternatives or '?'")
        return tuple(slot.calls[0] for slot in pattern.slots)

    def parse_auction(
        self,
        text: str,
        dealer: Seat = Seat.NORTH,
        vulnerability: Vulnerability = Vulnerability.NONE,
        view: View = View.TABLE,
    ) -> Auction:
        """Read a concrete auction, check it under the Laws, and return it in
        the table view. A trailing ``?`` is allowed (the auction must go on)."""
        if view is View.TABLE:
            plain = self._plain_calls(text)
            if plain is not None:
                return Auction(plain, dealer, vulnerability)
        pattern = self.parse_pattern(text, view)
        if not pattern.is_concrete:
            raise InvalidAuctionError(f"auction {text!r} has alternatives; expected one call each")
        (auction,) = pattern.auctions(dealer, vulnerability)
        return auction

    def format_auction(
        self, auction: Auction, view: View = View.TABLE, ours: int | None = None
    ) -> str:
        """Print an auction; in the partnership view ``ours`` is 0 if our side
        made the first call, 1 if the opponents did (default: the side that
        made the first call other than pass)."""
        pattern = AuctionPattern.from_auction(auction)
        if view is View.PARTNERSHIP:
            pattern = pattern.to_partnership(ours)
        return self.format_pattern(pattern)

    # --- written auctions: views, alternatives, ? ---------------------------

    def parse_pattern(self, text: str, view: View = View.TABLE) -> AuctionPattern:
        """Read a written auction with alternatives and ``?``.

        Brackets mark the opponents' calls, so they belong to the partnership
        view; in the table view they are accepted only where they change
        nothing (every call already alternates between the sides).

        >>> p = profile("ru").parse_pattern("1ч 3п 4тб", View.PARTNERSHIP)
        >>> [len(a.calls) for a in p.auctions()]
        [5, 5]
        >>> profile("es").parse_pattern("1♣_(Paso)_1♠", View.TABLE).to_table() == \\
        ...     profile("es").parse_pattern("1♣-1♠", View.PARTNERSHIP).to_table()
        True

        English ``All Pass`` (``AP``) at the end stands for the passes that
        end the auction; the result is then in the table view:

        >>> str(profile("en").parse_pattern("1S-(X)-2S AP", View.PARTNERSHIP))
        '1S X 2S P P P'
        """
        if self._all_pass_re is not None:
            ending = self._all_pass_re.search(text)
            if ending is not None:
                before = text[: ending.start()].rstrip(" \t-–—_,;")
                written = self.parse_pattern(before, view) if before.strip() else AuctionPattern(())
                return written.to_table().all_pass(text)
        slots = self._grammar.scan(text)
        if view is View.PARTNERSHIP or not any(slot.opponent for slot in slots):
            return AuctionPattern(tuple(slots), view)
        written = AuctionPattern(tuple(slots), View.PARTNERSHIP)
        table = written.to_table()
        if len(table.slots) != len(slots) or slots[0].opponent:
            raise InvalidAuctionError(
                f"auction {text!r} leaves opponents' calls out; read it in the partnership view"
            )
        return table

    def format_pattern(self, pattern: AuctionPattern) -> str:
        if pattern.view is View.TABLE:
            return self.table_separator.join(self._format_slot(s) for s in pattern.slots)
        out: list[str] = []
        previous: Slot | None = None
        for slot in pattern.slots:
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

    # --- two-column diagrams ------------------------------------------------

    def parse_diagram(self, text: str) -> AuctionPattern:
        """Read a two-column diagram, opener left and responder right, as the
        Russian notes draw them; the result is in the partnership view.

        >>> d = profile("ru").parse_diagram('''
        ...     1ч    1п
        ...     2ч    2БК
        ...     ?
        ... ''')
        >>> str(d.to_table())
        '1H P 1S P 2H P 2NT P ?'
        """
        rows: list[list[tuple[int, Slot]]] = []
        for line in text.splitlines():
            if not line.strip():
                continue
            rows.append(self._grammar.scan_cells(line))
        two = [row for row in rows if len(row) == 2]
        if not two or any(len(row) > 2 for row in rows):
            raise InvalidAuctionError("a diagram needs rows of one or two calls in two columns")
        left = sum(row[0][0] for row in two) / len(two)
        right = sum(row[1][0] for row in two) / len(two)
        middle = (left + right) / 2
        slots: list[Slot] = []
        expected = 0
        for row in rows:
            for column_start, slot in row:
                column = 0 if column_start < middle else 1
                if column != expected:
                    raise InvalidAuctionError(
                        f"diagram call {self._format_slot(slot)!r} is in the wrong column"
                    )
                slots.append(slot)
                expected = 1 - expected
        return AuctionPattern(tuple(slots), View.PARTNERSHIP)

    def format_diagram(self, pattern: AuctionPattern, width: int = 8) -> str:
        """Print a partnership-view pattern with no opponents' calls as two columns."""
        if pattern.view is not View.PARTNERSHIP or any(s.opponent for s in pattern.slots):
            raise InvalidAuctionError("a two-column diagram shows one partnership's calls only")
        cells = [self._format_slot(s) for s in pattern.slots]
        lines = []
        for i in range(0, len(cells), 2):
            pair = cells[i : i + 2]
            lines.append(pair[0].ljust(width) + pair[1] if len(pair) == 2 else pair[0])
        return "\n".join(line.rstrip() for line in lines)


def _strains(*spellings: tuple[str, ...]) -> tuple[tuple[str, Strain], ...]:
    return tuple((word, strain) for strain, words in zip(Strain, spellings, strict=False) for word in words)


def _words(pass_: tuple[str, ...], double: tuple[str, ...], redouble: tuple[str, ...]
           ) -> tuple[tuple[str, Call], ...]:
    return (
        tuple((w, PASS) for w in pass_)
        + tuple((w, DOUBLE) for w in double)
        + tuple((w, REDOUBLE) for w in redouble)
    )


def _suit_words(clubs: str, diamonds: str, hearts: str, spades: str) -> tuple[tuple[str, Suit], ...]:
    return ((clubs, Suit.CLUBS), (diamonds, Suit.DIAMONDS), (hearts, Suit.HEARTS), (spades, Suit.SPADES))


def _ranks(ace: str, king: str, queen: str, jack: str, *ten: str) -> tuple[tuple[str, Rank], ...]:
    return (
        (ace, Rank.ACE), (king, Rank.KING), (queen, Rank.QUEEN), (jack, Rank.JACK),
        *((t, Rank.TEN) for t in ten),
    )


ENGLISH = Profile(
    code="en",
    name="English",
    strains=_strains(("C",), ("D",), ("H",), ("S",), ("NT", "N")),
    words=_words(("P", "Pass"), ("X", "Dbl", "Double"), ("XX", "Rdbl", "Redbl", "Redouble")),
    suit_labels=(("S", Suit.SPADES), ("H", Suit.HEARTS), ("D", Suit.DIAMONDS), ("C", Suit.CLUBS)),
    ranks=_ranks("A", "K", "Q", "J", "T", "10"),
    spots=("x", "X"),
    partnership_separator="-",
    bracket_separator="-",
    pbn_hands=True,
    all_pass=("All Pass", "AP"),
    suit_words=_suit_words(r"clubs?", r"diamonds?", r"hearts?", r"spades?"),
)
POLISH = Profile(
    code="pl",
    name="polski",
    strains=_strains((), (), (), (), ("BA",)),
    words=_words(("pas",), ("ktr", "kontra", "X"), ("rktr", "rekontra", "XX")),
    suit_labels=(),
    ranks=_ranks("A", "K", "D", "W", "10"),
    brackets=("[", "]"),
    suit_words=_suit_words(r"trefl\w*", r"kar(?:o|a|ach|ami|ow\w*)", r"kier(?!un|own)\w*", r"pik\w*"),
    seats=(("N", "Północ"), ("E", "Wschód"), ("S", "Południe"), ("W", "Zachód")),
)
RUSSIAN = Profile(
    code="ru",
    name="русский",
    strains=_strains(("т",), ("б",), ("ч",), ("п",), ("БК",)),
    words=_words(("пас",), ("контра", "ктр"), ("реконтра", "рктр")),
    suit_labels=(("п", Suit.SPADES), ("ч", Suit.HEARTS), ("б", Suit.DIAMONDS), ("т", Suit.CLUBS)),
    ranks=_ranks("Т", "К", "Д", "В", "10"),
    read_ranks=(),
    look_alikes=(("K", "К"), ("B", "В"), ("X", "х")),
    alert_marks=("!", "*"),
    ambiguous=(("T", "Latin T looks like Cyrillic Т (the ace); write the ten as 10, the ace as Т"),),
    spots=("х", "x"),
    any_suit=("х",),
    label_gap=" ",
    alternative_joiner="",
    partnership_separator=" ",
    bracket_separator=" ",
    suit_words=_suit_words(r"треф\w*", r"бубн\w*|бубен", r"черв\w*", r"пик(?:и|е|ов\w*|ам\w*)?"),
    seats=(("С", "Север"), ("В", "Восток"), ("Ю", "Юг"), ("З", "Запад")),
)
SPANISH = Profile(
    code="es",
    name="español",
    strains=_strains((), (), (), (), ("ST", "SA")),
    words=_words(("Paso", "Pasa"), ("Doblo", "Doble", "X"), ("Redoblo", "Redoble", "XX")),
    suit_labels=(),
    ranks=_ranks("A", "R", "D", "V", "10"),
    bracket_separator="_",
    suit_words=_suit_words(r"tréboles|trébol", r"diamantes?", r"corazón|corazones", r"picas?|picos?"),
    seats=(("N", "Norte"), ("E", "Este"), ("S", "Sur"), ("O", "Oeste")),
)
SWEDISH = Profile(
    code="sv",
    name="svenska",
    strains=_strains(("♣", "§"), ("♦", "¨"), ("♥", "©"), ("♠", "ª"), ("NT",)),
    words=_words(("pass",), ("D", "dubbelt", "X"), ("RD", "redubbelt", "XX")),
    suit_labels=(
        ("♠", Suit.SPADES), ("♥", Suit.HEARTS), ("♦", Suit.DIAMONDS), ("♣", Suit.CLUBS),
        ("ª", Suit.SPADES), ("©", Suit.HEARTS), ("¨", Suit.DIAMONDS), ("§", Suit.CLUBS),
    ),
    ranks=_ranks("E", "K", "D", "kn", "10"),
    read_ranks=(("T", Rank.TEN), ("Kn", Rank.JACK), ("KN", Rank.JACK)),
    # Compounds: "hjärterfärg", "klöveröppning".
    suit_words=_suit_words(r"klöver\w*", r"ruter\w*", r"hjärter\w*", r"spader\w*"),
    seats=(("N", "Nord"), ("Ö", "Öst"), ("S", "Syd"), ("V", "Väst")),
)
CHINESE = Profile(
    code="zh",
    name="中文",
    strains=_strains(("梅花",), ("方块",), ("红心",), ("黑桃",), ("无将", "NT")),
    words=_words(("不叫", "Pass"), ("加倍", "X"), ("再加倍", "XX")),
    suit_labels=(
        ("♠", Suit.SPADES), ("♥", Suit.HEARTS), ("♦", Suit.DIAMONDS), ("♣", Suit.CLUBS),
        ("黑桃", Suit.SPADES), ("红心", Suit.HEARTS), ("方块", Suit.DIAMONDS), ("梅花", Suit.CLUBS),
    ),
    ranks=_ranks("A", "K", "Q", "J", "10"),
    needs_boundary=False,
    locale="zh_CN",
    suit_words=_suit_words(r"梅花", r"方块", r"红心", r"黑桃"),
    seats=(("北", "北"), ("东", "东"), ("南", "南"), ("西", "西")),
)
# German bridge writing: Sans Atout, Kontra and Rekontra; the honours Ass,
# König, Dame and Bube; suits Treff, Karo, Coeur (also spelt Cœur) and Pik,
# in compounds too ("Coeurfarbe", "Trefföffnung"); seats Nord, Ost, Süd, West.
GERMAN = Profile(
    code="de",
    name="Deutsch",
    strains=_strains((), (), (), (), ("SA",)),
    words=_words(("Passe", "P"), ("Kontra", "X"), ("Rekontra", "XX")),
    suit_labels=(),
    ranks=_ranks("A", "K", "D", "B", "10"),
    suit_words=_suit_words(r"treff\w*", r"karo\w*", r"c(?:oe|œ)ur\w*", r"pik\w*"),
    seats=(("N", "Nord"), ("O", "Ost"), ("S", "Süd"), ("W", "West")),
)

PROFILES: dict[str, Profile] = {
    p.code: p for p in (ENGLISH, POLISH, RUSSIAN, SPANISH, SWEDISH, CHINESE, GERMAN)
}


def profile(code: str) -> Profile:
    """The notation profile for a language code (``en pl ru es sv zh de``)."""
    try:
        return PROFILES[code.strip().lower().split("_")[0].split("-")[0]]
    except KeyError:
        raise InvalidNotationError(
            f"unknown notation {code!r} (expected one of {', '.join(PROFILES)})"
        ) from None


def display_profile(code: str) -> Profile:
    """The notation a reader of language ``code`` sees: the language's own, or
    for a language without a profile the universal one (suit symbols, ``NT``,
    ``X``, ``XX``, ``P``: the English profile's).

    >>> display_profile("ru").code, display_profile("de").code, display_profile("fr").code
    ('ru', 'de', 'en')
    """
    return PROFILES.get(code.strip().lower().split("_")[0].split("-")[0], ENGLISH)


def profile_for_locale(locale: str) -> Profile | None:
    """The profile of a gettext locale (``zh_CN``, ``de``), if the model has one.

    >>> profile_for_locale("zh_CN").code, profile_for_locale("fr")
    ('zh', None)
    """
    return PROFILES.get(locale.strip().lower().split("_")[0].split("-")[0])


__all__ = ["ENGLISH", "GERMAN", "PROFILES", "Profile", "View", "display_profile", "profile", "profile_for_locale"]
