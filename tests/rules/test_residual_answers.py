"""A question's residual answer: the one given where none of its others
applies (AEB's convention "none": none of transfer, Texas, puppet or relay).
Its badge says so and links no article (tests/test_handbook_site.py)."""

from __future__ import annotations

import pytest

from build_tools.rules.errors import VocabularyError
from build_tools.rules.registry import Registry, _read_question


def test_the_standard_convention_question_declares_none_residual() -> None:
    convention = Registry.standard().question("convention")
    assert [a.answer for a in convention.answers if a.residual] == ["none"]
    assert convention.answer("none").label == "None of transfer, Texas, puppet or relay"
    # The four kinds it names are the question's other answers.
    assert [a.answer for a in convention.answers if not a.residual] == ["transfer", "texas", "puppet", "relay"]
    # A question without one: every answer states something.
    assert not any(a.residual for a in Registry.standard().question("alert").answers)


@pytest.mark.parametrize(("answers", "message"), [
    ([{"answer": "a", "label": "A", "residual": "yes"}], "'residual' is true or false"),
    ([{"answer": "a", "label": "A", "residual": True}, {"answer": "b", "label": "B", "residual": True}],
     "one residual answer at most"),
])
def test_a_residual_declaration_is_checked(answers: list[dict[str, object]], message: str) -> None:
    with pytest.raises(VocabularyError, match=message):
        _read_question({"question": "kind", "text": "Which kind?", "answers": answers}, "questions.0", "")
