"""Hands as real texts write them (issue 10): spaced ranks, ``S:`` labels,
Latin look-alikes in Cyrillic hands, capitalised Swedish ``Kn``, ``T`` for the
ten, PBN in lower case; and the hands of one example checked as one deal.
Each test quotes the exact text in the profile it names."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from build_tools.bridge import Hand, InvalidHandError, notation
from build_tools.bridge.hands import deal_problem
from build_tools.cli import main

HAND = Hand.parse("AKT9.T987.QJx.xx")


@pytest.mark.parametrize(
    ("code", "written"),
    [
        ("en", "♠ A K 10 9 ♥10 9 8 7 ♦ Q J x ♣ x x"),
        ("en", "S: AKT9 H: T987 D: QJx C: xx"),
        ("pl", "♠ A K 10 9 ♥10 9 8 7 ♦ D W x ♣ x x"),
        ("ru", "п Т К 10 9 ч 10 9 8 7 б Д В х т х х"),
        ("es", "♠ A R 10 9 ♥10 9 8 7 ♦ D V x ♣ x x"),
        ("sv", "♠ E K 10 9 ♥10 9 8 7 ♦ D kn x ♣ x x"),
        ("zh", "♠ A K 10 9 ♥10 9 8 7 ♦ Q J x ♣ x x"),
    ],
)
def test_spaced_ranks_and_labels(code: str, written: str) -> None:
    assert notation.profile(code).parse_hand(written) == HAND


def test_russian_spaced_ranks_of_the_issue() -> None:
    ru = notation.profile("ru")
    assert ru.parse_hand("п Т 7 6 ч ТК9754 б 8 т В98") == Hand.parse("A76.AK9754.8.J98")


@pytest.mark.parametrize(
    ("code", "written"),
    [("en", "♠AKT9 ♥T987 ♦QJx ♣xx"), ("pl", "♠AKT9 ♥T987 ♦DWx ♣xx"), ("es", "♠ART9 ♥T987 ♦DVx ♣xx"),
     ("sv", "♠EKT9 ♥T987 ♦Dknx ♣xx"), ("zh", "♠AKT9 ♥T987 ♦QJx ♣xx")],
)
def test_t_for_the_ten(code: str, written: str) -> None:
    profile = notation.profile(code)
    assert profile.parse_hand(written) == HAND
    if code != "en":  # the ten is printed as 10 (English hands print as PBN)
        assert "T" not in profile.format_hand(HAND) and "10" in profile.format_hand(HAND)


def test_russian_latin_t_is_ambiguous_and_says_so() -> None:
    """Latin T is the ten elsewhere but looks exactly like Cyrillic Т, the
    Russian ace: reading it either way would be a guess."""
    with pytest.raises(InvalidHandError) as caught:
        notation.profile("ru").parse_hand("п ТKT ч ТК9754 б 8 т В98x")
    assert "ambiguous" in str(caught.value) and "'T'" in str(caught.value)


@pytest.mark.parametrize(
    ("written", "pbn"),
    [("п ТK9 ч ДВ108 б - т хххххх", "AK9.QJT8..xxxxxx"),       # Latin K
     ("п ТКB ч ДВ108 б - т хххххх", "AKJ.QJT8..xxxxxx"),       # Latin B for В (the jack)
     ("п ТК9 ч ДВ108 б - т XXXxxx", "AK9.QJT8..xxxxxx")],      # Latin X and x for х
)
def test_latin_look_alikes_in_cyrillic_hands(written: str, pbn: str) -> None:
    assert notation.profile("ru").parse_hand(written) == Hand.parse(pbn)


def test_capitalised_swedish_kn() -> None:
    sv = notation.profile("sv")
    assert sv.parse_hand("♠Kn109x ♥EKx ♦Dxx ♣xxx") == Hand.parse("JT9x.AKx.Qxx.xxx")
    assert sv.format_hand(Hand.parse("JT9x.AKx.Qxx.xxx")) == "♠kn109x ♥EKx ♦Dxx ♣xxx"


@pytest.mark.parametrize("written", ["ak9.qjt8..xxxxxx", "Ak9.qJ108..XXXxxx"])
def test_pbn_in_lower_case(written: str) -> None:
    assert notation.profile("en").parse_hand(written) == Hand.parse("AK9.QJT8..xxxxxx")
    assert Hand.parse(written) == Hand.parse("AK9.QJT8..xxxxxx")


# --- one deal per example -------------------------------------------------------


DOCUMENT = """\
schema: 1
document: doc
title: Notes
issuer: PZBS
language: pl
kind: regulation
body:
  - example: deal
    auction: "1♠-2♠"
    view: partnership
    hands:
      - seat: S
        cards: "♠AKxxx ♥xxx ♦xxx ♣xx"
      - seat: N
        cards: "♠Axxx ♥Kxx ♦Kxx ♣xxx"
"""


def validate(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    path = tmp_path / "doc.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    status = main(["validate", str(path)])
    return status, capsys.readouterr().err


def test_the_hands_of_one_example_are_checked_as_one_deal() -> None:
    """The check ``handbook validate`` is to make, on the hands of the Russian
    notes' example gadzhet-3t-sdacha-piki: the source itself (seed line 278,
    "ч К2 ... ч В832") gives both West and East the ♥2."""
    ru = notation.profile("ru")
    west = ru.parse_hand("п 102 ч К2 б ТКВ972 т ТК10")
    east = ru.parse_hand("п ТД9853 ч В832 б 8 т В8")
    law = " (Law 1A; rectification Law 13; Laws of Duplicate Bridge 2017)"
    assert deal_problem([("West", west), ("East", east)]) == (1, "card ♥2 held by both West and East" + law)
    south = notation.profile("pl").parse_hand("♠AKxxx ♥xxx ♦xxx ♣xx")
    north = notation.profile("pl").parse_hand("♠Axxx ♥Kxx ♦Kxx ♣xxx")
    assert deal_problem([("South", south), ("North", north)]) == (1, "card ♠A held by both South and North" + law)
    assert deal_problem([("West", west)]) is None


def test_validate_rejects_a_card_in_two_hands_of_an_example(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, err = validate(tmp_path, DOCUMENT, capsys)
    assert status == 1
    assert "example 'deal': card ♠A held by both South and North" in err
    assert "doc.yaml:15:" in err  # the line of North's hand, where the second ♠A is


def test_validate_rejects_nine_small_cards_of_a_suit_across_an_example(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = DOCUMENT.replace("♠Axxx ♥Kxx ♦Kxx ♣xxx", "♠xxxxxx ♥Kx ♦Kxx ♣xx")
    status, err = validate(tmp_path, text, capsys)
    assert status == 1 and "more than 8 cards below the ten in ♠: 9 in all" in err


def test_a_misprint_of_the_source_is_kept_when_marked_as_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    marked = DOCUMENT.replace("    hands:\n", "    as-printed: true\n    hands:\n", 1)
    assert marked != DOCUMENT
    status, err = validate(tmp_path, marked, capsys)
    assert status == 0, err


def test_validate_accepts_hands_that_fit_one_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, err = validate(tmp_path, DOCUMENT.replace("♠Axxx", "♠Dxxx"), capsys)
    assert status == 0, err
