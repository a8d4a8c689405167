"""Interface strings of the templates: extracted with Babel from the Jinja
templates into the ``handbook`` catalog of each language (msgids in English)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

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
        for _line, message, comments, context in extract_from_file(
            "jinja2.ext:babel_extract", str(path), options={"extensions": "jinja2.ext.i18n"}
        ):
            # The template, not the line: a change of a template's layout would
            # otherwise rewrite the locations of every interface catalog.
            location: Any = (path.name, None)  # Babel writes a location without a line as the file
            catalog.add(message, "", locations=[location], auto_comments=comments, context=context)
    return catalog
