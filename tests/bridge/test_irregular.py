"""Issue 10, item 5: irregular calls as values, and the Laws cited in full.

Each test quotes the finding it reproduces from the issue's "Irregular calls
and citations" bullet. Law numbers are those of the Laws of Duplicate Bridge
2017, and every citation names that edition.
"""

from __future__ import annotations

import argparse
import json

import pytest

from build_tools.bridge import Auction, Call, Hand, Seat
from build_tools.bridge.errors import (
    EDITION,
    Citation,
    IllegalCallError,
    InadmissibleBidError,
    InvalidAuctionError,
    InvalidHandError,
)
from build_tools.bridge.hands import deal_problem
from build_tools.bridge.irregular import (
    InadmissibleBid,
    IrregularityKind,
    TableCall,
    TableRecord,
)
from build_tools.bridge.notation import profile
from build_tools.bridge.views import View
from build_tools.commands import auction as auction_command


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="handbook")
    auction_command.add_arguments(parser)
    return int(auction_command.run(parser.parse_args(argv)))


def illegal(text: str) -> IllegalCallError:
    with pytest.raises(IllegalCallError) as caught:
        Auction.parse(text)
    return caught.value


# "a bid above 7NT is unreadable text rather than an inadmissible call (Law 35)"


def test_a_bid_above_seven_is_an_inadmissible_call_in_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["1S 8H"]) == 1
    out = capsys.readouterr().out
    assert ("legal: no: illegal call '8H' at 2: inadmissible call, a bid above 7NT "
            "(Law 35C; rectification Law 38; Laws of Duplicate Bridge 2017)") in out


def test_a_bid_above_seven_in_json_names_both_laws(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["1♦ (1♥) 8♠", "--view", "partnership", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert (report["law"], report["laws"], report["rectification"]) == ("35C", ["35C"], ["38"])
    assert report["edition"] == "Laws of Duplicate Bridge 2017"
    assert report["irregularities"][0]["position"] == 3
    assert report["irregularities"][0]["kind"] == "inadmissible call"


def test_a_bid_above_seven_is_a_value_and_alone_an_inadmissible_call() -> None:
    assert InadmissibleBid.parse("8♠") == InadmissibleBid.parse("8S")
    assert str(InadmissibleBid.parse("9 БК", profile("ru"))) == "9NT"
    with pytest.raises(InadmissibleBidError) as caught:
        Call.parse("8S")
    assert caught.value.citation == Citation(("35C",), ("38",))
    with pytest.raises(InadmissibleBidError, match=r"inadmissible call '8♠' in '1♦ \(1♥\) 8♠'"):
        profile("pl").parse_pattern("1♦ (1♥) 8♠", View.PARTNERSHIP)


def test_auction_parse_places_a_bid_above_seven() -> None:
    error = illegal("1S 8H")
    assert (error.call, error.position, error.laws, error.rectification) == ("8H", 2, ("35C",), "38")


def test_a_call_after_a_bid_above_seven_is_still_after_the_end() -> None:
    error = TableRecord.parse("1C P P P 8S").review().error
    assert error is not None and error.laws == ("22A", "35D")


# "a double or redouble not permitted by Law 19" is inadmissible: Law 35A, rectified by 36


@pytest.mark.parametrize(("text", "laws"), [("1S P X", ("19A1", "35A")), ("1S X P P XX XX", ("19B1", "35A")),
                                            ("P X", ("19A1", "35A")), ("1S XX", ("19B1", "35A"))])
def test_an_inadmissible_double_cites_law_19_and_35_and_36(text: str, laws: tuple[str, ...]) -> None:
    error = illegal(text)
    assert (error.laws, error.citation.rectifying, error.citation.edition) == (laws, ("36",), EDITION)


def test_the_message_names_forbidding_and_rectifying_laws_and_the_edition() -> None:
    assert str(illegal("1S P X")) == (
        "illegal call 'X' at 3: double of partner's bid "
        "(Law 19A1, Law 35A; rectification Law 36; Laws of Duplicate Bridge 2017)"
    )


# "calls out of rotation (Laws 28-32) ... cannot be written"


def test_a_bid_out_of_rotation_in_seat_labelled_form(capsys: pytest.CaptureFixture[str]) -> None:
    review = TableRecord.parse("N:1S E:P W:1H").review()
    assert review.error is not None
    assert str(review.error) == (
        "illegal call '1H' at 3: West called out of rotation at South's turn, his RHO's "
        "(Law 17C; rectification Law 29, Law 31A; Laws of Duplicate Bridge 2017)"
    )
    assert review.irregularities[0].kind is IrregularityKind.OUT_OF_ROTATION
    assert run(["N:1S E:P W:1H", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert (report["law"], report["rectification"]) == ("17C", ["29", "31A"])
    assert report["auction"] == "N:1S E:P W:1H"


@pytest.mark.parametrize(
    ("text", "rectifying"),
    [("N:P W:P", ("29", "30A")),        # a pass at partner's turn, no bid yet
     ("N:1S W:P", ("29", "30B")),       # a pass after a bid
     ("N:1S S:2S", ("29", "31A")),      # South bids at East's turn, his RHO's
     ("N:1S W:2S", ("29", "31B")),      # West bids at East's turn, his partner's
     ("N:1S N:2S", ("29", "31")),       # North bids again at East's turn, his LHO's
     ("N:1S S:X", ("29", "32"))],       # a double out of rotation
)
def test_each_kind_of_call_out_of_rotation_cites_its_law(text: str, rectifying: tuple[str, ...]) -> None:
    error = TableRecord.parse(text).review().error
    assert error is not None and error.citation.rectifying == rectifying


def test_the_first_call_by_another_than_the_dealer_is_law_17b() -> None:
    error = TableRecord.parse("E:1S", dealer=Seat.NORTH).review().error
    assert error is not None and (error.position, error.laws) == (1, ("17B",))


def test_seat_labels_in_rotation_are_a_legal_auction_from_the_first_seat(capsys: pytest.CaptureFixture[str]) -> None:
    record = TableRecord.parse("E:1S S:P W:4S N:P E:P S:P")
    assert record.dealer is Seat.EAST and record.review().is_legal
    assert record.auction().declarer is Seat.EAST
    assert run(["E:1S S:P W:4S N:P E:P S:P", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["dealer"], report["contract"], report["declarer"]) == ("E", "4S", "E")


# "an accepted insufficient bid (Law 27A) cannot be written"


def test_an_accepted_insufficient_bid_stands_and_the_auction_goes_on_from_it() -> None:
    review = TableRecord.parse("1S 1H(acc) 1S P P P").review()
    assert review.is_legal and str(review.contract) == "1S" and review.declarer is Seat.NORTH
    (accepted,) = review.irregularities
    assert (accepted.kind, accepted.position, accepted.citation.rectifying) == (
        IrregularityKind.ACCEPTED_INSUFFICIENT, 2, ("27A1",))
    # Not accepted, the same bid is insufficient: Law 18D defines it, Law 27 rectifies it.
    error = TableRecord.parse("1S 1H 1S").review().error
    assert error is not None and (error.laws, error.citation.rectifying) == (("18D",), ("27",))


def test_accepted_insufficient_bid_in_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["1S 1H(acc) X P P P", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["legal"] is True and report["contract"] == "1HX" and report["declarer"] == "E"
    assert report["irregularities"][0]["accepted"] is True
    assert report["irregularities"][0]["laws"] == ["18D"]
    assert run(["1S 1H(acc) X P P P"]) == 0
    assert ("irregularity: accepted insufficient bid '1H' at 2 by E (Law 18D; rectification Law 27A1; "
            "Laws of Duplicate Bridge 2017)") in capsys.readouterr().out


def test_the_acceptance_mark_is_only_for_an_insufficient_bid() -> None:
    with pytest.raises(InvalidAuctionError, match="not an insufficient bid"):
        TableRecord.parse("1S 2H(acc)").review()
    with pytest.raises(InvalidAuctionError, match="only a bid"):
        TableCall(Call.parse("X"), accepted=True)


# "a call after the end cites Law 39 where Laws 22 and 35 decide and 39 rectifies"


def test_a_call_after_the_end_cites_22_and_35_and_39() -> None:
    error = illegal("1C P P P 1D")
    assert (error.laws, error.citation.rectifying) == (("22A", "35D"), ("39",))
    assert error.law == "22A" and error.rectification == "39"


# "the all-pass ending is Law 22B, not 22A"


@pytest.mark.parametrize("text", ["P P P P P", "P P P P X"])
def test_a_call_after_four_passes_cites_22b(text: str) -> None:
    assert illegal(text).laws == ("22B", "35D")


def test_a_question_after_the_end_cites_the_ending_law() -> None:
    with pytest.raises(IllegalCallError) as caught:
        profile("en").parse_pattern("P P P P ?").check()
    assert caught.value.laws == ("22B", "35D")
    with pytest.raises(IllegalCallError) as caught:
        profile("en").parse_pattern("1C P P P ?").auctions()
    assert caught.value.laws == ("22A", "35D")


# '"passed out" cites nothing'


def test_a_question_after_the_end_is_listed_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["P P P P ?", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["laws"] == ["22B", "35D"] and report["rectification"] == ["39"]
    assert [(i["call"], i["position"], i["seat"]) for i in report["irregularities"]] == [("?", 5, "N")]


def test_passed_out_cites_22b(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["P P P P"]) == 0
    assert "contract: passed out (Law 22B; Laws of Duplicate Bridge 2017)" in capsys.readouterr().out
    assert run(["P P P P", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["contract"] == "passed out" and report["ending"]["forbidding"] == ["22B"]


# "`--json` drops the rectifying Law"


def test_json_keeps_the_rectifying_law(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["1S P X", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert (report["law"], report["laws"], report["rectification"]) == ("19A1", ["19A1", "35A"], ["36"])
    assert report["citation"] == "Law 19A1, Law 35A; rectification Law 36; Laws of Duplicate Bridge 2017"


# "a wrong card count or a duplicated card cites no Law"


def test_a_wrong_card_count_cites_laws_6b_and_13() -> None:
    with pytest.raises(InvalidHandError) as caught:
        Hand.parse("AKQ.K32.98.QJ43")
    assert str(caught.value) == (
        "hand 'AKQ.K32.98.QJ43' has 12 cards, not 13 "
        "(Law 6B; rectification Law 13; Laws of Duplicate Bridge 2017)"
    )


def test_a_duplicated_card_cites_law_1a() -> None:
    south, north = Hand.parse("A.KQJT98765432.."), Hand.parse("AKQJ.T98.765.432")
    assert deal_problem([("South", south), ("North", north)]) == (
        1, "card ♠A held by both South and North (Law 1A; rectification Law 13; Laws of Duplicate Bridge 2017)")
    with pytest.raises(InvalidHandError, match=r"card '4' twice in one suit \(Law 1A;"):
        Hand.parse("AKQ2.K32.98.QJ44")
