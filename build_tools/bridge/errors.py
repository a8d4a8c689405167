"""One error family for the rule model.

Callers catch what they mean: :class:`InvalidCallError` for text that is no
call at all, :class:`IllegalCallError` for a real call that the Laws forbid
where it stands, and so on. Every class derives from :class:`BridgeError`,
which derives from :class:`ValueError`.

>>> issubclass(IllegalCallError, BridgeError)
True
>>> str(IllegalCallError("X", 3, "double of partner's bid", "19A1"))
"illegal call 'X' at 3: double of partner's bid (Law 19A1)"
"""

from __future__ import annotations


class BridgeError(ValueError):
    """Base class of every error the rule model raises."""


class InvalidCallError(BridgeError):
    """Text that does not spell a call (unknown word, level 0 or 8, junk)."""


class InvalidAuctionError(BridgeError):
    """An auction text that is malformed as a whole (brackets, ``?``, views)."""


class IllegalCallError(BridgeError):
    """A well-formed call that the Laws forbid at its place in the auction.

    ``position`` counts calls from 1, as the message does; ``law`` names the
    paragraph that forbids the call (``"18D"``, ``"19A1"``, ``"39"``...) and
    ``rectification`` the Law that treats the irregularity at the table.
    """

    def __init__(
        self,
        call: str,
        position: int,
        reason: str,
        law: str,
        rectification: str | None = None,
    ) -> None:
        super().__init__(f"illegal call {call!r} at {position}: {reason} (Law {law})")
        self.call = call
        self.position = position
        self.reason = reason
        self.law = law
        self.rectification = rectification


class InvalidHandError(BridgeError):
    """A hand that is unreadable or does not hold exactly 13 distinct cards."""


class InvalidDealError(BridgeError):
    """A deal whose hands are unreadable or share a card."""


class InvalidNotationError(BridgeError):
    """An unknown notation profile, seat, vulnerability, range or similar token."""
