"""The real handbook's website: each document, in its own language, shows the
structure its YAML holds -- numbered sections and points, definition terms,
bidding and hand diagrams, tables -- and every cross reference lands on an
element that exists. The counts come from the loaded documents, so a block the
templates dropped or doubled fails here."""

from __future__ import annotations

from pathlib import Path

import pytest

from build_tools.document import Definition, Document, Example, Point, Section, Table
from build_tools.markup import parse as parse_markup
from build_tools.pipeline import load_handbook
from conftest import ROOT
from test_site import parse, with_class

HANDBOOK = load_handbook(ROOT / "source")


@pytest.fixture(scope="module")
def site(real_site: Path) -> Path:
    return real_site


def _of(document: Document, kind: type) -> list:  # type: ignore[type-arg]
    return [e for e in document.elements() if isinstance(e, kind)]


@pytest.mark.parametrize("document", HANDBOOK.documents, ids=[d.id for d in HANDBOOK.documents])
def test_each_document_shows_its_structure_in_its_own_language(site: Path, document: Document) -> None:
    page = parse(site / document.language / f"{document.id}.html")
    ids = {attrs["id"] for _, attrs, _ in page if "id" in attrs}
    missing = [i for i in document.ids() if i not in ids]
    assert not missing, f"elements without their anchor: {missing[:5]}"

    for section in _of(document, Section):
        heading = next(text for tag, attrs, text in page if tag == "section" and attrs.get("id") == section.id)
        assert heading.strip().startswith(f"{section.number} ".lstrip()), (section.id, heading[:40])

    points = _of(document, Point)
    numbers = [text for _, _, text in with_class(page, "hb-number")]
    assert numbers == [p.number or "•" for p in points]

    assert len([e for e in page if e[0] == "dt"]) == len(_of(document, Definition))

    # The handbook's own examples of an auction and its verdicts are rows of a
    # table (an anchor each); every other example is a frame of its own, with a
    # bidding diagram unless its auction is a single call, written on a line.
    examples = _of(document, Example)
    rows = [e for e in examples if e.editorial and e.auction and e.expect and not (e.hands or e.notes or e.text)]
    framed = [e for e in examples if e not in rows]
    assert len([e for e in with_class(page, "hb-example") if e[0] == "div"]) == len(framed)
    assert [attrs.get("id") for tag, attrs, _ in with_class(page, "hb-example-row")] == [e.id for e in rows]
    one_call = [e for e in framed if e.auction and _calls(e, document) == 1]
    bidding = [e for e in with_class(page, "hb-bidding") if e[0] == "table"]
    assert len(bidding) == sum(1 for e in framed if e.auction) - len(one_call)
    hands = [e for e in with_class(page, "hb-hands") if e[0] == "table"]
    assert len(hands) == sum(1 for e in examples if e.hands)
    tables = [e for e in with_class(page, "hb-table") if e[0] == "table"]
    assert len(tables) == len(_of(document, Table))

    written = [p for m in document.messages() for p in parse_markup(m.text) if p.kind in ("auction", "hand")]
    shown = with_class(page, "hb-inline-auction") + with_class(page, "hb-inline-hand")
    texts = sorted(text for _, _, text in shown)
    assert len(texts) == len(written) + len(rows) + len(one_call)
    for part in written:
        assert " ".join(part.text.split()) in texts


def _calls(example: Example, document: Document) -> int:
    from build_tools.diagrams import bidding_grid

    grid = bidding_grid(example.auction, example.notation or document.language, example.view, example.dealer,
                        document.language, [], example.vulnerability)
    return sum(1 for row in grid.rows for cell in row if cell.call)


def test_the_documents_hold_what_the_sources_show() -> None:
    """Each kind of structure the issue names is present where its source has it."""
    by_id = {d.id: d for d in HANDBOOK.documents}
    notes = by_id["russian-system-notes"]
    assert len(_of(notes, Example)) >= 40 and sum(len(e.hands) for e in _of(notes, Example)) >= 20
    assert len(_of(notes, Table)) >= 10
    bws = by_id["bws-competitive-bidding"]
    assert any(p.leaves for p in bws.elements() if isinstance(p, Point)) or any(
        getattr(b, "leaves", ()) for b in bws.elements())
    # The source's one auction table (dealer South); the handbook's own examples are apart.
    assert [e.dealer for e in _of(bws, Example) if e.view == "table" and not e.editorial] == ["S"]
    laws = by_id["laws-1987-contents"]
    assert laws.kind == "table-of-contents"
    assert sum(1 for p in _of(laws, Point) if p.page) >= 50
    cba = by_id["cba-bidding-systems"]
    assert [s.number for s in _of(cba, Section)] == ["第九节", "第29条"]
    assert len(_of(cba, Definition)) >= 10


def test_every_cross_reference_lands_on_an_element(site: Path) -> None:
    checked = 0
    ids: dict[Path, set[str]] = {}  # each page parsed once: the pages hold thousands of links

    def ids_of(path: Path) -> set[str]:
        if path not in ids:
            ids[path] = {a["id"] for _, a, _ in parse(path) if "id" in a}
        return ids[path]

    for document in HANDBOOK.documents:
        for lang in HANDBOOK.manifest.languages:
            page_path = site / lang / f"{document.id}.html"
            for tag, attrs, _ in parse(page_path):
                href = attrs.get("href", "")
                if tag != "a" or "reference internal" not in attrs.get("class", "") or not href.partition("#")[2]:
                    continue
                target, anchor = href.split("#", 1)
                target_path = (page_path.parent / target) if target else page_path
                assert anchor in ids_of(target_path.resolve()), (page_path.name, href)
                checked += 1
    references = sum(
        1 for d in HANDBOOK.documents for m in d.messages() for p in parse_markup(m.text) if p.kind == "ref"
    )
    assert checked >= references * len(HANDBOOK.manifest.languages)


# --- verdict badges say what the regulation says ------------------------------

def _badges(html: str) -> list[tuple[str, str, str]]:
    """Each badge of a page: (tone, the article it links or "", its label)."""
    import re

    found = []
    for tone, inner in re.findall(r'<span class="hb-verdict hb-verdict-([\w-]+)">(.*?)</span>(?=\s|</p>)', html):
        link = re.search(r'href="#([^"]+)"', inner)
        label = re.sub(r"<[^>]+>", "", inner)
        found.append((tone, link.group(1) if link else "", label))
    return found


@pytest.mark.parametrize(("language", "none", "wrong"), [
    ("es", "Ninguna de transfer, Texas, puppet o relé", "Sin convención"),
    ("en", "None of transfer, Texas, puppet or relay", "No convention"),
    ("pl", "Żadna z konwencji: transfer, Teksas, puppet, relay", "Bez konwencji"),
])
def test_the_residual_answer_is_said_as_such_and_links_no_article(site: Path, language: str, none: str,
                                                                   wrong: str) -> None:
    # AEB's "convention: none" means none of its four defined kinds (a strong
    # artificial 1♣ is a convention all the same); the paragraph whose rule gives
    # it, definiciones-introduccion, introduces the definitions and rules on nothing.
    html = (site / language / "aeb-bidding-systems.html").read_text(encoding="utf-8")
    badges = _badges(html)
    residual = [b for b in badges if b[2] == none]
    expected = sum(1 for e in _of(next(d for d in HANDBOOK.documents if d.id == "aeb-bidding-systems"), Example)
                   if ("convention", "none") in e.expect)
    assert expected and len(residual) == expected, (len(residual), expected)
    assert all(article == "" for _tone, article, _label in residual)
    assert not any(article == "definiciones-introduccion" for _tone, article, _label in badges)
    assert not any(label == wrong for _tone, _article, label in badges)
    # The other answers still link the definition that gives them.
    assert any(article == "transfer" for _tone, article, _label in badges)


def _run_row(html: str, example: str) -> tuple[str, list[str]]:
    """The header cells of the run table holding ``example``, and the cells
    of its row (HTML)."""
    import re

    at = html.index(f'id="{example}"')
    table = html[html.rindex("<table", 0, at):]
    header = re.findall(r'<th class="head"><p>([^<]*)</p></th>', table[:table.index("</thead>")])
    row = html[html.rindex("<tr", 0, at):]
    row = row[:row.index("</tr>")]
    return "|".join(header), re.findall(r"<td>(.*?)</td>", row, re.S)


@pytest.mark.parametrize(("language", "header", "agreed"), [
    ("es", "Subasta|Acuerdo|Veredicto", "natural; 2+ tréboles"),
    ("en", "Auction|Agreement|Verdict", "natural; 2+ clubs")])
def test_the_pairs_agreement_is_set_apart_from_the_verdict(site: Path, language: str, header: str,
                                                           agreed: str) -> None:
    # apertura-1c-natural-segundo, an editorial example: the pair calls its 1♣
    # natural with 2+ clubs; AEB's definition (3+ cards) says it is not natural.
    # Its row gives the agreement in the column of the pair's, the verdict in its own.
    html = (site / language / "aeb-bidding-systems.html").read_text(encoding="utf-8")
    shown, cells = _run_row(html, "apertura-1c-natural-segundo")
    assert shown == header
    assert cells[1] == f'<p><span class="hb-query">{agreed}</span></p>'
    assert "hb-verdict" in cells[2] and "hb-query" not in cells[2]


@pytest.mark.parametrize(("language", "agreed"), [("es", "Acuerdo: (1ST): fuerte"), ("en", "Agreed: (1NT): strong")])
def test_an_examples_own_agreement_line_is_said_to_be_the_pairs(site: Path, language: str, agreed: str) -> None:
    # stayman-efter-stark-1nt-budgivning, the document's own example (a diagram
    # in place): the line before its verdict states what the pair agreed.
    import re

    html = (site / language / "bws-competitive-bidding.html").read_text(encoding="utf-8")
    example = html[html.index('id="stayman-efter-stark-1nt-budgivning"'):]
    line = re.search(r'<p><span class="hb-query">(.*?)</span> <span class="hb-verdict', example)
    assert line is not None and line.group(1).startswith(agreed), example[:1500]


def test_an_example_without_an_agreed_meaning_says_so_beside_its_verdict(site: Path) -> None:
    html = (site / "pl" / "pzbs-alert-rules.html").read_text(encoding="utf-8")
    header, cells = _run_row(html, "ex-watpliwa-bez-znaczenia")
    assert header == "Licytacja|Uzgodnienie|Rozstrzygnięcie"
    assert cells[1] == '<p><span class="hb-query">para nie ma uzgodnień co do tej zapowiedzi</span></p>'
    assert ">Alert<" in cells[2]
    # Its twin with an agreed natural meaning: no alert.
    _, twin = _run_row(html, "ex-watpliwa-ze-znaczeniem")
    assert "naturalne" in twin[1] and ">Bez alertu<" in twin[2]
