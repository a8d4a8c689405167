"""The rule analysis and the engine on documents made to be slow (issue 37,
item 2): what `handbook validate`, `explain` and `card check` cost on each,
against the document's size.

* ``slow``: the reproducer, ten rules of 35 calls each, each rule leaving the
  vulnerability and the hand unstated (3.7 KB; it ran for hours);
* ``rules-N``: N rules, each about its own call after its own auction;
* ``same-call-N``: N rules all about the same calls (every decision weighs
  them all: refused at the analysis's bound, at a rule's line);
* ``chain-N``: N rules, each an exception to the one before, on one call;
* ``verdicts-N``: a chain of N questions, each rule asking the next
  question's verdict (``verdict:``), four rules a question;
* ``card-N``: a convention card of N entries, checked against the handbook.

Run alone: ``.venv/bin/python bench/analysis.py [RUNS] [N]``; each document
is written to build/bench/analysis/ and asked in a fresh process.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import BENCH_DIR, ROOT  # noqa: E402
from measure import Stats, progress  # noqa: E402

WORK = BENCH_DIR / "analysis"
BIDS = [f"{level}{strain}" for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT")]
HEADER = "schema: 1\ndocument: {name}\ntitle: T\nlanguage: en\nkind: regulation\nbody:\n"


def slow() -> str:
    """The reproducer of issue 37, item 2, as the issue writes it."""
    rules = "".join(f"  - paragraph: r{i}\n    text: R.\n    rule: {{question: alert, scope: {{call: {BIDS}, "
                    f"vulnerable: we}}, when: {{hand-hcp: {i}-{i + 3}}}, answer: \"yes\", otherwise: \"no\"}}\n"
                    for i in range(10))
    return HEADER.format(name="slow") + rules


def _auctions(n: int) -> list[tuple[str, str]]:
    """``n`` (auction before, call) pairs, all different and legal."""
    found = []
    for first, second in itertools.combinations(range(len(BIDS)), 2):
        for third in range(second + 1, len(BIDS)):
            found.append((f"{BIDS[first]} {BIDS[second]}", BIDS[third]))
            if len(found) == n:
                return found
    return found


def many_rules(n: int) -> str:
    rules = "".join(f"  - paragraph: r{i}\n    text: R.\n    rule: {{question: alert, scope: {{after: '{before}', "
                    f"call: {call}}}, answer: \"{'yes' if i % 2 else 'no'}\"}}\n"
                    for i, (before, call) in enumerate(_auctions(n)))
    return HEADER.format(name=f"rules-{n}") + rules


def same_call(n: int) -> str:
    rules = "".join(f"  - paragraph: r{i}\n    text: R.\n    rule: {{question: alert, scope: {{call: [1NT, 2NT]}}, "
                    f"when: {{hand-hcp: {i % 30}-{i % 30 + 4}}}, answer: \"yes\"}}\n" for i in range(n))
    return HEADER.format(name=f"same-call-{n}") + rules


def chain(n: int) -> str:
    rules = "".join(f"  - paragraph: r{i}\n    text: R.\n    rule: {{question: alert, scope: {{call: 1NT}}, "
                    f"answer: \"{'yes' if i % 2 else 'no'}\"" + (f", exception-to: r{i - 1}" if i else "") + "}\n"
                    for i in range(n))
    return HEADER.format(name=f"chain-{n}") + rules


def verdict_chain(n: int) -> str:
    """Question q0 asks q1's verdict, q1 asks q2's, ... (four rules each)."""
    questions = "questions:\n" + "".join(
        f"  - question: q{i}\n    text: Q{i}?\n    answers: [{{answer: \"yes\", label: Y{i}}}, "
        f"{{answer: \"no\", label: N{i}}}]\n" for i in range(n))
    rules = []
    for i in range(n):
        for k in range(4):
            ask = f", verdict: {{q{i + 1}: \"yes\"}}" if i + 1 < n else ""
            rules.append(f"  - paragraph: q{i}-r{k}\n    text: R.\n    rule: {{question: q{i}, scope: {{call: "
                         f"[{', '.join(BIDS[:4])}], hand-hcp: {k * 10}-{k * 10 + 9}{ask}}}, answer: \"yes\"}}\n")
    return HEADER.format(name=f"verdicts-{n}").replace("body:\n", questions + "body:\n") + "".join(rules)


def card(n: int) -> str:
    entries = [{"auction": f"{before} {call}", "meaning": {"natural": True, "hcp": "10-12"}}
               for before, call in _auctions(n)]
    return json.dumps({"card": f"card-{n}", "title": "A long card", "notation": "en",
                       "openings": [{"auction": "1NT", "meaning": {"natural": True, "hcp": "15-17"}}],
                       "responses": entries}, ensure_ascii=False)


def _run(args: list[str]) -> tuple[float, int, str]:
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "build_tools.cli", *args], cwd=ROOT, capture_output=True,
                          text=True, check=False)
    return time.perf_counter() - started, done.returncode, (done.stderr.strip().splitlines() or [""])[-1]


def measure(runs: int, n: int) -> list[tuple[str, Stats, int, str]]:
    WORK.mkdir(parents=True, exist_ok=True)
    made = {"slow": slow(), f"rules-{n}": many_rules(n), f"same-call-{n}": same_call(n), f"chain-{n}": chain(n),
            "verdicts-40": verdict_chain(40)}
    results = []
    for name, text in made.items():
        path = WORK / f"{name}.yaml"
        path.write_text(text, encoding="utf-8")
        times, code, last = [], 0, ""
        for _ in range(runs):
            seconds, code, last = _run(["validate", str(path)])
            times.append(seconds)
        progress(f"analysis: validate {name} ({len(text) / 1024:.1f} KB): {min(times):.1f} s, exit {code}: {last[:100]}")
        results.append((f"validate {name} ({len(text) / 1024:.1f} KB)", Stats.of(times), code, last))
    card_path = WORK / f"card-{n // 2}.yaml"
    card_path.write_text(card(n // 2), encoding="utf-8")
    times = []
    for _ in range(runs):
        seconds, code, last = _run(["card", "check", str(card_path), "--build-dir", str(WORK / "build")])
        times.append(seconds)
    progress(f"analysis: card check of {n // 2} entries: {min(times):.1f} s, exit {code}")
    results.append((f"card check, {n // 2} entries", Stats.of(times), code, last))
    return results


if __name__ == "__main__":
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    size = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    for label, stats, code, last in measure(runs, size):
        print(f"{label}: median {stats.median:.2f} s (exit {code}) {last[:120]}")
