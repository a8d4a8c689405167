"""An example's query line speaks the reader's language: the agreed meaning of
the call (the meaning vocabulary of build_tools/rules/vocabulary.py) in the
words of each language's interface catalog, every key shown, nothing added.

The expected texts below are written from the vocabulary (what each key
means) and each language's bridge words, not copied from the function."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from build_tools.bridge import Suit
from build_tools.meaning_text import MissingWords, describe, describe_query, english_words, words_for
from build_tools.rules.query import parse_example_query
from build_tools.rules.vocabulary import (_TWO_SUITER_KEYS, CONVENTIONS, FORCING, KEYS, LEADS, SHAPES, STOPPERS,
                                          STRENGTHS, SUIT_QUALITIES, Meaning)
from conftest import ROOT

TRANSLATED = ["pl", "ru", "es", "sv", "zh_CN"]


def words(language: str) -> dict[str, str]:
    return english_words() if language == "en" else words_for(language, ROOT / "translations")


# (meaning as an example writes it, {language: the reader's text})
TABLE: list[tuple[dict[str, Any], dict[str, str]]] = [
    ({"natural": True, "suits": {"hearts": "6+"}, "hcp": "12-14"},
     {"en": "natural; 6+ hearts; 12–14 HCP", "pl": "naturalne; kiery 6+; 12–14 PC",
      "ru": "натуральная; 6+ червей; 12–14 очков", "es": "natural; 6+ corazones; 12–14 PH",
      "sv": "naturligt; 6+ hjärter; 12–14 hp", "zh_CN": "自然；红心6+张；12–14大牌点"}),
    ({"artificial": True, "convention": "asking"},
     {"en": "artificial; asking bid", "pl": "sztuczne; pytanie", "ru": "искусственная; спрашивающая заявка",
      "es": "artificial; pregunta", "sv": "konstgjort; frågebud", "zh_CN": "人为；问叫"}),
    ({"natural": False}, {"en": "not natural", "pl": "nienaturalne"}),
    # A range as written "-9" is 0 to 9; a single count stays single.
    ({"hcp": "-9"}, {"en": "0–9 HCP", "pl": "0–9 PC"}),
    ({"hcp": 17, "suits": {"spades": 6}}, {"en": "17 HCP; 6 spades", "pl": "17 PC; piki 6"}),
    # Suits in the order written, a suit written as its symbol too.
    ({"suits": {"♣": "4+", "diamonds": "0-3"}}, {"en": "4+ clubs; 0–3 diamonds", "pl": "trefle 4+; kara 0–3"}),
    ({"shape": ["balanced", "5422", "6322"], "hcp": "15-17"},
     {"en": "shape: balanced, 5422 or 6322; 15–17 HCP", "pl": "skład: zrównoważony, 5422 lub 6322; 15–17 PC"}),
    ({"shape": ["5M332", "5m422"]}, {"en": "shape: 5332 (long suit a major) or 5422 (long suit a minor)",
                                     "pl": "skład: 5332 (długi kolor starszy) lub 5422 (długi kolor młodszy)"}),
    ({"shape": "pzbs-notrump"}, {"en": "shape: notrump shape without shortness (PZBS)",
                                 "pl": "skład: bezatutowy bez krótkości (PZBS)"}),
    ({"convention": "multi", "major": "6+", "strength": "weak"},
     {"en": "Multi; 6+ cards in a major; weak", "pl": "Multi; starszy kolor 6+; słabe"}),
    ({"forcing": "game-forcing", "strength": "preemptive"},
     {"en": "game-forcing; preemptive", "pl": "forsujące do końcówki; blokujące"}),
    ({"two-suiter": True}, {"en": "two-suiter", "pl": "dwukolorówka"}),
    ({"two-suiter": {"min": "5-5", "suits": ["spades"], "second-known": False}},
     {"en": "two-suiter, at least 5-5, with spades, second suit unknown",
      "pl": "dwukolorówka przynajmniej 5-5, w tym piki, drugi kolor nieznany"}),
    ({"two-suiter": {"min": "5-4", "suits": ["clubs", "diamonds"], "lowest-two": True}},
     {"en": "two-suiter, at least 5-4, in clubs and diamonds, the two lowest suits",
      "pl": "dwukolorówka przynajmniej 5-4, kolory: trefle i kara, dwa najmłodsze kolory",
      "zh_CN": "两套牌，至少5-4，花色为梅花和方块，最低的两门花色"}),
    ({"two-suiter": {"highest-unbid": True}}, {"en": "two-suiter, one suit the highest unbid",
                                               "pl": "dwukolorówka, w tym najstarszy nielicytowany kolor"}),
    ({"convention": "takeout-double", "unbid-suits": "3+"},
     {"en": "takeout double; 3+ cards in each unbid suit", "pl": "kontra wywoławcza; 3+ w każdym nielicytowanym kolorze"}),
    ({"convention": "lead-directing-double", "lead": "other-suit"},
     {"en": "lead-directing double; asks for the lead of another suit",
      "pl": "kontra wistowa; żąda wistu w inny kolor"}),
    ({"to-play": True, "standard": False}, {"en": "to play; not standard", "pl": "do gry; niestandardowe",
                                            "es": "propone contrato final; no estándar"}),
    ({"partner-must-bid": "clubs", "convention": "puppet"},
     {"en": "partner must bid clubs; puppet", "pl": "partner musi zalicytować trefle; puppet",
      "sv": "partnern måste bjuda klöver; puppet"}),
    # The Russian notes' answers: key cards, the trump queen, singletons.
    ({"keycards": [2, 5], "trump-queen": False},
     {"en": "2 or 5 key cards; without the trump queen", "ru": "ключевых карт: 2 или 5; без козырной дамы",
      "pl": "asy kluczowe: 2 lub 5; bez damy atu"}),
    ({"singleton": ["clubs", "diamonds"]}, {"en": "a singleton in clubs or diamonds", "ru": "синглет: трефы или бубны"}),
    ({"singleton": "none", "suits": {"spades": 3}}, {"en": "no singleton; 3 spades"}),
    # Issue 33: the new words, each language's bridge words.
    ({"forcing": "semi-forcing", "minor": "4+"},
     {"en": "semi-forcing; 4+ cards in a minor", "pl": "półforsujące; młodszy kolor 4+",
      "ru": "полуфорсирующая; 4+ карты в миноре", "es": "semiforcing; 4+ cartas en un palo menor",
      "sv": "halvkrävande; 4+ kort i en lågfärg", "zh_CN": "半逼叫；一门低花4+张"}),
    ({"strength": "intermediate", "two-suiter": {"min": "5-4", "suits": ["hearts", "minor"]}},
     {"en": "from an opening hand to a king more; two-suiter, at least 5-4, in hearts and a minor",
      "sv": "från öppningshand till en kung bättre; tvåfärgshand, minst 5-4, i hjärter och en lågfärg"}),
]


@pytest.mark.parametrize(("meaning", "language", "expected"),
                         [(m, lang, text) for m, texts in TABLE for lang, text in texts.items()])
def test_a_meaning_reads_in_the_readers_words(meaning: dict[str, Any], language: str, expected: str) -> None:
    Meaning.parse(meaning)  # the table holds only what the vocabulary allows
    assert describe(meaning, words(language)) == expected


def test_the_table_has_every_language() -> None:
    languages = {lang for _, texts in TABLE for lang in texts}
    assert languages == {"en", *TRANSLATED}


def _samples(key: str) -> list[Any]:
    """Every value the vocabulary allows for ``key``, or one of each kind."""
    suits = [s.name.lower() for s in Suit]
    flags = [True, False]
    two_suiter: list[Any] = [True, {"min": "6-5"}, {"suits": ["hearts"]}, {"suits": ["hearts", "spades"]},
                             {"suits": ["hearts", "minor"]}, {"suits": ["clubs", "major"]}]
    two_suiter += [{name: flag} for name in _TWO_SUITER_KEYS if name not in ("min", "suits") for flag in flags]
    samples: dict[str, list[Any]] = {
        "natural": flags, "artificial": flags, "standard": flags, "to-play": flags, "doubled-suit": flags,
        "hcp": ["12-14"], "major": ["5+"], "minor": ["4+"], "unbid-suits": ["3+"],
        "suits": [{suit: "5+"} for suit in suits],
        "shape": [*SHAPES, "5M332", "5m332", "4333"],
        "forcing": list(FORCING), "strength": list(STRENGTHS), "convention": list(CONVENTIONS),
        "lead": list(LEADS), "two-suiter": two_suiter, "partner-must-bid": suits,
        "stopper": list(STOPPERS), "suit-quality": list(SUIT_QUALITIES), "bid-suit": ["6+"],
        "keycards": [0, [0, 3], [1, 4], [2, 5]], "trump-queen": flags,
        "singleton": ["none", *suits, ["clubs", "diamonds"]],
    }
    assert key in samples, f"the vocabulary's key {key!r} has no sample here: give it words and a sample"
    return samples[key]


@pytest.mark.parametrize("language", ["en", *TRANSLATED])
def test_every_key_and_value_of_the_vocabulary_has_words(language: str) -> None:
    table = words(language)
    for key in KEYS:
        texts = []
        for value in _samples(key):
            Meaning.parse({key: value})  # a value the vocabulary allows
            text = describe({key: value}, table)
            assert text.strip(), (key, value)
            # Words, not the YAML the example wrote.
            assert not re.search(r"[{}\[\]]|\b(?:true|false|True|False)\b", text), (key, value, text)
            texts.append(text)
        # Two values of one key never read alike.
        assert len(set(texts)) == len(texts), (key, texts)


def test_a_key_without_words_is_an_error_not_a_silence() -> None:
    table = english_words()
    assert describe({"convention": "stayman"}, table) == "Stayman"
    with pytest.raises(MissingWords):
        describe({"convention": "stayman"}, {k: v for k, v in table.items() if k != "convention:stayman"})
    with pytest.raises(MissingWords):
        describe({"guarantees": "everything"}, table)


def test_every_translation_says_every_word_in_its_own_language() -> None:
    english = english_words()
    for language in TRANSLATED:
        table = words(language)
        assert table.keys() == english.keys()
        # Names and notation may read alike (Stayman, Multi); the words may not.
        same = sorted(k for k in table if table[k] == english[k]
                      and re.search(r"[a-z]{4}", re.sub(r"%\(\w+\)s", "", english[k])) and not english[k][0].isupper())
        # "Splinter" is the loanword of Polish, Spanish and Swedish bridge; "forcing"
        # the AEB's and "transfer" BWS's (translations/glossary.yaml).
        allowed = {"pl": {"convention:puppet", "convention:relay", "convention:splinter", "convention:transfer"},
                   "es": {"artificial:true", "convention:puppet", "convention:reverse", "convention:splinter",
                          "convention:transfer", "forcing:forcing", "natural:true"},
                   # Swedish "hand" is the English word.
                   "sv": {"convention:puppet", "convention:splinter", "convention:transfer", "hand", "standard:true"}}
        assert set(same) <= allowed.get(language, set()), (language, same)


def query(auction: str, data: dict[str, Any]) -> Any:
    return parse_example_query(auction, "partnership", data)


def test_earlier_calls_are_named_in_the_readers_notation_before_their_meanings() -> None:
    q = query("[1♣] 2♣", {"meaning": {"two-suiter": {"min": "5-5", "suits": ["spades"]}},
                          "earlier": {1: {"natural": True, "suits": {"clubs": "4+"}}}, "screens": True})
    assert describe_query(q, words("pl"), "pl", "pl") == (
        "[1♣]: naturalne; trefle 4+ · 2♣: dwukolorówka przynajmniej 5-5, w tym piki · z zasłonami")
    assert describe_query(q, words("en"), "pl", "en") == (
        "(1♣): natural; 4+ clubs · 2♣: two-suiter, at least 5-5, with spades · with screens")
    # Notrump and double in the reader's words; the calls' order is the auction's.
    q = query("1BA [2♦] ktr", {"earlier": {"1": {"hcp": "15-17"}}, "meaning": {"convention": "transfer-double"}})
    assert describe_query(q, words("ru"), "pl", "ru") == "1БК: 15–17 очков · контра: контра-трансфер"
    # Without earlier calls, the meaning alone: the call is the diagram's last.
    q = query("1BA 2♣", {"meaning": {"convention": "stayman"}, "screens": False})
    assert describe_query(q, words("es"), "pl", "es") == "Stayman · sin biombos"


def test_every_key_of_a_query_but_its_auction_shows() -> None:
    from build_tools.rules.query import QUERY_KEYS

    data = {"meaning": {"natural": True}, "earlier": {"1": {"hcp": "15-17"}}, "screens": True}
    more: dict[str, Any] = {"agreed": False, "hand": "♠ADxxx ♥xxx ♦Dxxx ♣x", "vulnerable": "they",
                            "agreements": {"punkt": "punkt.leaf1"}, "system": {"card": "x", "title": "X", "notation": "en"},
                            "opponents": {"card": "y", "title": "Y", "notation": "en"},
                            "event": "open", "stage": "final", "call": "ktr",
                            "either": [{"hcp": "5-10"}, {"hcp": "20-22"}]}
    assert set(QUERY_KEYS) - {"auction", "view"} == set(data) | set(more)
    for key, value in {**data, **more}.items():
        text = describe_query(query("1BA 2♣", {key: value}), words("sv"), "pl", "sv", {"punkt.leaf1": "krav"})
        assert text and text != describe_query(query("1BA 2♣", {"screens": False}), words("sv"), "pl", "sv")
    # The hand in the reader's notation, who is vulnerable seen from the
    # player, and the leaf by its text.
    assert describe_query(query("1BA 2♣", {"hand": more["hand"], "vulnerable": "they",
                                           "agreements": more["agreements"]}), words("sv"), "pl", "sv",
                          {"punkt.leaf1": "krav"}) == "hand: ♠EDxxx ♥xxx ♦Dxxx ♣x · de i zonen, vi inte · valt leaf: krav"
    assert describe_query(query("1BA 2♣", data), words("sv"), "pl", "sv") == (
        "1NT: 15–17 hp · 2♣: naturligt · med skärmar")
    # The call asked about in place of a printed "?", in the reader's notation.
    assert describe_query(query("1BA [2♣] ?", {"call": "ktr", "earlier": {"1": {"hcp": "15-17"}}}), words("en"),
                          "pl", "en") == "1NT: 15–17 HCP · ?: X"


def _pl_page() -> str:
    from build_tools.i18n import translate
    from build_tools.loader import load_document, load_manifest
    from build_tools.render import interface_translations, render_pages

    doc = load_document(ROOT / "source" / "pzbs-alert-rules.yaml")
    manifest = load_manifest(ROOT / "source" / "handbook.yaml")
    pages = render_pages(manifest, [translate(doc, "pl", None)], "pl", interface_translations(ROOT / "translations", "pl"))
    return pages["pzbs-alert-rules.md"]


def test_the_polish_page_states_its_examples_in_polish() -> None:
    page = _pl_page()
    run = page[page.index(":id: ex-ogolna-naturalna"):]
    run = run[:run.index("::::")]
    # An editorial example is a row of its run's table: the column of the
    # pair's agreement is headed as theirs ("Uzgodnienie"), beside the verdict's.
    assert "* - Licytacja\n  - Uzgodnienie\n  - Rozstrzygnięcie\n" in run
    row = run[run.index("{hb-example-row}`ex-ogolna-naturalna`"):]
    row = row[:row.index("\n* - ")]
    # source/pzbs-alert-rules.yaml: meaning: {natural: true, suits: {hearts: 6+}, hcp: 12-14}
    assert "\n  - {hb-query}`naturalne; kiery 6+; 12–14 PC`\n  - {hb-verdict}" in row
    assert "meaning:" not in page and "earlier:" not in page and "screens:" not in page
    assert len(re.findall(r"\{hb-query\}", page)) > 100


@pytest.fixture(scope="module")
def site(real_site: Path) -> Path:
    """The real handbook's sites: the session's one build of them (conftest's
    ``real_site``, or ``HANDBOOK_TEST_SITE``), not a build of its own."""
    return real_site


@pytest.mark.parametrize("language", ["pl", "zh_CN"])
def test_no_page_shows_the_query_as_yaml(site: Path, language: str) -> None:
    pages = sorted((site / language).glob("*.html"))
    assert pages
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert "meaning: {" not in html and "earlier: {" not in html, page.name
    rules = (site / language / "pzbs-alert-rules.html").read_text(encoding="utf-8")
    # ex-ogolna-naturalna, a row of its run's table, under the column of the
    # pair's agreement ("Uzgodnienie", "约定").
    header, shown = {"pl": ("Uzgodnienie", "naturalne; kiery 6+; 12–14 PC"),
                     "zh_CN": ("约定", "自然；红心6+张；12–14大牌点")}[language]
    row = rules[rules.index('id="ex-ogolna-naturalna"'):]
    row = row[:row.index("</tr>")]
    assert f'<span class="hb-query">{shown}</span>' in row
    table = rules[:rules.index('id="ex-ogolna-naturalna"')]
    assert f'<th class="head"><p>{header}</p></th>' in table[table.rindex("<table"):]


def test_a_system_given_inline_names_its_calls_with_their_meanings() -> None:
    """Two examples over one auction that differ in their system differ in
    the line a reader sees (the CBA's HUM examples)."""
    system = {"card": "x", "title": "X", "notation": "pl",
              "openings": [{"auction": "1BA", "meaning": {"natural": True, "hcp": "15-17"}}],
              "passes": [{"auction": "pas", "either": [{"hcp": "13+"}, {"hcp": "0-4"}]}]}
    line = describe_query(query("1♥", {"system": system}), english_words(), "pl", "en")
    assert line == "with the pair's system as given (1NT: natural; 15–17 HCP · P: 13+ HCP / 0–4 HCP)"
    bare = {"card": "x", "title": "X", "notation": "pl"}
    assert describe_query(query("1♥", {"system": bare}), english_words(), "pl", "en") == (
        "with the pair's system as given")


def test_a_call_of_several_types_and_the_cards_facts_show() -> None:
    """Issue 33 items 3 and 4: a query of several types names each type; a
    card's facts that a verdict rests on (submitted in time, what was handed
    in, an entry's means of telling its hands apart) are on the line."""
    q = query("2♦", {"either": [{"hcp": "5-10"}, {"hcp": "20-22"}]})
    assert describe_query(q, words("en"), "pl", "en") == "of several types: 5–10 HCP / 20–22 HCP"
    assert describe_query(q, words("pl"), "pl", "pl") == "kilka znaczeń: 5–10 PC / 20–22 PC"
    system = {"card": "x", "notation": "pl", "submitted": False, "disclosure": {"card": True, "defence": True},
              "openings": [{"auction": "1♦", "meaning": {"hcp": "0-7"}, "told-apart": False}]}
    assert describe_query(query("1♦", {"system": system}), words("en"), "pl", "en") == (
        "with the pair's system as given (1♦: 0–7 HCP; its hands not told apart); card not submitted in time; "
        "handed in: the card and a defence")
    assert describe_query(query("1♦", {"system": system}), words("zh_CN"), "pl", "zh_CN").endswith(
        "约定卡未按时提交；已提交：约定卡和防守叫牌")
