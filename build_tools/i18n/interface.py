"""Interface strings of the templates: extracted with Babel from the Jinja
templates into the ``handbook`` catalog of each language (msgids in English)."""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file

from build_tools.diagnostics import Diagnostic, DiagnosticError


def extract_interface(templates: Path) -> Catalog:
    """Every translatable string of ``templates/*.j2``.

    Jinja's extractor skips a template it cannot parse without a word; this one
    reports it, so that a broken template cannot silently drop its strings.
    """
    from jinja2 import Environment, TemplateSyntaxError

    catalog = Catalog(domain="handbook", project="handbook", version=None, fuzzy=False)
    env = Environment(extensions=["jinja2.ext.i18n"])
    for path in sorted(templates.glob("*.j2")):
        try:
            env.parse(path.read_text(encoding="utf-8"))
        except TemplateSyntaxError as exc:
            raise DiagnosticError([Diagnostic(str(path), exc.lineno or 0, 0, f"template: {exc.message}")]) from None
        for lineno, message, comments, context in extract_from_file(
            "jinja2.ext:babel_extract", str(path), options={"extensions": "jinja2.ext.i18n"}
        ):
            catalog.add(message, "", locations=[(path.name, lineno)], auto_comments=comments, context=context)
    return catalog
