"""Verdict badges read in black-and-white print: every tone of badge, in every
A5 book, rendered in greyscale, its words against its own background at
WCAG's 4.5 : 1 or better.

The badges are found from the PDF's text positions (poppler's ``pdftotext
-bbox``): the words of a badge's label, set in the badges' small size, where
the book's LaTeX sets a badge of that label (``\\DUrole{hb-verdict-<tone>}``).
Each is measured in a greyscale rendering of its page (``pdftoppm -gray``):
the background is the commonest grey of the label's box, the words the grey
farthest from it that a few per cent of the box reach (a glyph's core, not
the edge its anti-aliasing blurs).
"""

from __future__ import annotations

import re
import subprocess
from collections import Counter, defaultdict
from dataclasses import dataclass
from html import unescape
from pathlib import Path

import pytest

#: WCAG 2's minimum contrast of text (success criterion 1.4.3).
MINIMUM = 4.5

#: The resolution the pages are rendered at: a badge's words are 7 pt high,
#: a stroke a third of a point; at 300 dpi it is a pixel and more.
DPI = 300

#: A badge's words are set in \scriptsize (7 pt in a 10 pt book): poppler's box
#: of such a word is under 10 pt high (the font's ascent and descent), the
#: text's own (10 pt) and a table's (\small, 9 pt) over 12.
BADGE_HEIGHT = 10.5

#: How many pages of each tone are measured per book (the first ones found).
PAGES_PER_TONE = 3


def luminance(grey: int) -> float:
    """The relative luminance of a grey level 0-255 (sRGB, as WCAG defines it).

    >>> luminance(0), luminance(255), round(luminance(119), 4)
    (0.0, 1.0, 0.1845)
    """
    c = grey / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def contrast(a: int, b: int) -> float:
    """WCAG's contrast ratio of two grey levels, the lighter over the darker.

    >>> contrast(0, 255), contrast(255, 0), contrast(7, 7)
    (21.0, 21.0, 1.0)
    >>> round(contrast(118, 255), 2), round(contrast(119, 255), 2)  # 4.5 : 1 lies between them
    (4.54, 4.48)
    """
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@dataclass(frozen=True, slots=True)
class Grey:
    """A greyscale image: ``width`` × ``height`` bytes, row by row."""

    width: int
    height: int
    pixels: bytes

    @classmethod
    def read_pgm(cls, data: bytes) -> Grey:
        """A binary PGM (P5, 8 bits), as ``pdftoppm -gray`` writes it.

        >>> Grey.read_pgm(b"P5\\n# made by hand\\n3 2\\n255\\n\\x00\\x80\\xff\\x01\\x02\\x03").pixels[2]
        255
        """
        fields: list[bytes] = []
        at = 0
        while len(fields) < 4:
            while data[at:at + 1].isspace():
                at += 1
            if data[at:at + 1] == b"#":
                at = data.index(b"\n", at)
                continue
            end = at
            while not data[end:end + 1].isspace():
                end += 1
            fields.append(data[at:end])
            at = end
        magic, width, height, depth = fields
        if magic != b"P5" or depth != b"255":
            raise ValueError(f"not an 8-bit binary PGM: {magic!r} {depth!r}")
        w, h = int(width), int(height)
        return cls(w, h, data[at + 1:at + 1 + w * h])

    def box(self, left: int, top: int, right: int, bottom: int) -> list[int]:
        """The grey levels inside a box (right and bottom excluded)."""
        return [self.pixels[y * self.width + x] for y in range(max(top, 0), min(bottom, self.height))
                for x in range(max(left, 0), min(right, self.width))]


def text_contrast(levels: list[int]) -> tuple[float, int, int]:
    """The contrast of a box's words against its background, with the two
    greys: the background the commonest level, the words the level farthest
    from it that 4 % of the box reach.

    >>> text_contrast([255] * 80 + [0] * 20)
    (21.0, 255, 0)
    >>> round(text_contrast([0] * 80 + [60] * 20)[0], 2)  # navy words on black: illegible
    1.9
    >>> text_contrast([255] * 100)[0]  # nothing written
    1.0
    """
    background = Counter(levels).most_common(1)[0][0]
    ordered = sorted(levels, reverse=background < 128)
    words = ordered[max(0, round(len(ordered) * 0.04) - 1)]
    return contrast(background, words), background, words


@dataclass(frozen=True, slots=True)
class Word:
    page: int
    text: str
    left: float
    top: float
    right: float
    bottom: float


def words(pdf: Path) -> list[Word]:
    """Every word of ``pdf`` with its box in points (``pdftotext -bbox``)."""
    html = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    found: list[Word] = []
    for number, page in enumerate(html.split("<page ")[1:], 1):
        for box in re.finditer(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>',
                               page):
            left, top, right, bottom = (float(box.group(n)) for n in range(1, 5))
            found.append(Word(number, unescape(box.group(5)), left, top, right, bottom))
    return found


_BADGE = re.compile(r"\\DUrole\{hb-verdict-([a-z-]+)\}\{")


def _group(tex: str, start: int) -> str:
    """The braced group of ``tex`` opening just before ``start``."""
    depth = 1
    at = start
    while depth:
        depth += {"{": 1, "}": -1}.get(tex[at], 0) if tex[at - 1] != "\\" else 0
        at += 1
    return tex[start:at - 1]


def badge_labels(tex: str) -> dict[str, set[str]]:
    r"""The labels of the badges a book's LaTeX sets, by tone: the words of
    each ``\DUrole{hb-verdict-<tone>}{...}``, its links and macros taken out.

    >>> tex = (r"\DUrole{hb-verdict-needs-action}{{\hyperref[\detokenize{d:a}]{\sphinxcrossref{"
    ...        r"\DUrole{std}{\DUrole{std-ref}{Alert}}}}}} \DUrole{hb-verdict-permitted}{Bez alertu}")
    >>> badge_labels(tex)
    {'needs-action': {'Alert'}, 'permitted': {'Bez alertu'}}
    """
    found: dict[str, set[str]] = defaultdict(set)
    for match in _BADGE.finditer(tex):
        inner = _group(tex, match.end())
        inner = re.sub(r"\\hyperref\[.*?\]\]|\\hyperref\[\\detokenize\{[^}]*\}\]", "", inner)
        inner = re.sub(r"\\DUrole\{[^}]*\}|\\sphinxhyphen\{\}", lambda m: "-" if "hyphen" in m.group() else "", inner)
        inner = re.sub(r"\\[A-Za-z@]+\*?", "", inner)
        label = " ".join(inner.replace("{", "").replace("}", "").replace("~", " ").split())
        if label:
            found[match.group(1)].add(label)
    return dict(found)


@dataclass(frozen=True, slots=True)
class Badge:
    tone: str
    label: str
    page: int
    box: tuple[float, float, float, float]


def find_badges(pdf_words: list[Word], labels: dict[str, set[str]]) -> list[Badge]:
    """Where each label stands in the badges' small size: its words in a
    row on one line (a classification's in its brackets)."""
    small = [w for w in pdf_words if w.bottom - w.top < BADGE_HEIGHT]
    wanted = sorted(((tone, label) for tone, names in labels.items() for label in names),
                    key=lambda item: -len(item[1]))
    found: list[Badge] = []
    taken: set[int] = set()
    for start in range(len(small)):
        if start in taken:
            continue
        for tone, label in wanted:
            parts = label.split()
            run = small[start:start + len(parts)]
            shown = [w.text for w in run]
            if shown:  # a classification is set in brackets
                shown[0], shown[-1] = shown[0].removeprefix("["), shown[-1].removesuffix("]")
            if len(run) == len(parts) and shown == parts \
                    and all(w.page == run[0].page and abs(w.bottom - run[0].bottom) < 1 for w in run):
                taken.update(range(start, start + len(parts)))
                found.append(Badge(tone, label, run[0].page, (run[0].left, min(w.top for w in run),
                                                              run[-1].right, max(w.bottom for w in run))))
                break
    return found


def measure(pdf: Path, badges: list[Badge], work: Path) -> list[tuple[Badge, float, int, int]]:
    """Each badge's contrast in a greyscale rendering of its page."""
    out = []
    scale = DPI / 72
    for page in sorted({b.page for b in badges}):
        stem = work / f"{pdf.stem}-{page}"
        subprocess.run(["pdftoppm", "-gray", "-r", str(DPI), "-f", str(page), "-l", str(page), "-singlefile",
                        str(pdf), str(stem)], check=True)
        image = Grey.read_pgm(stem.with_suffix(".pgm").read_bytes())
        for badge in (b for b in badges if b.page == page):
            left, top, right, bottom = badge.box
            # The middle of the words' height, between their baseline and the
            # top of their capitals: inside a box set behind them, clear of its frame.
            band = bottom - top
            levels = image.box(round(left * scale), round((top + 0.3 * band) * scale),
                               round(right * scale), round((bottom - 0.3 * band) * scale))
            out.append((badge, *text_contrast(levels)))
    return out


def book_tex(build: Path, pdf: Path) -> str:
    """The LaTeX a book was typeset from (any of the language's LaTeX folders holding its name)."""
    found = sorted(build.glob(f"latex/*/{pdf.stem}.tex"))
    assert found, f"no LaTeX for {pdf.name}"
    return found[0].read_text(encoding="utf-8")


def _a5_books(build: Path) -> list[Path]:
    return sorted(p for p in (build / "pdf").glob("*-a5.pdf"))


@pytest.mark.tex
def test_every_tone_of_badge_reads_in_greyscale_in_every_a5_book(real_books: Path, tmp_path: Path) -> None:
    books = _a5_books(real_books)
    assert books
    failures: list[str] = []
    measured: Counter[str] = Counter()
    for pdf in books:
        labels = badge_labels(book_tex(real_books, pdf))
        badges = find_badges(words(pdf), labels)
        tones = {badge.tone for badge in badges}
        # Every tone the book sets was found on its pages.
        assert tones == set(labels), f"{pdf.name}: badges of {set(labels) - tones} not found in the PDF"
        sample = [b for tone in sorted(tones) for page in sorted({b.page for b in badges if b.tone == tone})
                  [:PAGES_PER_TONE] for b in badges if b.tone == tone and b.page == page]
        for badge, ratio, background, text in measure(pdf, sample, tmp_path):
            measured[badge.tone] += 1
            if ratio < MINIMUM:
                failures.append(f"{pdf.name} p. {badge.page}: {badge.tone} '{badge.label}' "
                                f"{ratio:.1f} : 1 (words {text} on {background})")
    # The books hold every tone of the handbook's questions.
    assert set(measured) >= {"needs-action", "permitted", "info"}, measured
    assert not failures, "\n".join(failures[:20])
