"""Tokens of real texts (issue 10): each profile reads its language's common
variants and the universal ``X``/``XX``; full-width punctuation is read as
ASCII; dashes that might be passes are an error that says so. Each test quotes
the exact text in the profile it names."""

from __future__ import annotations

import pytest

from build_tools.bridge import Auction, BridgeError, Call, InvalidAuctionError, View, notation


@pytest.mark.parametrize(
    ("code", "written", "canonical"),
    [
        # English
        ("en", "1N", "1NT"), ("en", "3N", "3NT"), ("en", "1 NT", "1NT"), ("en", "Redbl", "XX"),
        ("en", "Dbl", "X"), ("en", "Rdbl", "XX"), ("en", "Double", "X"), ("en", "Redouble", "XX"),
        # Polish, Spanish, Swedish, Chinese: the universal X and XX
        ("pl", "X", "X"), ("pl", "XX", "XX"), ("es", "X", "X"), ("es", "XX", "XX"),
        ("sv", "X", "X"), ("sv", "XX", "XX"), ("zh", "X", "X"), ("zh", "XX", "XX"),
        # Spanish
        ("es", "1SA", "1NT"), ("es", "3SA", "3NT"), ("es", "Doble", "X"), ("es", "Pasa", "P"),
        ("es", "Redoble", "XX"),
        # Russian
        ("ru", "ктр", "X"), ("ru", "рктр", "XX"),
        # Chinese
        ("zh", "Pass", "P"), ("zh", "１无将", "1NT"), ("zh", "３ＮＴ", "3NT"),
    ],
)
def test_common_variants_are_read(code: str, written: str, canonical: str) -> None:
    assert notation.profile(code).parse_call(written) == Call.parse(canonical)


@pytest.mark.parametrize(
    ("code", "call", "printed"),
    [("en", "1NT", "1NT"), ("en", "XX", "XX"), ("pl", "X", "ktr"), ("es", "1NT", "1ST"),
     ("es", "P", "Paso"), ("ru", "X", "контра"), ("sv", "X", "D"), ("zh", "P", "不叫")],
)
def test_variants_do_not_change_what_is_printed(code: str, call: str, printed: str) -> None:
    assert notation.profile(code).format_call(Call.parse(call)) == printed


@pytest.mark.parametrize(
    "written", ["1C", "1N", "1NT", "1 NT", "1♣", "P", "Pass", "X", "Dbl", "Double", "XX", "Rdbl",
                "Redbl", "Redouble", "pass", "double", "7 N", "1S", "8S", "1SX", "pas", "", "1 C D"],
)
def test_call_parse_and_the_english_profile_agree(written: str) -> None:
    en = notation.profile("en")
    try:
        expected: Call | str = en.parse_call(written)
    except BridgeError:
        expected = "error"
    try:
        got: Call | str = Call.parse(written)
    except BridgeError:
        got = "error"
    assert got == expected


def test_call_parse_reads_double_and_1_nt() -> None:
    assert Call.parse("Double") == Call.parse("X")
    assert Call.parse("1 NT") == Call.parse("1NT")


# --- auctions -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "table"),
    [
        ("1S P 2S All Pass", "1S P 2S P P P"),
        ("1S P 2S AP", "1S P 2S P P P"),
        ("1NT AP", "1NT P P P"),
        ("1H X 2H all pass", "1H X 2H P P P"),
        ("1S-P-4S-All Pass", "1S P 4S P P P"),
        ("AP", "P P P P"),
        ("P AP", "P P P P"),
        ("1S X P P XX AP", "1S X P P XX P P P"),
        ("1S Dbl Rdbl AP", "1S X XX P P P"),
        ("1H Dbl P P Redbl All Pass", "1H X P P XX P P P"),
        ("1S P P AP", "1S P P P"),
    ],
)
def test_english_all_pass_ends_the_auction(written: str, table: str) -> None:
    auction = notation.profile("en").parse_auction(written)
    assert auction == Auction.parse(table) and auction.is_complete


def test_english_all_pass_in_the_partnership_view() -> None:
    en = notation.profile("en")
    assert str(en.parse_auction("1S-(2H)-2S AP", view=View.PARTNERSHIP)) == "1S 2H 2S P P P"


@pytest.mark.parametrize("written", ["1S P P P AP", "1S AP 2S", "1S ?  AP"])
def test_english_all_pass_where_it_cannot_stand(written: str) -> None:
    with pytest.raises(BridgeError):
        notation.profile("en").parse_auction(written)


def test_all_pass_is_english_only() -> None:
    with pytest.raises(BridgeError):
        notation.profile("pl").parse_auction("1♠ pas 2♠ AP")


@pytest.mark.parametrize(
    ("code", "written", "table"),
    [
        ("pl", "1♠ X XX pas", "1S X XX P"),
        ("pl", "1♥-[X]-2♥", "1H X 2H"),
        ("es", "1♣_(X)_1♠", "1C X 1S"),
        ("es", "1♣ Pasa 1SA Doble", "1C P 1NT X"),
        ("sv", "1♣ X XX pass", "1C X XX P"),
        ("zh", "1梅花 X XX 不叫", "1C X XX P"),
        ("zh", "1梅花 Pass 1无将", "1C P 1NT"),
        ("ru", "1т ктр рктр пас", "1C X XX P"),
        ("en", "1N X P P XX", "1NT X P P XX"),
    ],
)
def test_variants_in_auctions(code: str, written: str, table: str) -> None:
    view = View.PARTNERSHIP if "[" in written or "(" in written else View.TABLE
    assert notation.profile(code).parse_auction(written, view=view) == Auction.parse(table)


@pytest.mark.parametrize(
    ("written", "table"),
    [("1♣（加倍）1♥", "1C X 1H"), ("1♣－1♥", "1C P 1H"), ("1梅花－1红心", "1C P 1H"),
     ("1♣（1♦）1♥", "1C 1D 1H"), ("1♣　不叫　1♥", None)],
)
def test_chinese_full_width_punctuation_is_normalised(written: str, table: str | None) -> None:
    """The CBA text mixes full-width （） and － with their ASCII forms."""
    zh = notation.profile("zh")
    if table is None:  # the ideographic space U+3000 separates calls in the table view
        assert str(zh.parse_auction(written)) == "1C P 1H"
        return
    assert zh.parse_auction(written, view=View.PARTNERSHIP) == Auction.parse(table)


@pytest.mark.parametrize(
    ("code", "written"),
    [("en", "1♣ - - 2♠"), ("en", "1C -- 2S"), ("en", "1C – – 2S"), ("en", "- 1S"), ("en", "1S -"),
     ("pl", "1♣ - - 2♠"), ("es", "1♣ — — 2♠"), ("sv", "1♣ - - 2♠"), ("zh", "1梅花－－2黑桃"),
     ("ru", "1т - - 2п")],
)
def test_dashes_that_might_be_passes_are_an_error_that_says_so(code: str, written: str) -> None:
    with pytest.raises(InvalidAuctionError) as caught:
        notation.profile(code).parse_auction(written, view=View.PARTNERSHIP)
    assert "might stand for passes" in str(caught.value) and repr(written) in str(caught.value)


def test_one_dash_between_calls_is_a_separator() -> None:
    en = notation.profile("en")
    assert str(en.parse_auction("1C - 1S", view=View.PARTNERSHIP)) == "1C P 1S"
    assert str(en.parse_auction("1C-1H-1S", view=View.TABLE)) == "1C 1H 1S"


def test_russian_x_in_an_auction_is_any_suit() -> None:
    """Russian notes write "3 х" for a bid at the three level in any suit."""
    from build_tools.bridge import View, notation

    pattern = notation.profile("ru").parse_pattern("1чп 2БК 3 х ?", View.PARTNERSHIP)
    assert [str(c) for c in pattern.slots[2].calls] == ["3C", "3D", "3H", "3S"]
    assert [str(c) for c in notation.profile("ru").parse_pattern("3х", View.TABLE).slots[0].calls] == [
        "3C", "3D", "3H", "3S"]
    # Only in Russian: elsewhere "x" is a double or a spot card, never a suit.
    with pytest.raises(BridgeError):
        notation.profile("pl").parse_pattern("3х", View.TABLE)
