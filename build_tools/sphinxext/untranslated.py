"""Texts shown in the original language because their translation is missing
or fuzzy: marked once per block, and set in their own language.

* ``{hb-untranslated}`label```, alone in a paragraph, is the notice before a
  block or section shown in the original (the label, in the reader's language,
  is what it says). A transform makes that paragraph a block-level
  :class:`untranslated_notice`: a line of its own in HTML and LaTeX, never
  inside a heading, a name or a table cell. (Anywhere else the role is an
  inline :class:`untranslated` badge, which the renderer no longer writes.)
* ``{hb-lang}`ru``` … ``{hb-lang}`/``` around a text shown in the original
  language: a transform wraps what lies between them in an :class:`original`
  node, ``lang`` in HTML (on the paragraph, heading or cell itself when the
  text is all it holds) and ``\\foreignlanguage`` in LaTeX, so that browsers
  pick the language's fonts (Chinese in a Chinese face, not a brush-script
  fallback), screen readers its voice, and TeX its hyphenation.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.parsers.rst.states import Inliner
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.util.texescape import escape as tex_escape
from sphinx.writers.html5 import HTML5Translator
from sphinx.writers.latex import LaTeXTranslator
from sphinx.writers.text import TextTranslator

from build_tools.markup import role_text
from build_tools.sphinxext.latex import TEX_LANGUAGES

#: The closing marker's content: ``{hb-lang}`/```.
CLOSE = "/"


class untranslated(nodes.Inline, nodes.TextElement):
    """A badge saying that the text after it is not yet translated."""


class untranslated_notice(nodes.General, nodes.TextElement):
    """The notice before a block or section shown in the original language."""


class original(nodes.Inline, nodes.TextElement):
    """A text in the original language ``lang`` (a BCP 47 tag, ``zh-CN``);
    ``whole`` when its parent element carries the ``lang`` in HTML."""


class lang_marker(nodes.Inline, nodes.Element):
    """Placeholder left by ``hb-lang`` until :class:`WrapOriginals` runs."""


def untranslated_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Inliner,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    label = role_text(text).strip()
    return [untranslated(label, label, classes=["hb-untranslated"])], []


def lang_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Inliner,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    return [lang_marker("", lang=role_text(text).strip())], []


def _is_blank(node: nodes.Node) -> bool:
    """Whether ``node`` shows nothing: whitespace, or an empty anchor."""
    if isinstance(node, nodes.Text):
        return not node.astext().strip()
    return isinstance(node, nodes.Element) and not node.astext().strip() and not isinstance(node, original)


class WrapOriginals(SphinxTransform):
    """Notices become blocks; ``hb-lang`` pairs become :class:`original` nodes."""

    default_priority = 190  # before the section anchors (200), suits and breaks (800+)

    def apply(self, **kwargs: Any) -> None:
        for badge in list(self.document.findall(untranslated)):
            paragraph = badge.parent
            if isinstance(paragraph, nodes.paragraph) and all(
                child is badge or _is_blank(child) for child in paragraph.children
            ):
                label = badge.astext()
                notice = untranslated_notice(label, label, classes=["hb-untranslated"])
                notice["ids"] = list(paragraph["ids"])
                paragraph.replace_self(notice)
        for marker in list(self.document.findall(lang_marker)):
            if marker.parent is None or marker["lang"] == CLOSE:
                continue
            self._wrap(marker)
        for marker in list(self.document.findall(lang_marker)):  # an unpaired closing one
            marker.parent.remove(marker)

    def _wrap(self, opening: lang_marker) -> None:
        parent = opening.parent
        start = parent.index(opening)
        end = next((i for i in range(start + 1, len(parent))
                    if isinstance(parent[i], lang_marker) and parent[i]["lang"] == CLOSE), len(parent))
        inner = parent.children[start + 1 : end]
        node = original("", lang=opening["lang"])
        for child in inner:
            child.parent = None
        node.extend(inner)
        del parent.children[start : min(end + 1, len(parent))]
        parent.insert(start, node)
        # The text is all its paragraph, heading or term shows: the element
        # itself carries the language (docutils writes a "language-" class as
        # ``lang``); a paragraph alone in a table cell has no tag of its own,
        # so the cell carries it.
        if all(child is node or _is_blank(child) for child in parent.children):
            holder: nodes.Element = parent
            if isinstance(parent, nodes.paragraph) and isinstance(parent.parent, nodes.entry) \
                    and len(parent.parent.children) == 1:
                holder = parent.parent
            if isinstance(holder, (nodes.paragraph, nodes.title, nodes.term, nodes.entry)):
                holder["classes"].append("language-" + node["lang"])
                node["whole"] = True


def visit_html(self: HTML5Translator, node: untranslated) -> None:
    self.body.append(self.starttag(node, "span", "", title=node.astext()))


def depart_html(self: HTML5Translator, node: untranslated) -> None:
    self.body.append("</span> ")


def visit_latex(self: LaTeXTranslator, node: untranslated) -> None:
    if self.in_title:
        raise nodes.SkipNode
    self.body.append(r"\hbuntranslated{" + tex_escape(node.astext(), self.config.latex_engine) + "} ")
    raise nodes.SkipNode


def visit_text(self: TextTranslator, node: untranslated) -> None:
    self.add_text(f"[{node.astext()}] ")
    raise nodes.SkipNode


def visit_notice_html(self: HTML5Translator, node: untranslated_notice) -> None:
    self.body.append(self.starttag(node, "p", "", role="note"))


def depart_notice_html(self: HTML5Translator, node: untranslated_notice) -> None:
    self.body.append("</p>\n")


def visit_notice_latex(self: LaTeXTranslator, node: untranslated_notice) -> None:
    # A line of its own, kept with the text it announces: no box to overlap
    # the next line or overflow a column.
    self.body.append("\n\\hbuntranslatednotice{" + tex_escape(node.astext(), self.config.latex_engine) + "}\n")
    raise nodes.SkipNode


def visit_notice_text(self: TextTranslator, node: untranslated_notice) -> None:
    self.new_state(0)
    self.add_text(f"[{node.astext()}]")
    self.end_state()
    raise nodes.SkipNode


def visit_original_html(self: HTML5Translator, node: original) -> None:
    if node.get("whole"):
        return  # the parent element carries the lang
    self.body.append(self.starttag(node, "span", "", lang=node["lang"]))


def depart_original_html(self: HTML5Translator, node: original) -> None:
    if not node.get("whole"):
        self.body.append("</span>")


def visit_original_latex(self: LaTeXTranslator, node: original) -> None:
    name = TEX_LANGUAGES.get(node["lang"].split("-")[0])
    if self.in_title or name is None:
        self.context.append("")  # titles travel to bookmarks, where a macro means nothing
        return
    self.body.append(r"\hboriginal{" + name + "}{")
    self.context.append("}")


def depart_original_latex(self: LaTeXTranslator, node: original) -> None:
    self.body.append(self.context.pop())


def visit_pass(self: Any, node: nodes.Node) -> None:
    pass


def depart_pass(self: Any, node: nodes.Node) -> None:
    pass


def setup_untranslated(app: Sphinx) -> None:
    app.add_node(
        untranslated,
        html=(visit_html, depart_html),
        latex=(visit_latex, None),
        text=(visit_text, None),
    )
    app.add_node(
        untranslated_notice,
        html=(visit_notice_html, depart_notice_html),
        latex=(visit_notice_latex, None),
        text=(visit_notice_text, None),
    )
    app.add_node(
        original,
        html=(visit_original_html, depart_original_html),
        latex=(visit_original_latex, depart_original_latex),
        text=(visit_pass, depart_pass),
    )
    app.add_node(lang_marker, html=(visit_pass, depart_pass), latex=(visit_pass, depart_pass),
                 text=(visit_pass, depart_pass))
    app.add_role("hb-untranslated", untranslated_role)
    app.add_role("hb-lang", lang_role)
    app.add_transform(WrapOriginals)
