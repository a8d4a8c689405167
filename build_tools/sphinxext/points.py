"""Points of a regulation, with the display numbers the document gives them.

Lists in regulations carry their own numbering ("1.", "a)", "一、", "(1)") that
readers cite, so it is kept as data rather than left to the output format::

    :::{hb-point} 1.
    :id: openings

    Text of the point.
    :::

A point without a number is a bullet.

A numbered point is an article a reader cites ("point 2"): it is a heading where
readers look for one, a line of the contents, a PDF bookmark, the running foot
of its pages and an entry of the page's table of contents on the site, under
its number and a short title. The sources give points no titles, so the title
is the first words of the point's own text, in the language it is shown in
(:func:`short_title`). The points of a numbered point are headings one level
down, so that the cases of "1. Openings not alerted" are found as well.
"""

from __future__ import annotations

import re

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
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


#: Where a point's short title ends: at the end of its first clause (a
#: colon, semicolon or comma; a full stop before a capital, not one of an
#: abbreviation, "ok. 6"), before a parenthesis, or after so many words
#: (characters, in a script written without spaces).
_CLAUSE_END = re.compile(r"[:;,!?](?=\s|$)|\.(?=\s|$)|\s\(|[：；，。（]")
TITLE_WORDS = 6
TITLE_CHARACTERS = 14
#: A clause of fewer words ending at a comma or a parenthesis names nothing
#: ("należy alertować kontrę" of "..., która jest transferem"; "2♥" of "2♥ (a
#: także 2♠, 3♥) do koloru po otwarciu 2♦"): the title reads on past the comma,
#: and leaves the parenthesis out unless the clause ends with it ("3т
#: (показывает руку вариант D);"). A sentence's end ends it ("Zob. ust. 2").
CLAUSE_WORDS = 4

#: How deep under a section a point is still a heading: a numbered point (0)
#: and the points of one (1).
ARTICLE_DEPTH = 1


def _spaced(text: str) -> bool:
    """Whether ``text`` is written with spaces between words (not CJK)."""
    return not re.search(r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]", text)


def short_title(text: str) -> str:
    """The first words of a point's text, as its heading: up to the end of the
    first clause of at least :data:`CLAUSE_WORDS` words, and no more than
    :data:`TITLE_WORDS` words (one more rather than cut the last); an
    ellipsis says where the text was cut inside a clause.

    >>> short_title("Nie alertuje się otwarć:")
    'Nie alertuje się otwarć'
    >>> short_title("1♣/♦/♥/♠ według systemu Wspólny Język lub Strefa, lub innych")
    '1♣/♦/♥/♠ według systemu Wspólny Język lub Strefa'
    >>> short_title("1♣/♦/♥/♠ według systemu Wspólny Język lub Strefa albo innych, lub")
    '1♣/♦/♥/♠ według systemu Wspólny Język lub…'
    >>> short_title("1.5 is kept whole. Then the rest")
    '1.5 is kept whole'
    >>> short_title("2♦ – blokujące (ok. 6-10 PC) z kolorem")
    '2♦ – blokujące z kolorem'
    >>> short_title("2♦ – blokujące dwukolorowe (ok. 6-10 PC) z kolorem")
    '2♦ – blokujące dwukolorowe'
    >>> short_title("Przez „skład” (w tym np. 5332) rozumie się")
    'Przez „skład” rozumie się'
    >>> short_title("należy alertować kontrę, która jest transferem.")
    'należy alertować kontrę, która jest transferem'
    >>> short_title("2♥ (a także 2♠, 3♥ ) do koloru po otwarciu 2♦ wilkosz lub multi.")
    '2♥ do koloru po otwarciu 2♦…'
    >>> short_title("3т (показывает руку вариант D);"), short_title("2BA – blokujące (5-11), dwukolorowe")
    ('3т (показывает руку вариант D)', '2BA – blokujące (5-11)')
    >>> short_title("Zob. ust. 2. Żaden inny")
    'Zob. ust. 2'
    >>> short_title("（在无需提醒的1NT开叫的描述中）所称“无短套的无将牌型”是指：4333")
    '所称“无短套的无将牌型”是指'
    >>> short_title("不需要提醒的开叫：一阶花色开叫")
    '不需要提醒的开叫'
    >>> short_title("开叫一阶花色按照通用语言或区域体系或其他体系开叫")
    '开叫一阶花色按照通用语言或区…'
    """
    text = " ".join(text.split())
    # A text that opens with a parenthesis (what it applies to) is named by
    # what follows it.
    opening = re.match(r"\s*[(（][^)）]*[)）]\s*", text)
    if opening and opening.end() < len(text):
        text = text[opening.end():]
    at = 0
    while True:
        end = next((m for m in _CLAUSE_END.finditer(text, at)
                    if m.group() != "." or not text[m.end() + 1:m.end() + 2].islower()
                    and not text[m.end() + 1:m.end() + 2].isdigit()), None)
        clause = text[:end.start() if end else len(text)]
        if end is None or end.group().strip() not in (",", "(") or not _spaced(clause) \
                or len(clause.split()) >= CLAUSE_WORDS:
            break
        closing = text.find(")", end.end())
        if end.group().endswith("(") and closing > 0:
            rest = text[closing + 1:].lstrip()
            if not rest[:1].isalnum():  # the clause ends with it: it is what the clause says
                clause = text[:closing + 1]
                break
            text = f"{clause} {rest}"  # the parenthesis left out
            at = len(clause)
        else:
            at = end.end()
    clause = clause.rstrip(" -–—,;:")
    words = clause.split(" ")
    if len(words) > TITLE_WORDS + 1:
        return " ".join(words[:TITLE_WORDS]) + "…"
    if len(words) == 1 and len(clause) > TITLE_CHARACTERS + 3:
        return clause[:TITLE_CHARACTERS] + "…"
    return clause


def _first_text(node: point) -> str:
    """The point's own text: its first paragraph, without the "not yet
    translated" notice or the badges that follow the text."""
    for child in node.children:
        if isinstance(child, nodes.paragraph):
            return "".join(text.astext() for text in child.findall(nodes.Text)
                           if not _inside(text, ("hb-default", "hb-untranslated", "hb-page", "hb-leaf")))
    return ""


def _inside(text: nodes.Node, classes: tuple[str, ...]) -> bool:
    from build_tools.sphinxext.untranslated import untranslated

    parent = text.parent
    while parent is not None and not isinstance(parent, nodes.paragraph):
        if isinstance(parent, untranslated) or (isinstance(parent, nodes.Element)
                                                and set(parent.get("classes", ())) & set(classes)):
            return True
        parent = parent.parent
    return False


def mark_articles(app: Sphinx, doctree: nodes.document) -> None:
    """Give each point that is a heading its ``title`` (number and short title)
    and ``depth`` (0 for a numbered point under a section, 1 for a point of one)."""
    for node in doctree.findall(point):
        parent = node.parent
        depth, above = 0, None
        while parent is not None and not isinstance(parent, nodes.section):
            if isinstance(parent, point):
                depth += 1
                above = above or parent
            parent = parent.parent
        if depth > ARTICLE_DEPTH or not (node["number"] or (above is not None and above.get("title"))):
            continue
        words = short_title(_first_text(node))
        node["title"] = " ".join(part for part in (node["number"], words) if part)
        node["depth"] = depth
        # A bullet of an article is found under its article's number.
        node["mark"] = node["title"] if above is None or node["number"] else f"{above['title']} — {words}"


def add_articles_to_toc(app: Sphinx, doctree: nodes.document) -> None:
    """Put the articles (:func:`mark_articles`) into the page's table of
    contents that Sphinx collected from the sections, each in its place among
    the section's subsections, the points of an article under it."""
    env: BuildEnvironment = app.env
    toc = env.tocs.get(env.docname)
    if toc is None:
        return
    items: dict[str, nodes.list_item] = {}
    for item in toc.findall(nodes.list_item):
        reference = next(item.findall(nodes.reference), None)
        if reference is not None:
            items.setdefault(reference["anchorname"], item)
    top = next(doctree.findall(nodes.section), None)

    def anchor(section: nodes.Element) -> str:
        return "" if section is top else "#" + section["ids"][0]

    def entries(parent: nodes.Element) -> list[nodes.Element]:
        """The sections and articles right under ``parent``, in reading order."""
        found: list[nodes.Element] = []
        for child in parent.children:
            if isinstance(child, nodes.section) or (isinstance(child, point) and child.get("title")):
                found.append(child)
            elif isinstance(child, nodes.Element):
                found.extend(entries(child))
        return found

    def item_of(node: nodes.Element) -> nodes.list_item | None:
        if isinstance(node, nodes.section):
            return items.get(anchor(node))
        # The point's own id, last: a list's first point carries the list's too.
        reference = nodes.reference("", "", nodes.Text(node["title"]), internal=True,
                                    refuri=env.docname, anchorname="#" + node["ids"][-1])
        return nodes.list_item("", addnodes.compact_paragraph("", "", reference))

    def fill(node: nodes.Element, item: nodes.list_item) -> None:
        children = [(child, item_of(child)) for child in entries(node)]
        if not any(isinstance(child, point) for child, _ in children):
            for child, child_item in children:
                if child_item is not None:
                    fill(child, child_item)
            return
        old = next((c for c in item.children if isinstance(c, nodes.bullet_list)), None)
        new = nodes.bullet_list()
        for child, child_item in children:
            if child_item is None:
                continue
            if child_item.parent is not None:
                child_item.parent.remove(child_item)
            new += child_item
            fill(child, child_item)
        if old is not None:
            item.replace(old, new)
        else:
            item += new

    for section in ([top] if top is not None else []):
        item = items.get(anchor(section))
        if item is not None:
            fill(section, item)


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
    if node.get("title"):
        # A line of the contents (and with it a bookmark) one level below the
        # section the point is in, and the running foot of its pages.
        level = self.sectionnames[min(self.sectionlevel + 1 + node["depth"], len(self.sectionnames) - 1)]
        title = tex_escape(node["title"], self.config.latex_engine)
        self.body.append("\\phantomsection\\addcontentsline{toc}{" + level + "}{" + title + "}"
                         "\\markright{" + tex_escape(node["mark"], self.config.latex_engine) + "}")
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
    app.connect("doctree-read", mark_articles, priority=400)
    # After Sphinx's own collector (priority 500) has built the page's contents.
    app.connect("doctree-read", add_articles_to_toc, priority=600)


