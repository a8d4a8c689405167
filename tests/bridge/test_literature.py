"""Fixed tables written from each language's bridge literature, not from the
model's output: a round trip (print, then parse) cannot see a mapping that is
wrong both ways, so every profile's printing is compared with the text its
literature writes.

Sources of the tables (see source/*.yaml for the documents themselves):

* en -- ACBL/BWS letter notation ``1C ... 7NT``, ``P X XX``; partnership
  view ``1C-(1H)-1S``; the ten of a holding printed as ``10`` (``A102``).
* pl -- PZBS "Zasady alertowania": ``1♣``, ``1BA``, ``pas ktr rktr``, the
  opponents in square brackets ``1♥-[ktr]-2♥``, ``[1♣]-2BA``; ranks ``A K D W``.
* ru -- the Russian system notes: ``1т 1б 1ч 1п 1БК``, ``пас контра
  реконтра``, calls separated by spaces; ranks ``Т К Д В``.
* es -- AEB "Sistemas de subasta": ``1ST``, ``Paso Doblo Redoblo``; the
  four-player form ``1♣_(Paso)_1♠_(Paso)_1ST_(Paso)_4♠_(Doblo)`` and
  ``1♣_(1♠)``; ranks ``A R D V``.
* sv -- BWS in Swedish: ``1NT``, ``pass``, ``D`` (dubbelt), ``RD``; ranks
  ``E K D kn`` (``♠EKD10x``).
* zh -- CBA regulation: ``1梅花 ... 1黑桃``, ``无将``, ``不叫 加倍 再加倍``.
"""

from __future__ import annotations

import pytest

from build_tools.bridge import (
    Auction,
    CompetitivePosition,
    Deal,
    Holding,
    InvalidDealError,
    View,
    notation,
)
from build_tools.bridge.calls import ALL_CALLS

# All 38 calls in their order: 1C 1D 1H 1S 1NT 2C ... 7NT P X XX, each line
# one level, the last line pass, double, redouble.
CALLS_AS_WRITTEN: dict[str, str] = {
    "en": """
        1C 1D 1H 1S 1NT
        2C 2D 2H 2S 2NT
        3C 3D 3H 3S 3NT
        4C 4D 4H 4S 4NT
        5C 5D 5H 5S 5NT
        6C 6D 6H 6S 6NT
        7C 7D 7H 7S 7NT
        P X XX
    """,
    "pl": """
        1♣ 1♦ 1♥ 1♠ 1BA
        2♣ 2♦ 2♥ 2♠ 2BA
        3♣ 3♦ 3♥ 3♠ 3BA
        4♣ 4♦ 4♥ 4♠ 4BA
        5♣ 5♦ 5♥ 5♠ 5BA
        6♣ 6♦ 6♥ 6♠ 6BA
        7♣ 7♦ 7♥ 7♠ 7BA
        pas ktr rktr
    """,
    "ru": """
        1т 1б 1ч 1п 1БК
        2т 2б 2ч 2п 2БК
        3т 3б 3ч 3п 3БК
        4т 4б 4ч 4п 4БК
        5т 5б 5ч 5п 5БК
        6т 6б 6ч 6п 6БК
        7т 7б 7ч 7п 7БК
        пас контра реконтра
    """,
    "es": """
        1♣ 1♦ 1♥ 1♠ 1ST
        2♣ 2♦ 2♥ 2♠ 2ST
        3♣ 3♦ 3♥ 3♠ 3ST
        4♣ 4♦ 4♥ 4♠ 4ST
        5♣ 5♦ 5♥ 5♠ 5ST
        6♣ 6♦ 6♥ 6♠ 6ST
        7♣ 7♦ 7♥ 7♠ 7ST
        Paso Doblo Redoblo
    """,
    "sv": """
        1♣ 1♦ 1♥ 1♠ 1NT
        2♣ 2♦ 2♥ 2♠ 2NT
        3♣ 3♦ 3♥ 3♠ 3NT
        4♣ 4♦ 4♥ 4♠ 4NT
        5♣ 5♦ 5♥ 5♠ 5NT
        6♣ 6♦ 6♥ 6♠ 6NT
        7♣ 7♦ 7♥ 7♠ 7NT
        pass D RD
    """,
    "zh": """
        1梅花 1方块 1红心 1黑桃 1无将
        2梅花 2方块 2红心 2黑桃 2无将
        3梅花 3方块 3红心 3黑桃 3无将
        4梅花 4方块 4红心 4黑桃 4无将
        5梅花 5方块 5红心 5黑桃 5无将
        6梅花 6方块 6红心 6黑桃 6无将
        7梅花 7方块 7红心 7黑桃 7无将
        不叫 加倍 再加倍
    """,
}


@pytest.mark.parametrize("code", sorted(CALLS_AS_WRITTEN))
def test_all_38_calls_print_as_the_literature_writes_them(code: str) -> None:
    written = CALLS_AS_WRITTEN[code].split()
    assert len(written) == 38
    profile = notation.profile(code)
    assert [profile.format_call(call) for call in ALL_CALLS] == written
    assert [profile.parse_call(text) for text in written] == list(ALL_CALLS)


# Table view 1C 1H 1S X XX, dealer North: North-South are "we", East-West's
# overcall and double are the opponents' calls of the partnership view.
OPPONENTS_AS_WRITTEN: dict[str, str] = {
    "en": "1C-(1H)-1S-(X)-XX",
    "pl": "1♣-[1♥]-1♠-[ktr]-rktr",
    "ru": "1т (1ч) 1п (контра) реконтра",
    "es": "1♣_(1♥)_1♠_(Doblo)_Redoblo",
    "sv": "1♣-(1♥)-1♠-(D)-RD",
    "zh": "1梅花-(1红心)-1黑桃-(加倍)-再加倍",
}


@pytest.mark.parametrize("code", sorted(OPPONENTS_AS_WRITTEN))
def test_an_auction_with_opponents_calls_prints_as_the_literature_writes_it(code: str) -> None:
    profile = notation.profile(code)
    auction = Auction.parse("1C 1H 1S X XX")
    written = OPPONENTS_AS_WRITTEN[code]
    assert profile.format_auction(auction, view=View.PARTNERSHIP) == written
    assert profile.parse_auction(written, view=View.PARTNERSHIP) == auction


def test_spanish_four_player_form_of_the_aeb_text() -> None:
    """AEB: "Cuando se escribe 1♣_(1♠) se muestra la subasta de los cuatro jugadores"."""
    es = notation.profile("es")
    assert es.format_auction(Auction.parse("1C 1H 1S"), view=View.PARTNERSHIP) == "1♣_(1♥)_1♠"
    assert es.format_auction(Auction.parse("1C 1S"), view=View.PARTNERSHIP) == "1♣_(1♠)"


# A, K, Q, J, ten and a two in each language's rank letters; the ten is 10 in
# every profile (English reads T but prints 10: the "A102", not "AT2").
HOLDING_AS_WRITTEN: dict[str, tuple[str, str]] = {
    "en": ("AKQJ102", "A102"),
    "pl": ("AKDW102", "A102"),
    "ru": ("ТКДВ102", "Т102"),
    "es": ("ARDV102", "A102"),
    "sv": ("EKDkn102", "E102"),
    "zh": ("AKQJ102", "A102"),
}


@pytest.mark.parametrize("code", sorted(HOLDING_AS_WRITTEN))
def test_a_holding_with_a_ten_prints_as_the_literature_writes_it(code: str) -> None:
    profile = notation.profile(code)
    honours, ace_ten = HOLDING_AS_WRITTEN[code]
    assert profile.format_holding(Holding.parse("AKQJT2")) == honours
    assert profile.format_holding(Holding.parse("AT2")) == ace_ten


def test_english_hand_diagram_prints_the_ten_as_10() -> None:
    en = notation.profile("en")
    assert en.format_holding(Holding.parse("AT2")) == "A102"
    assert en.format_holding(Holding.parse("KJT9x")) == "KJ109x"


# --- semantics the round trips do not see ---------------------------------------


def test_competitive_position_after_our_side_has_bid_is_direct_not_sandwich() -> None:
    """``1C 1H 1S P 2C``, dealer North; the call at 0-based index 5 (the sixth,
    East's, about to be made). RHO (North) has just bid 2C and LHO (South) bid
    1S earlier, but East's own side has bid (East overcalled 1H). Bridge World
    Standard's sandwich seat is a player who has not yet entered the auction
    between two bidding opponents (partner has only passed); once our side has
    bid, a call right after an opponent's bid is simply the direct position."""
    auction = Auction.parse("1C 1H 1S P 2C")
    assert auction.competitive_position(5) is CompetitivePosition.DIRECT
    # and the same seat before East has bid, partner passing, is the sandwich
    assert Auction.parse("1C P 1S P 2C").competitive_position(5) is CompetitivePosition.SANDWICH
    # West after 1S: partner (East) has bid 1H, so direct as well
    assert auction.competitive_position(3) is CompetitivePosition.DIRECT


@pytest.mark.parametrize("text", ["", "P", "P P", "P P P", "1C P P"])
def test_an_incomplete_auction_is_not_passed_out(text: str) -> None:
    auction = Auction.parse(text)
    assert not auction.is_complete and not auction.is_passed_out


def test_four_passes_are_passed_out_and_a_contract_is_not() -> None:
    assert Auction.parse("P P P P").is_passed_out
    assert not Auction.parse("1C P P P").is_passed_out


@pytest.mark.parametrize(
    "text",
    [
        "N:xxxxx.xxxx.xxxx. xxxx.xxxx.xxxx.x - -",  # nine small spades as x spots
        "N:xxxxx.xxxx.xxxx. 9xxx.xxxx.xxxx.x - -",  # eight x and the nine
        "N:xxxxxxxx.AKQJT.. - 9.xxxx.xxxx.xxxx -",  # eight x in one hand, the nine in another
    ],
)
def test_a_deal_holds_at_most_eight_spades_below_the_ten(text: str) -> None:
    """A deal holds 13 cards of each suit: AKQJT and eight below the ten."""
    with pytest.raises(InvalidDealError) as caught:
        Deal.parse(text)
    assert "below the ten in ♠" in str(caught.value)


def test_a_deal_with_all_thirteen_spades_is_accepted() -> None:
    deal = Deal.parse("N:AKQJxxxx.AKQJT.. - T9xxx.xxxx.xxxx. -")
    assert sum(h.spades.length for h in deal.hands if h is not None) == 13
