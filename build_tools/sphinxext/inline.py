"""Inline markup of document text: cross references, auctions and hands
written in a sentence, and the badges of default and alternative agreements.

* ``{hb-ref}`words <doc#id>``` links to the element ``id`` of page ``doc``
  (``<#id>``: this page). Every element id is registered as a label
  ``doc#id`` of the standard domain, so the link resolves in HTML and LaTeX
  alike, and an unknown target is a warning (an error under ``-W``).
* ``{hb-inline-auction}`...``` and ``{hb-inline-hand}`...``` keep the text
  as written (the loader has read it with the rule model) in a span that
  breaks across lines only between calls.
* ``{hb-default}`default``` and ``{hb-leaf}`leaf``` are badges; ``{hb-page}`43```
  is a page number of a table of contents; ``{hb-editorial}`...``` heads an
  example of the handbook's own.
* ``{hb-verdict}`PAYLOAD``` is a verdict of an example (its tone, label and
  article encoded by :func:`build_tools.markup.payload`), linked to the
  article that decides it.
* ``{hb-alert}`*``` is the alert mark after a call in a bidding diagram, and
  ``{hb-vulnerable}`North``` a vulnerable seat's name heading its column.
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from docutils.parsers.rst.states import Inliner
from sphinx import addnodes
from sphinx.application import Sphinx

from build_tools.markup import read_payload, role_text
from build_tools.sphinxext.breaks import wordbreak

Roles = tuple[list[nodes.Node], list[nodes.system_message]]


def ref_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Inliner,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> Roles:
    words, _, target = role_text(text).rpartition(" <")
    page, _, anchor = target.rstrip(">").partition("#")
    env = inliner.document.settings.env
    node = addnodes.pending_xref(
        "", nodes.inline(words, words, classes=["hb-ref"]),
        refdomain="std", reftype="ref", reftarget=f"{page or env.docname}#{anchor}",
        refexplicit=True, refwarn=True, refdoc=env.docname,
    )
    return [node], []


def verdict_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Inliner,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> Roles:
    """``{hb-verdict}`PAYLOAD``` : a verdict badge linked to the article of
    the rules that decides it (no link when none decides). The payload
    (:func:`build_tools.markup.payload`) holds its tone (``permitted``), label
    and article: a label is a translator's text, and may hold any character."""
    try:
        fields = read_payload(role_text(text))
    except ValueError as exc:
        message = inliner.reporter.error(f"hb-verdict: {exc}", line=lineno)
        return [inliner.problematic(rawtext, rawtext, message)], [message]
    kind, label, article = fields.get("kind", ""), fields.get("label", ""), fields.get("article", "")
    badge = nodes.inline("", classes=["hb-verdict", f"hb-verdict-{kind}"])
    marked = reading_mark(fields.get("reading", ""))
    if not article:
        badge += nodes.Text(label)
        return [badge, *marked], []
    # The badge holds the link: the standard domain replaces the node inside
    # a reference with its own, so classes on that node would be lost.
    env = inliner.document.settings.env
    badge += addnodes.pending_xref(
        "", nodes.inline(label, label), refdomain="std", reftype="ref", reftarget=f"{env.docname}#{article}",
        refexplicit=True, refwarn=True, refdoc=env.docname,
    )
    return [badge, *marked], []


def reading_mark(word: str) -> list[nodes.Node]:
    """After a verdict resting on the handbook's reading of its article (an
    example's ``reading``), the word that says so, in brackets: "Alert
    (handbook's reading)"; nothing without the word."""
    if not word:
        return []
    return [nodes.Text(" "), nodes.inline(f"({word})", f"({word})", classes=["hb-reading"])]


def original_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Inliner,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> Roles:
    """``{hb-original}`pl|pzbs-alert-rules|Zasady alertowania``` : the title of
    a translated document's original, in its own language, linked on the site to
    the original's page (``../pl/pzbs-alert-rules.html``); in print, the title."""
    from build_tools.sphinxext.untranslated import original

    language, document, title = (role_text(text).split("|", 2) + ["", ""])[:3]
    shown = original(title, title, lang=language.replace("_", "-"))
    if inliner.document.settings.env.app.builder.format != "html":
        return [nodes.emphasis("", "", shown)], []
    link = nodes.reference("", "", shown, refuri=f"../{language}/{document}.html", classes=["hb-original"])
    return [link], []


def _span(css: str) -> Any:
    def role(
        name: str, rawtext: str, text: str, lineno: int, inliner: Inliner,
        options: dict[str, Any] | None = None, content: list[str] | None = None,
    ) -> Roles:
        shown = role_text(text)
        return [nodes.inline(shown, shown, classes=[css])], []

    return role


#: What separates the calls of an auction written in a sentence ("1♣-1♥",
#: "1♣_(Paso)_1♠", "1♣ (1♠)").
_BETWEEN_CALLS = re.compile(r"(?<=[-_ ])(?=\S)")


def auction_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Inliner,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> Roles:
    """An auction in a sentence: a break opportunity after each separator
    between calls, and nowhere inside a call.

    >>> [n.astext() or "|" for n in auction_role("", "", "1♣_(Paso)_1♠", 0, None)[0][0].children]  # type: ignore[arg-type]
    ['1♣_', '|', '(Paso)_', '|', '1♠']
    """
    shown = role_text(text)
    node = nodes.inline(shown, "", classes=["hb-inline-auction"])
    for n, piece in enumerate(_BETWEEN_CALLS.split(shown)):
        if n:
            node += wordbreak()
        node += nodes.Text(piece)
    return [node], []


def register_labels(app: Sphinx, doctree: nodes.document) -> None:
    """Make every id of the page a link target ``page#id``."""
    env = app.env
    anonlabels = env.domains.standard_domain.anonlabels
    for node in doctree.findall(nodes.Element):
        for node_id in node["ids"]:
            anonlabels[f"{env.docname}#{node_id}"] = (env.docname, node_id)


def setup_inline(app: Sphinx) -> None:
    app.add_role("hb-ref", ref_role)
    app.add_role("hb-verdict", verdict_role)
    app.add_role("hb-original", original_role)
    app.add_role("hb-inline-auction", auction_role)
    for kind in ("inline-hand", "default", "leaf", "page", "editorial", "alert", "vulnerable", "query",
                 "quickref-situation"):
        app.add_role(f"hb-{kind}", _span(f"hb-{kind}"))
    app.connect("doctree-read", register_labels)
