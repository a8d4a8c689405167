"""Check an auction: canonical form, legality under the Laws, turn, contract and declarer.

Reads TEXT in the given notation and view, prints the canonical English
auction, whether it is legal (with the illegal call, its position, and the
Laws that forbid and that rectify it, as the Laws of Duplicate Bridge 2017
number them), whose turn it is, the contract and the declarer, and the Law
that ended the auction (22A, or 22B when passed out).

TEXT may record irregular calls (see build_tools.bridge.irregular): a bid
above 7NT is an inadmissible call (Law 35C); seat labels 'N:1S E:P W:1H'
show calls out of rotation (Laws 28-32), and then the first label is the
dealer unless --dealer is given; '(acc)' after a bid marks an insufficient
bid that offender's LHO accepted (Law 27A1): it stands, and the auction goes
on from it. Exit 0 if legal (accepted irregularities are listed), 1 if
illegal, 2 if TEXT cannot be read.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from build_tools.commands._common import add_notation_argument, usage_error
from build_tools.bridge import (
    BridgeError,
    IllegalCallError,
    InvalidAuctionError,
    Seat,
    View,
    Vulnerability,
    notation,
)
from build_tools.bridge.errors import InadmissibleBidError
from build_tools.bridge.irregular import (
    Irregularity,
    IrregularityKind,
    Review,
    TableCall,
    TableRecord,
    looks_irregular,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "text",
        metavar="TEXT",
        help="the auction, e.g. '1S P 2S P P X'; irregular calls: '1S 8H' (bid above 7NT), "
        "'N:1S E:P W:1H' (seat labels, out of rotation), '1S 1H(acc)' (accepted insufficient bid)",
    )
    add_notation_argument(parser)
    parser.add_argument(
        "--dealer", default=None,
        help="N, E, S or W (default: the seat of the first call if labelled, else N)",
    )
    parser.add_argument(
        "--vulnerability", default="None", help="None, NS, EW or All (default None)"
    )
    parser.add_argument(
        "--view",
        choices=[view.value for view in View],
        default=View.TABLE.value,
        help="table: every player's call; partnership: our calls, opponents' in brackets",
    )
    parser.add_argument(
        "--json", action="store_true",
        help="print one JSON object: 'law' (the first forbidding Law), 'laws' (all forbidding), "
        "'rectification' (the rectifying Laws), 'edition', 'citation', 'irregularities', 'ending'",
    )


def run(args: argparse.Namespace) -> int:
    try:
        profile = notation.profile(args.notation)
        dealer = None if args.dealer is None else Seat.parse(args.dealer)
        vulnerability = Vulnerability.parse(args.vulnerability)
        view = View(args.view)
        record, question = _read(args.text, profile, view, dealer, vulnerability)
        # Reviewing reads what TEXT marks ('1C(acc)' on a bid that is not insufficient).
        review = record.review()
    except BridgeError as unreadable:
        return usage_error(str(unreadable))
    illegal = review.error
    if illegal is None and question is not None:
        try:
            question.auctions(record.dealer, vulnerability)
        except IllegalCallError as after_the_end:
            illegal = after_the_end
    report = _report(record, review, illegal)
    if illegal is not None and not review.irregularities:  # the '?' after the end
        report["irregularities"] = [Irregularity(
            IrregularityKind.INADMISSIBLE, illegal.call, illegal.position,
            record.dealer.offset(illegal.position - 1), illegal.reason, illegal.citation,
        ).as_json()]
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        _print_text(report)
    return 0 if report["legal"] else 1


def _read(
    text: str,
    profile: notation.Profile,
    view: View,
    dealer: Seat | None,
    vulnerability: Vulnerability,
) -> tuple[TableRecord, Any]:
    """The record TEXT stands for, and the pattern when it ends in '?'."""
    if looks_irregular(text, profile):
        return TableRecord.parse(text, dealer, vulnerability, profile, view), None
    try:
        pattern = profile.parse_pattern(text, view).to_table()
    except InadmissibleBidError:
        return TableRecord.parse(text, dealer, vulnerability, profile, view), None
    if not pattern.is_concrete:
        raise InvalidAuctionError(
            f"auction {text!r} has alternative calls; give one call in each place"
        )
    calls = tuple(TableCall(slot.calls[0]) for slot in pattern.slots if not slot.is_question)
    record = TableRecord(calls, dealer or Seat.NORTH, vulnerability)
    return record, pattern if pattern.has_question else None


def _report(record: TableRecord, review: Review, error: IllegalCallError | None) -> dict[str, Any]:
    report: dict[str, Any] = {
        "auction": str(record),
        "dealer": str(record.dealer),
        "vulnerability": str(record.vulnerability),
        "legal": error is None,
        "error": None if error is None else str(error),
        "law": None if error is None else error.law,
        "laws": None if error is None else list(error.citation.forbidding),
        "rectification": None if error is None else list(error.citation.rectifying),
        "edition": None if error is None else error.citation.edition,
        "citation": None if error is None else str(error.citation),
        "irregularities": [irregularity.as_json() for irregularity in review.irregularities],
        "complete": None,
        "turn": None,
        "contract": None,
        "declarer": None,
        "ending": None,
    }
    if error is None:
        ending = review.ending
        contract = review.contract
        report.update(
            complete=review.is_complete,
            turn=None if review.turn is None else str(review.turn),
            contract="passed out" if review.is_passed_out else None if contract is None else str(contract),
            declarer=None if review.declarer is None else str(review.declarer),
            ending=None if ending is None else ending.as_json(),
        )
    return report


def _print_text(report: dict[str, Any]) -> None:
    print(f"auction: {report['auction'] or '(no calls)'}")
    print(f"dealer: {report['dealer']}  vulnerability: {report['vulnerability']}")
    for irregularity in report["irregularities"]:
        if irregularity["accepted"]:
            print(f"irregularity: {irregularity['reason']} {irregularity['call']!r} at "
                  f"{irregularity['position']} by {irregularity['seat']} ({irregularity['citation']})")
    if not report["legal"]:
        print(f"legal: no: {report['error']}")
        return
    print("legal: yes")
    print(f"turn: {report['turn'] or '- (auction over)'}")
    contract = report["contract"] or "- (auction in progress)"
    if report["ending"]:
        contract += f" ({report['ending']['text']})"
    print(f"contract: {contract}")
    if report["declarer"]:
        print(f"declarer: {report['declarer']}")
