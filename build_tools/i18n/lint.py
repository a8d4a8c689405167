"""Checks for translators: what a translation must keep of its source.

Numbers and suit symbols of the source must appear in the translation as often
as in the source (a calls's notation may change, ``1BA`` becoming ``1NT``, but
its level and suit may not), and inline emphasis must stay balanced. Interface
strings are ``%``-formatted by the templates: their translations must keep the
placeholders of the source, and write a percent sign as ``%%``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from babel.messages.catalog import Catalog, Message

_NUMBER = re.compile(r"\d+")
# A %-conversion as Python reads it; without its conversion letter it is a stray '%'.
_FORMAT = re.compile(r"%(?:\((?P<name>[^)]*)\))?[-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?(?P<conversion>[diouxXeEfFgGcrsa%])?")
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
    if not target.strip():
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


def blank(message: Message) -> bool:
    """Whether ``message`` is translated with blanks only (which counts as untranslated)."""
    string = message.string
    return isinstance(string, str) and bool(string) and not string.strip()


def _conversions(text: str) -> Iterator[tuple[int, str, bool]]:
    """(offset, text, complete) of every ``%`` conversion of ``text`` but ``%%``."""
    for match in _FORMAT.finditer(text):
        if match.group() != "%%":
            yield match.start(), match.group(), match.group("conversion") is not None


def format_problems(message: Message) -> Iterator[tuple[int, int | None, str]]:
    """What a translation of the ``%``-formatted ``message`` would break: yields
    (index of the msgstr, offset in it or ``None`` for the whole, problem).

    >>> from babel.messages.catalog import Message
    >>> list(format_problems(Message("%(n)s of %(total)s", "%(n)s z %(totl)s")))
    [(0, 8, "placeholder '%(totl)s' is not in the source text (it has %(n)s, %(total)s)"), \
(0, None, "placeholder '%(total)s' of the source text is missing from the translation")]
    >>> list(format_problems(Message("Done (%(p)s %%).", "Gotowe (%(p)s %).")))
    [(0, 14, "stray '%': write %% for a percent sign")]
    """
    if message.fuzzy:
        return
    sources = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
    targets = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
    wanted = {spec for source in sources for _, spec, _ in _conversions(str(source))}
    for index, target in enumerate(targets):
        if not target or not target.strip():
            continue
        found: set[str] = set()
        for offset, spec, complete in _conversions(target):
            found.add(spec)
            if not complete:
                yield index, offset, "stray '%': write %% for a percent sign"
            elif spec not in wanted:
                has = f" (it has {', '.join(sorted(wanted))})" if wanted else "; write %% for a percent sign"
                yield index, offset, f"placeholder '{spec}' is not in the source text{has}"
        if len(sources) == 1:  # a plural form may leave out what the others say
            for spec in sorted(wanted - found):
                yield index, None, f"placeholder '{spec}' of the source text is missing from the translation"
