"""Notation profiles: each language's calls, suits, ranks and hands, and the
letters whose meaning the grammar decides."""

from __future__ import annotations

import pytest

from build_tools.bridge import (
    Auction,
    BridgeError,
    Call,
    Hand,
    IllegalCallError,
    InvalidCallError,
    InvalidHandError,
    InvalidNotationError,
    Penalty,
    Rank,
    Seat,
    Strain,
    Suit,
    View,
    notation,
)

CANONICAL = ["1C", "1D", "1H", "1S", "1NT", "P", "X", "XX"]

WRITTEN = {
    "en": ["1C", "1D", "1H", "1S", "1NT", "P", "X", "XX"],
    "pl": ["1♣", "1♦", "1♥", "1♠", "1BA", "pas", "ktr", "rktr"],
    "ru": ["1т", "1б", "1ч", "1п", "1БК", "пас", "контра", "реконтра"],
    "es": ["1♣", "1♦", "1♥", "1♠", "1ST", "Paso", "Doblo", "Redoblo"],
    "sv": ["1♣", "1♦", "1♥", "1♠", "1NT", "pass", "D", "RD"],
    "zh": ["1梅花", "1方块", "1红心", "1黑桃", "1无将", "不叫", "加倍", "再加倍"],
    "de": ["1♣", "1♦", "1♥", "1♠", "1SA", "Passe", "Kontra", "Rekontra"],
}


@pytest.mark.parametrize("code", sorted(WRITTEN))
def test_each_profile_prints_and_reads_its_own_words(code: str) -> None:
    profile = notation.profile(code)
    for written, canonical in zip(WRITTEN[code], CANONICAL, strict=False):
        call = Call.parse(canonical)
        assert profile.format_call(call) == written
        assert profile.parse_call(written) == call


@pytest.mark.parametrize("code", sorted(WRITTEN))
def test_suit_symbols_are_read_in_every_profile(code: str) -> None:
    profile = notation.profile(code)
    assert [str(profile.parse_call(f"2{s}")) for s in "♣♦♥♠"] == ["2C", "2D", "2H", "2S"]


@pytest.mark.parametrize(
    ("code", "written", "canonical"),
    [("pl", "kontra", "X"), ("pl", "RKTR", "XX"), ("pl", "rekontra", "XX"), ("ru", "Пас", "P"), ("ru", "1 бк", "1NT"),
     ("es", "paso", "P"), ("es", "doblo", "X"), ("es", "redoblo", "XX"), ("sv", "dubbelt", "X"),
     ("sv", "1ª", "1S"), ("sv", "2©", "2H"), ("sv", "3¨", "3D"), ("sv", "4§", "4C"),
     ("zh", "1 梅花", "1C"), ("en", "1♠", "1S"), ("en", "pass", "P")],
)
def test_other_accepted_spellings(code: str, written: str, canonical: str) -> None:
    assert str(notation.profile(code).parse_call(written)) == canonical


@pytest.mark.parametrize(
    ("code", "written"),
    [("pl", "1NT"), ("ru", "1S"), ("es", "pass"), ("sv", "1S"), ("en", "1БК"), ("zh", "1C"),
     ("ru", "8т"), ("pl", "0BA"), ("es", "1ST junk"), ("sv", "P"), ("ru", "пасс")],
)
def test_another_languages_words_are_not_read(code: str, written: str) -> None:
    with pytest.raises(InvalidCallError):
        notation.profile(code).parse_call(written)


def test_unknown_profile() -> None:
    with pytest.raises(InvalidNotationError):
        notation.profile("fr")
    assert notation.profile("pl_PL").code == "pl" and notation.profile("zh-CN").code == "zh"


# --- public cases -----------------------------------------------------------


def test_russian_auction_is_one_notrump_redoubled_by_south() -> None:
    auction = notation.profile("ru").parse_auction("1т пас 1БК контра реконтра пас пас пас")
    assert auction == Auction.parse("1C P 1NT X XX P P P")
    contract = auction.contract
    assert contract is not None
    assert (contract.level, contract.strain, contract.penalty) == (1, Strain.NOTRUMP, Penalty.REDOUBLED)
    assert auction.declarer is Seat.SOUTH


def test_russian_hand_has_12_hcp_and_shape_3_6_1_3() -> None:
    hand = notation.profile("ru").parse_hand("п Т76 ч ТК9754 б 8 т В98")
    assert hand.hcp == 4 + 4 + 3 + 1  # ♠A, ♥AK, ♣J
    assert str(hand.shape) == "3-6-1-3"


def test_swedish_hand_has_8_hcp() -> None:
    hand = notation.profile("sv").parse_hand("ªEDxxx ©xxx ¨Dxxx §x")
    assert hand.hcp == 4 + 2 + 2  # ♠A Q, ♦Q
    assert str(hand.shape) == "5-3-4-1"


# --- letters the grammar decides -----------------------------------------------


def test_swedish_d_is_a_double_as_a_call_and_a_queen_in_a_holding() -> None:
    sv = notation.profile("sv")
    assert sv.parse_call("D") == Call.parse("X")
    auction = sv.parse_auction("1¨ D pass 2¨")  # BWS cue-bid example (Syd, Väst, Nord, Öst)
    assert str(auction) == "1D X P 2D"
    hand = sv.parse_hand("ªD ©EKDknxxxxxxxx ¨- §-")
    assert Rank.QUEEN in hand.spades and Rank.QUEEN in hand.hearts
    assert Rank.JACK in hand.hearts and hand.hcp == 2 + 4 + 3 + 2 + 1


def test_russian_te_is_clubs_in_lower_case_and_the_ace_in_upper_case() -> None:
    ru = notation.profile("ru")
    hand = ru.parse_hand("т Т К Д В 10 9 8 7 6 5 4 3 2".replace(" ", "").replace("т", "т ", 1)
                         + " п - ч - б -")
    assert hand.clubs.length == 13 and Rank.ACE in hand.clubs and Rank.TEN in hand.clubs
    assert ru.parse_call("4т") == Call.parse("4C")
    # Т is the ace, not the ten: ТВ10763 holds A, J and 10
    h = ru.parse_hand("п 8 ч ТВ10763 б К93 т КВ10")
    assert list(h.hearts.ranks) == [Rank.ACE, Rank.JACK, Rank.TEN, Rank.SEVEN, Rank.SIX, Rank.THREE]


def test_russian_x_is_cyrillic_or_latin() -> None:
    ru = notation.profile("ru")
    assert ru.parse_hand("п Тхх ч ххх б хххх т ххх") == ru.parse_hand("п Txx ч xxx б xxxx т xxx".replace("T", "Т"))


# --- auctions as each language writes them ------------------------------------------


def test_spanish_four_player_and_partnership_forms() -> None:
    es = notation.profile("es")
    four = es.parse_auction("1♣_(Paso)_1♠_(Paso)_1ST_(Paso)_4♠_(Doblo)")
    assert str(four) == "1C P 1S P 1NT P 4S X"
    pair = es.parse_auction("1♣-1♠", view=View.PARTNERSHIP)
    assert str(pair) == "1C P 1S"
    overcall = es.parse_auction("1♣-1♠", view=View.TABLE)
    assert str(overcall) == "1C 1S" and overcall.turn is Seat.SOUTH


def test_polish_opponents_in_brackets() -> None:
    pl = notation.profile("pl")
    assert str(pl.parse_auction("1♦-[1♥]-1♠", view=View.PARTNERSHIP)) == "1D 1H 1S"
    assert str(pl.parse_auction("1♥-[ktr]-2♥", view=View.PARTNERSHIP)) == "1H X 2H"
    assert str(pl.parse_auction("[1♣]-2BA", view=View.PARTNERSHIP)) == "1C 2NT"
    assert pl.format_auction(Auction.parse("1H X 2H"), view=View.PARTNERSHIP) == "1♥-[ktr]-2♥"


def test_chinese_auction_with_and_without_spaces() -> None:
    zh = notation.profile("zh")
    assert str(zh.parse_auction("1 梅花 不叫 1无将 加倍")) == "1C P 1NT X"
    assert str(zh.parse_auction("1梅花不叫1红心")) == "1C P 1H"


def test_notation_errors_are_precise() -> None:
    ru = notation.profile("ru")
    with pytest.raises(IllegalCallError) as illegal:
        ru.parse_auction("1п пас контра")
    assert "double of partner's bid" in str(illegal.value) and illegal.value.position == 3
    with pytest.raises(InvalidCallError) as invalid:
        ru.parse_auction("1п абв")
    assert "'абв'" in str(invalid.value)
    with pytest.raises(BridgeError):
        ru.parse_auction("4тбч")  # alternatives are not one auction


# --- hands ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "written"),
    [
        ("en", "AK9.QJT8..xxxxxx"),  # PBN: a void is empty
        ("pl", "♠AK9 ♥DW108 ♦- ♣xxxxxx"),
        ("ru", "п ТК9 ч ДВ108 б - т хххххх"),
        ("es", "♠AR9 ♥DV108 ♦- ♣xxxxxx"),
        ("sv", "♠EK9 ♥Dkn108 ♦- ♣xxxxxx"),
        ("zh", "♠AK9 ♥QJ108 ♦- ♣xxxxxx"),
        ("de", "♠AK9 ♥DB108 ♦- ♣xxxxxx"),  # Ass, König, Dame, Bube
    ],
)
def test_hands_print_in_each_language(code: str, written: str) -> None:
    hand = Hand.parse("AK9.QJT8..xxxxxx")
    profile = notation.profile(code)
    assert profile.format_hand(hand) == written
    assert profile.parse_hand(written) == hand
    assert hand.hcp == 7 + 3 and hand.shape.lengths == (3, 4, 0, 6)


def test_hand_suits_in_any_order_and_labelled_english() -> None:
    en = notation.profile("en")
    assert en.parse_hand("S AK9 H QJT8 D - C xxxxxx") == Hand.parse("AK9.QJT8..xxxxxx")
    assert en.parse_hand("♣xxxxxx ♦- ♥QJ108 ♠AK9") == Hand.parse("AK9.QJT8..xxxxxx")


@pytest.mark.parametrize(
    ("code", "written", "fragment"),
    [("ru", "п Т76 ч ТК9754 б 8", "lacks"), ("ru", "п Т76 ч ТК9754 б 8 т В98 т 2", "twice"),
     ("sv", "ªEDxxx ©xxx ¨Dxxx §xx", "14 cards"), ("sv", "ªEQxxx ©xxx ¨Dxxx §x", "unknown card"),
     ("ru", "Т76 п", "start"), ("pl", "♠AA ♥xxxxx ♦xxx ♣xxx", "twice")],
)
def test_bad_hands(code: str, written: str, fragment: str) -> None:
    with pytest.raises(InvalidHandError) as caught:
        notation.profile(code).parse_hand(written)
    assert fragment in str(caught.value)


def test_strain_and_rank_words() -> None:
    assert notation.profile("ru").format_strain(Strain.NOTRUMP) == "БК"
    assert notation.profile("sv").format_rank(Rank.JACK) == "kn"
    assert notation.profile("ru").format_rank(Rank.ACE) == "Т"
    assert notation.profile("es").format_rank(Rank.KING) == "R"
    assert notation.profile("pl").format_rank(Rank.JACK) == "W"
    assert Suit.SPADES.symbol == "♠"


# --- German, the example of a language added after the first six ---------------


def test_german_auction_reads_and_prints_in_german() -> None:
    de = notation.profile("de")
    auction = de.parse_auction("1SA Kontra Rekontra P P P")
    assert str(auction) == "1NT X XX P P P"
    assert de.format_auction(auction) == "1SA Kontra Rekontra Passe Passe Passe"
    assert de.parse_auction(de.format_auction(auction)) == auction
    assert de.format_auction(Auction.parse("1C 1H X"), view=View.PARTNERSHIP) == "1♣-(1♥)-Kontra"


def test_german_honours_are_ass_koenig_dame_bube() -> None:
    de = notation.profile("de")
    hand = de.parse_hand("♠AKDB ♥xxx ♦xxx ♣xxx")
    assert hand.hcp == 4 + 3 + 2 + 1
    assert [de.format_rank(r) for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)] == ["A", "K", "D", "B"]
    with pytest.raises(InvalidHandError):
        de.parse_hand("♠AKQJ ♥xxx ♦xxx ♣xxx")  # Q and J are no German letters


def test_every_profile_names_four_seats_and_its_suit_words() -> None:
    german = notation.profile("de")
    assert [german.seat_letter(s) for s in Seat] == ["N", "O", "S", "W"]
    assert [german.seat_name(s) for s in Seat] == ["Nord", "Ost", "Süd", "West"]
    assert [suit for _, suit in german.suit_words] == [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES]
    for profile in notation.PROFILES.values():
        assert len({letter for letter, _ in profile.seats}) == 4, profile.code
        assert {suit for _, suit in profile.suit_words} == set(Suit), profile.code


def test_the_handbook_languages_are_the_profiles_locales() -> None:
    from build_tools.document import LANGUAGES

    assert set(LANGUAGES) == {p.locale for p in notation.PROFILES.values()}
    assert {"de", "zh_CN", "pl"} <= set(LANGUAGES)
