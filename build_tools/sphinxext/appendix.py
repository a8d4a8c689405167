"""The A5 pocket book carries a document's text first and its editorial
examples after it: the director looks a ruling up in the text, and the
handbook's own examples (each a row of a run, :mod:`.examples`) would bury it.

In each document of an A5 book every run of editorial examples moves to an
appendix at the end of the document, a section of its own (a contents line and
a bookmark), under the heading of the article it illustrates; its rows are
numbered ``A.1``, ``A.2``... in reading order, and the article keeps a line in
its place: "Editorial examples: A.30–A.36, p. 41" (its translated words come
with the run). The document's own examples stay where they are, and the A4
book and the site keep the runs in place.
"""

from __future__ import annotations

import re

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util.texescape import escape as tex_escape
from sphinx.writers.html5 import HTML5Translator
from sphinx.writers.latex import LaTeXTranslator
from sphinx.writers.text import TextTranslator

from build_tools.sphinxext.examples import example_row, example_run, keep_with_next
from build_tools.sphinxext.points import point, short_title

#: The books whose runs move to an appendix (``handbook_paper`` of conf.py).
APPENDIX_PAPERS = ("a5",)

_PLACEHOLDER = re.compile(r"%\((numbers|page)\)s")


class appendix_article(nodes.General, nodes.TextElement):
    """The heading of an article's rows in the appendix: kept with them, and
    the running foot of their pages."""


class example_run_reference(nodes.General, nodes.Element):
    """Where a run was: ``words`` (with ``%(numbers)s`` and ``%(page)s``), the
    ``numbers`` of its rows ("A.3–A.7") and the ``target``, its first row's id."""


def _scopes(doctree: nodes.document) -> list[nodes.Element]:
    """The documents of an assembled book: the root, and each included page."""
    return [doctree, *doctree.findall(addnodes.start_of_file)]


def _runs_in(scope: nodes.Element) -> list[example_run]:
    """The runs of one document of the book, in reading order, not those of
    the pages it includes. (Sphinx gives an included page's top nodes to its
    ``start_of_file`` without making it their parent: a walk up from a run
    does not find its page, so the walk goes down.)"""
    found: list[example_run] = []
    for child in scope.children:
        if isinstance(child, example_run):
            found.append(child)
        elif isinstance(child, nodes.Element) and not isinstance(child, addnodes.start_of_file):
            found.extend(_runs_in(child))
    return found


def _article(run: example_run) -> str:
    """The heading a run is filed under: its article's (a point that is a
    heading, :func:`.points.mark_articles`); outside an article, the first
    words of the paragraph it follows, else its section's title."""
    before = run.parent[run.parent.index(run) - 1] if run.parent is not None and run.parent.index(run) else None
    in_article = any(isinstance(p, point) and p.get("title") for p in _ancestors(run))
    if not in_article and isinstance(before, nodes.paragraph):
        return short_title(before.astext())
    parent = run.parent
    while parent is not None:
        if isinstance(parent, point) and parent.get("title"):
            return str(parent["title"])
        if isinstance(parent, nodes.section):
            return parent[0].astext() if parent.children and isinstance(parent[0], nodes.title) else ""
        parent = parent.parent
    return ""


def _ancestors(node: nodes.Node) -> list[nodes.Node]:
    found = []
    parent = node.parent
    while parent is not None and not isinstance(parent, nodes.section):
        found.append(parent)
        parent = parent.parent
    return found


def numbers_of(first: str, last: str) -> str:
    """A run's rows as the article cites them.

    >>> numbers_of("A.3", "A.7"), numbers_of("A.4", "A.4")
    ('A.3–A.7', 'A.4')
    """
    return first if first == last else f"{first}–{last}"


def move_runs(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """In an A5 LaTeX book, each document's runs to its appendix."""
    if app.builder.format != "latex" or app.config.handbook_paper not in APPENDIX_PAPERS:
        return
    for scope in _scopes(doctree):
        runs = _runs_in(scope)
        top = next((child for child in scope.children if isinstance(child, nodes.section)), None)
        if not runs or top is None:
            continue
        appendix = nodes.section("", nodes.title(runs[0]["appendix"], runs[0]["appendix"]),
                                 ids=["hb-editorial-examples"], classes=["hb-appendix"])
        count = 0
        for run in runs:
            rows = list(run.findall(example_row))
            for row in rows:
                count += 1
                row["number"] = f"A.{count}"
            reference = example_run_reference(
                "", words=run["reference"], numbers=numbers_of(rows[0]["number"], rows[-1]["number"]),
                target=rows[0]["ids"][0])
            heading = _article(run)
            run.replace_self(reference)
            # The appendix's title says what the run's own label said.
            for label in [n for n in run.findall(nodes.inline) if "hb-editorial" in n["classes"]]:
                if isinstance(label.parent, nodes.paragraph) and len(label.parent.children) == 1:
                    label.parent.parent.remove(label.parent)
            if count > len(rows):
                # The first table's header names the columns of them all.
                for head in list(run.findall(nodes.thead)):
                    head.parent.remove(head)
            if heading:
                appendix += appendix_article(heading, heading)
            appendix += run
        top += appendix


def visit_reference_latex(self: LaTeXTranslator, node: example_run_reference) -> None:
    label = self.idescape(self.curfilestack[-1] + ":" + node["target"])
    filled = {
        "numbers": "\\hyperref[" + label + "]{" + tex_escape(node["numbers"], self.config.latex_engine) + "}",
        "page": "\\pageref{" + label + "}",
    }
    pieces = _PLACEHOLDER.split(node["words"])
    # split() alternates text and placeholder names.
    out = "".join(filled[piece] if n % 2 else tex_escape(piece, self.config.latex_engine)
                  for n, piece in enumerate(pieces))
    keep_with_next(self.body)
    self.body.append("\n\\hbexamplereference{" + out + "}\n")
    raise nodes.SkipNode


def visit_article_latex(self: LaTeXTranslator, node: appendix_article) -> None:
    title = tex_escape(node.astext(), self.config.latex_engine)
    self.body.append("\n\\hbappendixarticle{" + title + "}\n")
    raise nodes.SkipNode


def visit_article_html(self: HTML5Translator, node: appendix_article) -> None:
    raise nodes.SkipNode  # only the A5 book has an appendix


def visit_reference_html(self: HTML5Translator, node: example_run_reference) -> None:
    raise nodes.SkipNode  # only the A5 book moves runs


def visit_reference_text(self: TextTranslator, node: example_run_reference) -> None:
    raise nodes.SkipNode


def setup_appendix(app: Sphinx) -> None:
    app.add_config_value("handbook_paper", "a4", "env")
    app.add_node(
        example_run_reference,
        html=(visit_reference_html, None),
        latex=(visit_reference_latex, None),
        text=(visit_reference_text, None),
    )
    app.add_node(
        appendix_article,
        html=(visit_article_html, None),
        latex=(visit_article_latex, None),
        text=(visit_reference_text, None),
    )
    app.connect("doctree-resolved", move_runs)
