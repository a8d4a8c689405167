"""The engine's inputs compiled from their YAML: the standard questions and
conventions (``build_tools/rules/standard.json``) and, at build time, one
rulebook per document (:mod:`build_tools.rules.rulebook`).

The engine (:mod:`build_tools.bridge`, :mod:`build_tools.rules`) reads JSON
only, with the standard library, so that the same code answers in the
browser; reading YAML, with its positions and diagnostics, is this layer's.

    python -m build_tools.rulebooks --standard    # after an edit of questions.yaml or conventions.yaml
"""

from __future__ import annotations

import json
import sys
from typing import Any

import yaml

from build_tools.rules.registry import CONVENTIONS_FILE, STANDARD_FILE, STANDARD_JSON


def standard_data() -> dict[str, Any]:
    """The standard questions and conventions as their YAML files compose them."""
    data: dict[str, Any] = {}
    for path in (STANDARD_FILE, CONVENTIONS_FILE):
        data.update(yaml.safe_load(path.read_text(encoding="utf-8")))
    return data


def standard_json() -> str:
    """:func:`standard_data` as the text of :data:`~build_tools.rules.registry.STANDARD_JSON`."""
    return json.dumps(standard_data(), ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str]) -> int:
    if argv != ["--standard"]:
        print("usage: python -m build_tools.rulebooks --standard", file=sys.stderr)
        return 2
    STANDARD_JSON.write_text(standard_json(), encoding="utf-8")
    print(f"wrote {STANDARD_JSON.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
