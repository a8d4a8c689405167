"""How a generated block names and refers to an article of its document.

An article is named by what a reader finds on the page: the numbers of the
points that hold it (``2.``, ``7. 1.``) after the title of the section it is in
(``Inne ustalenia 12. a)``), or the section's own number. On the site the name
links the article; in print it is followed by the article's page
(``\\pageref``), so a director turns to it.

``{hb-article}`PAYLOAD``` carries the article's id, its name and the word for
"page" in the reader's language (:func:`article_role`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

from docutils import nodes
from docutils.parsers.rst.states import Inliner
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util.texescape import escape as tex_escape

from build_tools import markup
from build_tools.document import Block, Definition, Document, Paragraph, Point, Section, children


def ancestry(doc: Document) -> dict[str, tuple[Block | Point, ...]]:
    """Every element id of ``doc`` with the chain of elements from the
    outermost holding it down to the element itself."""
    found: dict[str, tuple[Block | Point, ...]] = {}

    def walk(element: Block | Point, above: tuple[Block | Point, ...]) -> None:
        chain = (*above, element)
        found[element.id] = chain
        for child in children(element):
            walk(child, chain)

    for block in doc.body:
        walk(block, ())
    return found


class NamePart(NamedTuple):
    """One part of an article's name: its ``text``, the catalog context it is
    translated under, and whether it is a display number (whose language is
    :func:`~build_tools.render.number_language`'s) rather than words."""

    text: str
    context: str
    is_number: bool


def name_parts(chain: tuple[Block | Point, ...]) -> list[NamePart]:
    """The parts of the name of ``chain``'s last element, in reading order:
    the innermost section's number (or its title), then the numbers of the
    points below it; with neither, the element's first words.

    >>> from build_tools.document import Section, Point
    >>> inner = Point("b", "text", number="a)")
    >>> outer = Point("p", "text", number="12.", items=(inner,))
    >>> [tuple(part) for part in name_parts((Section("s", "Inne ustalenia", ()), outer, inner))]
    [('Inne ustalenia', 's', False), ('12.', 'p', True), ('a)', 'b', True)]
    """
    sections = [n for n, element in enumerate(chain) if isinstance(element, Section)]
    start = sections[-1] + 1 if sections else 0
    parts: list[NamePart] = []
    if sections:
        section = chain[sections[-1]]
        assert isinstance(section, Section)
        if section.number.strip():
            parts.append(NamePart(section.number.strip(), section.id, True))
        elif markup.plain(section.title):
            parts.append(NamePart(_short(markup.plain(section.title)), section.id, False))
    parts.extend(NamePart(element.number.strip(), element.id, True) for element in chain[start:]
                 if isinstance(element, Point) and element.number.strip())
    if not parts:
        # An article in no section and no numbered point (a paragraph of the
        # opening text) is named by its first words: a link says where it leads.
        last = chain[-1]
        if isinstance(last, Definition):
            parts.append(NamePart(_short(markup.plain(last.term)), f"{last.id}.term", False))
        elif isinstance(last, Paragraph | Point):
            parts.append(NamePart(_short(markup.plain(last.text)), last.id, False))
    return [part for part in parts if part.text]


def article_name(chain: tuple[Block | Point, ...]) -> str:
    """The name of the last element of ``chain`` (:func:`name_parts`).

    >>> from build_tools.document import Paragraph, Section, Point
    >>> inner = Point("b", "text", number="a)")
    >>> outer = Point("p", "text", number="12.", items=(inner,))
    >>> article_name((Section("s", "Inne ustalenia", ()), outer, inner))
    'Inne ustalenia 12. a)'
    >>> article_name((outer, inner)), article_name((Section("s", "Title", (), number="4.2"),))
    ('12. a)', '4.2')
    >>> article_name((Paragraph("z", "Stwierdzenie „nie alertuje się” oznacza dodatkowo"),))
    'Stwierdzenie „nie…'
    """
    return " ".join(part.text for part in name_parts(chain))


#: The longest section title a name repeats whole; a longer one is cut at a word.
TITLE_LENGTH = 20


def _short(title: str) -> str:
    """``title``, or its first words and an ellipsis when it is longer than
    :data:`TITLE_LENGTH` (a name is read in a narrow column).

    >>> _short("Inne ustalenia"), _short("Wyjaśnienia dotyczące zapisów z Zasad Alertowania")
    ('Inne ustalenia', 'Wyjaśnienia…')
    """
    if len(title) <= TITLE_LENGTH:
        return title
    cut = title[:TITLE_LENGTH + 1].rsplit(" ", 1)[0]
    return (cut if cut != title[:TITLE_LENGTH + 1] else title[:TITLE_LENGTH]) + "…"


def names(doc: Document) -> dict[str, str]:
    """Every element id of ``doc`` with its name (:func:`article_name`)."""
    return {element: article_name(chain) for element, chain in ancestry(doc).items()}


def name_language(chain: tuple[Block | Point, ...], doc: Document) -> str:
    """The language tag of the name of ``chain``'s last element when the page
    shows a part of it in the original ("第29条 一、 2." on an English page, its
    numbers untranslated), or ``""`` when all of it is the page's own.

    A name mixing a translated part with an untranslated one is read as the
    original's: its untranslated words are what a reader must be told the
    language of (a screen reader, the CJK face in print), and a number in
    figures reads the same either way.

    >>> from build_tools.document import Definition, Document, Point, Section
    >>> point = Point("p", "text", number="2.")
    >>> article = Section("s", "Zasady", (point,), number="第29条")
    >>> term = Definition("d", "Alert", "text")
    >>> def zh(*untranslated):
    ...     return Document("x", "t", "", "zh_CN", "regulation", (article, term),
    ...                     shown_language="en", untranslated=frozenset(untranslated))
    >>> name_language((article, point), zh("s.number")), name_language((article, point), zh())
    ('zh-CN', '')
    >>> name_language((term,), zh("d.term")), name_language((term,), zh("d"))
    ('zh-CN', '')
    >>> titled = Section("t", "Alerty", (point,))
    >>> name_language((titled,), zh("t")), name_language((titled, point), zh("t")), name_language((titled,), zh())
    ('zh-CN', 'zh-CN', '')

    The original's own page marks nothing:

    >>> name_language((article, point), Document("x", "t", "", "zh_CN", "regulation", (article,),
    ...                                          untranslated=frozenset({"s.number"})))
    ''
    """
    from build_tools.render import lang_tag, number_language

    if doc.language == doc.display_language:
        return ""
    for part in name_parts(chain):
        if number_language(part.text, doc, part.context) if part.is_number else part.context in doc.untranslated:
            return lang_tag(doc.language)
    return ""


def name_languages(doc: Document) -> dict[str, str]:
    """Every element id of ``doc`` whose name is shown in the original, with
    that language's tag (:func:`name_language`)."""
    found = {element: name_language(chain, doc) for element, chain in ancestry(doc).items()}
    return {element: tag for element, tag in found.items() if tag}


def reference(article: str, name: str, page_word: str, lang: str = "", column: bool = False) -> markup.MyST:
    """The MyST of a reference to ``article`` of the page it is on; ``lang``
    the language of its name when not the page's (:func:`name_language`);
    ``column``: it ends a table's cell (see :func:`visit_page_latex`)."""
    return markup.role("hb-article", reference_payload(article, name, page_word, lang, column))


def reference_payload(article: str, name: str, page_word: str, lang: str = "", column: bool = False) -> str:
    """The argument of ``{hb-article}`` (:func:`reference`)."""
    fields = {"article": article, "name": name, "page": page_word}
    if lang:
        fields["lang"] = lang
    if column:
        fields["column"] = "yes"
    return markup.payload(**fields)


class article_page(nodes.Inline, nodes.Element):
    """In print, the page of an article after its name; nothing on the site
    (where the name is a link)."""


def article_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Inliner,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``{hb-article}`PAYLOAD```: the article's name, linked to it; in print
    followed by its page number."""
    try:
        fields = markup.read_payload(markup.role_text(text))
    except ValueError as exc:
        message = inliner.reporter.error(f"hb-article: {exc}", line=lineno)
        return [inliner.problematic(rawtext, rawtext, message)], [message]
    env = inliner.document.settings.env
    shown = fields.get("name", "")
    link: nodes.Element = addnodes.pending_xref(
        "", nodes.inline(shown, shown, classes=["hb-article"]), refdomain="std", reftype="ref",
        reftarget=f"{env.docname}#{fields.get('article', '')}", refexplicit=True, refwarn=True, refdoc=env.docname,
    )
    if fields.get("lang"):
        # Around the link: resolving it replaces what it holds by its title's text.
        from build_tools.sphinxext.untranslated import original

        link = original("", "", link, lang=fields["lang"])
    page = article_page("", label=f"{env.docname}:{fields.get('article', '')}", word=fields.get("page", ""),
                        column=bool(fields.get("column")))
    return [link, page], []


def visit_page_latex(self: Any, node: article_page) -> None:
    # The label Sphinx writes for an id (\label{\detokenize{doc:id}}) is the
    # one a \pageref names; an unbreakable space keeps the number with its
    # word, and the line may break before them (a narrow column). At the end
    # of a table's cell the number takes the room of three digits, whatever it
    # is: a row whose height changed with its page numbers ("p. 9", "p. 10")
    # moved the tables after it, and so the pages they name, from one xelatex
    # pass to the next, without end (the Chinese A4 book).
    word = tex_escape(node["word"], self.config.latex_engine)
    number = r"\pageref{\detokenize{" + node["label"] + "}})"
    if node.get("column"):
        number = r"\hbcolumnpage{" + number + "}"
    self.body.append(r" (" + word + "~" + number)
    raise nodes.SkipNode


def skip(self: Any, node: nodes.Element) -> None:
    raise nodes.SkipNode


def setup_articles(app: Sphinx) -> None:
    app.add_node(article_page, html=(skip, None), latex=(visit_page_latex, None), text=(skip, None))
    app.add_role("hb-article", article_role)


def element_ids(doc: Document) -> Iterator[str]:
    """The ids of ``doc``'s elements in document order."""
    yield from ancestry(doc)
