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

from dataclasses import dataclass

from .auction import Auction
from .basics import Seat, Suit, Vulnerability
from .calls import Call as Call  # the calls a profile reads, for its callers
from .cards import Rank
from .errors import InvalidAuctionError, InvalidNotationError
from .slots import Slot
from .spelling import ENGLISH_FIELDS, Spelling
# A profile is written with these (a new language's skeleton too: build_tools/i18n/new_language.py).
from .spelling import call_words as _words
from .spelling import rank_spellings as _ranks
from .spelling import strain_spellings as _strains
from .spelling import suit_words as _suit_words
from .views import AuctionPattern, View


@dataclass(frozen=True, slots=True)
class Profile(Spelling):
    """One language's notation: its spelling (:class:`~build_tools.bridge.spelling.Spelling`),
    and auctions read and printed in it, in either view and as two-column diagrams."""

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
        slots, seen = self.read_slots(text, view)
        return AuctionPattern(slots, seen)

    def format_pattern(self, pattern: AuctionPattern) -> str:
        return self.format_slots(pattern.slots, pattern.view)

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


ENGLISH = Profile(**ENGLISH_FIELDS)
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
