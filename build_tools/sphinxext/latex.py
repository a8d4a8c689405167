"""LaTeX settings per language for xelatex: fonts that carry every glyph,
language support, and the macros the extension's nodes write."""

from __future__ import annotations

from build_tools.generated.card import LATEX as CARD_PREAMBLE
from build_tools.sphinxext.heads import PREAMBLE as HEADS_PREAMBLE
from build_tools.sphinxext.suits import LATEX_PREAMBLE as SUITS_PREAMBLE

FONTS = r"""
\setmainfont{Noto Serif}
\setsansfont{Noto Sans}
\setmonofont{DejaVu Sans Mono}[Scale=0.9]
"""

NODES_PREAMBLE = r"""
\usepackage{truncate}
\usepackage{needspace}
% Documents carry their own display numbers; LaTeX must not add its own.
\setcounter{secnumdepth}{-1}
% A point is a list of its own. LaTeX invites a page break before a list
% (\@beginparpenalty), which left a sentence ending "...:" alone at the foot of
% a page and its first point on the next: a point follows the text that
% introduces it on its page. Between two points the end of the first still
% offers its break (\@endparpenalty).
\newenvironment{hbpoint}[1]{%
  \begin{list}{}{\setlength{\leftmargin}{2.2em}\setlength{\labelwidth}{1.9em}%
    \setlength{\labelsep}{0.3em}\setlength{\topsep}{1pt}\setlength{\partopsep}{0pt}%
    \setlength{\itemsep}{0pt}\setlength{\parsep}{2pt}\hbnobreakbeforepoint}%
  \item[#1]}{\end{list}}
\makeatletter
\newcommand{\hbnobreakbeforepoint}{\@beginparpenalty\@M}
% The contents' page numbers: room for three digits (the A5 books pass 100 pages).
\renewcommand{\@pnumwidth}{2em}
\renewcommand{\@tocrmarg}{3em}
% An example (its title, diagrams and verdicts) is never broken across pages, and
% never starts a page while the text that introduces it ends the one before: no
% page break from the end of that text to the example's last line. After the
% example the list's small negative penalty (\@endparpenalty) remains, so that a
% chain of examples longer than a page breaks between two of them.
\newenvironment{hbexample}{%
  \par\nobreak
  \global\@endparpenalty-\@lowpenalty
  \smallskip\@beginparpenalty\@M
  \begin{quote}%
  \interlinepenalty\@M \clubpenalty\@M \widowpenalty\@M \brokenpenalty\@M
  \let\hb@atstartpar\sphinxAtStartPar
  \def\sphinxAtStartPar{\ifvmode\nobreak\fi\hb@atstartpar}%
  \let\hb@attablestart\sphinxattablestart
  \def\sphinxattablestart{\par\nobreak\hb@attablestart}%
  \def\sphinxattableend{\@nobreakfalse\ifvmode\prevdepth\z@\nobreak\vskip\sphinxtablepost\relax\fi}%
}{\end{quote}\smallskip}
% An article's editorial examples, a row each, in a smaller size; in the A5
% book's appendix each row opens with its number, and the article says where
% they are.
% Its cells are set ragged-right: a justified agreement of a few words in a
% narrow column stretched its spaces ("naturalne;   15–17   PC").
% An auction breaks between its calls in its narrow column (in a sentence it
% is kept on one line).
% Like an example, a run starts on the page of the text it illustrates (no
% break before it, nor between its label and its table); it gives the ends of
% lists their page break back, as an example does.
% Its table breaks between rows where a page ends (a longtable, .examples), its
% header repeated; Sphinx's "continued from the previous page" lines are left
% out: the repeated header says as much.
\newenvironment{hbexamplerun}{\par\nobreak\global\@endparpenalty-\@lowpenalty\smallskip\begingroup\small
  \let\hb@runstartpar\sphinxAtStartPar\def\sphinxAtStartPar{\raggedright\hb@runstartpar}%
  \let\hb@runtablestart\sphinxattablestart\def\sphinxattablestart{\par\nobreak\hb@runtablestart}%
  \expandafter\def\csname DUrolehb-inline-auction\endcsname##1{##1}%
  \def\sphinxtablecontinued##1{}}%
  {\endgroup\par\smallskip}
\newcommand{\hbappendixarticle}[1]{\par\medskip\noindent\textbf{#1}\markright{#1}\par\nobreak}
\newcommand{\hbexamplenumber}[1]{\textbf{#1}\enspace}
\newcommand{\hbexamplereference}[1]{\par\nobreak\global\@endparpenalty-\@lowpenalty\noindent{\small\itshape #1}\par}
\newcommand{\hbexampletitle}[1]{\par\nobreak\noindent\textbf{#1}\par\nobreak}
% Written before the ends of lists (points) whose last text introduces an
% example: those ends offer no page break (the example puts the penalty back).
\newcommand{\hbkeepwithnext}{\par\global\@endparpenalty\@M}
% A page number of a printed contents (the Laws contents): after a dot leader,
% flush right in a column that the entry's title, wrapped or not, keeps clear of.
\newlength{\hbpagenumberwidth}\setlength{\hbpagenumberwidth}{2em}
\expandafter\newcommand\csname DUrolehb-page\endcsname[1]{{%
  \rightskip\dimexpr\hbpagenumberwidth+1em\relax plus 1fil\parfillskip-\rightskip
  \unskip\nobreak\leaders\hbox to .5em{\hss.\hss}\hskip 1em plus 1fill
  \nobreak\hbox to\hbpagenumberwidth{\hss#1}\par}}
% The running head names the document (build_tools/sphinxext/heads.py).
% The running foot: the name of the section stays on one line, at least 1em
% clear of the page number, shortened with an ellipsis where it is longer.
\newlength{\hbfootnamewidth}
\newcommand{\hbfootname}[1]{%
  \settowidth{\hbfootnamewidth}{\thepage}%
  \setlength{\hbfootnamewidth}{\dimexpr\headwidth-\hbfootnamewidth-1em\relax}%
  \truncate{\hbfootnamewidth}{#1}}
\fancypagestyle{normal}{%
  \fancyhf{}%
  \fancyfoot[RO]{{\py@HeaderFamily\thepage}}%
  \fancyfoot[LO]{{\py@HeaderFamily\hbfootname{\nouppercase{\rightmark}}}}%
  \fancyhead[RO]{{\py@HeaderFamily\hbheaddocument}}%
  \if@twoside
    \fancyfoot[LE]{{\py@HeaderFamily\thepage}}%
    \fancyfoot[RE]{{\py@HeaderFamily\hbfootname{\nouppercase{\leftmark}}}}%
    \fancyhead[LE]{{\py@HeaderFamily\hbheaddocument}}%
  \fi
  \renewcommand{\headrulewidth}{0.4pt}%
  \renewcommand{\footrulewidth}{0.4pt}}
\makeatother
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
% A verdict's tone (its question's declaration, build_tools/rules/registry.py) in
% shape as well as word, legible in greyscale: what asks for action (Alert,
% Announce) is set white on black, what forbids is underlined as well, what
% permits is framed; a classification (a position, what a call shows, which
% may run to a line) is set in brackets and may break where its words do.
% A badge is upright (the link inside it would be italic, \sphinxcrossref), and
% its link takes the colour of the badge's words (xcolor's "." is the colour in
% force where the link is set): the link colour had overridden the white of a
% badge set on black, navy on black, illegible in greyscale.
\newcommand{\hbupright}[1]{#1}
% The zero skip before it lets TeX hyphenate its first word, which it never does
% at the start of a paragraph: a classification opening a narrow cell of a table
% of examples ("[dwukolorówka, ...") ran over the column.
\expandafter\newcommand\csname DUrolehb-verdict\endcsname[1]{\hspace{0pt}{\scriptsize\bfseries\upshape\let\sphinxcrossref\hbupright\hypersetup{linkcolor=.}#1}}
\expandafter\newcommand\csname DUrolehb-verdict-needs-action\endcsname[1]{{\setlength{\fboxsep}{1pt}\fbox{\colorbox{black}{\textcolor{white}{#1}}}}}
\expandafter\newcommand\csname DUrolehb-verdict-forbidden\endcsname[1]{{\setlength{\fboxsep}{1pt}\fbox{\colorbox{black}{\textcolor{white}{\underline{#1}}}}}}
\expandafter\newcommand\csname DUrolehb-verdict-permitted\endcsname[1]{\fbox{#1}}
\expandafter\newcommand\csname DUrolehb-verdict-info\endcsname[1]{[#1]}
\expandafter\newcommand\csname DUrolehb-editorial\endcsname[1]{\textit{\small #1}}
% After a verdict resting on the handbook's reading of its article, the words that say so.
\expandafter\newcommand\csname DUrolehb-reading\endcsname[1]{\textit{#1}}
% The line of an example's query and verdicts is set ragged-right: justified,
% its short words stretched apart ("naturalne;  14–18  PC;"). The setting holds
% to the end of the paragraph (and of the example, whose group it is in).
\expandafter\newcommand\csname DUrolehb-query\endcsname[1]{\rightskip 0pt plus 1fil\relax{\footnotesize #1}\quad}
% A quick-reference table (build_tools/generated/quickref.py): a longtable in a
% smaller size, ragged right (calls and agreements do not stretch); a row naming
% a situation in bold.
% The index's entries are grouped under "Conventions" and "Calls" (its first
% level); makeindex's letter headings, read from ASCII sort keys, would mislead.
\renewcommand{\sphinxstyleindexlettergroup}[1]{}
% A page number ending a quick reference's cell (build_tools/generated/articles.py)
% in the room of three digits and its bracket, whatever it is.
\newlength{\hbcolumnpagewidth}
\newcommand{\hbcolumnpage}[1]{\settowidth{\hbcolumnpagewidth}{000)}\makebox[\hbcolumnpagewidth][l]{#1}}
% A "but see" note (build_tools/generated/butsee.py): a paragraph in a smaller size.
\newcommand{\hbbutsee}{\small}
% Sphinx starts each cell's paragraph with \sphinxAtStartPar, where the
% cells are set ragged right too. A table starts on a page with room for its
% caption, header and first rows: they were left alone at a page's foot.
\newenvironment{hbquickref}{\par\needspace{8\baselineskip}\small\raggedright
  \let\hbquickrefpar\sphinxAtStartPar\def\sphinxAtStartPar{\raggedright\hbquickrefpar}}{\par}
% A situation's row has its name in the first column and nothing in the others:
% the name runs across them (in the narrow first column a word ran over it).
% Its row is not coloured: the next cell's colour, painted after the name,
% cut it ("Wysoki poziom (od c"). The colour comes back with the next row's
% sequence (colortbl paints a cell after reading it).
\expandafter\newcommand\csname DUrolehb-quickref-situation\endcsname[1]{\mbox{}\rlap{\textbf{#1}}\sphinxrowcolorOFF}
\expandafter\newcommand\csname DUrolehb-quickref-sequence\endcsname[1]{\sphinxrowcolorON#1}
% The index's page ranges: "17–19", an en dash that never ends a line.
% hyperref's \hyperpage wrote "17--19", which the fonts print as two hyphens
% (Sphinx sets them without TeX's ligatures) and a line could break between.
\makeatletter
\def\@hyperpage#1--#2--#3\\{%
  \ifx\\#2\\\@commahyperpage{#1}\else\mbox{\HyInd@pagelink{#1}\textendash\HyInd@pagelink{#2}}\fi}
\makeatother
"""

CJK_FONTS = r"""
\setCJKmainfont{Noto Serif CJK SC}
\setCJKsansfont{Noto Sans CJK SC}
\setCJKmonofont{Noto Sans Mono CJK SC}
"""

# xeCJK drops a space between two CJK characters (a line break in Chinese
# text is no space), but a heading's number and title ("第九节 叫牌体系") are
# written apart on purpose: headings, the contents and the running heads and
# feet keep their spaces.
CJK_HEADINGS = r"""
\makeatletter
% Robust: a chapter title may be uppercased (fncychap), its key must not.
\DeclareRobustCommand{\hbcjkspace}{\xeCJKsetup{CJKspace=true}}
\g@addto@macro\py@HeaderFamily{\hbcjkspace}
\g@addto@macro\sphinxtableofcontentshook{\hbcjkspace}
\let\hb@makechapterhead\@makechapterhead
\renewcommand{\@makechapterhead}[1]{\hb@makechapterhead{\hbcjkspace #1}}
\let\hb@makeschapterhead\@makeschapterhead
\renewcommand{\@makeschapterhead}[1]{\hb@makeschapterhead{\hbcjkspace #1}}
\makeatother
"""

CHINESE = CJK_FONTS + CJK_HEADINGS + r"""
\renewcommand{\contentsname}{目录}
"""

# Every book holds the Chinese document (untranslated texts are shown in the
# original), so every book needs CJK fonts. xeCJK would also set quotes,
# dashes and ellipses as full-width CJK punctuation; outside the Chinese book
# they stay with the text's own font.
CJK_IN_OTHER_BOOKS = r"""
\usepackage{xeCJK}
""" + CJK_FONTS + CJK_HEADINGS + r"""
\xeCJKDeclareCharClass{Default}{"2018, "2019, "201C, "201D, "201E, "2013, "2014, "2026, "00B7}
"""


#: TeX's names of the languages a text may be shown in (Chinese needs none:
#: xeCJK sets CJK characters in the CJK font whatever the language).
TEX_LANGUAGES = {"pl": "polish", "en": "english", "ru": "russian", "es": "spanish", "sv": "swedish",
                 "de": "german"}


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

#: Margins of the A5 pocket book (Sphinx's own are an inch, for A4). The
#: running head and foot are inside the vertical margins' measure
#: (``A5_GEOMETRY``): in Sphinx's layout they sit 37 pt above and 30 pt below
#: the text, which on this page put the head at the paper's very edge.
A5_MARGINS = "hmargin={13mm,13mm}, vmargin={9mm,9mm}, marginpar=8mm"
A5_GEOMETRY = "\\usepackage[includehead,includefoot,headsep=4mm,footskip=7mm]{geometry}"


def latex_elements_for(language: str, paper: str = "a4") -> dict[str, str]:
    """``latex_elements`` for one language's handbook on ``paper`` (``a4`` or ``a5``)."""
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r} (expected one of: {', '.join(PAPERS)})")
    elements = {
        "papersize": f"{paper}paper",
        "pointsize": "10pt",
        "fontpkg": FONTS,
        "preamble": SUITS_PREAMBLE + HEADS_PREAMBLE + NODES_PREAMBLE + CARD_PREAMBLE,
        # The index of calls and conventions (build_tools/generated/callindex.py),
        # which latexmk sorts with makeindex between xelatex passes.
        "printindex": "\\hbprintindex",
        # A pocket book of regulations reads straight on: no blank pages (which
        # carried running heads) before each chapter.
        "extraclassoptions": "openany,oneside",
        # A document printed alone opens with its own text before its first
        # section: no "Contents" in the foot of those pages.
        "tableofcontents": "\\hbtableofcontents\n\\markboth{}{}\n",
    }
    if paper == "a5":
        elements["sphinxsetup"] = A5_MARGINS
        elements["geometry"] = A5_GEOMETRY
    # On the narrow page tabulary squeezes a column of calls beside long meanings
    # down to \tymin (Sphinx's: three digits), narrower than "2NT" or "2БК".
    a5 = "\\setlength{\\tymin}{3em}\n" if paper == "a5" else ""
    if language == "ru":
        # polyglossia makes every xelatex pass of a Russian book about 2.5x slower
        # than babel for the same output.
        elements["polyglossia"] = ""
        elements["babel"] = r"\usepackage[english,polish,swedish,spanish,es-noshorthands,german,main=russian]{babel}"
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
