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

import re

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


#: What may stand between the text that introduces an example and the example:
#: the ends of the lists (points) that text is the last of.
_LIST_ENDS = re.compile(r"(\s*\\end\{(?:hbpoint|description|itemize|enumerate)\})*\s*")


def keep_with_next(body: list[str]) -> None:
    r"""Before the ends of lists that close the text introducing an example,
    ``\hbkeepwithnext``: a list's end offers a page break, which would leave
    that text at the foot of a page and the example at the top of the next.
    After another example (or with no list end between) nothing is written.

    >>> body = ["\\sphinxAtStartPar\nText.\n", "\\end{hbpoint}\n", "\\end{hbpoint}\n", "\n"]
    >>> keep_with_next(body); body[1]
    '\\hbkeepwithnext\n'
    >>> body = ["\\end{hbexample}\n", "\\end{hbpoint}\n"]
    >>> keep_with_next(body); body
    ['\\end{hbexample}\n', '\\end{hbpoint}\n']
    >>> body = ["\\sphinxAtStartPar\nText.\n", "\n"]
    >>> keep_with_next(body); body
    ['\\sphinxAtStartPar\nText.\n', '\n']
    """
    at = len(body)
    while at > 0 and _LIST_ENDS.fullmatch(body[at - 1]):
        at -= 1
    if at in (0, len(body)) or "\\end{" not in "".join(body[at:]) or body[at - 1].rstrip().endswith("\\end{hbexample}"):
        return
    body.insert(at, "\\hbkeepwithnext\n")


def visit_latex(self: LaTeXTranslator, node: example) -> None:
    keep_with_next(self.body)
    # The anchor first, then the title: a reference lands on the title, and the
    # anchor marks where the example starts on its page.
    self.body.append("\n\\begin{hbexample}")
    for node_id in node["ids"]:
        self.body.append(self.hypertarget(node_id, anchor=True))
    if node["number"]:
        self.body.append("\\hbexampletitle{" + tex_escape(node["number"], self.config.latex_engine) + "}")


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
