"""The running heads of the printed books name the document a page belongs
to; the running foot names the article (:mod:`.points` and the quick
reference set it, :data:`build_tools.sphinxext.latex.NODES_PREAMBLE` prints it).

A book held the handbook's title in every head, so that a page of one
document's quick reference looked like another's. A document printed alone
is its own title. In the whole book each document is a chapter, whose
heading sets the left mark (``\\markboth``) and nothing after it changes
(points and sections set the right mark only): the head of a page shows the
document of its last chapter heading, the index its own heading. The whole
book's title page (``\\hbbook``, :mod:`.titlepage`) switches the head to it.
"""

from __future__ import annotations

#: ``\hbheaddocument``: the head's words, cut with an ellipsis to the line.
PREAMBLE = r"""
\makeatletter
\newcommand{\hbheaddocument}{\truncate{\headwidth}{\@title}}
\newcommand{\hbheadbychapter}{\gdef\hbheaddocument{\truncate{\headwidth}{\nouppercase{\leftmark}}}}
\makeatother
"""
