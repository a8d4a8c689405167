"""Examples show their verdicts to readers: a badge per verdict, in the reader's
language, linked to the article that decides it; the handbook's own examples
are set apart from the regulation's, on the site and in the PDF."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import ROOT, _missing, run_handbook
from test_checked_everywhere import fixture, flags


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    tmp = tmp_path_factory.mktemp("badges")
    root = fixture(tmp, "'yes'")
    # The handbook's own interface catalog for Polish readers.
    (root / "translations" / "pl" / "LC_MESSAGES").mkdir(parents=True)
    shutil.copy(ROOT / "translations" / "pl" / "LC_MESSAGES" / "handbook.po",
                root / "translations" / "pl" / "LC_MESSAGES" / "handbook.po")
    args = ["build", *flags(root), "--build-dir", str(tmp / "build")]
    if _missing("tex"):
        args.append("--html")
    result = run_handbook(*args)
    assert result.returncode == 0, result.stdout + result.stderr
    yield tmp / "build"


@pytest.mark.parametrize(("lang", "label", "heading", "agreement"),
                         [("pl", "Alert", "Przykłady redakcyjne", "Uzgodnienie"),
                          ("en", "Alert", "Editorial examples", "Agreement")])
def test_a_verdict_is_a_badge_linked_to_its_article(built: Path, lang: str, label: str, heading: str,
                                                    agreement: str) -> None:
    html = (built / "site" / lang / "mini-rules.html").read_text(encoding="utf-8")
    badge = re.search(r'<span class="hb-verdict hb-verdict-needs-action"><a class="reference internal" '
                      r'href="#otwarcie-1ba"><span class="std std-ref">([^<]+)</span></a></span>', html)
    assert badge is not None and badge.group(1) == label
    # The handbook's own example is a row of its article's table of editorial examples, set apart by its heading.
    run = re.search(r'<div class="hb-example-run">(.*?)</table>', html, re.S)
    assert run is not None and heading in run.group(1)
    row = re.search(r'<tr[^>]*><td><p><span class="hb-example-row" id="przyklad-1ba-12-14"></span>(.*?)</tr>',
                    run.group(1), re.S)
    assert row is not None and badge.group(0) in row.group(1)
    # Beside the verdict, the agreement it is the verdict on (meaning: {natural: true, hcp: 12-14}) in the reader's
    # words, in the column that says it is the pair's: the regulation's verdict may call "natural" what the pair
    # calls so, or not.
    assert f'<th class="head"><p>{agreement}</p></th>' in run.group(1)
    query = {"pl": "naturalne; 12–14 PC", "en": "natural; 12–14 HCP"}[lang]
    assert f'<span class="hb-query">{query}</span>' in row.group(1)


@pytest.mark.tex
def test_the_pdf_prints_the_badge_and_the_heading(built: Path) -> None:
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(built / "pdf" / "mini-handbook-pl-a4.pdf"), "-"],
                          check=True, capture_output=True, text=True).stdout
    assert "Przykłady redakcyjne" in text and "Alert" in text
