"""Permanent anchors: every element's stable id becomes its HTML id.

``{hb-anchor}`id``` marks the paragraph (or term) it starts; ``{hb-section}`id```
inside a heading gives the section that id, first, so that the heading's
permalink uses it. Ids are the document's own, so links survive re-ordering
and translation.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.parsers.rst.states import Inliner
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform

from build_tools.markup import role_text


class section_anchor(nodes.Inline, nodes.Element):
    """Placeholder left by ``hb-section`` until the transform moves the id."""


class anchor(nodes.Inline, nodes.Element):
    """The anchor of a paragraph or term: an id on the site, and in print a
    label (Sphinx writes none for an id on a plain inline node), so that a
    reference to it ("p. 12") and a link to it find it."""


def anchor_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Inliner,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    node = anchor("", ids=[role_text(text).strip()], classes=["hb-anchor"])
    return [node], []


def visit_anchor_html(self: Any, node: anchor) -> None:
    self.body.append(self.starttag(node, "span", ""))


def depart_anchor_html(self: Any, node: anchor) -> None:
    self.body.append("</span>")


def visit_anchor_latex(self: Any, node: anchor) -> None:
    self.body.append("".join(self.hypertarget(node_id) for node_id in node["ids"]))
    raise nodes.SkipNode


def visit_anchor_text(self: Any, node: anchor) -> None:
    raise nodes.SkipNode


def section_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Inliner,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    return [section_anchor("", anchor=role_text(text).strip())], []


class MoveSectionAnchors(SphinxTransform):
    """Give each section the id named in its title, ahead of the generated ones."""

    default_priority = 200

    def apply(self, **kwargs: Any) -> None:
        for marker in list(self.document.findall(section_anchor)):
            section = marker.parent.parent if marker.parent is not None else None
            anchor = marker["anchor"]
            if isinstance(section, nodes.section):
                if anchor in section["ids"]:
                    section["ids"].remove(anchor)
                section["ids"].insert(0, anchor)
                self.document.ids[anchor] = section
            marker.parent.remove(marker)
            # The heading text began with a space after the role: drop it.
            title = section[0] if isinstance(section, nodes.section) else None
            if isinstance(title, nodes.title) and title.children and isinstance(title[0], nodes.Text):
                stripped = title[0].astext().lstrip()
                if stripped:
                    title.replace(title[0], nodes.Text(stripped))
                else:
                    title.remove(title[0])


def setup_anchors(app: Sphinx) -> None:
    app.add_role("hb-anchor", anchor_role)
    app.add_node(anchor, html=(visit_anchor_html, depart_anchor_html), latex=(visit_anchor_latex, None),
                 text=(visit_anchor_text, None))
    app.add_role("hb-section", section_role)
    app.add_node(section_anchor)
    app.add_transform(MoveSectionAnchors)
