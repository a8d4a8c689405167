"""The page layout of the printed books, read from the real handbook's PDFs as
a director holds them (every language's A4 and A5 book and each document
alone): diagrams kept with the text that introduces them, the Laws contents'
page numbers in a right-aligned column, Chinese headings that keep the space
after their number, running feet clear of the page number, no line too wide,
no blank page carrying a running head or foot, and no text at the paper's edge.

Pages are read with ``pdftotext -bbox`` (a box per word). Where an example
starts is read from the PDF itself: every example has an id, which hyperref
writes as a named destination at the top of the example (the one a cross
reference jumps to). That is exact, the same in every language and script, and
needs no marker in the text a reader copies, unlike guessing a diagram's first
line from its seat row (which hand diagrams and partnership views lack).
"""

from __future__ import annotations

import functools
import html
import re
import subprocess
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

pytestmark = pytest.mark.tex

#: Half a point: what two positions TeX set alike may differ by once in a PDF.
SAME = 0.5


@dataclass(frozen=True)
class Word:
    """A word on a page, in points from the page's top left corner."""

    x0: float
    y0: float
    x1: float
    y1: float
    text: str

    @property
    def middle(self) -> float:
        return (self.y0 + self.y1) / 2


@dataclass(frozen=True)
class Page:
    number: int  # 1-based, as a PDF viewer counts
    height: float
    words: tuple[Word, ...]


@functools.cache
def pages(pdf: Path) -> tuple[Page, ...]:
    """Every page of ``pdf`` with its words (``pdftotext -bbox``)."""
    out = subprocess.run(["pdftotext", "-bbox", "-enc", "UTF-8", str(pdf), "-"], check=True,
                         capture_output=True, text=True).stdout
    found = re.findall(r'<page width="[\d.]+" height="([\d.]+)">(.*?)</page>', out, re.S)
    return tuple(
        Page(n, float(height), tuple(
            Word(float(a), float(b), float(c), float(d), html.unescape(text)) for a, b, c, d, text in
            re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>', body)))
        for n, (height, body) in enumerate(found, 1))


def lines(words: list[Word] | tuple[Word, ...]) -> list[list[Word]]:
    """Words grouped into lines (a word whose middle is within 2 pt of the
    line's first), top to bottom, each left to right.

    >>> a, b, c = Word(50, 100, 60, 110, "a"), Word(10, 101, 40, 111, "b"), Word(10, 120, 20, 130, "c")
    >>> [[w.text for w in line] for line in lines([a, b, c])]
    [['b', 'a'], ['c']]
    """
    result: list[list[Word]] = []
    for word in sorted(words, key=lambda w: (w.middle, w.x0)):
        if result and abs(result[-1][0].middle - word.middle) <= 2:
            result[-1].append(word)
        else:
            result.append([word])
    return [sorted(line, key=lambda w: w.x0) for line in result]


@dataclass(frozen=True)
class Layout:
    """Where a book's text begins and its running foot sits: ``top``, the top
    of the text (hyperref's ``Doc-Start`` anchor is there: a running head is
    above it), and ``foot``, the most common top of the page number at the
    bottom of a page (every page with a foot has it at the same place)."""

    top: float
    foot: float

    #: How far a word of the foot may sit from the common place: the boxes of
    #: CJK and Latin glyphs of one line differ by a few points, while the text
    #: is at least a line away.
    SLACK = 6

    @classmethod
    def of(cls, pdf: Path) -> Layout:
        book = pages(pdf)
        top, _ = destinations(pdf)
        numbers = Counter(round(max(p.words, key=lambda w: w.y0).y0) for p in book
                          if p.words and re.fullmatch(PAGE_NUMBER, max(p.words, key=lambda w: w.y0).text))
        return cls(book[0].height - top, numbers.most_common(1)[0][0])

    def body(self, page: Page) -> list[Word]:
        """The words of the page's own text, not its running head or foot."""
        return [w for w in page.words if self.top < w.middle and w.y0 < self.foot - self.SLACK]

    def foot_words(self, page: Page) -> list[Word]:
        return [w for w in page.words if w.y0 >= self.foot - self.SLACK]


#: A page number as the books print them: arabic, or roman before the text.
PAGE_NUMBER = r"[0-9]+|[ivxlc]+"


def books(build: Path) -> list[Path]:
    """The .tex of every real book and document alone that was made into a PDF."""
    found = sorted(tex for tex in build.glob("latex/*/*.tex") if tex.with_suffix(".pdf").exists())
    folders = {tex.parent.name for tex in found}
    # Every language's A4 and A5 book, and the documents alone beside them.
    assert any(not f.endswith("-a5") for f in folders) and any(f.endswith("-a5") for f in folders), folders
    assert len(found) > len(folders), found
    return found


# --- 1. Diagrams kept with the sentence that introduces them ---------------------------


@dataclass(frozen=True)
class Example:
    label: str
    introduced: bool  # text (a paragraph, a point, a heading) comes before it, not an example or a table
    titled: bool  # a number or a title line above its diagrams


#: Lines that close a list or a wrapper and leave nothing on the page: what
#: came before them is what an example follows.
_CLOSING = re.compile(r"\\end\{(hbpoint|description|itemize|enumerate|sphinxuseclass)\}\s*|\\hbkeepwithnext\s*")


def examples(tex: str) -> list[Example]:
    r"""The examples of a Sphinx .tex, in order.

    >>> tex = '\n'.join([
    ...     r'\sphinxAtStartPar', 'The rule says:', '',
    ...     r'\begin{hbexample}{1)}\phantomsection\label{\detokenize{doc:a}}', r'\begin{savenotes}', r'\end{hbexample}',
    ...     '', r'\begin{hbexample}\phantomsection\label{\detokenize{doc:b}}', r'\begin{savenotes}',
    ...     r'\end{hbexample}', r'\end{hbpoint}', '',
    ...     r'\begin{hbexample}\phantomsection\label{\detokenize{doc:c}}', r'\sphinxAtStartPar', 'Title',
    ...     r'\end{hbexample}', r'\sphinxAtStartPar', 'More text.', r'\hbkeepwithnext', r'\end{hbpoint}',
    ...     r'\begin{hbexample}\phantomsection\label{\detokenize{doc:d}}\hbexampletitle{2)}', r'\end{hbexample}',
    ...     r'\sphinxattableend\end{savenotes}', '', r'\begin{hbexample}\phantomsection\label{\detokenize{doc:e}}'])
    >>> for e in examples(tex): print(e)
    Example(label='doc:a', introduced=True, titled=True)
    Example(label='doc:b', introduced=False, titled=False)
    Example(label='doc:c', introduced=False, titled=True)
    Example(label='doc:d', introduced=True, titled=True)
    Example(label='doc:e', introduced=False, titled=False)
    """
    result = []
    text_lines = tex.splitlines()
    for n, line in enumerate(text_lines):
        if not line.startswith("\\begin{hbexample}"):
            continue
        label = re.search(r"\\label\{\\detokenize\{([^}]*)\}\}", line)
        assert label, f"an example with no id: {line}"
        before = n - 1
        while before >= 0 and (not text_lines[before].strip() or _CLOSING.fullmatch(text_lines[before])):
            before -= 1
        after = n + 1
        while after < len(text_lines) and not text_lines[after].strip():
            after += 1
        numbered = not line.startswith("\\begin{hbexample}{}") and line.startswith("\\begin{hbexample}{")
        titled = (numbered or "\\hbexampletitle{" in line
                  or (after < len(text_lines) and text_lines[after].startswith("\\sphinxAtStartPar")))
        follows = text_lines[before]
        # After another example, or a table of editorial examples, a page may break.
        introduced = not follows.startswith(("\\end{hbexample}", "\\end{hbexamplerun}", "\\sphinxattableend"))
        result.append(Example(label.group(1), introduced, titled))
    return result


def _groups(text: str, start: int, count: int) -> list[str]:
    r"""``count`` brace groups of ``text`` from ``start`` (braces nest).

    >>> _groups(r'{{}{12}{A {b} c}{section*.3}{}}', 1, 4)
    ['', '12', 'A {b} c', 'section*.3']
    """
    found = []
    while len(found) < count:
        assert text[start] == "{", text[start:start + 40]
        depth, end = 0, start
        for end in range(start, len(text)):
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            if depth == 0:
                break
        found.append(text[start + 1:end])
        start = end + 1
    return found


def anchors(aux: str) -> dict[str, str]:
    r"""Label -> the hyperref anchor (a PDF named destination) it points at.

    >>> anchors(r'\newlabel{doc:ex}{{}{8}{Rules {\it here}}{section*.39}{}}')
    {'doc:ex': 'section*.39'}
    """
    result = {}
    for match in re.finditer(r"\\newlabel\{([^}]*)\}\{", aux):
        result[match.group(1)] = _groups(aux, match.end(), 4)[3]
    return result


def destinations(pdf: Path) -> tuple[float, dict[str, tuple[int, float]]]:
    """The top of a page's text (where hyperref's ``Doc-Start`` sits, as any
    anchor that opens a page does) and every named destination: page number
    (1-based) and height above the page's bottom edge."""
    from pypdf import PdfReader

    reader = PdfReader(pdf)
    dests = {name: (reader.get_destination_page_number(d) + 1, float(d["/Top"]))
             for name, d in reader.named_destinations.items() if d.get("/Top") is not None}
    return dests["Doc-Start"][1], dests


@dataclass(frozen=True)
class Placed:
    """Where an anchor (an example's or a point's id) landed in a book."""

    book: str  # "<latex folder>/<pdf name>"
    label: str
    page: int
    at_top: bool  # the anchor opens its page: nothing of the body above it
    lines_below: int  # lines of the page's body below the anchor


def placed(build: Path, labels_of: Callable[[str], Iterable[str]]) -> Iterator[Placed]:
    """Every anchor that ``labels_of`` picks from a real book's .tex, placed in its PDF."""
    for tex in books(build):
        pdf = tex.with_suffix(".pdf")
        top, dests = destinations(pdf)
        named = anchors(tex.with_suffix(".aux").read_text(encoding="utf-8"))
        book = pages(pdf)
        layout = Layout.of(pdf)
        for label in labels_of(tex.read_text(encoding="utf-8")):
            page, height = dests[named[label]]
            sheet = book[page - 1]
            below = [w for w in layout.body(sheet) if w.middle > sheet.height - height]
            yield Placed(f"{tex.parent.name}/{pdf.name}", label, page, height >= top - SAME, len(lines(below)))


def _by_book(found: Iterable[Placed]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for place in found:
        out.setdefault(place.book, []).append(f"p. {place.page} {place.label}")
    return out


def test_no_diagram_starts_a_page_while_its_introducing_text_ends_the_one_before(real_books: Path) -> None:
    # The examples of the book being read: one example is introduced by text in
    # one book and follows a table of editorial examples in another (the A5 book
    # moves the table), so each place is judged by its own book's .tex.
    kinds: dict[str, Example] = {}

    def labels_of(tex: str) -> list[str]:
        found = examples(tex)
        kinds.clear()
        kinds.update((example.label, example) for example in found)
        return [example.label for example in found]

    places = [(place, kinds[place.label]) for place in placed(real_books, labels_of)]
    counted = len(places)
    # The example is the first thing of its page: what comes before it ends the
    # page before, which it may only if that is an example.
    starts = _by_book(p for p, kind in places if kind.introduced and p.at_top)
    chained = sum(1 for p, kind in places if not kind.introduced and p.at_top)
    # A title (number or heading line) has its diagram below it on its page.
    separated = _by_book(p for p, kind in places if kind.titled and p.lines_below < 2)
    assert counted > 300
    assert starts == {}
    # Kept together, but not all of a chain: a page still breaks between two examples.
    assert chained > 10, chained
    assert separated == {}


def introduced_points(tex: str) -> list[str]:
    r"""The points of a Sphinx .tex that text introduces (the sentence of the
    point they belong to, or a paragraph ending "…:"), not a sibling point, an
    example or a table before them.

    >>> introduced_points('\n'.join([
    ...     r'\begin{hbpoint}{3.}\phantomsection\label{\detokenize{doc:p3}}', r'\sphinxAtStartPar', 'It says:', '',
    ...     r'\begin{hbpoint}{\textbullet}\phantomsection\label{\detokenize{doc:p3a}}', 'first', r'\end{hbpoint}', '',
    ...     r'\begin{hbpoint}{\textbullet}\phantomsection\label{\detokenize{doc:p3b}}', 'second', r'\end{hbpoint}',
    ...     r'\end{hbpoint}', r'\begin{hbpoint}{4.}\phantomsection\label{\detokenize{doc:p4}}']))
    ['doc:p3', 'doc:p3a']
    """
    result = []
    text_lines = tex.splitlines()
    for n, line in enumerate(text_lines):
        if not line.startswith("\\begin{hbpoint}"):
            continue
        label = re.search(r"\\label\{\\detokenize\{([^}]*)\}\}", line)
        before = n - 1
        while before >= 0 and not text_lines[before].strip():
            before -= 1
        follows = text_lines[before] if before >= 0 else ""
        if label and not follows.startswith(("\\end{", "\\sphinxattableend", "\\hbkeepwithnext")):
            result.append(label.group(1))
    return result


def test_a_point_never_starts_a_page_while_the_sentence_introducing_it_ends_the_one_before(
    real_books: Path,
) -> None:
    # "3. Po otwarciu przeciwnika na poziomie 1 nie alertuje się:" ended a page of the
    # Polish A5 book alone, its first bullet and that bullet's examples the next.
    # Then its anchor kept to the foot of the first page and the point's line went
    # to the next: a link to the point landed on the page before it.
    places = list(placed(real_books, introduced_points))
    assert len(places) > 300, len(places)
    assert _by_book(p for p in places if p.at_top) == {}
    assert _by_book(p for p in places if p.lines_below == 0) == {}


# --- 2. The Laws contents: page numbers in a right-aligned column -----------------------


def page_label(page: Page, layout: Layout) -> Word | None:
    """The page number in the running foot (its rightmost word), if any.

    >>> layout = Layout(top=30, foot=560)
    >>> page = Page(3, 595, (Word(40, 100, 90, 110, "Text"), Word(40, 561, 90, 571, "Foot"), Word(300, 561, 310, 571, "7")))
    >>> page_label(page, layout).text
    '7'
    """
    foot = sorted(layout.foot_words(page), key=lambda w: w.x1)
    return foot[-1] if foot and re.fullmatch(PAGE_NUMBER, foot[-1].text) else None


def contents_numbers(tex: Path, book: tuple[Page, ...], layout: Layout) -> list[tuple[Page, Word]]:
    """The page numbers of the printed contents' entries (``{hb-page}``): each
    the last word of the first line below its entry's anchor that ends with it
    (a dot leader before it may be read as part of it)."""
    source = tex.read_text(encoding="utf-8")
    labels = anchors(tex.with_suffix(".aux").read_text(encoding="utf-8"))
    _, dests = destinations(tex.with_suffix(".pdf"))
    found: list[tuple[Page, Word]] = []
    for entry in re.finditer(r"\\DUrole\{hb-page\}\{([^}]*)\}", source):
        label = re.findall(r"\\label\{\\detokenize\{([^}]*)\}\}", source[:entry.start()])[-1]
        page, height = dests[labels[label]]
        candidates = [(p, line[-1]) for p in book[page - 1:page + 1] for line in lines(layout.body(p))
                      if p.number > page or line[-1].middle > p.height - height]
        number = next(((p, word) for p, word in candidates if word.text.lstrip(".\u2024 ") == entry.group(1)), None)
        assert number, f"{tex.name}: page number {entry.group(1)} of {label} not found on p. {page} or the next"
        found.append(number)
    return found


def test_the_laws_contents_sets_its_page_numbers_flush_right_in_a_column(real_books: Path) -> None:
    checked, misplaced, crowded = [], {}, {}
    for tex in books(real_books):
        if "\\DUrole{hb-page}" not in tex.read_text(encoding="utf-8"):
            continue
        book = pages(tex.with_suffix(".pdf"))
        layout = Layout.of(tex.with_suffix(".pdf"))
        numbers = contents_numbers(tex, book, layout)
        name = f"{tex.parent.name}/{tex.name}"
        checked.append(name)
        # Flush with the text's right edge, where the running foot's page number ends.
        right = {page_label(page, layout).x1 for page in book if page_label(page, layout)}  # type: ignore[union-attr]
        assert max(right) - min(right) <= SAME, right
        edge = right.pop()
        misplaced[name] = sorted({round(word.x1, 1) for _, word in numbers if abs(word.x1 - edge) > SAME})
        # The titles (their wrapped lines too) keep clear of the numbers' column.
        column = edge - max(word.x1 - word.x0 for _, word in numbers if word.text.isdigit()) - 5
        for page in {page.number: page for page, _ in numbers}.values():
            on_page = [word for p, word in numbers if p is page]
            top, bottom = min(w.y0 for w in on_page), max(w.y1 for w in on_page)
            crowded[name] = crowded.get(name, []) + [
                (page.number, w.text) for w in layout.body(page)
                if top - 2 <= w.y0 and w.y1 <= bottom + 2 and w not in on_page
                and w.text.strip(".\u2024") and w.x1 > column]
    # The Russian document alone, the Russian A4 book, and the other books.
    assert "ru-a5/laws-1987-contents-ru-a5.tex" in checked and any(n.startswith("ru/") for n in checked), checked
    assert {name: xs for name, xs in misplaced.items() if xs} == {}
    assert {name: words for name, words in crowded.items() if words} == {}


# --- 3. Chinese headings keep the space after their number ------------------------------

CJK = "\u3000-\u303f\u4e00-\u9fff\uff00-\uffef"


def spaced_headings(tex: str) -> list[tuple[str, str]]:
    r"""(number, title) of the headings written as a CJK number, a space and a
    CJK title.

    >>> spaced_headings('\\section{第九节 叫牌体系}\n\\chapter{第29条 叫牌}\n\\section{A. 叫牌}\n\\section{第九节叫牌}')
    [('第九节', '叫牌体系'), ('第29条', '叫牌')]
    """
    return re.findall(rf"^\\(?:chapter|(?:sub)*section)\{{(\S*[{CJK}]) ([{CJK}][^}}]*)\}}", tex, re.M)


def spaced_card_articles(tex: str) -> list[tuple[str, str]]:
    r"""(number, rest) of the article names of an alert card's lines written as
    a CJK number, a space and the CJK number of the point: a card has no
    numbered heading (its headings are its questions' answers), and these are
    what it numbers.

    >>> spaced_card_articles('\\DUrole{hb-card-article}{第29条 一、 2. (1)} \\DUrole{hb-card-article}{3.}')
    [('第29条', '一、 2. (1)')]
    """
    return re.findall(rf"\\DUrole\{{hb-card-article\}}\{{(\S*[{CJK}]) ([{CJK}][^}}]*)\}}", tex)


def loose(number: str) -> str:
    """A pattern of ``number`` as pdftotext reads it: xeCJK sets a thin space
    between CJK characters and Latin letters or digits ("第 29 条").

    >>> bool(re.fullmatch(loose("第29条"), "第 29 条")), bool(re.fullmatch(loose("第29条"), "第29条"))
    (True, True)
    >>> bool(re.fullmatch(loose("第九节"), "第 九节"))
    False
    """
    parts = re.findall(rf"[{CJK}]+|[^{CJK}]+", number)
    return " ?".join(re.escape(part) for part in parts)


def test_chinese_headings_keep_the_space_after_their_number(real_books: Path) -> None:
    checked, lost = [], {}
    for tex in books(real_books):
        if not tex.parent.name.startswith("zh_CN"):
            continue
        source = tex.read_text(encoding="utf-8")
        headings = spaced_card_articles(source) if "-card-" in tex.name else spaced_headings(source)
        assert headings, tex
        text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(tex.with_suffix(".pdf")), "-"], check=True,
                              capture_output=True, text=True).stdout
        checked.append(f"{tex.parent.name}/{tex.name}")
        for number, title in headings:
            # In the heading, the contents and the running foot (a card's line):
            # never run together, and at least the heading itself with the space.
            if re.search(loose(number) + re.escape(title[:2]), text) or not re.search(
                    loose(number) + " " + re.escape(title[:2]), text):
                lost.setdefault(checked[-1], []).append(f"{number} {title}")
    # The A4 and A5 books and the CBA document alone.
    assert {name.split("/")[0] for name in checked} == {"zh_CN", "zh_CN-a5"}, checked
    assert "zh_CN-a5/cba-bidding-systems-zh_CN-a5.tex" in checked, checked
    assert "zh_CN-a5/cba-bidding-systems-card-zh_CN-a5.tex" in checked, checked
    assert lost == {}


# --- 4. The running foot keeps clear of the page number -----------------------------------

#: The foot's name ends at least this far left of the page number: about 1 em
#: of its 10 pt type (less a glyph's side bearing).
FOOT_GAP = 9.0


def foot_clash(page: Page, layout: Layout) -> str | None:
    """What is wrong with the page's running foot, or None: its name must stay
    on one line and end at least FOOT_GAP left of the page number.

    >>> layout = Layout(top=30, foot=560)
    >>> def page(*words): return Page(2, 595, tuple(Word(x0, y, x1, y + 10, t) for x0, x1, y, t in words))
    >>> foot_clash(page((40, 290, 561, "A long name"), (300, 310, 561, "7")), layout)
    >>> foot_clash(page((40, 292, 561, "A long name"), (300, 310, 561, "7")), layout)
    'p. 2: 8.0 pt between "A long name" and "7"'
    >>> foot_clash(page((40, 290, 561, "A long"), (40, 60, 573, "name"), (300, 310, 561, "7")), layout)
    'p. 2: the foot takes 2 lines: A long 7 name'
    >>> foot_clash(page((40, 290, 561, "A long name7")), layout)
    'p. 2: the name runs into the page number: "A long name7"'
    >>> foot_clash(page((300, 310, 561, "7")), layout)
    """
    foot = layout.foot_words(page)
    if not foot:
        return None
    foot_lines = lines(foot)
    if len(foot_lines) > 1:
        return f"p. {page.number}: the foot takes {len(foot_lines)} lines: " + " ".join(
            w.text for line in foot_lines for w in line)
    *name, number = foot_lines[0]
    if not re.fullmatch(PAGE_NUMBER, number.text):
        return f'p. {page.number}: the name runs into the page number: "{number.text}"'
    if name and number.x0 - name[-1].x1 < FOOT_GAP:
        return (f'p. {page.number}: {number.x0 - name[-1].x1:.1f} pt between '
                f'"{" ".join(w.text for w in name)}" and "{number.text}"')
    return None


def test_the_running_foot_keeps_clear_of_the_page_number(real_books: Path) -> None:
    clashes = {}
    for tex in books(real_books):
        book = pages(tex.with_suffix(".pdf"))
        layout = Layout.of(tex.with_suffix(".pdf"))
        found = [clash for page in book[1:] if (clash := foot_clash(page, layout))]  # page 1: the title page
        if found:
            clashes[f"{tex.parent.name}/{tex.name}"] = found
    assert clashes == {}


# --- 5. No line too wide, no blank page with a running head or foot ---------------------


def too_wide(log: str) -> list[str]:
    r"""The lines of a TeX log that report a box more than 1 pt too wide, or a
    page too high (an example that cannot be broken, taller than a page).

    >>> too_wide('Overfull \\hbox (0.9pt too wide) in paragraph\nOverfull \\hbox (1.1pt too wide) in x\n')
    ['Overfull \\hbox (1.1pt too wide) in x']
    >>> too_wide('Overfull \\vbox (3.0pt too high) has occurred while \\output is active')
    ['Overfull \\vbox (3.0pt too high) has occurred while \\output is active']
    """
    return [m.group(0) for m in re.finditer(r"Overfull \\([hv])box \(([\d.]+)pt too (?:wide|high)\)[^\n]*", log)
            if m.group(1) == "v" or float(m.group(2)) > 1.0]


def test_no_line_of_any_real_book_is_too_wide(real_books: Path) -> None:
    logs = {f"{tex.parent.name}/{tex.name}": tex.with_suffix(".log").read_text(encoding="utf-8", errors="replace")
            for tex in books(real_books)}
    assert {name: too_wide(log) for name, log in logs.items() if too_wide(log)} == {}


def test_no_page_of_any_real_book_carries_only_a_running_head_or_foot(real_books: Path) -> None:
    bare = {}
    for tex in books(real_books):
        book = pages(tex.with_suffix(".pdf"))
        layout = Layout.of(tex.with_suffix(".pdf"))
        found = [page.number for page in book if page.words and not layout.body(page)]
        if found:
            bare[f"{tex.parent.name}/{tex.name}"] = found
    assert bare == {}


# --- The running head and foot on the paper --------------------------------------------

#: What a printer leaves unprinted at the paper's edges, and more.
EDGE = 5 / 25.4 * 72  # 5 mm


def test_no_text_comes_within_5_mm_of_the_papers_edge(real_books: Path) -> None:
    # The A5 book's running head sat 0.5 pt below the paper's top edge.
    near = {}
    for tex in books(real_books):
        found = [f"p. {page.number}: {w.text}" for page in pages(tex.with_suffix(".pdf")) for w in page.words
                 if w.y0 < EDGE or w.y1 > page.height - EDGE]
        if found:
            near[f"{tex.parent.name}/{tex.name}"] = found[:3]
    assert near == {}
