"""Where ``--version`` finds the version: one source, whatever else is installed."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from helpers.cli import run_game
from helpers.paths import ROOT, cardgames_version

import common.version

MODULE = Path(common.version.__file__)


def load_copy(tree: Path) -> ModuleType:
    """Copy common/version.py into `tree` and import that copy, as if run from there."""
    (tree / "common").mkdir(parents=True, exist_ok=True)
    (tree / "common" / "__init__.py").touch()
    shutil.copy(MODULE, tree / "common" / "version.py")
    spec = importlib.util.spec_from_file_location(
        "copied_version", tree / "common" / "version.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write_setup_cfg(tree: Path, version: str,
                    name: str = common.version.DISTRIBUTION) -> None:
    tree.mkdir(parents=True, exist_ok=True)
    (tree / "setup.cfg").write_text(
        f"[metadata]\nname = {name}\nversion = {version}\n", encoding="utf-8")


def write_dist_info(site: Path, version: str, listed: str = "common/version.py",
                    suffix: str = "dist-info",
                    name: str = common.version.DISTRIBUTION) -> None:
    info = site / f"{name.replace('-', '_')}-{version}.{suffix}"
    info.mkdir(parents=True)
    metadata = "PKG-INFO" if suffix == "egg-info" else "METADATA"
    (info / metadata).write_text(
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    if suffix == "egg-info":
        (info / "SOURCES.txt").write_text(f"{listed}\nsetup.cfg\n")
    else:
        (info / "RECORD").write_text(f"{listed},,\n")


def test_a_source_tree_reads_its_setup_cfg(tmp_path: Path) -> None:
    write_setup_cfg(tmp_path, "2.3.4")
    assert load_copy(tmp_path).version() == "2.3.4"


@pytest.mark.parametrize("setup_cfg", [
    None,
    "[metadata]\nname = cardgames-console\n"
    "version = attr: common.cli.options.VERSION\n",
    "[metadata]\nname = cardgames\nversion = 9.9.9\n",  # the index's other project
    "[metadata]\nname = something-else\nversion = 9.9.9\n",
    "[metadata\nname",
])
def test_no_usable_setup_cfg_is_unknown(tmp_path: Path, setup_cfg: str | None) -> None:
    if setup_cfg is not None:
        (tmp_path / "setup.cfg").write_text(setup_cfg, encoding="utf-8")
    assert load_copy(tmp_path).version() == common.version.UNKNOWN


def test_an_installed_copy_reads_its_own_metadata(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    site = tmp_path / "site-packages"
    write_dist_info(site, "7.7.7")
    module = load_copy(site)
    monkeypatch.syspath_prepend(str(site))
    assert module.version() == "7.7.7"


def test_metadata_of_another_copy_is_ignored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # An installed cardgames-console elsewhere, listing its own common/version.py.
    elsewhere = tmp_path / "elsewhere"
    write_dist_info(elsewhere, "9.9.9")
    load_copy(elsewhere)
    monkeypatch.syspath_prepend(str(elsewhere))
    tree = tmp_path / "clone"
    write_setup_cfg(tree, "2.3.4")
    assert load_copy(tree).version() == "2.3.4"


def test_an_egg_info_in_the_tree_does_not_override_setup_cfg(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # pip install -e and python -m build leave an egg-info in the tree,
    # with the version of that moment: setup.cfg may have moved on since.
    write_setup_cfg(tmp_path, "2.3.4")
    write_dist_info(tmp_path, "1.0.0", suffix="egg-info")
    module = load_copy(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    assert module.version() == "2.3.4"


def test_every_game_prints_the_version_with_another_cardgames_installed(
        tmp_path: Path) -> None:
    write_dist_info(tmp_path, "9.9.9")  # another copy of this distribution
    write_dist_info(tmp_path, "0.0.0", name="cardgames")  # the index's other project
    for game in ("bigtwo", "stud", "inbetween", "reddog"):
        result = run_game(game, "--version", env={"PYTHONPATH": str(tmp_path)})
        assert result.returncode == 0
        assert result.stdout == (f"{game} (cardgames-console) "
                                 f"{cardgames_version()}\n").encode()


def test_the_version_is_looked_up_only_when_asked_for() -> None:
    code = ("import sys, bigtwo.__main__, stud.__main__, inbetween.__main__, "
            "reddog.__main__; print(sorted({'importlib.metadata', 'configparser'} "
            "& set(sys.modules)))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT,
                            capture_output=True, check=True)
    assert result.stdout == b"[]\n"
