"""The rule language described by itself: its questions, predicates,
vocabulary, combinators, keys and parameters, read from the registries the
loader uses (so the description cannot drift from what is accepted), as data
(``handbook rules --json``) and as the README's Markdown reference
(``handbook rules --markdown``).

>>> data = reference()
>>> "alert" in [q["question"] for q in data["questions"]]
True
>>> next(p for p in data["predicates"] if p["name"] == "call")["doc"]
'The call in question is one of these (``2♦/♥`` or a list).'
>>> first_sentence("Partner opened; the player's first call. Other text.")
"Partner opened; the player's first call."
"""

from __future__ import annotations

import ast
import inspect
import re
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from . import alerting
from .conditions import PREDICATES, READS
from .query import QUERY_KEYS, RULE_KEYS
from .registry import Registry
from .vocabulary import CONVENTIONS, FORCING, KEYS, LEADS, SHAPES, STOPPERS, STRENGTHS, SUIT_QUALITIES

#: The combinators, which take conditions rather than values.
COMBINATORS: dict[str, str] = {
    "all": "Every condition of the list holds.",
    "any": "At least one condition of the list holds.",
    "not": "The condition does not hold.",
}

#: Markers of the generated block in README.md.
START = "<!-- rules-reference:start -->"
END = "<!-- rules-reference:end -->"


def first_sentence(doc: str) -> str:
    """The first sentence of a docstring, on one line, Sphinx roles read as
    their text (``:func:`x``` as ``x``)."""
    text = " ".join(doc.split("\n\n")[0].split())
    text = re.sub(r":\w+:`~?([^`]+)`", r"``\1``", text)
    # A sentence ends at a period before a capital (not "ok. 12-14"); a
    # paragraph introducing a literal block ends "::".
    match = re.match(r"(.+?\.)(\s+(?=[A-Z])|$)", text)
    sentence = match.group(1) if match else text
    return sentence[:-2] + "." if sentence.endswith("::") else sentence


def _forms(doc: str) -> list[str]:
    """The value forms a predicate's docstring names: its ``literals``
    before the examples, each once."""
    prose = doc.split(">>>")[0]
    return list(dict.fromkeys(re.findall(r"``([^`]+)``", prose)))


def _modules() -> list[ModuleType]:
    """Every module of the rules package: each may register predicates."""
    import importlib
    import pkgutil

    from build_tools import rules

    return [importlib.import_module(f"{rules.__name__}.{info.name}")
            for info in pkgutil.iter_modules(rules.__path__) if info.name != "reference"]


def _readers(module: ModuleType) -> dict[str, set[str]]:
    """Which parameters each predicate of ``module`` reads: the names passed
    to ``parameter(...)`` in the function registered by ``@predicate(name)``,
    and the natural reading's parameters where it calls
    ``NaturalReading.declared``."""
    natural = set(alerting.NaturalReading.PARAMETERS.values())
    found: dict[str, set[str]] = {}
    for node in ast.walk(ast.parse(inspect.getsource(module))):
        if not isinstance(node, ast.FunctionDef):
            continue
        names = [d.args[0].value for d in node.decorator_list
                 if isinstance(d, ast.Call) and isinstance(d.func, ast.Name) and d.func.id == "predicate"
                 and d.args and isinstance(d.args[0], ast.Constant) and isinstance(d.args[0].value, str)]
        if not names:
            continue
        read: set[str] = set()
        for call in ast.walk(node):
            if not isinstance(call, ast.Call):
                continue
            if (isinstance(call.func, ast.Name) and call.func.id == "parameter" and call.args
                    and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str)):
                read.add(call.args[0].value)
            if isinstance(call.func, ast.Attribute) and call.func.attr == "declared":
                read |= natural
        for name in names:
            found.setdefault(name, set()).update(read)
    return found


def reference(registry: Registry | None = None) -> dict[str, Any]:
    """The language as one JSON-ready mapping: ``questions``, ``predicates``,
    ``combinators``, ``vocabulary``, ``rule-keys``, ``query-keys`` and
    ``parameters`` (each with the predicates that read it)."""
    known = registry or Registry.standard()
    readers: dict[str, set[str]] = {}
    for module in _modules():
        for name, read in _readers(module).items():
            readers.setdefault(name, set()).update(read)
    from . import systems

    for name in systems.FIGURE_READERS:
        readers.setdefault(name, set()).update(systems.FIGURES)
    parameters: dict[str, list[str]] = {}
    for name, read in readers.items():
        for parameter in read:
            parameters.setdefault(parameter, []).append(name)
    predicates = []
    for name in sorted(PREDICATES):
        doc = inspect.cleandoc(PREDICATES[name].__doc__ or "")
        predicates.append({"name": name, "doc": first_sentence(doc), "forms": _forms(doc),
                           "reads": READS.get(name, ""), "parameters": sorted(readers.get(name, ()))})
    return {
        "questions": [{"question": q.name, "text": q.text, "open": q.open, "form": q.form,
                       "answers": [{"answer": a.answer, "label": a.label, "tone": a.tone, "mark": a.mark}
                                   for a in q.answers]}
                      for q in known.questions.values()],
        "predicates": predicates,
        "combinators": [{"name": k, "doc": v} for k, v in COMBINATORS.items()],
        "vocabulary": {"keys": list(KEYS), "forcing": list(FORCING), "strength": list(STRENGTHS),
                       "convention": list(CONVENTIONS), "lead": list(LEADS), "stopper": list(STOPPERS),
                       "suit-quality": list(SUIT_QUALITIES),
                       "shape": {k: list(v) for k, v in SHAPES.items()}},
        "rule-keys": list(RULE_KEYS),
        "query-keys": list(QUERY_KEYS),
        "parameters": [{"parameter": p, **_described(p), "read-by": sorted(by)} for p, by in sorted(parameters.items())],
    }


def _described(name: str) -> dict[str, str]:
    """What a parameter means, its unit and an example (build_tools/rules/parameters.py)."""
    from .parameters import PARAMETERS

    doc = PARAMETERS.get(name)
    return {"meaning": doc.meaning if doc else "", "unit": doc.unit if doc else "", "example": doc.example if doc else ""}


#: What an open question's answers are, by their form.
_OPEN_FORMS = {"text": "any text (open)", "call": "a call, in the document's notation (open)",
               "meaning": "a meaning in the vocabulary below, e.g. `{hcp: 15-18, natural: true}` (open)"}


def _code(words: list[str] | tuple[str, ...]) -> str:
    return ", ".join(f"`{w}`" for w in words)


def _cell(text: str) -> str:
    # reST-style ``literal`` reads as Markdown code; a pipe would end the cell.
    return text.replace("``", "`").replace("|", "\\|")


def markdown(data: Mapping[str, Any] | None = None) -> str:
    """The README's reference of the rule language, between its markers."""
    data = data or reference()
    lines = [START, "<!-- generated by `handbook rules --markdown`; edit build_tools/rules, not this block -->", "",
             "#### Questions (`build_tools/rules/questions.yaml`)", "",
             "| Question | Answers (label, tone, mark) |", "| --- | --- |"]
    for q in data["questions"]:
        answers = "; ".join(f"`{a['answer']}`: {a['label']}, {a['tone']}" + (f", `{a['mark']}`" if a["mark"] else "")
                            for a in q["answers"]) or _OPEN_FORMS[q["form"]]
        lines.append(f"| `{q['question']}`: {_cell(q['text'])} | {_cell(answers)} |")
    lines += ["", "#### Predicates (`build_tools/rules/conditions.py`, `alerting.py`, `positions.py`)", "",
              "| Predicate | Holds when | Values | Parameters |", "| --- | --- | --- | --- |"]
    for p in data["predicates"]:
        lines.append(f"| `{p['name']}` | {_cell(p['doc'])} | {_cell(_code(p['forms']))} | "
                     f"{_code(p['parameters'])} |")
    lines += ["", "Combinators: " + "; ".join(f"`{c['name']}`: {c['doc'][0].lower()}{c['doc'][1:-1]}"
                                         for c in data["combinators"]) + ".", "",
              "#### Meaning vocabulary (`build_tools/rules/vocabulary.py`)", "",
              f"Keys: {_code(data['vocabulary']['keys'])}.", ""]
    for key in ("forcing", "strength", "convention", "lead", "stopper", "suit-quality"):
        lines.append(f"* `{key}`: {_code(data['vocabulary'][key])}")
    shapes = data["vocabulary"]["shape"]
    lines.append(f"* `shape`: a class ({_code(list(shapes))}) or a pattern such as `5m422`")
    lines += ["", f"Rule keys: {_code(data['rule-keys'])}. Query keys: {_code(data['query-keys'])}.", "",
              "#### Parameters a document declares", "",
              "| Parameter | What it is | Unit | Example | Read by |", "| --- | --- | --- | --- | --- |"]
    lines += [f"| `{p['parameter']}` | {_cell(p['meaning'])} | {_cell(p['unit'])} | `{_cell(p['example'])}` | "
              f"{_code(p['read-by'])} |" for p in data["parameters"]]
    lines.append(END)
    return "\n".join(lines) + "\n"
