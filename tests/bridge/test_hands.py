"""Hands and deals: PBN, x spots, voids, 13 cards, no card twice; HCP, shape,
keycards, and each regulation's "balanced" definition as data."""

from __future__ import annotations

import itertools

import pytest

from build_tools.bridge import (
    AEB_REGULAR,
    BWS_BALANCED,
    PZBS_NOTRUMP_SHAPE,
    Deal,
    Hand,
    Holding,
    InvalidDealError,
    InvalidHandError,
    Rank,
    Seat,
    Shape,
    Suit,
)


def test_pbn_hand_with_ten_as_t_or_10_and_small_cards() -> None:
    a = Hand.parse("AQ10x.KJ9.8765.32")
    b = Hand.parse("AQTx.KJ9.8765.32")
    assert a == b and str(a) == "AQTx.KJ9.8765.32"
    assert a.hcp == 4 + 2 + 3 + 1 and a.spades.spots == 1
    assert a.shape == Shape(4, 3, 4, 2)


def test_voids_are_empty_or_a_dash() -> None:
    assert Hand.parse("AKQJT98765432...") == Hand.parse("AKQJT98765432.-.-.-")
    assert Hand.parse("AKQJ.AKQ.AKQ.AKQ").hcp == 10 + 9 + 9 + 9


@pytest.mark.parametrize(
    ("text", "fragment"),
    [("AKQ.xxx.xxx.xxx", "12 cards"), ("AKQx.xxx.xxx.xxxx", "14 cards"), ("AKQ.xxx.xxx", "four suits"),
     ("AAQx.xxx.xxx.xxx", "twice"), ("AKQx.xxx.xxx.xx1", "unknown card"),
     ("xxxxxxxxx.xxxx..", "below the ten"), ("", "four suits"), ("AKQZ.xxx.xxx.xxx", "unknown card")],
)
def test_bad_hands(text: str, fragment: str) -> None:
    with pytest.raises(InvalidHandError) as caught:
        Hand.parse(text)
    assert fragment in str(caught.value)


def test_holding_round_trip_and_order() -> None:
    assert str(Holding.parse("xQA")) == "AQx"
    assert Holding.parse("-").length == 0
    assert Holding.parse("AKQJT98765432").length == 13


def test_shape_and_pattern() -> None:
    shape = Hand.parse("A76.AK9754.8.J98").shape
    assert str(shape) == "3-6-1-3" and shape.pattern == (6, 3, 3, 1)
    assert shape.length(Suit.HEARTS) == 6 and shape.longest() == (Suit.HEARTS,)
    assert Shape.parse("4-4-3-2") == Shape(4, 4, 3, 2)
    for bad in ("4-4-3", "4-4-3-3", "a-b-c-d"):
        with pytest.raises(InvalidHandError):
            Shape.parse(bad)


def test_keycards_count_four_aces_and_the_trump_king() -> None:
    hand = Hand.parse("A76.AK9754.8.J98")
    assert hand.keycards(Suit.HEARTS) == 3  # ♠A ♥A ♥K
    assert hand.keycards(Suit.SPADES) == 2  # ♠A ♥A; no ♠K
    # the Russian notes count ♥K as a keycard as well ("считая Кч за туза")
    assert hand.keycards(Suit.SPADES, extra_kings=[Suit.HEARTS]) == 3
    assert hand.keycards(Suit.HEARTS, extra_kings=[Suit.HEARTS]) == 3  # not counted twice
    assert Hand.parse("AK.AK.AKxx.AKxxx").keycards(Suit.CLUBS) == 5
    assert hand.has_trump_queen(Suit.HEARTS) is False


@pytest.mark.parametrize(
    ("shape", "bws", "pzbs", "aeb"),
    [
        ("4-3-3-3", True, True, True),
        ("3-4-4-2", True, True, True),
        ("5-3-3-2", True, True, True),   # PZBS: 5332 "z dowolną piątką"
        ("2-3-3-5", True, True, True),
        ("2-2-4-5", False, True, True),  # 5422 with a five-card minor
        ("5-4-2-2", False, False, True),  # 5422 with a five-card major: not PZBS
        ("2-2-3-6", False, True, True),  # 6322 with a six-card minor
        ("6-2-3-2", False, False, True),  # six-card major
        ("4-4-4-1", False, False, False),  # a singleton
        ("7-2-2-2", False, False, False),  # three doubletons
        ("5-4-3-1", False, False, False),
        ("5-5-3-0", False, False, False),
    ],
)
def test_balanced_definitions(shape: str, bws: bool, pzbs: bool, aeb: bool) -> None:
    s = Shape.parse(shape)
    assert (s in BWS_BALANCED, s in PZBS_NOTRUMP_SHAPE, s in AEB_REGULAR) == (bws, pzbs, aeb)


def test_aeb_list_is_the_rule_no_void_or_singleton_at_most_two_doubletons() -> None:
    patterns = {
        tuple(sorted(p, reverse=True))
        for p in itertools.product(range(14), repeat=4)
        if sum(p) == 13 and min(p) >= 2 and list(p).count(2) <= 2
    }
    assert patterns == {rule.pattern for rule in AEB_REGULAR.rules}


def test_a_hand_is_in_a_shape_class() -> None:
    assert Hand.parse("AKxx.Kxx.Qxx.xxx") in BWS_BALANCED
    assert "4333" not in BWS_BALANCED  # only hands and shapes belong


def test_deal_with_hidden_hands_and_no_card_twice() -> None:
    deal = Deal.parse("N:AKQJ.T98.765.432 - xxxx.AKQ.AKQ.AKQ -")
    north, south = deal.hand(Seat.NORTH), deal.hand(Seat.SOUTH)
    assert north is not None and south is not None and deal.hand(Seat.EAST) is None
    assert south.hcp == 27
    assert str(Deal.parse(str(deal))) == str(deal)
    rotated = Deal.parse("S:xxxx.AKQ.AKQ.AKQ - AKQJ.T98.765.432 -")
    assert rotated == deal


@pytest.mark.parametrize(
    ("text", "fragment"),
    [("N:AKQJ.T98.765.432 A.KQJ.T98.7654xx - -", "held by both"),
     ("AKQJ.T98.765.432 - - -", "first seat"), ("N:AKQJ.T98.765.432 - -", "four hands"),
     ("N:xxxxx.xxxx.xxxx. xxxxx.xxxx.xxxx. - -", "below the ten"),
     ("Q:AKQJ.T98.765.432 - - -", "first seat"), ("N:AKQ.T98.765.432 - - -", "12 cards")],
)
def test_bad_deals(text: str, fragment: str) -> None:
    with pytest.raises(InvalidDealError) as caught:
        Deal.parse(text)
    assert fragment in str(caught.value)


def test_rank_letters_and_points() -> None:
    assert [r.hcp for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)] == [4, 3, 2, 1, 0]
    assert str(Rank.TEN) == "T"
