"""pofilter (translate-toolkit) with the handbook's configuration.

``translations/pofilter.ini`` lists the pofilter tests that fit the catalogs
and, with a reason each, those that do not (:func:`read_config`). :func:`alarms`
runs the chosen tests on a catalog the way ``pofilter --nofuzzy`` does, except
that an entry whose translator's comment reads ``handbook-lint: ignore <test>``
is not held to that test (the project's lint reads the same comment).
"""

from __future__ import annotations

import configparser
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

CONFIG_NAME = "pofilter.ini"

_IGNORE = re.compile(r"handbook-lint:\s*ignore\s+([\w ,]+)")


@dataclass(frozen=True, slots=True)
class Config:
    #: The tests run, each with what it holds a translation to.
    tests: dict[str, str]
    #: The tests left out, each with the reason.
    excluded: dict[str, str]


@dataclass(frozen=True, slots=True)
class Alarm:
    line: int
    test: str
    message: str
    context: str


def read_config(translations: Path) -> Config:
    parser = configparser.ConfigParser(interpolation=None)
    with (translations / CONFIG_NAME).open(encoding="utf-8") as handle:
        parser.read_file(handle)
    tests, excluded = dict(parser["tests"]), dict(parser["excluded"])
    both = set(tests) & set(excluded)
    if both:
        raise ValueError(f"{CONFIG_NAME}: both run and excluded: {', '.join(sorted(both))}")
    return Config(tests, excluded)


def known_tests() -> set[str]:
    """Every test pofilter has (``pofilter -l``)."""
    from translate.filters import checks

    checker = checks.TeeChecker(checkerclasses=[checks.StandardChecker, checks.StandardUnitChecker])
    return set(checker.getfilters())


def _ignored(notes: str) -> set[str]:
    return {word.strip() for match in _IGNORE.finditer(notes) for word in match.group(1).replace(",", " ").split()}


def alarms(path: Path, language: str, config: Config) -> Iterator[Alarm]:
    """What the configured pofilter tests find in the catalog at ``path``
    (translated into ``language``): fuzzy and obsolete entries and the header
    are skipped, as ``pofilter --nofuzzy`` skips them."""
    from translate.filters import checks
    from translate.storage import factory

    checker = checks.TeeChecker(
        checkerconfig=checks.CheckerConfig(targetlanguage=language.replace("_", "-")),
        limitfilters=sorted(config.tests),
        checkerclasses=[checks.StandardChecker, checks.StandardUnitChecker],
        languagecode=language.replace("_", "-"))
    from build_tools.i18n.catalogs import read_po_file

    store = factory.getobject(str(path))
    # Where each entry is written, as the strict reader found it: keyed by
    # context and text (an interface string has no msgctxt; a long one wraps).
    lines = {(entry.context or "", entry.msgid): entry.line for entry in read_po_file(path).entries}
    for unit in store.units:
        if unit.isheader() or unit.isobsolete() or unit.isfuzzy():
            continue
        ignored = _ignored(unit.getnotes("translator"))
        failures = checker.run_filters(unit)
        for test in sorted(set(failures) - ignored):
            failure = failures[test]
            message = failure.get("message", failure) if isinstance(failure, dict) else failure
            context = unit.getcontext() or ""
            source = unit.source.strings[0] if unit.hasplural() else unit.source
            yield Alarm(lines.get((context, str(source)), 0), test, str(message), context or str(source))
