"""The inline markup of document text, and its escaping into MyST.

Document text is plain text; the only markup is ``*emphasis*``. Everything else
that Markdown or MyST would read as syntax (raw HTML, roles, directives, links,
list markers) is escaped, so content can never inject markup into a page.

>>> to_myst("Punkty 1-3 *obowiązują* <b>tu</b>")
'Punkty 1\\\\-3 *obowiązują* \\\\<b\\\\>tu\\\\<\\\\/b\\\\>'
>>> to_myst("a * b")
'a \\\\* b'
"""

from __future__ import annotations

import re
import string

_EMPHASIS = re.compile(r"\*(?=\S)([^*]*?\S)\*")
_ESCAPED = frozenset(string.punctuation)


def escape(text: str) -> str:
    """Backslash-escape every ASCII punctuation character (CommonMark allows all)."""
    return "".join("\\" + ch if ch in _ESCAPED else ch for ch in text)


def to_myst(text: str) -> str:
    """Escape ``text`` for MyST, keeping ``*emphasis*`` pairs as emphasis."""
    text = " ".join(text.split())
    out: list[str] = []
    last = 0
    for match in _EMPHASIS.finditer(text):
        out.append(escape(text[last:match.start()]))
        out.append("*" + escape(match.group(1)) + "*")
        last = match.end()
    out.append(escape(text[last:]))
    return "".join(out)


def plain(text: str) -> str:
    """The text without markup, as a reader sees it (for titles in metadata).

    >>> plain("a *b* c")
    'a b c'
    """
    return " ".join(_EMPHASIS.sub(r"\1", text).split())
