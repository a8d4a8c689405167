"""A new language starts whole: its interface falls back to whole English
sentences (never an English sentence holding a German word), and
`handbook i18n add-language` sets up everything a translator needs."""

from __future__ import annotations

from pathlib import Path

import polib
import pytest

from build_tools.i18n import translate
from build_tools.loader import load_document, load_manifest
from build_tools.render import interface_translations, render_pages
from conftest import FIXTURES

SOURCE = FIXTURES / "mini" / "source"


def _pages(language: str, catalogs: Path) -> dict[str, str]:
    doc = translate(load_document(SOURCE / "mini-rules.yaml"), language, None)
    pages = render_pages(load_manifest(SOURCE / "handbook.yaml"), [doc], language,
                         interface_translations(catalogs, language))
    return {name: text.replace("\\", "") for name, text in pages.items()}  # MyST's escapes off


def _interface_catalog(catalogs: Path, language: str, strings: dict[str, str]) -> None:
    po = polib.POFile()
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8", "Language": language}
    for msgid, msgstr in strings.items():
        po.append(polib.POEntry(msgid=msgid, msgstr=msgstr))
    path = catalogs / language / "LC_MESSAGES" / "handbook.po"
    path.parent.mkdir(parents=True)
    po.save(str(path))


def test_an_untranslated_sentence_names_the_language_in_english(tmp_path: Path) -> None:
    pages = _pages("de", tmp_path)  # no German interface catalog at all
    page, index = pages["mini-rules.md"], pages["index.md"]
    # Nothing is translated: the page says so, not that it is a translation.
    assert "Not yet translated: the original text, in Polish" in page
    assert "This is a translation" not in page
    assert "Not yet translated: the original text, in Polish" in index
    assert "Polnisch" not in page + index


def test_a_translated_sentence_names_the_language_in_its_own_words(tmp_path: Path) -> None:
    _interface_catalog(tmp_path, "de", {
        "Not yet translated: the original text, in %(language)s":
            "Noch nicht übersetzt: der Originaltext, auf %(language)s",
        "Regulation": "Regelung",
    })
    pages = _pages("de", tmp_path)
    assert "Noch nicht übersetzt: der Originaltext, auf Polnisch" in pages["mini-rules.md"]
    # The next sentence is not translated yet: English through and through.
    assert "Texts not yet translated are shown in the original language and marked." in pages["mini-rules.md"]


def test_the_title_page_falls_back_the_same_way(tmp_path: Path) -> None:
    from build_tools.sphinxext.titlepage import title_data

    doc = translate(load_document(SOURCE / "mini-rules.yaml"), "de", None)
    entry = title_data([doc], "de", interface_translations(tmp_path, "de"), {doc.id: doc.title})["documents"][0]
    assert entry["prevails"] == [] and "Not yet translated: the original text, in Polish" in entry["notes"]


def test_the_lint_reads_german_from_its_profile() -> None:
    from babel.messages.catalog import Message

    from build_tools.i18n.lint import problems

    assert list(problems(Message("1BA i kiery", "1SA und Coeurs", context="x"), "pl", "de")) == []
    found = list(problems(Message("1BA i kiery", "1NT und Pik", context="x"), "pl", "de"))
    assert "call '1NT' is not in German notation (write 1SA)" in found
    assert "suits differ: the source has ♥, the translation has ♠" in found


def test_notation_help_lists_every_profile() -> None:
    from conftest import run_handbook

    for command in ("auction", "hand"):
        shown = " ".join(run_handbook(command, "--help").stdout.split())
        assert "language of TEXT: en, pl, ru, es, sv, zh, de (default en)" in shown


def test_add_language_refuses_a_listed_or_unknown_language(tmp_path: Path) -> None:
    import shutil

    from conftest import run_handbook

    shutil.copytree(FIXTURES / "mini", tmp_path / "mini")
    args = ["--source", str(tmp_path / "mini" / "source"), "--translations", str(tmp_path / "mini" / "translations")]
    listed = run_handbook("i18n", "add-language", "en", *args)
    assert listed.returncode == 2 and "language 'en' is in" in listed.stderr
    unknown = run_handbook("i18n", "add-language", "klingon", *args)
    assert unknown.returncode == 2 and "unknown language 'klingon'" in unknown.stderr
    assert "de" not in (tmp_path / "mini" / "source" / "handbook.yaml").read_text(encoding="utf-8")


def test_a_language_without_a_profile_gets_its_skeleton(tmp_path: Path) -> None:
    import shutil

    from build_tools.bridge import Call, notation
    from conftest import run_handbook

    shutil.copytree(FIXTURES / "mini", tmp_path / "mini")
    args = ["--source", str(tmp_path / "mini" / "source"), "--translations", str(tmp_path / "mini" / "translations")]
    added = run_handbook("i18n", "add-language", "fr", *args)
    assert added.returncode == 0, added.stderr
    assert "a notation profile for French in build_tools/bridge/notation.py" in added.stdout
    assert "the handbook's title in French" in added.stdout  # no --title: the English one for now
    skeleton = added.stdout[added.stdout.index("FRENCH = Profile("):]
    made = eval(skeleton.split(" = ", 1)[1], vars(notation))  # the skeleton is a profile already
    assert made.code == "fr" and made.format_call(Call.parse("1NT")) == "1NT"
    assert load_manifest(tmp_path / "mini" / "source" / "handbook.yaml").languages[-1] == "fr"


# --- the whole handbook in German, from add-language to the website -------------


@pytest.fixture(scope="module")
def german_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, Path]:
    """A copy of the handbook's source and translations, German added with
    ``i18n add-language``, its website built; yields (copy, the command's
    output, the German site)."""
    import shutil

    from conftest import ROOT, run_handbook

    root = tmp_path_factory.mktemp("add-german")
    for folder in ("source", "translations"):
        shutil.copytree(ROOT / folder, root / folder)
    args = ["--source", str(root / "source"), "--translations", str(root / "translations")]
    added = run_handbook("i18n", "add-language", "de", "--title", "Handbuch der Bridge-Regeln", *args)
    assert added.returncode == 0, added.stdout + added.stderr
    built = run_handbook("build", "--html", "-l", "de", *args, "--build-dir", str(root / "build"))
    assert built.returncode == 0, built.stdout + built.stderr
    return root, added.stdout, root / "build" / "site" / "de"


def test_add_language_lists_it_and_creates_its_catalogs(german_site: tuple[Path, str, Path]) -> None:
    from build_tools.i18n.catalogs import catalog_path
    from build_tools.loader import load_manifest
    from conftest import ROOT

    root, said, _ = german_site
    manifest = load_manifest(root / "source" / "handbook.yaml")
    assert manifest.languages[-1] == "de" and manifest.title("de") == "Handbuch der Bridge-Regeln"
    assert "de" not in load_manifest(ROOT / "source" / "handbook.yaml").languages  # the shipped one is untouched
    for domain in (*manifest.documents, "handbook"):
        po = polib.pofile(str(catalog_path(root / "translations", "de", domain)))
        assert po.metadata["Plural-Forms"] == "nplurals=2; plural=(n != 1);", domain
        assert po.metadata["Language"] == "de"
    interface = polib.pofile(str(catalog_path(root / "translations", "de", "handbook")))
    assert [interface.find(s).msgstr for s in ("North", "East", "South", "West")] == ["Nord", "Ost", "Süd", "West"]
    assert "left for the translator:" in said
    assert "texts in 7 catalogs" in said and "notation: the rule model's German profile" in said
    assert "i18n update" not in said  # nothing more to run before translating
    # What to translate first: the interface, on every page.
    first = said.split("left for the translator:\n")[1].splitlines()[0]
    assert first.startswith("  - first translations/de/LC_MESSAGES/handbook.po: ") or \
        first.startswith(f"  - first {root}/translations/de/LC_MESSAGES/handbook.po: "), first
    untranslated = sum(1 for entry in interface if not entry.translated())
    assert f"handbook.po: {untranslated} strings, on every page" in first
    # Weblate offers it in every component; the glossary lists it.
    import json
    import re

    for component in json.loads((root / "translations" / "weblate.json").read_text(encoding="utf-8")):
        assert re.fullmatch(component["language_regex"], "de") and re.fullmatch(component["language_regex"], "pl")
    from build_tools.i18n import glossary

    assert glossary.languages(root / "translations")[-1] == "de"


def _cells(html: str, table: str, cell: str = "td") -> set[str]:
    import re

    found: set[str] = set()
    for body in re.findall(rf'<table[^>]*{table}.*?</table>', html, re.S):
        found |= {re.sub("<[^>]+>", "", c).strip() for c in re.findall(rf"<{cell}[^>]*>(.*?)</{cell}>", body, re.S)}
    return found


def test_the_german_site_draws_its_diagrams_in_german(german_site: tuple[Path, str, Path]) -> None:
    import re

    _, _, site = german_site
    pages = {p.name: p.read_text(encoding="utf-8") for p in site.glob("*.html")}
    calls = set().union(*(_cells(html, "hb-bidding") for html in pages.values()))
    # The calls of the handbook's own examples, one auction a cell of their tables.
    auctions = {re.sub("<[^>]+>", "", cell).strip().split(": ")[-1] for html in pages.values()
                for table in re.findall(r'<table[^>]*hb-example-run-table.*?</table>', html, re.S)
                for cell in re.findall(r'<tr[^>]*>\s*<td[^>]*>(.*?)</td>', table, re.S)}
    calls |= {call for auction in auctions for call in re.split(r"[- ]", auction) if call}
    # The call of each cell, before any explanation ("2♣ — Stayman"), without brackets.
    written = {c.split(" — ")[0].strip("()") for c in calls if c}
    assert {"1SA", "Kontra", "Rekontra", "Passe"} <= written
    assert not {w for w in written if re.search(r"NT|BA|БК|ST|无将|^P$|^X+$|пас|pas|Paso", w)}
    seats = set().union(*(_cells(html, "hb-bidding", "th") for html in pages.values()))
    assert seats == {"Nord", "Ost", "Süd", "West"}
    hands = set().union(*(_cells(html, "hb-hands") for html in pages.values()))
    ranks = {letter for hand in hands for letter in re.findall(r"[A-Za-zА-Яа-я]", hand)} - {"x"}
    assert {"A", "K", "D", "B"} <= ranks <= {"A", "K", "D", "B"}  # Ass, König, Dame, Bube


def test_the_german_interface_mixes_no_sentence(german_site: tuple[Path, str, Path]) -> None:
    import re

    _, _, site = german_site
    pages = {p.name: re.sub(r"\s+", " ", re.sub("<[^>]+>", " ", p.read_text(encoding="utf-8")))
             for p in site.glob("*.html")}
    # Nothing of it is translated yet: the page says so, in English whole.
    assert "Not yet translated: the original text, in Polish" in pages["pzbs-alert-rules.html"]
    assert "This is a translation" not in pages["pzbs-alert-rules.html"]
    assert "Not yet translated: the original text, in Chinese" in pages["index.html"]
    babel_names = ("Polnisch", "Chinesisch", "Russisch", "Spanisch", "Schwedisch", "Englisch")
    assert not [(name, word) for name, text in pages.items() for word in babel_names if word in text]


def test_german_text_in_another_languages_book_is_set_as_german() -> None:
    """A German original shown in a Polish (or Russian) book is hyphenated as
    German: the books load its TeX language."""
    from build_tools.sphinxext import latex

    assert latex.TEX_LANGUAGES["de"] == "german"
    assert "german" in latex._other_languages("pl").split("\\setotherlanguages{")[1].split("}")[0].split(",")
    assert "german" in latex.latex_elements_for("ru")["babel"]  # the Russian book's babel
