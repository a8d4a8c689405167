""""But see": beside an article that an exception overrides, a note naming
and linking the exception and its situation, derived from the rules
(``exception-to``), never written by hand.

An exception from inside the article it overrides (a sub-point of it) is
read with it and gets no note; any other names the article in its
``exception-to`` and is listed. The situation is the exception's own text
(translated), shortened to its first words.

Where the note goes: after the article's whole content (a point's text,
body and sub-points; a list's last point; a paragraph), never between a
sentence and the points it introduces, where it would offer the page a
break; after a section's heading, before its content.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from docutils.parsers.rst.states import Inliner

from build_tools import markup
from build_tools.document import Block, Document, Point
from build_tools.generated import articles

#: The template macro of the family (build_tools/templates/).
MACRO = "butsee.md.j2"

#: How many characters of the exception's text name its situation.
SITUATION_LENGTH = 60


@dataclass(frozen=True, slots=True)
class Exception_:
    """One exception overriding an article: its id, name and situation, and
    the languages of the two when shown in the original (``""``: the page's)."""

    article: str
    name: str
    situation: str
    name_lang: str = ""
    situation_lang: str = ""


def shorten(text: str, length: int = SITUATION_LENGTH) -> str:
    """``text`` cut at a word before ``length`` characters, with an ellipsis.

    >>> shorten("staymana i transfery po 1BA i interwencji przeciwnika;")
    'staymana i transfery po 1BA i interwencji przeciwnika'
    >>> shorten("one two three four", 10)
    'one two…'
    """
    plain = " ".join(text.split()).rstrip(" ;:,.")
    if len(plain) <= length:
        return plain
    return plain[:length].rsplit(" ", 1)[0].rstrip(" ;:,.") + "…"


def build(doc: Document) -> dict[str, tuple[Exception_, ...]]:
    """Every article of ``doc`` (translated) that an exception from outside it
    overrides, with those exceptions in document order."""
    from build_tools.render import lang_tag
    from build_tools.verdicts import rules_of

    names = articles.names(doc)
    languages = articles.name_languages(doc)
    original = lang_tag(doc.language) if doc.language != doc.display_language else ""
    texts = {e.id: getattr(e, "text", "") or getattr(e, "title", "") for e in doc.elements()}
    found: dict[str, dict[str, Exception_]] = {}
    for rule in rules_of(doc):
        for target in rule.exception_to:
            if rule.inside(target) or target not in names:
                continue
            situation = shorten(markup.plain(texts.get(rule.article, "")))
            found.setdefault(target, {}).setdefault(
                rule.article, Exception_(rule.article, names.get(rule.article, rule.article), situation,
                                         languages.get(rule.article, ""),
                                         original if rule.article in doc.untranslated else ""))
    return {target: tuple(exceptions.values()) for target, exceptions in found.items()}


def note(element: Block | Point, doc: Document, label: str, page_word: str) -> markup.MyST:
    """The MyST of ``element``'s note, a paragraph of its own ("" for none)."""
    import json

    cached = _CACHE.get(id(doc))
    if cached is None or cached[0] is not doc:
        if len(_CACHE) > 32:
            _CACHE.clear()
        cached = _CACHE[id(doc)] = (doc, build(doc))
    exceptions = cached[1].get(element.id, ())
    if not exceptions:
        return markup.MyST("")
    items = json.dumps([[e.article, e.name, e.situation, e.name_lang, e.situation_lang] for e in exceptions],
                       ensure_ascii=False)
    return markup.MyST(markup.role("hb-butsee", markup.payload(label=label, page=page_word, items=items)) + "\n\n")


_CACHE: dict[int, tuple[Document, Mapping[str, tuple[Exception_, ...]]]] = {}


class butsee(nodes.Inline, nodes.TextElement):
    """A "but see" note: its words, then each exception's name (a link; in
    print with its page) and situation."""


def butsee_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Inliner,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``{hb-butsee}`PAYLOAD```: the note (label, page word, exceptions)."""
    import json

    try:
        fields = markup.read_payload(markup.role_text(text))
        items = json.loads(fields["items"])
    except (ValueError, KeyError) as exc:
        message = inliner.reporter.error(f"hb-butsee: {exc}", line=lineno)
        return [inliner.problematic(rawtext, rawtext, message)], [message]
    node = butsee("", classes=["hb-butsee"])
    node += nodes.strong(fields.get("label", ""), fields.get("label", ""))
    from build_tools.sphinxext.untranslated import original

    for n, (article, shown, situation, name_lang, situation_lang) in enumerate(items):
        node += nodes.Text("; " if n else " ")
        payload = articles.reference_payload(article, shown, fields.get("page", ""), name_lang)
        links, _ = articles.article_role("hb-article", "", payload, lineno, inliner)
        node.extend(links)
        if situation:
            node += nodes.Text(" — ")
            node += original(situation, situation, lang=situation_lang) if situation_lang else nodes.Text(situation)
    return [node], []


def visit_html(self: Any, node: butsee) -> None:
    self.body.append(self.starttag(node, "span"))


def depart_html(self: Any, node: butsee) -> None:
    self.body.append("</span>")


def visit_latex(self: Any, node: butsee) -> None:
    self.body.append("{\\hbbutsee ")


def depart_latex(self: Any, node: butsee) -> None:
    self.body.append("}")


def visit_text(self: Any, node: butsee) -> None:
    pass


def setup_butsee(app: Sphinx) -> None:
    app.add_node(butsee, html=(visit_html, depart_html), latex=(visit_latex, depart_latex),
                 text=(visit_text, visit_text))
    app.add_role("hb-butsee", butsee_role)
