"""What a written call carries besides the call: an alert mark, an
announcement, a footnote reference and an explanation in parentheses.

Real texts write them after the call: ``2♣*`` (WBF) or ``2♠!`` (ACBL, and the
Russian notes' ``3б!``) for an alert, ``1NT^`` for an announcement,
``2H(1)`` for a footnote reference, ``1NT (15-17)`` for an explanation. Every
profile reads them in both views and prints them in that order, its own alert
mark first (:attr:`~build_tools.bridge.notation.Profile.alert_marks`).

>>> one = AnnotatedCall(Call.parse("1NT"), Annotation(explanation="15-17"))
>>> one.alerted, one.annotation.explanation, str(one)
(False, '15-17', '1NT (15-17)')
>>> str(AnnotatedCall(Call.parse("2H"), Annotation(alerted=True, footnote="1")))
'2H*(1)'
>>> Annotation(explanation="12")
Traceback (most recent call last):
...
build_tools.bridge.errors.InvalidAuctionError: explanation '12' would read as a footnote reference; write it as a note
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .calls import Call
from .errors import InvalidAuctionError

#: The announcement mark, read and printed by every profile.
ANNOUNCEMENT_MARK = "^"
#: A footnote reference: up to three digits in parentheses right after the call.
FOOTNOTE = re.compile(r"\d{1,3}")
_EXPLANATION_BAD = re.compile(r"[()\[\]`（）［］｀\x00-\x1f\x7f]")


@dataclass(frozen=True, slots=True)
class Annotation:
    """The marks of one written call; the empty annotation is false.

    ``alerted`` and ``announced`` exclude each other (a call is alerted or
    announced, not both); ``footnote`` is the digits of ``(1)``; ``explanation``
    the text in parentheses, one line without brackets or backticks."""

    alerted: bool = False
    announced: bool = False
    footnote: str = ""
    explanation: str = ""

    def __post_init__(self) -> None:
        if self.alerted and self.announced:
            raise InvalidAuctionError("a call is alerted or announced, not both")
        if self.footnote and not FOOTNOTE.fullmatch(self.footnote):
            raise InvalidAuctionError(f"footnote reference {self.footnote!r} must be 1-3 digits")
        text = self.explanation
        if text != " ".join(text.split()) or (text and _EXPLANATION_BAD.search(text)):
            raise InvalidAuctionError(
                f"explanation {text!r} must be one line without brackets, backticks or extra spaces"
            )
        if text and FOOTNOTE.fullmatch(text):
            raise InvalidAuctionError(
                f"explanation {text!r} would read as a footnote reference; write it as a note"
            )

    def __bool__(self) -> bool:
        return self.alerted or self.announced or bool(self.footnote) or bool(self.explanation)

    def suffix(self, alert_mark: str = "*") -> str:
        """The annotation as written after the call.

        >>> Annotation(announced=True, explanation="15-17").suffix()
        '^ (15-17)'
        """
        mark = alert_mark if self.alerted else ANNOUNCEMENT_MARK if self.announced else ""
        footnote = f"({self.footnote})" if self.footnote else ""
        explanation = f" ({self.explanation})" if self.explanation else ""
        return mark + footnote + explanation

    def merge(self, other: Annotation, text: str) -> Annotation:
        """Both annotations on one call; raises if they say the same thing twice."""
        if (self.alerted or self.announced) and (other.alerted or other.announced):
            raise InvalidAuctionError(f"two alert or announcement marks on one call in {text!r}")
        if (self.footnote and other.footnote) or (self.explanation and other.explanation):
            raise InvalidAuctionError(f"two footnotes or explanations on one call in {text!r}")
        return Annotation(
            self.alerted or other.alerted,
            self.announced or other.announced,
            self.footnote or other.footnote,
            self.explanation or other.explanation,
        )


NO_ANNOTATION = Annotation()


@dataclass(frozen=True, slots=True)
class AnnotatedCall:
    """A call with its annotation, as one written call reads.

    >>> from build_tools.bridge.notation import profile
    >>> profile("ru").parse_annotated_call("3б!").alerted
    True
    """

    call: Call
    annotation: Annotation = NO_ANNOTATION

    @property
    def alerted(self) -> bool:
        """The call carries an alert mark: in an example, an expected verdict."""
        return self.annotation.alerted

    @property
    def announced(self) -> bool:
        return self.annotation.announced

    def __str__(self) -> str:
        return f"{self.call}{self.annotation.suffix()}"


__all__ = ["ANNOUNCEMENT_MARK", "NO_ANNOTATION", "AnnotatedCall", "Annotation"]
