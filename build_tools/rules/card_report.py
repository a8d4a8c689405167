"""What the handbook's regulations say of a pair's convention card, as data.

``handbook card check`` prints this report and the site's Ask page shows it
(the same Python, in the browser): for each document whose rules answer
questions about systems, the system's verdicts (HUM, colour), what each event
category permits at each stage, the verdicts on each call of the card (Brown
Sticker, random, alert, natural, convention...) and the calls the front of the
card misses. A document's rules come as they are in its rulebook
(:class:`~build_tools.rules.rulebook.Rulebook`); the card as
:class:`~build_tools.rules.cards.Card` reads it, with its plain data.

>>> from build_tools.rules.cards import Card
>>> from build_tools.rules.query import parse_rules
>>> rules = parse_rules({"question": "alert", "scope": {"call": "1NT"}, "when": {"meaning": {"hcp": "15-17"}},
...                      "answer": "no", "otherwise": "yes"}, "art", "en")
>>> data = {"card": "c", "openings": [{"auction": "1NT", "meaning": {"hcp": "12-14"}}]}
>>> found = document_report(rules, Card.parse(data), data, EVENTS)
>>> [(c["auction"], c["verdicts"]["alert"]["value"]) for c in found["calls"]]
[('1NT', 'yes')]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from .cards import Card, Entry
from .engine import Conflict, Rule, Undecided, judge
from .rulebook import verdict_data
from .situation import Situation
from .evaluation import session
from .systems import entry_situation

#: Questions about the whole system, asked once.
SYSTEM_QUESTIONS = ("hum", "colour")
#: Questions about each call of the card, and the answer the report lists
#: (``None``: every call is listed).
CALL_QUESTIONS: dict[str, str | None] = {"brown-sticker": "yes", "random-opening": "yes", "front-of-card": "yes",
                                         "alert": "yes", "natural": None, "convention": "none"}
#: The events (category, stage) the report asks about when the asker names none.
EVENTS: tuple[tuple[str | None, str | None], ...] = (("1", None), ("2", "round-robin"), ("2", "knockout"),
                                                    ("3", None))


def judges(rules: Iterable[Rule]) -> bool:
    """Whether rules answer any question the report asks (a document whose
    rules answer none has nothing to say of a card)."""
    return bool({r.question for r in rules} & {*SYSTEM_QUESTIONS, *CALL_QUESTIONS, "permitted"})


def _verdict(rules: tuple[Rule, ...], question: str, situation: Situation) -> dict[str, Any] | None:
    try:
        return verdict_data(judge(rules, question, situation))
    except Undecided:
        return None
    except Conflict as exc:
        return {"value": "conflict", "because": str(exc)}


def document_report(rules: tuple[Rule, ...], card: Card, data: Any,
                    events: tuple[tuple[str | None, str | None], ...]) -> dict[str, Any]:
    """What ``rules`` (one document's) say of ``card`` (``data``: its plain
    data), each permission asked at ``events``. Raises
    :class:`~build_tools.rules.errors.RuleCycle` or
    :class:`~build_tools.rules.errors.Unbounded` for rules that cannot answer."""
    # One session for the document: what a predicate works out of the whole
    # card (card-verdict) is worked out once, not once per call.
    with session():
        return _report(rules, card, events)


def _report(rules: tuple[Rule, ...], card: Card, events: tuple[tuple[str | None, str | None], ...]) -> dict[str, Any]:
    asked = {r.question for r in rules}
    found: dict[str, Any] = {}
    if not card.entries:
        return found
    # The card as read (not its data): a predicate reads it without parsing it again.
    base = dataclasses.replace(entry_situation(card.entries[0]), system=card)
    for question in SYSTEM_QUESTIONS:
        if question in asked and (verdict := _verdict(rules, question, base)) is not None:
            found[question] = verdict
    if "colour" in found and card.classification:
        found["classification"] = list(card.classification)
    if "permitted" in asked:
        found["permitted"] = []
        for event, stage in events:
            at = dataclasses.replace(base, event=event, stage=stage)
            verdict = _verdict(rules, "permitted", at)
            if verdict is not None:
                found["permitted"].append({"event": event, "stage": stage, "verdict": verdict})
    calls: list[dict[str, Any]] = []
    for entry in card.entries:
        verdicts = _call_verdicts(rules, asked, entry, base)
        if verdicts:
            calls.append({"section": entry.section, "auction": entry.auction, "front": entry.front,
                          "sheet": entry.sheet, "verdicts": verdicts})
    found["calls"] = calls
    if "front-of-card" in asked:
        found["missing-from-front"] = [
            {"auction": c["auction"], "article": c["verdicts"]["front-of-card"]["article"]}
            for c in calls if not c["front"] and c["verdicts"].get("front-of-card", {}).get("value") == "yes"]
    if "brown-sticker" in asked and card.classification:
        uses = any(c["verdicts"].get("brown-sticker", {}).get("value") == "yes" for c in calls)
        found["brown-marked"] = {"uses": uses, "marked": "brown" in card.classification}
    return found


def _call_verdicts(rules: tuple[Rule, ...], asked: set[str], entry: Entry, base: Situation) -> dict[str, Any]:
    """The verdicts on one call of the card, one per question: a call of
    several types is judged whole, as the regulations judge it, each type's
    own verdict given as its reason (``types``)."""
    verdicts: dict[str, Any] = {}
    for question in CALL_QUESTIONS:
        if question in asked and (whole := _verdict(rules, question, entry_situation(entry, base=base))) is not None:
            verdicts[question] = whole
    return verdicts


def refused(found: dict[str, Any]) -> bool:
    """Whether a document's report refuses the card in an event it was asked about."""
    return any(p["verdict"].get("value") == "no" for p in found.get("permitted", []))
