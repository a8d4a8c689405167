"""An example's query in the reader's words: what the agreed meaning of a call
says (``meaning: {natural: true, suits: {hearts: 6+}, hcp: 12-14}``) as a
director reads it ("natural; 6+ hearts; 12–14 HCP", Polish "naturalne; kiery
6+; 12–14 PC").

The line is what makes an example's verdict checkable, so it says what the
rule model checks and nothing else: every key of the meaning as written, in
the order written, each in the words of the interface catalog
(``build_tools/templates/meaning-words.j2``); counts as the reader writes
them ("12–14", "6+"). A key without words is an error, never left out.

>>> words = english_words()
>>> describe({"natural": True, "suits": {"hearts": "6+"}, "hcp": "12-14"}, words)
'natural; 6+ hearts; 12–14 HCP'
>>> describe({"two-suiter": {"min": "5-5", "suits": ["clubs", "diamonds"]}, "hcp": "-9"}, words)
'two-suiter, at least 5-5, in clubs and diamonds; 0–9 HCP'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from build_tools.bridge.meanings import Range

if TYPE_CHECKING:
    from build_tools.rules.query import Query

#: The template that declares the words, one interface string each.
WORDS_TEMPLATE = "meaning-words.j2"

Words = Mapping[str, str]


class MissingWords(KeyError):
    """A meaning key or value the words template has no words for."""


def count(value: Any) -> str:
    """A range as readers write it: an en dash between two counts.

    >>> [count(v) for v in ("12-14", "6+", "-9", 17, "13/15")]
    ['12–14', '6+', '0–9', '17', '13–15']
    """
    parsed = Range.parse(str(value))
    if parsed.high is None:
        return f"{parsed.low}+"
    if parsed.low == parsed.high:
        return str(parsed.low)
    return f"{parsed.low}–{parsed.high}"


class _Used(Mapping[str, str]):
    """``words`` as one line looks them up: whether it took words the catalog
    translates and words it does not (the template's English) together."""

    def __init__(self, words: Words) -> None:
        self.words = words
        self.translated = self.english = False

    def __getitem__(self, key: str) -> str:
        from build_tools.render import EnglishText

        value = self.words[key]
        if any(c.isalpha() for c in value):  # "; " and ", " are nobody's words
            if isinstance(value, EnglishText) or getattr(value, "english", False):
                self.english = True
            else:
                self.translated = True
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(self.words)

    def __len__(self) -> int:
        return len(self.words)


def _whole(words: Words, compose: Callable[[Words], str]) -> str:
    """One line in one language: in the reader's words, or, where the catalog
    lacks one of them, in English throughout (never "natürlich; 6+ hearts")."""
    used = _Used(words)
    text = compose(used)
    return compose(_english()) if used.english and used.translated else text


def describe(meaning: Mapping[str, Any], words: Words) -> str:
    """The reader's text of a meaning mapping (as the loader reads it from
    YAML); raises :class:`MissingWords` for a key or value without words.

    >>> describe({"convention": "stayman", "major": "4+"}, english_words())
    'Stayman; 4+ cards in a major'
    """
    return _whole(words, lambda used: _describe(meaning, used))


def _describe(meaning: Mapping[str, Any], words: Words) -> str:
    parts = [_KEYS.get(str(key), _unknown)(str(key), value, words) for key, value in meaning.items()]
    return _word(words, "separator").join(parts)


def describe_query(query: Query, words: Words, notation: str, reader: str,
                   leaves: Mapping[str, str] | None = None) -> str:
    """An example's query line: the meaning of the call asked about; where the
    example also gives the meanings of earlier calls (``earlier``), each call
    in the reader's notation before its meaning, in the auction's order;
    whether screens are in use; the player's hand (in the reader's notation),
    who is vulnerable, the leaves chosen instead of defaults (their text in
    ``leaves``, by leaf id), and the system, event and stage asked about;
    the call asked about in place of a printed ``?`` as ``?: X``.

    >>> from build_tools.rules.query import parse_example_query
    >>> q = parse_example_query("[1♣] 2♣", "partnership", {
    ...     "meaning": {"two-suiter": {"min": "5-5", "suits": ["spades"]}},
    ...     "earlier": {1: {"natural": True, "suits": {"clubs": "4+"}}}, "screens": True})
    >>> describe_query(q, english_words(), "pl", "en")
    '(1♣): natural; 4+ clubs · 2♣: two-suiter, at least 5-5, with spades · with screens'
    >>> describe_query(parse_example_query("1ч 2ч 4БК", "partnership", {"hand": "п Т76 ч ТК9754 б 8 т В98"}),
    ...                english_words(), "ru", "en")
    'hand: ♠A76 ♥AK9754 ♦8 ♣J98'
    """
    return _whole(words, lambda used: _describe_query(query, used, notation, reader, leaves))


def _describe_query(query: Query, words: Words, notation: str, reader: str,
                    leaves: Mapping[str, str] | None) -> str:
    asked = query.asked
    groups: list[str] = []
    earlier = asked.get("earlier") or {}
    if earlier:
        from build_tools.diagrams import written_calls

        calls = written_calls(query.auction, notation, query.view, reader)
        numbered = sorted((int(number), meaning) for number, meaning in earlier.items())
        for number, meaning in numbered:
            call = calls[number - 1] if 0 < number <= len(calls) else f"#{number}"
            groups.append(_fill(words, "call", call=call, meaning=describe(meaning, words)))
    if "call" in asked:
        # A diagram printed with "?": the call asked about in its place.
        groups.append(_fill(words, "call", call="?", meaning=_call_in(str(asked["call"]), notation, reader)))
    if earlier:
        if "meaning" in asked:
            groups.append(_fill(words, "call", call=calls[-1], meaning=describe(asked["meaning"], words)))
        elif "either" in asked:
            groups.append(_fill(words, "call", call=calls[-1], meaning=_either(asked["either"], words)))
    elif "meaning" in asked:
        groups.append(describe(asked["meaning"], words))
    elif "either" in asked:
        groups.append(_either(asked["either"], words))
    if "hand" in asked:
        from build_tools.diagrams import inline_hand

        groups.append(_fill(words, "hand", hand=inline_hand(str(asked["hand"]), notation, reader)))
    if "screens" in asked:
        groups.append(_word(words, f"screens:{_flag(asked['screens'])}"))
    if "agreed" in asked:
        groups.append(_word(words, f"agreed:{_flag(asked['agreed'])}"))
    if "vulnerable" in asked:
        groups.append(_word(words, f"vulnerable:{asked['vulnerable']}"))
    for leaf in (asked.get("agreements") or {}).values():
        groups.append(_fill(words, "leaf", leaf=(leaves or {}).get(str(leaf), str(leaf))))
    if "system" in asked:
        groups.append(_word(words, "system") + _system_calls(asked["system"], words, notation, reader)
                      + _system_facts(asked["system"], words))
    if "opponents" in asked:
        groups.append(_word(words, "opponents") + _system_calls(asked["opponents"], words, notation, reader)
                      + _system_facts(asked["opponents"], words))
    if "event" in asked:
        groups.append(_fill(words, "event", event=str(asked["event"])))
    if "stage" in asked:
        # A stage the engine knows in the reader's words ("the knockout stage").
        named = f"stage:{asked['stage']}"
        groups.append(_word(words, named) if named in words else _fill(words, "stage", stage=str(asked["stage"])))
    return " · ".join(groups)


def agreed_line(line: str, words: Words) -> str:
    """A query line that states what the pair agreed, said to be their
    agreement: "natural; 2+ clubs" beside the rules' "Not natural" is the
    pair's word against the regulation's.

    >>> agreed_line("natural; 2+ clubs", english_words())
    'Agreed: natural; 2+ clubs'
    """
    return _fill(words, "agreed-line", agreement=line)


def _call_in(text: str, notation: str, reader: str) -> str:
    """One call written in ``notation``, as ``reader``'s diagrams show it."""
    from build_tools.bridge import notation as notations
    from build_tools.diagrams import display_call

    return display_call(notations.profile(notation).parse_call(text), notations.display_profile(reader))


def _either(types: Any, words: Words) -> str:
    """A call of several types: each type's meaning, joined by " / "."""
    return _fill(words, "either", types=" / ".join(describe(m, words) for m in types if isinstance(m, Mapping)))


#: What a card's entry states besides its meaning, that a rule may rest on
#: (CBA: the random opening's means of telling, a psychic, the booklet, the front).
_ENTRY_FACTS = ("told-apart", "psychic", "booklet", "front")


def _entry_facts(entry: Mapping[str, Any], words: Words) -> list[str]:
    facts = []
    for key in _ENTRY_FACTS:
        if key not in entry:
            continue
        value = entry[key]
        word = f"entry:{key}:{_flag(value) if isinstance(value, bool) else value}"
        if word in words:  # "booklet: main" and "front: false" are the defaults: nothing to say
            facts.append(_word(words, word))
    return facts


def _system_facts(system: Any, words: Words) -> str:
    """What a card says of the whole system that a rule may rest on (the CBA's
    events: submitted in time, Brown Sticker methods handed in, secret
    signals, psychic controls): every fact a verdict rests on is on the line,
    so two lines that differ in their verdict differ in their words."""
    if not isinstance(system, Mapping):
        return ""
    facts = []
    if isinstance(system.get("submitted"), bool):
        facts.append(_word(words, f"system:submitted:{_flag(system['submitted'])}"))
    disclosure = system.get("disclosure")
    if isinstance(disclosure, Mapping):
        parts = [_word(words, f"system:disclosure:{k}") for k, v in disclosure.items()
                 if v is True and f"system:disclosure:{k}" in words]
        if parts:
            facts.append(_fill(words, "system:disclosed", parts=_join(words, parts, "and")))
    signals, psychics = system.get("signals"), system.get("psychics")
    if isinstance(signals, Mapping) and signals.get("secret") is True:
        facts.append(_word(words, "system:secret-signals"))
    if isinstance(psychics, Mapping) and psychics.get("controls") is True:
        facts.append(_word(words, "system:psychic-controls"))
    return "".join(f"{_word(words, 'separator')}{fact}" for fact in facts)


#: The parts of a convention card whose calls a query line names.
_CARD_PARTS = ("openings", "passes", "responses", "defence", "doubles")


def _system_calls(system: Any, words: Words, notation: str, reader: str) -> str:
    """The calls of a system given inline, each with its meaning in the
    reader's words (" (1♥: natural; 5+ hearts · P: 0–11 HCP)"); "" for a card
    named by its file, whose title the page cannot know."""
    if not isinstance(system, Mapping):
        return ""
    from build_tools.bridge import BridgeError
    from build_tools.diagrams import written_calls

    named = []
    for part in _CARD_PARTS:
        for entry in system.get(part) or ():
            if not isinstance(entry, Mapping) or "auction" not in entry:
                continue
            call = str(entry["auction"])
            # In the card's notation, else the universal one the model reads too ("P").
            for written in (str(system.get("notation", notation)), "en"):
                try:
                    call = " ".join(written_calls(str(entry["auction"]), written, "partnership", reader))
                    break
                except (BridgeError, ValueError):
                    continue
            meanings = [entry["meaning"]] if isinstance(entry.get("meaning"), Mapping) else [
                m for m in entry.get("either") or () if isinstance(m, Mapping)]
            if meanings:
                said = [" / ".join(describe(m, words) for m in meanings), *_entry_facts(entry, words)]
                named.append(_fill(words, "call", call=call, meaning=_word(words, "separator").join(said)))
    return f" ({' · '.join(named)})" if named else ""


def english_words() -> dict[str, str]:
    """The words as the template declares them (English)."""
    from gettext import NullTranslations

    return _words_of(NullTranslations())


@cache
def _english() -> Mapping[str, str]:
    return english_words()


def words_for(language: str, translations: Path) -> dict[str, str]:
    """The words of ``language``'s interface catalog in ``translations``."""
    from build_tools.render import interface_translations

    return _words_of(interface_translations(translations, language))


def _words_of(translations: Any) -> dict[str, str]:
    from build_tools.render import environment

    module = environment(translations).get_template(WORDS_TEMPLATE).module
    # An untranslated word stays marked (render.EnglishText): a line is worded in one language.
    return {key: value if isinstance(value, str) else str(value)
            for key, value in module.MEANING_WORDS.items()}  # type: ignore[attr-defined]


# --- each key of the vocabulary ----------------------------------------------


def _word(words: Words, key: str) -> str:
    try:
        return words[key]
    except KeyError:
        raise MissingWords(f"no words for '{key}' in {WORDS_TEMPLATE}") from None


def _fill(words: Words, key: str, count: int | None = None, **values: object) -> str:
    """The words of ``key`` with ``values`` put in; for words that hold a count
    (plural forms), the form the reader's language gives ``count``."""
    from build_tools.render import Plural, format_interface

    template = _word(words, key)
    if isinstance(template, Plural):
        template = template.form(5 if count is None else count)
    return format_interface(template, values)


def plural_count(value: Any) -> int:
    """The number that chooses the plural form of a count: the one written,
    the last one of a range (Russian "2–4 пики", "5–6 пик"), the least of
    an open one ("5+ пик"). A range is several counts, never one: "0–1" is
    read as two ("0–1 spades", "0–1 пики").

    >>> [plural_count(v) for v in ("1", "21", "12-14", "6+", "0-1", 3)]
    [1, 21, 14, 6, 2, 3]
    """
    parsed = Range.parse(str(value))
    if parsed.high is None or parsed.low == parsed.high:
        return parsed.low
    return max(parsed.high, 2)


def _flag(value: Any) -> str:
    return "true" if value is True else "false"


def _suit(name: Any) -> str:
    """A suit as written (``hearts`` or ``♥``) by its name."""
    from build_tools.bridge import Suit

    for suit in Suit:
        if str(name) in (suit.name.lower(), suit.symbol):
            return suit.name.lower()
    raise MissingWords(f"no suit '{name}'")


def _join(words: Words, items: list[str], conjunction: str) -> str:
    """``a, b and c`` in the reader's words."""
    if len(items) == 1:
        return items[0]
    return _fill(words, conjunction, first=_word(words, "list").join(items[:-1]), last=items[-1])


def _flag_key(key: str, value: Any, words: Words) -> str:
    return _word(words, f"{key}:{_flag(value)}")


def _choice(key: str, value: Any, words: Words) -> str:
    if key == "convention" and f"{key}:{value}" not in words:
        # A convention a document declares has no interface words: its label names it.
        from build_tools.rules.registry import in_force

        declared = in_force().conventions.get(str(value))
        if declared is not None and declared.declared_by:
            return declared.label or declared.name
    return _word(words, f"{key}:{value}")


def _hcp(key: str, value: Any, words: Words) -> str:
    return _fill(words, "hcp", plural_count(value), range=count(value))


def _length(key: str, value: Any, words: Words) -> str:
    return _fill(words, key, plural_count(value), length=count(value))


def _suits(key: str, value: Any, words: Words) -> str:
    return _word(words, "separator").join(
        _fill(words, f"suits:{_suit(name)}", plural_count(length), length=count(length))
        for name, length in value.items()
    )


def _shape(key: str, value: Any, words: Words) -> str:
    tokens = [value] if isinstance(value, str) else list(value)
    shown = []
    for token in map(str, tokens):
        if not token[:1].isdigit():
            shown.append(_word(words, f"shape:{token}"))
        elif "M" in token or "m" in token:
            kind = "M" if "M" in token else "m"
            shown.append(_fill(words, f"shape:{kind}", pattern=token.replace(kind, "")))
        else:
            shown.append(token)
    return _fill(words, "shape", shapes=_join(words, shown, "or"))


def _two_suiter(key: str, value: Any, words: Words) -> str:
    if not isinstance(value, Mapping):
        return _word(words, "two-suiter")
    head = _fill(words, "two-suiter:min", lengths=str(value["min"])) if "min" in value else _word(words, "two-suiter")
    parts = [head]
    for name, item in value.items():
        if name == "min":
            continue
        if name == "suits":
            suits = [_word(words, f"suit:{s}" if s in ("major", "minor") else f"suit:{_suit(s)}") for s in item]
            parts.append(_fill(words, "two-suiter:suit", suit=suits[0]) if len(suits) == 1
                         else _fill(words, "two-suiter:suits", suits=_join(words, suits, "and")))
        else:
            parts.append(_word(words, f"two-suiter:{name}:{_flag(item)}"))
    return _word(words, "two-suiter:clauses").join(parts)


def _partner_must_bid(key: str, value: Any, words: Words) -> str:
    return _fill(words, key, suit=_word(words, f"suit:{_suit(value)}"))


def _keycards(key: str, value: Any, words: Words) -> str:
    counts = [str(c) for c in (value if isinstance(value, list) else [value])]
    return _fill(words, key, plural_count(counts[-1]), counts=_join(words, counts, "or"))


def _singleton(key: str, value: Any, words: Words) -> str:
    if value == "none":
        return _word(words, "singleton:none")
    suits = [_word(words, f"suit:{_suit(s)}") for s in (value if isinstance(value, list) else [value])]
    return _fill(words, key, suits=_join(words, suits, "or"))


def _unknown(key: str, value: Any, words: Words) -> str:
    raise MissingWords(f"no words for the meaning key '{key}'")


_KEYS: dict[str, Callable[[str, Any, Words], str]] = {
    "natural": _flag_key,
    "artificial": _flag_key,
    "hcp": _hcp,
    "suits": _suits,
    "major": _length,
    "minor": _length,
    "shape": _shape,
    "forcing": _choice,
    "strength": _choice,
    "convention": _choice,
    "two-suiter": _two_suiter,
    "standard": _flag_key,
    "lead": _choice,
    "unbid-suits": _length,
    "to-play": _flag_key,
    "partner-must-bid": _partner_must_bid,
    "stopper": _choice,
    "suit-quality": _choice,
    "bid-suit": _length,
    "doubled-suit": _flag_key,
    "keycards": _keycards,
    "trump-queen": _flag_key,
    "singleton": _singleton,
}
