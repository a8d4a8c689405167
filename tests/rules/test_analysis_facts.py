"""The analysis's grid varies exactly the facts the rules' predicates declare
they read (issue 33, item 11): for each fact a query may state, two rules
that meet only where that fact takes one value are found in conflict, at
each rule's line; and a rule naming no call is checked for reachability too."""

from __future__ import annotations

from pathlib import Path

import pytest

from build_tools.cli import main
from build_tools.loader import display_path, load_document
from build_tools.rules.declarations import FACTS
from build_tools.rules.predicates import DECLARATIONS
from build_tools.verdicts import analyse_document
from conftest import write_document

HEAD = """\
schema: 1
document: doc
title: Rules
language: en
kind: regulation
body:
  - paragraph: d
    text: By default, a natural new suit; or, by agreement, one of these.
    default: true
    leaves: [A forcing new suit.]
"""

#: For each fact, two rules (scopes and whens) that give different answers
#: to 'alert' and meet only where the query states that fact so. A third
#: question's rule serves 'verdict'.
PLANTED: dict[str, tuple[str, str]] = {
    "call": ("{call: 1NT}", "{call: [1NT, 2NT]}"),
    "auction": ("{call: 1NT, contested: true}", "{call: 1NT, opener: rho}"),
    "meaning": ("{call: 1NT}, when: {meaning: {natural: true}}", "{call: 1NT}, when: {stated: true}"),
    "earlier": ("{call: 1NT, opening-meaning: {artificial: true}}", "{call: 1NT, opening-call: 1♣}"),
    "agreed": ("{call: 1NT, agreed: false}", "{call: 1NT, stated: false}"),
    "screens": ("{call: 1NT, screens: true}", "{call: [1NT, 2NT], screens: true}"),
    "vulnerable": ("{call: 1NT, vulnerable: we}", "{call: 1NT, vulnerable: [we, both]}"),
    "hand": ("{call: 1NT, hand-hcp: 10-12}", "{call: 1NT, hand-hcp: 12-14}"),
    "agreements": ("{call: 1NT, agreement: {default: d, leaf: d.leaf1}}",
                   "{call: [1NT, 2NT], agreement: {default: d, leaf: d.leaf1}}"),
    "system": ("{call: 1NT, card: true}", "{call: 1NT, several-systems: false}"),
    "opponents": ("{call: 1NT, opponents: {card: true}}", "{call: [1NT, 2NT], opponents: {several-systems: false}}"),
    "event": ("{call: 1NT, event: \"1\"}", "{call: [1NT, 2NT], event: \"1\"}"),
    "stage": ("{call: 1NT, stage: knockout}", "{call: [1NT, 2NT], stage: knockout}"),
    "verdict": ("{call: 1NT, verdict: {natural: \"yes\"}}", "{call: [1NT, 2NT], vulnerable: [we, they]}"),
}


def document(fact: str) -> str:
    first, second = PLANTED[fact]
    text = HEAD + f"""\
  - paragraph: first
    text: The first rule.
    rule: {{question: alert, scope: {first}, answer: "yes"}}
  - paragraph: second
    text: The second rule.
    rule: {{question: alert, scope: {second}, answer: "no"}}
"""
    if fact == "verdict":
        text += """\
  - paragraph: natural
    text: A 1NT is natural where we are vulnerable.
    rule: {question: natural, scope: {call: 1NT, vulnerable: we}, answer: "yes"}
"""
    return text


def test_a_conflict_is_planted_for_every_fact() -> None:
    assert set(PLANTED) == set(FACTS)
    read = {fact for declared in DECLARATIONS.values() for fact in declared.facts}
    assert read == set(FACTS)


@pytest.mark.parametrize("fact", sorted(PLANTED))
def test_a_conflict_that_turns_on_one_fact_is_found_at_both_rules(fact: str, tmp_path: Path) -> None:
    text = document(fact)
    found = analyse_document(load_document(write_document(tmp_path, text)))
    lines = {n for n, line in enumerate(text.splitlines(), 1) if line.strip().startswith("- paragraph: ")}
    first, second = (n for n in sorted(lines) if text.splitlines()[n - 1].strip() in ("- paragraph: first",
                                                                                       "- paragraph: second"))
    conflicts = [f for f in found if f.severity == "error" and "disagree on 'alert'" in f.message]
    assert {f.line for f in conflicts} == {first, second}, found
    assert all("'first' (yes) and 'second' (no)" in f.message for f in conflicts)


def test_the_vulnerability_conflict_of_the_issue_fails_validate(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 33, item 11: "1 document valid", exit 0, where explain then said
    "yes by 'a'; no by 'b'"; now validate names it at both rules."""
    text = document("vulnerable")
    path = write_document(tmp_path, text)
    assert main(["validate", str(path)]) == 1
    err = capsys.readouterr().err
    rules = [n for n, line in enumerate(text.splitlines(), 1) if line.strip() in ("- paragraph: first",
                                                                                 "- paragraph: second")]
    assert len(rules) == 2
    for line in rules:
        assert f"{display_path(path)}:{line}:5: error: rules of 'first' (yes) and 'second' (no) disagree on 'alert' " \
               f"for auction '1NT' (vulnerable: we)" in err


def test_without_the_fact_the_rules_do_not_meet(tmp_path: Path) -> None:
    """The other side of each boundary: the same rules, the second asking
    another value of the fact, are found in no conflict."""
    text = document("vulnerable").replace("vulnerable: [we, both]", "vulnerable: [they, both]")
    assert not [f for f in analyse_document(load_document(write_document(tmp_path, text))) if f.severity == "error"]


def test_a_rule_naming_no_call_is_checked_for_reachability(tmp_path: Path) -> None:
    """Unreachability covers every rule, not only those naming a call, an
    auction or an opening: an opening is never contested."""
    text = HEAD + """\
  - paragraph: never
    text: A contested opening.
    rule: {question: alert, scope: {opening: true, contested: true}, answer: "yes"}
  - paragraph: sometimes
    text: A contested call.
    rule: {question: alert, scope: {contested: true}, answer: "no"}
"""
    found = analyse_document(load_document(write_document(tmp_path, text)))
    messages = [f.message for f in found]
    assert any(m.startswith("rule of 'never' (alert) is unreachable:") and "its scope holds in none of them" in m
               for m in messages), messages
    assert not any("'sometimes'" in m for m in messages)
