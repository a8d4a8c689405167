"""Sphinx's Chinese search with a stemmer that exists in the browser (see
:mod:`build_tools.sphinxext.search`); a module of its own because importing
Sphinx's Chinese search loads jieba, which only a Chinese build needs."""

from __future__ import annotations

from pathlib import Path

import sphinx
from sphinx.search.zh import SearchChinese as _SphinxChinese

_STEMMERS = Path(sphinx.__file__).parent / "search" / "minified-js"


def _english_stemmer_js() -> str:
    return "\n".join((
        (_STEMMERS / "base-stemmer.js").read_text(encoding="utf-8"),
        (_STEMMERS / "english-stemmer.js").read_text(encoding="utf-8"),
        "window.Stemmer = EnglishStemmer;",
    ))


class SearchChinese(_SphinxChinese):
    """Sphinx's Chinese search with a stemmer that exists in the browser."""

    js_stemmer_rawcode = ""  # the stemmer is inlined in language_data.js instead
    js_stemmer_code = _english_stemmer_js()
