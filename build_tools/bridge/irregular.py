"""Irregular calls as the Laws see them, and auctions recorded as they happened.

An :class:`~build_tools.bridge.auction.Auction` holds only legal calls. What
happened at a table may hold more, and this module writes it down and names
the Laws that govern it (numbered as in the Laws of Duplicate Bridge 2017):

* an **inadmissible call** (Law 35): a bid above 7NT (35C, rectified by Law
  38), a double or redouble that Law 19 does not permit (35A, Law 36), a call
  after the final pass (35D, Law 39). A bid above 7NT is an
  :class:`InadmissibleBid`, a value like a :class:`~build_tools.bridge.calls.Call`;
* a **call out of rotation** (Laws 28-32), written with seat labels as in
  ``N:1S E:P W:1H``: West called at South's turn;
* an **accepted insufficient bid** (Law 27A1), written with the mark
  ``(acc)``: ``1S 1H(acc)``. Offender's LHO may accept an insufficient bid
  (treat it as legal), and does so by calling over it; the bid then stands and
  the auction goes on from it, so a later bid need only supersede it (after
  ``1S 1H(acc)``, ``1S`` is sufficient). The contract is the last bid.

A :class:`TableRecord` is such a written auction; :meth:`TableRecord.review`
replays it and reports every irregularity, accepted ones included, and stops
at the first one that is not accepted: that one makes the record illegal.

>>> review = TableRecord.parse("1S 1H(acc) 1S P P P").review()
>>> review.is_legal, str(review.contract), review.declarer
(True, '1S', Seat.NORTH)
>>> str(review.irregularities[0])
"accepted insufficient bid '1H' at 2 by E (Law 18D; rectification Law 27A1; Laws of Duplicate Bridge 2017)"
>>> print(TableRecord.parse("N:1S E:P W:1H").review().error)
illegal call '1H' at 3: West called out of rotation at South's turn, his RHO's (Law 17C; rectification Law 29, Law 31A; Laws of Duplicate Bridge 2017)
>>> print(TableRecord.parse("1S 8H").review().error)
illegal call '8H' at 2: inadmissible call, a bid above 7NT (Law 35C; rectification Law 38; Laws of Duplicate Bridge 2017)

Seat labels are the PBN letters ``N E S W`` in every notation, and the
notation's own seat letters (Russian ``С В Ю З``, Swedish ``N Ö S V``); the
calls are in the notation's language. A record is written one call a token,
tokens separated by spaces (``-`` also separates tokens where no seat label is
used); a labelled call may be two words (``Ю:1 БК``).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from .auction import Auction
from .laws import (
    BID_ABOVE_SEVEN_REASON,
    LEVEL_AND_STRAIN,
    START,
    TOKEN_SEPARATORS,
    State,
    accept_insufficient,
    has_ended,
    step,
)
from .slots import View
from .spelling import CANONICAL, Spelling
from .basics import Seat, Strain, Vulnerability
from .calls import ALL_CALLS, BID_COUNT, PASS, Call, Contract, Penalty
from .errors import (
    ACCEPTED_INSUFFICIENT_BID,
    BridgeError,
    AFTER_PASSED_OUT,
    AFTER_THE_END,
    BID_ABOVE_SEVEN,
    BID_AT_PARTNERS_TURN,
    BID_AT_RHOS_TURN,
    BID_OUT_OF_ROTATION,
    DOUBLE_OUT_OF_ROTATION,
    END_OF_AUCTION,
    FIRST_CALL,
    OUT_OF_ROTATION,
    PASS_OUT_OF_ROTATION_AFTER_A_BID,
    PASS_OUT_OF_ROTATION_BEFORE_A_BID,
    PASSED_OUT,
    SUCCESSIVE_CALLS,
    Citation,
    IllegalCallError,
    InadmissibleBidError,
    InvalidAuctionError,
    InvalidCallError,
)

ACCEPTED_MARK = "(acc)"
"""The mark written after an insufficient bid that offender's LHO accepted (Law 27A1)."""
_ACCEPTED = re.compile(r"\((?:acc|accepted)\)$", re.IGNORECASE)


def _seat_letters(notation: Spelling | None) -> dict[str, Seat]:
    """The seat labels read in ``notation``: PBN's ``N E S W`` and the
    notation's own letters (Russian ``С В Ю З``, Swedish ``N Ö S V``), each in
    either case."""
    letters = {seat.letter: seat for seat in Seat}
    for seat, (letter, _) in zip(Seat, (notation or CANONICAL).seats, strict=True):
        letters[letter] = seat
    return {case: seat for letter, seat in letters.items() for case in (letter.upper(), letter.lower())}


def _label_pattern(notation: Spelling | None) -> re.Pattern[str]:
    letters = sorted(_seat_letters(notation), key=len, reverse=True)
    return re.compile(r"(?<!\S)(" + "|".join(map(re.escape, letters)) + r"):")


@dataclass(frozen=True, slots=True)
class InadmissibleBid:
    """A bid above 7NT: a call, but an inadmissible one (Law 35C, rectified by Law 38).

    >>> InadmissibleBid.parse("8♠"), str(InadmissibleBid(9, Strain.NOTRUMP))
    (InadmissibleBid.parse('8S'), '9NT')
    >>> InadmissibleBid.parse("7S")
    Traceback (most recent call last):
    ...
    build_tools.bridge.errors.InvalidCallError: '7S' is a bid of 7 or less, not above 7NT
    """

    level: int
    strain: Strain

    def __post_init__(self) -> None:
        if not isinstance(self.level, int) or self.level <= 7:
            raise InvalidCallError(f"level {self.level!r} is not above 7")

    @property
    def citation(self) -> Citation:
        return BID_ABOVE_SEVEN

    @classmethod
    def parse(cls, text: str, notation: Spelling | None = None) -> InadmissibleBid:
        """Read a bid above 7NT, its strain in ``notation`` (English by default)."""
        match = LEVEL_AND_STRAIN.fullmatch(text.strip())
        if match is None:
            raise InvalidCallError(f"{text!r} is no bid")
        level = int(match.group(1))
        strain = (notation or CANONICAL).parse_call("1" + match.group(2)).strain
        if strain is None:
            raise InvalidCallError(f"{text!r} is no bid")
        if level <= 7:
            raise InvalidCallError(f"{text!r} is a bid of 7 or less, not above 7NT")
        return cls(level, strain)

    def __str__(self) -> str:
        return f"{self.level}{self.strain.letter}"

    def __repr__(self) -> str:
        return f"InadmissibleBid.parse({str(self)!r})"


@dataclass(frozen=True, slots=True)
class TableCall:
    """One call as made at the table: the call (or a bid above 7NT), the seat
    written beside it (``None``: the player in rotation), and whether it is an
    insufficient bid that offender's LHO accepted (Law 27A1).

    >>> str(TableCall(Call.parse("1H"), Seat.WEST, accepted=True))
    'W:1H(acc)'
    """

    call: Call | InadmissibleBid
    seat: Seat | None = None
    accepted: bool = False

    def __post_init__(self) -> None:
        if self.accepted and not (isinstance(self.call, Call) and self.call.is_bid):
            raise InvalidAuctionError(
                f"only a bid can be an accepted insufficient bid, not {str(self.call)!r}"
            )

    def __str__(self) -> str:
        label = "" if self.seat is None else f"{self.seat.letter}:"
        return f"{label}{self.call}{ACCEPTED_MARK if self.accepted else ''}"


class IrregularityKind(enum.Enum):
    INADMISSIBLE = "inadmissible call"
    """Law 35: a double or redouble not permitted by Law 19, a bid above 7NT,
    a call after the final pass."""
    INSUFFICIENT = "insufficient bid"
    """Law 18D, rectified by Law 27."""
    ACCEPTED_INSUFFICIENT = "accepted insufficient bid"
    """Law 27A1: the insufficient bid stands; the auction goes on from it."""
    OUT_OF_ROTATION = "call out of rotation"
    """Laws 28-32 (Law 17B-C say whose turn it is)."""


@dataclass(frozen=True, slots=True)
class Irregularity:
    """One irregular call: what, where (1-based ``position``), by whom, and the Laws."""

    kind: IrregularityKind
    call: str
    position: int
    seat: Seat
    reason: str
    citation: Citation

    @property
    def accepted(self) -> bool:
        return self.kind is IrregularityKind.ACCEPTED_INSUFFICIENT

    def error(self) -> IllegalCallError:
        """The error this irregularity raises when it is not accepted."""
        return IllegalCallError(self.call, self.position, self.reason, self.citation)

    def as_json(self) -> dict[str, object]:
        return {
            "kind": self.kind.value,
            "call": self.call,
            "position": self.position,
            "seat": str(self.seat),
            "accepted": self.accepted,
            "reason": self.reason,
            "laws": list(self.citation.forbidding),
            "rectification": list(self.citation.rectifying),
            "edition": self.citation.edition,
            "citation": str(self.citation),
        }

    def __str__(self) -> str:
        if self.accepted:
            return f"{self.reason} {self.call!r} at {self.position} by {self.seat} ({self.citation})"
        return str(self.error())


@dataclass(frozen=True, slots=True)
class Review:
    """What :meth:`TableRecord.review` finds: the irregularities in order
    (accepted ones, then at most one that is not) and the auction's state
    after the last call reviewed."""

    record: TableRecord
    irregularities: tuple[Irregularity, ...]
    _state: State
    _reviewed: int

    @property
    def error(self) -> IllegalCallError | None:
        """The first irregularity not accepted, as an error; ``None`` if the record is legal."""
        last = self.irregularities[-1] if self.irregularities else None
        return None if last is None or last.accepted else last.error()

    @property
    def is_legal(self) -> bool:
        return self.error is None

    @property
    def is_complete(self) -> bool:
        passes, opened = self._state[4], self._state[5]
        return self.is_legal and (passes >= 3 if opened else passes >= 4)

    @property
    def is_passed_out(self) -> bool:
        return self.is_complete and not self._state[5]

    @property
    def ending(self) -> Citation | None:
        """The Law that ended the auction: 22A after a bid, 22B when all four passed."""
        if not self.is_complete:
            return None
        return PASSED_OUT if self.is_passed_out else END_OF_AUCTION

    @property
    def turn(self) -> Seat | None:
        if not self.is_legal or self.is_complete:
            return None
        return self.record.dealer.offset(self._reviewed)

    @property
    def contract(self) -> Contract | None:
        last, _, doubled, _, _, _ = self._state
        if not self.is_complete or last < 0:
            return None
        bid = ALL_CALLS[last]
        assert bid.strain is not None
        return Contract(bid.level, bid.strain, (Penalty.UNDOUBLED, Penalty.DOUBLED, Penalty.REDOUBLED)[doubled])

    @property
    def declarer(self) -> Seat | None:
        """The first player of the declaring side to name the final strain."""
        last, bid_pos = self._state[0], self._state[1]
        if not self.is_complete or last < 0:
            return None
        calls = self.record.calls
        for position in range(bid_pos % 2, bid_pos + 1, 2):
            call = calls[position].call
            if isinstance(call, Call) and call.index < BID_COUNT and call.index % 5 == last % 5:
                return self.record.dealer.offset(position)
        raise AssertionError("the final bid names its own strain")  # pragma: no cover


@dataclass(frozen=True, slots=True)
class TableRecord:
    """An auction as it happened at the table, irregular calls included."""

    calls: tuple[TableCall, ...]
    dealer: Seat = Seat.NORTH
    vulnerability: Vulnerability = Vulnerability.NONE

    def __post_init__(self) -> None:
        object.__setattr__(self, "calls", tuple(self.calls))

    @classmethod
    def parse(
        cls,
        text: str,
        dealer: Seat | None = None,
        vulnerability: Vulnerability = Vulnerability.NONE,
        notation: Spelling | None = None,
        view: View | None = None,
    ) -> TableRecord:
        """Read a record: calls in ``notation`` (English by default), each
        with an optional seat label ``N:`` and mark ``(acc)``. The dealer is
        ``dealer`` if given, else the seat of the first call if labelled,
        else North. In the partnership view the opponents' calls are in
        brackets and no seat is labelled.

        >>> from build_tools.bridge.views import View
        >>> [str(c) for c in TableRecord.parse("1♦ (1♥) 8♠", view=View.PARTNERSHIP).calls]
        ['1D', '1H', '8S']
        """
        profile = notation or CANONICAL
        partnership = view is View.PARTNERSHIP
        labels = _label_pattern(profile)
        tokens = _labelled_tokens(text, labels, profile) if labels.search(text) else TOKEN_SEPARATORS.split(text)
        written: list[tuple[TableCall, bool]] = []
        for token in (t for t in tokens if t):
            opponent = partnership and token.startswith("(") and token.endswith(")") \
                and _ACCEPTED.fullmatch(token) is None
            written.append((_table_call(token[1:-1] if opponent else token, profile, text), opponent))
        if partnership:
            if any(call.seat is not None for call, _ in written):
                raise InvalidAuctionError(f"seat labels in {text!r} belong to the table view")
            written = _to_table(written)
        calls = tuple(call for call, _ in written)
        if dealer is None:
            dealer = calls[0].seat if calls and calls[0].seat is not None else Seat.NORTH
        return cls(calls, dealer, vulnerability)

    @property
    def is_regular(self) -> bool:
        """No seat label, mark or bid above 7NT: an ordinary auction text."""
        return all(
            c.seat is None and not c.accepted and isinstance(c.call, Call) for c in self.calls
        )

    def review(self) -> Review:
        """Replay the record under the Laws; see the module's description."""
        state: State = START
        found: list[Irregularity] = []
        seat = self.dealer
        for position, written in enumerate(self.calls):
            expected = self.dealer.offset(position)
            seat = written.seat or expected
            text = str(written.call)
            ended = has_ended(state)
            irregular: Irregularity | None = None
            if ended:
                citation = AFTER_THE_END if state[5] else AFTER_PASSED_OUT
                irregular = Irregularity(IrregularityKind.INADMISSIBLE, text, position + 1, seat,
                                         "call after the auction has ended", citation)
            elif seat is not expected:
                irregular = _out_of_rotation(written.call, position, seat, expected, state)
            elif isinstance(written.call, InadmissibleBid):
                irregular = Irregularity(IrregularityKind.INADMISSIBLE, text, position + 1, seat,
                                         BID_ABOVE_SEVEN_REASON, BID_ABOVE_SEVEN)
            elif written.accepted:
                state = accept_insufficient(state, written.call.index, position)
                found.append(Irregularity(IrregularityKind.ACCEPTED_INSUFFICIENT, text,
                                          position + 1, seat, "accepted insufficient bid",
                                          ACCEPTED_INSUFFICIENT_BID))
                continue
            else:
                try:
                    state = step(state, written.call.index, position)
                    continue
                except IllegalCallError as error:
                    kind = (IrregularityKind.INSUFFICIENT if error.law == "18D"
                            else IrregularityKind.INADMISSIBLE)
                    irregular = Irregularity(kind, text, position + 1, seat, error.reason,
                                             error.citation)
            found.append(irregular)
            return Review(self, tuple(found), state, position)
        return Review(self, tuple(found), state, len(self.calls))

    def auction(self) -> Auction:
        """The record as an :class:`Auction`, which holds only legal calls:
        raises :class:`IllegalCallError` at its first irregularity, even an
        accepted one.

        >>> TableRecord.parse("E:1S S:P").auction().dealer
        Seat.EAST
        """
        review = self.review()
        if review.irregularities:
            raise review.irregularities[0].error()
        return Auction(tuple(c.call for c in self.calls if isinstance(c.call, Call)),
                       self.dealer, self.vulnerability)

    def __str__(self) -> str:
        return " ".join(str(call) for call in self.calls)


def looks_irregular(text: str, notation: Spelling | None = None) -> bool:
    """Whether ``text`` carries a seat label (PBN's, or ``notation``'s own) or
    an acceptance mark, which only a :class:`TableRecord` reads.

    >>> looks_irregular("N:1S E:P W:1H"), looks_irregular("1S 1H(acc)"), looks_irregular("1S P")
    (True, True, False)
    """
    return bool(_label_pattern(notation).search(text)) or any(
        _ACCEPTED.search(token) for token in text.split()
    )


def _labelled_tokens(text: str, labels: re.Pattern[str], profile: Spelling) -> list[str]:
    """The tokens of a labelled record, each call with its label: the text
    from one label to the next is one call where it reads as one (``Ю:1 БК``,
    a notation that writes its notrump as two words), else its words are calls.

    >>> from build_tools.bridge.notation import profile as notation_of
    >>> ru = notation_of("ru")
    >>> _labelled_tokens("С:1т В:пас Ю:1 БК", _label_pattern(ru), ru)
    ['С:1т', 'В:пас', 'Ю:1 БК']
    >>> _labelled_tokens("N:1S E:P 1H", _label_pattern(CANONICAL), CANONICAL)
    ['N:1S', 'E:P', '1H']
    """
    starts = [match.start() for match in labels.finditer(text)]
    tokens = text[:starts[0]].split()
    for start, end in zip(starts, [*starts[1:], len(text)], strict=True):
        label, _, rest = text[start:end].strip().partition(":")
        words = rest.split()
        if len(words) > 1 and _one_call(" ".join(words), profile):
            tokens.append(f"{label}:{' '.join(words)}")
        else:
            tokens.extend([f"{label}:{words[0] if words else ''}", *words[1:]])
    return tokens


def _one_call(text: str, profile: Spelling) -> bool:
    try:
        profile.parse_call(_ACCEPTED.sub("", text).strip())
    except BridgeError:
        return False
    return True


def _table_call(token: str, profile: Spelling, text: str) -> TableCall:
    seat: Seat | None = None
    letters = _seat_letters(profile)
    label, colon, rest = token.partition(":")
    if colon and label in letters:
        seat = letters[label]
        token = rest
    accepted = _ACCEPTED.search(token)
    if accepted:
        token = token[: accepted.start()]
    if not token:
        raise InvalidAuctionError(f"a seat label or mark without a call in {text!r}")
    level = LEVEL_AND_STRAIN.fullmatch(token.strip())
    call: Call | InadmissibleBid
    if level is not None and int(level.group(1)) > 7:
        call = InadmissibleBid.parse(token, profile)
    else:
        try:
            call = profile.parse_call(token)
        except InadmissibleBidError:  # pragma: no cover - the level test above sees it first
            call = InadmissibleBid.parse(token, profile)
    return TableCall(call, seat, accepted is not None)


def _to_table(written: list[tuple[TableCall, bool]]) -> list[tuple[TableCall, bool]]:
    """The partnership view's calls in the table view: the silent opponents'
    pass between two of our calls (the trailing pass of
    :meth:`~build_tools.bridge.views.AuctionPattern.to_table` changes no position)."""
    table: list[tuple[TableCall, bool]] = []
    for index, (call, opponent) in enumerate(written):
        if index and not opponent and not written[index - 1][1]:
            table.append((TableCall(PASS), True))
        table.append((call, opponent))
    return table


def _out_of_rotation(
    call: Call | InadmissibleBid, position: int, seat: Seat, expected: Seat, state: State
) -> Irregularity:
    """Laws 28-32: ``seat`` called at ``expected``'s turn. Law 17B (dealer
    first) or 17C (clockwise) says whose turn it was; Law 29 and the Law of
    the kind of call rectify it."""
    whose = {seat.rho: "his RHO's", seat.partner: "his partner's",
             seat.lho: "his LHO's"}[expected]
    if isinstance(call, Call) and call.is_pass:
        specific = PASS_OUT_OF_ROTATION_BEFORE_A_BID if state[0] < 0 else PASS_OUT_OF_ROTATION_AFTER_A_BID
    elif isinstance(call, Call) and not call.is_bid:
        specific = DOUBLE_OUT_OF_ROTATION
    elif expected is seat.rho:
        specific = BID_AT_RHOS_TURN
    elif expected is seat.partner:
        specific = BID_AT_PARTNERS_TURN
    else:
        specific = BID_OUT_OF_ROTATION
    forbidding = FIRST_CALL if position == 0 else SUCCESSIVE_CALLS
    reason = (f"{seat.name.title()} called out of rotation at "
              f"{expected.name.title()}'s turn, {whose}")
    return Irregularity(IrregularityKind.OUT_OF_ROTATION, str(call), position + 1, seat, reason,
                        Citation((forbidding,), (OUT_OF_ROTATION, specific)))


__all__ = [
    "ACCEPTED_MARK",
    "InadmissibleBid",
    "Irregularity",
    "IrregularityKind",
    "Review",
    "TableCall",
    "TableRecord",
    "looks_irregular",
]
