"""Regulations as executable rules: the meaning vocabulary
(:mod:`~build_tools.rules.vocabulary`), the facts of a query's auction
(:mod:`~build_tools.rules.situation`), conditions over a fixed registry of
predicates (:mod:`~build_tools.rules.conditions`), rules and verdicts
(:mod:`~build_tools.rules.engine`), and their reading from YAML
(:mod:`~build_tools.rules.query`). The package imports the rule model
(:mod:`build_tools.bridge`), never the pipeline.
"""
