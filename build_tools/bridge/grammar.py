"""The call grammar shared by every notation profile, compiled once per profile.

A written auction is a run of tokens between separators (space, ``-``, ``_``,
``,``, ``;``): a call or a set of alternatives, ``?``, or a bracket. Alternatives
are levels and strains run together or joined by ``/``: Russian ``4тбч``,
Polish ``1♣/♦/♥/♠``, Spanish ``1/2ST``, English ``3S/4C``. A level is read
as digits first, so ``8S`` is an inadmissible bid (Law 35C) rather than junk.

>>> from build_tools.bridge.calls import DOUBLE, PASS
>>> g = Grammar((("C", Strain.CLUBS), ("NT", Strain.NOTRUMP)), (("P", PASS), ("X", DOUBLE)))
>>> [[str(c) for c in slot.calls] for slot in g.scan("1C/NT (X) ?")]
[['1C', '1NT'], ['X'], []]

Full-width forms (``（加倍）``, ``－``, ``１``) are read as their ASCII
counterparts, as the CBA text mixes both. Dashes that might stand for passes
(two in one gap, or one before the first call or after the last) are an error
that says so, never a guess:

>>> [[str(c) for c in slot.calls] for slot in g.scan("1C（X）－1NT")]
[['1C'], ['X'], ['1NT']]
>>> g.scan("1C - - 1NT")
Traceback (most recent call last):
...
build_tools.bridge.errors.InvalidAuctionError: dashes in '1C - - 1NT' might stand for passes; write each pass as a call ('P')
"""

from __future__ import annotations

import re

from .basics import Strain
from .calls import Call
from .errors import InadmissibleBidError, InvalidAuctionError, InvalidCallError
from .views import QUESTION, Slot

SEPARATORS = "\\s\\-–—_,;"
DASHES = "-–—"
# U+FF01..U+FF5E are the full-width forms of ASCII '!'..'~'; U+3000 is the
# ideographic space. One character each way, so positions do not move.
FULL_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}


def normalise(text: str) -> str:
    """``text`` with full-width ASCII forms made ASCII, character for character.

    >>> normalise("1♣（加倍）1♥－２ＮＴ")
    '1♣(加倍)1♥-2NT'
    """
    return text.translate(FULL_WIDTH)


def alternation(words: list[str]) -> str:
    """A regex alternation of ``words``, longest first so that ``rktr`` beats ``r``."""
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))


class Grammar:
    """Scans auction text into :class:`~build_tools.bridge.views.Slot` values."""

    __slots__ = ("_scanner", "_item", "_strain_splitter", "_strain_of", "_word_of", "_pass_word")

    def __init__(
        self,
        strains: tuple[tuple[str, Strain], ...],
        words: tuple[tuple[str, Call], ...],
        needs_boundary: bool = True,
    ) -> None:
        strain_alt = alternation([w for w, _ in strains])
        word_alt = alternation([w for w, _ in words])
        item = (
            rf"(?P<levels>\d+(?:/\d+)*)[ \t]*"
            rf"(?P<strains>(?:{strain_alt})(?:/?(?:{strain_alt}))*)"
            rf"|(?P<word>{word_alt})"
        )
        plain_item = re.sub(r"\?P<\w+>", "?:", item)
        alternatives = rf"(?:{plain_item})(?:/(?:{plain_item}))*"
        boundary = rf"(?=$|[{SEPARATORS}()\[\]?])" if needs_boundary else ""
        scanner = (
            rf"(?P<sep>[{SEPARATORS}]+)|(?P<q>\?)|(?P<open>[(\[])|(?P<close>[)\]])"
            rf"|(?P<alts>{alternatives}){boundary}"
        )
        self._scanner = re.compile(scanner, re.IGNORECASE)
        # an item ends at a '/' or the end: Russian "1т/пас" is 1♣ or pass, not 1♣/♠ + "ас"
        self._item = re.compile(rf"(?:{item})(?=/|$)", re.IGNORECASE)
        self._strain_splitter = re.compile(strain_alt, re.IGNORECASE)
        self._strain_of = {w.casefold(): s for w, s in reversed(strains)}
        self._word_of = {w.casefold(): c for w, c in reversed(words)}
        self._pass_word = next((w for w, c in words if c.is_pass), "P")

    def scan(self, text: str) -> list[Slot]:
        """The slots of a written auction; bracketed calls become opponents' slots."""
        slots: list[Slot] = []
        inside = False
        bracketed: Slot | None = None
        for kind, _, slot in self._tokens(text):
            if kind == "open":
                if inside:
                    raise InvalidAuctionError(f"nested bracket in auction {text!r}")
                inside, bracketed = True, None
            elif kind == "close":
                if not inside or bracketed is None:
                    raise InvalidAuctionError(f"unmatched or empty bracket in auction {text!r}")
                slots.append(Slot(bracketed.calls, opponent=True))
                inside = False
            elif inside:
                if bracketed is not None or slot.is_question:
                    raise InvalidAuctionError(
                        f"brackets hold one opponents' call in auction {text!r}"
                    )
                bracketed = slot
            else:
                slots.append(slot)
        if inside:
            raise InvalidAuctionError(f"unclosed bracket in auction {text!r}")
        return slots

    def scan_cells(self, line: str) -> list[tuple[int, Slot]]:
        """The calls of one diagram row, each with the column it starts at."""
        cells: list[tuple[int, Slot]] = []
        for kind, start, slot in self._tokens(line):
            if kind in ("open", "close"):
                raise InvalidAuctionError(f"brackets in a two-column diagram: {line!r}")
            cells.append((start, slot))
        return cells

    def _tokens(self, text: str) -> list[tuple[str, int, Slot]]:
        tokens: list[tuple[str, int, Slot]] = []
        original, text = text, normalise(text)
        position = 0
        while position < len(text):
            match = self._scanner.match(text, position)
            if match is None:
                junk = re.match(rf"[^{SEPARATORS}()\[\]?]+", text[position:])
                raise _unknown(junk.group(0) if junk else text[position], original)
            position = match.end()
            kind = match.lastgroup or ""
            if kind == "sep":
                dashes = sum(match.group(0).count(d) for d in DASHES)
                at_edge = match.start() == 0 or position == len(text)
                if dashes > 1 or (dashes and at_edge):
                    raise InvalidAuctionError(
                        f"dashes in {original!r} might stand for passes; "
                        f"write each pass as a call ({self._pass_word!r})"
                    )
                continue
            if kind == "q":
                slot = QUESTION
            elif kind == "alts":
                slot = Slot(self._alternatives(match.group("alts"), original))
            else:
                slot = QUESTION  # placeholder for a bracket, never used as a call
            tokens.append((kind, match.start(), slot))
        return tokens

    def _alternatives(self, written: str, text: str) -> tuple[Call, ...]:
        calls: list[Call] = []
        position = 0
        while position < len(written):
            item = self._item.match(written, position)
            if item is None:  # the scanner matched the whole; only a bug lands here
                raise InvalidCallError(f"unknown call {written!r} in {text!r}")
            position = item.end() + 1
            if item.group("word"):
                calls.append(self._word_of[item.group("word").casefold()])
                continue
            strains = [
                self._strain_of[m.casefold()]
                for m in self._strain_splitter.findall(item.group("strains"))
            ]
            for level_text in item.group("levels").split("/"):
                level = int(level_text)
                if level > 7:  # a call, but inadmissible (Law 35C)
                    raise InadmissibleBidError(level_text + item.group("strains"), text)
                if level < 1:
                    raise InvalidCallError(f"level {level} out of range 1-7 in {text!r}")
                calls.extend(Call.bid(level, s) for s in strains)
        return tuple(calls)


def _unknown(fragment: str, text: str) -> InvalidCallError:
    level = re.match(r"(\d+)", fragment)
    if level and not 1 <= int(level.group(1)) <= 7:
        return InvalidCallError(f"level {int(level.group(1))} out of range 1-7 in {text!r}")
    return InvalidCallError(f"unknown call {fragment!r} in {text!r}")
