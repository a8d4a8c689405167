"""The command line: help for every subcommand, exit codes, usage errors."""

from __future__ import annotations

import pytest

from build_tools.cli import COMMANDS, main


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_subcommand_explains_itself(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([name, "--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: handbook {name}")
    assert len(out.splitlines()) > 3


def test_unknown_subcommand_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["publish-everything"])
    assert exit_info.value.code == 2
    assert "invalid choice: 'publish-everything'" in capsys.readouterr().err


def test_unknown_language_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", "--render-only", "--language", "de"]) == 2
    assert "language 'de' is not in source/handbook.yaml (it has pl, en, ru, es, sv, zh_CN)" in capsys.readouterr().err
