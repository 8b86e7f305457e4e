"""The import border and the core's layers, checked by import-linter (contracts in pyproject.toml).

Folders and import names differ (core/ is ``tafel``, plugins/ is ``tafel.games``), and
import-linter reads a package from its folder, so the test first lays the sources out under their
import names in a temporary folder, with the Hexxagon example and the ``new-game`` template (as
``tafel_template``) beside them, then runs ``lint-imports`` there.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import tomllib

from tafel.cli.scaffold import write_plugin
from tests.bench_scripts import load

ROOT = Path(__file__).resolve().parent.parent
IGNORE = shutil.ignore_patterns("__pycache__", "*.egg-info")


@pytest.fixture(scope="module")
def mirror(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("imports")
    shutil.copytree(ROOT / "core", base / "tafel", ignore=IGNORE)
    shutil.copytree(ROOT / "plugins", base / "tafel" / "games", ignore=IGNORE)
    shutil.copytree(ROOT / "assets", base / "tafel" / "assets", ignore=IGNORE)
    shutil.copytree(
        ROOT / "examples" / "tafel-hexxagon" / "tafel_hexxagon", base / "tafel_hexxagon", ignore=IGNORE
    )
    write_plugin("template-game", base / "tafel_template")
    shutil.copy2(ROOT / "pyproject.toml", base / "pyproject.toml")
    return base


def _in_mirror(mirror: Path, code: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(mirror))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=mirror)


def _lint_imports(base: Path) -> subprocess.CompletedProcess:
    # lint-imports, run from this interpreter (its script may live in another bin folder).
    code = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"
    env = dict(os.environ, PYTHONPATH=str(base))
    return subprocess.run(
        [sys.executable, "-c", code, "pyproject.toml", "--no-cache"],
        capture_output=True,
        text=True,
        env=env,
        cwd=base,
    )


def test_import_linter_contracts_hold(mirror):
    done = _lint_imports(mirror)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Contracts: 4 kept, 0 broken." in done.stdout


@pytest.mark.parametrize(
    ("module", "line"),
    [
        ("tafel/games/atoll/probe.py", "from tafel.games.ataxx import rules"),
        ("tafel/games/amakta/probe.py", "from tafel.games.amakta_infinit import state"),
        ("tafel_hexxagon/probe.py", "from tafel.games.ataxx import rules"),
    ],
)
def test_a_game_importing_another_game_breaks_the_independence_contract(mirror, tmp_path, module, line):
    """Only Amakta Infinit may build on another game (Amakta); any other such import is refused."""
    base = tmp_path / "imports"
    shutil.copytree(mirror, base)
    (base / module).write_text(line + "\n", encoding="utf-8")
    done = _lint_imports(base)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Contracts: 3 kept, 1 broken." in done.stdout
    assert "The games are independent of each other" in done.stdout.split("Broken contracts")[1]


def test_no_import_cycles_in_the_core():
    """No module of the core imports itself back, however indirectly, type-only imports
    (``if TYPE_CHECKING:``) included: a type checker follows those too."""
    metrics = load("contract_metrics")
    # The play screen's parts import their scene back until issue 37's item 1 lands; then this
    # counts every module (skip=None).
    assert metrics.import_cycles(skip="tafel.ui.scenes.play") == []


def test_the_cycle_count_follows_type_only_and_relative_imports(tmp_path, monkeypatch):
    metrics = load("contract_metrics")
    core = tmp_path / "core"
    (core / "ui").mkdir(parents=True)
    (core / "__init__.py").write_text("")
    (core / "ui" / "__init__.py").write_text("")
    (core / "a.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from tafel.ui.b import B\n"
    )
    (core / "ui" / "b.py").write_text("from .. import a\n")
    monkeypatch.setattr(metrics, "CORE", core)
    assert metrics.import_cycles() == [["tafel.a", "tafel.ui.b"]]


@pytest.mark.parametrize(
    "line",
    [
        "from tafel.kit.text import font",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from tafel.registry import Registry",
    ],
)
def test_a_plugin_importing_past_the_public_modules_breaks_the_border(mirror, tmp_path, line):
    """A kit submodule, or a core module named for the type checker alone, is past the border."""
    base = tmp_path / "imports"
    shutil.copytree(mirror, base)
    (base / "tafel" / "games" / "atoll" / "probe.py").write_text(line + "\n", encoding="utf-8")
    done = _lint_imports(base)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Plugins import only the public API" in done.stdout.split("Broken contracts")[1]


def test_the_border_forbids_every_core_module_but_the_public_four():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    border = config["tool"]["importlinter"]["contracts"][0]
    core = ROOT / "core"
    modules = {p.stem for p in core.glob("*.py")} | {
        p.name for p in core.iterdir() if (p / "__init__.py").exists()
    }
    expected = {f"tafel.{m}" for m in modules - {"__init__", "view", "kit"}} | {"tafel.kit.*"}
    assert set(border["forbidden_modules"]) == expected


def test_plugins_import_only_names_in_the_public_modules_all():
    """The four public modules' ``__all__`` is the API: a plugin (plugins/, examples/) imports
    those names from those modules, nothing else of ``tafel`` (its own game, and Amakta for Amakta
    Infinit, aside). import-linter sees modules; this sees names."""
    metrics = load("contract_metrics")
    assert metrics.plugin_imports(metrics.public_names()) == []
