"""Throughput of the rule model's hot path: ten-call auctions parsed and
checked under the Laws per second, on one core.

Run: .venv/bin/python bench/model_throughput.py [--runs 7] [--auctions 20000]
Prints the median of several runs, with the minimum and maximum. The target
is at least 50,000 ten-call auctions per second.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from build_tools.bridge import Auction, notation  # noqa: E402

TARGET = 50_000


def ten_call_auctions(count: int, seed: int = 3) -> list[str]:
    """Legal ten-call auctions in canonical English, drawn at random."""
    rng = random.Random(seed)
    texts: list[str] = []
    while len(texts) < count:
        auction = Auction()
        while len(auction.calls) < 10 and not auction.is_complete:
            legal = list(auction.legal_calls())
            # mostly low bids and passes, as real auctions are
            weights = [1.0 / (1 + c.index) if c.is_bid else 3.0 for c in legal]
            auction = auction.push(rng.choices(legal, weights)[0])
        if len(auction.calls) == 10:
            texts.append(str(auction))
    return texts


def run_once(texts: list[str], reader: str) -> float:
    parse = notation.profile(reader).parse_auction
    start = time.perf_counter()
    for text in texts:
        parse(text)
    return len(texts) / (time.perf_counter() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--auctions", type=int, default=20_000)
    args = parser.parse_args()
    for code in ("en", "ru"):
        texts = ten_call_auctions(args.auctions)
        if code != "en":
            profile = notation.profile(code)
            texts = [profile.format_auction(Auction.parse(t)) for t in texts]
        rates = [run_once(texts, code) for _ in range(args.runs)]
        print(
            f"{code}: {statistics.median(rates):,.0f} ten-call auctions/s parsed and checked "
            f"(median of {args.runs}; min {min(rates):,.0f}, max {max(rates):,.0f}; "
            f"target {TARGET:,})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
