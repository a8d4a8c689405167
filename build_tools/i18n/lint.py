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

from build_tools.document import NUMBER_SUFFIX
from build_tools.i18n.notation import markup_problems

_NUMBER = re.compile(r"\d+")
# A display number written in words that its translation writes in figures, or
# the other way round ("第九节" and "Section 9", "Раздел IV -" and "第四章 -"):
# Chinese numerals where they number something (第…, …、 at the start), and
# Roman numerals ("I.", "IV", but not "X" or "XX", a double and a redouble in
# several notations). Only display numbers are read so: in a sentence "第四花色" is the
# fourth suit, a word, which a translation may well write as one.
_CHINESE_ORDINAL = re.compile(r"第([零一二两三四五六七八九十百]+)|^([一二三四五六七八九十]+)、")
_ROMAN = re.compile(r"\b(?!X+\b)(?=[IVXLC]+\b)C{0,3}(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})\b")
_CHINESE_DIGITS = {c: n for n, c in enumerate("零一二三四五六七八九")} | {"两": 2}
_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


def _chinese_number(numeral: str) -> int:
    """A Chinese numeral's value.

    >>> [_chinese_number(n) for n in ("九", "十", "十二", "二十九", "一百零五")]
    [9, 10, 12, 29, 105]
    """
    total, digit = 0, 0
    for char in numeral:
        if char in ("十", "百"):
            total += (digit or 1) * (10 if char == "十" else 100)
            digit = 0
        else:
            digit = _CHINESE_DIGITS[char]
    return total + digit


def _roman_number(numeral: str) -> int:
    """A Roman numeral's value.

    >>> [_roman_number(n) for n in ("IV", "IX", "XIV", "CL")]
    [4, 9, 14, 150]
    """
    values = [_ROMAN_VALUES[char] for char in numeral]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))


def display_numbers(text: str) -> list[str]:
    """The numbers a display number says, in figures, Chinese or Roman numerals.

    >>> [display_numbers(n) for n in ("第九节", "Section 9", "一、", "Раздел IV -", "第四章 -")]
    [['9'], ['9'], ['1'], ['4'], ['4']]
    >>> display_numbers("统一 1♣ XX"), display_numbers("I."), display_numbers("V.")
    (['1'], ['1'], ['5'])
    """
    found = _NUMBER.findall(text)
    found += [str(_chinese_number(a or b)) for a, b in _CHINESE_ORDINAL.findall(text)]
    found += [str(_roman_number(match.group(0))) for match in _ROMAN.finditer(text) if match.group(0)]
    return found
# A %-conversion as Python reads it; without its conversion letter it is a stray '%'.
_FORMAT = re.compile(r"%(?:\((?P<name>[^)]*)\))?[-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?(?P<conversion>[diouxXeEfFgGcrsa%])?")


def problems(message: Message, source: str = "", target: str = "") -> Iterator[str]:
    """What ``message``'s translation from language ``source`` into ``target``
    lost or changed of its source; nothing when untranslated.

    Numbers must stay; calls and suits are compared as the bridge model reads
    them, in each side's notation (``1BA`` and ``1NT`` are one call; a Russian
    ``тб`` and ``♣♦`` are the same two suits), and a call written in another
    language's notation is one the reader cannot read (``3BA`` in Russian).
    Auctions and hands in roles, link targets and emphasis must survive.

    >>> from babel.messages.catalog import Message
    >>> list(problems(Message("1♥ i 2♠", "1♥ and 2♣", context="x"), "pl", "en"))
    ['calls differ: the source has 2♠, the translation has 2♣', 'suits differ: the source has ♠, the translation has ♣']
    >>> list(problems(Message("14-18", "14–17", context="x")))
    ['numbers differ: source has 18, translation has 17']
    >>> list(problems(Message("3 тб", "3♣♦", context="x"), "ru", "en"))
    []
    >>> list(problems(Message("3БК", "3BA", context="x"), "ru", "ru"))
    ["call '3BA' is not in Russian notation (write 3БК)"]
    """
    source_text, text = str(message.id), str(message.string or "")
    if not text.strip():
        return
    read = display_numbers if str(message.context or "").endswith(NUMBER_SUFFIX) else _NUMBER.findall
    missing = Counter(read(source_text)) - Counter(read(text))
    extra = Counter(read(text)) - Counter(read(source_text))
    if missing or extra:
        yield (f"numbers differ: source has {' '.join(sorted(missing.elements())) or 'none more'}, "
               f"translation has {' '.join(sorted(extra.elements())) or 'none more'}")
    yield from markup_problems(source_text, text, source or "en", target or source or "en")
    if source_text.count("*") % 2 == 0 and text.count("*") % 2:
        yield "unbalanced '*' (emphasis) in the translation"


#: A translator's comment ``# handbook-lint: ignore numbers`` silences one kind
#: of check for its entry, where the source itself is wrong (a digit 3 typed for
#: the letter З) and the translation cannot follow it.
_IGNORE = re.compile(r"handbook-lint:\s*ignore\s+([\w ,]+)")


def lint(catalog: Catalog, source: str = "", target: str = "") -> Iterator[tuple[Message, str]]:
    for message in catalog:
        if message.id and not message.fuzzy:
            ignored = {word.strip() for comment in message.user_comments
                       for match in _IGNORE.finditer(comment) for word in match.group(1).split(",")}
            for problem in problems(message, source, target):
                if problem.split()[0] not in ignored:
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
