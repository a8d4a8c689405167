"""Queries and expected verdicts as written in YAML (an example's fields, or
``handbook explain``'s argument), and rules as written on an article.

Everything here reads plain data (what YAML composes to) and raises
:class:`~build_tools.rules.vocabulary.VocabularyError` with the path of the
bad key, which the loader turns into a line and column.

>>> q = Query.parse({"auction": "1BA", "meaning": {"hcp": "12-14", "shape": "balanced"}})
>>> q.auction, q.view, str(q.meaning.hcp)
('1BA', 'partnership', '12-14')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .conditions import ALWAYS, Condition
from .engine import Rule
from .predicates import parameters_read
from .registry import ID_PATTERN, Registry, canonical_meaning, reading, yaml_answer
from .situation import VULNERABLE, Situation
from .cards import card_meanings, cards_of, check_system, entry_for
from .errors import VocabularyError, check_keys
from .vocabulary import Meaning, meaning_at, types_at

QUERY_KEYS = ("auction", "view", "call", "meaning", "either", "earlier", "screens", "agreed", "hand", "vulnerable",
              "agreements", "system", "opponents", "event", "stage")
#: What a query states besides its auction (an example's fields of the same names).
AGREEMENT_KEYS = ("call", "meaning", "either", "earlier", "screens", "agreed", "hand", "vulnerable", "agreements",
                  "system", "opponents", "event", "stage")
RULE_KEYS = ("question", "scope", "when", "answer", "otherwise", "exception-to", "fallback")
#: Keys a rule had in earlier versions of the rule language, and their names now
#: (``overrides`` became ``exception-to`` when precedence became structure).
RENAMED_RULE_KEYS = {"overrides": "exception-to"}


@dataclass(frozen=True, slots=True)
class Query:
    """What is asked: the auction (its last call in question) and what is agreed."""

    auction: str
    view: str = "partnership"
    #: The call asked about, as written, where the auction is printed with a
    #: final ``?`` in its place (a diagram kept as the source prints it).
    call: str | None = None
    meaning: Meaning | None = None
    #: The types of a call of several (``either:``, as a card writes them):
    #: the call is judged whole, each type given as a reason.
    types: tuple[Meaning, ...] = ()
    earlier: tuple[tuple[int, Meaning], ...] = ()
    screens: bool = False
    #: Whether the pair has an agreement about the call (``False``: none, a
    #: fact a director establishes); ``None`` when the query does not say.
    agreed: bool | None = None
    #: The hand of the player of the call asked about, as written (read in the
    #: document's notation by :meth:`situation`).
    hand: str | None = None
    #: Who is vulnerable, seen from that player (:data:`VULNERABLE`).
    vulnerable: str | None = None
    #: Leaves the pair has chosen instead of defaults (BWS): default id -> leaf id.
    agreements: tuple[tuple[str, str], ...] = ()
    #: A pair's system (a convention card), as YAML composes it.
    system: Any = None
    #: The opposing pair's system (one convention card), where a question
    #: turns on the opponents' methods (CBA: seating rights).
    opponents: Any = None
    #: The event category and stage a question of permission is asked for.
    event: str | None = None
    stage: str | None = None
    #: The agreement as written (``meaning``, ``earlier``, ``screens`` as YAML
    #: read them), shown beside the verdict in the reader's words
    #: (build_tools/meaning_text.py): examples with one auction and two
    #: verdicts differ only there.
    asked: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @classmethod
    def parse(cls, data: Any) -> Query:
        if not isinstance(data, Mapping):
            raise VocabularyError("", "a query is a mapping: " + ", ".join(QUERY_KEYS))
        check_keys(data, QUERY_KEYS, "")
        if not isinstance(data.get("auction"), str | int) or not str(data.get("auction")).strip():
            raise VocabularyError("auction", "the auction, its last call the one asked about")
        return cls(auction=str(data["auction"]), view=_view(data.get("view", "partnership")), **_facts(data))

    def situation(self, language: str) -> Situation:
        """The facts of this query in ``language``'s notation; raises
        :class:`~build_tools.bridge.BridgeError` for an auction the model refuses."""
        situation = Situation.read(self.auction, language, self.view, self.meaning, dict(self.earlier), self.screens,
                                   self.agreed, self.call)
        check_earlier(self.earlier, len(situation.written_to_table))
        if self.types:
            situation = situation.with_types(self.types)
        hand = None
        if self.hand is not None:
            from build_tools.bridge import BridgeError, notation

            try:
                hand = notation.profile(language).parse_hand(self.hand)
            except BridgeError as exc:
                raise VocabularyError("hand", str(exc)) from None
        situation = dataclasses.replace(situation, hand=hand, vulnerable=self.vulnerable,
                                        agreements=dict(self.agreements), opponents=_cards(self.opponents),
                                        event=self.event, stage=self.stage)
        return with_system(situation, _cards(self.system), self.meaning is None and not self.types)


def with_system(situation: Situation, system: Any, from_card: bool = True) -> Situation:
    """``situation`` with the pair's ``system`` (its card, or a list of
    cards); when ``from_card`` (the query states no meaning of the call), the
    call asked about and the earlier calls of our side as the first card
    states them (what the query states itself wins), and a call the card
    gives several types judged whole, each type as its reason."""
    situation = dataclasses.replace(situation, system=system)
    if system is None or not from_card:
        return situation
    card = cards_of(system)[0]
    entry = entry_for(card, situation.calls, situation.vulnerable)
    meanings = {**card_meanings(card, situation.calls, situation.vulnerable), **situation.meanings}
    situation = dataclasses.replace(situation, meanings=meanings, entry=entry)
    if entry is not None and len(entry.alternatives) > 1:
        situation = situation.with_types(tuple(entry.alternatives))
    return situation


def _cards(system: Any) -> Any:
    """A query's ``system`` (or ``opponents``) read once: its card, or its
    list of cards, so that no predicate reads the data again."""
    if system is None:
        return None
    cards = cards_of(system)
    return list(cards) if isinstance(system, list) else cards[0]


def check_earlier(earlier: tuple[tuple[int, Meaning], ...], calls: int) -> None:
    """Refuse a meaning of a call the auction (of ``calls`` calls as written) does not have."""
    for number, _ in earlier:
        if number > calls:
            raise VocabularyError(f"earlier.{number}",
                                  f"call {number}, but the auction has {calls} call{'s' if calls != 1 else ''}")


def parse_example_query(auction: str, view: str, data: Mapping[str, Any]) -> Query | None:
    """An example's query: its auction and view, with the example's ``meaning``,
    ``earlier`` and ``screens`` fields (``None`` when it has none of them)."""
    if not any(key in data for key in AGREEMENT_KEYS):
        return None
    return Query(auction=auction, view=view, **_facts(data))


def _facts(data: Mapping[str, Any]) -> dict[str, Any]:
    """What a query or an example states besides its auction and view."""
    agreements = data.get("agreements", {})
    if not isinstance(agreements, Mapping) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in agreements.items()):
        raise VocabularyError("agreements", "maps a default's id to the id of the leaf chosen instead")
    vulnerable = data.get("vulnerable")
    if vulnerable is not None and vulnerable not in VULNERABLE:
        raise VocabularyError("vulnerable", f"one of {', '.join(VULNERABLE)}, seen from the player of the call, "
                                            f"not {vulnerable!r}")
    if data.get("system") is not None:
        check_system(data["system"])
    if data.get("opponents") is not None:
        if not isinstance(data["opponents"], Mapping):
            raise VocabularyError("opponents", "the opposing pair's system: one convention card")
        check_system(data["opponents"])
    for key in ("call", "hand", "event", "stage"):
        if key in data and (not isinstance(data[key], str | int) or isinstance(data[key], bool)):
            raise VocabularyError(key, f"one line of text, not {data[key]!r}")
    if "meaning" in data and "either" in data:
        raise VocabularyError("either", "a query states the call's 'meaning' or, for a call of several types, "
                                        "'either', not both")
    return dict(
        call=str(data["call"]) if "call" in data else None,
        meaning=meaning_at(data["meaning"], "meaning") if "meaning" in data else None,
        types=types_at(data["either"], "either") if "either" in data else (),
        earlier=_earlier(data.get("earlier", {})),
        screens=_flag(data.get("screens", False), "screens"),
        agreed=_flag(data["agreed"], "agreed") if "agreed" in data else None,
        hand=str(data["hand"]) if "hand" in data else None,
        vulnerable=vulnerable,
        agreements=tuple(agreements.items()),
        system=data.get("system"),
        opponents=data.get("opponents"),
        event=str(data["event"]) if "event" in data else None,
        stage=str(data["stage"]) if "stage" in data else None,
        asked={key: data[key] for key in AGREEMENT_KEYS if key in data},
    )


def parse_expect(data: Any, rules: Registry | None = None, language: str | None = None) -> tuple[tuple[str, str], ...]:
    """``{alert: no, natural: yes}`` as (question, answer) pairs; an answer
    that is a call is read in ``language``'s notation.

    >>> parse_expect({"response": "8БК"}, language="ru")
    Traceback (most recent call last):
    ...
    build_tools.rules.errors.VocabularyError: response: 'response' is answered by a call, and '8БК' is none: a bid above 7NT is inadmissible
    """
    if not isinstance(data, Mapping) or not data:
        raise VocabularyError("", "expect maps questions to answers, e.g. {alert: no}")
    known = rules or Registry.standard()
    out = []
    for question, answer in data.items():
        name = _question(known, question, str(question))
        out.append((name, _answer(known, name, answer, name, language)))
    return tuple(out)


def parse_rules(data: Any, article: str, language: str, rules: Registry | None = None) -> tuple[Rule, ...]:
    """The ``rule:`` of an article: one rule (a mapping) or a list of them."""
    known = rules or Registry.standard()
    items = data if isinstance(data, list) else [data]
    found: list[Rule] = []
    for n, item in enumerate(items):
        path = str(n) if isinstance(data, list) else ""
        if not isinstance(item, Mapping):
            raise VocabularyError(path, "a rule is a mapping: " + ", ".join(RULE_KEYS))
        check_keys(item, RULE_KEYS, path, RENAMED_RULE_KEYS)
        at = (path + ".") if path else ""
        if "question" not in item or "answer" not in item:
            raise VocabularyError(path, "a rule needs 'question' and 'answer'")
        question = _question(known, item["question"], f"{at}question")
        otherwise, by = None, None
        if "otherwise" in item:
            other = item["otherwise"]
            if isinstance(other, Mapping):
                check_keys(other, ("answer", "by"), f"{at}otherwise")
                otherwise = _answer(known, question, other.get("answer"), f"{at}otherwise.answer", language)
                by = _article(other["by"], f"{at}otherwise.by") if "by" in other else None
            else:
                otherwise = _answer(known, question, other, f"{at}otherwise", language)
        targets = item.get("exception-to", [])
        targets = targets if isinstance(targets, list) else [targets]
        exception_to = tuple(_article(t, f"{at}exception-to") for t in targets)
        if article in exception_to:
            raise VocabularyError(f"{at}exception-to", f"a rule cannot be an exception to its own article '{article}'")
        fallback = _flag(item.get("fallback", False), f"{at}fallback")
        if fallback and exception_to:
            raise VocabularyError(f"{at}exception-to", "a fallback (a general principle) yields to every other "
                                                     "rule; it is an exception to none")
        # Every parameter the rule's predicates read and the document does not
        # declare is named in one message, at the rule.
        with reading(known), parameters_read(path):
            scope = Condition.parse(item.get("scope"), language, f"{at}scope", known) if "scope" in item else ALWAYS
            when = Condition.parse(item.get("when"), language, f"{at}when", known) if "when" in item else ALWAYS
        found.append(Rule(
            article=article,
            question=question,
            answer=_answer(known, question, item["answer"], f"{at}answer", language),
            scope=scope,
            when=when,
            otherwise=otherwise,
            otherwise_by=by,
            exception_to=exception_to,
            fallback=fallback,
        ))
    return tuple(found)


def _article(value: Any, path: str) -> str:
    """An article's id as a rule names it (``exception-to``, ``otherwise.by``).

    >>> _article("kоntry", "exception-to")
    Traceback (most recent call last):
    ...
    build_tools.rules.errors.VocabularyError: exception-to: an article's id is lowercase Latin letters, digits and hyphens, not 'kоntry' (its 2nd character 'о' is CYRILLIC SMALL LETTER O, which looks like Latin 'o')
    """
    if not isinstance(value, str) or not value:
        raise VocabularyError(path, f"an article's id, not {value!r}")
    if not ID_PATTERN.fullmatch(value):
        raise VocabularyError(path, f"an article's id is lowercase Latin letters, digits and hyphens, not "
                                    f"{value!r}{_lookalike(value)}")
    return value


def _lookalike(text: str) -> str:
    """Where ``text`` holds a letter of another script (a Cyrillic 'о' typed
    for a Latin 'o'): the first one, named, and the Latin letter it looks like."""
    import unicodedata

    for index, char in enumerate(text):
        if char.isascii():
            continue
        name = unicodedata.name(char, f"U+{ord(char):04X}")
        latin = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode() or _LOOKALIKES.get(char, "")
        looks = f", which looks like Latin '{latin.lower()}'" if latin else ""
        return f" (its {_ordinal(index + 1)} character {char!r} is {name}{looks})"
    return ""


#: Letters of other scripts that look like Latin ones (NFKD does not fold them).
_LOOKALIKES = dict(zip("аеорсухкмтвнАВЕКМНОРСТХіјѕԁɡαοτνκ", "aeopcyxkmtbhABEKMHOPCTXijsdgaotvk", strict=True))


def _ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"




def _question(known: Registry, value: Any, path: str) -> str:
    try:
        return known.question(value).name
    except VocabularyError as exc:
        raise VocabularyError(path, str(exc)) from None


def _answer(known: Registry, question: str, value: Any, path: str, language: str | None = None) -> str:
    declared = known.question(question)
    if declared.form == "meaning":
        # What a call shows, in the meaning vocabulary: read, then kept in one form.
        if not isinstance(value, Mapping):
            raise VocabularyError(path, f"'{question}' is answered by a meaning, e.g. {{hcp: 15-18, natural: true}}")
        meaning_at(value, path)
        return canonical_meaning(value)
    text = yaml_answer(value)
    if not isinstance(text, str | int) or not str(text):
        raise VocabularyError(path, f"an answer to '{question}'")
    if declared.form == "call" and language is not None:
        _check_call(question, str(text), language, path)
    try:
        return known.question(question).answer(str(text)).answer
    except VocabularyError as exc:
        raise VocabularyError(path, str(exc)) from None


def _check_call(question: str, text: str, language: str, path: str) -> None:
    """Refuse an answer of a question answered by a call that is no call of
    ``language``'s notation (``8NT``: a bid above 7NT is inadmissible, Law 35C)."""
    from build_tools.bridge import BridgeError, notation
    from build_tools.bridge.errors import InadmissibleBidError

    try:
        notation.profile(language).parse_call(text)
    except InadmissibleBidError:
        raise VocabularyError(path, f"'{question}' is answered by a call, and {text!r} is none: a bid above 7NT "
                                    f"is inadmissible") from None
    except BridgeError as exc:
        raise VocabularyError(path, f"'{question}' is answered by a call: {exc}") from None


def _flag(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise VocabularyError(path, f"must be true or false, not {value!r}")
    return value


def _view(value: Any) -> str:
    if value not in ("table", "partnership"):
        raise VocabularyError("view", f"table or partnership, not {value!r}")
    return str(value)




def _earlier(value: Any) -> tuple[tuple[int, Meaning], ...]:
    if not isinstance(value, Mapping):
        raise VocabularyError("earlier", "maps call numbers (1 for the first call written) to meanings")
    out = []
    for key, meaning in value.items():
        # YAML read by the loader gives mapping keys as text ("2"); a query
        # built in Python gives numbers. ASCII digits only ('١' is decimal to
        # str, not a number as written), and no more than a call number needs.
        number = int(key) if isinstance(key, str) and key.isascii() and key.isdecimal() and len(key) <= 3 else key
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            raise VocabularyError(f"earlier.{key}", "a call number from 1, as the auction is written")
        out.append((number, meaning_at(meaning, f"earlier.{key}")))
    return tuple(out)
