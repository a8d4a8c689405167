"""Suit symbols in colour: hearts and diamonds red, spades and clubs black.

A transform wraps every ♣♦♥♠ of the text in a :class:`suit` node, so authors
write plain symbols and every output format colours them its own way: a CSS
class in HTML; in LaTeX the symbol itself, which the preamble routes to a font
that has it and colours (see :data:`LATEX_PREAMBLE`).
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.writers.html5 import HTML5Translator
from sphinx.writers.latex import LaTeXTranslator
from sphinx.writers.text import TextTranslator

SUITS = {"♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades"}
_SUIT_RE = re.compile("([♣♦♥♠])")

#: Routes the suit symbols to DejaVu Sans (the Noto text fonts lack them) and
#: colours the red ones; used for every language's PDF.
LATEX_PREAMBLE = r"""
\usepackage{newunicodechar}
\newfontfamily\hbsuitfont{DejaVu Sans}
\definecolor{hbred}{RGB}{200,16,46}
\newunicodechar{♠}{\texorpdfstring{{\hbsuitfont\symbol{"2660}}}{\unichar{"2660}}}
\newunicodechar{♣}{\texorpdfstring{{\hbsuitfont\symbol{"2663}}}{\unichar{"2663}}}
\newunicodechar{♥}{\texorpdfstring{{\hbsuitfont\textcolor{hbred}{\symbol{"2665}}}}{\unichar{"2665}}}
\newunicodechar{♦}{\texorpdfstring{{\hbsuitfont\textcolor{hbred}{\symbol{"2666}}}}{\unichar{"2666}}}
"""


class suit(nodes.Inline, nodes.TextElement):
    """One suit symbol; ``suit`` is clubs, diamonds, hearts or spades."""


class ColourSuits(SphinxTransform):
    default_priority = 800

    def apply(self, **kwargs: Any) -> None:
        for text in list(self.document.findall(nodes.Text)):
            parent = text.parent
            if parent is None or isinstance(parent, (nodes.literal_block, nodes.raw, suit, nodes.literal)):
                continue
            value = text.astext()
            if not _SUIT_RE.search(value):
                continue
            pieces: list[nodes.Node] = []
            for piece in _SUIT_RE.split(value):
                if not piece:
                    continue
                if piece in SUITS:
                    pieces.append(suit(piece, piece, suit=SUITS[piece], classes=["suit", f"suit-{SUITS[piece]}"]))
                else:
                    pieces.append(nodes.Text(piece))
            index = parent.index(text)
            parent.remove(text)
            for offset, new in enumerate(pieces):
                parent.insert(index + offset, new)


def visit_suit_html(self: HTML5Translator, node: suit) -> None:
    self.body.append(self.starttag(node, "span", ""))


def depart_suit_html(self: HTML5Translator, node: suit) -> None:
    self.body.append("</span>")


def visit_suit_plain(self: LaTeXTranslator | TextTranslator, node: suit) -> None:
    # The text child is written as is: LaTeX's preamble handles the glyph.
    pass


def depart_suit_plain(self: LaTeXTranslator | TextTranslator, node: suit) -> None:
    pass


def setup_suits(app: Sphinx) -> None:
    app.add_node(
        suit,
        html=(visit_suit_html, depart_suit_html),
        latex=(visit_suit_plain, depart_suit_plain),
        text=(visit_suit_plain, depart_suit_plain),
    )
    app.add_transform(ColourSuits)
