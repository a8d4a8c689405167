"""Issue 35 item 9: CBA 2.(2) (`zongse-zhengjiao`, "对自然一阶单套开叫的争叫不保证一个
已知花色至少4张") says that the *overcall* does not guarantee four cards in a
known suit: a Brown Sticker test of the overcall. Written "an overcall of a
one-level opening that does not guarantee...", the clause may attach to the
opening and reverse the test; where the two nouns share a gender, each
translation puts the clause beside the overcall, before the opening."""

from __future__ import annotations

from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parent.parent


def translation(lang: str, context: str) -> str:
    po = polib.pofile(str(ROOT / "translations" / lang / "LC_MESSAGES" / "cba-bidding-systems.po"))
    [entry] = [e for e in po if e.msgctxt == context and not e.obsolete]
    return " ".join(entry.msgstr.split())


#: (the words that say what is not guaranteed, the word for the opening)
CLAUSE_BEFORE_OPENING = {
    "en": ("does not guarantee", "opening"),
    "pl": ("nie gwarantuje", "otwarcie"),
    "es": ("no garantiza", "apertura"),
    "sv": ("inte garanterar", "öppningsbud"),
}


@pytest.mark.parametrize("lang", CLAUSE_BEFORE_OPENING)
def test_what_the_overcall_does_not_guarantee_is_said_of_the_overcall(lang: str) -> None:
    text = translation(lang, "zongse-zhengjiao")
    clause, opening = CLAUSE_BEFORE_OPENING[lang]
    assert text.index(clause) < text.index(opening), text


def test_the_russian_participle_agrees_with_the_overcall() -> None:
    # "Вход ..., не гарантирующий": masculine, as "вход" is; the opening
    # ("открытие") is neuter, so the clause cannot attach to it.
    text = translation("ru", "zongse-zhengjiao")
    assert text.startswith("Вход") and "не гарантирующий" in text, text
