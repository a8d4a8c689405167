"""The CI matrix: each language built by a job of its own, in its own build
folder, then one job merging them into one site (``handbook build --merge``,
``make merge``); and the workflow file that runs it."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from build_tools.loader import load_manifest
from conftest import ROOT, run_handbook
from test_incremental import DATED, published

WORKFLOW = ROOT / ".github" / "workflows" / "handbook-matrix.yml"


def _build(mini: Path, folder: Path, *extra: str) -> str:
    result = run_handbook("build", *extra, "--source", str(mini / "source"),
                          "--translations", str(mini / "translations"), "--build-dir", str(folder), env=DATED)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_two_languages_built_apart_and_merged_are_the_site_built_at_once(mini: Path, tmp_path: Path) -> None:
    _build(mini, tmp_path / "job-pl", "--html", "-l", "pl")
    _build(mini, tmp_path / "job-en", "--html", "-l", "en")
    merged = tmp_path / "merged"
    out = _build(mini, merged, "--merge", str(tmp_path / "job-pl"), "--merge", str(tmp_path / "job-en"))
    assert "handbook: merged pl, en from " in out
    assert "not published yet" not in out
    together = tmp_path / "together"
    _build(mini, together, "--html")
    assert published(merged) == published(together)
    root = (merged / "site" / "index.html").read_text(encoding="utf-8")
    assert 'href="pl/index.html"' in root and 'href="en/index.html"' in root


def test_a_merge_of_a_folder_with_no_whole_website_publishes_no_such_language(mini: Path, tmp_path: Path) -> None:
    _build(mini, tmp_path / "job-pl", "--html", "-l", "pl")
    page = tmp_path / "job-en" / "html" / "en" / "index.html"
    _build(mini, tmp_path / "job-en", "--html", "-l", "en")
    page.write_bytes(b"")  # a job killed while Sphinx wrote
    merged = tmp_path / "merged"
    out = _build(mini, merged, "--merge", str(tmp_path / "job-pl"), "--merge", str(tmp_path / "job-en"))
    assert "handbook: merged pl from " in out
    assert "not published yet (no complete website): en" in out
    assert not (merged / "site" / "en").exists()


def test_a_merge_of_no_folder_is_a_usage_error(mini: Path, tmp_path: Path) -> None:
    result = run_handbook("build", "--merge", str(tmp_path / "nothing"), "--source", str(mini / "source"),
                          "--build-dir", str(tmp_path / "build"))
    assert result.returncode == 2
    assert "no such build folder" in result.stderr


def test_the_workflow_builds_every_language_of_the_manifest_then_merges() -> None:
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    jobs = workflow["jobs"]
    manifest = load_manifest(ROOT / "source" / "handbook.yaml")
    assert jobs["language"]["strategy"]["matrix"]["lang"] == list(manifest.languages)
    steps = " ".join(step.get("run", "") for step in jobs["language"]["steps"])
    assert "make html LANGS=${{ matrix.lang }}" in steps and "make pdf LANGS=${{ matrix.lang }}" in steps
    assert jobs["site"]["needs"] == "language"
    merge = " ".join(step.get("run", "") for step in jobs["site"]["steps"])
    assert re.search(r"make merge MERGE=", merge)


def test_make_passes_langs_and_merge_folders_to_the_handbook_command() -> None:
    import subprocess

    def planned(*args: str) -> str:
        return subprocess.run(["make", "-n", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout

    assert "build --html --jobs 2 -l en -l pl" in planned("html", "LANGS=en pl", "JOBS=2")
    assert "build --pdf --jobs 2 -l zh_CN" in planned("pdf", "LANGS=zh_CN", "JOBS=2")
    assert "build --merge parts/build-en --merge parts/build-pl" in planned("merge", "MERGE=parts/build-en parts/build-pl")
