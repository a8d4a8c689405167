"""The board table of the Laws (Law 2): a board's number names its dealer and
its vulnerability, repeating every 16 boards.

>>> Board(7).dealer, Board(7).vulnerability
(Seat.SOUTH, Vulnerability.BOTH)
>>> Board(17) == Board(1), str(Board(16).vulnerability)
(False, 'EW')
>>> Board(0)
Traceback (most recent call last):
...
build_tools.bridge.errors.InvalidNotationError: board number 0 must be a whole number from 1
"""

from __future__ import annotations

from dataclasses import dataclass

from .basics import Seat, Vulnerability
from .errors import InvalidNotationError

# Vulnerability rotates by one each round of four boards: None NS EW All,
# then NS EW All None, and so on.
_ROTATION = (Vulnerability.NONE, Vulnerability.NORTH_SOUTH, Vulnerability.EAST_WEST, Vulnerability.BOTH)


@dataclass(frozen=True, slots=True)
class Board:
    """A board by its number (from 1); boards ``n`` and ``n + 16`` are dealt alike."""

    number: int

    def __post_init__(self) -> None:
        if isinstance(self.number, bool) or not isinstance(self.number, int) or self.number < 1:
            raise InvalidNotationError(f"board number {self.number!r} must be a whole number from 1")

    @property
    def dealer(self) -> Seat:
        return Seat((self.number - 1) % 4)

    @property
    def vulnerability(self) -> Vulnerability:
        index = (self.number - 1) % 16
        return _ROTATION[(index % 4 + index // 4) % 4]


__all__ = ["Board"]
