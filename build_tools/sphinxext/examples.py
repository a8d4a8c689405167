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

An article's consecutive editorial examples are one table, a row each, whose
first cell opens with the example's anchor::

    ::::{hb-example-run}
    :id: ex-1
    :reference: Editorial examples: %(numbers)s, p. %(page)s
    :appendix: Editorial examples

    :::{list-table}
    * - {hb-example-row}`ex-1`1♣
      - ...
    :::
    ::::

The A5 book moves the tables to an appendix (:mod:`.appendix`), which numbers
the rows (``A.1``) and leaves the ``reference`` in the article.
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.parsers.rst.states import Inliner
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.texescape import escape as tex_escape
from sphinx.writers.html5 import HTML5Translator
from sphinx.writers.latex import LaTeXTranslator
from sphinx.writers.text import TextTranslator

from build_tools.markup import role_text


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


class example_run(nodes.General, nodes.Element):
    """An article's consecutive editorial examples, one table; ``reference``
    and ``appendix`` are the translated words the A5 book needs to move it."""


class example_row(nodes.Inline, nodes.TextElement):
    """The anchor of an example that is a row of a run; ``number`` its number
    in the A5 book's appendix (``A.12``), or ''."""


class ExampleRunDirective(SphinxDirective):
    has_content = True
    option_spec = {"id": directives.unchanged_required, "reference": directives.unchanged_required,
                   "appendix": directives.unchanged_required}

    def run(self) -> list[nodes.Node]:
        node = example_run("", classes=["hb-example-run"], reference=self.options.get("reference", ""),
                           appendix=self.options.get("appendix", ""))
        if "id" in self.options:
            # The run's anchor is its first row's: the first example's id.
            node["run"] = self.options["id"]
        self.set_source_info(node)
        self.state.nested_parse(self.content, self.content_offset, node)
        return [node]


def example_row_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Inliner,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    return [example_row("", "", ids=[role_text(text).strip()], number="")], []


def visit_run_html(self: HTML5Translator, node: example_run) -> None:
    self.body.append(self.starttag(node, "div", ""))


def visit_run_latex(self: LaTeXTranslator, node: example_run) -> None:
    keep_with_next(self.body)
    self.body.append("\n\\begin{hbexamplerun}")


def depart_run_latex(self: LaTeXTranslator, node: example_run) -> None:
    self.body.append("\\end{hbexamplerun}\n")


def visit_row_html(self: HTML5Translator, node: example_row) -> None:
    self.body.append(self.starttag(node, "span", "", CLASS="hb-example-row"))
    if node["number"]:
        self.body.append(f'<span class="hb-example-number">{self.encode(node["number"])}</span> ')


def depart_row_html(self: HTML5Translator, node: example_row) -> None:
    self.body.append("</span>")


def visit_row_latex(self: LaTeXTranslator, node: example_row) -> None:
    for node_id in node["ids"]:
        self.body.append(self.hypertarget(node_id, anchor=True))
    if node["number"]:
        self.body.append("\\hbexamplenumber{" + tex_escape(node["number"], self.config.latex_engine) + "}")


def visit_row_text(self: TextTranslator, node: example_row) -> None:
    if node["number"]:
        self.add_text(node["number"] + " ")


def _skip(self: object, node: nodes.Node) -> None:
    pass


def breakable_runs(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """In print a run's table may break between its rows (a longtable), in
    place as in the A5 book's appendix: an article with many editorial examples
    makes a table taller than what is left of a page, and a table that cannot
    break ran into the running foot or off the paper."""
    if app.builder.format != "latex":
        return
    for run in doctree.findall(example_run):
        for table in run.findall(nodes.table):
            if "longtable" not in table["classes"]:
                table["classes"].append("longtable")


def setup_examples(app: Sphinx) -> None:
    app.add_node(
        example_run,
        html=(visit_run_html, depart_html),
        latex=(visit_run_latex, depart_run_latex),
        text=(_skip, _skip),
    )
    app.add_node(
        example_row,
        html=(visit_row_html, depart_row_html),
        latex=(visit_row_latex, _skip),
        text=(visit_row_text, _skip),
    )
    app.add_directive("hb-example-run", ExampleRunDirective)
    app.connect("doctree-resolved", breakable_runs)
    app.add_role("hb-example-row", example_row_role)
    app.add_node(
        example,
        html=(visit_html, depart_html),
        latex=(visit_latex, depart_latex),
        text=(visit_text, depart_text),
    )
    app.add_directive("hb-example", ExampleDirective)
