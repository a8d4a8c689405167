"""A rule that asks its own question's verdict for the very call it answers
(``verdict:``, ``card-verdict:``) is a cycle (issue 37, item 5): ``validate``
reports it at the rule's line, and ``explain`` and ``card check`` answer
with a one-line error naming the rule, never recursing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from build_tools.cli import main
from build_tools.loader import display_path
from conftest import POINT_1BA, mini_with_rule

#: Brown Sticker is decided by whether a call of the card is Brown Sticker:
#: card-verdict asks the question its own rule answers.
CYCLE = """\
          - point: kolko
            number: "9."
            text: Kółko.
            rule:
              question: brown-sticker
              scope: {card-verdict: {brown-sticker: "yes"}}
              answer: "yes"
"""
CARD = {"card": "c", "title": "C", "openings": [{"auction": "1NT", "meaning": {"natural": True, "hcp": "15-17"}}]}


@pytest.fixture
def handbook(tmp_path: Path) -> Path:
    root = mini_with_rule(tmp_path / "mini")
    path = root / "source" / "mini-rules.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count(POINT_1BA) == 1
    path.write_text(text.replace(POINT_1BA, CYCLE + POINT_1BA), encoding="utf-8")
    return root


def _line(root: Path) -> int:
    lines = (root / "source" / "mini-rules.yaml").read_text(encoding="utf-8").splitlines()
    return lines.index("          - point: kolko") + 1


def test_validate_reports_the_cycle_at_the_rule(handbook: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = handbook / "source" / "mini-rules.yaml"
    assert main(["validate", str(path)]) == 1
    err = capsys.readouterr().err
    assert (f"{display_path(path)}:{_line(handbook)}:13: error: questions ask each other's verdict in a cycle: "
            f"'brown-sticker' -> 'brown-sticker'") in err, err


def test_explain_answers_a_cycle_with_one_line(handbook: Path, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    query = json.dumps({"auction": "1BA", "system": CARD})
    code = main(["explain", "mini-rules", query, "--question", "brown-sticker", "--source", str(handbook / "source"),
                 "--translations", str(handbook / "translations"), "--build-dir", str(tmp_path / "build")])
    out, err = capsys.readouterr()
    assert code == 1
    assert out == ""
    assert err.splitlines() == ["brown-sticker: the rule of 'kolko' asks its own verdict: 'brown-sticker' -> "
                                "'brown-sticker' (a cycle: no verdict can be given)"], err


def test_card_check_answers_a_cycle_with_one_line(handbook: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    card = tmp_path / "card.yaml"
    card.write_text(json.dumps(CARD), encoding="utf-8")
    code = main(["card", "check", str(card), "--source", str(handbook / "source"),
                 "--translations", str(handbook / "translations"), "--build-dir", str(tmp_path / "build")])
    out, err = capsys.readouterr()
    assert code == 1
    assert err.splitlines() == ["handbook: error: mini-rules: the rule of 'kolko' asks its own verdict: "
                                "'brown-sticker' -> 'brown-sticker' (a cycle: no verdict can be given)"], err
