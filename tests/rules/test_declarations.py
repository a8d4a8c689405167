"""Each predicate declares, as data in its registration, the query facts it
reads, its values, its parameters and its words (issue 33, item 11); the
reference, ``handbook rules`` and the analysis read that one declaration; a
rule whose predicates read parameters the document does not declare is
refused once, naming every one with what it means (issue 33, item 9)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from build_tools.rules.conditions import Condition
from build_tools.rules.declarations import FACTS, PARAMETERS, SHOWS, Declaration
from build_tools.rules.errors import VocabularyError
from build_tools.rules.predicates import DECLARATIONS, PREDICATES, READS, UNDECLARED, predicate
from build_tools.rules.query import parse_rules
from build_tools.rules.reference import reference
from build_tools.rules.registry import Registry

ROOT = Path(__file__).resolve().parents[2]


def test_every_predicate_is_declared() -> None:
    assert not UNDECLARED, ("predicates registered without a declaration (give predicate() facts=, values=, says=; "
                            f"see build_tools/rules/declarations.py): {UNDECLARED}")
    assert set(DECLARATIONS) == set(PREDICATES)


def test_a_declaration_names_known_facts_documented_parameters_and_its_words() -> None:
    for name, declared in DECLARATIONS.items():
        assert set(declared.facts) <= set(FACTS), name
        assert set(declared.parameters) <= set(PARAMETERS), name
        assert declared.shows in SHOWS, name
        assert declared.says.strip() and declared.holds, name
        # A value shown by its words has words for the literals it takes.
        if declared.shows == "word":
            literals = [v for v in declared.values if v.isidentifier() or "-" in v and not v.startswith("{")]
            assert all(v in declared.words or v in ("true", "false") for v in literals
                       if not v.isdigit()), (name, literals, declared.words)


def test_a_predicate_reading_a_meaning_declares_that_fact() -> None:
    for name, reads in READS.items():
        wanted = "meaning" if reads == "meaning" else "earlier"
        assert wanted in DECLARATIONS[name].facts, name


@pytest.mark.parametrize("facts, shows, parameters, problem", [
    (("weather",), "text", (), "unknown facts"),
    (("call",), "colour", (), "shows its value"),
    (("call",), "text", ("pass-strength",), "undocumented parameters"),
])
def test_a_wrong_declaration_is_refused_when_made(facts: tuple[str, ...], shows: str, parameters: tuple[str, ...],
                                                   problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        Declaration("x", "X.", facts, (), "x", shows, parameters)


def test_a_predicate_reads_only_the_parameters_it_declares() -> None:
    """Declarations cannot drift from the code: a predicate that reads a
    parameter it does not declare fails when a rule names it."""
    from build_tools.rules.conditions import parameter

    @predicate("reads-undeclared-figure", facts=("call",), values=("true",), says="x")
    def _reads(value: object, language: str, path: str) -> Condition:
        """Reads a figure it does not declare."""
        parameter("long-suit", path)
        return Condition(lambda s: True, "x")

    try:
        known = Registry.standard().declaring({"long-suit": 3})
        with pytest.raises(RuntimeError, match="reads the parameter 'long-suit', which its declaration does not"):
            Condition.parse({"reads-undeclared-figure": True}, "en", rules=known)
    finally:
        del PREDICATES["reads-undeclared-figure"], DECLARATIONS["reads-undeclared-figure"]


def test_each_shipped_predicate_parses_with_only_its_declared_parameters() -> None:
    """With exactly its declared parameters in force, each predicate of the
    shipped documents' kinds reads; the figures are not all demanded of one
    that needs none (``card: true`` reads no figure)."""
    for name in ("card", "natural-system", "against", "may-be-weak", "hum-criterion", "natural-call", "shown-suit",
                 "bi-double", "keycard-count"):
        declared = DECLARATIONS[name]
        value = {"against": "strong-artificial", "hum-criterion": 1, "shown-suit": "named",
                 "keycard-count": [0, 3]}.get(name, True)
        known = Registry.standard().declaring({p: PARAMETERS[p].example for p in declared.parameters})
        Condition.parse({name: value}, "en", rules=known)
    assert DECLARATIONS["card"].parameters == ()


def test_every_missing_parameter_is_named_at_once_without_a_guess() -> None:
    """A rule naming natural-call and shown-suit in a document declaring only
    natural-suit-length is refused once, naming the other five with what
    each means, its unit and an example; no did-you-mean (the names are the
    predicates', not the author's)."""
    known = Registry.standard().declaring({"natural-suit-length": 3})
    rule = {"question": "alert", "scope": {"natural-call": False}, "when": {"shown-suit": "named"}, "answer": "yes"}
    with pytest.raises(VocabularyError) as caught:
        parse_rules(rule, "a", "en", known)
    message = str(caught.value)
    assert caught.value.path == "scope.natural-call"
    for name in ("natural-conventions", "notrump-suit-length", "shown-suit-length", "partner-default-length"):
        assert message.count(f"{name} (") == 1, (name, message)
        assert PARAMETERS[name].means in message
        assert f"{{parameter: {name}, value:" in message
    assert "natural-suit-length (" not in message
    assert "which natural-call, shown-suit read" in message
    assert "did you mean" not in message


def test_a_bad_value_is_reported_before_missing_parameters() -> None:
    with pytest.raises(VocabularyError, match="shown or unshown"):
        Condition.parse({"partner-must-bid": True}, "es")


def test_the_reference_reads_the_declarations() -> None:
    data = reference()
    by_name = {p["name"]: p for p in data["predicates"]}
    for name, declared in DECLARATIONS.items():
        assert by_name[name]["facts"] == list(declared.facts)
        assert by_name[name]["forms"] == list(declared.values)
        assert by_name[name]["parameters"] == sorted(declared.parameters)
    readers = {p["parameter"]: p for p in data["parameters"]}
    assert readers["long-suit"]["unit"] == "cards" and readers["long-suit"]["example"].startswith("{parameter:")
    assert "card" not in readers["average-hand-hcp"]["read-by"]


def test_a_predicate_in_a_new_module_is_registered_without_naming_it(tmp_path: Path) -> None:
    """A module dropped into build_tools/rules registers its predicate: the
    package imports every module it holds (a copy of the package here)."""
    copy = tmp_path / "build_tools"
    shutil.copytree(ROOT / "build_tools", copy, ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "rules" / "zz_newcomer.py").write_text(textwrap.dedent('''\
        from typing import Any

        from .conditions import Condition, predicate


        @predicate("newcomer", facts=("call",), values=("true",), says="a newcomer")
        def _newcomer(value: Any, language: str, path: str) -> Condition:
            """Always holds: a federation's new predicate."""
            return Condition(lambda s: True, "newcomer")
        '''), encoding="utf-8")
    code = ("from build_tools.rules.query import parse_rules\n"
            "rules = parse_rules({'question': 'alert', 'scope': {'newcomer': True}, 'answer': 'yes'}, 'a', 'en')\n"
            "print(rules[0].scope.predicate)\n")
    found = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=False)
    assert found.returncode == 0, found.stderr
    assert found.stdout.strip() == "newcomer"
