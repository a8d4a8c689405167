"""Hostile and careless queries to ``handbook explain``: each is refused with one
line and exit 2 (or answered), never a traceback, however it is handed over
(inline, in a file, on stdin).

Runs in-process from a copy of the fixture handbook whose point 'otwarcie-1ba'
carries a rule, as a director at the command line would.
"""

from __future__ import annotations

import io
import json
import string
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import mini_with_rule
from test_inputs import first_error, run

@pytest.fixture
def handbook(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = mini_with_rule(tmp_path / "handbook")
    monkeypatch.chdir(root)
    return root


@dataclass(frozen=True)
class Query:
    name: str
    query: str | bytes  # bytes: written to query.yaml and named by its path
    expected: str  # the first error line exactly, or its start when it ends in "…"
    status: int = 2
    options: tuple[str, ...] = ()


DIGITS = "1" * 5000
SHAPE_HELP = ("a class (balanced, pzbs-notrump, aeb-regular, semi-balanced, single-suiter, two-suiter, "
              "three-suiter) or four lengths longest first, adding to 13")

QUERIES = [
    # --- the text itself ---------------------------------------------------------------
    Query("not-utf8-in-a-file", b"\xff\xfe{auction: 1BA}", "handbook: error: query.yaml:1:1: file is not valid UTF-8"),
    Query("not-yaml", "{auction: [1BA", "handbook: error: QUERY:1:15: malformed YAML: …"),
    Query("lists-nested-900-deep", "{auction: 1BA, x: " + "[" * 900 + "]" * 900 + "}",
          "handbook: error: QUERY:1:82: nested more than 64 levels deep"),
    Query("lists-nested-900-deep-unclosed", "[" * 900, "handbook: error: QUERY:2:1: malformed YAML: …"),
    Query("mappings-nested-5000-deep", "{a: " * 5000, "handbook: error: QUERY:1:…"),
    Query("alias", "{auction: &a 1BA, meaning: {hcp: *a}}",
          "handbook: error: QUERY:1:34: alias '*a': aliases are not allowed in handbook files; write the text out"),
    Query("merge-key", "{auction: 1BA, meaning: {<<: {hcp: 12-14}}}",
          "handbook: error: QUERY: meaning.<<: unknown key…"),
    Query("two-documents", "auction: 1BA\n---\nauction: 1BA\n",
          "handbook: error: QUERY:3:1: a file holds one YAML document; remove the second '---'"),
    Query("empty", "", "handbook: error: QUERY:1:1: file is empty"),
    Query("over-the-size-limit", "{auction: 1BA}\n" + "# comment\n" * 7000,
          "handbook: error: QUERY:6554:1: query is larger than the limit of 64 KiB"),
    Query("two-hundred-thousand-earlier-calls",
          "{auction: 1BA, earlier: {" + ", ".join(f"{n}: {{natural: true}}" for n in range(1, 200_001)) + "}}",
          "handbook: error: QUERY:1:1: query is larger than the limit of 64 KiB"),
    # --- duplicate keys, in flow style as in block style ----------------------------------
    Query("duplicate-key-in-meaning", "{auction: 1BA, meaning: {hcp: 12-14, hcp: 15-17}}",
          "handbook: error: QUERY:1:38: duplicate key 'hcp' (first at line 1, column 26)"),
    Query("duplicate-key-in-a-block", "auction: 1BA\nauction: 2BA\n",
          "handbook: error: QUERY:2:1: duplicate key 'auction' (first at line 1, column 1)"),
    # --- digits: ASCII only, and no more than a count needs -----------------------------------
    Query("superscript-shape", "{auction: 1BA, meaning: {shape: '²²²²'}}",
          f"handbook: error: QUERY: meaning.shape: unknown shape '²²²²': {SHAPE_HELP}"),
    Query("superscript-two-suiter", "{auction: 1BA, meaning: {two-suiter: {min: ²-²}}}",
          "handbook: error: QUERY: meaning.two-suiter.min: lengths as 5-5 or 6-4, not '²-²'"),
    Query("arabic-indic-hcp", "{auction: 1BA, meaning: {hcp: ١٢-١٤}}",
          "handbook: error: QUERY: meaning.hcp: unknown range '١٢-١٤' (expected 5+, 4-5, -9 or 6)"),
    Query("five-thousand-digits", f"{{auction: 1BA, meaning: {{hcp: {DIGITS}}}}}",
          "handbook: error: QUERY: meaning.hcp: unknown range '11111111111111111111…' (expected 5+, 4-5, -9 or 6)"),
    # --- what no hand holds --------------------------------------------------------------
    Query("hcp-37", "{auction: 1BA, meaning: {hcp: 37}}", "", 0),
    Query("hcp-38", "{auction: 1BA, meaning: {hcp: 38+}}",
          "handbook: error: QUERY: meaning.hcp: a hand holds at most 37 HCP, not 38+"),
    Query("hcp-40", "{auction: 1BA, meaning: {hcp: 30-40}}",
          "handbook: error: QUERY: meaning.hcp: a hand holds at most 37 HCP, not 30-40"),
    Query("thirteen-hearts", "{auction: 1BA, meaning: {suits: {hearts: 13}}}", "", 0),
    Query("fourteen-hearts", "{auction: 1BA, meaning: {suits: {hearts: 14+}}}",
          "handbook: error: QUERY: meaning.suits.hearts: a suit has at most 13 cards, not 14+"),
    Query("major-of-fourteen", "{auction: 1BA, meaning: {major: 14}}",
          "handbook: error: QUERY: meaning.major: a suit has at most 13 cards, not 14"),
    Query("two-suiter-of-fourteen", "{auction: 1BA, meaning: {two-suiter: {min: 7-7}}}",
          "handbook: error: QUERY: meaning.two-suiter.min: two suits of 7 and 7 cards: a hand has 13"),
    Query("same-suit-twice", "{auction: 1BA, meaning: {suits: {hearts: 5+, ♥: 0-3}}}",
          "handbook: error: QUERY: meaning.suits.♥: the same suit as 'hearts'"),
    Query("natural-and-artificial-false", "{auction: 1BA, meaning: {natural: false, artificial: false}}",
          "handbook: error: QUERY: meaning.artificial: contradicts 'natural'"),
    Query("artificial-and-natural-false", "{auction: 1BA, meaning: {artificial: false, natural: false}}",
          "handbook: error: QUERY: meaning.artificial: contradicts 'natural'"),
    # --- earlier calls: only those written -------------------------------------------------
    Query("earlier-call-past-the-auction", "{auction: 1♣ 1♥ 1BA, earlier: {9: {natural: true}}}",
          "handbook: error: QUERY: earlier.9: call 9, but the auction has 3 calls"),
    Query("earlier-call-the-last", "{auction: 1BA, earlier: {1: {natural: true}}}", "", 0),
    Query("earlier-call-one-past", "{auction: 1BA, earlier: {2: {natural: true}}}",
          "handbook: error: QUERY: earlier.2: call 2, but the auction has 1 call"),
    Query("earlier-call-in-arabic-indic-digits", "{auction: 1BA, earlier: {١: {natural: true}}}",
          "handbook: error: QUERY: earlier.١: a call number from 1, as the auction is written"),
    Query("earlier-call-of-five-thousand-digits", f"auction: 1BA\nearlier:\n  ? {DIGITS}\n  : {{natural: true}}\n",
          "handbook: error: QUERY: earlier.111111…"),
    Query("earlier-call-zero", "{auction: 1BA, earlier: {0: {natural: true}}}",
          "handbook: error: QUERY: earlier.0: a call number from 1, as the auction is written"),
    # --- options: only what exists --------------------------------------------------------
    Query("lang-not-in-the-handbook", "{auction: 1BA}",
          "handbook: error: language 'de' is not in source/handbook.yaml (it has pl, en)", 2, ("--lang", "de")),
    Query("lang-as-path", "{auction: 1BA}",
          "handbook: error: language '../../../../etc' is not in source/handbook.yaml (it has pl, en)",
          2, ("--lang", "../../../../etc")),
    Query("lang-with-space", "{auction: 1BA}",
          "handbook: error: language 'x y' is not in source/handbook.yaml (it has pl, en)", 2, ("--lang", "x y")),
    Query("lang-of-the-handbook", "{auction: 1BA}", "", 0, ("--lang", "en")),
    Query("question-unknown", "{auction: 1BA}",
          "handbook: error: --question 'nope' is not a question of mini-rules (alert, brown-sticker, colour, "
          "convention, front-of-card, hum, meets, natural, permitted, position, random-opening, response, shows)",
          2, ("--question", "nope")),
    Query("question-known", "{auction: 1BA}", "", 0, ("--question", "alert")),
]


def ask(case: Query, root: Path) -> int | str | None:
    query = case.query
    if isinstance(query, bytes):
        (root / "query.yaml").write_bytes(query)
        query = "query.yaml"
    return run(("explain", "mini-rules", query, *case.options))


@pytest.mark.parametrize("case", QUERIES, ids=[case.name for case in QUERIES])
def test_a_bad_query_gets_one_line_and_exit_2(case: Query, handbook: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = ask(case, handbook)
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert status == case.status, err
    if case.expected.endswith("…"):
        assert first_error(err).startswith(case.expected[:-1]), err
    else:
        assert first_error(err) == case.expected, err
    if case.status == 2:
        assert err.count("\n") == 1, err


def test_the_names_are_unique() -> None:
    assert len({case.name for case in QUERIES}) == len(QUERIES)


@pytest.mark.parametrize("text", [b"\xff\xfe{auction: 1BA}", b"{auction: 1BA, meaning: {shape: '\xc2\xb2'}}"])
def test_stdin_is_read_as_a_file_is(text: bytes, handbook: Path, monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text)))
    assert run(("explain", "mini-rules", "-")) == 2
    assert first_error(capsys.readouterr().err).startswith("handbook: error: QUERY")


def _one_of(*values: object) -> st.SearchStrategy[object]:
    return st.sampled_from(values)


#: A meaning's keys, each with values good and bad for it (digits that are no
#: ASCII digits, counts no hand has), a few keys at a time: the first bad one
#: ends the reading.
_COUNTS = _one_of("5+", "13", "14+", "²", "١٢", "1" * 5000, 38)
_ENTRIES = st.one_of(
    st.tuples(st.just("hcp"), _one_of("12-14", "37", "38+", "²", "١٢-١٤", "1" * 5000, "30-40", True)),
    st.tuples(st.just("shape"), _one_of("balanced", "²²²²", "5m422", "4333", ["²"], [])),
    st.tuples(st.just("two-suiter"), st.dictionaries(_one_of("min", "suits", "x"),
                                                     _one_of("5-5", "²-²", "7-7", "1-1-1", ["♥"]), max_size=2)),
    st.tuples(st.just("suits"), st.dictionaries(_one_of("hearts", "♥", "x"), _COUNTS, max_size=2)),
    st.tuples(_one_of("major", "unbid-suits"), _COUNTS),
    st.tuples(_one_of("natural", "artificial", "to-play"), _one_of(True, False, "x")),
    st.tuples(_one_of("forcing", "convention", "partner-must-bid"), _one_of("forcing", "stayman", "♥", [], "")),
)
_MEANINGS = st.lists(_ENTRIES, max_size=3).map(dict) | _one_of("hcp", None, [])
_QUERIES = st.fixed_dictionaries(
    {"auction": st.sampled_from(["1BA", "1♣ 1♥ 1BA", "1BA 1BA", "[1♣] 2BA", "?"])},
    optional={"meaning": _MEANINGS, "earlier": st.dictionaries(st.integers(-1, 5), _MEANINGS, max_size=2),
              "screens": _one_of(True, False, "yes"), "view": _one_of("table", "partnership", "x")},
).map(lambda query: json.dumps(query, ensure_ascii=False))  # JSON is YAML's flow style
#: And texts that are hardly YAML at all.
_PIECES = st.sampled_from(["auction", "meaning", "earlier", "hcp", "1BA", "&a", "*a", "<<", "!!python/object:x",
                           "{", "}", "[", "]", ",", ":", "'", '"', "-", "?", " ", "\n"]) | st.text(
    alphabet=string.printable + "²♥١", max_size=4)
_TEXTS = st.one_of(_QUERIES, _QUERIES, _QUERIES, st.lists(_PIECES, max_size=30).map("".join))


@pytest.fixture(scope="module")
def ruled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return mini_with_rule(tmp_path_factory.mktemp("fuzz") / "handbook")


@settings(max_examples=150)
@given(text=_TEXTS)
def test_any_query_is_answered_or_refused_never_a_traceback(ruled: Path, text: str) -> None:
    for options in ((), ("--json",)):
        out, err = io.StringIO(), io.StringIO()
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr("sys.stdout", out)
            patch.setattr("sys.stderr", err)
            patch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf-8", "surrogatepass"))))
            status = run(("explain", "--source", str(ruled / "source"), "--translations",
                          str(ruled / "translations"), *options, "--", "mini-rules", text))
        assert status in (0, 1, 2), err.getvalue()
        assert "Traceback" not in err.getvalue()
        if status == 2:
            assert err.getvalue().count("\n") == 1, err.getvalue()
        if options and status in (0, 1):
            json.loads(out.getvalue()), err.getvalue()
