"""Predicates of competitive bidding as a system description (Bridge World
Standard) states it: the position a call is made in, the situations its
articles name (after the opponents' response, after partner's takeout
double, by a passed hand), the leaf a pair has chosen instead of a default,
and the player's hand against a call's requirement.

They register in :data:`~build_tools.rules.conditions.PREDICATES` when
:mod:`~build_tools.rules.conditions` is imported.

>>> from build_tools.rules.conditions import Condition
>>> reopening = Condition.parse({"competitive-position": "reopening"}, "sv")
>>> reopening.holds(Situation.read("1♥ pass pass 1NT", "sv", "table"))
True
>>> reopening.holds(Situation.read("1♥ 1NT", "sv", "table"))
False
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from build_tools.bridge import Auction, CallKind, CompetitivePosition, Hand, Strain, Suit
from build_tools.bridge.meanings import Range

from .conditions import (AUCTION, FALSE, FLAG, TRUE, Condition, Truth, _calls, _flag, _show, predicate, range_of, shown,
                         unknown, within_truth)
from .errors import VocabularyError
from .situation import VULNERABLE, Situation
from .vocabulary import meaning_at

# --- positions -----------------------------------------------------------

_POSITIONS = {p.value: p for p in CompetitivePosition}


def position_of(s: Situation) -> CompetitivePosition | None:
    """The BWS position of the call in question, read by the rule model
    (:meth:`~build_tools.bridge.Auction.competitive_position`): a call
    immediately after an opponent's bid is direct, unless it is the sandwich
    (the left-hand opponent has bid and our side has only passed); a call after
    an opponent's call and two passes is reopening.

    BWS's sandwich is narrower than the model's (both opponents have bid, we
    only passed): "sedan mtv öppnat, partnern passat och mth svarat", the
    left-hand opponent opened and the call follows the right-hand opponent's
    response, his first bid. After the opener's rebid the call is direct.

    >>> position_of(Situation.read("1♣ pass 1♠ 1NT", "sv", "table")).value
    'sandwich'
    >>> position_of(Situation.read("1♥ pass 1♠ pass 2♥ D", "sv", "table")).value
    'direct'
    >>> position_of(Situation.read("1♥", "sv", "table")) is None
    True
    """
    found = Auction(s.calls[:-1]).competitive_position(len(s.calls) - 1)
    if found is CompetitivePosition.SANDWICH and not (s.opener == "lho" and response_index(s) == len(s.calls) - 2):
        return CompetitivePosition.DIRECT
    return found


#: The positions' words.
POSITION_WORDS = {"direct": "the direct position", "reopening": "the reopening position",
                  "sandwich": "the sandwich position", "protective": "the protective position"}


@predicate("competitive-position", facts=AUCTION, values=("direct", "reopening", "sandwich", "[direct, sandwich]"),
           says="the call is made in %(value)s", shows="word", words=POSITION_WORDS)
def _competitive_position(value: Any, language: str, path: str) -> Condition:
    """The call is made in this competitive position (``direct``,
    ``reopening``, ``sandwich``, or a list), as the rule model reads the
    auction: the sandwich is not also direct."""
    names = value if isinstance(value, list) else [value]
    for name in names:
        if name not in _POSITIONS:
            raise VocabularyError(path, f"unknown position {name!r} ({', '.join(_POSITIONS)})")
    wanted = frozenset(_POSITIONS[str(n)] for n in names)
    return Condition(lambda s: position_of(s) in wanted, f"in the {' or '.join(map(str, names))} position")


def _first_calls(s: Situation, relation: str) -> list[int]:
    return [i for i in range(len(s.calls) - 1) if s.relation(i) == relation]


def is_passed_hand(s: Situation) -> bool:
    """The player passed at a turn before anyone had bid ("passat i förhand").

    >>> is_passed_hand(Situation.read("pass 1♥ pass pass 1NT", "sv", "table"))
    True
    >>> is_passed_hand(Situation.read("1♥ pass pass 1NT", "sv", "table"))
    False
    """
    opening = s.opening_index
    return any(s.calls[i].is_pass and (opening is None or i < opening) for i in _first_calls(s, "self"))


@predicate("passed-hand", facts=("auction",), values=FLAG, says="the player is a passed hand", shows="flag")
def _passed_hand(value: Any, language: str, path: str) -> Condition:
    """The player passed at a turn before anyone had bid (a passed hand, "passat i förhand")."""
    wanted = _flag(value, path)
    return Condition(lambda s: is_passed_hand(s) == wanted, "a passed hand" if wanted else "not a passed hand")


@predicate("responder-passed-hand", facts=("auction",), values=FLAG,
           says="our side opened and its responder had passed before the opening", shows="flag")
def _responder_passed_hand(value: Any, language: str, path: str) -> Condition:
    """Our side opened, and the opener's partner (the responder) had passed
    before the opening: a passed responder, whichever of the two makes the
    call in question (the Russian notes' Gadget: "когда отвечающий еще не
    пасовал"). False when the opponents opened, or nobody has.

    >>> c = Condition.parse({"responder-passed-hand": True}, "ru")
    >>> [c.holds(Situation.read(a, "ru", "table")) for a in ("пас пас 1б пас 1ч", "пас пас 1б пас 1ч пас 1БК", "1б пас 1ч")]
    [True, True, False]
    """
    wanted = _flag(value, path)

    def test(s: Situation) -> bool:
        opening = s.opening_index
        if opening is None or not s.is_ours(opening):
            return not wanted
        responder = "partner" if s.relation(opening) == "self" else "self"
        passed = any(s.calls[i].is_pass and s.relation(i) == responder for i in range(opening))
        return passed == wanted

    return Condition(test, "the responder is a passed hand" if wanted else "the responder has not passed")


def response_index(s: Situation) -> int | None:
    """The index of the response to the opening: the first call other than
    pass of the opener's partner (``None``: he has not called, or only passed)."""
    opening = s.opening_index
    if opening is None:
        return None
    return next((i for i in range(opening + 2, len(s.calls) - 1, 4) if not s.calls[i].is_pass), None)


_RESPONSE_KINDS = ("two-over-one", "new-suit", "raise")


@predicate("their-response", facts=("auction",), values=("two-over-one", "new-suit", "raise", "2♣", "[1♠, 1NT]"),
           says="the opponents responded %(value)s", shows="word",
           words={"two-over-one": "two over one", "new-suit": "in a new suit", "raise": "with a raise of the opening"})
def _their_response(value: Any, language: str, path: str) -> Condition:
    """The opponents opened and the opener's partner responded with one of
    these calls, or a bid of this kind: ``two-over-one`` (a new suit at the
    two level without a jump over a one-level suit opening), ``new-suit``,
    ``raise`` (of the opening suit).

    >>> c = Condition.parse({"their-response": "two-over-one"}, "sv")
    >>> c.holds(Situation.read("1♠ pass 2♣ 2NT", "sv", "table")), c.holds(Situation.read("1♠ pass 2♠ X", "sv", "table"))
    (True, False)
    """
    kind = str(value) if value in _RESPONSE_KINDS else None
    calls = frozenset() if kind else _calls(value, language, path)

    def test(s: Situation) -> bool:
        opening, response = s.opening_index, response_index(s)
        if opening is None or response is None or s.is_ours(opening):
            return False
        call, opened = s.calls[response], s.calls[opening]
        if kind is None:
            return call in calls
        if not call.is_bid or call.strain is Strain.NOTRUMP:
            return False
        if kind == "raise":
            return call.strain == opened.strain
        bid_before = {c.strain for c in s.calls[:response] if c.is_bid}
        if call.strain in bid_before:
            return False
        if kind == "new-suit":
            return True
        from build_tools.bridge.auction import jump_level

        return (opened.level == 1 and opened.strain is not Strain.NOTRUMP and call.level == 2
                and jump_level(call, s.calls[response - 1] if s.calls[response - 1].is_bid else opened) == 0)

    return Condition(test, f"after the opponents' response {shown(value)}")


@predicate("responders-suit", facts=AUCTION, values=FLAG, says="the call bids the suit of the opponents' response",
           shows="flag")
def _responders_suit(value: Any, language: str, path: str) -> Condition:
    """A bid in the suit of the opponents' response (the suit the opener's partner bid)."""
    wanted = _flag(value, path)

    def test(s: Situation) -> bool:
        suit = s.suit_of(response_index(s))
        opening = s.opening_index
        theirs = opening is not None and not s.is_ours(opening)
        return (theirs and suit is not None and s.call.is_bid and s.call.strain is not None
                and s.call.strain.suit is suit) == wanted

    return Condition(test, "in responder's suit" if wanted else "not in responder's suit")


@predicate("advance-of-double", facts=AUCTION, values=FLAG, says="the call advances partner's takeout double",
           shows="flag")
def _advance_of_double(value: Any, language: str, path: str) -> Condition:
    """The opponents opened, partner's double was our side's first call other
    than pass, and this is the player's first call other than pass since (the
    advancer of a takeout double).

    >>> c = Condition.parse({"advance-of-double": True}, "sv")
    >>> c.holds(Situation.read("1♦ X pass 2♦", "sv", "table")), c.holds(Situation.read("1♦ 1♠ pass 2♦", "sv", "table"))
    (True, False)
    """
    wanted = _flag(value, path)

    def test(s: Situation) -> bool:
        opening = s.opening_index
        if opening is None or s.is_ours(opening):
            return False
        ours = [(i, c) for i, c in enumerate(s.calls[:-1]) if s.is_ours(i) and not c.is_pass]
        return (len(ours) == 1 and s.relation(ours[0][0]) == "partner"
                and ours[0][1].kind is CallKind.DOUBLE) == wanted

    return Condition(test, "advancing partner's double" if wanted else "not advancing partner's double")


@predicate("single-jump", facts=AUCTION, values=FLAG, says="the call is a single jump", shows="flag")
def _single_jump(value: Any, language: str, path: str) -> Condition:
    """A bid one level above the lowest sufficient one in its strain (a single jump)."""
    wanted = _flag(value, path)
    return Condition(lambda s: (s.jump == 1) == wanted, "a single jump" if wanted else "not a single jump")


def _advancers_cue_bid(s: Situation) -> int | None:
    """The index of the advancer's cue bid in the opening suit after
    partner's takeout double of the opening, when our side has made it."""
    opening = s.opening_index
    if opening is None or s.is_ours(opening) or s.calls[opening].strain is Strain.NOTRUMP:
        return None
    ours = [i for i in range(opening + 1, len(s.calls) - 1) if s.is_ours(i) and not s.calls[i].is_pass]
    if len(ours) < 2 or s.calls[ours[0]].kind is not CallKind.DOUBLE:
        return None
    cue = s.calls[ours[1]]
    return ours[1] if cue.is_bid and cue.strain == s.calls[opening].strain else None


@predicate("after-advancers-cue-bid", facts=("auction",), values=FLAG, says="the advancer has cue-bid the opening suit",
           shows="flag")
def _after_advancers_cue_bid(value: Any, language: str, path: str) -> Condition:
    """Our side doubled the opening, the advancer then bid the opening suit (a
    cue bid), and the call is our side's after it.

    >>> c = Condition.parse({"after-advancers-cue-bid": True}, "sv")
    >>> c.holds(Situation.read("1♦ X pass 2♦ pass 2♥", "sv", "table"))
    True
    """
    wanted = _flag(value, path)
    return Condition(lambda s: (_advancers_cue_bid(s) is not None) == wanted,
                     "after the advancer's cue bid" if wanted else "not after the advancer's cue bid")


@predicate("suit-bid-twice", facts=AUCTION, values=FLAG,
           says="since the advancer's cue bid our side has bid a suit twice or reached game", shows="flag")
def _suit_bid_twice(value: Any, language: str, path: str) -> Condition:
    """Since the advancer's cue bid (see ``after-advancers-cue-bid``), our
    side has bid a suit twice with this call or reached game (3NT, 4♥, 4♠, a
    five-level bid or higher): BWS's end of the forcing situation.

    >>> c = Condition.parse({"suit-bid-twice": True}, "sv")
    >>> c.holds(Situation.read("1♦ X pass 2♦ pass 2♥ pass 3♥", "sv", "table"))
    True
    >>> c.holds(Situation.read("1♦ X pass 2♦ pass 2♥", "sv", "table"))
    False
    """
    wanted = _flag(value, path)

    def test(s: Situation) -> bool:
        cue = _advancers_cue_bid(s)
        if cue is None:
            return not wanted
        ours = [s.calls[i] for i in range(cue + 1, len(s.calls)) if s.is_ours(i) and s.calls[i].is_bid]
        game = any(c.level >= 5 or c.level == 4 and c.strain in (Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
                   or c.level == 3 and c.strain is Strain.NOTRUMP for c in ours)
        suits = [c.strain for c in ours if c.strain is not Strain.NOTRUMP]
        return (game or len(suits) != len(set(suits))) == wanted

    return Condition(test, "a suit bid twice or game reached" if wanted else "no suit bid twice, no game")


@predicate("rho-meaning", facts=("auction", "earlier"), values=("{artificial: true}",),
           says="the right-hand opponent's bid means at least: %(value)s", shows="meaning")
def _rho_meaning(value: Any, language: str, path: str) -> Condition:
    """The agreed meaning of the right-hand opponent's last bid (the query's
    ``earlier``) says at least this; unknown when the query does not give it."""
    wanted = meaning_at(value, path)

    def test(s: Situation) -> Truth:
        index = next((i for i in range(len(s.calls) - 2, -1, -1) if s.relation(i) == "rho" and s.calls[i].is_bid), None)
        if index is None:
            return FALSE
        found = within_truth(s.meanings.get(index) or _empty(), wanted)
        return Truth(None, frozenset(f"rho.{k}" for k in found.needs)) if found.value is None else found

    return Condition(test, f"the right-hand opponent's bid means {_show(value)}")


@predicate("opening-agreed", facts=("auction", "earlier"), values=("{artificial: true}", "{hcp: 16+}"),
           says="the opponents' opening is stated to mean at least: %(value)s", shows="meaning")
def _opening_agreed(value: Any, language: str, path: str) -> Condition:
    """The opponents' opening bid has a meaning the query states (its
    ``earlier``) that says at least this; an opening whose meaning the query
    does not give is taken as the natural one a system description starts
    from, so the condition is false (not unknown): BWS's defences to strong,
    transfer or two-suited openings apply when the opening is said to be one.

    >>> from build_tools.rules.vocabulary import Meaning
    >>> c = Condition.parse({"opening-agreed": {"artificial": True}}, "sv")
    >>> c.holds(Situation.read("(1♣) 1NT", "sv", earlier={1: Meaning.parse({"artificial": True})}))
    True
    >>> c.evaluate(Situation.read("(1♣) 1NT", "sv")).value
    False
    """
    wanted = meaning_at(value, path)

    def test(s: Situation) -> Truth:
        meaning = s.earlier_meaning("opening")
        if not meaning.keys or s.opener not in ("lho", "rho"):
            return FALSE
        return within_truth(meaning, wanted)

    return Condition(test, f"the opening is stated to mean {_show(value)}")


def _empty() -> Any:
    from .vocabulary import Meaning

    return Meaning()


def _rho_first_bid(s: Situation) -> int | None:
    """The right-hand opponent's response to his partner's opening: his first
    bid, when the left-hand opponent opened."""
    opening = s.opening_index
    if opening is None or s.relation(opening) != "lho":
        return None
    return response_index(s)


@predicate("rho-raise", facts=("auction", "earlier"), values=FLAG, says="the right-hand opponent raised the opening",
           shows="flag")
def _rho_raise(value: Any, language: str, path: str) -> Condition:
    """The left-hand opponent opened one of a suit and the right-hand
    opponent's response, his last bid, raises it: its stated meaning (the
    query's ``earlier``) promises three cards or more in the opening suit.
    A response whose meaning the query does not give is taken as natural, no
    artificial raise: false (BWS's table is of artificial raises)."""
    wanted = _flag(value, path)

    def test(s: Situation) -> Truth:
        index = _rho_first_bid(s)
        opening = s.opening_index
        if index is None or opening is None or s.calls[opening].level != 1 or index != s.last_bid_index:
            return FALSE if wanted else TRUE
        suit = s.suit_of(opening)
        meaning = s.meanings.get(index)
        if suit is None:
            return FALSE if wanted else TRUE
        if meaning is None or not meaning.keys:
            return FALSE if wanted else TRUE
        promised = meaning.promised(suit)
        raises = promised is not None and promised.low >= 3
        return TRUE if raises == wanted else FALSE

    return Condition(test, "the right-hand opponent raised the opening" if wanted else "no raise of the opening")


@predicate("rho-passed-hand", facts=("auction",), values=FLAG, says="the right-hand opponent is a passed hand",
           shows="flag")
def _rho_passed_hand(value: Any, language: str, path: str) -> Condition:
    """The right-hand opponent passed at a turn before anyone had bid."""
    wanted = _flag(value, path)

    def test(s: Situation) -> bool:
        opening = s.opening_index
        return any(s.calls[i].is_pass and (opening is None or i < opening)
                   for i in range(len(s.calls) - 1) if s.relation(i) == "rho") == wanted

    return Condition(test, "the right-hand opponent is a passed hand" if wanted else "the right-hand opponent has not passed")


@predicate("rho-call", facts=("auction",), values=("RD", "[X, 2♣]"), says="the right-hand opponent's call was %(value)s",
           shows="calls")
def _rho_call(value: Any, language: str, path: str) -> Condition:
    """The right-hand opponent's last call (the one just before the call in
    question) is one of these (``RD``: he redoubled)."""
    calls = _calls(value, language, path)
    return Condition(lambda s: len(s.calls) > 1 and s.calls[-2] in calls, f"the right-hand opponent's call {shown(value)}")


@predicate("last-bid", facts=("auction",), values=("1NT", "[1♥, 1♠]"), says="the last bid was %(value)s", shows="calls")
def _last_bid(value: Any, language: str, path: str) -> Condition:
    """The last bid before the call (by anyone) is one of these."""
    calls = _calls(value, language, path)

    def test(s: Situation) -> bool:
        index = s.last_bid_index
        return index is not None and s.calls[index] in calls

    return Condition(test, f"the last bid {shown(value)}")


@predicate("passed-over-opening", facts=("auction",), values=FLAG,
           says="the player passed over the opponents' opening", shows="flag")
def _passed_over_opening(value: Any, language: str, path: str) -> Condition:
    """The opponents opened and the player's first call after the opening was
    a pass (BWS "först passar på motståndarens öppningsbud"), and he has made
    no call but pass since.

    >>> c = Condition.parse({"passed-over-opening": True}, "sv")
    >>> c.holds(Situation.read("1♥ pass 1NT pass pass 2♥", "sv", "table"))
    True
    """
    wanted = _flag(value, path)

    def test(s: Situation) -> bool:
        opening = s.opening_index
        if opening is None or s.is_ours(opening):
            return not wanted
        mine = [i for i in range(opening + 1, len(s.calls) - 1) if s.relation(i) == "self"]
        return (bool(mine) and all(s.calls[i].is_pass for i in mine)) == wanted

    return Condition(test, "passed over the opening" if wanted else "did not pass over the opening")


@predicate("opening-suit-rebid", facts=("auction",), values=FLAG,
           says="the opponents' opener has just rebid his suit", shows="flag")
def _opening_suit_rebid(value: Any, language: str, path: str) -> Condition:
    """The last bid before the call is the opponents' opener's simple rebid
    of his opening suit (without a jump).

    >>> c = Condition.parse({"opening-suit-rebid": True}, "sv")
    >>> c.holds(Situation.read("1♥ pass 1♠ pass 2♥ D", "sv", "table"))
    True
    """
    wanted = _flag(value, path)

    def test(s: Situation) -> bool:
        from build_tools.bridge.auction import jump_level

        opening, last = s.opening_index, s.last_bid_index
        if opening is None or last is None or last == opening or s.is_ours(opening):
            return not wanted
        previous = next(i for i in range(last - 1, -1, -1) if s.calls[i].is_bid)
        rebid = (s.relation(last) == s.relation(opening) and s.calls[last].strain == s.calls[opening].strain
                 and jump_level(s.calls[last], s.calls[previous]) == 0)
        return rebid == wanted

    return Condition(test, "after the opener's rebid of his suit" if wanted else "not after the opener's rebid")


# --- defaults and leaves ---------------------------------------------------


def mark_leaves(table: str, rows: Sequence[Sequence[str]]) -> dict[str, tuple[str, ...]]:
    """The defaults and leaves of a BWS table of marks (the doubles of
    artificial raises): a row whose marks add a small letter to the capital
    one ("Lt", "Tl") has its capital for default, ``<table-id>.row<n>``
    (rows from 1), and the small letter for its one leaf,
    ``<table-id>.row<n>.leaf1``.

    >>> mark_leaves("t", [["splinter", "L"], ["splinter", "Lt"]])
    {'t.row2': ('t.row2.leaf1',)}
    """
    found: dict[str, tuple[str, ...]] = {}
    for number, row in enumerate(rows, 1):
        marks = row[-1] if row else ""
        if len(marks) == 2 and marks[0] in "TL" and marks[1] in "tl":
            found[f"{table}.row{number}"] = (f"{table}.row{number}.leaf1",)
    return found




def leaf_id(default: str, number: int) -> str:
    """The id of a default's ``number``-th leaf (from 1), as the catalogs key
    its text: ``<default-id>.leaf<n>``.

    >>> leaf_id("tva-over-en-cuebid-svarsfarg", 1)
    'tva-over-en-cuebid-svarsfarg.leaf1'
    """
    return f"{default}.leaf{number}"


@predicate("agreement", facts=("agreements",), values=("{default: <id>}", "{default: <id>, leaf: <id>.leaf<n>}"),
           says="the pair plays %(value)s", shows="text")
def _agreement(value: Any, language: str, path: str) -> Condition:
    """The agreement the pair plays for a BWS default: ``{default: <id>}``
    holds when the query chose no leaf for that default (so the default
    applies), and with ``leaf: <id>.leaf<n>`` when the query's ``agreements``
    chose that leaf instead.

    >>> c = Condition.parse({"agreement": {"default": "x", "leaf": "x.leaf1"}}, "sv")
    >>> import dataclasses
    >>> c.holds(dataclasses.replace(Situation.read("1♥", "sv"), agreements={"x": "x.leaf1"}))
    True
    >>> Condition.parse({"agreement": {"default": "x"}}, "sv").holds(Situation.read("1♥", "sv"))
    True
    """
    if not isinstance(value, Mapping) or "default" not in value or not set(value) <= {"default", "leaf"}:
        raise VocabularyError(path, "{default: <id>} or {default: <id>, leaf: <id>.leaf<n>}")
    default = str(value["default"])
    leaf = value.get("leaf")
    if leaf is not None and not (str(leaf).startswith(f"{default}.leaf") and str(leaf)[len(default) + 5:].isdigit()):
        raise VocabularyError(f"{path}.leaf", f"a leaf of '{default}' is '{default}.leaf<n>', not {leaf!r}")
    if leaf is None:
        return Condition(lambda s: default not in s.agreements, f"no leaf chosen for '{default}': the default")
    return Condition(lambda s: s.agreements.get(default) == leaf,
                     f"the leaf '{leaf}' chosen instead of the default '{default}'")


# --- the hand against a call's requirement -----------------------------------


def _hand(s: Situation) -> Hand | None:
    return s.hand


def _range_of(value: Any, path: str, most: int) -> Range:
    found = range_of(value, path)
    if max(found.low, found.high or 0) > most:
        raise VocabularyError(path, f"at most {most}, not {found}")
    return found


def _in(count: int, wanted: Range) -> bool:
    return count >= wanted.low and (wanted.high is None or count <= wanted.high)


_HAND_SUITS = ("named", "opening")


@predicate("hand-unbid-suits", facts=("hand", "auction"), values=("3+", "0-1"),
           says="the hand holds %(value)s cards in each unbid suit", shows="range")
def _hand_unbid_suits(value: Any, language: str, path: str) -> Condition:
    """The player's hand holds this many cards in every suit nobody has bid;
    unknown without a hand."""
    wanted = _range_of(value, path, 13)

    def test(s: Situation) -> Truth:
        hand = _hand(s)
        if hand is None:
            return unknown("hand")
        bid = {c.strain.suit for c in s.calls[:-1] if c.is_bid and c.strain is not None and c.strain.suit is not None}
        return TRUE if all(_in(hand.length(suit), wanted) for suit in Suit if suit not in bid) else FALSE

    return Condition(test, f"the hand holds {shown(value)} cards in each unbid suit")


#: The honours of which a strong suit holds three (BWS "stark färg": AKQ10x).
_TOP = ("A", "K", "Q", "J")


@predicate("hand-strong-suit", facts=("hand", "auction", "call"), values=("named", "opening"),
           says="the hand holds three top honours in %(value)s", shows="word",
           words={"named": "the suit bid", "opening": "the opening suit"})
def _hand_strong_suit(value: Any, language: str, path: str) -> Condition:
    """The suit ``named`` by the bid (or the ``opening`` suit) holds three of
    the four top honours in the player's hand (a strong suit); unknown without a hand."""
    if value not in _HAND_SUITS:
        raise VocabularyError(path, f"one of {', '.join(_HAND_SUITS)}, not {value!r}")

    def test(s: Situation) -> Truth:
        hand, suit = _hand(s), s.which_suit(str(value))
        if hand is None:
            return unknown("hand")
        if suit is None:
            return FALSE
        letters = {r.letter for r in hand.holding(suit).ranks}
        return TRUE if sum(t in letters for t in _TOP) >= 3 else FALSE

    return Condition(test, f"a strong {shown(value)} suit in the hand")


#: Who is vulnerable, seen from the player.
VULNERABLE_WORDS = {"none": "neither side vulnerable", "we": "only our side vulnerable",
                    "they": "only the opponents vulnerable", "both": "both sides vulnerable"}


@predicate("vulnerable", facts=("vulnerable",), values=(*VULNERABLE, "[we, both]"),
           says="the board is played with %(value)s", shows="word", words=VULNERABLE_WORDS)
def _vulnerable(value: Any, language: str, path: str) -> Condition:
    """Who is vulnerable, seen from the player (``none``, ``we``, ``they``,
    ``both``, or a list); unknown when the query does not say."""
    names = value if isinstance(value, list) else [value]
    for name in names:
        if name not in VULNERABLE:
            raise VocabularyError(path, f"unknown vulnerability {name!r} ({', '.join(VULNERABLE)})")
    wanted = frozenset(map(str, names))

    def test(s: Situation) -> Truth:
        if s.vulnerable is None:
            return unknown("vulnerable")
        return TRUE if s.vulnerable in wanted else FALSE

    return Condition(test, f"vulnerable: {' or '.join(map(str, names))}")


__all__ = ["is_passed_hand", "leaf_id", "position_of", "response_index"]
