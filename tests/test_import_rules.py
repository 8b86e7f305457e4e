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

from tafel.cli.scaffold import write_plugin

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
    write_plugin("template-game", base / "tafel_template", project=False)
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


CYCLES = """
import grimp
graph = grimp.build_graph("tafel", exclude_type_checking_imports=True)
core = sorted(m for m in graph.modules if not m.startswith("tafel.games"))
edges = {m: [x for x in graph.find_modules_directly_imported_by(m) if x in core] for m in core}
index, low, stack, on, found = {}, {}, [], set(), []
def visit(v):
    index[v] = low[v] = len(index); stack.append(v); on.add(v)
    for w in edges[v]:
        if w not in index:
            visit(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v: break
        if len(comp) > 1: found.append(sorted(comp))
for m in core:
    if m not in index: visit(m)
print(found)
"""


def test_no_import_cycles_in_the_core(mirror):
    """No module of the core imports itself back, however indirectly (type-only imports aside)."""
    done = _in_mirror(mirror, CYCLES)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]", done.stdout


def test_no_core_module_is_over_500_lines():
    long = {
        str(p.relative_to(ROOT)): n
        for p in (ROOT / "core").rglob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > 500
    }
    assert long == {}
