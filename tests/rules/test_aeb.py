"""The AEB regulation (source/aeb-bidding-systems.yaml) asked as a director asks
it: a table of queries written from the text, each with the verdict the text
gives and the article that must decide it. Many are not among the document's
examples. The readings of ambiguous passages are the ones written beside the
rules in the YAML."""

from __future__ import annotations

import functools

from pathlib import Path
from typing import Any

import pytest

from build_tools.loader import load_document
from build_tools.rules.conditions import Condition
from build_tools.rules.engine import Rule, decide
from build_tools.rules.errors import VocabularyError
from build_tools.rules.query import Query
from build_tools.rules.situation import Situation
from build_tools.rules.vocabulary import Meaning
from build_tools.verdicts import rules_of
from build_tools.rules.registry import Registry

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.fixture(scope="module")
def rules() -> tuple[Rule, ...]:
    return rules_of(load_document(ROOT / "source" / "aeb-bidding-systems.yaml"))


# (auction as AEB writes it, partnership view; meaning; earlier; question; answer; article)
QUERIES: list[tuple[str, dict[str, Any], dict[int, Any], str, str, str]] = [
    # Openings at the one level: a major four cards, a minor three.
    ("1♠", {"suits": {"spades": "4+"}}, {}, "natural", "yes", "apertura-nivel-uno"),
    ("1♠", {"suits": {"spades": "3+"}, "hcp": "11-15"}, {}, "natural", "no", "apertura-nivel-uno"),
    ("1♦", {"suits": {"diamonds": "4+"}}, {}, "natural", "yes", "apertura-nivel-uno"),
    ("1♦", {"suits": {"diamonds": "2+"}}, {}, "natural", "no", "apertura-nivel-uno"),
    ("1♣", {"artificial": True, "hcp": "16+", "forcing": "forcing"}, {}, "natural", "no", "apertura-nivel-uno"),
    # From the two level up five cards; a barrage at the three level six.
    ("2♥", {"strength": "weak", "suits": {"hearts": "6+"}}, {}, "natural", "yes", "apertura-nivel-dos"),
    ("2♦", {"suits": {"diamonds": "4+"}, "hcp": "11-15"}, {}, "natural", "no", "apertura-nivel-dos"),
    ("3♠", {"strength": "preemptive", "suits": {"spades": "6+"}}, {}, "natural", "yes", "apertura-nivel-dos"),
    ("3♣", {"strength": "preemptive", "suits": {"clubs": "5+"}}, {}, "natural", "no", "apertura-nivel-dos"),
    ("4♠", {"strength": "preemptive", "suits": {"spades": "7+"}}, {}, "natural", "yes", "apertura-nivel-dos"),
    # Responses to the opening, and to partner's suit overcall: four cards.
    ("1♥ 1♠", {"suits": {"spades": "4+"}}, {}, "natural", "yes", "respuesta-o-intervencion"),
    ("1♥ 2♣", {"suits": {"clubs": "3+"}, "forcing": "game-forcing"}, {}, "natural", "no",
     "respuesta-o-intervencion"),
    ("1♥ (2♣) 2♦", {"suits": {"diamonds": "5+"}}, {}, "natural", "yes", "respuesta-o-intervencion"),
    ("(1♥) 2♦ (Paso) 2♠", {"suits": {"spades": "5+"}}, {}, "natural", "yes", "respuesta-o-intervencion"),
    ("1ST 2♥", {"suits": {"spades": "5+"}}, {}, "natural", "no", "respuesta-o-intervencion"),
    # Every other suit bid: length (four cards) in the suit named; a raise, support.
    ("(1♣) 1♠", {"suits": {"spades": "5+"}}, {}, "natural", "yes", "voz-a-palo-natural"),
    ("(1♣) 2♣", {"two-suiter": {"min": "5-4", "suits": ["hearts", "spades"]}}, {}, "natural", "no",
     "voz-a-palo-natural"),
    ("1♥ 3♥", {"suits": {"hearts": "4+"}, "strength": "invitational"}, {}, "natural", "yes", "voz-a-palo-natural"),
    ("1♣ 1♥ 2♥", {"suits": {"hearts": "4+"}}, {}, "natural", "yes", "voz-a-palo-natural"),
    ("1♥ 1♠ 2♣", {"suits": {"clubs": "4+"}}, {}, "natural", "yes", "voz-a-palo-natural"),
    # Notrump: a regular or semi-regular hand denying support, or to play.
    ("1ST", {"hcp": "15-17", "shape": "balanced"}, {}, "natural", "yes", "voz-a-sin-triunfo-natural"),
    ("1ST", {"hcp": "15-17", "shape": ["balanced", "5431"]}, {}, "natural", "no", "voz-a-sin-triunfo-natural"),
    ("(1♥) 1ST", {"hcp": "15-18", "shape": "balanced"}, {}, "natural", "yes", "voz-a-sin-triunfo-natural"),
    ("1♥ 1♠ 1ST", {"shape": "balanced", "suits": {"spades": "0-3"}}, {}, "natural", "yes",
     "voz-a-sin-triunfo-natural"),
    ("1♥ 1♠ 1ST", {"shape": "balanced", "suits": {"spades": "0-4"}}, {}, "natural", "no",
     "voz-a-sin-triunfo-natural"),
    # Silent on spades: no fit shown, support denied (the reading beside the rule).
    ("1♥ 1♠ 1ST", {"shape": "balanced", "hcp": "12-14"}, {}, "natural", "yes", "voz-a-sin-triunfo-natural"),
    ("1♠ 1ST", {"hcp": "6-10", "shape": "balanced"}, {}, "natural", "yes", "voz-a-sin-triunfo-natural"),
    ("(1♠) 3ST", {"to-play": True, "shape": "single-suiter"}, {}, "natural", "yes", "voz-a-sin-triunfo-natural"),
    ("(1♣) 2ST", {"two-suiter": {"min": "5-5", "lowest-two": True}}, {}, "natural", "no",
     "voz-a-sin-triunfo-natural"),
    # Doubles and redoubles: only to play.
    ("1♣ (1♥) Doblo", {"convention": "negative-double"}, {}, "natural", "no", "doblo-redoblo-natural"),
    ("(1♠) Paso (2♠) Doblo", {"to-play": True}, {}, "natural", "yes", "doblo-redoblo-natural"),
    ("1♥ (Doblo) Redoblo", {"hcp": "10+"}, {}, "natural", "no", "doblo-redoblo-natural"),
    # Transfer: the next suit up, forcing or not.
    ("1ST 2♦", {"suits": {"hearts": "5+"}, "forcing": "forcing"}, {}, "convention", "transfer", "transfer"),
    ("(1ST) 2♦", {"suits": {"hearts": "5+"}, "forcing": "non-forcing"}, {}, "convention", "transfer", "transfer"),
    ("1ST 3♥", {"suits": {"spades": "6+"}}, {}, "convention", "transfer", "transfer"),
    # Texas: another suit.
    ("1ST 4♣", {"suits": {"hearts": "6+"}}, {}, "convention", "texas", "texas"),
    ("1ST 2♠", {"suits": {"diamonds": "6+"}}, {}, "convention", "texas", "texas"),
    # Puppet: obliges partner to bid a suit it does not show.
    ("1ST (2♠) 2ST", {"partner-must-bid": "clubs"}, {}, "convention", "puppet", "puppet"),
    ("1♥ 2♠", {"partner-must-bid": "clubs", "forcing": "forcing"}, {}, "convention", "puppet", "puppet"),
    # Relay: lets partner go on describing, saying nothing of its suit.
    ("1♦ 1♠ 2♣ 2♥", {"convention": "fourth-suit", "forcing": "game-forcing"}, {}, "convention", "relay", "rele"),
    ("1ST 2♣", {"convention": "stayman", "major": "4+"}, {}, "convention", "relay", "rele"),
    ("1ST 2♣", {"convention": "stayman", "suits": {"spades": "4+"}}, {}, "convention", "relay", "rele"),
    ("1ST (2♥) 2ST", {"convention": "relay", "partner-must-bid": "clubs"}, {}, "convention", "puppet", "puppet"),
    ("2♣ 2♦", {"artificial": True, "strength": "negative"}, {1: {"artificial": True, "strength": "strong"}},
     "convention", "none", "definiciones-introduccion"),
    # Where the words fit two definitions, the pair's own name decides; a
    # name with no suit stated is taken as given.
    ("1ST 4♦", {"convention": "texas", "suits": {"hearts": "6+"}}, {}, "convention", "texas", "texas"),
    ("1ST 4♦", {"suits": {"hearts": "6+"}}, {}, "convention", "transfer", "transfer"),
    ("1ST 2♥", {"convention": "transfer"}, {}, "convention", "transfer", "transfer"),
    ("1ST 2♠", {"convention": "puppet", "forcing": "forcing"}, {}, "convention", "puppet", "puppet"),
    ("1♥ (2♣) Doblo", {"natural": True}, {}, "natural", "yes", "doblo-redoblo-natural"),
    # A pair's "natural" stands where it states no length or shape; a stated one decides.
    ("(1♦) 1♠", {"natural": True, "hcp": "8-16"}, {}, "natural", "yes", "voz-a-palo-natural"),
    ("1♥", {"natural": True, "suits": {"hearts": "3+"}}, {}, "natural", "no", "apertura-nivel-uno"),
    ("(1♠) 1ST", {"natural": True, "hcp": "15-18"}, {}, "natural", "yes", "voz-a-sin-triunfo-natural"),
    # None of the four.
    ("1♠", {"suits": {"spades": "5+"}}, {}, "convention", "none", "definiciones-introduccion"),
    ("(1♣) Doblo", {"convention": "takeout-double"}, {}, "convention", "none", "definiciones-introduccion"),
    ("(1♥) 2♥", {"two-suiter": {"min": "5-5", "suits": ["spades", "clubs"]}}, {}, "convention", "none",
     "definiciones-introduccion"),
]


@pytest.mark.parametrize(("auction", "meaning", "earlier", "question", "answer", "article"), QUERIES,
                         ids=[f"{q[0]}:{q[3]}:{q[4]}" for q in QUERIES])
def test_a_director_asks(rules: tuple[Rule, ...], auction: str, meaning: dict[str, Any], earlier: dict[int, Any],
                         question: str, answer: str, article: str) -> None:
    query = Query.parse({"auction": auction, "meaning": meaning, "earlier": earlier})
    verdict = decide(rules, question, query.situation("es"))
    assert (verdict.answer, verdict.article) == (answer, article), verdict.chain


def test_the_table_is_large_enough_and_reaches_every_rule(rules: tuple[Rule, ...]) -> None:
    assert len(QUERIES) >= 25
    assert {q[5] for q in QUERIES} == {r.article for r in rules}


def test_a_transfer_sets_the_texas_rule_aside(rules: tuple[Rule, ...]) -> None:
    situation = Query.parse({"auction": "1ST 2♥", "meaning": {"suits": {"spades": "5+"}}}).situation("es")
    assert decide(rules, "convention", situation).chain == ("texas", "transfer")


# --- the vocabulary and predicates the AEB rules added ---------------------------


def _holds(condition: dict[str, Any], auction: str, meaning: dict[str, Any] | None = None) -> bool:
    situation = Situation.read(auction, "es", meaning=Meaning.parse(meaning) if meaning is not None else None)
    return Condition.parse(condition, "es", rules=_registry()).holds(situation)


def test_to_play_and_partner_must_bid_are_vocabulary() -> None:
    m = Meaning.parse({"to-play": True, "partner-must-bid": "♣"})
    assert (m.to_play, m.partner_must_bid and m.partner_must_bid.name) == (True, "CLUBS")
    with pytest.raises(VocabularyError, match="did you mean 'clubs'"):
        Meaning.parse({"partner-must-bid": "clbs"})
    with pytest.raises(VocabularyError, match="true or false"):
        Meaning.parse({"to-play": "yes"})
    assert _holds({"meaning": {"to-play": True}}, "(1♠) 3ST", {"to-play": True})
    assert not _holds({"meaning": {"to-play": True}}, "(1♠) 3ST", {"hcp": "16-18"})


def test_partners_suit_is_a_suit_partner_has_shown() -> None:
    assert _holds({"partners-suit": True}, "1♥ 2♥")
    assert not _holds({"partners-suit": True}, "1♥ 2♠")
    # Partner's transfer shows the suit above the one it names.
    transfer = {2: Meaning.parse({"suits": {"spades": "5+"}})}
    completion = Situation.read("1ST 2♥ 2♠", "es", earlier=transfer)
    assert Condition.parse({"partners-suit": True}, "es", rules=_registry()).holds(completion)
    hearts = Situation.read("1ST 2♥ 3♥", "es", earlier=transfer)
    assert not Condition.parse({"partners-suit": True}, "es", rules=_registry()).holds(hearts)


def test_partner_must_bid_shown_or_unshown() -> None:
    assert _holds({"partner-must-bid": "unshown"}, "1ST (2♥) 2ST", {"partner-must-bid": "clubs"})
    assert _holds({"partner-must-bid": "shown"}, "1ST 2♥", {"partner-must-bid": "spades", "suits": {"spades": "5+"}})
    assert not _holds({"partner-must-bid": "unshown"}, "1ST 2♥", {"suits": {"spades": "5+"}})
    with pytest.raises(VocabularyError, match="shown or unshown"):
        Condition.parse({"partner-must-bid": True}, "es")


def test_an_advance_of_a_suit_or_a_notrump_overcall() -> None:
    assert _holds({"advance": "suit"}, "(1♣) 1♥ (Paso) 1♠")
    assert not _holds({"advance": "notrump"}, "(1♣) 1♥ (Paso) 1♠")
    assert _holds({"advance": "notrump"}, "(1♣) 1ST (Paso) 2♥")
    assert not _holds({"advance": True}, "1♣ (1♥) 1♠")
    with pytest.raises(VocabularyError):
        Condition.parse({"advance": "double"}, "es")


def test_named_suit_unstated_and_bad_values() -> None:
    assert _holds({"named-suit": "unstated"}, "1♣ 1♥ 1♠ 2♦", {"convention": "fourth-suit"})
    assert _holds({"named-suit": "unstated"}, "2♥ 2ST", {"convention": "asking", "suits": {"hearts": "0+"}})
    assert not _holds({"named-suit": "unstated"}, "1♣ 1♥ 1♠ 2♦", {"suits": {"diamonds": "4+"}})
    with pytest.raises(VocabularyError, match="unstated"):
        Condition.parse({"named-suit": "long"}, "es")
    with pytest.raises(VocabularyError, match="next-higher"):
        Condition.parse({"shown-suit": "higher"}, "es")


# --- every query gets one answer -------------------------------------------------

AUCTIONS = ("1♠", "1♣", "2♦", "3♥", "4♣", "1ST", "1♣ 1♥", "1♥ 2♥", "1ST 2♥", "1ST 2ST", "(1ST) 2♥",
            "(1♥) 2ST", "(1♣) 1♠", "(1♣) 1♥ (Paso) 1♠", "1♣ 1♥ 1♠ 2♦", "1ST (2♥) 2ST", "1♣ (1♠) Doblo",
            "(1♣) Doblo", "1♣ (Doblo) Redoblo", "1♥ 1♠ 1ST", "1ST 2♥ 2♠")
MEANINGS: tuple[dict[str, Any], ...] = (
    {}, {"natural": True}, {"artificial": True}, {"to-play": True}, {"suits": {"hearts": "5+"}},
    {"suits": {"spades": "4+", "hearts": "0-3"}}, {"suits": {"clubs": "6+"}, "partner-must-bid": "clubs"},
    {"partner-must-bid": "diamonds"}, {"convention": "fourth-suit", "suits": {"diamonds": "5+"}},
    {"convention": "stayman", "suits": {"hearts": "4+"}}, {"convention": "puppet", "suits": {"clubs": "4+"}},
    {"convention": "texas"}, {"convention": "transfer", "suits": {"hearts": "6+"}},
    {"two-suiter": {"min": "5-5", "suits": ["hearts", "spades"]}}, {"shape": "aeb-regular", "hcp": "15-17"},
    {"convention": "relay", "partner-must-bid": "spades", "suits": {"spades": "5+"}},
)


def test_every_call_of_every_query_gets_one_answer(rules: tuple[Rule, ...]) -> None:
    """No two rules of equal standing disagree anywhere in this grid, and every
    bid, double and redouble with a stated meaning is natural or not; with
    none stated, the verdict depends on it (and names what to ask)."""
    for auction in AUCTIONS:
        for meaning in MEANINGS:
            situation = Query.parse({"auction": auction, "meaning": meaning}).situation("es")
            natural = decide(rules, "natural", situation)
            if meaning:
                assert natural.answer in ("yes", "no"), (auction, meaning)
            else:
                assert natural.answer in ("yes", "no", "depends") and (natural.needs or not natural.depends)
            assert decide(rules, "convention", situation).answer, (auction, meaning)


@functools.cache
def _registry() -> Registry:
    """The parameters the document declares: its predicates read them."""
    from build_tools.loader import load_document

    registry = load_document(Path(__file__).parents[2] / "source" / "aeb-bidding-systems.yaml").registry
    assert registry is not None
    return registry
