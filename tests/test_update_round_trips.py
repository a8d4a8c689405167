"""`i18n update` and `i18n check` on the round trips a translator meets
(issue 35, item 8): an element deleted and back again, a text reverted, a
fuzzy entry told from an untranslated one."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import FIXTURES, ROOT, run_handbook


def _copy(tmp_path: Path, root: Path) -> tuple[Path, list[str]]:
    target = tmp_path / "handbook"
    shutil.copytree(root / "source", target / "source")
    shutil.copytree(root / "translations", target / "translations")
    return target, ["--source", str(target / "source"), "--translations", str(target / "translations")]


def test_an_element_that_comes_back_needs_one_update(tmp_path: Path) -> None:
    """The English of an element deleted and restored is revived by the same
    run that gives the other languages its pivot (English is merged first)."""
    root, args = _copy(tmp_path, ROOT)
    path = root / "source" / "pzbs-alert-rules.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("      - point: czwarty-kolor\n")
    end = text.index("      - point:", start + 1)
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    languages = ["-l", "pl", "-l", "en", "-l", "ru"]
    assert run_handbook("i18n", "update", *languages, *args).returncode == 0
    path.write_text(text, encoding="utf-8")
    assert run_handbook("i18n", "update", *languages, *args).returncode == 0
    again = run_handbook("i18n", "update", "--check", *languages, *args)
    assert again.returncode == 0, again.stderr
    catalog = (root / "translations" / "ru" / "LC_MESSAGES" / "pzbs-alert-rules.po").read_text(encoding="utf-8")
    assert catalog == (ROOT / "translations" / "ru" / "LC_MESSAGES" / "pzbs-alert-rules.po").read_text(
        encoding="utf-8")


def test_a_text_reverted_to_the_one_translated_is_translated_again(tmp_path: Path) -> None:
    root, args = _copy(tmp_path, FIXTURES / "mini")
    path = root / "source" / "mini-rules.yaml"
    catalog = root / "translations" / "en" / "LC_MESSAGES" / "mini-rules.po"
    assert run_handbook("i18n", "update", *args).returncode == 0
    before = catalog.read_text(encoding="utf-8")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("*ważne* zasady", "*ważne* reguły"), encoding="utf-8")
    assert run_handbook("i18n", "update", *args).returncode == 0
    assert "#, fuzzy\n#| msgctxt \"wstep\"" in catalog.read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    assert run_handbook("i18n", "update", *args).returncode == 0
    assert catalog.read_text(encoding="utf-8") == before  # translated, not fuzzy against itself


def test_check_tells_a_fuzzy_entry_from_an_untranslated_one(tmp_path: Path) -> None:
    root, args = _copy(tmp_path, FIXTURES / "mini")
    result = run_handbook("i18n", "check", "--strict", *args)
    catalog = root / "translations" / "en" / "LC_MESSAGES" / "mini-rules.po"
    assert f"{catalog}: 15 of 17 translated (88 %), 1 fuzzy, 1 untranslated" in result.stdout
    lines = catalog.read_text(encoding="utf-8").split("\n")
    fuzzy = lines.index('msgctxt "otwarcie-2-trefl"') + 1
    assert f"{catalog}:{fuzzy}: error: 'otwarcie-2-trefl' fuzzy: translated from another text (its " \
           "'#| msgid'); review it" in result.stderr
    assert "' not translated" in result.stderr
