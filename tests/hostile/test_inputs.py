"""Hostile and careless input: a table of bad documents, manifests, notation and
options, each answered by one located line (file:line:col: error: reason) and
never by a traceback.

Each case edits one file of a copy of the fixture handbook (replacing a piece
of its text, or the whole file) and runs one command in-process, from the
copy's folder, as a user at the command line would.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from build_tools.cli import main
from conftest import FIXTURES, ROOT

DOC = "source/mini-rules.yaml"
MANIFEST = "source/handbook.yaml"

# Lines of the fixture that the cases edit (tests/fixtures/mini/source/mini-rules.yaml).
NUMBER_1 = 'number: "1."\n            text: "1BA'
SCHEMA = "schema: 1\n"
NOTE_CALL = "call: 3"
PRECISION = "text: 2♣ – precision"
EXAMPLE_TEXT = "text: Odpowiedź nowym kolorem po wejściu."
DIGITS = "1" * 5000


def rule(name: str, written: str, expected: str) -> Case:
    """A case with a rule written on the point 'otwarcie-2-trefl' (line 28)."""
    return doc(name, PRECISION, f"{PRECISION}\n            rule: {written}", expected)


def asked(name: str, written: str, expected: str) -> Case:
    """A case where the example 'przyklad-1' (auction 1♦ (1♥) 1♠) states a
    query (its line 33) and expects an alert."""
    return doc(name, EXAMPLE_TEXT, f"{written}\n        expect: {{alert: 'yes'}}\n        {EXAMPLE_TEXT}", expected)


def nested_points(depth: int) -> str:
    """A list whose points nest ``depth`` deep, each in the one before."""
    lines = ["  - list: deep", "    items:"]
    indent = "      "
    for level in range(1, depth + 1):
        lines += [f"{indent}- point: p{level}", f"{indent}  text: level {level}", f"{indent}  items:"]
        indent += "    "
    lines[-1] = lines[-1].replace("  items:", "  number: x")
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Case:
    name: str
    file: str  # the file edited, relative to the handbook folder ("" for none)
    old: str  # the text replaced ("" to replace the whole file)
    new: str | bytes
    args: tuple[str, ...]
    expected: str  # the first line on stderr, exactly


def doc(name: str, old: str, new: str | bytes, expected: str) -> Case:
    return Case(name, DOC, old, new, ("validate", DOC), expected)


def manifest(name: str, old: str, new: str, expected: str) -> Case:
    return Case(name, MANIFEST, old, new, ("validate",), expected)


def option(name: str, args: tuple[str, ...], expected: str) -> Case:
    return Case(name, "", "", "", args, expected)


CASES = [
    # --- documents: content that would reach MyST, HTML or LaTeX as markup ----
    doc("number-with-raw-html-fence", NUMBER_1,
        'number: "1.\\n```{raw} html\\n<script>alert(1)</script>\\n```"\n            text: "1BA',
        "source/mini-rules.yaml:18:21: error: 'number' of point 'otwarcie-1ba' must be one line, "
        "without control characters (found U+000A)"),
    doc("number-with-raw-latex-fence", NUMBER_1,
        'number: "1.\\n```{raw} latex\\n\\\\input{/etc/hostname}\\n```"\n            text: "1BA',
        "source/mini-rules.yaml:18:21: error: 'number' of point 'otwarcie-1ba' must be one line, "
        "without control characters (found U+000A)"),
    doc("page-with-line-break", NUMBER_1, 'number: "1."\n            page: "4\\r2"\n            text: "1BA',
        "source/mini-rules.yaml:19:19: error: 'page' of point 'otwarcie-1ba' must be one line, "
        "without control characters (found U+000D)"),
    doc("example-number-with-tab", 'number: "2)"', 'number: "2)\\t"',
        "source/mini-rules.yaml:35:17: error: 'number' of example 'przyklad-2' must be one line, "
        "without control characters (found U+0009)"),
    doc("hand-label-with-line-break", "- seat: S", '- seat: S\n            label: "N\\n```{raw} html"',
        "source/mini-rules.yaml:43:20: error: 'label' of a hand of example 'przyklad-2' must be one line, "
        "without control characters (found U+000A)"),
    doc("escaped-nul-in-text", "text: Odpowiedź nowym kolorem po wejściu.",
        'text: "\\0Odpowiedź nowym kolorem po wejściu."',
        "source/mini-rules.yaml:33:15: error: 'text' of example 'przyklad-1' holds a control character (U+0000)"),
    doc("escaped-escape-in-title", "title: Zasady próbne", 'title: "Zasady \\e[31m"',
        "source/mini-rules.yaml:3:8: error: 'title' of document 'mini-rules' holds a control character (U+001B)"),
    # --- documents: characters YAML refuses -----------------------------------
    doc("raw-nul-byte", "title: Zasady próbne", "title: Zasady\x00 próbne",
        "source/mini-rules.yaml:3:14: error: character U+0000 is not allowed in YAML"),
    doc("raw-escape-byte", "issuer: Związek", "issuer: Zwi\x1bązek",
        "source/mini-rules.yaml:4:12: error: character U+001B is not allowed in YAML"),
    doc("invalid-utf8", "title: Zasady próbne", b"title: Zasady pr\xf3bne",
        "source/mini-rules.yaml:3:17: error: file is not valid UTF-8"),
    doc("tab-indentation", "  - paragraph: wstep\n    text:", "  - paragraph: wstep\n\ttext:",
        "source/mini-rules.yaml:10:1: error: tab character in indentation: YAML indents with spaces only"),
    doc("unclosed-quote", 'text: "1BA – 14-18:"', 'text: "1BA – 14-18:',
        # The quoted text runs on to the next quote, four lines down, where YAML sees the damage.
        "source/mini-rules.yaml:24:24: error: malformed YAML: expected <block end>, but found '<scalar>' "
        "(while parsing a block mapping)"),
    doc("second-yaml-document", SCHEMA, "schema: 1\n---\nschema: 1\n",
        "source/mini-rules.yaml:3:1: error: a file holds one YAML document; remove the second '---'"),
    doc("empty-file", "", "# nothing here\n", "source/mini-rules.yaml:1:1: error: file is empty"),
    doc("list-at-top", "", "- schema: 1\n", "source/mini-rules.yaml:1:1: error: document must be a mapping, not a list"),
    # --- documents: resource bounds --------------------------------------------
    doc("alias-bomb", "", "".join(
        [f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 9) if n else 'lol'}]\n" for n in range(9)]),
        "source/mini-rules.yaml:2:10: error: alias '*a0': aliases are not allowed in handbook files; "
        "write the text out"),
    doc("recursive-alias", "title: Zasady próbne", "title: &t [*t]",
        "source/mini-rules.yaml:3:12: error: alias '*t': aliases are not allowed in handbook files; "
        "write the text out"),
    doc("merge-key", "issuer: Związek Brydżowy Żółwi", "issuer: &i Związek\nx:\n  <<: *i",
        "source/mini-rules.yaml:6:7: error: alias '*i': aliases are not allowed in handbook files; "
        "write the text out"),
    doc("points-nested-seven-deep", "  - paragraph: wstep\n", nested_points(7) + "  - paragraph: wstep\n",
        # The seventh point: line 9 + 2 + 6 * 3, indented 6 + 6 * 4 columns, past "- ".
        "source/mini-rules.yaml:29:33: error: points, examples, definitions and alternatives nested more than 6 deep "
        "(the deepest a printed list can go)"),
    doc("points-nested-two-hundred-deep", "  - paragraph: wstep\n", nested_points(200) + "  - paragraph: wstep\n",
        # YAML's own bound comes first: 64 levels of lists and mappings, 31 points down.
        "source/mini-rules.yaml:101:129: error: nested more than 64 levels deep"),
    doc("yaml-nested-seventy-deep", "title: Zasady próbne", "title: " + "[" * 70 + "]" * 70,
        "source/mini-rules.yaml:3:71: error: nested more than 64 levels deep"),
    doc("yaml-nested-ten-thousand-deep", "title: Zasady próbne", "title: " + "[" * 10000 + "]" * 10000,
        "source/mini-rules.yaml:3:1007: error: malformed YAML: exceeded maximum nesting depth "
        "(while increasing flow level)"),
    doc("file-over-the-size-limit", "  - paragraph: wstep\n",
        "".join(f"  - paragraph: p{n}\n    text: {'x' * 2000}\n" for n in range(1100)) + "  - paragraph: wstep\n",
        "source/mini-rules.yaml:2074:1: error: file is larger than the limit of 2 MiB: split the document"),
    # --- documents: values of the wrong kind ------------------------------------
    doc("schema-in-hex", SCHEMA, "schema: 0x1\n", "source/mini-rules.yaml:1:9: error: 'schema' of document 'mini-rules' must be 1, not '0x1'"),
    doc("schema-as-text", SCHEMA, 'schema: "1"\n', "source/mini-rules.yaml:1:9: error: 'schema' of document 'mini-rules' must be 1, not '1'"),
    doc("call-in-binary", NOTE_CALL, "call: 0b10",
        "source/mini-rules.yaml:39:19: error: 'call' of a note of example 'przyklad-2' must be a whole number from 1, "
        "not '0b10'"),
    doc("call-with-underscore", NOTE_CALL, "call: 1_0",
        "source/mini-rules.yaml:39:19: error: 'call' of a note of example 'przyklad-2' must be a whole number from 1, "
        "not '1_0'"),
    doc("call-zero", NOTE_CALL, "call: 0",
        "source/mini-rules.yaml:39:19: error: 'call' of a note of example 'przyklad-2' must be a whole number from 1, "
        "not '0'"),
    doc("call-past-the-auction", NOTE_CALL, "call: 9",
        "source/mini-rules.yaml:39:13: error: example 'przyklad-2': note on call 9, but the auction has 4 calls"),
    doc("flag-not-boolean", "default: true", "default: jak najbardziej",
        "source/mini-rules.yaml:50:18: error: 'default' of paragraph 'wariant' must be true or false, "
        "not 'jak najbardziej'"),
    doc("number-as-list", 'number: "a)"', "number: [a, b]",
        "source/mini-rules.yaml:26:21: error: 'number' of point 'otwarcie-2-trefl' must be a string, not a list"),
    doc("text-as-mapping", "text: kontra z siłą mniejszą niż otwarcie", "text: {a: kontra z siłą}",
        "source/mini-rules.yaml:30:15: error: 'text' of definition 'kontra-bi' must be text, not a mapping"),
    doc("python-tag", "title: Zasady próbne", "title: !!python/object:os.system echo",
        "source/mini-rules.yaml:3:8: error: 'title' of document 'mini-rules' must be text, "
        "not tag:yaml.org,2002:python/object:os.system (quote 'echo' to keep it as text)"),
    doc("unknown-language", "language: pl", "language: tlh",
        "source/mini-rules.yaml:5:11: error: 'language' of document 'mini-rules' must be one of en, pl, ru, es, sv, "
        "zh_CN, de, not 'tlh'"),
    doc("empty-text", "text: skład bezatutowy", 'text: "  "',
        "source/mini-rules.yaml:22:23: error: 'text' of point 'sklad' is empty"),
    # --- documents: structure -----------------------------------------------------
    doc("duplicate-key", "title: Zasady próbne", "title: Zasady próbne\ntitle: Inne",
        "source/mini-rules.yaml:4:1: error: duplicate key 'title' in document 'mini-rules' (first at line 3)"),
    doc("misspelt-key", "issuer:", "isuer:", "source/mini-rules.yaml:4:1: error: unknown key 'isuer' in document 'mini-rules' "
        "(did you mean 'issuer'?)"),
    doc("duplicate-id", "point: sklad", "point: sila",
        "source/mini-rules.yaml:23:24: error: duplicate id 'sila' (first used at line 21)"),
    doc("invalid-id", "point: sklad", "point: Skład_1",
        "source/mini-rules.yaml:21:24: error: invalid id 'Skład_1': use lowercase letters, digits and single hyphens, "
        "starting with a letter"),
    doc("id-as-path", "document: mini-rules", "document: ../../etc/passwd",
        "source/mini-rules.yaml:2:11: error: invalid id '../../etc/passwd': use lowercase letters, digits and single "
        "hyphens, starting with a letter"),
    doc("id-differs-from-file-name", "document: mini-rules", "document: other-rules",
        "source/mini-rules.yaml:1:1: error: document id 'other-rules' differs from the file name 'mini-rules.yaml'"),
    doc("block-without-kind", "  - paragraph: wstep\n", "  - text: bez rodzaju\n  - paragraph: wstep\n",
        "source/mini-rules.yaml:9:5: error: a block needs exactly one of section, paragraph, list, definition, "
        "example, table as its first key; found none"),
    doc("table-row-too-short", '["2♣", "Stayman"]', '["2♣"]',
        "source/mini-rules.yaml:47:13: error: table 'tabela': a row of 1 cells, expected 2"),
    doc("reference-to-unknown-id", "(#przyklad-1)", "(#przyklad-3)",
        "source/mini-rules.yaml:48:9: error: reference to unknown id 'przyklad-3' in 'mini-rules' "
        "(did you mean 'przyklad-2'?)"),
    # --- the rule language: every value it reads, at its line and column --------------
    rule("rule-question-a-list", '{question: [alert], answer: "no"}',
         "source/mini-rules.yaml:28:30: error: rule of 'otwarcie-2-trefl' 'question': unknown question ['alert']"
         " (the questions: alert, brown-sticker, colour, convention, front-of-card, hum, meets, natural, permitted, position, random-opening, response, shows)"),
    rule("rule-question-a-mapping", '{question: {alert: 1}, answer: "no"}',
         "source/mini-rules.yaml:28:30: error: rule of 'otwarcie-2-trefl' 'question': unknown question {'alert': 1}"
         " (the questions: alert, brown-sticker, colour, convention, front-of-card, hum, meets, natural, permitted, position, random-opening, response, shows)"),
    rule("rule-question-twice", '{question: alert, question: natural, answer: "no"}',
         "source/mini-rules.yaml:28:37: error: duplicate key 'question' (first at line 28, column 20)"),
    rule("rule-superscript-hcp", '{question: alert, when: {meaning: {hcp: ²}}, answer: "no"}',
         "source/mini-rules.yaml:28:59: error: rule of 'otwarcie-2-trefl' 'when.meaning.hcp': unknown range '²' "
         "(expected 5+, 4-5, -9 or 6)"),
    rule("rule-superscript-shape", '{question: alert, when: {meaning: {shape: "²²²²"}}, answer: "no"}',
         "source/mini-rules.yaml:28:61: error: rule of 'otwarcie-2-trefl' 'when.meaning.shape': unknown shape "
         "'²²²²': a class (balanced, pzbs-notrump, aeb-regular, semi-balanced, single-suiter, two-suiter, "
         "three-suiter) or four lengths longest first, adding to 13"),
    rule("rule-five-thousand-digits", f'{{question: alert, when: {{meaning: {{hcp: {DIGITS}}}}}, answer: "no"}}',
         "source/mini-rules.yaml:28:59: error: rule of 'otwarcie-2-trefl' 'when.meaning.hcp': unknown range "
         "'11111111111111111111…' (expected 5+, 4-5, -9 or 6)"),
    asked("example-superscript-two-suiter", "meaning: {two-suiter: {min: ²-²}}",
          "source/mini-rules.yaml:33:37: error: example 'przyklad-1': 'meaning' 'two-suiter.min': lengths as 5-5 "
          "or 6-4, not '²-²'"),
    asked("example-five-thousand-digits", f"meaning: {{hcp: {DIGITS}}}",
          "source/mini-rules.yaml:33:24: error: example 'przyklad-1': 'meaning' 'hcp': unknown range "
          "'11111111111111111111…' (expected 5+, 4-5, -9 or 6)"),
    doc("example-expects-twice-in-flow", EXAMPLE_TEXT,
        f"meaning: {{hcp: 12-14}}\n        expect: {{alert: 'no', alert: 'yes'}}\n        {EXAMPLE_TEXT}",
        "source/mini-rules.yaml:34:31: error: duplicate key 'alert' (first at line 34, column 18)"),
    asked("example-meaning-key-twice-in-flow", "meaning: {hcp: 12-14, hcp: 15-17}",
          "source/mini-rules.yaml:33:31: error: duplicate key 'hcp' (first at line 33, column 19)"),
    asked("example-earlier-call-past-the-auction", "earlier: {9: {natural: true}}",
          "source/mini-rules.yaml:33:22: error: example 'przyklad-1': 'earlier' '9': call 9, but the auction "
          "has 3 calls"),
    asked("example-natural-and-artificial-false", "meaning: {natural: false, artificial: false}",
          "source/mini-rules.yaml:33:47: error: example 'przyklad-1': 'meaning' 'artificial': contradicts 'natural'"),
    asked("example-same-suit-twice", "meaning: {suits: {hearts: 5+, ♥: 0-3}}",
          "source/mini-rules.yaml:33:42: error: example 'przyklad-1': 'meaning' 'suits.♥': the same suit as "
          "'hearts'"),
    asked("example-thirty-eight-hcp", "meaning: {hcp: 38+}",
          "source/mini-rules.yaml:33:24: error: example 'przyklad-1': 'meaning' 'hcp': a hand holds at most 37 HCP, "
          "not 38+"),
    asked("example-fourteen-hearts", "meaning: {suits: {hearts: 14+}}",
          "source/mini-rules.yaml:33:35: error: example 'przyklad-1': 'meaning' 'suits.hearts': a suit has at most "
          "13 cards, not 14+"),
    # --- notation: auctions and hands the rule model refuses ------------------------
    doc("insufficient-bid", "auction: 1♦ (1♥) 1♠", "auction: 1♦ (1♥) 1♦",
        "source/mini-rules.yaml:32:18: error: example 'przyklad-1': illegal call '1D' at 3: "
        "insufficient bid after '1H' (Law 18D; rectification Law 27; Laws of Duplicate Bridge 2017)"),
    doc("bid-above-seven-notrump", "auction: 1♦ (1♥) 1♠", "auction: 1♦ (1♥) 8♠",
        "source/mini-rules.yaml:32:18: error: example 'przyklad-1': inadmissible call '8♠' in '1♦ (1♥) 8♠': "
        "a bid above 7NT (Law 35C; rectification Law 38; Laws of Duplicate Bridge 2017)"),
    doc("hand-of-twelve-cards", '"♠A76 ♥K54 ♦D832 ♣K98"', '"♠A76 ♥K54 ♦D832 ♣K9"',
        "source/mini-rules.yaml:43:20: error: example 'przyklad-2': hand 'A76.K54.Q832.K9' has 12 cards, not 13 "
        "(Law 6B; rectification Law 13; Laws of Duplicate Bridge 2017)"),
    doc("inline-auction-illegal", "{auction}`1♣-1♠`", "{auction}`1♣-1♣`",
        # Partnership view: the third call is the partner's 1♣, after the opponents' pass.
        "source/mini-rules.yaml:49:61: error: auction '1♣-1♣': illegal call '1C' at 3: insufficient bid after "
        "'1C' (Law 18D; rectification Law 27; Laws of Duplicate Bridge 2017)"),
    doc("dealer-in-partnership-view", "view: partnership", "view: partnership\n        dealer: S",
        "source/mini-rules.yaml:38:17: error: example 'przyklad-2': a dealer belongs to the table view, "
        "not the partnership view"),
    # --- the manifest ---------------------------------------------------------------
    manifest("manifest-path-outside-source", "documents: [mini-rules]", "documents: [mini-rules, ../../elsewhere/d]",
             "source/handbook.yaml:7:25: error: invalid document id '../../elsewhere/d': a document is named by its "
             "id (lowercase letters, digits and hyphens), not by a path"),
    manifest("manifest-absolute-path", "documents: [mini-rules]", "documents: [/etc/passwd]",
             "source/handbook.yaml:7:13: error: invalid document id '/etc/passwd': a document is named by its "
             "id (lowercase letters, digits and hyphens), not by a path"),
    manifest("manifest-document-twice", "documents: [mini-rules]", "documents: [mini-rules, mini-rules]",
             "source/handbook.yaml:7:25: error: 'mini-rules' is listed twice in 'documents' (first at line 7)"),
    manifest("manifest-no-documents", "documents: [mini-rules]", "documents: []",
             "source/handbook.yaml:7:12: error: the manifest lists no document"),
    manifest("manifest-language-twice", "languages: [pl, en]", "languages: [en, en]",
             "source/handbook.yaml:6:17: error: 'en' is listed twice in 'languages' (first at line 6)"),
    manifest("manifest-unknown-language", "languages: [pl, en]", "languages: [pl, xx]",
             "source/handbook.yaml:6:17: error: unknown language 'xx' (a language code such as pl, de or zh_CN)"),
    manifest("manifest-key-not-a-word", "handbook: mini-handbook", "handbook: mini-handbook\n? [a, b]\n: c",
             "source/handbook.yaml:3:3: error: keys of the manifest must be plain words"),
    manifest("manifest-unknown-key", "handbook: mini-handbook", "handbook: mini-handbook\nextra: 1",
             "source/handbook.yaml:3:1: error: unknown key 'extra' in the manifest"),
    manifest("manifest-missing-title", "title:\n  pl: Mały podręcznik\n  en: Small handbook\n", "",
             "source/handbook.yaml:2:1: error: the manifest has no 'title'"),
    manifest("manifest-title-two-lines", "en: Small handbook", 'en: "Small\\nhandbook"',
             "source/handbook.yaml:5:7: error: title in 'en' must be one line"),
    manifest("manifest-title-a-list", "en: Small handbook", "en: [a]",
             "source/handbook.yaml:5:7: error: title in 'en' must be text"),
    manifest("manifest-handbook-not-an-id", "handbook: mini-handbook", "handbook: ../x",
             "source/handbook.yaml:2:11: error: 'handbook' must be an id"),
    manifest("manifest-missing-document-file", "documents: [mini-rules]", "documents: [mini-rules, ghost]",
             "source/handbook.yaml:7:25: error: document 'ghost' has no file ghost.yaml beside the manifest"),
    # --- translations: reported at the catalog's entry, never at a line of build/myst ---------
    Case("translation-links-to-unknown-id", "translations/en/LC_MESSAGES/mini-rules.po",
         "See [example 1](#przyklad-1)", "See [example 1](#przyklad-9)", ("build", "--render-only", "--strict"),
         "translations/en/LC_MESSAGES/mini-rules.po:67:1: error: 'wariant': reference to unknown id 'przyklad-9' "
         "in 'mini-rules'"),
    Case("translation-links-to-unknown-document", "translations/en/LC_MESSAGES/mini-rules.po",
         "See [example 1](#przyklad-1)", "See [example 1](other-rules#przyklad-1)",
         ("build", "--render-only", "--strict"),
         "translations/en/LC_MESSAGES/mini-rules.po:67:1: error: 'wariant': reference to unknown id 'przyklad-1' "
         "(no document 'other-rules')"),
    # --- the command line ---------------------------------------------------------------
    option("build-language-as-path", ("build", "--render-only", "-l", "../../x"),
           "handbook: error: language '../../x' is not in source/handbook.yaml (it has pl, en)"),
    option("validate-missing-file", ("validate", "source/nothing.yaml"),
           "source/nothing.yaml: error: cannot read file: No such file or directory"),
    option("validate-a-folder", ("validate", "source"), "source: error: cannot read file: Is a directory"),
    option("source-folder-missing", ("check", "--source", "nowhere"),
           "nowhere/handbook.yaml: error: cannot read file: No such file or directory"),
    option("auction-level-zero", ("auction", "1S 0H"), "handbook: error: level 0 out of range 1-7 in '1S 0H'"),
    option("auction-accepted-but-sufficient", ("auction", "1C(acc)"),
           "handbook: error: '1C' at 1 is marked as an accepted insufficient bid but is not an insufficient bid "
           "(Law 18D)"),
    option("auction-accepted-but-sufficient-json", ("auction", "1♣(acc)", "--json"),
           "handbook: error: '1C' at 1 is marked as an accepted insufficient bid but is not an insufficient bid "
           "(Law 18D)"),
    option("build-paper-unknown", ("build", "--render-only", "--paper", "a3"),
           "handbook: error: --paper 'a3': expected one of a4, a5"),
    option("build-document-unknown", ("build", "--render-only", "--document", "nope"),
           "handbook: error: --document 'nope' is not in source/handbook.yaml (it has mini-rules)"),
    option("auction-unknown-notation", ("auction", "1S P X", "--notation", "xx"),
           "handbook: error: unknown notation 'xx' (expected one of en, pl, ru, es, sv, zh, de)"),
    option("hand-of-twelve", ("hand", "AKQ.K32.98.QJ43"), "handbook: error: hand 'AKQ.K32.98.QJ43' has 12 cards, not 13 "
           "(Law 6B; rectification Law 13; Laws of Duplicate Bridge 2017)"),
    option("hand-with-a-card-twice", ("hand", "AKQ2.K32.98.QJ44"),
           "handbook: error: card '4' twice in one suit (Law 1A; rectification Law 13; Laws of Duplicate Bridge 2017) "
           "in hand 'AKQ2.K32.98.QJ44'"),
    option("hand-with-a-suit-twice", ("hand", "♠AKQ2 ♥K32 ♦98 ♣QJ4 ♣5"),
           "handbook: error: suit ♣ twice in hand '♠AKQ2 ♥K32 ♦98 ♣QJ4 ♣5'"),
    option("build-jobs-not-a-number", ("build", "--render-only", "-j", "many"),
           "handbook build: error: argument -j/--jobs: invalid positive value: 'many'"),
    option("build-jobs-negative", ("build", "--render-only", "-j", "-3"),
           "handbook build: error: argument -j/--jobs: invalid positive value: '-3'"),
    option("unknown-command", ("publish",),
           "handbook: error: argument COMMAND: invalid choice: 'publish' (choose from 'validate', 'check', 'explain', 'diff', "
           "'rules', 'build', 'serve', 'i18n', 'auction', 'hand', 'card')"),
    option("i18n-without-action", ("i18n",), "handbook i18n: error: the following arguments are required: ACTION"),
]


@pytest.fixture
def handbook(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    target = tmp_path / "handbook"
    shutil.copytree(FIXTURES / "mini", target)
    monkeypatch.chdir(target)
    return target


def apply(case: Case, root: Path) -> None:
    if not case.file:
        return
    path = root / case.file
    new = case.new.encode("utf-8") if isinstance(case.new, str) else case.new
    if not case.old:
        path.write_bytes(new)
        return
    original = path.read_bytes()
    old = case.old.encode("utf-8")
    assert original.count(old) == 1, f"{case.name}: {case.old!r} is not one place of {case.file}"
    path.write_bytes(original.replace(old, new))


def test_the_table_is_large_and_names_are_unique() -> None:
    assert len(CASES) >= 60
    assert len({case.name for case in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_bad_input_gets_one_located_line(case: Case, handbook: Path, capsys: pytest.CaptureFixture[str]) -> None:
    apply(case, handbook)
    status = run(case.args)
    err = capsys.readouterr().err
    assert status in (1, 2), err
    assert "Traceback" not in err
    print(err)
    assert first_error(err) == case.expected


def run(args: tuple[str, ...]) -> int | str | None:
    """The exit status of the command (argparse exits by itself on bad options)."""
    try:
        return main(list(args))
    except SystemExit as exc:
        return exc.code


def first_error(err: str) -> str:
    """The first line of ``err`` that reports an error (argparse prints its usage first)."""
    return next((line for line in err.splitlines() if "error:" in line), "")


@pytest.mark.parametrize("args", [("hand", "AKQ2.K32.98.QJ43"), ("auction", "1S P 2S P P P"), ("validate",)])
def test_a_reader_that_goes_away_is_no_error_of_ours(args: tuple[str, ...]) -> None:
    """`handbook hand ... | head`: the pipe closes before the command writes."""
    import os
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "build_tools.cli", *args], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert "Traceback" not in err and "BrokenPipeError" not in err
    assert err == ""


# Refusals the suite once reached only by chance (most through the derandomized
# fuzzing of the real documents in tests/hostile/test_loader_fuzz.py, whose
# draws changed when the documents did), each now asked for on purpose.
# Each is a refusal a user can meet. Every error line is compared, not only the
# first: a refusal that went on would add lines (or a traceback) after it.
REACHED = [
    doc("number-of-a-tab", NUMBER_1, 'number: "\\t"\n            text: "1BA',
        "source/mini-rules.yaml:18:21: error: 'number' of point 'otwarcie-1ba' is empty"),
    rule("rule-not-a-mapping", "[alert]",
         "source/mini-rules.yaml:28:20: error: rule of 'otwarcie-2-trefl' '0': a rule is a mapping: question, scope, "
         "when, answer, otherwise, exception-to, fallback"),
    asked("example-two-suiter-suits-not-a-list", "meaning: {two-suiter: {suits: hearts}}",
          "source/mini-rules.yaml:33:39: error: example 'przyklad-1': 'meaning' 'two-suiter.suits': a list of suits"),
    doc("example-blank-auction-with-a-query", "auction: 1♦ (1♥) 1♠",
        "auction: ' '\n        meaning: {hcp: 12-14}\n        expect: {alert: 'no'}",
        # One line says it: the auction written empty (the others only followed from it).
        "source/mini-rules.yaml:32:18: error: 'auction' of example 'przyklad-1' is empty"),
    doc("example-no-auction-with-a-query", "auction: 1♦ (1♥) 1♠",
        "meaning: {hcp: 12-14}\n        expect: {alert: 'no'}",
        "source/mini-rules.yaml:33:17: error: example 'przyklad-1' expects verdicts but has no auction to ask about\n"
        "source/mini-rules.yaml:31:9: error: example 'przyklad-1' has neither 'auction' nor 'hands'"),
]


@pytest.mark.parametrize("case", REACHED, ids=[case.name for case in REACHED])
def test_a_refusal_gives_exactly_its_lines(case: Case, handbook: Path, capsys: pytest.CaptureFixture[str]) -> None:
    apply(case, handbook)
    status = run(case.args)
    err = capsys.readouterr().err
    assert status == 1 and "Traceback" not in err, err
    assert "\n".join(line for line in err.splitlines() if "error:" in line) == case.expected
