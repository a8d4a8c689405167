"""Fidelity of `laws-1987-contents`: the title page and the two surviving pages of the
table of contents of A. Rybnikov's Russian translation (Питер, 1991) of the 1987 Laws of
Duplicate Contract Bridge (the second part of seed 002, from the title page to the end).

Artefact fixes, as documented in the YAML:
* `„` is the old encoding's `ё` ("присужд„нного" -> "присуждённого").
* The title page is letter-spaced ("П   Р   А   В   И   Л   А", "1 9 8 7"): letters are
  joined, the wider gaps are the word breaks; its lines are kept as separate texts.
* A contents entry that wraps continues on the next line(s), right-aligned; the pieces
  are one title joined with a space, and a word hyphenated at the wrap ("ис-" /
  "правленное") is joined without the hyphen.
* Dot leaders are layout; the page number after them becomes the entry's `page`
  (checked in `check_structure`, not as text). The last entry ("A.В очередь RHO.......")
  is cut off before its page number and has none.
* "- 5 -" is the page footer of the contents itself and is dropped.
* The display number ("Правило 12.", "A.", "1.", "(A).", "Раздел IV -") is the point's
  `number`, so `sentences()` yields the titles and `check_structure` the numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from build_tools.document import PointList

from . import plain

DOCUMENT = "laws-1987-contents"
ORIGINAL = "laws-1987-contents.txt"
_ORIGINALS = Path(__file__).resolve().parent.parent / "fixtures" / "originals"

_NUMBER = re.compile(r"^(?P<number>Раздел [IVXLC]+ -|Правило \d+\.|[A-Z]\.|\d+\.|\([A-Z]\)\.)\s*(?P<rest>.*)$")
_LEADER = re.compile(r"(?:\.+(?P<page>\d+)|\.{2,})\s*$")
_FOOTER = re.compile(r"^\s*-\s*\d+\s*-\s*$")
# Nesting depth of each kind of display number: Раздел > Правило > letter > digit > (letter).
_DEPTH = [
    (re.compile(r"^Раздел "), 0),
    (re.compile(r"^Правило "), 1),
    (re.compile(r"^[A-Z]\.$"), 2),
    (re.compile(r"^\d+\.$"), 3),
    (re.compile(r"^\([A-Z]\)\.$"), 4),
]


@dataclass
class Entry:
    number: str
    text: str
    page: str
    depth: int
    items: list[Entry] = field(default_factory=list)

    def tree(self) -> tuple[object, ...]:
        return (self.number, self.text, self.page, tuple(i.tree() for i in self.items))


def _fix(text: str) -> str:
    return text.replace("„", "ё")


def _unspace(line: str) -> str:
    """A letter-spaced title-page line: the narrowest gap joins letters, wider gaps are
    word breaks ("С П О Р Т И В Н О Г О   Б Р И Д Ж А" -> "СПОРТИВНОГО БРИДЖА")."""
    stripped = line.strip()
    tokens = stripped.split()
    if len(tokens) < 3 or any(len(t) != 1 for t in tokens):
        return " ".join(tokens)
    gaps = [len(g) for g in re.findall(r"\s+", stripped)]
    narrow = min(gaps)
    words = re.split(rf"\s{{{narrow + 1},}}", stripped)
    return " ".join(w.replace(" ", "") for w in words)


def _split(original: str) -> tuple[list[str], list[list[tuple[str, str, str]]]]:
    """The title-page lines, and the contents as fragments of (number, title, page)."""
    lines = original.splitlines()
    start = next(i for i, line in enumerate(lines) if _NUMBER.match(line.strip()))
    title_page = [_fix(_unspace(line)) for line in lines[:start] if line.strip()]
    fragments: list[list[tuple[str, str, str]]] = [[]]
    pieces: list[str] = []
    number = ""

    def finish(page: str) -> None:
        text = ""
        for piece in pieces:
            if text.endswith("-") and not text.endswith(" -"):
                text = text[:-1] + piece  # a word hyphenated at the wrap
            else:
                text = f"{text} {piece}" if text else piece
        fragments[-1].append((number, _fix(text), page))
        pieces.clear()

    for raw in lines[start:]:
        line = raw.strip()
        if not line:
            continue
        if _FOOTER.match(raw):
            fragments.append([])  # the contents' own page footer: a gap follows
            continue
        match = _NUMBER.match(line)
        if match and not pieces:
            number, line = match["number"], match["rest"]
        elif match:
            raise AssertionError(f"entry {number!r} {pieces!r} has no page number")
        leader = _LEADER.search(line)
        if leader:
            pieces.append(line[: leader.start()].strip())
            finish(leader["page"] or "")
        else:
            pieces.append(line)
    if pieces:
        raise AssertionError(f"entry {number!r} {pieces!r} ends without a dot leader")
    return title_page, fragments


def _depth(number: str) -> int:
    return next(depth for pattern, depth in _DEPTH if pattern.match(number))


def _forest(entries: list[tuple[str, str, str]]) -> list[Entry]:
    """Nest a fragment's entries by their kind of number; an entry whose parent is not in
    the fragment (the fragment starts mid-law) stays at the top."""
    roots: list[Entry] = []
    stack: list[Entry] = []
    for number, text, page in entries:
        entry = Entry(number, text, page, _depth(number))
        while stack and stack[-1].depth >= entry.depth:
            stack.pop()
        (stack[-1].items if stack else roots).append(entry)
        stack.append(entry)
    return roots


def sentences(original: str) -> list[str]:
    title_page, fragments = _split(original)
    return title_page + [text for fragment in fragments for _, text, _ in fragment]


def _plain(text: str) -> str:
    return " ".join(plain(text).split())


def _doc_tree(point: object) -> tuple[object, ...]:
    return (
        getattr(point, "number", ""),
        _plain(getattr(point, "text", "")),
        getattr(point, "page", "") or "",
        tuple(_doc_tree(p) for p in getattr(point, "items", ())),
    )


def _find(trees: list[tuple[object, ...]], *path: str) -> tuple[object, ...]:
    """The point reached by following display numbers from a top-level entry."""
    level: tuple[tuple[object, ...], ...] = tuple(trees)
    node: tuple[object, ...] = ()
    for number in path:
        matches = [n for n in level if n[0] == number]
        assert matches, f"no entry {' > '.join(path)} (stopped at {number!r})"
        node = matches[0]
        level = node[3]  # type: ignore[assignment]
    return node


def _pairs(trees: tuple[tuple[object, ...], ...]) -> list[tuple[object, object]]:
    out: list[tuple[object, object]] = []
    for _number, text, page, items in trees:
        out.append((text, page))
        out.extend(_pairs(items))  # type: ignore[arg-type]
    return out


def _flat(trees: tuple[tuple[object, ...], ...], path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """(display-number path, title, page) of every entry, in order."""
    out: list[tuple[object, ...]] = []
    for number, text, page, items in trees:
        out.append((" > ".join(map(str, path + (number,))), text, page))
        out.extend(_flat(items, path + (number,)))  # type: ignore[arg-type]
    return out


def check_structure(document) -> None:  # type: ignore[no-untyped-def]
    original = (_ORIGINALS / ORIGINAL).read_text(encoding="utf-8")
    _, fragments = _split(original)
    expected = [tuple(e.tree() for e in _forest(f)) for f in fragments]
    lists = [e for e in document.elements() if isinstance(e, PointList)]
    actual = [tuple(_doc_tree(p) for p in lst.items) for lst in lists]

    # Every page number of the original is the `page` of the entry it follows.
    want_pairs = sorted(p for tree in expected for p in _pairs(tree))
    have_pairs = sorted(p for tree in actual for p in _pairs(tree))
    missing = [p for p in want_pairs if p not in have_pairs]
    assert not missing, f"(title, page) of the original missing in the document: {missing[0]!r}"
    assert want_pairs == have_pairs, "the document's (title, page) pairs differ from the original's"

    # One list per surviving fragment, each with the original's numbers, titles, pages
    # and nesting.
    assert len(actual) == len(expected), f"{len(actual)} lists for {len(expected)} fragments"
    for index, (want, have) in enumerate(zip(expected, actual, strict=True), 1):
        want_flat, have_flat = _flat(want), _flat(have)
        for w, h in zip(want_flat, have_flat, strict=False):
            assert w == h, f"fragment {index}: expected {w!r}, the document has {h!r}"
        assert len(want_flat) == len(have_flat), (
            f"fragment {index}: {len(have_flat)} entries for the original's {len(want_flat)}"
        )

    # A few known entries, nested Раздел > Правило > letter > digit > (letter).
    first, second = actual
    assert _find(list(first), "Правило 12.", "A.", "3.")[1:3] == ("Было исполнено некорректное наказание", "44")
    assert _find(list(first), "Правило 12.", "C.")[1] == "Назначение присуждённого результата"
    assert _find(list(first), "Правило 15.", "A.", "1.")[1] == "Обсчёт сыгранной сдачи"
    assert _find(list(second), "Раздел IV -", "Правило 30.", "B.", "2.", "(B).")[1:3] == (
        "Действия, разрешённые партнёру нарушителя",
        "63",
    )
    assert _find(list(second), "Раздел IV -", "Правило 31.", "A.")[1:3] == ("В очередь RHO", "")
    assert first[0][:3] == ("D.", "Наказание после потери права на наказание", "43")
    assert second[0][:3] == (
        "2.",
        "Конвенционное назначение, или исправленное на любое другое назначение или на пас",
        "61",
    )
