"""Words right in every language: a title page's "Issued by" agrees with the
title above it, dates are each locale's long form, the theme's tooltips are
translated on every language's pages."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from build_tools.pipeline import load_handbook, translate_handbook
from build_tools.render import interface_translations
from build_tools.dates import long_date
from build_tools.sphinxext.titlepage import title_data, title_forms
from conftest import ROOT

#: Written from each language's grammar, not from the code's output.
DATES = [
    ("pl", date(2026, 12, 1), "1 grudnia 2026"),
    ("pl", date(2026, 12, 10), "10 grudnia 2026"),
    ("zh_CN", date(2026, 12, 1), "2026年12月1日"),
    ("zh_CN", date(2026, 1, 31), "2026年1月31日"),
    ("ru", date(2026, 12, 1), "1 декабря 2026\u202fг."),  # CLDR: a narrow no-break space before г.
    ("es", date(2026, 3, 5), "5 de marzo de 2026"),
    ("sv", date(2026, 12, 1), "1 december 2026"),
    ("en", date(2026, 12, 1), "1 December 2026"),
]


@pytest.mark.parametrize(("language", "day", "written"), DATES, ids=[f"{d[0]}-{d[1]}" for d in DATES])
def test_a_date_is_the_locales_long_form_without_padding(language: str, day: date, written: str) -> None:
    assert long_date(language, day) == written


#: (language, document, the words under its title): the title as that language
#: shows it decides ("Zasady alertowania" and "Systemy licytacyjne" are plural,
#: "Regulamin" masculine; "Normas" and "Leyes" feminine plural, "Sistemas" masculine plural).
AGREEING = [
    ("pl", "pzbs-alert-rules", "Wydane przez"),
    ("pl", "cba-bidding-systems", "Wydane przez"),
    ("pl", "laws-1987-contents", "Wydane przez"),
    ("pl", "aeb-bidding-systems", "Wydany przez"),
    ("es", "pzbs-alert-rules", "Publicadas por"),
    ("es", "cba-bidding-systems", "Publicados por"),
    ("es", "laws-1987-contents", "Publicadas por"),
    ("es", "aeb-bidding-systems", "Publicado por"),
    ("sv", "pzbs-alert-rules", "Utgivna av"),
    ("sv", "aeb-bidding-systems", "Utgivet av"),
    ("sv", "bws-competitive-bidding", "Utgiven av"),
    ("en", "pzbs-alert-rules", "Issued by"),
    ("ru", "pzbs-alert-rules", "Издатель:"),
]


@pytest.fixture(scope="module")
def handbook():  # type: ignore[no-untyped-def]
    return load_handbook(ROOT / "source", ROOT / "translations")


@pytest.mark.parametrize(("language", "document", "words"), AGREEING, ids=[f"{a[0]}-{a[1]}" for a in AGREEING])
def test_issued_by_agrees_with_the_title(handbook, language: str, document: str, words: str) -> None:  # type: ignore[no-untyped-def]
    documents = translate_handbook(handbook, language)
    data = title_data(documents, language, interface_translations(ROOT / "translations", language),
                      {d.id: d.title for d in handbook.documents}, title_forms(ROOT / "translations", language))
    entry = next(e for e in data["documents"] if e["id"] == document)
    assert entry["issued_by"] == words


def test_every_document_has_a_title_form_where_words_agree() -> None:
    documents = set(load_handbook(ROOT / "source").manifest.documents)
    for language in ("pl", "es", "sv"):
        assert set(title_forms(ROOT / "translations", language)) == documents, language


def test_an_unknown_form_is_refused(tmp_path: Path) -> None:
    (tmp_path / "pl").mkdir()
    (tmp_path / "pl" / "title-forms.yaml").write_text("pzbs-alert-rules: plurall\n", encoding="utf-8")
    with pytest.raises(ValueError, match="plurall"):
        title_forms(tmp_path, "pl")


@pytest.mark.parametrize(("language", "tooltip"), [("pl", "Odnośnik do tego nagłówka"),
                                                   ("es", "Enlace a este encabezado")])
def test_heading_link_tooltips_are_translated(real_site: Path, language: str, tooltip: str) -> None:
    html = (real_site / language / "pzbs-alert-rules.html").read_text(encoding="utf-8")
    assert 'title="Link to this heading"' not in html
    assert f'title="{tooltip}"' in html
    english = (real_site / "en" / "pzbs-alert-rules.html").read_text(encoding="utf-8")
    assert 'title="Link to this heading"' in english


#: The Laws contents (source/laws-1987-contents.yaml): its page numbers are the
#: 1991 Piter book's, and its two fragments skip Laws 16-27 (Правило 15 ends the
#: first, Правило 28 opens the second), in each language's words and numbering.
CONTENTS = [
    ("ru", "Номера страниц — по печатному изданию (Питер, 1991).", "Нет в источнике: Правило 16–27 (их страницы утеряны)."),
    ("en", "The page numbers are those of the printed edition (Piter, 1991).",
     "Missing from the source: Law 16–27 (their pages are lost)."),
    ("pl", "Numery stron są numerami wydania drukowanego (Piter, 1991).",
     "Brak w źródle: Prawo 16–27 (ich strony zaginęły)."),
]


@pytest.mark.parametrize(("language", "pages", "lost"), CONTENTS, ids=[c[0] for c in CONTENTS])
def test_the_laws_contents_says_whose_pages_and_marks_the_lost_laws(real_site: Path, language: str, pages: str,
                                                                    lost: str) -> None:
    import html as html_module
    import re

    page = (real_site / language / "laws-1987-contents.html").read_text(encoding="utf-8")
    notes = [html_module.unescape(re.sub(r"<[^>]+>", "", n)).strip()
             for n in re.findall(r'<div class="hb-contents-(?:note|gap) docutils container">\s*(.*?)</div>', page, re.S)]
    assert notes == [pages, lost]
    # The note stands before the first entry, the marker between Law 15 and Law 28.
    assert page.index("hb-contents-note") < page.index('id="pravilo-11-d"')
    assert page.index('id="pravilo-15"') < page.index("hb-contents-gap") < page.index('id="pravilo-28"')
