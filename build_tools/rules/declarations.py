"""What a predicate declares of itself, as data, when it registers
(:func:`~build_tools.rules.conditions.predicate`):

* ``facts``: the facts of a query it reads (:data:`FACTS`). The analysis's
  grid varies exactly these for the rules that name it
  (:mod:`~build_tools.rules.analysis`), so that two rules meeting only where
  the pair is vulnerable are found to meet;
* ``values``: the forms its value takes as a rule writes them, for
  ``handbook rules`` and the README's reference;
* ``parameters``: the document's parameters it reads (:data:`PARAMETERS`
  says what each means, its unit and an example); a rule naming it in a
  document that declares them not is refused, every missing one named at once;
* its words: ``says``, the statement a verdict's reason makes of it in
  English (``%(value)s`` its value, shown as ``shows`` says), and ``words``,
  the English of each literal value it takes: what a verdict's reasons are
  to be said in, in each language.

>>> sorted(FACTS)[:3]
['agreed', 'agreements', 'auction']
>>> PARAMETERS["natural-suit-length"].unit
'cards'
>>> print(missing_text(["clear-excess"]))
clear-excess (the strength that lets a takeout double be short in an unbid suit without being a bi double; in HCP; e.g. {parameter: clear-excess, value: 16, article: <the article's id>})
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

#: The facts of a query a predicate may read, each with what it is. The
#: auction and the call asked about are in every query; the others a query
#: may leave unstated, and a rule reading one is then in doubt.
FACTS: dict[str, str] = {
    "call": "the call asked about",
    "auction": "the calls before it and who made them",
    "meaning": "the agreed meaning of the call (the query's meaning, or the card's entry)",
    "earlier": "the agreed meanings of earlier calls (the opening's, partner's, an opponent's)",
    "agreed": "whether the pair has an agreement about the call",
    "screens": "whether screens are in use",
    "vulnerable": "who is vulnerable, seen from the player",
    "hand": "the hand of the player",
    "agreements": "the leaves the pair chose instead of defaults",
    "system": "the pair's convention card",
    "opponents": "the opposing pair's convention card",
    "event": "the event's category",
    "stage": "the event's stage",
    "verdict": "the document's own verdict on another question",
}

#: How a reason shows a predicate's value:
#: ``flag`` (true or false: the statement is the fact itself), ``calls`` and
#: ``auction`` (in the reader's notation), ``range`` (counts as the reader
#: writes them), ``meaning`` (in the meaning's words), ``suits``, ``word``
#: (each literal in its declared words), ``text`` (as written).
SHOWS: tuple[str, ...] = ("flag", "calls", "auction", "range", "meaning", "suits", "word", "text")


@dataclass(frozen=True, slots=True)
class ParameterDoc:
    """What a parameter is, for an author who must declare it: what it
    means, its unit, and a value as an example."""

    name: str
    means: str
    unit: str
    example: Any

    def example_text(self) -> str:
        value = "[" + ", ".join(map(str, self.example)) + "]" if isinstance(self.example, list) else self.example
        return f"{{parameter: {self.name}, value: {value}, article: <the article's id>}}"


def _parameters(*docs: ParameterDoc) -> dict[str, ParameterDoc]:
    return {doc.name: doc for doc in docs}


#: Every parameter a predicate may read: a figure or reading of the
#: regulation, which the document declares with the article it comes from.
PARAMETERS: dict[str, ParameterDoc] = _parameters(
    ParameterDoc("natural-suit-length", "a suit bid promising this many cards in the suit it names is natural",
                 "cards", 3),
    ParameterDoc("natural-conventions", "conventions whose bid still shows the suit it names (any other "
                 "convention makes a call artificial)", "conventions of the vocabulary",
                 ["precision", "reverse", "inverted-raise"]),
    ParameterDoc("notrump-suit-length", "a notrump bid (or a double) promising a suit this long shows that "
                 "suit, and is artificial", "cards", 5),
    ParameterDoc("shown-suit-length", "cards in a suit that show it: a call promising as many in a suit other "
                 "than the one it names shows that suit", "cards", 4),
    ParameterDoc("partner-default-length", "the length a suit bid of partner's shows when the query does not "
                 "give its meaning (taken as natural)", "cards", 4),
    ParameterDoc("constructive-opening", "the strength of a standard constructive opening: a double that may "
                 "hold fewer points is a bi double", "HCP", 11),
    ParameterDoc("clear-excess", "the strength that lets a takeout double be short in an unbid suit without "
                 "being a bi double", "HCP", 16),
    ParameterDoc("keycard-king", "the kings that count as key cards beside the four aces: the agreed suit's "
                 "(trump), or also these suits'", "trump, or a list of suits", "trump"),
    ParameterDoc("average-hand-hcp", "the strength of an average hand: weak is below it", "HCP", 10),
    ParameterDoc("king-hcp", "what a king is worth: strong is at least an average hand and a king", "HCP", 3),
    ParameterDoc("long-suit", "the length of a long suit", "cards", 3),
    ParameterDoc("short-suit", "the length of a short suit, at most", "cards", 2),
    ParameterDoc("known-suit-length", "the length a call promises in a known suit", "cards", 4),
    ParameterDoc("usual-opening-hcp", "the values of a usual one-level opening", "HCP", 12),
    ParameterDoc("random-opening-hcp", "an opening that may hold fewer points, with no means of telling, is a "
                 "random opening", "HCP", 8),
)


def missing_text(names: Iterable[str]) -> str:
    """The parameters ``names`` as an author must declare them: each with
    what it means, its unit and an example, so that one message says all."""
    parts = []
    for name in names:
        doc = PARAMETERS.get(name)
        parts.append(f"{name} ({doc.means}; in {doc.unit}; e.g. {doc.example_text()})" if doc else name)
    return "; ".join(parts)


@dataclass(frozen=True, slots=True)
class Declaration:
    """What one predicate declares (see the module's description). ``holds``
    is the first sentence of the docstring of the function registered, the sentence the
    reference shows; ``verdicts`` gives, from a value as written, the
    questions whose verdict the predicate asks of the situation it is
    evaluated in, or of situations that carry what it reads (``verdict:
    {natural: "no"}`` asks ``natural``; ``card-verdict`` asks of each call of
    the same card): where the rule asking may be asked again, which the
    analysis follows for cycles. (``against`` asks of the opponents'
    opening, where it never holds: no cycle can pass through it.)"""

    name: str
    holds: str
    facts: tuple[str, ...]
    values: tuple[str, ...]
    says: str
    shows: str = "text"
    parameters: tuple[str, ...] = ()
    words: Mapping[str, str] = field(default_factory=dict)
    verdicts: Callable[[Any], Iterable[str]] | None = field(default=None, compare=False)
    #: Its value is itself a condition (``opponents: {...}``), whose
    #: predicates the analysis and the parameters' check read too.
    condition: bool = False

    def __post_init__(self) -> None:
        # A wrong declaration is the code's mistake, found when the module is imported.
        unknown = [f for f in self.facts if f not in FACTS]
        if unknown:
            raise ValueError(f"predicate {self.name!r} declares unknown facts {unknown} (the facts: {', '.join(FACTS)})")
        if self.shows not in SHOWS:
            raise ValueError(f"predicate {self.name!r} shows its value as {self.shows!r}, none of {', '.join(SHOWS)}")
        strange = [p for p in self.parameters if p not in PARAMETERS]
        if strange:
            raise ValueError(f"predicate {self.name!r} declares undocumented parameters {strange}: "
                             f"document each in declarations.PARAMETERS")
        if not self.says.strip():
            raise ValueError(f"predicate {self.name!r} declares no words ('says')")

    def asked(self, value: Any) -> tuple[str, ...]:
        """The questions whose verdict this predicate asks, for ``value``."""
        if self.verdicts is None:
            return ()
        try:
            return tuple(str(q) for q in self.verdicts(value))
        except (TypeError, AttributeError, ValueError):
            return ()


def first_sentence(doc: str | None) -> str:
    """The first sentence of a docstring, on one line, Sphinx roles read as
    their text (``:func:`x``` as ``x``): a predicate's ``holds``.

    >>> first_sentence("Partner opened; the player's first call. Other text.")
    "Partner opened; the player's first call."
    >>> first_sentence('''The call is one of these
    ...     (``2♦/♥``), see :func:`within`.
    ...
    ...     >>> 1''')
    'The call is one of these (``2♦/♥``), see ``within``.'
    """
    import inspect
    import re

    text = " ".join(inspect.cleandoc(doc or "").split("\n\n")[0].split())
    text = re.sub(r":\w+:`~?([^`]+)`", r"``\1``", text)
    # A sentence ends at a period before a capital (not "ok. 12-14"); a
    # paragraph introducing a literal block ends "::".
    match = re.match(r"(.+?\.)(\s+(?=[A-Z])|$)", text)
    sentence = match.group(1) if match else text
    return sentence[:-2] + "." if sentence.endswith("::") else sentence
