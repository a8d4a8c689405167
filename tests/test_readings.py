"""A verdict resting on the handbook's reading of its article, not on its
words, says so wherever it is shown: the example's badge, its quick-reference
row and its alert-card line, on the site and in print. PZBS's "1♠ 5+ 13–21:
Alert" rests on the handbook's reading of "generally accepted standards" as
10-12 points; the text says no number."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from build_tools.document import Example
from build_tools.loader import load_document
from build_tools.markup import read_payload, role_text
from conftest import ROOT

#: source/pzbs-alert-rules.yaml: the examples whose verdict the handbook's
#: readings decide (10-12 for "generally accepted standards"; a point of
#: tolerance either side of "ok. 6-10"), written from the YAML.
READINGS = {"ex-1-kier-5-plus", "ex-1-kier-od-8", "ex-1-pik-od-13", "ex-2-karo-wilkosz-5-11",
            "ex-2-karo-wilkosz-silny", "ex-2-karo-wilkosz-4-10", "ex-2-pik-5-11", "ex-2-kier-3-10", "ex-2-pik-silne"}


def test_the_examples_resting_on_a_reading_are_marked_in_the_yaml() -> None:
    document = load_document(ROOT / "source" / "pzbs-alert-rules.yaml")
    marked = {e.id for e in document.elements() if isinstance(e, Example) and e.reading}
    assert marked == READINGS


def _page(language: str) -> str:
    from test_generated import page

    return page(language, "pzbs-alert-rules")


@pytest.mark.parametrize("language", ["pl", "en"])
def test_a_badge_and_a_quick_reference_row_say_they_rest_on_a_reading(language: str) -> None:
    text = _page(language)
    # each row of a run of editorial examples: its anchor, then its cells up to the next row
    rows_of = [re.match(r"([^`]+)`(.*)", chunk, re.S) for chunk in text.split("{hb-example-row}`")[1:]]
    reading = {role_text(row.group(1)) for row in rows_of if row and any(
        read_payload(role_text(p)).get("reading")
        for p in re.findall(r"\{hb-verdict\}`([^`]+)`", row.group(2).split("\n* - ")[0]))}
    assert reading == READINGS
    rows = [read_payload(role_text(p)) for p in re.findall(r"\{hb-quickref-verdict\}`([^`]+)`", text)]
    marked = [row for row in rows if row.get("reading")]
    # The quick reference gives each marked example's verdict a row of its own (one per agreement).
    assert 6 <= len(marked) <= len(READINGS), marked
    assert len({row["reading"] for row in marked}) == 1


def test_an_alert_card_line_says_which_agreement_rests_on_a_reading() -> None:
    from test_alert_cards import _card

    _doc, parts = _card("pzbs-alert-rules", "en")
    marked = [asked for part in parts for group in part.groups for line in group.lines
              for verdict in line.verdicts for asked in verdict.readings]
    assert "natural; 5+ spades; 13–21 HCP" in marked
    assert 6 <= len(marked) <= len(READINGS)


def test_the_site_marks_the_badges_and_the_rows(real_site: Path) -> None:
    page = (real_site / "en" / "pzbs-alert-rules.html").read_text(encoding="utf-8")
    assert page.count('class="hb-reading"') >= 2 * 6
    row = page.split('id="ex-1-pik-od-13"', 1)[1].split("</tr>", 1)[0]
    assert re.search(r'class="hb-reading">\(handbook(&#x27;|’|\')s reading\)', row), row[-400:]
    unmarked = page.split('id="ex-1-kier-zaslony"', 1)[1].split("</tr>", 1)[0]
    assert "hb-reading" not in unmarked


@pytest.mark.tex
def test_print_marks_them_too(real_books: Path) -> None:
    pdf = real_books / "pdf" / "pzbs-alert-rules-pl-a5.pdf"
    text = " ".join(subprocess.run(["pdftotext", str(pdf), "-"], check=True, capture_output=True,
                                   text=True).stdout.split())
    import polib

    # the Polish word, read from its catalog
    entry = next(e for e in polib.pofile(str(ROOT / "translations" / "pl" / "LC_MESSAGES" / "handbook.po"))
                 if e.msgid == "handbook's reading")
    word = entry.msgstr
    assert word
    # the badge in the appendix and the row of the quick reference, for each example
    assert text.count(f"({word})") >= 2 * 6, text.count(f"({word})")
