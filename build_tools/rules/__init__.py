"""Regulations as executable rules: the meaning vocabulary
(:mod:`~build_tools.rules.vocabulary`), the facts of a query's auction
(:mod:`~build_tools.rules.situation`), conditions over a fixed registry of
predicates (:mod:`~build_tools.rules.conditions`), rules and verdicts
(:mod:`~build_tools.rules.engine`), and their reading from YAML
(:mod:`~build_tools.rules.query`). The package imports the rule model
(:mod:`build_tools.bridge`), never the pipeline, and nothing outside the
standard library.

The predicates of the regulations live in their own modules and register
themselves in :data:`~build_tools.rules.conditions.PREDICATES` when imported:
they are imported here, so that whichever module of the package is imported
first, a condition may name every predicate.
"""

from . import alerting, hands, positions, systems  # noqa: F401  (registration)
