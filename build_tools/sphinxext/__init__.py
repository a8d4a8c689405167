"""Sphinx extension of the handbook: anchors, points, suits, untranslated markers,
examples, inline references, links to the Laws, auctions and hands, breaks in long words, and the language switcher,
one module per family; the generated blocks (quick reference, index, "but see", alert card) are set up by their
own modules in :mod:`build_tools.generated`.

Add ``build_tools.sphinxext`` to ``extensions``; every module's nodes have HTML,
LaTeX and text visitors.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

from build_tools.generated.articles import setup_articles
from build_tools.generated.butsee import setup_butsee
from build_tools.generated.callindex import setup_callindex
from build_tools.generated.card import setup_card
from build_tools.generated.quickref import setup_quickref
from build_tools.sphinxext.anchors import setup_anchors
from build_tools.sphinxext.appendix import setup_appendix
from build_tools.sphinxext.ask import setup_ask
from build_tools.sphinxext.breaks import setup_breaks
from build_tools.sphinxext.call_search import setup_call_search
from build_tools.sphinxext.editions import setup_editions
from build_tools.sphinxext.examples import setup_examples
from build_tools.sphinxext.inline import setup_inline
from build_tools.sphinxext.languages import setup_languages
from build_tools.sphinxext.laws import setup_laws
from build_tools.sphinxext.navigation import setup_navigation
from build_tools.sphinxext.points import setup_points
from build_tools.sphinxext.search import setup_search
from build_tools.sphinxext.suits import setup_suits
from build_tools.sphinxext.tables import setup_tables
from build_tools.sphinxext.theme_words import setup_theme_words
from build_tools.sphinxext.untranslated import setup_untranslated


def setup(app: Sphinx) -> dict[str, Any]:
    setup_anchors(app)
    setup_points(app)
    setup_suits(app)
    setup_breaks(app)
    setup_untranslated(app)
    setup_theme_words(app)
    setup_examples(app)
    setup_appendix(app)
    setup_inline(app)
    setup_laws(app)
    setup_tables(app)
    setup_articles(app)
    setup_quickref(app)
    setup_callindex(app)
    setup_butsee(app)
    setup_card(app)
    setup_languages(app)
    setup_search(app)
    setup_call_search(app)
    setup_ask(app)
    setup_editions(app)
    setup_navigation(app)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
