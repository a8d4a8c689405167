"""Counts in each language's plural forms (issue 35, item 3): gettext's
machinery (msgid_plural, each catalog's Plural-Forms) chooses the form, and a
count on each side of every boundary of every language reads as its grammar
writes it. The expected texts are written from each language's grammar, not
read from the output."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import polib
import pytest

from build_tools.meaning_text import describe, describe_query, words_for
from conftest import ROOT

TRANSLATIONS = ROOT / "translations"


@cache
def _words(language: str) -> dict[str, str]:
    from build_tools.meaning_text import english_words

    return english_words() if language == "en" else words_for(language, TRANSLATIONS)


# (language, count) -> how the language writes that many spades. Russian:
# one for 1, 21 (not 11); few for 2-4, 22-24 (not 12-14); many else.
# Polish (one for 1 alone; few for 2-4, 22-24, not 12-14; many else) writes
# the suit before its count, as PZBS's cards do ("kiery 6+"): the same words
# in each form, which the test holds on each side of every boundary too.
SPADES = {
    "ru": {1: "1 пика", 2: "2 пики", 4: "4 пики", 5: "5 пик", 11: "11 пик", 12: "12 пик", 21: "21 пика",
           22: "22 пики", 0: "0 пик"},
    "pl": {1: "piki 1", 2: "piki 2", 4: "piki 4", 5: "piki 5", 12: "piki 12", 21: "piki 21", 22: "piki 22"},
    "en": {1: "1 spade", 2: "2 spades", 0: "0 spades", 21: "21 spades"},
    "es": {1: "1 pica", 2: "2 picas", 0: "0 picas", 21: "21 picas"},
    "sv": {1: "1 spader", 2: "2 spader", 0: "0 spader"},
    "zh_CN": {1: "黑桃1张", 2: "黑桃2张", 5: "黑桃5张"},
}


@pytest.mark.parametrize(("language", "count"), [(lang, n) for lang, table in SPADES.items() for n in table])
def test_a_count_of_spades_takes_the_form_its_number_asks(language: str, count: int) -> None:
    assert describe({"suits": {"spades": count}}, _words(language)) == SPADES[language][count]


@pytest.mark.parametrize(("language", "meaning", "text"), [
    # Every suit, as the Russian notes' Gadget example shows them (gadzhet-2t-otvet-3b-16-17).
    ("ru", {"hcp": "16-17", "suits": {"spades": 4, "hearts": 3, "diamonds": 1, "clubs": 5}},
     "16–17 очков; 4 пики; 3 червы; 1 бубна; 5 треф"),
    ("en", {"hcp": "16-17", "suits": {"spades": 4, "hearts": 3, "diamonds": 1, "clubs": 5}},
     "16–17 HCP; 4 spades; 3 hearts; 1 diamond; 5 clubs"),
    ("es", {"hcp": "16-17", "suits": {"spades": 4, "hearts": 3, "diamonds": 1, "clubs": 5}},
     "16–17 PH; 4 picas; 3 corazones; 1 diamante; 5 tréboles"),
    ("pl", {"suits": {"spades": 4, "hearts": 3, "diamonds": 1, "clubs": 5}}, "piki 4; kiery 3; kara 1; trefle 5"),
    # Ranges: the form of the last number; "0-1" is several counts.
    ("ru", {"suits": {"hearts": "2-4", "clubs": "5+", "diamonds": "0-1"}}, "2–4 червы; 5+ треф; 0–1 бубны"),
    ("en", {"suits": {"hearts": "0-1", "clubs": "1"}}, "0–1 hearts; 1 club"),
    ("ru", {"hcp": 21}, "21 очко"), ("ru", {"hcp": 22}, "22 очка"), ("ru", {"hcp": "12-14"}, "12–14 очков"),
    ("ru", {"major": 1}, "1 карта в мажоре"), ("ru", {"major": "5+"}, "5+ карт в мажоре"),
    ("ru", {"unbid-suits": 3}, "3 карты в каждой незаявленной масти"),
    ("es", {"bid-suit": 1}, "1 carta en el palo nombrado"),
    ("en", {"keycards": [1, 4]}, "1 or 4 key cards"), ("en", {"keycards": 1}, "1 key card"),
    ("es", {"keycards": [0, 3]}, "0 o 3 cartas clave"), ("es", {"keycards": [1]}, "1 carta clave"),
])
def test_counts_in_a_meaning_read_as_the_language_writes_them(language: str, meaning: dict[str, object],
                                                              text: str) -> None:
    assert describe(meaning, _words(language)) == text


@pytest.mark.parametrize("language", ["pl", "ru", "es", "sv", "zh_CN"])
def test_the_interface_catalogs_hold_plural_forms_as_their_header_counts_them(language: str) -> None:
    from babel.messages.plurals import get_plural

    po = polib.pofile(str(TRANSLATIONS / language / "LC_MESSAGES" / "handbook.po"))
    plurals = [e for e in po if e.msgid_plural and not e.obsolete]
    assert len(plurals) >= 9
    wanted = get_plural(language).num_plurals
    assert po.metadata["Plural-Forms"].startswith(f"nplurals={wanted};")
    for entry in plurals:
        assert len(entry.msgstr_plural) == wanted and all(f.strip() for f in entry.msgstr_plural.values()), entry


@pytest.mark.parametrize(("language", "stage", "text"), [
    ("en", "knockout", "the knockout stage"), ("ru", "knockout", "этап на выбывание"),
    ("zh_CN", "round-robin", "循环赛阶段"), ("pl", "round-robin", "faza każdy z każdym"),
])
def test_a_stage_is_said_in_words_never_as_the_querys_value(language: str, stage: str, text: str) -> None:
    from build_tools.rules.query import parse_example_query

    query = parse_example_query("1♥", "partnership", {"stage": stage})
    assert describe_query(query, _words(language), "en", language) == text


@pytest.mark.parametrize(("language", "text"), [("ru", "пас: 13+ очков / 0–4 очка"),
                                                ("zh_CN", "不叫：13+大牌点 / 0–4大牌点")])
def test_a_cards_pass_is_written_in_the_readers_notation(language: str, text: str) -> None:
    """CBA's strong-pass card writes its pass "P" (the model's universal
    notation) in a Chinese document: the reader sees their own pass."""
    from build_tools.rules.query import parse_example_query

    system = {"card": "strong-pass", "passes": [{"auction": "P", "either": [{"hcp": "13+"}, {"hcp": "0-4"}]}]}
    query = parse_example_query("1♦", "partnership", {"system": system})
    assert text in describe_query(query, _words(language), "zh_CN", language)


def test_a_plural_string_untranslated_falls_back_to_english_whole(tmp_path: Path) -> None:
    from build_tools.meaning_text import words_for as words_in

    catalog = tmp_path / "ru" / "LC_MESSAGES" / "handbook.po"
    catalog.parent.mkdir(parents=True)
    source = (TRANSLATIONS / "ru" / "LC_MESSAGES" / "handbook.po").read_text(encoding="utf-8")
    start = source.index('msgid "%(length)s spade"')
    end = source.index("\n\n", start)
    blanked = "\n".join(line if not line.startswith("msgstr[1]") else 'msgstr[1] ""'
                        for line in source[start:end].split("\n"))
    catalog.write_text(source[:start] + blanked + source[end:], encoding="utf-8")
    words = words_in("ru", tmp_path)
    assert describe({"suits": {"spades": 2}, "hcp": 12}, words) == "2 spades; 12 HCP"  # English, whole
    assert describe({"suits": {"hearts": 2}}, words) == "2 червы"
