"""A verdict's reasons in words: each :class:`~build_tools.rules.predicates.Reason`
(which predicate, its value as written, whether it held) said by the words
its predicate declares (``says``, with its value shown as ``shows`` and
``words`` say: :mod:`~build_tools.rules.declarations`), so that a reader is
told what decided, not the code's terms.

The words are English, as declared; saying them in the reader's language
(through the interface catalogs) is still to come.

>>> from build_tools.rules.predicates import Reason
>>> say(Reason("call", "1NT", True))
'the call is 1NT'
>>> say(Reason("opening", True, False))
'it is not so that the call opens the auction'
>>> say(Reason("opening", False, False))
'the call opens the auction'
>>> say(Reason("vulnerable", ["we", "both"], None))
'the query does not say whether the board is played with only our side vulnerable or both sides vulnerable'
>>> reason_data(Reason("strain", "major", True))
{'predicate': 'strain', 'value': 'major', 'held': True, 'text': 'the bid is in a major'}
"""

from __future__ import annotations

from typing import Any

# A value as a rule writes it (YAML's flow style), as the conditions show it.
from .conditions import _show as _written
from .predicates import DECLARATIONS, Reason


def shown(predicate: str, value: Any) -> str:
    """``value`` of ``predicate`` as its reason shows it: literals in their
    declared words (a list of them joined by "or"), anything else as written."""
    declaration = DECLARATIONS.get(predicate)
    if declaration is None or declaration.shows != "word":
        if isinstance(value, list) and all(isinstance(v, str | int) for v in value):
            return " or ".join(map(str, value))
        return _written(value)
    items = value if isinstance(value, list) else [value]
    return " or ".join(declaration.words.get(_written(v), _written(v)) for v in items)


def say(reason: Reason) -> str:
    """The reason as a sentence's clause: the predicate's statement, denied
    where it failed, or said to be unknown where the query does not say."""
    declaration = DECLARATIONS.get(reason.predicate)
    if declaration is None:
        statement, fact = f"{reason.predicate}: {_written(reason.value)}", reason.held
    elif isinstance(reason.value, bool) and "%(value)s" not in declaration.says:
        # A flag: "opening: false" holds where the call does not open.
        statement = declaration.says
        fact = reason.held if reason.value or reason.held is None else not reason.held
    else:
        statement = declaration.says.replace("%(value)s", shown(reason.predicate, reason.value))
        fact = reason.held
    if fact is None:
        return f"the query does not say whether {statement}"
    return statement if fact else f"it is not so that {statement}"


def reason_data(reason: Reason) -> dict[str, Any]:
    """A reason as data (for ``explain --json`` and the Ask page): the
    predicate, its value as written, whether it held, and its words."""
    return {"predicate": reason.predicate, "value": reason.value, "held": reason.held, "text": say(reason)}
