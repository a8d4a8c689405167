"""Links to the Laws: an article that rests on them (``laws:`` in its YAML)
is followed by a line linking each entry of the Laws' contents it names,
``{hb-law}`laws-1987-contents#pravilo-12-c```, in the reader's language.

A link is named by the entry as the Laws' page shows it in the same language:
the numbers of the points that hold it and its own, then its first words
("Law 12. C. Awarding an Adjusted Score"). The names are read from every page
as it is read (:class:`LawsDomain`) and put into the links once all pages are
known (:class:`NameLaws`), so a translation of the Laws renames them at once.
In a printed book that does not hold the Laws (a document alone) the entry is
named without a link, which would lead nowhere.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from docutils import nodes
from docutils.parsers.rst.states import Inliner
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.domains import Domain
from sphinx.transforms.post_transforms import SphinxPostTransform

from build_tools.markup import role_text


class law_reference(nodes.Inline, nodes.Element):
    """A link to an entry of the Laws (``target``: ``document#id``), named when every page is read."""


def law_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Inliner,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    target = role_text(text).strip()
    return [law_reference("", target=target, refdoc=inliner.document.settings.env.docname)], []


def entry_name(entry: nodes.Element) -> str:
    """A point named as a link to it names it: the numbers of the points that
    hold it and its own, then the first words of its text.

    >>> from build_tools.sphinxext.points import point
    >>> law = point("", number="Law 12.")
    >>> part = point("", nodes.paragraph("", "Awarding an Adjusted Score"), number="C.")
    >>> law += part
    >>> entry_name(part)
    'Law 12. C. Awarding an Adjusted Score'
    """
    from build_tools.sphinxext.points import _first_text, point, short_title

    numbers: list[str] = []
    holder: nodes.Node | None = entry
    while holder is not None:
        if isinstance(holder, point) and holder.get("number"):
            numbers.insert(0, str(holder["number"]))
        holder = holder.parent
    return " ".join([*numbers, short_title(_first_text(entry))]).strip()


class LawsDomain(Domain):
    """The names of the points of every page, by ``page#id`` (what a link to the Laws shows)."""

    name = "hblaws"
    label = "Handbook links to the Laws"
    initial_data = {"names": {}}

    @property
    def names(self) -> dict[str, tuple[str, str]]:
        return self.data.setdefault("names", {})  # type: ignore[no-any-return]

    def clear_doc(self, docname: str) -> None:
        for key in [key for key, (page, _) in self.names.items() if page == docname]:
            del self.names[key]

    def merge_domaindata(self, docnames: Iterable[str], otherdata: dict[str, Any]) -> None:
        wanted = set(docnames)
        self.names.update((key, value) for key, value in otherdata["names"].items() if value[0] in wanted)

    def resolve_any_xref(self, *args: Any, **kwargs: Any) -> list[Any]:
        return []


def collect_names(app: Sphinx, doctree: nodes.document) -> None:
    from build_tools.sphinxext.points import point

    domain = app.env.domains["hblaws"]
    assert isinstance(domain, LawsDomain)
    for found in doctree.findall(point):
        for node_id in found["ids"]:
            domain.names[f"{app.env.docname}#{node_id}"] = (app.env.docname, entry_name(found))


class NameLaws(SphinxPostTransform):
    """Each link to the Laws named, and resolved as a cross reference (the
    standard domain knows every id as ``page#id``); in a book without the
    Laws, its name alone."""

    default_priority = 5  # before the references are resolved (10)

    def run(self, **kwargs: Any) -> None:
        domain = self.env.domains["hblaws"]
        assert isinstance(domain, LawsDomain)
        printed = {self.env.docname, *(str(s["docname"]) for s in self.document.findall(addnodes.start_of_file))}
        for reference in list(self.document.findall(law_reference)):
            target = reference["target"]
            page, name = domain.names.get(target, (target.partition("#")[0], target))
            shown = nodes.inline(name, name, classes=["hb-law"])
            if self.app.builder.format != "html" and page not in printed:
                reference.replace_self(shown)
                continue
            reference.replace_self(addnodes.pending_xref(
                "", shown, refdomain="std", reftype="ref", reftarget=target, refexplicit=True, refwarn=True,
                refdoc=reference["refdoc"]))


def setup_laws(app: Sphinx) -> None:
    app.add_domain(LawsDomain)
    app.add_node(law_reference)
    app.add_role("hb-law", law_role)
    app.connect("doctree-read", collect_names)
    app.add_post_transform(NameLaws)
