"""PZBS alerting rules: the extraction numbered every list item "1." and put
markers ("1.", "•", "a)") at line starts; the YAML keeps them as display
numbers, so they are not part of the sentences. Nothing else is changed."""

from __future__ import annotations

import re

from build_tools.document import Document, Point, PointList
from fidelity import split_sentences

DOCUMENT = "pzbs-alert-rules"
ORIGINAL = "pzbs-alert-rules.txt"

_MARKER = re.compile(r"^\s*(?:\d+\.|•|[a-z]\))\s+")


def sentences(original: str) -> list[str]:
    found = []
    for line in original.splitlines():
        while (match := _MARKER.match(line)):
            line = line[match.end():]
        found.extend(split_sentences(line))
    return found


def _numbers(items: tuple[Point, ...]) -> list[object]:
    out: list[object] = []
    for item in items:
        out.append(item.number or "•")
        if item.items:
            out.append(_numbers(item.items))
    return out


def check_structure(document: Document) -> None:
    """The numbering restored from the text itself."""
    nested = {e.id: _numbers(e.items) for e in document.elements() if isinstance(e, PointList)}
    lists = {key: [n for n in value if isinstance(n, str)] for key, value in nested.items()}
    # Points 1-3 and 4-5 of the general rules ("Punkty 1-3 ...", "Punkty 4-5 ..."),
    assert lists["punkty-1-3"] == ["1.", "2.", "3."]
    assert lists["punkty-4-5"] == ["4.", "5."]
    # the six explanations of the detailed rules, and the further agreements.
    assert lists["wyjasnienia-punkty"] == [f"{n}." for n in range(1, 7)]
    assert lists["inne-ustalenia-punkty"] == [f"{n}." for n in range(1, 14)]
    further = nested["inne-ustalenia-punkty"]
    assert ["1.", "2.", "3."] in further and ["1.", "2."] in further and ["a)", "b)"] in further
