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


def with_leaves(root: Path, point: str, where: str) -> Path:
    """The fixture ``root`` with alternatives (a bullet list in print) added to
    ``point``: on the point itself (``where="point"``) or on a paragraph in its
    body (``"body"``)."""
    path = root / "source" / "mini-rules.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    at = next(n for n, line in enumerate(lines) if line.strip() == f"- point: {point}")
    indent = lines[at][:len(lines[at]) - len(lines[at].lstrip())] + "  "
    added = ([f"{indent}leaves: [Wariant]"] if where == "point" else
             [f"{indent}body:", f"{indent}  - paragraph: deep-leaves", f"{indent}    text: Uzgodnienie",
              f"{indent}    leaves: [Wariant]"])
    lines[at + 2:at + 2] = added
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_the_deepest_nesting_allowed_validates(tmp_path: Path) -> None:
    document = load_document(with_leaves(deepest(tmp_path), f"p{MAX_LIST_DEPTH - 1}", "point"))
    assert {"p6", "deep-example", "deep-definition"} <= set(document.ids())


@pytest.mark.parametrize("where", ["point", "body"])
def test_alternatives_one_list_too_deep_are_refused(tmp_path: Path, where: str) -> None:
    # Alternatives print as a bullet list inside the point: on the deepest point
    # allowed, or on a paragraph inside it, they are a seventh LaTeX list
    # ("Too deeply nested"). The loader counted examples and definitions only.
    from build_tools.diagnostics import DiagnosticError

    path = with_leaves(deepest(tmp_path), f"p{MAX_LIST_DEPTH}", where)
    with pytest.raises(DiagnosticError) as caught:
        load_document(path)
    assert "alternatives nested more than 6 deep" in str(caught.value)


@pytest.mark.tex
def test_the_deepest_nesting_allowed_prints(tmp_path: Path) -> None:
    root = deepest(tmp_path)
    with_leaves(root, f"p{MAX_LIST_DEPTH - 1}", "point")
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
