"""The render stage: MyST from the typed model, escaped, written only when changed."""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog

from build_tools.document import Example, Point
from build_tools.i18n import translate
from build_tools.loader import load_document, load_manifest
from build_tools.render import _fence, render_pages, write_pages
from conftest import FIXTURES

SOURCE = FIXTURES / "mini" / "source"


def pages(language: str = "pl") -> dict[str, str]:
    doc = load_document(SOURCE / "mini-rules.yaml")
    manifest = load_manifest(SOURCE / "handbook.yaml")
    return render_pages(manifest, [translate(doc, language, None)], language)


def test_content_cannot_inject_markup() -> None:
    page = pages()["mini-rules.md"]
    # The fixture's point 'sila' holds raw HTML and a MyST directive fence.
    assert "<script>" not in page
    assert "\\<script\\>alert\\(1\\)\\<\\/script\\>" in page
    assert "```{raw}" not in page and "\\`\\`\\`\\{raw\\}" in page
    # Emphasis is the one markup that passes.
    assert "*ważne*" in page


def test_points_keep_their_numbers_and_nest_inside_longer_fences() -> None:
    page = pages()["mini-rules.md"]
    assert "::::{hb-point} 1.\n:id: otwarcie-1ba\n" in page
    assert ":::{hb-point}\n:id: sklad\n" in page  # a bullet: no number
    assert ":::{hb-point} a)\n:id: otwarcie-2-trefl\n" in page
    inner = Point("c", "c")
    assert _fence(Point("a", "a", items=(Point("b", "b", items=(inner,)),))) == ":::::"
    assert _fence(inner) == ":::"


def test_sections_definitions_and_examples_carry_their_ids() -> None:
    page = pages()["mini-rules.md"]
    assert "## {hb-section}`otwarcia` 1\\. Otwarcia ♥ i ♠\n" in page
    assert "{hb-anchor}`kontra-bi`Kontra bi\n: kontra z siłą mniejszą niż otwarcie\n" in page
    # The auction "1♦ (1♥) 1♠" as a bidding diagram: table view, dealer North,
    # so West's column starts empty.
    assert "::::{hb-example}\n:id: przyklad-1\n\n:::{list-table}\n:class: hb-bidding\n:header-rows: 1\n" in page
    assert "* - \n  - 1♦\n  - 1♥\n  - 1♠\n:::\n" in page


def test_examples_inside_points_lengthen_the_point_fence() -> None:
    example = Example("e", auction="1C")
    assert _fence(example) == "::::"
    assert _fence(Point("a", "a", body=(example,))) == ":::::"


NOTICE = "{hb-untranslated}`not yet translated`"


def test_untranslated_texts_are_marked_once_per_block_or_section() -> None:
    original = pages("pl")["mini-rules.md"]
    assert "hb-untranslated" not in original and "hb-lang" not in original and "Translated" not in original
    english = pages("en")["mini-rules.md"]  # no catalog: nothing translated
    assert r"Translated\: 0 of 17 texts \(0 \%\)\." in english
    # One notice for each top-level block or section shown in the original
    # (the opening paragraph, section 1 with everything in it), each a
    # paragraph of its own: none in a heading, the issuer's name or a cell.
    assert english.count(NOTICE) == 2
    assert english.count(f"\n\n{NOTICE}\n\n") == 2
    assert "## {hb-section}`otwarcia` 1\\. {hb-lang}`pl`Otwarcia ♥ i ♠{hb-lang}`/`\n\n" + NOTICE in english
    for line in english.splitlines():
        assert NOTICE not in line or line == NOTICE, line
    # Every text shown in the original says which language it is in.
    # (the title twice; the cell '2♣' has no word of any language)
    assert english.count("{hb-lang}`pl`") == english.count("{hb-lang}`/`") == 16 + 1
    assert "* - 2♣\n" in english
    assert "Issued by {hb-lang}`pl`Związek Brydżowy Żółwi{hb-lang}`/`" in english
    assert "* - {hb-lang}`pl`Odzywka{hb-lang}`/`\n" in english
    assert "1NT — {hb-lang}`pl`12\\-14{hb-lang}`/`" in english


def test_a_partly_translated_page_marks_each_untranslated_block_once() -> None:
    from build_tools.i18n.catalogs import read_catalog

    doc = load_document(SOURCE / "mini-rules.yaml")
    manifest = load_manifest(SOURCE / "handbook.yaml")
    catalog = read_catalog(FIXTURES / "mini" / "translations" / "en" / "LC_MESSAGES" / "mini-rules.po")
    english = render_pages(manifest, [translate(doc, "en", catalog)], "en")["mini-rules.md"]
    # Two texts lack their translation: the point "a)" and the first example's
    # caption. Each block gets one notice, before it, and its text its language.
    assert english.count(NOTICE) == 2
    assert f"{NOTICE}\n\n:::{{hb-point}} a)\n" in english
    assert f"{NOTICE}\n\n::::{{hb-example}}\n:id: przyklad-1\n" in english
    assert english.count("{hb-lang}`pl`") == 2


def test_index_lists_the_documents() -> None:
    index = pages()["index.md"]
    assert index.startswith("# Mały podręcznik\n")
    assert "```{toctree}" in index and "\nmini-rules\n" in index


def test_write_pages_touches_only_what_changed(tmp_path: Path) -> None:
    first = write_pages({"a.md": "A", "b.md": "B"}, tmp_path)
    assert first.written == ("a.md", "b.md")
    before = (tmp_path / "a.md").stat().st_mtime_ns
    second = write_pages({"a.md": "A", "b.md": "B2"}, tmp_path)
    assert (second.written, second.unchanged) == (("b.md",), ("a.md",))
    assert (tmp_path / "a.md").stat().st_mtime_ns == before
    third = write_pages({"a.md": "A"}, tmp_path)
    assert third.removed == ("b.md",) and not (tmp_path / "b.md").exists()
    assert not list(tmp_path.glob(".*.tmp"))


def test_a_blank_interface_translation_keeps_the_english(tmp_path: Path) -> None:
    from build_tools.render import interface_translations

    catalog = tmp_path / "pl" / "LC_MESSAGES" / "handbook.po"
    catalog.parent.mkdir(parents=True)
    catalog.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                       'msgid "Regulation"\nmsgstr "   "\n\nmsgid "Issued by"\nmsgstr "Wydany przez"\n',
                       encoding="utf-8")
    doc = load_document(SOURCE / "mini-rules.yaml")
    manifest = load_manifest(SOURCE / "handbook.yaml")
    page = render_pages(manifest, [doc], "pl", interface_translations(tmp_path, "pl"))["mini-rules.md"]
    assert "Regulation · Wydany przez" in page


def test_an_untranslated_title_on_the_index_is_marked_with_its_language() -> None:
    index = pages("en")["index.md"]  # no catalog: title and issuer are the Polish ones
    assert "[{hb-lang}`pl`Zasady próbne{hb-lang}`/`](mini-rules.md)" in index
    assert "Issued by {hb-lang}`pl`Związek Brydżowy Żółwi{hb-lang}`/`" in index


def test_auctions_and_hands_in_a_sentence_are_shown_in_the_readers_notation() -> None:
    import dataclasses

    from build_tools.document import Paragraph
    from build_tools.markup import role

    doc = load_document(SOURCE / "mini-rules.yaml")
    first = doc.body[0]
    assert isinstance(first, Paragraph)
    text = "Po {auction}`1♣-(ktr)-1BA` z {hand}`♠AKD2 ♥W32 ♦K432 ♣32` i {auction}`1♠-2♠` — {hand}`♠AK`."
    doc = dataclasses.replace(doc, body=(dataclasses.replace(first, text=text), *doc.body[1:]))
    manifest = load_manifest(SOURCE / "handbook.yaml")
    english = render_pages(manifest, [translate(doc, "en", None)], "en")["mini-rules.md"]
    assert role("hb-inline-auction", "1♣-(X)-1NT") in english  # BA and ktr in English
    assert role("hb-inline-hand", "♠AKQ2 ♥J32 ♦K432 ♣32") in english  # D and W: queen and jack
    assert role("hb-inline-auction", "1♠-2♠") in english
    assert role("hb-inline-hand", "♠AK") in english  # no hand the model reads: as written
    # The original shows them as its issuer wrote them.
    polish = render_pages(manifest, [doc], "pl")["mini-rules.md"]
    assert role("hb-inline-auction", "1♣-(ktr)-1BA") in polish and role("hb-inline-hand", "♠AKD2 ♥W32 ♦K432 ♣32") in polish


REAL = FIXTURES.parent.parent


def _cba(language: str, drop: tuple[str, ...] = ()) -> str:
    """The CBA's page in ``language``, its catalog less the entries ``drop``."""
    from build_tools.i18n.catalogs import read_catalog

    doc = load_document(REAL / "source" / "cba-bidding-systems.yaml")
    catalog = None
    if language != doc.language:
        catalog = read_catalog(REAL / "translations" / language / "LC_MESSAGES" / "cba-bidding-systems.po")
        for message in [m for m in catalog if m.context in drop]:
            catalog.delete(message.id, context=message.context)
    manifest = load_manifest(REAL / "source" / "handbook.yaml")
    return render_pages(manifest, [translate(doc, language, catalog)], language)["cba-bidding-systems.md"]


def test_a_display_number_in_words_is_translated_with_its_text() -> None:
    # The CBA's "第九节", "第29条" and "一、" read as the English page's own numbering.
    english = _cba("en")
    assert "## {hb-section}`jiaopai-tixi-ji-yuedingjiao` Section 9 " in english
    assert "### {hb-section}`jiaopai-tixi` Article 29 " in english
    assert "{hb-point} I.\n:id: tixi-zhengce\n" in english
    assert "第九节" not in english
    # Nothing is marked as the original's but the name of the Chinese alert card's language ("中文").
    marked = [line for line in english.splitlines() if "{hb-lang}`zh-CN`" in line]
    assert all("hb-pdf:" in line and "中文" in line for line in marked), marked
    # The original keeps its own.
    assert "### {hb-section}`jiaopai-tixi` 第29条 叫牌体系" in _cba("zh_CN")


def test_a_display_number_not_yet_translated_is_marked_as_the_originals() -> None:
    english = _cba("en", drop=("jiaopai-tixi.number", "tixi-zhengce.number"))
    assert "### {hb-section}`jiaopai-tixi` {hb-lang}`zh-CN`第29条{hb-lang}`/` Bidding" in english
    assert "{hb-point} 一、\n:id: tixi-zhengce\n:list-id: tiao-29-bufen\n:lang: zh-CN\n\n" in english
    # Its neighbour, translated, is the page's own.
    assert "{hb-point} II.\n:id: yuedingka-fuye\n\n" in english


ONE_CALL_AND_RUNS = """\
schema: 1
document: doc
title: Zasady
issuer: X
language: pl
kind: regulation
body:
  - paragraph: wstep
    text: "Tekst."
  - example: jedna-zapowiedz
    auction: "1♣"
    text: "Otwarcie."
  - example: red-1
    auction: "1♣"
    view: partnership
    editorial: true
    meaning: {natural: true, suits: {clubs: 3+}}
    expect: {alert: "no"}
  - example: red-2
    auction: "1♣ [pas] 1♦"
    view: partnership
    editorial: true
    meaning: {artificial: true}
    expect: {alert: "yes"}
  - paragraph: dalej
    text: "Dalej."
  - example: red-3
    auction: "1♥"
    view: partnership
    editorial: true
    meaning: {natural: true, suits: {hearts: 5+}}
    expect: {alert: "no"}
"""


def test_a_one_call_example_is_a_line_and_editorial_examples_are_rows_of_one_table_per_run(tmp_path: Path) -> None:
    from conftest import write_document

    doc = load_document(write_document(tmp_path, ONE_CALL_AND_RUNS))
    manifest = load_manifest(SOURCE / "handbook.yaml")
    page = render_pages(manifest, [translate(doc, "pl", None)], "pl")["doc.md"]
    own = page[page.index(":id: jedna-zapowiedz"):page.index("Otwarcie\\.")]
    assert "hb-bidding" not in own and "{hb-inline-auction}`1♣`" in own
    # Two runs: red-1 and red-2 (consecutive), then red-3 after the paragraph.
    assert page.count("{hb-example-run}") == 2 and "{hb-example}\n:id: red" not in page
    first = page[page.index(":id: red-1"):page.index("Dalej\\.")]
    assert first.count("{hb-example-row}") == 2
    assert "{hb-example-row}`red-1`{hb-inline-auction}`1♣`" in first
    assert "{hb-example-row}`red-2`{hb-inline-auction}`1♣-[pas]-1♦`" in first
    assert "{hb-query}`artificial`" in first  # no catalog given: the interface's English
    later = page[page.index("Dalej\\."):]
    assert later.count("{hb-example-row}") == 1 and ":id: red-3" in later


def test_a_documents_own_label_carries_its_language_only_where_it_is_shown_untranslated(tmp_path: Path) -> None:
    # The boundary of render.label_in_original, on both sides: the original
    # page (its own language) and a translated page whose catalog gives the
    # label show it bare; a translated page without it shows the original's
    # label between the original language's markers.
    from build_tools import markup
    from build_tools.render import label_in_original

    path = tmp_path / "own-labels.yaml"
    path.write_text(
        "schema: 1\ndocument: own-labels\ntitle: 规则\nlanguage: zh_CN\nkind: regulation\n"
        "questions:\n  - question: seating-rights\n    text: Seating rights?\n    answers:\n"
        "      - {answer: kept, label: 保有座位选择权, tone: permitted}\n"
        "      - {answer: lost, label: 无座位选择权, tone: forbidden}\n"
        "body:\n  - paragraph: p\n    text: 一段。\n", encoding="utf-8")
    original = load_document(path)
    label = markup.MyST("保有座位选择权")
    wrapped = markup.in_language(label, "zh-CN")
    assert label_in_original(label, original, "seating-rights", "kept") == label
    untranslated = translate(original, "en", None)
    assert label_in_original(label, untranslated, "seating-rights", "kept") == wrapped
    catalog = Catalog(locale="en")
    catalog.add("保有座位选择权", "Seating rights kept", context="own-labels.question.seating-rights.kept")
    translated = translate(original, "en", catalog)
    assert label_in_original(markup.MyST("Seating rights kept"), translated, "seating-rights", "kept") \
        == "Seating rights kept"
    # The other label of the same question, its translation missing, is still marked.
    assert label_in_original(markup.MyST("无座位选择权"), translated, "seating-rights", "lost") \
        == markup.in_language(markup.MyST("无座位选择权"), "zh-CN")
    # A standard question's label is the interface's, never the original's.
    assert label_in_original(markup.MyST("No"), untranslated, "alert", "no") == "No"
