"""The partnership view as the regulations write it: one side's calls, the
opponents' in brackets, no seats (the written auction does not say who sat
where). Its diagram keeps the two columns and the brackets, in the reader's
notation, on the site and in the printed books (both read the same MyST
list-table); a sentence's auction reads the same way."""

from __future__ import annotations

from pathlib import Path

import pytest

from build_tools import diagrams
from build_tools.document import Example
from build_tools.i18n import translate
from build_tools.loader import load_document, load_manifest
from build_tools.render import render_pages
from conftest import ROOT
from test_site import parse

#: The Swedish BWS's Stayman auction and its notes, as source/bws-competitive-bidding.yaml writes them.
STAYMAN = "(1NT)-pass-(2♣)-?"
STAYMAN_NOTES = ((1, "stark"), (3, "Stayman"))


def calls(grid: diagrams.BiddingGrid) -> list[list[str]]:
    return [[cell.call for cell in row] for row in grid.rows]


# --- the diagram ----------------------------------------------------------------------------


def test_an_overcall_is_the_opponents_bracketed_call_then_ours_with_no_seats() -> None:
    # Before: seats W N E S with an assumed dealer North, and "1♦" without its brackets.
    grid = diagrams.bidding_grid("(1♦) 1♠", "es", "partnership", "N", "es")
    assert grid.seats == () and grid.vulnerable == ()
    assert calls(grid) == [["(1♦)", "1♠"]]


@pytest.mark.parametrize(("reader", "expected"), [
    ("es", [["1♣", "(Paso)"], ["1♠", "(Doblo)"]]),
    ("en", [["1♣", "(P)"], ["1♠", "(X)"]]),
    # The Polish reader's brackets are square, as Polish system notes write them.
    ("pl", [["1♣", "[pas]"], ["1♠", "[ktr]"]]),
])
def test_the_opponents_calls_are_in_the_readers_words_and_brackets(reader: str, expected: list[list[str]]) -> None:
    grid = diagrams.bidding_grid("1♣ (Paso) 1♠ (Doblo)", "es", "partnership", "N", reader)
    assert grid.seats == ()
    assert calls(grid) == expected


@pytest.mark.parametrize(("reader", "expected"), [
    ("en", [["(1NT)", "P"], ["(2♣)", "?"]]),
    ("ru", [["(1БК)", "пас"], ["(2♣)", "?"]]),
    ("zh_CN", [["(1无将)", "不叫"], ["(2♣)", "?"]]),
    ("sv", [["(1NT)", "pass"], ["(2♣)", "?"]]),
])
def test_bws_stayman_keeps_its_brackets_and_notes_in_every_reader(reader: str, expected: list[list[str]]) -> None:
    grid = diagrams.bidding_grid(STAYMAN, "sv", "partnership", "N", reader, STAYMAN_NOTES)
    assert grid.seats == ()
    assert calls(grid) == expected
    # The notes stay on the calls they describe (call 1 = 1NT, call 3 = 2♣), numbered as written.
    assert [(c.note, c.note_number) for row in grid.rows for c in row] == [
        ("stark", 1), ("", 0), ("Stayman", 2), ("", 0)]


def test_no_dealer_or_seat_is_assumed() -> None:
    # The loader refuses a dealer in the partnership view; whatever reaches the
    # diagram, the columns are the written order's, not a dealer's.
    grids = {diagrams.bidding_grid(STAYMAN, "sv", "partnership", dealer, "en") for dealer in ("N", "E", "W", "?")}
    assert len(grids) == 1 and next(iter(grids)).seats == ()


def test_each_side_keeps_its_column_where_the_source_leaves_an_opponents_pass_unwritten() -> None:
    # Between two of our calls the silent opponents pass, unwritten: the
    # diagram leaves that place empty rather than moving our call into the
    # opponents' column.
    grid = diagrams.bidding_grid("1♣ (1♠) 2♣ 3♣", "en", "partnership", "N", "en")
    assert calls(grid) == [["1♣", "(1♠)"], ["2♣", ""], ["3♣", ""]]
    grid = diagrams.bidding_grid("1♣ 1♥ (1♠) 2♣", "en", "partnership", "N", "en")
    assert calls(grid) == [["1♣", ""], ["1♥", "(1♠)"], ["2♣", ""]]
    # Every call is shown once, in the order written.
    shown = [call for row in calls(grid) for call in row if call]
    assert shown == ["1♣", "1♥", "(1♠)", "2♣"]


def test_an_opponents_mark_and_explanation_are_shown_as_on_our_calls() -> None:
    # The mark in the reader's notation (Russian notes write '!'), after the brackets.
    grid = diagrams.bidding_grid("1NT (2C*) X", "en", "partnership", "N", "ru")
    opponent = grid.rows[0][1]
    assert (opponent.call, opponent.mark, opponent.alerted) == ("(2♣)", "!", True)
    grid = diagrams.bidding_grid("(1NT (15-17)) 2C", "en", "partnership", "N", "en")
    assert (grid.rows[0][0].call, grid.rows[0][0].explanation) == ("(1NT)", "15-17")


def test_one_partnerships_calls_stay_in_the_two_columns_of_the_notes() -> None:
    # Without opponents' calls the partnership view is the Russian notes'
    # diagram: opener left, responder right, no brackets, no seats.
    grid = diagrams.bidding_grid("1т 1ч 1БК 2т ?", "ru", "partnership", "N", "en")
    assert grid.seats == ()
    assert calls(grid) == [["1♣", "1♥"], ["1NT", "2♣"], ["?", ""]]


def test_the_table_view_keeps_its_four_seats() -> None:
    # A bracket in the table view is only the writer's mark: every call is in turn.
    grid = diagrams.bidding_grid("1♦ (1♥) 1♠", "pl", "table", "N", "en")
    assert grid.seats == diagrams.TABLE_SEATS
    assert calls(grid) == [["", "1♦", "1♥", "1♠"]]


# --- the auction in a sentence reads as the diagram -----------------------------------------


@pytest.mark.parametrize(("text", "language"), [
    ("1♣_(Paso)_1♠_(Doblo)", "es"), ("(1♦) 1♠", "es"), (STAYMAN, "sv"), ("1♦ [1♥] 1♠", "pl"),
    ("[1♥] pas [pas] ktr", "pl"), ("1NT (2C*) X", "en"),
])
@pytest.mark.parametrize("reader", ["en", "pl", "ru", "es", "sv", "zh_CN"])
def test_an_inline_auction_shows_the_calls_the_diagram_shows(text: str, language: str, reader: str) -> None:
    grid = diagrams.bidding_grid(text, language, "partnership", "N", reader)
    in_diagram = [cell.call + cell.mark for row in grid.rows for cell in row if cell.call]
    assert diagrams.inline_auction(text, None, language, reader).split("-") == in_diagram


# --- the page: the same list-table for the site and the book --------------------------------


def _example_myst(document: str, example_id: str, language: str) -> str:
    doc = load_document(ROOT / "source" / f"{document}.yaml")
    manifest = load_manifest(ROOT / "source" / "handbook.yaml")
    page = render_pages(manifest, [translate(doc, language, None)], language)[f"{document}.md"]
    start = page.index(f":id: {example_id}\n")
    return page[start : page.index("\n::::", start)]


def test_the_aeb_overcall_is_a_row_of_its_run_with_its_brackets_and_no_seats() -> None:
    # An editorial example is a row of its article's run table (issue 22): a
    # one-call overcall takes no diagram; its auction, on one line, still shows
    # the opponents' call in brackets and names no seat.
    example = next(e for e in load_document(ROOT / "source" / "aeb-bidding-systems.yaml").elements()
                   if isinstance(e, Example) and e.id == "intervencion-1s-quinto")
    assert (example.auction, example.view, example.editorial) == ("(1♦) 1♠", "partnership", True)
    myst = _example_myst("aeb-bidding-systems", "intervencion-1s-quinto", "es")
    assert ":class: hb-example-run-table\n" in myst and ":class: hb-bidding" not in myst
    row = myst[myst.index("{hb-example-row}`intervencion-1s-quinto`"):]
    row = row[:row.index("\n* ")]
    assert row.startswith("{hb-example-row}`intervencion-1s-quinto`{hb-inline-auction}`(1♦)-1♠`\n")
    assert "Oeste" not in myst and "Norte" not in myst


def _row_of(page: list[tuple[str, dict[str, str], str]], example_id: str) -> list[tuple[str, dict[str, str], str]]:
    """The elements of the table row holding the element ``example_id``."""
    start = next(n for n, e in enumerate(page) if e[1].get("id") == example_id)
    row = max(n for n in range(start) if page[n][0] == "tr")
    end = next((n for n in range(row + 1, len(page)) if page[n][0] == "tr"), len(page))
    return page[row:end]


@pytest.mark.parametrize("language", ["es", "en"])
def test_the_site_shows_the_aeb_overcall_with_its_brackets_and_no_seats(real_site: Path, language: str) -> None:
    page = parse(real_site / language / "aeb-bidding-systems.html")
    row = _row_of(page, "intervencion-1s-quinto")
    auction = next(text for tag, attrs, text in row if "hb-inline-auction" in attrs.get("class", "").split())
    assert auction.replace("\u200b", "") == "(1♦)-1♠"
    assert [tag for tag, _, _ in row].count("th") == 0


def _diagram_after(page: list[tuple[str, dict[str, str], str]], example_id: str) -> list[tuple[str, dict[str, str], str]]:
    """The elements of the first table after the element ``example_id``."""
    start = next(n for n, e in enumerate(page) if e[1].get("id") == example_id)
    table = next(n for n in range(start, len(page)) if page[n][0] == "table")
    end = next((n for n in range(table + 1, len(page)) if page[n][0] in ("table", "div")), len(page))
    return page[table:end]


@pytest.mark.parametrize("language", ["sv", "ru"])
def test_the_site_shows_bws_stayman_in_two_columns_with_its_notes(real_site: Path, language: str) -> None:
    diagram = _diagram_after(parse(real_site / language / "bws-competitive-bidding.html"),
                             "stayman-efter-stark-1nt-budgivning")
    assert [tag for tag, _, _ in diagram].count("th") == 0
    rows = [[text.strip() for tag, _, text in diagram[n + 1 :] if tag == "td"][:2]
            for n, (tag, _, _) in enumerate(diagram) if tag == "tr"]
    one_nt, stayman, pass_ = {"sv": ("(1NT)", "Stayman", "pass"), "ru": ("(1БК)", "Стейман", "пас")}[language]
    assert len(rows) == 2
    assert rows[0][0].startswith(one_nt + " — ") and rows[0][1] == pass_
    assert rows[1] == [f"(2♣) — {stayman}", "?"]
