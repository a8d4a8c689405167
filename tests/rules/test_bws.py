"""Bridge World Standard's competitive bidding as rules: the position of a
call, what it shows (a meaning), the leaf a pair has chosen instead of a
default, and a hand against a call's requirement.

The expected answers are read from the text of source/bws-competitive-bidding.yaml
(the sentences cited beside each), not from the rules' output."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from build_tools.document import Document
from build_tools.loader import load_document
from build_tools.rules.engine import Undecided, decide
from build_tools.rules.query import Query
from build_tools.verdicts import agreement_problems, check_document, rules_of
from conftest import ROOT, run_handbook

SOURCE = ROOT / "source" / "bws-competitive-bidding.yaml"


@cache
def bws() -> Document:
    return load_document(SOURCE)


def verdict(query: dict[str, Any], question: str) -> Any:
    doc = bws()
    return decide(rules_of(doc), question, Query.parse(query).situation(doc.language))


def test_explain_answers_the_reopening_1nt_with_its_position_and_meaning() -> None:
    # "I balanseringspositionen visar 1NT 10-14 hp samt åtminstone halvhåll i öppningsfärgen."
    result = run_handbook("explain", "bws-competitive-bidding", "{auction: '1♥ pass pass 1NT', view: table}", "--json")
    found = json.loads(result.stdout)["verdicts"]
    assert found["position"]["value"] == "reopening"
    assert found["position"]["article"] == "konkurrensbud-och-positioner"
    assert found["shows"]["value"] == "{hcp: 10-14, natural: true, stopper: half}"
    assert found["shows"]["article"] == "inkliv-1nt"
    # Without the player's hand, whether it meets the call's requirement depends on it.
    assert found["meets"]["value"] == "depends" and found["meets"]["needs"] == ["hand"]


@pytest.mark.parametrize(("auction", "view", "position"), [
    ("1♥ 1NT", "table", "direct"),                  # "omedelbart efter ett motståndarbud"
    ("1♥ pass pass D", "table", "reopening"),        # "ett motståndarbud på vilket följt två pass"
    ("1♣ pass 1♥ D", "table", "sandwich"),           # "mtv öppnat, partnern passat och mth svarat"
    ("1♣ 1♥ pass", "table", "direct"),               # a pass too is a call after RHO's bid
    ("1♥ pass 1NT", "table", "none"),                # the opponents have not called
    ("1♥", "table", "none"),
])
def test_positions_as_the_definitions_draw_them(auction: str, view: str, position: str) -> None:
    assert verdict({"auction": auction, "view": view}, "position").answer == position


def test_the_direct_and_the_reopening_1nt_show_different_ranges() -> None:
    direct = verdict({"auction": "(1♠) 1NT"}, "shows")
    reopening = verdict({"auction": "1♠ pass pass 1NT", "view": "table"}, "shows")
    assert direct.answer == "{hcp: 15-18, natural: true}"
    assert reopening.answer == "{hcp: 10-14, natural: true, stopper: half}"


def test_a_passed_hands_direct_1nt_is_the_two_lowest_unbid_suits_not_15_18() -> None:
    # "Ett 1NT-inkliv av en spelare, som passat i förhand, visar en liknande hand men mindre spelstyrka."
    found = verdict({"auction": "pass pass pass 1♥ 1NT", "view": "table"}, "shows")
    assert found.answer == "{two-suiter: {lowest-two: true}}"
    assert found.article == "direkt-2nt" and "inkliv-1nt" in found.set_aside


def test_the_default_applies_until_a_leaf_is_chosen_and_the_verdict_names_which() -> None:
    # "Ett cuebid i svarshandens färg är naturligt [default] {upplysningsdubbling [leaf]}"
    query: dict[str, Any] = {"auction": "1♠ pass 2♣ 3♣", "view": "table"}
    default = verdict(query, "shows")
    assert default.answer == "{natural: true}"
    assert "no leaf chosen for 'tva-over-en-cuebid-svarsfarg'" in default.reason
    leaf = verdict({**query, "agreements": {"tva-over-en-cuebid-svarsfarg": "tva-over-en-cuebid-svarsfarg.leaf1"}},
                   "shows")
    assert leaf.answer == "{convention: takeout-double}"
    assert "the leaf 'tva-over-en-cuebid-svarsfarg.leaf1' chosen" in leaf.reason


def test_a_leaf_that_speaks_only_when_the_response_is_forcing_depends_on_that_response() -> None:
    # "{när svaret är krav visar en dubbling upplysningsdubbling av öppningsfärgen [leaf]}"
    query = {"auction": "2♥ pass 2♠ D", "view": "table",
             "agreements": {"sparroppning-och-ny-farg": "sparroppning-och-ny-farg.leaf1"}}
    found = verdict(query, "shows")
    assert found.depends and found.needs == ("rho.forcing",)


def test_agreements_name_the_documents_defaults_and_leaves() -> None:
    doc = bws()
    assert agreement_problems(doc, [("tva-over-en-cuebid-svarsfarg", "tva-over-en-cuebid-svarsfarg.leaf1")]) == []
    assert "not a leaf" in agreement_problems(doc, [("tva-over-en-cuebid-svarsfarg",
                                                     "tva-over-en-cuebid-svarsfarg.leaf2")])[0]
    assert "not a default" in agreement_problems(doc, [("inkliv-1nt", "inkliv-1nt.leaf1")])[0]


def test_an_example_choosing_a_leaf_the_text_does_not_give_fails_the_check(tmp_path: Path) -> None:
    text = SOURCE.read_text(encoding="utf-8").replace(
        "agreements: {tva-over-en-cuebid-svarsfarg: tva-over-en-cuebid-svarsfarg.leaf1}",
        "agreements: {tva-over-en-cuebid-svarsfarg: tva-over-en-cuebid-svarsfarg.leaf3}")
    broken = tmp_path / "bws-competitive-bidding.yaml"
    broken.write_text(text, encoding="utf-8")
    problems = check_document(load_document(broken)).problems
    assert any("'tva-over-en-cuebid-svarsfarg.leaf3' is not a leaf" in p.message for p in problems)


@pytest.mark.parametrize(("hand", "meets"), [
    ("♠EDxxx ♥xxx ♦Dxxx ♣x", "yes"),    # "är minimum för inkliv med 1♠ med ingen i zonen"
    ("♠EKnxxx ♥xxx ♦Dxxx ♣x", "no"),    # a point less
    ("♠EKD10x ♥EKx ♦Dxxx ♣x", "no"),    # "är något för stark för ett inkliv med 1♠ över 1♣"
])
def test_the_texts_hands_against_the_1_spade_overcall(hand: str, meets: str) -> None:
    assert verdict({"auction": "(1♣) 1♠", "hand": hand, "vulnerable": "none"}, "meets").answer == meets


def test_a_vulnerability_the_text_gives_no_minimum_for_is_not_decided() -> None:
    with pytest.raises(Undecided):
        verdict({"auction": "(1♣) 1♠", "hand": "♠EDxxx ♥xxx ♦Dxxx ♣x", "vulnerable": "both"}, "meets")


def test_the_advancers_cue_bid_forces_until_a_suit_is_bid_twice() -> None:
    # "skapar kravsituationer till dess antingen en färg är bjuden 2 gånger eller utgång är nådd"
    before = verdict({"auction": "1♦ D pass 2♦ pass 2♥", "view": "table"}, "shows")
    after = verdict({"auction": "1♦ D pass 2♦ pass 2♥ pass 3♥", "view": "table"}, "shows")
    assert (before.answer, after.answer) == ("{forcing: forcing}", "{forcing: non-forcing}")


def test_a_shows_badge_words_the_meaning_for_the_reader() -> None:
    import base64
    import re

    from build_tools.i18n import translate
    from build_tools.loader import load_manifest
    from build_tools.render import interface_translations, render_pages

    manifest = load_manifest(ROOT / "source" / "handbook.yaml")
    for lang, words in (("sv", "naturligt; 10–14 hp; åtminstone halvhåll i motståndarnas färg"),
                        ("en", "natural; 10–14 HCP; at least a half stopper in the opponents' suit")):
        doc = bws() if lang == "sv" else translate(bws(), lang, None)
        page = render_pages(manifest, [doc], lang, interface_translations(ROOT / "translations", lang))[
            "bws-competitive-bidding.md"]
        # The editorial example is a row of its article's table: its cells run to the next row.
        example = page[page.index("{hb-example-row}`inkliv-1nt-balansering`"):]
        example = example[:example.index("\n* - ")]
        labels = [json.loads(base64.b64decode(b))["label"] for b in re.findall(r"\{hb-verdict\}`([^`]+)`", example)]
        assert labels[1] == words, labels


# One query per row of the table of doubles of artificial raises, in its order.
RAISES: list[tuple[str, dict[int, dict[str, Any]]]] = [
    ("1♥ pass 4♣ D", {3: {"convention": "splinter", "forcing": "game-forcing", "suits": {"hearts": "4+"}}}),
    ("1♥ pass 4♣ D", {3: {"convention": "splinter", "forcing": "forcing", "suits": {"hearts": "4+"}}}),
    ("1♥ pass 2NT D", {3: {"artificial": True, "forcing": "game-forcing", "suits": {"hearts": "4+"}}}),
    ("1♥ pass 3♦ D", {3: {"artificial": True, "strength": "invitational", "suits": {"hearts": "4+"}}}),
    ("1♥ pass 3♣ D", {3: {"artificial": True, "strength": "weak", "suits": {"hearts": "4+"}}}),
    ("pass pass 1♥ pass 2♣ D", {5: {"convention": "fit-showing", "suits": {"hearts": "3+", "clubs": "5+"}}}),
    ("1♥ pass 2♠ D", {3: {"artificial": True, "suits": {"hearts": "4+"}}}),
]
MARKS = {"T": "{convention: takeout-double}", "L": "{convention: lead-directing-double}"}


def test_the_rules_on_doubles_of_artificial_raises_are_the_tables_marks() -> None:
    from build_tools.document import Table

    table = next(e for e in bws().elements() if isinstance(e, Table) and e.id == "artificiella-hojningar")
    assert len(table.rows) == len(RAISES)
    for number, ((auction, earlier), row) in enumerate(zip(RAISES, table.rows, strict=True), 1):
        marks = row[-1]
        query: dict[str, Any] = {"auction": auction, "view": "table", "earlier": earlier}
        assert verdict(query, "shows").answer == MARKS[marks[0]], row
        if len(marks) == 2:  # the small letter: the row's leaf
            chosen = {f"artificiella-hojningar.row{number}": f"artificiella-hojningar.row{number}.leaf1"}
            assert verdict({**query, "agreements": chosen}, "shows").answer == MARKS[marks[1].upper()], row
        else:
            assert agreement_problems(bws(), [(f"artificiella-hojningar.row{number}", "x.leaf1")])


# "Efter (1NT, stark)-pass-(2♣, Stayman)-? visar dubbelt klöver med ospecificerad
# styrka." / "Efter (1NT, svag)-pass-(2♣, Stayman)-? visar dubbelt allmän styrka."
STAYMAN = {"auction": "(1NT)-pass-(2♣)-?", "view": "partnership", "call": "D"}


@pytest.mark.parametrize(("opening", "shows"), [
    ("strong", "{doubled-suit: true}"),    # clubs, strength unspecified: lead-directing
    ("weak", "{strength: strong}"),        # general strength
])
def test_the_double_of_stayman_is_asked_in_place_of_the_printed_question_mark(opening: str, shows: str) -> None:
    query = {**STAYMAN, "earlier": {1: {"strength": opening}, 3: {"convention": "stayman"}}}
    assert verdict(query, "shows").answer == shows


def test_the_printed_stayman_diagrams_keep_their_question_mark_and_are_checked() -> None:
    doc = bws()
    from build_tools.document import Example

    printed = {e.id: e for e in doc.elements() if isinstance(e, Example) and e.id.startswith("stayman-efter-")}
    assert set(printed) == {"stayman-efter-stark-1nt-budgivning", "stayman-efter-svag-1nt-budgivning"}
    for example in printed.values():
        assert example.auction == "(1NT)-pass-(2♣)-?"
        assert example.query is not None and example.query.call == "D"
        assert dict(example.expect)["shows"]
    report = check_document(doc)
    assert report.unchecked == () and report.problems == ()
    assert {"stayman-efter-stark-1nt", "stayman-efter-svag-1nt"}.isdisjoint(report.unexercised)


def test_a_call_in_place_of_the_question_mark_is_read_and_checked_under_the_laws() -> None:
    from build_tools.bridge import BridgeError

    doc = bws()
    # Without the call, a diagram's "?" asks nothing the rules can answer.
    with pytest.raises(ValueError, match="state the call asked about in place of '\\?'"):
        Query.parse({k: v for k, v in STAYMAN.items() if k != "call"}).situation(doc.language)
    # A call only stands in for a final "?".
    with pytest.raises(ValueError, match="has none: its last call is the one asked about"):
        Query.parse({**STAYMAN, "auction": "(1NT)-pass-(2♣)-D"}).situation(doc.language)
    # The call is checked where it stands: 1♦ after 2♣ is insufficient (Law 18D).
    with pytest.raises(BridgeError, match="18D"):
        Query.parse({**STAYMAN, "call": "1♦"}).situation(doc.language)
    situation = Query.parse({**STAYMAN, "call": "2♥"}).situation(doc.language)
    assert str(situation.call) == "2H" and situation.relation(2) == "rho"


# "Dubbelt är svarsdubbling (upplysningsdubbling eller visande styrka beroende på
# nivå)", and "efter en responsiv dubbling på 4-tricksnivån väljer
# upplysningsdubblaren ofta att passa": takeout up to the three level, strength at
# the four level, and nothing said above it.
@pytest.mark.parametrize(("auction", "shows"), [
    ("1♥ D 2♥ D", "{convention: takeout-double}"),
    ("1♠ D 3♠ D", "{convention: takeout-double}"),   # the last level of takeout
    ("1♠ D 4♠ D", "{strength: strong}"),             # the first level of strength
    ("1♣ D 4♣ D", "{strength: strong}"),
])
def test_the_responsive_double_changes_at_the_four_level(auction: str, shows: str) -> None:
    found = verdict({"auction": auction, "view": "table"}, "shows")
    assert (found.answer, found.article) == (shows, "svarsdubbling")


def test_the_responsive_double_above_the_four_level_is_not_the_texts() -> None:
    try:
        found = verdict({"auction": "1♠ D 5♠ D", "view": "table"}, "shows")
    except Undecided:
        return
    assert "svarsdubbling" not in (found.article, *found.articles)


def test_a_leaf_of_the_table_of_marks_is_named_by_its_row_not_its_id() -> None:
    # Row 4 of artificiella-hojningar, "limithöjning med styrkeintervall" marked "Tl": a takeout double by default,
    # the small l its alternative (lead-directing). An example choosing that alternative says which row's, in words.
    from build_tools.loader import load_manifest
    from build_tools.render import interface_translations, render_pages

    manifest = load_manifest(ROOT / "source" / "handbook.yaml")
    page = render_pages(manifest, [bws()], "sv", interface_translations(ROOT / "translations", "sv"))[
        "bws-competitive-bidding.md"]
    assert ".row4.leaf1" not in page and ".row2.leaf1" not in page
    assert "limithöjning med styrkeintervall (l)" in page
