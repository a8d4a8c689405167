"""The values read and print their canonical (English) form themselves, below
the notation profiles (issue 32, item 1), and read it as the English profile
does: ``Call.parse`` as ``profile("en").parse_call`` for every call written
alone, ``Auction.parse`` of an auction with a bid above 7NT as the record of
the table reviews it, ``str(pattern)`` as ``profile("en").format_pattern``."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from build_tools.bridge import Auction, BridgeError, Call, TableRecord, View, notation
from build_tools.bridge.errors import IllegalCallError

ENGLISH = notation.profile("en")

#: Every way canonical English writes a call alone.
LEVELS = ["0", "1", "3", "7", "8", "12", "１"]
STRAINS = ["C", "d", "H", "s", "NT", "nt", "N", "n", "♣", "♦", "♥", "♠", "X", "Q", ""]
GAPS = ["", " ", "\t", "  "]
WORDS = ["P", "pass", "PASS", "X", "dbl", "Double", "XX", "rdbl", "Redbl", "REDOUBLE", "Paso", "ktr", "1", ""]


def outcome(read: object, text: str) -> str:
    """The call read, or that the text was refused (each reader words its refusals its own way)."""
    try:
        return repr(read(text))  # type: ignore[operator]
    except BridgeError:
        return "refused"


@given(st.sampled_from(LEVELS), st.sampled_from(GAPS), st.sampled_from(STRAINS), st.sampled_from(["", " "]))
def test_a_bid_is_read_as_the_english_profile_reads_it(level: str, gap: str, strain: str, around: str) -> None:
    text = f"{around}{level}{gap}{strain}{around}"
    assert outcome(Call.parse, text) == outcome(ENGLISH.parse_call, text)


@pytest.mark.parametrize("word", WORDS)
def test_a_word_is_read_as_the_english_profile_reads_it(word: str) -> None:
    assert outcome(Call.parse, word) == outcome(ENGLISH.parse_call, word)


@pytest.mark.parametrize(("text", "message"), [
    ("8S", "inadmissible call '8S': a bid above 7NT"), ("12 nt", "inadmissible call '12 nt'"),
    ("0S", "level 0 out of range 1-7 in '0S'"), ("9X", "level 9 out of range 1-7 in '9X'"),
    ("1Q", "unknown call '1Q'"), ("Paso", "unknown call 'Paso'"),
])
def test_a_call_refused_says_why(text: str, message: str) -> None:
    with pytest.raises(BridgeError, match=message):
        Call.parse(text)


@pytest.mark.parametrize("text", ["1S*", "1S/2S", "(1S)", "1S 1H", "1NTX", "?"])
def test_what_is_no_single_call_is_refused_by_both(text: str) -> None:
    with pytest.raises(BridgeError):
        ENGLISH.parse_call(text)
    with pytest.raises(BridgeError, match=re.escape(f"unknown call {text!r}")):
        Call.parse(text)


@pytest.mark.parametrize("text", ["8S", "1S 8H", "1S P P P 8H", "P P P P 9NT", "1S P X 8H", "1S 1H 8C",
                                  "1H X XX XX 8S", "1S-P-8NT", "1S 2S 10♠"])
def test_a_bid_above_7nt_is_refused_as_the_tables_record_reviews_it(text: str) -> None:
    expected = TableRecord.parse(text).review().error
    assert expected is not None
    with pytest.raises(IllegalCallError) as caught:
        Auction.parse(text)
    assert (str(caught.value), caught.value.citation) == (str(expected), expected.citation)


@pytest.mark.parametrize(("text", "view"), [("1S (X) 2S", View.PARTNERSHIP), ("1S X 2S P", View.TABLE),
                                            ("1C/D ?", View.TABLE), ("1S*(1) (2H^) 3NT (to play)", View.PARTNERSHIP),
                                            ("1S-(X)-2S AP", View.PARTNERSHIP)])
def test_a_pattern_prints_itself_as_the_english_profile_prints_it(text: str, view: View) -> None:
    pattern = ENGLISH.parse_pattern(text, view)
    assert str(pattern) == ENGLISH.format_pattern(pattern)
    assert ENGLISH.parse_pattern(str(pattern), pattern.view) == pattern
