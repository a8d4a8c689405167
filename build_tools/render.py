"""The render stage: documents (already translated) to MyST pages through Jinja.

Templates run in a sandbox with ``StrictUndefined``. Every value a template
outputs passes :func:`build_tools.markup.finalize`, which escapes it as plain
text unless :mod:`build_tools.markup` made it MyST already (the ``myst``,
``role`` and ``verbatim`` filters, and macros marked ``| safe``): no document
text, label or translation can reach a page unescaped. Interface strings of the
templates are translated with Jinja's i18n extension from the ``handbook``
catalog of each language, and formatted so that a translator's stray ``%``
stays a ``%`` (:func:`format_interface`).
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, assert_never

from babel.messages.mofile import write_mo
from babel.support import NullTranslations, Translations
from jinja2 import Environment, FileSystemLoader, StrictUndefined, pass_environment
from jinja2.bccache import BytecodeCache, Bucket
from jinja2.sandbox import SandboxedEnvironment

from build_tools import contents, dates, diagrams, markup
from build_tools.document import (
    Block,
    Definition,
    Document,
    Example,
    Paragraph,
    Point,
    PointList,
    Section,
    Table,
    cell_context,
    label_context,
    number_context,
    number_has_words,
    language_name,
    node_messages,
    per_document,
)
from build_tools.files import write_if_changed
from build_tools.i18n.catalogs import catalog_path
from build_tools.loader import Manifest

TEMPLATES = Path(__file__).parent / "templates"

#: Interface strings live in this catalog of each language (msgid in English).
UI_DOMAIN = "handbook"


class EnglishText(str):
    """An interface string the reader's catalog does not translate: the
    template's English, marked so that what is put into it is English too."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Localized:
    """A word put into an interface sentence, in the reader's language and in
    English: a sentence shown in English (untranslated) takes the English one,
    so that no sentence mixes two languages ("the original (Polish) prevails",
    never "the original (Polnisch) prevails")."""

    reader: str
    english: str

    def __str__(self) -> str:
        return self.reader


def language_word(code: str, reader: str) -> Localized:
    """The name of language ``code`` for a sentence read in ``reader``'s language.

    >>> word = language_word("pl", "de")
    >>> str(word), word.english
    ('Polnisch', 'Polish')
    """
    return Localized(language_name(code, reader), language_name(code, "en"))


@dataclass(frozen=True, slots=True)
class TranslationStatus:
    translated: int
    total: int
    #: The original's language in the reader's words (and in English), and its title.
    original_language: Localized = Localized("", "")
    original_title: str = ""

    @property
    def percent(self) -> int:
        return 100 * self.translated // self.total if self.total else 100


def translation_status(doc: Document, reader: str, originals: Mapping[str, str]) -> TranslationStatus | None:
    """How much of ``doc`` is shown translated to a ``reader`` of its page, title
    page or index (``None`` for the original); ``originals`` holds each
    document's own title."""
    if doc.display_language == doc.language:
        return None
    total = doc.texts
    return TranslationStatus(total - len(doc.untranslated), total,
                             language_word(doc.language, reader), originals.get(doc.id, ""))


@dataclass(frozen=True, slots=True)
class RenderResult:
    written: tuple[str, ...]
    unchanged: tuple[str, ...]
    removed: tuple[str, ...]


def _height(node: Block | Point) -> int:
    """How many colon-fenced directives nest in the MyST of ``node``."""
    match node:
        case Point():
            return 1 + max((_height(n) for n in (*node.body, *node.items)), default=0)
        case PointList():
            return max((_height(p) for p in node.items), default=0)
        case Example() | Table():
            return 2  # the example or table, and the list-tables inside it
        case Section() | Paragraph() | Definition():
            return 0  # headings and paragraphs are no fences; a section's blocks have their own
        case _:
            assert_never(node)


def _fence(node: Block | Point) -> markup.MyST:
    # MyST closes a colon fence with one at least as long, so a directive's
    # fence must be longer than the fences of every directive nested inside it.
    return markup.MyST(":" * (2 + _height(node)))


# Tables and markers are laid out here rather than in template macros: they
# are the bulk of a page, and a Jinja macro call in the sandbox costs about a
# hundred times a Python call. ``labels`` are the interface words of the page
# ("not yet translated", seat names), translated once by the template.


def lang_tag(language: str) -> str:
    """A language's BCP 47 tag, as HTML's ``lang`` wants it.

    >>> lang_tag("zh_CN")
    'zh-CN'
    """
    return language.replace("_", "-")


def _shown(text: str, doc: Document, context: str) -> markup.MyST:
    """Document text as MyST; a text shown in the original language (its
    translation missing) between ``hb-lang`` markers naming that language, so
    that it is set, read and hyphenated as that language."""
    _check_context(doc, context, text)
    out = markup.to_myst(text, _reader_notation(doc))
    if not text or context not in doc.untranslated or doc.language == doc.display_language:
        return out
    return markup.in_language(out, lang_tag(doc.language))


_CONTEXTS: dict[int, tuple[Document, frozenset[str]]] = {}


def _check_context(doc: Document, context: str, text: str) -> None:
    """Refuse a key that names no text of ``doc``: a key typed wrong in a
    template (``.src`` for ``.source``) would otherwise never be found among
    the untranslated ones, and the original's text would be shown without
    its language. A cell's key hashes its text (the translated one here), and
    a text without a letter is no message: both are left unchecked."""
    if ".cell-" in context or not any(char.isalpha() for char in text):
        return
    cached = _CONTEXTS.get(id(doc))
    if cached is None or cached[0] is not doc:
        if len(_CONTEXTS) > 64:
            _CONTEXTS.clear()
        cached = _CONTEXTS[id(doc)] = (doc, frozenset(m.context for m in doc.messages()))
    if context not in cached[1]:
        raise ValueError(f"{doc.id}: no text has the key {context!r} (a template names a text by a key "
                         "the document does not give it)")


def _reader_notation(doc: Document) -> Callable[[str, str, str | None], str] | None:
    """In a translation, auctions and hands written in a sentence are shown in
    the reader's notation, as the diagrams are (the original shows them as its
    issuer wrote them). The translator may have kept the original's notation
    or written the reader's: both are read; what the model cannot read stays
    as written."""
    if doc.language == doc.display_language:
        return None
    from build_tools.bridge import BridgeError

    def convert(kind: str, text: str, options: str | None) -> str:
        for language in (doc.language, doc.display_language):
            try:
                if kind == "auction":
                    return diagrams.inline_auction(text, options, language, doc.display_language)
                return diagrams.inline_hand(text, language, doc.display_language)
            except (BridgeError, ValueError):
                continue
        return text

    return convert


def number_language(number: str, doc: Document, owner: str) -> str:
    """The language tag a display number is marked with, or ``""``: in a
    translation, a number still in the original's words or script ("第29条"
    untranslated, "（1）") is set and read as the original's language; one
    translated ("Article 29") or of figures and Latin letters alone is the page's.

    >>> from build_tools.document import Document
    >>> zh = Document("d", "t", "", "zh_CN", "regulation", (), shown_language="en",
    ...               untranslated=frozenset({"s.number"}))
    >>> [number_language(n, zh, "s") for n in ("第29条", "(1)")], number_language("Article 29", zh, "t")
    (['zh-CN', ''], '')
    """
    if doc.language == doc.display_language or number.isascii():
        return ""
    if number_has_words(number) and number_context(owner) not in doc.untranslated:
        return ""
    return lang_tag(doc.language)


def _number(number: str, doc: Document, owner: str) -> markup.MyST:
    """A display number as the page shows it (see :func:`number_language`)."""
    out = markup.text(number)
    tag = number_language(number, doc, owner)
    if not tag:
        return out
    return markup.in_language(out, tag)


def _messages_of(node: Block | Point) -> list[str]:
    return [m.context for m in node_messages(node)]


def notices(doc: Document) -> frozenset[str]:
    """The elements that get the one "not yet translated" notice: the largest
    block or section shown wholly in the original (not the whole document: the
    line under its title says that; a run of such blocks shares one), and a
    block or point only part of whose own texts are (a section whose title is,
    after its heading). Nothing inside
    one that has a notice gets another, and no notice goes inside a heading, a
    name or a table cell."""
    if not doc.untranslated:
        return frozenset()
    out: set[str] = set()

    def whole(node: Block | Point) -> bool | None:
        """True if all of ``node`` is in the original, None if none of it is."""
        contexts = _messages_of(node)
        missing = sum(1 for c in contexts if c in doc.untranslated)
        return None if not missing else missing == len(contexts)

    def siblings(nodes: Sequence[Block | Point]) -> None:
        # A run of blocks wholly in the original shares the notice before its
        # first; a section always has its own, after its heading.
        run = False
        for node in nodes:
            state = whole(node)
            if state is True and not (run and not isinstance(node, Section)):
                out.add(node.id)
            elif state is False:
                visit(node)
            run = state is True and not isinstance(node, Section)

    def visit(node: Block | Point) -> None:
        match node:
            case Section():
                if node.id in doc.untranslated:
                    out.add(node.id)
                siblings(node.body)
            case PointList():
                siblings(node.items)
            case Point():
                own = {node.id, *(f"{node.id}.leaf{n}" for n in range(1, len(node.leaves) + 1))}
                if own & doc.untranslated:
                    out.add(node.id)
                siblings(node.body)
                siblings(node.items)
            case _:
                out.add(node.id)

    siblings(doc.body)
    return frozenset(out)


_NOTICES: dict[int, tuple[Document, frozenset[str]]] = {}


def _notice(doc: Document, element: str, labels: dict[str, str]) -> markup.MyST:
    """The notice paragraph before ``element`` if it gets one (see :func:`notices`)."""
    cached = _NOTICES.get(id(doc))
    if cached is None or cached[0] is not doc:
        if len(_NOTICES) > 64:
            _NOTICES.clear()
        cached = _NOTICES[id(doc)] = (doc, notices(doc))
    if element not in cached[1]:
        return markup.MyST("")
    return markup.MyST(markup.role("hb-untranslated", labels["untranslated"]) + "\n\n")


def _rows(rows: list[list[str]]) -> str:
    """A list-table's body: one bullet list per row, cells already in MyST."""
    out: list[str] = []
    for row in rows:
        out.extend(("* - " if n == 0 else "  - ") + cell + "\n" for n, cell in enumerate(row))
    return "".join(out)


def _list_table(css: str, header: bool, rows: list[list[str]]) -> markup.MyST:
    options = f":class: {css}\n" + (":header-rows: 1\n" if header else "")
    return markup.MyST(f":::{{list-table}}\n{options}\n{_rows(rows)}:::\n\n")


def _bidding_table(example: Example, doc: Document, labels: dict[str, str]) -> markup.MyST:
    """The auction as a bidding diagram in the reader's notation ("" without one)."""
    if not example.auction:
        return markup.MyST("")
    notes = [(note.call, note.text) for note in example.notes]
    grid = diagrams.bidding_grid(
        example.auction, example.notation or doc.language, example.view, example.dealer,
        doc.display_language, notes, example.vulnerability,
    )
    calls = [cell for row in grid.rows for cell in row if cell.call]
    if len(calls) == 1 and not (calls[0].note or calls[0].explanation or example.vulnerability):
        # One call is no diagram: it is written on a line, as a sentence would.
        return markup.MyST(_auction_line(example, doc, labels) + "\n\n")
    # A vulnerable seat's name is marked, as bridge diagrams print it in red.
    rows: list[list[str]] = [[
        markup.role("hb-vulnerable", labels[seat]) if vulnerable else markup.text(labels[seat])
        for seat, vulnerable in zip(grid.seats, grid.vulnerable or (False,) * len(grid.seats), strict=True)
    ]] if grid.seats else []
    for row in grid.rows:
        rows.append([_bidding_cell(cell, example, doc, labels) for cell in row])
    return _list_table("hb-bidding", bool(grid.seats), rows)


def _bidding_cell(cell: diagrams.Cell, example: Example, doc: Document, labels: dict[str, str]) -> str:
    """A call, its alert mark (a role, raised like a footnote mark), and beside
    it the auction's explanation and the example's note."""
    out: str = markup.to_myst(cell.call)
    if cell.mark:
        out += markup.role("hb-alert", cell.mark)
    if cell.explanation:
        out += " — " + markup.text(cell.explanation)
    if cell.note:
        out += " — " + _shown(cell.note, doc, f"{example.id}.note{cell.note_number}")
    return out


def _hands_table(example: Example, doc: Document, labels: dict[str, str]) -> markup.MyST:
    """The hands side by side, a row per suit, headed by label or seat ("" without hands)."""
    if not example.hands:
        return markup.MyST("")
    rows: list[list[str]] = []
    headed = any(hand.label or hand.seat for hand in example.hands)
    if headed:
        rows.append([_shown(hand.label, doc, f"{example.id}.label{n}") if hand.label
                     else markup.text(labels.get(hand.seat, "")) for n, hand in enumerate(example.hands, 1)])
    rows += [
        [markup.to_myst(cell) for cell in row]
        for row in diagrams.hand_rows(
            [(hand.cards, "") for hand in example.hands], example.notation or doc.language, doc.display_language
        )
    ]
    return _list_table("hb-hands", headed, rows)


def _table_rows(table: Table, doc: Document, labels: dict[str, str]) -> markup.MyST:
    def cells(texts: tuple[str, ...]) -> list[str]:
        # A cell still in the original is keyed by its own text.
        return [_shown(text, doc, cell_context(table.id, text)) for text in texts]

    rows = [cells(table.header)] if table.header else []
    rows += [cells(row) for row in table.rows]
    return markup.MyST(_rows(rows))


def answer_label(doc: Document, question: str, answer: str, gettext: Callable[[str], str],
                 words: Mapping[str, str] | None = None, notation: str | None = None) -> tuple[str, str]:
    """The label and tone of a verdict, as the question's declaration gives
    them: a standard question's label is an interface string (``gettext``), a
    document's own question's label a text of the document, translated with it.
    An answer that is a meaning (``shows``) is worded in the reader's
    ``words`` (:func:`build_tools.meaning_text.describe`), when given; one that
    is a call (a response table's, written in ``notation``) is shown in the
    reader's notation, when the notation is given.

    >>> from build_tools.meaning_text import english_words
    >>> doc = Document(id="x", title="x", issuer="", language="ru", kind="convention-description", body=())
    >>> answer_label(doc, "response", "5т", str, english_words(), "ru")[0]
    '5♣'
    >>> answer_label(doc, "shows", "{keycards: [0, 3]}", str, english_words(), "ru")[0]
    '0 or 3 key cards'
    """
    from build_tools.bridge import BridgeError, notation as notations
    from build_tools.diagrams import display_call
    from build_tools.rules.registry import Registry

    declared = (doc.registry or Registry.standard()).question(question)
    found = declared.answer(answer)
    if declared.form == "meaning" and words is not None:
        return meaning_words(answer, words), found.tone
    if declared.form == "call" and notation is not None:
        try:
            call = notations.profile(notation).parse_call(answer)
        except BridgeError:
            pass
        else:
            return display_call(call, notations.display_profile(doc.display_language)), found.tone
    label = found.label if declared.declared_by == doc.path and declared.declared_by else gettext(found.label)
    return label, found.tone


def label_in_original(label: markup.MyST, doc: Document, question: str, answer: str) -> markup.MyST:
    """A verdict's ``label`` (MyST already: a badge, a word, a caption's part)
    between ``hb-lang`` markers when it is a document's own label shown in the
    original, its translation missing (the Chinese CBA's 假定对手受到伤害 on
    an untranslated English page): set and read as the original's language.

    >>> doc = Document(id="x", title="x", issuer="", language="zh_CN", kind="convention-description", body=())
    >>> label_in_original(markup.MyST("No"), doc, "alert", "no")
    'No'
    """
    from build_tools.rules.registry import Registry

    declared = (doc.registry or Registry.standard()).question(question)
    if doc.language == doc.display_language or not declared.declared_by or declared.declared_by != doc.path:
        return label
    found = declared.answer(answer)
    if label_context(doc.id, declared, found) not in doc.untranslated:
        return label
    return markup.in_language(label, lang_tag(doc.language))


def _residual(doc: Document, question: str, answer: str) -> bool:
    """Whether ``answer`` is its question's residual one (``convention: none``)."""
    from build_tools.rules.registry import Registry

    declared = (doc.registry or Registry.standard()).question(question)
    return any(a.residual for a in declared.answers if a.answer == answer)


def meaning_words(answer: str, words: Mapping[str, str]) -> str:
    """A meaning answer (``shows``) in the reader's ``words``. Its canonical
    text (registry.canonical_meaning) is a YAML flow mapping, its keys sorted;
    it is worded in the vocabulary's order, as a query line is."""
    import yaml

    from build_tools.meaning_text import describe
    from build_tools.rules.vocabulary import KEYS

    meaning = yaml.safe_load(answer)
    ordered = {key: meaning[key] for key in sorted(meaning, key=lambda k: KEYS.index(k) if k in KEYS else len(KEYS))}
    return describe(ordered, words)


@dataclass(frozen=True, slots=True)
class ExampleRun:
    """Consecutive editorial examples of one article, set as one table (a row
    each) instead of a diagram each: the handbook's own examples illustrate
    the article and are read down a column, auction beside verdict. ``id`` is
    the first example's, the run's anchor."""

    examples: tuple[Example, ...]

    @property
    def id(self) -> str:
        return self.examples[0].id


def _in_run(block: Block | Point) -> bool:
    """An example a row of a run can show in full: the handbook's own, an
    auction with verdicts, no hands, notes or caption of its own."""
    return (isinstance(block, Example) and block.editorial and bool(block.auction) and bool(block.expect)
            and not (block.hands or block.notes or block.text))


def example_runs(body: Sequence[Block | Point]) -> list[Block | Point | ExampleRun]:
    """``body`` with each run of consecutive editorial examples (:func:`_in_run`)
    gathered into an :class:`ExampleRun`; a run of one is a table of one row.

    >>> ex = [Example(id=f"e{n}", auction="1♣", editorial=True, expect=(("alert", "no"),)) for n in range(3)]
    >>> own = Example(id="own", auction="1♣")
    >>> [type(b).__name__ for b in example_runs([ex[0], ex[1], own, ex[2]])]
    ['ExampleRun', 'Example', 'ExampleRun']
    >>> [len(b.examples) for b in example_runs(ex)]
    [3]
    """
    out: list[Block | Point | ExampleRun] = []
    for block in body:
        if _in_run(block):
            last = out[-1] if out else None
            if isinstance(last, ExampleRun):
                out[-1] = ExampleRun((*last.examples, block))  # type: ignore[arg-type]
            else:
                out.append(ExampleRun((block,)))  # type: ignore[arg-type]
        else:
            out.append(block)
    return out


def _auction_line(example: Example, doc: Document, labels: dict[str, str]) -> markup.MyST:
    """An example's auction on one line in the reader's notation, as a
    sentence writes one (:func:`build_tools.diagrams.inline_auction`); an
    auction of every call in turn says who dealt, when the example says it
    (``dealer: "?"`` names no seat: the line starts at the first call, as the
    diagram does)."""
    return _auction_cell(_dealer(example, labels), _inline_auction(example, doc))


def _auction_cell(dealer: str, auction: str) -> markup.MyST:
    """The markup of an auction line from its ``dealer`` ("N:" or "") and
    its calls as the reader writes them."""
    out = markup.role("hb-inline-auction", auction)
    return markup.MyST(markup.text(dealer) + " " + out) if dealer else out


def _inline_auction(example: Example, doc: Document) -> str:
    return diagrams.inline_auction(example.auction, example.view, example.notation or doc.language,
                                   doc.display_language)


def _dealer(example: Example, labels: dict[str, str]) -> str:
    """"N:" before an auction of every call in turn that says who dealt, else ""."""
    if example.view == "table" and example.dealer != diagrams.UNKNOWN_DEALER:
        return labels[example.dealer] + ":"
    return ""


@pass_environment
def _example_run_table(env: Environment, run: ExampleRun, doc: Document, labels: dict[str, str],
                       words: dict[str, str]) -> markup.MyST:
    """A run's table: its header, then per example the row's anchor (the
    example's id) and auction, the agreement asked about, and the verdicts,
    each badge linked to its article. A run whose examples state no agreement
    (what a call shows is the verdict) has no column for it. The columns'
    shares are the printed page's; the site sizes them to their content."""
    verdicts = [_verdicts(env, example, doc, words, labels.get("reading", "")) for example in run.examples]
    asked = any(query for query, _, _ in verdicts)
    keys = ("auction", "agreement", "verdict") if asked else ("auction", "verdict")
    rows: list[list[str]] = [[markup.text(labels[key]) for key in keys]]
    # Each auction is written once and serves both its cell and the column's width.
    auctions = [(_dealer(example, labels), _inline_auction(example, doc)) for example in run.examples]
    for example, (dealer, calls), (query, badges, _) in zip(run.examples, auctions, verdicts, strict=True):
        row = [markup.role("hb-example-row", example.id) + _auction_cell(dealer, calls)]
        if asked:
            row.append(markup.role("hb-query", query) if query else markup.text("—"))
        rows.append([*row, " ".join(badges)])
    verdict = _verdict_share([label for _, _, framed in verdicts for label in framed])
    auction = _auction_share([labels["auction"], *(_auction_text(*pair) for pair in auctions)])
    widths = f"{auction} {100 - auction - verdict} {verdict}" if asked else "40 60"
    return markup.MyST(f":::{{list-table}}\n:class: hb-example-run-table\n:header-rows: 1\n:widths: {widths}\n\n"
                       f"{_rows(rows)}:::\n")


@per_document
def leaf_texts(doc: Document) -> dict[str, str]:
    """The words of each leaf (alternative) a query may choose, by its id: a
    paragraph's or point's leaves as written, and a leaf of a table of marks
    (``<table>.row<n>.leaf1``, :func:`build_tools.rules.positions.mark_leaves`)
    as its row's first cell and its small mark ("limit raise (l)"), not its id."""
    from build_tools.rules.positions import mark_leaves

    found = {f"{e.id}.leaf{n}": text for e in doc.elements() if isinstance(e, Paragraph | Point)
             for n, text in enumerate(e.leaves, 1)}
    for table in (e for e in doc.elements() if isinstance(e, Table)):
        rows = [[str(cell) for cell in row] for row in table.rows]
        for default, leaves in mark_leaves(table.id, rows).items():
            row = rows[int(default.rsplit(".row", 1)[1]) - 1]
            found.update((leaf, f"{row[0]} ({row[-1][1:]})") for leaf in leaves)
    return found


def _auction_text(dealer: str, auction: str) -> str:
    """The words of an example's auction cell as printed (:func:`_auction_cell`),
    after the room of the number the A5 appendix gives its row ("A.123 ").

    >>> _auction_text("N:", "1♣-1♥"), _auction_text("", "1♣")
    ('A.123 N: 1♣-1♥', 'A.123 1♣')
    """
    return " ".join(filter(None, ("A.123", dealer, auction)))


def printed_width(text: str) -> int:
    """The width of ``text`` in characters of the printed page's small type,
    a character of a CJK script (from U+2E80) counting two, as it is set.

    >>> printed_width("1♣-1♥"), printed_width("不叫"), printed_width("P：13+")
    (5, 4, 6)
    """
    return len(text) + sum(1 for char in text if char >= "\u2e80")


def _auction_share(texts: Sequence[str]) -> int:
    """The printed auction column's share of the width (in %) for its heading
    and auction cells ``texts``: as wide as the longest needs on the A5 page
    (a hundredth of the line, 3.5 pt, holds about 0.7 of a character of the
    run's small type, its bold number and suits among them, and the cell's
    padding takes 4), from 14 up to 32, beyond which an auction breaks
    between its calls. A column of short auctions wider than they need had
    left the agreement beside them a few words to a line: the CBA's longest
    ran taller than a page, which a table's row cannot break across, and over
    the running foot and the paper's edge.

    >>> _auction_share(["Auction", "A.123 1♣"]), _auction_share(["Auction", "A.123 2♦-(2♥)-X"])
    (16, 26)
    >>> _auction_share(["Auction", "A.123 1♣"]) < _auction_share(["Auction", "A.123 1♣-1♥"])
    True
    >>> _auction_share(["Auction", "A.123 1♥-[pas]-2♥-[pas]-3♦-[pas]"])
    32
    >>> _auction_share(["Bud", "P"])
    14
    """
    longest = max(map(printed_width, texts), default=0)
    return min(32, max(14, round(longest * 1.5 + 4)))


def _verdict_share(labels: Sequence[str]) -> int:
    """The printed verdict column's share of the width (in %) for the framed
    badges ``labels``: a badge does not break, so the column is as wide as the
    longest needs on the A5 page (a character of a CJK script counts two).

    >>> _verdict_share(["Bez alertu", "Alert"]), _verdict_share(["Meets the requirement"])
    (20, 36)
    """
    longest = max(map(printed_width, labels), default=0)
    return min(50, max(20, round(longest * 1.45 + 6)))


def _verdicts(env: Environment, example: Example, doc: Document,
              words: dict[str, str], reading: str = "") -> tuple[str, list[markup.MyST], list[str]]:
    """The agreement an example asks about, in the reader's ``words``, its
    verdicts, each a badge (a role) linked to the article that decides it and,
    for an example resting on the handbook's reading, marked with the word
    ``reading``, and the labels of those set in a frame (every tone but a
    classification's)."""
    if not example.expect or example.query is None:
        return "", [], []
    from build_tools.meaning_text import describe_query
    from build_tools.verdicts import decided

    # An example the check stage refused (reported there) has no verdicts.
    verdicts = decided(doc).get(example.id, {})
    badges, framed = [], []
    gettext = env.globals["gettext"]
    for question, answer in example.expect:
        verdict = verdicts.get(question)
        article = verdict.article if verdict is not None else ""
        if _residual(doc, question, answer):
            article = ""  # the article giving an answer that says "none of these" rules on nothing
        label, tone = answer_label(doc, question, answer, gettext,  # type: ignore[arg-type]
                                   words, example.notation or doc.language)
        badge = markup.role("hb-verdict", markup.payload(
            kind=tone, label=label, article=article, reading=reading if example.reading else ""))
        badges.append(label_in_original(markup.MyST(badge), doc, question, answer))
        if tone != "info":
            framed.append(label)
    # The agreement asked about, every key the example writes, in the reader's
    # words: two examples of one auction with opposite verdicts differ only there.
    asked = describe_query(example.query, words, example.notation or doc.language, doc.display_language,
                           leaf_texts(doc))
    return asked, badges, framed


@pass_environment
def _verdict_badges(env: Environment, example: Example, doc: Document, labels: dict[str, str],
                    words: dict[str, str]) -> markup.MyST:
    """The verdicts an example states, each a badge linked to the article of
    the rules that decides it ("" for an example without verdicts), worded and
    toned as its question declares; before them, the agreement asked about in
    the reader's ``words``."""
    asked, badges, _ = _verdicts(env, example, doc, words, labels.get("reading", ""))
    if not badges:
        return markup.MyST("")
    if asked and ("meaning" in example.query.asked or "earlier" in example.query.asked):  # type: ignore[union-attr]
        # Beside the rules' verdict, the pair's agreement is said to be theirs
        # ("natural; 2+ clubs" next to "Not natural"); a run's table has a column for it.
        from build_tools.meaning_text import agreed_line

        asked = agreed_line(asked, words)
    query = markup.role("hb-query", asked) + " " if asked else ""
    return markup.MyST(query + " ".join(badges) + "\n\n")


@pass_environment
def _quick_reference_tables(env: Environment, doc: Document, words: dict[str, str]) -> tuple[object, ...]:
    """The quick-reference tables of ``doc`` (build_tools/generated/quickref.py)."""
    from build_tools.generated import quickref

    return quickref.build(doc, env.globals["gettext"], words)  # type: ignore[arg-type]


@pass_environment
def _card_parts(env: Environment, doc: Document, words: dict[str, str]) -> tuple[object, ...]:
    """The alert card of ``doc`` (build_tools/generated/card.py)."""
    from build_tools.generated import card, quickref

    return card.build(doc, quickref.build(doc, env.globals["gettext"], words))  # type: ignore[arg-type]


def _card_pdfs(doc: Document) -> list[tuple[markup.MyST, str]]:
    """The PDFs of ``doc``'s alert card, each with its language's name in that
    language ("polski", "English"), MyST that carries the language where it is
    not the page's ("中文" on an English page); none where its rules decide no
    example."""
    from build_tools.document import LANGUAGE_NAMES
    from build_tools.generated import card

    if not decided_any(doc):
        return []
    out = []
    for lang in card.card_languages(doc.language):
        name = markup.text(LANGUAGE_NAMES.get(lang, lang))
        if lang != doc.display_language:
            name = markup.in_language(name, lang_tag(lang))
        out.append((name, card.pdf_name(doc.id, lang)))
    return out


def _card_lines(part: object, situations: dict[str, str], reading: str = "") -> markup.MyST:
    from build_tools.generated import card

    assert isinstance(part, card.Part)
    return card.lines(part, situations, reading)


def _quickref_rows(table: object, doc: Document, situations: dict[str, str], page_word: str,
                   reading: str = "") -> markup.MyST:
    from build_tools.generated import quickref

    assert isinstance(table, quickref.QuickReference)
    return quickref.rows(table, doc, situations, page_word, reading)


def _quickref_widths(table: object, reading: str = "") -> str:
    from build_tools.generated import quickref

    assert isinstance(table, quickref.QuickReference)
    return quickref.widths(table, reading)


@pass_environment
def _index_marks(env: Environment, element: Block | Point, doc: Document, words: dict[str, str],
                 groups: dict[str, str]) -> markup.MyST:
    """An article's entries in the index of calls and conventions (build_tools/generated/callindex.py)."""
    from build_tools.generated import callindex

    return callindex.index_filter(element, doc, words, env.globals["gettext"], groups)


def _butsee_note(element: Block | Point, doc: Document, label: str, page_word: str) -> markup.MyST:
    """An article's "but see" note (build_tools/generated/butsee.py)."""
    from build_tools.generated import butsee

    return butsee.note(element, doc, label, page_word)


def _heading(level: int) -> markup.MyST:
    return markup.MyST("#" * max(1, min(int(level), 6)))


# Placeholders of an interface string, as Jinja's i18n extension writes them
# ("%(name)s"), and "%%" for a literal percent sign.
_PLACEHOLDER = re.compile(r"%(?:\((\w+)\)[sd]|%)")


def format_interface(template: str, variables: dict[str, object]) -> str:
    """Fill the placeholders of a (translated) interface string.

    Unlike ``%``-formatting, a translator's stray ``%`` or an unknown
    placeholder is kept as written instead of raising.

    >>> format_interface("Przetłumaczono %(done)s z %(total)s (%(percent)s %%).", {"done": 3, "total": 4, "percent": 75})
    'Przetłumaczono 3 z 4 (75 %).'
    >>> format_interface("Regulamin 100% %(nieznane)s", {})
    'Regulamin 100% %(nieznane)s'
    """

    english = isinstance(template, EnglishText)

    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        if name is None:
            return "%"
        if name not in variables:
            return match.group(0)
        value = variables[name]
        if isinstance(value, Localized):
            return value.english if english else value.reader
        return str(value)

    filled = _PLACEHOLDER.sub(fill, template)
    return EnglishText(filled) if english else filled


class _Counted:
    """The count a plural interface string of the words template stands for
    until its count is known (``npgettext(..., counted)``)."""

    def __repr__(self) -> str:
        return "counted"


#: Passed as the count of ``npgettext`` in a template: the string is given
#: with all its forms (a :class:`Plural`), the form chosen when it is filled.
COUNTED = _Counted()


class Plural(str):
    """An interface string with plural forms, before its count is known: as
    text, the form for 5; :meth:`form` gives the one for a count, as the
    reader's catalog (its ``Plural-Forms``) chooses it."""

    __slots__ = ("_pick", "english")

    _pick: Callable[[int], str]
    english: bool

    def __new__(cls, pick: Callable[[int], str]) -> Plural:
        sample = pick(5)
        made = super().__new__(cls, sample)
        made._pick = pick
        made.english = isinstance(sample, EnglishText)
        return made

    def form(self, count: int) -> str:
        return self._pick(count)


def interface_text(translated: object) -> str:
    """What a catalog's lookup gave, as text, keeping the mark of an untranslated one."""
    return translated if isinstance(translated, str) else str(translated)


class _EnglishFallback(NullTranslations):
    """Behind an interface catalog: what it lacks is the template's English,
    marked as :class:`EnglishText`."""

    def gettext(self, message: str) -> str:
        return EnglishText(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return EnglishText(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return EnglishText(message)

    def npgettext(self, context: str, singular: str, plural: str, num: int) -> str:
        return EnglishText(singular if num == 1 else plural)


def _gettext_callables(translations: NullTranslations) -> dict[str, Callable[..., str]]:
    """Jinja's "newstyle" gettext functions, formatting with :func:`format_interface`."""

    def gettext(message: str, **variables: object) -> str:
        return format_interface(interface_text(translations.gettext(message)), variables)

    def ngettext(singular: str, plural: str, n: int, **variables: object) -> str:
        variables.setdefault("num", n)
        return format_interface(interface_text(translations.ngettext(singular, plural, n)), variables)

    def pgettext(context: str, message: str, **variables: object) -> str:
        return format_interface(interface_text(translations.pgettext(context, message)), variables)

    def npgettext(context: str, singular: str, plural: str, n: int | _Counted, **variables: object) -> str:
        if isinstance(n, _Counted):
            return Plural(lambda count: interface_text(translations.npgettext(context, singular, plural, count)))
        variables.setdefault("num", n)
        return format_interface(interface_text(translations.npgettext(context, singular, plural, n)), variables)

    return {"gettext": gettext, "ngettext": ngettext, "pgettext": pgettext, "npgettext": npgettext}


def interface_translations(translations: Path, language: str) -> NullTranslations:
    """The template strings of ``language`` (English msgids; English needs none).
    A string the catalog lacks is the English one, as :class:`EnglishText`."""
    from build_tools.i18n.interface import read_interface

    path = catalog_path(translations, language, UI_DOMAIN)
    if language == "en" or not path.exists():
        return _EnglishFallback()
    # What the catalog cannot give (a broken entry) is the English; the build
    # reports it (build_tools.pipeline.render_language).
    catalog, _ = read_interface(path, language)
    for message in list(catalog):
        forms = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
        if message.id and not all(str(form or "").strip() for form in forms):
            # A blank translation (or plural form) is no translation: keep the English.
            catalog.delete(message.id, message.context)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    found = Translations(fp=buffer, domain=UI_DOMAIN)
    found.add_fallback(_EnglishFallback())
    return found


class _CompiledTemplates(BytecodeCache):
    """The templates compiled in this process, by name: every environment
    of :func:`environment` is configured alike, so one compiled template
    serves them all (a build renders each language, a preview each edit, in
    an environment of its own). Jinja checks each against its template's
    source, so an edited template is compiled again:

    >>> import tempfile
    >>> from jinja2 import Environment
    >>> cache = _CompiledTemplates()
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     _ = (Path(tmp) / "t.j2").write_text("one")
    ...     first = Environment(loader=FileSystemLoader(tmp), bytecode_cache=cache).get_template("t.j2").render()
    ...     _ = (Path(tmp) / "t.j2").write_text("two")
    ...     second = Environment(loader=FileSystemLoader(tmp), bytecode_cache=cache).get_template("t.j2").render()
    >>> first, second, len(cache._code)
    ('one', 'two', 1)
    """

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self._code:
            bucket.bytecode_from_string(self._code[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()


_COMPILED = _CompiledTemplates()


def environment(translations: NullTranslations | None = None) -> SandboxedEnvironment:
    env = SandboxedEnvironment(
        loader=FileSystemLoader(TEMPLATES),
        bytecode_cache=_COMPILED,
        undefined=StrictUndefined,
        autoescape=False,  # the output is MyST, not HTML: ``finalize`` escapes it
        finalize=markup.finalize,
        keep_trailing_newline=True,
        extensions=["jinja2.ext.i18n"],
    )
    env.install_gettext_translations(NullTranslations(), newstyle=True)  # type: ignore[attr-defined]
    # Replace the extension's callables (which %-format, and raise on a stray %).
    env.globals.update(_gettext_callables(translations or _EnglishFallback()))
    env.globals["counted"] = COUNTED
    env.filters["myst"] = markup.to_myst
    env.filters["text"] = markup.text
    env.filters["role"] = lambda content, name: markup.role(name, content)
    env.filters["verbatim"] = markup.verbatim
    env.filters["safe"] = markup.MyST  # a macro's output, already MyST
    env.filters["heading"] = _heading
    env.filters["contents_paged"] = contents.first_paged_list
    env.filters["contents_gaps"] = contents.gaps
    env.filters["plain"] = markup.plain
    env.filters["fence"] = _fence
    env.filters["bidding_table"] = _bidding_table
    env.filters["hands_table"] = _hands_table
    env.filters["table_rows"] = _table_rows
    env.filters["verdict_badges"] = _verdict_badges
    env.filters["example_runs"] = example_runs
    env.filters["example_run_table"] = _example_run_table
    env.filters["notice"] = _notice
    env.filters["quick_reference_tables"] = _quick_reference_tables
    env.filters["quickref_rows"] = _quickref_rows
    env.filters["quickref_widths"] = _quickref_widths
    env.filters["card_parts"] = _card_parts
    env.filters["card_pdfs"] = _card_pdfs
    env.filters["card_lines"] = _card_lines
    env.filters["index_marks"] = _index_marks
    env.filters["butsee_note"] = _butsee_note
    env.filters["shown"] = _shown
    env.filters["number"] = _number
    env.filters["number_language"] = number_language
    env.filters["lang_tag"] = lang_tag
    env.filters["long_day"] = dates.long_day
    # The Ask page's data, for its directive (build_tools/sphinxext/ask.py).
    env.filters["ask_data"] = lambda value: markup.payload(data=json.dumps(value, ensure_ascii=False))
    env.filters["ask_link"] = _ask_link
    env.globals["unknown_block"] = _unknown_block
    env.tests["section"] = lambda b: isinstance(b, Section)
    env.tests["paragraph"] = lambda b: isinstance(b, Paragraph)
    env.tests["point_list"] = lambda b: isinstance(b, PointList)
    env.tests["definition"] = lambda b: isinstance(b, Definition)
    env.tests["example"] = lambda b: isinstance(b, Example)
    env.tests["example_run"] = lambda b: isinstance(b, ExampleRun)
    env.tests["table"] = lambda b: isinstance(b, Table)
    return env


def _unknown_block(block: object) -> str:
    # The template's chain of block kinds ends here: a kind it does not name
    # must fail the build, not vanish from the page.
    raise TypeError(f"blocks.md.j2 cannot render a {type(block).__name__}")


def render_pages(
    manifest: Manifest,
    documents: Sequence[Document],
    language: str,
    translations: NullTranslations | None = None,
    originals: Mapping[str, str] | None = None,
    ready: Mapping[str, str] | None = None,
    cards: Sequence[Mapping[str, Any]] = (),
    ready_cards: Mapping[str, str] | None = None,
    changes: Sequence[str] = (),
) -> dict[str, str]:
    """Every page of one language's site, as ``{file name: MyST text}``;
    ``originals`` gives each document's title in its own language, for the
    notice on a translated page that names and links its original; ``ready``
    holds pages rendered before from the same inputs, by document id (the
    build's cache), taken as they are, and ``ready_cards`` their alert card
    pages likewise ("" for a document without one); ``cards`` the convention
    cards the Ask page offers (:func:`build_tools.cards.shipped_cards`);
    ``changes`` the pages of amendments' changes the book ends with
    (build_tools/edition_pages.py)."""
    originals = originals or {doc.id: doc.id for doc in documents}
    env = environment(translations)
    pages: dict[str, str] = {}
    doc_template = env.get_template("document.md.j2")
    statuses = {doc.id: translation_status(doc, language, originals) for doc in documents}
    from build_tools.rules.registry import reading

    for doc in documents:
        if ready is not None and doc.id in ready:
            pages[f"{doc.id}.md"] = ready[doc.id]
            continue
        with reading(doc.registry):  # the conventions its query lines may name
            pages[f"{doc.id}.md"] = doc_template.render(doc=doc, translation=statuses[doc.id])
    # A card decides every example of its document: most of a page's render.
    taken = ready_cards or {}
    pages.update(card_pages(env, [doc for doc in documents if doc.id not in taken], language, statuses))
    from build_tools.generated.card import page_name

    pages.update({f"{page_name(doc_id)}.md": text for doc_id, text in taken.items() if text})
    # The Ask page: a form asking the rules of the documents that have some
    # (a handbook without rules has nothing to ask, and no Ask page).
    asked = ask_documents(documents)
    if asked:
        pages["ask.md"] = env.get_template("ask.md.j2").render(
            documents=asked, cards=[{"id": c["id"], "title": c["title"]} for c in cards])
    # The index says which documents are originals and which translations (in
    # the reader's words for the original's language), and links the PDF.
    pages["index.md"] = env.get_template("index.md.j2").render(
        title=manifest.title(language), documents=documents, statuses=statuses,
        language_names={d.language: language_word(d.language, language) for d in documents},
        pdf=f"{manifest.id}-{language}-a4.pdf", pocket=f"{manifest.id}-{language}-a5.pdf", changes=changes,
    )
    return pages


def card_pages(env: Environment, documents: Sequence[Document], language: str,
               statuses: Mapping[str, object]) -> dict[str, str]:
    """The alert card of each document whose rules give a quick reference, in
    the document's own language and in English (build_tools/generated/card.py)."""
    from build_tools.generated import card
    from build_tools.rules.registry import reading

    template = env.get_template(card.MACRO)
    pages = {}
    for doc in documents:
        if language in card.card_languages(doc.language) and decided_any(doc):
            with reading(doc.registry):
                pages[f"{card.page_name(doc.id)}.md"] = template.render(doc=doc, translation=statuses[doc.id])
    return pages


def decided_any(doc: Document) -> bool:
    """Whether the rules decide any example of ``doc`` (its quick reference has a row)."""
    from build_tools.verdicts import decided

    return any(verdict is not None and not verdict.depends for found in decided(doc).values()
               for verdict in found.values())


def _ask_link(doc: Document, label: str) -> markup.MyST:
    """A link to the Ask page preset to ``doc`` ("" for a document without
    rules to ask), named ``label`` (build_tools/sphinxext/ask.py's role)."""
    from build_tools.verdicts import rules_of

    if not rules_of(doc):
        return markup.MyST("")
    return markup.role("hb-ask-link", markup.payload(document=doc.id, label=str(label)))


def ask_documents(documents: Sequence[Document]) -> list[dict[str, Any]]:
    """The documents whose rules the Ask page asks, as its form names them:
    each one's id, its title as the reader's page shows it (with the language
    it is in) and the conventions it declares (name and label).

    >>> doc = Document(id="x", title="Zasady", issuer="", language="pl", kind="regulation", body=())
    >>> ask_documents([doc])
    []
    """
    from build_tools.verdicts import rules_of

    found = []
    for doc in documents:
        if not rules_of(doc):
            continue
        declared = [{"name": c.name, "label": c.label or c.name}
                    for c in (doc.registry.conventions.values() if doc.registry else ()) if c.declared_by]
        title_language = doc.language if doc.id in doc.untranslated else doc.display_language
        found.append({"id": doc.id, "title": markup.plain(doc.title), "lang": lang_tag(title_language),
                      "conventions": declared})
    return found


def write_pages(pages: dict[str, str], out_dir: Path) -> RenderResult:
    """Write ``pages`` into ``out_dir``, touching only files whose content changed
    (so Sphinx re-reads only those), and remove pages that no longer exist."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written, unchanged = [], []
    for name, text in sorted(pages.items()):
        (out_dir / name).parent.mkdir(parents=True, exist_ok=True)  # an earlier edition's folder
        if write_if_changed(out_dir / name, text.encode("utf-8")):
            written.append(name)
        else:
            unchanged.append(name)
    removed = sorted(name for name in (p.relative_to(out_dir).as_posix() for p in out_dir.rglob("*.md"))
                     if name not in pages)
    for name in removed:
        (out_dir / name).unlink()
    return RenderResult(tuple(written), tuple(unchanged), tuple(removed))
