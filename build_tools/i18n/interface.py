"""Interface strings of the templates: extracted with Babel from the Jinja
templates into the ``handbook`` catalog of each language (msgids in English),
and read back as the build may use them (:func:`read_interface`): a
translation ``handbook i18n check`` calls an error is never published."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

import polib
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file

from build_tools.diagnostics import Diagnostic, DiagnosticError
from build_tools.i18n.glossary import Concept, term_problems
from build_tools.i18n.pofile import Entry, PoFile, parse_po, shorten


def extract_interface(templates: Path, language: str = "") -> polib.POFile:
    """Every translatable string of ``templates/*.j2``.

    Jinja's extractor skips a template it cannot parse without a word; this one
    reports it, so that a broken template cannot silently drop its strings.
    """
    from jinja2 import Environment, TemplateSyntaxError

    from build_tools.i18n.catalogs import new_catalog

    # Babel's catalog collects the strings (one entry per msgid, its flags read
    # from the text: python-format where it has %(name)s); polib writes them.
    catalog = Catalog(domain="handbook", project="handbook", version=None, fuzzy=False)
    env = Environment(extensions=["jinja2.ext.i18n"])
    for path in sorted(templates.glob("*.j2")):
        try:
            env.parse(path.read_text(encoding="utf-8"))
        except TemplateSyntaxError as exc:
            raise DiagnosticError([Diagnostic(str(path), exc.lineno or 0, 0, f"template: {exc.message}")]) from None
        for _line, message, comments, context in extract_from_file(
            "jinja2.ext:babel_extract", str(path), options={"extensions": "jinja2.ext.i18n"}
        ):
            # The template, not the line: a change of a template's layout would
            # otherwise rewrite the locations of every interface catalog.
            catalog.add(message, "", locations=[(path.name, 0)], auto_comments=comments, context=context)
    from build_tools.rules.registry import Registry

    # The labels of the standard questions' answers, the words of verdict badges.
    for question, answer in Registry.standard().labels():
        catalog.add(answer.label, "", locations=[("questions.yaml", 0)], auto_comments=[
            f"The badge of the answer '{answer.answer}' to the question '{question.name}': {question.text}"])
    from build_tools.sphinxext.titlepage import FORMS

    # "Issued by" agreeing with a title in each grammatical form (title-forms.yaml).
    for form in FORMS:
        catalog.add("Issued by", "", locations=[("titlepage", 0)], context=f"issued-by.{form}", auto_comments=[
            f"On a title page, under a document's title whose form is {form} (title-forms.yaml of the "
            "language names each title's form); the same words as 'Issued by' where nothing agrees."])
    from build_tools.sphinxext.theme_words import THEME_WORDS

    for word, where in THEME_WORDS.items():
        catalog.add(word, "", locations=[("furo", 0)], auto_comments=[f"The theme's word: {where}."])
    po = new_catalog(language, "handbook")
    for collected in catalog:
        if not collected.id:
            continue
        # A string with plural forms (npgettext) keeps them: msgid_plural, and
        # one msgstr[N] per form (msgmerge gives each language its number).
        singular, plural = (collected.id, None) if isinstance(collected.id, str) else collected.id[:2]
        po.append(polib.POEntry(
            msgid=str(singular), msgstr="", msgctxt=collected.context,
            **({"msgid_plural": str(plural), "msgstr_plural": {0: "", 1: ""}} if plural is not None else {}),
            occurrences=sorted({(file, "") for file, _ in collected.locations}),
            comment="\n".join(collected.auto_comments), flags=sorted(collected.flags),
        ))
    return po


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

