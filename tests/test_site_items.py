"""What a director meets on the site, besides the search: the index's calls as
links named by their articles, in the order of the calls; a link to an A5
book that says it opens the original; one auction notation down a quick
reference; the languages within reach on a phone; and the Laws an article
rests on, linked in every language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import run_handbook, write_document

LANGUAGES = ["pl", "en", "ru", "es", "sv", "zh_CN"]


def _index_symbols(site: Path, language: str) -> list[tuple[str, list[str]]]:
    """The entries of the symbols' group of a language's index: each entry's
    words and what names each of its links: the link's words, or those of the
    link before it (two articles of one name: "Article 29 IV., [1], [2]")."""
    from html.parser import HTMLParser

    html = (site / language / "genindex.html").read_text(encoding="utf-8")
    # The first group after the jump box: Sphinx's "Symbols", in the site's language.
    group = html.split('class="genindex-section">', 3)[2].split("</section>", 1)[0]

    class Entries(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.depth = 0  # of <ul>
            self.found: list[tuple[str, list[str]]] = []
            self.item = ""  # the words of the current <li> outside links
            self.link: list[str] | None = None

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag == "ul":
                self.depth += 1
            elif tag == "li":
                self.item = ""
                if self.depth == 1:
                    self.found.append(("", []))
            elif tag == "a":
                self.link = []

        def handle_endtag(self, tag: str) -> None:
            if tag == "ul":
                self.depth -= 1
            elif tag == "a" and self.link is not None and self.found:
                words = "".join(self.link).strip()
                if re.fullmatch(r"\[\d+\]", words):  # another article of the name before it
                    words = self.item
                self.item = self.item or words
                self.found[-1][1].append(words)
                self.link = None

        def handle_data(self, data: str) -> None:
            if self.link is not None:
                self.link.append(data)
                return
            words = data.strip(", \n")
            if words and not self.item:
                self.item = words
            if words and self.depth == 1 and self.found and not self.found[-1][0]:
                self.found[-1] = (words, self.found[-1][1])

    parser = Entries()
    parser.feed(group)
    return parser.found


@pytest.mark.parametrize("language", ["en", "pl"])
def test_the_index_lists_calls_in_their_order_each_link_named(real_site: Path, language: str) -> None:
    from build_tools.generated.callindex import call_order

    order = call_order(language)
    entries = [(name, links) for name, links in _index_symbols(real_site, language) if name in order]
    names = [name for name, _ in entries]
    assert len(names) > 10, names
    # 1♣ 1♦ 1♥ 1♠ 1NT 2♣ ..., as the printed index (not 1♠ 1♣ 1♥ 1♦)
    assert names == sorted(names, key=order.__getitem__), names
    assert names.index("1♣") < names.index("1♦") < names.index("1♥") < names.index("1♠")
    # each link says where it leads: a document and an article, not [1], [2]
    bare = [(name, link) for name, links in entries for link in links if not link or re.fullmatch(r"\[?\d+\]?", link)]
    assert not bare, bare[:5]


def test_a_translations_pocket_book_link_says_it_opens_the_original(real_site: Path) -> None:
    page = (real_site / "en" / "pzbs-alert-rules.html").read_text(encoding="utf-8")
    link = re.search(r'<a [^>]*href="../pdf/pzbs-alert-rules-pl-a5.pdf"[^>]*>(.*?)</a>', page, re.S)
    assert link and "original (Polish)" in re.sub(r"<[^>]+>", "", link.group(1)), link
    own = (real_site / "pl" / "pzbs-alert-rules.html").read_text(encoding="utf-8")
    assert "original" not in re.search(r'href="../pdf/pzbs-alert-rules-pl-a5.pdf"[^>]*>(.*?)</a>', own, re.S).group(1)


@pytest.mark.tex
def test_the_root_pages_pocket_book_link_says_it_opens_the_original(real_books: Path) -> None:
    # The root page links only the books that were built (an HTML-only site links none).
    root = (real_books / "site" / "index.html").read_text(encoding="utf-8")
    line = re.search(r'href="pdf/cba-bidding-systems-zh_CN-a5.pdf">(.*?)</a>', root, re.S)
    assert line and "original" in line.group(1) and 'lang="zh-CN"' in line.group(1), line


def test_one_auction_notation_down_the_bws_quick_reference() -> None:
    # BWS writes "1♥ pass pass 1NT" (every call), "(1♥)-1NT" and "(1♥)-D-(pass)-1NT"
    # (one side's): the quick reference shows them all in the partnership view.
    from test_generated import quick_rows

    for language in ("sv", "en"):
        sequences = [sequence for _, sequence, *_ in quick_rows(language, "bws-competitive-bidding")]
        assert sequences and not [s for s in sequences if " " in s], [s for s in sequences if " " in s][:5]
    assert "(1♥)-P-(P)-1NT" in [s for _, s, *_ in quick_rows("en", "bws-competitive-bidding")]


@pytest.mark.browser
def test_the_languages_are_within_reach_on_a_phone(real_server: str, chromium) -> None:  # type: ignore[no-untyped-def]
    for width, height, shown in ((390, 844, True), (1280, 900, False)):
        page = chromium.new_page(viewport={"width": width, "height": height})
        try:
            page.goto(f"{real_server}/pl/pzbs-alert-rules.html")
            bar = page.locator(".hb-languages-bar a[hreflang='en']")
            assert bar.is_visible() is shown, (width, shown)
            if shown:
                box = bar.bounding_box()
                assert box and box["y"] + box["height"] <= height and box["x"] + box["width"] <= width, box
                bar.click()
                page.wait_for_load_state()
                assert page.url.endswith("/en/pzbs-alert-rules.html"), page.url
            else:  # the sidebar's switcher, where it always was
                assert page.locator("nav.hb-languages a[hreflang='en']").is_visible()
        finally:
            page.close()


#: source/cba-bidding-systems.yaml: the articles that presume damage and award
#: adjusted scores, and the Law 12 entries of the Laws' contents they rest on.
LAW_LINKS = {
    "yilou-jiading-shanghai": ["pravilo-12-a", "pravilo-12-c"],
    "hum-zongse-wanzheng-miaoshu": ["pravilo-12-a", "pravilo-12-c"],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_article_resting_on_the_laws_links_their_entries_in_every_language(real_site: Path,
                                                                              language: str) -> None:
    page = (real_site / language / "cba-bidding-systems.html").read_text(encoding="utf-8")
    laws = (real_site / language / "laws-1987-contents.html").read_text(encoding="utf-8")
    for article, entries in LAW_LINKS.items():
        after = page.split(f'id="{article}"', 1)[1].split('class="hb-anchor"', 1)[0]
        for entry in entries:
            link = re.search(rf'<a class="reference internal" href="laws-1987-contents.html#{entry}">(.*?)</a>',
                             after, re.S)
            assert link, (language, article, entry)
            assert f'id="{entry}"' in laws, (language, entry)  # the target exists
            name = re.sub(r"<[^>]+>", "", link.group(1)).strip()
            assert re.search(r"12", name) and name != entry, name  # named by the Law, not its id


def test_a_law_reference_names_an_entry_that_exists(tmp_path: Path) -> None:
    from build_tools.loader import check_references, load_document

    path = write_document(tmp_path, """\
        schema: 1
        document: doc
        title: T
        language: en
        kind: regulation
        body:
          - paragraph: a
            text: A.
            laws: [doc#b]
          - paragraph: c
            text: C.
            laws: [other#x, Law 12]
        """)
    result = run_handbook("validate", str(path))
    assert result.returncode == 1
    assert re.search(r"doc\.yaml:12:21: error: laws: 'Law 12' is no reference 'document#id'", result.stderr), \
        result.stderr
    path.write_text(path.read_text(encoding="utf-8").replace(", Law 12]", "]"), encoding="utf-8")
    result = run_handbook("validate", str(path))
    assert re.search(r"doc\.yaml:7:5: error: laws: reference to unknown id 'b' in 'doc'$", result.stderr, re.M), \
        result.stderr
    path.write_text(path.read_text(encoding="utf-8").replace("[doc#b]", "[doc#a]"), encoding="utf-8")
    document = load_document(path)  # another document is checked with the whole handbook
    assert [p.message for p in check_references([document])] == ["laws: reference to unknown document 'other'"]


def test_the_index_orders_the_calls_it_is_given() -> None:
    # The site's index reorders Sphinx's entries (html-page-context of genindex).
    from types import SimpleNamespace

    from build_tools.generated.callindex import order_site_index

    entries = [(name, ([], [], None)) for name in ("1♠", "1♣", "2♦", "1NT", "1♥", "1♦", "Stayman")]
    other = [("A", [("alert", ([], [], None))])]
    context = {"genindexentries": [("Symbols", entries), *other]}
    app = SimpleNamespace(config=SimpleNamespace(language="en"))
    order_site_index(app, "genindex", "genindex.html", context, None)  # type: ignore[arg-type]
    assert [name for name, _ in context["genindexentries"][0][1]] == ["1♣", "1♦", "1♥", "1♠", "1NT", "2♦", "Stayman"]
    untouched = {"genindexentries": [("S", [("1♠", 0), ("1♣", 0)])]}
    order_site_index(app, "search", "search.html", untouched, None)  # type: ignore[arg-type]
    assert untouched == {"genindexentries": [("S", [("1♠", 0), ("1♣", 0)])]}  # another page's context
