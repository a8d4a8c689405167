"""The site in a real browser (headless Chromium): the language switcher and
the suit colours as a reader sees them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import serve

pytestmark = pytest.mark.browser



@pytest.fixture(scope="module")
def server(mini_site: Path) -> Iterator[str]:
    """The published fixture site over HTTP on a free loopback port."""
    with serve(mini_site / "site") as url:
        yield url


@pytest.fixture(scope="module")
def page(server: str, chromium) -> Iterator[object]:  # type: ignore[no-untyped-def]
    page = chromium.new_page()
    try:
        yield page
    finally:
        page.close()


def test_switcher_goes_to_the_same_article_in_the_other_language(server: str, page) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{server}/pl/mini-rules.html")
    assert page.locator("h1").first.inner_text().startswith("Zasady próbne")
    page.locator(".hb-languages a[hreflang='en']").first.click()
    page.wait_for_load_state()
    assert page.url == f"{server}/en/mini-rules.html"
    assert page.locator("h1").first.inner_text().startswith("Trial rules")
    page.locator(".hb-languages a[hreflang='pl']").first.click()
    page.wait_for_load_state()
    assert page.url == f"{server}/pl/mini-rules.html"


def test_switcher_keeps_the_anchor(server: str, page) -> None:  # type: ignore[no-untyped-def]
    # Element ids are the same in every language: the other language opens at the same article.
    page.goto(f"{server}/pl/mini-rules.html#otwarcie-1ba")
    page.locator(".hb-languages a[hreflang='en']").first.click()
    page.wait_for_load_state()
    assert page.url == f"{server}/en/mini-rules.html#otwarcie-1ba"
    # A page opened without an anchor switches to the top of the other one.
    page.goto(f"{server}/en/mini-rules.html")
    page.locator(".hb-languages a[hreflang='pl']").first.click()
    page.wait_for_load_state()
    assert page.url == f"{server}/pl/mini-rules.html"


def test_hearts_and_diamonds_are_red_spades_and_clubs_are_not(server: str, page) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{server}/pl/mini-rules.html")
    colour = {
        suit: page.locator(f".suit-{suit}").first.evaluate("e => getComputedStyle(e).color")
        for suit in ("hearts", "diamonds", "spades", "clubs")
    }
    assert colour["hearts"] == colour["diamonds"] == "rgb(200, 16, 46)"
    assert colour["spades"] == colour["clubs"] != colour["hearts"]


def test_root_page_lists_every_language(server: str, page) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{server}/")
    names = page.locator("ul.languages li > a:first-child").all_inner_texts()
    assert names == ["Polski", "English"]
    page.get_by_role("link", name="English").click()
    page.wait_for_load_state()
    assert page.url == f"{server}/en/index.html"
