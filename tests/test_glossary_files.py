"""The glossary as the tools read it (issue 35, items 5 and 6; issue 37, item 6):
translate-toolkit's own TBX reader finds each shipped pair in its two
languages; weblate.json is what Weblate's ``import_json`` takes; a fuzzy
article never blocks the TBX; a malformed glossary is one located line."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest

from build_tools.cli import main
from build_tools.i18n import glossary, glossary_tbx
from build_tools.loader import load_manifest
from conftest import FIXTURES, ROOT, run_handbook

TRANSLATIONS = ROOT / "translations"
MANIFEST = load_manifest(ROOT / "source" / "handbook.yaml")
#: The languages the documents are written in, and the interface's (English).
SOURCES = ("en", "es", "pl", "ru", "sv", "zh_CN")


# --- 35.6: TBX as translate-toolkit reads it ---------------------------------------


@pytest.mark.parametrize("source", SOURCES)
def test_translate_toolkit_reads_each_pair_in_its_two_languages(source: str) -> None:
    from translate.misc.xml_helpers import getXMLlang
    from translate.storage import tbx

    concepts = glossary.load(TRANSLATIONS)
    for target in MANIFEST.languages:
        if target == source:
            assert not glossary_tbx.tbx_path(TRANSLATIONS, source, target).exists()
            continue
        store = tbx.tbxfile.parsefile(str(glossary_tbx.tbx_path(TRANSLATIONS, source, target)))
        wanted = [(c.terms[source].term, c.terms[target].term) for c in concepts]
        assert [(u.source, u.target) for u in store.units] == wanted, (source, target)
        assert {(getXMLlang(u.source_dom), getXMLlang(u.target_dom)) for u in store.units} == {
            (source.replace("_", "-"), target.replace("_", "-"))}
        forbidden = [v.text for c in concepts for v in c.terms[target].forbidden]
        deprecated = [t.text for u in store.units for t in u.get_target_terms() if t.deprecated]
        assert deprecated == forbidden


def test_the_glossary_files_are_up_to_date_and_the_old_one_is_gone() -> None:
    result = run_handbook("i18n", "glossary", "--check")
    assert result.returncode == 0, result.stderr
    assert not (TRANSLATIONS / "glossary.tbx").exists()
    assert len(list((TRANSLATIONS / "glossary").glob("*/*.tbx"))) == len(SOURCES) * (len(MANIFEST.languages) - 1)


# --- 35.6: weblate.json as import_json takes it --------------------------------------
#
# There is no schema of import_json's file in a registry package (weblate-schemas
# holds the component *backup*'s): this is the format as Weblate's documentation
# (docs/admin/management.rst, import_json) and the command describe it. The file
# is a list (or {"results": [...]}, an API dump); each item names a component,
# "name" and "filemask" required; each key a field of the component that the
# command sets (editable, no relation: source_language and project are left out
# as relations); a slug, when missing, is made from the name.

#: The component fields the handbook's file sets, with their types, from the
#: component configuration of Weblate's documentation.
COMPONENT_FIELDS = {
    "name": str, "slug": str, "filemask": str, "file_format": str, "new_lang": str, "language_regex": str,
    "check_flags": str, "enforced_checks": list, "is_glossary": bool, "template": str, "new_base": str,
    "repo": str, "branch": str, "vcs": str, "license": str, "priority": int, "glossary_color": str,
}
#: Weblate's values of new_lang and the file formats the handbook ships.
NEW_LANG = {"contact", "url", "add", "none"}
FILE_FORMATS = {"po", "tbx"}


def import_json_problems(data: object) -> list[str]:
    """What Weblate's import_json would refuse in ``data``, or silently drop."""
    items = data.get("results") if isinstance(data, dict) else data
    if not isinstance(items, list):
        return ["not a list of components"]
    out: list[str] = []
    slugs: set[str] = set()
    for n, item in enumerate(items):
        if not isinstance(item, dict) or "name" not in item or "filemask" not in item:
            out.append(f"{n}: 'name' and 'filemask' are required")
            continue
        for key, value in item.items():
            if key not in COMPONENT_FIELDS:
                out.append(f"{n}: '{key}' is no field import_json sets (it would be dropped)")
            elif not isinstance(value, COMPONENT_FIELDS[key]):
                out.append(f"{n}: '{key}' is a {COMPONENT_FIELDS[key].__name__}")
        slug = item.get("slug", "")
        if slug in slugs:
            out.append(f"{n}: slug '{slug}' twice")
        slugs.add(slug)
        if item.get("new_lang", "add") not in NEW_LANG or item.get("file_format") not in FILE_FORMATS:
            out.append(f"{n}: new_lang or file_format is no value Weblate knows")
    return out


def test_weblate_json_is_a_list_import_json_takes_whole() -> None:
    data = json.loads((TRANSLATIONS / "weblate.json").read_text(encoding="utf-8"))
    assert import_json_problems(data) == []
    # The checker can fail: the settings object of earlier versions, a dropped key.
    assert import_json_problems({"shared": {}, "components": data}) == ["not a list of components"]
    assert import_json_problems([{**data[0], "source_language": "es"}]) == [
        "0: 'source_language' is no field import_json sets (it would be dropped)"]
    assert import_json_problems([{"name": "x"}]) == ["0: 'name' and 'filemask' are required"]


def test_weblate_json_offers_every_language_of_the_manifest_and_a_glossary_per_source() -> None:
    import re

    data = json.loads((TRANSLATIONS / "weblate.json").read_text(encoding="utf-8"))
    for component in data:
        offered = {code for code in ("pl", "en", "ru", "es", "sv", "zh_CN", "de", "fr")
                   if re.fullmatch(component["language_regex"], code)}
        assert offered == set(MANIFEST.languages), component["name"]
    glossaries = [c for c in data if c.get("is_glossary")]
    assert sorted(c["filemask"] for c in glossaries) == [f"translations/glossary/{s}/*.tbx" for s in SOURCES]
    assert all(c["file_format"] == "tbx" for c in glossaries)


# --- 35.5: a fuzzy article blocks no glossary ------------------------------------------


def _mini_glossary(root: Path, concept: str) -> None:
    (root / "translations" / "glossary.yaml").write_text(concept, encoding="utf-8")


GOOD = """\
concepts:
  - id: opening
    article: mini-rules#wstep
    from: a test
    pl: otwarcie
    en: opening
    ru: открытие
    es: apertura
    sv: öppning
    zh_CN: 开叫
"""


def test_a_fuzzy_article_is_written_with_its_last_translation_marked(tmp_path: Path) -> None:
    root = tmp_path / "mini"
    shutil.copytree(FIXTURES / "mini", root)
    _mini_glossary(root, CONCEPT)
    catalog = root / "translations" / "en" / "LC_MESSAGES" / "mini-rules.po"
    text = catalog.read_text(encoding="utf-8")
    assert '\nmsgctxt "wstep"\n' in text
    catalog.write_text(text.replace('\nmsgctxt "wstep"\n', '\n#, fuzzy\nmsgctxt "wstep"\n'), encoding="utf-8")
    args = ["--source", str(root / "source"), "--translations", str(root / "translations")]
    result = run_handbook("i18n", "glossary", *args)
    assert result.returncode == 0, result.stderr
    assert "warning: a definition in en: The translation of this definition is not yet reviewed (fuzzy)." \
        in result.stderr
    written = (root / "translations" / "glossary" / "pl" / "en.tbx").read_text(encoding="utf-8")
    assert "<note>The translation of this definition is not yet reviewed (fuzzy).</note>" in written
    assert run_handbook("i18n", "glossary", "--check", *args).returncode == 0


# --- 37.6: malformed glossaries ----------------------------------------------------------

CONCEPT = "languages: [pl, en]\n" + "".join(
    line for line in GOOD.splitlines(keepends=True) if not line.startswith(("    ru", "    es", "    sv", "    zh")))
CASES = [
    ("concepts: [5]\n", 1, 12, "a concept is a mapping: id, article, from and a term per language"),
    ("[]\n", 1, 1, "the glossary is a mapping with a list 'concepts'"),
    ("concepts: 5\n", 1, 1, "the glossary is a mapping with a list 'concepts'"),
    (GOOD.replace("id: opening", "id: Opening Bid"), 2, 9, "a concept's id is lowercase words joined by hyphens"),
    (GOOD + GOOD.replace("concepts:\n", ""), 11, 9, "concept 'opening' is given twice"),
    (GOOD.replace("    article: mini-rules#wstep\n", ""), 2, 5, "'article' (document#id) is text, not None"),
    (GOOD.replace("mini-rules#wstep", "mini-rules"), 3, 14, "article is document#id, not 'mini-rules'"),
    (GOOD.replace("    ru: открытие\n", ""), 2, 5, "concept 'opening' has no term in ru"),
    (GOOD.replace("en: opening", "en: 5"), 6, 9, "give the term, or a mapping with 'term'"),
    (GOOD.replace("en: opening", "en: [a, b]"), 6, 9, "give the term, or a mapping with 'term'"),
    (GOOD.replace("en: opening", "en: {term: opening, tem: x}"), 6, 9,
     "unknown key tem (a term's keys: term, also, forbidden, match)"),
    (GOOD.replace("en: opening", "en: {term: opening, also: x}"), 6, 31, "a list, not 'x'"),
    (GOOD.replace("en: opening", "en: {term: opening, forbidden: [5]}"), 6, 37,
     "a forbidden variant is a term or {term, match}"),
    (GOOD.replace("en: opening", "en: {term: opening, forbidden: [{match: x}]}"), 6, 37,
     "a forbidden variant is a term or {term, match}"),
    (GOOD.replace("en: opening", "en: {term: opening, match: '('}"), 6, 32,
     "not a regular expression: missing ), unterminated subpattern at position 0"),
    (GOOD.replace("en: opening", "en: {term: opening, match: '([^@]+)+@'}"), 6, 32,
     "a repeat inside a repeat ('(x+)+') can run for ever on a text that almost matches: "
     "write the forms without it"),
    (GOOD.replace("en: opening", 'en: "open\\x01ing"'), 6, 9, "a term is one line, without control characters"),
    (GOOD.replace("zh_CN: 开叫", "zh-CN: 开叫"), 10, 12,
     "'zh-CN' is no language of the glossary (pl, en, ru, es, sv, zh_CN) nor a key of a concept (id, article, from)"),
    (GOOD.replace("    from: a test\n", "    from: [a]\n"), 4, 11, "'from' is text, not ['a']"),
    ("languages: [klingon]\n" + GOOD, 1, 13, "'klingon' is no language code such as pl or zh_CN"),
    (GOOD.replace("    from: a test\n", "    form: a test\n"), 4, 11,
     "'form' is no language of the glossary (pl, en, ru, es, sv, zh_CN) nor a key of a concept (id, article, from)"),
]


@pytest.mark.parametrize(("text", "line", "column", "message"), CASES)
def test_a_malformed_glossary_is_one_located_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                  text: str, line: int, column: int, message: str) -> None:
    root = tmp_path / "mini"
    shutil.copytree(FIXTURES / "mini", root)
    _mini_glossary(root, text)
    args = ["--source", str(root / "source"), "--translations", str(root / "translations")]
    shown = f"{root / 'translations' / 'glossary.yaml'}:{line}:{column}: error: {message}"
    for command in (["glossary"], ["check"]):
        capsys.readouterr()
        started = time.monotonic()
        assert main(["i18n", *command, *args]) == 1
        assert time.monotonic() - started < 60  # no pattern runs for ever
        errors = [e for e in capsys.readouterr().err.splitlines() if ": error: " in e]
        assert errors == [shown], command


def test_yaml_errors_of_the_glossary_are_located_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "mini"
    shutil.copytree(FIXTURES / "mini", root)
    args = ["--source", str(root / "source"), "--translations", str(root / "translations")]
    for text in ("concepts: [\n", "concepts:\n  - &a {id: x}\n  - *a\n", ""):
        _mini_glossary(root, text)
        assert main(["i18n", "glossary", *args]) == 1
        err = capsys.readouterr().err
        assert err.startswith(f"{root / 'translations' / 'glossary.yaml'}:") and "Traceback" not in err, err


def test_no_character_makes_a_tbx_file_invalid_xml() -> None:
    import xml.etree.ElementTree as ET

    strange = "".join(chr(c) for c in range(32)) + "<&>\"'\ufffe\uffff\x7f"
    concepts = glossary.parse({"concepts": [{
        "id": "x", "article": "d#x", "from": "f", "pl": "a", "en": "b", "ru": "c", "es": "d", "sv": "e",
        "zh_CN": "f"}]})
    definitions = {("d#x", lang): glossary_tbx.Definition(f"{lang} {strange}", strange) for lang in ("pl", "en")}
    root = ET.fromstring(glossary_tbx.tbx(concepts, definitions, "pl", "en").encode("utf-8"))
    assert "<&>\"'" in "".join(root.itertext())
