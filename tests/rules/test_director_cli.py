"""The director's command line (issue 32 item 4, issue 37 item 8): an auction
written as it stands at the table, ending with the opponents' pass after the
ask, is asked about the ask or refused in one line, exit 2, never "no rule
answers" and exit 1; a convention card that is bad input exits 2 at its line,
never hangs on a FIFO, never prints its escape sequences raw."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from build_tools.rules.cards import Card
from build_tools.rules.errors import VocabularyError
from conftest import run_handbook

ROOT = Path(__file__).resolve().parents[2]
RESPONDER = "п Т76 ч ТК9754 б 8 т В98"


@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("build")


def explain(build: Path, document: str, query: str, *options: str) -> object:
    return run_handbook("explain", document, query, *options, "--build-dir", str(build))


@pytest.mark.parametrize(("query", "view"), [
    ("1ч 2ч 4БК [пас]", "partnership"),   # the opponents' pass after the ask, in brackets
    ("1ч пас 2ч пас 4БК пас", "table"),   # the table as it stands
])
def test_the_answer_to_4nt_is_asked_after_the_opponents_pass(build: Path, query: str, view: str) -> None:
    """The notes: "5т - 0 или 3 ценности" (the responder's hand holds the ♥A
    and the ♥K: 0 or 3 key cards, counting the trump king)."""
    shown = explain(build, "russian-system-notes", json.dumps({"auction": query, "view": view, "hand": RESPONDER}),
                    "--question", "response")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.splitlines()[0] == "response: 5т  (vopros-o-5-cennostyah)"
    assert shown.stderr.startswith("note: the rules say nothing of the final pass: asked about the call before it, ")
    data = json.loads(explain(build, "russian-system-notes", json.dumps({"auction": query, "view": view,
                                                                         "hand": RESPONDER}),
                              "--question", "response", "--json").stdout)
    assert data["verdicts"]["response"]["value"] == "5т" and "final pass" in data["note"]


def test_the_ask_asked_about_directly_gives_the_same_answer(build: Path) -> None:
    shown = explain(build, "russian-system-notes", json.dumps({"auction": "1ч 2ч 4БК", "hand": RESPONDER}),
                    "--question", "response")
    assert shown.returncode == 0 and shown.stdout.splitlines()[0] == "response: 5т  (vopros-o-5-cennostyah)"
    assert shown.stderr == ""


def test_a_pass_the_rules_answer_is_asked_as_it_is(build: Path) -> None:
    """PZBS 12a: "Nie alertuje się ... pasa na otwarciu w sile 0-7": the pass
    itself is answered, and nothing is read in its place."""
    shown = explain(build, "pzbs-alert-rules", json.dumps({"auction": "pas", "meaning": {"hcp": "0-7"}}))
    assert shown.returncode == 0 and shown.stdout.splitlines()[0] == "alert: no  (pas-na-otwarciu-0-7)"
    assert "note:" not in shown.stderr


def test_a_meaning_given_to_the_final_pass_is_refused_in_one_line(build: Path) -> None:
    shown = explain(build, "aeb-bidding-systems", json.dumps({"auction": "1ST 2♣ (Paso)",
                                                              "meaning": {"natural": True}}))
    assert shown.returncode == 2 and shown.stdout == ""
    assert shown.stderr.count("\n") == 1 and "ends with a pass after the call asked about" in shown.stderr
    assert "no rule answers" not in shown.stderr


def test_neither_the_pass_nor_the_call_before_answered_is_one_line_exit_2(build: Path) -> None:
    shown = explain(build, "russian-system-notes", json.dumps({"auction": "1ч 1п [пас]", "hand": RESPONDER}),
                    "--question", "response")
    assert shown.returncode == 2 and shown.stderr.count("\n") == 1
    assert "nor of the call before it" in shown.stderr and "no rule answers" not in shown.stderr


# --- convention cards as input -------------------------------------------------


def test_a_bad_card_is_bad_input(build: Path, tmp_path: Path) -> None:
    card = tmp_path / "bad.yaml"
    card.write_text("card: bad\nopenings:\n  - {auction: 1♣, meening: {hcp: 11-21}}\n", encoding="utf-8")
    shown = run_handbook("card", "check", str(card), "--build-dir", str(build))
    assert shown.returncode == 2
    assert shown.stderr.startswith(f"{card}:3:") and "meening" in shown.stderr
    shown = explain(build, "cba-bidding-systems", json.dumps({"auction": "1♣", "system": str(card)}))
    assert shown.returncode == 2 and "meening" in shown.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_named_as_a_card_is_refused_at_once(build: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "card.yaml"
    os.mkfifo(fifo)
    for shown in (run_handbook("card", "check", str(fifo), "--build-dir", str(build)),
                  explain(build, "cba-bidding-systems", json.dumps({"auction": "1♣", "system": str(fifo)}))):
        assert shown.returncode == 2 and "not a regular file" in shown.stderr


def test_a_card_id_with_escape_sequences_is_refused_and_never_printed_raw(build: Path, tmp_path: Path) -> None:
    card = tmp_path / "esc.yaml"
    card.write_text('card: "\\e[31mred"\nopenings: []\n', encoding="utf-8")
    shown = run_handbook("card", "check", str(card), "--build-dir", str(build))
    assert shown.returncode == 2 and "\x1b" not in shown.stdout + shown.stderr
    assert "'\\x1b[31mred'" in shown.stderr
    named = tmp_path / "\x1b[31mcard.yaml"
    named.write_text("card: c\nopenings: [{auction: 1♣, meaning: {hcp: 11-21}}]\n", encoding="utf-8")
    shown = run_handbook("card", "check", str(named), "--build-dir", str(build))
    assert shown.returncode == 0, shown.stderr
    assert "\x1b" not in shown.stdout and "\\x1b[31mcard.yaml" in shown.stdout


@pytest.mark.parametrize("ident", ["red\x1b[0m", "\x1b[31mred", "Red", "red card", "red-"])
def test_a_card_id_is_an_id_whole(ident: str) -> None:
    with pytest.raises(VocabularyError, match="a card's id is lowercase Latin letters"):
        Card.parse({"card": ident})
    assert Card.parse({"card": "red-2"}).id == "red-2"


@pytest.mark.parametrize(("entry", "message"), [
    ({"auction": "2♦", "either": [{"hcp": "5-10"}]}, "openings.0.either: a list of two meanings or more"),
    ({"auction": "2♦", "either": []}, "openings.0.either: a list of two meanings or more"),
    ({"auction": "2♦", "meaning": {"hcp": "5-10"}, "seats": [5]}, "openings.0.seats: a list of seats, 1 to 4"),
    ({"auction": "2♦", "meaning": {"hcp": "5-10"}, "seats": [0]}, "openings.0.seats: a list of seats, 1 to 4"),
])
def test_a_card_entry_refused_on_the_far_side_of_its_bound(entry: dict[str, object], message: str) -> None:
    """Issue 37's survivors: an ``either:`` of one meaning, seat 5."""
    with pytest.raises(VocabularyError, match=message):
        Card.parse({"card": "c", "openings": [entry]})


@pytest.mark.parametrize("entry", [
    {"auction": "2♦", "either": [{"hcp": "5-10"}, {"hcp": "20-22"}]},
    {"auction": "2♦", "meaning": {"hcp": "5-10"}, "seats": [1, 4]},
])
def test_a_card_entry_taken_on_the_near_side_of_its_bound(entry: dict[str, object]) -> None:
    assert Card.parse({"card": "c", "openings": [entry]}).entries
