"""The Ask page as the build writes it (build_tools/templates/ask.md.j2,
build_tools/sphinxext/ask.py): one per language, in that language's words;
its meaning fields generated from the meaning vocabulary, one per key; linked
at the top of every other page and, preset, from each document that has
rules; a translator's markup shown as text."""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

import polib
import pytest

from build_tools.pipeline import load_handbook
from build_tools.rules.vocabulary import KEYS
from build_tools.sphinxext import ask
from build_tools.verdicts import rules_of
from conftest import FIXTURES, ROOT, mini_with_rule, run_handbook

HANDBOOK = load_handbook(ROOT / "source", ROOT / "translations")
LANGUAGES = list(HANDBOOK.manifest.languages)
WITH_RULES = [d.id for d in HANDBOOK.documents if rules_of(d)]


def translated(language: str, text: str, context: str = "ask") -> str:
    """``text``'s translation in the language's interface catalog (English: itself)."""
    if language == "en":
        return text
    catalog = polib.pofile(str(ROOT / "translations" / language / "LC_MESSAGES" / "handbook.po"))
    entry = catalog.find(text, msgctxt=context)
    assert entry is not None and entry.msgstr and not entry.fuzzy, f"{language}: {text!r} is not translated"
    return entry.msgstr


def page(site: Path, language: str, name: str) -> str:
    return (site / language / name).read_text(encoding="utf-8")


def test_the_form_has_a_field_for_every_key_of_the_vocabulary() -> None:
    from build_tools.meaning_text import english_words

    words = {f"field:{key}": key for key in KEYS} | {"field:two-suiter:min": "m", "field:two-suiter:suits": "s"}
    assert [f["key"] for f in ask.meaning_fields(words, english_words(), [])] == list(KEYS)


def test_a_key_of_the_vocabulary_without_a_field_fails_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    from build_tools.meaning_text import english_words
    from build_tools.rules import vocabulary

    monkeypatch.setattr(vocabulary, "KEYS", (*KEYS, "new-key"))
    words = {f"field:{key}": key for key in (*KEYS, "new-key")} | {"field:two-suiter:min": "m",
                                                                 "field:two-suiter:suits": "s"}
    with pytest.raises(ask.MissingWords, match="'new-key' has no kind of field"):
        ask.meaning_fields(words, english_words(), [])


def test_a_field_without_words_fails_the_page() -> None:
    from build_tools.meaning_text import english_words

    words = {f"field:{key}": key for key in KEYS if key != "stopper"} | {"field:two-suiter:min": "m",
                                                                        "field:two-suiter:suits": "s"}
    with pytest.raises(ask.MissingWords, match="'field:stopper'"):
        ask.meaning_fields(words, english_words(), [])
    meaning = {k: v for k, v in english_words().items() if k != "strength:preemptive"}
    with pytest.raises(ask.MissingWords, match="'strength:preemptive'"):
        ask.meaning_fields({**words, "field:stopper": "s"}, meaning, [])


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_has_its_ask_page_in_its_words(real_site: Path, language: str) -> None:
    text = page(real_site, language, "ask.html")
    title = translated(language, "Ask the rules")
    assert re.search(r"<h1>" + re.escape(html.escape(title, quote=False)), text)
    for word in ("Auction", "Bidding box", "Check a convention card", "Ask"):
        assert html.escape(translated(language, word)) in text
    form = text[text.index('id="hb-ask-types"'):text.index('id="hb-ask-add-type"')]
    keys = re.findall(r'data-key="([a-z-]+)"', form)
    assert sorted(keys) == sorted(KEYS)
    # The meaning's commonest keys first, in the vocabulary's order; the others folded under them.
    assert keys[:len(ask.FIRST_KEYS)] == [key for key in KEYS if key in ask.FIRST_KEYS]
    # The documents asked, each named as the reader's pages name it.
    options = re.findall(r'<option value="([a-z0-9-]+)" lang="[A-Za-z-]+">', text)
    assert options == WITH_RULES
    data = json.loads(html.unescape(re.search(r'<script type="application/json" id="hb-ask-data">(.*?)</script>',
                                              text, re.S).group(1)))
    assert data["language"] == language and data["words"]["title"] == title



@pytest.mark.parametrize("language", LANGUAGES)
def test_every_fact_an_answer_can_miss_is_named_in_the_readers_words(real_site: Path, language: str) -> None:
    """A verdict that depends lists the facts it needs by the names the
    engine gives them (``unknown("...")`` in build_tools/rules): the page
    has words for each, in its language, and not the engine's id."""
    names = {name for module in (ROOT / "build_tools" / "rules").rglob("*.py")
             for name in re.findall(r'unknown\("([a-z-]+)"', module.read_text(encoding="utf-8"))}
    assert {"hand", "system", "told-apart"} <= names
    text = page(real_site, language, "ask.html")
    words = json.loads(html.unescape(re.search(r'<script type="application/json" id="hb-ask-data">(.*?)</script>',
                                               text, re.S).group(1)))["words"]
    missing = sorted(name for name in names if not (words.get(f"field:{name}") or words.get(name)))
    assert missing == []
    assert words["told-apart"] == translated(language, "Whether the card's later calls tell the weakest hands apart")

@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_links_the_ask_page_and_each_document_presets_it(real_site: Path, language: str) -> None:
    title = html.escape(translated(language, "Ask the rules"))
    for name in ["index.html", *(f"{d.id}.html" for d in HANDBOOK.documents)]:
        assert f'<p class="hb-ask-top"><a href="ask.html">{title}</a></p>' in page(real_site, language, name), name
    assert 'class="hb-ask-top"' not in page(real_site, language, "ask.html")
    for document in HANDBOOK.documents:
        links = re.findall(r'href="ask\.html\?document=([a-z0-9-]+)"', page(real_site, language, f"{document.id}.html"))
        assert links == ([document.id] if document.id in WITH_RULES else []), document.id


def test_the_site_holds_the_engine_the_page_loads(real_site: Path) -> None:
    manifest = json.loads((real_site / "_engine" / "ask.json").read_text(encoding="utf-8"))
    assert (real_site / "hb-ask-sw.js").is_file()
    for name in (manifest["engine"], manifest["yaml"], manifest["cards"],
                 *(manifest["pyodide"] + f for f in manifest["pyodideFiles"])):
        assert (real_site / "_engine" / name).is_file(), name
    for document, address in manifest["rulebooks"].items():
        assert (real_site / "en" / address.split("?")[0]).resolve() == (real_site / "_rules" / f"{document}.json").resolve()


def test_a_translators_markup_on_the_ask_page_is_text(tmp_path: Path) -> None:
    root = mini_with_rule(tmp_path / "mini")
    catalog = polib.POFile()
    catalog.metadata = {"Content-Type": "text/plain; charset=UTF-8", "Language": "pl"}
    hostile = '<script>alert(1)</script> & `x` *y* [z](http://e)'
    for text in ("Ask the rules", "Auction", "Regulation"):
        catalog.append(polib.POEntry(msgctxt="ask", msgid=text, msgstr=f"{hostile} {text}"))
    # A brace the English lacks is refused whole (build_tools.i18n.interface):
    # the page shows that string in English.
    catalog.append(polib.POEntry(msgctxt="ask", msgid="Vulnerability", msgstr="{raw}`<b>x</b>` Założenia"))
    (root / "translations" / "pl" / "LC_MESSAGES").mkdir(parents=True, exist_ok=True)
    catalog.save(str(root / "translations" / "pl" / "LC_MESSAGES" / "handbook.po"))
    build = tmp_path / "build"
    done = run_handbook("build", "--html", "-l", "pl", "--source", str(root / "source"),
                        "--translations", str(root / "translations"), "--build-dir", str(build))
    assert done.returncode == 0, done.stdout + done.stderr
    text = (build / "site" / "pl" / "ask.html").read_text(encoding="utf-8")
    assert "<script>alert(1)" not in text
    # The title (MyST, escaped by the render stage) and a label of the form
    # (escaped by the page template) show the markup as text.
    assert re.search(r"<h1>&lt;script&gt;alert\(1\)&lt;/script&gt; &amp; `x` \*y\* \[z\]\(http://e\) Ask the rules", text)
    assert html.escape(f"{hostile} Auction") in text
    assert "Założenia" not in text and '"vulnerable": "Vulnerability"' in text
    top = '<p class="hb-ask-top"><a href="ask.html">' + html.escape(f"{hostile} Ask the rules") + "</a></p>"
    assert top in (build / "site" / "pl" / "mini-rules.html").read_text(encoding="utf-8")


def test_a_handbook_without_rules_has_no_ask_page(tmp_path: Path) -> None:
    root = tmp_path / "mini"
    shutil.copytree(FIXTURES / "mini", root)  # its one document has no rule
    build = tmp_path / "build"
    done = run_handbook("build", "--html", "-l", "en", "--source", str(root / "source"),
                        "--translations", str(root / "translations"), "--build-dir", str(build))
    assert done.returncode == 0, done.stdout + done.stderr
    assert not (build / "site" / "en" / "ask.html").exists()
    page = (build / "site" / "en" / "mini-rules.html").read_text(encoding="utf-8")
    assert "ask.html" not in page and 'class="hb-ask-top"' not in page


def test_every_key_of_the_meaning_vocabulary_has_a_field_on_the_ask_page() -> None:
    # A key the vocabulary gains (the fidelity work's 'minor') must be askable,
    # or every language's Ask page fails to build.
    from build_tools.rules.vocabulary import KEYS
    from build_tools.sphinxext.ask import KINDS

    assert sorted(set(KEYS) - set(KINDS)) == []
    assert "minor" in KEYS and KINDS["minor"] == "range"
