"""The rule model's throughput: ten-call auctions parsed and checked under the
Laws per second, in every notation, on one core (this process, one thread).
The auctions and the timed loop are those of ``bench/model_throughput.py``."""

from __future__ import annotations

from pathlib import Path

from build_tools.bridge import Auction, notation
from corpus import BENCH_DIR
from measure import Stats, progress
from model_throughput import TARGET, run_once, ten_call_auctions

#: Notation profiles measured (``en`` is the canonical one).
PROFILES: tuple[str, ...] = ("en", "pl", "ru", "es", "sv", "zh")

__all__ = ["PROFILES", "TARGET", "measure_model"]


def canonical_auctions(count: int) -> list[str]:
    """The drawn auctions, kept in ``build/bench`` (drawing them is slower than
    checking them); the same count always gives the same auctions."""
    cache = BENCH_DIR / f"auctions-{count}.txt"
    if cache.exists():
        texts = cache.read_text("utf-8").splitlines()
        if len(texts) == count:
            return texts
    progress(f"model: drawing {count:,} legal ten-call auctions (once; kept in {cache.name})")
    texts = ten_call_auctions(count)
    cache.parent.mkdir(parents=True, exist_ok=True)
    Path(cache).write_text("\n".join(texts) + "\n", "utf-8")
    return texts


def measure_model(auctions: int, runs: int) -> dict[str, Stats]:
    """Auctions per second for each profile, ``runs`` times over the same
    ``auctions`` texts printed in that profile's notation."""
    canonical = canonical_auctions(auctions)
    rates: dict[str, Stats] = {}
    for code in PROFILES:
        progress(f"model: {auctions:,} ten-call auctions in '{code}' notation, {runs} runs")
        texts = canonical
        if code != "en":
            profile = notation.profile(code)
            texts = [profile.format_auction(Auction.parse(t)) for t in canonical]
        run_once(texts, code)  # warm-up: caches and the grammar's compiled patterns
        rates[code] = Stats.of([run_once(texts, code) for _ in range(runs)])
    return rates
