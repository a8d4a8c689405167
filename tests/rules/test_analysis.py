"""The analysis of a document's rules at load (issue 18, item 5): a fixture
document holding each kind of finding, reported by ``handbook validate`` at
the rule's line, and the shipped handbook, which has none."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from build_tools.cli import main
from build_tools.loader import display_path, load_document
from build_tools.verdicts import analyse_document as analyse
from conftest import write_document

FIXTURE = """\
schema: 1
document: doc
title: Zasady
language: pl
kind: regulation
parameters:
  - {parameter: natural-suit-length, value: 3, article: zasada-ogolna}
  - {parameter: natural-conventions, value: [], article: zasada-ogolna}
  - {parameter: notrump-suit-length, value: 5, article: zasada-ogolna}
  - {parameter: shown-suit-length, value: 4, article: zasada-ogolna}
body:
  - paragraph: zasada-ogolna
    text: Alertuje się odzywki sztuczne.
    rule:
      question: alert
      fallback: true
      when: {meaning: {natural: true}}
      answer: "no"
      otherwise: "yes"
  - paragraph: tekst
    text: Tu nie ma reguły.
  - list: punkty
    items:
      - point: otwarcie-1ba
        text: Nie alertuje się 1BA 14-18.
        rule:
          question: alert
          scope: {opening: true, call: 1BA}
          when: {meaning: {natural: true, hcp: 14-18}}
          answer: "no"
          otherwise: "yes"
      - point: otwarcie-1ba-zawsze
        text: Alertuje się każde otwarcie 1BA.
        rule:
          question: alert
          scope: {opening: true, call: 1BA}
          answer: "yes"
      - point: otwarcie-po-wejsciu
        text: Nie alertuje się otwarcia 1BA po wejściu przeciwnika.
        rule:
          question: alert
          scope: {opening: true, contested: true, call: 1BA}
          answer: "no"
      - point: kolo-a
        text: Wyjątek od kolo-b.
        rule:
          question: alert
          scope: {call: 2♣}
          answer: "no"
          exception-to: [kolo-b]
      - point: kolo-b
        text: Wyjątek od kolo-a.
        rule:
          question: alert
          scope: {call: 2♥}
          answer: "yes"
          exception-to: [kolo-a, nigdzie]
      - point: naturalne
        text: Naturalne jest 2♠, które nie jest dziwne.
        rule:
          question: natural
          scope: {call: 2♠}
          when: {verdict: {hum: "no"}}
          answer: "yes"
          otherwise: "no"
      - point: dziwne
        text: Dziwne jest 2♠, które nie jest naturalne.
        rule:
          question: hum
          scope: {call: 2♠}
          when: {verdict: {natural: "no"}}
          answer: "yes"
          exception-to: [tekst]
      - point: sztuczne
        text: Alertuje się sztuczne 2♦.
        rule:
          question: alert
          scope: {call: 2♦}
          when: {natural-call: false}
          answer: "yes"
"""


def line_of(text: str, point: str) -> int:
    """The line of the point ``point`` in ``text`` (1-based), where the rule's
    findings are reported."""
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.strip() == f"- point: {point}")


def test_validate_reports_each_finding_at_its_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_document(tmp_path, FIXTURE)
    assert main(["validate", str(path)]) == 1
    err = capsys.readouterr().err.splitlines()
    where = display_path(path)

    def at(point: str) -> str:
        return f"{where}:{line_of(FIXTURE, point)}:9: "

    assert err == [
        at("otwarcie-1ba") + "error: rules of 'otwarcie-1ba' (no) and 'otwarcie-1ba-zawsze' (yes) disagree on "
                             "'alert' for auction '1BA', and neither is an exception to the other",
        # The conflict is reported at each of the two rules (issue 33, item 11).
        at("otwarcie-1ba-zawsze") + "error: rules of 'otwarcie-1ba' (no) and 'otwarcie-1ba-zawsze' (yes) disagree "
                                    "on 'alert' for auction '1BA', and neither is an exception to the other",
        # 40 queries: 1BA not opened, and after the grid's openings (issue 33, item 11: the auction varies).
        at("otwarcie-po-wejsciu") + "warning: rule of 'otwarcie-po-wejsciu' (alert) is unreachable: 40 queries "
                                    "were built for its scope and its scope holds in none of them",
        at("kolo-a") + "error: exceptions form a cycle: 'kolo-a' -> 'kolo-b' -> 'kolo-a'",
        at("kolo-b") + "error: rule of 'kolo-b' names unknown article 'nigdzie'",
        at("naturalne") + "error: questions ask each other's verdict in a cycle: 'natural' -> 'hum' -> 'natural'",
        at("dziwne") + "warning: rule of 'dziwne' is an exception to 'tekst', which holds no rule of 'hum'",
        at("sztuczne") + "warning: rule of 'sztuczne' uses 'natural-call' while the document defines 'natural' "
                         "by its own rules: use 'verdict: {natural: ...}' so that definition decides",
        "handbook: 5 errors",
    ]


#: An exception that applies wherever a rule does leaves it no query: the
#: second reason the analysis gives.
SET_ASIDE_ALWAYS = FIXTURE.split("      - point: otwarcie-1ba-zawsze")[0] + textwrap.indent(textwrap.dedent("""\
    - point: wyjatek
      text: Każde otwarcie 1BA alertuje się.
      rule:
        question: alert
        scope: {opening: true, call: 1BA}
        answer: "yes"
        exception-to: [otwarcie-1ba]
    """), "      ")
#: The fixture's first two rules, the second made an exception to the first,
#: conflict no more: the error comes from the grid, not the text.
YIELDING = FIXTURE.split("      - point: otwarcie-po-wejsciu")[0].replace(
    "          scope: {opening: true, call: 1BA}\n          answer: \"yes\"",
    "          scope: {opening: true, call: 1BA, meaning: {natural: false}}\n          answer: \"yes\"\n"
    "          exception-to: [otwarcie-1ba]")


@pytest.mark.parametrize(("text", "messages"), [
    (SET_ASIDE_ALWAYS, ["rule of 'otwarcie-1ba' (alert) is unreachable: 48 queries were built for its scope and "
                        "its scope may hold in 12 but another rule always sets it aside"]),
    (YIELDING, []),
], ids=["set-aside-by-every-query", "agree-or-yield"])
def test_what_the_analysis_finds_in_a_variant_of_the_fixture(tmp_path: Path, text: str, messages: list[str]) -> None:
    assert text != FIXTURE
    assert [d.message for d in analyse(load_document(write_document(tmp_path, text)))] == messages


def test_the_shipped_handbook_validates_with_no_finding(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert "valid" in captured.out
