"""Quick reference: per document and question, one table of every sequence
the document's examples name, with its verdict and the article that decides it.

The verdict is the rule model's (:func:`build_tools.rules.engine.decide` on the
example's query), never the example's own ``expect``; the article is the one
the verdict cites, named as the page names it and, in print, with its page
number. Rows are grouped by situation (openings, responses, overcalls, doubles,
high level, with screens), each group in the order of the calls.

The table is a ``{hb-quickref}`` directive around a list-table of class
``longtable``: in print it breaks across pages and repeats its heading row.
Verdicts are set as words, not as framed badges, so the column is as wide as
its longest word and no wider than the page.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from build_tools import markup
from build_tools.document import Document, Example
from build_tools.generated import articles

#: The template macro of the family (build_tools/templates/).
MACRO = "quickref.md.j2"

#: The situations, in the order the table gives them. A sequence belongs to
#: the first that fits: with screens, then high level (a bid at the four level
#: or higher in the auction), a double or redouble, the opening, a response to
#: partner's opening, a call in a contested auction; "other" for the rest.
SITUATIONS: tuple[str, ...] = ("openings", "responses", "overcalls", "doubles", "high-level", "screens", "other")


@dataclass(frozen=True, slots=True)
class Row:
    """One sequence: as the reader writes it, the agreement asked about, the
    verdict's label and tone, and the article that decides it."""

    sequence: str
    asked: str
    verdict: str
    tone: str
    article: str
    order: tuple[int, ...] = ()
    #: The sequence without the opponents' passes it stands for unwritten (the alert card's).
    short: str = ""
    #: The verdict rests on the handbook's reading of the article (the example's ``reading``).
    reading: bool = False
    #: The verdict's answer, as its question declares it.
    answer: str = ""


@dataclass(frozen=True, slots=True)
class Group:
    situation: str
    rows: tuple[Row, ...]


@dataclass(frozen=True, slots=True)
class QuickReference:
    """The table of one question of a document (``id`` is the page anchor)."""

    id: str
    question: str
    answers: tuple[str, ...]  # the answers' labels, as the reader reads them (the caption's)
    groups: tuple[Group, ...]
    #: The caption, MyST: a document's own label shown in the original carries its language.
    caption: str = ""


def situation_of(situation: Any) -> str:
    """Which of :data:`SITUATIONS` a query's situation belongs to.

    >>> from build_tools.rules.situation import Situation
    >>> [situation_of(Situation.read(a, "pl", "partnership")) for a in
    ...  ("1BA", "1BA [pas] 2♣", "[1♣] 1♠", "1♣ [ktr] 1♦", "[1♥] ktr", "1♠ [pas] 4BA", "")[:6]]
    ['openings', 'responses', 'overcalls', 'overcalls', 'doubles', 'high-level']
    """
    from build_tools.bridge.calls import CallKind

    if situation.screens:
        return "screens"
    levels = [call.level for call in situation.calls if call.kind is CallKind.BID]
    if levels and max(levels) >= 4:
        return "high-level"
    if situation.call.kind in (CallKind.DOUBLE, CallKind.REDOUBLE):
        return "doubles"
    if situation.is_opening:
        return "openings"
    if situation.is_response and not situation.contested:
        return "responses"
    if situation.contested or situation.is_overcall:
        return "overcalls"
    return "other"


def build(doc: Document, gettext: Callable[[str], str], words: Mapping[str, str]) -> tuple[QuickReference, ...]:
    """The quick-reference tables of ``doc`` (translated), one per question its
    examples ask, in the order of :data:`SITUATIONS`; ``gettext`` and
    ``words`` word the verdicts and agreements in the reader's language."""
    from build_tools import diagrams
    from build_tools.bridge import BridgeError
    from build_tools.meaning_text import describe_query
    from build_tools.render import answer_label, label_in_original, leaf_texts
    from build_tools.rules.registry import Registry
    from build_tools.verdicts import decided

    leaves = leaf_texts(doc)
    found: dict[str, dict[str, dict[tuple[str, str, str], Row]]] = {}
    for example in doc.elements():
        if not isinstance(example, Example) or example.query is None or not example.expect:
            continue
        language = example.notation or doc.language
        try:
            situation = example.query.situation(language)
            # One notation down the column: the partnership view, a table view's passes kept.
            sequence = diagrams.inline_auction(example.auction, example.view, language, doc.display_language,
                                               partnership=True)
            short = diagrams.inline_auction(example.auction, example.view, language, doc.display_language, False,
                                            partnership=True)
        except (BridgeError, ValueError):
            continue  # the check stage has reported it
        group = situation_of(situation)
        asked = describe_query(example.query, words, language, doc.display_language, leaves)
        order = tuple(_rank(call) for call in situation.calls)
        verdicts = decided(doc).get(example.id, {})
        for question, _expected in example.expect:
            verdict = verdicts.get(question)
            if verdict is None or verdict.depends:
                continue
            label, tone = answer_label(doc, question, verdict.answer, gettext, words, language)
            row = Row(sequence, asked, label, tone, verdict.article, order, short, example.reading, verdict.answer)
            found.setdefault(question, {}).setdefault(group, {}).setdefault((sequence, asked, label), row)
    registry = doc.registry or Registry.standard()
    tables = []
    for question, groups in found.items():
        declared = registry.question(question)
        shown = [(answer_label(doc, question, a.answer, gettext)[0], a.answer) for a in declared.answers
                 if declared.form not in ("meaning", "call")]
        caption = markup.MyST(" / ".join(label_in_original(markup.text(label), doc, question, value)
                                         for label, value in shown))
        tables.append(QuickReference(
            f"quick-reference-{question}", question, tuple(label for label, _ in shown),
            tuple(Group(s, tuple(sorted(groups[s].values(), key=lambda r: (r.order, r.asked))))
                  for s in SITUATIONS if s in groups), caption))
    return tuple(tables)


def _rank(call: Any) -> int:
    # Bids in their order first, then pass, double, redouble: a column of
    # sequences reads 1♣, 1♦ ... 7BA as a director looks them up.
    from build_tools.bridge.calls import ALL_CALLS

    return ALL_CALLS.index(call)


def rows(table: QuickReference, doc: Document, situation_words: Mapping[str, str], page_word: str,
         reading_word: str = "") -> markup.MyST:
    """The list-table body of ``table``: a row heading each situation, then
    one row per sequence (cells already MyST), a verdict resting on the
    handbook's reading marked with ``reading_word``."""
    from build_tools.render import label_in_original

    names = articles.names(doc)
    languages = articles.name_languages(doc)
    out: list[list[str]] = []
    for group in table.groups:
        out.append([markup.role("hb-quickref-situation", situation_words[group.situation]), "", "", ""])
        for row in group.rows:
            out.append([
                markup.role("hb-quickref-sequence", row.sequence),
                markup.text(row.asked) if row.asked else "",
                label_in_original(markup.MyST(markup.role("hb-quickref-verdict", markup.payload(
                    tone=row.tone, label=row.verdict, reading=reading_word if row.reading else ""))),
                    doc, table.question, row.answer),
                articles.reference(row.article, names.get(row.article, row.article), page_word,
                                   languages.get(row.article, ""), column=True) if row.article else "",
            ])
    body: list[str] = []
    for cells in out:
        body.extend(("* - " if n == 0 else "  - ") + (cell or " ") + "\n" for n, cell in enumerate(cells))
    return markup.MyST("".join(body))


def widths(table: QuickReference, reading: str = "") -> str:
    """The columns' shares of the line (``:widths:``), measured for the A5
    page, where a hundredth of the line holds about 0.6 of a character of the
    table's size: the sequence column as its longest sequence (a longer one
    breaks between calls), the verdict column as the longest word of a verdict
    in bold (a verdict breaks only between words), or of the words ``reading``
    in brackets after a verdict resting on the handbook's reading (the Polish
    "(wykładnia" ran over the column of "Bez alertu"), the article a fixed
    share, the agreement the rest. The headings are words of the reader's
    language, hyphenated where they are longer.

    >>> t = QuickReference("q", "alert", (), (Group("openings", (Row("1NT", "", "No alert", "", ""),)),))
    >>> widths(t)
    '16 46 14 24'
    >>> long = Row("[1♥]-pas-[2♥]-ktr", "", "Bez alertu", "", "")
    >>> widths(QuickReference("q", "alert", (), (Group("doubles", (long,)),)))
    '28 33 15 24'
    >>> read = Row("[1♥]-pas-[2♥]-ktr", "", "Bez alertu", "", "", reading=True)
    >>> widths(QuickReference("q", "alert", (), (Group("doubles", (read,)),)), "wykładnia podręcznika")
    '28 26 22 24'
    >>> widths(QuickReference("q", "alert", (), (Group("doubles", (long,)),)), "wykładnia podręcznika")
    '28 33 15 24'
    """
    rows = [row for group in table.groups for row in group.rows]
    sequence = min(14, max((len(r.sequence) for r in rows), default=4))
    verdict = max((len(word) for r in rows for word in r.verdict.split()), default=5)
    read = max((len(word) for r in rows if r.reading for word in f"({reading})".split()), default=0)
    sequence_share = max(16, min(28, round(1.7 * sequence) + 4))
    # The reading's words are in italic, not bold: narrower.
    verdict_share = max(14, min(28, round(max(1.9 * verdict, 1.5 * read)) + 4))
    article_share = 24
    return f"{sequence_share} {100 - sequence_share - verdict_share - article_share} {verdict_share} {article_share}"


class quickref(nodes.General, nodes.Element):
    """A quick-reference table and its title."""


class QuickRefDirective(SphinxDirective):
    """``{hb-quickref}``: its content (the table) in a node of its own, so the
    page and the book can set it apart; ``:id:`` is its anchor."""

    has_content = True
    option_spec = {"id": directives.unchanged_required}

    def run(self) -> list[nodes.Node]:
        node = quickref("", ids=[self.options["id"]], classes=["hb-quickref"])
        self.set_source_info(node)
        self.state.nested_parse(self.content, self.content_offset, node)
        return [node]


class quickref_title(nodes.General, nodes.TextElement):
    """The heading of a document's quick reference: set as a heading, but not
    a section, which in Markdown would own everything after it up to the next
    heading (the document's opening text and its points would become parts of
    the quick reference, out of the contents). In print it still gets its own
    contents line and bookmark, at the level of the document's sections."""


class QuickRefTitleDirective(SphinxDirective):
    """``{hb-quickref-title} TITLE`` with ``:id:``, its anchor."""

    required_arguments = 1
    final_argument_whitespace = True
    option_spec = {"id": directives.unchanged_required}

    def run(self) -> list[nodes.Node]:
        title = self.arguments[0]
        node = quickref_title(title, title, ids=[self.options["id"]], classes=["hb-quickref-title"])
        self.set_source_info(node)
        return [node]


def visit_title_html(self: Any, node: quickref_title) -> None:
    self.body.append(self.starttag(node, "h2", ""))


def depart_title_html(self: Any, node: quickref_title) -> None:
    self.body.append("</h2>\n")


def visit_title_latex(self: Any, node: quickref_title) -> None:
    from sphinx.util.texescape import escape as tex_escape

    title = tex_escape(node.astext(), self.config.latex_engine)
    # The level a section beside it would have (a chapter in a book of one document).
    level = self.sectionnames[min(self.sectionlevel + 1, len(self.sectionnames) - 1)]
    anchors = "".join(self.hypertarget(node_id, anchor=False) for node_id in node["ids"])
    self.body.append(f"\n\\par\\bigskip\\phantomsection\\addcontentsline{{toc}}{{{level}}}{{{title}}}{anchors}"
                     f"\\noindent{{\\large\\bfseries {title}}}\\markright{{{title}}}\\par\\nobreak\\medskip\n")
    raise nodes.SkipNode


def visit_title_text(self: Any, node: quickref_title) -> None:
    pass


def verdict_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Any,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``{hb-quickref-verdict}`PAYLOAD```: a verdict as a word (its tone a
    class on the site, bold in print where it asks something of the player)."""
    try:
        fields = markup.read_payload(markup.role_text(text))
    except ValueError as exc:
        message = inliner.reporter.error(f"hb-quickref-verdict: {exc}", line=lineno)
        return [inliner.problematic(rawtext, rawtext, message)], [message]
    label, tone = fields.get("label", ""), fields.get("tone", "")
    word: nodes.Element = nodes.strong(label, label) if tone in ("needs-action", "forbidden") else \
        nodes.inline(label, label)
    # Not the badges' classes (hb-verdict-*): those frame the word in print.
    word["classes"] += ["hb-quickref-verdict", f"hb-quickref-{tone}"]
    from build_tools.sphinxext.inline import reading_mark

    return [word, *reading_mark(fields.get("reading", ""))], []


def sequence_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Any,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``{hb-quickref-sequence}`1BA-[ktr]-2♦```: a sequence that may break
    between its calls (in a sentence an auction is kept on one line; in the
    table's narrow column a long one would run into the next)."""
    from build_tools.sphinxext.inline import auction_role

    made, messages = auction_role(name, rawtext, text, lineno, inliner, options, content)
    for node in made:
        if isinstance(node, nodes.Element):
            node["classes"] = ["hb-quickref-sequence"]
    return made, messages


def visit_html(self: Any, node: quickref) -> None:
    self.body.append(self.starttag(node, "div"))


def depart_html(self: Any, node: quickref) -> None:
    self.body.append("</div>\n")


def visit_latex(self: Any, node: quickref) -> None:
    self.body.append("\n\\begin{hbquickref}\n")


def depart_latex(self: Any, node: quickref) -> None:
    self.body.append("\n\\end{hbquickref}\n")


def visit_text(self: Any, node: quickref) -> None:
    pass


def setup_quickref(app: Sphinx) -> None:
    app.add_node(quickref, html=(visit_html, depart_html), latex=(visit_latex, depart_latex),
                 text=(visit_text, visit_text))
    app.add_directive("hb-quickref", QuickRefDirective)
    app.add_node(quickref_title, html=(visit_title_html, depart_title_html),
                 latex=(visit_title_latex, visit_title_text), text=(visit_title_text, visit_title_text))
    app.add_directive("hb-quickref-title", QuickRefTitleDirective)
    app.add_role("hb-quickref-verdict", verdict_role)
    app.add_role("hb-quickref-sequence", sequence_role)
