"""Issue 35 item 9: what the bilingual review of the Russian notes' catalogs
(translations/<lang>/LC_MESSAGES/russian-system-notes.po) mended stays mended.
Each check reads the catalog itself, by msgctxt, the way a reviewer reads it;
the expected words are the glossary's and the federations' (PZBS, SBF, AEB, CBA)."""
from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "pl", "sv", "es", "zh_CN")


def catalog(lang: str) -> dict[str, str]:
    po = polib.pofile(str(ROOT / "translations" / lang / "LC_MESSAGES" / "russian-system-notes.po"))
    return {e.msgctxt: e.msgstr for e in po if not e.obsolete and e.msgctxt}


def glossary_term(concept: str, lang: str) -> str:
    concepts = yaml.safe_load((ROOT / "translations" / "glossary.yaml").read_text(encoding="utf-8"))["concepts"]
    entry = next(c for c in concepts if c["id"] == concept)[lang]
    return entry if isinstance(entry, str) else entry["term"]


# "3БК - без синглетов и 3ч" in the tables of 2NT's answers: no singleton and no
# three-card heart (the 3♥ row above is "тройка ч"). Written "3♥" it reads as a call;
# written as each catalog writes a length elsewhere ("11-13 pts, no 3-card ♥;").
THREE_CARDS = {
    "en": "no 3-card {suit}",
    "pl": "bez 3 kart {suit}",
    "sv": "utan 3-korts {suit}",
    "es": "ni 3 cartas de {suit}",
    "zh_CN": "没有3张{suit}",
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("ctxt", "suit"), [
    ("forsing-vopros-otvety-bubny.cell-72b0365c", "♥"),
    ("forsing-vopros-otvety-chervy.cell-dcafd4c1", "♠"),
])
def test_no_three_card_holding_written_as_a_call(lang: str, ctxt: str, suit: str) -> None:
    text = catalog(lang)[ctxt]
    assert not re.search(r"3[♥♠]", text), text
    assert THREE_CARDS[lang].format(suit=suit) in text, text


@pytest.mark.parametrize("lang", ["pl", "sv", "es", "zh_CN"])
def test_konvenciya_kozyrnaya_is_the_grand_slam_force(lang: str) -> None:
    """'конвенция козырная' is the grand slam force (glossary), not a 'trump convention'."""
    text = catalog(lang)["posle-splintera-shlem-poyasneniya.cell-2e650dc3"]
    assert text.startswith(glossary_term("grand-slam-force", lang)), text
    assert not re.search(r"atutow|trumfkonvention|convención de triunfo|将牌约定叫", text)


def test_polish_writes_jozefina() -> None:
    texts = catalog("pl")
    for ctxt in ("konvenciya-5bk-zhozefin", "shternberg-kyubidy"):
        assert "Józefina" in texts[ctxt] and "Josephine" not in texts[ctxt]


@pytest.mark.parametrize("lang", ["pl", "es", "zh_CN"])
def test_one_spade_is_openers_rebid(lang: str) -> None:
    """'ответ 1п' in 1♣ 1♥ 1♠: the 1♠ is opener's rebid, as the English says."""
    rebid = {"pl": "rebid 1♠", "es": "redeclaración de 1♠", "zh_CN": "1♠这一再叫"}[lang]
    text = catalog(lang)["gadzhet-2t-situaciya"]
    assert rebid in text, text
    assert not re.search(r"odpowiedź|respuesta|回答", text), text


def test_swedish_agrees_a_suit_without_anpassa() -> None:
    """SBF: 'anpassning' is a fit; a suit agreed is 'överenskommen' (BWS, SBF's
    text: 'överenskommen trumffärg'). The verb 'anpassa' is not bridge Swedish."""
    texts = catalog("sv")
    found = {c: t for c, t in texts.items() if re.search(r"\banpass(?!ning)\w*", t)}
    assert found == {}
    assert texts["forsing-vopros-sdacha-poyasneniya.cell-bef63c8e"] == "fastställer trumffärgen"
    assert "överenskommen" in texts["iskl-podgotovitelnoe"]


def test_swedish_stopper_is_hall() -> None:
    """Glossary and SBF: a stopper is 'håll', half a stopper 'halvhåll'."""
    texts = catalog("sv")
    assert [c for c, t in texts.items() if "hållning" in t] == []
    assert "med håll i ♠" in texts["gadzhet-2t-otvety-1ch-1bk-tablica.cell-7351d05e"]
    assert "halvhåll i ♠" in texts["gadzhet-2t-sdacha-3bk.note1"]


def test_swedish_singleton_ace_and_controls() -> None:
    texts = catalog("sv")
    assert texts["kyubid-kratkosti-poyasneniya.cell-c57118c4"] == "renons (kan vara ett blankt ess)"
    assert "klass" not in texts["pervyj-kyubid"]
    assert "1:a ronden" in texts["pervyj-kyubid"]


def test_polish_stoppers_and_key_cards() -> None:
    texts = catalog("pl")
    assert texts["gadzhet-2t-sdacha-3bk.note1"].endswith("półzatrzymanie ♠")
    assert "wartości kluczowych" in texts["forsing-vopros-sdacha-poyasneniya.cell-6b8f61cb"]
    assert "wartości kluczowych" in texts["vopros-o-5-cennostyah"]
    assert "samouzgodniony" not in texts["avtosplinter-1ch-tekst"]


def test_spanish_lengths_are_feminine() -> None:
    """AEB and the other es catalogs: 'cuarta', 'quinta' (a four-, five-card suit)."""
    texts = catalog("es")
    found = {c: t for c, t in texts.items() if re.search(r"\bcuartos\b|\bun cuarto\b|\bsu quinto\b|\btercero de\b", t)}
    assert found == {}
    assert "cuartas en los otros palos" in texts["forsing-vopros-tekst"]


def test_spanish_terms() -> None:
    texts = catalog("es")
    assert texts["odnocvetnaya-ruka"].startswith("Mano unicolor")
    assert "dubletón" in texts["gadzhet-3t-otvety-1b.cell-71ea62c6"]
    assert "autofijado" not in texts["avtosplinter-1ch-tekst"]


def test_spanish_sets_asides_off_with_dashes() -> None:
    """A spaced hyphen is no dash: '2ST – pregunta por semifallo – forcing a manga'."""
    assert {c: t for c, t in catalog("es").items() if re.search(r"\s-(\s|$)", t)} == {}


@pytest.mark.parametrize(("lang", "quoted"), [
    ("en", "“exclusion method”"), ("pl", "„metoda wykluczenia”"), ("es", "«método de exclusión»"),
])
def test_quotes_are_the_languages_own(lang: str, quoted: str) -> None:
    texts = catalog(lang)
    assert quoted in texts["iskl-podgotovitelnoe"]
    assert [c for c, t in texts.items() if '"' in t] == []


@pytest.mark.parametrize("lang", ["sv", "es", "zh_CN"])
def test_four_of_the_major_is_to_play_in_the_glossarys_words(lang: str) -> None:
    """Sternberg's table, '4чп - контракт.': the glossary's 'to play'."""
    text = catalog(lang)["shternberg-posle-3t-tablica.cell-5d4be9cd"]
    assert text.rstrip(".。") == glossary_term("to-play", lang)


def test_swedish_non_forcing_is_the_glossarys() -> None:
    texts = catalog("sv")
    term = glossary_term("non-forcing", "sv")
    assert texts["posle-negativnogo-neforsiruet"] == f"{term}:"
    assert texts["posle-nadvyshki-neforsiruet"].startswith(f"{term} är endast")


def test_chinese_game_forcing_is_the_glossarys() -> None:
    text = catalog("zh_CN")["gadzhet-3t-dvuznachna"]
    assert glossary_term("game-forcing", "zh_CN") in text and "逼到成局" not in text
