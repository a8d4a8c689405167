"""The PZBS alerting rules asked as a director asks them: queries written from
the text of the regulation (not from the engine's output), each with the
verdict the text gives and the article that must decide it.

Where an exemption's other meanings are alerted, the deciding article is the
point that lists the exemption, on the authority of the general principle
(znaczenie-nie-alertuje-sie, ``via``): "alert, under point 1", as a director
would cite it."""

from __future__ import annotations

import functools

import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from build_tools.bridge import Call
from build_tools.loader import load_document
from build_tools.rules.engine import Rule, decide
from build_tools.rules.errors import VocabularyError
from build_tools.rules.query import Query
from build_tools.rules.situation import Situation
from build_tools.rules.vocabulary import Meaning
from build_tools.verdicts import rules_of
from build_tools.rules.registry import Registry

SOURCE = Path(__file__).resolve().parents[2] / "source" / "pzbs-alert-rules.yaml"
PRINCIPLE = "znaczenie-nie-alertuje-sie"


@cache
def rules() -> tuple[Rule, ...]:
    return rules_of(load_document(SOURCE))


def ask(query: dict[str, Any]) -> Any:
    return decide(rules(), "alert", Query.parse(query).situation("pl"))


# (auction, meaning, extra query fields, expected alert, deciding article, article on the way)
QUERIES: list[tuple[str, dict[str, Any], dict[str, Any], str, str, str | None]] = [
    # Point 1: openings.
    ("1BA", {"natural": True, "hcp": "16-18", "shape": ["4333", "4432", "5332"]}, {}, "no", "otwarcia-1ba", None),
    ("1BA", {"hcp": "12-14", "shape": "balanced"}, {}, "yes", "otwarcia-1ba", PRINCIPLE),
    ("1BA", {"natural": True, "hcp": "14-16", "shape": "6m322"}, {}, "no", "otwarcia-1ba", None),
    ("1BA", {"natural": True, "hcp": "15-17", "shape": ["balanced", "4441"]}, {}, "yes", "otwarcia-1ba", PRINCIPLE),
    ("1BA", {"natural": True, "hcp": "15-17", "shape": "balanced"}, {"screens": True}, "no", "otwarcia-1ba", None),
    ("1♣", {"suits": {"clubs": "3+"}, "hcp": "12-17"}, {}, "no", "otwarcia-1-w-kolor", None),
    ("1♣", {"suits": {"clubs": "1+"}, "hcp": "12-17"}, {}, "yes", "otwarcia-1-w-kolor", PRINCIPLE),
    ("1♦", {"natural": True, "suits": {"diamonds": "4+"}, "hcp": "11-17"}, {}, "no", "otwarcia-1-w-kolor", None),
    ("1♠", {"natural": True, "suits": {"spades": "5+"}, "hcp": "10-20"}, {"screens": True}, "no",
     "otwarcia-1-w-kolor", None),
    ("1♥", {"natural": True, "suits": {"hearts": "5+"}, "hcp": "9-15"}, {}, "yes", "otwarcia-1-w-kolor", PRINCIPLE),
    ("2♥", {"natural": True, "suits": {"hearts": "6"}, "hcp": "7-11"}, {}, "no", "otwarcia-2-kier-pik", None),
    ("2♠", {"natural": True, "suits": {"spades": "6"}, "hcp": "11-15"}, {}, "yes", "otwarcia-2-kier-pik", PRINCIPLE),
    ("2♦", {"convention": "multi"}, {}, "yes", "otwarcia-2-karo", PRINCIPLE),
    ("2♦", {"convention": "wilkosz", "hcp": "6-10"}, {}, "no", "otwarcia-2-karo", None),
    ("2♣", {"convention": "precision", "hcp": "11-14"}, {"screens": True}, "no", "otwarcia-2-trefl", None),
    ("2♣", {"artificial": True, "hcp": "20+", "forcing": "forcing"}, {}, "yes", "otwarcia-2-trefl", PRINCIPLE),
    ("2BA", {"two-suiter": {"min": "5-5", "suits": ["clubs", "diamonds"]}, "strength": "preemptive"}, {}, "no",
     "otwarcia-2ba", None),
    ("2BA", {"natural": True, "hcp": "20-21", "shape": "balanced"}, {}, "yes", "otwarcia-2ba", PRINCIPLE),
    ("3♠", {"natural": True, "suits": {"spades": "7+"}, "hcp": "5-10"}, {}, "no", "otwarcia-3-w-kolor", None),
    ("3BA", {"convention": "gambling"}, {}, "no", "otwarcia-3ba", None),
    ("3BA", {"natural": True, "hcp": "25-27", "shape": "balanced"}, {}, "yes", "otwarcia-3ba", PRINCIPLE),
    # Point 2 and explanations 2-3: responses.
    ("1♣ [pas] 1♦", {"convention": "negative", "hcp": "0-6"}, {}, "no", "odpowiedzi-negat-1-karo", None),
    ("1♣ [pas] 1♦", {"natural": True, "suits": {"diamonds": "4+"}, "forcing": "forcing"}, {}, "yes", "odpowiedzi-negat-1-karo",
     PRINCIPLE),
    ("1♣ [ktr] 1♦", {"convention": "negative"}, {}, "yes", "wyjasnienie-negat-po-kontrze", None),
    ("1BA [pas] 2♣", {"convention": "stayman", "major": "4+"}, {}, "no", "odpowiedzi-stayman-po-1ba", None),
    ("1BA [pas] 2♣", {"convention": "stayman", "major": "4+"}, {"earlier": {1: {"hcp": "10-12"}}}, "no",
     "wyjasnienie-1ba-dowolnej-sily", None),
    ("1BA [pas] 2♥", {"convention": "transfer", "suits": {"spades": "5+"}}, {"screens": True}, "no",
     "odpowiedzi-transfer-po-1ba", None),
    ("1BA [2♣] 2♦", {"convention": "transfer", "suits": {"hearts": "5+"}}, {}, "yes",
     "wyjasnienie-stayman-po-interwencji", None),
    ("1BA [ktr] 2♥", {"convention": "transfer", "suits": {"spades": "5+"}}, {}, "yes",
     "wyjasnienie-stayman-po-interwencji", None),
    ("[1♦] 1BA [pas] 2♦", {"convention": "transfer", "suits": {"hearts": "5+"}}, {}, "yes",
     "wyjasnienie-stayman-po-wejsciu-1ba", None),
    # Point 3 and explanations 4-5: overcalls after a one-level opening.
    ("[1♠] 3♥", {"natural": True, "suits": {"hearts": "7+"}, "strength": "preemptive"}, {}, "no",
     "wejscia-blokujace-z-przeskokiem", None),
    ("[1♣] 2♥", {"natural": True, "suits": {"hearts": "6+"}, "hcp": "11-15"}, {}, "yes", "wejscia-blokujace-z-przeskokiem",
     PRINCIPLE),
    ("[1♠] 2♠", {"two-suiter": {"min": "5-5", "suits": ["hearts"]}}, {}, "no", "wejscia-kolorem-przeciwnika", None),
    ("[1♣] 2♣", {"two-suiter": {"min": "5-5", "suits": ["hearts", "spades"]}},
     {"earlier": {1: {"natural": True, "suits": {"clubs": "5+"}}}}, "yes", "warunek-drugi-longer-nieznany", None),
    ("[1♣] 2♣", {"natural": True, "suits": {"clubs": "6+"}}, {"earlier": {1: {"suits": {"clubs": "2+"}}}}, "no",
     "warunek-otwarcie-kolor-4-plus", None),
    ("[1♦] 2BA", {"two-suiter": {"min": "5-5", "suits": ["clubs", "hearts"]}}, {}, "no", "wyjasnienie-wejscie-2ba", None),
    ("[1♥] 2BA", {"two-suiter": {"min": "5-5", "suits": ["clubs", "diamonds"]}}, {"screens": True}, "no",
     "wejscia-2ba", None),
    ("[1♥] 2BA", {"two-suiter": {"min": "5-5", "suits": ["clubs", "spades"]}}, {}, "yes", "wejscia-2ba", PRINCIPLE),
    # Point 4 and explanation 6: doubles; the screens paragraph.
    ("[1♥] ktr", {"convention": "takeout-double", "hcp": "12+", "unbid-suits": "3+"}, {}, "no", "kontry", None),
    ("[1♥] ktr", {"convention": "takeout-double", "hcp": "9+"}, {}, "yes", "kontry-bi", None),
    ("[1♥] ktr", {"convention": "takeout-double", "hcp": "9+"}, {"screens": True}, "yes", "punkty-4-5-zakres", None),
    ("[1♦] pas [1♠] ktr", {"convention": "takeout-double", "hcp": "8+"}, {}, "no", "kontry", None),
    ("[1BA] pas [2♥] ktr", {"convention": "lead-directing-double", "lead": "doubled-suit"},
     {"earlier": {3: {"convention": "transfer", "suits": {"spades": "5+"}}}}, "no", "kontry", None),
    ("[1BA] pas [2♥] ktr", {"convention": "lead-directing-double", "lead": "other-suit"},
     {"earlier": {3: {"convention": "transfer", "suits": {"spades": "5+"}}}}, "yes", "kontry-wistowe", None),
    ("1♠ [2♥] ktr", {"convention": "transfer-double", "suits": {"clubs": "5+"}}, {}, "yes", "kontry-transferowe", None),
    # Point 5: the four level and higher.
    ("4♥", {"natural": True, "suits": {"hearts": "8"}}, {}, "no", "poziom-4-i-wyzej", None),
    ("4♣", {"artificial": True, "suits": {"hearts": "8"}}, {}, "yes", "poziom-4-i-wyzej", None),
    ("[4♥] ktr", {"convention": "takeout-double"}, {}, "no", "poziom-4-i-wyzej", None),
    ("[4♥] ktr", {"convention": "takeout-double"}, {"screens": True}, "no", "punkty-4-5-zakres", None),
    ("1♠ [pas] 4♣", {"artificial": True, "suits": {"clubs": "0-1"}}, {}, "no", "poziom-4-i-wyzej", None),
    ("1♠ [pas] 4♣", {"artificial": True, "suits": {"clubs": "0-1"}}, {"screens": True}, "yes",
     "punkty-4-5-zakres", None),
    # Other provisions 1-13.
    ("1♥ [pas] 2♣", {"natural": True, "suits": {"clubs": "4+"}, "forcing": "non-forcing"}, {}, "yes",
     "odpowiedzi-nowym-kolorem-nieforsujace", None),
    ("1♦ [pas] 1♥", {"natural": True, "suits": {"hearts": "5+"}, "forcing": "forcing"}, {}, "yes",
     "odpowiedzi-nowym-kolorem-piatka", None),
    ("1♦ [pas] 2♦", {"convention": "inverted-raise", "hcp": "10+", "forcing": "forcing"}, {}, "yes", "odpowiedz-2-karo-po-1-karo",
     PRINCIPLE),
    ("1♦ [pas] 2♦", {"natural": True, "suits": {"diamonds": "4+"}, "hcp": "6-9"}, {}, "no",
     "odpowiedz-2-karo-po-1-karo", None),
    ("1♠ [pas] 3♠", {"natural": True, "suits": {"spades": "4+"}, "hcp": "0-6", "strength": "preemptive"}, {}, "no",
     "podniesienie-blokujace", None),
    ("1♥ [pas] 3♥", {"natural": True, "suits": {"hearts": "4+"}, "hcp": "10-12", "strength": "invitational"}, {},
     "yes", "podniesienie-blokujace", PRINCIPLE),
    ("1♠ [pas] 3♦", {"natural": True, "suits": {"diamonds": "6+"}, "forcing": "game-forcing"}, {}, "no",
     "przeskok-nowym-kolorem", None),
    ("1♠ [pas] 2♣", {"natural": True, "suits": {"clubs": "2+"}, "forcing": "game-forcing"}, {}, "yes",
     "odpowiedz-2-trefl-po-1-w-kolor", None),
    ("2♣ [pas] 2♦", {"convention": "asking"}, {}, "yes", "pytanie-2-karo-po-2-trefl-precision", None),
    ("2♦ [pas] 2♠", {"convention": "pass-or-correct"}, {"earlier": {1: {"convention": "wilkosz"}}}, "yes",
     "odpowiedz-do-koloru-po-2-karo", None),
    ("1♣ [pas] 1♦ [pas] 2♣", {"natural": True, "suits": {"clubs": "5+"}, "forcing": "non-forcing"}, {}, "no",
     "rebid-otwierajacego", None),
    ("1♥ [pas] 1♠ [pas] 2♦", {"natural": True, "suits": {"diamonds": "4+"}, "hcp": "17+", "forcing": "forcing"}, {},
     "no", "rebid-otwierajacego", None),
    ("1♣ [pas] 1♥ [pas] 1♠ [pas] 2♦", {"convention": "fourth-suit", "forcing": "forcing"}, {}, "yes",
     "czwarty-kolor", None),
    ("1♦ [1♠] 2♣", {"natural": True, "suits": {"clubs": "5+"}, "forcing": "non-forcing"}, {}, "no",
     "odzywka-poziom-2", None),
    ("1♦ [1♠] 2♥", {"natural": True, "suits": {"hearts": "5+"}, "forcing": "forcing"}, {}, "yes", "odzywka-poziom-2",
     PRINCIPLE),
    ("1♣ [1♦] 1♠", {"natural": True, "suits": {"spades": "4+"}, "forcing": "forcing"}, {}, "no",
     "odzywka-poziom-1-lub-3", None),
    ("1♠ [ktr] 2♠", {"natural": True, "suits": {"spades": "3+"}, "hcp": "5-8"}, {}, "no",
     "podniesienie-po-kontrze-wywolawczej", None),
    ("pas", {"natural": True, "hcp": "0-7"}, {}, "no", "pas-na-otwarciu-0-7", None),
    ("[1♥] 2♦", {"natural": True, "suits": {"diamonds": "5+"}, "major": "0-3"}, {}, "no",
     "wejscie-mlodszym-bez-starszej-czworki", None),
    ("2♦ [ktr] pas", {"natural": True}, {"earlier": {1: {"convention": "multi"}}}, "no",
     "pas-po-kontrze-na-sztuczna-odzywke", None),
    ("2♦ [ktr] pas", {"artificial": True}, {"earlier": {1: {"convention": "wilkosz"}}}, "yes", "pas-po-kontrze-na-sztuczna-odzywke",
     PRINCIPLE),
    ("1♦ [pas] 2♦", {"natural": True, "suits": {"diamonds": "5+"}}, {}, "no", "odpowiedz-2-karo-po-1-karo", None),
    ("1♦ [1♥] 1♠", {"natural": True, "suits": {"spades": "4+"}}, {}, "no", "odzywka-poziom-1-lub-3", None),
    ("2♦", {"two-suiter": {"min": "5-5", "suits": ["spades"]}, "strength": "preemptive"}, {}, "no",
     "otwarcia-2-karo", None),
    ("1♥ [pas] 3♦", {"natural": True, "suits": {"diamonds": "5+"}, "hcp": "17+"}, {"screens": True}, "no",
     "przeskok-nowym-kolorem", None),
    # The general principle and the doubtful case, in sequences no article lists.
    ("1♠ [pas] 2♠ [pas] 3♥", {"artificial": True, "convention": "asking"}, {}, "yes", PRINCIPLE, None),
    ("1♥ [pas] 1♠ [pas] 2BA", {"natural": True, "hcp": "18-19", "shape": "balanced"}, {}, "no", PRINCIPLE, None),
    ("1♥ [pas] 1♠ [pas] 1BA", {"natural": True, "hcp": "12-14", "forcing": "forcing", "standard": False}, {},
     "yes", PRINCIPLE, None),
    # No agreement about the call (a fact the director establishes): the doubtful case.
    ("1♥ [pas] 1♠ [pas] 3♦", {}, {"agreed": False}, "yes", "sytuacje-watpliwe", None),
]


@pytest.mark.parametrize(("auction", "meaning", "extra", "alert", "article", "via"), QUERIES,
                         ids=[f"{q[0]}:{n}" for n, q in enumerate(QUERIES)])
def test_a_directors_query_gets_the_verdict_of_the_text(
    auction: str, meaning: dict[str, Any], extra: dict[str, Any], alert: str, article: str, via: str | None,
) -> None:
    verdict = ask({"auction": auction, "meaning": meaning, **extra})
    assert (verdict.answer, verdict.article) == (alert, article)
    if via is not None:
        assert via in verdict.chain


def test_the_issues_example_alerts_a_weak_notrump_through_point_1() -> None:
    verdict = ask({"auction": "1BA", "meaning": {"hcp": "12-14", "shape": "balanced"}})
    # Point 1 decides (its 1BA 14-18 is exempt), on the authority of the principle
    # that every other meaning of a listed call is alerted.
    assert (verdict.answer, verdict.article) == ("yes", "otwarcia-1ba")
    assert verdict.chain == (PRINCIPLE, "otwarcia-1ba")


def test_every_article_with_a_rule_is_asked_here_or_in_the_examples() -> None:
    asked = {q[4] for q in QUERIES} | {q[5] for q in QUERIES if q[5]}
    assert len(QUERIES) >= 30 and len(asked) >= 40


# --- no query is left undecided, and no two rules disagree -----------------

_MEANINGS = [
    {}, {"natural": True}, {"artificial": True}, {"natural": True, "suits": {"hearts": "5+"}, "hcp": "6-10"},
    {"convention": "stayman", "major": "4+"}, {"convention": "transfer", "suits": {"hearts": "5+"}},
    {"convention": "negative"}, {"two-suiter": {"min": "5-5", "suits": ["spades"]}},
    {"two-suiter": {"min": "5-5", "suits": ["clubs", "diamonds"]}}, {"natural": True, "forcing": "forcing"},
    {"natural": True, "forcing": "non-forcing"}, {"natural": True, "standard": False},
    {"convention": "takeout-double", "hcp": "8+"}, {"convention": "lead-directing-double", "lead": "other-suit"},
    {"convention": "transfer-double"}, {"hcp": "0-7"}, {"convention": "fourth-suit"},
    {"convention": "pass-or-correct"}, {"suits": {"clubs": "4+"}},
    {"suits": {"diamonds": "5+"}, "major": "0-3", "natural": True},
    {"strength": "preemptive", "suits": {"spades": "6+"}}, {"convention": "asking"}, {"convention": "bi-double"},
    {"natural": True, "hcp": "15-17", "shape": "balanced"}, {"convention": "inverted-raise", "forcing": "forcing"},
]
_BIDS = [Call.parse(f"{level}{strain}") for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT")]


def _random_auction(rng: random.Random) -> list[str]:
    calls: list[str] = []
    last, bidder, doubled = -1, 0, False
    for i in range(rng.randint(1, 8)):
        options = ["P", "P"] + (["B", "B", "B"] if last < len(_BIDS) - 1 else [])
        if last >= 0 and not doubled and (i - bidder) % 2 == 1:
            options.append("X")
        choice = rng.choice(options)
        if choice == "B":
            last, bidder, doubled = rng.randint(last + 1, min(len(_BIDS) - 1, last + 6)), i, False
            calls.append(str(_BIDS[last]))
        elif choice == "X":
            doubled = True
            calls.append("X")
        else:
            calls.append("P")
        if len(calls) >= 4 and calls[-3:] == ["P", "P", "P"]:
            break
    return calls


def test_random_auctions_are_always_decided_without_conflict() -> None:
    """Thousands of auctions and agreements: every one gets one verdict (no
    Undecided, no Conflict between rules of equal standing)."""
    rng = random.Random(2026)
    decided = 0
    for _ in range(3000):
        calls = _random_auction(rng)
        try:
            situation = Situation.read(" ".join(calls), "en", "table", Meaning.parse(rng.choice(_MEANINGS)),
                                       {n: Meaning.parse(rng.choice(_MEANINGS)) for n in range(1, len(calls))
                                        if rng.random() < 0.4}, rng.random() < 0.3)
        except ValueError:
            continue
        decide(rules(), "alert", situation)
        decided += 1
    assert decided > 2000


# --- the vocabulary the text needed ----------------------------------------

def test_a_lead_directing_doubles_request_is_vocabulary() -> None:
    assert Meaning.parse({"lead": "other-suit"}).lead == "other-suit"
    with pytest.raises(VocabularyError, match="did you mean 'other-suit'"):
        Meaning.parse({"lead": "other-suits"})


def test_a_doubles_support_in_the_unbid_suits_is_a_range() -> None:
    assert str(Meaning.parse({"unbid-suits": "3+"}).unbid_suits) == "3+"
    with pytest.raises(VocabularyError, match="unbid-suits"):
        Meaning.parse({"unbid-suits": "three"})


def test_pass_or_correct_is_a_convention() -> None:
    assert Meaning.parse({"convention": "pass-or-correct"}).convention == "pass-or-correct"


# --- the predicates the alerting rules added -------------------------------

def _holds(condition: dict[str, Any], auction: str, meaning: dict[str, Any] | None = None,
           earlier: dict[int, dict[str, Any]] | None = None) -> bool:
    from build_tools.rules.conditions import Condition

    situation = Situation.read(auction, "pl", meaning=Meaning.parse(meaning or {}),
                               earlier={n: Meaning.parse(m) for n, m in (earlier or {}).items()})
    return Condition.parse(condition, "pl", rules=_registry()).holds(situation)


@pytest.mark.parametrize(("condition", "auction", "meaning", "earlier", "expected"), [
    ({"hcp-low": "-9"}, "1♥", {"hcp": "8-15"}, None, True),
    ({"hcp-low": "-9"}, "1♥", {"hcp": "10-15"}, None, False),
    ({"hcp-low": "-9"}, "1♥", {}, None, False),
    ({"hcp-high": "-11"}, "[1♥] 2♠", {"hcp": "6-11"}, None, True),
    ({"hcp-high": "-11"}, "[1♥] 2♠", {"hcp": "6+"}, None, False),
    ({"opening-states": "hcp"}, "1BA [pas] 2♣", {}, {1: {"hcp": "12-14"}}, True),
    ({"opening-states": "hcp"}, "1BA [pas] 2♣", {}, None, False),
    ({"opening-suit-min": "4+"}, "[1♣] 2♣", {}, {1: {"suits": {"clubs": "4+"}}}, True),
    ({"opening-suit-min": "4+"}, "[1♣] 2♣", {}, {1: {"suits": {"clubs": "2+"}}}, False),
    ({"last-bid-natural": False}, "2♦ [ktr] pas", {}, {1: {"convention": "multi"}}, True),
    ({"last-bid-natural": "unknown"}, "2♦ [ktr] pas", {}, None, True),
    ({"last-bid-natural": True}, "2♦ [ktr] pas", {}, None, False),
    ({"last-bid-by": "partner"}, "2♦ [ktr] pas", {}, None, True),
    ({"last-bid-by": "opponent"}, "1♥ [2♣] ktr", {}, None, True),
    ({"rebid": True}, "1♣ [pas] 1♥ [pas] 2♣", {}, None, True),
    ({"rebid": True}, "1♣ [pas] 1♥ [pas] 2♣ [pas] 2♦ [pas] 3♣", {}, None, False),
    ({"fourth-suit": True}, "1♦ [pas] 1♥ [pas] 1♠ [pas] 2♣", {}, None, True),
    ({"fourth-suit": True}, "1♦ [1♥] 1♠ [pas] 2♣", {}, None, False),
    ({"after-overcall": True}, "1♥ [1♠] 2♣", {}, None, True),
    ({"after-overcall": True}, "1♥ [ktr] 2♥", {}, None, False),
    ({"stated": True}, "1♥", {"hcp": "12+"}, None, True),
    ({"stated": True}, "1♥", {}, None, False),
    ({"opening-suit": True}, "[1♥] 2♥", {}, None, True),
    ({"opening-suit": True}, "[1♥] 2♠", {}, None, False),
    ({"lead": "other-suit"}, "[1BA] pas [2♣] ktr", {"lead": "other-suit"}, None, True),
    ({"lead": "other-suit"}, "[1BA] pas [2♣] ktr", {"lead": "doubled-suit"}, None, False),
    ({"bi-double": True}, "[1♥] ktr", {"convention": "bi-double"}, None, True),
    ({"bi-double": True}, "[1♥] ktr", {"convention": "takeout-double", "hcp": "12+"}, None, False),
    ({"two-suited": {"lowest-two": "except-opening"}}, "[1♦] 2BA", {"two-suiter": {"suits": ["clubs", "hearts"]}},
     None, True),
    ({"two-suited": {"lowest-two": "all-suits"}}, "[1♦] 2BA", {"two-suiter": {"suits": ["clubs", "hearts"]}},
     None, False),
    ({"natural-call": True}, "1♥ [2♣] ktr", {"suits": {"clubs": "4+"}}, None, True),
    ({"natural-call": True}, "1♥ [2♣] ktr", {"suits": {"spades": "4+"}}, None, False),
])
def test_a_predicate_of_the_alerting_rules(condition: dict[str, Any], auction: str, meaning: dict[str, Any],
                                           earlier: dict[int, dict[str, Any]] | None, expected: bool) -> None:
    assert _holds(condition, auction, meaning, earlier) is expected


@pytest.mark.parametrize(("condition", "message"), [
    ({"lead": "other"}, "unknown lead 'other'"),
    ({"last-bid-natural": "maybe"}, "true, false or unknown"),
    ({"two-suited": {"lowest": "all-suits"}}, "unknown key"),
    ({"states": "hpc"}, "unknown key of a meaning 'hpc'"),
    ({"hcp-about": "six"}, "hcp-about"),
])
def test_a_bad_argument_of_a_predicate_is_a_vocabulary_error(condition: dict[str, Any], message: str) -> None:
    from build_tools.rules.conditions import Condition

    with pytest.raises(VocabularyError, match=message):
        Condition.parse(condition, "pl")


@functools.cache
def _registry() -> Registry:
    """The parameters the document declares: its predicates read them."""
    from build_tools.loader import load_document

    registry = load_document(Path(__file__).parents[2] / "source" / "pzbs-alert-rules.yaml").registry
    assert registry is not None
    return registry
