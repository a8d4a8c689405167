"""Auctions under the Laws: sufficiency (18, 27), doubles and redoubles (19, 36),
the end of the auction (22, 39), contract, declarer, jumps and BWS positions."""

from __future__ import annotations

import pytest

from build_tools.bridge import (
    ALL_CALLS,
    Auction,
    Call,
    CompetitivePosition,
    Contract,
    IllegalCallError,
    Penalty,
    Seat,
    Strain,
    Vulnerability,
    jump_level,
)


def illegal(text: str, dealer: Seat = Seat.NORTH) -> IllegalCallError:
    with pytest.raises(IllegalCallError) as caught:
        Auction.parse(text, dealer=dealer)
    return caught.value


# --- the public cases of issue 3 (dealer North, table view) ------------------


def test_insufficient_bid_is_illegal_at_call_2() -> None:
    error = illegal("1S 1H")
    assert (error.position, error.call, error.law, error.rectification) == (2, "1H", "18D", "27")
    assert "insufficient" in str(error)


def test_double_of_partners_bid_is_illegal() -> None:
    error = illegal("1S P X")
    assert str(error) == (
        "illegal call 'X' at 3: double of partner's bid "
        "(Law 19A1, Law 35A; rectification Law 36; Laws of Duplicate Bridge 2017)"
    )
    assert error.rectification == "36"


def test_redoubled_one_spade_by_north() -> None:
    auction = Auction.parse("1S X P P XX P P P")
    assert auction.is_complete
    assert auction.contract == Contract(1, Strain.SPADES, Penalty.REDOUBLED)
    assert auction.declarer is Seat.NORTH


def test_four_passes_pass_the_deal_out() -> None:
    auction = Auction.parse("P P P P")
    assert auction.is_complete and auction.is_passed_out
    assert auction.contract is None and auction.declarer is None and auction.turn is None


def test_call_after_the_auction_ended_is_illegal() -> None:
    error = illegal("1C P P P 1D")
    # Laws 22A and 35D decide that it is inadmissible; Law 39 rectifies it.
    assert (error.position, error.laws, error.rectification) == (5, ("22A", "35D"), "39")


# --- Law 18: sufficiency ---------------------------------------------------


@pytest.mark.parametrize("text", ["1NT 1S", "2C 1NT", "1H P 1H", "3C X 2NT", "1S P P 1S"])
def test_bids_that_do_not_supersede_are_insufficient(text: str) -> None:
    assert illegal(text).law == "18D"


@pytest.mark.parametrize("text", ["1C 1D 1H 1S 1NT 2C", "1NT P 2C", "1S X 2S", "P 7NT"])
def test_bids_that_supersede_are_sufficient(text: str) -> None:
    Auction.parse(text)


# --- Law 19: doubles and redoubles ---------------------------------------


@pytest.mark.parametrize(
    ("text", "position", "law", "reason"),
    [
        ("X", 1, "19A1", "no bid"),
        ("P X", 2, "19A1", "no bid"),
        ("1S X X", 3, "19A1", "partner's bid"),
        ("1S X P X", 4, "19A1", "already doubled"),
        ("1S X P P X", 5, "19A1", "own bid"),
        ("1S P P X P X", 6, "19A1", "already doubled"),
        ("1S X XX X", 4, "19A1", "already redoubled"),
        ("XX", 1, "19B1", "no double"),
        ("1S XX", 2, "19B1", "no double"),
        ("1S X P XX", 4, "19B1", "partner's double"),
        ("1S X P P P", None, None, None),
        ("1S X XX XX", 4, "19B1", "already redoubled"),
        ("1S X 2S XX", 4, "19B1", "no double"),
        ("1S X P P XX P P XX", 8, "19B1", "already redoubled"),
    ],
)
def test_law_19(text: str, position: int | None, law: str | None, reason: str | None) -> None:
    if position is None:
        Auction.parse(text)
        return
    error = illegal(text)
    assert (error.position, error.law, error.rectification) == (position, law, "36")
    assert reason is not None and reason in error.reason


@pytest.mark.parametrize(
    "text", ["1S X", "1S P P X", "1S P P X P P XX", "1S X XX", "1S X P P XX", "1H X P P XX P P P", "1C 1D X XX"]
)
def test_legal_doubles_and_redoubles(text: str) -> None:
    Auction.parse(text)


def test_double_after_the_bid_changed_hands_is_of_the_new_bid() -> None:
    auction = Auction.parse("1S X 2H X")
    assert auction.current_contract == Contract(2, Strain.HEARTS, Penalty.DOUBLED)


# --- Law 22: end of the auction ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "complete"),
    [("P P P", False), ("P P P P", True), ("1C P P", False), ("1C P P P", True),
     ("P 1C P P P", True), ("1C X P P", False), ("1C X P P P", True), ("", False)],
)
def test_end_of_auction(text: str, complete: bool) -> None:
    assert Auction.parse(text).is_complete is complete


@pytest.mark.parametrize("text", ["P P P P P", "P P P P X", "1C P P P P", "1C X P P P XX"])
def test_nothing_after_the_final_pass(text: str) -> None:
    error = illegal(text)
    ending = "22B" if text.startswith("P P P P") else "22A"  # four passes: Law 22B
    assert (error.laws, error.rectification) == ((ending, "35D"), "39")


# --- turn, legal calls, push ------------------------------------------------


def test_turn_follows_the_dealer_clockwise() -> None:
    assert Auction.parse("", dealer=Seat.SOUTH).turn is Seat.SOUTH
    assert Auction.parse("1C P", dealer=Seat.WEST).turn is Seat.EAST
    assert Auction.parse("1C P 1H", dealer=Seat.EAST).turn is Seat.NORTH


def test_legal_calls_at_the_start_are_the_35_bids_and_pass() -> None:
    legal = Auction().legal_calls()
    assert [str(c) for c in legal] == [str(c) for c in ALL_CALLS[:36]]
    assert len(legal) == 36 and Call.parse("X") not in legal and "1C" not in legal


def test_legal_calls_after_an_opponents_bid() -> None:
    legal = Auction.parse("1NT").legal_calls()
    assert [str(c) for c in legal] == [str(c) for c in ALL_CALLS[5:35]] + ["P", "X"]


def test_legal_calls_after_partners_double() -> None:
    legal = set(map(str, Auction.parse("1NT X P").legal_calls()))
    assert "X" not in legal and "XX" not in legal and "2C" in legal and "1NT" not in legal


def test_legal_calls_after_an_opponents_double() -> None:
    legal = set(map(str, Auction.parse("1NT X").legal_calls()))
    assert {"XX", "P", "2C"} <= legal and "X" not in legal


def test_no_legal_calls_after_the_end() -> None:
    assert list(Auction.parse("P P P P").legal_calls()) == []


def test_push_returns_a_new_auction_and_validates() -> None:
    empty = Auction(dealer=Seat.EAST, vulnerability=Vulnerability.BOTH)
    one = empty.push(Call.parse("1H"))
    assert empty.calls == () and [str(c) for c in one.calls] == ["1H"]
    assert one == Auction.parse("1H", dealer=Seat.EAST, vulnerability=Vulnerability.BOTH)
    assert one.vulnerability is Vulnerability.BOTH
    with pytest.raises(IllegalCallError) as caught:
        one.push(Call.parse("1D"))
    assert caught.value.position == 2
    assert hash(one) == hash(Auction.parse("1H", dealer=Seat.EAST, vulnerability=Vulnerability.BOTH))


# --- contract and declarer ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "dealer", "contract", "declarer"),
    [
        # first of the declaring side to name the final strain
        ("1H P 2C P 2H P 4H P P P", Seat.NORTH, "4H", Seat.NORTH),
        ("1C P 1H P 2H P 4H P P P", Seat.NORTH, "4H", Seat.SOUTH),
        ("1S 2H 2S 3H P P P", Seat.WEST, "3H", Seat.NORTH),
        ("1S 2H 3H P 4S P P P", Seat.NORTH, "4S", Seat.NORTH),
        ("P 1NT P 3NT P P P", Seat.EAST, "3NT", Seat.SOUTH),
        ("1C P 1NT X XX P P P", Seat.NORTH, "1NTXX", Seat.SOUTH),
        ("1D 1S 2D 2S 3D X P P P", Seat.EAST, "3DX", Seat.EAST),
        # the opponents' bids of the strain do not count for the declaring side
        ("1H 2H 4H P P P", Seat.NORTH, "4H", Seat.NORTH),
        ("1C 1H 2H P P P", Seat.NORTH, "2H", Seat.SOUTH),
    ],
)
def test_contract_and_declarer(text: str, dealer: Seat, contract: str, declarer: Seat) -> None:
    auction = Auction.parse(text, dealer=dealer)
    assert str(auction.contract) == contract
    assert auction.declarer is declarer


def test_incomplete_auction_has_no_contract_yet() -> None:
    auction = Auction.parse("1S P 2S")
    assert auction.contract is None and auction.declarer is None
    assert str(auction.current_contract) == "2S"


# --- jumps -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "after", "jump"),
    [("2H", "1S", 0), ("1S", "1H", 0), ("2S", "1H", 1), ("3S", "1H", 2), ("4C", "1H", 2),
     ("4S", "1H", 3), ("2NT", "1NT", 0), ("3NT", "1NT", 1), ("2C", "1NT", 0), ("3C", "1NT", 1),
     ("1C", None, 0), ("3C", None, 2), ("7NT", "1C", 6)],
)
def test_jump_level(bid: str, after: str | None, jump: int) -> None:
    last = None if after is None else Call.parse(after)
    assert jump_level(Call.parse(bid), last) == jump


def test_jump_level_in_an_auction_measures_against_any_players_bid() -> None:
    # Russian splinter: 1♥ (P) 3♠ is a double jump; 1♦ (1♠) 2♠ is simple over the overcall
    assert Auction.parse("1H P 3S").jump_level(2) == 2
    assert Auction.parse("1D 1S 2S").jump_level(2) == 0
    assert Auction.parse("1D 1S 3H").jump_level(2) == 1
    with pytest.raises(ValueError):
        Auction.parse("1D P").jump_level(1)


# --- competitive positions (Bridge World Standard) -----------------------------


D, R, S = CompetitivePosition.DIRECT, CompetitivePosition.REOPENING, CompetitivePosition.SANDWICH


@pytest.mark.parametrize(
    ("text", "index", "position"),
    [
        ("1H", 1, D),             # overcall directly over the opening
        ("1H P P", 3, R),         # balancing: opener's bid followed by two passes
        ("1H P 2H P P", 5, R),    # LHO's raise followed by two passes
        ("1H X P P", 4, R),       # passout seat after LHO's double
        ("1C P 1S", 3, S),        # opener LHO, partner passed, responder RHO
        ("P 1C P 1S", 4, S),      # the same after our own initial pass
        ("1C 1H 1S", 3, D),       # partner has bid: direct, not sandwich
        ("1C X 1S", 3, D),        # partner doubled: not the sandwich
        ("1C P", 2, None),        # responder's seat: no opponent has bid since
        ("1C 1H", 2, D),          # responder after the overcall (RHO just bid)
        ("1C P 1S P", 4, None),   # opener's rebid with the opponents passing
        ("P P P", 3, None),       # fourth-seat opening: not competitive
        ("", 0, None),
        ("1S 2H P P", 4, R),      # opener in passout seat after the overcall and two passes
    ],
)
def test_competitive_position(text: str, index: int, position: CompetitivePosition | None) -> None:
    auction = Auction.parse(text)
    assert auction.competitive_position(index) is position


def test_competitive_position_of_calls_already_made() -> None:
    auction = Auction.parse("1C P 1S 1NT P P 2C")
    assert auction.competitive_position(1) is D   # pass over the opening: direct seat
    assert auction.competitive_position(3) is S   # 1NT in the sandwich
    assert auction.competitive_position(6) is R   # 2C after 1NT and two passes: reopening
    with pytest.raises(IndexError):
        auction.competitive_position(8)
