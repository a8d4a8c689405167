"""Sphinx configuration shared by every language of the handbook.

Each language is built by its own ``sphinx-build`` process from
``build/myst/<lang>/``; the language comes from the ``HANDBOOK_LANGUAGE``
environment variable (``handbook build`` sets it). For LaTeX, ``HANDBOOK_PAPER``
(``a4`` or ``a5``) chooses the paper, ``HANDBOOK_BOOK=0`` leaves the whole book
out, and ``HANDBOOK_LATEX_DOCUMENTS`` (JSON: ``[[page, file name, title], ...]``)
adds one .tex per document, so that one Sphinx run writes them all; their title
pages say who issued each document and which edition
(``build_tools.sphinxext.titlepage``). Sphinx's ``language`` is used
only for its own interface strings, search and hyphenation: the content is
translated before it reaches Sphinx.
"""

from __future__ import annotations

import html
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

from sphinx.util import texescape as _texescape  # noqa: E402

from build_tools.loader import MANIFEST_NAME, load_manifest  # noqa: E402
from build_tools.sphinxext import languages as _languages  # noqa: E402
from build_tools.sphinxext import search as _search  # noqa: E402
from build_tools import dates as _dates  # noqa: E402
from build_tools.sphinxext import titlepage as _titlepage  # noqa: E402
from build_tools.sphinxext.latex import latex_elements_for  # noqa: E402

manifest = load_manifest(Path(os.environ.get("HANDBOOK_SOURCE", ROOT / "source")) / MANIFEST_NAME)
handbook_language = os.environ.get("HANDBOOK_LANGUAGE", manifest.languages[0])
handbook_languages = list(manifest.languages)
# The A4 book, linked under the language switcher of every page.
handbook_pdf = f"{manifest.id}-{handbook_language}-a4.pdf"

project = manifest.title(handbook_language)
language = handbook_language
root_doc = "index"

extensions = ["myst_parser", "build_tools.sphinxext", "build_tools.sphinxext.titlepage"]
myst_enable_extensions = ["colon_fence", "deflist"]
# Content is plain text escaped by the renderer; raw HTML has no way in.
myst_disable_syntax = ["html_block", "html_inline"]
# A regulation's text comes out as written: no curly or localised quotation marks,
# dashes or ellipses of Sphinx's making ("knows" must not become „knows" in pl).
smartquotes = False
# [PDF](hb-pdf:<file>) links a published PDF from a page (the index): the PDFs sit
# beside the language folders of the site, which Sphinx does not see.
myst_url_schemes = {
    "http": None, "https": None, "mailto": None, "ftp": None,
    "hb-pdf": {"url": "../pdf/{{path}}", "classes": ["hb-pdf-link"]},
}

# --- HTML -----------------------------------------------------------------
html_theme = "furo"
# The theme writes the title into the page as it is: it must be HTML already.
html_title = html.escape(project)
html_static_path = [str(_languages.STATIC)]
html_css_files = ["handbook.css"]
# The language switcher carries the page's anchor to the other language; a
# search result at an empty anchor is summarised by what holds it.
html_js_files = ["hb-languages.js", "hb-search-summary.js"]
html_favicon = str(_languages.STATIC / "favicon.svg")
# Chinese words are cut by jieba, which knows the bridge terms of this dictionary
# (the search page looks a query up whole: 约定叫 must be a word of the index).
if handbook_language.startswith("zh"):
    html_search_options = {"dict": str(_search.ZH_DICT)}
templates_path = [str(_languages.TEMPLATES)]
html_sidebars = {
    "**": [
        "sidebar/brand.html",
        "sidebar/hb-languages.html",
        "sidebar/search.html",
        "sidebar/scroll-start.html",
        "sidebar/navigation.html",
        "sidebar/scroll-end.html",
    ]
}
html_show_sphinx = False
html_show_copyright = False
html_copy_source = False
html_last_updated_fmt = None

# --- LaTeX / PDF ----------------------------------------------------------
latex_engine = "xelatex"
latex_use_xindy = False
# Sphinx writes a document's title into the LaTeX as it is: it must be LaTeX already.
_texescape.init()
handbook_paper = os.environ.get("HANDBOOK_PAPER", "a4")
# Every book says its paper (<handbook>-<lang>-a4, -a5). The author of each entry
# is left empty: the titlepage extension fills it with the title page's words.
_book = f"{manifest.id}-{handbook_language}-{handbook_paper}"
latex_documents = [
    *([("index", f"{_book}.tex", _texescape.escape(project, "xelatex"), "", "manual")]
      if os.environ.get("HANDBOOK_BOOK", "1") != "0" else []),
    *[(page, f"{name}.tex", _texescape.escape(title, "xelatex"), "", "manual")
      for page, name, title in json.loads(os.environ.get("HANDBOOK_LATEX_DOCUMENTS", "[]"))],
]
latex_elements = latex_elements_for(handbook_language, handbook_paper)
latex_elements["preamble"] += _titlepage.PREAMBLE
latex_elements["maketitle"] = _titlepage.MAKETITLE
# Dates as each language writes them in full on a title page ("1 grudnia 2026",
# "2026年12月1日"): CLDR's long form, through Babel, never zero-padded.
today = _dates.long_date(handbook_language, _titlepage.build_day())
latex_show_urls = "no"
latex_domain_indices = False
