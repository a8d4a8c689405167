"""Editions published (issue 34, the publishing half): each earlier edition of
a document at its own stable address, ``<lang>/<document>/<edition>/``, with a
banner naming the edition in force; the edition and the day it is in force
from on the page and the title page; the page "Changes in edition X" with the
redline of each changed article and the verdicts that changed.

The fixture (tests/fixtures/amendment/source) is the regulation trial-rules,
whose 2026 edition supersedes the 2024 one (tests/test_editions.py lists what
it changed, read from the two files). Read from those files here:

* unchanged by the amendment: ``general-principle``, ``openings``,
  ``opening-rules``, ``artificial-openings``;
* reworded: ``scope-of-rules`` ("every event of the union" -> "every event
  the union runs or licenses");
* ``one-notrump``: "starts at 12 HCP" -> "starts at 11 HCP";
* repealed: ``two-diamonds``; added: ``strong-club``.
"""

from __future__ import annotations

import html
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from conftest import built_once, run_handbook

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "fixtures" / "amendment"

UNCHANGED = ("general-principle", "openings", "opening-rules", "artificial-openings")
CHANGED = ("scope-of-rules", "one-notrump")


def build_fixture(work: Path, *args: str) -> Path:
    """The amendment fixture copied to ``work`` and built there; the build folder."""
    shutil.copytree(FIXTURE, work / "amendment")
    build = work / "build"
    result = run_handbook("build", *args, "--source", str(work / "amendment" / "source"),
                          "--translations", str(work / "amendment" / "translations"), "--build-dir", str(build))
    assert result.returncode == 0, result.stdout + result.stderr
    return build


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture's English site, built once: its published ``site`` folder."""
    return built_once(tmp_path_factory, "amendment-html", lambda work: None if build_fixture(work, "--html")
                      else None) / "build" / "site" / "en"


class _Ids(HTMLParser):
    """Every element's id of a page, and each element's attributes by class."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.classes: dict[str, list[dict[str, str]]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if "id" in found:
            self.ids.add(found["id"])
        for css in found.get("class", "").split():
            self.classes.setdefault(css, []).append({"tag": tag, **found})


def parsed(page: Path) -> _Ids:
    parser = _Ids()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def words(page: Path) -> str:
    """The text of ``page`` as a reader reads it: no tags, spaces folded."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8"))).split())


def banner(page: Path) -> str:
    """The text of the edition banner of ``page`` ("" when it has none)."""
    text = page.read_text(encoding="utf-8")
    found = re.search(r'<div class="[^"]*hb-edition-banner[^"]*"[^>]*>(.*?)</div>', text, re.S)
    return found.group(1) if found else ""


# --- 1. earlier editions at a stable address, with a banner ------------------------------

def test_the_earlier_edition_is_published_at_its_stable_address(site: Path) -> None:
    earlier = site / "trial-rules" / "2024" / "index.html"
    assert earlier.is_file()
    text = words(earlier)
    # The 2024 text, not the current one: its repealed point, its threshold.
    assert "A 2♦ opening is alerted, whatever it shows." in text
    assert "starts at 12 HCP" in text and "starts at 11 HCP" not in text
    assert "every event of the union." in text
    current = words(site / "trial-rules.html")
    assert "starts at 11 HCP" in current and "whatever it shows" not in current


def test_the_earlier_edition_has_a_banner_naming_and_linking_the_edition_in_force(site: Path) -> None:
    found = banner(site / "trial-rules" / "2024" / "index.html")
    assert found, "no edition banner"
    words = re.sub(r"<[^>]+>", "", found)
    assert "2024" in words and "2026" in words, words
    assert "1 August 2026" in words, words  # the day the edition in force took over
    links = re.findall(r'href="([^"]*)"', found)
    assert "../../trial-rules.html" in links, links


def test_the_current_edition_has_no_banner(site: Path) -> None:
    assert banner(site / "trial-rules.html") == ""


def test_article_anchors_are_the_same_in_every_edition(site: Path) -> None:
    earlier, current = parsed(site / "trial-rules" / "2024" / "index.html"), parsed(site / "trial-rules.html")
    for key in (*UNCHANGED, *CHANGED):
        assert key in earlier.ids and key in current.ids, key
    assert "two-diamonds" in earlier.ids and "two-diamonds" not in current.ids
    assert "strong-club" in current.ids and "strong-club" not in earlier.ids
