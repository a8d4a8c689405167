"""Synthetic prose for the benchmark corpus: sentences in each language of the
handbook, and deterministic pseudo-translations of them.

Nothing here is random in the global sense: every function takes a seeded
:class:`random.Random` or derives its choices from a CRC of its input, so the
same seed always gives the same corpus.

>>> import random
>>> sentence(random.Random(1), "pl") == sentence(random.Random(1), "pl")
True
>>> pseudo_translate("Punkty 1-3 *obowiązują* 5+♥.", "en") == pseudo_translate("Punkty 1-3 *obowiązują* 5+♥.", "en")
True
>>> keep = pseudo_translate("Translated: %(translated)s of %(total)s texts (%(percent)s %).", "ru")
>>> all(p in keep for p in ("%(translated)s", "%(total)s", "%(percent)s"))
True
"""

from __future__ import annotations

import random
import re
import zlib

#: Syllables from which each language's words are built.
SYLLABLES: dict[str, tuple[str, ...]] = {
    "pl": ("prze", "sta", "wie", "ko", "lo", "rzą", "dze", "ni", "ść", "ło", "żo", "ję", "ca", "po", "wy",
           "zy", "ta", "mi", "cho", "dź"),
    "en": ("bid", "the", "op", "en", "ing", "part", "ner", "ship", "re", "spond", "al", "ert", "ed", "con",
           "tract", "de", "clare", "trump", "hand", "suit"),
    "ru": ("пар", "тнёр", "ство", "от", "ве", "ты", "за", "явк", "ка", "ри", "ло", "ни", "мо", "ще", "ю",
           "ждь", "си", "ла", "бе", "го"),
    "es": ("ju", "ga", "dor", "ma", "no", "sa", "li", "da", "ción", "pa", "re", "ja", "ñe", "to", "cué",
           "ri", "bo", "ta", "lle", "ví"),
    "sv": ("spe", "la", "re", "bud", "gi", "var", "öpp", "ning", "för", "kla", "ring", "må", "ste", "hän",
           "de", "lä", "ge", "sa", "kö", "tt"),
    "zh_CN": ("叫", "牌", "开", "应", "答", "同", "伴", "约", "定", "花", "色", "将", "局", "方", "法",
              "规", "则", "示", "警", "强"),
}

_ENDS = {"zh_CN": "。"}
_COMMA = {"zh_CN": "，"}
_SUITS = "♣♦♥♠"


def word(rng: random.Random, language: str) -> str:
    """One word of ``language``: two to four syllables."""
    parts = SYLLABLES[language]
    return "".join(rng.choice(parts) for _ in range(rng.randint(2, 4))).lower()


def _joiner(language: str) -> str:
    return "" if language == "zh_CN" else " "


def phrase(rng: random.Random, language: str, words: tuple[int, int] = (2, 5)) -> str:
    """A few words without final punctuation (titles, terms), first letter capital."""
    text = _joiner(language).join(word(rng, language) for _ in range(rng.randint(*words)))
    return text[:1].upper() + text[1:]


def sentence(rng: random.Random, language: str) -> str:
    """A sentence of eight to twenty words, sometimes with a number range, a
    suit length (``5+♥``) or one ``*emphasised*`` word, as regulations have."""
    words = [word(rng, language) for _ in range(rng.randint(8, 20))]
    if rng.random() < 0.4:
        low = rng.randint(6, 15)
        words.insert(rng.randrange(len(words)), f"{low}-{low + rng.randint(2, 5)}")
    if rng.random() < 0.4:
        words.insert(rng.randrange(len(words)), f"{rng.randint(4, 6)}+{rng.choice(_SUITS)}")
    if rng.random() < 0.3:
        at = rng.randrange(len(words))
        words[at] = f"*{words[at]}*"
    if len(words) > 10 and rng.random() < 0.5:
        at = rng.randrange(3, len(words) - 2)
        words[at] += _COMMA.get(language, ",")
    text = _joiner(language).join(words)
    return text[:1].upper() + text[1:] + _ENDS.get(language, ".")


def paragraph(rng: random.Random, language: str, sentences: tuple[int, int] = (1, 3)) -> str:
    """One to three sentences."""
    return _joiner(language).join(sentence(rng, language) for _ in range(rng.randint(*sentences)))


# Placeholders of interface strings, and anything that is not a letter, pass
# through a pseudo-translation untouched: numbers and suit symbols must survive
# (the translator lint checks them), and so must the *emphasis* markup.
_TOKEN = re.compile(r"%\(\w+\)s|[^\W\d_]+", re.UNICODE)


def pseudo_translate(text: str, language: str) -> str:
    """A stand-in translation of ``text`` into ``language``: every word is
    replaced by a word of ``language`` chosen from the CRC of the original word,
    everything else (digits, symbols, punctuation, markup, ``%(name)s``) kept."""

    def replace(match: re.Match[str]) -> str:
        token = match.group(0)
        if token.startswith("%("):
            return token
        rng = random.Random(zlib.crc32(f"{language}:{token}".encode()))
        out = word(rng, language)
        return out[:1].upper() + out[1:] if token[:1].isupper() else out

    return _TOKEN.sub(replace, text)
