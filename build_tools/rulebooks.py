"""The engine's inputs compiled from their YAML: the standard questions and
conventions (``build_tools/rules/standard.json``) and, at build time, one
rulebook per document (:mod:`build_tools.rules.rulebook`).

The engine (:mod:`build_tools.bridge`, :mod:`build_tools.rules`) reads JSON
only, with the standard library, so that the same code answers in the
browser; reading YAML, with its positions and diagnostics, is this layer's.

    python -m build_tools.rulebooks --standard    # after an edit of questions.yaml or conventions.yaml
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from build_tools import files, incremental
from build_tools.rules.registry import CONVENTIONS_FILE, STANDARD_FILE, STANDARD_JSON
from build_tools.rules.rulebook import FORMAT, Rulebook, RulebookError, articles_named, registry_data, rule_data

if TYPE_CHECKING:
    from build_tools.document import Document
    from build_tools.rules.engine import Rule

#: Below the build folder: each document's rulebook of the last build (the
#: published site's ``_rules/`` is a copy), and the compiled rulebooks by key.
RULES_NAME = "rules"
CACHE_KIND = "rulebook"
#: Below the published site: one rulebook per document, every language's texts
#: in it (a reader switching language asks the same rules), so one copy serves
#: every language's site and a browser caches it once.
SITE_FOLDER = "_rules"
#: The folder of the build_tools package: every file of it is code a rulebook
#: was compiled by (or is read by).
_PACKAGE = Path(__file__).resolve().parent


def rulebook_key(source: Path, translations: Path, document: str) -> str:
    """The digest of everything ``document``'s rulebook is compiled from: the
    code, the manifest, the document's YAML, the source folder's files that no
    document is (``rules.yaml``), and every language's catalog of the document
    and of the interface (the texts and labels). Cheap: files are read and
    hashed, nothing parsed, so a query finds its rulebook in milliseconds."""
    parts: list[str | bytes] = [str(FORMAT), incremental.digest_files(incremental.tree_files(_PACKAGE), base=_PACKAGE),
                                incremental.file_part(source / "handbook.yaml"),
                                incremental.file_part(source / f"{document}.yaml")]
    shared = [p for p in incremental.tree_files(source) if p.parent != source or p.suffix != ".yaml"
              or p.name == "rules.yaml"]
    parts.append(incremental.digest_files(shared, base=source))
    try:
        languages = sorted(p.name for p in translations.iterdir() if (p / "LC_MESSAGES").is_dir())
    except OSError:
        languages = []
    for language in languages:
        folder = translations / language / "LC_MESSAGES"
        parts += [language, incremental.file_part(folder / f"{document}.po"), incremental.file_part(folder / "handbook.po")]
    return incremental.key(*parts)


def _cached(build: Path, key: str) -> Path:
    return build / incremental.CACHE_NAME / CACHE_KIND / f"{key}.json"


def cached_rulebook(build: Path, key: str, on: str = "") -> Rulebook | None:
    """The rulebook compiled under ``key`` in ``build``'s cache (its rules
    reading the figures in force on the day ``on``), or ``None`` (absent,
    unreadable or of another format: compiled again)."""
    try:
        return Rulebook.load(json.loads(_cached(build, key).read_text(encoding="utf-8")), on)
    except (OSError, ValueError, RulebookError):
        return None


def store(build: Path, key: str, text: str) -> None:
    """File a compiled rulebook under ``key``, whole (a temporary file renamed into place)."""
    files.write_if_changed(_cached(build, key), text.encode("utf-8"))


def edition_key(key: str, edition: str) -> str:
    """The key of the rulebook of an earlier ``edition`` of the document whose
    current rulebook's key is ``key`` (which digests the editions' files)."""
    return incremental.key(key, "edition", edition)


def compile_rulebook(document: Document, languages: Sequence[str], translations: Path,
                     editions: Sequence[tuple[str, str]] = ()) -> dict[str, Any]:
    """``document``'s rulebook (:mod:`build_tools.rules.rulebook`): its rules,
    registry, and the names and texts of the articles its answers name in
    every one of ``languages`` (the manifest's); for a document that dates
    its editions, this one's dates and ``editions``, every edition's name and
    day of coming into force (:func:`build_tools.editions.Editions.days`)."""
    from build_tools.generated.articles import names
    from build_tools.i18n import catalog_path, read_catalog, translate
    from build_tools.meaning_text import words_for
    from build_tools.render import interface_translations
    from build_tools.rules.registry import Registry
    from build_tools.verdicts import leaves_of, rules_of

    rules = rules_of(document)
    registry = document.registry or Registry.standard()
    defaults = leaves_of(document)
    # The defaults with their leaves: the Ask page quotes both where a pair chooses a leaf.
    wanted = articles_named(rules, registry) + [a for default, leaves in defaults.items() for a in (default, *leaves)]
    wanted = [a for a in dict.fromkeys(wanted)]
    articles: dict[str, dict[str, dict[str, str]]] = {a: {"name": {}, "text": {}} for a in wanted}
    titles: dict[str, str] = {}
    labels: dict[str, dict[str, dict[str, str]]] = {}
    for language in dict.fromkeys([document.language, *languages]):
        shown = document
        if language != document.language:
            path = catalog_path(translations, language, document.id)
            shown = translate(document, language, read_catalog(path) if path.exists() else None)
        texts = {m.context: m.text for m in shown.messages()}
        named = names(shown)
        for article, item in articles.items():
            if article in named:
                item["name"][language] = named[article]
            if article in texts and (language == document.language or article not in shown.untranslated):
                item["text"][language] = texts[article]
        titles[language] = shown.title
        words = interface_translations(translations, language)
        shown_registry = shown.registry or registry
        labels[language] = {
            q.name: {a.answer: a.label if q.declared_by and q.declared_by == document.path else words.gettext(a.label)
                     for a in q.answers}
            for q in shown_registry.questions.values() if q.answers}
        # An open question's answers (a meaning, a call) are those its rules
        # give, each worded as the pages' badges word it (the Ask page reads them).
        labels[language].update(open_labels(shown, rules, words, words_for(language, translations)))
    dated: dict[str, Any] = {}
    if document.effective:
        dated = {"edition": {"edition": document.edition, "effective": document.effective,
                             "published": document.published, "supersedes": document.supersedes},
                 "editions": [{"edition": name, "effective": day} for name, day in editions]}
    return {"rulebook": FORMAT, "document": document.id, "language": document.language,
            "languages": list(languages), "titles": titles, **registry_data(registry), "labels": labels,
            "rules": [rule_data(rule) for rule in rules], "articles": articles,
            "defaults": {key: list(leaves) for key, leaves in defaults.items()}, **dated}


def open_labels(document: Document, rules: Iterable[Rule], gettext: Any,
                words: Mapping[str, str]) -> dict[str, dict[str, str]]:
    """The label of each answer ``rules`` give to a question answered by a
    meaning (``shows``: "0 or 3 key cards") or a call (a response table's:
    "5♣" for "5т"), in the words of ``document``'s reader, as the pages'
    badges show them (:func:`build_tools.render.answer_label`)."""
    from build_tools.render import answer_label
    from build_tools.rules.registry import Registry, reading

    registry = document.registry or Registry.standard()
    found: dict[str, dict[str, str]] = {}
    with reading(document.registry):  # the conventions the document declares have its labels
        for rule in rules:
            if registry.question(rule.question).form not in ("meaning", "call"):
                continue
            for given in (rule.answer, rule.otherwise):
                if given is not None:
                    label, _ = answer_label(document, rule.question, given, gettext.gettext, words,
                                            document.language)
                    found.setdefault(rule.question, {})[given] = label
    return found


def rulebook_text(data: dict[str, Any]) -> str:
    """A rulebook as the file holds it: compact JSON, one line, keys in the order written."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def write_rulebooks(documents: Iterable[Document], languages: Sequence[str], source: Path, translations: Path,
                    build: Path) -> list[str]:
    """Every document's rulebook in ``build/rules/<document>.json`` (a file
    whose text is unchanged keeps its time), each compiled once per inputs
    and kept in the cache under :func:`rulebook_key`, where ``handbook
    explain`` finds it; the cache's other rulebooks go. Returns the ids."""
    folder = build / RULES_NAME
    folder.mkdir(parents=True, exist_ok=True)
    keep: set[str] = set()
    done = []
    for document in documents:
        key = rulebook_key(source, translations, document.id)
        keep.add(f"{key}.json")
        try:
            text = _cached(build, key).read_text(encoding="utf-8")
        except OSError:
            from build_tools.editions import load_editions

            days = load_editions(source, document).days() if document.effective else ()
            text = rulebook_text(compile_rulebook(document, languages, translations, days))
            store(build, key, text)
        files.write_if_changed(folder / f"{document.id}.json", text.encode("utf-8"))
        done.append(document.id)
    for stale in folder.glob("*.json"):
        if stale.stem not in done:
            stale.unlink()
    cached = build / incremental.CACHE_NAME / CACHE_KIND
    for entry in cached.iterdir() if cached.is_dir() else ():
        if entry.name not in keep and not entry.name.startswith("."):
            entry.unlink(missing_ok=True)
    return done


def standard_data() -> dict[str, Any]:
    """The standard questions and conventions as their YAML files compose them."""
    import yaml

    data: dict[str, Any] = {}
    for path in (STANDARD_FILE, CONVENTIONS_FILE):
        data.update(yaml.safe_load(path.read_text(encoding="utf-8")))
    return data


def standard_json() -> str:
    """:func:`standard_data` as the text of :data:`~build_tools.rules.registry.STANDARD_JSON`."""
    return json.dumps(standard_data(), ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str]) -> int:
    if argv != ["--standard"]:
        print("usage: python -m build_tools.rulebooks --standard", file=sys.stderr)
        return 2
    STANDARD_JSON.write_text(standard_json(), encoding="utf-8")
    print(f"wrote {STANDARD_JSON.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
