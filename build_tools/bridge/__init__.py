"""The executable bridge rule model: calls, auctions under the Laws, hands,
meanings, and notation in six languages. Pure Python, no I/O, immutable values.

Public API::

    from build_tools.bridge import (
        Call, Auction, Hand, Deal, Seat, Strain, Suit, Vulnerability, BridgeError, notation,
    )

* :class:`Call` — one of the 38 calls in their total order (1C < ... < 7NT < P < X < XX):
  ``Call.parse("1NT")``, ``str(call)``, ``call.level``, ``call.strain``.
* :class:`Auction` — dealer, vulnerability and legal calls (table view):
  ``Auction.parse("1S X P P XX P P P", dealer=Seat.NORTH)``, ``auction.push(call)``,
  ``auction.legal_calls()`` (supports ``in``), ``auction.turn``, ``auction.is_complete``,
  ``auction.contract`` (:class:`Contract`), ``auction.declarer``,
  ``auction.jump_level(i)``, ``auction.competitive_position(i)``.
* :class:`AuctionPattern` — an auction as system notes write it: table or
  partnership :class:`View`, alternative calls, a trailing ``?``;
  ``pattern.to_table()``, ``pattern.to_partnership()``, ``pattern.auctions()``.
* :class:`Annotation` and :class:`AnnotatedCall` — what is written after a call: an
  alert mark (``2♣*``, ``3б!``), the announcement mark ``^``, a footnote ``2H(1)``, an
  explanation ``1NT (15-17)``; ``slot.annotation``, ``annotated.alerted``.
* :class:`Board` — a board number's dealer and vulnerability (Law 2).
* :class:`Hand` and :class:`Deal` — PBN text, ``x`` spots, voids; ``hand.hcp``,
  ``hand.shape``, ``hand.keycards(trump)``; "balanced" definitions as data:
  :data:`BWS_BALANCED`, :data:`PZBS_NOTRUMP_SHAPE`, :data:`AEB_REGULAR`.
* :class:`Meaning` — agreed meaning as constraints (HCP :class:`Range`, suit lengths,
  shape class, :class:`Forcing`, artificial, :class:`ConventionKind`); ``meaning.admits(hand)``.
* :mod:`notation` — profiles ``en pl ru es sv zh``: ``notation.profile("ru").parse_auction(text)``,
  ``format_auction``, ``parse_pattern``, ``parse_diagram``, ``parse_hand``, ``format_hand``.
* :mod:`irregular` — auctions as they happened at the table: :class:`TableRecord`
  (``N:1S E:P W:1H`` seat labels, ``1H(acc)`` accepted insufficient bids),
  :class:`InadmissibleBid` (a bid above 7NT), ``record.review()``.
* Layers, each module importing only those above it in this list: the values
  (``errors``, ``basics``, ``calls``, ``cards``, ``hands``, ``boards``, ``meanings``,
  ``annotations``), the places of a written auction (``slots``: :class:`Slot`,
  :class:`View`), the grammar that reads them (``grammar``), a language's spelling of
  calls and hands (``spelling``, the canonical English one :data:`spelling.CANONICAL`
  through which the values read and print themselves), the Laws' step by step check
  (``laws``), then :class:`Auction`, :class:`AuctionPattern`, the records of the table
  (``irregular``), and the notation profiles on top.
* Errors: :class:`BridgeError` and its kinds :class:`InvalidCallError`
  (:class:`InadmissibleBidError` for a lone bid above 7NT),
  :class:`IllegalCallError` (with ``position``, ``law``, ``laws``, ``rectification`` and
  a :class:`Citation` of the Laws of Duplicate Bridge 2017), :class:`InvalidAuctionError`,
  :class:`InvalidHandError`, :class:`InvalidDealError`, :class:`InvalidNotationError`.

>>> auction = Auction.parse("1S X P P XX P P P")
>>> str(auction.contract), auction.declarer
('1SXX', Seat.NORTH)
>>> hand = notation.profile("ru").parse_hand("п Т76 ч ТК9754 б 8 т В98")
>>> hand.hcp, str(hand.shape)
(12, '3-6-1-3')
"""

from . import irregular, notation
from .annotations import AnnotatedCall, Annotation
from .auction import Auction, CompetitivePosition, LegalCalls, jump_level
from .basics import Seat, Side, Strain, Suit, Vulnerability
from .boards import Board
from .calls import ALL_CALLS, DOUBLE, PASS, REDOUBLE, Call, CallKind, Contract, Penalty
from .cards import Card, Holding, Rank, Shape
from .errors import (
    BridgeError,
    Citation,
    IllegalCallError,
    InadmissibleBidError,
    InvalidAuctionError,
    InvalidCallError,
    InvalidDealError,
    InvalidHandError,
    InvalidNotationError,
)
from .irregular import InadmissibleBid, TableRecord
from .hands import (
    AEB_REGULAR,
    BALANCED_DEFINITIONS,
    BWS_BALANCED,
    PZBS_NOTRUMP_SHAPE,
    Deal,
    Hand,
    ShapeClass,
    ShapeRule,
)
from .meanings import ConventionKind, Forcing, Meaning, Range
from .views import AuctionPattern, Slot, View

__all__ = [
    "AEB_REGULAR",
    "ALL_CALLS",
    "BALANCED_DEFINITIONS",
    "BWS_BALANCED",
    "DOUBLE",
    "PASS",
    "PZBS_NOTRUMP_SHAPE",
    "REDOUBLE",
    "AnnotatedCall",
    "Annotation",
    "Auction",
    "AuctionPattern",
    "Board",
    "BridgeError",
    "Call",
    "CallKind",
    "Card",
    "Citation",
    "CompetitivePosition",
    "Contract",
    "ConventionKind",
    "Deal",
    "Forcing",
    "Hand",
    "Holding",
    "IllegalCallError",
    "InadmissibleBid",
    "InadmissibleBidError",
    "InvalidAuctionError",
    "InvalidCallError",
    "InvalidDealError",
    "InvalidHandError",
    "InvalidNotationError",
    "LegalCalls",
    "Meaning",
    "Penalty",
    "Range",
    "Rank",
    "Seat",
    "Shape",
    "ShapeClass",
    "ShapeRule",
    "Side",
    "Slot",
    "Strain",
    "Suit",
    "TableRecord",
    "View",
    "Vulnerability",
    "irregular",
    "jump_level",
    "notation",
]
