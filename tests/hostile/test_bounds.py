"""The bounds on both sides: what is just inside them builds, on the page and
in print (what is just outside is refused, see test_inputs.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from build_tools.loader import MAX_FILE_BYTES, MAX_LIST_DEPTH, load_document
from conftest import FIXTURES, run_handbook
from test_inputs import nested_points


def deepest(tmp_path: Path) -> Path:
    """The fixture with points nested as deep as allowed, the fifth holding an
    example and a definition (each a list of its own in print)."""
    root = tmp_path / "deep"
    shutil.copytree(FIXTURES / "mini", root)
    lines = nested_points(MAX_LIST_DEPTH).splitlines()
    fifth = next(n for n, line in enumerate(lines) if line.strip() == f"- point: p{MAX_LIST_DEPTH - 1}")
    indent = " " * (6 + 4 * (MAX_LIST_DEPTH - 2)) + "  "
    lines[fifth + 2:fifth + 2] = [
        f"{indent}body:", f"{indent}  - example: deep-example", f"{indent}    auction: 1♦ (1♥) 1♠",
        f"{indent}  - definition: deep-definition", f"{indent}    term: Termin", f"{indent}    text: Definicja",
    ]
    path = root / "source" / "mini-rules.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  - paragraph: wstep\n", "\n".join(lines) + "\n  - paragraph: wstep\n"),
                    encoding="utf-8")
    return root


def test_the_deepest_nesting_allowed_validates(tmp_path: Path) -> None:
    document = load_document(deepest(tmp_path) / "source" / "mini-rules.yaml")
    assert {"p6", "deep-example", "deep-definition"} <= set(document.ids())


@pytest.mark.tex
def test_the_deepest_nesting_allowed_prints(tmp_path: Path) -> None:
    root = deepest(tmp_path)
    result = run_handbook("build", "--pdf", "-l", "pl", "--source", str(root / "source"),
                          "--translations", str(root / "translations"), "--build-dir", str(root / "build"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert (root / "build" / "pdf" / "mini-handbook-pl-a4.pdf").read_bytes()[:5] == b"%PDF-"


def test_a_file_just_under_the_size_limit_loads(tmp_path: Path) -> None:
    path = tmp_path / "mini-rules.yaml"
    text = (FIXTURES / "mini" / "source" / "mini-rules.yaml").read_bytes()
    padding = MAX_FILE_BYTES - len(text) - 1
    path.write_bytes(text + b"#" + b"x" * padding)
    assert path.stat().st_size == MAX_FILE_BYTES
    assert load_document(path).id == "mini-rules"


def test_a_catalog_past_the_size_limit_is_refused_at_its_line(tmp_path: Path) -> None:
    from build_tools.diagnostics import DiagnosticError
    from build_tools.i18n import read_catalog

    path = tmp_path / "big.po"
    entry = b'msgctxt "x"\nmsgid "a"\nmsgstr "' + b"b" * 1000 + b'"\n\n'
    path.write_bytes(entry * (MAX_FILE_BYTES // len(entry) + 1))
    with pytest.raises(DiagnosticError) as caught:
        read_catalog(path)
    (diagnostic,) = caught.value.diagnostics
    # The limit falls in the msgstr line (the third) of the entry after the last whole one.
    whole = MAX_FILE_BYTES // len(entry)
    assert MAX_FILE_BYTES - whole * len(entry) > len(b'msgctxt "x"\nmsgid "a"\nmsgstr "')
    assert (diagnostic.line, diagnostic.message) == (4 * whole + 3, "catalog is larger than the limit of 2 MiB")
