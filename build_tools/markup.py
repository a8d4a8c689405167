"""The inline markup of document text, and its escaping into MyST.

Document text is plain text with four kinds of inline markup:

* ``*emphasis*``;
* ``[words](#id)`` and ``[words](other-document#id)``: a cross reference to an
  element of this or another document;
* ``{auction}`1♣-1♥-1ST``` : an auction written in the sentence, in the
  document's notation (read by the rule model, partnership view);
* ``{hand}`♠EDxxx ♥xxx ♦Dxxx ♣x```: a hand written in the sentence.

Everything else that Markdown or MyST would read as syntax (raw HTML, roles,
directives, links, list markers) is escaped, so content can never inject markup
into a page.

>>> to_myst("Punkty 1-3 *obowiązują* <b>tu</b>")
'Punkty 1\\\\-3 *obowiązują* \\\\<b\\\\>tu\\\\<\\\\/b\\\\>'
>>> to_myst("a * b")
'a \\\\* b'
>>> to_myst("(См. [Шлемовая торговля](#slam).)")
'\\\\(См\\\\. {hb-ref}`Шлемовая торговля <#slam>`\\\\.\\\\)'
>>> to_myst("En la secuencia {auction}`1♣-1♥-1ST`, esta")
'En la secuencia {hb-inline-auction}`1♣-1♥-1ST`\\\\, esta'
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from dataclasses import dataclass

_INLINE = re.compile(
    r"\*(?P<em>(?=\S)[^*]*?\S)\*"
    r"|\[(?P<label>[^\[\]`]+)\]\((?P<doc>[a-z][a-z0-9-]*)?#(?P<target>[a-z][a-z0-9-]*)\)"
    r"|\{(?P<role>auction|hand)\}`(?P<content>[^`]+)`"
)
_ESCAPED = re.compile("([" + re.escape(string.punctuation) + "])")


@dataclass(frozen=True, slots=True)
class Inline:
    """One piece of marked-up text: ``kind`` is ``text``, ``em``, ``ref``,
    ``auction`` or ``hand``; ``offset`` is where it starts in the text."""

    kind: str
    text: str
    offset: int
    document: str = ""
    target: str = ""


def parse(text: str) -> Iterator[Inline]:
    """The pieces of ``text`` in order.

    >>> [(p.kind, p.text) for p in parse("see [c1](#c1) and {hand}`♠E`")]
    [('text', 'see '), ('ref', 'c1'), ('text', ' and '), ('hand', '♠E')]
    """
    last = 0
    for match in _INLINE.finditer(text):
        if match.start() > last:
            yield Inline("text", text[last : match.start()], last)
        if match.group("em") is not None:
            yield Inline("em", match.group("em"), match.start("em"))
        elif match.group("label") is not None:
            yield Inline(
                "ref", match.group("label"), match.start("label"),
                document=match.group("doc") or "", target=match.group("target"),
            )
        else:
            yield Inline(match.group("role"), match.group("content"), match.start("content"))
        last = match.end()
    if last < len(text):
        yield Inline("text", text[last:], last)


def escape(text: str) -> str:
    """Backslash-escape every ASCII punctuation character (CommonMark allows all)."""
    return _ESCAPED.sub(r"\\\1", text)


def to_myst(text: str) -> str:
    """Escape ``text`` for MyST, keeping its inline markup as MyST markup."""
    out: list[str] = []
    for piece in parse(" ".join(text.split())):
        if piece.kind == "text":
            out.append(escape(piece.text))
        elif piece.kind == "em":
            out.append("*" + escape(piece.text) + "*")
        elif piece.kind == "ref":
            # Role content is not Markdown: it is taken as written.
            out.append(f"{{hb-ref}}`{piece.text} <{piece.document}#{piece.target}>`")
        else:
            out.append(f"{{hb-inline-{piece.kind}}}`{piece.text}`")
    return "".join(out)


def plain(text: str) -> str:
    """The text without markup, as a reader sees it (for titles in metadata).

    >>> plain("a *b* [c](#d) {auction}`1♣-1♠`")
    'a b c 1♣-1♠'
    """
    return " ".join("".join(piece.text for piece in parse(text)).split())
