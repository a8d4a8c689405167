"""What the transcription of a printed table of contents lacks, said beside it
from its data (the source's own lines are never changed):

* whose page numbers these are: the printed edition's (a table of contents
  whose entries give pages, in a document that names its edition);
* the runs of entries on pages the source has lost: between two fragments
  (two lists) whose entries are numbered by one word and a count ("Правило 15."
  ending the first, "Правило 28." opening the second), the numbers between.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from build_tools.document import Block, Document, Point, PointList, Section

#: A display number made of words around a count: "Правило 15.", "Law 15", "第15条"
#: (not "1." or "(A).", which name no kind of entry).
_NUMBERED = re.compile(r"^(?P<before>\D*?)(?P<space>\s*)(?P<count>\d+)\s*(?P<after>\D*?)\.?$")


def _points(items: tuple[Point, ...]) -> Iterator[Point]:
    for point in items:
        yield point
        yield from _points(point.items)


def _counted(points: list[Point]) -> list[tuple[tuple[str, str], int]]:
    """The entries numbered by words around a count: (the words before, with
    the space that parts them from the count, and after; the count)."""
    found = []
    for point in points:
        match = _NUMBERED.match(point.number.strip())
        if match and any(c.isalpha() for c in match["before"] + match["after"]):
            found.append(((match["before"] + match["space"], match["after"]), int(match["count"])))
    return found


def _lists(blocks: tuple[Block, ...]) -> Iterator[PointList]:
    for block in blocks:
        if isinstance(block, PointList):
            yield block
        elif isinstance(block, Section):
            yield from _lists(block.body)


def gaps(doc: Document) -> dict[str, str]:
    """For each list of a table of contents followed by entries the source has
    lost, the lost ones as the document numbers them ("Правило 16–27"), by the
    list's id.

    >>> from build_tools.document import Document, Point, PointList
    >>> def law(n): return Point(id=f"l{n}", number=f"Law {n}.", text="")
    >>> doc = Document("d", "T", "", "en", "table-of-contents",
    ...                (PointList("a", (law(12), law(15))), PointList("b", (law(28),)), PointList("c", (law(29),))))
    >>> gaps(doc)
    {'a': 'Law 16–27'}
    >>> def article(n): return Point(id=f"a{n}", number=f"第{n}条", text="")
    >>> gaps(Document("d", "T", "", "zh_CN", "table-of-contents",
    ...               (PointList("a", (article(15),)), PointList("b", (article(17),)))))
    {'a': '第16条'}
    """
    if doc.kind != "table-of-contents":
        return {}
    lists = list(_lists(doc.body))
    out = {}
    for before, after in zip(lists, lists[1:], strict=False):
        ending, opening = _counted(list(_points(before.items))), _counted(list(_points(after.items)))
        if not ending or not opening:
            continue
        word = opening[0][0]
        last = max((count for w, count in ending if w == word), default=None)
        if last is None or opening[0][1] <= last + 1:
            continue
        first_lost, last_lost = last + 1, opening[0][1] - 1
        counts = str(first_lost) if first_lost == last_lost else f"{first_lost}–{last_lost}"
        words_before, words_after = word
        out[before.id] = f"{words_before}{counts}{words_after}"
    return out


def first_paged_list(doc: Document) -> str:
    """The id of the first list of a table of contents whose entries give
    pages ("" when none does, or the document names no edition)."""
    if doc.kind != "table-of-contents" or not doc.edition:
        return ""
    return next((block.id for block in _lists(doc.body) if any(p.page for p in _points(block.items))), "")
