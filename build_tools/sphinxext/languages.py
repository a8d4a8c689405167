"""The language switcher: every page links to the same page in the other
languages of the handbook, and to this language's PDF.

Each language is built as its own Sphinx project into ``<site>/<lang>/`` with
the same flat page names, so the same article in another language is always at
``../<lang>/<pagename>.html``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from build_tools.document import language_name

TEMPLATES = Path(__file__).parent / "templates"
STATIC = Path(__file__).parent / "static"


def switcher(current: str, languages: list[str], pagename: str) -> list[dict[str, Any]]:
    """Links for the switcher on ``pagename`` of the ``current`` language.

    >>> [(e["code"], e["url"]) for e in switcher("pl", ["pl", "en"], "pzbs")]
    [('pl', 'pzbs.html'), ('en', '../en/pzbs.html')]
    """
    return [
        {
            "code": code,
            "name": language_name(code),
            "url": f"{pagename}.html" if code == current else f"../{code}/{pagename}.html",
            "current": code == current,
        }
        for code in languages
    ]


def _page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    config = app.config
    context["hb_languages"] = switcher(config.handbook_language, list(config.handbook_languages), pagename)
    context["hb_pdf"] = f"../pdf/{config.handbook_pdf}" if config.handbook_pdf else ""


#: The class of what only the site shows (links to the published PDFs): a book leaves it out.
SITE_ONLY = "hb-site-only"


def drop_site_only(app: Sphinx, doctree: Any, docname: str) -> None:
    """Leave out of a book what links the site's PDFs: a link relative to the
    site leads nowhere from a PDF."""
    from docutils import nodes

    if app.builder.format == "html":
        return
    for container in list(doctree.findall(nodes.container)):
        if SITE_ONLY in container["classes"]:
            container.parent.remove(container)


def setup_languages(app: Sphinx) -> None:
    app.add_config_value("handbook_language", "en", "html", str)
    app.add_config_value("handbook_languages", [], "html", list)
    app.add_config_value("handbook_pdf", "", "html", str)
    app.connect("html-page-context", _page_context)
    app.connect("doctree-resolved", drop_site_only)
