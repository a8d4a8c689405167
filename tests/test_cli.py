"""The command line: help for every subcommand, exit codes, usage errors."""

from __future__ import annotations

from pathlib import Path

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


@pytest.mark.parametrize(("option", "message"), [
    (["--language", "de"], "language 'de' is not in"),
    (["--document", "nope"], "--document 'nope' is not in"),
    (["--paper", "a3"], "--paper 'a3': expected one of a4, a5"),
])
def test_a_request_the_manifest_cannot_satisfy_fails_before_any_work(
        option: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # It took a minute (every document loaded and checked) to say so.
    build = tmp_path / "build"
    assert main(["build", *option, "--build-dir", str(build)]) == 2
    assert message in capsys.readouterr().err
    assert not build.exists()  # no folder made, no document loaded into its cache
