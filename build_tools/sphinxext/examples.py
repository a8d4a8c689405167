"""Examples: a bidding diagram, hand diagrams and a caption, as one numbered unit::

    ::::{hb-example} 1)
    :id: splinter-1

    :::{list-table}
    ...
    :::
    ::::

The renderer lays out the diagrams (as tables, with the rule model's reading of
the auction); this node gives the example its anchor, its display number and a
frame in HTML and LaTeX.
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.texescape import escape as tex_escape
from sphinx.writers.html5 import HTML5Translator
from sphinx.writers.latex import LaTeXTranslator
from sphinx.writers.text import TextTranslator


class example(nodes.General, nodes.Element):
    """An example; ``number`` is its display number or ''."""


class ExampleDirective(SphinxDirective):
    has_content = True
    optional_arguments = 1
    final_argument_whitespace = True
    # ``editorial``: the handbook's own example, set apart from the regulation's.
    option_spec = {"id": directives.unchanged_required, "editorial": directives.flag}

    def run(self) -> list[nodes.Node]:
        classes = ["hb-example", *(["hb-editorial-example"] if "editorial" in self.options else [])]
        node = example("", classes=classes, number=self.arguments[0].strip() if self.arguments else "")
        if "id" in self.options:
            node["ids"].append(self.options["id"])
        self.set_source_info(node)
        self.state.nested_parse(self.content, self.content_offset, node)
        return [node]


def visit_html(self: HTML5Translator, node: example) -> None:
    self.body.append(self.starttag(node, "div", ""))
    if node["number"]:
        self.body.append(f'<span class="hb-example-number">{self.encode(node["number"])}</span>')


def depart_html(self: HTML5Translator, node: example) -> None:
    self.body.append("</div>\n")


def visit_latex(self: LaTeXTranslator, node: example) -> None:
    number = tex_escape(node["number"], self.config.latex_engine)
    self.body.append("\n\\begin{hbexample}{" + number + "}")
    for node_id in node["ids"]:
        self.body.append(self.hypertarget(node_id, anchor=True))


def depart_latex(self: LaTeXTranslator, node: example) -> None:
    self.body.append("\\end{hbexample}\n")


def visit_text(self: TextTranslator, node: example) -> None:
    self.new_state(2)
    if node["number"]:
        self.add_text(node["number"] + " ")


def depart_text(self: TextTranslator, node: example) -> None:
    self.end_state()


def setup_examples(app: Sphinx) -> None:
    app.add_node(
        example,
        html=(visit_html, depart_html),
        latex=(visit_latex, depart_latex),
        text=(visit_text, depart_text),
    )
    app.add_directive("hb-example", ExampleDirective)
