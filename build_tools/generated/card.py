"""The alert card: one double-sided A5 sheet per regulation, for the
director's pocket, generated from its rules (not typed).

Its lines are the quick reference's (:mod:`.quickref`) of the questions the
document's ``card:`` names (a federation's choice: the CBA's card holds HUM,
Brown Sticker and colour, not seating rights): every sequence the document's
examples name, with what the pair agreed, the rules' verdict
(:func:`build_tools.verdicts.decided`, never the example's ``expect``) and the
number of the article that decides it, grouped by question and situation; the
rows of one sequence and article are one line. A line is a paragraph, not a
table row: the sheet is set in two columns, which a table cannot flow through.

Each document whose rules give a quick reference has a card page in its own
language and in English (:func:`card_languages`), ``<document>-card``: on the
site an orphan page that search leaves out, in print a LaTeX document of its
own (``<document>-card-<lang>-a5.pdf``, published beside the books and linked
from the document's page). Its title page is none: ``\\hbcard`` (the author
field, :mod:`build_tools.sphinxext.titlepage`) sets the sheet's narrow
margins and a heading line, and the card leaves out the contents and index.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from build_tools import markup
from build_tools.document import Document
from build_tools.generated import articles
from build_tools.generated.quickref import QuickReference

#: The template of the card's page (build_tools/templates/).
MACRO = "card.md.j2"

#: A card page's name: ``<document><SUFFIX>`` (its PDF ``<document>-card-<lang>-a5.pdf``).
SUFFIX = "-card"

#: The language every card is printed in besides the document's own.
SHARED_LANGUAGE = "en"


def card_languages(document_language: str) -> tuple[str, ...]:
    """The languages a document's card is made in: its own, and English.

    >>> card_languages("pl"), card_languages("en")
    (('pl', 'en'), ('en',))
    """
    return tuple(dict.fromkeys((document_language, SHARED_LANGUAGE)))


def page_name(document: str) -> str:
    """The card page of ``document``.

    >>> page_name("pzbs-alert-rules")
    'pzbs-alert-rules-card'
    """
    return document + SUFFIX


def pdf_name(document: str, language: str) -> str:
    """The card's PDF in ``language``, beside the books.

    >>> pdf_name("pzbs-alert-rules", "pl")
    'pzbs-alert-rules-card-pl-a5.pdf'
    """
    return f"{page_name(document)}-{language}-a5.pdf"


@dataclass(frozen=True, slots=True)
class Verdict:
    """One verdict of a line: its label and tone, and each agreement the
    quick reference gives it (none where the query states none)."""

    label: str
    tone: str
    asked: tuple[str, ...] = ()
    #: The agreements whose verdict rests on the handbook's reading of the article.
    readings: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a card: a sequence as the reader writes it, the article
    deciding it (its id, its number as the page names it, and that name's
    language where it is the original's), and the verdicts that article gives
    it, each with the agreements it gives it to: the rows of the quick
    reference for one sequence and article, in a line (the sheet has room
    for no more)."""

    sequence: str
    article: str
    name: str
    verdicts: tuple[Verdict, ...]
    lang: str = ""


@dataclass(frozen=True, slots=True)
class Group:
    situation: str
    lines: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class Part:
    """The lines of one question: ``answers`` its answers' labels (its heading)."""

    question: str
    answers: tuple[str, ...]
    groups: tuple[Group, ...]

    @property
    def has_readings(self) -> bool:
        """Whether a verdict of its lines rests on the handbook's reading."""
        return has_readings([self])


def build(doc: Document, tables: Sequence[QuickReference]) -> tuple[Part, ...]:
    """The card of ``doc`` (translated): its quick reference's ``tables`` of the
    questions its ``card:`` names, in that order (every table without one), the
    rows of one sequence and one article a line, naming the article by number.

    >>> from build_tools.generated.quickref import Group as G, Row
    >>> from build_tools.document import Point, Section
    >>> point = Point("p", "text", number="1.")
    >>> doc = Document("d", "T", "", "pl", "regulation", (Section("s", "S", (point,), number="II."),))
    >>> rows = (Row("1♣", "natural", "Alert", "needs-action", "p"), Row("1♣", "2+", "No alert", "permitted", "p"),
    ...         Row("1♣", "strong", "Alert", "needs-action", "p"), Row("1♦", "", "Alert", "needs-action", "p"))
    >>> for line in build(doc, [QuickReference("q", "alert", ("Alert",), (G("openings", rows),))])[0].groups[0].lines:
    ...     print(line.sequence, line.name, [(v.label, v.asked) for v in line.verdicts])
    1♣ II. 1. [('Alert', ('natural', 'strong')), ('No alert', ('2+',))]
    1♦ II. 1. [('Alert', ())]
    """
    names = articles.names(doc)
    languages = articles.name_languages(doc)
    if doc.card:
        tables = [table for question in doc.card for table in tables if table.question == question]

    def lines(rows: Sequence[Any]) -> tuple[Line, ...]:
        found: dict[tuple[str, str], dict[tuple[str, str], list[Any]]] = {}
        for row in rows:
            sequence = row.short or row.sequence
            found.setdefault((sequence, row.article), {}).setdefault((row.verdict, row.tone), []).append(row)
        return tuple(
            Line(sequence, article, names.get(article, article),
                 tuple(Verdict(label, tone, tuple(dict.fromkeys(r.asked for r in same if r.asked)),
                               tuple(dict.fromkeys(r.asked for r in same if r.reading)))
                       for (label, tone), same in verdicts.items()),
                 languages.get(article, ""))
            for (sequence, article), verdicts in found.items())

    return tuple(
        Part(table.question, table.answers,
             tuple(Group(group.situation, lines(group.rows)) for group in table.groups))
        for table in tables)


#: After an agreement whose verdict rests on the handbook's reading of the
#: article: the sheet has no room for the words, which its opening line gives.
READING_MARK = "†"


def has_readings(parts: Sequence[Part]) -> bool:
    """Whether some line of the card rests on the handbook's reading."""
    return any(verdict.readings for part in parts for group in part.groups for line in group.lines
               for verdict in line.verdicts)


def lines(part: Part, situation_words: Mapping[str, str], reading_word: str = "") -> markup.MyST:
    """The MyST of one question's lines: a situation's name, then a paragraph
    per line, an agreement whose verdict rests on the handbook's reading
    (``reading_word``, given) marked :data:`READING_MARK`."""
    import json

    def asked(verdict: Verdict) -> list[str]:
        return [f"{a} {READING_MARK}" if reading_word and a in verdict.readings else a for a in verdict.asked]

    out: list[str] = []
    for group in part.groups:
        out.append(markup.role("hb-card-situation", situation_words[group.situation]))
        for line in group.lines:
            verdicts = json.dumps([[v.label, v.tone, asked(v)] for v in line.verdicts], ensure_ascii=False)
            out.append(markup.role("hb-card-line", markup.payload(
                sequence=line.sequence, article=line.name, lang=line.lang, verdicts=verdicts)))
    return markup.MyST("".join(f"{paragraph}\n\n" for paragraph in out))


class card(nodes.General, nodes.Element):
    """A card's lines, set in two columns in print."""


class CardDirective(SphinxDirective):
    """``{hb-card}``: the card's content, in a node of its own."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        node = card("", classes=["hb-card"])
        self.set_source_info(node)
        self.state.nested_parse(self.content, self.content_offset, node)
        return [node]


def line_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Any,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``{hb-card-line}`PAYLOAD```: a line's sequence, its article's number, and
    each verdict (bold where it asks something of the player) with the
    agreements it is given to."""
    import json

    from build_tools.sphinxext.inline import auction_role
    from build_tools.sphinxext.untranslated import original

    try:
        fields = markup.read_payload(markup.role_text(text))
        verdicts = json.loads(fields["verdicts"])
    except (ValueError, KeyError) as exc:
        message = inliner.reporter.error(f"hb-card-line: {exc}", line=lineno)
        return [inliner.problematic(rawtext, rawtext, message)], [message]
    sequence, _ = auction_role(name, rawtext, fields.get("sequence", ""), lineno, inliner)
    for node in sequence:
        if isinstance(node, nodes.Element):
            node["classes"] = ["hb-card-sequence"]
    number: nodes.Element = nodes.inline(fields.get("article", ""), fields.get("article", ""),
                                         classes=["hb-card-article"])
    if fields.get("lang"):
        number = original("", "", number, lang=fields["lang"])
    made: list[nodes.Node] = [*sequence, nodes.Text(" "), number]
    for n, (label, tone, asked) in enumerate(verdicts):
        word = nodes.strong(label, label) if tone in ("needs-action", "forbidden") else nodes.Text(label)
        made += [nodes.Text("; " if n else " "),
                 nodes.inline("", "", word, classes=["hb-card-verdict", f"hb-card-{tone}"])]
        if asked:
            made += [nodes.Text(": "), nodes.inline("", " / ".join(asked), classes=["hb-card-asked"])]
    return made, []


def situation_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Any,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    shown = markup.role_text(text)
    return [nodes.inline(shown, shown, classes=["hb-card-situation"])], []


def question_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Any,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """The heading of one question's lines: its answers."""
    shown = markup.role_text(text)
    return [nodes.inline("", "", nodes.strong(shown, shown), classes=["hb-card-question"])], []


def visit_html(self: Any, node: card) -> None:
    self.body.append(self.starttag(node, "div"))


def depart_html(self: Any, node: card) -> None:
    self.body.append("</div>\n")


def visit_latex(self: Any, node: card) -> None:
    self.body.append("\n\\begin{hbcardlines}\n")


def depart_latex(self: Any, node: card) -> None:
    self.body.append("\n\\end{hbcardlines}\n")


def visit_text(self: Any, node: card) -> None:
    pass


#: The sheet in print: two columns of lines in a small size, each a paragraph
#: (a sequence in bold, its article's number in italics, each verdict in the
#: sans face before its agreements, bold where it asks something of the
#: player: an underline, at this leading, struck through the line below); a
#: situation's name heads its lines; a question's heading (its answers) spans
#: the columns' width. A line is never split between columns or pages (the
#: sheet's front and back).
LATEX = r"""
\usepackage{multicol}
% A card has no contents and no index (its \hbcard title, sphinxext/titlepage.py).
\newif\ifhbcard
\newcommand{\hbtableofcontents}{\ifhbcard\else\sphinxtableofcontents\fi}
\newcommand{\hbprintindex}{\ifhbcard\else\printindex\fi}
% Its lines are paragraphs that never break (\interlinepenalty) on a fixed
% leading, and multicols sets its columns to one height: with nothing between
% them to give, a column whose lines came to a point or two more than its height
% was set too high (overfull, under the running foot); half a point's shrink
% between lines lets it fit.
\newenvironment{hbcardlines}{\par\fontsize{6.5}{7.1}\selectfont\setlength{\columnsep}{3mm}\setlength{\parskip}{0pt minus 0.5pt}%
  \begin{multicols}{2}\raggedright\interlinepenalty10000
  \let\hbcardpar\sphinxAtStartPar\def\sphinxAtStartPar{\noindent\hangindent1.2em\hangafter1\hbcardpar}}%
  {\end{multicols}}
\expandafter\newcommand\csname DUrolehb-card-situation\endcsname[1]{\vspace{0.5pt}\textbf{#1}\nopagebreak}
\expandafter\newcommand\csname DUrolehb-card-question\endcsname[1]{{\small #1}}
% The card's opening lines (who issued it, how it is made) in the lines' size.
\newenvironment{sphinxclasshb-card-info}{\par\scriptsize}{\par\smallskip}
\expandafter\newcommand\csname DUrolehb-card-sequence\endcsname[1]{\textbf{#1}}
\expandafter\newcommand\csname DUrolehb-card-verdict\endcsname[1]{{\sffamily #1}}
% An article's name keeps the space after its number, as a heading does
% ("第29条 一、", \hbcjkspace in sphinxext/latex.py): xeCJK had dropped it.
\expandafter\newcommand\csname DUrolehb-card-article\endcsname[1]{{\hbcjkspace\textit{#1}}}
"""


def setup_card(app: Sphinx) -> None:
    app.add_node(card, html=(visit_html, depart_html), latex=(visit_latex, depart_latex),
                 text=(visit_text, visit_text))
    app.add_directive("hb-card", CardDirective)
    app.add_role("hb-card-line", line_role)
    app.add_role("hb-card-situation", situation_role)
    app.add_role("hb-card-question", question_role)
