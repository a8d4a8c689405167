"""The rule analysis's findings are kept under what the analysis reads (the
rules with their positions, the registry, the ids, the examples' queries),
not under the whole YAML: an edited sentence, which no rule reads, is not
analysed again (the live preview's edit-to-reload time, issue 31), while an
edited rule or a rule moved to another line is."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

from build_tools import incremental, pipeline
from build_tools.diagnostics import Diagnostic
from build_tools.document import Document
from build_tools.pipeline import Checked, Prepared, check_handbook, load_handbook
from conftest import POINT_1BA, RULE_1BA, mini_with_rule

SENTENCE = "Odpowiedź nowym kolorem po wejściu."


@pytest.fixture
def handbook(tmp_path: Path) -> Path:
    return mini_with_rule(tmp_path / "mini")


def checker(root: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], Callable[[], Checked]]:
    """The ids of the documents analysed, and a check of ``root`` with a stage cache in ``cache``."""
    analysed: list[str] = []
    real = pipeline.analyse_rules

    def counting(documents: Iterable[Document]) -> list[Diagnostic]:
        found = list(documents)
        analysed.extend(d.id for d in found)
        return real(found)

    monkeypatch.setattr(pipeline, "analyse_rules", counting)

    def check() -> Checked:
        prepared = Prepared(incremental.StageCache(cache))
        return check_handbook(load_handbook(root / "source", root / "translations", prepared), prepared)

    return analysed, check


def edit(root: Path, old: str, new: str) -> None:
    path = root / "source" / "mini-rules.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_an_edited_sentence_is_not_analysed_again(handbook: Path, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    analysed, check = checker(handbook, tmp_path / "cache", monkeypatch)
    first = check()
    assert analysed == ["mini-rules"]
    edit(handbook, SENTENCE, "Odpowiedź nowym kolorem po wejściu przeciwnika.")
    again = check()
    # The document was checked again (its YAML changed); its rules were not analysed.
    assert again.reused == 0
    assert analysed == ["mini-rules"]
    assert again.findings == first.findings


def test_an_edited_rule_is_analysed_again(handbook: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    analysed, check = checker(handbook, tmp_path / "cache", monkeypatch)
    check()
    edit(handbook, RULE_1BA, RULE_1BA.replace("hcp: 14-18", "hcp: 15-18"))
    check()
    assert analysed == ["mini-rules", "mini-rules"]


def test_a_rule_moved_to_another_line_is_analysed_again(handbook: Path, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same rules one line lower (a finding is located at its rule's
    element): findings kept from before would name the old lines."""
    analysed, check = checker(handbook, tmp_path / "cache", monkeypatch)
    check()
    edit(handbook, POINT_1BA, "          # a comment above the point\n" + POINT_1BA)
    check()
    assert analysed == ["mini-rules", "mini-rules"]
