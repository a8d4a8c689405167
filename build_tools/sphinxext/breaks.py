"""Break opportunities in very long words.

A word longer than a line cannot be hyphenated by TeX unless its language's
patterns know it, and in a table column it makes the column wider than TeX's
largest dimension ("Dimension too large": a 3,000-letter word stopped the
PDF). On a phone it pushes the page sideways. Words past
:data:`LONG_WORD` characters get a :class:`wordbreak` every
:data:`BREAK_EVERY` characters: ``<wbr>`` in HTML, ``\\allowbreak`` in LaTeX,
nothing in plain text, so the word reads the same and breaks only where it must.
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.writers.html5 import HTML5Translator
from sphinx.writers.latex import LaTeXTranslator

#: No regulation's word is this long; a hyphenation dictionary handles shorter ones.
LONG_WORD = 40
BREAK_EVERY = 20

_LONG = re.compile(rf"\S{{{LONG_WORD + 1},}}")


class wordbreak(nodes.Inline, nodes.Element):
    """A place where a long word may break across lines."""


def pieces(text: str) -> list[str]:
    """``text`` cut before every :data:`BREAK_EVERY` characters of its long words
    (``""`` stands for a break).

    >>> pieces("ab " + "x" * 45 + " cd")
    ['ab xxxxxxxxxxxxxxxxxxxx', '', 'xxxxxxxxxxxxxxxxxxxx', '', 'xxxxx cd']
    >>> pieces("short words only")
    ['short words only']
    """
    out: list[str] = []
    last = 0
    current = ""
    for match in _LONG.finditer(text):
        current += text[last : match.start()]
        word = match.group()
        for start in range(0, len(word), BREAK_EVERY):
            if start:
                out += [current, ""]
                current = ""
            current += word[start : start + BREAK_EVERY]
        last = match.end()
    out.append(current + text[last:])
    return out


class BreakLongWords(SphinxTransform):
    default_priority = 810  # after the suit symbols have their own nodes

    def apply(self, **kwargs: Any) -> None:
        for text in list(self.document.findall(nodes.Text)):
            parent = text.parent
            if parent is None or isinstance(parent, (nodes.literal_block, nodes.raw, nodes.literal)):
                continue
            if any(isinstance(a, (nodes.title, nodes.literal_block)) for a in _ancestors(parent)):
                continue  # titles go to bookmarks and the contents, where a break means nothing
            value = text.astext()
            if not _LONG.search(value):
                continue
            new = [wordbreak() if piece == "" else nodes.Text(piece) for piece in pieces(value)]
            index = parent.index(text)
            parent.remove(text)
            for offset, node in enumerate(new):
                parent.insert(index + offset, node)


def _ancestors(node: nodes.Node) -> list[nodes.Node]:
    out = []
    while node is not None:
        out.append(node)
        node = node.parent
    return out


def visit_html(self: HTML5Translator, node: wordbreak) -> None:
    self.body.append("<wbr>")
    raise nodes.SkipNode


def visit_latex(self: LaTeXTranslator, node: wordbreak) -> None:
    self.body.append(r"\allowbreak{}")
    raise nodes.SkipNode


def visit_skip(self: Any, node: wordbreak) -> None:
    raise nodes.SkipNode


def setup_breaks(app: Sphinx) -> None:
    app.add_node(wordbreak, html=(visit_html, None), latex=(visit_latex, None), text=(visit_skip, None))
    app.add_transform(BreakLongWords)
