"""Read a hand: canonical PBN form, high-card points and shape.

Reads TEXT in the given notation (English also reads PBN ``S.H.D.C``) and
prints the hand in PBN and in that notation, its HCP, its shape (spades,
hearts, diamonds, clubs) and whether each regulation counts it balanced.
Exit 0, or 2 if TEXT is not a 13-card hand.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from build_tools.bridge import BALANCED_DEFINITIONS, BridgeError, notation
from build_tools.commands._common import add_notation_argument, usage_error


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("text", metavar="TEXT", help="the hand, e.g. 'AQ976.xxx.Qxxx.x'")
    add_notation_argument(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    try:
        profile = notation.profile(args.notation)
        hand = profile.parse_hand(args.text)
    except BridgeError as error:
        return usage_error(str(error))
    report: dict[str, Any] = {
        "hand": str(hand),
        "written": profile.format_hand(hand),
        "hcp": hand.hcp,
        "shape": str(hand.shape),
        "balanced": {key: hand in shape for key, shape in BALANCED_DEFINITIONS.items()},
    }
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
        return 0
    print(f"hand: {report['hand']}")
    if report["written"] != report["hand"]:
        print(f"{profile.code}: {report['written']}")
    print(f"hcp: {report['hcp']}")
    print(f"shape: {report['shape']}")
    balanced = ", ".join(f"{key} {'yes' if ok else 'no'}" for key, ok in report["balanced"].items())
    print(f"balanced: {balanced}")
    return 0
