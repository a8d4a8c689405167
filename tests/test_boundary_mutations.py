"""Boundaries a fresh round of hand-planted mutations found unguarded (issue
37, "tests that kill boundary bugs"). Each test names the mutation it kills
and holds the boundary on both sides: the input just inside it and the one
just outside."""

from __future__ import annotations

from pathlib import Path

import pytest

from build_tools import incremental


def test_a_files_length_keeps_two_files_apart_from_one_holding_both(tmp_path: Path) -> None:
    """Kills ``incremental.py:80`` with the length dropped from a file's
    header: without it, one file holding the other's header and bytes
    digests as the two files do."""
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir()
    two.mkdir()
    (one / "a").write_bytes(b"X\0b\0Y")
    (two / "a").write_bytes(b"X")
    (two / "b").write_bytes(b"Y")
    whole = incremental.digest_files([one / "a"], base=one)
    split = incremental.digest_files([two / "a", two / "b"], base=two)
    assert whole != split
    # The same files below another base: the same digest.
    (one / "b").write_bytes(b"Y")
    (one / "a").write_bytes(b"X")
    assert incremental.digest_files([one / "a", one / "b"], base=one) == split


def test_a_key_keeps_its_parts_apart_even_when_a_part_holds_a_nul() -> None:
    """Kills ``incremental.py:180`` with the length prefix of each part
    dropped: ``("a", "b")`` and ``("a\\0b",)`` would then be one key."""
    assert incremental.key("a", "b") != incremental.key("a\0b")
    assert incremental.key("a", "b") == incremental.key("a", "b")


def test_a_file_holding_the_word_absent_is_not_a_missing_file(tmp_path: Path) -> None:
    """Kills ``incremental.py:189`` with the ``file`` marker dropped: a file
    whose bytes are ``absent`` would key as no file at all."""
    missing, present = tmp_path / "missing", tmp_path / "present"
    present.write_bytes(b"absent")
    assert incremental.file_part(missing) != incremental.file_part(present)
    assert incremental.file_part(missing) == incremental.file_part(tmp_path / "also-missing")
    present.write_bytes(b"")
    assert incremental.file_part(present) != incremental.file_part(missing)


def test_a_tex_update_changes_the_inputs_digest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Kills ``incremental.py:111`` with the TeX programs dropped from the
    inputs' digest: a TeX Live update must rebuild the PDFs."""
    (tmp_path / "a.yaml").write_text("x: 1\n", encoding="utf-8")
    monkeypatch.setattr(incremental, "programs", lambda: ["xelatex=/usr/bin/xelatex:10:1"])
    first = incremental.inputs_digest([tmp_path], {})
    assert incremental.inputs_digest([tmp_path], {}) == first
    monkeypatch.setattr(incremental, "programs", lambda: ["xelatex=/usr/bin/xelatex:10:2"])
    assert incremental.inputs_digest([tmp_path], {}) != first
