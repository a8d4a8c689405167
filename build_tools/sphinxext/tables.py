"""Tables of the documents: ``::::{hb-table}`` with ``:id:`` around a
``list-table``, giving the table the element's id.

(``list-table``'s own ``:name:`` would do it too, but as a project-wide label:
two documents may both have a table ``answers``, and Sphinx would warn.)
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective


class TableDirective(SphinxDirective):
    has_content = True
    option_spec = {"id": directives.unchanged_required}

    def run(self) -> list[nodes.Node]:
        holder = nodes.Element()
        self.state.nested_parse(self.content, self.content_offset, holder)
        table = next(holder.findall(nodes.table), None)
        if table is None:
            raise self.error("hb-table holds no table")
        if "id" in self.options:
            table["ids"].insert(0, self.options["id"])
        return list(holder.children)


class OneIdPerTable(SphinxPostTransform):
    """furo wraps each table in a ``div.table-wrapper`` and copies every
    attribute of the table onto it, ids included: the page then holds each
    table's id twice. The table keeps its ids; the wrapper loses them."""

    formats = ("html",)
    default_priority = 510  # after furo's wrapping (500)

    def run(self, **kwargs: Any) -> None:
        for wrapper in self.document.findall(nodes.container):
            if "table-wrapper" in wrapper["classes"] or "math-wrapper" in wrapper["classes"]:
                wrapper["ids"] = []


def setup_tables(app: Sphinx) -> None:
    app.add_directive("hb-table", TableDirective)
    app.add_post_transform(OneIdPerTable)
