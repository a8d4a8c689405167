"""The questions rules answer and the parameters they read, declared as data.

A question is declared once, with its answers; each answer has the label a
reader sees (an interface string, translated like the page's other words), a
tone (what the answer asks of the player) and, where the notation writes it on
the call, the mark that states it::

    questions:
      - question: announce
        text: Must the call be announced?
        answers:
          - {answer: "yes", label: Announce, tone: needs-action, mark: announced}
          - {answer: "no", label: No announcement, tone: permitted}

A parameter is a figure or a reading of the regulation, with the article it
comes from (an element id of the document that declares it) and its edition::

    parameters:
      - parameter: natural-suit-length
        value: 3
        article: definicja-naturalnej
        text: a suit bid promising three cards or more in its suit is natural

The handbook's standard questions (``questions.yaml`` beside this module) are
shared by every document; a document declares its own under ``questions:`` and
``parameters:``, and a source folder may hold a ``rules.yaml`` shared by its
documents. Everything here reads plain data and raises
:class:`~build_tools.rules.errors.VocabularyError` with the path of the bad key.

>>> standard = Registry.standard()
>>> [a.answer for a in standard.question("alert").answers]
['yes', 'no']
>>> standard.question("alert").answer("yes").tone
'needs-action'
>>> standard.question("alrt")
Traceback (most recent call last):
...
build_tools.rules.errors.VocabularyError: unknown question 'alrt' (did you mean 'alert'?; the questions: alert, brown-sticker, colour, convention, front-of-card, hum, meets, natural, permitted, position, random-opening, response, shows)
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import difflib
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Protocol, TypeVar

from .dated import check_day, on_day
from .errors import VocabularyError
from .parameters import check_value

#: What an answer asks of the player, for its badge (a colour and a symbol that
#: survive greyscale print): nothing (permitted), something (needs-action: an
#: alert, an announcement), or that it is not allowed (forbidden); info: an
#: answer that classifies without asking anything (a transfer, a position).
TONES: tuple[str, ...] = ("permitted", "needs-action", "forbidden", "info")

#: The marks a notation writes on a call (build_tools.bridge.annotations): an
#: example whose last call carries one expects the answer that declares it.
MARKS: tuple[str, ...] = ("alerted", "announced")

#: An id: lowercase words joined by hyphens (an element's, a question's, a
#: parameter's, a convention's name; the schema's pattern of ids).
ID_PATTERN = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")

#: The handbook's standard questions and conventions, as their authors write
#: them (YAML, with comments), and as the engine reads them: compiled to JSON
#: (:data:`STANDARD_JSON`), since the engine runs on the standard library alone
#: (in the browser too). A test holds the JSON equal to the YAML; after an edit
#: of the YAML, ``python -m build_tools.rulebooks --standard`` writes it again.
STANDARD_FILE = Path(__file__).with_name("questions.yaml")
CONVENTIONS_FILE = Path(__file__).with_name("conventions.yaml")
STANDARD_JSON = Path(__file__).with_name("standard.json")

_QUESTION_KEYS = ("question", "text", "answers", "open", "form")
#: The forms of an open question's answers.
FORMS: tuple[str, ...] = ("text", "call", "meaning")
_ANSWER_KEYS = ("answer", "label", "tone", "mark", "residual")
_PARAMETER_KEYS = ("parameter", "value", "values", "article", "edition", "text")
_CONVENTION_KEYS = ("convention", "label", "text")


@dataclass(frozen=True, slots=True)
class Answer:
    answer: str
    label: str
    tone: str = "info"
    mark: str | None = None
    #: The answer given where none of the question's other answers applies
    #: (``convention: none``: none of the defined kinds). It states an absence:
    #: its badge says so in its label and links no article, since the article
    #: that gives it (the list of definitions) rules on nothing.
    residual: bool = False


@dataclass(frozen=True, slots=True)
class Question:
    """A question and its answers; ``open`` questions take any text as their
    answer (a response table's call), labelled by the text itself."""

    name: str
    text: str
    answers: tuple[Answer, ...] = ()
    open: bool = False
    #: What an open question's answers are: ``text``, a ``call`` (a response
    #: table's answer) or a ``meaning`` in the meaning vocabulary (what a call
    #: shows), compared by value, not by how it is written.
    form: str = "text"
    #: Where it was declared: ``""`` for the handbook's standard questions, else
    #: the document (or rules file) that declares it.
    declared_by: str = ""

    def answer(self, value: str) -> Answer:
        for answer in self.answers:
            if answer.answer == value:
                return answer
        if self.open:
            return Answer(value, value)
        choices = [a.answer for a in self.answers]
        raise VocabularyError("", f"'{self.name}' is answered {', '.join(choices)}, not {value!r}"
                                  f"{_hint(value, choices)}")

    def marked(self, mark: str) -> str | None:
        """The answer a call mark states (``alerted``: the alert's ``yes``)."""
        return next((a.answer for a in self.answers if a.mark == mark), None)


@dataclass(frozen=True, slots=True)
class Parameter:
    """A figure or reading of a regulation, with the article it comes from."""

    name: str
    value: Any
    article: str = ""
    edition: str = ""
    text: str = ""
    declared_by: str = ""
    #: A figure an amendment moved: each value with the day it is in force
    #: from and its article, in the order of the days (``value`` and
    #: ``article`` are the last one's: the figure as the edition stands).
    values: tuple[tuple[str, Any, str], ...] = ()

    def on(self, day: str) -> Parameter | None:
        """The parameter as it stood on ``day`` (``None`` before its first dated value)."""
        if not self.values:
            return self
        found = on_day([(since, (value, article)) for since, value, article in self.values], day)
        if found is None:
            return None
        return dataclasses.replace(self, value=found[0], article=found[1])


@dataclass(frozen=True, slots=True)
class Convention:
    """A kind of convention the meaning vocabulary names (``convention: multi``);
    ``label`` names a declared one where the meaning words have none."""

    name: str
    label: str = ""
    text: str = ""
    declared_by: str = ""


@dataclass(frozen=True, slots=True)
class Registry:
    """The questions, parameters and conventions in force for one document."""

    questions: Mapping[str, Question] = field(default_factory=dict)
    parameters: Mapping[str, Parameter] = field(default_factory=dict)
    conventions: Mapping[str, Convention] = field(default_factory=dict)

    @classmethod
    @cache
    def standard(cls) -> Registry:
        """The handbook's standard questions and conventions (``questions.yaml``,
        ``conventions.yaml``, read from their compiled form :data:`STANDARD_JSON`)."""
        return cls().extended(json.loads(STANDARD_JSON.read_text(encoding="utf-8")), "")

    def question(self, name: Any) -> Question:
        found = self.questions.get(name) if isinstance(name, str) else None
        if found is None:
            word = name if isinstance(name, str) else ""
            raise VocabularyError("", f"unknown question {name!r}{_hint(word, self.questions, ';')}"
                                      f"{' ' if name_close(word, self.questions) else ''}the questions: "
                                      f"{', '.join(sorted(self.questions))})")
        return found

    def parameter(self, name: str) -> Parameter:
        """The parameter ``name``; one not declared is refused with the name
        nearest it and where to declare it.

        >>> Registry.standard().declaring({"shown-suit-length": 4}).parameter("shown-suit-lenght")
        Traceback (most recent call last):
        ...
        build_tools.rules.errors.VocabularyError: unknown parameter 'shown-suit-lenght' (did you mean 'shown-suit-length'?; declare it under 'parameters:' with its article)
        """
        found = self.parameters.get(name)
        if found is None:
            raise VocabularyError("", f"unknown parameter {name!r}{_hint(name, self.parameters, ';')}"
                                      f"{' ' if name_close(name, self.parameters) else ''}declare it under "
                                      f"'parameters:' with its article)")
        return found

    def declaring(self, values: Mapping[str, Any], declared_by: str = "") -> Registry:
        """This registry with parameters of these values (for examples and tests).

        >>> Registry.standard().declaring({"shown-suit-length": 4}).parameter("shown-suit-length").value
        4
        """
        return self.extended({"parameters": [{"parameter": k, "value": v} for k, v in values.items()]}, declared_by)

    def extended(self, data: Any, declared_by: str) -> Registry:
        """This registry with the ``questions:`` and ``parameters:`` of ``data``
        (a mapping as YAML composes it) added; a name declared twice is refused."""
        if data is None:
            return self
        if not isinstance(data, Mapping):
            raise VocabularyError("", "a mapping of questions and parameters")
        return Registry(_declare("question", data, _read_question, self.questions, declared_by),
                        _declare("parameter", data, _read_parameter, self.parameters, declared_by),
                        _declare("convention", data, _read_convention, self.conventions, declared_by))

    def on(self, day: str) -> Registry:
        """This registry with each dated parameter's value in force on ``day``
        (one without a value yet on that day is left out: a rule that reads it
        names it as missing).

        >>> dated = Registry.standard().extended({"parameters": [{"parameter": "usual-opening-hcp",
        ...     "values": {"2024-08-01": 12, "2026-08-01": {"value": 11, "article": "amended"}}, "article": "a"}]}, "d")
        >>> [(dated.on(day).parameter("usual-opening-hcp").value, dated.on(day).parameter("usual-opening-hcp").article)
        ...  for day in ("2026-07-31", "2026-08-01")]
        [(12, 'a'), (11, 'amended')]
        >>> dated.parameter("usual-opening-hcp").value
        11
        """
        parameters = {name: p.on(day) for name, p in self.parameters.items()}
        return Registry(self.questions, {name: p for name, p in parameters.items() if p is not None},
                        self.conventions)

    def relabelled(self, labels: Mapping[tuple[str, str], str]) -> Registry:
        """This registry with these (question, answer) labels: a translation's."""
        questions = {name: dataclasses.replace(q, answers=tuple(
            dataclasses.replace(a, label=labels.get((name, a.answer), a.label)) for a in q.answers))
            for name, q in self.questions.items()}
        return Registry(questions, self.parameters, self.conventions)

    def labels(self) -> Iterable[tuple[Question, Answer]]:
        for question in self.questions.values():
            for answer in question.answers:
                yield question, answer


class _Declared(Protocol):
    """A question, parameter or convention: named, and by whom it was declared."""

    @property
    def name(self) -> str: ...

    @property
    def declared_by(self) -> str: ...


_D = TypeVar("_D", bound=_Declared)


def _declare(kind: str, data: Mapping[str, Any], read: Callable[[Any, str, str], _D],
             existing: Mapping[str, _D], declared_by: str) -> dict[str, _D]:
    """``existing`` with the ``<kind>s:`` of ``data`` read and added; a name
    declared already (by the standard registry or earlier in the list) is
    refused at its item."""
    found = dict(existing)
    for n, item in enumerate(_items(data.get(f"{kind}s"), f"{kind}s")):
        declared = read(item, f"{kind}s.{n}", declared_by)
        if declared.name in found:
            raise VocabularyError(f"{kind}s.{n}.{kind}", f"{kind} {declared.name!r} is declared already"
                                  f"{_by(found[declared.name].declared_by)}")
        found[declared.name] = declared
    return found


#: The registry of the document being read: the readers of meanings and
#: conditions look here for its conventions, questions and parameters.
_IN_FORCE: contextvars.ContextVar[Registry | None] = contextvars.ContextVar("registry", default=None)


def in_force() -> Registry:
    """The registry of the document being read (the standard one outside)."""
    return _IN_FORCE.get() or Registry.standard()


@contextlib.contextmanager
def reading(registry: Registry | None) -> Iterator[None]:
    """Read a document's rules, examples or a query under ``registry``."""
    token = _IN_FORCE.set(registry) if registry is not None else None
    try:
        yield
    finally:
        if token is not None:
            _IN_FORCE.reset(token)


def _read_convention(item: Any, path: str, declared_by: str) -> Convention:
    if not isinstance(item, Mapping):
        raise VocabularyError(path, "a convention is a mapping: " + ", ".join(_CONVENTION_KEYS))
    _known(item, _CONVENTION_KEYS, path)
    name = _name(item.get("convention"), f"{path}.convention")
    label = _line(item["label"], f"{path}.label") if "label" in item else ""
    return Convention(name, label, str(item.get("text", "")), declared_by)


def name_close(word: str, known: Iterable[str]) -> bool:
    return bool(difflib.get_close_matches(word, list(known), n=1))


def _by(declared_by: str) -> str:
    return f" (by {declared_by})" if declared_by else " (a standard question)"


def _hint(word: str, known: Iterable[str], end: str = "") -> str:
    """`` (did you mean 'x'?`` and, when ``end`` is ``;``, the text that follows
    inside the same parentheses."""
    close = difflib.get_close_matches(word, list(known), n=1)
    if close:
        return f" (did you mean '{close[0]}'?{end}" + ("" if end else ")")
    return " (" if end else ""


def _items(value: Any, path: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise VocabularyError(path, "a list")
    return value


def _known(data: Mapping[Any, Any], keys: tuple[str, ...], path: str) -> None:
    for key in data:
        if key not in keys:
            raise VocabularyError(f"{path}.{key}", f"unknown key{_hint(str(key), keys)} ({', '.join(keys)})")


def _name(value: Any, path: str) -> str:
    if not isinstance(value, str) or not ID_PATTERN.fullmatch(value):
        raise VocabularyError(path, f"a name of lowercase words joined by hyphens, not {value!r}")
    return value


def yaml_answer(value: Any) -> Any:
    """``value`` with the booleans YAML 1.1 reads a bare yes/no as turned back
    into the words written (every other value as it is).

    >>> yaml_answer(True), yaml_answer(False), yaml_answer("depends")
    ('yes', 'no', 'depends')
    """
    return ("yes" if value else "no") if isinstance(value, bool) else value


#: What one line of text may not hold (a label reaches every catalog and page).
_CONTROL = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029]")


def _line(value: Any, path: str) -> str:
    value = yaml_answer(value)
    if not isinstance(value, str | int) or not str(value).strip() or _CONTROL.search(str(value)):
        raise VocabularyError(path, f"one line of text without control characters, not {value!r}")
    return str(value)


def _read_question(item: Any, path: str, declared_by: str) -> Question:
    if not isinstance(item, Mapping):
        raise VocabularyError(path, "a question is a mapping: " + ", ".join(_QUESTION_KEYS))
    _known(item, _QUESTION_KEYS, path)
    name = _name(item.get("question"), f"{path}.question")
    text = _line(item.get("text", name), f"{path}.text")
    is_open = item.get("open", False)
    if not isinstance(is_open, bool):
        raise VocabularyError(f"{path}.open", f"true or false, not {is_open!r}")
    answers: list[Answer] = []
    for n, entry in enumerate(_items(item.get("answers"), f"{path}.answers")):
        where = f"{path}.answers.{n}"
        if not isinstance(entry, Mapping):
            raise VocabularyError(where, "an answer is a mapping: " + ", ".join(_ANSWER_KEYS))
        _known(entry, _ANSWER_KEYS, where)
        if "answer" not in entry or "label" not in entry:
            raise VocabularyError(where, "an answer needs 'answer' and 'label' (what a reader sees)")
        value = _line(entry["answer"], f"{where}.answer")
        if value in (a.answer for a in answers):
            raise VocabularyError(f"{where}.answer", f"answer {value!r} twice")
        if value == "depends":
            raise VocabularyError(f"{where}.answer", "'depends' is the engine's word for a query that does not "
                                                     "state enough; an answer cannot be called so")
        tone = entry.get("tone", "info")
        if tone not in TONES:
            raise VocabularyError(f"{where}.tone", f"unknown tone {tone!r}{_hint(str(tone), TONES)} "
                                                   f"({', '.join(TONES)})")
        mark = entry.get("mark")
        if mark is not None and mark not in MARKS:
            raise VocabularyError(f"{where}.mark", f"unknown mark {mark!r} ({', '.join(MARKS)})")
        if mark is not None and mark in (a.mark for a in answers):
            raise VocabularyError(f"{where}.mark", f"mark {mark!r} states another answer already")
        residual = entry.get("residual", False)
        if not isinstance(residual, bool):
            raise VocabularyError(f"{where}.residual", f"'residual' is true or false, not {residual!r}")
        if residual and any(a.residual for a in answers):
            raise VocabularyError(f"{where}.residual", "a question has one residual answer at most")
        answers.append(Answer(value, _line(entry["label"], f"{where}.label"), str(tone), mark, residual))
    if not answers and not is_open:
        raise VocabularyError(f"{path}.answers", "a question needs its answers (or 'open: true')")
    form = item.get("form", "text")
    if form not in FORMS or form != "text" and not is_open:
        raise VocabularyError(f"{path}.form", f"an open question's answers are {', '.join(FORMS)}, not {form!r}")
    return Question(name, text, tuple(answers), is_open, form=str(form), declared_by=declared_by)


def canonical_meaning(value: Any) -> str:
    """A meaning as one text, its keys sorted: two ways of writing one meaning
    give one answer.

    >>> canonical_meaning({"natural": True, "hcp": "15-18", "suits": {"spades": "5+"}})
    '{hcp: 15-18, natural: true, suits: {spades: 5+}}'
    """
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {canonical_meaning(value[k])}" for k in sorted(value, key=str)) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(canonical_meaning(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _read_parameter(item: Any, path: str, declared_by: str) -> Parameter:
    if not isinstance(item, Mapping):
        raise VocabularyError(path, "a parameter is a mapping: " + ", ".join(_PARAMETER_KEYS))
    _known(item, _PARAMETER_KEYS, path)
    name = _name(item.get("parameter"), f"{path}.parameter")
    if "values" in item:
        if "value" in item:
            raise VocabularyError(f"{path}.values", "a parameter has one 'value' or dated 'values', not both")
        if "article" not in item and declared_by:
            raise VocabularyError(path, "a parameter names the 'article' it comes from")
        values = _dated_values(name, item["values"], str(item.get("article", "")), f"{path}.values")
        return Parameter(name, values[-1][1], values[-1][2], str(item.get("edition", "")),
                         str(item.get("text", "")), declared_by, values)
    if "value" not in item:
        raise VocabularyError(path, "a parameter needs its 'value' (or dated 'values')")
    if "article" not in item and declared_by:
        raise VocabularyError(path, "a parameter names the 'article' it comes from")
    value = _parameter_value(name, item["value"], f"{path}.value")
    return Parameter(name, value, str(item.get("article", "")), str(item.get("edition", "")),
                     str(item.get("text", "")), declared_by)


def _parameter_value(name: str, value: Any, path: str) -> Any:
    if not isinstance(value, bool | int | str | list):
        raise VocabularyError(path, f"a number, a word or a list, not {value!r}")
    check_value(name, value, path)
    return value


def _dated_values(name: str, data: Any, article: str, path: str) -> tuple[tuple[str, Any, str], ...]:
    """``values: {2024-08-01: 12, 2026-08-01: {value: 11, article: amended}}``:
    each day with its value and article (the parameter's own by default), in
    the order of the days."""
    if not isinstance(data, Mapping) or not data:
        raise VocabularyError(path, "dated values are a mapping of days to values, e.g. {2024-08-01: 12, "
                                    "2026-08-01: 11}")
    found = []
    for day, given in data.items():
        check_day(day, f"{path}.{day}")
        own = article
        if isinstance(given, Mapping):
            _known(given, ("value", "article"), f"{path}.{day}")
            if "value" not in given:
                raise VocabularyError(f"{path}.{day}", "a dated value needs its 'value'")
            own = str(given.get("article", article))
            given = given["value"]
        found.append((str(day), _parameter_value(name, given, f"{path}.{day}"), own))
    return tuple(sorted(found, key=lambda item: item[0]))
