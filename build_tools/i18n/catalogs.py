"""Reading, writing and updating the catalogs of a document."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import write_po

from build_tools.document import Document
from build_tools.files import write_if_changed
from build_tools.i18n.pofile import PoFile, parse_po
from build_tools.loader import display_path, read_limited


def catalog_path(translations: Path, language: str, document_id: str) -> Path:
    return translations / language / "LC_MESSAGES" / f"{document_id}.po"


def new_catalog(language: str, domain: str) -> Catalog:
    """An empty catalog for ``domain`` in ``language``, with a header that says
    what its keys are."""
    return Catalog(
        locale=language or None,
        domain=domain,
        project=domain,
        version="1",
        msgid_bugs_address="",
        fuzzy=False,
        header_comment=f"# {domain}: translation into {language}.\n"
        "# msgctxt is the stable id of the element; msgid its text in the original language.",
    )


def extract(document: Document, language: str | None = None) -> Catalog:
    """A catalog of every translatable text of ``document``, in document order."""
    catalog = new_catalog(language or "", document.id)
    for message in document.messages():
        # The file without a line: the msgctxt names the element, and a line
        # number would change every entry below an edit in every catalog.
        # (Babel writes a location whose line is None as the file alone; its
        # annotations ask for an int.)
        location: Any = (document.path, None)
        _as_plain_text(catalog.add(message.text, "", locations=[location], context=message.context))
    return catalog


#: Flags Babel infers from the look of a text: a document's text is plain text
#: with its own markup ('{auction}`1♣`' is no Python format string), so msgfmt
#: must not check it as one. Interface strings (no msgctxt) keep theirs.
_FORMAT_FLAGS = ("python-format", "python-brace-format")


def _as_plain_text(message: Message | None) -> None:
    if message is not None and message.context:
        for flag in _FORMAT_FLAGS:
            message.flags.discard(flag)


def read_po_file(path: Path) -> PoFile:
    """Read a ``.po`` file strictly (see :mod:`build_tools.i18n.pofile`), keeping
    where each entry is written; every problem is a diagnostic at its line and column."""
    shown = display_path(path)
    return parse_po(read_limited(path, shown, "catalog"), shown)


def read_catalog(path: Path) -> Catalog:
    """Read a ``.po`` file; any problem in it raises one :class:`DiagnosticError`
    naming file, line and column of each."""
    return read_po_file(path).catalog


def update(existing: Catalog, template: Catalog) -> tuple[Catalog, int, int]:
    """Merge ``template`` (freshly extracted) into ``existing``, matching by context.

    A translation is kept when its context still exists; when the source text
    changed it is marked fuzzy and keeps the old source as ``#| msgid``. A
    translation whose element is gone is not lost, as with GNU msgmerge: an
    element renamed with its text unchanged takes it over (fuzzy, for the
    translator to confirm), and the rest stay in the file as obsolete ``#~``
    entries, never published, revived if their element comes back. Returns the
    new catalog and the counts of (new, newly fuzzy) entries.
    """
    by_key = {_key(m): m for m in existing if m.id}
    retired = {_key(m): m for m in existing.obsolete.values() if m.id}
    current = {_key(m) for m in template if m.id}
    # Translations whose element is gone; by source text, where a renamed element finds its own.
    gone = [m for key, m in (*by_key.items(), *retired.items())
            if key not in current and str(m.string or "").strip()]
    orphans: dict[str, Message] = {}
    for message in gone:
        orphans.setdefault(str(message.id), message)
    merged = new_catalog(existing.locale_identifier or "", template.domain or "")
    # The translators' header (team, last translator, plural forms) is theirs.
    merged.header_comment = existing.header_comment
    merged.mime_headers = existing.mime_headers
    merged.project, merged.version = template.project, "1"
    added = fuzzied = 0
    adopted: set[int] = set()
    for message in template:
        if not message.id:
            continue
        old = by_key.get(_key(message)) or retired.get(_key(message))
        flags: set[str] = set()
        previous_id: str | list[str] | tuple[str, ...] = ()
        string = ""
        if old is None and message.context and str(message.id) in orphans:
            # The same text under a new id: the element was renamed.
            renamed = orphans.pop(str(message.id))
            adopted.add(id(renamed))
            string = str(renamed.string or "")
            flags.add("fuzzy")
            fuzzied += 1
        elif old is None:
            added += 1
        else:
            string = str(old.string or "")
            if old.fuzzy:
                flags.add("fuzzy")
                previous_id = old.previous_id
            if old.id != message.id:
                if string and not old.fuzzy:
                    flags.add("fuzzy")
                    fuzzied += 1
                # The previous text is the one the translation was made from:
                # an entry already fuzzy keeps the previous text it had. With
                # no translation there is nothing to compare it with.
                if not previous_id and string:
                    previous_id = old.id
        _as_plain_text(merged.add(
            message.id,
            string,
            locations=message.locations,
            flags=flags,
            context=message.context,
            previous_id=previous_id,
            auto_comments=message.auto_comments,
            user_comments=old.user_comments if old is not None else (),
        ))
    for message in gone:
        if id(message) not in adopted:
            merged.obsolete[_babel_key(message)] = Message(
                message.id, message.string, flags=message.flags, context=message.context,
                user_comments=message.user_comments,
            )
    return merged, added, fuzzied


def _babel_key(message: Message) -> str | tuple[str, str]:
    # How Babel keys a catalog's obsolete messages.
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return msgid if message.context is None else (msgid, message.context)


def _key(message: Message) -> tuple[str, ...]:
    # Document texts are keyed by their element id; interface strings have no
    # context and are keyed by their text, as gettext does.
    return (message.context,) if message.context else ("", str(message.id))


def catalog_bytes(catalog: Catalog) -> bytes:
    """The ``.po`` file of ``catalog``, exactly as :func:`write_catalog` writes it."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=76, include_previous=True, sort_output=False)
    return _escape_controls(_without_dates(buffer.getvalue()))


def write_catalog(catalog: Catalog, path: Path) -> bool:
    """Write ``catalog`` to ``path`` atomically; returns whether the file changed
    (a run that changes no message leaves the file alone)."""
    return write_if_changed(path, catalog_bytes(catalog))


def _escape_controls(data: bytes) -> bytes:
    # Babel escapes only \t, \r and \n; the other control characters a text can
    # hold (read from \a, \b, \f, \v) would be written raw, which no reader takes.
    # They can only be inside strings: comments and keywords hold none.
    for char, escape in ((b"\a", b"\\a"), (b"\b", b"\\b"), (b"\f", b"\\f"), (b"\v", b"\\v")):
        data = data.replace(char, escape)
    return data


def _without_dates(data: bytes) -> bytes:
    # POT-Creation-Date and PO-Revision-Date change on every write and would make
    # every update a diff; version control already records when a catalog changed.
    # Only the header's lines: a text may well hold a line that begins the same way.
    header, blank, rest = data.partition(b"\n\n")
    kept = b"\n".join(
        line for line in header.split(b"\n")
        if not line.startswith((b'"POT-Creation-Date:', b'"PO-Revision-Date:'))
    )
    return kept + blank + rest
