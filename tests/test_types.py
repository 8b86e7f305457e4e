"""mypy over the core and the built-in games (issue 37, item 3): the public API (``tafel``,
``tafel.view``, ``tafel.kit``, ``tafel.testing``) strictly, the rest with mypy's default checks;
the settings and the backlog of modules not yet passing are in pyproject.toml ([tool.mypy]).

mypy reads a package from its folders, and core/ is ``tafel`` while plugins/ is ``tafel.games``, so
the test first lays out links under the import names (in build/typecheck, a fixed place, so that
mypy's cache in .mypy_cache serves the next run: a few seconds instead of a quarter of a minute).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _typecheck_tree() -> Path:
    """``build/typecheck/tafel``: a link to each entry of core/, and ``games`` to plugins/."""
    base = ROOT / "build" / "typecheck"
    shutil.rmtree(base, ignore_errors=True)
    package = base / "tafel"
    package.mkdir(parents=True)
    for entry in sorted((ROOT / "core").iterdir()):
        if entry.name != "__pycache__":
            (package / entry.name).symlink_to(entry)
    (package / "games").symlink_to(ROOT / "plugins")
    return base


def test_mypy_passes_on_the_core_and_the_games():
    base = _typecheck_tree()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "-p",
            "tafel",
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--cache-dir",
            str(ROOT / ".mypy_cache"),
        ],
        capture_output=True,
        text=True,
        cwd=base,
    )
    assert done.returncode == 0, done.stdout + done.stderr
