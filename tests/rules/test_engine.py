"""Rules and doctest-style examples: a small document with a general principle,
two listed exemptions and an exception, checked end to end (loader, verdicts,
messages)."""

from __future__ import annotations

from pathlib import Path

import pytest

from build_tools.diagnostics import DiagnosticError
from build_tools.loader import display_path, load_document
from build_tools.rules.conditions import PREDICATES
from build_tools.rules.vocabulary import CONVENTIONS
from build_tools.verdicts import check_document
from conftest import write_document

RULES = """\
schema: 1
document: doc
title: Zasady
language: pl
kind: regulation
body:
  - paragraph: zasada-ogolna
    text: Alertuje się odzywki sztuczne.
    rule:
      question: alert
      fallback: true
      when: {meaning: {natural: true}}
      answer: "no"
      otherwise: "yes"
  - list: punkty
    items:
      - point: otwarcie-1ba
        text: Nie alertuje się 1BA 14-18 w składzie bezatutowym.
        rule:
          question: alert
          scope: {opening: true, call: 1BA}
          when: {meaning: {natural: true, hcp: 14-18, shape: pzbs-notrump}}
          answer: "no"
          otherwise: {answer: "yes", by: znaczenie}
      - point: stayman
        text: Nie alertuje się 2♣ po 1BA – Stayman.
        rule:
          question: alert
          scope: {response: true, after: 1BA, call: 2♣, contested: false}
          when: {meaning: {convention: stayman, major: 4+}}
          answer: "no"
      - point: stayman-po-wejsciu
        text: Alertuje się Staymana po wejściu 1BA.
        rule:
          question: alert
          scope: {call: 2♣, after: "[1♥] 1BA"}
          answer: "yes"
          exception-to: [stayman]
  - paragraph: znaczenie
    text: Pozostałe znaczenia wymienionych zapowiedzi alertuje się.
"""

EXAMPLES = """\
  - example: ex-1ba-15-17
    auction: 1BA
    view: partnership
    meaning: {natural: true, hcp: 15-17, shape: balanced}
    expect: {alert: no}
  - example: ex-1ba-12-14
    auction: 1BA
    view: partnership
    meaning: {natural: true, hcp: 12-14, shape: balanced}
    expect: {alert: yes}
  - example: ex-stayman
    auction: 1BA 2♣
    view: partnership
    meaning: {convention: stayman, major: 4+}
    expect: {alert: no}
  - example: ex-1-pik
    auction: 1♠
    view: partnership
    meaning: {natural: true, suits: {spades: 5+}}
    expect: {alert: no}
"""


def test_examples_get_the_verdicts_they_state(tmp_path: Path) -> None:
    report = check_document(load_document(write_document(tmp_path, RULES + EXAMPLES)))
    assert report.problems == ()
    assert (report.rules, report.examples) == (4, 4)
    assert report.unexercised == ("stayman-po-wejsciu",)


def test_a_wrong_expectation_names_the_example_the_verdict_and_the_article(tmp_path: Path) -> None:
    text = RULES + EXAMPLES.replace("hcp: 12-14, shape: balanced}\n    expect: {alert: yes}",
                                    "hcp: 12-14, shape: balanced}\n    expect: {alert: no}")
    report = check_document(load_document(write_document(tmp_path, text)))
    assert [str(p) for p in report.problems] == [
        f"{display_path(tmp_path / 'doc.yaml')}:46:5: error: example 'ex-1ba-12-14': expected alert: no, "
        "the rules say alert: yes (article 'otwarcie-1ba')"
    ]


def test_an_exception_sets_its_rule_aside(tmp_path: Path) -> None:
    text = RULES + EXAMPLES + """\
  - example: ex-stayman-po-wejsciu
    auction: "[1♥] 1BA [pas] 2♣"
    view: partnership
    meaning: {convention: stayman, major: 4+}
    expect: {alert: yes}
"""
    report = check_document(load_document(write_document(tmp_path, text)))
    assert report.problems == () and report.unexercised == ()


@pytest.mark.parametrize(("old", "new", "message"), [
    ("when: {meaning: {convention: stayman, major: 4+}}", "when: {meaning: {convention: staymen}}",
     "rule of 'stayman' 'when.meaning.convention': unknown value 'staymen' (did you mean 'stayman'?); the "
     f"conventions: {', '.join(CONVENTIONS)} (a document declares more under 'conventions:')"),
    ("scope: {response: true, after: 1BA, call: 2♣, contested: false}", "scope: {respons: true}",
     "rule of 'stayman' 'scope.respons': unknown predicate (did you mean 'response'?; the predicates: "
     + ", ".join(sorted([*PREDICATES, "all", "any", "not"])) + ")"),
    ("    expect: {alert: no}\n  - example: ex-1ba-12-14", "    expect: {alret: no}\n  - example: ex-1ba-12-14",
     "example 'ex-1ba-15-17': expect 'alret': unknown question 'alret' (did you mean 'alert'?; the questions: alert, brown-sticker, colour, convention, front-of-card, hum, meets, natural, permitted, position, random-opening, response, shows)"),
    # A rule overriding itself: an exception to its own article sets itself aside.
    ("          exception-to: [stayman]\n", "          exception-to: [stayman-po-wejsciu]\n",
     "rule of 'stayman-po-wejsciu' 'exception-to': a rule cannot be an exception to its own article "
     "'stayman-po-wejsciu'"),
    # A general principle is the base case: it is an exception to nothing.
    ("      fallback: true\n", "      fallback: true\n      exception-to: [punkty]\n",
     "rule of 'zasada-ogolna' 'exception-to': a fallback (a general principle) yields to every other rule; "
     "it is an exception to none"),
    ("meaning: {natural: true, hcp: 15-17, shape: balanced}", "meaning: {natural: true, hcp: 15-17, shape: round}",
     "example 'ex-1ba-15-17': 'meaning' 'shape': unknown shape 'round': a class (balanced, pzbs-notrump, "
     "aeb-regular, semi-balanced, single-suiter, two-suiter, three-suiter) or four lengths longest first, "
     "adding to 13"),
])
def test_a_bad_rule_or_query_is_a_located_error(tmp_path: Path, old: str, new: str, message: str) -> None:
    text = RULES + EXAMPLES
    assert text.count(old) == 1
    with pytest.raises(DiagnosticError) as caught:
        load_document(write_document(tmp_path, text.replace(old, new)))
    (diagnostic,) = caught.value.diagnostics
    assert diagnostic.message == message and diagnostic.line > 0


def test_an_alert_mark_on_the_call_in_question_is_an_expected_verdict(tmp_path: Path) -> None:
    marked = RULES + """\
  - example: ex-1ba-12-14-marked
    auction: 1BA*
    view: partnership
    meaning: {natural: true, hcp: 12-14, shape: balanced}
"""
    document = load_document(write_document(tmp_path, marked))
    example = next(e for e in document.elements() if e.id == "ex-1ba-12-14-marked")
    assert example.expect == (("alert", "yes"),)  # type: ignore[union-attr]
    assert check_document(document).problems == ()
    wrong = marked.replace("meaning: {natural: true, hcp: 12-14, shape: balanced}\n",
                           "meaning: {natural: true, hcp: 15-17, shape: balanced}\n")
    assert [p.message for p in check_document(load_document(write_document(tmp_path, wrong))).problems] == [
        "example 'ex-1ba-12-14-marked': expected alert: yes, the rules say alert: no (article 'otwarcie-1ba')"]
    with pytest.raises(DiagnosticError) as caught:
        load_document(write_document(tmp_path, marked + "    expect: {alert: no}\n"))
    assert [d.message for d in caught.value.diagnostics] == [
        "example 'ex-1ba-12-14-marked': the auction marks its last call alerted, but expect says alert: no"]
