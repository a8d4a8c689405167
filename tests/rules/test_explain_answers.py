"""``handbook explain`` answers every recorded query as it did when the answers
were recorded (tests/fixtures/explain/record.py, one file a document: every
example's query of every document, bare auctions for "depends", each document
in every language): the
answers are the data the site's Ask page shows, so a change of the code that
reads or compiles the rules must leave them byte for byte as they were. A
verdict meant to change is recorded again, and the diff read."""

from __future__ import annotations

import contextlib
import functools
import io
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from build_tools.cli import main

ROOT = Path(__file__).resolve().parents[2]
# One file a document (tests/fixtures/explain/answers/), each under the repository's 2 MiB a file.
RECORDED: list[dict[str, Any]] = [entry for path in sorted((ROOT / "tests/fixtures/explain/answers").glob("*.json"))
                                  for entry in json.loads(path.read_text(encoding="utf-8"))]
BY_DOCUMENT: dict[str, list[dict[str, Any]]] = defaultdict(list)
for _entry in RECORDED:
    BY_DOCUMENT[_entry["args"][0]].append(_entry)


def ask(args: list[str], build: Path) -> dict[str, Any]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["explain", *args, "--build-dir", str(build)])
    return {"args": args, "exit": code, "stdout": out.getvalue(), "stderr": err.getvalue()}


def test_the_recording_covers_every_document_and_question() -> None:
    documents = {p.stem for p in (ROOT / "source").glob("*.yaml") if p.stem != "handbook"}
    assert set(BY_DOCUMENT) == documents
    asked = {(e["args"][0], q) for e in RECORDED if e["exit"] in (0, 1) and e["stdout"].startswith("{")
             for q in json.loads(e["stdout"])["verdicts"]}
    # Each document's questions, as its rules name them: every one answered somewhere.
    for document, question in [("pzbs-alert-rules", "alert"), ("aeb-bidding-systems", "natural"),
                               ("aeb-bidding-systems", "convention"), ("cba-bidding-systems", "brown-sticker"),
                               ("cba-bidding-systems", "permitted"), ("bws-competitive-bidding", "position"),
                               ("russian-system-notes", "response")]:
        assert (document, question) in asked


@pytest.mark.parametrize("document", sorted(BY_DOCUMENT))
def test_explain_answers_as_recorded(document: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import build_tools.rulebooks

    # The digest of the inputs a query finds its rulebook by, worked out once:
    # they do not change while the test runs (a quarter of its time was this).
    monkeypatch.setattr(build_tools.rulebooks, "rulebook_key", functools.cache(build_tools.rulebooks.rulebook_key))
    changed = []
    for entry in BY_DOCUMENT[document]:
        # The first query compiles the document's rulebook into the build
        # folder's cache; the others read it there.
        now = ask(entry["args"], tmp_path)
        if now != entry:
            changed.append(f"{entry['args']}:\n  recorded {entry}\n  now      {now}")
    assert not changed, f"{len(changed)} answers changed:\n" + "\n".join(changed[:5])
