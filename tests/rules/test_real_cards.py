"""Two real pairs' cards checked against every regulation (issue 33: "the two
real cards' reports agree with the texts line by line"): a Wspólny Język card
and a Precision card with Wilkosz (source/cards/). Each line of the report
that matters is here with the answer the regulation's words give, the words
quoted beside it; the readings of ambiguous passages are written beside the
rules in the YAML."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import run_handbook

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    build = tmp_path_factory.mktemp("build")
    found = {}
    for card in ("wspolny-jezyk", "precision-wilkosz"):
        shown = run_handbook("card", "check", f"source/cards/{card}.yaml", "--json", "--build-dir", str(build))
        assert shown.returncode == 0, shown.stderr
        found[card] = json.loads(shown.stdout)["documents"]
    return found


def call(reports: dict[str, Any], card: str, document: str, auction: str) -> dict[str, Any]:
    calls = {c["auction"]: c["verdicts"] for c in reports[card][document]["calls"]}
    return calls[auction]


def verdict(reports: dict[str, Any], card: str, document: str, auction: str, question: str) -> tuple[str, str]:
    found = call(reports, card, document, auction)[question]
    return found["value"], found.get("article", "")


# --- the CBA's systems policy ------------------------------------------------

# (card, question, answer, article, the text)
SYSTEM = [
    # "例如：某体系包括1 梅花开叫表示3 种类型——梅花套，特定范围的均型牌，或强梅花开叫" (red).
    ("wspolny-jezyk", "colour", "red", "hongse-liru"),
    # "蓝色——强梅花/强方块体系，开叫1 梅花/1 方块总是强牌".
    ("precision-wilkosz", "colour", "blue", "yanse-shuoming"),
    # Neither meets a HUM criterion: no strong pass, no opening weaker than a pass
    # or a king below average, none short or long in a suit or in another.
    ("wspolny-jezyk", "hum", "no", "hum-tixi-dingyi"),
    ("precision-wilkosz", "hum", "no", "hum-tixi-dingyi"),
]


@pytest.mark.parametrize(("card", "question", "answer", "article"), SYSTEM)
def test_the_systems_verdicts(reports: dict[str, Any], card: str, question: str, answer: str, article: str) -> None:
    found = reports[card]["cba-bidding-systems"][question]
    assert (found["value"], found["article"]) == (answer, article)


def test_the_classification_boxes_agree_with_the_rules(reports: dict[str, Any]) -> None:
    """"任何使用棕色约定叫的牌手须在其体系分类栏中注明棕色": the Wilkosz card says brown."""
    assert reports["wspolny-jezyk"]["cba-bidding-systems"]["brown-marked"] == {"uses": False, "marked": False}
    assert reports["precision-wilkosz"]["cba-bidding-systems"]["brown-marked"] == {"uses": True, "marked": True}


@pytest.mark.parametrize(("card", "auction", "answer", "article"), [
    # (1): "任何2 梅花至3 黑桃表示：可能为弱牌 ... 并且不承诺一个已知花色至少4 张": Wilkosz
    # may be weak and shows no known suit (5-5 with a major, which one unknown).
    ("precision-wilkosz", "2♦", "yes", "zongse-2-meihua-zhi-3-heitao"),
    # The Multi: "例外：一个2 阶低花开叫表示任意高花的弱二开叫，无论是否有强牌选项均不是棕色约定叫".
    ("wspolny-jezyk", "2♦", "no", "zongse-2-meihua-zhi-3-heitao-liwai-ruo-er"),
    # A weak 2♥ of five hearts and a 4+ minor promises a known suit, four cards or more.
    ("wspolny-jezyk", "2♥", "no", "zongse-guilei"),
    # Natural weak twos, a precision 2♣: a known suit.
    ("precision-wilkosz", "2♥", "no", "zongse-guilei"),
    ("precision-wilkosz", "2♣", "no", "zongse-guilei"),
])
def test_brown_sticker_call_by_call(reports: dict[str, Any], card: str, auction: str, answer: str,
                                    article: str) -> None:
    assert verdict(reports, card, "cba-bidding-systems", auction, "brown-sticker") == (answer, article)


def test_the_multis_types_are_its_reasons(reports: dict[str, Any]) -> None:
    found = call(reports, "wspolny-jezyk", "cba-bidding-systems", "2♦")["brown-sticker"]
    assert [t["value"] for t in found["types"]] == ["no", "no", "no"]


@pytest.mark.parametrize(("card", "event", "stage", "answer", "article"), [
    # "第一类 ... 允许使用通过适当方法公布的所有类型的体系".
    ("wspolny-jezyk", "1", None, "yes", "di-yi-lei"),
    ("precision-wilkosz", "1", None, "yes", "di-yi-lei"),
    # "第二类 ... 循环赛阶段禁止使用棕色约定叫，淘汰赛阶段允许使用经充分公开的棕色约定叫".
    ("wspolny-jezyk", "2", "round-robin", "yes", "di-er-lei"),
    ("precision-wilkosz", "2", "round-robin", "no", "di-er-lei"),
    ("precision-wilkosz", "2", "knockout", "yes", "di-er-lei"),  # card, sheet and defence handed in
    # "第三类 ... 禁止使用HUM 体系和棕色约定叫".
    ("wspolny-jezyk", "3", None, "yes", "di-san-lei"),
    ("precision-wilkosz", "3", None, "no", "di-san-lei"),
])
def test_what_each_event_permits(reports: dict[str, Any], card: str, event: str, stage: str | None, answer: str,
                                 article: str) -> None:
    (found,) = [p["verdict"] for p in reports[card]["cba-bidding-systems"]["permitted"]
                if p["event"] == event and p["stage"] == stage]
    assert (found["value"], found["article"]) == (answer, article)


def test_no_random_opening(reports: dict[str, Any]) -> None:
    """"禁止采用按约定可能包括少于8 个大牌点，又没有后续手段加以区分的开叫": the Multi and
    the Wilkosz may hold 6, and their answers tell their hands apart (told-apart)."""
    for card in reports:
        values = [c["verdicts"]["random-opening"]["value"] for c in reports[card]["cba-bidding-systems"]["calls"]
                  if "random-opening" in c["verdicts"]]
        assert values and set(values) == {"no"}, card


def test_nothing_missing_from_the_front(reports: dict[str, Any]) -> None:
    """"人为开叫", "对一阶单套花色开叫的所有防守叫牌" on the front: both cards list them."""
    for card in reports:
        assert reports[card]["cba-bidding-systems"]["missing-from-front"] == [], card
    assert verdict(reports, "wspolny-jezyk", "cba-bidding-systems", "1♣", "front-of-card") == (
        "yes", "zhengmian-renwei-kaijiao")


# --- the PZBS alerting rules -----------------------------------------------------

# (card, auction, alert, article)
PZBS = [
    # Point 1: "1♣/♦/♥/♠ według systemu Wspólny Język ... 2+/3+ (ale nie 4+; 1♣), 4+/5+ (1♦), 5+(1♥/♠)".
    ("wspolny-jezyk", "1♣", "no", "otwarcia-1-w-kolor"),
    ("wspolny-jezyk", "1♦", "no", "otwarcia-1-w-kolor"),
    ("wspolny-jezyk", "1♥", "no", "otwarcia-1-w-kolor"),
    ("precision-wilkosz", "1♣", "yes", "otwarcia-1-w-kolor"),  # strong, artificial: no 2+/3+ clubs
    ("precision-wilkosz", "1♦", "yes", "otwarcia-1-w-kolor"),  # two diamonds: not 4+/5+
    ("precision-wilkosz", "1♥", "no", "otwarcia-1-w-kolor"),
    # "1BA – mieszczące się w przedziale 14-18, w składzie bezatutowym bez krótkości".
    ("wspolny-jezyk", "1BA", "no", "otwarcia-1ba"),
    ("precision-wilkosz", "1BA", "yes", "otwarcia-1ba"),  # 13-15 is not within 14-18
    # "2♣ – w sile konstruktywnego otwarcia (ok. 11-14) z układem 6+♣ ... (precision)".
    ("wspolny-jezyk", "2♣", "no", "otwarcia-2-trefl"),
    ("precision-wilkosz", "2♣", "no", "otwarcia-2-trefl"),
    # "2♦ – blokujące (ok. 6-10) dwukolorowe 5-5 z przynajmniej jednym kolorem starszym (wilkosz)".
    ("precision-wilkosz", "2♦", "no", "otwarcia-2-karo"),
    ("wspolny-jezyk", "2♦", "yes", "otwarcia-2-karo"),  # a Multi is another meaning of 2♦
    # "2♥/♠ – blokujące (ok. 6-10) z licytowanym kolorem 6-kartowym".
    ("precision-wilkosz", "2♥", "no", "otwarcia-2-kier-pik"),
    ("wspolny-jezyk", "2♥", "yes", "otwarcia-2-kier-pik"),  # five hearts
    # "2BA – blokujące (ok. 6-10), dwukolorowe 5-5 na obu młodszych": every other meaning alerted.
    ("wspolny-jezyk", "2BA", "yes", "otwarcia-2ba"),
    # Point 2: "1♦ po 1♣ – negat"; "2♣ po 1BA – konwencja Staymana, o ile ... obiecuje starszą
    # czwórkę"; "2♦/♥ po 1BA – transfer wskazujący 5+ kierów/pików".
    ("wspolny-jezyk", "1♣ 1♦", "no", "odpowiedzi-negat-1-karo"),
    ("precision-wilkosz", "1♣ 1♦", "no", "odpowiedzi-negat-1-karo"),
    ("wspolny-jezyk", "1BA 2♣", "no", "odpowiedzi-stayman-po-1ba"),
    ("wspolny-jezyk", "1BA 2♦", "no", "odpowiedzi-transfer-po-1ba"),
    # Further agreements 7.3: "2♥ (a także 2♠, 3♥ ) do koloru po otwarciu 2♦ wilkosz lub multi".
    ("wspolny-jezyk", "2♦ 2♥", "yes", "odpowiedz-do-koloru-po-2-karo"),
    ("precision-wilkosz", "2♦ 2♥", "yes", "odpowiedz-do-koloru-po-2-karo"),
    # Point 3: the opponent's suit, 5-5, the highest unbid and an unknown second; 2BA, the two lowest.
    ("wspolny-jezyk", "(1♥) 2♥", "no", "wejscia-kolorem-przeciwnika"),
    ("wspolny-jezyk", "(1♠) 2BA", "no", "wejscia-2ba"),
    # Point 4: "Nie alertuje się kontr": a takeout double of 12+, not a bi double.
    ("wspolny-jezyk", "(1♥) ktr", "no", "kontry"),
]


@pytest.mark.parametrize(("card", "auction", "answer", "article"), PZBS)
def test_pzbs_alerts_call_by_call(reports: dict[str, Any], card: str, auction: str, answer: str,
                                  article: str) -> None:
    assert verdict(reports, card, "pzbs-alert-rules", auction, "alert") == (answer, article)


def test_the_wspolny_jezyk_clubs_types_are_its_reasons(reports: dict[str, Any]) -> None:
    """Alone, its natural type (5+ clubs) would be "4+", its strong type shows no clubs."""
    found = call(reports, "wspolny-jezyk", "pzbs-alert-rules", "1♣")["alert"]
    assert found["value"] == "no" and [t["value"] for t in found["types"]] == ["no", "yes", "yes"]


# --- the AEB's definitions ------------------------------------------------------

# (card, auction, natural, article)
AEB = [
    # "Una apertura a palo menor a nivel de uno se considera natural si se prometen tres o más cartas".
    ("wspolny-jezyk", "1♣", "no", "apertura-nivel-uno"),   # the call promises two
    ("wspolny-jezyk", "1♦", "yes", "apertura-nivel-uno"),
    ("precision-wilkosz", "1♣", "no", "apertura-nivel-uno"),
    ("precision-wilkosz", "1♦", "no", "apertura-nivel-uno"),  # two diamonds
    # "Una apertura a palo mayor a nivel de uno se considera natural si se prometen cuatro o más cartas".
    ("precision-wilkosz", "1♥", "yes", "apertura-nivel-uno"),
    # "Una apertura a palo a nivel de dos o superior se considera natural si se prometen cinco o más".
    ("wspolny-jezyk", "2♥", "yes", "apertura-nivel-dos"),
    ("wspolny-jezyk", "2♦", "no", "apertura-nivel-dos"),
    ("precision-wilkosz", "2♦", "no", "apertura-nivel-dos"),
    ("precision-wilkosz", "2♣", "yes", "apertura-nivel-dos"),
    # "una voz a sin triunfos es natural si ... una mano regular o semirregular".
    ("wspolny-jezyk", "1BA", "yes", "voz-a-sin-triunfo-natural"),
    # "La intervención por 2ST a la apertura de 1 a palo es una convención que muestra un bicolor".
    ("wspolny-jezyk", "(1♠) 2BA", "no", "voz-a-sin-triunfo-natural"),
    # "El doblo inmediato a la apertura de 1 a palo es una convención".
    ("wspolny-jezyk", "(1♥) ktr", "no", "doblo-redoblo-natural"),
]


@pytest.mark.parametrize(("card", "auction", "answer", "article"), AEB)
def test_aeb_natural_call_by_call(reports: dict[str, Any], card: str, auction: str, answer: str,
                                  article: str) -> None:
    assert verdict(reports, card, "aeb-bidding-systems", auction, "natural") == (answer, article)


def test_aeb_conventions(reports: dict[str, Any]) -> None:
    """"Sobre la apertura de 1ST la respuesta de 2♥ es una voz transfer a picos"; the Multi,
    showing no one suit, is none of the four."""
    assert verdict(reports, "wspolny-jezyk", "aeb-bidding-systems", "1BA 2♥", "convention") == ("transfer", "transfer")
    multi = call(reports, "wspolny-jezyk", "aeb-bidding-systems", "2♦")["convention"]
    assert multi["value"] == "none" and [t["value"] for t in multi["types"]] == ["transfer", "texas", "none"]


def test_the_text_report_prints_the_types_as_reasons(tmp_path: Path) -> None:
    shown = run_handbook("card", "check", "source/cards/wspolny-jezyk.yaml", "--build-dir", str(tmp_path))
    assert shown.returncode == 0, shown.stderr
    assert "    1♣: no (apertura-nivel-uno); its types: no, yes, no" in shown.stdout
    assert "by type" not in shown.stdout
