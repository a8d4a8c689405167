"""Tables of the documents: ``::::{hb-table}`` with ``:id:`` around a
``list-table``, giving the table the element's id.

(``list-table``'s own ``:name:`` would do it too, but as a project-wide label:
two documents may both have a table ``answers``, and Sphinx would warn.)
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
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


def setup_tables(app: Sphinx) -> None:
    app.add_directive("hb-table", TableDirective)
