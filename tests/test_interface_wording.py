"""Issue 35 item 9: what the review of the pl/es/sv interface catalogs mended
stays mended. Each check reads the catalog itself, the way a reviewer reads it."""
from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parent.parent


def entries(lang: str) -> list[polib.POEntry]:
    po = polib.pofile(str(ROOT / "translations" / lang / "LC_MESSAGES" / "handbook.po"))
    return [e for e in po if e.translated() and not e.obsolete]


def texts(entry: polib.POEntry) -> list[str]:
    return [entry.msgstr] if entry.msgstr else list(entry.msgstr_plural.values())


@pytest.mark.parametrize("lang", ["pl", "es", "sv"])
def test_no_english_word_in_brackets(lang: str) -> None:
    """'wybrany wariant (leaf)': the English is not glossed beside the translation."""
    found = [t for e in entries(lang) for t in texts(e) if re.search(r"(?<!%)\((leaf|default|type)\)", t)]
    assert found == []


def test_polish_keeps_wariant_for_a_leaf() -> None:
    """PZBS glossary: a leaf is 'wariant'; a call of several types has several
    'znaczenia', so the Ask page does not use one word for both."""
    for e in entries("pl"):
        if re.search(r"\btypes?\b", e.msgid, re.I):
            assert not any(re.search(r"wariant", t, re.I) for t in texts(e)), e.msgid
    leaf = {e.msgid: e.msgstr for e in entries("pl") if e.msgid == "leaf"}
    assert leaf == {"leaf": "wariant"}


def test_spanish_says_unbid_one_way() -> None:
    """'unbid suit' is 'palo no nombrado' wherever the interface says it."""
    words = {m for e in entries("es") if "unbid" in e.msgid for t in texts(e)
             for m in re.findall(r"no (nombrad\w*|subastad\w*|mencionad\w*)", t)}
    assert words == {"nombrado"}


def test_swedish_default_badge_is_swedish() -> None:
    assert {e.msgstr for e in entries("sv") if e.msgid == "default" and not e.msgctxt} == {"standard"}
