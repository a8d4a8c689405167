"""The drift the lint did not see (issue 35, item 4): Russian BWS wrote
"контра на вызов" (in every case) where the glossary and the badges say
"информативная контра", Chinese BWS 三明治位置 for 夹击位置 and 平均牌型
for 均型. The catalogs are mended; planted back, `i18n check --strict` finds
each, inflected forms included."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import ROOT, run_handbook

RU = "translations/ru/LC_MESSAGES/bws-competitive-bidding.po"
ZH = "translations/zh_CN/LC_MESSAGES/bws-competitive-bidding.po"


@pytest.mark.parametrize(("catalog", "mended", "drifted", "concept"), [
    (RU, "дают информативную контру", "дают контру на вызов", "takeout-double"),
    (RU, "является информативной контрой", "является контрой на вызов", "takeout-double"),
    (RU, "Контра — информативная против масти открытия.", "Контра — на вызов против масти открытия.",
     "takeout-double"),
    (ZH, "夹击位置的叫牌", "三明治位置的叫牌", "sandwich-position"),
    (ZH, "均型是指", "平均牌型是指", "balanced"),
])
def test_drift_planted_back_is_found(tmp_path: Path, catalog: str, mended: str, drifted: str, concept: str) -> None:
    shutil.copytree(ROOT / "translations", tmp_path / "translations")
    path = tmp_path / catalog
    text = path.read_text(encoding="utf-8")
    assert text.count(mended) == 1 and drifted not in text  # the shipped catalog is mended
    path.write_text(text.replace(mended, drifted), encoding="utf-8")
    language = catalog.split("/")[1]
    result = run_handbook("i18n", "check", "--strict", "-l", language, "--translations", str(tmp_path / "translations"))
    assert result.returncode == 1
    line = text[: text.index(mended)].count("\n") + 1
    found = [d for d in result.stderr.splitlines() if f"glossary ({concept})" in d]
    assert len(found) == 1 and "is a forbidden variant" in found[0], result.stderr
    # At the entry's msgstr, a line or a few above the planted words.
    assert 0 <= line - int(found[0].split(f"{path}:")[1].split(":")[0]) <= 3, found
