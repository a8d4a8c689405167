"""Interface strings collected for the ``handbook`` catalog (msgids in
English): the templates' strings, extracted with Babel from the Jinja templates,
and the words the Sphinx extension and the standard questions put on pages.

It reads the Sphinx extension's words, so it stands with the build, above the
render stage that reads the catalogs back (:mod:`build_tools.i18n.interface`).
"""

from __future__ import annotations

from pathlib import Path

import polib
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file

from build_tools.diagnostics import Diagnostic, DiagnosticError


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
