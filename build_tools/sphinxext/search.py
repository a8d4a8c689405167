"""Sphinx's search, working in every language of the handbook.

Three faults of Sphinx 9's search are mended here, each found in the pages it
generates:

* **Chinese**: :class:`sphinx.search.zh.SearchChinese` stems Latin words with
  the English Snowball stemmer but ends ``language_data.js`` with
  ``window.Stemmer = ChineseStemmer;``, a class no script defines, so every
  query on ``zh_CN/search.html`` dies before it starts.
  :class:`~build_tools.sphinxext.search_zh.SearchChinese` inlines the same
  stemmer under its real name. Chinese words are cut
  by jieba (a pinned dependency) at build time, with the bridge terms of
  :data:`ZH_DICT` added (``html_search_options = {"dict": ...}`` in conf.py):
  the search page does not cut a query, so a query such as 约定叫 finds a
  page only if the index holds that very word.
* **Plural forms**: ``translations.js`` keeps the catalog's plural
  expression as written; Swedish's is ``(n != 1)``, a boolean in JavaScript,
  so ``ngettext`` indexes the forms with ``true``/``false``, gets
  ``undefined`` and the summary line throws (``searchtools.js:142``). The
  script of :func:`search_script` makes the index a number.
* **Missing interface strings**: Sphinx's Polish, Russian and Spanish catalogs
  leave the result summary blank, so those searches end without a word. The
  script fills blank entries with :data:`SUMMARY` (worded so that one form
  fits every count: "Найдено страниц: 3").
"""

from __future__ import annotations

import json
from pathlib import Path

from sphinx.application import Sphinx

#: jieba's user dictionary of bridge terms (word, frequency, part of speech).
ZH_DICT = Path(__file__).parent / "search-zh.dict"

_SUMMARY_ONE = "Search finished, found one page matching the search query."

#: The search summary where Sphinx's catalog leaves it blank: the singular form
#: and the form for every other count (``${resultCount}`` is the count).
SUMMARY: dict[str, tuple[str, str]] = {
    "pl": (
        "Wyszukiwanie zakończone. Liczba znalezionych stron: 1.",
        "Wyszukiwanie zakończone. Liczba znalezionych stron: ${resultCount}.",
    ),
    "ru": (
        "Поиск завершён. Найдено страниц: 1.",
        "Поиск завершён. Найдено страниц: ${resultCount}.",
    ),
    "es": (
        "Búsqueda terminada: se ha encontrado una página que coincide con la consulta.",
        "Búsqueda terminada: se han encontrado ${resultCount} páginas que coinciden con la consulta.",
    ),
    "sv": (
        "Sökningen är klar, hittade en sida som matchar sökfrågan.",
        "Sökningen är klar, hittade ${resultCount} sidor som matchar sökfrågan.",
    ),
    "zh_CN": (
        "搜索完成，找到 1 个与查询匹配的页面。",
        "搜索完成，找到 ${resultCount} 个与查询匹配的页面。",
    ),
}


def search_script(language: str) -> str:
    """The inline script run after ``translations.js`` on every page.

    >>> "Number(" in search_script("sv")
    True
    >>> "Найдено" in search_script("ru"), "Найдено" in search_script("en")
    (True, False)
    """
    forms = SUMMARY.get(language)
    messages = {_SUMMARY_ONE: [forms[0], *[forms[1]] * 5]} if forms else {}
    return (
        "(() => {\n"
        "  if (typeof Documentation === 'undefined') return;\n"
        "  const D = Documentation;  // a top-level const of doctools.js, not a property of window\n"
        "  const plural = D.PLURAL_EXPR;\n"
        "  D.PLURAL_EXPR = (n) => Number(plural(n));\n"
        f"  const messages = {json.dumps(messages, ensure_ascii=False)};\n"
        "  for (const [id, forms] of Object.entries(messages)) {\n"
        "    const have = D.TRANSLATIONS[id];\n"
        "    const blank = have === undefined || have === ''\n"
        "      || (Array.isArray(have) && have.some((form) => !form));\n"
        "    if (blank) D.TRANSLATIONS[id] = forms;\n"
        "  }\n"
        "})();\n"
    )


def _builder_inited(app: Sphinx) -> None:
    _written.clear()  # the pages of this run only
    if app.builder.format == "html":
        # after the extensions' scripts and translations.js (500), before the user's (800)
        app.add_js_file(None, body=search_script(app.config.language), priority=600)


def _drop_emptied_words(app: Sphinx) -> list[tuple[str, dict[str, object], str]]:
    """Forget the words no page has any more, before the index is written.

    Rebuilding a changed page, Sphinx keeps every word the page no longer
    holds, with an empty list of pages: the index of an incremental build
    would differ from a clean build's. Sphinx offers no public way to prune
    them; its indexer's two mappings (word to pages) are read as it builds them.
    """
    indexer = getattr(app.builder, "indexer", None)
    for name in ("_mapping", "_title_mapping"):
        mapping = getattr(indexer, name, None)
        if isinstance(mapping, dict):
            for word in [word for word, pages in mapping.items() if not pages]:
                del mapping[word]
    return []  # html-collect-pages: no page of its own


#: The pages this Sphinx run wrote, fed to the search index afresh.
_written: set[str] = set()


def _note_written(app: Sphinx, pagename: str, templatename: str, context: dict[str, object],
                  doctree: object) -> None:
    if doctree is not None:  # a document's page (the index and search pages have none)
        _written.add(pagename)


def _restore_index_entries(app: Sphinx) -> list[tuple[str, dict[str, object], str]]:
    """Give back, before the index is written, the index entries of the
    pages this run did not write.

    Sphinx keeps a page's index entries in its environment, but fills them
    while writing, after the environment is saved: rebuilding one page, the
    search index lost the entries of every other (their "1BA" no longer found
    them), unlike a clean build's. The previous index, still on disk, holds
    them (lower-cased, as the index writes every entry); they are put back in
    the order a clean build feeds the pages in.
    """
    from sphinx.search import js_index

    indexer = getattr(app.builder, "indexer", None)
    entries = getattr(indexer, "_index_entries", None)
    if not isinstance(entries, dict):
        return []
    try:
        old = js_index.loads((Path(app.outdir) / "searchindex.js").read_text(encoding="utf-8"))
        names, frozen = list(old["docnames"]), old["indexentries"]
    except (OSError, ValueError, KeyError, TypeError):
        return []  # a first build writes every page
    kept = set(app.env.all_docs) - _written
    restored: dict[str, list[tuple[str, str, str]]] = {name: [] for name in names if name in kept}
    for entry, refs in frozen.items():
        for index, target, main in refs:
            if names[index] in restored:
                restored[names[index]].append((entry, target, "main" if main else ""))
    entries.update((name, sorted(found)) for name, found in restored.items())
    ordered = sorted((name, found) for name, found in entries.items() if name in app.env.all_docs)
    entries.clear()
    entries.update(ordered)
    return []


def setup_search(app: Sphinx) -> None:
    if str(app.config.language or "").startswith("zh"):
        # Imported for a Chinese build only: jieba takes a sixth of a second
        # to load, paid by every Sphinx run of every other language otherwise.
        from build_tools.sphinxext.search_zh import SearchChinese

        app.add_search_language(SearchChinese)
    app.connect("builder-inited", _builder_inited)
    app.connect("html-page-context", _note_written)
    # Emitted after every page is written and before the index is dumped.
    app.connect("html-collect-pages", _drop_emptied_words)
    app.connect("html-collect-pages", _restore_index_entries)

