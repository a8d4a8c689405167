"""Regulations as executable rules: the meaning vocabulary
(:mod:`~build_tools.rules.vocabulary`), the facts of a query's auction
(:mod:`~build_tools.rules.situation`), conditions over a registry of
declared predicates (:mod:`~build_tools.rules.predicates`,
:mod:`~build_tools.rules.declarations`), rules and verdicts
(:mod:`~build_tools.rules.engine`), and their reading from YAML
(:mod:`~build_tools.rules.query`). The package imports the rule model
(:mod:`build_tools.bridge`), never the pipeline, and nothing outside the
standard library.

The predicates of the regulations live in modules of their own and register
themselves in :data:`~build_tools.rules.predicates.PREDICATES` when imported.
The package imports every module it holds, whatever its name, so that
whichever module is imported first, a condition may name every predicate,
and a predicate in a new module is registered without being named anywhere.
"""

import importlib as _importlib
import pkgutil as _pkgutil

for _module in sorted(_info.name for _info in _pkgutil.iter_modules(__path__)):
    _importlib.import_module(f"{__name__}.{_module}")
