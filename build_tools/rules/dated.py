"""Days and what is in force on them: the dates of editions and of dated
parameter values, written ``YYYY-MM-DD`` (ISO 8601, as OpenFisca's parameters
date theirs), which compare as text in the order of the calendar.

A thing dated ``d`` is in force on every day from ``d`` until the next one's
date: an edition in force from 1 August applies to events on or after it.

>>> check_day("2024-08-01", "effective")
'2024-08-01'
>>> check_day("2024-02-30", "effective")
Traceback (most recent call last):
...
build_tools.rules.errors.VocabularyError: effective: '2024-02-30' is not a day of the calendar (write YYYY-MM-DD, e.g. 2024-08-01)
>>> on_day([("2024-08-01", 12), ("2026-08-01", 11)], "2026-07-31")
12
>>> on_day([("2024-08-01", 12), ("2026-08-01", 11)], "2026-08-01")
11
>>> on_day([("2024-08-01", 12)], "2024-07-31") is None
True
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from typing import TypeVar

from .errors import VocabularyError

_T = TypeVar("_T")
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def check_day(text: object, path: str) -> str:
    """``text`` if it names a day of the calendar as ``YYYY-MM-DD``; else a
    :class:`VocabularyError` at ``path``."""
    if isinstance(text, str) and _DAY.fullmatch(text):
        try:
            datetime.date.fromisoformat(text)
            return text
        except ValueError:
            pass
    raise VocabularyError(path, f"{text!r} is not a day of the calendar (write YYYY-MM-DD, e.g. 2024-08-01)")


def on_day(dated: Sequence[tuple[str, _T]], day: str) -> _T | None:
    """The item of ``dated`` (pairs of a day and a thing, in any order) in
    force on ``day``: the one of the latest day on or before it; ``None``
    before the first."""
    found: tuple[str, _T] | None = None
    for since, item in dated:
        if since <= day and (found is None or since >= found[0]):
            found = (since, item)
    return None if found is None else found[1]
