"""Check an auction: canonical form, legality under the Laws, turn, contract and declarer.

Reads TEXT in the given notation and view, prints the canonical English
auction, whether it is legal (with the illegal call, its position and the
Law), whose turn it is, the contract and the declarer. Exit 0 if legal,
1 if illegal, 2 if TEXT cannot be read.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from build_tools.commands._common import usage_error
from build_tools.bridge import (
    Auction,
    BridgeError,
    IllegalCallError,
    InvalidAuctionError,
    Seat,
    View,
    Vulnerability,
    notation,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("text", metavar="TEXT", help="the auction, e.g. '1S P 2S P P X'")
    parser.add_argument(
        "--notation", default="en", help="language of TEXT: en, pl, ru, es, sv, zh (default en)"
    )
    parser.add_argument("--dealer", default="N", help="N, E, S or W (default N)")
    parser.add_argument(
        "--vulnerability", default="None", help="None, NS, EW or All (default None)"
    )
    parser.add_argument(
        "--view",
        choices=[view.value for view in View],
        default=View.TABLE.value,
        help="table: every player's call; partnership: our calls, opponents' in brackets",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    try:
        profile = notation.profile(args.notation)
        dealer = Seat.parse(args.dealer)
        vulnerability = Vulnerability.parse(args.vulnerability)
        pattern = profile.parse_pattern(args.text, View(args.view)).to_table()
        if not pattern.is_concrete:
            raise InvalidAuctionError(
                f"auction {args.text!r} has alternative calls; give one call in each place"
            )
    except BridgeError as error:
        return usage_error(str(error))
    calls = tuple(slot.calls[0] for slot in pattern.slots if not slot.is_question)
    report: dict[str, Any] = {
        "auction": " ".join(str(call) for call in calls),
        "dealer": str(dealer),
        "vulnerability": str(vulnerability),
        "legal": True,
        "error": None,
        "law": None,
        "complete": None,
        "turn": None,
        "contract": None,
        "declarer": None,
    }
    try:
        auction = Auction(calls, dealer, vulnerability)
        if pattern.has_question:
            pattern.auctions(dealer, vulnerability)
    except IllegalCallError as error:
        report.update(legal=False, error=str(error), law=error.law)
    else:
        report.update(
            complete=auction.is_complete,
            turn=None if auction.turn is None else str(auction.turn),
            contract=_contract_text(auction),
            declarer=None if auction.declarer is None else str(auction.declarer),
        )
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        _print_text(report)
    return 0 if report["legal"] else 1


def _contract_text(auction: Auction) -> str | None:
    if auction.is_passed_out:
        return "passed out"
    return None if auction.contract is None else str(auction.contract)


def _print_text(report: dict[str, Any]) -> None:
    print(f"auction: {report['auction'] or '(no calls)'}")
    print(f"dealer: {report['dealer']}  vulnerability: {report['vulnerability']}")
    if not report["legal"]:
        print(f"legal: no: {report['error']}")
        return
    print("legal: yes")
    print(f"turn: {report['turn'] or '- (auction over)'}")
    print(f"contract: {report['contract'] or '- (auction in progress)'}")
    if report["declarer"]:
        print(f"declarer: {report['declarer']}")
