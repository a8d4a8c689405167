"""Text is never markup, in interface strings as anywhere: a translator may
write any punctuation in any of them (a '|' in "No alert" once broke the
whole language, 99 Sphinx errors), and the pages still build, showing it."""

from __future__ import annotations

import html
import re
import string
from pathlib import Path

import polib

from conftest import ROOT, mini_with_rule, run_handbook

# An example whose verdict, under the rule of 'otwarcie-1ba', is a badge.
EXAMPLE = """\
            body:
              - example: przyklad-1ba-15-17
                editorial: true
                auction: 1BA
                view: partnership
                meaning: {natural: true, hcp: 15-17}
                expect: {alert: "no"}
"""


#: Every punctuation mark but those 'i18n check' calls an error in an interface
#: translation the English has not (a stray '%', a brace or a backslash, which
#: LaTeX reads as markup): such a translation is not published at all (its
#: English is shown, tests/hostile/test_translator_inputs.py).
PUNCTUATION = string.punctuation.translate(str.maketrans("", "", "%{}\\"))


def test_every_punctuation_mark_in_every_interface_string_builds(tmp_path: Path) -> None:
    root = mini_with_rule(tmp_path / "handbook", EXAMPLE)
    catalog = polib.pofile(str(ROOT / "translations" / "pl" / "LC_MESSAGES" / "handbook.po"))
    for entry in catalog:
        # After the original, so that its placeholders stay as they were.
        entry.msgstr = entry.msgid + " " + PUNCTUATION
        entry.flags = [flag for flag in entry.flags if flag != "fuzzy"]
    (root / "translations" / "pl" / "LC_MESSAGES").mkdir(parents=True, exist_ok=True)
    catalog.save(str(root / "translations" / "pl" / "LC_MESSAGES" / "handbook.po"))
    result = run_handbook("build", "--html", "-l", "pl", "--strict", "--source", str(root / "source"),
                          "--translations", str(root / "translations"), "--build-dir", str(tmp_path / "build"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "WARNING" not in result.stdout + result.stderr
    page = (tmp_path / "build" / "site" / "pl" / "mini-rules.html").read_text(encoding="utf-8")
    badge = re.search(r'<span class="hb-verdict hb-verdict-permitted"><a class="reference internal" '
                      r'href="#otwarcie-1ba"><span class="std std-ref">([^<]+)</span></a></span>', page)
    assert badge is not None, page
    assert html.unescape(badge.group(1)) == "No alert " + PUNCTUATION
