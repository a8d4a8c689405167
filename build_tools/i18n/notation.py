"""Calls, suits, auctions, hands and links of a translation, compared with
its source as the bridge model reads them.

Each language writes calls its own way (``1BA`` in Polish, ``1NT`` in English,
``1БК`` in Russian, ``1SA`` in Spanish, ``1无将`` in Chinese) and suits as
symbols, letters (``т б ч п`` in Russian) or words (``梅花``, ``hearts``). A
translation must keep the calls and suits of its source, each written in the
target language's notation: the notation profiles of :mod:`build_tools.bridge`
say which spellings belong to which language.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from functools import cache

from build_tools import diagrams, markup
from build_tools.bridge import BridgeError
from build_tools.bridge.notation import PROFILES, Profile
from build_tools.document import language_name

_SYMBOL = {"♣": "♣", "♦": "♦", "♥": "♥", "♠": "♠"}
_STRAIN_SYMBOL = ("♣", "♦", "♥", "♠", "NT")


def _suit_words(language: str) -> tuple[tuple[str, str], ...]:
    """How ``language``'s running text names the suits, as (pattern, symbol):
    its notation profile's :attr:`~build_tools.bridge.notation.Profile.suit_words`
    (lower case: "Club League" names no suit); a form not matched is counted on
    neither side, and a language without a profile counts symbols only."""
    profile = _profile(language)
    return tuple((pattern, suit.symbol) for pattern, suit in profile.suit_words) if profile else ()


def _code(language: str) -> str:
    return language.split("_")[0].lower()


def _profile(language: str) -> Profile | None:
    return PROFILES.get(_code(language))


@cache
def _strain_spellings(language: str) -> dict[str, str]:
    """How ``language`` writes the strain of a call: spelling → symbol (``NT`` for notrump).
    Symbols are every language's; a language without a profile writes ``NT``."""
    out = {symbol: symbol for symbol in _SYMBOL}
    profile = _profile(language)
    if profile is None:
        out["NT"] = "NT"
        return out
    for word, strain in profile.strains:
        if word in ("§", "¨", "©", "ª", "N"):  # encoding artefacts and a bare N are no spelling to write
            continue
        out[word] = _STRAIN_SYMBOL[strain.value]
    return out


@cache
def _readable(language: str) -> dict[str, str]:
    """The strain spellings read in a text of ``language``: its own, and every
    other language's but a single Latin letter (English ``H`` is hearts in
    ``2H``, but a Spanish "4 a 7 H" counts points)."""
    out: dict[str, str] = {}
    for code in PROFILES:
        out.update((w, s) for w, s in _strain_spellings(code).items() if not (len(w) == 1 and w.isascii()))
    out.update(_strain_spellings(language))
    return out


@cache
def _call_pattern(language: str) -> re.Pattern[str]:
    words = sorted(_readable(language), key=len, reverse=True)
    # A level, an optional space, a strain spelling that is not the start of a
    # longer word ("3 тб" is 3♣ and a ♦, "1 пик" is no call).
    # Russian joins alternatives ("4чп": 4♥ or 4♠), so suit letters may follow.
    return re.compile(r"(?<![\d.,A-Za-z])([1-7]) ?(" + "|".join(map(re.escape, words)) + r")(?![A-Za-zА-ЯЁёав-ор-су-цш-я])")


@cache
def _suit_pattern(language: str) -> re.Pattern[str]:
    code = _code(language)
    parts = ["(?P<symbol>[♣♦♥♠])"]
    if code == "ru":  # "синглет тб", "4чп": suit letters standing alone or after a level
        # ("т.к.", "т.е.", "т. д." are abbreviations, not clubs)
        parts.append(r"(?P<letters>(?<![^\W\d_])(?<![а-яё]\.)(?<![а-яё]\.\s)[тбчп]{1,4}(?![^\W\d_])(?!\.\s?[а-яё]\.))")
        parts.append(r"(?P<card>(?<=(?<![^\W\d_])[ТКДВ])[тбчп](?![^\W\d_]))")  # "Кч": the king of hearts
    boundary, end = ("", "") if code == "zh" else (r"(?<!\w)", r"(?!\w)")
    for n, (pattern, _) in enumerate(_suit_words(code)):
        # Case: "Трефа" opening a Russian sentence is clubs; "Club League" is no
        # suit, "Clubs are agreed" is; a Polish "Kara" is a penalty (and "kara" may
        # be diamonds), so Polish counts words in lower case only.
        if code == "pl":
            scoped = f"(?:{pattern})"
        elif code == "en":
            scoped = f"(?:(?:{pattern})|(?:^|(?<=[.;:!?] ))(?i:{pattern}))"
        else:
            scoped = f"(?i:{pattern})"
        parts.append(f"(?P<word{n}>{boundary}{scoped}{end})")
    return re.compile("|".join(parts))


def _prose(text: str) -> str:
    """``text`` without its roles and link targets: what a reader reads as prose."""
    return "".join(piece.text if piece.kind in ("text", "em", "ref") else " " for piece in markup.parse(text))


def calls(text: str, language: str) -> Counter[str]:
    """The calls written in ``text`` (prose only), each as ``3♣`` / ``1NT``.

    >>> sorted(calls("1BA – 15-17, potem 2♣", "pl").elements())
    ['1NT', '2♣']
    >>> sorted(calls("3 тб", "ru").elements())
    ['3♣']
    """
    found: Counter[str] = Counter()
    for match in _call_pattern(language).finditer(_prose(text)):
        found[match.group(1) + _readable(language)[match.group(2)]] += 1
    return found


def suits(text: str, language: str) -> Counter[str]:
    """The suits named in ``text`` (prose only): symbols, and letters or words
    as ``language`` writes them.

    >>> "".join(sorted(suits("синглет тб, 4♥", "ru").elements()))
    '♣♥♦'
    """
    found: Counter[str] = Counter()
    suits_of_words = [symbol for _, symbol in _suit_words(language)]
    letters = {"т": "♣", "б": "♦", "ч": "♥", "п": "♠"}
    # A call's strain is a suit too: "3 тб" names clubs (the call) and diamonds.
    for match in _suit_pattern(language).finditer(_prose(text)):
        kind = match.lastgroup or ""
        if kind == "symbol":
            found[match.group()] += 1
        elif kind in ("letters", "card"):
            found.update(letters[c] for c in match.group())
        else:
            found[suits_of_words[int(kind[4:])]] += 1
    return found


def markup_problems(source: str, text: str, source_language: str, language: str) -> Iterator[str]:
    """What the translation ``text`` (in ``language``) changed of the markup,
    calls and suits of ``source`` (in ``source_language``)."""
    yield from _role_problems(source, text, source_language, language)
    wanted = Counter(p.target for p in markup.parse(source) if p.kind == "ref")
    got = Counter(p.target for p in markup.parse(text) if p.kind == "ref")
    if wanted != got:
        yield (f"links differ: the source links to {', '.join(sorted(wanted.elements())) or 'nothing'}, "
               f"the translation to {', '.join(sorted(got.elements())) or 'nothing'}")
    for source_char, char in (("[", "]"), ("(", ")")):
        if source.count(source_char) - source.count(char) != text.count(source_char) - text.count(char):
            yield f"unbalanced '{source_char}{char}' in the translation"
    if text.count("`") != source.count("`") or text.count("{") != source.count("{"):
        yield "an inline role is broken or missing ({auction}`...` and {hand}`...` must stay whole)"
    own = _strain_spellings(language)
    for match in _call_pattern(language).finditer(_prose(text)):
        written = match.group(2)
        if written not in own:
            yield (f"call '{match.group()}' is not in {language_name(language, 'en')} notation "
                   f"(write {match.group(1)}{_spelling(_readable(language)[written], language)})")
    wanted_calls, got_calls = calls(source, source_language), calls(text, language)
    if wanted_calls != got_calls:
        yield (f"calls differ: the source has {_listed(wanted_calls - got_calls)}, "
               f"the translation has {_listed(got_calls - wanted_calls)}")
    wanted_suits, got_suits = suits(source, source_language), suits(text, language)
    if wanted_suits != got_suits:
        yield (f"suits differ: the source has {''.join(sorted((wanted_suits - got_suits).elements())) or 'none more'}, "
               f"the translation has {''.join(sorted((got_suits - wanted_suits).elements())) or 'none more'}")


def _listed(counter: Counter[str]) -> str:
    return " ".join(sorted(counter.elements())) or "none more"


def _spelling(symbol: str, language: str) -> str:
    """How ``language`` writes the strain ``symbol`` (its first spelling)."""
    if symbol != "NT":
        return symbol
    for word, written in _strain_spellings(language).items():
        if written == "NT":
            return word
    return "NT"


def _role_problems(source: str, text: str, source_language: str, language: str) -> Iterator[str]:
    """Auctions and hands written in roles: the same ones, in the same order,
    each readable by the model (as the source wrote it or in the target's notation)."""
    wanted = [p for p in markup.parse(source) if p.kind in ("auction", "hand")]
    got = [p for p in markup.parse(text) if p.kind in ("auction", "hand")]
    if [p.kind for p in wanted] != [p.kind for p in got]:
        yield (f"inline roles differ: the source has {', '.join(p.kind for p in wanted) or 'none'}, "
               f"the translation {', '.join(p.kind for p in got) or 'none'}")
        return
    for mine, theirs in zip(got, wanted, strict=True):
        if mine.text == theirs.text and mine.options == theirs.options:
            continue
        # As the translator wrote it: in the reader's notation or the original's.
        readings = {_reading(mine.kind, mine.text, mine.options, lang) for lang in (language, source_language)}
        if readings == {None}:
            yield f"{mine.kind} {mine.text!r} is no {mine.kind} the model can read"
        elif _reading(theirs.kind, theirs.text, theirs.options, source_language) not in readings:
            yield f"{mine.kind} {mine.text!r} is not the source's {theirs.text!r}"


def unreadable_roles(text: str, source_language: str, language: str) -> Iterator[str]:
    """The auctions and hands of a translated ``text`` the model cannot read,
    neither in the translation's notation nor in the original's."""
    for piece in markup.parse(text):
        if piece.kind in ("auction", "hand") and _reading(piece.kind, piece.text, piece.options, language) is None \
                and _reading(piece.kind, piece.text, piece.options, source_language) is None:
            yield f"{piece.kind} {piece.text!r} is no {piece.kind} the model can read"


def _reading(kind: str, text: str, options: str | None, language: str) -> str | None:
    if _profile(language) is None:
        language = "en"
    try:
        if kind == "auction":
            setting = diagrams.inline_setting(options)
            return str(diagrams.read_auction(text, language, setting.view, setting.dealer))
        return str(diagrams.read_hand(text, language))
    except (BridgeError, ValueError):
        return None
