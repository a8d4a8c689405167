"""A synthetic handbook for the benchmarks: N documents in the real schema, in
all six languages, with complete gettext catalogs.

Each document is written in its authoritative language (rotating pl, en, ru,
es, sv, zh_CN) and holds numbered sections and subsections, paragraphs, lists
with nested points, definitions and auction examples: legal auctions drawn with
the rule model (:mod:`build_tools.bridge`) and printed in the document's own
notation, with hand diagrams, and tables. Every other language gets a catalog extracted with :mod:`build_tools.i18n`
in which every entry has a (pseudo-)translation, so nothing is untranslated;
the interface catalog ``handbook.po`` is filled the same way. The manifest
lists all six languages.

The corpus goes to ``build/bench/corpus-<N>/`` (``source/`` and
``translations/``), never into the repository's own ``source/``. The same N
and seed always give the same files.

    .venv/bin/python bench/corpus.py -n 20            # build/bench/corpus-20
    .venv/bin/handbook validate --source build/bench/corpus-20/source

The generated documents pass ``handbook validate`` and leave nothing
untranslated (a check anyone can run with
``.venv/bin/python -m doctest bench/corpus.py``):

>>> import subprocess, tempfile
>>> BENCH_DIR.mkdir(parents=True, exist_ok=True)
>>> with tempfile.TemporaryDirectory(dir=BENCH_DIR) as tmp:
...     corpus = generate(Path(tmp), 6, seed=7)
...     done = subprocess.run([*handbook_command(), "validate", "--source", str(corpus.source)],
...                           capture_output=True, text=True)
...     print(done.returncode, done.stdout.strip())
...     print(untranslated(corpus), [d.language for d in load(corpus).documents])
0 handbook: 6 documents valid
0 ['pl', 'en', 'ru', 'es', 'sv', 'zh_CN']
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from a checkout without the package installed
    sys.path.insert(0, str(ROOT))

from build_tools import schema  # noqa: E402
from build_tools.bridge import Auction, Hand, notation  # noqa: E402
from build_tools.document import KINDS  # noqa: E402
from build_tools.document import LANGUAGES as DOCUMENT_LANGUAGES  # noqa: E402
from build_tools.i18n import catalog_path, extract, read_catalog, translate, write_catalog  # noqa: E402
from build_tools.i18n.catalogs import catalog_bytes  # noqa: E402
from build_tools.i18n.interface_strings import extract_interface  # noqa: E402
from build_tools.loader import MANIFEST_NAME  # noqa: E402
from build_tools.pipeline import Handbook, load_handbook  # noqa: E402
from build_tools.render import TEMPLATES, UI_DOMAIN  # noqa: E402

from texts import SYLLABLES, paragraph, phrase, pseudo_translate, sentence  # noqa: E402

# The corpus is written in the languages the text generator has words for: a
# language known to the rule model by its notation profile alone (German) has none.
LANGUAGES = tuple(language for language in SYLLABLES if language in DOCUMENT_LANGUAGES)

#: Where every benchmark writes (``build/`` is ignored by git).
BENCH_DIR = ROOT / "build" / "bench"
HANDBOOK_ID = "bench-handbook"
SEATS = ("N", "E", "S", "W")
_RANKS = "AKQJT98765432"


@dataclass(frozen=True, slots=True)
class Corpus:
    """Where a generated handbook lives."""

    root: Path
    documents: tuple[str, ...]

    @property
    def source(self) -> Path:
        return self.root / "source"

    @property
    def translations(self) -> Path:
        return self.root / "translations"


def handbook_command() -> list[str]:
    """The ``handbook`` command of the interpreter running this (the venv's)."""
    script = Path(sys.executable).parent / "handbook"
    return [str(script)] if script.exists() else [sys.executable, "-m", "build_tools.cli"]


# --- the rule model: legal auctions and dealt hands ---------------------------


def legal_auction(rng: random.Random, calls: int) -> Auction:
    """A legal auction of at most ``calls`` calls, mostly low bids and passes."""
    auction = Auction()
    while len(auction.calls) < calls and not auction.is_complete:
        legal = list(auction.legal_calls())
        weights = [1.0 / (1 + c.index) if c.is_bid else 3.0 for c in legal]
        auction = auction.push(rng.choices(legal, weights)[0])
    return auction


def deal(rng: random.Random) -> dict[str, Hand]:
    """Four hands of a shuffled deck, by seat."""
    deck = [(suit, rank) for suit in range(4) for rank in range(13)]
    rng.shuffle(deck)
    hands = {}
    for n, seat in enumerate(SEATS):
        cards = deck[13 * n: 13 * n + 13]
        suits = [
            "".join(_RANKS[r] for r in sorted(rank for s, rank in cards if s == suit)) for suit in range(4)
        ]
        hands[seat] = Hand.parse(".".join(suits))
    return hands


# --- documents ------------------------------------------------------------------


class _Writer:
    """Builds one document's data; every id it hands out is unique in it."""

    def __init__(self, rng: random.Random, language: str, index: int) -> None:
        self.index = index
        self.rng = rng
        self.language = language
        self.profile = notation.profile(language)

    def points(self, prefix: str, count: int, depth: int) -> list[dict[str, Any]]:
        out = []
        for n in range(1, count + 1):
            point: dict[str, Any] = {"point": f"{prefix}-{n}"}
            if depth == 0:
                point["number"] = f"{'abcdefgh'[n - 1]})"
            point["text"] = sentence(self.rng, self.language)
            if depth == 0 and self.rng.random() < 0.6:
                point["items"] = self.points(f"{prefix}-{n}", self.rng.randint(1, 3), depth + 1)
            out.append(point)
        return out

    def example(self, block_id: str) -> dict[str, Any]:
        rng = self.rng
        auction = legal_auction(rng, rng.randint(3, 12))
        text = self.profile.format_auction(auction)
        self.profile.parse_auction(text)  # the document's notation reads back what it printed
        example: dict[str, Any] = {"example": block_id, "auction": text}
        if rng.random() < 0.7:
            hands = deal(rng)
            example["hands"] = [
                {"seat": seat, "cards": self.profile.format_hand(hands[seat])}
                for seat in rng.sample(SEATS, rng.randint(1, 2))
            ]
        example["text"] = sentence(rng, self.language)
        return example

    def table(self, block_id: str) -> dict[str, Any]:
        columns = self.rng.randint(2, 4)
        return {
            "table": block_id,
            "caption": phrase(self.rng, self.language),
            "header": [phrase(self.rng, self.language, (1, 2)) for _ in range(columns)],
            "rows": [[phrase(self.rng, self.language, (1, 3)) for _ in range(columns)]
                     for _ in range(self.rng.randint(2, 4))],
        }

    def section(self, number: str, depth: int) -> dict[str, Any]:
        rng, lang = self.rng, self.language
        sid = "s" + number.rstrip(".").replace(".", "-")
        body: list[dict[str, Any]] = [
            {"paragraph": f"{sid}-intro", "text": paragraph(rng, lang)},
            {"list": f"{sid}-rules", "items": self.points(f"{sid}-rule", rng.randint(2, 4), 0)},
            {"definition": f"{sid}-term", "term": phrase(rng, lang), "text": sentence(rng, lang)},
            self.example(f"{sid}-example-1"),
        ]
        if rng.random() < 0.5:
            body.append(self.example(f"{sid}-example-2"))
        if rng.random() < 0.3:
            body.append(self.table(f"{sid}-table"))
        body.append({"paragraph": f"{sid}-closing", "text": paragraph(rng, lang)})
        if depth == 0:
            for sub in range(1, rng.randint(1, 2) + 1):
                body.append(self.section(f"{number}{sub}.", depth + 1))
        return {"section": sid, "number": number, "title": phrase(rng, lang), "body": body}


def document_data(index: int, seed: int) -> dict[str, Any]:
    """The YAML data of document number ``index`` (0-based) of the corpus."""
    language = LANGUAGES[index % len(LANGUAGES)]
    rng = random.Random(seed * 1_000_003 + index)
    writer = _Writer(rng, language, index)
    body: list[dict[str, Any]] = [
        {"paragraph": "preamble", "text": paragraph(rng, language, (2, 3))},
        {"paragraph": "scope", "text": paragraph(rng, language)},
    ]
    body += [writer.section(f"{n}.", 0) for n in range(1, 5)]
    return {
        "schema": schema.SCHEMA_VERSION,
        "document": document_id(index),
        "title": phrase(rng, language, (2, 4)),
        "issuer": phrase(rng, language, (3, 5)),
        "language": language,
        "kind": KINDS[index % 2],
        "edition": str(2000 + index % 25),
        "body": body,
    }


def document_id(index: int) -> str:
    return f"bench-doc-{index + 1:03d}"


def dump(data: dict[str, Any]) -> str:
    """YAML as an author would write it: keys in schema order, text unescaped."""
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=110)


# --- catalogs ------------------------------------------------------------------


def _fill(catalog: Any, language: str) -> None:
    for entry in catalog:  # a polib catalog: no plural forms among the handbook's texts
        entry.msgstr = pseudo_translate(entry.msgid, language)


def write_catalogs(handbook: Handbook, languages: tuple[str, ...]) -> int:
    """Extract every document's catalog for every other language, translate
    every entry, and write it; the same for the interface strings. Returns the
    number of catalogs written."""
    written = 0
    for lang in languages:
        jobs = [(doc.id, extract(doc, lang)) for doc in handbook.documents if doc.language != lang]
        if lang != "en":  # interface msgids are English
            jobs.append((UI_DOMAIN, extract_interface(TEMPLATES)))
        for domain, template in jobs:
            _fill(template, lang)
            write_catalog(catalog_bytes(template), catalog_path(handbook.translations, lang, domain))
            written += 1
    return written


# --- the whole corpus ------------------------------------------------------------


def _refuse_repository(out: Path) -> None:
    for owned in (ROOT / "source", ROOT / "translations"):
        if out.resolve() == owned or out.resolve().is_relative_to(owned):
            raise SystemExit(f"corpus: refusing to write into {owned}")


def generate(out: Path, count: int, seed: int = 1) -> Corpus:
    """Write a corpus of ``count`` documents below ``out`` and return it."""
    if not 1 <= count <= 999:
        raise ValueError(f"count must be 1 to 999, not {count}")
    _refuse_repository(out)
    corpus = Corpus(out, tuple(document_id(i) for i in range(count)))
    corpus.source.mkdir(parents=True, exist_ok=True)
    for stale in corpus.source.glob("*.yaml"):
        stale.unlink()
    for index in range(count):
        (corpus.source / f"{document_id(index)}.yaml").write_text(dump(document_data(index, seed)), "utf-8")
    rng = random.Random(seed)
    titles = {lang: phrase(rng, lang, (2, 4)) for lang in LANGUAGES}
    manifest = {"handbook": HANDBOOK_ID, "title": titles, "languages": list(LANGUAGES),
                "documents": list(corpus.documents)}
    (corpus.source / MANIFEST_NAME).write_text(dump(manifest), "utf-8")
    write_catalogs(load(corpus), LANGUAGES)
    return corpus


def load(corpus: Corpus) -> Handbook:
    """The corpus through the pipeline's own loader (which validates it)."""
    return load_handbook(corpus.source, corpus.translations)


def untranslated(corpus: Corpus) -> int:
    """How many texts of the corpus some language would show untranslated."""
    handbook = load(corpus)
    missing = 0
    for lang in handbook.manifest.languages:
        for doc in handbook.documents:
            if doc.language != lang:
                catalog = read_catalog(catalog_path(handbook.translations, lang, doc.id))
                missing += len(translate(doc, lang, catalog).untranslated)
    return missing


def messages(corpus: Corpus) -> Iterator[int]:
    """The number of translatable texts of each document."""
    for doc in load(corpus).documents:
        yield sum(1 for _ in doc.messages())


def edit_sentence(corpus: Corpus, document: str, revision: int) -> str:
    """Change one sentence of ``document`` (its preamble's first one) as an
    author would; each ``revision`` gives a different text, 0 the original.
    Returns the id of the element edited."""
    path = corpus.source / f"{document}.yaml"
    data = yaml.safe_load(path.read_text("utf-8"))
    block = data["body"][0]
    first, dot, rest = block["text"].partition("." if data["language"] != "zh_CN" else "。")
    base = first.split(" ~")[0]
    block["text"] = f"{base} ~{revision}{dot}{rest}" if revision else f"{base}{dot}{rest}"
    path.write_text(dump(data), "utf-8")
    return str(block["paragraph"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Write a synthetic handbook (documents, manifest, complete catalogs) for the benchmarks.")
    parser.add_argument("-n", "--documents", type=int, default=20, metavar="N",
                        help="number of documents, 1 to 999 (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default: %(default)s)")
    parser.add_argument("--out", type=Path, help="output folder (default: build/bench/corpus-N)")
    args = parser.parse_args(argv)
    out = args.out or BENCH_DIR / f"corpus-{args.documents}"
    corpus = generate(out, args.documents, args.seed)
    texts = list(messages(corpus))
    print(f"corpus: {len(corpus.documents)} documents, {sum(texts)} texts, in {corpus.root}; "
          f"{untranslated(corpus)} untranslated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
