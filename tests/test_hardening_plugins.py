"""Hostile and careless plugins (issue 16, items 8 and 9).

Item 8: a plugin that calls ``sys.exit()`` at import, in a hook, in its command's set-up or its
command, is a broken plugin like any other: listed with its error, the rest works.

Item 9: plugin folders never shadow the standard library: with ``TAFEL_PLUGINS=ataxx`` and a
folder in ``TAFEL_PLUGIN_DIRS`` holding ``json.py`` and ``uuid.py`` that write a marker file
when imported, commands that read saves and play games never run them, and the plugins the
allow-list leaves out are never imported. Run in fresh processes, as a player would.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tafel.plugins import load_registry
from tafel.registry import LoadSpec

ROOT = Path(__file__).resolve().parent.parent

NIM_PLUGIN = """
from tafel import hookimpl
from tests.toy_nim import nim_def

@hookimpl
def register_games(register):
    register(nim_def("{gid}"))
"""


def _write(folder: Path, name: str, body: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.py").write_text(textwrap.dedent(body))


@pytest.fixture(autouse=True)
def _forget_plugins():
    before = set(sys.modules)
    yield
    for name in set(sys.modules) - before:
        if name.startswith("hp_"):
            del sys.modules[name]


# --- item 8: sys.exit() ---------------------------------------------------------------------------

EXITING = {
    "hp_exit_import": "import sys\nsys.exit(3)\n",
    "hp_exit_zero": "raise SystemExit\n",
    "hp_exit_hook": NIM_PLUGIN.format(gid="nim-exit-hook")
    + "\n@hookimpl\ndef register_agents(register):\n    import sys\n    sys.exit('agents? no')\n",
    "hp_exit_configure": """
        import sys
        from tafel import CommandDef, hookimpl

        def configure(parser):
            sys.exit(5)

        @hookimpl
        def register_commands(register):
            register(CommandDef("hp-configure", "exits while adding its arguments", configure, lambda a, r: 0))
    """,
    "hp_exit_run": """
        import sys
        from tafel import CommandDef, hookimpl

        def run(args, registry):
            sys.exit(7)

        @hookimpl
        def register_commands(register):
            register(CommandDef("hp-run", "exits while running", lambda parser: None, run))
    """,
}


@pytest.fixture
def exiting_folder(tmp_path):
    for name, body in EXITING.items():
        _write(tmp_path, name, body)
    _write(tmp_path, "hp_fine", NIM_PLUGIN.format(gid="nim-fine"))
    return tmp_path


def test_sys_exit_in_a_plugin_breaks_only_that_plugin(exiting_folder):
    reg = load_registry(LoadSpec(plugin_dirs=(str(exiting_folder),), builtin=False, entry_points=False))
    assert "nim-fine" in reg.games and "hp_fine" in reg.plugins
    errors = {b.name: b.error for b in reg.broken}
    assert errors == {
        "hp_exit_import": "SystemExit: 3",
        "hp_exit_zero": "SystemExit",
        "hp_exit_hook": "SystemExit: agents? no",
        "hp_exit_configure": "PluginError: plugin hp_exit_configure: command hp-configure: SystemExit: 5",
    }
    # A broken plugin contributes nothing; the command that only fails when run is still listed.
    assert "nim-exit-hook" not in reg.games and "hp-configure" not in reg.commands
    assert "hp-run" in reg.commands
    assert {"random", "hard"} <= {a.name for a in reg.agents}


def test_ctrl_c_while_loading_is_not_swallowed(tmp_path):
    _write(tmp_path, "hp_interrupt", "raise KeyboardInterrupt\n")
    with pytest.raises(KeyboardInterrupt):
        load_registry(LoadSpec(plugin_dirs=(str(tmp_path),), builtin=False, entry_points=False))


def _tafel(*argv: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess:
    """``python main.py ARGV`` in a fresh process (stdin closed, headless)."""
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *argv],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )


def _env(**extra: str) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TAFEL_NO_ENTRY_POINTS="1")
    env.pop("TAFEL_PLUGINS", None)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    env.update(extra)
    return env


def test_commands_work_beside_plugins_that_exit(exiting_folder, tmp_path):
    env = _env(TAFEL_PLUGIN_DIRS=str(exiting_folder), TAFEL_DATA_DIR=str(tmp_path / "data"))
    listed = _tafel("list", env=env, cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert "Traceback" not in listed.stderr
    lines = listed.stdout.splitlines()
    assert any(line.startswith("ataxx ") for line in lines) and any(
        line.startswith("nim-fine ") for line in lines
    )
    assert any(line.startswith("hp_exit_import") and "BROKEN: SystemExit: 3" in line for line in lines)
    assert any(line.startswith("hp_exit_hook") and "BROKEN: SystemExit: agents? no" in line for line in lines)
    shown = _tafel("show", "ataxx", env=env, cwd=tmp_path)
    assert shown.returncode == 0 and shown.stdout.startswith("position: "), shown.stderr
    ran = _tafel("hp-run", env=env, cwd=tmp_path)
    assert (ran.returncode, ran.stdout) == (1, "")
    assert ran.stderr == "error: plugin hp_exit_run failed (command hp-run): SystemExit: 7\n"


LEAVING_GAME = """
import dataclasses
import sys

from tafel import hookimpl
from tests.toy_nim import NimState, nim_def


class Leaving(NimState):
    def legal_moves(self):
        sys.exit(3)


@hookimpl
def register_games(register):
    register(dataclasses.replace(nim_def("nim-leaving"), new_state=lambda options, seed: Leaving(5)))
"""


def test_a_game_that_exits_under_a_core_command_is_named(tmp_path):
    """``check`` (the core's conformance suite) runs the game's rules: sys.exit() in them is one
    error line naming the plugin, not a silent exit with the plugin's code."""
    _write(tmp_path / "plugins", "hp_leaving", LEAVING_GAME)
    env = _env(TAFEL_PLUGIN_DIRS=str(tmp_path / "plugins"), TAFEL_DATA_DIR=str(tmp_path / "data"))
    for argv in (("check", "nim-leaving", "--no-view"), ("show", "nim-leaving")):
        done = _tafel(*argv, env=env, cwd=tmp_path)
        assert done.returncode == 1, (argv, done.stdout, done.stderr)
        assert done.stderr.splitlines()[-1].startswith("error: plugin hp_leaving failed ("), argv
        assert done.stderr.endswith("SystemExit: 3\n") and "Traceback" not in done.stderr


# --- item 9: plugin folders never shadow the standard library ------------------------------------

SPY = """
import os
with open(os.environ["TAFEL_TEST_MARKER"], "a", encoding="utf-8") as _marker:
    _marker.write(__name__ + " " + __file__ + "\\n")
"""

SPY_PLUGIN = SPY + NIM_PLUGIN.format(gid="nim-spy")

#: The arcade with a game against the AI: the worker process is spawned, the AI moves, the game is
#: autosaved, a named save made and listed, then the arcade closes.
PLAY = """
import sys
from tafel import saves
from tafel.match import StartRequest
from tafel.plugins import load_registry
from tafel.testing import run_until
from tafel.ui.app import App

folder = sys.argv[1]
assert folder not in sys.path and not any(p and folder.startswith(p) and p != "/" for p in sys.path), sys.path
registry = load_registry()
assert set(registry.games) == {"ataxx"}, sorted(registry.games)
start = StartRequest(game_id="ataxx", options={}, players=["easy", "easy"], seed=1, position=None, moves=[])
app = App(registry, windowed=True, size=(800, 600), start=start)
scene = app.scenes.top
run_until(app, lambda: len(scene.match.texts) >= 2, frames=100000, wait=60.0)
saves.save_named(scene.match, "spied")
saves.flush()
assert [s.label for s in saves.list_saves([])], "no saves listed"
app.close()
print("played", len(scene.match.texts), "moves")
"""


@pytest.fixture
def spy_folder(tmp_path):
    folder = tmp_path / "plugins"
    for name in ("json", "uuid", "random", "pygame"):
        _write(folder, name, SPY)
    _write(folder, "hp_unlisted", SPY_PLUGIN)
    package = folder / "hp_unlisted_pkg"
    package.mkdir()
    (package / "__init__.py").write_text(SPY_PLUGIN.replace("nim-spy", "nim-spy-pkg"))
    return folder


def test_plugin_folders_never_shadow_the_standard_library(spy_folder, tmp_path):
    marker = tmp_path / "marker.txt"
    data = tmp_path / "data"
    env = _env(
        TAFEL_PLUGINS="ataxx",
        TAFEL_PLUGIN_DIRS=str(spy_folder),
        TAFEL_DATA_DIR=str(data),
        TAFEL_TEST_MARKER=str(marker),
    )
    for argv in (
        ("list",),
        ("saves",),
        ("saves", "--history"),
        ("show", "ataxx", "--moves", "g2"),
        ("play", "ataxx", "--players", "human,nobody"),
        ("play", "--resume"),
        ("arena", "ataxx", "random", "random", "--games", "1", "--quiet"),
    ):
        done = _tafel(*argv, env=env, cwd=spy_folder)  # even run from inside the folder
        assert "Traceback" not in done.stderr, (argv, done.stderr)
        assert not marker.exists(), (argv, marker.read_text())
    played = subprocess.run(
        [sys.executable, "-c", PLAY, str(spy_folder)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=180,
    )
    assert played.returncode == 0, played.stderr
    assert played.stdout.startswith("played ")
    assert not marker.exists(), marker.read_text()
    after = _tafel("saves", env=env, cwd=tmp_path)
    assert "spied" in after.stdout and not marker.exists()


def test_without_an_allow_list_stdlib_names_are_refused_unread(spy_folder, tmp_path):
    marker = tmp_path / "marker.txt"
    env = _env(
        TAFEL_PLUGIN_DIRS=str(spy_folder),
        TAFEL_DATA_DIR=str(tmp_path / "data"),
        TAFEL_TEST_MARKER=str(marker),
    )
    listed = _tafel("list", env=env, cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    for name in ("json", "uuid", "random", "pygame"):
        assert any(
            line.startswith(name) and "BROKEN" in line and "already taken" in line
            for line in listed.stdout.splitlines()
        ), (name, listed.stdout)
    # Only the real plugins in the folder ran (they were not on the allow-list above).
    ran = sorted(line.split()[0] for line in marker.read_text().splitlines())
    assert ran == ["hp_unlisted", "hp_unlisted_pkg"]
    assert "nim-spy " in listed.stdout and "nim-spy-pkg " in listed.stdout
