"""The Ask page in real Chromium (issue 32, items 2 and 3): the engine of
``handbook explain`` running in the page (Pyodide), asked through the page's
entry point (``window.hbAsk``, static/hb-ask-engine.js) and through its form.

Every shipped example with a verdict is asked on the English page and gets
what ``handbook explain --json`` answers, byte for byte as data; a sample of
them, typed in each reader's own notation, gets the same verdicts on every
language's page. The page passes axe, fits a 390 px phone with its answers
shown, keeps its query in the address (the back button goes to the question
before), turns a "depends" answer into fields to fill, checks a convention
card as ``handbook card check`` does, and answers offline after one visit.

Pyodide starts once per language's page (a page is opened once per language
and kept for the module), so the suite pays one start per language.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from build_tools.bridge import notation
from build_tools.bridge.views import View
from build_tools.cli import main
from build_tools.document import Example
from build_tools.pipeline import load_handbook
from conftest import ROOT

pytestmark = pytest.mark.browser

HANDBOOK = load_handbook(ROOT / "source", ROOT / "translations")
LANGUAGES = list(HANDBOOK.manifest.languages)
#: Every shipped example that states a verdict: (document, its language, the example).
EXAMPLES = [(doc.id, doc.language, example) for doc in HANDBOOK.documents for example in doc.elements()
            if isinstance(example, Example) and example.expect and example.query is not None]
#: Starting Pyodide on a loaded machine takes seconds; an answer far less.
BOOT_MS = 300_000


def query_of(example: Example) -> dict[str, Any]:
    """The example's query as a director types it for ``handbook explain``."""
    assert example.query is not None
    return {"auction": example.query.auction, "view": example.query.view, **example.query.asked}


def in_reader_notation(query: dict[str, Any], written: str, reader: str) -> dict[str, Any]:
    """``query`` (its auction and hand written in ``written``'s notation) as
    the reader of ``reader`` types it, in his own notation."""
    pattern = notation.profile(written).parse_pattern(query["auction"], View(query["view"]))
    shown = notation.display_profile(reader)
    moved = {**query, "auction": shown.format_pattern(pattern)}
    if "hand" in query:
        moved["hand"] = shown.format_hand(notation.profile(written).parse_hand(query["hand"]))
    return moved


@pytest.fixture(scope="module")
def cli_build(real_build_folder: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The build folder ``handbook explain`` reads its rulebooks from (the
    real site's, whose cache holds them), with the digest of the inputs it
    checks them by worked out once per document: the inputs do not change
    while the tests run, and the answers are the CLI's own."""
    import build_tools.rulebooks

    given = os.environ.get("HANDBOOK_TEST_SITE")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(build_tools.rulebooks, "rulebook_key", functools.cache(build_tools.rulebooks.rulebook_key))
        yield tmp_path_factory.mktemp("explain") if given else real_build_folder


def explain(document: str, query: dict[str, Any], build: Path) -> dict[str, Any]:
    """What ``handbook explain DOCUMENT QUERY --json`` prints, as data."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["explain", document, json.dumps(query, ensure_ascii=False), "--json", "--build-dir", str(build)])
    assert code in (0, 1), err.getvalue()
    found: dict[str, Any] = json.loads(out.getvalue())
    return found


class Pages(dict):  # type: ignore[type-arg]
    """The Ask page of each language, opened when first asked for: each in a
    context of its own (its service worker and caches), at a phone's width,
    its engine started; ``errors`` holds what each page threw."""

    def __init__(self, chromium: Any, server: str) -> None:
        super().__init__()
        self.chromium, self.server = chromium, server
        self.errors: dict[str, list[str]] = {}

    def __missing__(self, language: str) -> Any:
        context = self.chromium.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        page.set_default_timeout(BOOT_MS)
        errors = self.errors.setdefault(language, [])
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{self.server}/{language}/ask.html")
        page.evaluate("hbAsk.ready().then(() => true)")
        self[language] = page
        return page


@pytest.fixture(scope="module")
def pages(chromium, real_server: str) -> Iterator[Pages]:  # type: ignore[no-untyped-def]
    found = Pages(chromium, real_server)
    try:
        yield found
    finally:
        for page in found.values():
            page.context.close()


ASK_ALL = """async (asked) => {
  const answers = [];
  for (const [document, query, notations] of asked) answers.push(await hbAsk.answer(document, query, {notations}));
  return answers;
}"""


def test_every_example_is_answered_as_explain_answers_it(pages, cli_build: Path) -> None:  # type: ignore[no-untyped-def]
    asked = [[document, query_of(example), [language]] for document, language, example in EXAMPLES]
    answers = pages["en"].evaluate(ASK_ALL, asked)
    assert len(answers) == len(EXAMPLES) > 700
    differ = []
    for (document, _, example), (_, query, _), found in zip(EXAMPLES, asked, answers, strict=True):
        cli = explain(document, query, cli_build)
        if found != {"answer": cli}:
            differ.append(f"{document}#{example.id}: page {found} != explain {cli}")
        # The verdicts the document states beside the example, read from its YAML.
        verdicts = found.get("answer", {}).get("verdicts", {})
        for question, expected in example.expect:
            if verdicts.get(question, {}).get("value") != expected:
                differ.append(f"{document}#{example.id}: {question} is {expected!r} in the document, "
                              f"{verdicts.get(question)} on the page")
    assert not differ, f"{len(differ)} differ:\n" + "\n".join(differ[:5])
    assert not pages.errors["en"]


ROUND_TRIP = """async (asked) => {
  const found = [];
  for (const [document, query, notations] of asked) {
    await hbAskForm.write(query, document);
    const read = await hbAskForm.read();
    found.push([read, await hbAsk.answer(document, read, {notations}), await hbAsk.answer(document, query, {notations})]);
  }
  return found;
}"""


def test_the_form_can_ask_every_examples_query(pages) -> None:  # type: ignore[no-untyped-def]
    """Every shipped example's query, written into the form's fields (its
    meaning field by field, earlier calls, hand, vulnerability, screens, no
    agreement, BWS's choices instead of defaults, a card pasted as data, event
    and stage) and read back from them, gets the answer the query itself gets:
    the form says whatever the examples say."""
    asked = [[document, query_of(example), [language]] for document, language, example in EXAMPLES
             if "call" not in example.query.asked]  # type: ignore[union-attr]  (a diagram's '?': no field)
    assert len(asked) >= len(EXAMPLES) - 2
    found = pages["en"].evaluate(ROUND_TRIP, asked)
    differ = [f"{document}: {query} read back as {read}: {mine} != {theirs}"
              for (document, query, _), (read, mine, theirs) in zip(asked, found, strict=True)
              if mine != theirs or set(read) != set(query) - {"view"} | ({"view"} if query["view"] == "table" else set())]
    assert not differ, f"{len(differ)} differ:\n" + "\n".join(differ[:3])
    assert not pages.errors["en"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_answers_in_its_own_notation(pages, language: str, cli_build: Path) -> None:  # type: ignore[no-untyped-def]
    """A sample of the examples (one in nine, every document), typed in the
    reader's notation (``[1♣] 1BA`` on the Polish page, ``(1♣) 1БК`` on the
    Russian), gets the verdicts explain gives the document's own notation."""
    sample = [entry for n, entry in enumerate(EXAMPLES) if n % 9 == LANGUAGES.index(language)
              and "call" not in entry[2].query.asked]  # type: ignore[union-attr]
    assert {document for document, _, _ in sample} == {document for document, _, _ in EXAMPLES}
    reader = notation.display_profile(language).code
    asked = [[document, in_reader_notation(query_of(example), written, language), [reader]]
             for document, written, example in sample]
    answers = pages[language].evaluate(ASK_ALL, asked)
    differ = [f"{document}#{example.id} as {query['auction']!r}: {found}"
              for (document, _, example), (_, query, _), found in zip(sample, asked, answers, strict=True)
              if found != {"answer": explain(document, query_of(example), cli_build)}]
    assert not differ, "\n".join(differ[:5])


def test_the_page_passes_axe_with_its_answers_shown(pages) -> None:  # type: ignore[no-untyped-def]
    from test_accessibility import serious

    page = pages["en"]
    ask_through_the_form(page, "pzbs-alert-rules", "1NT", hcp="12-14")
    page.select_option("#hb-ask-document", "*")
    page.click("#hb-ask-form button.hb-ask-go")
    page.wait_for_selector(".hb-ask-compare")
    page.click("#hb-card-form button.hb-ask-go")
    page.wait_for_selector("#hb-card-answer .hb-ask-result")
    assert serious(page) == []


def ask_through_the_form(page, document: str, auction: str, hcp: str = "") -> None:  # type: ignore[no-untyped-def]
    page.evaluate("document.getElementById('hb-ask-form').reset()")
    page.select_option("#hb-ask-document", document)
    page.fill("#hb-ask-auction", auction)
    page.fill("#hb-m1-hcp", hcp)
    page.evaluate("document.getElementById('hb-ask-answer').replaceChildren()")
    page.click("#hb-ask-form button.hb-ask-go")
    page.wait_for_selector("#hb-ask-answer .hb-ask-result")


def width(page) -> int:  # type: ignore[no-untyped-def]
    return int(page.evaluate("document.documentElement.scrollWidth"))


@pytest.mark.parametrize("language", ["en", "ru", "zh_CN"])
def test_the_page_fits_a_phone(pages, language: str) -> None:  # type: ignore[no-untyped-def]
    page = pages[language]
    assert width(page) <= 390
    page.select_option("#hb-ask-document", "*")
    page.fill("#hb-ask-auction", "2♦")
    page.click("#hb-ask-form button.hb-ask-go")
    page.wait_for_selector(".hb-ask-compare")
    for details in page.locator("details").all():
        details.evaluate("d => d.open = true")
    assert width(page) <= 390
    page.click("#hb-card-form button.hb-ask-go")
    page.wait_for_selector("#hb-card-answer .hb-ask-result")
    assert width(page) <= 390


def test_the_form_asks_what_it_shows_and_keeps_it_in_the_address(pages) -> None:  # type: ignore[no-untyped-def]
    page = pages["en"]
    # With the bidding box: 1NT, natural, balanced, 12-14 HCP (PZBS: alerted, a weak notrump).
    page.select_option("#hb-ask-document", "pzbs-alert-rules")
    page.click("[data-clear]")
    page.click("[data-level='1']")
    page.click("[data-strain='NT']")
    assert page.input_value("#hb-ask-auction") == "1NT"
    page.select_option("#hb-m1-natural", "true")
    page.fill("#hb-m1-hcp", "12-14")
    page.locator("#hb-ask-form fieldset[data-key='shape'] input[value='balanced']").first.check()
    page.click("#hb-ask-form button.hb-ask-go")
    page.wait_for_selector("#hb-ask-answer .hb-verdict-needs-action")
    first = page.url
    asked = json.loads(page.evaluate("new URLSearchParams(location.search).get('q')"))
    assert asked == {"auction": "1NT", "meaning": {"natural": True, "hcp": "12-14", "shape": "balanced"}}
    # 15-17 balanced is not alerted (PZBS: 1NT within 14-18 in notrump shape without shortness).
    page.fill("#hb-m1-hcp", "15-17")
    page.click("#hb-ask-form button.hb-ask-go")
    page.wait_for_selector("#hb-ask-answer .hb-verdict-permitted")
    assert page.url != first
    page.go_back()
    page.wait_for_selector("#hb-ask-answer .hb-verdict-needs-action")
    assert page.url == first and page.input_value("#hb-m1-hcp") == "12-14"
    # The address alone asks again: a ruling shared is a ruling shown.
    page.goto(first)
    page.wait_for_selector("#hb-ask-answer .hb-verdict-needs-action")
    assert page.input_value("#hb-m1-hcp") == "12-14"


def test_a_depends_answer_asks_for_what_is_missing(pages) -> None:  # type: ignore[no-untyped-def]
    page = pages["en"]
    ask_through_the_form(page, "pzbs-alert-rules", "1NT")
    needs = page.locator("#hb-ask-answer .hb-ask-needs")
    assert needs.count() == 1
    # The missing HCP, nature and shape, filled in the answer, go back into the form and are asked.
    needs.locator("input[type=text]").first.fill("15-17")
    needs.locator("select").first.select_option("true")
    needs.locator("input[type=checkbox][value='balanced']").first.check()
    needs.locator("button").click()
    page.wait_for_selector("#hb-ask-answer .hb-verdict-permitted")
    assert page.input_value("#hb-m1-hcp") == "15-17"


def test_a_card_is_checked_as_card_check_reports_it(pages, cli_build: Path) -> None:  # type: ignore[no-untyped-def]
    page = pages["en"]
    cards = page.evaluate("hbAsk.cards()")
    assert [c["id"] for c in cards] == sorted(c["id"] for c in cards)
    assert len(cards) == len(list((ROOT / "source" / "cards").glob("*.yaml")))
    for card in cards:
        path = ROOT / "source" / "cards" / f"{card['id']}.yaml"
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            main(["card", "check", str(path), "--json", "--build-dir", str(cli_build)])
        report = json.loads(out.getvalue())
        found = page.evaluate("card => hbAsk.card(card)", card["data"])
        assert found == {"card": report["card"], "documents": report["documents"]}, card["id"]
    # A pasted card (YAML) is read in the page, and a bad one refused in a line.
    page.select_option("#hb-card-card", "-")
    page.fill("#hb-card-card-text", "card: pasted\nopenings:\n  - {auction: 1NT, meaning: {hcp: 10-12, natural: true}}\n")
    page.click("#hb-card-form button.hb-ask-go")
    page.wait_for_selector("#hb-card-answer .hb-ask-result")
    page.fill("#hb-card-card-text", "card: pasted\nopenings:\n  - {auction: 1NT, meening: {}}\n")
    page.click("#hb-card-form button.hb-ask-go")
    page.wait_for_function("document.getElementById('hb-card-status').textContent.includes('meening')")


def test_the_page_answers_offline_after_a_first_visit(pages, real_server: str) -> None:  # type: ignore[no-untyped-def]
    first = pages["sv"]  # its engine started: the first visit
    first.evaluate("navigator.serviceWorker.ready.then(() => true)")
    first.evaluate("hbAsk.answer('bws-competitive-bidding', {auction: '1♥ (1♠)', view: 'partnership'})")
    first.evaluate("hbAsk.keep().then(() => true)")  # what the first answer started keeping, kept
    context = first.context
    context.set_offline(True)
    try:
        page = context.new_page()
        page.set_default_timeout(BOOT_MS)
        page.goto(f"{real_server}/sv/ask.html?document=pzbs-alert-rules")
        # The shape stated: a 1NT of no stated shape is alerted (source/pzbs-alert-rules.yaml, otwarcia-1ba).
        found = page.evaluate("hbAsk.answer('pzbs-alert-rules', {auction: '1BA', meaning: {natural: true, hcp: '15-17',"
                              " shape: 'pzbs-notrump'}}, {notations: ['pl']})")
        assert found["answer"]["verdicts"]["alert"]["value"] == "no"
        with pytest.raises(Exception):  # noqa: B017  (the network is off: the check that it is)
            page.evaluate(f"fetch('{real_server}/sv/index.html?offline-check').then(r => r.status)")
    finally:
        context.set_offline(False)


def test_a_documents_own_convention_is_offered_where_that_document_is_asked(pages) -> None:  # type: ignore[no-untyped-def]
    page = pages["en"]
    hidden = "o => o.hidden"
    cappelletti = page.locator("#hb-m1-convention option[value='cappelletti']")  # declared by BWS
    page.select_option("#hb-ask-document", "bws-competitive-bidding")
    assert not cappelletti.evaluate(hidden)
    page.select_option("#hb-m1-convention", "cappelletti")
    page.select_option("#hb-ask-document", "pzbs-alert-rules")
    assert cappelletti.evaluate(hidden) and page.input_value("#hb-m1-convention") == ""
    page.select_option("#hb-ask-document", "*")
    assert not cappelletti.evaluate(hidden)
    # A standard convention is every document's.
    assert not page.locator("#hb-m1-convention option[value='stayman']").evaluate(hidden)


def test_a_documents_defaults_are_offered_once_its_engine_has_started(pages, real_server: str) -> None:  # type: ignore[no-untyped-def]
    """Opened preset to BWS, the page offers BWS's leaves as soon as the
    engine that reads its rulebook has started (the form's first use), with
    no change of document needed; PZBS, which gives no defaults, has none."""
    page = pages["en"].context.new_page()
    page.set_default_timeout(BOOT_MS)
    try:
        page.goto(f"{real_server}/en/ask.html?document=bws-competitive-bidding")
        choices = page.locator("#hb-ask-agreements")
        assert choices.evaluate("e => e.hidden")  # nothing loaded before the form is used
        page.focus("#hb-ask-auction")
        page.wait_for_function("!document.getElementById('hb-ask-agreements').hidden")
        page.locator(".hb-ask-facts").evaluate("d => d.open = true")  # the facts are folded at first
        leaf = choices.locator("input[value='tva-over-en-cuebid-svarsfarg.leaf1']")
        leaf.check()
        page.fill("#hb-ask-auction", "1♠ pass 2♣ 3♣")
        page.check("input[name=view][value=table]")
        assert page.evaluate("hbAskForm.read()")["agreements"] == {
            "tva-over-en-cuebid-svarsfarg": "tva-over-en-cuebid-svarsfarg.leaf1"}
        page.select_option("#hb-ask-document", "pzbs-alert-rules")
        page.wait_for_function("document.getElementById('hb-ask-agreements').hidden")
        assert "agreements" not in page.evaluate("hbAskForm.read()")
    finally:
        page.close()
