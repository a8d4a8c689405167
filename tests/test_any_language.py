"""A federation adds a language by listing it in the manifest: German here,
which the handbook was never written for. `i18n update` creates its catalogs,
the site and the PDF are built in it, Sphinx's own words come in German, and
calls and hands print in German notation (its profile, build_tools/bridge/notation.py)."""

from __future__ import annotations

from pathlib import Path

import polib
import pytest

from build_tools.i18n.catalogs import catalog_path
from conftest import run_handbook


@pytest.fixture(scope="module")
def german(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import shutil

    from conftest import FIXTURES

    root = tmp_path_factory.mktemp("german") / "mini"
    shutil.copytree(FIXTURES / "mini", root)
    manifest = root / "source" / "handbook.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8")
                        .replace("languages: [pl, en]", "languages: [pl, en, de]")
                        .replace("  en: Small handbook\n", "  en: Small handbook\n  de: Kleines Handbuch\n"),
                        encoding="utf-8")
    args = ["--source", str(root / "source"), "--translations", str(root / "translations")]
    update = run_handbook("i18n", "update", *args)
    assert update.returncode == 0, update.stderr
    catalog = catalog_path(root / "translations", "de", "mini-rules")
    po = polib.pofile(str(catalog))
    title = po.find("Zasady próbne", msgctxt="mini-rules")
    assert title is not None and "en: Trial rules" in title.comment  # the English pivot, for a German translator
    title.msgstr = "Probe-Regeln"
    po.save(str(catalog))
    return root


def test_listing_a_language_creates_its_catalogs(german: Path) -> None:
    for domain in ("mini-rules", "handbook"):
        assert catalog_path(german / "translations", "de", domain).is_file()
    assert not catalog_path(german / "translations", "de", "mini-rules").with_name("unknown.po").exists()


def test_an_unknown_language_is_refused(german: Path, tmp_path: Path) -> None:
    import shutil

    shutil.copytree(german, tmp_path / "copy")
    manifest = tmp_path / "copy" / "source" / "handbook.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("[pl, en, de]", "[pl, en, klingon]"),
                        encoding="utf-8")
    result = run_handbook("validate", "--source", str(tmp_path / "copy" / "source"))
    assert result.returncode == 1
    assert "unknown language 'klingon' (a language code such as pl, de or zh_CN)" in result.stderr


@pytest.mark.tex
def test_a_german_site_and_book_are_built(german: Path) -> None:
    build = german / "build"
    result = run_handbook("build", "--source", str(german / "source"), "--translations",
                          str(german / "translations"), "--build-dir", str(build))
    assert result.returncode == 0, result.stdout + result.stderr
    page = (build / "site" / "de" / "mini-rules.html").read_text(encoding="utf-8")
    assert '<html class="no-js" lang="de"' in page
    assert "Probe-Regeln" in page  # the translated title
    assert "Suche" in page  # Sphinx's own German
    # The Polish example "1♣ 1♥ 1BA ?" and hand "♦D832" in German notation
    # (SA, D for Dame), as the Polish site shows them in Polish (BA, D).
    import re

    def cells(html: str) -> list[str]:
        return [re.sub("<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", html, re.S)]

    assert {"1SA — 12-14", "♦ D832"} <= set(cells(page))
    polish = cells((build / "site" / "pl" / "mini-rules.html").read_text(encoding="utf-8"))
    assert {"1BA — 12-14", "♦ D832"} <= set(polish)
    index = (build / "site" / "index.html").read_text(encoding="utf-8")
    assert 'lang="de">Deutsch</a>' in index
    from pypdf import PdfReader

    pdf = PdfReader(build / "pdf" / "mini-handbook-de-a4.pdf")
    assert str(pdf.trailer["/Root"].get("/Lang")) == "de"
    assert "Probe-Regeln" in "".join(p.extract_text() for p in pdf.pages)
    log = (build / "latex" / "de" / "mini-handbook-de-a4.log").read_text(encoding="utf-8", errors="replace")
    assert "No hyphenation patterns were loaded for `german'" not in log
