"""Title pages of the printed books: who issued a document, which edition, and
the date, in the book's language.

The render stage knows each document as the book's language shows it (its
title, issuer and edition translated or not, and the interface words of the
page's meta line, "Regulation · Issued by …"); it writes them beside the MyST
pages (:func:`write_title_data`). Sphinx reads them back and hands every LaTeX
document its title page through the ``author`` field of its
``latex_documents`` entry, which Sphinx writes as ``\\author{…}`` and which is
therefore LaTeX already, every text escaped (:func:`author_latex`):

* a document printed alone: ``\\hbdocument{kind}{issued by}{issuer}{edition}{notes}``,
  its title page taking the place of the meta line (and, in a translation, of
  the notice that the original prevails), which its first page would otherwise
  hold alone before the first chapter (:func:`drop_document_info`);
* the whole book: ``\\hbbook{\\hbentry{title}{issued by}{issuer}{edition}...}``,
  a short list of the documents it holds.

``\\hbmaketitle`` (:data:`MAKETITLE`, with the macros of :data:`PREAMBLE`) sets
either, and gives the PDF's author field the issuer of a document alone.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import date, UTC
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.util import texescape

from build_tools.files import write_if_changed
from build_tools.sphinxext.latex import TEX_LANGUAGES

if TYPE_CHECKING:
    from babel.support import NullTranslations
    from sphinx.application import Sphinx
    from sphinx.config import Config

    from build_tools.document import Document

#: Beside the MyST pages of a language: the words of every document's title page.
DATA_NAME = "title-pages.json"

#: The class of the meta line's container on a document's page (document.md.j2).
INFO_CLASS = "hb-document-info"

_KINDS = {"regulation": "Regulation", "table-of-contents": "Table of contents"}

#: The interface strings a title page says: those of the meta line and the
#: translation notice of a document's page (document.md.j2) and of the
#: language index (index.md.j2), so that every catalog already translates them.
INTERFACE_WORDS = (
    *_KINDS.values(), "Convention description", "Issued by", "Edition: %(edition)s", "in force from %(day)s",
    "Translated: %(translated)s of %(total)s texts (%(percent)s %%).",
    "Texts not yet translated are shown in the original language and marked.",
    "This is a translation; the original (%(language)s) prevails:",
)


#: The grammatical forms a title may have, for the words of its title page that
#: agree with it: Polish "Wydane przez PZBS" under the plural "Zasady
#: alertowania", "Wydany przez" under a masculine title. Each is a context of
#: "Issued by" in the interface catalogs (``issued-by.<form>``).
FORMS = ("masculine", "feminine", "neuter", "common", "plural", "masculine-plural", "feminine-plural")

#: Beside each language's catalogs: the form of each document's title as that
#: language shows it (``{document id: form}``), written by its translator.
FORMS_NAME = "title-forms.yaml"


def title_forms(translations: Path, language: str) -> dict[str, str]:
    """The forms of the titles in ``language`` (none where the file is missing:
    a language whose words do not agree with a title, English, Chinese)."""
    import yaml

    path = translations / language / FORMS_NAME
    if not path.is_file():
        return {}
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    unknown = {doc: form for doc, form in data.items() if form not in FORMS}
    if unknown:
        raise ValueError(f"{path.name} of {language}: unknown forms {unknown} (the forms: {', '.join(FORMS)})")
    return {str(doc): str(form) for doc, form in data.items()}


def title_data(documents: Sequence[Document], language: str, translations: NullTranslations,
               originals: Mapping[str, str], forms: Mapping[str, str] | None = None) -> dict[str, Any]:
    """What each document's title page says in ``language``: the words of its
    page's meta line (the same interface strings, :mod:`build_tools.render`),
    each text with the language it is shown in (the original's, when its
    translation is missing); ``originals`` holds each document's own title.

    >>> from babel.support import NullTranslations
    >>> from build_tools.document import Document
    >>> doc = Document("d", "Trial rules", "Turtle Union", "pl", "regulation", (), edition="2026",
    ...                shown_language="en", untranslated=frozenset({"d.issuer"}), original_texts=4)
    >>> entry = title_data([doc], "en", NullTranslations(), {"d": "Zasady"})["documents"][0]
    >>> entry["kind"], entry["issued_by"], entry["issuer"], entry["edition"]
    ('Regulation', 'Issued by', ['Turtle Union', 'pl'], ['Edition: 2026', ''])
    >>> entry["notes"], entry["prevails"]
    (['Translated: 3 of 4 texts (75 %).', 'Texts not yet translated are shown in the original language and marked.'], ['This is a translation; the original (Polish) prevails:', 'Zasady', 'pl'])
    """
    from build_tools.render import format_interface, interface_text, translation_status

    def _(message: str, **variables: object) -> str:
        return format_interface(interface_text(translations.gettext(message)), variables)

    def issued_by(doc: Document, title_shown_in: str) -> str:
        """"Issued by" as it agrees with the title above it: in the form the
        language's data gives the title (not for a title shown untranslated,
        which the reader's words cannot agree with)."""
        form = (forms or {}).get(doc.id)
        if form and not title_shown_in:
            agreeing = translations.pgettext(f"issued-by.{form}", "Issued by")
            if agreeing != "Issued by":
                return interface_text(agreeing)
        return _("Issued by")

    def in_force(doc: Document) -> str:
        """The day the edition is in force from, as the page's meta line says it."""
        from build_tools.dates import long_day

        day = long_day(doc.effective, doc.display_language)
        return ", " + _("in force from %(day)s", day=day) if day else ""

    out = []
    for doc in documents:
        def shown(text: str, context: str, doc: Document = doc) -> list[str]:
            original = context in doc.untranslated and doc.language != doc.display_language
            return [text, doc.language if original else ""]

        notes, prevails = [], []
        status = translation_status(doc, language, originals)
        if status is not None:
            notes.append(_("Translated: %(translated)s of %(total)s texts (%(percent)s %%).",
                           translated=status.translated, total=status.total, percent=status.percent))
            if status.translated < status.total:
                notes.append(_("Texts not yet translated are shown in the original language and marked."))
            if status.translated:
                prevails = [_("This is a translation; the original (%(language)s) prevails:",
                              language=status.original_language), status.original_title, doc.language]
            else:  # nothing translated: no translation, the original itself
                notes.append(_("Not yet translated: the original text, in %(language)s",
                               language=status.original_language))
        out.append({
            "id": doc.id,
            "title": shown(doc.title, doc.id),
            "kind": _(_KINDS.get(doc.kind, "Convention description")),
            "issued_by": issued_by(doc, shown(doc.title, doc.id)[1]) if doc.issuer else "",
            "issuer": shown(doc.issuer, f"{doc.id}.issuer"),
            "edition": [_("Edition: %(edition)s", edition=doc.edition) + in_force(doc),
                        shown(doc.edition, f"{doc.id}.edition")[1]] if doc.edition else ["", ""],
            "notes": notes,
            # The notice that the original prevails, and the original's title in its language.
            "prevails": prevails,
        })
    return {"language": language, "documents": out}


def build_day() -> date:
    """The day of the build: ``SOURCE_DATE_EPOCH``'s where it is set (a
    reproducible build), else today."""
    import os
    from datetime import datetime

    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    return datetime.fromtimestamp(int(epoch), UTC).date() if epoch else date.today()


def write_title_data(out_dir: Path, data: Mapping[str, Any]) -> bool:
    """Write ``data`` beside the MyST pages, only if it changed (Sphinx's
    inputs are the whole folder)."""
    text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    return write_if_changed(out_dir / DATA_NAME, text.encode("utf-8"))


def tex(text: str, language: str = "") -> str:
    r"""``text`` as LaTeX, on one line, set in ``language`` (its hyphenation)
    when that is not the book's: YAML and catalogs are hostile input, nothing
    passes raw, and a blank line would end ``\author{`` before its brace.

    >>> tex(r"\input{/etc/passwd} 100% & #1")
    '\\textbackslash{}input\\{/etc/passwd\\} 100\\% \\& \\#1'
    >>> tex("Polski\n\n Związek", "pl")
    '\\hboriginal{polish}{Polski Związek}'
    """
    texescape.init()
    out = texescape.escape(" ".join(text.split()), "xelatex")
    name = TEX_LANGUAGES.get(language)
    return f"\\hboriginal{{{name}}}{{{out}}}" if name and out else out


def _args(*parts: str) -> str:
    return "".join("{" + part + "}" for part in parts)


def _entry(entry: Mapping[str, Any], macro: str) -> str:
    return macro + _args(
        tex(*entry["title"]) if macro == "\\hbentry" else tex(entry["kind"]),
        tex(entry["issued_by"]), tex(*entry["issuer"]), tex(*entry["edition"]),
    )


def author_latex(page: str, data: Mapping[str, Any], root_doc: str = "index") -> str:
    r"""The ``author`` of the LaTeX document that starts at ``page``: the book's
    list of documents, or the title page words of a document alone.

    >>> data = {"documents": [{"id": "d", "title": ["R&D", ""], "kind": "Regulation", "issued_by": "Issued by",
    ...          "issuer": ["A%B", ""], "edition": ["Edition: 1", ""], "notes": ["N"], "prevails": ["P:", "T", "sv"]}]}
    >>> author_latex("d", data)
    '\\hbdocument{Regulation}{Issued by}{A\\%B}{Edition: 1}{\\hbnote{N}\\hbnote{P: \\hboriginal{swedish}{T}}}'
    >>> author_latex("index", data)
    '\\hbbook{\\hbentry{R\\&D}{Issued by}{A\\%B}{Edition: 1}}'
    >>> author_latex("other", data), author_latex("d-card", data)
    ('', '\\hbcard{A\\%B}')
    """
    from build_tools.generated.card import SUFFIX

    entries = {entry["id"]: entry for entry in data.get("documents", ())}
    if page.endswith(SUFFIX) and page.removesuffix(SUFFIX) in entries:
        return "\\hbcard" + _args(tex(*entries[page.removesuffix(SUFFIX)]["issuer"]))
    if page == root_doc:
        return "\\hbbook{" + "".join(_entry(entry, "\\hbentry") for entry in entries.values()) + "}"
    if page not in entries:
        return ""
    entry = entries[page]
    notes = [tex(note) for note in entry["notes"]]
    if entry.get("prevails"):
        words, title, language = entry["prevails"]
        notes.append(f"{tex(words)} {tex(title, language)}")
    return _entry(entry, "\\hbdocument") + "{" + "".join(f"\\hbnote{{{note}}}" for note in notes) + "}"


def read_title_data(srcdir: Path) -> dict[str, Any]:
    """The title pages' words the render stage wrote, or none (a page set
    rendered without them prints titles and dates only)."""
    try:
        data: dict[str, Any] = json.loads((srcdir / DATA_NAME).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return data


def _fill_authors(app: Sphinx, config: Config) -> None:
    data = read_title_data(Path(app.srcdir))
    config.latex_documents = [
        (page, target, title, author or author_latex(page, data, config.root_doc), *rest)
        for page, target, title, author, *rest in config.latex_documents
    ]


def drop_document_info(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """A document printed alone: its title page says what the meta line says
    (and the notice of a translation), so the line goes from its first page."""
    if app.builder.name != "latex" or docname == app.config.root_doc:
        return
    for container in list(doctree.findall(nodes.container)):
        if INFO_CLASS in container["classes"]:
            container.parent.remove(container)
            return


#: \hbmaketitle: Sphinx's title page (a rule, the title right-aligned in the
#: heading font, the date) with the author's macros set between title and date.
PREAMBLE = r"""
\makeatletter
% A line of its own, only when it has text.
\newcommand{\hbline}[2]{\ifx\relax#2\relax\else{#1#2\par}\fi}
% A document alone: its kind under the title, then who issued it and which
% edition, and (in a translation) the notes at the foot of the page. No date:
% the day of the build is no date of the document's (its edition says the
% day it is in force from, where the document states one).
\newcommand{\hbdocument}[5]{%
  \vspace{1.5ex}\hbline{\Large}{#1}\vfill
  \gdef\@date{}%
  \ifx\relax#3\relax\else{\large\mdseries #2\ #3\par}\fi
  \hbline{\large\mdseries}{#4}\vfill
  \gdef\hb@notes{#5}}
\newcommand{\hbnote}[1]{#1\par}
\let\hb@notes\@empty
% The whole book: the documents it holds, each with its issuer and edition;
% its running heads name the document of each page (heads.py).
\newcommand{\hbbook}[1]{\vfill#1\vfill\hbheadbychapter}
\newcommand{\hbentry}[4]{%
  {\large #1\par}%
  {\small\mdseries\ifx\relax#3\relax\else#2\ #3\fi
   \ifx\relax#3\relax\else\ifx\relax#4\relax\else\ \textperiodcentered\ \fi\fi#4\par}%
  \smallskip}
% An alert card (build_tools/generated/card.py): no title page, no contents,
% no index; the sheet's narrow margins, its title in the running head. Its foot
% keeps 5 mm clear of the paper's edge (the page number's descent had come to
% 4.6 mm) and has the room fancyhdr asks for its rule and number (12.4 pt).
\newcommand{\hbcard}[1]{}
\def\hb@firsttoken#1#2\@nil{\def\hb@first{#1}}
\def\hb@cardtoken{\hbcard}
% The PDF's author: the issuer of a document alone or of a card, nobody for the book.
\pdfstringdefDisableCommands{%
  \def\hbdocument#1#2#3#4#5{#3}\def\hbbook#1{}\def\hbcard#1{#1}\def\hboriginal#1#2{#2}}
\newcommand{\hbmaketitle}{%
  \expandafter\hb@firsttoken\@author{}\@nil
  \ifx\hb@first\hb@cardtoken\hbcard@maketitle\else\hb@maketitle\fi}
\newcommand{\hbcard@maketitle}{%
  \global\hbcardtrue
  \begingroup\hypersetup{pdfauthor={\@author}, pdftitle={\@title}}\endgroup
  \newgeometry{hmargin=6.5mm,vmargin={6mm,7mm},includehead,includefoot,headsep=2mm,footskip=4.5mm}}
\newcommand{\hb@maketitle}{%
  \let\sphinxrestorepageanchorsetting\relax
  \ifHy@pageanchor\def\sphinxrestorepageanchorsetting{\Hy@pageanchortrue}\fi
  \hypersetup{pageanchor=false}%
  \begin{titlepage}%
    \noindent\rule{\textwidth}{1pt}\par
    \begingroup\hypersetup{pdfauthor={\@author}, pdftitle={\@title}}\endgroup
    \begin{flushright}%
      \py@HeaderFamily
      {\Huge \@title\par}%
      \@author
      \vfill
      {\large \@date\par}%
      \ifx\hb@notes\@empty\else\vspace{2ex}{\small\mdseries\hb@notes}\fi
    \end{flushright}%
  \end{titlepage}%
  \setcounter{footnote}{0}%
  \clearpage
  \sphinxrestorepageanchorsetting}
\makeatother
"""

MAKETITLE = r"\hbmaketitle"


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", _fill_authors)
    app.connect("doctree-resolved", drop_document_info)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
