"""Catalogs every PO tool trusts: GNU msgfmt and polib accept every catalog as
shipped and after any edit of the sources, `update` is idempotent, and no
translation is ever lost: it stays current, turns fuzzy showing the text it was
made from, or is kept as an obsolete `#~` entry."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import polib
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from build_tools.i18n import catalog_path, extract, read_catalog, update, write_catalog
from build_tools.i18n.catalogs import catalog_bytes
from build_tools.i18n.translate import published
from build_tools.loader import load_document
from conftest import FIXTURES, ROOT, run_handbook

CATALOGS = sorted((ROOT / "translations").rglob("*.po"))


def msgfmt(path: Path) -> str:
    """What ``msgfmt --check-format --check-header`` says of ``path`` ('' when
    it accepts it without a word)."""
    proc = subprocess.run(["msgfmt", "--check-format", "--check-header", "-o", "/dev/null", str(path)],
                          capture_output=True, text=True)
    return proc.stderr.strip() + ("" if proc.returncode == 0 else f" (exit {proc.returncode})")


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_every_shipped_catalog_passes_msgfmt_and_loads_in_polib(path: Path) -> None:
    assert msgfmt(path) == ""
    po = polib.pofile(str(path))
    # The same entries as the strict reader finds; a retired entry (``#~``) is
    # kept for the translator but is no entry of the catalog.
    assert len([entry for entry in po if not entry.obsolete]) == len(read_catalog(path))


def test_the_shipped_catalogs_are_what_update_writes() -> None:
    result = run_handbook("i18n", "update", "--check", cwd=ROOT)
    assert result.returncode == 0, result.stderr


def _mini(tmp_path: Path) -> Path:
    root = tmp_path / "mini"
    shutil.copytree(FIXTURES / "mini", root)
    assert run_handbook("i18n", "update", "--source", str(root / "source"),
                        "--translations", str(root / "translations")).returncode == 0
    return root


def _update(root: Path) -> None:
    result = run_handbook("i18n", "update", "--source", str(root / "source"),
                          "--translations", str(root / "translations"))
    assert result.returncode == 0, result.stderr


def test_inserting_a_table_row_moves_no_translation(tmp_path: Path) -> None:
    root = _mini(tmp_path)
    document = root / "source" / "mini-rules.yaml"
    catalog = catalog_path(root / "translations", "en", "mini-rules")
    before = {(e.msgid, e.msgstr) for e in polib.pofile(str(catalog)) if ".cell-" in (e.msgctxt or "")}
    assert ("Stayman", "Stayman") in before and ("Odzywka", "Call") in before
    text = document.read_text(encoding="utf-8")
    document.write_text(text.replace('          - ["2♣", "Stayman"]',
                                     '          - ["2♦", "transfer"]\n          - ["2♣", "Stayman"]'), encoding="utf-8")
    _update(root)
    po = polib.pofile(str(catalog))
    after = {(e.msgid, e.msgstr) for e in po if ".cell-" in (e.msgctxt or "") and "fuzzy" not in e.flags}
    assert before <= after  # every cell keeps its translation, none turned fuzzy
    # Only the new cell asks for a translation ('2♦' has no word to translate).
    assert [e.msgid for e in po.untranslated_entries() if ".cell-" in (e.msgctxt or "")] == ["transfer"]


def test_translators_see_the_english_and_the_authors_comment(tmp_path: Path) -> None:
    root = _mini(tmp_path)
    manifest = root / "source" / "handbook.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("languages: [pl, en]", "languages: [pl, en, ru]"),
                        encoding="utf-8")
    _update(root)
    po = polib.pofile(str(catalog_path(root / "translations", "ru", "mini-rules")))
    title = po.find("Zasady próbne", msgctxt="mini-rules")
    assert title is not None and "en: Trial rules" in title.comment.splitlines()
    # The fuzzy English translation of '2♣ – precision' is no pivot.
    fuzzy = po.find("2♣ – precision", msgctxt="otwarcie-2-trefl")
    assert fuzzy is not None and "en:" not in fuzzy.comment
    english = polib.pofile(str(catalog_path(root / "translations", "en", "mini-rules")))
    assert "en:" not in str(english)  # English has no pivot of its own

def test_the_authors_comment_beside_an_element_reaches_every_catalog() -> None:
    # source/aeb-bidding-systems.yaml: "# Voz a palo natural, with its two numbered
    # examples." stands above the paragraph voz-a-palo-natural.
    for language in ("en", "pl", "ru", "sv", "zh_CN"):
        po = polib.pofile(str(catalog_path(ROOT / "translations", language, "aeb-bidding-systems")))
        (entry,) = [e for e in po if e.msgctxt == "voz-a-palo-natural"]
        assert entry.comment.splitlines()[0] == "Voz a palo natural, with its two numbered examples."
        # A comment inside the element (its rules) is not the one beside it.
        assert "Largura" not in entry.comment


# --- the property: random edits of the sources, update twice ---------------------

DOC = ROOT / "source" / "pzbs-alert-rules.yaml"
EN = ROOT / "translations" / "en" / "LC_MESSAGES" / "pzbs-alert-rules.po"

Edit = tuple[str, int, str]
edits = st.lists(
    st.tuples(
        st.sampled_from(["reword", "rewrite", "delete", "rename", "insert", "restore"]),
        st.integers(min_value=0, max_value=10_000),
        st.text(alphabet="abcdefgh ąę♣1", min_size=1, max_size=12),
    ),
    min_size=1, max_size=8,
)


def _edited(template: polib.POFile, original: polib.POFile, changes: list[Edit]) -> polib.POFile:
    """``template`` after ``changes``, as an author's edit of the document would change it."""
    po = polib.POFile(wrapwidth=79)
    po.metadata = dict(template.metadata)
    entries = [polib.POEntry(msgctxt=e.msgctxt, msgid=e.msgid, occurrences=e.occurrences) for e in template]
    for kind, n, words in changes:
        if not entries:
            break
        entry = entries[n % len(entries)]
        if kind == "reword":  # a few words added: msgmerge's fuzzy matching finds it
            entry.msgid = entry.msgid + " " + words
        elif kind == "rewrite":  # a new text for the same element
            entry.msgid = words.strip() or "x"
        elif kind == "delete":
            entries.remove(entry)
        elif kind == "rename":  # a new id, the same text
            entry.msgctxt = f"{entry.msgctxt}-{n % 97}"
        elif kind == "insert":
            entries.insert(n % len(entries), polib.POEntry(msgctxt=f"nowy-{n}", msgid=words))
        else:  # an element deleted earlier comes back as it was
            back = original[n % len(original)]
            if all(e.msgctxt != back.msgctxt for e in entries):
                entries.append(polib.POEntry(msgctxt=back.msgctxt, msgid=back.msgid))
    seen: set[tuple[str | None, str]] = set()
    for entry in entries:
        if (entry.msgctxt, entry.msgid) not in seen:
            seen.add((entry.msgctxt, entry.msgid))
            po.append(entry)
    return po


@pytest.fixture(scope="module")
def pzbs_template() -> polib.POFile:
    return extract(load_document(DOC), "en")


@settings(max_examples=120, derandomize=True, phases=[Phase.explicit, Phase.generate], database=None, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(first=edits, second=edits)
def test_no_edit_of_the_sources_loses_a_translation_or_a_po_tool(
    tmp_path_factory: pytest.TempPathFactory, pzbs_template: polib.POFile, first: list[Edit], second: list[Edit],
) -> None:
    path = tmp_path_factory.mktemp("merge") / "en.po"
    shutil.copy(EN, path)
    original = polib.pofile(str(EN))
    made_from: dict[str, set[str]] = {}  # each translation and the texts it was made from
    for e in original:
        if e.msgstr:
            made_from.setdefault(e.msgstr, set()).add(e.msgid)
    once = _edited(pzbs_template, original, first)
    write_catalog(update(path, once, "en").data, path)
    twice = _edited(once, original, second)
    write_catalog(update(path, twice, "en").data, path)

    assert msgfmt(path) == ""
    po = polib.pofile(str(path))
    assert update(path, twice, "en").data == path.read_bytes()  # idempotent
    # Every translation survives: current with the very text it was made from,
    # fuzzy naming that text as its previous one, or obsolete.
    for translation, sources in made_from.items():
        homes = [e for e in po if e.msgstr == translation] + [e for e in po.obsolete_entries()
                                                              if e.msgstr == translation]
        assert any(
            e.obsolete or (e.msgid in sources and "fuzzy" not in e.flags)
            or ("fuzzy" in e.flags and e.previous_msgid in sources)
            for e in homes
        ), (translation, [str(e) for e in homes])
    # A fuzzy entry shows the text its translation was made from, and is never published.
    for entry in po:
        if "fuzzy" in entry.flags and entry.msgstr:
            assert entry.previous_msgid in made_from.get(entry.msgstr, ()), str(entry)
    for message in read_catalog(path):
        if message.fuzzy:
            assert published(message) is None
    # Nothing is published that was made from another text than the current one.
    for entry in po.translated_entries():
        assert entry.msgid in made_from.get(entry.msgstr, ()), str(entry)


def test_catalog_bytes_of_a_template_pass_msgfmt(tmp_path: Path, pzbs_template: polib.POFile) -> None:
    path = tmp_path / "new.po"
    path.write_bytes(catalog_bytes(pzbs_template))
    assert msgfmt(path) == ""


def test_the_shipped_handbook_is_complete_in_every_language_and_lint_clean() -> None:
    """Issue 12's bar: 36 of 36 document-language pairs (six originals, thirty
    translations) and every interface catalog at 100 %, `check --strict` clean."""
    import json

    stats = run_handbook("i18n", "stats", "--json", cwd=ROOT)
    assert stats.returncode == 0, stats.stderr
    rows = json.loads(stats.stdout)["catalogs"]
    assert len([r for r in rows if r["document"] != "handbook"]) == 30
    assert [(r["document"], r["language"]) for r in rows if r["translated"] != r["total"]] == []
    strict = run_handbook("i18n", "check", "--strict", cwd=ROOT)
    assert strict.returncode == 0, strict.stderr


# --- issue 23: a source change keeps the pivot, a rename its translation, and
# every catalog the one layout GNU msgcat writes -------------------------------

AEB = "aeb-bidding-systems"
EDITED, RENAMED, RENAMED_TO, ADDED = ("voz-natural-definicion", "voz-a-palo-natural", "voz-a-palo-es-natural",
                                      "voz-nueva-de-prueba")
PIVOTED = ("pl", "ru", "sv", "zh_CN")  # the languages into which AEB is translated, English aside


def msgcat(path: Path) -> bytes:
    """What GNU ``msgcat`` writes of ``path`` at the catalogs' stated width."""
    from build_tools.i18n.catalogs import WIDTH

    return subprocess.run(["msgcat", f"--width={WIDTH}", str(path)], capture_output=True, check=True).stdout


def _copy_of_the_handbook(tmp_path: Path) -> Path:
    root = tmp_path / "handbook"
    shutil.copytree(ROOT / "source", root / "source")
    shutil.copytree(ROOT / "translations", root / "translations")
    return root


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_edit_rename_and_add_keep_the_pivot_the_translation_and_the_layout(tmp_path: Path) -> None:
    import re

    root = _copy_of_the_handbook(tmp_path)
    translations = root / "translations"
    english = polib.pofile(str(catalog_path(translations, "en", AEB)))
    old_english = {e.msgctxt: e.msgstr for e in english}
    before = {lang: {e.msgctxt: e for e in polib.pofile(str(catalog_path(translations, lang, AEB)))}
              for lang in ("en", *PIVOTED)}
    # A translator's own comments, saved by another tool (polib at its default width).
    polish = polib.pofile(str(catalog_path(translations, "pl", AEB)))
    for entry in polish:
        if entry.msgctxt in (EDITED, RENAMED):
            entry.tcomment = "Checked against the Spanish text of 2019."
    polish.save()

    document = root / "source" / f"{AEB}.yaml"
    text = document.read_text(encoding="utf-8")
    old = "Las voces a palo, a sin triunfo y de doblo o redoblo pueden ser o no naturales."
    assert old in text
    text = text.replace(old, "Las voces a palo, a sin triunfo, de doblo y de redoblo pueden ser naturales o no.")
    text = re.sub(r"voz-a-palo-natural(?![\w-])", RENAMED_TO, text)
    text = text.replace(f"          - paragraph: {EDITED}\n",
                        f"          - paragraph: {ADDED}\n            text: \"Un párrafo añadido para la prueba.\"\n"
                        f"\n          - paragraph: {EDITED}\n")
    document.write_text(text, encoding="utf-8")
    location = ("--source", str(root / "source"), "--translations", str(translations))

    result = run_handbook("i18n", "update", *location)
    assert result.returncode == 0, result.stderr
    for lang in PIVOTED:  # the English as it was when the update began: its entry of the old text
        edited = polib.pofile(str(catalog_path(translations, lang, AEB))).find(
            "Las voces a palo, a sin triunfo, de doblo y de redoblo pueden ser naturales o no.", msgctxt=EDITED)
        assert edited is not None and f"en (previous): {_flat(old_english[EDITED])}" in _flat(edited.comment)
    # The English translator translates the new paragraph; the next update gives it as every pivot
    # (and the previous English, now from the English entry turned fuzzy, stays).
    english = polib.pofile(str(catalog_path(translations, "en", AEB)))
    added = english.find("Un párrafo añadido para la prueba.", msgctxt=ADDED)
    assert added is not None and not added.msgstr
    added.msgstr = "A paragraph added for the test."
    english.save()
    result = run_handbook("i18n", "update", *location)
    assert result.returncode == 0, result.stderr

    for lang in ("en", *PIVOTED):
        path = catalog_path(translations, lang, AEB)
        po = polib.pofile(str(path))
        entries = {e.msgctxt: e for e in po}
        # The changed text keeps its translation, fuzzy, against the text it was made from.
        edited = entries[EDITED]
        assert "fuzzy" in edited.flags and edited.previous_msgid == old, (lang, str(edited))
        assert edited.msgstr == before[lang][EDITED].msgstr
        # The renamed element with its text unchanged: translated, not fuzzy, its comments kept.
        renamed = entries[RENAMED_TO]
        assert renamed.msgstr == before[lang][RENAMED].msgstr and "fuzzy" not in renamed.flags, (lang, str(renamed))
        assert RENAMED not in entries
        assert renamed.comment.splitlines()[0] == "Voz a palo natural, with its two numbered examples."
        if lang != "en":
            # The pivot follows the text: the English of the text it was made
            # from, marked as such, where the English is fuzzy now.
            assert "en: " not in edited.comment
            assert f"en (previous): {_flat(old_english[EDITED])}" in _flat(edited.comment), (lang, edited.comment)
            assert f"en: {_flat(old_english[RENAMED])}" in _flat(renamed.comment), (lang, renamed.comment)
            assert "en: A paragraph added for the test." in _flat(entries[ADDED].comment), lang
        if lang == "pl":
            assert edited.tcomment == renamed.tcomment == "Checked against the Spanish text of 2019."
    for path in sorted(translations.rglob("*.po")):  # every catalog, each in the one layout
        assert path.read_bytes() == msgcat(path), path
    check = run_handbook("i18n", "update", "--check", *location)
    assert check.returncode == 0, check.stderr + check.stdout


@pytest.mark.parametrize("width", [78, 79])
def test_a_catalog_saved_by_polib_is_reported_and_restored_by_normalize(tmp_path: Path, width: int) -> None:
    translations = tmp_path / "translations"
    shutil.copytree(ROOT / "translations", translations)
    saved = [catalog_path(translations, "pl", AEB), catalog_path(translations, "zh_CN", "bws-competitive-bidding"),
             translations / "es" / "LC_MESSAGES" / "handbook.po"]
    originals = [path.read_bytes() for path in saved]
    for path in saved:
        polib.pofile(str(path), wrapwidth=width).save()
    assert [path.read_bytes() for path in saved] != originals  # polib wraps otherwise
    import re

    check = run_handbook("i18n", "check", "--strict", "-l", "pl", "-l", "zh_CN", "-l", "es",
                         "--source", str(ROOT / "source"), "--translations", str(translations))
    for path in saved:  # a warning at the first line the layout differs
        assert re.search(rf"{re.escape(str(path))}:\d+: warning: not normalized \(", check.stderr), check.stderr
    assert check.returncode == 1
    result = run_handbook("i18n", "normalize", *map(str, saved))
    assert result.returncode == 0, result.stderr
    assert [path.read_bytes() for path in saved] == originals
    again = run_handbook("i18n", "normalize", "--check", *map(str, saved))
    assert again.returncode == 0 and again.stdout == "", again.stdout + again.stderr


def test_every_shipped_catalog_is_normalized() -> None:
    for path in CATALOGS:
        assert path.read_bytes() == msgcat(path), path


def test_stats_count_the_entries_msgfmt_counts() -> None:
    """`i18n stats` keyed the interface by msgid: two entries that share their
    text under two contexts counted once (128 where msgfmt counts 130)."""
    import json
    import re

    stats = run_handbook("i18n", "stats", "--json", cwd=ROOT)
    assert stats.returncode == 0, stats.stderr
    rows = {(r["document"], r["language"]): r for r in json.loads(stats.stdout)["catalogs"]}
    for lang in ("pl", "ru", "es", "sv", "zh_CN"):
        path = ROOT / "translations" / lang / "LC_MESSAGES" / "handbook.po"
        proc = subprocess.run(["msgfmt", "--statistics", "-o", "/dev/null", str(path)],
                              capture_output=True, text=True, check=True)
        counted = sum(int(n) for n in re.findall(r"(\d+) (?:translated|fuzzy|untranslated)", proc.stderr))
        translated = int(re.search(r"(\d+) translated", proc.stderr).group(1))  # type: ignore[union-attr]
        row = rows["handbook", lang]
        assert (row["total"], row["translated"]) == (counted, translated), (lang, proc.stderr)
