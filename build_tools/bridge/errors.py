"""One error family for the rule model, and the Laws that errors cite.

Callers catch what they mean: :class:`InvalidCallError` for text that is no
call at all, :class:`IllegalCallError` for a real call that the Laws forbid
where it stands, and so on. Every class derives from :class:`BridgeError`,
which derives from :class:`ValueError`.

Laws are cited as the 2017 Laws of Duplicate Bridge number them, with the
edition named: a :class:`Citation` holds the Laws that forbid an irregularity
and those that rectify it at the table.

>>> issubclass(IllegalCallError, BridgeError)
True
>>> str(IllegalCallError("X", 3, "double of partner's bid", DOUBLE_NOT_PERMITTED))
"illegal call 'X' at 3: double of partner's bid (Law 19A1, Law 35A; rectification Law 36; Laws of Duplicate Bridge 2017)"
"""

from __future__ import annotations

from dataclasses import dataclass

EDITION = "Laws of Duplicate Bridge 2017"
"""The edition every Law number here refers to (WBF, effective 2017)."""


@dataclass(frozen=True, slots=True)
class Citation:
    """The Laws behind a verdict: ``forbidding`` (or defining) the
    irregularity, ``rectifying`` it at the table, in :data:`EDITION`.

    >>> str(Citation(("35C",), ("38",)))
    'Law 35C; rectification Law 38; Laws of Duplicate Bridge 2017'
    >>> Citation(("18D",), ("27",)).laws
    ('18D', '27')
    """

    forbidding: tuple[str, ...]
    rectifying: tuple[str, ...] = ()
    edition: str = EDITION

    def __post_init__(self) -> None:
        if not self.forbidding:
            raise ValueError("a citation names at least one Law")

    @property
    def laws(self) -> tuple[str, ...]:
        """Every Law cited, forbidding first."""
        return self.forbidding + self.rectifying

    def __str__(self) -> str:
        text = ", ".join(f"Law {law}" for law in self.forbidding)
        if self.rectifying:
            text += "; rectification " + ", ".join(f"Law {law}" for law in self.rectifying)
        return f"{text}; {self.edition}"

    def as_json(self) -> dict[str, object]:
        return {
            "forbidding": list(self.forbidding),
            "rectifying": list(self.rectifying),
            "edition": self.edition,
            "text": str(self),
        }


# The Laws of Duplicate Bridge 2017, paragraph by paragraph, as the model cites them.
INSUFFICIENT_BID = Citation(("18D",), ("27",))
"""Law 18D defines the insufficient bid (one that does not supersede the last
preceding bid); Law 27 rectifies it (27A acceptance by LHO, 27B otherwise)."""
ACCEPTED_INSUFFICIENT_BID = Citation(("18D",), ("27A1",))
"""Law 27A1: any insufficient bid may be accepted (treated as legal) at the
option of offender's LHO; it is accepted if that player calls."""
DOUBLE_NOT_PERMITTED = Citation(("19A1", "35A"), ("36",))
"""Law 19A1: only the last preceding bid, an opponent's, with no call but pass
since, may be doubled; Law 35A makes any other double inadmissible; Law 36
rectifies it."""
REDOUBLE_NOT_PERMITTED = Citation(("19B1", "35A"), ("36",))
"""Law 19B1: only the last preceding double, an opponent's, with no call but
pass since, may be redoubled; Law 35A, Law 36 as for a double."""
BID_ABOVE_SEVEN = Citation(("35C",), ("38",))
"""Law 35C: a bid of more than seven is inadmissible; Law 38 rectifies it."""
AFTER_THE_END = Citation(("22A", "35D"), ("39",))
"""Law 22A: the auction ends when, one or more players having bid, three
passes follow in rotation; Law 35D: a call after the final pass is
inadmissible; Law 39 rectifies it."""
AFTER_PASSED_OUT = Citation(("22B", "35D"), ("39",))
"""Law 22B: the auction ends when all four players pass; 35D and 39 as above."""
PASSED_OUT = Citation(("22B",))
"""Law 22B: all four players pass; the hands go back to the board unplayed."""
END_OF_AUCTION = Citation(("22A",))
"""Law 22A: one or more players having bid, three consecutive passes follow."""
FIRST_CALL = "17B"
"""Law 17B: the player the board designates as dealer makes the first call."""
SUCCESSIVE_CALLS = "17C"
"""Law 17C: then each player calls in turn, clockwise."""
OUT_OF_ROTATION = "29"
"""Law 29: procedure after a call out of rotation (29A: LHO may call and so
forfeit rectification; 29B: otherwise the call is cancelled)."""
PASS_OUT_OF_ROTATION_BEFORE_A_BID = "30A"
"""Law 30A: a pass out of rotation before any player has bid."""
PASS_OUT_OF_ROTATION_AFTER_A_BID = "30B"
"""Law 30B: a pass out of rotation after any player has bid."""
BID_AT_RHOS_TURN = "31A"
"""Law 31A: a bid out of rotation at the offender's RHO's turn."""
BID_AT_PARTNERS_TURN = "31B"
"""Law 31B: a bid out of rotation at the offender's partner's turn."""
BID_OUT_OF_ROTATION = "31"
"""Law 31: a bid out of rotation at the offender's LHO's turn, cited whole:
which paragraph applies turns on who has called before."""
DOUBLE_OUT_OF_ROTATION = "32"
"""Law 32: a double or redouble out of rotation."""
WRONG_CARD_COUNT = Citation(("6B",), ("13",))
"""Law 6B: the cards are dealt into four hands of thirteen cards each; Law 13
rectifies an incorrect number of cards."""
CARD_TWICE = Citation(("1A",), ("13",))
"""Law 1A: the pack is 52 cards, 13 in each of four suits, so no card is held
twice; a card beyond the pack is an incorrect number of cards (Law 13)."""


class BridgeError(ValueError):
    """Base class of every error the rule model raises."""


class InvalidCallError(BridgeError):
    """Text that does not spell a call (unknown word, level 0, junk)."""


class InadmissibleBidError(InvalidCallError):
    """A bid above 7NT read where no auction gives it a place (a lone call, a
    pattern with alternatives): an inadmissible call under Law 35C, not junk.
    Where the place is known the auction reports an :class:`IllegalCallError`
    citing the same Laws. Derives from :class:`InvalidCallError`, as no
    :class:`~build_tools.bridge.calls.Call` can hold it.

    >>> str(InadmissibleBidError("8♠", "1♦ (1♥) 8♠"))
    "inadmissible call '8♠' in '1♦ (1♥) 8♠': a bid above 7NT (Law 35C; rectification Law 38; Laws of Duplicate Bridge 2017)"
    """

    def __init__(self, call: str, text: str) -> None:
        where = "" if call == text else f" in {text!r}"
        super().__init__(f"inadmissible call {call!r}{where}: a bid above 7NT ({BID_ABOVE_SEVEN})")
        self.call = call
        self.citation = BID_ABOVE_SEVEN


class InvalidAuctionError(BridgeError):
    """An auction text that is malformed as a whole (brackets, ``?``, views)."""


class IllegalCallError(BridgeError):
    """A well-formed call that the Laws forbid at its place in the auction.

    ``position`` counts calls from 1, as the message does. ``citation`` names
    the Laws that forbid the call and those that rectify it; ``law`` is the
    first forbidding paragraph (``"18D"``, ``"19A1"``, ``"22A"``...),
    ``laws`` all of them, ``rectification`` the first rectifying Law.
    """

    def __init__(self, call: str, position: int, reason: str, citation: Citation) -> None:
        super().__init__(f"illegal call {call!r} at {position}: {reason} ({citation})")
        self.call = call
        self.position = position
        self.reason = reason
        self.citation = citation

    @property
    def law(self) -> str:
        return self.citation.forbidding[0]

    @property
    def laws(self) -> tuple[str, ...]:
        return self.citation.forbidding

    @property
    def rectification(self) -> str | None:
        return self.citation.rectifying[0] if self.citation.rectifying else None


class InvalidHandError(BridgeError):
    """A hand that is unreadable or does not hold exactly 13 distinct cards."""


class InvalidDealError(BridgeError):
    """A deal whose hands are unreadable or share a card."""


class InvalidNotationError(BridgeError):
    """An unknown notation profile, seat, vulnerability, range or similar token."""
