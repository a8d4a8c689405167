"""Seat-labelled auctions (calls out of rotation) read in a notation's own
seats as well as PBN's (issue 35 item 7): a Russian director writes
``С:1т В:пас Ю:1 БК`` (Север, Восток, Юг, Запад), a Swede ``N:1♣ Ö:pass``,
and a call of two words (``1 БК``) after a label is one call."""

from __future__ import annotations

import pytest

from build_tools.bridge import Seat, notation
from build_tools.bridge.irregular import TableRecord, looks_irregular
from conftest import run_handbook


@pytest.mark.parametrize(("text", "language", "seats", "calls"), [
    ("N:1т E:пас S:1 БК", "ru", "NES", ["1C", "P", "1NT"]),
    ("С:1т В:пас Ю:1БК", "ru", "NES", ["1C", "P", "1NT"]),
    ("с:1т в:пас з:1 БК", "ru", "NEW", ["1C", "P", "1NT"]),
    ("N:1♣ Ö:pass V:1♥", "sv", "NEW", ["1C", "P", "1H"]),
    ("E:1♣ O:paso N:1♥", "es", "EWN", ["1C", "P", "1H"]),  # Spanish O is Oeste
    ("北:1♣ 东:不叫 南:1无将", "zh_CN", "NES", ["1C", "P", "1NT"]),
    ("N:1S E:P W:1H", "en", "NEW", ["1S", "P", "1H"]),
])
def test_labels_in_the_notations_seats(text: str, language: str, seats: str, calls: list[str]) -> None:
    profile = notation.profile(language)
    assert looks_irregular(text, profile)
    record = TableRecord.parse(text, notation=profile)
    assert [str(c.call) for c in record.calls] == calls
    assert "".join(c.seat.letter for c in record.calls if c.seat is not None) == seats


def test_a_letter_of_another_notation_is_no_seat() -> None:
    # Russian В is East; the Latin B is no seat in any notation.
    assert not looks_irregular("B:1т", notation.profile("ru"))
    assert TableRecord.parse("С:1т", notation=notation.profile("ru")).dealer is Seat.NORTH


def test_handbook_auction_reads_the_russian_labels() -> None:
    """The issue's reproducer reads, in rotation; South at East's turn is out of rotation."""
    shown = run_handbook("auction", "N:1т E:пас S:1 БК", "--notation", "ru")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.splitlines()[0] == "auction: N:1C E:P S:1NT"
    shown = run_handbook("auction", "С:1т Ю:пас", "--notation", "ru")
    assert shown.returncode == 1 and "out of rotation" in shown.stdout, shown.stderr
