"""The loader: every kind of bad input is one line naming file, line, column and
reason, and the exit status says so; good input becomes the typed model."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from build_tools.cli import main
from build_tools.diagnostics import DiagnosticError
from build_tools.document import Definition, Example, Paragraph, PointList, Section, Table
from build_tools.loader import load_document, load_manifest
from conftest import FIXTURES, run_handbook

GOOD = """\
schema: 1
document: doc
title: Tytuł
issuer: PZBS
language: pl
kind: regulation
body:
  - paragraph: first
    text: Tekst.
  - section: openings
    number: "1."
    title: Otwarcia
    body:
      - list: points
        items:
          - point: one
            number: "1."
            text: Jeden
"""


def write(tmp_path: Path, text: str, name: str = "doc.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def errors_of(path: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    status = main(["validate", str(path)])
    err = capsys.readouterr().err
    assert status == 1
    return [line for line in err.splitlines() if not line.startswith("handbook: ")]


def test_good_document_loads_into_the_model(tmp_path: Path) -> None:
    doc = load_document(write(tmp_path, GOOD))
    assert (doc.id, doc.title, doc.language, doc.kind) == ("doc", "Tytuł", "pl", "regulation")
    paragraph, section = doc.body
    assert isinstance(paragraph, Paragraph) and paragraph.pos.line == 8
    assert isinstance(section, Section) and section.number == "1."
    points = section.body[0]
    assert isinstance(points, PointList)
    assert points.items[0].number == "1." and points.items[0].pos.line == 16
    assert list(doc.ids()) == ["doc", "first", "openings", "points", "one"]


@pytest.mark.parametrize(
    ("change", "line", "column", "reason"),
    [
        (("    text: Tekst.", "    text: Tekst.\n    titel: x"), 10, 5, "unknown key 'titel' in paragraph 'first'"),
        (("  - section: openings", "  - section: first"), 10, 14, "duplicate id 'first' (first used at line 8)"),
        (("    text: Tekst.", "\ttext: Tekst."), 9, 1, "tab character in indentation: YAML indents with spaces only"),
        (("title: Tytuł", "title: [Tytuł"), 4, 7, "malformed YAML: expected ',' or ']', but got ':'"),
        (("    title: Otwarcia", "    titel: Otwarcia"), 12, 5, "unknown key 'titel' in section 'openings' (did you mean 'title'?)"),
        (("    title: Otwarcia", "    title: [Otwarcia]"), 12, 12, "'title' of section 'openings' must be text, not a list"),
        (("            text: Jeden", "            text: yes"), 18, 19, "'text' of point 'one' must be text, not a boolean"),
        (("    text: Tekst.", "    text:"), 9, 10, "'text' of paragraph 'first' must be text, not empty"),
        (("  - paragraph: first\n    text: Tekst.\n", "  - paragraph: first\n"), 8, 5, "paragraph 'first' has no 'text'"),
        (("paragraph: first", "paragraph: First_1"), 8, 16, "invalid id 'First_1'"),
        (("paragraph: first", "paragraph:"), 8, 15, "paragraph has no id after 'paragraph:'"),
        (("          - point: one\n            number", "          - number"), 16, 13, "point has no id (add 'point: some-id')"),
        (("language: pl", "language: polish"), 5, 11, "'language' of document 'doc' must be one of en, pl, ru, es, sv, zh_CN, de, not 'polish'"),
        (("schema: 1", "schema: 2"), 1, 9, "'schema' of document 'doc' must be 1, not '2'"),
        (("  - paragraph: first", "  - paragraf: first"), 8, 5, "a block needs exactly one of section, paragraph, list, definition, example"),
        (("kind: regulation", "kind: regulation\nkind: regulation"), 7, 1, "duplicate key 'kind' in document 'doc' (first at line 6)"),
        (("document: doc", "document: other"), 1, 1, "document id 'other' differs from the file name 'doc.yaml'"),
    ],
)
def test_each_bad_input_is_one_line_with_its_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
    change: tuple[str, str], line: int, column: int, reason: str,
) -> None:
    old, new = change
    assert old in GOOD
    path = write(tmp_path, GOOD.replace(old, new, 1))
    lines = errors_of(path, capsys)
    assert len(lines) == 1, lines
    match = re.fullmatch(r"(.+):(\d+):(\d+): error: (.+)", lines[0])
    assert match, lines[0]
    assert Path(match.group(1)).name == "doc.yaml"
    assert (int(match.group(2)), int(match.group(3))) == (line, column), lines[0]
    assert match.group(4).startswith(reason), lines[0]


def test_every_problem_of_a_file_is_reported_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = GOOD.replace("    text: Tekst.", "    text: Tekst.\n    titel: x").replace("issuer: PZBS", "issuer: [PZBS]")
    lines = errors_of(write(tmp_path, text), capsys)
    assert [l.split(": error: ")[1].split(" (")[0] for l in lines] == [
        "'issuer' of document 'doc' must be text, not a list",
        "unknown key 'titel' in paragraph 'first'",
    ]


def test_unreadable_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = write(tmp_path, "", "empty.yaml")
    assert errors_of(empty, capsys) == [f"{empty}:1:1: error: file is empty"]
    latin = tmp_path / "latin.yaml"
    latin.write_bytes("schema: 1\ntitle: Zaż\n".encode("cp1250"))
    assert errors_of(latin, capsys) == [f"{latin}:2:10: error: file is not valid UTF-8"]
    two = write(tmp_path, GOOD + "---\na: 1\n", "two.yaml")
    assert errors_of(two, capsys)[0].endswith("a file holds one YAML document; remove the second '---'")
    missing = tmp_path / "missing.yaml"
    assert errors_of(missing, capsys)[0].startswith(f"{missing}: error: cannot read file")


def test_a_user_sees_no_traceback(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("    text: Tekst.", "\ttext: Tekst."))
    result = run_handbook("validate", str(path))
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.strip() == f"{path}:9:1: error: tab character in indentation: YAML indents with spaces only"


def test_all_block_kinds_of_the_fixture() -> None:
    doc = load_document(FIXTURES / "mini" / "source" / "mini-rules.yaml")
    section = doc.body[1]
    assert isinstance(section, Section)
    kinds = [type(b) for b in section.body]
    assert kinds == [PointList, Definition, Example, Example, Table, Paragraph]
    example = section.body[2]
    assert isinstance(example, Example) and example.auction == "1♦ (1♥) 1♠"
    with_hand = section.body[3]
    assert isinstance(with_hand, Example) and [h.seat for h in with_hand.hands] == ["S"]


def test_manifest_errors_name_their_place(tmp_path: Path) -> None:
    (tmp_path / "handbook.yaml").write_text(
        "handbook: h\ntitle: {pl: T}\nlanguages: [pl, xx]\ndocuments: [nope]\n", encoding="utf-8"
    )
    with pytest.raises(DiagnosticError) as info:
        load_manifest(tmp_path / "handbook.yaml")
    messages = [(d.line, d.column, d.message) for d in info.value.diagnostics]
    assert messages == [
        (3, 17, "unknown language 'xx' (a language code such as pl, de or zh_CN)"),
        (4, 13, "document 'nope' has no file nope.yaml beside the manifest"),
    ]


DIAGRAMS = """\
schema: 1
document: doc
title: Заметки
language: ru
kind: convention-description
body:
  - example: deal
    number: "1)"
    auction: "1ч 1п 2ч 2БК ?"
    view: partnership
    notes:
      - call: 4
        text: "вопрос"
    hands:
      - seat: W
        label: West
        cards: "п Т76 ч ТК9754 б 8 т В98"
  - table: answers
    header: [Заявка, Значение]
    rows:
      - ["3т", "синглет т"]
      - ["3б", ""]
  - paragraph: variant
    text: "См. [ответы](#answers), рука {hand}`п Т93 ч К10873 б Д32 т 87`."
    default: true
    leaves: ["иначе"]
"""


def test_diagrams_tables_and_variants_load_into_the_model(tmp_path: Path) -> None:
    from build_tools.document import Table

    doc = load_document(write(tmp_path, DIAGRAMS))
    example, table, paragraph = doc.body
    assert isinstance(example, Example) and example.view == "partnership" and example.number == "1)"
    assert [(n.call, n.text) for n in example.notes] == [(4, "вопрос")]
    assert [(h.seat, h.label, h.pos.line) for h in example.hands] == [("W", "West", 17)]
    assert isinstance(table, Table) and table.rows == (("3т", "синглет т"), ("3б", ""))
    assert isinstance(paragraph, Paragraph) and paragraph.default and paragraph.leaves == ("иначе",)
    assert doc.issuer == ""  # optional: the notes name no author
    from build_tools.document import cell_context

    contexts = [m.context for m in doc.messages()]
    # Cells are keyed by their text, the empty cell is no text; the label is one.
    assert contexts == ["doc", "deal.label1", "deal.note1", *(cell_context("answers", text) for text in (
                        "Заявка", "Значение", "3т", "синглет т", "3б")), "variant", "variant.leaf1"]


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        # A hand of 12 cards: the model names what is wrong, at the cards' line.
        ('cards: "п Т76 ч ТК9754 б 8 т В98"', 'cards: "п Т76 ч ТК975 б 8 т В98"',
         r"doc\.yaml:17:16: error: example 'deal': hand 'A76\.AK975\.8\.J98' has 12 cards, not 13 "
         r"\(Law 6B; rectification Law 13; Laws of Duplicate Bridge 2017\)"),
        # An insufficient bid in the auction, at the auction's line and column.
        ('auction: "1ч 1п 2ч 2БК ?"', 'auction: "1ч 1п 2ч 1БК ?"',
         r"doc\.yaml:9:14: error: example 'deal': illegal call '1NT' at 7: insufficient bid .*\(Law 18D; rectification Law 27; "
         r"Laws of Duplicate Bridge 2017\)"),
        # An auction inside a sentence, pointed at within the line.
        ("{hand}`п Т93 ч К10873 б Д32 т 87`", "{auction}`1т 1т`",
         r"doc\.yaml:24:51: error: auction '1т 1т': illegal call '1C' at 3: insufficient bid after '1C' "
         r"\(Law 18D; rectification Law 27; Laws of Duplicate Bridge 2017\)"),
        ("[ответы](#answers)", "[ответы](#answer)",
         r"doc\.yaml:23:5: error: reference to unknown id 'answer' in 'doc' \(did you mean 'answers'\?\)"),
        ("      - call: 4", "      - call: 6",
         r"doc\.yaml:12:9: error: example 'deal': note on call 6, but the auction has 5 calls"),
        ('      - ["3б", ""]', '      - ["3б"]',
         r"doc\.yaml:22:9: error: table 'answers': a row of 1 cells, expected 2"),
        ("    view: partnership", "    view: partnership\n    dealer: S",
         r"doc\.yaml:11:13: error: example 'deal': a dealer belongs to the table view, not the partnership view"),
        ("    default: true", "    default: yes please",
         r"doc\.yaml:25:14: error: 'default' of paragraph 'variant' must be true or false, not 'yes please'"),
    ],
)
def test_diagram_errors_name_their_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, expected: str
) -> None:
    assert old in DIAGRAMS
    errors = errors_of(write(tmp_path, DIAGRAMS.replace(old, new)), capsys)
    assert len(errors) == 1, errors
    assert re.fullmatch(expected, errors[0].removeprefix(str(tmp_path) + "/")), errors[0]


def test_a_section_cannot_stand_inside_a_point(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = GOOD + "            body:\n              - section: inner\n                title: T\n                body: []\n"
    errors = errors_of(write(tmp_path, text), capsys)
    assert [e.split(": error: ")[1] for e in errors] == ["point 'one': a section cannot stand inside a point"]


def test_diagnostics_cross_process_boundaries_whole() -> None:
    # Languages render in worker processes; their errors come back pickled.
    import pickle

    from build_tools.diagnostics import Diagnostic

    error = DiagnosticError([Diagnostic("a.po", 3, 0, "catalog syntax"), Diagnostic("b.yaml", 1, 2, "x")])
    again = pickle.loads(pickle.dumps(error))
    assert isinstance(again, DiagnosticError) and again.diagnostics == error.diagnostics
