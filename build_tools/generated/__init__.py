"""Blocks the handbook generates from a document's rules and examples, one
module per family, as sphinx-design keeps one module per directive family.

Each family module holds everything of its kind together:

* its fields (frozen dataclasses) and its **builder**, a function from the
  document, translated, to the family's blocks;
* :func:`texts`, the one function naming the translatable texts it holds (the
  generic walker of :mod:`build_tools.document` asks it; a generated block
  holds none of its own: every word is the document's, already translated, or
  an interface word of its template);
* the name of its **template macro** (``MACRO``, a file of
  ``build_tools/templates/``, where the interface words are extracted from);
* its **directive, roles and nodes** with HTML and LaTeX visitors, and the
  ``setup_<family>(app)`` the Sphinx extension calls.

The families: :mod:`.quickref` (a table per question of every sequence the
examples name, its verdict and article), :mod:`.callindex` (the index of calls
and conventions) and :mod:`.butsee` ("but see" notes beside an article that an
exception overrides). :mod:`.articles` is what they share: how an article is
named and referred to (a link on the site, a page number in print).
"""

from __future__ import annotations

from typing import Any


def texts(block: Any) -> tuple[()]:
    """The translatable texts of a generated block: none (see the module's docstring)."""
    return ()
