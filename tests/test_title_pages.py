"""Title pages of the printed books: a document printed alone says what it is,
who issued it and which edition, in the words of its page's meta line in the
book's language, and no page of it holds that line alone; the whole book lists
the documents it holds with their issuers; every book and document is named by
its paper."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from build_tools.build import PAPERS
from build_tools.document import Document
from build_tools.pipeline import Handbook, load_handbook, translate_handbook
from build_tools.render import format_interface, interface_translations
from conftest import FIXTURES, ROOT, run_handbook

pytestmark = pytest.mark.tex


def pdf_text(pdf: Path, first: int | None = None, last: int | None = None) -> str:
    pages = [*(["-f", str(first)] if first else []), *(["-l", str(last)] if last else [])]
    return subprocess.run(["pdftotext", "-enc", "UTF-8", *pages, str(pdf), "-"], check=True,
                          capture_output=True, text=True).stdout


def squeeze(text: str) -> str:
    """Text without its white space: lines break where the page is narrow."""
    return "".join(text.split())


def words(translations: Path, language: str) -> Callable[..., str]:
    """The interface strings of ``language``, formatted as the renderer does."""
    catalog = interface_translations(translations, language)

    def _(message: str, **variables: object) -> str:
        return format_interface(str(catalog.gettext(message)), variables)

    return _


def issued(doc: Document, translations: Path, language: str) -> str:
    """"Issued by" and the issuer, the words in the form the language's data
    gives the title (tests/test_words_agree.py checks those forms' words)."""
    from build_tools.sphinxext.titlepage import title_forms

    catalog = interface_translations(translations, language)
    form = title_forms(translations, language).get(doc.id)
    said = catalog.pgettext(f"issued-by.{form}", "Issued by") if form else catalog.gettext("Issued by")
    return f"{said} {doc.issuer}"


def edition(doc: Document, translations: Path, language: str) -> str:
    return words(translations, language)("Edition: %(edition)s", edition=doc.edition)


def meta_line(doc: Document, translations: Path, language: str) -> str:
    """The line that opens a document's page (document.md.j2): kind, issuer, edition."""
    _ = words(translations, language)
    kind = {"regulation": "Regulation", "table-of-contents": "Table of contents"}.get(doc.kind, "Convention description")
    # Here "Issued by" follows the kind ("Przepis · Wydany przez"), not the title.
    return " · ".join([_(kind), *([f"{_('Issued by')} {doc.issuer}"] if doc.issuer else []),
                       *([doc.edition] if doc.edition else [])])


@pytest.fixture(scope="module")
def handbook() -> Handbook:
    return load_handbook(ROOT / "source", ROOT / "translations")


def test_a_document_alone_says_who_issued_it_and_which_edition_in_its_language(
        real_books: Path, handbook: Handbook) -> None:
    translations = ROOT / "translations"
    issued_ones = [doc for doc in handbook.documents if doc.issuer]
    assert any(doc.edition for doc in issued_ones) and any(doc.language != "en" for doc in issued_ones)
    for doc in issued_ones:
        title_page = squeeze(pdf_text(real_books / "pdf" / f"{doc.id}-{doc.language}-a5.pdf", 1, 1))
        assert squeeze(issued(doc, translations, doc.language)) in title_page, doc.id
        if doc.edition:
            assert squeeze(edition(doc, translations, doc.language)) in title_page, doc.id
        if doc.language != "en":  # the language's words, not the interface's English
            assert squeeze("Issued by") not in title_page, doc.id
        # The title page, not the first page of text: the contents follow it.
        assert squeeze(issued(doc, translations, doc.language)) not in squeeze(
            pdf_text(real_books / "pdf" / f"{doc.id}-{doc.language}-a5.pdf", 2, 2)), doc.id


def test_the_books_title_page_lists_every_document_with_its_issuer(real_books: Path, handbook: Handbook) -> None:
    translations = ROOT / "translations"
    for language in handbook.manifest.languages:
        documents = translate_handbook(handbook, language)
        for paper in PAPERS:
            book = real_books / "pdf" / f"{handbook.manifest.id}-{language}-{paper}.pdf"
            title_page, next_page = (squeeze(pdf_text(book, n, n)) for n in (1, 2))
            for doc in documents:
                assert squeeze(doc.title) in title_page, (book.name, doc.id)
                if doc.issuer:
                    assert squeeze(issued(doc, translations, language)) in title_page, (book.name, doc.id)
                    assert squeeze(issued(doc, translations, language)) not in next_page, (book.name, doc.id)
                if doc.edition:
                    assert squeeze(edition(doc, translations, language)) in title_page, (book.name, doc.id)


def test_no_page_of_a_document_alone_holds_its_meta_line(real_books: Path, handbook: Handbook) -> None:
    """The title page says it (page 1); the book, and the site, keep the line."""
    translations = ROOT / "translations"
    for doc in (d for d in handbook.documents if d.issuer):
        line = squeeze(meta_line(doc, translations, doc.language))
        alone = real_books / "pdf" / f"{doc.id}-{doc.language}-a5.pdf"
        assert line not in squeeze(pdf_text(alone, 2)), doc.id
        assert line in squeeze(pdf_text(real_books / "pdf" / f"{handbook.manifest.id}-{doc.language}-a5.pdf")), doc.id


@pytest.fixture(scope="module")
def english_alone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture's Polish document alone, in its English translation: yields the PDF."""
    build = tmp_path_factory.mktemp("english-alone")
    result = run_handbook("build", "--pdf", "--document", "mini-rules", "-l", "en", "--paper", "a5",
                          "--source", str(FIXTURES / "mini" / "source"),
                          "--translations", str(FIXTURES / "mini" / "translations"), "--build-dir", str(build))
    assert result.returncode == 0, result.stdout + result.stderr
    return build / "pdf" / "mini-rules-en-a5.pdf"


def test_a_translated_document_alone_shows_the_translated_issuer_and_edition(english_alone: Path) -> None:
    source, translations = FIXTURES / "mini" / "source", FIXTURES / "mini" / "translations"
    mini = load_handbook(source, translations)
    (original,) = mini.documents
    (english,) = translate_handbook(mini, "en")
    assert english.issuer != original.issuer  # the fixture translates it
    title_page = squeeze(pdf_text(english_alone, 1, 1))
    assert squeeze(issued(english, translations, "en")) in title_page
    assert squeeze(edition(english, translations, "en")) in title_page
    assert squeeze(original.issuer) not in title_page
    # The notice that the original prevails, which the page's meta block holds,
    # is on the title page; the first page of text opens with the document.
    notice = words(translations, "en")("This is a translation; the original (%(language)s) prevails:", language="Polish")
    assert squeeze(notice + " " + original.title) in title_page
    assert squeeze(notice) not in squeeze(pdf_text(english_alone, 2))


HOSTILE_ISSUER = r"\input{/etc/passwd} 100% & #1 $x$ ~^_ {}"
HOSTILE_EDITION = r"%(edition)s \write18{touch pwned} 50%"


def test_hostile_issuer_and_edition_print_as_written(mini: Path, tmp_path: Path) -> None:
    document = mini / "source" / "mini-rules.yaml"
    text = document.read_text(encoding="utf-8")
    quoted = {"issuer": HOSTILE_ISSUER, "edition": HOSTILE_EDITION}
    for field, value in quoted.items():
        text = re.sub(rf"^{field}: .*$", lambda _, f=field, v=value: f"{f}: '{v}'", text, count=1, flags=re.M)
    document.write_text(text, encoding="utf-8")
    build = tmp_path / "build"
    result = run_handbook("build", "--pdf", "-l", "pl", "--paper", "a5", "--source", str(mini / "source"),
                          "--translations", str(mini / "translations"), "--build-dir", str(build))
    assert result.returncode == 0, result.stdout + result.stderr
    for name in ("mini-rules-pl-a5", "mini-handbook-pl-a5"):
        title_page = squeeze(pdf_text(build / "pdf" / f"{name}.pdf", 1, 1))
        assert squeeze(HOSTILE_ISSUER) in title_page, name
        assert squeeze(HOSTILE_EDITION) in title_page, name
        assert "root:" not in title_page
        author = next(line for line in (build / "latex" / "pl-a5" / f"{name}.tex").read_text(encoding="utf-8")
                      .splitlines() if line.startswith("\\author{"))
        assert "\\textbackslash{}input" in author and not re.search(r"(?<!\\textbackslash\{\})\\(input|write18)", author)
    assert not list(build.rglob("pwned"))
    info = subprocess.run(["pdfinfo", str(build / "pdf" / "mini-rules-pl-a5.pdf")], check=True,
                          capture_output=True, text=True).stdout
    assert f"Author:          {HOSTILE_ISSUER}" in info  # the issuer, as written, is the PDF's author


def test_every_pdf_is_named_by_its_paper(mini_site: Path) -> None:
    for folder in (mini_site / "pdf", mini_site / "site" / "pdf"):
        names = sorted(p.name for p in folder.iterdir())
        assert names and all(re.search(r"-a[45]\.pdf$", name) for name in names), names


def test_a_rebuild_retires_the_a4_books_old_name(mini: Path, mini_site: Path, tmp_path: Path) -> None:
    """Earlier versions also wrote the A4 book as <handbook>-<lang>.pdf; the
    next build into that folder deletes it, and the site does not publish it."""
    build = tmp_path / "build"
    (build / "pdf").mkdir(parents=True)
    old = build / "pdf" / "mini-handbook-pl.pdf"
    shutil.copyfile(mini_site / "pdf" / "mini-handbook-pl-a4.pdf", old)
    kept = build / "pdf" / "mini-handbook-pl-a4.pdf"
    shutil.copyfile(mini_site / "pdf" / "mini-handbook-pl-a4.pdf", kept)
    result = run_handbook("build", "--html", "-l", "pl", "--source", str(mini / "source"),
                          "--translations", str(mini / "translations"), "--build-dir", str(build))
    assert result.returncode == 0, result.stdout + result.stderr
    assert not old.exists() and kept.exists()
    assert sorted(p.name for p in (build / "site" / "pdf").iterdir()) == [kept.name]


def test_every_pdf_link_of_the_site_lands_on_a_book_named_by_its_paper(mini_site: Path) -> None:
    """The language switcher's link, the language index's and the root page's."""
    site = mini_site / "site"
    links = {(page, href) for page in site.rglob("*.html")
             for href in re.findall(r'href="([^"#]*\.pdf)"', page.read_text(encoding="utf-8"))}
    assert {page.name for page, _ in links} >= {"index.html", "mini-rules.html"}
    for page, href in links:
        assert re.search(r"-a[45]\.pdf$", href), (page, href)
        assert (page.parent / href).resolve().is_file(), (page, href)


def test_the_title_pages_words_are_the_templates_words() -> None:
    """Translated in every catalog that translates the pages: the title page
    says nothing the pages' interface does not."""
    from build_tools.i18n.interface_strings import extract_interface
    from build_tools.render import TEMPLATES
    from build_tools.sphinxext.titlepage import INTERFACE_WORDS

    assert set(INTERFACE_WORDS) <= {entry.msgid for entry in extract_interface(TEMPLATES)}
    # And those are the words it asks for (a partly translated document: every note).
    from babel.support import NullTranslations

    from build_tools.sphinxext.titlepage import title_data

    asked: list[str] = []

    class Recorder(NullTranslations):
        def gettext(self, message: str) -> str:
            asked.append(message)
            return message

    mini = load_handbook(FIXTURES / "mini" / "source", FIXTURES / "mini" / "translations")
    title_data(translate_handbook(mini, "en"), "en", Recorder(), {})
    assert len(set(asked)) >= 6 and set(asked) <= set(INTERFACE_WORDS)
