"""The errors of the rules: a reader's (:class:`VocabularyError`), apart so
that reading a document without rules never imports the rule model, and the
engine's two outcomes that are no verdict (:class:`Undecided`,
:class:`Conflict`), apart so that the predicates that ask another question's
verdict catch them without importing the engine that evaluates them."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from typing import Any, Protocol


class VocabularyError(ValueError):
    """A key or value outside the vocabulary; ``path`` names where (``"suits.hearts"``)."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        super().__init__(f"{path}: {message}" if path else message)


def check_keys(data: Mapping[str, Any], keys: tuple[str, ...], path: str,
               renamed: Mapping[str, str] | None = None) -> None:
    """Refuse a key of ``data`` that is none of ``keys``, at its path below
    ``path``; ``renamed`` maps a key's old names to it (a hint no spelling
    would give: ``overrides`` is ``exception-to`` now).

    >>> check_keys({"meening": {}}, ("meaning",), "openings.0")
    Traceback (most recent call last):
    ...
    build_tools.rules.errors.VocabularyError: openings.0.meening: unknown key (did you mean 'meaning'?)
    >>> check_keys({"overrides": []}, ("exception-to",), "", {"overrides": "exception-to"})
    Traceback (most recent call last):
    ...
    build_tools.rules.errors.VocabularyError: overrides: unknown key (did you mean 'exception-to'? 'overrides' is its old name)
    """
    for key in data:
        if key not in keys:
            if renamed and str(key) in renamed:
                hint = f" (did you mean '{renamed[str(key)]}'? '{key}' is its old name)"
            else:
                close = difflib.get_close_matches(str(key), keys, n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise VocabularyError(f"{path}.{key}" if path else str(key), f"unknown key{hint}")


class _Decided(Protocol):
    """What a conflict says of each verdict (:class:`~build_tools.rules.engine.Verdict`)."""

    @property
    def answer(self) -> str: ...

    @property
    def article(self) -> str: ...


class Undecided(Exception):
    """No rule answers the question for this situation."""


class Conflict(Exception):
    """Rules of which neither is an exception to the other give different
    answers: an authoring error. ``verdicts`` are the engine's verdicts."""

    def __init__(self, verdicts: Iterable[_Decided]) -> None:
        self.verdicts: tuple[Any, ...] = tuple(verdicts)
        super().__init__("; ".join(f"{v.answer} by '{v.article}'" for v in self.verdicts))


class RuleCycle(Exception):
    """A rule that asks, through ``verdict:``, ``card-verdict:`` or another
    predicate that asks the document's rules, the very question it answers
    for the very situation: an authoring error, refused where the engine
    meets it (``handbook validate`` finds it before). ``article``, ``line``
    and ``column`` name the rule that asked."""

    def __init__(self, questions: tuple[str, ...], article: str = "", line: int = 0, column: int = 0) -> None:
        self.questions, self.article, self.line, self.column = questions, article, line, column
        chain = " -> ".join(f"'{q}'" for q in questions)
        by = f"the rule of '{article}' asks its own verdict" if article else "a rule asks its own verdict"
        super().__init__(f"{by}: {chain} (a cycle: no verdict can be given)")


class Unbounded(Exception):
    """The engine's work passed the bound set for it (:func:`~build_tools.rules.engine.bounded`):
    ``done`` evaluations of rules, at most ``bound``."""

    def __init__(self, done: int, bound: int) -> None:
        self.done, self.bound = done, bound
        super().__init__(f"more than {bound:,} evaluations of rules")
