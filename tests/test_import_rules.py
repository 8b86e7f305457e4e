"""The import border and the core's layers, checked by import-linter (contracts in pyproject.toml).

``lint-imports`` runs twice. From the repository root, as a developer runs it: there the games are
the package ``plugins`` (import-linter reads a package from its folder, and plugins/ is not inside
core/). Then on a mirror laid out under the import names (core/ as ``tafel``, plugins/ as
``tafel.games``), with the Hexxagon example and the ``new-game`` template (as ``tafel_template``)
beside the games, and the same contracts renamed to match (:func:`mirrored_config`): there a game's
absolute imports of ``tafel.games...`` count too, and the example and the template are checked.

The root run is a whole check of the core and the games on its own: a probe planted in a copy of
the games breaks it, and the imports it cannot see (a game's absolute ``tafel.games...`` names,
which the root's graph drops) are only the ones the rules allow, which a test here keeps so.
"""

from __future__ import annotations

import ast
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
#: The one import across games the rules allow (PLUGINS.md, "Variants"): Amakta Infinit of Amakta.
CROSS_GAME = {"amakta_infinit": ("amakta",)}


@pytest.fixture(scope="module")
def mirror(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("imports")
    shutil.copytree(ROOT / "core", base / "tafel", ignore=IGNORE)
    shutil.copytree(ROOT / "plugins", base / "tafel" / "games", ignore=IGNORE)
    shutil.copytree(ROOT / "assets", base / "tafel" / "assets", ignore=IGNORE)
    shutil.copytree(
        ROOT / "examples" / "tafel-hexxagon" / "tafel_hexxagon", base / "tafel_hexxagon", ignore=IGNORE
    )
    write_plugin("template-game", base / "tafel_template", project=False)
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    (base / "pyproject.toml").write_text(mirrored_config(text), encoding="utf-8")
    return base


#: The root configuration's names for the games, and what they are on the mirror.
RENAMES = [
    ('root_packages = ["tafel", "plugins"]', 'root_packages = ["tafel", "tafel_hexxagon", "tafel_template"]'),
    ('source_modules = ["plugins"]', 'source_modules = ["tafel.games", "tafel_hexxagon", "tafel_template"]'),
    (
        'forbidden_modules = ["plugins"]',
        'forbidden_modules = ["tafel.games", "tafel_hexxagon", "tafel_template"]',
    ),
    (
        '    "plugins.amakta_infinit",\n]',
        '    "plugins.amakta_infinit",\n    "tafel_hexxagon",\n    "tafel_template",\n]',
    ),
    ('"plugins.', '"tafel.games.'),
    (" plugins.", " tafel.games."),
]


def mirrored_config(text: str) -> str:
    """pyproject.toml's import contracts with the games under their import names."""
    for old, new in RENAMES:
        assert old in text, old
        text = text.replace(old, new)
    return text


def test_lint_imports_runs_from_the_repository_root():
    done = _lint_imports(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Contracts: 4 kept, 0 broken." in done.stdout
    assert "Analyzed 0 files" not in done.stdout


@pytest.mark.parametrize(
    ("line", "contract"),
    [
        ("from tafel.kit.text import font", "Plugins import only the public API"),
        (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from tafel.registry import Registry",
            "Plugins import only the public API",
        ),
        ("from ..ataxx import rules", "The games are independent of each other"),
    ],
)
def test_the_root_run_checks_the_games(tmp_path, line, contract):
    """The root's own configuration, run where it runs (the games as ``plugins``, the core as the
    installed ``tafel``), breaks on a game past the border or reaching into another game."""
    shutil.copytree(ROOT / "plugins", tmp_path / "plugins", ignore=IGNORE)
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / "plugins" / "atoll" / "probe.py").write_text(line + "\n", encoding="utf-8")
    done = _lint_imports(tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Contracts: 3 kept, 1 broken." in done.stdout
    assert contract in done.stdout.split("Broken contracts")[1]


def _absolute_game_imports(path: Path) -> list[str]:
    """The modules of ``tafel.games`` that ``path`` imports by their absolute name."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.append(node.module)
    return [name for name in found if name == "tafel.games" or name.startswith("tafel.games.")]


def test_the_root_run_misses_no_import_between_games_or_into_a_game():
    """From the root a game is ``plugins.NAME``: an absolute ``tafel.games...`` import names a
    module the root's graph does not hold, and import-linter drops it unseen. So the core never
    writes one, and a game writes one only of itself or, for Amakta Infinit, of Amakta (the
    variant's allowed import, PLUGINS.md "Variants"); every other import between games is relative
    and checked from the root too (the mirror sees them all)."""
    wrong = []
    for path in sorted((ROOT / "core").rglob("*.py")):
        wrong += [f"{path.relative_to(ROOT)}: {name}" for name in _absolute_game_imports(path)]
    for game in sorted(p for p in (ROOT / "plugins").iterdir() if (p / "__init__.py").exists()):
        allowed = [f"tafel.games.{game.name}", *(f"tafel.games.{g}" for g in CROSS_GAME.get(game.name, ()))]
        for path in sorted(game.rglob("*.py")):
            wrong += [
                f"{path.relative_to(ROOT)}: {name}"
                for name in _absolute_game_imports(path)
                if not any(name == a or name.startswith(a + ".") for a in allowed)
            ]
    assert wrong == []


def _in_mirror(mirror: Path, code: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(mirror))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=mirror)


def _lint_imports(base: Path) -> subprocess.CompletedProcess:
    # lint-imports, run from this interpreter (its script may live in another bin folder); from the
    # repository root with the environment as it is, in a mirror with the mirror first on the path.
    code = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"
    env = dict(os.environ) if base == ROOT else dict(os.environ, PYTHONPATH=str(base))
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
    assert metrics.import_cycles(skip=None) == []


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


def test_the_contracts_name_every_core_module():
    """The border forbids every core module but the public four; every core module is kept from
    importing a plugin (a module added to the core must be added to both lists)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    border = config["tool"]["importlinter"]["contracts"][0]
    core = ROOT / "core"
    modules = {p.stem for p in core.glob("*.py")} | {
        p.name for p in core.iterdir() if (p / "__init__.py").exists()
    }
    expected = {f"tafel.{m}" for m in modules - {"__init__", "view", "kit"}} | {"tafel.kit.*"}
    assert set(border["forbidden_modules"]) == expected
    core_contract = config["tool"]["importlinter"]["contracts"][2]
    assert set(core_contract["source_modules"]) == {f"tafel.{m}" for m in modules - {"__init__"}}


def test_plugins_import_only_names_in_the_public_modules_all():
    """The four public modules' ``__all__`` is the API: a plugin (plugins/, examples/) imports
    those names from those modules, nothing else of ``tafel`` (its own game, and Amakta for Amakta
    Infinit, aside). import-linter sees modules; this sees names."""
    metrics = load("contract_metrics")
    assert metrics.plugin_imports(metrics.public_names()) == []
