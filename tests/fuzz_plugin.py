"""``make fuzz``: the suite's property tests, exploring new inputs.

CI runs every property test derandomized (the same examples on every run, see
the profile in ``conftest.py``), so a run never fails for an input no earlier
run drew, and never finds one either. This plugin (``pytest -p fuzz_plugin``)
runs the same tests with a random seed, ``FUZZ_FACTOR`` times the examples
each asks for (default 10), and hypothesis's example database in
``.hypothesis/`` (ignored by git): an input that failed once is tried first
on every later run until it passes. Only the property tests are collected.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import hypothesis
import pytest
from hypothesis import settings
from hypothesis.database import DirectoryBasedExampleDatabase

ROOT = Path(__file__).resolve().parent.parent
FACTOR = int(os.environ.get("FUZZ_FACTOR", "10"))
DATABASE = DirectoryBasedExampleDatabase(os.environ.get("FUZZ_DATABASE", str(ROOT / ".hypothesis" / "examples")))


def fuzzed(given: settings) -> settings:
    """``given`` with a random seed, ``FACTOR`` times its examples and the database."""
    return settings(given, max_examples=given.max_examples * FACTOR, derandomize=False, database=DATABASE)


_apply: Callable[[settings, Any], Any] = settings.__call__


def _apply_fuzzed(self: settings, test: Any) -> Any:
    # A test's own @settings (its budget, derandomize=True, database=None)
    # would override any profile: every one is widened as it is applied,
    # those of a property defined inside a test included.
    return _apply(fuzzed(self), test)


def pytest_configure(config: pytest.Config) -> None:
    # After conftest.py has loaded the suite's profile: its health checks and
    # deadline stay, the draws become random.
    settings.register_profile("fuzz", fuzzed(settings.default))
    settings.load_profile("fuzz")
    settings.__call__ = _apply_fuzzed  # type: ignore[method-assign]


def _is_property(item: pytest.Item) -> bool:
    function = getattr(item, "obj", None)
    if getattr(function, "is_hypothesis_test", False):
        return True
    # A property defined inside a test, or a search with hypothesis.find.
    module = getattr(item, "module", None)
    if not any(getattr(module, name, None) is getattr(hypothesis, name) for name in ("given", "find")):
        return False
    try:
        source = inspect.getsource(function)  # type: ignore[arg-type]
    except (OSError, TypeError):
        return False
    return "@given(" in source or "find(" in source


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    kept = [item for item in items if _is_property(item)]
    config.hook.pytest_deselected(items=[item for item in items if item not in kept])
    items[:] = kept
