"""The index of calls and conventions, generated from a document's rules and
examples in the reader's language.

An article is indexed under every convention its rules name (``convention:``
anywhere in a rule's scope or conditions) and every convention and call its
examples ask about (an example belongs to the article that holds it); and under
the questions its rules decide whose "yes" asks something of the players (HUM,
Brown Sticker; not "Permitted"), but for the document's main question (the one
most of its rules answer: "Alert" on every article of an alert regulation
would index nothing). Conventions are worded with the meaning vocabulary's words
(:mod:`build_tools.meaning_text`), calls in the reader's notation.

``{hb-index}`PAYLOAD``` at the start of the article's text becomes, on the site,
Sphinx's own index entries (``genindex.html``, linking the article); in print,
``\\index`` entries that makeindex sorts by a key of ASCII letters and digits
(:func:`sort_key`), so that suit symbols, Cyrillic and Chinese keys are neither
split nor misread by makeindex, which reads bytes; calls sort in the order of
the calls, conventions alphabetically, each under its group's heading.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from docutils import nodes
from docutils.parsers.rst.states import Inliner
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.texescape import escape as tex_escape

from build_tools import markup
from build_tools.document import Block, Definition, Document, Example, Paragraph, Point, Section
from build_tools.generated import articles

#: The template macro of the family: none; the block macros of blocks.md.j2
#: call the ``index_marks`` filter at the start of each article's text.
MACRO = "blocks.md.j2"

#: The groups of the printed index, in order.
GROUPS: tuple[str, ...] = ("conventions", "calls")


@dataclass(frozen=True, slots=True, order=True)
class Entry:
    """One index entry: its group, its sort key and its words as shown."""

    group: str
    key: str
    shown: str


def sort_key(text: str) -> str:
    """A makeindex sort key of ASCII letters, digits and ``~``: accents
    dropped (``ż`` sorts as ``z``), a letter with no ASCII base written as
    ``~`` and its code point, so that Cyrillic and Chinese keys sort in the
    order of their characters and never reach makeindex as split bytes.

    >>> sort_key("Żółw Multi"), sort_key("Стейман") < sort_key("Трансфер"), sort_key("a!@|b")
    ('zolw multi', True, 'ab')
    """
    out = []
    for char in unicodedata.normalize("NFKD", text.casefold()):
        if unicodedata.combining(char):
            continue
        char = {"ł": "l", "ø": "o", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe"}.get(char, char)
        if char.isascii():
            if char.isalnum() or char == " ":
                out.append(char)
        elif char.isalnum():
            out.append(f"~{ord(char):05x}")
    return " ".join("".join(out).split())


def _conventions(data: Any) -> Iterator[str]:
    # The conventions a rule's condition names, as YAML composed it.
    if isinstance(data, Mapping):
        for key, value in data.items():
            if key == "convention":
                yield from (str(v) for v in (value if isinstance(value, list) else [value]))
            else:
                yield from _conventions(value)
    elif isinstance(data, list):
        for item in data:
            yield from _conventions(item)


def build(doc: Document, words: Mapping[str, str], gettext: Any) -> dict[str, tuple[Entry, ...]]:
    """Every article of ``doc`` (translated) with its index entries."""
    from collections import Counter

    from build_tools import diagrams
    from build_tools.bridge import BridgeError, notation
    from build_tools.meaning_text import describe
    from build_tools.render import answer_label
    from build_tools.rules.registry import Registry

    registry = doc.registry or Registry.standard()
    found: dict[str, set[Entry]] = {}

    def convention(name: str) -> Entry:
        shown = describe({"convention": name}, words)
        return Entry("conventions", sort_key(shown), shown)

    chains = articles.ancestry(doc)
    questions = Counter(rule.question for element in doc.elements() for rule in getattr(element, "rules", ()))
    main = questions.most_common(1)[0][0] if questions else ""
    for element in doc.elements():
        if isinstance(element, Section | Paragraph | Point | Definition):
            for rule in element.rules:
                entries = found.setdefault(element.id, set())
                for condition in (rule.scope, rule.when):
                    entries.update(convention(name) for name in _conventions(condition.origin[0] if condition.origin
                                                                              else None))
                if rule.question != main:
                    declared = registry.question(rule.question)
                    if declared.form not in ("meaning", "call") and any(a.answer == "yes" for a in declared.answers):
                        label, tone = answer_label(doc, rule.question, "yes", gettext)
                        # What a director looks up: a classification that asks
                        # something of the players (HUM, Brown Sticker), not "Permitted".
                        if tone in ("needs-action", "forbidden"):
                            entries.add(Entry("conventions", sort_key(label), label))
        elif isinstance(element, Example) and element.query is not None:
            holder = next((e for e in reversed(chains[element.id][:-1])
                           if isinstance(e, Section | Paragraph | Point | Definition)), None)
            if holder is None:
                continue
            entries = found.setdefault(holder.id, set())
            meaning = element.query.asked.get("meaning") or {}
            entries.update(convention(name) for name in _conventions(meaning))
            language = element.notation or doc.language
            try:
                situation = element.query.situation(language)
            except (BridgeError, ValueError):
                continue
            shown = diagrams.display_call(situation.call, notation.display_profile(doc.display_language))
            entries.add(Entry("calls", f"{_call_rank(situation.call):02d}", shown))
    return {article: tuple(sorted(entries)) for article, entries in found.items() if entries}


def _call_rank(call: Any) -> int:
    from build_tools.bridge.calls import ALL_CALLS

    return ALL_CALLS.index(call)


def marks(entries: tuple[Entry, ...], article: str, group_words: Mapping[str, str], label: str = "") -> markup.MyST:
    """The MyST of an article's index entries ("" for none); ``label`` names
    the article on the site's index (its document and number)."""
    if not entries:
        return markup.MyST("")
    import json

    data = json.dumps([[e.group, e.key, e.shown] for e in entries], ensure_ascii=False)
    return markup.role("hb-index", markup.payload(article=article, entries=data, label=label,
                                                  groups=json.dumps(dict(group_words), ensure_ascii=False)))


class index_marks(nodes.Inline, nodes.Element):
    """An article's entries in the printed index (``\\index``)."""


def index_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Inliner,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``{hb-index}`PAYLOAD```: Sphinx index entries for the site, and the
    printed index's entries (sorted, grouped) for print."""
    import json

    try:
        fields = markup.read_payload(markup.role_text(text))
        entries = json.loads(fields["entries"])
        groups = json.loads(fields["groups"])
    except (ValueError, KeyError) as exc:
        message = inliner.reporter.error(f"hb-index: {exc}", line=lineno)
        return [inliner.problematic(rawtext, rawtext, message)], [message]
    article, label = fields.get("article", ""), fields.get("label", "")
    # On the site each entry links the article by its name, a sub-entry (Sphinx
    # reads "; " as the split): "1♣" lists "Zasady alertowania 1.", not [1] [2].
    site = addnodes.index(entries=[("single", f"{shown.replace(';', ',')}; {label}" if label else shown,
                                    article, "", None) for _group, _key, shown in entries])
    site["hb_site_only"] = True
    printed = index_marks("", entries=entries, groups=groups)
    return [site, printed], []


def _quote(text: str) -> str:
    # makeindex's own specials, quoted with its quote character.
    return "".join('"' + char if char in '"!@|' else char for char in text)


def visit_latex(self: Any, node: index_marks) -> None:
    groups = node["groups"]
    for group, key, shown in node["entries"]:
        heading = groups.get(group, group)
        order = GROUPS.index(group) if group in GROUPS else len(GROUPS)
        self.body.append(
            f"\\index{{{order}@{_quote(tex_escape(heading, self.config.latex_engine))}"
            f"!{_quote(key) or '0'}@{_quote(tex_escape(shown, self.config.latex_engine))}}}")
    raise nodes.SkipNode


def skip(self: Any, node: nodes.Element) -> None:
    raise nodes.SkipNode


class DropSiteIndex(SphinxPostTransform):
    """In print the index is the handbook's own (sorted by ASCII keys, in
    groups): Sphinx's entries for the site are dropped there."""

    default_priority = 5
    formats = ("latex",)

    def run(self, **kwargs: Any) -> None:
        for node in list(self.document.findall(addnodes.index)):
            if node.get("hb_site_only"):
                node.parent.remove(node)


def setup_callindex(app: Sphinx) -> None:
    app.connect("html-page-context", order_site_index)
    app.add_node(index_marks, html=(skip, None), latex=(visit_latex, None), text=(skip, None))
    app.add_role("hb-index", index_role)
    app.add_post_transform(DropSiteIndex)


def index_filter(element: Block | Point, doc: Document, words: Mapping[str, str], gettext: Any,
                 group_words: Mapping[str, str]) -> markup.MyST:
    """The template filter: the index marks of ``element`` (built once per document)."""
    cached = _CACHE.get(id(doc))
    if cached is None or cached[0] is not doc:
        if len(_CACHE) > 32:
            _CACHE.clear()
        cached = _CACHE[id(doc)] = (doc, build(doc, words, gettext), articles.names(doc))
    label = f"{markup.plain(doc.title)} {cached[2].get(element.id, '')}".strip()
    return marks(cached[1].get(element.id, ()), element.id, group_words, label)


_CACHE: dict[int, tuple[Document, dict[str, tuple[Entry, ...]], dict[str, str]]] = {}


def call_order(language: str) -> dict[str, int]:
    """Every call as the site of ``language`` shows it, with its rank: bids
    by level, clubs, diamonds, hearts, spades, notrump, then pass, double,
    redouble (the printed index's order, not the code points' ♠ ♣ ♥ ♦).

    >>> order = call_order("pl")
    >>> sorted(["1♠", "1♣", "1BA", "1♥", "1♦", "2♣", "pas"], key=order.__getitem__)
    ['1♣', '1♦', '1♥', '1♠', '1BA', '2♣', 'pas']
    """
    from build_tools import diagrams
    from build_tools.bridge import ALL_CALLS, notation

    profile = notation.display_profile(language)
    return {diagrams.display_call(call, profile): rank for rank, call in enumerate(ALL_CALLS)}


def order_site_index(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                     doctree: Any) -> None:
    """The site's index lists calls in the order of the calls: Sphinx sorts its
    entries by their characters, 1♠ before 1♣."""
    if pagename != "genindex" or "genindexentries" not in context:
        return
    order = call_order(app.config.language or "en")
    for _letter, entries in context["genindexentries"]:
        if any(name in order for name, _ in entries):
            entries.sort(key=lambda entry: (entry[0] not in order, order.get(entry[0], 0), entry[0]))
