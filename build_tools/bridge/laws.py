"""The Laws' check of an auction's calls, one call at a time: the state of an
auction after its calls, and the step that refuses a call the Laws forbid.

:class:`~build_tools.bridge.auction.Auction` replays its calls with it, and
:class:`~build_tools.bridge.irregular.TableRecord` reviews a record of the
table with it, accepted insufficient bids included. Positions are 0-based,
messages count from 1.

>>> state = replay([Call.parse("1S"), Call.parse("P")])
>>> step(state, Call.parse("X").index, 2)
Traceback (most recent call last):
...
build_tools.bridge.errors.IllegalCallError: illegal call 'X' at 3: double of partner's bid (Law 19A1, Law 35A; rectification Law 36; Laws of Duplicate Bridge 2017)
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .calls import ALL_CALLS, BID_COUNT, DOUBLE_INDEX, PASS_INDEX, Call
from .errors import (
    AFTER_PASSED_OUT,
    AFTER_THE_END,
    DOUBLE_NOT_PERMITTED,
    INSUFFICIENT_BID,
    REDOUBLE_NOT_PERMITTED,
    Citation,
    IllegalCallError,
    InvalidAuctionError,
)

#: What separates the calls of an auction written one call a token.
TOKEN_SEPARATORS = re.compile(r"[\s\-–—_,;]+")
#: A bid's level and what follows it: a level above 7 is a bid above 7NT.
LEVEL_AND_STRAIN = re.compile(r"(\d+)\s*(.+)")

#: Why a bid above 7NT is refused (Law 35C), as every reader of auctions says it.
BID_ABOVE_SEVEN_REASON = "inadmissible call, a bid above 7NT"

#: The replay state, a plain tuple because the legality check is the hot path:
#: (last bid index or -1, its position, 0/1/2 undoubled/doubled/redoubled,
#: position of the (re)double, passes since the last other call, any call but pass made).
State = tuple[int, int, int, int, int, bool]
START: State = (-1, -1, 0, -1, 0, False)


def has_ended(state: State) -> bool:
    """Whether the auction of ``state`` is over: three passes after a call, or four."""
    return state[4] >= 3 if state[5] else state[4] >= 4


def step(state: State, index: int, position: int) -> State:
    """The state after call ``index`` made at 0-based ``position``; raises if illegal."""
    last_bid, bid_pos, doubled, double_pos, passes, opened = state
    if passes >= 3 if opened else passes >= 4:
        ended = AFTER_THE_END if opened else AFTER_PASSED_OUT
        _illegal(index, position, "call after the auction has ended", ended)
    if index == PASS_INDEX:
        return (last_bid, bid_pos, doubled, double_pos, passes + 1, opened)
    if index < BID_COUNT:
        if index <= last_bid:
            _illegal(
                index,
                position,
                f"insufficient bid after {str(ALL_CALLS[last_bid])!r}",
                INSUFFICIENT_BID,
            )
        return (index, position, 0, -1, 0, True)
    if index == DOUBLE_INDEX:
        if last_bid < 0:
            _illegal(index, position, "double with no bid to double", DOUBLE_NOT_PERMITTED)
        _require_opponent(index, position, bid_pos, "double of", "bid", DOUBLE_NOT_PERMITTED)
        if doubled:
            what = "doubled" if doubled == 1 else "redoubled"
            _illegal(index, position, f"double of a bid already {what}", DOUBLE_NOT_PERMITTED)
        return (last_bid, bid_pos, 1, position, 0, True)
    # redouble
    if doubled == 0:
        _illegal(index, position, "redouble with no double to redouble", REDOUBLE_NOT_PERMITTED)
    if doubled == 2:
        _illegal(index, position, "redouble of a double already redoubled", REDOUBLE_NOT_PERMITTED)
    _require_opponent(index, position, double_pos, "redouble of", "double", REDOUBLE_NOT_PERMITTED)
    return (last_bid, bid_pos, 2, position, 0, True)


def accept_insufficient(state: State, index: int, position: int) -> State:
    """The state after an insufficient bid that offender's LHO accepted (Law
    27A1): it stands as if legal, and later bids must supersede it. Raises if
    the auction had ended or the bid is not insufficient."""
    last_bid, _, _, _, passes, opened = state
    if passes >= 3 if opened else passes >= 4:
        ended = AFTER_THE_END if opened else AFTER_PASSED_OUT
        _illegal(index, position, "call after the auction has ended", ended)
    if not index < BID_COUNT or index > last_bid:
        raise InvalidAuctionError(
            f"{str(ALL_CALLS[index])!r} at {position + 1} is marked as an accepted "
            "insufficient bid but is not an insufficient bid (Law 18D)"
        )
    return (index, position, 0, -1, 0, True)


def _require_opponent(
    index: int, position: int, target: int, act: str, noun: str, citation: Citation
) -> None:
    # Law 19: only an opponent's bid may be doubled, only an opponent's double
    # redoubled; seats two apart are partners, the same seat is oneself.
    distance = (position - target) % 4
    if distance == 0:
        _illegal(index, position, f"{act} one's own {noun}", citation)
    if distance == 2:
        _illegal(index, position, f"{act} partner's {noun}", citation)


def _illegal(index: int, position: int, reason: str, citation: Citation) -> None:
    raise IllegalCallError(str(ALL_CALLS[index]), position + 1, reason, citation)


def replay(calls: Iterable[Call], state: State = START, start: int = 0) -> State:
    position = start
    for call in calls:
        state = step(state, call.index, position)
        position += 1
    return state
