"""The parameters the predicates read, described for the authors who declare
them: what each figure or reading means, its unit, an example, and the values
it may take. A document declares the value with the article of its own text
it comes from (``parameters:``); a value outside what the parameter can mean
(a long suit of 99 cards, no king counted as a key card) is refused where it
is declared, and a predicate that reads parameters the document does not
declare names every missing one at once, each with its description.

>>> check_value("long-suit", 3, "parameters.0.value")
>>> check_value("long-suit", 99, "parameters.0.value")
Traceback (most recent call last):
...
build_tools.rules.errors.VocabularyError: parameters.0.value: 'long-suit' is a number of cards from 0 to 13 (e.g. 3), not 99
>>> described("king-hcp")
'king-hcp (the HCP a king is worth: a strong hand holds an average hand and a king; in HCP, e.g. 3)'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import VocabularyError

#: The kinds of value a parameter takes.
COUNT, WORDS, KING = "count", "words", "king"


@dataclass(frozen=True, slots=True)
class ParameterDoc:
    """What a parameter means, its unit and an example; ``kind``: a ``count``
    from ``least`` to ``most``, ``words`` (a list of conventions' names), or
    ``king`` (``trump``, or a list of suits)."""

    name: str
    meaning: str
    unit: str
    example: str
    kind: str = COUNT
    least: int = 0
    most: int = 37


def _count(name: str, meaning: str, unit: str, example: str, most: int) -> ParameterDoc:
    return ParameterDoc(name, meaning, unit, example, COUNT, 0, most)


#: Every parameter a predicate of the rule language reads.
PARAMETERS: dict[str, ParameterDoc] = {doc.name: doc for doc in (
    _count("average-hand-hcp", "the HCP of an average hand: a weak hand holds fewer", "HCP", "10", 37),
    _count("king-hcp", "the HCP a king is worth: a strong hand holds an average hand and a king", "HCP", "3", 37),
    _count("long-suit", "the cards that make a suit long", "cards", "3", 13),
    _count("short-suit", "the most cards of a short suit", "cards", "2", 13),
    _count("known-suit-length", "the cards a call must promise in a known suit", "cards", "4", 13),
    _count("usual-opening-hcp", "the HCP of a usual one-level opening", "HCP", "12", 37),
    _count("random-opening-hcp", "an opening that may hold fewer HCP, with no means of telling its hands apart, "
           "is random", "HCP", "8", 37),
    _count("natural-suit-length", "a suit bid promising this many cards in the suit it names is natural", "cards",
           "3", 13),
    ParameterDoc("natural-conventions", "the conventions whose bid still shows the suit it names (natural)",
                 "names of conventions", "[precision, reverse]", WORDS),
    _count("notrump-suit-length", "a notrump bid promising a suit this long shows that suit (not natural)",
           "cards", "5", 13),
    _count("shown-suit-length", "the cards in a suit that show it", "cards", "4", 13),
    _count("partner-default-length", "the cards partner's suit bid promises when its meaning is not given",
           "cards", "4", 13),
    _count("constructive-opening", "the HCP of a standard constructive opening (a double that may hold fewer "
           "is a bi double)", "HCP", "11", 37),
    _count("clear-excess", "the HCP of a clear excess of strength (a short double below it is a bi double)",
           "HCP", "16", 37),
    ParameterDoc("keycard-king", "the king counted as a key card besides the four aces", "trump, or suits",
                 "trump", KING),
)}


def _units(doc: ParameterDoc) -> str:
    return f"a number of {doc.unit} from {doc.least} to {doc.most}"


def described(name: str) -> str:
    """A parameter as a message describes it: its name, meaning, unit and example."""
    doc = PARAMETERS.get(name)
    if doc is None:
        return name
    return f"{name} ({doc.meaning}; in {doc.unit}, e.g. {doc.example})"


def check_value(name: str, value: Any, path: str) -> None:
    """Refuse at ``path`` a value the parameter ``name`` cannot take (a name
    no predicate reads is the document's own, and taken as it is)."""
    doc = PARAMETERS.get(name)
    if doc is None:
        return
    if doc.kind == COUNT:
        if not isinstance(value, int) or isinstance(value, bool) or not doc.least <= value <= doc.most:
            raise VocabularyError(path, f"{name!r} is {_units(doc)} (e.g. {doc.example}), not {yaml_text(value)}")
    elif doc.kind == WORDS:
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise VocabularyError(path, f"{name!r} is a list of conventions' names (e.g. {doc.example}), "
                                        f"not {yaml_text(value)}")
    elif value != "trump" and (not isinstance(value, list) or not value
                               or not all(isinstance(v, str) and v for v in value)):
        raise VocabularyError(path, f"{name!r} is 'trump' or a list of one suit or more (e.g. [hearts]), "
                                    f"not {yaml_text(value)}")


def yaml_text(value: Any) -> str:
    """A value as YAML writes it, quoted as a message quotes text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(yaml_text(v) for v in value) + "]"
    return repr(value) if isinstance(value, str) else str(value)
