"""The render stage: documents (already translated) to MyST pages through Jinja.

Templates run in a sandbox with ``StrictUndefined``; text reaches MyST only
through the ``myst`` filter (:func:`build_tools.markup.to_myst`), which escapes
everything but the document's own inline markup. Interface strings of the
templates are translated with Jinja's i18n extension from the ``handbook``
catalog of each language.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.support import NullTranslations, Translations
from jinja2 import FileSystemLoader, StrictUndefined
from jinja2.sandbox import SandboxedEnvironment

from build_tools import diagrams, markup
from build_tools.document import (
    Block,
    Definition,
    Document,
    Example,
    Paragraph,
    Point,
    PointList,
    Section,
    Table,
)
from build_tools.files import write_if_changed
from build_tools.i18n.catalogs import catalog_path, read_catalog
from build_tools.loader import Manifest

TEMPLATES = Path(__file__).parent / "templates"

#: Interface strings live in this catalog of each language (msgid in English).
UI_DOMAIN = "handbook"


@dataclass(frozen=True, slots=True)
class TranslationStatus:
    translated: int
    total: int

    @property
    def percent(self) -> int:
        return 100 * self.translated // self.total if self.total else 100


@dataclass(frozen=True, slots=True)
class RenderResult:
    written: tuple[str, ...]
    unchanged: tuple[str, ...]
    removed: tuple[str, ...]


def _height(node: Block | Point) -> int:
    """How many colon-fenced directives nest in the MyST of ``node``."""
    if isinstance(node, Point):
        return 1 + max((_height(n) for n in (*node.body, *node.items)), default=0)
    if isinstance(node, PointList):
        return max((_height(p) for p in node.items), default=0)
    if isinstance(node, Example | Table):
        return 2  # the example or table, and the list-tables inside it
    return 0


def _fence(node: Block | Point) -> str:
    # MyST closes a colon fence with one at least as long, so a directive's
    # fence must be longer than the fences of every directive nested inside it.
    return ":" * (2 + _height(node))


def _bidding(example: Example, doc: Document) -> diagrams.BiddingGrid:
    notes = [(note.call, note.text) for note in example.notes]
    return diagrams.bidding_grid(
        example.auction, example.notation or doc.language, example.view, example.dealer,
        doc.display_language, notes,
    )


def _hand_rows(example: Example, doc: Document) -> list[list[str]]:
    return diagrams.hand_rows(
        [(hand.cards, "") for hand in example.hands], example.notation or doc.language, doc.display_language
    )


def interface_translations(translations: Path, language: str) -> NullTranslations:
    """The template strings of ``language`` (English msgids; English needs none)."""
    path = catalog_path(translations, language, UI_DOMAIN)
    if language == "en" or not path.exists():
        return NullTranslations()
    buffer = io.BytesIO()
    write_mo(buffer, read_catalog(path), use_fuzzy=False)
    buffer.seek(0)
    return Translations(fp=buffer, domain=UI_DOMAIN)


def environment(translations: NullTranslations | None = None) -> SandboxedEnvironment:
    env = SandboxedEnvironment(
        loader=FileSystemLoader(TEMPLATES),
        undefined=StrictUndefined,
        autoescape=False,  # the output is MyST, escaped by the ``myst`` filter
        keep_trailing_newline=True,
        extensions=["jinja2.ext.i18n"],
    )
    env.install_gettext_translations(translations or NullTranslations(), newstyle=True)  # type: ignore[attr-defined]
    env.filters["myst"] = markup.to_myst
    env.filters["plain"] = markup.plain
    env.filters["fence"] = _fence
    env.filters["bidding"] = _bidding
    env.filters["hand_rows"] = _hand_rows
    env.tests["section"] = lambda b: isinstance(b, Section)
    env.tests["paragraph"] = lambda b: isinstance(b, Paragraph)
    env.tests["point_list"] = lambda b: isinstance(b, PointList)
    env.tests["definition"] = lambda b: isinstance(b, Definition)
    env.tests["example"] = lambda b: isinstance(b, Example)
    env.tests["table"] = lambda b: isinstance(b, Table)
    return env


def render_pages(
    manifest: Manifest,
    documents: Sequence[Document],
    language: str,
    translations: NullTranslations | None = None,
) -> dict[str, str]:
    """Every page of one language's site, as ``{file name: MyST text}``."""
    env = environment(translations)
    pages: dict[str, str] = {}
    doc_template = env.get_template("document.md.j2")
    for doc in documents:
        status: TranslationStatus | None = None
        if doc.display_language != doc.language:
            total = sum(1 for _ in doc.messages())
            status = TranslationStatus(total - len(doc.untranslated), total)
        pages[f"{doc.id}.md"] = doc_template.render(doc=doc, translation=status)
    pages["index.md"] = env.get_template("index.md.j2").render(
        title=manifest.title(language), documents=documents
    )
    return pages


def write_pages(pages: dict[str, str], out_dir: Path) -> RenderResult:
    """Write ``pages`` into ``out_dir``, touching only files whose content changed
    (so Sphinx re-reads only those), and remove pages that no longer exist."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written, unchanged = [], []
    for name, text in sorted(pages.items()):
        if write_if_changed(out_dir / name, text.encode("utf-8")):
            written.append(name)
        else:
            unchanged.append(name)
    removed = sorted(p.name for p in out_dir.glob("*.md") if p.name not in pages)
    for name in removed:
        (out_dir / name).unlink()
    return RenderResult(tuple(written), tuple(unchanged), tuple(removed))
