"""Accessible pages: axe-core (through axe-playwright-python, in headless
Chromium) finds no serious or critical violation on any document's page in
any language, nor on the language indexes, the root page and the status page."""

from __future__ import annotations

from pathlib import Path

import pytest

from build_tools.pipeline import load_handbook
from conftest import ROOT, serve

HANDBOOK = load_handbook(ROOT / "source")
LANGUAGES = list(HANDBOOK.manifest.languages)
PAGES = ["index.html", "status.html"] + [
    f"{lang}/{page}.html" for lang in LANGUAGES for page in ("index", *(d.id for d in HANDBOOK.documents))
]


def serious(page) -> list[tuple[str, str, int]]:  # type: ignore[no-untyped-def]
    """axe-core's serious and critical violations on ``page``: (rule, impact, elements)."""
    from axe_playwright_python.sync_playwright import Axe

    result = Axe().run(page).response
    assert result["passes"], "axe-core checked nothing"
    return [(v["id"], v["impact"], len(v["nodes"])) for v in result["violations"]
            if v["impact"] in ("serious", "critical")]


@pytest.mark.browser
def test_axe_sees_a_violation_where_there_is_one(chromium, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "bad.html").write_text('<!doctype html><html><head><title>x</title></head><body>'
                                       '<img src="x.png"><a href="y"></a></body></html>', encoding="utf-8")
    page = chromium.new_page()
    try:
        with serve(tmp_path) as url:
            page.goto(f"{url}/bad.html")
            found = {rule for rule, _, _ in serious(page)}
    finally:
        page.close()
    assert {"image-alt", "link-name"} <= found


@pytest.mark.browser
def test_no_page_has_a_serious_accessibility_violation(chromium, real_server: str) -> None:  # type: ignore[no-untyped-def]
    page = chromium.new_page()
    found = {}
    try:
        for path in PAGES:
            page.goto(f"{real_server}/{path}")
            violations = serious(page)
            if violations:
                found[path] = violations
    finally:
        page.close()
    assert not found
