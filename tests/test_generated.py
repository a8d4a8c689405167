"""The blocks the handbook generates from the rules (issue 22): the quick
reference, the index of calls and conventions and the "but see" notes, read
from the real documents as the renderer makes them.

The expected verdicts and articles below are read from the regulation (PZBS
Zasady alertowania), not from the model's output:

* 2♦ multi: point 1 exempts only the 2♦ that is preemptive (about 6-10) and
  5-5 with a major (wilkosz): a multi 2♦ is alerted (point 1, otwarcia-2-karo);
* 1BA 12-14: point 1 exempts a 1NT "within 14-18": 12-14 is alerted
  (otwarcia-1ba);
* 1BA-(ktr)-2♦, a transfer: point 2 holds only in an uncontested auction
  (explanation 2), which alerts "Stayman and transfers after 1NT and an
  opponent's intervention" (wyjasnienie-stayman-po-interwencji).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from build_tools.document import Document
from build_tools.pipeline import Handbook, load_handbook, translate_handbook
from build_tools.render import environment, interface_translations, render_pages

ROOT = Path(__file__).resolve().parent.parent


@functools.cache
def handbook() -> Handbook:
    return load_handbook(ROOT / "source")


@functools.cache
def documents(language: str) -> tuple[Document, ...]:
    return tuple(translate_handbook(handbook(), language))


@functools.cache
def page(language: str, document: str) -> str:
    docs = documents(language)
    words = interface_translations(handbook().translations, language)
    return render_pages(handbook().manifest, [d for d in docs if d.id == document], language, words)[f"{document}.md"]


def words(language: str) -> dict[str, str]:
    env = environment(interface_translations(handbook().translations, language))
    return dict(env.get_template("meaning-words.j2").module.MEANING_WORDS)  # type: ignore[attr-defined]


def quick_rows(language: str, document: str) -> list[tuple[str, str, str, str, str]]:
    """(situation, sequence, agreement, verdict, article) of every row of the
    document's quick reference, as the page has them."""
    from build_tools.generated import quickref
    from build_tools.rules.registry import reading

    doc = next(d for d in documents(language) if d.id == document)
    env = environment(interface_translations(handbook().translations, language))
    with reading(doc.registry):
        tables = quickref.build(doc, env.globals["gettext"], words(language))  # type: ignore[arg-type]
    return [(group.situation, row.sequence, row.asked, row.verdict, row.article)
            for table in tables for group in table.groups for row in group.rows]


@pytest.mark.parametrize(("sequence", "agreement", "verdict", "article", "situation"), [
    ("2♦", "Multi; 6–10 PC", "Alert", "otwarcia-2-karo", "openings"),
    ("2♦", "Wilkosz", "Bez alertu", "otwarcia-2-karo", "openings"),
    ("1BA", "12–14 PC; skład: zrównoważony", "Alert", "otwarcia-1ba", "openings"),
    ("1BA", "naturalne; 15–17 PC; skład: zrównoważony", "Bez alertu", "otwarcia-1ba", "openings"),
    ("1BA", "naturalne; 15–19 PC; skład: zrównoważony", "Alert", "otwarcia-1ba", "openings"),
    ("1BA-[ktr]-2♦", "transfer; kiery 5+", "Alert", "wyjasnienie-stayman-po-interwencji", "overcalls"),
    ("1BA-[pas]-2♦", "transfer; kiery 5+", "Bez alertu", "odpowiedzi-transfer-po-1ba", "responses"),
])
def test_the_pzbs_quick_reference_answers_the_directors_questions(
        sequence: str, agreement: str, verdict: str, article: str, situation: str) -> None:
    rows = quick_rows("pl", "pzbs-alert-rules")
    found = [(s, v, a) for s, q, asked, v, a in rows if q == sequence and asked == agreement]
    assert found == [(situation, verdict, article)], [r for r in rows if r[1] == sequence]


def test_a_quick_reference_is_at_the_front_of_each_document_with_examples() -> None:
    text = page("en", "pzbs-alert-rules")
    first_article = text.index("{hb-anchor}`obowiazek-alertowania`") if "obowiazek-alertowania" in text else len(text)
    assert text.index(":id: quick-reference\n") < first_article
    # A heading that is no section: the document's opening text and points stay its own, not the quick reference's.
    assert "{hb-section}`quick-reference`" not in text and ":::{hb-quickref-title}" in text
    assert ":class: longtable" in text
    # A document without rules has none.
    assert "quick-reference" not in page("en", "laws-1987-contents")


def test_quick_reference_groups_come_in_the_order_a_director_reads_them() -> None:
    from build_tools.generated.quickref import SITUATIONS

    rows = quick_rows("en", "pzbs-alert-rules")
    seen = list(dict.fromkeys(situation for situation, *_ in rows))
    assert seen == [s for s in SITUATIONS if s in seen]
    assert {"openings", "responses", "overcalls", "doubles", "high-level", "screens"} <= set(seen)


def conventions_named_by_rules(doc: Document) -> set[str]:
    from build_tools.generated.callindex import _conventions
    from build_tools.verdicts import rules_of

    return {name for rule in rules_of(doc) for condition in (rule.scope, rule.when)
            for name in _conventions(condition.origin[0] if condition.origin else None)}


INDEX_ROLE = re.compile(r"\{hb-index\}`([^`]*)`")


def index_words(text: str) -> set[str]:
    import json

    from build_tools.markup import read_payload, role_text

    return {shown for payload in INDEX_ROLE.findall(text)
            for _group, _key, shown in json.loads(read_payload(role_text(payload))["entries"])}


@pytest.mark.parametrize("language", ["pl", "en", "ru", "es", "sv", "zh_CN"])
def test_every_convention_a_rule_names_is_in_the_index_of_each_language(language: str) -> None:
    from build_tools.meaning_text import describe
    from build_tools.rules.registry import reading

    vocabulary = words(language)
    for doc in documents(language):
        named = conventions_named_by_rules(doc)
        if not named:
            continue
        with reading(doc.registry):
            expected = {describe({"convention": name}, vocabulary) for name in named}
        assert expected <= index_words(page(language, doc.id)), (doc.id, expected - index_words(page(language, doc.id)))


def test_the_index_names_calls_in_the_readers_notation() -> None:
    assert {"2♦", "1NT"} <= index_words(page("en", "pzbs-alert-rules"))
    assert {"2♦", "1БК"} <= index_words(page("ru", "pzbs-alert-rules"))


def test_an_article_an_exception_overrides_says_but_see_after_its_whole_content() -> None:
    import json

    from build_tools.markup import read_payload, role_text

    text = page("pl", "pzbs-alert-rules")
    start = text.index(":id: odpowiedzi-transfer-po-1ba")
    fence = text.rfind("\n", 0, start)
    opening = text[text.rfind("\n", 0, fence - 1) + 1:fence]
    fence_text = opening.split("{")[0]
    end = text.index("\n" + fence_text + "\n", start)
    point = text[start:end]
    notes = re.findall(r"\{hb-butsee\}`([^`]*)`", point)
    assert len(notes) == 1
    items = json.loads(read_payload(role_text(notes[0]))["items"])
    named = [item[0] for item in items]
    # Explanation 2 (point 2 only uncontested) and its sub-point on transfers
    # after an intervention, in document order.
    assert named[:2] == ["wyjasnienie-licytacja-jednostronna", "wyjasnienie-stayman-po-interwencji"]
    # After the point's examples, never between its sentence and them.
    assert point.index("{hb-butsee}") > point.rindex(":id: ex-")


def test_an_exception_from_inside_its_article_gets_no_note() -> None:
    # kontry-bi, kontry-wistowe: points of kontry and each an exception to it,
    # read with it; point 5 (punkty-4-5), outside it, is named.
    from build_tools.generated import butsee

    doc = next(d for d in documents("pl") if d.id == "pzbs-alert-rules")
    notes = butsee.build(doc)
    named = [e.article for e in notes.get("kontry", ())]
    assert "kontry-bi" not in named and "kontry-wistowe" not in named
    assert named, "point 5 overrides kontry from outside it"


def test_a_key_typed_wrong_in_a_template_fails_the_render() -> None:
    # A ".src" typed for ".source": the text would show without its language.
    from build_tools.document import Definition

    doc = next(d for d in documents("en") if d.id == "aeb-bidding-systems")
    definition = next(e for e in doc.elements() if isinstance(e, Definition))
    env = environment()
    right = env.from_string('{{ b.term | shown(doc, b.id ~ ".term") }}').render(b=definition, doc=doc)
    assert right
    with pytest.raises(ValueError, match=r"no text has the key '.*\.src'"):
        env.from_string('{{ b.term | shown(doc, b.id ~ ".src") }}').render(b=definition, doc=doc)


@pytest.mark.parametrize("document", ["pzbs-alert-rules", "bws-competitive-bidding", "russian-system-notes",
                                      "aeb-bidding-systems", "cba-bidding-systems", "laws-1987-contents"])
def test_listing_and_translating_ask_for_the_same_texts(document: str) -> None:
    # One walk names each kind of block's texts for both: what a translator is
    # given (messages) is exactly what the translation looks up, in order.
    doc = next(d for d in handbook().documents if d.id == document)
    asked: list[tuple[str, str]] = []

    def lookup(message: object) -> None:
        from build_tools.document import Message

        assert isinstance(message, Message)
        asked.append((message.context, message.text))

    translated = doc.translated("en", lookup)
    listed = [(m.context, m.text) for m in doc.messages()]
    assert list(dict.fromkeys(asked)) == listed
    assert translated.untranslated == {context for context, _ in listed}


def expected_index_words(language: str) -> set[str]:
    """The words of every convention a rule of any document names, in ``language``."""
    from build_tools.meaning_text import describe
    from build_tools.rules.registry import reading

    vocabulary = words(language)
    out: set[str] = set()
    for doc in documents(language):
        with reading(doc.registry):
            out |= {describe({"convention": name}, vocabulary) for name in conventions_named_by_rules(doc)}
    return out


@pytest.mark.parametrize("language", ["pl", "en", "ru", "es", "sv", "zh_CN"])
def test_the_sites_index_lists_every_convention_a_rule_names(real_site: Path, language: str) -> None:
    import html

    page_text = html.unescape((real_site / language / "genindex.html").read_text(encoding="utf-8"))
    # An entry with one target is its link; one with several, the words
    # before their list (Sphinx's template sets them on lines of their own).
    entries = set(re.findall(r'<a href="[^"]+#[^"]+">([^<]+)</a>', page_text)) | \
        {word.strip() for word in re.findall(r"<li>([^<]+?)<ul>", page_text)}
    missing = {w for w in expected_index_words(language) if w not in entries and f">{w}<" not in page_text}
    assert not missing, missing


@pytest.mark.tex
@pytest.mark.parametrize("language", ["pl", "en", "ru", "es", "sv", "zh_CN"])
def test_the_printed_index_lists_every_convention_a_rule_names(real_books: Path, language: str) -> None:
    # makeindex's output (.ind), as xelatex sets it at the end of the book: the
    # entries under "Conventions", each with its pages.
    from build_tools.pipeline import load_handbook

    name = load_handbook(ROOT / "source").manifest.id
    ind = real_books / "latex" / f"{language}-a5" / f"{name}-{language}-a5.ind"
    text = ind.read_text(encoding="utf-8")
    # The words as LaTeX writes them: Sphinx's hyphen, escaped specials.
    text = re.sub(r"\\([#$%&_{}])", r"\1", text.replace("\\sphinxhyphen{}", "-"))
    items = set(re.findall(r"\\subitem (.+?), \\hyperpage", text))
    missing = {w for w in expected_index_words(language) if not any(w == item or w in item for item in items)}
    assert not missing, (missing, sorted(items)[:20])


@pytest.mark.parametrize(("lang", "principle"), [("pl", "Stwierdzenie „nie…"), ("en", "The statement “is…")])
def test_every_article_a_quick_reference_links_is_named(lang: str, principle: str) -> None:
    # A link must say where it leads: the general principle of PZBS (znaczenie-nie-alertuje-sie) is a paragraph
    # of the opening text, in no section and no numbered point, and was linked by an empty name. It is named by
    # its first words, as a point's heading is.
    import re

    from build_tools import markup

    text = page(lang, "pzbs-alert-rules")
    payloads = [markup.read_payload(markup.role_text(p)) for p in re.findall(r"\{hb-article\}`([^`]+)`", text)]
    assert payloads and all(p["name"].strip() for p in payloads), [p for p in payloads if not p["name"].strip()]
    assert {p["name"] for p in payloads if p["article"] == "znaczenie-nie-alertuje-sie"} == {principle}


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_every_quick_reference_row_states_the_facts_its_verdict_rests_on(language: str) -> None:
    """Issue 33 item 4: the CBA's Table 4 listed one card's 1♦ at event 1 as
    both "Permitted" and "Not permitted", the fact that decides (the card
    "按规程规定的时间提前提交", submitted in time) not printed. Two rows of
    one question that read alike give one verdict."""
    from build_tools.generated import quickref
    from build_tools.rules.registry import reading

    for doc in documents(language):
        env = environment(interface_translations(handbook().translations, language))
        with reading(doc.registry):
            tables = quickref.build(doc, env.globals["gettext"], words(language))  # type: ignore[arg-type]
        for table in tables:
            seen: dict[tuple[str, str], str] = {}
            for group in table.groups:
                for row in group.rows:
                    key = (row.sequence, row.asked)
                    assert seen.setdefault(key, row.verdict) == row.verdict, (doc.id, table.question, key)
    if language == "en":
        rows = quick_rows("en", "cba-bidding-systems")
        first = [asked for _, sequence, asked, verdict, _ in rows if sequence == "1♦" and "event: 1" in asked]
        assert any("card submitted in time" in a for a in first)
        assert any("card not submitted in time" in a for a in first)
