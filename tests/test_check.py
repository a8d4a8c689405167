"""The check stage: every auction example is read and checked by the rule model."""

from __future__ import annotations

from pathlib import Path

from conftest import run_handbook


def test_fixture_examples_pass(mini: Path) -> None:
    result = run_handbook("check", "--source", str(mini / "source"))
    assert result.returncode == 0, result.stderr
    assert "2 examples checked" in result.stdout


def test_an_illegal_example_fails_with_its_place_and_law(mini: Path) -> None:
    source = mini / "source" / "mini-rules.yaml"
    text = source.read_text(encoding="utf-8")
    # The opponents cannot overcall 1♥ after 1♠: the bid is insufficient (Law 18D).
    source.write_text(text.replace("auction: 1♦ (1♥) 1♠", "auction: 1♦ (1♥) 1♠ (1♥)"), encoding="utf-8")
    result = run_handbook("check", "--source", str(mini / "source"))
    assert result.returncode == 1
    # The error points at the auction itself, not at the example around it.
    line, column = next((n, row.index("1♦") + 1) for n, row in enumerate(text.splitlines(), 1)
                        if "auction: 1♦ (1♥) 1♠" in row)
    assert result.stderr.startswith(
        f"{source}:{line}:{column}: error: example 'przyklad-1': illegal call '1H' at 4"
    )
    assert "(Law 18D; rectification Law 27; Laws of Duplicate Bridge 2017)" in result.stderr


def test_a_malformed_example_is_a_notation_error(mini: Path) -> None:
    source = mini / "source" / "mini-rules.yaml"
    source.write_text(source.read_text(encoding="utf-8").replace("auction: 1♦ (1♥) 1♠", "auction: 1♦ 8♥"),
                      encoding="utf-8")
    result = run_handbook("check", "--source", str(mini / "source"))
    assert result.returncode == 1
    # A bid above 7NT is a call, but an inadmissible one (Law 35C, rectified by Law 38).
    assert "example 'przyklad-1': inadmissible call '8♥' in '1♦ 8♥': a bid above 7NT (Law 35C;" in result.stderr


def test_check_names_each_example_that_states_no_verdict(tmp_path: Path) -> None:
    from conftest import mini_with_rule

    checked = ("            body:\n              - example: przyklad-1ba-z-werdyktem\n                editorial: true\n"
               "                auction: 1BA\n                meaning: {natural: true, hcp: 14-18}\n"
               "                expect: {alert: 'no'}\n")
    root = mini_with_rule(tmp_path / "handbook", checked)
    result = run_handbook("check", "--source", str(root / "source"), "--translations", str(root / "translations"))
    assert result.returncode == 0, result.stderr
    notes = [line for line in result.stdout.splitlines() if "states no verdict" in line]
    # The fixture's two diagrams state no verdict; the example with `expect` does.
    assert notes == [f"mini-rules: note: example '{name}' states no verdict (its auction is checked under the "
                     f"Laws only)" for name in ("przyklad-1", "przyklad-2")], result.stdout
    assert "mini-rules: 1 rules, 1 examples with verdicts, 0 failures" in result.stdout
