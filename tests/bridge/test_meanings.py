"""Meanings as constraints tested against hands."""

from __future__ import annotations

import pytest

from build_tools.bridge import (
    AEB_REGULAR,
    ConventionKind,
    Forcing,
    Hand,
    InvalidNotationError,
    Meaning,
    PZBS_NOTRUMP_SHAPE,
    Range,
    Suit,
)


@pytest.mark.parametrize(
    ("text", "low", "high", "printed"),
    [("5+", 5, None, "5+"), ("4-5", 4, 5, "4-5"), ("15-17", 15, 17, "15-17"), ("6", 6, 6, "6"),
     ("-9", 0, 9, "-9"), ("13/15", 13, 15, "13-15"), ("0-0", 0, 0, "0")],
)
def test_ranges(text: str, low: int, high: int | None, printed: str) -> None:
    r = Range.parse(text)
    assert (r.low, r.high, str(r)) == (low, high, printed)
    assert Range.parse(str(r)) == r


@pytest.mark.parametrize("text", ["", "+", "5-4", "a", "5++", "-"])
def test_bad_ranges(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        Range.parse(text)


def test_polish_one_notrump_14_18_without_shortness() -> None:
    meaning = Meaning(hcp=Range.parse("14-18"), shape=PZBS_NOTRUMP_SHAPE)
    assert meaning.admits(Hand.parse("AKx.Kxx.QJxx.Axx"))  # 16, 3343
    assert meaning.admits(Hand.parse("Kx.Ax.KQxxx.AJxx"))  # 17, 5422 with five diamonds
    assert meaning.violations(Hand.parse("KQxxx.Ax.Kx.AJxx")) == (
        "shape 5-2-2-4 is not skład bezatutowy bez krótkości",
    )
    assert meaning.violations(Hand.parse("Kxx.Kxx.Qxxx.Axx")) == ("12 HCP outside 14-18",)


def test_spanish_transfer_shows_five_spades() -> None:
    transfer = Meaning(
        lengths=((Suit.SPADES, Range.parse("5+")),),
        forcing=Forcing.FORCING_ONE_ROUND,
        artificial=True,
        convention=ConventionKind.TRANSFER,
    )
    assert transfer.admits(Hand.parse("KJxxx.xx.xxx.xxx"))
    assert not transfer.admits(Hand.parse("KJxx.xxx.xxx.xxx"))
    assert transfer.convention is ConventionKind.TRANSFER and transfer.artificial


def test_natural_notrump_regular_or_semi_regular() -> None:
    natural = Meaning(hcp=Range.parse("13/15"), shape=AEB_REGULAR)
    assert natural.admits(Hand.parse("AKx.Qx.KJxxxx.Qx"))  # 6322 is semi-regular, 15
    assert not natural.admits(Hand.parse("AKxx.x.KJxxx.Qxx"))  # singleton
