"""Fidelity of each document to its original: every sentence of the source,
after the artefact fixes its module documents, appears in the document's text.

One module per document, named after its id (hyphens as underscores), with:

* ``DOCUMENT``: the document id; ``ORIGINAL``: the file in ``tests/fixtures/originals/``;
* ``sentences(original) -> list[str]``: the original after the documented
  artefact fixes, as the sentences (or pieces) that must each appear verbatim;
* optionally ``check_structure(document)``: assertions about what sentences
  cannot prove (diagrams, tables, numbering), raising ``AssertionError``.

The document side is :func:`document_text`: every translatable text as the
reader sees it, markup removed, whitespace collapsed.
"""

from __future__ import annotations

import importlib
import itertools
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

from build_tools.document import Block, Document, Point, _elements
from build_tools.markup import plain

ORIGINALS = Path(__file__).resolve().parent.parent / "fixtures" / "originals"

__all__ = ["ORIGINALS", "descendants", "document_text", "missing_sentences", "modules", "plain", "split_sentences"]


def modules() -> list[ModuleType]:
    """Every document's fidelity module, by document id."""
    found = [
        importlib.import_module(f"{__name__}.{info.name}")
        for info in pkgutil.iter_modules([str(Path(__file__).parent)])
    ]
    return sorted((m for m in found if hasattr(m, "DOCUMENT")), key=lambda m: str(m.DOCUMENT))


def document_text(document: Document) -> str:
    return "\n".join(plain(message.text) for message in document.messages(every_cell=True))


def descendants(node: Block | Point) -> Iterator[Block | Point]:
    """Every block and point below ``node`` (not ``node`` itself), in document
    order: :meth:`Document.elements` for one block or point."""
    return itertools.islice(_elements(node), 1, None)


def split_sentences(text: str, ends: str = ".;!?") -> list[str]:
    """Sentences of ``text``: split after any of ``ends`` followed by white
    space, whitespace collapsed, empty pieces dropped.

    >>> split_sentences("One. Two;  three\\nfour? ")
    ['One.', 'Two;', 'three four?']
    """
    pattern = re.compile(rf"(?<=[{re.escape(ends)}])\s+")
    return [s for s in (" ".join(p.split()) for p in pattern.split(text)) if s]


def missing_sentences(document: Document, sentences: list[str]) -> list[str]:
    """The sentences that do not appear in the document's text in the original's
    order: each is looked for after the previous one found.

    Looking anywhere would let a short sentence that occurs elsewhere ("или"
    stands 16 times in the Russian notes) vouch for one that was lost, and an
    added editorial text could do the same for any sentence it quotes.
    """
    corpus = document_text(document)
    missing = []
    cursor = 0
    for sentence in sentences:
        wanted = " ".join(sentence.split())
        found = corpus.find(wanted, cursor)
        if found < 0:
            missing.append(wanted)
        else:
            cursor = found + len(wanted)
    return missing
