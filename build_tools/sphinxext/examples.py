"""Auction examples: ``:::{hb-auction} AUCTION`` with ``:id:`` and ``:notation:``.

The auction is shown as written in the document's notation; its content is the
caption. (Checking and diagrams come from the rule model.)
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.writers.html5 import HTML5Translator
from sphinx.writers.latex import LaTeXTranslator
from sphinx.writers.text import TextTranslator


class auction_example(nodes.General, nodes.Element):
    """An auction with its caption."""


class AuctionDirective(SphinxDirective):
    has_content = True
    required_arguments = 1
    final_argument_whitespace = True
    option_spec = {"id": directives.unchanged_required, "notation": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        node = auction_example("", classes=["hb-auction"], notation=self.options.get("notation", ""))
        if "id" in self.options:
            node["ids"].append(self.options["id"])
        self.set_source_info(node)
        calls = nodes.paragraph("", "", classes=["hb-auction-calls"])
        calls += nodes.literal(self.arguments[0], self.arguments[0])
        node += calls
        self.state.nested_parse(self.content, self.content_offset, node)
        return [node]


def visit_html(self: HTML5Translator, node: auction_example) -> None:
    self.body.append(self.starttag(node, "div", ""))


def depart_html(self: HTML5Translator, node: auction_example) -> None:
    self.body.append("</div>\n")


def visit_latex(self: LaTeXTranslator, node: auction_example) -> None:
    self.body.append("\n\\begin{hbauction}")
    for node_id in node["ids"]:
        self.body.append(self.hypertarget(node_id, anchor=True))


def depart_latex(self: LaTeXTranslator, node: auction_example) -> None:
    self.body.append("\\end{hbauction}\n")


def visit_text(self: TextTranslator, node: auction_example) -> None:
    self.new_state(2)


def depart_text(self: TextTranslator, node: auction_example) -> None:
    self.end_state()


def setup_examples(app: Sphinx) -> None:
    app.add_node(
        auction_example,
        html=(visit_html, depart_html),
        latex=(visit_latex, depart_latex),
        text=(visit_text, depart_text),
    )
    app.add_directive("hb-auction", AuctionDirective)
