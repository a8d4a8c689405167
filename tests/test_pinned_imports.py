"""A test never skips for want of a package the project pins: CI installs
every one of them, so a missing one must fail the run, not pass it quietly
(``pytest.importorskip`` turned a missing pypdf into skipped book tests)."""

from __future__ import annotations

import re

from conftest import ROOT

_SKIP = re.compile(r"""importorskip\(\s*["']([A-Za-z0-9_.]+)["']""")


def pinned() -> set[str]:
    """The import names of the packages of ``requirements.txt`` (lower case,
    ``-`` as ``_``: ``PyYAML`` is imported as ``yaml``, which is no matter
    here: a pinned package's own name is what a test would skip on)."""
    names = set()
    for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if "==" in line:
            names.add(line.split("==", 1)[0].strip().lower().replace("-", "_"))
    return names


def test_the_pins_are_read() -> None:
    assert {"pypdf", "hypothesis", "playwright"} <= pinned()


def test_no_test_skips_for_a_pinned_package() -> None:
    packages = pinned()
    found = [(str(path.relative_to(ROOT)), name)
             for path in sorted((ROOT / "tests").rglob("*.py")) if path.name != "test_pinned_imports.py"
             for name in _SKIP.findall(path.read_text(encoding="utf-8"))
             if name.split(".")[0].lower() in packages]
    assert found == []
