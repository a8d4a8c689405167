"""Issue 10, items 1 and 4 through the loader and the renderer: examples take
a vulnerability, a board number (dealer and vulnerability from the Laws' board
table) and "dealer not given"; an auction in a sentence takes its view (and
the same settings); annotated calls show a mark and a note on the diagram."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from build_tools.cli import main
from build_tools.document import Example, Paragraph
from build_tools.loader import load_document
from build_tools.render import _bidding_table

DOC = """\
schema: 1
document: doc
title: Alerts
language: en
kind: regulation
body:
  - example: board-seven
    auction: "P 1NT (15-17) P 2H!"
    board: 7
  - example: no-dealer
    auction: "1C P 2S!"
    dealer: "?"
  - example: vulnerable
    auction: "1C"
    vulnerability: NS
  - paragraph: acbl
    text: "After {auction:table}`1♣-P-2♠` the 2♠ bid is alerted; {auction:table board=7}`P 1♣`."
"""
LABELS = {"N": "North", "E": "East", "S": "South", "W": "West", "untranslated": "not yet translated"}


def load(tmp_path: Path, text: str = DOC) -> list[Example | Paragraph]:
    path = tmp_path / "doc.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return list(load_document(path).body)  # type: ignore[arg-type]


def test_board_dealer_and_vulnerability_reach_the_model(tmp_path: Path) -> None:
    board, no_dealer, vulnerable, _ = load(tmp_path)
    assert isinstance(board, Example) and (board.board, board.dealer, board.vulnerability) == (7, "S", "All")
    assert isinstance(no_dealer, Example) and (no_dealer.dealer, no_dealer.vulnerability) == ("?", "")
    assert isinstance(vulnerable, Example) and (vulnerable.dealer, vulnerable.vulnerability) == ("N", "NS")


def table(tmp_path: Path, index: int) -> str:
    path = tmp_path / "doc.yaml"
    path.write_text(DOC, encoding="utf-8")
    doc = load_document(path)
    example = doc.body[index]
    assert isinstance(example, Example)
    return str(_bidding_table(example, doc, LABELS))


def test_board_seven_is_dealt_by_south_all_vulnerable(tmp_path: Path) -> None:
    """Board 7: dealer South, both sides vulnerable; the alert mark on 2♥ and the
    explanation beside 1NT."""
    page = table(tmp_path, 0)
    assert ":header-rows: 1\n" in page
    header = "* - {hb-vulnerable}`West`\n  - {hb-vulnerable}`North`\n  - {hb-vulnerable}`East`\n" \
             "  - {hb-vulnerable}`South`\n"
    assert header in page
    assert "* - \n  - \n  - \n  - P\n* - 1NT — 15\\-17\n  - P\n  - 2♥{hb-alert}`*`\n  - \n" in page


def test_vulnerability_marks_the_vulnerable_seats_only(tmp_path: Path) -> None:
    page = table(tmp_path, 2)
    assert "* - West\n  - {hb-vulnerable}`North`\n  - East\n  - {hb-vulnerable}`South`\n" in page


def test_dealer_not_given_starts_at_the_first_call(tmp_path: Path) -> None:
    """No seat is forced: no header, no empty West column before the first call."""
    page = table(tmp_path, 1)
    assert ":header-rows:" not in page
    assert "* - 1♣\n  - P\n  - 2♠{hb-alert}`*`\n  - \n" in page


def errors_of(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> list[str]:
    path = tmp_path / "doc.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    err = capsys.readouterr().err
    return [line.removeprefix(str(tmp_path) + "/") for line in err.splitlines() if not line.startswith("handbook: ")]


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("    board: 7", "    board: 3\n    dealer: N",
         r"doc\.yaml:9:12: error: example 'board-seven': board 3 is dealt by S, not N"),
        ("    board: 7", "    board: 2\n    vulnerability: EW",
         r"doc\.yaml:9:12: error: example 'board-seven': on board 2 the vulnerability is NS, not EW"),
        ('"P 1NT (15-17) P 2H!"\n    board: 7', '"1NT (15-17) 2H!"\n    board: 7\n    view: partnership',
         r"doc\.yaml:9:12: error: example 'board-seven': a board \(which names the dealer\) belongs to the "
         r"table view, not the partnership view"),
        ("    board: 7", "    board: " + "9" * 5000,
         r"doc\.yaml:9:12: error: 'board' of example 'board-seven' must be a whole number from 1 to 999999999, "
         r"not a number of 5000 digits"),
        ("    board: 7", "    board: 0", r"doc\.yaml:9:12: error: 'board' of example 'board-seven' must be a whole number from 1, not '0'"),
        ("vulnerability: NS", "vulnerability: Both",
         r"doc\.yaml:15:20: error: 'vulnerability' of example 'vulnerable' must be one of None, NS, EW, All, not 'Both'"),
        # ACBL's '1♣-P-2♠' in a sentence is the partnership view unless it says table:
        # there 2♠ comes after the auction has ended.
        ("{auction:table}`1♣-P-2♠`", "{auction}`1♣-P-2♠`",
         r"doc\.yaml:17:28: error: auction '1♣-P-2♠': illegal call '2S' at 5: call after the auction has ended.*"),
        ("{auction:table}", "{auction:tabel}",
         r"doc\.yaml:17:34: error: auction '1♣-P-2♠': unknown option 'tabel' of an inline auction .*"),
        ("{auction:table}`1♣-P-2♠`", "{hand:table}`♠AKQJ ♥AKQ ♦AKQ ♣AKQ`",
         r"doc\.yaml:17:31: error: hand '♠AKQJ ♥AKQ ♦AKQ ♣AKQ': a hand written in a sentence takes no options"),
        ("{auction:table board=7}`P 1♣`", "{auction:table board=7 dealer=N}`P 1♣`",
         r"doc\.yaml:17:99: error: auction 'P 1♣': board 7 is dealt by S, not N"),
    ],
)
def test_setting_errors_name_their_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, expected: str
) -> None:
    assert old in DOC
    errors = errors_of(tmp_path, DOC.replace(old, new), capsys)
    assert len(errors) == 1, errors
    assert re.fullmatch(expected, errors[0]), errors[0]


def test_the_good_document_validates(tmp_path: Path) -> None:
    (tmp_path / "doc.yaml").write_text(DOC, encoding="utf-8")
    assert main(["validate", str(tmp_path / "doc.yaml")]) == 0


# Issue 37 item 4: an editorial example of the table view with no dealer given
# sits in a run of examples, drawn on one line (render._auction_line); the line
# said who dealt by looking "?" up among the seats' names.
RUN_DOC = """\
schema: 1
document: m
title: M
language: en
kind: regulation
body:
- paragraph: p
  text: T.
  rule: {question: alert, scope: {kind: bid}, answer: "no"}
- example: e
  editorial: true
  auction: 1C-P-2S
  view: table
  dealer: "{dealer}"
  expect: {alert: "no"}
"""


@pytest.mark.parametrize(("dealer", "line"), [
    # No dealer given: the line names no seat (nothing is known of who dealt).
    ("?", "{hb-example-row}`e`{hb-inline-auction}`1♣ P 2♠`"),
    # A dealer given: the line says who dealt, as before.
    ("E", "{hb-example-row}`e`East\\: {hb-inline-auction}`1♣ P 2♠`"),
])
def test_an_example_line_of_a_run_names_its_dealer_only_when_given(tmp_path: Path, dealer: str, line: str) -> None:
    source = tmp_path / "t"
    source.mkdir()
    (source / "handbook.yaml").write_text("handbook: m\ntitle: {en: M}\nlanguages: [en]\ndocuments: [m]\n",
                                          encoding="utf-8")
    (source / "m.yaml").write_text(RUN_DOC.replace("{dealer}", dealer), encoding="utf-8")
    code = main(["build", "--html", "-l", "en", "--render-only", "--source", str(source),
                 "--translations", str(tmp_path / "none"), "--build-dir", str(tmp_path / "b")])
    assert code == 0
    page = (tmp_path / "b" / "myst" / "en" / "m.md").read_text(encoding="utf-8")
    assert line in page, page
