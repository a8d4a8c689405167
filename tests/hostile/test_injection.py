"""Injection attempts in every field and every catalog come out as text.

A handbook is built whose every document field, manifest title, translation
and interface string holds an attack: raw HTML and event handlers, MyST
``{raw}`` directives and roles (fenced and inline, with backticks and line
breaks to break out of roles and fences), LaTeX that reads a file, a
translator's stray ``%``. The tests then look at each stage: the MyST the
renderer wrote (parsed as MyST parses it), the pages in a real browser, the
LaTeX and the PDF.
"""

from __future__ import annotations

import io
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from html.parser import HTMLParser
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from build_tools.i18n import extract
from build_tools.loader import load_document
from conftest import _missing, run_handbook

# A word no line or table column can hold (it stopped xelatex with "Dimension too large").
LONG = 3000
# In a table cell, one that breaks into a page's height of lines (a table row
# cannot continue on the next page).
CELL = 600
# A file the LaTeX attack tries to read into the PDF, and what it holds.
SECRET_LINE = "hostile-secret-7f3a"

BLOCK = "```{raw} html\n<script>alert('block')</script>\n```"
ATTACKS = [
    "<script>alert('script')</script>",
    "<img src=x onerror=alert('img')>",
    BLOCK,
    ":::{raw} html\n<svg onload=alert('colon')></svg>\n:::",
    "{raw}`<b onmouseover=alert('role')>x</b>`",
    "x` {raw}`<i onclick=alert('tick')>`",
    "[link](javascript:alert('link'))",
    "*<b>emphasis</b>* and\n\n* b *",
    "*in emphasis {raw}`<script>alert('em')</script>` [a](javascript:alert('em'))*",
    "\\input{SECRET} \\immediate\\write18{touch pwned}",
    "{{ 7 * 7 }} {% raw %} 100% %(total)s %d",
]
# Single-line fields (numbers, pages, editions, labels) cannot hold line breaks.
LABEL_ATTACKS = [
    "1.`{raw}`<script>alert('label')</script>`",
    "\\input{SECRET}",
    "<img src=x onerror=alert('label2')>",
    "%(total)s 100%",
]


def attack(n: int) -> str:
    return ATTACKS[n % len(ATTACKS)]


def label(n: int) -> str:
    return LABEL_ATTACKS[n % len(LABEL_ATTACKS)]


def hostile_document(secret: Path) -> dict[str, Any]:
    """A document with an attack in every field the schema has."""
    fix = {"SECRET": str(secret)}

    def t(n: int) -> str:
        return re.sub("SECRET", fix["SECRET"], attack(n))

    def lb(n: int) -> str:
        return re.sub("SECRET", fix["SECRET"], label(n))

    return {
        "schema": 1, "document": "hostile-rules", "title": t(0), "issuer": t(1), "language": "pl",
        "kind": "regulation", "edition": lb(1),
        "body": [
            {"paragraph": "intro", "text": t(2), "default": True, "leaves": [t(3), t(4)]},
            {"section": "part", "number": lb(0), "title": t(5), "body": [
                {"list": "points", "items": [
                    {"point": "first", "number": lb(1), "text": t(6), "page": lb(0), "items": [
                        {"point": "inner", "number": lb(2), "text": t(7), "page": lb(1)},
                    ]},
                    {"point": "second", "text": t(8), "page": lb(3), "body": [
                        {"paragraph": "in-point", "text": t(9)},
                    ]},
                ]},
                {"definition": "term", "term": t(0), "text": t(1)},
                {"example": "ex", "number": lb(2), "auction": "1♦ (1♥) 1♠", "text": t(2),
                 "notes": [{"call": 2, "text": t(3)}],
                 "hands": [{"seat": "S", "label": lb(0), "cards": "♠A76 ♥K54 ♦D832 ♣K98"},
                           {"label": lb(1), "cards": "♠KD2 ♥AD2 ♦AK7 ♣A432"}]},
                {"table": "tab", "caption": t(4), "header": [t(5), t(6)],
                 "rows": [[t(7), t(8)], [lb(0), t(9)], ["L" * CELL, "Odpowiedź"]]},
                {"paragraph": "long-word", "text": "Słowo " + "W" * LONG + " koniec."},
            ]},
        ],
    }


def write_catalog(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog)
    path.write_bytes(buffer.getvalue())


INTERFACE = ["not yet translated", "North", "East", "South", "West", "default", "leaf", "Regulation",
             "Table of contents", "Convention description", "Issued by",
             "Translated: %(translated)s of %(total)s texts (%(percent)s %%).",
             "Texts not yet translated are shown in the original language and marked."]


@pytest.fixture(scope="module")
def hostile_build(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The hostile handbook, built (HTML, and PDFs where TeX is present)."""
    work = tmp_path_factory.mktemp("hostile")
    secret = work / "secret.txt"
    secret.write_text(SECRET_LINE + "\n", encoding="utf-8")
    source = work / "source"
    source.mkdir()
    (source / "handbook.yaml").write_text(yaml.safe_dump({
        "handbook": "hostile", "title": {"pl": attack(1), "en": attack(0) + " " + attack(8).replace("SECRET", str(secret))},
        "languages": ["pl", "en"], "documents": ["hostile-rules"],
    }, allow_unicode=True), encoding="utf-8")
    (source / "hostile-rules.yaml").write_text(
        yaml.safe_dump(hostile_document(secret), allow_unicode=True, sort_keys=False), encoding="utf-8")
    document = load_document(source / "hostile-rules.yaml")
    translations = work / "translations" / "en" / "LC_MESSAGES"
    catalog = Catalog(locale="en", domain="hostile-rules")
    for n, entry in enumerate(extract(document, "en"), 1):
        # Every translation an attack of its own, the first one left out (shown untranslated).
        catalog.add(entry.msgid, "" if n == 1 else attack(n + 3).replace("SECRET", str(secret)),
                    context=entry.msgctxt)
    write_catalog(catalog, translations / "hostile-rules.po")
    # Interface strings for Polish readers, translated by an attacker.
    interface = Catalog(locale="pl", domain="handbook")
    for n, msgid in enumerate(INTERFACE):
        interface.add(msgid, attack(n).replace("SECRET", str(secret)) + " 100%")
    write_catalog(interface, work / "translations" / "pl" / "LC_MESSAGES" / "handbook.po")
    build = work / "build"
    args = ["build", "--source", str(source), "--translations", str(work / "translations"), "--build-dir", str(build)]
    if _missing("tex"):
        args.append("--html")
    result = run_handbook(*args)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    yield build


def myst_tokens(text: str) -> list[Any]:
    """The tokens MyST reads from ``text``, with the handbook's settings (conf.py)."""
    from markdown_it.renderer import RendererHTML
    from myst_parser.config.main import MdParserConfig
    from myst_parser.parsers.mdit import create_md_parser

    config = MdParserConfig(enable_extensions={"colon_fence", "deflist"},
                            disable_syntax=["html_block", "html_inline"])
    md = create_md_parser(config, RendererHTML)
    out = []
    stack = list(md.parse(text))
    while stack:
        token = stack.pop(0)
        out.append(token)
        stack[:0] = token.children or []
    return out


def dangerous(tokens: list[Any]) -> list[str]:
    """What in ``tokens`` would make MyST emit markup the content did not ask for."""
    found = []
    for token in tokens:
        if token.type in ("html_block", "html_inline", "link_open", "image", "math_inline", "math_block"):
            found.append(f"{token.type}: {token.content!r}")
        elif token.type in ("fence", "colon_fence") and not token.info.startswith(
            ("{hb-", "{list-table}", "{container}", "{toctree}", "{only}")
        ):
            found.append(f"{token.type} {token.info}")
        elif token.type == "myst_role" and not token.meta["name"].startswith("hb-"):
            found.append(f"role {token.meta['name']}")
    return found


# --- the escaping functions themselves -------------------------------------


@pytest.mark.parametrize("text", ATTACKS + LABEL_ATTACKS + ["* b *", "- a", "1. a", "# a", "> a", "| a |", "***"])
def test_document_text_reaches_myst_as_text(text: str) -> None:
    from build_tools.markup import to_myst

    tokens = myst_tokens(to_myst(text) + "\n")
    assert dangerous(tokens) == []
    # One paragraph: no list, heading, quote, rule or table made of the text.
    assert [t.type for t in tokens if t.block and t.nesting == 1] == ["paragraph_open"]


def test_emphasis_content_is_escaped_and_a_spaced_star_is_no_emphasis() -> None:
    from build_tools.markup import to_myst

    tokens = myst_tokens(to_myst("*<b>x</b>*") + "\n")
    assert [t.type for t in tokens if t.type.startswith("em")] == ["em_open", "em_close"]
    assert "".join(t.content for t in tokens if t.type == "text") == "<b>x</b>"
    spaced = myst_tokens(to_myst("* b *") + "\n")
    assert not [t for t in spaced if t.type.startswith(("em", "bullet"))]
    assert "".join(t.content for t in spaced if t.type == "text") == "* b *"


@pytest.mark.parametrize("content", LABEL_ATTACKS + ["`", "a`", "``x``", "\\", "\\x60", "two\nlines"])
def test_role_content_comes_back_as_written(content: str) -> None:
    from build_tools.markup import role, role_text

    tokens = [t for t in myst_tokens("a " + role("hb-page", content) + " b\n") if t.type == "myst_role"]
    assert [t.meta["name"] for t in tokens] == ["hb-page"]
    assert role_text(tokens[0].content) == " ".join(content.split())


def test_interface_strings_format_without_raising_on_a_stray_percent() -> None:
    from build_tools.render import format_interface

    assert format_interface("Regulamin 100%", {}) == "Regulamin 100%"
    assert format_interface("%(total)s z %(x)s, 5%%", {"total": 7}) == "7 z %(x)s, 5%"
    assert format_interface("%d %s %", {"d": 1}) == "%d %s %"


# --- the built handbook ------------------------------------------------------------


def test_rendered_pages_hold_no_markup_from_content(hostile_build: Path) -> None:
    pages = sorted((hostile_build / "myst").rglob("*.md"))
    assert len(pages) == 4
    for page in pages:
        assert dangerous(myst_tokens(page.read_text(encoding="utf-8"))) == [], page


def test_the_attacks_are_shown_literally(hostile_build: Path) -> None:
    html = (hostile_build / "site" / "en" / "hostile-rules.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(&#x27;script&#x27;)&lt;/script&gt;" in html or \
        "&lt;script&gt;alert('script')&lt;/script&gt;" in html
    polish = (hostile_build / "site" / "pl" / "hostile-rules.html").read_text(encoding="utf-8")
    assert "100%" in polish  # the translator's stray % printed, not a crash


class _Markup(HTMLParser):
    """Collects what in a page could run: handler attributes, javascript:
    links, and the text of inline scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.handlers: list[str] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name.startswith("on") or (value or "").strip().lower().startswith("javascript:"):
                self.handlers.append(f"<{tag} {name}={value!r}>")
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.scripts.append(data)


def test_no_script_or_event_handler_from_content(hostile_build: Path) -> None:
    pages = sorted((hostile_build / "site").rglob("*.html"))
    assert len(pages) >= 9  # root, and index, document, search, genindex of each language
    for page in pages:
        found = _Markup()
        found.feed(page.read_text(encoding="utf-8"))
        assert found.handlers == [], page
        assert not [s for s in found.scripts if "alert" in s], page


@pytest.mark.tex
def test_latex_reads_no_file_and_prints_the_attack(hostile_build: Path) -> None:
    for lang in ("pl", "en"):
        pdf = hostile_build / "pdf" / f"hostile-{lang}-a4.pdf"
        text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], check=True,
                              capture_output=True, text=True).stdout
        assert SECRET_LINE not in text
        assert "\\input{" in text  # the attack, printed as text
        tex = next((hostile_build / "latex" / lang).glob("*.tex")).read_text(encoding="utf-8")
        assert not re.search(r"(?<!\\textbackslash\{\})\\(input|write18|immediate)\b", tex.split(r"\begin{document}")[1])
    assert not (hostile_build / "latex" / "pl" / "pwned").exists()


@pytest.mark.tex
def test_a_word_longer_than_a_page_breaks_across_lines(hostile_build: Path) -> None:
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(hostile_build / "pdf" / "hostile-pl-a4.pdf"), "-"],
                          check=True, capture_output=True, text=True).stdout
    lines = text.splitlines()
    # Every letter printed, in lines no longer than a page is wide. The word's
    # letters are the runs of W (a seat's name in the auction may hold one too).
    joined = "".join(lines)
    assert sum(map(len, re.findall("W{2,}", joined))) == LONG and joined.count("L") == CELL
    assert max(len(line) for line in lines if "W" in line) < 120


def test_long_words_may_break_on_a_phone(hostile_build: Path) -> None:
    html = (hostile_build / "site" / "pl" / "hostile-rules.html").read_text(encoding="utf-8")
    assert "W" * 20 + "<wbr>" + "W" * 20 in html
    assert "W" * 41 not in html


@pytest.mark.browser
def test_no_dialog_fires_and_no_handler_exists_in_a_browser(hostile_build: Path, chromium) -> None:  # type: ignore[no-untyped-def]
    from conftest import serve

    dialogs: list[str] = []
    site = hostile_build / "site"
    page = chromium.new_page()
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    try:
        with serve(site) as url:
            for path in sorted(p.relative_to(site) for p in site.rglob("*.html")):
                page.goto(f"{url}/{path}")
                page.wait_for_load_state("load")
                page.mouse.move(200, 300)
                handlers = page.evaluate(
                    "() => [...document.querySelectorAll('*')].flatMap(e => [...e.attributes]"
                    ".filter(a => a.name.startsWith('on')).map(a => e.tagName + ' ' + a.name))")
                assert handlers == [], (path, handlers)
                inline = page.evaluate(
                    "() => [...document.scripts].filter(s => !s.src && /alert/.test(s.text)).length")
                assert inline == 0, path
    finally:
        page.close()
    assert dialogs == []
