"""Calls: the 38 calls, their order, canonical text, and what is not a call."""

from __future__ import annotations

import pytest

from build_tools.bridge import (
    ALL_CALLS,
    DOUBLE,
    PASS,
    REDOUBLE,
    BridgeError,
    Call,
    CallKind,
    Contract,
    InvalidCallError,
    Penalty,
    Strain,
)

CANONICAL = [f"{level}{s}" for level in range(1, 8) for s in ("C", "D", "H", "S", "NT")] + [
    "P",
    "X",
    "XX",
]


def test_there_are_38_calls_in_canonical_order() -> None:
    assert [str(call) for call in ALL_CALLS] == CANONICAL
    assert len(set(ALL_CALLS)) == 38


def test_total_order_bids_by_level_then_strain_then_pass_double_redouble() -> None:
    calls = [Call.parse(text) for text in CANONICAL]
    assert calls == sorted(calls, key=lambda c: c.index)
    assert all(a < b for a, b in zip(calls, calls[1:], strict=False))
    assert Call.parse("1NT") < Call.parse("2C")  # a higher level beats any strain (Law 18B)
    assert Call.parse("2S") < Call.parse("2NT")  # notrump ranks highest (Law 18E)
    assert Call.parse("7NT") < PASS < DOUBLE < REDOUBLE


@pytest.mark.parametrize("text", CANONICAL)
def test_parse_then_print_is_identity(text: str) -> None:
    call = Call.parse(text)
    assert str(call) == text
    assert eval(repr(call), {"Call": Call}) == call


@pytest.mark.parametrize(
    ("written", "canonical"),
    [("1♣", "1C"), ("2♦", "2D"), ("3♥", "3H"), ("4♠", "4S"), ("1nt", "1NT"), ("pass", "P"),
     ("x", "X"), ("Dbl", "X"), ("rdbl", "XX"), (" 7NT ", "7NT")],
)
def test_symbols_and_long_forms_are_accepted(written: str, canonical: str) -> None:
    assert str(Call.parse(written)) == canonical


def test_call_fields() -> None:
    bid = Call.parse("3NT")
    assert (bid.kind, bid.level, bid.strain, bid.is_bid) == (CallKind.BID, 3, Strain.NOTRUMP, True)
    assert (PASS.kind, PASS.level, PASS.strain) == (CallKind.PASS, 0, None)
    assert DOUBLE.kind is CallKind.DOUBLE and REDOUBLE.kind is CallKind.REDOUBLE
    assert Call.bid(4, Strain.HEARTS) == Call.parse("4H")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [("0C", "level 0"), ("8S", "inadmissible call '8S'"), ("0NT", "level 0"),
     ("10H", "inadmissible call '10H'"),
     ("1SX", "unknown call"), ("1S junk", "unknown call"), ("pas", "unknown call"),
     ("1", "unknown call"), ("", "unknown call"), ("1X", "unknown call"), ("XXX", "unknown call"),
     ("1CD", "unknown call"), ("1S P", "unknown call")],
)
def test_what_is_not_a_call_is_an_error(text: str, fragment: str) -> None:
    with pytest.raises(InvalidCallError) as caught:
        Call.parse(text)
    assert fragment in str(caught.value)
    assert repr(text) in str(caught.value)


def test_bid_levels_outside_one_to_seven_are_errors() -> None:
    with pytest.raises(InvalidCallError):
        Call.bid(0, Strain.CLUBS)
    with pytest.raises(InvalidCallError):
        Call.bid(8, Strain.CLUBS)
    with pytest.raises(InvalidCallError):
        Call(38)


def test_calls_are_immutable() -> None:
    call = Call.parse("1S")
    with pytest.raises(AttributeError):
        call.index = 3  # type: ignore[misc]


def test_contract_round_trip_and_errors() -> None:
    for text in ("1C", "4SX", "7NTXX", "3H"):
        assert str(Contract.parse(text)) == text
    assert Contract.parse("6DX").penalty is Penalty.DOUBLED
    for bad in ("8S", "4SXXX", "P", "", "4S X Y"):
        with pytest.raises(BridgeError):
            Contract.parse(bad)
