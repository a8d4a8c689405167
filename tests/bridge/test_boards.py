"""Issue 10, item 4: a board number names the dealer and vulnerability as the
Laws' board table does (Law 2), repeating every 16 boards."""

from __future__ import annotations

import pytest

from build_tools.bridge import BridgeError, Seat, Vulnerability
from build_tools.bridge.boards import Board
from build_tools.diagrams import Setting, inline_setting

# The table of Law 2, copied from the Laws (not computed): board, dealer, vulnerable.
LAW_2 = """
 1 N None
 2 E NS
 3 S EW
 4 W All
 5 N NS
 6 E EW
 7 S All
 8 W None
 9 N EW
10 E All
11 S None
12 W NS
13 N All
14 E None
15 S NS
16 W EW
"""
TABLE = [(int(n), d, v) for n, d, v in (line.split() for line in LAW_2.strip().splitlines())]


@pytest.mark.parametrize(("number", "dealer", "vulnerability"), TABLE)
def test_the_board_table_of_law_2(number: int, dealer: str, vulnerability: str) -> None:
    for board in (Board(number), Board(number + 16), Board(number + 160)):
        assert board.dealer is Seat.parse(dealer)
        assert board.vulnerability is Vulnerability.parse(vulnerability)


@pytest.mark.parametrize("number", [0, -1, True])
def test_board_numbers_start_at_one(number: int) -> None:
    with pytest.raises(BridgeError, match="from 1"):
        Board(number)


def test_an_inline_auction_takes_a_board() -> None:
    """{auction:table board=7}: dealer South, all vulnerable; 'dealer=?' when not given."""
    assert inline_setting("table board=7") == Setting("table", "S", "All")
    assert inline_setting("table dealer=?") == Setting("table", "?", "")
    assert inline_setting(None) == Setting("partnership", "N", "")


@pytest.mark.parametrize("options", ["board=0", "board=" + "9" * 5000, "board=７", "board=", "dealer=", "view=table"])
def test_inline_options_that_say_nothing_sensible_are_bridge_errors(options: str) -> None:
    with pytest.raises(BridgeError):
        inline_setting(options)
