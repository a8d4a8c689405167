"""The visible marker on a text shown in the original language because its
translation is missing or fuzzy: ``{hb-untranslated}`label```, where the label
(already in the reader's language) is what the badge says."""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.parsers.rst.states import Inliner
from sphinx.application import Sphinx
from sphinx.util.texescape import escape as tex_escape
from sphinx.writers.html5 import HTML5Translator
from sphinx.writers.latex import LaTeXTranslator
from sphinx.writers.text import TextTranslator

from build_tools.markup import role_text


class untranslated(nodes.Inline, nodes.TextElement):
    """A badge saying that the text after it is not yet translated."""


def untranslated_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Inliner,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    label = role_text(text).strip()
    return [untranslated(label, label, classes=["hb-untranslated"])], []


def visit_html(self: HTML5Translator, node: untranslated) -> None:
    self.body.append(self.starttag(node, "span", "", title=node.astext()))


def depart_html(self: HTML5Translator, node: untranslated) -> None:
    self.body.append("</span> ")


def visit_latex(self: LaTeXTranslator, node: untranslated) -> None:
    # A box cannot travel into the table of contents and PDF bookmarks; in
    # print the heading shows the text alone.
    if self.in_title:
        raise nodes.SkipNode
    self.body.append(r"\hbuntranslated{" + tex_escape(node.astext(), self.config.latex_engine) + "} ")
    raise nodes.SkipNode


def visit_text(self: TextTranslator, node: untranslated) -> None:
    self.add_text(f"[{node.astext()}] ")
    raise nodes.SkipNode


def setup_untranslated(app: Sphinx) -> None:
    app.add_node(
        untranslated,
        html=(visit_html, depart_html),
        latex=(visit_latex, None),
        text=(visit_text, None),
    )
    app.add_role("hb-untranslated", untranslated_role)
