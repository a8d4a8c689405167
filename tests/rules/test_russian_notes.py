"""The Russian system notes' response tables (source/russian-system-notes.yaml)
asked as a player asks them: the auction up to the ask and a hand give the
call the notes prescribe, with the table row; the auction and the response
give what it shows. The hand model (build_tools/rules/hands.py) is tested on
its own at the bottom."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from build_tools.bridge import notation
from build_tools.bridge import Suit
from build_tools.cli import main
from build_tools.document import Document, Table
from build_tools.loader import load_document
from build_tools.rules.engine import Rule, Undecided, decide
from build_tools.rules.hands import agreed_suit, control, has_half_stopper, has_stopper
from build_tools.rules.query import Query
from build_tools.rules.situation import Situation
from build_tools.verdicts import rules_of

ROOT = Path(__file__).resolve().parent.parent.parent
RU = notation.profile("ru")


@pytest.fixture(scope="module")
def document() -> Document:
    return load_document(ROOT / "source" / "russian-system-notes.yaml")


@pytest.fixture(scope="module")
def rules(document: Document) -> tuple[Rule, ...]:
    return rules_of(document)


def ask(rules: tuple[Rule, ...], question: str, **query: object) -> tuple[str, str, str]:
    verdict = decide(rules, question, Query.parse(query).situation("ru"))
    return verdict.answer, verdict.article, verdict.reason


def test_the_done_when_query(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["explain", "russian-system-notes", "{auction: 1ч 2ч 4БК, hand: п Т76 ч ТК9754 б 8 т В98}",
                 "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    response = out["verdicts"]["response"]
    assert response["value"] == "5т" and response["article"] == "vopros-o-5-cennostyah"
    assert "table otvety-na-4bk, row 1" in response["because"]


# (auction up to the ask, hand of the player who answers, response, article)
RESPONSES: list[tuple[str, str, str, str]] = [
    # 5-key-card Blackwood: ♥K counts with hearts agreed, not with spades.
    ("1ч 2ч 4БК", "п Т76 ч ТК9754 б 8 т В98", "5т", "vopros-o-5-cennostyah"),
    ("1п 2п 4БК", "п К9754 ч К76 б Т8 т Т82", "5т", "vopros-o-5-cennostyah"),
    ("1п 2п 4БК", "п К9754 ч К76 б Т8 т К82", "5ч", "vopros-o-5-cennostyah"),
    ("1ч 2ч 4БК", "п К76 ч К9754 б Т8 т 982", "5ч", "vopros-o-5-cennostyah"),
    ("1ч 2ч 4БК", "п К76 ч КД754 б Т8 т 982", "5п", "vopros-o-5-cennostyah"),
    ("1ч 1п 2ч 2БК 3б 3ч 3п 4БК", "п Т76 ч ТК9754 б 8 т В98", "5т", "vopros-o-5-cennostyah"),
]


@pytest.mark.parametrize(("auction", "hand", "response", "article"), RESPONSES)
def test_responses(rules: tuple[Rule, ...], auction: str, hand: str, response: str, article: str) -> None:
    answer, decided_by, _ = ask(rules, "response", auction=auction, hand=hand)
    assert (answer, decided_by) == (response, article)


def test_a_response_without_a_hand_depends_on_it(rules: tuple[Rule, ...]) -> None:
    verdict = decide(rules, "response", Query.parse({"auction": "1ч 2ч 4БК"}).situation("ru"))
    assert verdict.depends and verdict.needs == ("hand",)


def test_a_natural_4nt_has_no_keycard_answer(rules: tuple[Rule, ...]) -> None:
    with pytest.raises(Undecided):
        ask(rules, "response", auction="1БК 2ч 2п 4БК", hand="п Т76 ч ТК975 б Т8 т К98")


def _rows_named(document: Document) -> list[tuple[Rule, str, int]]:
    import re

    found = []
    for rule in rules_of(document):
        for match in re.finditer(r"table ([a-z0-9-]+), row (\d+)", rule.scope.text + " " + rule.when.text):
            found.append((rule, match.group(1), int(match.group(2))))
    return found


def test_every_row_a_rule_names_is_a_row_of_a_table_and_its_call(document: Document) -> None:
    tables = {e.id: e for e in document.elements() if isinstance(e, Table)}
    named = _rows_named(document)
    assert named, "no rule names a table row"
    for rule, table, number in named:
        assert table in tables, f"{rule.article}: no table {table!r}"
        rows = tables[table].rows
        assert 1 <= number <= len(rows), f"{rule.article}: table {table} has {len(rows)} rows, not {number}"
        if rule.question != "response":
            continue
        written = rows[number - 1][0].rstrip("!")
        try:
            calls = {c for slot in RU.parse_pattern(written).slots for c in slot.calls}
        except Exception:
            continue  # a row written in words ("3 в новой масти"): checked by the examples
        assert RU.parse_call(rule.answer) in calls, f"{rule.article}: answer {rule.answer} is not row {number} " \
                                                    f"of {table} ({written})"


def test_every_row_of_the_blackwood_table_has_a_rule(document: Document) -> None:
    rows = {(t, n) for r, t, n in _rows_named(document) if r.question == "response"}
    assert {n for t, n in rows if t == "otvety-na-4bk"} == {1, 2, 3, 4}


# --- the hand model ----------------------------------------------------------------


def hand(text: str):  # type: ignore[no-untyped-def]
    return RU.parse_hand(text)


def test_agreed_suit_is_the_first_suit_both_partners_bid() -> None:
    assert agreed_suit(Situation.read("1п 2т 2ч 3ч 4б 4п", "ru")) is Suit.HEARTS
    assert agreed_suit(Situation.read("1б 1п 2БК 4БК", "ru")) is None


def test_stoppers_and_controls() -> None:
    h = hand("п Д9 ч В10976 б ТВ т Т876")
    assert not has_stopper(h, Suit.SPADES) and has_half_stopper(h, Suit.SPADES)
    assert has_stopper(h, Suit.DIAMONDS) and has_stopper(h, Suit.CLUBS)
    assert [control(hand("п ТВ863 ч ДВ964 б - т Т84"), s) for s in Suit] == [1, 1, 0, 1]
    assert control(hand("п К10752 ч ТК б В8753 т 9"), Suit.CLUBS) == 2


def test_a_hand_predicate_without_a_hand_is_unknown() -> None:
    from build_tools.rules.conditions import Condition

    c = Condition.parse({"singleton": "spades"}, "ru")
    s = Situation.read("1ч 1БК 2ч 2п", "ru")
    assert c.evaluate(s).needs == frozenset({"hand"})
    assert c.holds(dataclasses.replace(s, hand=hand("п 8 ч ТВ10763 б К93 т КВ10")))
    assert not c.holds(dataclasses.replace(s, hand=hand("п 86 ч ТВ1076 б К93 т КВ10")))


STERNBERG: list[tuple[str, str, str]] = [
    # Written from the table of 4.6, not from the document's examples.
    ("1п 2БК", "п ТК975 ч К82 б 7 т КД98", "3п"),      # 15: clubs Kxxx longer than hearts Kxx
    ("1п 2БК", "п ТК975 ч 82 б К т КД982", "3п"),      # clubs by three of the opening suit
    ("1п 2БК", "п ТК975 ч 82 б 7 т КДВ82", "3т"),      # 13: the negative
    ("1ч 2БК", "п Т2 ч КД975 б КД2 т Д82", "3БК"),     # balanced 16
    ("1п 2БК", "п КД9754 ч К8 б Д8 т К82", "4п"),      # six spades, no shortness, 13
    ("1п 2БК", "п КД9754 ч К8 б - т К8532", "4б"),     # a void
]


@pytest.mark.parametrize(("auction", "hand", "response"), STERNBERG)
def test_sternberg(rules: tuple[Rule, ...], auction: str, hand: str, response: str) -> None:
    assert ask(rules, "response", auction=auction, hand=hand)[0] == response


def test_sternberg_specific_rows_set_the_general_aside(rules: tuple[Rule, ...]) -> None:
    verdict = decide(rules, "response", Query.parse({"auction": "1ч 2БК", "hand": "п К76 ч ТД9754 б К8 т 82"})
                     .situation("ru"))
    assert verdict.answer == "4ч" and verdict.article == "shternberg-otvety"
    assert "konvenciya-shternberga" in verdict.set_aside


#: The printed hands (example, seat) the notes give a table's response for;
#: every other printed hand has a YAML comment beside its deal saying why the
#: notes give none (the hand asks, or its call is a judgement).
ANSWERED = {
    ("invitnyj-vopros-sdacha", "W"), ("invitnyj-vopros-sdacha", "E"),
    ("forsing-vopros-sdacha", "W"), ("posle-splintera-shlem", "E"), ("kyubid-kratkosti-sdacha", "W"),
    ("gadzhet-2t-sdacha-invit", "W"), ("gadzhet-2t-sdacha-6t", "W"), ("gadzhet-2t-sdacha-shlemik", "W"),
    ("gadzhet-2t-sdacha-3bk", "W"), ("gadzhet-3t-sdacha-1", "W"), ("gadzhet-3t-sdacha-2", "W"),
}


def test_every_printed_hand_is_checked_or_the_notes_give_it_no_table(document: Document) -> None:
    from build_tools.document import Example

    examples = [e for e in document.elements() if isinstance(e, Example)]
    checked = {str(RU.parse_hand(e.query.hand)) for e in examples
               if e.editorial and e.query is not None and e.query.hand and dict(e.expect).get("response")}
    printed = [(e.id, h.seat, str(RU.parse_hand(h.cards))) for e in examples if not e.editorial for h in e.hands]
    assert len(printed) == 28
    answered = {(example, seat) for example, seat, cards in printed if cards in checked}
    assert answered == ANSWERED
    source = (ROOT / "source" / "russian-system-notes.yaml").read_text(encoding="utf-8")
    for example, seat, _ in printed:
        if (example, seat) in ANSWERED:
            continue
        # The deal's comment, written after its hands, names the hand.
        after = source[source.index(f"example: {example}\n"):]
        following = after[after.index("\n      - ", 1):after.index("\n      - ", 1) + 600] if "\n      - " in after else ""
        block = after[:after.index("\n      - ", 1)] + following
        who = {"W": "West", "E": "East"}[seat]
        assert who in block and "#" in block, f"{example} {seat}: no comment says why the notes give no response"


def test_a_response_and_what_it_shows_read_in_the_readers_terms(document: Document) -> None:
    import dataclasses as dc

    from build_tools.meaning_text import words_for
    from build_tools.render import answer_label

    polish = dc.replace(document, shown_language="pl")
    words = words_for("pl", ROOT / "translations")
    assert answer_label(polish, "response", "3БК", str, words, "ru")[0] == "3BA"
    assert answer_label(polish, "shows", "{keycards: [0, 3]}", str, words, "ru")[0] == "asy kluczowe: 0 lub 3"
    # A standard question's answer keeps its interface label, whatever the notation.
    assert answer_label(document, "alert", "yes", lambda label: f"<{label}>", {}, "ru") == ("<Alert>", "needs-action")


def test_which_king_counts_is_the_documents_parameter() -> None:
    from build_tools.rules.conditions import Condition
    from build_tools.rules.registry import Registry

    s = dataclasses.replace(Situation.read("1п 2п 4БК", "ru"), hand=hand("п К9754 ч К76 б Т8 т Т82"))
    trump_king = Registry.standard().declaring({"keycard-king": "trump"})
    also_hearts = Registry.standard().declaring({"keycard-king": ["hearts"]})
    assert Condition.parse({"keycard-count": 3}, "ru", rules=trump_king).holds(s)
    assert Condition.parse({"keycard-count": 4}, "ru", rules=also_hearts).holds(s)
