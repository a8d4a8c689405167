"""Fuzzing the loader with mutations of the real documents and manifest: whatever
the damage, the answer is a document or the project's own DiagnosticError
naming the file, never another exception.

The examples are derived from a fixed seed (``derandomize``) so that CI runs
the same inputs every time; the counts are stated per target below.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from build_tools.diagnostics import DiagnosticError
from build_tools.loader import load_document, load_manifest
from conftest import ROOT

DOCUMENTS = sorted((ROOT / "source").glob("*-*.yaml"))
MANIFEST = ROOT / "source" / "handbook.yaml"

#: Examples per target: enough to reach every kind of mutation many times over,
#: few enough that the suite stays quick (a document loads in milliseconds).
DOCUMENT_EXAMPLES = 400
MANIFEST_EXAMPLES = 300

# Characters that mean something to YAML, to the inline markup, or to nothing.
NASTY = st.sampled_from([
    ":", "-", "- ", "? ", "[", "]", "{", "}", "&a ", "*a", "!!", "!!binary ", "|", ">", "#", "'", '"', "\t",
    "\x00", "\x1b", "\ufeff", "\u2028", "%YAML 1.1\n", "---\n", "...\n", "\\", "`", "{auction}`", "*", "0x1",
    "~", "null", "yes", "1e9", "<<: *a\n", "  ", "\n", "\r", "♠", "ł", "中",
])


# Values that YAML reads as something other than text.
VALUES = st.sampled_from([
    "0x1", "0b10", "0o7", "010", "1_000", "1:30", "-1", "0", "99999999999999999999", ".inf", "1e3", "~", "null",
    "yes", "off", "2026-11-30", "[]", "{}", "[a, [b]]", "{a: b}", "!!binary aGk=", "!!python/name:os.system",
    "&a x", "*a", "*missing", "''", '""', "|", ">-", '"\\0"', '"\\e"', '"a\\nb"', "a: b", "- x",
])
_KEY_VALUE = re.compile(r"^(\s*(?:- )?[\w-]+: )(.*)$", re.S)


@st.composite
def mutated(draw: st.DrawFn, text: str) -> bytes:
    """``text`` damaged the ways hands and tools damage files."""
    lines = text.splitlines(keepends=True)
    for _ in range(draw(st.integers(1, 4))):
        if not lines:
            break
        where = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["value", "value", "delete", "duplicate", "swap", "insert", "indent", "dedent",
                                     "truncate"]))
        if kind == "value":
            match = _KEY_VALUE.match(lines[where])
            if match:
                lines[where] = match.group(1) + draw(VALUES) + "\n"
        elif kind == "delete":
            del lines[where]
        elif kind == "duplicate":
            lines.insert(where, lines[where])
        elif kind == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[where], lines[other] = lines[other], lines[where]
        elif kind == "insert":
            line = lines[where]
            at = draw(st.integers(0, len(line)))
            lines[where] = line[:at] + draw(NASTY) + line[at:]
        elif kind == "indent":
            lines[where] = "  " + lines[where]
        elif kind == "dedent":
            lines[where] = lines[where][2:]
        else:
            lines = lines[:where]
    data = "".join(lines).encode("utf-8")
    if draw(st.booleans()) and data:
        # A stray byte, as a broken editor or transfer leaves one.
        at = draw(st.integers(0, len(data) - 1))
        data = data[:at] + bytes([draw(st.integers(0, 255))]) + data[at + 1 :]
    return data


def located(error: DiagnosticError, name: str) -> None:
    assert error.diagnostics
    for diagnostic in error.diagnostics:
        assert diagnostic.path.endswith(name)
        assert diagnostic.line >= 0 and diagnostic.column >= 0
        assert diagnostic.message and "\n" not in diagnostic.message


FUZZ = settings(database=None, derandomize=True, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("original", DOCUMENTS, ids=[p.stem for p in DOCUMENTS])
def test_a_damaged_document_is_loaded_or_located(original: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    folder = tmp_path_factory.mktemp("fuzz")
    text = original.read_text(encoding="utf-8")
    target = folder / original.name

    @settings(FUZZ, max_examples=DOCUMENT_EXAMPLES // len(DOCUMENTS))
    @given(mutated(text))
    def check(data: bytes) -> None:
        target.write_bytes(data)
        try:
            load_document(target)
        except DiagnosticError as error:
            located(error, original.name)

    check()


@settings(FUZZ, max_examples=MANIFEST_EXAMPLES)
@given(data=mutated(MANIFEST.read_text(encoding="utf-8")))
def test_a_damaged_manifest_is_loaded_or_located(data: bytes, tmp_path_factory: pytest.TempPathFactory) -> None:
    folder = tmp_path_factory.mktemp("manifest", numbered=True)
    for document in DOCUMENTS:
        (folder / document.name).touch()
    (folder / "handbook.yaml").write_bytes(data)
    try:
        load_manifest(folder / "handbook.yaml")
    except DiagnosticError as error:
        located(error, "handbook.yaml")
