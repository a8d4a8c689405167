"""pytest collects every doctest-style example of the handbook as an item of
its own, the way it collects doctests: ``source/<doc>.yaml::<example-id>``,
and each earlier edition's, each by that edition's own rules:
``source/editions/<doc>/<edition>.yaml::<example-id>``.

Enabled in pyproject.toml (``-p build_tools.pytest_plugin``, with ``source``
among the test paths). An item fails with the same message as ``handbook
check``: the example, the verdict it expects, the verdict of the rules and the
article that decided it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from build_tools.diagnostics import DiagnosticError
from build_tools.document import Document, Example

if TYPE_CHECKING:
    from build_tools.rules.engine import Rule


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix == ".yaml" and (is_document(file_path) or is_earlier_edition(file_path)):
        return DocumentFile.from_parent(parent, path=file_path)
    return None


def is_document(path: Path) -> bool:
    """Whether ``path`` is a document of a source folder (not its manifest).

    >>> is_document(Path("source/pzbs-alert-rules.yaml")), is_document(Path("source/handbook.yaml"))
    (True, False)
    >>> is_document(Path("source/cards/precision.yaml"))
    False
    """
    return path.parent.name == "source" and path.stem != "handbook"


def is_earlier_edition(path: Path) -> bool:
    """Whether ``path`` is an earlier edition kept in a source folder
    (``source/editions/<document>/<edition>.yaml``).

    >>> is_earlier_edition(Path("source/editions/trial-rules/2024.yaml"))
    True
    >>> is_earlier_edition(Path("source/queries/trial-rules.yaml")), is_earlier_edition(Path("x/editions/d/1.yaml"))
    (False, False)
    """
    return path.parent.parent.name == "editions" and path.parent.parent.parent.name == "source"


class DocumentFile(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        from build_tools.editions import edition_of
        from build_tools.loader import load_document
        from build_tools.verdicts import checked_examples, rules_of

        try:
            document = load_document(self.path, edition_of=edition_of(self.path))
        except DiagnosticError as exc:
            yield InvalidDocument.from_parent(self, name="load", error=exc)
            return
        # The document's rules, gathered once for all of its examples (as
        # handbook check does), not once per example.
        rules = rules_of(document)
        for example in checked_examples(document):
            yield ExampleItem.from_parent(self, name=example.id, document=document, example=example, rules=rules)


class ExampleItem(pytest.Item):
    def __init__(self, *, document: Document, example: Example, rules: tuple[Rule, ...], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.document = document
        self.example = example
        self.rules = rules

    def runtest(self) -> None:
        from build_tools.verdicts import check_example

        problems, _ = check_example(self.document, self.example, self.rules)
        if problems:
            raise ExampleFailed("\n".join(str(p) for p in problems))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, ExampleFailed):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.example.pos.line - 1, f"example {self.example.id}"


class InvalidDocument(pytest.Item):
    def __init__(self, *, error: DiagnosticError, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.error = error

    def runtest(self) -> None:
        raise ExampleFailed(str(self.error))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        return str(excinfo.value)


class ExampleFailed(Exception):
    """An example did not get the verdicts it states."""
