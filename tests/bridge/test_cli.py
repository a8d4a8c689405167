"""The ``handbook auction`` and ``handbook hand`` subcommands."""

from __future__ import annotations

import argparse
import json
from types import ModuleType

import pytest

from build_tools.commands import auction as auction_command
from build_tools.commands import hand as hand_command


def run(module: ModuleType, argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="handbook")
    module.add_arguments(parser)
    return int(module.run(parser.parse_args(argv)))


def test_auction_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code = run(auction_command, ["1т пас 1БК контра реконтра пас пас пас", "--notation", "ru"])
    out = capsys.readouterr().out
    assert code == 0
    assert "auction: 1C P 1NT X XX P P P" in out
    assert "legal: yes" in out and "contract: 1NTXX" in out and "declarer: S" in out


def test_auction_json_for_an_illegal_auction(capsys: pytest.CaptureFixture[str]) -> None:
    code = run(auction_command, ["1S P X", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 1
    assert report["legal"] is False and report["law"] == "19A1"
    assert report["error"] == ("illegal call 'X' at 3: double of partner's bid "
                               "(Law 19A1, Law 35A; rectification Law 36; Laws of Duplicate Bridge 2017)")


def test_auction_turn_dealer_and_partnership_view(capsys: pytest.CaptureFixture[str]) -> None:
    code = run(auction_command, ["1♣-1♠", "--notation", "es", "--view", "partnership",
                                 "--dealer", "E", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0
    assert report["auction"] == "1C P 1S" and report["turn"] == "N" and report["contract"] is None


def test_passed_out(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(auction_command, ["P P P P", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["contract"] == "passed out"


@pytest.mark.parametrize(
    "argv",
    [["1S Q"], ["1S", "--notation", "fr"], ["1S", "--dealer", "Z"], ["1S", "--vulnerability", "red"],
     ["1C 1D/H"], ["0S"], ["1C(acc)"], ["1♣(acc)", "--json"]],
)
def test_bad_auction_input_is_one_line_and_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert run(auction_command, argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("handbook: error: ") and captured.err.count("\n") == 1


def test_hand_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(hand_command, ["ªEDxxx ©xxx ¨Dxxx §x", "--notation", "sv"]) == 0
    out = capsys.readouterr().out
    assert "hcp: 8" in out and "shape: 5-3-4-1" in out and "hand: AQxxx.xxx.Qxxx.x" in out


def test_hand_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(hand_command, ["п Т76 ч ТК9754 б 8 т В98", "--notation", "ru", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["hcp"], report["shape"]) == (12, "3-6-1-3")
    assert report["balanced"] == {"bws": False, "pzbs": False, "aeb": False}


@pytest.mark.parametrize("argv", [["AKQ.xxx.xx"], ["п Т76", "--notation", "ru"], ["x", "--notation", "xx"]])
def test_bad_hand_is_one_line_and_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert run(hand_command, argv) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("handbook: error: ") and captured.err.count("\n") == 1


def test_through_the_handbook_cli(capsys: pytest.CaptureFixture[str]) -> None:
    from build_tools import cli

    assert cli.main(["auction", "1S X P P XX P P P"]) == 0
    assert "declarer: N" in capsys.readouterr().out
    assert cli.main(["hand", "AK.AKQ.xxxx.xxxx"]) == 0
    assert "hcp: 16" in capsys.readouterr().out
