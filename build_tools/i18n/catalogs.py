"""Reading, extracting and merging the catalogs of a document.

Catalogs are written by polib, laid out by GNU ``msgcat`` and merged by GNU
``msgmerge``, the reference implementation of the PO format: a changed text
becomes fuzzy with its previous text as ``#| msgid``, an element renamed with its
text unchanged keeps its translation and state, a text that moved or was renamed
and reworded is found by msgmerge's fuzzy matching, and the translation of a
text that is gone stays as an obsolete ``#~`` entry (revived if the text comes
back). So every catalog opens in msgfmt, polib, Poedit and Weblate as it opens
here, in the one layout msgcat writes at :data:`WIDTH`.

The build reads catalogs with the strict reader of :mod:`build_tools.i18n.pofile`,
which reports every problem at its line and column.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import textwrap
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import polib
from babel.messages.catalog import Catalog

from build_tools.diagnostics import Diagnostic, DiagnosticError
from build_tools.document import Document
from build_tools.files import write_if_changed
from build_tools.i18n.comments import element_comments
from build_tools.i18n.pofile import PoFile, parse_po
from build_tools.loader import display_path, read_limited

#: The catalogs' one layout is what GNU ``msgcat --width=79`` writes (msgcat's
#: and msgmerge's default; Weblate's "77 characters", which count the text
#: between the quotes, and Poedit's "79"): the writer's output goes through
#: msgcat, and ``handbook i18n normalize`` restores a file another tool saved.
WIDTH = 79
#: Extracted comments (``#.``) are wrapped narrower, at most this many columns a
#: line: msgcat keeps comment lines as they are, and polib re-flows any line
#: longer than its width (78 by default); lines this short no tool re-flows.
COMMENT_WIDTH = 76


def catalog_path(translations: Path, language: str, document_id: str) -> Path:
    return translations / language / "LC_MESSAGES" / f"{document_id}.po"


def new_catalog(language: str, domain: str) -> polib.POFile:
    """An empty catalog for ``domain`` in ``language``, with a header that says
    what its keys are and that ``msgfmt --check-header`` accepts."""
    po = polib.POFile(wrapwidth=WIDTH, check_for_duplicates=True)
    po.header = (f"{domain}: translation into {language}.\n"
                 "msgctxt is the stable id of the element; msgid its text in the original language.")
    po.metadata = {
        "Project-Id-Version": domain,
        "Report-Msgid-Bugs-To": "",
        "PO-Revision-Date": "2026-11-30 00:00+0000",
        "Last-Translator": f"bridge handbook translators ({language})",
        "Language-Team": language,
        "Language": language,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
    }
    if language:  # as msginit writes it: the language's plural rule, from CLDR (Babel)
        from babel.messages.plurals import get_plural

        po.metadata["Plural-Forms"] = str(get_plural(language))
    return po


def extract(document: Document, language: str, pivot: Catalog | None = None) -> polib.POFile:
    """The template of ``document``'s catalog for ``language``: every text, in
    document order, with what helps a translator as extracted comments: the
    author's YAML comment beside the element and, in every language but English,
    the English translation (``#. en: ...``); where the English of the text is
    fuzzy or missing, the English of the element's previous text, marked as
    such (``#. en (previous): ...``), so that the pivot is there when the text
    changes."""
    po = new_catalog(language, document.id)
    comments = element_comments(document)
    # The document as its folder names it ("source/pzbs-alert-rules.yaml"),
    # wherever the folder is: a copy of the sources elsewhere (--source) is the
    # same document and rewrites no catalog.
    where = source_location(document.path)
    pivots = _Pivots(pivot, document) if pivot is not None and language != "en" else None
    for message in document.messages():
        notes = []
        # An element's comment goes with its first text (a table's with its first cell).
        element = message.context.partition(".")[0]
        if element in comments:
            notes.append(comments.pop(element))
        if pivots is not None:
            notes.extend(pivots.note(message.context, message.text))
        # The file without a line: the msgctxt names the element, and a line
        # number would change every entry below an edit in every catalog.
        po.append(polib.POEntry(
            msgctxt=message.context, msgid=message.text, msgstr="",
            occurrences=[(where, "")], comment="\n".join(notes),
        ))
    return po


def source_location(path: str) -> str:
    """A document's file as the catalogs' ``#:`` lines name it: its folder's
    name and its own, whatever the way to that folder.

    >>> source_location("/tmp/copy/source/aeb.yaml"), source_location("source/aeb.yaml")
    ('source/aeb.yaml', 'source/aeb.yaml')
    """
    file = Path(path).resolve() if path else Path()
    return f"{file.parent.name}/{file.name}" if path else ""


class _Pivots:
    """The English translations of a document, as pivots for the other languages."""

    def __init__(self, catalog: Catalog, document: Document) -> None:
        from build_tools.i18n.translate import published

        contexts = {m.context for m in document.messages()}
        self.current: dict[tuple[str, str], str] = {}
        self.previous: dict[str, list[tuple[str, str]]] = {}  # context: [(its text then, English)]
        renamed: dict[str, list[str]] = {}  # text: English of elements no longer in the document
        for message in catalog:
            if not message.id or not message.context or not isinstance(message.id, str):
                continue
            text = published(message)
            if text is not None:
                self.current[message.context, message.id] = _one_line(text)
                if message.context not in contexts:
                    renamed.setdefault(message.id, []).append(_one_line(text))
            if isinstance(message.string, str) and message.string.strip():
                self.previous.setdefault(message.context, []).append((message.id, _one_line(message.string)))
        self.renamed = {text: found[0] for text, found in renamed.items() if len(found) == 1}

    def note(self, context: str, text: str) -> list[str]:
        if (context, text) in self.current:
            return ["en: " + self.current[context, text]]
        if context not in self.previous and text in self.renamed:
            return ["en: " + self.renamed[text]]  # the element renamed, its text the same
        # The English entry of this very text (fuzzy: made from the previous
        # text) before any other of the element's.
        earlier = sorted(self.previous.get(context, []), key=lambda pair: pair[0] != text)
        return ["en (previous): " + earlier[0][1]] if earlier else []


def _one_line(text: str) -> str:
    return " ".join(text.split())


def read_po_file(path: Path) -> PoFile:
    """Read a ``.po`` file strictly (see :mod:`build_tools.i18n.pofile`), keeping
    where each entry is written; every problem is a diagnostic at its line and column."""
    shown = display_path(path)
    return parse_po(read_limited(path, shown, "catalog"), shown)


def read_catalog(path: Path) -> Catalog:
    """Read a ``.po`` file; any problem in it raises one :class:`DiagnosticError`
    naming file, line and column of each."""
    return read_po_file(path).catalog


@dataclass(frozen=True)
class Merge:
    """The catalog ``update`` would write, and what changed in it."""

    data: bytes
    added: int
    fuzzied: int
    obsolete: int


def update(path: Path, template: polib.POFile, language: str) -> Merge:
    """Merge ``template`` into the catalog at ``path`` (a new catalog if there is none).

    GNU msgmerge does the merge. Two steps come before it, because the handbook
    keys a text by its element: an element renamed with its text unchanged
    takes its translation and state along, and an element whose text changed
    keeps its translation as fuzzy with the previous text, even where the two
    texts are too unlike for msgmerge's fuzzy matching (a table cell "3 ч"
    becoming "3 б").
    """
    if not path.exists():
        # A new catalog goes through msgmerge too, so that it is written (its
        # header's Plural-Forms wrapped) as every later update writes it.
        existing = new_catalog(language, template.metadata["Project-Id-Version"])
    else:
        existing = load_for_merge(path)
    before = {(e.msgctxt, e.msgid): "fuzzy" in e.flags for e in existing if not e.obsolete}
    _carry_renamed_elements(existing, template)
    _carry_changed_texts(existing, template)
    with tempfile.TemporaryDirectory(prefix="handbook-merge-") as tmp:
        old, ref, out = Path(tmp, "old.po"), Path(tmp, "template.pot"), Path(tmp, "new.po")
        old.write_bytes(catalog_bytes(existing))
        ref.write_bytes(catalog_bytes(template))
        args = ("--quiet", "--force-po", "--previous", f"--width={WIDTH}", f"--lang={language}")
        _gettext("msgmerge", *args, str(old), str(ref), "-o", str(out), shown=display_path(path))
        data, changed = _obsolete_as_made(out.read_bytes())
        if changed:  # once more, for msgmerge's own wrapping of what was rewritten
            old.write_bytes(data)
            _gettext("msgmerge", *args, str(old), str(ref), "-o", str(out), shown=display_path(path))
            data = out.read_bytes()
    merged = polib.pofile(data.decode("utf-8"), wrapwidth=WIDTH)
    if _made_from_this_text(merged):
        data = catalog_bytes(merged)
    current = [e for e in merged if not e.obsolete]
    added = sum(1 for e in current if (e.msgctxt, e.msgid) not in before and not e.msgstr)
    fuzzied = sum(1 for e in current if "fuzzy" in e.flags and before.get((e.msgctxt, e.msgid)) is not True)
    obsolete = len(merged.obsolete_entries())
    return Merge(data, added, fuzzied, obsolete)


def _made_from_this_text(po: polib.POFile) -> bool:
    """Fuzzy entries whose translation was made from the very text they now
    have (a source reverted to its old text) are translated again: the
    previous text equals the current one, there is nothing to review.
    Returns whether one was found."""
    found = False
    for entry in po:
        if entry.obsolete or "fuzzy" not in entry.flags or entry.previous_msgid is None:
            continue
        if (entry.previous_msgid, entry.previous_msgid_plural) == (entry.msgid, entry.msgid_plural or None) \
                and entry.previous_msgctxt in (None, entry.msgctxt):
            entry.flags.remove("fuzzy")
            entry.previous_msgctxt = entry.previous_msgid = entry.previous_msgid_plural = None
            found = True
    return found


def load_for_merge(path: Path) -> polib.POFile:
    """The catalog at ``path`` as polib reads it, after the strict reader has
    accepted it (a broken catalog is reported at its line, not by a tool) and
    GNU msgcat has written it in the canonical form every tool reads (polib
    refuses some comments msgfmt takes, such as ``#.note`` without a space)."""
    read_po_file(path)
    data = normalized(path.read_bytes(), display_path(path))
    return polib.pofile(data.decode("utf-8"), wrapwidth=WIDTH)


def _carry_renamed_elements(existing: polib.POFile, template: polib.POFile) -> None:
    """Give an element renamed with its text unchanged (``voz-a-palo-natural``
    become ``voz-a-palo-es-natural``) its translation and its state: the text is
    the one translated, and nothing asks for a review (msgmerge would have
    matched it fuzzy, the contexts differing)."""
    contexts = {e.msgctxt for e in template}
    have = {e.msgctxt for e in existing if not e.obsolete}
    gone: dict[str, list[polib.POEntry]] = {}
    for entry in existing:
        if not entry.obsolete and entry.msgctxt and entry.msgctxt not in contexts and entry.msgstr.strip():
            gone.setdefault(entry.msgid, []).append(entry)
    new: dict[str, list[str]] = {}
    for entry in template:
        if entry.msgctxt and entry.msgctxt not in have:
            new.setdefault(entry.msgid, []).append(entry.msgctxt)
    for text, entries in gone.items():
        # Only where the text tells which element became which: once gone, once new.
        if len(entries) == 1 and len(new.get(text, ())) == 1:
            entries[0].msgctxt = new[text][0]


def _carry_changed_texts(existing: polib.POFile, template: polib.POFile) -> None:
    """Move the translation of an element whose text changed onto the new
    text, fuzzy, keeping the text it was made from as its previous text."""
    wanted = {(e.msgctxt, e.msgid) for e in template}
    texts: dict[str | None, list[str]] = {}
    for entry in template:
        texts.setdefault(entry.msgctxt, []).append(entry.msgid)
    have = {(e.msgctxt, e.msgid) for e in existing if not e.obsolete}
    contexts = Counter(e.msgctxt for e in existing if not e.obsolete)
    for entry in existing:
        if entry.obsolete or not entry.msgctxt or (entry.msgctxt, entry.msgid) in wanted:
            continue
        new = texts.get(entry.msgctxt, [])
        # Only where the element has one text, then and now (a table's cells share
        # the table's id), and only a translation is worth carrying.
        if len(new) != 1 or contexts[entry.msgctxt] != 1 or (entry.msgctxt, new[0]) in have:
            continue
        if not entry.msgstr.strip():
            continue
        if "fuzzy" not in entry.flags:
            entry.flags.append("fuzzy")
            entry.previous_msgctxt, entry.previous_msgid = entry.msgctxt, entry.msgid
        elif not entry.previous_msgid:
            # Already fuzzy: the text it was made from is the one to show.
            entry.previous_msgctxt, entry.previous_msgid = entry.msgctxt, entry.msgid
        entry.msgid = new[0]


def _obsolete_as_made(data: bytes) -> tuple[bytes, bool]:
    """Obsolete entries that were fuzzy keep the text their translation was made
    from, as an ordinary (not fuzzy) obsolete entry.

    msgmerge writes such an entry with its previous text (``#~| msgid``) but
    drops those lines when it merges the file again, and polib cannot read
    them: kept as the pair (source, translation) it was made of, the entry
    reads the same in every tool and comes back fuzzy against that very text.
    """
    blocks = data.decode("utf-8").split("\n\n")
    keys = {_obsolete_key(block.split("\n")) for block in blocks if "\n#~ msgid" in "\n" + block}
    changed = False
    out: list[str] = []
    for block in blocks:
        lines = block.split("\n")
        previous = ["#~ " + line[4:] for line in lines if line.startswith("#~| ")]
        if not previous:
            out.append(block)
            continue
        changed = True
        rest = [line for line in lines if not line.startswith("#~| ")]
        start = next(i for i, line in enumerate(rest) if line.startswith(("#~ msgctxt", "#~ msgid")))
        end = next(i for i, line in enumerate(rest) if line.startswith("#~ msgstr"))
        if not any(line.startswith("#~ msgctxt") for line in previous):
            previous = [line for line in rest[start:end] if line.startswith("#~ msgctxt")][:1] + previous
        flags = [line for line in rest[:start] if line.startswith("#,")]
        others = [line for line in rest[:start] if not line.startswith("#,")]
        kept_flags = [f for f in (flag.strip() for line in flags for flag in line[2:].split(",")) if f != "fuzzy"]
        key = _obsolete_key(previous)
        if key in keys:  # the very pair is already kept
            continue
        keys.add(key)
        out.append("\n".join(others + ([f"#, {', '.join(kept_flags)}"] if kept_flags else []) + previous + rest[end:]))
    return "\n\n".join(out).encode("utf-8"), changed


def _obsolete_key(lines: list[str]) -> str:
    # The context and text of an obsolete entry, however its lines are wrapped.
    key, field = [], ""
    for line in lines:
        body = line[3:] if line.startswith("#~ ") else None
        if body is None or body.startswith("msgstr"):
            continue
        if not body.startswith('"'):
            field, _, body = body.partition(" ")
            key.append(f"\0{field}\0")
        key.append(body.strip()[1:-1])
    return "".join(key)


def _gettext(tool: str, *args: str, shown: str) -> None:
    if shutil.which(tool) is None:
        raise DiagnosticError([Diagnostic(shown, 0, 0, f"{tool} not found: install GNU gettext "
                                          "(Debian package 'gettext'; `make i18n-update` installs it as root)")])
    proc = subprocess.run([tool, *args], capture_output=True, text=True)
    if proc.returncode:
        message = " ".join(proc.stderr.split()) or f"{tool} exited with {proc.returncode}"
        raise DiagnosticError([Diagnostic(shown, 0, 0, f"{tool}: {message}")])


def catalog_bytes(po: polib.POFile) -> bytes:
    """The ``.po`` file of ``po`` as UTF-8, in the catalogs' one layout: what
    GNU msgcat writes at :data:`WIDTH` (Chinese wrapped as msgcat wraps it),
    extracted comments wrapped at :data:`COMMENT_WIDTH`."""
    po.wrapwidth = WIDTH
    for entry in po:
        entry.comment = _wrap_comment(entry.comment)
    text = str(po)
    # polib 1.2 writes a bell (\a) raw, which no reader takes; msgcat writes
    # it, and every other control character a text holds, as its escape.
    return normalized((text if text.endswith("\n") else text + "\n").encode("utf-8"))


def _wrap_comment(comment: str) -> str:
    # Each line as written (an author's comment keeps its lines), wrapped at
    # blanks only: a call such as 1♣-1/2ST is never cut at its hyphen.
    lines = []
    for line in comment.split("\n"):
        lines.extend(textwrap.wrap(line, COMMENT_WIDTH - 3, break_long_words=False, break_on_hyphens=False)
                     or [line])
    # A backslash ending a line joins the next line to it in GNU gettext (the
    # entry's msgctxt would become comment): a blank after it keeps it a character.
    return "\n".join(line + " " if line.endswith("\\") else line for line in lines)


def normalized(data: bytes, shown: str = "catalog") -> bytes:
    """The catalog ``data`` as GNU msgcat writes it at :data:`WIDTH`: the one
    layout every catalog is kept in (see ``handbook i18n normalize``)."""
    with tempfile.TemporaryDirectory(prefix="handbook-normalize-") as tmp:
        given, out = Path(tmp, "given.po"), Path(tmp, "normalized.po")
        # The reader skips a byte order mark; GNU gettext takes it for text.
        given.write_bytes(data.removeprefix(b"\xef\xbb\xbf"))
        _gettext("msgcat", "--force-po", f"--width={WIDTH}", "--use-first", str(given), "-o", str(out), shown=shown)
        return out.read_bytes()


def layout_problem(path: Path) -> tuple[int, str] | None:
    """Where and how the catalog at ``path`` differs from its normalized form
    (``None`` when it is normalized): the first line that differs, and why."""
    data = path.read_bytes()
    canonical = normalized(data, display_path(path))
    if data == canonical:
        return None
    if data.startswith(b"\xef\xbb\xbf"):
        return 1, "a byte order mark"
    if b"\r\n" in data:
        return data[: data.index(b"\r\n")].count(b"\n") + 1, "CRLF line ends"
    written, wanted = data.split(b"\n"), canonical.split(b"\n")
    line = next((n for n, (a, b) in enumerate(zip(written, wanted, strict=False), start=1) if a != b),
                min(len(written), len(wanted)))
    return line, f"laid out otherwise than msgcat --width={WIDTH} writes it"


def write_catalog(data: bytes, path: Path) -> bool:
    """Write a catalog's bytes to ``path`` atomically; returns whether the file
    changed (a run that changes no message leaves the file alone)."""
    return write_if_changed(path, data)
