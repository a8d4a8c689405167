"""The Ask page's side of the engine (build_tools/rules/ask.py): what it answers
is what ``handbook explain --json`` and ``handbook card check --json`` print,
because both go through it; the page hands it JSON text and gets JSON text."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

from build_tools.cli import main
from build_tools.commands.explain import rulebook
from build_tools.loader import MANIFEST_NAME, load_manifest
from build_tools.rules.ask import AskError, Desk, ask
from build_tools.rules.rulebook import Rulebook

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = load_manifest(ROOT / "source" / MANIFEST_NAME)


@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A build folder whose cache holds every document's rulebook."""
    folder = tmp_path_factory.mktemp("ask-build")
    for document in MANIFEST.documents:
        assert isinstance(rulebook(ROOT / "source", ROOT / "translations", folder, document), Rulebook)
    return folder


@pytest.fixture(scope="module")
def desk(build: Path) -> Desk:
    """The page's desk, having read every rulebook as the page reads them: their JSON text."""
    found = Desk()
    for path in sorted((build / "cache" / "rulebook").glob("*.json")):
        found.read(path.read_text(encoding="utf-8"))
    assert sorted(found.books) == sorted(MANIFEST.documents)
    return found


def run(build: Path, *args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([*args, "--build-dir", str(build)])
    return code, out.getvalue(), err.getvalue()


QUERIES = [
    ("pzbs-alert-rules", {"auction": "1BA", "meaning": {"natural": True, "hcp": "12-14", "shape": "balanced"}}),
    ("pzbs-alert-rules", {"auction": "1BA"}),  # depends on the meaning
    ("aeb-bidding-systems", {"auction": "1SA 2♦", "meaning": {"convention": "transfer", "suits": {"hearts": "5+"}}}),
    ("cba-bidding-systems", {"auction": "1♥", "event": "2", "stage": "knockout"}),
    ("bws-competitive-bidding", {"auction": "1♥ (1♠)", "view": "partnership"}),
    ("russian-system-notes", {"auction": "1ч 2ч 4БК", "hand": "п Т76 ч ТК9754 б 8 т В98"}),
]


@pytest.mark.parametrize(("document", "query"), QUERIES)
def test_the_desk_answers_what_explain_prints(desk: Desk, build: Path, document: str, query: dict[str, Any]) -> None:
    code, out, err = run(build, "explain", document, json.dumps(query, ensure_ascii=False), "--json")
    assert code in (0, 1), err
    assert json.loads(desk.ask(document, json.dumps(query))) == {"answer": json.loads(out)}


@pytest.mark.parametrize(("document", "query"), [
    ("pzbs-alert-rules", {"auction": "1NT"}),               # not Polish notation
    ("pzbs-alert-rules", {"auction": "1BA", "meening": {}}),  # not a query key
    ("pzbs-alert-rules", {"auction": "1BA 1♠"}),           # not a legal auction
])
def test_a_query_refused_is_refused_in_explains_words(desk: Desk, build: Path, document: str,
                                                      query: dict[str, Any]) -> None:
    code, _, err = run(build, "explain", document, json.dumps(query, ensure_ascii=False), "--json")
    assert code == 2
    found = json.loads(desk.ask(document, json.dumps(query)))
    assert err == f"handbook: error: {found['error']}\n"


def test_an_auction_is_read_in_the_readers_notation_then_the_universal_one(desk: Desk) -> None:
    book = desk.books["pzbs-alert-rules"]
    polish = ask(book, {"auction": "[1♣] 1BA"}, notations=("pl",))
    # An English reader types 1NT and the opponents' call in round brackets;
    # a Polish reader may type the universal notation too.
    assert ask(book, {"auction": "(1♣) 1NT"}, notations=("en",)) == polish
    assert ask(book, {"auction": "(1♣) 1NT"}, notations=("pl", "en")) == polish
    with pytest.raises(AskError, match=r"^QUERY: auction '\(1♣\) 1NT': "):
        ask(book, {"auction": "(1♣) 1NT"}, notations=("pl",))
    # The error of the first notation tried is the one told.
    with pytest.raises(AskError, match="'1X'"):
        ask(book, {"auction": "1X"}, notations=("pl", "en"))


def test_compare_asks_every_document_with_rules(desk: Desk) -> None:
    query = {"auction": "2♦", "meaning": {"suits": {"hearts": "6+"}, "hcp": "5-10", "strength": "weak"}}
    found = json.loads(desk.compare(json.dumps(query), "en"))
    with_rules = [d for d in MANIFEST.documents if desk.books[d].rules]
    assert list(found) == [d for d in desk.books if d in with_rules] and "laws-1987-contents" not in found
    for document, answer in found.items():
        assert answer == json.loads(desk.ask(document, json.dumps(query), "en"))
    # PZBS alerts a weak two in hearts in its own notation, asked in the universal one.
    assert found["pzbs-alert-rules"]["answer"]["verdicts"]["alert"]["value"] == "yes"


@pytest.mark.parametrize("card", sorted(p.name for p in (ROOT / "source" / "cards").glob("*.yaml")))
def test_a_card_is_reported_as_card_check_reports_it(desk: Desk, build: Path, card: str) -> None:
    from build_tools.cards import read_card

    path = ROOT / "source" / "cards" / card
    _, data = read_card(path)
    for event, stage in (("", ""), ("2", "knockout")):
        code, out, err = run(build, "card", "check", str(path), "--json",
                             *(["--event", event, "--stage", stage] if event else []))
        assert code in (0, 1), err
        report = json.loads(out)
        found = json.loads(desk.card(json.dumps(data), event, stage))
        assert found == {"card": report["card"], "documents": report["documents"]}


def test_a_bad_card_is_one_line(desk: Desk) -> None:
    found = json.loads(desk.card(json.dumps({"card": "c", "openings": [{"auction": "1NT", "meening": {}}]})))
    assert found == {"error": "card openings.0.meening: unknown key (did you mean 'meaning'?)"}


def test_explain_says_why_in_the_rules_own_terms_when_a_verdict_has_no_reasons_in_words(
        build: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A verdict gives reasons in words for each predicate that decided; one
    # whose condition names no predicate gives none, and its 'because' is then
    # the rules' own terms, never left out.
    from build_tools.commands.explain import _print_verdict

    query = '{"auction": "1♣ 1♥", "meaning": {"suits": {"hearts": "4+"}}, "view": "partnership"}'
    assert main(["explain", "aeb-bidding-systems", query, "--question", "natural", "--json", "--build-dir",
                 str(build)]) == 0
    found = json.loads(capsys.readouterr().out)["verdicts"]["natural"]
    book = rulebook(ROOT / "source", ROOT / "translations", build, "aeb-bidding-systems")
    assert isinstance(book, Rulebook)
    _print_verdict("natural", found, book, "en")
    words = capsys.readouterr().out.splitlines()
    _print_verdict("natural", {**found, "reasons": []}, book, "en")
    terms = capsys.readouterr().out.splitlines()
    assert words[1] == ("  because: the bid is in a suit; it is not so that the bid is in a suit partner has shown; "
                        "the call responds to partner's opening; the meaning promises 4+ cards in the suit bid")
    assert terms[1] == ("  because: in suit and not in partner's suit and (response or an advance of a suit "
                        "overcall); (4+ cards in the suit named or nothing said of the suit named and meaning "
                        "{natural: true})")
    assert [words[0], *words[2:]] == [terms[0], *terms[2:]] == [
        "natural: yes  (respuesta-o-intervencion)",
        f"  respuesta-o-intervencion: {book.text('respuesta-o-intervencion', 'en')}"]
