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

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .conditions import ALWAYS, Condition
from .engine import QUESTIONS, Rule
from .situation import Situation
from .errors import VocabularyError
from .vocabulary import Meaning

QUERY_KEYS = ("auction", "view", "meaning", "earlier", "screens")
RULE_KEYS = ("question", "scope", "when", "answer", "otherwise", "overrides", "fallback")


@dataclass(frozen=True, slots=True)
class Query:
    """What is asked: the auction (its last call in question) and what is agreed."""

    auction: str
    view: str = "partnership"
    meaning: Meaning | None = None
    earlier: tuple[tuple[int, Meaning], ...] = ()
    screens: bool = False
    #: The agreement as written (``meaning``, ``earlier``, ``screens`` as YAML
    #: read them), shown beside the verdict in the reader's words
    #: (build_tools/meaning_text.py): examples with one auction and two
    #: verdicts differ only there.
    asked: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @classmethod
    def parse(cls, data: Any) -> Query:
        if not isinstance(data, Mapping):
            raise VocabularyError("", "a query is a mapping: auction, meaning, earlier, screens, view")
        _known(data, QUERY_KEYS, "")
        if not isinstance(data.get("auction"), str | int) or not str(data.get("auction")).strip():
            raise VocabularyError("auction", "the auction, its last call the one asked about")
        return cls(
            auction=str(data["auction"]),
            view=_view(data.get("view", "partnership")),
            meaning=_meaning(data["meaning"], "meaning") if "meaning" in data else None,
            earlier=_earlier(data.get("earlier", {})),
            screens=_flag(data.get("screens", False), "screens"),
            asked={key: data[key] for key in ("meaning", "earlier", "screens") if key in data},
        )

    def situation(self, language: str) -> Situation:
        """The facts of this query in ``language``'s notation; raises
        :class:`~build_tools.bridge.BridgeError` for an auction the model refuses."""
        situation = Situation.read(self.auction, language, self.view, self.meaning, dict(self.earlier), self.screens)
        check_earlier(self.earlier, len(situation.written_to_table))
        return situation


def check_earlier(earlier: tuple[tuple[int, Meaning], ...], calls: int) -> None:
    """Refuse a meaning of a call the auction (of ``calls`` calls as written) does not have."""
    for number, _ in earlier:
        if number > calls:
            raise VocabularyError(f"earlier.{number}",
                                  f"call {number}, but the auction has {calls} call{'s' if calls != 1 else ''}")


def parse_example_query(auction: str, view: str, data: Mapping[str, Any]) -> Query | None:
    """An example's query: its auction and view, with the example's ``meaning``,
    ``earlier`` and ``screens`` fields (``None`` when it has none of them)."""
    if not any(key in data for key in ("meaning", "earlier", "screens")):
        return None
    return Query(
        auction=auction,
        view=view,
        meaning=_meaning(data["meaning"], "meaning") if "meaning" in data else None,
        earlier=_earlier(data.get("earlier", {})),
        screens=_flag(data.get("screens", False), "screens"),
        asked={key: data[key] for key in ("meaning", "earlier", "screens") if key in data},
    )


def parse_expect(data: Any) -> tuple[tuple[str, str], ...]:
    """``{alert: no, natural: yes}`` as (question, answer) pairs."""
    if not isinstance(data, Mapping) or not data:
        raise VocabularyError("", "expect maps questions to answers, e.g. {alert: no}")
    out = []
    for question, answer in data.items():
        _question(question, str(question))
        out.append((str(question), _answer(question, answer, str(question))))
    return tuple(out)


def parse_rules(data: Any, article: str, language: str) -> tuple[Rule, ...]:
    """The ``rule:`` of an article: one rule (a mapping) or a list of them."""
    items = data if isinstance(data, list) else [data]
    rules = []
    for n, item in enumerate(items):
        path = str(n) if isinstance(data, list) else ""
        if not isinstance(item, Mapping):
            raise VocabularyError(path, "a rule is a mapping: " + ", ".join(RULE_KEYS))
        _known(item, RULE_KEYS, path)
        at = (path + ".") if path else ""
        if "question" not in item or "answer" not in item:
            raise VocabularyError(path, "a rule needs 'question' and 'answer'")
        question = _question(item["question"], f"{at}question")
        otherwise, by = None, None
        if "otherwise" in item:
            other = item["otherwise"]
            if isinstance(other, Mapping):
                _known(other, ("answer", "by"), f"{at}otherwise")
                otherwise = _answer(question, other.get("answer"), f"{at}otherwise.answer")
                by = str(other["by"]) if "by" in other else None
            else:
                otherwise = _answer(question, other, f"{at}otherwise")
        overrides = item.get("overrides", [])
        if not isinstance(overrides, list):
            overrides = [overrides]
        rules.append(Rule(
            article=article,
            question=question,
            answer=_answer(question, item["answer"], f"{at}answer"),
            scope=Condition.parse(item.get("scope"), language, f"{at}scope") if "scope" in item else ALWAYS,
            when=Condition.parse(item.get("when"), language, f"{at}when") if "when" in item else ALWAYS,
            otherwise=otherwise,
            otherwise_by=by,
            overrides=tuple(str(o) for o in overrides),
            fallback=_flag(item.get("fallback", False), f"{at}fallback"),
        ))
    return tuple(rules)


def _known(data: Mapping[str, Any], keys: tuple[str, ...], path: str) -> None:
    for key in data:
        if key not in keys:
            close = difflib.get_close_matches(str(key), keys, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise VocabularyError(f"{path}.{key}" if path else str(key), f"unknown key{hint}")


def _question(value: Any, path: str) -> str:
    # A list or mapping is no question (and cannot be looked up: unhashable).
    if not isinstance(value, str) or value not in QUESTIONS:
        close = difflib.get_close_matches(value, list(QUESTIONS), n=1) if isinstance(value, str) else []
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise VocabularyError(path, f"unknown question {value!r}{hint}")
    return str(value)


def _answer(question: str, value: Any, path: str) -> str:
    # YAML 1.1 reads a bare yes/no as a boolean.
    text = {True: "yes", False: "no"}.get(value, value) if isinstance(value, bool) else value
    if not isinstance(text, str | int) or not str(text):
        raise VocabularyError(path, f"an answer to '{question}'")
    allowed = QUESTIONS[question]
    if allowed and str(text) not in allowed:
        raise VocabularyError(path, f"'{question}' is answered {', '.join(allowed)}, not {text!r}")
    return str(text)


def _flag(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise VocabularyError(path, f"must be true or false, not {value!r}")
    return value


def _view(value: Any) -> str:
    if value not in ("table", "partnership"):
        raise VocabularyError("view", f"table or partnership, not {value!r}")
    return str(value)


def _meaning(value: Any, path: str) -> Meaning:
    try:
        return Meaning.parse(value)
    except VocabularyError as exc:
        raise VocabularyError(f"{path}.{exc.path}" if exc.path else path, str(exc).split(": ", 1)[-1]) from None


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
        out.append((number, _meaning(meaning, f"earlier.{key}")))
    return tuple(out)
