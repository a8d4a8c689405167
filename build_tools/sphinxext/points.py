"""Points of a regulation, with the display numbers the document gives them.

Lists in regulations carry their own numbering ("1.", "a)", "一、", "(1)") that
readers cite, so it is kept as data rather than left to the output format::

    :::{hb-point} 1.
    :id: openings

    Text of the point.
    :::

A point without a number is a bullet.
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


class point(nodes.General, nodes.Element):
    """A numbered or bulleted point; ``number`` is its display number or ''."""


class PointDirective(SphinxDirective):
    has_content = True
    optional_arguments = 1
    final_argument_whitespace = True
    # ``list-id``: the first point of a list also carries the list's id;
    # ``lang``: the language of a number in the original's script ("一、") on
    # a translated page.
    option_spec = {"id": directives.unchanged_required, "list-id": directives.unchanged_required,
                   "lang": directives.unchanged_required}

    def run(self) -> list[nodes.Node]:
        number = self.arguments[0].strip() if self.arguments else ""
        node = point("", number=number, classes=["hb-point"], lang=self.options.get("lang", ""))
        for option in ("list-id", "id"):
            if option in self.options:
                node["ids"].append(self.options[option])
        self.set_source_info(node)
        self.state.nested_parse(self.content, self.content_offset, node)
        return [node]


def visit_point_html(self: HTML5Translator, node: point) -> None:
    classes = "hb-point hb-numbered" if node["number"] else "hb-point hb-bullet"
    # The point is a flex box of number and body: its further ids (a list's
    # first point carries the list's too) go inside the number, not beside it
    # as docutils would put them, where an empty span is a flex item that
    # pushes the number right of its siblings'.
    ids = list(node["ids"])
    node["ids"] = ids[:1]
    try:
        self.body.append(self.starttag(node, "div", "", CLASS=classes))
    finally:
        node["ids"] = ids
    extra = "".join(f'<span id="{self.attval(node_id)}"></span>' for node_id in ids[1:])
    label = self.encode(node["number"]) if node["number"] else "•"
    lang = f' lang="{self.attval(node["lang"])}"' if node.get("lang") else ""
    self.body.append(f'<span class="hb-number"{lang}>{extra}{label}</span><div class="hb-point-body">')


def depart_point_html(self: HTML5Translator, node: point) -> None:
    self.body.append("</div></div>\n")


def visit_point_latex(self: LaTeXTranslator, node: point) -> None:
    label = tex_escape(node["number"], self.config.latex_engine) if node["number"] else r"\textbullet"
    self.body.append("\n\\begin{hbpoint}{" + label + "}")
    for node_id in node["ids"]:
        self.body.append(self.hypertarget(node_id, anchor=True))
    # The anchors sit in the vertical list before the point's first line: no
    # page break between them and that line (the reader who follows a link
    # lands on the point, not on the foot of the page before).
    self.body.append("\\nobreak")


def depart_point_latex(self: LaTeXTranslator, node: point) -> None:
    self.body.append("\\end{hbpoint}\n")


def visit_point_text(self: TextTranslator, node: point) -> None:
    self.new_state(len(node["number"] or "*") + 1)
    self.add_text((node["number"] or "*") + " ")


def depart_point_text(self: TextTranslator, node: point) -> None:
    self.end_state(first=None)


def setup_points(app: Sphinx) -> None:
    app.add_node(
        point,
        html=(visit_point_html, depart_point_html),
        latex=(visit_point_latex, depart_point_latex),
        text=(visit_point_text, depart_point_text),
    )
    app.add_directive("hb-point", PointDirective)


