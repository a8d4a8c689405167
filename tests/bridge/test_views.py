"""Table and partnership views, alternatives and '?', and two-column diagrams."""

from __future__ import annotations

import pytest

from build_tools.bridge import (
    Auction,
    AuctionPattern,
    Call,
    IllegalCallError,
    InvalidAuctionError,
    Seat,
    Slot,
    View,
    notation,
)

ru = notation.profile("ru")
pl = notation.profile("pl")
en = notation.profile("en")


def expansions(pattern: AuctionPattern) -> list[str]:
    return sorted(str(a) for a in pattern.auctions())


def test_partnership_view_fills_silent_opponents_with_passes() -> None:
    pattern = ru.parse_pattern("1ч 1п 2ч 2БК", View.PARTNERSHIP)
    assert str(pattern.to_table()) == "1H P 1S P 2H P 2NT"


def test_table_to_partnership_and_back() -> None:
    auction = Auction.parse("1D 1H 1S P 2S")
    pattern = AuctionPattern.from_auction(auction).to_partnership()
    assert pl.format_pattern(pattern) == "1♦-[1♥]-1♠-2♠"
    assert pattern.to_table() == AuctionPattern.from_auction(auction)


def test_opponents_passes_at_the_ends_stay_shown_so_the_round_trip_is_exact() -> None:
    auction = Auction.parse("P 1C P 1S P")
    pattern = AuctionPattern.from_auction(auction).to_partnership()
    assert en.format_pattern(pattern) == "(P)-1C-1S-(P)"
    assert pattern.to_table() == AuctionPattern.from_auction(auction)


def test_our_final_pass_ends_the_auction_in_the_partnership_view() -> None:
    assert str(ru.parse_pattern("1БК пас", View.PARTNERSHIP).to_table()) == "1NT P P P"
    assert str(ru.parse_pattern("пас пас", View.PARTNERSHIP).to_table()) == "P P P P"
    # the opponents' opening followed by our pass: their responder still has to call
    assert str(pl.parse_pattern("[1♣]-pas", View.PARTNERSHIP).to_table()) == "1C P"
    for text in ("1S P P P", "1C P", "P P P P", "1C 1H P P P"):
        table = AuctionPattern.from_auction(Auction.parse(text))
        for ours in (0, 1):
            assert table.to_partnership(ours).to_table() == table
    # the one thing the partnership view cannot say: our pass with the
    # opponent's final pass still to come (silent opponents pass)
    unfinished = AuctionPattern.from_auction(Auction.parse("1C P P"))
    assert str(unfinished.to_partnership(0).to_table()) == "1C P P P"


def test_partnership_view_for_the_opponents_side() -> None:
    auction = Auction.parse("1C 1H P 2H")
    assert pl.format_auction(auction, view=View.PARTNERSHIP, ours=1) == "[1♣]-1♥-2♥"
    assert pl.format_auction(auction, view=View.PARTNERSHIP, ours=0) == "1♣-[1♥]-pas-[2♥]"


def test_russian_alternatives_mean_any_of_the_calls() -> None:
    pattern = ru.parse_pattern("1п 4тбч", View.PARTNERSHIP)  # splinter example 2)
    assert expansions(pattern) == ["1S P 4C", "1S P 4D", "1S P 4H"]
    assert ru.format_pattern(pattern) == "1п 4тбч"


def test_each_alternative_must_be_legal_somewhere() -> None:
    pattern = ru.parse_pattern("1тбч 1чп", View.PARTNERSHIP)
    # 1♥-1♥ is not one of them: the second 1♥ would be insufficient
    assert expansions(pattern) == ["1C P 1H", "1C P 1S", "1D P 1H", "1D P 1S", "1H P 1S"]
    with pytest.raises(IllegalCallError) as caught:
        ru.parse_pattern("1п 1тбч", View.PARTNERSHIP).check()
    assert caught.value.law == "18D" and caught.value.position == 3


def test_levels_and_suits_with_slashes() -> None:
    assert expansions(pl.parse_pattern("1♣/♦/♥/♠")) == ["1C", "1D", "1H", "1S"]
    es = notation.profile("es")
    assert expansions(es.parse_pattern("1♣-1/2ST", View.PARTNERSHIP)) == ["1C P 1NT", "1C P 2NT"]
    assert es.format_pattern(es.parse_pattern("1♣-1/2ST", View.PARTNERSHIP)) == "1♣-1/2ST"
    assert expansions(en.parse_pattern("1H 3S/4C")) == ["1H 3S", "1H 4C"]


def test_question_mark_is_our_next_call() -> None:
    pattern = ru.parse_pattern("1т 1ч 1п 2т ?", View.PARTNERSHIP)
    table = pattern.to_table()
    assert str(table) == "1C P 1H P 1S P 2C P ?"
    (auction,) = pattern.auctions(dealer=Seat.EAST)
    assert auction.turn is Seat.EAST  # opener again
    swedish = notation.profile("sv").parse_pattern("(1NT)-pass-(2§)-?", View.PARTNERSHIP)
    assert str(swedish.to_table()) == "1NT P 2C ?"


def test_question_mark_rules() -> None:
    with pytest.raises(InvalidAuctionError):
        en.parse_pattern("1C ? 1S")
    with pytest.raises(InvalidAuctionError):
        en.parse_pattern("1C (?)", View.PARTNERSHIP)
    with pytest.raises(IllegalCallError) as caught:
        en.parse_pattern("1C P P P ?").check()
    assert caught.value.laws == ("22A", "35D") and caught.value.rectification == "39"


@pytest.mark.parametrize(
    "text", ["1C (1H", "1C 1H)", "1C ((1H))", "1C (1H 1S)", "1C () 1S", "(1C) (1H)"]
)
def test_bracket_errors(text: str) -> None:
    with pytest.raises(InvalidAuctionError):
        en.parse_pattern(text, View.PARTNERSHIP)


def test_brackets_in_the_table_view_only_where_they_change_nothing() -> None:
    assert str(en.parse_pattern("1C (P) 1S (P)")) == "1C P 1S P"
    with pytest.raises(InvalidAuctionError):
        en.parse_pattern("1C 1S (P)")


def test_a_concrete_auction_refuses_alternatives() -> None:
    with pytest.raises(InvalidAuctionError):
        en.parse_auction("1C 1D/H")


def test_slots_are_sorted_sets() -> None:
    assert Slot((Call.parse("4H"), Call.parse("4C"), Call.parse("4H"))).calls == (
        Call.parse("4C"),
        Call.parse("4H"),
    )


def test_russian_two_column_diagram() -> None:
    diagram = """
    1ч    1п
    2ч    2БК
    3б    3ч
    3п    4БК
    5т    7п
    пас
    """
    pattern = ru.parse_diagram(diagram)
    (auction,) = pattern.auctions()
    # the silent opponents pass, so opener's final pass ends the auction
    assert str(auction) == "1H P 1S P 2H P 2NT P 3D P 3H P 3S P 4NT P 5C P 7S P P P"
    assert auction.contract is not None and str(auction.contract) == "7S"
    assert auction.declarer is Seat.SOUTH  # responder (South) named spades first


def test_diagram_with_spaced_calls_and_question() -> None:
    pattern = ru.parse_diagram("         1 ч      2 ч\n          ?\n")
    assert str(pattern.to_table()) == "1H P 2H P ?"
    assert ru.format_diagram(ru.parse_diagram("1т     1ч\n1п     2т\n?")) == "1т      1ч\n1п      2т\n?"


def test_diagram_errors() -> None:
    with pytest.raises(InvalidAuctionError):
        ru.parse_diagram("1т")  # no second column to measure against
    with pytest.raises(InvalidAuctionError):
        ru.parse_diagram("1т   1ч\n      2т")  # responder twice in a row
    with pytest.raises(InvalidAuctionError):
        ru.parse_diagram("1т  (1ч)  1п")


def test_alternative_of_a_bid_and_a_word_that_starts_with_a_suit_letter() -> None:
    # Russian "п" is spades, but "1т/пас" is 1♣ or pass, not 1♣/1♠ and junk
    (slot,) = ru.parse_pattern("1т/пас").slots
    assert [str(c) for c in slot.calls] == ["1C", "P"]
