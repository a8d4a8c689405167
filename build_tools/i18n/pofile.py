"""A strict reader of gettext ``.po`` files.

Babel's reader forgives too much for files that translators edit by hand: it
reads ``msgstr "Regulamin`` (no closing quote) as ``Regulami``, keeps the last of
two entries with the same key, and follows whatever charset the header names.
This reader accepts only well-formed catalogs and reports every problem it finds
at its line and column; what it accepts it reads as Babel would (the catalog it
returns is a Babel :class:`~babel.messages.catalog.Catalog`).

The grammar, line by line (blank lines are ignored)::

    # comment        #. extracted    #: locations    #, flags
    #| msgid "previous text"         (also msgctxt, msgid_plural)
    msgctxt "..."    msgid "..."     msgid_plural "..."
    msgstr "..."     msgstr[N] "..."
    "continuation of the string above"
    #~ msgid "..."   (an obsolete entry: any keyword or string line after #~)

A string is ``"..."`` on one line, with the escapes ``\\\\ \\" \\n \\t \\r`` (the ones
every PO tool reads alike); an entry is ``[msgctxt] msgid [msgid_plural] msgstr`` (``msgstr[0]``,
``msgstr[1]``, ... after ``msgid_plural``). The file is UTF-8 (a byte order mark
is skipped) and its header, the first entry (``msgid ""``), says so if it names a
charset at all.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import cast

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import _extract_locations

from build_tools.diagnostics import Diagnostic, DiagnosticError

SYNTAX = "catalog syntax: "

# The escapes every PO tool reads alike (polib reads no others: \a, \b, \f and
# \v would change meaning on the next `i18n update`); a handbook text needs none.
_ESCAPES = {"\\": "\\", '"': '"', "n": "\n", "t": "\t", "r": "\r"}
_KEYWORD = re.compile(r"msgctxt|msgid_plural|msgid|msgstr(?:\[(\d{1,4})\])?")
_PREVIOUS_KEYWORDS = ("msgctxt", "msgid", "msgid_plural")
# A well-formed string ending its line: most lines are, and need no closer look.
_GOOD_STRING = re.compile(r'"((?:[^"\\\x00-\x08\x0a-\x1f\x7f]|\\[\\"ntr])*)"[ \t]*\Z')
_ESCAPE = re.compile(r'\\(.)')
_GOOD_LINE = re.compile(r'[ \t]*(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d{1,4})\])?)?[ \t]*'
                        + _GOOD_STRING.pattern)
# Characters no line may hold raw (a tab may; a carriage return only ending the line).
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_BOM = b"\xef\xbb\xbf"
_HEADER_NAME = re.compile(r"[!-9;-~]+")  # as in e-mail: printable ASCII but ':'

_BLANK = " \t"


@dataclass(frozen=True, slots=True)
class Segment:
    """One quoted string: the column of its opening quote, the text between the
    quotes as written, and what it means."""

    line: int
    column: int
    raw: str
    text: str


@dataclass(slots=True)
class Field:
    """A keyword with its strings: ``msgstr "a"`` and the ``"b"`` lines after it."""

    keyword: str  # msgctxt, msgid, msgid_plural, msgstr (also for msgstr[N])
    index: int | None  # N of msgstr[N]
    line: int
    column: int
    obsolete: bool
    segments: list[Segment] = field(default_factory=list)
    malformed: bool = False  # one of its strings was not read (and was reported)

    @property
    def text(self) -> str:
        return "".join(s.text for s in self.segments)

    @property
    def name(self) -> str:
        return self.keyword if self.index is None else f"{self.keyword}[{self.index}]"

    def position(self, offset: int) -> tuple[int, int]:
        """Line and column of character ``offset`` of :attr:`text` (the keyword's
        own position when there is no such character).

        >>> f = Field("msgstr", None, 3, 1, False, [Segment(3, 8, 'a\\\\"b', 'a"b')])
        >>> f.position(2)
        (3, 12)
        """
        for segment in self.segments:
            if offset < len(segment.text):
                column = segment.column + 1
                raw = 0
                for _ in range(offset):
                    step = 2 if segment.raw[raw] == "\\" else 1
                    raw += step
                    column += step
                return segment.line, column
            offset -= len(segment.text)
        return self.line, self.column


@dataclass(slots=True)
class Entry:
    """One entry of the file, as written: its comments and its fields."""

    comments: list[tuple[int, str]]
    previous: list[Field]
    obsolete: bool
    fields: list[Field] = field(default_factory=list)
    damaged: bool = False  # an error was reported inside it: no further ones about it

    @property
    def line(self) -> int:
        return self.fields[0].line

    @property
    def column(self) -> int:
        return self.fields[0].column

    def get(self, keyword: str) -> Field | None:
        for found in self.fields:
            if found.keyword == keyword:
                return found
        return None

    @property
    def context(self) -> str | None:
        found = self.get("msgctxt")
        return None if found is None else found.text

    @property
    def msgid(self) -> str:
        found = self.get("msgid")
        return "" if found is None else found.text

    @property
    def translations(self) -> list[Field]:
        return [f for f in self.fields if f.keyword == "msgstr"]

    @property
    def complete(self) -> bool:
        return self.fields[-1].keyword == "msgstr"

    @property
    def span(self) -> tuple[int, int]:
        """The first and last line of the entry, its comments included."""
        lines = [line for line, _ in self.comments] + [f.line for f in self.previous + self.fields]
        lines += [segment.line for f in self.previous + self.fields for segment in f.segments]
        return min(lines), max(lines)

    @property
    def is_header(self) -> bool:
        return self.get("msgctxt") is None and self.msgid == "" and not self.obsolete


@dataclass(frozen=True, slots=True)
class PoFile:
    """A catalog read by :func:`parse_po`, with where each entry is written
    (``entries`` excludes the header)."""

    catalog: Catalog
    entries: tuple[Entry, ...]
    #: What was wrong with the file, when it was read with ``partial``: the
    #: entries these lines fall in are left out of :attr:`catalog`.
    problems: tuple[Diagnostic, ...] = ()


# Lexing: one token per line.


@dataclass(frozen=True, slots=True)
class _Comment:
    line: int
    text: str  # from the '#', without trailing blanks


@dataclass(frozen=True, slots=True)
class _Keyword:
    field: Field
    segment: Segment | None  # None: the string was malformed (already reported)
    previous: bool


@dataclass(frozen=True, slots=True)
class _String:
    line: int
    column: int
    segment: Segment | None
    obsolete: bool
    previous: bool


_Token = _Comment | _Keyword | _String


class _Lexer:
    def __init__(self, shown: str) -> None:
        self.shown = shown
        self.problems: list[Diagnostic] = []

    def error(self, line: int, column: int, message: str) -> None:
        self.problems.append(Diagnostic(self.shown, line, column, message))

    def lines(self, data: bytes) -> Iterator[tuple[int, str]]:
        """The file's lines, decoded; bytes that are not UTF-8 are reported."""
        if data.startswith(_BOM):
            data = data[len(_BOM):]
        for number, raw in enumerate(data.split(b"\n"), start=1):
            if raw.endswith(b"\r"):
                raw = raw[:-1]
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                column = len(raw[: exc.start].decode("utf-8")) + 1
                self.error(number, column, f"not UTF-8: byte 0x{raw[exc.start]:02X} "
                           "(catalogs are UTF-8; save the file as UTF-8)")
                text = raw.decode("utf-8", errors="replace")
            yield number, text

    def token(self, line: int, text: str) -> _Token | None:
        good = _GOOD_LINE.match(text)
        if good is not None:
            keyword, index, raw = good.groups()
            meaning = _ESCAPE.sub(lambda m: _ESCAPES[m.group(1)], raw) if "\\" in raw else raw
            segment = Segment(line, good.start(3), raw, meaning)
            if keyword is None:
                return _String(line, good.start(3), segment, False, False)
            kind = "msgstr" if index is not None else keyword
            found = Field(kind, None if index is None else int(index), line, good.start(1) + 1, False)
            return _Keyword(found, segment, False)
        control = _CONTROL.search(text)
        if control is not None:
            char = control.group()
            self.error(line, control.start() + 1, SYNTAX + ("NUL byte" if char == "\0" else
                       f"control character U+{ord(char):04X} (write \\n, \\t, ... for the ones a text may hold)"))
            text = _CONTROL.sub("\ufffd", text)
        start = len(text) - len(text.lstrip(_BLANK))
        if start == len(text):
            return None
        if text[start] != "#":
            return self._statement(line, text, start, obsolete=False, previous=False)
        mark = text[start + 1: start + 2]
        if mark == "~":
            rest = start + 2
            previous = text[rest: rest + 1] == "|"
            rest += previous
            rest += len(text[rest:]) - len(text[rest:].lstrip(_BLANK))
            if rest == len(text):
                return None
            return self._statement(line, text, rest, obsolete=True, previous=previous)
        if mark == "|":
            rest = start + 2
            rest += len(text[rest:]) - len(text[rest:].lstrip(_BLANK))
            if rest == len(text):
                return None
            return self._statement(line, text, rest, obsolete=False, previous=True)
        if text.endswith("\\"):
            # GNU gettext reads a backslash ending a line as a line break to
            # skip: msgcat and msgmerge would join the next line (the entry's
            # msgctxt or msgid) to the comment, and the entry would lose it.
            self.error(line, len(text), SYNTAX + "a comment ending in '\\': GNU gettext joins the next line "
                       "to it (the entry would lose that line); remove the backslash or write text after it")
        return _Comment(line, text[start:].rstrip())

    def _statement(self, line: int, text: str, start: int, *, obsolete: bool, previous: bool) -> _Token | None:
        if text[start] == '"':
            segment = self._string(line, text, start)
            return _String(line, start + 1, segment, obsolete, previous)
        end = start
        while end < len(text) and text[end] not in ' \t"':
            end += 1
        word = text[start:end]
        match = _KEYWORD.fullmatch(word)
        if match is None or (previous and word not in _PREVIOUS_KEYWORDS):
            shown = word if len(word) <= 30 else word[:27] + "..."
            expected = ("a keyword (msgctxt, msgid, msgid_plural, msgstr, msgstr[N]) or a string"
                        if not previous else "msgctxt, msgid or msgid_plural after '#|'")
            self.error(line, start + 1, SYNTAX + f"expected {expected}, found '{shown}'")
            return None
        index = None if match.group(1) is None else int(match.group(1))
        keyword = "msgstr" if word.startswith("msgstr") else word
        token_field = Field(keyword, index, line, start + 1, obsolete)
        quote = end + len(text[end:]) - len(text[end:].lstrip(_BLANK))
        if quote == len(text) or text[quote] != '"':
            self.error(line, quote + 1, SYNTAX + f"{word} must be followed by a string in double quotes")
            return _Keyword(token_field, None, previous)
        return _Keyword(token_field, self._string(line, text, quote), previous)

    def _string(self, line: int, text: str, start: int) -> Segment | None:
        """The string whose opening quote is at ``text[start]``; it must end the line."""
        good_string = _GOOD_STRING.match(text, start)
        if good_string is not None:
            raw = good_string.group(1)
            meaning = _ESCAPE.sub(lambda m: _ESCAPES[m.group(1)], raw) if "\\" in raw else raw
            return Segment(line, start + 1, raw, meaning)
        out: list[str] = []
        good = True
        at = start + 1
        while at < len(text) and text[at] != '"':
            char = text[at]
            if char == "\\":
                escape = text[at + 1: at + 2]
                if escape in _ESCAPES and escape:
                    out.append(_ESCAPES[escape])
                elif escape:
                    good = False
                    self.error(line, at + 1, SYNTAX + f"invalid escape '\\{escape}' "
                               "(valid: \\\\ \\\" \\n \\t \\r)")
                else:
                    at = len(text)  # a backslash ending the line: the string is not closed
                    break
                at += 2
                continue
            out.append(char)
            at += 1
        if at >= len(text):
            self.error(line, start + 1, SYNTAX + "string not closed: the line ends before its closing '\"'")
            return None
        rest = text[at + 1:]
        after = rest.lstrip(_BLANK)
        if after:
            if after.startswith('"'):
                self.error(line, len(text) - len(after) + 1, SYNTAX + "a second string on the same line "
                           "(each string goes on a line of its own)")
            elif '"' in after:
                self.error(line, at + 1, SYNTAX + "'\"' inside a string must be written \\\"")
            else:
                shown = after if len(after) <= 30 else after[:27] + "..."
                self.error(line, len(text) - len(after) + 1, SYNTAX + f"text after the closing '\"': '{shown}'")
            return None
        return Segment(line, start + 1, text[start + 1: at], "".join(out)) if good else None


# Parsing: tokens into entries.


class _Parser:
    def __init__(self, lexer: _Lexer) -> None:
        self.lexer = lexer
        self.entries: list[Entry] = []
        self.comments: list[tuple[int, str]] = []
        self.previous: list[Field] = []
        self.current: Entry | None = None
        # An entry without msgstr whose fields a comment interrupted: the msgstr
        # may still follow the comment, which is then the one error.
        self.interrupted: tuple[Entry, int] | None = None
        self.target: Field | None = None  # the field that continuation strings extend
        self.previous_target: Field | None = None
        self.skipping = False  # after an error, until the next entry: its strings are ignored

    def error(self, line: int, column: int, message: str) -> None:
        self.lexer.error(line, column, SYNTAX + message)
        self.damage()

    def damage(self) -> None:
        """An error was reported inside the current entry (and so no \"missing
        msgstr\" is reported for it: the error is the cause)."""
        if self.current is not None:
            self.current.damaged = True
        if self.interrupted is not None:
            self.interrupted[0].damaged = True

    def feed(self, token: _Token) -> None:
        if isinstance(token, _Comment):
            self._comment(token)
        elif token.previous:
            self._previous(token)
        elif isinstance(token, _Keyword):
            self._keyword(token)
        else:
            self._string(token)

    def _comment(self, token: _Comment) -> None:
        if self.previous:
            # GNU gettext takes the '#|' lines as the last comments of an entry.
            self.error(token.line, 1, "comment after a '#|' line (the previous text comes last, "
                       "just before msgctxt or msgid)")
        self._break(token.line)
        self.comments.append((token.line, token.text))

    def _break(self, line: int) -> None:
        """A comment line (or '#|') ends a complete entry; one that interrupts an
        entry without msgstr is an error unless the msgstr follows it."""
        self._settle_interrupted()
        if self.current is not None:
            if self.current.complete:
                self._finish()
            else:
                self.interrupted = (self.current, line)
                self.current = None
        self.target = None
        self.previous_target = None
        self.skipping = False

    def _previous(self, token: _Keyword | _String) -> None:
        if isinstance(token, _String):
            if self.previous_target is None:
                self.error(token.line, token.column, "string without a keyword before it")
            elif token.segment is not None:
                self.previous_target.segments.append(token.segment)
            return
        self._break(token.field.line)
        if token.segment is not None:
            token.field.segments.append(token.segment)
        if any(f.keyword == token.field.keyword for f in self.previous):
            self.error(token.field.line, token.field.column, f"a second '#| {token.field.keyword}' "
                       "(an entry has one previous text)")
        self.previous.append(token.field)
        self.previous_target = token.field

    def _keyword(self, token: _Keyword) -> None:
        new = token.field
        if token.segment is not None:
            new.segments.append(token.segment)
        else:
            new.malformed = True
        if self.interrupted is not None:
            entry, comment_line = self.interrupted
            if new.keyword in ("msgid_plural", "msgstr") and new.obsolete == entry.obsolete:
                self.interrupted = None
                self.error(comment_line, 1, f"comment inside the entry at line {entry.line} "
                           "(comments go before its msgctxt or msgid)")
                self.current = entry
                self.comments, self.previous = [], []
            else:
                self._settle_interrupted()
        current = self.current
        self.target = self.previous_target = None
        self.skipping = True
        if current is not None and new.obsolete != current.obsolete and not (
            current.complete and new.keyword in ("msgctxt", "msgid")
        ):
            kind = "an obsolete '#~'" if new.obsolete else "a current (not '#~')"
            self.error(new.line, new.column, f"{kind} line inside the entry at line {current.line}")
            return
        if new.keyword in ("msgctxt", "msgid"):
            if current is not None:
                if current.complete:
                    self._finish()
                elif new.keyword == "msgid" and current.get("msgid") is None:
                    current.fields.append(new)
                    self.target, self.skipping = new, False
                    return
                else:
                    self._incomplete(current)
                    self.current = None
            if self.previous and not any(f.keyword == "msgid" for f in self.previous):
                self.error(self.previous[0].line, self.previous[0].column,
                           "a previous text ('#|') without its '#| msgid'")
            mixed = [f for f in self.previous if f.obsolete != new.obsolete]
            if mixed:
                # GNU gettext: "inconsistent use of #~"
                self.error(mixed[0].line, mixed[0].column, "a previous text ('#|' or '#~|') of another kind "
                           "than its entry: an obsolete entry takes '#~|', a current one '#|'")
            self.current = Entry(self.comments, self.previous, new.obsolete, [new])
            self.comments, self.previous = [], []
            self.target, self.skipping = new, False
            return
        if current is None or current.get("msgid") is None:
            what = "msgctxt and msgid" if current is None else "msgid"
            self.error(new.line, new.column, f"{new.name} without a {what} before it")
            return
        plural = current.get("msgid_plural")
        if new.keyword == "msgid_plural":
            if plural is not None:
                self.error(new.line, new.column, f"second msgid_plural (the first is at line {plural.line})")
            elif current.complete:
                self.error(new.line, new.column, "msgid_plural after msgstr (it goes right after msgid)")
            else:
                current.fields.append(new)
                self.target, self.skipping = new, False
            return
        done = current.translations
        if plural is None and new.index is not None:
            self.error(new.line, new.column, f"{new.name} without msgid_plural "
                       "(a message without plural forms has one msgstr)")
        elif plural is not None and new.index is None:
            self.error(new.line, new.column, "msgstr after msgid_plural "
                       "(the translations are msgstr[0], msgstr[1], ...)")
        elif plural is None and done:
            self.error(new.line, new.column, f"second msgstr: the entry at line {current.line} already has one "
                       "(each msgstr needs a msgid of its own)")
        elif new.index is not None and new.index != len(done):
            self.error(new.line, new.column, f"{new.name} where msgstr[{len(done)}] was expected")
        else:
            current.fields.append(new)
            self.target, self.skipping = new, False

    def _string(self, token: _String) -> None:
        if self.skipping:
            return
        if self.target is None:
            self.error(token.line, token.column, "string without a keyword before it")
            self.skipping = True
            return
        if token.obsolete != self.target.obsolete:
            kind = "an obsolete '#~'" if token.obsolete else "a current (not '#~')"
            self.error(token.line, token.column, f"{kind} string continuing the {self.target.name} "
                       f"at line {self.target.line}")
            self.skipping = True
            return
        if token.segment is not None:
            self.target.segments.append(token.segment)
        else:
            self.target.malformed = True

    def _settle_interrupted(self) -> None:
        if self.interrupted is not None:
            self._incomplete(self.interrupted[0])
            self.interrupted = None

    def _incomplete(self, entry: Entry) -> None:
        if entry.damaged:
            return
        msgid = entry.get("msgid")
        if msgid is None:
            self.error(entry.line, entry.column, "msgctxt without a msgid after it")
        else:
            self.error(msgid.line, msgid.column, f"missing msgstr for msgid '{shorten(msgid.text)}'")

    def _finish(self) -> None:
        if self.current is not None:
            self.entries.append(self.current)
        self.current = None

    def end(self) -> list[Entry]:
        self._settle_interrupted()
        if self.current is not None:
            if self.current.complete:
                self._finish()
            else:
                self._incomplete(self.current)
        if self.previous:
            self.error(self.previous[0].line, self.previous[0].column,
                       "a previous text ('#|') with no entry after it")
        return self.entries


def shorten(text: str, width: int = 40) -> str:
    """``text`` on one line, cut to ``width`` characters, for a diagnostic."""
    text = text.replace("\n", "\\n")
    return text if len(text) <= width else text[: width - 3] + "..."


# Checks of the entries as a whole, and the catalog.


def _check_entries(entries: list[Entry], lexer: _Lexer) -> None:
    first: dict[tuple[str | None, str], Entry] = {}
    for number, entry in enumerate(entries):
        if entry.obsolete or any(f.malformed for f in entry.fields if f.keyword in ("msgctxt", "msgid")):
            continue  # what its key is remains unknown
        key = (entry.context, entry.msgid)
        if key in first:
            if entry.is_header:
                what = 'msgid "" (the header)'
            elif entry.context is not None:
                what = f"msgctxt '{shorten(entry.context)}'"
            else:
                what = f"msgid '{shorten(entry.msgid)}'"
            lexer.error(entry.line, entry.column, f"duplicate entry: {what} is already at line {first[key].line}")
            continue
        first[key] = entry
        if entry.is_header and number > 0:
            lexer.error(entry.line, entry.column, 'the header (msgid "") must be the first entry; '
                        f"the entry at line {entries[0].line} comes before it")
        elif entry.msgid == "" and not entry.is_header:
            msgid = entry.get("msgid")
            assert msgid is not None
            lexer.error(msgid.line, msgid.column, 'empty msgid: only the header, the first entry, has msgid ""')


def _header_lines(value: Field) -> Iterator[tuple[int, str, str]]:
    """(offset, name, value) of each ``Name: value`` line of the header."""
    offset = 0
    for piece in value.text.split("\n"):
        if piece.strip():
            name, colon, rest = piece.partition(":")
            yield offset, (name.strip() if colon else ""), rest.strip()
        offset += len(piece) + 1


def _apply_header(catalog: Catalog, entry: Entry, lexer: _Lexer) -> None:
    """Set ``catalog``'s header from ``entry``, reporting what cannot be used."""
    catalog.header_comment = _header_comment(entry.comments)
    catalog.fuzzy = "fuzzy" in _flags(entry)
    value = entry.translations[0]
    for offset, name, text in _header_lines(value):
        line, column = value.position(offset)
        if not _HEADER_NAME.fullmatch(name):
            shown = value.text[offset:].split("\n", 1)[0]
            lexer.error(line, column, f"header line is not 'Name: value': '{shorten(shown)}'")
            continue
        problem = _header_problem(name.lower(), text)
        if problem is not None:
            at = value.text.find(problem[0], offset) if problem[0] else -1
            line, column = value.position(at) if at >= 0 else (line, column)
            lexer.error(line, column, problem[1])
            continue
        try:
            catalog.mime_headers = [(name, text)]
        except ValueError as exc:
            lexer.error(line, column, f"header {name}: {exc}")


def _header_problem(name: str, value: str) -> tuple[str, str] | None:
    """What is wrong with header ``name`` (lower case): the text to point at, and why."""
    if name == "content-type":
        match = re.search(r"charset\s*=\s*([^;\s]*)", value, re.IGNORECASE)
        if match and match.group(1).lower() != "utf-8":
            return (match.group(1), f"catalog charset is '{shorten(match.group(1))}', but catalogs are UTF-8 "
                    "(write charset=UTF-8, and save the file as UTF-8)")
    elif name == "plural-forms":
        nplurals = re.search(r"nplurals\s*=\s*([^;\s]*)", value)
        if nplurals and not re.fullmatch(r"[1-9][0-9]?", nplurals.group(1)):
            return (nplurals.group(1), f"Plural-Forms: nplurals must be a whole number from 1 to 99, "
                    f"found '{shorten(nplurals.group(1))}'")
        plural = re.search(r"plural\s*=\s*([^;]*)", value)
        if plural:
            try:
                gettext.c2py(plural.group(1))
            except ValueError as exc:
                return (plural.group(1), f"Plural-Forms: plural={shorten(plural.group(1))}: {exc}")
    elif name == "language" and value and not re.fullmatch(r"[A-Za-z]{2,8}(?:[_-][A-Za-z0-9]{1,8})*(?:@\w+)?", value):
        return (value, f"Language: '{shorten(value)}' is not a language code such as pl or zh_CN")
    return None


def _user_comments(entry: Entry) -> list[str]:
    return _comments_of(entry.comments)


def _comments_of(comments: list[tuple[int, str]]) -> list[str]:
    return [text[1:].strip() for _, text in comments if text[1:2] not in (":", ",", ".")]


def _apply_comments_only(catalog: Catalog, comments: list[tuple[int, str]]) -> None:
    # A file of comments only: Babel makes them the header's.
    entry = Entry(comments, [], False)
    auto = [text for _, text in comments if text.startswith("#.") and text[2:].strip()]
    if _flags(entry) or _user_comments(entry) or auto:
        catalog.header_comment = _header_comment(comments)
        catalog.fuzzy = "fuzzy" in _flags(entry)


def _header_comment(comments: list[tuple[int, str]]) -> str:
    # Through a Message, which folds repeated comments as Babel's reader does.
    kept = Message("", user_comments=_comments_of(comments)).user_comments
    return "\n".join(f"# {c}".rstrip() for c in kept)


def _flags(entry: Entry) -> list[str]:
    return [flag.strip() for _, text in entry.comments if text.startswith("#,")
            for flag in text[2:].lstrip().split(",")]


def _locations(entry: Entry, lexer: _Lexer) -> list[tuple[str, int | None]]:
    locations: list[tuple[str, int | None]] = []
    for line, text in entry.comments:
        if not text.startswith("#:"):
            continue
        try:
            found = _extract_locations(text[2:])
        except ValueError as exc:
            lexer.error(line, 1, f"location comment: {exc}")
            continue
        for location in found:
            path, colon, number = location.rpartition(":")
            if not colon:
                locations.append((location, None))
                continue
            try:  # as Babel reads them: a location whose line is no number is left out
                locations.append((path, int(number)))
            except ValueError:
                continue
    return locations


def _message(entry: Entry, catalog: Catalog, lexer: _Lexer) -> Message:
    plural = entry.get("msgid_plural")
    strings = entry.translations
    msgid: str | tuple[str, str] = entry.msgid
    string: str | tuple[str, ...] = strings[0].text
    if plural is not None:
        msgid = (entry.msgid, plural.text)
        for extra in strings[catalog.num_plurals:]:
            lexer.error(extra.line, extra.column, f"{extra.name}, but the header's Plural-Forms has "
                        f"nplurals={catalog.num_plurals}")
        forms = [s.text for s in strings[: catalog.num_plurals]]
        string = tuple(forms + [""] * (catalog.num_plurals - len(forms)))
    previous = [f.text for f in entry.previous if f.keyword != "msgctxt"]
    auto = [text[2:].strip() for _, text in entry.comments if text.startswith("#.") and text[2:].strip()]
    # A location without a line number is (path, None), as Babel's own reader keeps it.
    locations = cast("list[tuple[str, int]]", _locations(entry, lexer))
    return Message(msgid, string, locations, _flags(entry), auto, _user_comments(entry),
                   previous_id=previous, lineno=entry.line, context=entry.context)


def parse_po(data: bytes, shown: str, *, partial: bool = False) -> PoFile:
    """Read the ``.po`` file ``data`` (named ``shown`` in diagnostics).

    Raises :class:`DiagnosticError` listing every problem, in file order; with
    ``partial``, returns them in :attr:`PoFile.problems` instead, and a
    catalog of the entries no problem falls in (what a build can still use:
    one broken entry costs that entry alone).

    >>> po = b'msgid ""\\nmsgstr "Content-Type: text/plain; charset=UTF-8\\\\n"\\n\\nmsgid "a"\\nmsgstr "b'
    >>> parse_po(po, "x.po")
    Traceback (most recent call last):
    build_tools.diagnostics.DiagnosticError: x.po:5:8: error: catalog syntax: string not closed: \
the line ends before its closing '"'
    >>> [m.string for m in parse_po(po + b'"', "x.po").catalog if m.id]
    ['b']
    """
    lexer = _Lexer(shown)
    parser = _Parser(lexer)
    for number, text in lexer.lines(data):
        reported = len(lexer.problems)
        token = lexer.token(number, text)
        if len(lexer.problems) > reported:
            parser.damage()
        if token is not None:
            parser.feed(token)
    entries = parser.end()
    _check_entries(entries, lexer)
    catalog = Catalog()
    body = entries
    if entries and entries[0].is_header:
        _apply_header(catalog, entries[0], lexer)
        body = entries[1:]
    elif not entries:
        _apply_comments_only(catalog, parser.comments)
    header = next((e for e in entries if e.is_header), None)
    named = header is not None and bool(
        re.search(r"charset\s*=", header.translations[0].text if header.translations else "", re.IGNORECASE))
    if not named and not data.isascii():
        # GNU gettext (msgfmt, msgmerge) reads non-ASCII text only under a charset it is told.
        line = header.line if header is not None else 1
        lexer.error(line, 1, "the catalog holds non-ASCII text but its header names no charset "
                    "(add \"Content-Type: text/plain; charset=UTF-8\\n\" to the header)")
    read = [(entry, _message(entry, catalog, lexer)) for entry in body if entry.msgid != ""]  # "": reported
    problems = sorted(lexer.problems, key=lambda d: (d.line, d.column))
    if problems and not partial:
        raise DiagnosticError(problems)
    lines = {problem.line for problem in problems}
    for entry, message in read:
        first, last = entry.span
        if any(first <= line <= last for line in lines):
            continue
        if entry.obsolete:
            catalog.obsolete[_key(message)] = message
        else:
            catalog[message.id] = message
    return PoFile(catalog, tuple(body), tuple(problems))


def _key(message: Message) -> str | tuple[str, str]:
    # As Babel keys a catalog's obsolete messages.
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return msgid if message.context is None else (msgid, message.context)
