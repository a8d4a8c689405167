"""Property tests behave the same on every machine: a loaded CI runner fails
none of them for being slow (hypothesis's too_slow health check and its
deadline measure the machine), and each run draws the same examples."""

from __future__ import annotations

from hypothesis import HealthCheck, settings


def test_the_profile_measures_nothing_of_the_machine() -> None:
    assert settings.default.deadline is None
    assert HealthCheck.too_slow in settings.default.suppress_health_check


def test_the_profile_draws_the_same_examples_every_run() -> None:
    assert settings.default.derandomize is True
    assert settings.default.database is None
