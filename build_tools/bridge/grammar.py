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

After a call (or an opponents' bracket) may follow an alert mark (``*``,
``!``), the announcement mark ``^``, a footnote reference ``(1)`` and an
explanation in parentheses; brackets holding something that is not a call
hold an explanation, so ``1NT (15-17)`` is no level 15:

>>> [(str(s.calls[0]), s.opponent, s.annotation.suffix()) for s in g.scan("1C*(1) (X) 1NT^ (15-17)")]
[('1C', False, '*(1)'), ('X', True, ''), ('1NT', False, '^ (15-17)')]
"""

from __future__ import annotations

import re

from .annotations import ANNOUNCEMENT_MARK, FOOTNOTE, NO_ANNOTATION, Annotation
from .basics import FULL_WIDTH as FULL_WIDTH
from .basics import Strain
from .basics import normalise as normalise
from .calls import Call
from .errors import InadmissibleBidError, InvalidAuctionError, InvalidCallError
from .slots import QUESTION, Slot

SEPARATORS = "\\s\\-–—_,;"
DASHES = "-–—"


_SUITS_LOW_FIRST = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES)


def alternation(words: list[str]) -> str:
    """A regex alternation of ``words``, longest first so that ``rktr`` beats ``r``."""
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))


class Grammar:
    """Scans auction text into :class:`~build_tools.bridge.views.Slot` values."""

    __slots__ = ("_scanner", "_item", "_strain_splitter", "_strain_of", "_word_of", "_pass_word",
                 "_alert_marks", "_opponent_call", "_bid_shape")

    def __init__(
        self,
        strains: tuple[tuple[str, Strain], ...],
        words: tuple[tuple[str, Call], ...],
        needs_boundary: bool = True,
        alert_marks: tuple[str, ...] = ("*", "!"),
        any_suit: tuple[str, ...] = (),
    ) -> None:
        # ``any_suit``: letters standing for every suit at once (Russian "3х":
        # a bid at the three level in any suit), read as the four alternatives.
        strain_alt = alternation([w for w, _ in strains] + list(any_suit))
        word_alt = alternation([w for w, _ in words])
        item = (
            rf"(?P<levels>\d+(?:/\d+)*)[ \t]*"
            rf"(?P<strains>(?:{strain_alt})(?:/?(?:{strain_alt}))*)"
            rf"|(?P<word>{word_alt})"
        )
        plain_item = re.sub(r"\?P<\w+>", "?:", item)
        alternatives = rf"(?:{plain_item})(?:/(?:{plain_item}))*"
        marks = re.escape("".join(alert_marks) + ANNOUNCEMENT_MARK)
        boundary = rf"(?=$|[{SEPARATORS}()\[\]?{marks}])" if needs_boundary else ""
        scanner = (
            rf"(?P<sep>[{SEPARATORS}]+)|(?P<q>\?)|(?P<note>\({FOOTNOTE.pattern}\))"
            rf"|(?P<mark>[{marks}])|(?P<open>[(\[])|(?P<close>[)\]])"
            rf"|(?P<alts>{alternatives}){boundary}"
        )
        self._alert_marks = alert_marks
        # What brackets hold when they hold an opponents' call (with its own
        # annotation); anything else in parentheses is an explanation, except
        # a bid out of range ('(8S)'), which stays an error.
        self._opponent_call = re.compile(
            rf"\s*(?:{alternatives})[{marks}]?(?:\({FOOTNOTE.pattern}\))?(?:\s*\([^()]*\))?\s*",
            re.IGNORECASE,
        )
        self._bid_shape = re.compile(rf"\s*\d+\s*(?:{strain_alt})\s*", re.IGNORECASE)
        self._scanner = re.compile(scanner, re.IGNORECASE)
        # an item ends at a '/' or the end: Russian "1т/пас" is 1♣ or pass, not 1♣/♠ + "ас"
        self._item = re.compile(rf"(?:{item})(?=/|$)", re.IGNORECASE)
        self._strain_splitter = re.compile(strain_alt, re.IGNORECASE)
        self._strain_of: dict[str, tuple[Strain, ...]] = {w.casefold(): (s,) for w, s in reversed(strains)}
        self._strain_of.update({w.casefold(): _SUITS_LOW_FIRST for w in any_suit})
        self._word_of = {w.casefold(): c for w, c in reversed(words)}
        self._pass_word = next((w for w, c in words if c.is_pass), "P")

    def scan(self, text: str) -> list[Slot]:
        """The slots of a written auction; bracketed calls become opponents' slots."""
        slots: list[Slot] = []
        inside = False
        bracketed: Slot | None = None
        for kind, _, slot, annotation in self._tokens(text):
            if kind == "open":
                if inside:
                    raise InvalidAuctionError(f"nested bracket in auction {text!r}")
                inside, bracketed = True, None
            elif kind == "close":
                if not inside or bracketed is None:
                    raise InvalidAuctionError(f"unmatched or empty bracket in auction {text!r}")
                slots.append(Slot(bracketed.calls, True, bracketed.annotation.merge(annotation, text)))
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
        for kind, start, slot, _ in self._tokens(line):
            if kind in ("open", "close"):
                raise InvalidAuctionError(f"brackets in a two-column diagram: {line!r}")
            cells.append((start, slot))
        return cells

    def _tokens(self, text: str) -> list[tuple[str, int, Slot, Annotation]]:
        # Each token: its kind, where it starts, its slot (calls with their
        # annotation), and for a closing bracket the annotation written after it.
        tokens: list[tuple[str, int, Slot, Annotation]] = []
        original, text = text, normalise(text)
        position = last_end = 0
        while position < len(text):
            match = self._scanner.match(text, position)
            if match is None:
                junk = re.match(rf"[^{SEPARATORS}()\[\]?]+", text[position:])
                raise _unknown(junk.group(0) if junk else text[position], original)
            kind = match.lastgroup or ""
            annotation: Annotation | None = None
            if kind == "open" and match.group(0) == "(":
                close = _closing(text, match.end())
                content = text[match.end() : close] if close is not None else ""
                if close is not None and not self.reads_as_calls(content):
                    # the original characters (normalising changes none of the positions)
                    written = original[match.end() : close]
                    annotation = Annotation(explanation=" ".join(written.split()))
                    position = close + 1
            if annotation is None:
                position = match.end()
            if kind == "sep":
                dashes = sum(match.group(0).count(d) for d in DASHES)
                at_edge = match.start() == 0 or position == len(text)
                if dashes > 1 or (dashes and at_edge):
                    raise InvalidAuctionError(
                        f"dashes in {original!r} might stand for passes; "
                        f"write each pass as a call ({self._pass_word!r})"
                    )
                continue
            if kind == "mark":
                mark = match.group(0)
                annotation = Annotation(alerted=mark != ANNOUNCEMENT_MARK,
                                        announced=mark == ANNOUNCEMENT_MARK)
                if tokens and last_end != match.start():
                    raise InvalidAuctionError(
                        f"the mark {mark!r} in {original!r} must follow a call without a space"
                    )
            elif kind == "note":
                annotation = Annotation(footnote=match.group(0)[1:-1])
            if annotation is not None:
                if not tokens or tokens[-1][0] not in ("alts", "close"):
                    raise InvalidAuctionError(
                        f"an alert mark, footnote or explanation in {original!r} must follow a call"
                    )
                last_kind, start, slot, after = tokens[-1]
                if last_kind == "alts":
                    slot = Slot(slot.calls, annotation=slot.annotation.merge(annotation, original))
                else:
                    after = after.merge(annotation, original)
                tokens[-1] = (last_kind, start, slot, after)
                last_end = position
                continue
            if kind == "q":
                slot = QUESTION
            elif kind == "alts":
                slot = Slot(self._alternatives(match.group("alts"), original))
            else:
                slot = QUESTION  # placeholder for a bracket, never used as a call
            tokens.append((kind, match.start(), slot, NO_ANNOTATION))
            last_end = position
        return tokens
    def reads_as_calls(self, content: str) -> bool:
        """Whether ``content`` in parentheses is an opponents' call (or a
        bracket misused: nothing, ``?``, several calls, a bid out of range)
        rather than an explanation."""
        content = normalise(content)
        return bool(
            self._opponent_call.fullmatch(content) or self._bid_shape.fullmatch(content)
            or not content.strip() or self._only_calls(content)
        )

    def _only_calls(self, content: str) -> bool:
        # '(1H 1S)' or '(?)' is a bracket misused, not an explanation
        try:
            return all(kind in ("alts", "q") for kind, *_ in self._tokens(content))
        except (InvalidAuctionError, InvalidCallError):
            return False

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
                strain
                for m in self._strain_splitter.findall(item.group("strains"))
                for strain in self._strain_of[m.casefold()]
            ]
            for level_text in item.group("levels").split("/"):
                level = int(level_text)
                if level > 7:  # a call, but inadmissible (Law 35C)
                    raise InadmissibleBidError(level_text + item.group("strains"), text)
                if level < 1:
                    raise InvalidCallError(f"level {level} out of range 1-7 in {text!r}")
                calls.extend(Call.bid(level, s) for s in strains)
        return tuple(calls)


def _closing(text: str, start: int) -> int | None:
    """Where the bracket opened just before ``start`` closes (nested pairs
    skipped), or ``None`` when it does not."""
    depth = 0
    for index in range(start, len(text)):
        if text[index] == "(":
            depth += 1
        elif text[index] == ")":
            if depth == 0:
                return index
            depth -= 1
    return None


def _unknown(fragment: str, text: str) -> InvalidCallError:
    level = re.match(r"(\d+)", fragment)
    if level and not 1 <= int(level.group(1)) <= 7:
        return InvalidCallError(f"level {int(level.group(1))} out of range 1-7 in {text!r}")
    return InvalidCallError(f"unknown call {fragment!r} in {text!r}")
