"""Bad input round four, the translators' side (issue 37, items 3, 6, 7 and 8):
one byte in a catalog or the glossary is a located line, never a traceback,
never a broken book, never data lost."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import polib

from build_tools.i18n.catalogs import catalog_bytes, extract
from build_tools.i18n.pofile import parse_po
from build_tools.loader import load_document
from conftest import FIXTURES, run_handbook

HEADER = 'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'


# --- 37.7: a comment ending in a backslash --------------------------------------


def test_normalize_refuses_a_translators_comment_that_msgcat_would_join(tmp_path: Path) -> None:
    path = tmp_path / "n.po"
    text = HEADER + '# note\\\nmsgctxt "a"\nmsgid "x"\nmsgstr "y"\n'
    path.write_text(text, encoding="utf-8")
    result = run_handbook("i18n", "normalize", str(path))
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [
        f"{path}:4:7: error: catalog syntax: a comment ending in '\\': GNU gettext joins the next line to it "
        "(the entry would lose that line); remove the backslash or write text after it"]
    assert path.read_text(encoding="utf-8") == text  # nothing written
    assert "Traceback" not in result.stderr


def test_a_comment_that_ends_otherwise_is_read_as_written() -> None:
    po = parse_po((HEADER + '# note\\ with more\n#. a\\b\nmsgctxt "a"\nmsgid "x"\nmsgstr "y"\n').encode(), "n.po")
    (message,) = [m for m in po.catalog if m.id]
    assert (message.context, message.user_comments, message.auto_comments) == ("a", ["note\\ with more"], ["a\\b"])


def test_an_authors_comment_ending_in_a_backslash_keeps_its_entry_whole(tmp_path: Path) -> None:
    source = (FIXTURES / "mini" / "source" / "mini-rules.yaml").read_text(encoding="utf-8")
    anchor = "- paragraph: wstep"
    assert source.count(anchor) == 1
    indent = source[: source.index(anchor)].rsplit("\n", 1)[1]
    path = tmp_path / "mini-rules.yaml"
    path.write_text(source.replace(anchor, f"# see C:\\\n{indent}{anchor}"), encoding="utf-8")
    data = catalog_bytes(extract(load_document(path), "en"))
    po = parse_po(data, "x.po")  # the strict reader takes it: no comment ends in '\'
    entry = next(m for m in po.catalog if m.context == "wstep")
    assert entry.auto_comments == ["see C:\\"]
    assert polib.pofile(data.decode("utf-8")).find("wstep", by="msgctxt") is not None


# --- helpers ---------------------------------------------------------------------


def mini_copy(tmp_path: Path) -> tuple[Path, list[str]]:
    root = tmp_path / "mini"
    shutil.copytree(FIXTURES / "mini", root)
    return root, ["--source", str(root / "source"), "--translations", str(root / "translations")]


def dedent(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")
