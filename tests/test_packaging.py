"""Tafel as a real package: a non-editable wheel in a fresh virtual environment works from any
folder, ships its fonts, and installs nothing but ``tafel`` (no top-level ``core`` or ``plugins``).

Building the wheel and the environment needs pip to reach the package index (or its cache); the
test fails, with pip's own words, when it cannot.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest
import tomllib

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = {"tafel": ROOT / "core", "tafel.games": ROOT / "plugins", "tafel.assets": ROOT / "assets"}


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_every_package_folder_is_listed_in_pyproject():
    """The import names are mapped by hand (core/ is tafel): a new package folder must be listed."""
    listed = set(_pyproject()["tool"]["setuptools"]["packages"])
    found = set()
    for name, folder in FOLDERS.items():
        for init in folder.rglob("__init__.py"):
            rel = init.parent.relative_to(folder).parts
            found.add(".".join((name, *rel)))
    # tafel.games and tafel.assets are under tafel by name, but live in folders of their own.
    assert found == listed


def test_every_built_in_game_is_an_entry_point():
    declared = _pyproject()["project"]["entry-points"]["tafel"]
    games = {p.name for p in (ROOT / "plugins").iterdir() if (p / "__init__.py").exists()}
    assert declared == {name: f"tafel.games.{name}" for name in sorted(games)}


def _run(cmd, **kw) -> subprocess.CompletedProcess:
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1")
    for var in ("PYTHONPATH", "TAFEL_NO_ENTRY_POINTS", "TAFEL_PLUGINS", "TAFEL_PLUGIN_DIRS"):
        env.pop(var, None)
    env.update(kw.pop("env", {}))
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600, **kw)
    assert done.returncode == 0, f"{' '.join(map(str, cmd))} failed:\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, Path]:
    """(python of a fresh venv with the tafel wheel installed, a folder outside the source tree)."""
    base = tmp_path_factory.mktemp("wheel")
    src = base / "src"
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "build", ".*", "*.so")
    for name in ("core", "plugins", "assets"):
        shutil.copytree(ROOT / name, src / name, ignore=ignore)
    for name in ("pyproject.toml", "setup.py", "README.md"):  # (setup.py: the optional C extension)
        shutil.copy2(ROOT / name, src / name)
    dist = base / "dist"
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(dist), str(src)])
    (wheel,) = dist.glob("tafel-*.whl")
    env_dir = base / "venv"
    # No pip of its own (ensurepip costs seconds): the suite's pip installs into it.
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", str(wheel)])
    elsewhere = base / "elsewhere"
    elsewhere.mkdir()
    return python, elsewhere


def test_wheel_lists_every_game_from_another_folder(installed):
    python, elsewhere = installed
    tafel = python.parent / "tafel"
    data = elsewhere / "data"
    done = _run([str(tafel), "list"], cwd=elsewhere, env={"TAFEL_DATA_DIR": str(data)})
    ids = {line.split()[0] for line in done.stdout.splitlines() if line.strip()}
    assert {"ataxx", "atoll", "axxa", "amakta", "amakta-infinit"} <= ids
    assert "BROKEN" not in done.stdout
    german = _run([str(tafel), "--lang", "de", "list"], cwd=elsewhere, env={"TAFEL_DATA_DIR": str(data)})
    assert "Spieler 2" in german.stdout  # the catalog ships and Babel is installed with Tafel


DRAW = """
import importlib.util, os, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
assert importlib.util.find_spec("core") is None, "a top-level core package is installed"
assert importlib.util.find_spec("plugins") is None, "a top-level plugins package is installed"
import pygame
from tafel.plugins import load_registry
from tafel.ui.app import App
from tafel.ui import fonts
font_file = fonts.FONT_DIR / "DejaVuSans.ttf"
assert str(font_file).startswith(sys.prefix), font_file
app = App(load_registry(), windowed=True, size=(800, 600))
app.step()
pygame.image.save(app.screen, sys.argv[1])
shipped = pygame.font.Font(str(font_file), 40).size("Tafel Wg")
assert fonts.Fonts().get(40).size("Tafel Wg") == shipped
assert pygame.font.Font(None, 40).size("Tafel Wg") != shipped, "DejaVu looks like pygame's default font"
app.close()
print("drawn")
"""


def test_wheel_draws_a_frame_with_the_shipped_font(installed):
    python, elsewhere = installed
    out = elsewhere / "frame.png"
    done = _run(
        [str(python), "-c", DRAW, str(out)], cwd=elsewhere, env={"TAFEL_DATA_DIR": str(elsewhere / "d")}
    )
    assert done.stdout.strip().endswith("drawn")
    import pygame

    frame = pygame.image.load(str(out))
    assert frame.get_size() == (800, 600)
    colours = {frame.get_at((x, y))[:3] for x in range(0, 800, 7) for y in range(0, 600, 7)}
    assert len(colours) > 10  # the menu, not a blank screen


def test_wheel_holds_only_tafel(installed):
    python, _ = installed
    done = _run([sys.executable, "-m", "pip", "--python", str(python), "show", "-f", "tafel"])
    files = [ln.strip() for ln in done.stdout.splitlines()[done.stdout.splitlines().index("Files:") + 1 :]]
    tops = {f.split("/")[0] for f in files if f and not f.startswith(("..", "tafel-"))}
    assert tops == {"tafel"}, tops
    assert any(f.endswith("tafel/assets/fonts/DejaVuSans.ttf") for f in files)
    assert any(f.endswith("tafel/games/amakta/data/boards/hexagon.json") for f in files)
    # Every game's German catalog and rules ship too.
    for game in ("amakta", "amakta_infinit", "ataxx"):
        assert any(f.endswith(f"tafel/games/{game}/locale/de/LC_MESSAGES/{game}.po") for f in files), game
        assert any(f.endswith(f"tafel/games/{game}/RULES.de.md") for f in files), game
    assert any(f.endswith("tafel/locale/de/LC_MESSAGES/tafel.po") for f in files)  # the core's catalog
