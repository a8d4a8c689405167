"""The CBA systems policy (source/cba-bidding-systems.yaml, article 29) asked
of whole convention cards, as a director asks it when a pair's methods are
challenged: the shipped cards (source/cards/), and small cards written from
the text's lines. The readings of ambiguous passages are the ones written
beside the rules in the YAML."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from build_tools.cards import Card, read_card
from build_tools.cli import main
from build_tools.diagnostics import DiagnosticError
from build_tools.loader import load_document
from build_tools.rules.engine import Rule, decide
from build_tools.rules.errors import VocabularyError
from build_tools.rules.query import Query
from build_tools.verdicts import rules_of

ROOT = Path(__file__).resolve().parent.parent.parent
CARDS = ROOT / "source" / "cards"


@pytest.fixture(scope="module")
def rules() -> tuple[Rule, ...]:
    return rules_of(load_document(ROOT / "source" / "cba-bidding-systems.yaml"))


def card(name: str) -> Any:
    return read_card(CARDS / f"{name}.yaml")[1]


def ask(rules: tuple[Rule, ...], question: str, **query: Any) -> tuple[str, str]:
    verdict = decide(rules, question, Query.parse(query).situation("zh_CN"))
    return verdict.answer, verdict.article


# (card, auction, question, answer, article)
SHIPPED = [
    ("natural-five-card-majors", "1♥", "hum", "no", "hum-tixi-dingyi"),
    ("natural-five-card-majors", "1♥", "colour", "green", "yanse-shuoming"),
    ("precision", "1♣", "colour", "blue", "yanse-shuoming"),
    ("precision", "1♣", "hum", "no", "hum-tixi-dingyi"),
    ("hum-strong-pass", "1♦", "hum", "yes", "hum-bujiao-shili"),
    ("hum-strong-pass", "1♦", "colour", "yellow", "yanse-shuoming"),
    ("hum-strong-pass", "1♦", "random-opening", "no", "suiyi-kaijiao-jinzhi"),
    ("brown-sticker-majors", "2♦", "brown-sticker", "yes", "zongse-2-meihua-zhi-3-heitao"),
    ("brown-sticker-majors", "2♥", "brown-sticker", "no", "zongse-guilei"),
    ("brown-sticker-majors", "2♦", "front-of-card", "yes", "zhengmian-renwei-kaijiao"),
    ("precision", "1♣", "front-of-card", "no", "zhengmian-renwei-kaijiao"),
    ("precision", "2♣", "front-of-card", "no", "zhengmian-renwei-kaijiao"),
]


@pytest.mark.parametrize(("name", "auction", "question", "answer", "article"), SHIPPED)
def test_shipped_cards(rules: tuple[Rule, ...], name: str, auction: str, question: str, answer: str,
                       article: str) -> None:
    assert ask(rules, question, auction=auction, system=card(name)) == (answer, article)


# (card, event, stage, answer)
PERMISSION = [
    ("brown-sticker-majors", 2, "round-robin", "no"),
    ("brown-sticker-majors", 2, "knockout", "yes"),
    ("brown-sticker-majors", 3, None, "no"),
    ("brown-sticker-majors", 1, None, "yes"),
    ("hum-strong-pass", 1, None, "yes"),
    ("hum-strong-pass", 2, "knockout", "no"),
    ("precision", 3, None, "yes"),
    ("natural-five-card-majors", 2, "round-robin", "yes"),
]


@pytest.mark.parametrize(("name", "event", "stage", "answer"), PERMISSION)
def test_permission(rules: tuple[Rule, ...], name: str, event: int, stage: str | None, answer: str) -> None:
    query: dict[str, Any] = {"auction": "1♥", "system": card(name), "event": event}
    if stage:
        query["stage"] = stage
    assert ask(rules, "permitted", **query)[0] == answer


def test_undisclosed_brown_sticker_is_refused_in_the_knockout(rules: tuple[Rule, ...]) -> None:
    system = card("brown-sticker-majors")
    system["disclosure"] = {"card": True, "announcement-sheet": True}
    assert ask(rules, "permitted", auction="2♦", system=system, event=2, stage="knockout")[0] == "no"


def test_an_unsubmitted_hum_card_is_refused_in_category_1(rules: tuple[Rule, ...]) -> None:
    system = card("hum-strong-pass")
    system["submitted"] = False
    assert ask(rules, "permitted", auction="1♦", system=system, event=1)[0] == "no"


def one_level(meaning: dict[str, Any] | None = None, *, either: list[Any] | None = None,
              call: str = "1♥") -> dict[str, Any]:
    entry: dict[str, Any] = {"auction": call}
    entry.update({"either": either} if either else {"meaning": meaning})
    return {"card": "test", "openings": [entry]}


def test_criterion_3_is_a_king_below_average(rules: tuple[Rule, ...]) -> None:
    seven = one_level({"suits": {"hearts": "5+"}, "hcp": "7-12"})
    eight = one_level({"suits": {"hearts": "5+"}, "hcp": "8-12"})
    assert ask(rules, "hum", auction="1♥", system=seven) == ("yes", "hum-kaijiao-shao-yi-ge-k")
    assert ask(rules, "hum", auction="1♥", system=eight) == ("no", "hum-tixi-dingyi")


def test_the_strong_club_exception_covers_minors_only(rules: tuple[Rule, ...]) -> None:
    strong = {"auction": "1♣", "meaning": {"artificial": True, "hcp": "16+"}}
    nebulous = {"auction": "1♦", "either": [{"suits": {"diamonds": "0-1"}}, {"suits": {"diamonds": "5+"}}]}
    assert ask(rules, "hum", auction="1♦", system={"card": "c", "openings": [strong, nebulous]}) == (
        "no", "hum-liwai")
    natural = {"auction": "1♣", "meaning": {"natural": True, "suits": {"clubs": "3+"}, "hcp": "11-21"}}
    assert ask(rules, "hum", auction="1♦", system={"card": "c", "openings": [natural, nebulous]}) == (
        "yes", "hum-huase-chang-huo-duan")


def test_hum_depends_on_the_system_when_none_is_given(rules: tuple[Rule, ...]) -> None:
    verdict = decide(rules, "hum", Query.parse({"auction": "1♥"}).situation("zh_CN"))
    assert verdict.depends and verdict.needs == ("system",)


def test_permission_depends_on_the_event(rules: tuple[Rule, ...]) -> None:
    verdict = decide(rules, "permitted", Query.parse({"auction": "1♥", "system": card("precision")})
                     .situation("zh_CN"))
    assert verdict.depends and "event" in verdict.needs


def test_a_card_gives_its_meaning_to_the_call_asked_about(rules: tuple[Rule, ...]) -> None:
    # The card's 2♦ (both majors, five and three, weak): items (1) and (3).
    verdict = decide(rules, "brown-sticker", Query.parse({"auction": "2♦", "system": card("brown-sticker-majors")})
                     .situation("zh_CN"))
    assert verdict.answer == "yes"
    assert set(verdict.articles) == {"zongse-2-meihua-zhi-3-heitao", "zongse-ruo-liang-tao"}


def test_a_bad_card_is_located(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("card: bad\nopenings:\n  - auction: 1♥\n    meaning: {hcp: 7-12, strenght: weak}\n",
                    encoding="utf-8")
    with pytest.raises(DiagnosticError) as caught:
        read_card(path)
    (diagnostic,) = caught.value.diagnostics
    assert (diagnostic.line, diagnostic.column) == (4, 36)  # the value of the unknown key, as the loader points
    assert "did you mean 'strength'" in diagnostic.message


def test_a_sheet_number_must_name_an_entry_of_the_sheet() -> None:
    with pytest.raises(VocabularyError, match="openings.0.sheet"):
        Card.parse({"card": "c", "openings": [{"auction": "1♥", "meaning": {"hcp": "11-15"}, "sheet": 3}]})


def test_every_shipped_card_reads() -> None:
    names = sorted(p.stem for p in CARDS.glob("*.yaml"))
    assert names == ["brown-sticker-majors", "hum-strong-pass", "natural-five-card-majors", "precision",
                     "precision-wilkosz", "wspolny-jezyk"]
    for name in names:
        read_card(CARDS / f"{name}.yaml")


def test_card_check_refuses_brown_sticker_in_a_round_robin(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(CARDS / "brown-sticker-majors.yaml")
    assert main(["card", "check", path, "--event", "2", "--stage", "round-robin", "--source",
                 str(ROOT / "source"), "--translations", str(ROOT / "translations")]) == 1
    out = capsys.readouterr().out
    assert "permitted in event 2, round-robin: no (di-er-lei)" in out
    assert "because 2♦ is Brown Sticker (zongse-2-meihua-zhi-3-heitao, zongse-ruo-liang-tao)" in out
    assert main(["card", "check", path, "--event", "2", "--stage", "knockout", "--json", "--source",
                 str(ROOT / "source"), "--translations", str(ROOT / "translations")]) == 0
    report = json.loads(capsys.readouterr().out)
    cba = report["documents"]["cba-bidding-systems"]
    assert cba["permitted"][0]["verdict"]["value"] == "yes"
    assert cba["colour"]["value"] == "green"


@pytest.mark.parametrize("name", ["natural-five-card-majors", "precision", "hum-strong-pass",
                                  "brown-sticker-majors"])
def test_card_check_reports_every_regulation(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["card", "check", str(CARDS / f"{name}.yaml"), "--json", "--source", str(ROOT / "source"),
                 "--translations", str(ROOT / "translations")]) == 0
    report = json.loads(capsys.readouterr().out)
    documents = report["documents"]
    assert {"cba-bidding-systems", "pzbs-alert-rules", "aeb-bidding-systems"} <= set(documents)
    assert documents["cba-bidding-systems"]["colour"]["value"] in documents["cba-bidding-systems"]["classification"]
    alerts = [c for c in documents["pzbs-alert-rules"]["calls"] if "alert" in c["verdicts"]]
    assert alerts, "the PZBS rules answer alert for the card's calls"


def test_the_natural_card_misses_stayman_from_the_front(capsys: pytest.CaptureFixture[str]) -> None:
    # Stayman 8+ is no weak response; the precision card's 2♣ shows clubs.
    assert main(["card", "check", str(CARDS / "precision.yaml"), "--json", "--source", str(ROOT / "source"),
                 "--translations", str(ROOT / "translations")]) == 0
    cba = json.loads(capsys.readouterr().out)["documents"]["cba-bidding-systems"]
    assert cba["missing-from-front"] == []
    assert main(["card", "check", str(CARDS / "natural-five-card-majors.yaml"), "--json", "--source",
                 str(ROOT / "source"), "--translations", str(ROOT / "translations")]) == 0
    cba = json.loads(capsys.readouterr().out)["documents"]["cba-bidding-systems"]
    assert cba["missing-from-front"] == []


def test_explain_reads_a_card_file(capsys: pytest.CaptureFixture[str]) -> None:
    query = f'{{auction: "1♣", system: "{CARDS / "precision.yaml"}"}}'
    assert main(["explain", "cba-bidding-systems", query, "--question", "colour", "--json", "--source",
                 str(ROOT / "source"), "--translations", str(ROOT / "translations")]) == 0
    assert json.loads(capsys.readouterr().out)["verdicts"]["colour"]["value"] == "blue"


def test_card_check_names_aeb_conventions(capsys: pytest.CaptureFixture[str]) -> None:
    # AEB's defined kinds: the natural card's 1NT 2♦ is a transfer, its 1♥ none.
    assert main(["card", "check", str(CARDS / "natural-five-card-majors.yaml"), "--json", "--source",
                 str(ROOT / "source"), "--translations", str(ROOT / "translations")]) == 0
    aeb = json.loads(capsys.readouterr().out)["documents"]["aeb-bidding-systems"]
    kinds = {c["auction"]: c["verdicts"]["convention"] for c in aeb["calls"] if "convention" in c["verdicts"]}
    assert kinds["1NT 2♦"]["value"] == "transfer" and kinds["1NT 2♦"]["article"] == "transfer"
    assert kinds["1♥"]["value"] == "none"
    assert main(["card", "check", str(CARDS / "natural-five-card-majors.yaml"), "--source", str(ROOT / "source"),
                 "--translations", str(ROOT / "translations")]) == 0
    text = capsys.readouterr().out
    assert "    1NT 2♦: transfer (transfer)" in text and "    1♥: none" not in text


def test_a_brown_sticker_verdict_cites_its_item(capsys: pytest.CaptureFixture[str]) -> None:
    # Both majors, may be weak: item (1) decides, and its because says so.
    query = f'{{auction: "2♦", system: "{CARDS / "brown-sticker-majors.yaml"}"}}'
    assert main(["explain", "cba-bidding-systems", query, "--question", "brown-sticker", "--json", "--source",
                 str(ROOT / "source"), "--translations", str(ROOT / "translations")]) == 0
    verdict = json.loads(capsys.readouterr().out)["verdicts"]["brown-sticker"]
    assert verdict["value"] == "yes" and "Brown Sticker item (1)" in verdict["because"]


def test_the_ask_page_offers_the_cards_that_read_and_leaves_out_one_the_reader_refuses(tmp_path: Path) -> None:
    # The Ask page lists source/cards/: a card with a mistake is not offered
    # ('handbook card check' names the mistake); the cards before and after it are.
    import shutil

    from build_tools.cards import shipped_cards

    folder = tmp_path / "cards"
    folder.mkdir()
    for name in ("hum-strong-pass", "precision"):
        shutil.copy(CARDS / f"{name}.yaml", folder)
    (folder / "minor-mistake.yaml").write_text(
        "card: minor-mistake\nopenings:\n  - auction: 1♥\n    meaning: {hcp: 7-12, strenght: weak}\n", encoding="utf-8")
    offered = shipped_cards(tmp_path)
    assert [(card["id"], card["title"]) for card in offered] == [
        ("hum-strong-pass", "Strong pass, fert openings"), ("precision", "Precision club")]
    assert offered[1]["data"] == card("precision")
