"""Searching the site for an auction, typed in any notation.

A director types the auction as it was called: ``1BA ktr 2♦`` on the Polish
site, ``1NT X 2D`` or ``1NT (X) 2♦`` on the English one, ``1♥ pass pass 1NT``
for a reopening, ``2 kara`` for a single call. Sphinx's search cuts a query
into words and drops ``♦``, so ``2♦`` would find every ``2``. Here both sides
of the search speak one notation-free spelling of each call, its *key*
(:func:`call_key`): ``1nt``, ``2d``, ``dbl`` (a double), ``rdb`` (a
redouble), ``pass``.

* **The index.** The render stage knows every example's auction (read by the
  rule model) and the article whose rule decides each of its verdicts; it
  writes them beside the MyST pages (:func:`call_data`,
  :func:`write_call_data`). Each auction has its *sequence*
  (:func:`table_key`): its calls in the table view, the passes kept, for a
  pass changes the position (``1h pass pass 1nt`` reopens, ``1h 1nt`` is
  direct). The ``hb`` domain of this module turns each into an object of
  Sphinx's search index, named by the auction as the reader's notation writes
  it, its sequence and what it asks: an *example* (linked to the example) and
  a *rule* (linked to the article that decides it). Each page gets the keys
  of its auctions and calls, passes left out, as its search keywords too.
* **The query.** ``static/hb-call-query.js`` defines Sphinx's ``splitQuery``
  before ``searchtools.js`` loads (which keeps one already defined), and
  searches the ``hb`` objects itself: a query naming a bid is
  an auction, its calls in the site's notation or the universal one. Typed
  with passes or brackets (the opponents' calls) it is a sequence, as the
  index writes one; typed without, its opponents' passes may have been left
  out (``1BA-2♦`` for 1BA-(pas)-2♦), and it is compared with the calls of an
  auction without its passes. Results come in this order: the auction itself
  (its examples, then the rules deciding them; for an opening alone, its
  rule first), then longer auctions starting with it (shorter first), then
  the same calls in another position, then auctions holding it further on;
  the documents of the site's own language first within each. Any other
  query is cut as Sphinx cuts it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.domains import Domain, ObjType

from build_tools.files import write_if_changed

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from build_tools.bridge.calls import Call
    from build_tools.document import Document

#: Beside the MyST pages of a language: every example's auction, with its keys.
DATA_NAME = "call-search.json"

_OTHER_KEYS = {"pass": "pass", "double": "dbl", "redouble": "rdb"}


def call_key(call: Call) -> str:
    """The notation-free spelling of ``call`` that the index and the query share.

    >>> from build_tools.bridge.calls import Call
    >>> [call_key(Call.parse(c)) for c in ("1NT", "2D", "X", "XX", "P")]
    ['1nt', '2d', 'dbl', 'rdb', 'pass']
    """
    if call.is_bid:
        return str(call).lower()
    return _OTHER_KEYS[call.kind.value]


def auction_keys(auction: str, notation: str, view: str) -> list[str]:
    """The keys of an auction's calls, in order, its passes left out; a call
    written as alternatives (``1♥/♠``) gives each of them.

    >>> auction_keys("1BA [ktr] 2♦", "pl", "partnership")
    ['1nt', 'dbl', '2d']
    >>> auction_keys("1BA [pas] 2♦", "pl", "partnership")
    ['1nt', '2d']
    """
    from build_tools.bridge import notation as notations
    from build_tools.bridge.views import View

    pattern = notations.profile(notation).parse_pattern(auction, View(view))
    keys = (call_key(call) for slot in pattern.slots if not slot.is_question for call in slot.calls)
    return [key for key in keys if key != "pass"]


def table_key(auction: str, notation: str, view: str) -> str:
    """The *sequence* of an auction: the keys of its calls in the table view
    (the silent opponents' passes of the partnership view written), from its
    first call other than pass; a call written as alternatives is its keys
    joined by ``|``.

    >>> table_key("1BA [ktr] 2♦", "pl", "partnership"), table_key("1BA 2♦", "pl", "partnership")
    ('1nt dbl 2d', '1nt pass 2d')
    >>> table_key("[1♥] 1BA", "pl", "partnership"), table_key("1♥ pas pas 1BA", "pl", "table")
    ('1h 1nt', '1h pass pass 1nt')
    >>> table_key("pas 1♥ pas pas 1BA", "pl", "table"), table_key("1♥/♠ [ktr] ?", "pl", "partnership")
    ('1h pass pass 1nt', '1h|1s dbl')
    """
    from build_tools.bridge import notation as notations
    from build_tools.bridge.views import View

    pattern = notations.profile(notation).parse_pattern(auction, View(view)).to_table()
    slots = ["|".join(call_key(call) for call in slot.calls) for slot in pattern.slots if not slot.is_question]
    while slots and slots[0] == "pass":
        slots.pop(0)
    return " ".join(slots)


def _label(element: object, length: int = 60) -> str:
    """An article as a result names it: its number and the start of its
    words, cut at a word and marked when longer than ``length``.

    >>> from build_tools.document import Paragraph
    >>> sixty = "Stayman " * 7 + "2♣ 1"
    >>> len(sixty), _label(Paragraph("p", sixty)) == sixty
    (60, True)
    >>> _label(Paragraph("p", sixty + "B"))
    'Stayman Stayman Stayman Stayman Stayman Stayman Stayman 2♣…'
    """
    from build_tools.document import Definition, Paragraph, Point, Section
    from build_tools.markup import plain

    match element:
        case Section():
            text = f"{element.number} {plain(element.title)}"
        case Point():
            text = f"{element.number} {plain(element.text)}"
        case Paragraph():
            text = plain(element.text)
        case Definition():
            text = plain(element.term)
        case _:
            return ""
    text = " ".join(text.split())
    return text if len(text) <= length else text[:length].rsplit(" ", 1)[0] + "…"


def call_data(documents: Sequence[Document], language: str, words: Mapping[str, str] | None = None
              ) -> dict[str, Any]:
    """Per document, its examples' auctions as the reader of ``language``
    sees them, each with its keys, the example's id, what it asks about in the
    reader's ``words`` (its query line) and the articles whose rules decide its
    verdicts (:func:`build_tools.verdicts.decided`), each with its label."""
    from build_tools.bridge import BridgeError
    from build_tools.diagrams import inline_auction
    from build_tools.document import Example
    from build_tools.meaning_text import MissingWords, describe_query
    from build_tools.rules.registry import reading
    from build_tools.verdicts import decided

    out: dict[str, list[dict[str, Any]]] = {}
    for doc in documents:
        entries = []
        verdicts_of = decided(doc)
        elements = {element.id: element for element in doc.elements()}
        for example in doc.elements():
            if not isinstance(example, Example) or example.query is None:
                continue
            notation = example.notation or doc.language
            try:
                keys = auction_keys(example.query.auction, notation, example.query.view)
                shown = inline_auction(example.query.auction, example.query.view, notation, doc.display_language)
                if example.id not in verdicts_of:  # no verdict asked, or an auction the model refuses
                    example.query.situation(notation)
            except (BridgeError, ValueError):  # the check stage reports it
                continue
            verdicts = verdicts_of.get(example.id, {})
            articles = [verdict.article for verdict in verdicts.values() if verdict is not None]
            try:
                with reading(doc.registry):  # the conventions its query line may name
                    asked = describe_query(example.query, words, notation, doc.display_language) if words else ""
            except (MissingWords, BridgeError, ValueError):
                asked = ""
            entries.append({"id": example.id, "auction": shown, "keys": keys, "asked": asked,
                            "sequence": table_key(example.query.auction, notation, example.query.view),
                            "language": doc.language,
                            "articles": [[a, _label(elements.get(a))] for a in dict.fromkeys(articles) if a]})
        out[doc.id] = entries
    return {"language": language, "documents": out}


def write_call_data(out_dir: Path, data: Mapping[str, Any]) -> bool:
    text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    return write_if_changed(out_dir / DATA_NAME, text.encode("utf-8"))


def read_call_data(srcdir: Path) -> dict[str, Any]:
    try:
        data: dict[str, Any] = json.loads((srcdir / DATA_NAME).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return data


def search_objects(data: Mapping[str, Any]) -> Iterator[tuple[str, str, str, str]]:
    """The objects of the search index: (name, type, page, anchor), one per
    example (named by its auction, its sequence and what it asks) and one per
    deciding article and auction (named by the auction, its sequence and the
    article). The query script reads a name's parts between `` · ``.

    >>> data = {"documents": {"d": [
    ...     {"id": "ex-1", "auction": "1BA-[ktr]-2♦", "sequence": "1nt dbl 2d", "asked": "transfer",
    ...      "articles": [["art", "3. transfery po 1BA"]]},
    ...     {"id": "ex-2", "auction": "1BA-[ktr]-2♦", "sequence": "1nt dbl 2d", "asked": "", "articles": [["art", "3."]]}]}}
    >>> for found in search_objects(data): print(found)
    ('1BA-[ktr]-2♦ · 1nt dbl 2d · transfer', 'example', 'd', 'ex-1')
    ('1BA-[ktr]-2♦ · 1nt dbl 2d · 3. transfery po 1BA', 'rule', 'd', 'art')
    ('1BA-[ktr]-2♦ · 1nt dbl 2d', 'example', 'd', 'ex-2')
    """
    seen: set[tuple[str, str, str]] = set()
    for page, entries in (data.get("documents") or {}).items():
        for entry in entries:
            auction = f"{entry['auction']} · {entry['sequence']}"
            name = f"{auction} · {entry['asked']}" if entry.get("asked") else auction
            yield name, "example", page, entry["id"]
            for article, label in entry["articles"]:
                if (auction, page, article) not in seen:
                    seen.add((auction, page, article))
                    yield f"{auction} · {label}" if label else auction, "rule", page, article


def own_pages(data: Mapping[str, Any], language: str) -> list[str]:
    """The pages of the documents written in ``language``, the site's own
    (their results come first).

    >>> own_pages({"documents": {"a": [{"language": "pl"}], "b": [{"language": "es"}], "c": []}}, "pl")
    ['a']
    """
    return [page for page, entries in (data.get("documents") or {}).items()
            if any(entry.get("language") == language for entry in entries)]


def page_keywords(data: Mapping[str, Any], page: str) -> list[str]:
    """The keys of every auction on ``page`` and of its calls, once each (a
    keyword may hold spaces: Sphinx cuts keywords at commas only)."""
    entries = (data.get("documents") or {}).get(page, ())
    return list(dict.fromkeys([*(" ".join(e["keys"]) for e in entries if len(e["keys"]) > 1),
                               *(key for e in entries for key in e["keys"])]))


class CallDomain(Domain):
    """The auctions of the examples, and the articles that decide them, as
    objects of the search index (no directive or role of their own)."""

    name = "hb"
    label = "Handbook"
    #: What a result is, as the search page says it after its name (in the
    #: reader's words: the theme's words of build_tools.sphinxext.theme_words).
    TYPE_WORDS = {"example": "example with this auction", "rule": "rule on this auction"}
    object_types = {kind: ObjType(word) for kind, word in TYPE_WORDS.items()}
    initial_data = {"objects": []}

    def get_type_name(self, type: ObjType, primary: bool = False) -> str:
        from build_tools.sphinxext.theme_words import words_of

        return words_of(self.env.config.language or "en").get(type.lname, type.lname)

    def get_objects(self) -> Iterable[tuple[str, str, str, str, str, int]]:
        data = read_call_data(Path(self.env.srcdir))
        for name, kind, page, anchor in search_objects(data):
            if page in self.env.all_docs:
                yield name, name, kind, page, anchor, 1

    def merge_domaindata(self, docnames: Any, otherdata: dict[str, Any]) -> None:
        pass  # the objects come from the render stage's data, not from pages

    def resolve_any_xref(self, *args: Any, **kwargs: Any) -> list[Any]:
        return []


def _keywords(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Each page's keys as its search keywords (Sphinx indexes a page's
    ``<meta name="keywords">`` words with its text)."""
    if app.builder.format != "html":
        return
    keys = page_keywords(read_call_data(Path(app.srcdir)), docname)
    if keys:
        doctree.insert(0, nodes.meta(name="keywords", content=", ".join(keys)))


def _js_pattern(python: str) -> str:
    r"""A suit word's regular expression (:attr:`Profile.suit_words`) for
    JavaScript's ``u`` mode, where ``\w`` is ASCII."""
    return python.replace(r"\w", r"[\p{L}\p{N}_]")


def query_words(language: str) -> dict[str, Any]:
    r"""What the query script reads as calls on the site of ``language``: its
    own notation and the universal one (English letters, suit symbols), each
    word in lower case with its key; suit words as patterns.

    >>> words = query_words("pl")
    >>> words["strains"]["ba"], words["strains"]["♦"], words["strains"]["d"], words["calls"]["ktr"]
    ('nt', 'd', 'd', 'dbl')
    >>> words["suits"]["d"]
    'kar(?:o|a|ach|ami|ow[\\p{L}\\p{N}_]*)'
    """
    from build_tools.bridge import notation as notations

    letters = {"CLUBS": "c", "DIAMONDS": "d", "HEARTS": "h", "SPADES": "s", "NOTRUMP": "nt"}
    strains: dict[str, str] = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
    calls: dict[str, str] = {}
    suits: dict[str, str] = {}
    profiles = [notations.ENGLISH]
    own = notations.profile_for_locale(language)
    if own is not None and own is not notations.ENGLISH:
        profiles.append(own)
    for profile in profiles:
        for word, strain in profile.strains:
            strains[word.casefold()] = letters[strain.name]
        for word, call in profile.words:
            calls[word.casefold()] = call_key(call)
    if own is not None:
        for pattern, suit in own.suit_words:
            suits[letters[suit.name]] = _js_pattern(pattern)
    return {"strains": strains, "calls": calls, "suits": suits}


#: The script defining ``splitQuery`` (in ``static/``, beside the site's other scripts).
QUERY_SCRIPT = "hb-call-query.js"


def words_script(language: str, own: Sequence[str] = ()) -> str:
    """The inline script giving :data:`QUERY_SCRIPT` the words of the site's
    notation (:func:`query_words`) and the pages of its own language's
    documents (:func:`own_pages`). JSON's ``<`` is written ``\\u003c``: no text
    can close the script.

    >>> words_script("en", ["a</script>"]).startswith("var HB_CALL_WORDS = {")
    True
    >>> "</script>" in words_script("en", ["a</script>"])
    False
    """
    words = json.dumps({**query_words(language), "own": list(own)}, ensure_ascii=False).replace("<", "\\u003c")
    return f"var HB_CALL_WORDS = {words};\n"


def _builder_inited(app: Sphinx) -> None:
    if app.builder.format == "html":
        language = app.config.language or "en"
        own = own_pages(read_call_data(Path(app.srcdir)), language)
        # Both before searchtools.js, which defines splitQuery and Scorer only where none is.
        app.add_js_file(None, body=words_script(language, own), priority=590)
        app.add_js_file(QUERY_SCRIPT, priority=600)


def setup_call_search(app: Sphinx) -> None:
    app.add_domain(CallDomain)
    app.connect("builder-inited", _builder_inited)
    app.connect("doctree-resolved", _keywords)
