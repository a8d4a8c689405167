"""Every page is written again when the navigation of the site changes.

Each page of the site names the others: the sidebar's contents (every
document's title and headings), the links to the previous and next page.
Sphinx writes again only the pages it read again and the pages whose
toctree lists them, so a document's new title or heading would stay old on
every other page of an incremental build (a preview's rebuild, a
``handbook build`` after an edit) while a build from nothing shows it. This
compares the navigation of the documents read again, before and after, and
when it changed has every page written: an edited sentence writes one page,
an edited heading them all.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment


def navigation(env: BuildEnvironment, docname: str) -> str:
    """What the other pages show of ``docname``: its title, its headings
    (its table of contents) and the documents its toctree lists ("" for a
    document Sphinx does not know yet)."""
    title, toc = env.titles.get(docname), env.tocs.get(docname)
    return "\0".join((title.pformat() if title is not None else "", toc.pformat() if toc is not None else "",
                      "\n".join(env.toctree_includes.get(docname, ()))))


class _Watch:
    """The navigation of the documents about to be read, to compare after."""

    def __init__(self) -> None:
        self.before: dict[str, str] = {}

    def record(self, app: Sphinx, env: BuildEnvironment, docnames: Sequence[str]) -> None:
        self.before = {docname: navigation(env, docname) for docname in docnames}

    def changed(self, app: Sphinx, env: BuildEnvironment) -> list[str]:
        before, self.before = self.before, {}
        if any(navigation(env, docname) != shown for docname, shown in before.items()):
            return sorted(env.found_docs)
        return []


def setup_navigation(app: Sphinx) -> dict[str, Any]:
    watch = _Watch()
    app.connect("env-before-read-docs", watch.record)
    app.connect("env-updated", watch.changed)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
