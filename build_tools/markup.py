"""The inline markup of document text, and its escaping into MyST.

Document text is plain text with four kinds of inline markup:

* ``*emphasis*``: a star opens emphasis only at the start of a word (after a
  space, an opening bracket or quote) and closes it only at the end of one, so
  the alert marks of ``2♣*/2♦*`` stay stars;
* ``[words](#id)`` and ``[words](other-document#id)``: a cross reference to an
  element of this or another document;
* ``{auction}`1♣-1♥-1ST``` : an auction written in the sentence, in the
  document's notation (read by the rule model, partnership view);
  ``{auction:table}`1♣-P-2♠``` reads it in the table view, and the options
  may add ``dealer=E`` (or ``dealer=?``), ``vulnerability=NS`` and ``board=7``,
  separated by spaces: ``{auction:table board=7}`…```;
* ``{hand}`♠EDxxx ♥xxx ♦Dxxx ♣x```: a hand written in the sentence.

Everything else that Markdown or MyST would read as syntax (raw HTML, roles,
directives, links, list markers) is escaped, so content can never inject markup
into a page.

This module is the one escaping boundary between text and MyST. What it
returns is :class:`MyST`, text already safe to place in a page; the renderer's
templates escape every other value they output (:func:`finalize`), so a value
that skipped this module is shown as text, never read as markup. Three
contexts, three functions:

* running text: :func:`to_myst` (document text, with its inline markup) and
  :func:`text` (interface strings and labels: no markup at all);
* the content of one of the handbook's roles: :func:`role`, whose encoding the
  extension's roles undo with :func:`role_text`;
* a directive's argument or option, or a toctree entry: :func:`verbatim`, for
  single-line values that Markdown never parses there.

>>> to_myst("Punkty 1-3 *obowiązują* <b>tu</b>")
'Punkty 1\\\\-3 *obowiązują* \\\\<b\\\\>tu\\\\<\\\\/b\\\\>'
>>> to_myst("a * b")
'a \\\\* b'
>>> to_myst("(См. [Шлемовая торговля](#slam).)")
'\\\\(См\\\\. {hb-ref}`Шлемовая торговля <#slam>`\\\\.\\\\)'
>>> to_myst("En la secuencia {auction}`1♣-1♥-1ST`, esta")
'En la secuencia {hb-inline-auction}`1♣-1♥-1ST`\\\\, esta'
>>> to_myst("po 2♣*/2♦* partnera")
'po 2♣\\\\*\\\\/2♦\\\\* partnera'
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import string
from collections.abc import Callable, Iterator
from dataclasses import dataclass

# Emphasis opens only where a word starts (start of text, a space, an opening
# bracket, quote or dash before the star) and closes only where one ends: a
# star right after a call (an alert mark, '2♣*/2♦*') is a star.
_OPENS = r"(?<![^\s(\[{\"'„«“‘/—–-])"
_CLOSES = r"(?![^\s)\]}\"'”»’.,;:!?/—–-])"
_INLINE = re.compile(
    _OPENS + r"\*(?P<em>(?=\S)[^*]*?\S)\*" + _CLOSES
    + r"|\[(?P<label>[^\[\]`]+)\]\((?P<doc>[a-z][a-z0-9-]*)?#(?P<target>[a-z][a-z0-9-]*)\)"
    r"|\{(?P<role>auction|hand)(?::(?P<options>[^{}`]*))?\}`(?P<content>[^`]+)`"
)
_ESCAPED = re.compile("([" + re.escape(string.punctuation) + "])")
#: What a single-line field may not hold: line breaks and other control characters.
CONTROL = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029]")


class MyST(str):
    """Text that is already MyST: the renderer's templates output it as it is."""

    __slots__ = ()


class UnsafeValue(ValueError):
    """A value that cannot be placed in MyST where it was asked to go."""


@dataclass(frozen=True, slots=True)
class Inline:
    """One piece of marked-up text: ``kind`` is ``text``, ``em``, ``ref``,
    ``auction`` or ``hand``; ``offset`` is where it starts in the text;
    ``options`` what a role's braces hold after a colon (``table board=7``)."""

    kind: str
    text: str
    offset: int
    document: str = ""
    target: str = ""
    options: str | None = None


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
            yield Inline(match.group("role"), match.group("content"), match.start("content"),
                         options=match.group("options"))
        last = match.end()
    if last < len(text):
        yield Inline("text", text[last:], last)


def escape(text: str) -> str:
    """Backslash-escape every ASCII punctuation character (CommonMark allows all)."""
    return _ESCAPED.sub(r"\\\1", text)


def text(value: object) -> MyST:
    r"""``value`` as plain running text: no markup, whitespace folded to single
    spaces (so no line of it can start a block).

    >>> text("```{raw} html\n<script>")
    '\\`\\`\\`\\{raw\\} html \\<script\\>'
    """
    if isinstance(value, MyST):
        return value
    return MyST(escape(" ".join(str(value).split())))


# Role content is taken as written, up to the first backtick, and a line break
# in it would let the next line start a block: so the content of the handbook's
# roles is encoded without either, and each role decodes it.
_ROLE_ESCAPES = {"\\": "\\\\", "`": "\\x60"}
_ROLE_ESCAPED = re.compile(r"\\(\\|x60)")


def role(name: str, content: object) -> MyST:
    r"""The role ``name`` around ``content``, whatever characters it holds.

    >>> role("hb-page", "12`{raw}")
    '{hb-page}`12\\x60{raw}`'
    >>> role_text(_encode_role("a\\`b"))
    'a\\`b'
    """
    return MyST(f"{{{name}}}`{_encode_role(content)}`")


def in_language(content: MyST, tag: str) -> MyST:
    """``content`` between the ``hb-lang`` markers of language ``tag`` (a
    BCP 47 tag): set, read and hyphenated as that language, inside a page of
    another (build_tools/sphinxext/untranslated.py pairs the markers).

    >>> in_language(MyST("*tak*"), "pl")
    '{hb-lang}`pl`*tak*{hb-lang}`/`'
    """
    return MyST(role("hb-lang", tag) + content + role("hb-lang", "/"))


def _encode_role(content: object) -> str:
    folded = " ".join(str(content).split()) or " "
    return "".join(_ROLE_ESCAPES.get(c, c) for c in folded)


def payload(**fields: str) -> str:
    """Several texts as one role's argument, as data: base64 of their JSON, so
    that no character of theirs (a translator's '|') can be taken for a separator.

    >>> read_payload(payload(label="a|b`c", article="x"))
    {'label': 'a|b`c', 'article': 'x'}
    """
    return base64.urlsafe_b64encode(json.dumps(fields, ensure_ascii=False).encode("utf-8")).decode("ascii")


def read_payload(text: str) -> dict[str, str]:
    """The fields :func:`payload` encoded; raises ``ValueError`` for anything else."""
    try:
        fields = json.loads(base64.urlsafe_b64decode(text.encode("ascii")))
    except (UnicodeError, binascii.Error, json.JSONDecodeError) as exc:
        raise ValueError(f"not a payload: {text!r}") from exc
    if not isinstance(fields, dict) or not all(isinstance(v, str) for v in fields.values()):
        raise ValueError(f"not a payload: {text!r}")
    return fields


def role_text(content: str) -> str:
    """The text a role was given (the inverse of :func:`role`'s encoding)."""
    return _ROLE_ESCAPED.sub(lambda m: "\\" if m.group(1) == "\\" else "`", content)


def verbatim(value: object) -> MyST:
    r"""A single-line value for a place Markdown does not parse (a directive's
    argument or option, a toctree entry). The loader has already refused line
    breaks in such fields; this refuses them again rather than let one through.

    >>> verbatim("1.")
    '1.'
    >>> verbatim("1.\n```{raw} html")
    Traceback (most recent call last):
    ...
    build_tools.markup.UnsafeValue: a line break or control character in '1.\n```{raw} html'
    """
    shown = str(value)
    if CONTROL.search(shown):
        raise UnsafeValue(f"a line break or control character in {shown!r}")
    return MyST(shown.strip())


#: The templates' ``finalize``: every value a template outputs is escaped as
#: plain text unless it is :class:`MyST` already (the output of this module's
#: functions, or of a macro marked ``| safe``), which :func:`text` keeps as it is.
finalize = text


def to_myst(text: str, inline: Callable[[str, str, str | None], str] | None = None) -> MyST:
    """Escape ``text`` for MyST, keeping its inline markup as MyST markup;
    ``inline(kind, text, options)`` may rewrite an auction or hand written in
    the sentence (into the reader's notation)."""
    out: list[str] = []
    for piece in parse(" ".join(text.split())):
        if piece.kind == "text":
            out.append(escape(piece.text))
        elif piece.kind == "em":
            out.append("*" + escape(piece.text) + "*")
        elif piece.kind == "ref":
            out.append(role("hb-ref", f"{piece.text} <{piece.document}#{piece.target}>"))
        else:
            shown = inline(piece.kind, piece.text, piece.options) if inline is not None else piece.text
            out.append(role(f"hb-inline-{piece.kind}", shown))
    return MyST("".join(out))


def plain(text: str) -> str:
    """The text without markup, as a reader sees it (for titles in metadata).

    >>> plain("a *b* [c](#d) {auction}`1♣-1♠`")
    'a b c 1♣-1♠'
    """
    return " ".join("".join(piece.text for piece in parse(text)).split())
