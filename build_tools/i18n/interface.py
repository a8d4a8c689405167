"""Interface strings of the templates, read back from the ``handbook``
catalog of each language as the build may use them (:func:`read_interface`):
a translation ``handbook i18n check`` calls an error is never published.
They are collected from the templates by :mod:`build_tools.i18n.interface_strings`."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message

from build_tools.diagnostics import Diagnostic
from build_tools.i18n.glossary import Concept, term_problems
from build_tools.i18n.pofile import Entry, PoFile, parse_po, shorten


#: Characters that are markup to LaTeX (an index entry, a title) and to MyST:
#: a translation holds each as often as its English, or it is not published.
_MARKUP = ("{", "}", "\\")


def entry_problems(po: PoFile, shown: str, language: str = "",
                   terms: Iterable[Concept] = ()) -> Iterator[tuple[Entry, Diagnostic]]:
    """Each interface translation's problems, at its line: errors for what the
    templates could not format or a page or book could not show (a
    ``%(name)s`` the template does not give, a stray ``%``, a brace or
    backslash the English has not), warnings for a blank translation and a
    glossary term said otherwise."""
    from build_tools.i18n.lint import blank, format_problems

    for entry in po.entries:
        if entry.obsolete or not entry.translations:
            continue
        message = po.catalog.get(message_id(entry), entry.context)
        if message is None:
            continue
        strings = entry.translations
        if blank(message) and not message.fuzzy:
            yield entry, Diagnostic(shown, strings[0].line, strings[0].column,
                                    f"msgid '{shorten(entry.msgid)}': the translation is only blanks", "warning")
        for index, offset, problem in format_problems(message):
            line, column = (strings[index].position(offset) if offset is not None
                            else (strings[index].line, strings[index].column))
            yield entry, Diagnostic(shown, line, column, problem)
        for (line, column), problem in _markup_problems(entry, message):
            yield entry, Diagnostic(shown, line, column, f"msgid '{shorten(entry.msgid)}': {problem}")
        if message.fuzzy or not isinstance(message.string, str):
            continue
        for problem in term_problems(terms, entry.msgid, message.string, "en", language):
            yield entry, Diagnostic(shown, strings[0].line, strings[0].column,
                                    f"msgid '{shorten(entry.msgid)}': {problem}", "warning")


def _markup_problems(entry: Entry, message: Message) -> Iterator[tuple[tuple[int, int], str]]:
    if message.fuzzy:
        return
    sources = [entry.msgid] + [f.text for f in entry.fields if f.keyword == "msgid_plural"]
    for field in entry.translations:
        if not field.text.strip():
            continue
        for char in _MARKUP:
            wanted = {source.count(char) for source in sources}
            if field.text.count(char) not in wanted:
                at = field.text.find(char)
                yield field.position(at) if at >= 0 else (field.line, field.column), (f"the translation has {field.text.count(char)} '{char}', the English "
                              f"{' or '.join(map(str, sorted(wanted)))}: it would reach the page and the "
                              "PDF as markup")


def message_id(entry: Entry) -> str | tuple[str, str]:
    """The key of ``entry`` in a Babel catalog (a plural entry's is a pair)."""
    plural = entry.get("msgid_plural")
    return entry.msgid if plural is None else (entry.msgid, plural.text)


def read_interface(path: Path, language: str = "") -> tuple[Catalog, tuple[Diagnostic, ...]]:
    """The interface catalog at ``path`` as the build uses it, and what was
    left out of it: an entry the reader could not read, or one whose
    translation :func:`entry_problems` calls an error, shows the English
    (whole: the page marks it so), and its problem is given at its line."""
    from build_tools.loader import display_path, read_limited

    shown = display_path(path)
    po = parse_po(read_limited(path, shown, "catalog"), shown, partial=True)
    problems = list(po.problems)
    for entry, problem in entry_problems(po, shown, language):
        if problem.severity == "error":
            problems.append(problem)
            po.catalog.delete(message_id(entry), entry.context)
    return po.catalog, tuple(sorted(problems, key=lambda d: (d.line, d.column)))

