"""LaTeX settings per language for xelatex: fonts that carry every glyph,
language support, and the macros the extension's nodes write."""

from __future__ import annotations

from build_tools.sphinxext.suits import LATEX_PREAMBLE as SUITS_PREAMBLE

FONTS = r"""
\setmainfont{Noto Serif}
\setsansfont{Noto Sans}
\setmonofont{DejaVu Sans Mono}[Scale=0.9]
"""

NODES_PREAMBLE = r"""
% Documents carry their own display numbers; LaTeX must not add its own.
\setcounter{secnumdepth}{-1}
\newenvironment{hbpoint}[1]{%
  \begin{list}{}{\setlength{\leftmargin}{2.2em}\setlength{\labelwidth}{1.9em}%
    \setlength{\labelsep}{0.3em}\setlength{\topsep}{1pt}\setlength{\partopsep}{0pt}%
    \setlength{\itemsep}{0pt}\setlength{\parsep}{2pt}}%
  \item[#1]}{\end{list}}
\newenvironment{hbexample}[1]{\par\smallskip\begin{quote}\ifx\relax#1\relax\else\textbf{#1}\par\fi}{\end{quote}\smallskip}
% Badges of BWS variants, and auctions and hands written in a sentence
% (classes of inline nodes reach LaTeX as \DUrole{class}).
\expandafter\newcommand\csname DUrolehb-default\endcsname[1]{\fbox{\scriptsize #1}}
\expandafter\newcommand\csname DUrolehb-leaf\endcsname[1]{\fbox{\scriptsize #1}}
\expandafter\newcommand\csname DUrolehb-inline-auction\endcsname[1]{\mbox{#1}}
\expandafter\newcommand\csname DUrolehb-inline-hand\endcsname[1]{\mbox{#1}}
% An alert mark after a call; a vulnerable seat heading its column.
\expandafter\newcommand\csname DUrolehb-alert\endcsname[1]{\textsuperscript{#1}}
\expandafter\newcommand\csname DUrolehb-vulnerable\endcsname[1]{\underline{#1}}
\newcommand{\hbuntranslated}[1]{\fbox{\scriptsize #1}}
% The notice before a block or section shown in the original language: a short
% line of its own, kept with what follows (a box would overlap the next line).
\newcommand{\hbuntranslatednotice}[1]{\par\noindent{\footnotesize\itshape\textcolor{hbnotice}{[#1]}}\par\nobreak}
\definecolor{hbnotice}{RGB}{138,83,0}
% Verdicts of examples, and the heading of the handbook's own examples.
\expandafter\newcommand\csname DUrolehb-verdict\endcsname[1]{\fbox{\scriptsize\bfseries #1}}
\expandafter\newcommand\csname DUrolehb-editorial\endcsname[1]{\textit{\small #1}}
\expandafter\newcommand\csname DUrolehb-query\endcsname[1]{{\footnotesize #1}\quad}
"""

CJK_FONTS = r"""
\setCJKmainfont{Noto Serif CJK SC}
\setCJKsansfont{Noto Sans CJK SC}
\setCJKmonofont{Noto Sans Mono CJK SC}
"""

CHINESE = CJK_FONTS + r"""
\renewcommand{\contentsname}{目录}
"""

# Every book holds the Chinese document (untranslated texts are shown in the
# original), so every book needs CJK fonts. xeCJK would also set quotes,
# dashes and ellipses as full-width CJK punctuation; outside the Chinese book
# they stay with the text's own font.
CJK_IN_OTHER_BOOKS = r"""
\usepackage{xeCJK}
""" + CJK_FONTS + r"""
\xeCJKDeclareCharClass{Default}{"2018, "2019, "201C, "201D, "201E, "2013, "2014, "2026, "00B7}
"""


#: TeX's names of the languages a text may be shown in (Chinese needs none:
#: xeCJK sets CJK characters in the CJK font whatever the language).
TEX_LANGUAGES = {"pl": "polish", "en": "english", "ru": "russian", "es": "spanish", "sv": "swedish"}


def _other_languages(language: str) -> str:
    """Texts shown in the original (``\\hboriginal{russian}{...}``) switch to
    their language's hyphenation where the book's language package has it."""
    others = [name for code, name in TEX_LANGUAGES.items() if code != language]
    if language == "zh_CN":  # no language package: xeCJK only
        return "\\newcommand{\\hboriginal}[2]{#2}\n"
    if language == "ru":  # babel, loaded with the other languages below
        return "\\newcommand{\\hboriginal}[2]{\\foreignlanguage{#1}{#2}}\n"
    return ("\\setotherlanguages{" + ",".join(others) + "}\n"
            "\\newcommand{\\hboriginal}[2]{\\foreignlanguage{#1}{#2}}\n")


#: The papers a book or a document is printed on: A4 for the desk, A5 a pocket
#: book for the director at the table (narrow margins, the same 10 pt text:
#: Sphinx's classes know no smaller size, and 9 pt is too small to read at a table).
PAPERS = ("a4", "a5")

#: Margins of the A5 pocket book (Sphinx's own are an inch, for A4).
A5_MARGINS = "hmargin={13mm,13mm}, vmargin={14mm,15mm}, marginpar=8mm"


def latex_elements_for(language: str, paper: str = "a4") -> dict[str, str]:
    """``latex_elements`` for one language's handbook on ``paper`` (``a4`` or ``a5``)."""
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r} (expected one of: {', '.join(PAPERS)})")
    elements = {
        "papersize": f"{paper}paper",
        "pointsize": "10pt",
        "fontpkg": FONTS,
        "preamble": SUITS_PREAMBLE + NODES_PREAMBLE,
        "printindex": "",
        # A pocket book of regulations reads straight on: no blank pages (which
        # carried running heads) before each chapter.
        "extraclassoptions": "openany,oneside",
        # A document printed alone opens with its own text before its first
        # section: no "Contents" in the foot of those pages.
        "tableofcontents": "\\sphinxtableofcontents\n\\markboth{}{}\n",
    }
    if paper == "a5":
        elements["sphinxsetup"] = A5_MARGINS
    # On the narrow page tabulary squeezes a column of calls beside long meanings
    # down to \tymin (Sphinx's: three digits), narrower than "2NT" or "2БК".
    a5 = "\\setlength{\\tymin}{3em}\n" if paper == "a5" else ""
    if language == "ru":
        # polyglossia makes every xelatex pass of a Russian book about 2.5x slower
        # than babel for the same output.
        elements["polyglossia"] = ""
        elements["babel"] = r"\usepackage[english,polish,swedish,spanish,es-noshorthands,main=russian]{babel}"
    if language == "zh_CN":
        # Sphinx loads xeCJK itself for Chinese but also English babel and
        # fncychap, which would print "CHAPTER" and "Contents".
        elements["babel"] = ""
        elements["polyglossia"] = ""
        elements["fncychap"] = ""
        elements["preamble"] = CHINESE + elements["preamble"]
    else:
        elements["preamble"] = CJK_IN_OTHER_BOOKS + elements["preamble"]
    elements["preamble"] = _other_languages(language) + elements["preamble"] + a5 + _metadata(language)
    return elements


def _metadata(language: str) -> str:
    r"""The PDF declares its language (screen readers and search read it).

    >>> _metadata("zh_CN")
    '\\hypersetup{pdflang={zh-CN}}\n'
    """
    return "\\hypersetup{pdflang={" + language.replace("_", "-") + "}}\n"
