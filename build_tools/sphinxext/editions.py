"""Editions on the page: the banner of an earlier edition, and the redline of
an amended article (build_tools/edition_pages.py writes the MyST).

* ``:::{hb-edition-banner}`` holds the banner's sentences (MyST, parsed as the
  page's): on the site a ``div`` with the role of a note, in print a framed
  paragraph. Every page of an earlier edition opens with one, naming the
  edition that supersedes it and linking it.
* ``{hb-ins}`words``` and ``{hb-del}`words``` are the words an amendment
  inserted and deleted. Each is marked three ways, so that no reader depends
  on colour: underlined or struck through, and between ``[+ … +]`` or
  ``[- … -]``, which a screen reader reads out, a greyscale print shows and a
  copy of the text keeps.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.parsers.rst.states import Inliner
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from build_tools.markup import role_text

#: The marks around inserted and deleted words, in every output.
MARKS = {"inserted": ("[+\u00a0", "\u00a0+]"), "deleted": ("[-\u00a0", "\u00a0-]")}


class edition_banner(nodes.General, nodes.Element):
    """The banner of an earlier edition's page."""


class inserted(nodes.Inline, nodes.TextElement):
    """Words an amendment inserted."""


class deleted(nodes.Inline, nodes.TextElement):
    """Words an amendment deleted."""


class EditionBanner(SphinxDirective):
    has_content = True

    def run(self) -> list[nodes.Node]:
        node = edition_banner("", classes=["hb-edition-banner"])
        self.set_source_info(node)
        node += self.parse_content_to_nodes()
        return [node]


def visit_banner_html(self: Any, node: edition_banner) -> None:
    self.body.append(self.starttag(node, "div", "", role="note"))


def depart_banner_html(self: Any, node: edition_banner) -> None:
    self.body.append("</div>\n")


def visit_banner_latex(self: Any, node: edition_banner) -> None:
    # A framed paragraph the width of the text, before the first article.
    self.body.append("\n\\par\\medskip\\noindent\\fbox{\\begin{minipage}{\\dimexpr\\linewidth-2\\fboxsep-2\\fboxrule}"
                     "\\small\n")


def depart_banner_latex(self: Any, node: edition_banner) -> None:
    self.body.append("\n\\end{minipage}}\\par\\medskip\n")


def _change_role(node_type: type[nodes.TextElement]) -> Any:
    def role(
        name: str, rawtext: str, text: str, lineno: int, inliner: Inliner,
        options: dict[str, Any] | None = None, content: list[str] | None = None,
    ) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        shown = role_text(text)
        return [node_type(shown, shown, classes=[f"hb-{node_type.__name__}"])], []

    return role


def _mark(self: Any, text: str) -> str:
    """A change's mark, not underlined nor struck through itself."""
    return str(self.starttag(nodes.inline(), "span", "", CLASS="hb-change-mark") + self.encode(text) + "</span>")


def _html(tag: str, kind: str) -> tuple[Any, Any]:
    opening, closing = MARKS[kind]

    def visit(self: Any, node: nodes.Element) -> None:
        self.body.append(self.starttag(node, tag, ""))
        self.body.append(_mark(self, opening))

    def depart(self: Any, node: nodes.Element) -> None:
        self.body.append(_mark(self, closing) + f"</{tag}>")

    return visit, depart


#: Each word of a change in print: underlined, or struck through at the height
#: of a lowercase letter's middle (LaTeX's own commands, no package: a word
#: at a time, so that the line breaks between words as in running text).
_LATEX_WORD = {
    "inserted": "\\underline{{{}}}",
    "deleted": "{{\\setbox0\\hbox{{{}}}\\rlap{{\\rule[0.5ex]{{\\wd0}}{{0.6pt}}}}\\box0}}",
}


def _latex(kind: str) -> tuple[Any, Any]:
    opening, closing = MARKS[kind]

    def visit(self: Any, node: nodes.Element) -> None:
        words = [_LATEX_WORD[kind].format(self.encode(word)) for word in node.astext().split()]
        self.body.append(self.encode(opening) + " ".join(words) + self.encode(closing))
        raise nodes.SkipNode

    return visit, None


def _text(kind: str) -> tuple[Any, Any]:
    opening, closing = MARKS[kind]

    def visit(self: Any, node: nodes.Element) -> None:
        self.add_text(opening)

    def depart(self: Any, node: nodes.Element) -> None:
        self.add_text(closing)

    return visit, depart


def _builder_inited(app: Sphinx) -> None:
    if app.builder.format == "html":
        app.add_css_file("hb-editions.css")


def setup_editions(app: Sphinx) -> None:
    app.add_node(edition_banner, html=(visit_banner_html, depart_banner_html),
                 latex=(visit_banner_latex, depart_banner_latex), text=(lambda s, n: None, lambda s, n: None))
    app.add_node(inserted, html=_html("ins", "inserted"), latex=_latex("inserted"), text=_text("inserted"))
    app.add_node(deleted, html=_html("del", "deleted"), latex=_latex("deleted"), text=_text("deleted"))
    app.add_directive("hb-edition-banner", EditionBanner)
    app.add_role("hb-ins", _change_role(inserted))
    app.add_role("hb-del", _change_role(deleted))
    app.connect("builder-inited", _builder_inited)
