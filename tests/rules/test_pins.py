"""Pins on the rule model's boundaries (issue 18, item 10): each test sits on
both sides of one comparison in build_tools/rules/ that a plausible one-line
slip (``<`` for ``<=``, a dropped clause) would move, and fails with that slip
planted. They ask through the public readers (``Situation.read``,
``Condition.parse``, ``within``, ``Query.parse``, ``natural_of``,
``is_bi_double``) and a document the loader reads, never the engine's
internals, which are being rewritten; every query states the meaning it relies
on, so it stays a decided case whatever an unstated meaning comes to mean."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from build_tools.bridge import Call
from build_tools.loader import load_document
from build_tools.rules.alerting import is_bi_double, natural_of
from build_tools.rules.conditions import Condition, within
from build_tools.rules.errors import VocabularyError
from build_tools.rules.query import Query
from build_tools.rules.situation import Situation
from build_tools.rules.vocabulary import Meaning
from build_tools.verdicts import check_document
from conftest import write_document


def meaning(data: dict[str, Any]) -> Meaning:
    return Meaning.parse(data)


def two_suiter(lengths: str) -> Meaning:
    return meaning({"two-suiter": {"min": lengths}})


def test_a_two_suiter_meets_a_minimum_equal_to_its_own_lengths() -> None:
    """conditions._two_suiter_within, ``high < max(wanted.min)``: the longer
    suit fails the minimum only when shorter than it, so a 5-5 lies within
    ``min: 5-5`` and a 4-5 within ``min: 4-5``; a 5-4 and a 4-4 do not."""
    assert within(two_suiter("5-5"), two_suiter("5-5"))
    assert within(two_suiter("4-5"), two_suiter("4-5"))
    assert not within(two_suiter("5-4"), two_suiter("5-5"))
    assert not within(two_suiter("4-4"), two_suiter("4-5"))



@pytest.mark.parametrize(("actual", "least", "holds"), [
    ("5-5", "6-4", False),  # the longer suit is short of six
    ("6-4", "6-4", True),
    ("4-6", "6-4", True),  # lengths in either order
    ("6-5", "6-4", True),
    ("5-4", "5-5", False),  # the shorter suit is short of five
])
def test_two_suited_compares_the_longer_suit_with_the_longer_minimum(actual: str, least: str, holds: bool) -> None:
    """alerting ``two-suited``'s ``min``: the longer suit must reach the longer
    minimum and the shorter the shorter; compared as lists, a 5-5 passed
    ``min: 6-4`` (5 > 4 settled it)."""
    condition = Condition.parse({"two-suited": {"min": least}}, "pl")
    situation = Situation.read("[1♦] 2BA", "pl", meaning=two_suiter(actual))
    assert condition.holds(situation) is holds
    # Two suits of four or more read as a two-suiter, by the same measure.
    spades, hearts = actual.split("-")
    both = meaning({"suits": {"spades": f"{spades}+", "hearts": f"{hearts}+"}})
    assert condition.holds(Situation.read("[1♦] 2♦", "pl", meaning=both)) is holds

def test_after_strips_leading_passes_only_while_the_auction_is_longer() -> None:
    """conditions._ends_with_ours (``after:``), ``len(stripped) > len(before)``:
    leading passes are stripped while the auction is longer than the one
    written, never once it is as long, so a written auction that itself
    starts with a pass still matches."""
    after = Condition.parse({"after": "[pas] 1♥"}, "pl")
    raise_ = meaning({"natural": True, "suits": {"hearts": "3+"}, "hcp": "6-10"})
    # As long as written, its own leading pass kept.
    assert after.holds(Situation.read("[pas] 1♥ [pas] 2♥", "pl", meaning=raise_))
    # One call longer: one pass stripped, and no more.
    assert after.holds(Situation.read("pas [pas] 1♥ [pas] 2♥", "pl", meaning=raise_))
    # As long as written, but another auction: nothing to strip, no match.
    assert not after.holds(Situation.read("[1♣] 1♥ [pas] 2♥", "pl", meaning=raise_))


def test_partners_double_is_not_a_double_by_an_opponent() -> None:
    """situation.Situation.doubled_by_opponent, ``not self.is_ours(...)``: the
    last call other than pass must be an opponent's double; partner's double
    before the call is not one."""
    doubled = Condition.parse({"doubled": True}, "pl")
    new_suit = meaning({"natural": True, "suits": {"clubs": "5+"}})
    by_opponent = Situation.read("1♥ [ktr] 2♣", "pl", meaning=new_suit)
    by_partner = Situation.read("[1♥] ktr [pas] 2♣", "pl", meaning=new_suit)
    assert by_opponent.doubled_by_opponent and doubled.holds(by_opponent)
    assert not by_partner.doubled_by_opponent and not doubled.holds(by_partner)


def test_earlier_reaches_the_last_call_written_and_no_further() -> None:
    """situation.Situation.read, ``0 < number <= len(written)``: ``earlier``
    numbers the calls as written from 1 to the last one (the call in
    question); a number past it is ignored."""
    stayman = meaning({"convention": "stayman", "major": "4+"})
    last = Situation.read("1BA 2♣", "pl", earlier={2: stayman})
    assert last.written_to_table == (0, 2)
    assert last.meaning == stayman and last.meanings == {2: stayman}
    assert Situation.read("1BA 2♣", "pl", earlier={3: stayman}).meanings == {}


def test_a_suit_bid_with_three_cards_in_its_suit_is_natural() -> None:
    """alerting.natural_of, ``named.low >= 3``: a suit bid promising three
    cards in the suit it names is natural; two cards, artificial."""
    assert natural_of(Call.parse("1C"), meaning({"suits": {"clubs": "3+"}}))
    assert not natural_of(Call.parse("1C"), meaning({"suits": {"clubs": "2+"}}))


def test_a_double_that_may_hold_a_singleton_in_an_unbid_suit_is_bi() -> None:
    """alerting.is_bi_double, ``unbid_suits.low <= 1``: with a constructive
    opening's strength and no clear excess, a double that may hold a
    singleton in a suit nobody has bid is a "kontra bi"; one promising a
    doubleton or more in each is not."""
    takeout = {"convention": "takeout-double", "hcp": "12+"}
    assert is_bi_double(meaning({**takeout, "unbid-suits": "1+"}))
    assert not is_bi_double(meaning({**takeout, "unbid-suits": "2+"}))


def test_earlier_call_numbers_start_at_one() -> None:
    """query._earlier, ``number < 1``: calls are numbered from 1 as written,
    so ``earlier: {1: ...}`` is read and ``earlier: {0: ...}`` refused."""
    stayman = {"convention": "stayman", "major": "4+"}
    query = Query.parse({"auction": "1BA 2♣", "meaning": stayman, "earlier": {1: {"hcp": "15-17"}}})
    assert query.earlier == ((1, meaning({"hcp": "15-17"})),)
    with pytest.raises(VocabularyError) as caught:
        Query.parse({"auction": "1BA 2♣", "meaning": stayman, "earlier": {0: {"hcp": "15-17"}}})
    assert caught.value.path == "earlier.0"


# Two points of equal standing that answer the same query differently: the
# document's author must say which one is the exception.
DISAGREEING = """\
schema: 1
document: doc
title: Zasady
language: pl
kind: regulation
body:
  - list: punkty
    items:
      - point: otwarcie-1ba
        text: Nie alertuje się 1BA 14-18.
        rule:
          question: alert
          scope: {opening: true, call: 1BA}
          when: {meaning: {natural: true, hcp: 14-18}}
          answer: "no"
      - point: otwarcie-1ba-mocne
        text: Alertuje się 1BA 15-17.
        rule:
          question: alert
          scope: {opening: true, call: 1BA}
          when: {meaning: {natural: true, hcp: 15-17}}
          answer: "yes"
  - example: ex-1ba-15-17
    auction: 1BA
    view: partnership
    meaning: {natural: true, hcp: 15-17}
    expect: {alert: no}
"""


def test_rules_of_equal_standing_that_disagree_are_reported(tmp_path: Path) -> None:
    """engine.decide's Conflict, seen as ``handbook check`` reports it: two
    rules of equal standing with different answers are an authoring error;
    once one is an exception to the other, the check passes."""
    path = write_document(tmp_path, DISAGREEING)
    messages = [p.message for p in check_document(load_document(path)).problems]
    assert len(messages) == 1 and "the rules disagree" in messages[0], messages
    assert "otwarcie-1ba'" in messages[0] and "otwarcie-1ba-mocne'" in messages[0]
    resolved = DISAGREEING.replace('answer: "yes"\n', 'answer: "yes"\n          exception-to: [otwarcie-1ba]\n')
    assert resolved != DISAGREEING
    path.write_text(resolved.replace("expect: {alert: no}", "expect: {alert: yes}"), encoding="utf-8")
    assert check_document(load_document(path)).problems == ()


def _doubtful(article: str, answer: str = "yes", within: tuple[str, ...] = ()) -> Any:
    """A rule on ``article`` that speaks only when the call is natural: in
    doubt for a query that states no meaning."""
    from build_tools.rules.engine import Rule

    return Rule(article=article, question="alert", answer=answer, within=within,
                when=Condition.parse({"meaning": {"natural": True}}, "pl"))


@pytest.mark.parametrize(("in_doubt", "depends"), [(10, False), (11, True)])
def test_ten_rules_in_doubt_are_weighed_case_by_case_and_eleven_are_not(in_doubt: int, depends: bool) -> None:
    """engine._MOST_IN_DOUBT, ``len(doubtful) <= 10``: with one rule certain to
    answer yes and rules in doubt that could only say yes too, every case
    gives yes; up to ten are weighed and the verdict is yes, beyond ten the
    verdict depends without weighing them."""
    from build_tools.rules.engine import Rule, decide

    rules = [Rule(article="pewna", question="alert", answer="yes"),
             *(_doubtful(f"watpliwa-{n}") for n in range(in_doubt))]
    found = decide(rules, "alert", Situation.read("1BA", "pl"))
    assert found.depends is depends
    if not depends:
        assert found.answer == "yes"
    else:
        assert found.needs == ("natural",) and len(found.cases) == in_doubt


def test_a_decided_rule_an_exception_sets_aside_is_kept_to_be_named() -> None:
    """engine.decide, ``len(s.options) == 1 or not any(...)``: a certain
    exception drops the rules in doubt it sets aside (they cannot matter), but
    a rule decided to apply stays, so that the verdict names it as set aside;
    without the first clause the verdict would name none."""
    from build_tools.rules.engine import Rule, decide

    general = Rule(article="ogolna", question="alert", answer="yes")
    exception = Rule(article="wyjatek", question="alert", answer="no", exception_to=("ogolna",))
    doubtful = _doubtful("ogolna-punkt", within=("ogolna",))
    found = decide([general, exception, doubtful], "alert", Situation.read("1BA", "pl"))
    assert (found.answer, found.article, found.set_aside) == ("no", "wyjatek", ("ogolna",))
    assert not found.depends and found.cases == ()
