"""The pages of a document's editions (issue 34): each earlier edition at its
own stable address, and the page "Changes in edition X" of each amendment.

* ``<document>/<edition>/index.md``: an earlier edition whole, rendered as the
  current one is (so its articles keep their anchors: ids are permanent),
  opening with a banner that names the current edition and links it. It is
  an orphan page: on the site, never in the book.
* ``<document>/<edition>/changes.md``: what the edition changed from the one
  it supersedes, from :func:`build_tools.amendments.amendment` (what
  ``handbook diff`` prints): the articles added, repealed and changed, each changed
  one's redline, and the verdicts that changed with both answers and both
  articles. It is in the book's contents, at its end.

A translated page shows the translation's own change where the article is
translated in both editions, and marks an article whose new text is not yet
translated as awaiting translation (with the original's redline).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jinja2 import Environment

from build_tools import markup
from build_tools.dates import long_day
from build_tools.document import Document

if TYPE_CHECKING:
    from build_tools.amendments import Amendment, VerdictChange

#: A page of an earlier edition, and the page of an edition's changes, below the language's folder.
EDITION_PAGE = "{document}/{edition}/index"
CHANGES_PAGE = "{document}/{edition}/changes"


def edition_page(document: str, edition: str) -> str:
    """The page of an earlier ``edition`` of ``document``, without ``.md``.

    >>> edition_page("trial-rules", "2024")
    'trial-rules/2024/index'
    """
    return EDITION_PAGE.format(document=document, edition=edition)


def changes_page(document: str, edition: str) -> str:
    """The page of what ``edition`` of ``document`` changed, without ``.md``.

    >>> changes_page("trial-rules", "2026")
    'trial-rules/2026/changes'
    """
    return CHANGES_PAGE.format(document=document, edition=edition)


@dataclass(frozen=True, slots=True)
class EditionPages:
    """The pages of one language's editions (``{file name: MyST}``) and the
    changes pages the book's contents end with (without ``.md``)."""

    pages: dict[str, str] = field(default_factory=dict)
    book: tuple[str, ...] = ()


def redline(old: str, new: str) -> markup.MyST:
    """``new`` as an amendment of ``old``, word by word: the words it deleted
    in ``{hb-del}`` and those it inserted in ``{hb-ins}`` (the marks of
    build_tools/sphinxext/editions.py), each run of changed words as one.

    >>> print(redline("starts at 12 HCP or more", "starts at 11 HCP or more"))
    starts at {hb-del}`12` {hb-ins}`11` HCP or more
    >>> print(redline("every event of the union.", "every event the union runs."))
    every event {hb-del}`of` the {hb-del}`union.` {hb-ins}`union runs.`
    >>> print(redline("", "Added."))
    {hb-ins}`Added.`
    """
    was, now = markup.plain(old).split(), markup.plain(new).split()
    out: list[str] = []
    for op, a1, a2, b1, b2 in difflib.SequenceMatcher(a=was, b=now, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(markup.text(" ".join(was[a1:a2])))
            continue
        if a2 > a1:
            out.append(markup.role("hb-del", " ".join(was[a1:a2])))
        if b2 > b1:
            out.append(markup.role("hb-ins", " ".join(now[b1:b2])))
    return markup.MyST(" ".join(out))


def _link(words: str, target: str) -> markup.MyST:
    """A MyST link named ``words`` to the page ``target`` (relative, with ``.md``)."""
    return markup.MyST(f"[{markup.text(words)}]({markup.verbatim(target)})")


def edition_translations(translations: Path, document: str, edition: str) -> Path:
    """The translations of an earlier ``edition`` of ``document``, as they
    stood when it was amended: a folder of catalogs like ``translations``
    itself (``<lang>/LC_MESSAGES/<document>.po``), kept beside it.

    >>> edition_translations(Path("translations"), "trial-rules", "2024").as_posix()
    'translations/editions/trial-rules/2024'
    """
    from build_tools.editions import EDITIONS_FOLDER

    return translations / EDITIONS_FOLDER / document / edition


def edition_pages(env: Environment, translations: Path, chains: Iterable[Sequence[Document]],
                  amended: Mapping[tuple[str, str], Amendment], shown: Mapping[str, Document], language: str,
                  translate: Callable[[Document, Path], Document], originals: Mapping[str, str]) -> EditionPages:
    """The pages of the editions of each of ``chains`` (a document's editions
    as loaded, in their own language, the earliest first and the current
    last), in ``language``; ``amended`` holds what each edition changed, by
    its document and edition (:func:`build_tools.pipeline.amendments`: the
    same for every language). ``shown`` holds each current edition as the
    reader's page shows it; ``translate(document, folder)`` turns an earlier
    edition into ``language`` from the catalogs of ``folder``, as the build
    translates the current ones: the edition's own translations where they
    were kept (:func:`edition_translations`), else the current ones (whose
    entries of an unchanged text are the earlier edition's too)."""
    from build_tools.i18n import catalog_path
    from build_tools.render import translation_status
    from build_tools.rules.registry import reading

    pages: dict[str, str] = {}
    book: list[str] = []
    gettext: Callable[[str], str] = env.globals["gettext"]  # type: ignore[assignment]
    template = env.get_template("document.md.j2")
    changes = env.get_template("changes.md.j2")
    for chain in chains:
        current = chain[-1]
        read = {}
        for doc in chain[:-1]:
            kept = edition_translations(translations, doc.id, doc.edition)
            read[doc.edition] = translate(doc, kept if catalog_path(kept, language, doc.id).is_file() else translations)
        read[current.edition] = shown[current.id]
        for index, earlier in enumerate(chain[:-1]):
            doc = read[earlier.edition]
            following = chain[index + 1]
            banner = {
                "edition": earlier.edition, "effective": long_day(earlier.effective, language),
                "next": following.edition, "until": long_day(following.effective, language),
                "current": current.edition, "current_effective": long_day(current.effective, language),
                "link": _link(markup.plain(shown[current.id].title), "../../" + current.id + ".md"),
            }
            with reading(doc.registry):
                pages[edition_page(current.id, earlier.edition) + ".md"] = template.render(
                    doc=doc, translation=translation_status(doc, language, originals), earlier=banner)
        for old, new in zip(chain, chain[1:], strict=False):
            name = changes_page(current.id, new.edition)
            pages[name + ".md"] = changes.render(**changes_context(amended[(current.id, new.edition)], old, new,
                                                                   read[old.edition], read[new.edition], current,
                                                                   language, gettext))
            book.append(name)
    return EditionPages(pages, tuple(book))


def _answer(doc: Document, question: str, value: str, gettext: Callable[[str], str]) -> str:
    """An answer in the reader's words, as a verdict badge says it; one no
    rule gives (``not covered``, ``depends``), as it is."""
    from build_tools.render import answer_label

    try:
        return answer_label(doc, question, value, gettext)[0]
    except (KeyError, ValueError):
        return value


def shown_auction(change: VerdictChange, reader: str) -> str:
    """A changed verdict's auction in the ``reader``'s notation, read in the
    notation and view it was asked in (an example's, a card's); one the
    model cannot read, as it is written."""
    from build_tools.diagrams import inline_auction

    if not change.auction:
        return ""
    try:
        return inline_auction(change.auction, change.view, change.notation, reader)
    except ValueError:  # BridgeError among them
        return change.auction


def question_name(doc: Document, question: str, gettext: Callable[[str], str]) -> str:
    """A question as the reader knows it from the quick reference's caption:
    its answers' labels in the reader's words ("Alert / No alert"); a question
    answered by a meaning or a call, which has no labels, by its id.

    >>> doc = Document("d", "T", "", "en", "regulation", ())
    >>> question_name(doc, "alert", str)
    'Alert / No alert'
    >>> question_name(doc, "shows", str), question_name(doc, "response", str)
    ('shows', 'response')
    """
    from build_tools.rules.registry import Registry

    declared = (doc.registry or Registry.standard()).question(question)
    if declared.form in ("meaning", "call"):
        return question
    return " / ".join(_answer(doc, question, answer.answer, gettext) for answer in declared.answers)


def _original(text: markup.MyST, doc: Document | None) -> markup.MyST:
    """``text`` marked as ``doc``'s original language where it is shown untranslated."""
    from build_tools.render import lang_tag

    return markup.in_language(text, lang_tag(doc.language)) if doc is not None else text


def changes_context(found: Amendment, old: Document, new: Document, old_shown: Document, new_shown: Document,
                    current: Document, language: str, gettext: Callable[[str], str]) -> dict[str, Any]:
    """What the page of ``new``'s changes says: what it ``found`` changed of
    ``old`` (:func:`build_tools.amendments.amendment`, as ``handbook diff``
    says it), each article's text as the reader's page shows it
    (``*_shown``), with its redline."""
    from build_tools.amendments import article_text, articles

    was, now = articles(old_shown), articles(new_shown)

    def page_of(doc: Document) -> str:
        return current.id if doc.edition == current.edition else edition_page(current.id, doc.edition)

    def original(doc: Document, key: str) -> bool:
        """Whether ``doc`` shows article ``key`` in the original, its translation missing."""
        return doc.language != doc.display_language and key in doc.untranslated

    items: dict[str, list[dict[str, Any]]] = {change: [] for change in ("added", "removed", "changed")}
    for item in found.articles:
        change, key = item.change, item.id
        # A translation is compared with itself: the translation's own
        # change where both editions' are there; else the original's,
        # marked as such (and as awaiting translation when the new text
        # is the one missing).
        waiting = change != "removed" and original(new_shown, key)
        untranslated = waiting or (change != "added" and original(old_shown, key))
        if change == "changed":
            text = (redline(item.old, item.new) if untranslated else
                    redline(article_text(was[key]), article_text(now[key])))
        else:
            text = markup.to_myst(article_text(now[key] if change == "added" else was[key]))
        items[change].append({
            "id": key, "number": item.number, "awaiting": waiting,
            "page": page_of(new if change != "removed" else old), "parts": list(item.parts),
            "text": _original(text, new_shown if untranslated else None),
        })

    def side(question: str, answer: tuple[str, str], doc: Document) -> dict[str, Any]:
        value, article = answer
        return {"label": _answer(doc, question, value, gettext), "page": page_of(doc),
                "articles": [a for a in article.split(", ") if a]}

    verdicts = []
    for v in found.verdicts:
        kind, _, name = v.source.partition(" ")
        verdicts.append({"kind": kind, "name": name, "auction": shown_auction(v, new_shown.display_language),
                         "question": question_name(new_shown, v.question, gettext),
                         "old": side(v.question, v.old, old_shown), "new": side(v.question, v.new, new_shown)})
    return {
        "doc": new_shown, "current": current, "old": old, "new": new, "items": items, "verdicts": verdicts,
        "old_page": edition_page(current.id, old.edition) if old is not current else "",
        "old_effective": long_day(old.effective, language), "new_effective": long_day(new.effective, language),
        "anchor": f"changes-{new.edition}",
    }
