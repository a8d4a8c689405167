"""A new language for the handbook: its entry in the manifest, and what its
notation profile gives the interface catalog before any translator has worked.

``handbook i18n add-language`` (:mod:`build_tools.commands.i18n`) uses these,
then creates the catalogs as ``i18n update`` does.
"""

from __future__ import annotations

from pathlib import Path

import polib
import yaml

from build_tools.bridge.basics import Seat
from build_tools.bridge.notation import Profile
from build_tools.diagnostics import Diagnostic, DiagnosticError
from build_tools.loader import display_path

#: The interface strings that name the seats (build_tools/templates/blocks.md.j2).
SEAT_STRINGS = {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}


def _yaml_string(text: str) -> str:
    return yaml.safe_dump(text, allow_unicode=True, default_style='"', width=1 << 20).strip().removesuffix("...").strip()


def add_to_manifest(text: str, language: str, title: str, shown: str = "handbook.yaml") -> str:
    """``text`` of a manifest with ``language`` listed last and its ``title``,
    every other line (comments included) as it was.

    >>> print(add_to_manifest("title:\\n  en: Rules\\n# the languages\\nlanguages: [pl, en]\\ndocuments: [a]\\n",
    ...                       "de", "Regeln"), end="")
    title:
      en: Rules
      de: "Regeln"
    # the languages
    languages: [pl, en, de]
    documents: [a]
    """
    root = yaml.compose(text)
    if not isinstance(root, yaml.MappingNode):
        raise DiagnosticError([Diagnostic(shown, 1, 1, "the manifest must be a mapping")])
    nodes = {key.value: value for key, value in root.value if isinstance(key, yaml.ScalarNode)}
    languages, titles = nodes.get("languages"), nodes.get("title")
    if not isinstance(languages, yaml.SequenceNode) or not isinstance(titles, yaml.MappingNode) or not titles.value:
        raise DiagnosticError([Diagnostic(shown, 1, 1, "the manifest needs a 'languages' list and a 'title' mapping")])
    if any(getattr(item, "value", None) == language for item in languages.value):
        raise DiagnosticError([Diagnostic(shown, languages.start_mark.line + 1, languages.start_mark.column + 1,
                                          f"language '{language}' is listed already")])
    lines = text.splitlines(keepends=True)
    edits: list[tuple[int, int, str]] = []  # (line, column, inserted), applied from the end
    if languages.flow_style:
        end = languages.end_mark  # just after ']'
        edits.append((end.line, end.column - 1, f", {language}" if languages.value else language))
    else:
        last = languages.value[-1]  # "  - zh_CN": the next item written as the last one is
        prefix = lines[last.start_mark.line][: last.start_mark.column]
        edits.append((last.start_mark.line + 1, 0, f"{prefix}{language}\n"))
    last_key, last_value = titles.value[-1]
    indent = " " * last_key.start_mark.column
    edits.append((last_value.end_mark.line + 1, 0, f"{indent}{language}: {_yaml_string(title)}\n"))
    for line, column, inserted in sorted(edits, reverse=True):
        while len(lines) <= line:
            lines.append("")
        if column == 0 and line > 0 and not lines[line - 1].endswith("\n"):
            lines[line - 1] += "\n"
        lines[line] = lines[line][:column] + inserted + lines[line][column:]
    return "".join(lines)


def add_to_weblate(text: str, languages: list[str]) -> str:
    r"""``translations/weblate.json`` (a list of components) with each
    component offering exactly ``languages``.

    >>> print(add_to_weblate('[{"name": "a", "filemask": "x/*.po", "language_regex": "^(pl)$"}]', ["pl", "de"]), end="")
    [
      {
        "name": "a",
        "filemask": "x/*.po",
        "language_regex": "^(pl|de)$"
      }
    ]
    """
    import json

    components = json.loads(text)
    for component in components:
        if "language_regex" in component:
            component["language_regex"] = "^(" + "|".join(languages) + ")$"
    return json.dumps(components, ensure_ascii=False, indent=2) + "\n"


def add_to_glossary(text: str, language: str, listed: tuple[str, ...]) -> str:
    r"""``translations/glossary.yaml`` with ``language`` among its languages
    (``listed``: those it has), every other line as it was; its terms in the
    language are then the translator's to give (``i18n check`` counts them).

    >>> print(add_to_glossary("# terms\nconcepts: []\n", "de", ("pl", "en")), end="")
    # terms
    languages: [pl, en, de]
    concepts: []
    >>> print(add_to_glossary("languages: [pl]\nconcepts: []\n", "de", ("pl",)), end="")
    languages: [pl, de]
    concepts: []
    """
    lines = text.splitlines(keepends=True)
    wanted = f"languages: [{', '.join((*listed, language))}]\n"
    for n, line in enumerate(lines):
        if line.startswith("languages:"):
            lines[n] = wanted
            return "".join(lines)
    at = next((n for n, line in enumerate(lines) if line.startswith("concepts:")), len(lines))
    return "".join(lines[:at] + [wanted] + lines[at:])


def title_problem(title: str) -> str | None:
    """Why ``title`` cannot be a handbook's title (``None``: it can): one line
    of text, as the manifest requires of every title (a blank one is none
    given: the English title stands in).

    >>> title_problem("Handbuch"), title_problem("A\\nB")
    (None, 'the title must be one line, without control characters')
    """
    from build_tools import markup

    if markup.CONTROL.search(title):
        return "the title must be one line, without control characters"
    return None


def seat_names(po: polib.POFile, profile: Profile) -> int:
    """Fill the seat names of an interface catalog that has none from the
    language's notation profile (they head the columns of every bidding
    diagram); returns how many were filled."""
    filled = 0
    for seat, msgid in SEAT_STRINGS.items():
        entry = po.find(msgid)
        if entry is None or entry.msgstr or entry.msgctxt:
            continue
        entry.msgstr = profile.seat_name(seat)
        entry.tcomment = "From the language's notation profile (build_tools/bridge/notation.py)."
        filled += 1
    return filled


def check_new(path: Path, language: str) -> None:
    """Refuse a catalog folder that holds the language already (``add-language`` starts one)."""
    if path.exists() and any(path.glob("*.po")):
        raise DiagnosticError([Diagnostic(display_path(path), 0, 0, f"catalogs of '{language}' exist already; "
                                          "list the language in the manifest and run 'handbook i18n update'")])


def profile_constant(language: str) -> str:
    """The name of the constant that holds ``language``'s notation profile:
    its English name in capitals, in ASCII (a Python name), else its code.

    >>> profile_constant("fr"), profile_constant("pt_BR"), profile_constant("nqo"), profile_constant("nb")
    ('FRENCH', 'PORTUGUESE', 'NKO', 'NORWEGIAN_BOKMAL')
    """
    import re
    import unicodedata

    from build_tools.document import language_name

    folded = unicodedata.normalize("NFKD", language_name(language, "en")).encode("ascii", "ignore").decode()
    constant = re.sub(r"\W+", "_", folded).strip("_").upper()
    return constant if constant.isidentifier() and not constant[0].isdigit() else language.upper()


def profile_skeleton(language: str) -> str:
    """The start of a notation profile for ``language``, to complete and add to
    ``build_tools/bridge/notation.py``: the universal notation (what the
    language is shown in until then), each field saying what to write.

    >>> from build_tools.bridge import notation
    >>> made = eval(profile_skeleton("fr").split(" = ", 1)[1], vars(notation))
    >>> made.code, made.locale, made.format_call(notation.Call.parse("1NT")), made.seat_name(Seat.EAST)
    ('fr', 'fr', '1NT', 'East')
    """
    from build_tools.document import language_name

    code = language.split("_")[0]
    return f'''{profile_constant(language)} = Profile(
    code={code!r},
    name={language_name(language)!r},
    locale={language!r},
    # the notrump word (after the level), then its other spellings
    strains=_strains((), (), (), (), ("NT",)),
    # pass, double, redouble as printed first, then the spellings read too
    words=_words(("P", "Pass"), ("X",), ("XX",)),
    suit_labels=(),
    # ace, king, queen, jack, ten as hands print them
    ranks=_ranks("A", "K", "Q", "J", "10"),
    # the suits in running text: one regular expression each (clubs, diamonds, hearts, spades)
    suit_words=_suit_words(r"clubs?", r"diamonds?", r"hearts?", r"spades?"),
    # each seat from North clockwise: the letter and the name
    seats=(("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")),
)'''
