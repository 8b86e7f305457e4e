"""The external example installs as a package and shows up in Tafel, with no change to the core.

The example is copied to a throwaway folder and installed with pip into a throwaway target
folder, never into the test environment; Tafel then runs in a subprocess with that folder on
its path and entry points enabled (the suite otherwise turns them off). When pip fails, the
test fails with pip's own words.
"""

from __future__ import annotations

import importlib.metadata
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "tafel-hexxagon"


def _pip_install(src: Path, target: Path) -> None:
    cmd = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target), str(src)]
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1")
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, f"pip could not install the example:\n{done.stdout}\n{done.stderr}"
    assert (target / "tafel_hexxagon" / "__init__.py").exists()


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("hexxagon-install")
    src = base / "src"
    shutil.copytree(EXAMPLE, src, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "build"))
    target = base / "site"
    _pip_install(src, target)
    return target


def tafel(site: Path, *args: str, entry_points: bool = True) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop("TAFEL_PLUGINS", None)
    env.pop("TAFEL_NO_ENTRY_POINTS", None)
    if not entry_points:
        env["TAFEL_NO_ENTRY_POINTS"] = "1"
    env["PYTHONPATH"] = str(site)
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=site.parent,
    )


def test_installed_game_appears_in_list(site):
    done = tafel(site, "list")
    assert done.returncode == 0, done.stderr
    line = next(ln for ln in done.stdout.splitlines() if ln.startswith("hexxagon "))
    assert "Hexxagon" in line and "players 2" in line and "plugin hexxagon" in line
    assert "ataxx " in done.stdout and "BROKEN" not in done.stdout
    # Found through its entry point only: with entry points off it is gone.
    done = tafel(site, "list", entry_points=False)
    assert done.returncode == 0 and "hexxagon" not in done.stdout


def test_installed_game_speaks_german_from_its_own_catalog(site):
    """The package ships its catalog (package data): `--lang de` shows its words in German."""
    done = tafel(site, "--lang", "de", "list")
    assert done.returncode == 0, done.stderr
    assert "Ataxx auf einem Sechseck: Klone und springe" in done.stdout
    assert "Ataxx on a hexagon" not in done.stdout
    assert any(p.name == "tafel_hexxagon.po" for p in (site / "tafel_hexxagon" / "locale").rglob("*.po"))
    done = tafel(site, "--lang", "de", "rules", "hexxagon")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Hexxagon ist Ataxx auf einem Sechseck")
    english = tafel(site, "--lang", "en", "list")
    assert "Ataxx on a hexagon: clone and jump" in english.stdout


def test_the_catalog_knows_every_text_of_the_example():
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
    from babel.messages.pofile import read_po

    package = EXAMPLE / "tafel_hexxagon"
    with (package / "locale" / "de" / "LC_MESSAGES" / "tafel_hexxagon.po").open("rb") as f:
        catalog = read_po(f, locale="de")
    marked = [m for *_f, m, _c, _x in extract_from_dir(str(package), keywords=DEFAULT_KEYWORDS)]
    assert len(marked) > 10
    for message in marked:
        entry = catalog.get(message if isinstance(message, str) else message[0])
        assert entry is not None and not entry.fuzzy and all(entry.string), message


def test_installed_game_passes_check(site):
    done = tafel(site, "check", "hexxagon", "--quick")
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == "conformance: ok"
    assert any(ln.startswith("renderer: ") for ln in lines)
    assert any(ln.startswith("option board=open: ") for ln in lines)


def test_installed_copy_is_what_runs_and_nothing_leaks(site):
    code = "import tafel_hexxagon, importlib.resources as r; print(tafel_hexxagon.__file__)"
    env = dict(os.environ, PYTHONPATH=str(site))
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=site.parent
    )
    assert Path(done.stdout.strip()).is_relative_to(site)
    # The test environment itself has no such distribution: the install went to a throwaway folder.
    with pytest.raises(importlib.metadata.PackageNotFoundError):
        importlib.metadata.distribution("tafel-hexxagon")


def test_the_core_does_not_name_the_game():
    for path in (ROOT / "core").rglob("*"):
        if path.suffix in (".py", ".tmpl", ".md", ".txt"):
            assert "hexxagon" not in path.read_text(encoding="utf-8").lower(), path
