"""The real handbook's sites as a reader meets them: searching (headless
Chromium), the entry pages (the root page and each language's index), and the
text of its pages as the regulations wrote it.

The sites are built once for the module from the repository's ``source/`` and
``translations/``; set ``HANDBOOK_TEST_SITE`` to a published site folder
(``build/site``) to test that one instead of building.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from build_tools.document import LANGUAGE_NAMES
from build_tools.pipeline import load_handbook
from conftest import ROOT
from test_site import parse

LANGUAGES = ["pl", "en", "ru", "es", "sv", "zh_CN"]

#: (language, query, a document the results must list): the issue's queries,
#: and one in the regulation's own words on the Russian and Polish sites.
QUERIES = [
    ("zh_CN", "叫牌", "cba-bidding-systems"),
    ("zh_CN", "约定叫", "cba-bidding-systems"),
    ("zh_CN", "HUM", "cba-bidding-systems"),
    ("ru", "синглет", "russian-system-notes"),
    ("pl", "alertowania", "pzbs-alert-rules"),
]

#: A query each language's site finds something for (its search summary must show).
ANY_QUERY = {"pl": "alert", "en": "alert", "ru": "синглет", "es": "alert", "sv": "alert", "zh_CN": "叫牌"}


@pytest.fixture(scope="module")
def site(real_site: Path) -> Path:
    return real_site


@pytest.fixture(scope="module")
def server(real_server: str) -> str:
    return real_server


@pytest.fixture(scope="module")
def browser(server: str, chromium):  # type: ignore[no-untyped-def]
    return chromium


def _search(browser, server: str, language: str, query: str) -> tuple[list[str], str, list[str]]:  # type: ignore[no-untyped-def]
    """The result links, the summary line and the console errors of one search."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{server}/{language}/search.html?q={query}")
        # the summary is written when the last result is shown (or none is found)
        page.wait_for_function(
            "() => { const s = document.querySelector('#search-results > p.search-summary');"
            " return !!(s && s.innerText.trim()); }",
            timeout=10_000,
        )
        page.wait_for_timeout(300)
        links = page.locator("#search-results ul.search li > a").evaluate_all("as => as.map(a => a.getAttribute('href'))")
        summary = page.locator("#search-results > p.search-summary").inner_text()
        return links, summary, errors
    except Exception as exc:  # the page never finished: say what the console said
        raise AssertionError(f"search for {query!r} on {language} did not finish; console: {errors}") from exc
    finally:
        page.close()



@pytest.mark.browser
@pytest.mark.parametrize(("language", "query", "document"), QUERIES, ids=[f"{q[0]}-{q[1]}" for q in QUERIES])
def test_search_finds_the_document(browser, server: str, language: str, query: str, document: str) -> None:  # type: ignore[no-untyped-def]
    links, _summary, errors = _search(browser, server, language, query)
    assert not errors
    assert any(link.split("#")[0].split("?")[0] == f"{document}.html" for link in links), links


@pytest.mark.browser
def test_a_result_at_an_empty_anchor_is_summarised_by_what_holds_it(browser, server: str) -> None:  # type: ignore[no-untyped-def]
    # "HUM" on the Chinese site lists index entries, whose targets are the
    # articles' anchors, empty spans: Sphinx's summary of one was null, and the
    # page failed to append it (three errors, no summary).
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    # A result without a description of its own (a call's entry has one) gets a summary.
    summarised = ("() => { const items = [...document.querySelectorAll('#search-results ul.search li')]"
                  ".filter((li) => !li.querySelector(':scope > span'));"
                  " return items.length > 3 && items.every((li) => li.querySelector('p.context')); }")
    try:
        page.goto(f"{server}/zh_CN/search.html?q=HUM")
        try:
            page.wait_for_function(summarised, timeout=10_000)
        except Exception as exc:
            raise AssertionError(f"results without a summary; console: {errors}") from exc
        results = page.locator("#search-results ul.search li").evaluate_all(
            "lis => lis.filter(li => !li.querySelector(':scope > span')).map(li =>"
            " [li.querySelector('a').getAttribute('href'), li.querySelector('p.context').textContent.trim()])")
    finally:
        page.close()
    assert not errors
    anchored = [(href, text) for href, text in results if "#" in href]
    assert anchored, results
    # An index entry's article need not spell the word (an entry of a convention it rules on).
    assert all(text for _, text in anchored), anchored
    assert any("HUM" in text for _, text in anchored), anchored


@pytest.mark.browser
@pytest.mark.parametrize("language", LANGUAGES)
def test_search_shows_a_summary_and_no_console_error(browser, server: str, language: str) -> None:  # type: ignore[no-untyped-def]
    links, summary, errors = _search(browser, server, language, ANY_QUERY[language])
    assert not errors
    assert links
    assert str(len(links)) in summary or len(links) == 1, summary
    assert "${" not in summary


#: (language, an auction typed as a director would, an anchor the results must
#: link): the explanation of source/pzbs-alert-rules.yaml that reverses point 2
#: (transfers after 1BA are not alerted; after an intervention they are) is
#: found by the auction 1BA-(double)-2♦ in any notation, on the Polish site and
#: the English one; a plain call finds it too, and a call no example or rule
#: of it names does not.
AUCTIONS = [
    ("pl", "1BA ktr 2♦", "pzbs-alert-rules.html#wyjasnienie-stayman-po-interwencji"),
    ("pl", "1BA [ktr] 2 kara", "pzbs-alert-rules.html#wyjasnienie-stayman-po-interwencji"),
    ("pl", "1NT X 2D", "pzbs-alert-rules.html#wyjasnienie-stayman-po-interwencji"),
    ("en", "1NT X 2D", "pzbs-alert-rules.html#wyjasnienie-stayman-po-interwencji"),
    ("en", "1NT (X) 2♦", "pzbs-alert-rules.html#wyjasnienie-stayman-po-interwencji"),
    ("en", "1NT-2D", "pzbs-alert-rules.html#odpowiedzi-transfer-po-1ba"),
    ("pl", "1BA-2♦", "pzbs-alert-rules.html#odpowiedzi-transfer-po-1ba"),
]


@pytest.mark.browser
@pytest.mark.parametrize(("language", "query", "target"), AUCTIONS, ids=[f"{a[0]}-{a[1]}" for a in AUCTIONS])
def test_search_finds_an_auction_in_any_notation(browser, server: str, language: str, query: str,  # type: ignore[no-untyped-def]
                                                 target: str) -> None:
    from urllib.parse import quote

    links, _summary, errors = _search(browser, server, language, quote(query))
    assert not errors
    assert target in links, links


@pytest.mark.browser
def test_an_auction_search_does_not_list_other_calls(browser, server: str) -> None:  # type: ignore[no-untyped-def]
    from urllib.parse import quote

    links, _summary, errors = _search(browser, server, "pl", quote("1BA ktr 2♦"))
    assert not errors
    # 1BA-2♥ (a transfer to spades, no double) is not this auction.
    assert "pzbs-alert-rules.html#odpowiedzi-transfer-po-1ba" not in links, links


@pytest.mark.browser
def test_the_switcher_opens_the_other_language_at_the_same_article(browser, server: str) -> None:  # type: ignore[no-untyped-def]
    # Point 2's transfers after 1BA, read in Polish, then in English at the same place.
    page = browser.new_page()
    try:
        page.goto(f"{server}/pl/pzbs-alert-rules.html#odpowiedzi-transfer-po-1ba")
        page.locator(".hb-languages a[hreflang='en']").first.click()
        page.wait_for_load_state()
        assert page.url == f"{server}/en/pzbs-alert-rules.html#odpowiedzi-transfer-po-1ba"
        # and the browser scrolls there (smoothly: the theme's scrolling takes a moment)
        page.wait_for_function("() => { const top = document.getElementById('odpowiedzi-transfer-po-1ba')"
                               ".getBoundingClientRect().top; return top >= 0 && top < window.innerHeight; }",
                               timeout=10_000)
    finally:
        page.close()


def test_zh_language_data_names_a_stemmer_it_defines(site: Path) -> None:
    script = (site / "zh_CN" / "_static" / "language_data.js").read_text(encoding="utf-8")
    stemmer = re.search(r"window\.Stemmer = (\w+);", script)
    assert stemmer and f"{stemmer.group(1)}=function" in script.replace(" ", "")


def test_the_regulations_quotation_marks_come_out_as_written(site: Path, untranslated_site: Path) -> None:
    # source/russian-system-notes.yaml: конвенцию "метод исключения", on its own
    # site and shown untranslated on the Polish one (whose typography would make it „…”)
    for language, folder in (("ru", site), ("pl", untranslated_site)):
        text = (folder / language / "russian-system-notes.html").read_text(encoding="utf-8")
        assert '"метод исключения"' in text.replace("&quot;", '"'), language
        assert "„метод" not in text and "«метод" not in text, language


def test_every_page_has_a_favicon(site: Path) -> None:
    for language in LANGUAGES:
        text = (site / language / "index.html").read_text(encoding="utf-8")
        icon = re.search(r'<link rel="(?:shortcut )?icon" href="([^"]+)"', text)
        assert icon, language
        assert (site / language / icon.group(1)).is_file()


HANDBOOK = load_handbook(ROOT / "source")


def _texts(page: list, tag: str) -> list[str]:  # type: ignore[type-arg]
    return ["".join(text).strip() for t, _attrs, text in page if t == tag]


def test_root_page_is_english_and_names_each_language_in_its_own_script(site: Path) -> None:
    html = (site / "index.html").read_text(encoding="utf-8")
    assert '<html lang="en">' in html
    page = parse(site / "index.html")
    assert _texts(page, "h1") == [HANDBOOK.manifest.title("en")]
    assert any("original language" in " ".join(t.split()) for t in _texts(page, "p")), "no word on originals"
    links = {attrs["href"]: (attrs.get("lang"), "".join(text)) for tag, attrs, text in page
             if tag == "a" and attrs.get("href", "").endswith("/index.html")}
    for code in LANGUAGE_NAMES:
        tag = code.replace("_", "-")
        assert links[f"{code}/index.html"] == (tag, LANGUAGE_NAMES[code])
        title = [t for t, attrs, _ in page if t == "span" and attrs.get("lang") == tag]
        assert title, f"the {code} title is not marked as {tag}"
    icon = re.search(r'<link rel="icon" href="([^"]+)"', html)
    assert icon and (site / icon.group(1)).is_file()


def _index_entries(site: Path, language: str) -> dict[str, str]:
    """Each document's line on a language's index: {document id: its description}."""
    html = (site / language / "index.html").read_text(encoding="utf-8")
    entries = re.findall(r'<dt><a class="reference internal" href="([\w-]+)\.html">.*?</dt><dd><p>(.*?)</p>', html, re.S)
    return dict(entries)


@pytest.mark.parametrize(("language", "original", "translation", "issued"), [
    ("pl", "Tekst oryginalny", "Przekład (język oryginału: ", "Wydany przez "),
    ("zh_CN", "原文", "译文（原文语言：", None),
])
def test_language_index_says_which_documents_are_originals(
    site: Path, language: str, original: str, translation: str, issued: str | None
) -> None:
    entries = _index_entries(site, language)
    assert list(entries) == [d.id for d in HANDBOOK.documents]
    for doc in HANDBOOK.documents:
        line = entries[doc.id]
        if doc.language == language:
            assert line.startswith(original), line
        else:
            assert not line.startswith(original), line
            assert "%" in line or translation.split("(")[0] not in line, line
        if doc.issuer and issued:
            assert issued in line, line
        if doc.edition and doc.language == language:
            assert doc.edition.replace("\"", "") in line.replace("&quot;", "\""), line
        elif doc.edition:  # translated ("Питер, 1991": "Piter, 1991"), its year as it was
            assert all(year in line for year in re.findall(r"\d+", doc.edition)), line
    html = (site / language / "index.html").read_text(encoding="utf-8")
    assert f'href="../pdf/{HANDBOOK.manifest.id}-{language}-a4.pdf"' in html
    assert f'href="../pdf/{HANDBOOK.manifest.id}-{language}-a5.pdf"' in html


def test_a_translation_says_how_complete_it_is(site: Path) -> None:
    # the en site: pzbs-alert-rules is translated from Polish
    line = _index_entries(site, "en")["pzbs-alert-rules"]
    assert line.startswith("Translation (original language: Polish) · Translated: "), line
    assert re.search(r"Translated: \d+ of \d+ texts \(\d+ %\)", line), line
    assert "Issued by Polish Bridge Union" in line


def test_no_id_is_used_twice_on_a_page(site: Path) -> None:
    twice = {}
    for path in sorted(site.glob("*/*.html")):
        ids = re.findall(r'\sid="([^"]+)"', path.read_text(encoding="utf-8"))
        doubled = sorted({i for i in ids if ids.count(i) > 1})
        if doubled:
            twice[f"{path.parent.name}/{path.name}"] = doubled[:3]
    assert not twice


#: The examples of source/bws-competitive-bidding.yaml whose auction is the
#: reopening 1♥-pass-pass-1NT (a passed hand's too), read from the YAML; and
#: those of the direct (1♥)-1NT, which BWS gives other strength (15-18, not 10-14).
REOPENING = {"position-balansering", "inkliv-1nt-balansering", "inkliv-1nt-balansering-passad-hand",
             "inkliv-1nt-balansering-9-hp", "inkliv-1nt-balansering-10-hp", "inkliv-1nt-balansering-14-hp",
             "inkliv-1nt-balansering-15-hp"}
DIRECT = {"position-direkt", "inkliv-1nt-direkt", "inkliv-1nt-direkt-14-hp", "inkliv-1nt-direkt-15-hp",
          "inkliv-1nt-direkt-18-hp", "inkliv-1nt-direkt-19-hp"}


@pytest.mark.browser
@pytest.mark.parametrize("language", ["sv", "en"])
def test_a_reopening_finds_the_reopening_rows_first(browser, server: str, language: str) -> None:  # type: ignore[no-untyped-def]
    from urllib.parse import quote

    links, _summary, errors = _search(browser, server, language, quote("1♥ pass pass 1NT"))
    assert not errors
    anchors = [link.split("#")[1] for link in links if link.startswith("bws-competitive-bidding.html#")]
    # The passes are the position: its examples first, then the rule deciding
    # its strength (10-14), and only then the direct overcall's rows.
    assert set(anchors[:len(REOPENING)]) == REOPENING, anchors[:12]
    assert anchors.index("inkliv-1nt") < min(anchors.index(a) for a in DIRECT if a in anchors), anchors[:20]


@pytest.mark.browser
@pytest.mark.parametrize(("language", "query", "rule", "examples"), [
    # source/pzbs-alert-rules.yaml point otwarcia-2-karo: "2♦ – blokujące ... (wilkosz)"; its Multi example.
    ("pl", "2♦", "pzbs-alert-rules.html#otwarcia-2-karo", {"pzbs-alert-rules.html#ex-2-karo-multi"}),
    # source/aeb-bidding-systems.yaml point apertura-nivel-uno: when a one-level suit opening is natural.
    ("es", "1♣", "aeb-bidding-systems.html#apertura-nivel-uno", {"aeb-bidding-systems.html#apertura-1c-natural-segundo"}),
])
def test_an_opening_alone_finds_the_openings_rule_first(browser, server: str, language: str, query: str,  # type: ignore[no-untyped-def]
                                                        rule: str, examples: set[str]) -> None:
    from urllib.parse import quote

    links, _summary, errors = _search(browser, server, language, quote(query))
    assert not errors
    assert links[0] == rule, links[:10]
    # then the opening's own examples, before any auction that only holds the call
    assert examples <= set(links[1:12]), links[:12]


@pytest.mark.browser
def test_results_are_ranked_by_how_their_auction_meets_the_query(browser, server: str) -> None:  # type: ignore[no-untyped-def]
    # The ranking itself (static/hb-call-query.js), on the search page's own script.
    page = browser.new_page()
    try:
        page.goto(f"{server}/en/search.html")
        ranks = page.evaluate("""() => {
            const rank = (query, sequence, kind = "example") => HB.rank(HB.read(query), kind, "x", sequence);
            return {
              exact: rank("1NT", "1nt"), longer: rank("1NT", "1nt pass 2c"), muchLonger: rank("1NT", "1nt pass 2c pass 2d"),
              later: rank("1NT", "1h 1nt"), none: rank("1NT", "1h"),
              openingRule: rank("1NT", "1nt", "rule"), exampleOfTwo: rank("1NT 2C", "1nt pass 2c"),
              ruleOfTwo: rank("1NT 2C", "1nt pass 2c", "rule"),
              reopening: rank("1H P P 1NT", "1h pass pass 1nt"), direct: rank("1H P P 1NT", "1h 1nt"),
              response: rank("1H P P 1NT", "1h pass 1nt"), bracketed: rank("(1H) 1NT", "1h 1nt"),
              bracketedReopening: rank("(1H) 1NT", "1h pass pass 1nt"), alternative: rank("1S X", "1h|1s dbl"),
              written: rank("1S X", "1s dbl"),
            };
        }""")
    finally:
        page.close()
    assert ranks["exact"] > ranks["longer"] > ranks["muchLonger"] > ranks["later"], ranks
    assert ranks["none"] is None
    assert ranks["openingRule"] > ranks["exact"]  # an opening alone: its rule first
    assert ranks["exampleOfTwo"] > ranks["ruleOfTwo"]  # an auction: its examples first
    assert ranks["reopening"] > ranks["direct"] and ranks["reopening"] > ranks["response"], ranks
    assert ranks["bracketed"] > ranks["bracketedReopening"], ranks  # "(1♥) 1NT" is the direct seat
    assert ranks["alternative"] == ranks["written"]  # a call written as alternatives holds each


@pytest.mark.browser
def test_a_result_is_escaped_once(browser, server: str) -> None:  # type: ignore[no-untyped-def]
    # The index holds names HTML-escaped, and searchtools escaped them again:
    # "an opponent&#x27;s opening" on the page.
    page = browser.new_page()
    try:
        page.goto(f"{server}/en/search.html?q=1S%20X")
        page.wait_for_function("() => !!document.querySelector('#search-results > p.search-summary')?.innerText.trim()",
                               timeout=10_000)
        texts = page.locator("#search-results ul.search li").all_inner_texts()
    finally:
        page.close()
    assert any("opponent's" in text for text in texts), texts[:5]
    assert not any("&#" in text or "&amp;" in text or "&quot;" in text for text in texts), texts[:5]


@pytest.mark.browser
@pytest.mark.parametrize("word", ["constructor", "toString", "__proto__", "hasOwnProperty"])
def test_a_word_of_javascripts_objects_is_no_call(browser, server: str, word: str) -> None:  # type: ignore[no-untyped-def]
    # "1NT constructor" became the key "1nt function Object() {...}".
    page = browser.new_page()
    try:
        page.goto(f"{server}/en/search.html")
        read = page.evaluate("(q) => [HB.read(q), splitQuery(q)]", f"1NT {word}")
    finally:
        page.close()
    assert read[0] is None
    assert read[1] == ["1NT", word]


@pytest.mark.browser
def test_a_pages_summary_leaves_out_its_languages(browser, server: str) -> None:  # type: ignore[no-untyped-def]
    # The languages a phone shows above the article (templates/page.html) are in
    # every page's main block: a summary began "Polski English Русский ...".
    page = browser.new_page()
    try:
        page.goto(f"{server}/en/search.html?q=alerting")
        page.wait_for_function("() => [...document.querySelectorAll('#search-results li p.context')]"
                               ".some(p => p.textContent.trim())", timeout=20_000)
        summaries = page.locator("#search-results li p.context").all_inner_texts()
    finally:
        page.close()
    assert summaries
    bar = "Polski English Русский Español Svenska 中文"  # the languages, in the manifest's order
    assert not [s for s in summaries if bar in " ".join(s.split())], summaries[:3]


@pytest.mark.browser
def test_a_word_finds_the_auctions_whose_words_hold_it_not_their_kind(browser, server: str) -> None:  # type: ignore[no-untyped-def]
    # "叫牌" (auction) is in the Chinese name of every result's kind ("含此叫牌过程的示例"):
    # matched there, it listed all 1,282 auctions and the page never finished.
    links, summary, errors = _search(browser, server, "zh_CN", "叫牌")
    assert not errors
    assert 0 < len(links) < 200, len(links)
