"""The LaTeX the extension writes, checked without TeX: each visitor called on
its node with the little of a translator it reads, and the per-language
settings as conf.py takes them. A mutation of either fails here in seconds,
not after a book is typeset."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from docutils import nodes

from build_tools.sphinxext.latex import PAPERS, TEX_LANGUAGES, latex_elements_for

#: Every special character of LaTeX, as a translator may type it into a label.
HOSTILE = r"a_b & {c} #1 %x $y ^z ~w \relax"
ESCAPED = r"a\_b \& \{c\} \#1 \%x \$y \textasciicircum{}z \textasciitilde{}w \textbackslash{}relax"


@pytest.fixture(autouse=True)
def _texescape() -> None:
    # Sphinx's LaTeX builder (and conf.py) fill the escaping tables before any visitor runs.
    from sphinx.util import texescape

    texescape.init()


def _translator(in_title: bool = False) -> SimpleNamespace:
    return SimpleNamespace(in_title=in_title, body=[], context=[], config=SimpleNamespace(latex_engine="xelatex"))


def test_an_untranslated_badge_reaches_latex_escaped() -> None:
    from build_tools.sphinxext.untranslated import untranslated, visit_latex

    translator = _translator()
    with pytest.raises(nodes.SkipNode):
        visit_latex(translator, untranslated(HOSTILE, HOSTILE))  # type: ignore[arg-type]
    assert translator.body == [r"\hbuntranslated{" + ESCAPED + "} "]


def test_an_untranslated_badge_in_a_title_writes_nothing() -> None:
    # A title travels to the bookmarks and the running heads, where a box means nothing.
    from build_tools.sphinxext.untranslated import untranslated, visit_latex

    translator = _translator(in_title=True)
    with pytest.raises(nodes.SkipNode):
        visit_latex(translator, untranslated("x", "x"))  # type: ignore[arg-type]
    assert translator.body == []


def test_an_untranslated_notice_reaches_latex_escaped() -> None:
    from build_tools.sphinxext.untranslated import untranslated_notice, visit_notice_latex

    translator = _translator()
    with pytest.raises(nodes.SkipNode):
        visit_notice_latex(translator, untranslated_notice(HOSTILE, HOSTILE))  # type: ignore[arg-type]
    assert translator.body == ["\n\\hbuntranslatednotice{" + ESCAPED + "}\n"]


@pytest.mark.parametrize("language", [*TEX_LANGUAGES, "zh_CN"])
def test_the_a5_book_alone_widens_tabularys_narrowest_column(language: str) -> None:
    # On the A5 page tabulary squeezed a column of calls to \tymin, Sphinx's
    # three digits, narrower than "2NT" or "2БК"; 3em holds them. The A4 page
    # keeps Sphinx's.
    setting = "\\setlength{\\tymin}{3em}\n"
    a5, a4 = (latex_elements_for(language, paper)["preamble"] for paper in ("a5", "a4"))
    assert a5.count(setting) == 1
    assert "tymin" not in a4
    assert PAPERS == ("a4", "a5")


def test_an_unknown_paper_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown paper 'a6'"):
        latex_elements_for("pl", "a6")
