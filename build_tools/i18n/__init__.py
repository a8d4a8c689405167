"""Translations as gettext catalogs: one per document per language.

``translations/<lang>/LC_MESSAGES/<document-id>.po``; ``msgctxt`` is the stable id
of the element (see :meth:`build_tools.document.Document.messages`), ``msgid`` its
text in the document's authoritative language.
"""

from build_tools.i18n.catalogs import catalog_path, extract, read_catalog, update, write_catalog
from build_tools.i18n.translate import translate

__all__ = ["catalog_path", "extract", "read_catalog", "translate", "update", "write_catalog"]
