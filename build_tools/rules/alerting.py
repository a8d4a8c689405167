"""Predicates the alerting regulations need: whether a call is natural, what
its agreed strength and suit lengths are bounded by, two-suiters read against
the auction, the "bi" double, and a few facts of the auction (the level it has
reached, the opener's rebid, the fourth suit).

They register in :data:`~build_tools.rules.conditions.PREDICATES` when
:mod:`~build_tools.rules.conditions` is imported.

>>> from build_tools.rules.conditions import Condition
>>> from build_tools.rules.registry import Registry
>>> pzbs = Registry.standard().declaring({"natural-suit-length": 3, "natural-conventions": ["precision"],
...                                       "notrump-suit-length": 5, "shown-suit-length": 4})
>>> natural = Condition.parse({"natural-call": True}, "pl", rules=pzbs)
>>> natural.holds(Situation.read("1♥", "pl", meaning=Meaning.parse({"suits": {"hearts": "5+"}})))
True
>>> natural.holds(Situation.read("1BA 2♦", "pl", meaning=Meaning.parse({"suits": {"hearts": "5+"}})))
False
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from build_tools.bridge import Call, CallKind, Suit
from build_tools.bridge.meanings import Range

from .conditions import AUCTION, FLAG, PLAYERS, Condition, _calls, _flag, parameter, predicate, range_of, require, shown
from .errors import VocabularyError
from .registry import Registry  # noqa: F401  (the doctests)
from .situation import RELATIONS, Situation
from .vocabulary import KEYS, Meaning

@dataclass(frozen=True, slots=True)
class NaturalReading:
    """A document's reading of "natural" (:func:`natural_of`), its figures the
    parameters it declares (:meth:`declared`) with their articles. The
    defaults here serve the functions' own examples only: a rule reads the
    document's parameters, and a document that declares none is refused."""

    #: A suit bid promising this many cards in its suit is natural.
    suit_length: int = 3
    #: Conventions whose bid still shows the suit it names (a precision 2♣, a
    #: reverse, an inverted raise).
    conventions: frozenset[str] = frozenset({"precision", "reverse", "inverted-raise"})
    #: A notrump bid (or a double) promising a suit this long shows that suit.
    notrump_suit_length: int = 5
    #: Cards in another suit that show it (a bid showing them is artificial).
    shown_length: int = 4

    #: The parameter of each field.
    PARAMETERS = {"suit_length": "natural-suit-length", "conventions": "natural-conventions",
                  "notrump_suit_length": "notrump-suit-length", "shown_length": "shown-suit-length"}

    @classmethod
    def declared(cls, path: str) -> NaturalReading:
        """The reading the document's parameters declare."""
        require(cls.PARAMETERS.values(), path)
        return cls(
            suit_length=parameter("natural-suit-length", path),
            conventions=frozenset(_conventions(parameter("natural-conventions", path, list), path)),
            notrump_suit_length=parameter("notrump-suit-length", path),
            shown_length=parameter("shown-suit-length", path),
        )


def _conventions(names: list[Any], path: str) -> list[str]:
    from .vocabulary import conventions

    for name in names:
        if name not in conventions():
            raise VocabularyError(path, f"parameter 'natural-conventions' names {name!r}, no convention "
                                        f"of the vocabulary")
    return [str(n) for n in names]


#: Figures of the PZBS "kontra bi" (explanation 6) for the functions' own examples;
#: rules read the parameters constructive-opening and clear-excess.
CONSTRUCTIVE_OPENING = 11
CLEAR_EXTRA = 16


def _range(value: Any, path: str) -> Range:
    return range_of(value, path)


def _length(meaning: Meaning, suit: Suit) -> Range | None:
    """The length ``meaning`` promises in ``suit``: its own range, else a
    two-suiter's shorter minimum when the two-suiter names the suit."""
    own = meaning.length_of(suit)
    if own is not None:
        return own
    if meaning.two_suiter is not None and suit in meaning.two_suiter.suits:
        return Range(min(meaning.two_suiter.min), None)
    return None


#: The reading of the functions' own examples (rules read their document's).
EXAMPLE_READING = NaturalReading()


def natural_of(call: Call, meaning: Meaning, doubled: Suit | None = None,
               reading: NaturalReading = EXAMPLE_READING) -> bool:
    """Whether ``call`` with the agreed ``meaning`` is natural, as a director
    reads an agreement: what the meaning says (``natural``/``artificial``)
    first; a convention (other than :data:`NATURAL_CONVENTIONS`) makes it
    artificial (a transfer to hearts is artificial even on 2♥); a suit bid is natural when it promises three cards or more in
    the suit it names and artificial when it shows other suits instead; a
    notrump bid is artificial when it shows a two-suiter or a five-card suit;
    a double or redouble is artificial when it shows suits (other than
    ``doubled``, the suit of the bid it doubles) or asks for a lead.
    A meaning that says nothing of these is natural: an alert is owed to an
    agreement, and none was named.

    >>> natural_of(Call.parse("2NT"), Meaning.parse({"two-suiter": {"min": "5-5"}}))
    False
    >>> natural_of(Call.parse("X"), Meaning.parse({"hcp": "12+"}))
    True
    >>> natural_of(Call.parse("2C"), Meaning.parse({"convention": "precision"}))
    True
    >>> penalty = Meaning.parse({"suits": {"clubs": "4+"}})
    >>> natural_of(Call.parse("X"), penalty, Suit.CLUBS), natural_of(Call.parse("X"), penalty)
    (True, False)
    """
    if meaning.natural is not None:
        return meaning.natural
    if meaning.convention is not None and meaning.convention not in reading.conventions:
        return False
    if call.kind in (CallKind.DOUBLE, CallKind.REDOUBLE):
        shown = [s for s, r in meaning.suits if s is not doubled and r.low >= reading.suit_length]
        return not (shown or meaning.two_suiter or meaning.lead)
    if not call.is_bid or call.strain is None:
        return True
    suit = call.strain.suit
    if suit is None:
        return meaning.two_suiter is None and not any(r.low >= reading.notrump_suit_length for _, r in meaning.suits)
    named = _length(meaning, suit)
    if named is not None:
        return named.low >= reading.suit_length
    return not (meaning.two_suiter is not None or any(r.low >= reading.shown_length for _, r in meaning.suits))


#: The parameters of the natural reading.
NATURAL_PARAMETERS = tuple(NaturalReading.PARAMETERS.values())


@predicate("natural-call", reads="meaning", needs=("natural",), asks=lambda s: not s.call.is_pass,
           facts=("auction", "call", "meaning"), values=FLAG, parameters=NATURAL_PARAMETERS,
           says="the call is natural", shows="flag")
def _natural_call(value: Any, language: str, path: str) -> Condition:
    """The call is natural (``true``) or artificial (``false``), read from its
    agreed meaning by :func:`natural_of`; a call of several types is natural
    when every type is (a Multi's weak twos in the majors make its 2♦ artificial).

    >>> pzbs = Registry.standard().declaring({"natural-suit-length": 3, "natural-conventions": [],
    ...                                       "notrump-suit-length": 5, "shown-suit-length": 4})
    >>> natural = Condition.parse({"natural-call": True}, "pl", rules=pzbs)
    >>> multi = Situation.read("2♦", "pl").with_types((Meaning.parse({"suits": {"hearts": "6+"}}),
    ...                                                Meaning.parse({"suits": {"spades": "6+"}})))
    >>> natural.holds(multi), natural.holds(multi.of_type(Meaning.parse({"suits": {"diamonds": "6+"}})))
    (False, True)
    """
    wanted = _flag(value, path)
    reading = NaturalReading.declared(path)

    def test(s: Situation) -> bool:
        index = s.last_bid_index
        last = None if index is None else s.calls[index].strain
        doubled = None if last is None else last.suit
        return all(natural_of(s.call, m, doubled, reading) for m in s.call_types) == wanted

    return Condition(test, "natural" if wanted else "artificial")


def _keys(value: Any, path: str) -> tuple[str, ...]:
    keys = tuple(str(k) for k in (value if isinstance(value, list) else [value]))
    for key in keys:
        if key not in KEYS:
            raise VocabularyError(path, f"unknown key of a meaning {key!r} ({', '.join(KEYS)})")
    return keys


@predicate("states", facts=("meaning",), values=("hcp", "[hcp, shape]"), says="the agreed meaning states %(value)s",
           shows="text")
def _states(value: Any, language: str, path: str) -> Condition:
    """The agreed meaning of the call states these vocabulary keys (``hcp``,
    or a list): what a query leaves out, the rule does not guess. A call of
    several types states a key when each of its types does.

    >>> c = Condition.parse({"states": "hcp"}, "pl")
    >>> c.holds(Situation.read("2♥", "pl", meaning=Meaning.parse({"hcp": "6-10"}))), c.holds(Situation.read("2♥", "pl"))
    (True, False)
    """
    keys = _keys(value, path)
    # A call of several types states a key when every type does.
    return Condition(lambda s: all(k in m.keys for m in s.call_types for k in keys), f"states {', '.join(keys)}")


@predicate("opening-states", facts=("auction", "earlier"), values=("hcp", "[hcp, shape]"),
           says="the opening's agreed meaning states %(value)s", shows="text")
def _opening_states(value: Any, language: str, path: str) -> Condition:
    """The agreed meaning of the opening bid states these vocabulary keys."""
    keys = _keys(value, path)
    return Condition(lambda s: all(k in s.earlier_meaning("opening").keys for k in keys),
                     f"the opening's meaning states {', '.join(keys)}")


def _bound(name: str, pick: Any, doc: str, says: str) -> None:
    def parse(value: Any, language: str, path: str) -> Condition:
        wanted = _range(value, path)

        def test(s: Situation) -> bool:
            hcp = s.meaning.hcp
            bound = None if hcp is None else pick(hcp)
            return bound is not None and bound in wanted

        return Condition(test, f"{name} {shown(value)}")

    parse.__doc__ = doc
    predicate(name, reads="meaning", needs=("hcp",), facts=("meaning",), values=("10-12", "15+"), says=says,
              shows="range")(parse)


_bound("hcp-low", lambda r: r.low, "The agreed hcp's lower bound lies in this range (unstated: no).",
       "the agreed strength starts at %(value)s HCP")
_bound("hcp-high", lambda r: 37 if r.high is None else r.high,
       "The agreed hcp's upper bound lies in this range (an open range ends at 37; unstated: no).",
       "the agreed strength ends at %(value)s HCP")


@predicate("hcp-about", reads="meaning", needs=("hcp",), facts=("meaning",), values=("6-10",),
           says="the agreed strength is about %(value)s HCP", shows="range")
def _hcp_about(value: Any, language: str, path: str) -> Condition:
    """The agreed hcp lies within this range taken as "about" (the texts' "ok.
    6-10"): one point of tolerance either side. Unstated hcp: no.

    >>> c = Condition.parse({"hcp-about": "6-10"}, "pl")
    >>> [c.holds(Situation.read("2♥", "pl", meaning=Meaning.parse({"hcp": r}))) for r in ("5-11", "4-10", "7-12")]
    [True, False, False]
    """
    wanted = _range(value, path)
    low, high = max(wanted.low - 1, 0), None if wanted.high is None else wanted.high + 1

    def test(s: Situation) -> bool:
        hcp = s.meaning.hcp
        return hcp is not None and hcp.low >= low and (high is None or (hcp.high is not None and hcp.high <= high))

    return Condition(test, f"about {shown(value)} hcp")


@predicate("bid-suit-min", reads="meaning", needs=("suits",), asks=lambda s: _bid_suit(s) is not None,
           facts=("call", "meaning"), values=("2-3", "4+"), says="the meaning promises at least %(value)s cards in the suit bid",
           shows="range")
def _bid_suit_min(value: Any, language: str, path: str) -> Condition:
    """The least length the meaning promises in the suit the bid names lies in
    this range (``2-3``: two or three cards at least, not four). Unstated: no.

    >>> c = Condition.parse({"bid-suit-min": "2-3"}, "pl")
    >>> [c.holds(Situation.read("1♣", "pl", meaning=Meaning.parse({"suits": {"clubs": n}}))) for n in ("3+", "4+")]
    [True, False]
    """
    wanted = _range(value, path)

    def test(s: Situation) -> bool:
        suit = _bid_suit(s)
        length = None if suit is None else _length(s.meaning, suit)
        return length is not None and length.low in wanted

    return Condition(test, f"{shown(value)} cards at least in the suit bid")


def _bid_suit(s: Situation) -> Suit | None:
    """The suit the call names (``None``: notrump, pass, double, redouble)."""
    return s.call.strain.suit if s.call.is_bid and s.call.strain is not None else None


def _opening_suit(s: Situation) -> Suit | None:
    """The suit the opening bid names (``None``: notrump, or no opening)."""
    index = s.opening_index
    strain = None if index is None else s.calls[index].strain
    return None if strain is None else strain.suit


@predicate("opening-suit-min", reads="opening", needs=("suits",), asks=lambda s: _opening_suit(s) is not None,
           facts=("auction", "earlier"), values=("2-3", "4+"),
           says="the opening promised at least %(value)s cards in its suit", shows="range")
def _opening_suit_min(value: Any, language: str, path: str) -> Condition:
    """The least length the opening bid's agreed meaning promises in the suit
    it names lies in this range. Unstated: no."""
    wanted = _range(value, path)

    def test(s: Situation) -> bool:
        suit = _opening_suit(s)
        length = None if suit is None else _length(s.earlier_meaning("opening"), suit)
        return length is not None and length.low in wanted

    return Condition(test, f"the opening promised {shown(value)} cards in its suit")


_SUITS_UP = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_TWO_SUITED_KEYS = ("min", "highest-unbid", "second-known", "lowest-two", "with-major")


def _two_suits(meaning: Meaning) -> tuple[tuple[int, int], frozenset[Suit], bool | None, bool | None] | None:
    """A meaning as a two-suiter: least lengths, known suits, and what it says
    of the highest unbid suit and the second suit; suit lengths of 4+ in two
    suits count as a two-suiter with both suits known."""
    if meaning.two_suiter is not None:
        t = meaning.two_suiter
        return t.min, t.suits, t.highest_unbid, t.second_known
    long = [(s, r.low) for s, r in meaning.suits if r.low >= 4]
    if len(long) == 2:
        return (long[0][1], long[1][1]), frozenset(s for s, _ in long), None, True
    return None


def _unbid_suits(s: Situation) -> list[Suit]:
    bid = {c.strain.suit for c in s.calls[:-1] if c.is_bid and c.strain is not None and c.strain.suit is not None}
    return [suit for suit in _SUITS_UP if suit not in bid]


@predicate("two-suited", reads="meaning", needs=("two-suiter",), asks=lambda s: s.call.is_bid,
           facts=("auction", "call", "meaning"),
           values=("{min: 5-5, highest-unbid: true, second-known: false}", "{lowest-two: except-opening}",
                   "{lowest-two: all-suits}", "{with-major: true}"),
           says="the call shows a two-suiter %(value)s", shows="text")
def _two_suited(value: Any, language: str, path: str) -> Condition:
    """The call shows a two-suiter, read against the auction::

        {min: 5-5, highest-unbid: true, second-known: false}
        {min: 5-5, lowest-two: except-opening}    # or: all-suits

    ``min``: at least these lengths. ``highest-unbid``: one suit is the highest
    suit nobody has bid (the meaning says so, or names it). ``second-known``:
    whether both suits are known (the meaning says so, or names two; one
    named suit alone leaves the other unknown). ``lowest-two``: the suits are
    the two lowest of all (``all-suits``), or the two lowest other than the
    opening bid's suit (``except-opening``). ``with-major``: one of the suits
    is a major (a named one; the other one said to be a major,
    ``[clubs, major]``; or the meaning's ``major`` of the length ``min``).

    >>> c = Condition.parse({"two-suited": {"min": "5-5", "highest-unbid": True, "second-known": False}}, "pl")
    >>> c.holds(Situation.read("[1♥] 2♥", "pl", meaning=Meaning.parse({"two-suiter": {"suits": ["spades"]}})))
    True
    >>> c.holds(Situation.read("[1♦] 2♦", "pl", meaning=Meaning.parse({"two-suiter": {"suits": ["spades", "hearts"]}})))
    False
    >>> wilkosz = Condition.parse({"two-suited": {"min": "5-5", "with-major": True}}, "pl")
    >>> [wilkosz.holds(Situation.read("2♦", "pl", meaning=Meaning.parse(m))) for m in (
    ...     {"two-suiter": {"suits": ["hearts"]}}, {"two-suiter": {"min": "5-5"}, "major": "5+"},
    ...     {"two-suiter": {"suits": ["clubs", "diamonds"]}})]
    [True, True, False]
    >>> low = Condition.parse({"two-suited": {"lowest-two": "except-opening"}}, "pl")
    >>> low.holds(Situation.read("[1♦] 2BA", "pl", meaning=Meaning.parse({"two-suiter": {"lowest-two": True}})))
    True
    """
    if not isinstance(value, Mapping):
        raise VocabularyError(path, "a mapping of " + ", ".join(_TWO_SUITED_KEYS))
    for key in value:
        if key not in _TWO_SUITED_KEYS:
            raise VocabularyError(f"{path}.{key}", f"unknown key ({', '.join(_TWO_SUITED_KEYS)})")
    least = None
    if "min" in value:
        parts = str(value["min"]).split("-")
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            raise VocabularyError(f"{path}.min", f"lengths as 5-5, not {value['min']!r}")
        least = sorted(int(p) for p in parts)
    highest = _flag(value["highest-unbid"], f"{path}.highest-unbid") if "highest-unbid" in value else None
    second = _flag(value["second-known"], f"{path}.second-known") if "second-known" in value else None
    with_major = _flag(value["with-major"], f"{path}.with-major") if "with-major" in value else None
    lowest = value.get("lowest-two")
    if lowest not in (None, "all-suits", "except-opening"):
        raise VocabularyError(f"{path}.lowest-two", f"all-suits or except-opening, not {lowest!r}")

    def test(s: Situation) -> bool:
        found = _two_suits(s.meaning)
        if found is None:
            return False
        lengths, suits, says_highest, says_second = found
        # Longer against longer, shorter against shorter: compared as lists, a
        # 5-5 would pass 'min: 6-4' on its first suit alone.
        if least is not None and (min(lengths) < least[0] or max(lengths) < least[1]):
            return False
        if highest is not None:
            unbid = _unbid_suits(s)
            has = says_highest if says_highest is not None else bool(unbid) and unbid[-1] in suits
            if has != highest:
                return False
        if second is not None:
            known = says_second if says_second is not None else len(suits) >= 2
            if known != second:
                return False
        if with_major is not None:
            major = s.meaning.major
            other = s.meaning.two_suiter.other if s.meaning.two_suiter is not None else None
            has_major = any(x.is_major for x in suits) or other == "major" or (
                major is not None and major.low >= (least[0] if least else 4))
            if has_major != with_major:
                return False
        if lowest is not None:
            excluded: set[Suit] = set()
            opened = _opening_suit(s)
            if lowest == "except-opening" and opened is not None:
                excluded = {opened}
            expected = frozenset([x for x in _SUITS_UP if x not in excluded][:2])
            # A meaning that says "the two lowest" without naming them means
            # them as the regulation counts them.
            said = s.meaning.two_suiter is not None and s.meaning.two_suiter.lowest_two is True and not suits
            if suits != expected and not said:
                return False
        return True

    return Condition(test, f"a two-suiter {shown(value)}")


def is_bi_double(meaning: Meaning, constructive: int = CONSTRUCTIVE_OPENING, clear_excess: int = CLEAR_EXTRA) -> bool:
    """PZBS explanation 6: a "kontra bi" is a double of an opening that may be
    made with less than a standard constructive opening (fewer than
    :data:`CONSTRUCTIVE_OPENING` points), or with a shortness (a singleton or
    void) in a suit nobody has bid without a clear excess of strength (fewer
    than :data:`CLEAR_EXTRA` points at the least). A meaning naming the
    convention is one.

    >>> is_bi_double(Meaning.parse({"convention": "takeout-double", "hcp": "8+"}))
    True
    >>> is_bi_double(Meaning.parse({"convention": "takeout-double", "hcp": "12+", "unbid-suits": "3+"}))
    False
    >>> is_bi_double(Meaning.parse({"convention": "takeout-double", "hcp": "12+", "unbid-suits": "0+"}))
    True
    """
    if meaning.convention == "bi-double":
        return True
    if meaning.hcp is not None and meaning.hcp.low < constructive:
        return True
    short = meaning.unbid_suits is not None and meaning.unbid_suits.low <= 1
    return short and (meaning.hcp is None or meaning.hcp.low < clear_excess)


@predicate("bi-double", reads="meaning", needs=("hcp", "unbid-suits"), asks=lambda s: s.call.kind is CallKind.DOUBLE,
           facts=("call", "meaning"), values=FLAG, parameters=("constructive-opening", "clear-excess"),
           says="the call is a bi double", shows="flag")
def _bi_double(value: Any, language: str, path: str) -> Condition:
    """The call is a double whose meaning is a "kontra bi" (:func:`is_bi_double`)."""
    wanted = _flag(value, path)
    require(("constructive-opening", "clear-excess"), path)
    constructive = parameter("constructive-opening", path)
    clear_excess = parameter("clear-excess", path)
    return Condition(lambda s: (s.call.kind is CallKind.DOUBLE
                                and is_bi_double(s.meaning, constructive, clear_excess)) == wanted,
                     "a bi double" if wanted else "not a bi double")


@predicate("doubles-opening", facts=AUCTION, values=FLAG, says="the call doubles the opponents' opening",
           shows="flag")
def _doubles_opening(value: Any, language: str, path: str) -> Condition:
    """The call doubles the opponents' opening bid, our side having called
    nothing but pass (direct or in the pass-out seat).

    >>> c = Condition.parse({"doubles-opening": True}, "pl")
    >>> c.holds(Situation.read("[1♥] ktr", "pl")), c.holds(Situation.read("[1♥] pas [2♥] ktr", "pl"))
    (True, False)
    """
    wanted = _flag(value, path)

    def test(s: Situation) -> bool:
        index = s.opening_index
        return (s.call.kind is CallKind.DOUBLE and index is not None and not s.is_ours(index)
                and s.last_bid_index == index
                and not any(s.is_ours(i) and not c.is_pass for i, c in enumerate(s.calls[:-1]))) == wanted

    return Condition(test, "doubles the opening" if wanted else "does not double the opening")


@predicate("last-bid-natural", facts=("auction", "earlier"), values=("true", "false", "unknown"),
           parameters=NATURAL_PARAMETERS, says="the last bid is %(value)s", shows="word",
           words={"true": "natural", "false": "artificial", "unknown": "of a meaning the query does not give"})
def _last_bid_natural(value: Any, language: str, path: str) -> Condition:
    """The last bid before the call (the one a double doubles) is natural
    (``true``), artificial (``false``), or its meaning is not given
    (``unknown``), read by :func:`natural_of`."""
    if value not in (True, False, "unknown"):
        raise VocabularyError(path, f"true, false or unknown, not {value!r}")
    unknown: bool = value == "unknown"
    natural: bool = value is True
    reading = NaturalReading.declared(path)

    def test(s: Situation) -> bool:
        index = s.last_bid_index
        if index is None or index not in s.meanings:
            return unknown
        return not unknown and natural_of(s.calls[index], s.meanings[index], reading=reading) == natural

    return Condition(test, f"the last bid is {'natural' if value is True else 'artificial' if value is False else 'of unknown meaning'}")


@predicate("last-bid-by", facts=("auction",), values=tuple(p for p in PLAYERS if p != "nobody"),
           says="the last bid was made by %(value)s", shows="word", words=PLAYERS)
def _last_bid_by(value: Any, language: str, path: str) -> Condition:
    """Who made the last bid before the call: self, partner, lho, rho,
    opponent or our-side."""
    groups = {"opponent": ("lho", "rho"), "our-side": ("self", "partner")}
    wanted = groups.get(str(value), (str(value),))
    if not set(wanted) <= set(RELATIONS):
        raise VocabularyError(path, f"unknown player {value!r} (self, partner, lho, rho, opponent, our-side)")

    def test(s: Situation) -> bool:
        index = s.last_bid_index
        return index is not None and s.relation(index) in wanted

    return Condition(test, f"the last bid was {shown(value)}'s")


@predicate("auction-level", facts=AUCTION, values=("4+",), says="the auction has reached level %(value)s",
           shows="range")
def _auction_level(value: Any, language: str, path: str) -> Condition:
    """The level the auction has reached with the call: a bid's own level,
    for a pass, double or redouble the level of the last bid (none: no).

    >>> c = Condition.parse({"auction-level": "4+"}, "pl")
    >>> c.holds(Situation.read("[4♥] ktr", "pl")), c.holds(Situation.read("[3♥] ktr", "pl"))
    (True, False)
    """
    levels = _range(value, path)

    def test(s: Situation) -> bool:
        if s.call.is_bid:
            return s.call.level in levels
        index = s.last_bid_index
        return index is not None and s.calls[index].level in levels

    return Condition(test, f"auction at level {shown(value)}")


def _flag_fact(name: str, fact: Any, doc: str, says: str, facts: tuple[str, ...] = AUCTION) -> None:
    def parse(value: Any, language: str, path: str) -> Condition:
        wanted = _flag(value, path)
        return Condition(lambda s: fact(s) == wanted, name if wanted else f"not {name}")

    parse.__doc__ = doc
    predicate(name, facts=facts, values=FLAG, says=says, shows="flag")(parse)


def _is_rebid(s: Situation) -> bool:
    mine = [i for i, c in enumerate(s.calls[:-1]) if s.relation(i) == "self" and not c.is_pass]
    return s.opener == "self" and mine == [s.opening_index] and s.call.is_bid


def _in_opening_suit(s: Situation) -> bool:
    index = s.opening_index
    return (index is not None and s.call.is_bid and s.call.strain is not None and s.call.strain.suit is not None
            and s.call.strain == s.calls[index].strain)


def _is_fourth_suit(s: Situation) -> bool:
    if not s.call.is_bid or s.call.strain is None or s.call.strain.suit is None:
        return False
    ours = {c.strain.suit for i, c in enumerate(s.calls[:-1])
            if s.is_ours(i) and c.is_bid and c.strain is not None and c.strain.suit is not None}
    theirs = {c.strain for i, c in enumerate(s.calls[:-1]) if not s.is_ours(i) and c.is_bid}
    return len(ours) == 3 and s.call.strain.suit not in ours and not theirs


def _after_overcall(s: Situation) -> bool:
    index = s.opening_index
    return (index is not None and s.relation(index) == "partner"
            and any(not s.is_ours(i) and c.is_bid for i, c in enumerate(s.calls[index:-1], index)))


_flag_fact("rebid", _is_rebid, "The opener's second call, a bid (his first since the opening).",
           "the call is the opener's rebid")
_flag_fact("fourth-suit", _is_fourth_suit,
           "A bid in the one suit our side has not bid, after our side has bid the other three "
           "and the opponents have not bid.", "the call bids the fourth suit")
_flag_fact("stated", lambda s: bool(s.meaning.keys), "The query states a meaning for the call (any key).",
           "the query states a meaning for the call", ("meaning",))
_flag_fact("opening-suit", _in_opening_suit, "A bid in the suit of the opening bid.",
           "the call bids the suit of the opening")
_flag_fact("after-overcall", _after_overcall, "Partner opened and an opponent has since bid (an overcall).",
           "partner opened and an opponent has since bid", ("auction",))


@predicate("advance-of", facts=AUCTION, values=("1NT", "[1♥, 1♠]"), says="the call advances partner's overcall of %(value)s",
           shows="calls")
def _advance_of(value: Any, language: str, path: str) -> Condition:
    """The opponents opened, partner's overcall (our side's first call other
    than pass) was one of these calls, and this is the player's first call
    other than pass since.

    >>> c = Condition.parse({"advance-of": "1BA"}, "pl")
    >>> c.holds(Situation.read("[1♥] 1BA [pas] 2♣", "pl")), c.holds(Situation.read("1BA 2♣", "pl"))
    (True, False)
    """
    calls = _calls(value, language, path)

    def test(s: Situation) -> bool:
        index = s.opening_index
        if index is None or s.is_ours(index):
            return False
        ours = [(i, c) for i, c in enumerate(s.calls[:-1]) if s.is_ours(i) and not c.is_pass]
        return len(ours) == 1 and s.relation(ours[0][0]) == "partner" and ours[0][1] in calls

    return Condition(test, f"advancing partner's overcall {shown(value)}")


#: The leads a double may ask for (the meaning vocabulary's ``lead``).
LEAD_WORDS = {"doubled-suit": "the lead of the suit doubled", "other-suit": "the lead of another suit",
              "not-doubled-suit": "a lead other than the suit doubled"}


@predicate("lead", reads="meaning", needs=("lead",), asks=lambda s: not s.call.is_pass, facts=("call", "meaning"),
           values=tuple(LEAD_WORDS), says="the call asks for %(value)s", shows="word", words=LEAD_WORDS)
def _lead(value: Any, language: str, path: str) -> Condition:
    """A double's agreed lead request (:data:`~build_tools.rules.vocabulary.LEADS`)."""
    from .vocabulary import LEADS

    if value not in LEADS:
        raise VocabularyError(path, f"unknown lead {value!r} ({', '.join(LEADS)})")
    return Condition(lambda s: s.meaning.lead == value, f"asks for the lead: {shown(value)}")


__all__ = ["CLEAR_EXTRA", "CONSTRUCTIVE_OPENING", "NaturalReading", "is_bi_double", "natural_of"]
