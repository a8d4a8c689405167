"""The Ask page: a form that asks the regulations' rules about a call, answered
in the reader's browser by the engine of ``handbook explain``.

The render stage writes ``ask.md`` (build_tools/templates/ask.md.j2): its
title and introduction, and this directive with the page's words and the
documents it asks, as data::

    :::{hb-ask}
    :data: <payload: {"words": ..., "meaning": ..., "documents": [...], "cards": [...]}>
    :::

The directive keeps the data on a node the body does not show; when Sphinx
writes the page, :func:`_page_context` lays the form out from it with the page
template ``hb-ask.html`` (templates/), which the page is written with. The
form's meaning fields are generated from the meaning vocabulary
(:data:`build_tools.rules.vocabulary.KEYS`, :data:`KINDS`), each labelled and
each value worded in the reader's words, or the build fails naming what has
none. The page's scripts (``static/hb-ask.js``) load the engine the first
time the form is used (build_tools/ask_engine.py: Pyodide and the engine's
Python, vendored into the site's ``_engine/``). Every page's header links the
Ask page, and each document with rules links it preset to itself
(``{hb-ask-link}`` with the payload of its id and label).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.parsers.rst.states import Inliner
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from build_tools.markup import read_payload, role_text

#: The page's name (``ask.md`` of every language).
PAGE = "ask"
#: The page template it is written with (in templates/).
TEMPLATE = "hb-ask.html"
#: Where the page finds the engine's manifest and the service worker, from a
#: language's folder of the site (build_tools/ask_engine.py publishes them).
MANIFEST_URL = "../_engine/ask.json"
SERVICE_WORKER_URL = "../hb-ask-sw.js"

#: How the form asks for each key of the meaning vocabulary: ``flag`` (said
#: true or false, or not said), ``range`` (a count: 12-14, 5+), ``suits`` (a
#: range per suit), ``shape`` (classes and patterns), ``choice`` (one of the
#: vocabulary's values), ``two-suiter``, ``suit`` (one suit), ``counts``
#: (several counts: key cards), ``suit-set`` (suits, or none).
KINDS: dict[str, str] = {
    "natural": "flag", "artificial": "flag", "hcp": "range", "suits": "suits", "major": "range", "minor": "range",
    "shape": "shape", "forcing": "choice", "strength": "choice", "convention": "choice",
    "two-suiter": "two-suiter", "standard": "flag", "lead": "choice", "unbid-suits": "range",
    "to-play": "flag", "partner-must-bid": "suit", "stopper": "choice", "suit-quality": "choice",
    "bid-suit": "range", "doubled-suit": "flag", "keycards": "counts", "trump-queen": "flag",
    "singleton": "suit-set",
}
#: The keys shown at once; the others are under "More of the meaning".
FIRST_KEYS = ("natural", "hcp", "suits", "shape", "forcing", "strength", "convention")
SUITS = ("spades", "hearts", "diamonds", "clubs")
_SYMBOLS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
_STRAIN_SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
#: The two-suiter's own flags.
TWO_SUITER_FLAGS = ("highest-unbid", "second-known", "lowest-two")
#: The most key cards a hand holds (the vocabulary's limit).
_KEYCARDS = range(6)
#: Event categories and stages a question of permission is asked for (the
#: CBA's; build_tools/rules/systems.py reads them).
EVENTS = ("1", "2", "3")
STAGES = ("round-robin", "knockout")
VULNERABLE = ("none", "we", "they", "both")


class MissingWords(ValueError):
    """A word the form needs that the page's data does not give."""


class ask_page(nodes.General, nodes.Element):
    """Where the Ask page's form goes; ``data`` is the render stage's data.
    The page template lays the form out, so no builder writes the node."""


class AskDirective(SphinxDirective):
    option_spec = {"data": directives.unchanged_required}

    def run(self) -> list[nodes.Node]:
        try:
            data = json.loads(read_payload(self.options["data"])["data"])
            form(data, self.env.config.language or "en")  # a word missing fails here, at the page's line
        except (KeyError, ValueError) as exc:
            raise self.error(f"hb-ask: {exc}") from None
        node = ask_page("", data=data)
        self.set_source_info(node)
        return [node]


def _skip(self: object, node: nodes.Node) -> None:
    raise nodes.SkipNode


def ask_link_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Inliner,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """A link to the Ask page preset to a document: the payload of its
    ``document`` id and the link's ``label``."""
    fields = read_payload(role_text(text).strip())
    uri = f"{PAGE}.html?document={fields['document']}"
    return [nodes.reference("", fields["label"], refuri=uri, classes=["hb-ask-link"])], []


# --- the form, from the vocabulary --------------------------------------------


def _word(words: Mapping[str, str], key: str) -> str:
    try:
        return str(words[key])
    except KeyError:
        raise MissingWords(f"no words for '{key}'") from None


def meaning_fields(words: Mapping[str, str], meaning: Mapping[str, str],
                   documents: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A field per key of the meaning vocabulary, in its order: the key, how
    it is asked (:data:`KINDS`), its label and its choices (``value``,
    ``label`` and, for a convention a document declares, that ``document``),
    worded in ``words`` (the page's) and ``meaning`` (the query line's);
    raises :class:`MissingWords`.

    >>> from build_tools.meaning_text import english_words
    >>> words = {f"field:{key}": key.upper() for key in KINDS} | {"field:two-suiter:min": "min",
    ...          "field:two-suiter:suits": "suits"}
    >>> fields = meaning_fields(words, english_words(), [])
    >>> [(f["key"], f["kind"]) for f in fields][:4]
    [('natural', 'flag'), ('artificial', 'flag'), ('hcp', 'range'), ('suits', 'suits')]
    >>> [o["label"] for o in fields[0]["options"]]
    ['natural', 'not natural']
    >>> next(f for f in fields if f["key"] == "forcing")["options"][3]
    {'value': 'game-forcing', 'label': 'game-forcing'}
    """
    from build_tools.rules.vocabulary import CONVENTIONS, FORCING, KEYS, LEADS, SHAPES, STOPPERS, STRENGTHS, \
        SUIT_QUALITIES

    choices = {"forcing": FORCING, "strength": STRENGTHS, "lead": LEADS, "stopper": STOPPERS,
               "suit-quality": SUIT_QUALITIES, "convention": CONVENTIONS}
    suits = [{"value": suit, "label": _word(meaning, f"suit:{suit}"), "symbol": _SYMBOLS[suit]} for suit in SUITS]
    fields = []
    for key in KEYS:
        kind = KINDS.get(key)
        if kind is None:
            raise MissingWords(f"the meaning key '{key}' has no kind of field (build_tools/sphinxext/ask.py KINDS)")
        field: dict[str, Any] = {"key": key, "kind": kind, "label": _word(words, f"field:{key}"),
                                 "first": key in FIRST_KEYS, "options": []}
        if kind == "flag":
            field["options"] = [{"value": v, "label": _word(meaning, f"{key}:{v}")} for v in ("true", "false")]
        elif kind == "choice":
            field["options"] = [{"value": v, "label": _word(meaning, f"{key}:{v}")} for v in choices[key]]
            if key == "convention":
                field["options"] += [{"value": c["name"], "label": c["label"], "document": d["id"]}
                                     for d in documents for c in d.get("conventions", ())]
        elif kind in ("suits", "suit", "suit-set"):
            field["options"] = suits
            if kind == "suit-set":
                field["none"] = _word(meaning, f"{key}:none")
        elif kind == "shape":
            field["options"] = [{"value": v, "label": _word(meaning, f"shape:{v}")} for v in SHAPES]
        elif kind == "counts":
            field["options"] = [{"value": str(n), "label": str(n)} for n in _KEYCARDS]
        elif kind == "two-suiter":
            field["options"] = suits
            field["min"] = _word(words, "field:two-suiter:min")
            field["suits"] = _word(words, "field:two-suiter:suits")
            field["flags"] = [{"key": flag, "label": _word(meaning, f"two-suiter:{flag}:true"),
                               "options": [{"value": v, "label": _word(meaning, f"two-suiter:{flag}:{v}")}
                                           for v in ("true", "false")]}
                              for flag in TWO_SUITER_FLAGS]
        fields.append(field)
    return fields


def calls(language: str) -> dict[str, Any]:
    """The calls as the reader of ``language`` reads them: each of the 38 by
    its canonical spelling, its words for the strains (the bidding box's
    buttons) and the brackets of an opponents' call.

    >>> shown = calls("pl")
    >>> shown["calls"]["1NT"], shown["calls"]["X"], shown["strains"]["NT"], shown["brackets"]
    ('1BA', 'ktr', 'BA', ['[', ']'])
    """
    from build_tools.bridge import Call, notation
    from build_tools.diagrams import display_call

    profile = notation.display_profile(language)
    names = ["P", "X", "XX", *(f"{level}{strain}" for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT"))]
    shown = {name: display_call(Call.parse(name), profile) for name in names}
    return {"calls": shown, "strains": {s: shown[f"1{s}"][1:] for s in ("C", "D", "H", "S", "NT")},
            "brackets": list(profile.brackets)}


def form(data: Mapping[str, Any], language: str) -> dict[str, Any]:
    """What the page template lays out, from the render stage's ``data``;
    raises :class:`MissingWords` (or ``KeyError`` for data without a part)."""
    from build_tools.bridge import Hand, notation
    from build_tools.render import format_interface

    words, meaning, documents = data["words"], data["meaning"], data["documents"]
    shown = calls(language)
    profile = notation.display_profile(language)
    example = f"{shown['brackets'][0]}{shown['calls']['1H']}{shown['brackets'][1]} {shown['calls']['1NT']}"
    hand = profile.format_hand(Hand.parse("AKJ2.K32.98.QJ43"))
    config = {
        "language": language,
        # The reader's notation, then the universal one (suit symbols or letters, NT, X, P).
        "notations": list(dict.fromkeys([profile.code, "en"])),
        "manifest": MANIFEST_URL,
        "serviceWorker": SERVICE_WORKER_URL,
        "words": dict(words),
        "documents": [{"id": d["id"], "title": d["title"], "lang": d["lang"]} for d in documents],
        **shown,
    }
    return {
        "words": dict(words),
        "documents": documents,
        "cards": data.get("cards", []),
        "fields": meaning_fields(words, meaning, documents),
        "levels": [str(n) for n in range(1, 8)],
        "strains": [{"value": s, "label": label, "suit": _STRAIN_SUITS.get(s, "")}
                    for s, label in shown["strains"].items()],
        "others": [{"value": c, "label": shown["calls"][c]} for c in ("P", "X", "XX")],
        "auction_hint": format_interface(_word(words, "auction-hint"), {"example": example}),
        "hand_hint": format_interface(_word(words, "hand-hint"), {"example": hand}),
        "vulnerable": [{"value": v, "label": _word(meaning, f"vulnerable:{v}")} for v in VULNERABLE],
        "screens": _word(meaning, "screens:true"),
        "agreed": _word(meaning, "agreed:false"),
        "events": list(EVENTS),
        "stages": [{"value": s, "label": _word(words, f"stage:{s}")} for s in STAGES],
        "config": config,
    }


# --- writing the pages ---------------------------------------------------------


def _page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                  doctree: nodes.document | None) -> str | None:
    """Every page's header links the Ask page (named by its title); the Ask
    page itself is written with :data:`TEMPLATE`, its form laid out."""
    env = app.env
    if PAGE in env.all_docs and pagename != PAGE:
        context["hb_ask"] = {"url": context["pathto"](PAGE), "label": env.titles[PAGE].astext()}
    if pagename != PAGE or doctree is None:
        return None
    found = next(iter(doctree.findall(ask_page)), None)
    if found is None:
        return None
    context["hb_ask_form"] = form(found["data"], app.config.language or "en")
    # This page's alone: the engine's loader first (window.hbAsk), the answers (window.hbAskShow), the form.
    app.add_js_file("hb-ask-engine.js", priority=800, type="module")
    app.add_js_file("hb-ask-answer.js", priority=805, type="module")
    app.add_js_file("hb-ask.js", priority=810, type="module")
    return TEMPLATE


def _builder_inited(app: Sphinx) -> None:
    if app.builder.format == "html":
        app.add_css_file("hb-ask.css")  # the form, and the link to it at the top of every page


def setup_ask(app: Sphinx) -> None:
    app.connect("builder-inited", _builder_inited)
    app.add_node(ask_page, html=(_skip, None), latex=(_skip, None), text=(_skip, None))
    app.add_directive("hb-ask", AskDirective)
    app.add_role("hb-ask-link", ask_link_role)
    app.connect("html-page-context", _page_context)
