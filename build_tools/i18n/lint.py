"""Checks for translators: what a translation must keep of its source.

Numbers and suit symbols of the source must appear in the translation as often
as in the source (a calls's notation may change, ``1BA`` becoming ``1NT``, but
its level and suit may not), and inline emphasis must stay balanced. Interface
strings are ``%``-formatted by the templates: their translations must keep the
placeholders of the source, and write a percent sign as ``%%``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator

from babel.messages.catalog import Catalog, Message

from build_tools.document import NUMBER_SUFFIX
from build_tools.i18n.glossary import Concept, term_problems
from build_tools.i18n.notation import markup_problems

_NUMBER = re.compile(r"\d+")
# A display number written in words that its translation writes in figures, or
# the other way round ("第九节" and "Section 9", "Раздел IV -" and "第四章 -"):
# Chinese numerals where they number something (第…, …、 at the start), and
# Roman numerals ("I.", "IV", but not "X" or "XX", a double and a redouble in
# several notations). Only display numbers are read so: in a sentence "第四花色" is the
# fourth suit, a word, which a translation may well write as one.
_CHINESE_ORDINAL = re.compile(r"第([零一二两三四五六七八九十百]+)|^([一二三四五六七八九十]+)、")
_ROMAN = re.compile(r"\b(?!X+\b)(?=[IVXLC]+\b)C{0,3}(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})\b")
_CHINESE_DIGITS = {c: n for n, c in enumerate("零一二三四五六七八九")} | {"两": 2}
_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


def _chinese_number(numeral: str) -> int:
    """A Chinese numeral's value.

    >>> [_chinese_number(n) for n in ("九", "十", "十二", "二十九", "一百零五")]
    [9, 10, 12, 29, 105]
    """
    total, digit = 0, 0
    for char in numeral:
        if char in ("十", "百"):
            total += (digit or 1) * (10 if char == "十" else 100)
            digit = 0
        else:
            digit = _CHINESE_DIGITS[char]
    return total + digit


def _roman_number(numeral: str) -> int:
    """A Roman numeral's value.

    >>> [_roman_number(n) for n in ("IV", "IX", "XIV", "CL")]
    [4, 9, 14, 150]
    """
    values = [_ROMAN_VALUES[char] for char in numeral]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))


def display_numbers(text: str) -> list[str]:
    """The numbers a display number says, in figures, Chinese or Roman numerals.

    >>> [display_numbers(n) for n in ("第九节", "Section 9", "一、", "Раздел IV -", "第四章 -")]
    [['9'], ['9'], ['1'], ['4'], ['4']]
    >>> display_numbers("统一 1♣ XX"), display_numbers("I."), display_numbers("V.")
    (['1'], ['1'], ['5'])
    """
    found = _NUMBER.findall(text)
    found += [str(_chinese_number(a or b)) for a, b in _CHINESE_ORDINAL.findall(text)]
    found += [str(_roman_number(match.group(0))) for match in _ROMAN.finditer(text) if match.group(0)]
    return found
#: Lengths written in words, per language, read as the numbers they say: a
#: "sześciokartowym" that becomes "pięciokartowym" changed a six-card suit into
#: a five-card one, and a "5-kartowym" rendered "pięciokartowy" kept it. Each
#: pattern's first group is the word whose value is looked up in the table
#: beside it; words that count something else (the Chinese "一张A", one ace
#: more; the Spanish "cuarto palo", the fourth suit) are left out.
_LENGTH_WORDS: dict[str, tuple[re.Pattern[str], dict[str, int]]] = {
    # "sześciokartowy", "starsza czwórka", "cztery lub więcej kart"
    "pl": (re.compile(r"(?<!\w)(jedno|dwu|trzy|cztero|pięcio|sześcio|siedmio|ośmio|dziewięcio)[- ]?kartow\w*"
                      r"|(?<!\w)(trój|czwór|piąt|szóst|siódem)k\w*"
                      r"|(?<!\w)(dwie|dwóch|trzy|trzech|cztery|czterech|pięć|pięciu|sześć|sześciu|siedem|siedmiu|osiem)"
                      r"(?= lub (?:więcej|mniej|[tcpsd]\w+ (?:kart|trefl|kar|kier|pik))| kart| (?:trefl|kar|kier|pik))",
                      re.IGNORECASE),
           {"jedno": 1, "dwu": 2, "trzy": 3, "cztero": 4, "pięcio": 5, "sześcio": 6, "siedmio": 7, "ośmio": 8,
            "dziewięcio": 9, "trój": 3, "czwór": 4, "piąt": 5, "szóst": 6, "siódem": 7,
            "dwie": 2, "dwóch": 2, "trzech": 3, "cztery": 4, "czterech": 4, "pięć": 5, "pięciu": 5, "sześć": 6,
            "sześciu": 6, "siedem": 7, "siedmiu": 7, "osiem": 8}),
    # "шестикарточный", "младшая четвёрка", "четыре или более карты"
    "ru": (re.compile(r"(?<!\w)(одно|двух|тр[её]х|четыр[её]х|пяти|шести|семи|восьми|девяти)(?:[- ]?карточн\w*|-(?= или \w+карточн))"
                      r"|(?<!\w)(трой|четв[её]р|пят[её]р|шест[её]р)к\w*"
                      r"|(?<!\w)(две|двух|три|тр[её]х|четыре|четыр[её]х|пять|пяти|шесть|шести|семь|семи|восемь)(?= или (?:более|больше|менее|[дтчпшсв]\w+ (?:карт|треф|бубн|черв|пик))| карт| (?:треф|бубн|черв|пик))",
                      re.IGNORECASE),
           {"одно": 1, "двух": 2, "трех": 3, "трёх": 3, "четырех": 4, "четырёх": 4, "пяти": 5, "шести": 6,
            "семи": 7, "восьми": 8, "девяти": 9, "трой": 3, "четвер": 4, "четвёр": 4, "пятер": 5, "пятёр": 5,
            "шестер": 6, "шестёр": 6, "две": 2, "три": 3, "четыре": 4, "пять": 5, "шесть": 6, "семь": 7,
            "восемь": 8}),
    # "four-card", "four- or five-card", "four or more (cards)", "four hearts"
    "en": (re.compile(r"(?<!\w)(one|two|three|four|five|six|seven|eight|nine)(?=-?(?: (?:or|to|and) "
                      r"(?:fewer|one|two|three|four|five|six|seven|eight|nine)-?)? ?cards?(?!\w))"
                      r"|(?<!\w)(two|three|four|five|six|seven|eight|nine)(?= or more(?!-)|(?: or \w+)? (?:clubs|diamonds|hearts|spades)(?!\w))",
                      re.IGNORECASE),
           {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}),
    # "cinco o más (cartas)"; an ordinal is a length ("palo sexto", "muy buen quinto",
    # "sin cuarta mayor") but not before a noun it numbers ("cuarto palo") nor a level.
    "es": (re.compile(r"(?<!\w)(dos|tres|cuatro|cinco|seis|siete|ocho|nueve)(?= o más| cartas(?!\w)|(?: o \w+)? (?:tréboles|diamantes|corazones|picas|picos)(?!\w))"
                      r"|(?<!\w)(?<!nivel al )(tercer|cuart|quint|sext|séptim|octav)(?:[oa]s?)(?!\w)"
                      r"(?! (?:palo|voz|voces|lugar|nivel|ronda|posición|categoría|clase|fase|parte|vez)(?!\w))", re.IGNORECASE),
           {"dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9,
            "tercer": 3, "cuart": 4, "quint": 5, "sext": 6, "séptim": 7, "octav": 8}),
    # "sexkortsfärg", "fyr- eller femkortsfärg", "fem eller fler kort"
    "sv": (re.compile(r"(?<!\w)(tre|fyr|fem|sex|sju|åtta)-?(?=(?: eller \w+)?kort)"
                      r"|(?<!\w)(tre|fyra|fem|sex|sju|åtta)(?= eller fler| kort| [♣♦♥♠]|(?: eller \w+)? (?:klöver|ruter|hjärter|spader))",
                      re.IGNORECASE),
           {"tre": 3, "fyr": 4, "fyra": 4, "fem": 5, "sex": 6, "sju": 7, "åtta": 8}),
    # "六张套", "五张或以上", "四张红心" (four hearts); not "两张K" nor "一张A" (honours counted)
    "zh": (re.compile(r"([三四五六七八九])张(?!大牌|[AKQJ])"),
           {"三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}),
}


def length_words(text: str, language: str) -> list[str]:
    """The lengths ``text`` writes in words, as figures.

    >>> length_words("ze sześciokartowym kolorem i starszą czwórką", "pl")
    ['6', '4']
    >>> length_words("шестикарточная масть", "ru"), length_words("a six-card suit", "en")
    (['6'], ['6'])
    >>> length_words("palo sexto, cinco o más cartas; cuarto palo", "es"), length_words("femkortsfärg", "sv")
    (['6', '5'], ['5'])
    >>> length_words("a four- or five-card suit, four or more cards; four hearts; two kings", "en")
    ['4', '5', '4', '4']
    >>> length_words("至少六张黑桃，多一张A，两张K", "zh_CN")
    ['6']
    """
    found = _LENGTH_WORDS.get(language.split("_")[0].lower())
    if found is None:
        return []
    pattern, values = found
    return [str(values[next(g for g in match.groups() if g).lower()]) for match in pattern.finditer(text)]


def _numbers(text: str, language: str) -> list[str]:
    """The numbers of a sentence: its figures and its lengths in words."""
    return _NUMBER.findall(text) + length_words(text, language)


# A %-conversion as Python reads it; without its conversion letter it is a stray '%'.
_FORMAT = re.compile(r"%(?:\((?P<name>[^)]*)\))?[-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?(?P<conversion>[diouxXeEfFgGcrsa%])?")


def problems(message: Message, source: str = "", target: str = "",
             glossary: Iterable[Concept] = ()) -> Iterator[str]:
    """What ``message``'s translation from language ``source`` into ``target``
    lost or changed of its source; nothing when untranslated.

    Numbers must stay; calls and suits are compared as the bridge model reads
    them, in each side's notation (``1BA`` and ``1NT`` are one call; a Russian
    ``тб`` and ``♣♦`` are the same two suits), and a call written in another
    language's notation is one the reader cannot read (``3BA`` in Russian).
    Auctions and hands in roles, link targets and emphasis must survive, and
    the ``glossary``'s terms be used (:func:`~build_tools.i18n.glossary.term_problems`).

    >>> from babel.messages.catalog import Message
    >>> list(problems(Message("1♥ i 2♠", "1♥ and 2♣", context="x"), "pl", "en"))
    ['calls differ: the source has 2♠, the translation has 2♣', 'suits differ: the source has ♠, the translation has ♣']
    >>> list(problems(Message("14-18", "14–17", context="x")))
    ['numbers differ: source has 18, translation has 17']
    >>> list(problems(Message("3 тб", "3♣♦", context="x"), "ru", "en"))
    []
    >>> list(problems(Message("3БК", "3BA", context="x"), "ru", "ru"))
    ["call '3BA' is not in Russian notation (write 3БК)"]
    """
    source_text, text = str(message.id), str(message.string or "")
    if not text.strip():
        return
    if str(message.context or "").endswith(NUMBER_SUFFIX):
        wanted, got = display_numbers(source_text), display_numbers(text)
    else:
        wanted, got = _numbers(source_text, source or "en"), _numbers(text, target or source or "en")
    missing, extra = Counter(wanted) - Counter(got), Counter(got) - Counter(wanted)
    if missing or extra:
        yield (f"numbers differ: source has {' '.join(sorted(missing.elements())) or 'none more'}, "
               f"translation has {' '.join(sorted(extra.elements())) or 'none more'}")
    yield from markup_problems(source_text, text, source or "en", target or source or "en")
    if source_text.count("*") % 2 == 0 and text.count("*") % 2:
        yield "unbalanced '*' (emphasis) in the translation"
    yield from punctuation_problems(source_text, text)
    yield from term_problems(glossary, source_text, text, source or "en", target or source or "en")


#: Punctuation a translation copied from a slip of its source: AEB's ",- ... -,"
#: for a pair of dashes, the Russian notes' comma before a bracket.
_COPIED_PUNCTUATION = (
    (re.compile(r",-(?=\s)|(?<=\s)-,"), "',-' or '-,' (the source's dashes): set the aside off with dashes"),
    (re.compile(r"(?<=[\w♣♦♥♠%]),\s*\("), "a comma before '(': drop it"),
)
_SEMICOLON, _STOP = (";", "；"), (".", "。")
_CLOSING = "”»\"')）*"


def punctuation_problems(source: str, text: str) -> Iterator[str]:
    """Punctuation of the translation ``text`` that is a slip: the source's own
    slips copied, and an item of a list closed with a full stop where its source
    (and so its siblings) ends with a semicolon.

    >>> list(punctuation_problems("x;", "pide 3♣,- bien para pasar -, pero."))
    ["punctuation: ',-' or '-,' (the source's dashes): set the aside off with dashes", \
"punctuation: the source ends with ';' (an item of a list), the translation with '.'"]
    >>> list(punctuation_problems("5-ка т,  (после 1т)", "5 cartas de ♣, (tras 1♣)"))
    ["punctuation: a comma before '(': drop it"]
    >>> list(punctuation_problems("(4333), (4432);", "(4333), (4432)；"))
    []
    """
    for pattern, problem in _COPIED_PUNCTUATION:
        if pattern.search(text):
            yield f"punctuation: {problem}"
    ends, end = source.rstrip().rstrip(_CLOSING)[-1:], text.rstrip().rstrip(_CLOSING)[-1:]
    if ends in _SEMICOLON and end in _STOP:
        yield f"punctuation: the source ends with ';' (an item of a list), the translation with '{end}'"


#: A translator's comment ``# handbook-lint: ignore numbers`` silences one kind
#: of check for its entry, where the source itself is wrong (a digit 3 typed for
#: the letter З) and the translation cannot follow it.
_IGNORE = re.compile(r"handbook-lint:\s*ignore\s+([\w ,]+)")


def lint(catalog: Catalog, source: str = "", target: str = "",
         glossary: Iterable[Concept] = ()) -> Iterator[tuple[Message, str]]:
    for message in catalog:
        if message.id and not message.fuzzy:
            ignored = {word.strip() for comment in message.user_comments
                       for match in _IGNORE.finditer(comment) for word in match.group(1).split(",")}
            for problem in problems(message, source, target, glossary):
                if problem.split()[0].rstrip(":") not in ignored:
                    yield message, problem


def blank(message: Message) -> bool:
    """Whether ``message`` is translated with blanks only (which counts as untranslated)."""
    string = message.string
    return isinstance(string, str) and bool(string) and not string.strip()


def _conversions(text: str) -> Iterator[tuple[int, str, bool]]:
    """(offset, text, complete) of every ``%`` conversion of ``text`` but ``%%``."""
    for match in _FORMAT.finditer(text):
        if match.group() != "%%":
            yield match.start(), match.group(), match.group("conversion") is not None


def format_problems(message: Message) -> Iterator[tuple[int, int | None, str]]:
    """What a translation of the ``%``-formatted ``message`` would break: yields
    (index of the msgstr, offset in it or ``None`` for the whole, problem).

    >>> from babel.messages.catalog import Message
    >>> list(format_problems(Message("%(n)s of %(total)s", "%(n)s z %(totl)s")))
    [(0, 8, "placeholder '%(totl)s' is not in the source text (it has %(n)s, %(total)s)"), \
(0, None, "placeholder '%(total)s' of the source text is missing from the translation")]
    >>> list(format_problems(Message("Done (%(p)s %%).", "Gotowe (%(p)s %).")))
    [(0, 14, "stray '%': write %% for a percent sign")]
    """
    if message.fuzzy:
        return
    sources = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
    targets = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
    wanted = {spec for source in sources for _, spec, _ in _conversions(str(source))}
    for index, target in enumerate(targets):
        if not target or not target.strip():
            continue
        found: set[str] = set()
        for offset, spec, complete in _conversions(target):
            found.add(spec)
            if not complete:
                yield index, offset, "stray '%': write %% for a percent sign"
            elif spec not in wanted:
                has = f" (it has {', '.join(sorted(wanted))})" if wanted else "; write %% for a percent sign"
                yield index, offset, f"placeholder '{spec}' is not in the source text{has}"
        if len(sources) == 1:  # a plural form may leave out what the others say
            for spec in sorted(wanted - found):
                yield index, None, f"placeholder '{spec}' of the source text is missing from the translation"
