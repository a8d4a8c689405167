"""The editions' nodes in print (build_tools/sphinxext/editions.py): the
shipped documents have no earlier edition and earlier editions are on the
site only, so no book build runs the banner's LaTeX visitor; a page holding
one goes through Sphinx's LaTeX writer here, as a book's page would."""

from __future__ import annotations

import io
import re
from pathlib import Path

from sphinx.application import Sphinx

CONF = '''
extensions = ["myst_parser"]
myst_enable_extensions = ["colon_fence"]
latex_documents = [("index", "book.tex", "Book", "", "manual")]


def setup(app):
    from build_tools.sphinxext.editions import setup_editions

    setup_editions(app)
'''

PAGE = '''# Trial rules

:::{hb-edition-banner}
This is edition 2024, superseded.
:::

The first article.
'''


def test_the_banner_is_a_framed_paragraph_in_print(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "conf.py").write_text(CONF, encoding="utf-8")
    (tmp_path / "src" / "index.md").write_text(PAGE, encoding="utf-8")
    warnings = io.StringIO()
    app = Sphinx(str(tmp_path / "src"), str(tmp_path / "src"), str(tmp_path / "out"), str(tmp_path / "doctrees"),
                 "latex", status=None, warning=warnings, freshenv=True)
    app.build()
    assert not warnings.getvalue(), warnings.getvalue()
    tex = (tmp_path / "out" / "book.tex").read_text(encoding="utf-8")
    # The banner's words inside a box the width of the text, closed before the first article.
    found = re.search(r"\\fbox\{\\begin\{minipage\}\{\\dimexpr\\linewidth-2\\fboxsep-2\\fboxrule\}\\small\s*"
                      r"(.*?)\\end\{minipage\}\}\\par", tex, re.S)
    assert found, tex
    assert "This is edition 2024, superseded." in found.group(1)
    assert "first article" not in found.group(1) and "first article" in tex[found.end():]
