"""Issue 10, item 1: calls carry annotations as real texts write them -- an
alert mark, an announcement, a footnote reference and an explanation in
parentheses -- in every profile and both views; they survive parsing and
printing (the property tests check print-then-parse on annotated calls), show
on the diagram, and a star in running text is never taken for emphasis."""

from __future__ import annotations

import re

import pytest

from build_tools import diagrams, markup
from build_tools.bridge import BridgeError, Call, InvalidAuctionError, InvalidCallError, View, notation
from build_tools.bridge.annotations import AnnotatedCall, Annotation

en = notation.profile("en")


def marks(text: str, code: str = "en", view: View = View.PARTNERSHIP) -> list[tuple[str, bool, str]]:
    """(calls, opponent, what is written after them) for each slot, in English."""
    pattern = notation.profile(code).parse_pattern(text, view)
    return [("/".join(str(c) for c in s.calls) or "?", s.opponent, s.annotation.suffix()) for s in pattern.slots]


# --- the four findings, as the issue quotes them (English) -------------------------


def test_wbf_alert_star_after_an_overcall() -> None:
    """WBF alerting policy: '(1♥) 2♣*'."""
    assert marks("(1♥) 2♣*") == [("1H", True, ""), ("2C", False, "*")]
    slot = en.parse_pattern("(1♥) 2♣*", View.PARTNERSHIP).slots[1]
    assert slot.annotation.alerted and not slot.annotation.announced


def test_acbl_exclamation_alert_in_the_table_view() -> None:
    """ACBL alert pamphlet: '1♣-P-2♠!' -- three calls, the third alerted."""
    assert marks("1♣-P-2♠!", view=View.TABLE) == [("1C", False, ""), ("P", False, ""), ("2S", False, "*")]
    assert str(en.parse_auction("1♣-P-2♠!")) == "1C P 2S"
    assert en.parse_annotated_call("2♠!").alerted


def test_footnote_reference() -> None:
    """'2H(1)': the footnote reference 1, not an opponents' call."""
    assert marks("2H(1)") == [("2H", False, "(1)")]
    assert en.parse_annotated_call("2H(1)") == AnnotatedCall(Call.parse("2H"), Annotation(footnote="1"))


def test_explanation_is_not_a_level() -> None:
    """'1NT (15-17)' was read as 'level 15 out of range'."""
    assert marks("1NT (15-17)") == [("1NT", False, " (15-17)")]
    one = en.parse_annotated_call("1NT (15-17)")
    assert (one.call, one.annotation.explanation, one.alerted) == (Call.parse("1NT"), "15-17", False)


def test_announcement_mark() -> None:
    """'1NT^ (15-17)': announced, with what was announced."""
    one = en.parse_annotated_call("1NT^ (15-17)")
    assert one.announced and not one.alerted and one.annotation.explanation == "15-17"
    assert str(one) == "1NT^ (15-17)"


# --- every profile, as its literature writes it ----------------------------------------


def test_russian_notes_alert_with_an_exclamation_mark() -> None:
    """The Russian notes (4.4, Гаджет 3т) write '3б!' and '4т!'; Russian prints '!'."""
    ru = notation.profile("ru")
    assert ru.parse_annotated_call("3б!").alerted
    assert marks("1т 1п 2БК 3т 3ч!", "ru") == [
        ("1C", False, ""), ("1S", False, ""), ("2NT", False, ""), ("3C", False, ""), ("3H", False, "*")]
    assert ru.format_annotated_call(en.parse_annotated_call("4C*")) == "4т!"


# One written auction per profile, both views: an explanation, an opponents'
# alerted call, a footnote. Columns: profile, partnership view, table view.
FIXED = [
    ("en", "1NT (15-17)-(2C*)-X(1)", "1NT (15-17) 2C* X(1)"),
    ("pl", "1BA (15-17)-[2♣*]-ktr(1)", "1BA (15-17) 2♣* ktr(1)"),
    ("ru", "1БК (15-17) (2т!) контра(1)", "1БК (15-17) 2т! контра(1)"),
    ("es", "1ST (15-17)_(2♣*)_Doblo(1)", "1ST (15-17) 2♣* Doblo(1)"),
    ("sv", "1NT (15-17)-(2♣*)-D(1)", "1NT (15-17) 2♣* D(1)"),
    ("zh", "1无将 (15-17)-(2梅花*)-加倍(1)", "1无将 (15-17) 2梅花* 加倍(1)"),
]


@pytest.mark.parametrize(("code", "partnership", "table"), FIXED)
def test_each_profile_prints_and_reads_annotations_in_both_views(code: str, partnership: str, table: str) -> None:
    profile = notation.profile(code)
    written = profile.parse_pattern(partnership, View.PARTNERSHIP)
    assert [(s.opponent, s.annotation) for s in written.slots] == [
        (False, Annotation(explanation="15-17")), (True, Annotation(alerted=True)), (False, Annotation(footnote="1"))]
    assert profile.format_pattern(written) == partnership
    assert profile.format_pattern(written.to_table()) == table
    assert profile.parse_pattern(table, View.TABLE) == written.to_table()


def test_chinese_full_width_marks_read_as_ascii() -> None:
    """The CBA text mixes full-width forms: '1♣（加倍）2♦＊' and '2♦（1）'."""
    zh = notation.profile("zh")
    assert marks("1♣（加倍）2♦＊", "zh") == [("1C", False, ""), ("X", True, ""), ("2D", False, "*")]
    assert zh.parse_annotated_call("2♦（1）").annotation.footnote == "1"


def test_an_alerted_pass_of_the_opponents_is_not_silent() -> None:
    pattern = en.parse_pattern("1C P* 1S", View.TABLE)
    assert en.format_pattern(pattern.to_partnership(0)) == "1C-(P*)-1S"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("* 1NT", "must follow a call"),
        ("1NT *", "must follow a call without a space"),
        ("2C*!", "two alert or announcement marks"),
        ("2C*^", "two alert or announcement marks"),
        ("(15-17) 1NT", "must follow a call"),
        ("1NT (15-17) (14-16)", "two footnotes or explanations"),
        ("2H(1)(2)", "two footnotes or explanations"),
        ("1NT ?*", "must follow a call"),
        ("1C (1H 1S)", "brackets hold one opponents' call"),
    ],
)
def test_misplaced_annotations_are_errors(text: str, message: str) -> None:
    with pytest.raises(InvalidAuctionError, match=re.escape(message)):
        en.parse_pattern(text, View.PARTNERSHIP)


def test_a_bid_out_of_range_in_brackets_is_still_an_error() -> None:
    """'(8S)' is an opponents' inadmissible bid, not an explanation."""
    with pytest.raises(BridgeError, match=re.escape("inadmissible call '8S'")):
        en.parse_pattern("1C (8S)", View.PARTNERSHIP)


def test_one_call_is_one_call() -> None:
    """parse_call reads a bare call; annotations need parse_annotated_call."""
    with pytest.raises(InvalidCallError, match="parse_annotated_call"):
        en.parse_call("2C*")
    with pytest.raises(InvalidCallError):
        Call.parse("1NT (15-17)")


def test_an_explanation_that_reads_as_a_call_is_not_printed() -> None:
    pattern = en.parse_pattern("1NT", View.TABLE)
    (slot,) = pattern.slots
    odd = type(pattern)((type(slot)(slot.calls, annotation=Annotation(explanation="2H")),))
    with pytest.raises(BridgeError, match="would read as a call"):
        en.format_pattern(odd)


# --- the diagram: a mark on the call, the explanation beside it ------------------------


def test_diagram_shows_the_readers_mark_and_the_explanation() -> None:
    """The Russian notes' '3б!' read by an English reader shows '*'; '1NT (15-17)' a note."""
    grid = diagrams.bidding_grid("1т 1п 2БК 3т 3б!", "ru", "partnership", "N", "en")
    last = grid.rows[-1][0]
    assert (last.call, last.mark, last.alerted) == ("3♦", "*", True)
    grid = diagrams.bidding_grid("1NT (15-17) P 2H(1)", "en", "table", "N", "ru")
    assert [(c.call, c.mark, c.explanation) for c in grid.rows[0]] == [
        ("", "", ""), ("1БК", "", "15-17"), ("пас", "", ""), ("2♥", "(1)", "")]


# --- running text: a star after a call is a star -------------------------------------------


@pytest.mark.parametrize(
    ("text", "myst"),
    [
        # the sentence: both stars were eaten by emphasis, without a word
        ("po 2♣*/2♦* partnera", "po 2♣\\*\\/2♦\\* partnera"),
        # each of these the old pattern took for emphasis too
        ("1♣*, 1♦* lub 1♥*", "1♣\\*\\, 1♦\\* lub 1♥\\*"),
        ("X*/XX* po (1♥*)", "X\\*\\/XX\\* po \\(1♥\\*\\)"),
        ("1NT*(1) i 2♣*", "1NT\\*\\(1\\) i 2♣\\*"),
        ("3б!*4т*", "3б\\!\\*4т\\*"),
    ],
)
def test_alert_stars_in_running_text_come_out_as_written(text: str, myst: str) -> None:
    # The pattern emphasis had before: it took a star after a call for one.
    assert re.search(r"\*(?=\S)[^*]*?\S\*", text)
    assert [p.kind for p in markup.parse(text)] == ["text"]
    assert markup.to_myst(text) == myst


@pytest.mark.parametrize(
    "text", ["*ważne*", "a *ważne* b", "(*ważne*)", "„*ważne*”", "*Гаджет 2т ... не пасовал!*", "*a*, *b*."]
)
def test_emphasis_still_opens_and_closes_at_word_edges(text: str) -> None:
    assert "em" in [p.kind for p in markup.parse(text)]
