"""The CI matrix keeps what it downloads between runs: pip's downloads in every
job, and the Debian packages in every job that installs them, each cache keyed
on the files that name what goes into it, so that a changed requirement or
package list misses it. (No network here: the workflow is read, not run.)"""

from __future__ import annotations

import re
from typing import Any

import pytest
import yaml

from conftest import ROOT

WORKFLOW = ROOT / ".github" / "workflows" / "handbook-matrix.yml"
#: The files pip installs from: `make` reinstalls the venv when either changes.
REQUIREMENTS = ("requirements.txt", "pyproject.toml")
#: The file naming the Debian packages (build_tools/system-deps.sh).
PACKAGE_LIST = "build_tools/system-deps.sh"


def jobs() -> dict[str, Any]:
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    return dict(workflow["jobs"])


def uses(step: dict[str, Any], action: str) -> bool:
    return str(step.get("uses", "")).split("@")[0] == action


def hashed_files(key: str) -> list[str]:
    """The files a cache key's ``hashFiles(...)`` expressions name, in order.

    >>> hashed_files("apt-${{ hashFiles('a.sh', 'b') }}-${{ hashFiles('c') }}")
    ['a.sh', 'b', 'c']
    """
    return [name for args in re.findall(r"hashFiles\(([^)]*)\)", key) for name in re.findall(r"'([^']+)'", args)]


@pytest.mark.parametrize("name", sorted(jobs()))
def test_every_job_keeps_pips_downloads_keyed_on_the_requirements(name: str) -> None:
    steps = jobs()[name]["steps"]
    python = [step for step in steps if uses(step, "actions/setup-python")]
    assert len(python) == 1, name
    settings = python[0]["with"]
    assert settings["cache"] == "pip"
    # setup-python's key hashes the files of cache-dependency-path.
    assert sorted(str(settings["cache-dependency-path"]).split()) == sorted(REQUIREMENTS)


def _installs_packages(step: dict[str, Any]) -> bool:
    return PACKAGE_LIST in str(step.get("run", ""))


def test_the_jobs_that_install_debian_packages_keep_them_keyed_on_the_package_list() -> None:
    installing = {name: job for name, job in jobs().items() if any(_installs_packages(s) for s in job["steps"])}
    assert "language" in installing
    for name, job in installing.items():
        steps = job["steps"]
        install = next(i for i, step in enumerate(steps) if _installs_packages(step))
        caches = [step for step in steps[:install] if uses(step, "actions/cache")]
        assert len(caches) == 1, f"{name}: one cache restored before the packages are installed"
        cache = caches[0]["with"]
        assert hashed_files(cache["key"]) == [PACKAGE_LIST], cache["key"]
        # Packages of one Ubuntu release are not another's: the runner's image is in the key.
        assert job["runs-on"] in cache["key"], cache["key"]
        # An exact key only: a changed package list restores nothing of the old one.
        assert "restore-keys" not in cache
        # The cached folder is where apt is told to keep its downloads.
        folder = cache["path"].rsplit("/", 1)[0]
        config = " ".join(str(step.get("run", "")) for step in steps[:install])
        assert "Dir::Cache::Archives" in config and folder in config
        assert 'APT::Keep-Downloaded-Packages "true"' in config


def test_the_package_list_the_key_hashes_is_the_one_the_install_reads() -> None:
    script = (ROOT / PACKAGE_LIST).read_text(encoding="utf-8")
    assert "TEX_PACKAGES=" in script and "GETTEXT_PACKAGES=" in script
    steps = " ".join(str(step.get("run", "")) for step in jobs()["language"]["steps"])
    assert f"sh {PACKAGE_LIST} tex gettext" in steps
