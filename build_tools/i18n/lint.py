"""Checks for translators: what a translation must keep of its source.

Numbers and suit symbols of the source must appear in the translation as often
as in the source (a calls's notation may change, ``1BA`` becoming ``1NT``, but
its level and suit may not), and inline emphasis must stay balanced.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from babel.messages.catalog import Catalog, Message

_NUMBER = re.compile(r"\d+")
_SUITS = "♣♦♥♠"


def problems(message: Message) -> Iterator[str]:
    """What ``message``'s translation lost of its source; nothing when untranslated.

    >>> from babel.messages.catalog import Message
    >>> list(problems(Message("1♥ i 2♠", "1♥ and 2♣", context="x")))
    ['suit symbols differ: source has ♠, translation has ♣']
    >>> list(problems(Message("14-18", "14–17", context="x")))
    ['numbers differ: source has 18, translation has 17']
    """
    source, target = str(message.id), str(message.string or "")
    if not target:
        return
    missing = Counter(_NUMBER.findall(source)) - Counter(_NUMBER.findall(target))
    extra = Counter(_NUMBER.findall(target)) - Counter(_NUMBER.findall(source))
    if missing or extra:
        yield (f"numbers differ: source has {' '.join(sorted(missing.elements())) or 'none more'}, "
               f"translation has {' '.join(sorted(extra.elements())) or 'none more'}")
    got = Counter(c for c in target if c in _SUITS)
    want = Counter(c for c in source if c in _SUITS)
    if got != want:
        yield (f"suit symbols differ: source has {''.join(sorted((want - got).elements())) or 'none more'}, "
               f"translation has {''.join(sorted((got - want).elements())) or 'none more'}")
    if source.count("*") % 2 == 0 and target.count("*") % 2:
        yield "unbalanced '*' (emphasis) in the translation"


def lint(catalog: Catalog) -> Iterator[tuple[Message, str]]:
    for message in catalog:
        if message.id and not message.fuzzy:
            for problem in problems(message):
                yield message, problem
