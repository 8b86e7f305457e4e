"""The external example installs as a package and shows up in Tafel, with no change to the core.

The example is copied to a throwaway folder and installed with pip into a throwaway target
folder, never into the test environment; Tafel then runs in a subprocess with that folder on
its path and entry points enabled (the suite otherwise turns them off). Where pip cannot build
here (no ``wheel`` and no index to fetch one from), the package is laid out the way pip would
lay it out: the package folder plus a dist-info whose entry points come from the example's own
``pyproject.toml``.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "tafel-hexxagon"


def _pip_install(src: Path, target: Path) -> bool:
    cmd = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target)]
    if importlib.util.find_spec("wheel") is not None:
        cmd += ["--no-build-isolation", "--no-index"]  # offline, and quick
    env = dict(os.environ, PIP_RETRIES="0", PIP_DEFAULT_TIMEOUT="5", PIP_DISABLE_PIP_VERSION_CHECK="1")
    try:
        done = subprocess.run([*cmd, str(src)], capture_output=True, text=True, timeout=90, env=env)
    except subprocess.TimeoutExpired:
        return False
    return done.returncode == 0 and (target / "tafel_hexxagon" / "__init__.py").exists()


def _install_by_hand(src: Path, target: Path) -> None:
    import tomllib  # Python 3.11+; only this fallback needs it

    config = tomllib.loads((src / "pyproject.toml").read_text(encoding="utf-8"))
    project = config["project"]
    for package in config["tool"]["setuptools"]["packages"]:
        shutil.copytree(src / package, target / package)
    dist = target / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n", encoding="utf-8"
    )
    lines = []
    for group, entries in project["entry-points"].items():
        lines.append(f"[{group}]")
        lines += [f"{name} = {value}" for name, value in entries.items()]
    (dist / "entry_points.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("hexxagon-install")
    src = base / "src"
    shutil.copytree(EXAMPLE, src, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "build"))
    target = base / "site"
    if not _pip_install(src, target):
        shutil.rmtree(target, ignore_errors=True)
        target.mkdir()
        _install_by_hand(src, target)
    return target


def tafel(site: Path, *args: str, entry_points: bool = True) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop("TAFEL_PLUGINS", None)
    env.pop("TAFEL_NO_ENTRY_POINTS", None)
    if not entry_points:
        env["TAFEL_NO_ENTRY_POINTS"] = "1"
    env["PYTHONPATH"] = os.pathsep.join([str(site), str(ROOT)])
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


def test_installed_game_passes_check(site):
    done = tafel(site, "check", "hexxagon", "--quick")
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == "conformance: ok"
    assert any(ln.startswith("renderer: ") for ln in lines)
    assert any(ln.startswith("option board=open: ") for ln in lines)


def test_installed_copy_is_what_runs_and_nothing_leaks(site):
    code = "import tafel_hexxagon, importlib.resources as r; print(tafel_hexxagon.__file__)"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), str(ROOT)]))
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
