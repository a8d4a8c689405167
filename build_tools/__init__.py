"""The bridge regulation handbook pipeline.

Stages, each a module with one public function, talking through the typed model:
load (:mod:`build_tools.loader`) -> check -> translate (:mod:`build_tools.i18n`)
-> render (:mod:`build_tools.render`) -> build (:mod:`build_tools.build`) -> publish.
The rule model (:mod:`build_tools.bridge`) imports nothing of the pipeline.
"""

__version__ = "0.1.0"
