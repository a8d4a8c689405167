"""The author's YAML comments, for translators.

A comment written on the lines just above an element (``# The general rule
for every suit bid ...`` before ``- paragraph: voz-a-palo-natural``) explains
that element; the catalogs carry it as an extracted comment, so that a
translator reads what the author wrote beside the text.
"""

from __future__ import annotations

from pathlib import Path

from build_tools.document import Document


def element_comments(document: Document) -> dict[str, str]:
    """``{element id: comment}`` for each element with a comment block directly
    above it; rules (lines of dashes or equals signs) are left out.

    The document's own comment (the file's header) describes the whole source
    and its extraction, not its title, and is not repeated in every catalog.
    """
    try:
        lines = Path(document.path).read_text(encoding="utf-8").splitlines()
    except OSError:
        return {}
    out: dict[str, str] = {}
    for element in document.elements():
        text = comment_above(lines, element.pos.line)
        if text:
            out[element.id] = text
    return out


def comment_above(lines: list[str], line: int) -> str:
    """The comment block ending on the line above ``line`` (1-based), its ``#``
    markers removed and its lines joined as the author wrapped them.

    >>> comment_above(["# one", "  # two", "- id: x"], 3)
    'one\\ntwo'
    >>> comment_above(["# one", "", "- id: x"], 3)
    ''
    """
    found: list[str] = []
    n = line - 2
    while 0 <= n < len(lines) and lines[n].lstrip().startswith("#"):
        text = lines[n].lstrip()[1:].strip()
        if text and set(text) - set("-=#* "):
            found.append(text)
        n -= 1
    return "\n".join(reversed(found))
