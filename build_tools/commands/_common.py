"""What every command shares: where the handbook is, and how problems are shown."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from build_tools.diagnostics import Diagnostic, DiagnosticError

if TYPE_CHECKING:  # the loader is not imported for a command that reads no document
    from build_tools.loader import Manifest


def add_location_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--source", type=Path, default=Path("source"),
                        help="folder of the YAML documents and handbook.yaml (default: %(default)s)")
    parser.add_argument("--translations", type=Path, default=Path("translations"),
                        help="folder of the gettext catalogs (default: %(default)s)")


def add_notation_argument(parser: argparse.ArgumentParser) -> None:
    """``--notation``: the languages it names are the rule model's notation profiles."""
    from build_tools.bridge.notation import PROFILES

    parser.add_argument("--notation", default="en",
                        help=f"language of TEXT: {', '.join(PROFILES)} (default %(default)s)")


def positive(text: str) -> int:
    """An option's whole number from 1 (argparse names this function in its
    message: "invalid positive value: '-3'")."""
    value = int(text)
    if value < 1:
        raise ValueError(text)
    return value


def day(text: str) -> str:
    """An option's day, ``YYYY-MM-DD`` (argparse names this function in its
    message: "invalid day value: '2024-13-01'")."""
    from build_tools.rules.dated import check_day
    from build_tools.rules.errors import VocabularyError

    try:
        return check_day(text, "--date")
    except VocabularyError:
        raise ValueError(text) from None


def add_date_argument(parser: argparse.ArgumentParser) -> None:
    """``--date``: answer by the edition, and the parameter values, in force that day."""
    parser.add_argument("--date", type=day, metavar="YYYY-MM-DD",
                        help="answer by the edition and the figures in force that day (default: the current "
                             "edition as it stands)")


def select_languages(requested: list[str] | None, manifest: Manifest) -> list[str]:
    """The languages a command works on: those asked for with ``-l`` (each once,
    in order), else all of the manifest's. A language is also a folder name
    (of the catalogs, of the build), so only the manifest's are taken: anything
    else raises ``ValueError`` with the message for :func:`usage_error`."""
    languages = list(dict.fromkeys(requested or manifest.languages))
    unknown = [lang for lang in languages if lang not in manifest.languages]
    if unknown:
        raise ValueError(f"language {unknown[0]!r} is not in {manifest.path} "
                         f"(it has {', '.join(manifest.languages)})")
    return languages


def usage_error(message: str) -> int:
    """Print a one-line error about the command's input; the exit code is 2."""
    print(f"handbook: error: {message}", file=sys.stderr)
    return 2


def report_findings(findings: list[Diagnostic]) -> int:
    """Print an analysis's findings on stderr: 1 when one is an error, else 0
    (warnings are shown and do not fail the run)."""
    if any(f.severity == "error" for f in findings):
        return report(DiagnosticError(findings))
    for finding in findings:
        print(finding, file=sys.stderr)
    return 0


def report(error: DiagnosticError) -> int:
    """Print every diagnostic on stderr; the exit code for diagnostics is 1."""
    for diagnostic in error.diagnostics:
        print(diagnostic, file=sys.stderr)
    count = sum(1 for d in error.diagnostics if d.severity == "error")
    if count > 1:
        print(f"handbook: {count} errors", file=sys.stderr)
    return 1
