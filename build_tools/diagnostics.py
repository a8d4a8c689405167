"""Diagnostics in compiler format, shared by every stage.

A stage that finds problems in its input collects them as :class:`Diagnostic`
values and raises one :class:`DiagnosticError` carrying all of them, so the user
sees every problem of a run at once, each on one line::

    source/x.yaml:12:5: error: unknown key 'titel' in section 'openings'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

_CONTROL = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029]")


def _escape(match: re.Match[str]) -> str:
    r"""A control character as Python writes it in a string.

    >>> Diagnostic("x.yaml", 1, 1, "invalid id 'a\nb'").message
    "invalid id 'a\\nb'"
    """
    return repr(match.group())[1:-1]


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem at one place; ``line`` and ``column`` are 1-based (0 when unknown).

    >>> print(Diagnostic("source/x.yaml", 12, 5, "unknown key 'titel' in section 'openings'"))
    source/x.yaml:12:5: error: unknown key 'titel' in section 'openings'
    """

    path: str
    line: int
    column: int
    message: str
    severity: str = "error"

    def __post_init__(self) -> None:
        # One problem, one line: a message quoting bad input (an id holding a
        # line break) shows its control characters as escapes.
        if _CONTROL.search(self.message):
            object.__setattr__(self, "message", _CONTROL.sub(_escape, self.message))

    @property
    def place(self) -> str:
        """``path:line:column``, as far as it is known."""
        if not self.line:
            return self.path
        return f"{self.path}:{self.line}:{self.column}" if self.column else f"{self.path}:{self.line}"

    def __str__(self) -> str:
        return f"{self.place}: {self.severity}: {self.message}"


class DiagnosticError(Exception):
    """Raised by a stage whose input has errors; ``diagnostics`` lists them all."""

    def __init__(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.diagnostics = tuple(diagnostics)
        super().__init__("\n".join(str(d) for d in self.diagnostics))

    def __reduce__(self) -> tuple[type[DiagnosticError], tuple[tuple[Diagnostic, ...]]]:
        # Raised in a worker process (languages render in parallel), it crosses back whole.
        return (DiagnosticError, (self.diagnostics,))
