"""The rule analysis's cost is bounded and in proportion to the document
(issue 37, item 2): the issue's 3.7 KB reproducer, which ran for hours, is
analysed within the bound and its conflicts found; the work grows with the
rules, not with their pairs; and a document past the bound is refused at a
rule's line, naming the bound. The work is counted in evaluations of rules
(never a wall-clock time)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from build_tools.loader import load_document
from build_tools.rules import analysis, evaluation
from build_tools.verdicts import analyse_document
from conftest import write_document

BIDS = [f"{level}{strain}" for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT")]
HEAD = "schema: 1\ndocument: doc\ntitle: T\nlanguage: en\nkind: regulation\nbody:\n"


def slow() -> str:
    """The issue's reproducer: ten rules of 35 calls each, each leaving the
    vulnerability and the hand to the query."""
    return HEAD + "".join(
        f"  - paragraph: r{i}\n    text: R.\n    rule: {{question: alert, scope: {{call: {BIDS}, "
        f"vulnerable: we}}, when: {{hand-hcp: {i}-{i + 3}}}, answer: \"yes\", otherwise: \"no\"}}\n"
        for i in range(10))


def many_rules(n: int) -> str:
    """``n`` rules, each about its own call after its own auction."""
    pairs: Iterator[tuple[int, int, int]] = ((a, b, c) for a, b in itertools.combinations(range(len(BIDS)), 2)
                                             for c in range(b + 1, len(BIDS)))
    return HEAD + "".join(
        f"  - paragraph: r{i}\n    text: R.\n    rule: {{question: alert, scope: {{after: '{BIDS[a]} {BIDS[b]}', "
        f"call: {BIDS[c]}}}, answer: \"{'yes' if i % 2 else 'no'}\"}}\n"
        for i, (a, b, c) in enumerate(itertools.islice(pairs, n)))


def chain(n: int) -> str:
    """``n`` rules on one call, each an exception to the one before."""
    return HEAD + "".join(
        f"  - paragraph: r{i}\n    text: R.\n    rule: {{question: alert, scope: {{call: 1NT}}, "
        f"answer: \"{'yes' if i % 2 else 'no'}\"" + (f", exception-to: r{i - 1}" if i else "") + "}\n"
        for i in range(n))


@pytest.fixture
def evaluations(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The evaluations of rules counted since (in every session)."""
    counted = [0]
    real = evaluation.Session.count

    def count(self: evaluation.Session, rules: int) -> None:
        counted[0] += rules
        real(self, rules)

    monkeypatch.setattr(evaluation.Session, "count", count)
    return counted


def analysed(tmp_path: Path, text: str, evaluations: list[int]) -> tuple[list[str], int]:
    evaluations[0] = 0
    found = analyse_document(load_document(write_document(tmp_path, text)))
    return [f.message for f in found], evaluations[0]


def test_the_slow_document_of_the_issue_is_analysed_within_its_bound(tmp_path: Path,
                                                                     evaluations: list[int]) -> None:
    text = slow()
    assert 3_600 < len(text.encode()) < 3_800
    messages, work = analysed(tmp_path, text, evaluations)
    assert not any("bound" in m for m in messages), messages
    # The rules do conflict (a 7♥ where we are vulnerable, a hand in two ranges):
    # found at every rule, within a small part of the bound.
    assert {m.split(" disagree")[0].count("'r") for m in messages} == {10}, messages
    assert len(messages) == 10
    assert work < analysis.bound(10) // 10, work


def test_the_work_grows_with_the_rules_not_their_pairs(tmp_path: Path, evaluations: list[int]) -> None:
    for make in (many_rules, chain):
        small = analysed(tmp_path, make(60), evaluations)
        large = analysed(tmp_path, make(240), evaluations)
        assert not [m for m in small[0] + large[0] if "bound" in m], make
        # Four times the rules: about four times the work (pairs would be sixteen).
        assert large[1] < 6 * small[1], (make.__name__, small[1], large[1])


def test_a_document_past_the_bound_is_refused_at_a_rule(tmp_path: Path, evaluations: list[int],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analysis, "BOUND_BASE", 50)
    monkeypatch.setattr(analysis, "BOUND_PER_RULE", 5)
    text = slow()
    path = write_document(tmp_path, text)
    found = analyse_document(load_document(path))
    stopped = [f for f in found if "stopped at its bound" in f.message]
    assert len(stopped) == 1 and stopped[0].severity == "error"
    assert "its bound of 100 evaluations of rules (for a document of 10 rules)" in stopped[0].message
    lines = text.splitlines()
    assert lines[stopped[0].line - 1].startswith("  - paragraph: r")
    # Nothing is called unreachable for want of the queries not asked.
    assert not [f for f in found if "unreachable" in f.message]


def test_what_the_rules_read_is_worked_out_once_a_rule(tmp_path: Path, evaluations: list[int],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Each rule's queries state what the rules meeting it read; in a chain of
    exceptions on one call every rule meets every other, and reading their
    conditions rule by rule made the analysis quadratic outside the engine
    (a 10,000-rule chain: over 400 s)."""
    read = [0]
    real = analysis._named

    def named(rule: object) -> object:
        read[0] += 1
        return real(rule)  # type: ignore[arg-type]

    monkeypatch.setattr(analysis, "_named", named)
    counts = []
    for n in (60, 240):
        read[0] = 0
        analysed(tmp_path, chain(n), evaluations)
        counts.append(read[0])
    assert counts[1] < 6 * counts[0], counts
