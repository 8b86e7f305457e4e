"""Tools for game authors: the `new-game` scaffold, the `check` command, what the conformance
suite catches, the renderer check on every built-in game, and clear errors for plugin mistakes."""

from __future__ import annotations

import dataclasses
import doctest
import importlib
import os
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pygame
import pytest

from tafel.cli import main
from tafel.cli.conformance import WINDOW_SIZES, Report, check_game, check_game_fully, option_variants
from tafel.cli.scaffold import ScaffoldError, plugin_names, write_plugin
from tafel.plugins import load_registry
from tafel.registry import LoadSpec
from tafel.view import BoardView
from tests.toygames import Cell, TicTacToeState, tictactoe_def

BUILTIN = load_registry()


def spec(folder) -> LoadSpec:
    return LoadSpec(plugin_dirs=(str(folder),), builtin=False, entry_points=False)


@pytest.fixture(autouse=True)
def _forget_plugin_modules():
    """Plugins written by these tests are imported by bare name: forget them afterwards."""
    before = set(sys.modules)
    yield
    for name in set(sys.modules) - before:
        if name.split(".")[0].startswith(("tp_", "my_game", "tictac", "duel")):
            del sys.modules[name]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- the scaffold -------------------------------------------------------------------------------


def test_new_game_writes_a_playable_plugin_that_passes_check(tmp_path, capsys):
    project = tmp_path / "plugs" / "tafel-my-game"
    code, out, err = run(capsys, "new-game", "my-game", "--dir", str(project))
    assert code == 0, err
    assert sorted(p.name for p in project.iterdir()) == ["README.md", "my_game", "pyproject.toml", "tests"]
    assert sorted(p.name for p in (project / "my_game").iterdir()) == [
        "README.md",
        "RULES.md",
        "__init__.py",
        "rules.py",
        "view.py",
    ]
    assert sorted(p.name for p in (project / "tests").iterdir()) == ["conftest.py", "test_my_game.py"]
    assert f"pip install -e {project}" in out and f"check my-game --plugin-dir {project}" in out

    registry = load_registry(spec(project))
    assert registry.broken == []
    game = registry.game("my-game")
    assert (game.title, game.plugin, game.min_players) == ("My Game", "my_game", 2)
    assert "3x3 with three in a row" in game.rules
    report = check_game(game, games=2, view=True, ai=True, sizes=WINDOW_SIZES[:2])
    assert report.ok, "\n".join(report.lines())
    assert report.notes == []  # rules, view and evaluate are all there

    # A real game: crosses win on the diagonal, misère turns the result round.
    for misere, winner in ((False, 0), (True, 1)):
        state = game.new_state(game.resolve_options({"misere": misere}), None)
        for text in ["a1", "b1", "b2", "c1", "c3"]:
            state = state.play(state.parse_move(text))
        assert state.outcome.winners == (winner,)
    rules = importlib.import_module("my_game.rules")
    assert doctest.testmod(rules).failed == 0


def test_new_game_project_installs_and_its_own_tests_pass(tmp_path, capsys):
    """The project's pyproject names the entry point and the package data, and its tests (the
    conformance suite and the rules) pass as written: the package found through a plugin folder
    here, as an installed package would be through its entry point."""
    import tomllib

    project = tmp_path / "tafel-duel"
    assert run(capsys, "new-game", "duel", "--dir", str(project))[0] == 0
    meta = tomllib.loads((project / "pyproject.toml").read_text(encoding="utf-8"))
    assert meta["project"]["entry-points"]["tafel"] == {"duel": "duel"}
    assert meta["tool"]["setuptools"]["packages"] == ["duel"]
    assert {"RULES.md", "README.md"} <= set(meta["tool"]["setuptools"]["package-data"]["duel"])
    env = dict(os.environ, TAFEL_PLUGIN_DIRS=str(project), TAFEL_NO_ENTRY_POINTS="1")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(project)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "3 passed" in done.stdout


def test_new_game_check_command_and_view_input(tmp_path, capsys):
    folder = tmp_path / "tictac"
    assert run(capsys, "new-game", "tictac", "--dir", str(folder), "--title", "Tic Tac")[0] == 0
    code, out, _ = run(capsys, "check", "tictac", "--plugin-dir", str(folder), "--quick")
    assert code == 0, out
    assert out.splitlines()[-1] == "conformance: ok"
    assert "option misere=on" in out

    registry = load_registry(spec(folder))
    game = registry.game("tictac")
    view = game.view_class()(game, game.resolve_options({}))
    assert isinstance(view, BoardView)
    pygame.init()
    view.layout(pygame.Rect(0, 0, 600, 600))
    state = game.new_state(game.resolve_options({}), None)
    from tafel.ui.fonts import Fonts
    from tafel.ui.theme import DEFAULT
    from tafel.view import ViewContext

    ctx = ViewContext(DEFAULT, Fonts(), interactive=True)
    center = view.cell_rect(4).center
    move = view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=center, button=1), state, ctx)
    assert state.move_to_text(move) == "b2"
    keys = [pygame.K_UP, pygame.K_UP, pygame.K_LEFT, pygame.K_RETURN]  # show the cursor at b2, go to a3, play
    for k in keys:
        move = view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""), state, ctx)
    assert state.move_to_text(move) == "a3"


def test_new_game_code_is_lint_clean(tmp_path):
    names, folder, _ = write_plugin("duel-of-wits", tmp_path / "tafel-duel-of-wits")
    assert names.cls == "DuelOfWits"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            "--isolated",
            "--line-length",
            "110",
            "--select",
            "E,F,W,B,UP",
            str(folder),
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout


def test_new_game_writes_to_the_user_plugin_folder_and_list_shows_it(tmp_path, monkeypatch, capsys):
    """With no --dir the game goes into plugins/ of the data folder, which every Tafel scans,
    installed or not: the next `list` shows it at once."""
    monkeypatch.chdir(tmp_path)
    data = Path(os.environ["TAFEL_DATA_DIR"])
    code, out, _ = run(capsys, "new-game", "tictac")
    assert code == 0
    assert (data / "plugins" / "tictac" / "__init__.py").exists()
    assert out.startswith(f"wrote Tictac (tictac) to {data / 'plugins' / 'tictac'}")
    assert "tafel play tictac" in out
    assert not (tmp_path / "plugins").exists()
    code, out, _ = run(capsys, "list")
    assert code == 0
    assert any(line.split()[:1] == ["tictac"] for line in out.splitlines())


@pytest.mark.parametrize(
    "argv,words",
    [
        (["new-game", "My Game"], "must start with a letter"),
        (["new-game", "7up"], "must start with a letter"),
        (["new-game", "ataxx"], "already exists (plugin ataxx)"),
        (["new-game", "json", "--dir", "{tmp}/json-game"], "would hide a module"),
        (["new-game", "x" * 300], "at most 40"),
        (["new-game", "ok-game", "--dir", "{tmp}/" + "d" * 300], "cannot write"),
        (["new-game", "ok-game", "--title", 'Say "hi"'], "without quotes"),
        (["new-game", "ok-game", "--dir", "{tmp}/full"], "refusing to overwrite"),
    ],
)
def test_new_game_refuses_with_one_line(tmp_path, monkeypatch, capsys, argv, words):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "keep.txt").write_text("mine")
    code, out, err = run(capsys, *[a.replace("{tmp}", str(tmp_path)) for a in argv])
    assert code == 2
    assert err.startswith("error: ") and words in err and err.count("\n") == 1
    assert (tmp_path / "full" / "keep.txt").read_text() == "mine"
    assert not (tmp_path / "plugins").exists()
    assert not (Path(os.environ["TAFEL_DATA_DIR"]) / "plugins").exists()


def test_plugin_names():
    assert plugin_names("go-moku").package == "go_moku"
    assert plugin_names("x", "X marks").title == "X marks"
    with pytest.raises(ScaffoldError):
        plugin_names("trailing-")


# --- the check command --------------------------------------------------------------------------


def test_check_builtin_game_passes(capsys):
    code, out, _ = run(capsys, "check", "ataxx", "--quick", "--no-view", "--plies", "20")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "checking ataxx (Ataxx, plugin ataxx) ..."
    assert lines[1] == "ataxx: 1 random game, 20 moves, 0 finished"
    assert "option layout=pillars: 1 random game, 20 moves, 0 finished" in lines
    assert lines[-1] == "conformance: ok"


def test_check_unknown_game_is_bad_input(capsys):
    code, _, err = run(capsys, "check", "no-such-game")
    assert code == 2 and "unknown game 'no-such-game'" in err


def test_check_reports_a_broken_plugin_and_fails(tmp_path, capsys):
    (tmp_path / "tp_broken.py").write_text("from tafel import hookimpl\ndef oops(:\n")
    code, out, _ = run(capsys, "check", "tp_broken", "--plugin-dir", str(tmp_path))
    assert code == 1
    assert "broken plugin tp_broken: SyntaxError" in out and out.splitlines()[-1] == "conformance: FAIL"


def test_check_fails_with_exit_1_and_names_the_problem(tmp_path, capsys):
    (tmp_path / "tp_lax.py").write_text(
        textwrap.dedent(
            """
            import dataclasses
            from tafel import hookimpl
            from tests.test_plugins_authoring import lax_def

            @hookimpl
            def register_games(register):
                register(lax_def())
            """
        )
    )
    code, out, _ = run(capsys, "check", "lax", "--plugin-dir", str(tmp_path), "--quick")
    assert code == 1
    assert "play() accepted a move that is not in legal_moves()" in out
    assert out.splitlines()[-1].startswith("conformance: ") and "failure" in out.splitlines()[-1]


# --- what the suite catches ---------------------------------------------------------------------


@dataclass(frozen=True)
class LaxState(TicTacToeState):
    """play() forgets to check that the cell is empty."""

    def play(self, move):
        return self.play_unchecked(move)

    def play_unchecked(self, move):
        s = super().play_unchecked(move)
        return LaxState(s.x, s.o, s.to_move)


@dataclass(frozen=True)
class SameTextState(TicTacToeState):
    def move_to_text(self, move):
        return "x"

    def play_unchecked(self, move):
        s = super().play_unchecked(move)
        return SameTextState(s.x, s.o, s.to_move)


@dataclass(frozen=True)
class CrashState(TicTacToeState):
    def legal_moves(self):
        if (self.x | self.o).bit_count() == 3:
            raise KeyError("boom")
        return super().legal_moves()

    def play_unchecked(self, move):
        s = super().play_unchecked(move)
        return CrashState(s.x, s.o, s.to_move)


def toy(state_cls=TicTacToeState, view=None, **kw):
    game = tictactoe_def()
    return dataclasses.replace(
        game,
        id=kw.pop("id", "toy"),
        new_state=kw.pop("new_state", lambda options, seed: state_cls()),
        view=view,
        **kw,
    )


def lax_def():
    return toy(LaxState, id="lax")


def test_the_toy_game_itself_passes():
    report = check_game(toy(view=PlainView), games=2, view=True, sizes=[(400, 300)])
    assert report.ok, report.lines()
    assert report.frames > 10


def test_catches_play_without_legality_check():
    report = check_game(toy(LaxState), games=1)
    assert any("play() accepted a move that is not in legal_moves()" in f for f in report.failures)
    assert not report.ok and report.lines()[-1].startswith("conformance: ")


@dataclass(frozen=True)
class YesState(TicTacToeState):
    """is_legal() says yes to every move (and play() believes it)."""

    def is_legal(self, move):
        return True

    def play(self, move):
        return self.play_unchecked(move)

    def play_unchecked(self, move):
        s = super().play_unchecked(move)
        return YesState(s.x, s.o, s.to_move)


def test_catches_is_legal_that_disagrees_with_legal_moves():
    report = check_game(toy(YesState), games=1)
    assert any("disagrees with legal_moves()" in f for f in report.failures), report.failures


def test_catches_shared_move_texts():
    report = check_game(toy(SameTextState), games=1)
    assert any("two legal moves share a text" in f for f in report.failures)


def test_a_crash_names_the_place():
    report = check_game(toy(CrashState), games=1)
    (failure,) = [f for f in report.failures if "KeyError" in f]
    assert "test_plugins_authoring.py:" in failure and "in legal_moves" in failure


class PlainView(BoardView):
    def draw(self, surface, state, ctx):
        pygame.draw.rect(surface, ctx.theme.board, self.rect)


class SmallScreenCrash(PlainView):
    def draw(self, surface, state, ctx):
        if self.rect.width < 300:
            raise ZeroDivisionError("cell size 0")
        super().draw(surface, state, ctx)


class EndlessAnimation(PlainView):
    animating = True


class IllegalClick(PlainView):
    def handle_event(self, event, state, ctx):
        return Cell(4) if event.type == pygame.MOUSEBUTTONDOWN else None


class Sprawling(PlainView):
    def draw(self, surface, state, ctx):
        surface.fill((200, 200, 200))


class Mumbling(PlainView):
    def status(self, state, ctx):
        return "Crosses to move"


@pytest.mark.parametrize(
    "view,words",
    [
        (
            SmallScreenCrash,
            "renderer 240x180 game 1 ply 0: the board view raised ZeroDivisionError: cell size 0",
        ),
        (EndlessAnimation, "the animation still runs after 10 s"),
        (IllegalClick, "handle_event returned Cell(index=4), not a legal move"),
        (Mumbling, "status() returned 'Crosses to move', not a list of strings"),
        (object, "GameDef.view names <class 'object'>, not a BoardView subclass"),
        ("tests.nowhere:View", "renderer: game toy: view 'tests.nowhere:View': ModuleNotFoundError"),
        ("tests.test_plugins_authoring:Nothing", "tests.test_plugins_authoring has no class Nothing"),
        ("tests.test_plugins_authoring:PlainView", None),
    ],
)
def test_renderer_failures(view, words):
    report = check_game(toy(view=view), games=1, view=True, sizes=[(640, 480), (240, 180)])
    if words is None:  # a view named by a text is imported when needed
        assert report.ok and report.frames > 0
    else:
        assert any(words in f for f in report.failures), report.failures


def test_definition_failures():
    report = check_game(toy(new_state=lambda options, seed: None), games=1)
    assert report.failures == ["game 1: new_state returned a NoneType, not a GameState"]
    report = check_game(toy(seat_names=lambda options: ["X"]), games=1)
    assert "definition: seat_names gave ['X'] for 2 seats" in report.failures


def test_drawing_outside_the_rectangle_is_a_note():
    report = check_game(toy(view=Sprawling), games=1, view=True, sizes=[(640, 480)])
    assert report.ok
    assert any("draws up to 16 px outside the rectangle" in n for n in report.notes)


def test_definition_notes_and_option_variants():
    report = check_game(toy(evaluate=None, rules=""), games=1)
    assert report.ok
    assert any("no evaluate()" in n for n in report.notes) and any("no rules text" in n for n in report.notes)
    assert any("no board view" in n for n in report.notes)
    ataxx = BUILTIN.game("ataxx")
    labels = [label for label, _ in option_variants(ataxx)]
    assert "layout=pillars" in labels and "engine_rules=on" in labels and "layout=classic" not in labels


def test_report_keeps_its_format():
    report = Report("g", games=2, plies=10, finished=1)
    assert report.lines() == ["g: 2 random games, 10 moves, 1 finished", "conformance: ok"]
    other = Report("g", games=1, plies=3)
    other.fail("boom")
    report.merge(other, "option x=1")
    assert report.lines()[1:] == [
        "option x=1: 1 random game, 3 moves, 0 finished FAILED",
        "FAIL [option x=1] boom",
        "conformance: 1 failure(s)",
    ]


@pytest.mark.parametrize("game_id", sorted(BUILTIN.games))
def test_every_builtin_renderer_passes(game_id):
    """The renderer part of the suite for every built-in game (the rest: tests/test_conformance.py)."""
    game = BUILTIN.game(game_id)
    report = check_game(
        game, games=1, max_plies=16, deep_every=50, view=True, sizes=[(1024, 768), (360, 640)]
    )
    assert report.ok, "\n".join(report.lines())
    assert report.frames > 0


def test_check_game_fully_runs_every_part():
    report = check_game_fully(BUILTIN.game("ataxx"), games=1, max_plies=12, sizes=[(500, 400)])
    assert report.ok
    text = "\n".join(report.lines())
    assert "renderer: " in text and "AI: the greedy agent chose legal moves" in text
    assert "option engine_rules=on" in text


# --- safety for authors ---------------------------------------------------------------------------

GOOD_GAME = """
from tafel import GameDef, hookimpl
from tests.toy_nim import nim_def
"""


def write(folder: Path, name: str, body: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.py").write_text(textwrap.dedent(body))


def broken_error(tmp_path, body: str, name: str = "tp_x", with_commands: bool = True) -> str:
    write(tmp_path, name, body)
    registry = load_registry(spec(tmp_path), with_commands=with_commands)
    errors = [b.error for b in registry.broken if b.name == name]
    assert len(errors) == 1, registry.broken
    assert "\n" not in errors[0]
    return errors[0]


@pytest.mark.parametrize(
    "body,words",
    [
        (
            "from tafel import hookimpl\n@hookimpl\ndef register_games(register):\n    return ['a game']\n",
            "plugin tp_x: register_games returned a list; it must call register(item) for each item",
        ),
        (
            "def register_games(register):\n    pass\n",
            "plugin tp_x: register_games is not marked @hookimpl",
        ),
        ("X = 1\n", "plugin tp_x: implements no Tafel hook"),
        (
            "from tafel import hookimpl\n@hookimpl\ndef register_games(reg):\n    pass\n",
            "Argument(s) {'reg'} are declared in the hookimpl but can not be found in the hookspec",
        ),
        (
            "from tafel import hookimpl\nfrom tests.toy_nim import nim_def\n@hookimpl\n"
            "def register_games(register):\n    register(nim_def('n1'), nim_def('n2'))\n",
            "TypeError",
        ),
        (
            "from tafel import GameDef, hookimpl\n@hookimpl\ndef register_games(register):\n"
            "    register(GameDef('g', 'G', 'd', 2, 2, lambda o, s: None))\n",
            "missing 1 required positional argument: 'parse_position'",
        ),
    ],
)
def test_hook_mistakes(tmp_path, body, words):
    assert words in broken_error(tmp_path, body)


def _game_with(**changes) -> str:
    args = ", ".join(f"{k}={v}" for k, v in changes.items())
    return (
        "import dataclasses\nfrom core import Option, hookimpl\nfrom tests.toy_nim import nim_def\n"
        f"@hookimpl\ndef register_games(register):\n    register(dataclasses.replace(nim_def('nim-x'), {args}))\n"
    )


@pytest.mark.parametrize(
    "changes,words",
    [
        ({"view": "'NimView'"}, "game nim-x: view 'NimView' must look like 'package.module:Class'"),
        ({"view": "3"}, "game nim-x: view must be a BoardView subclass or 'module:Class', got int"),
        ({"view": "dict"}, "game nim-x: view dict is not a BoardView subclass"),
        ({"evaluate": "3"}, "evaluate must be a function or None"),
        ({"options": "Option('a', 'A', 'bool', False)"}, "options must be a tuple of Option, got Option"),
        ({"options": "('size',)"}, "options must hold Option values, got str"),
        (
            {"options": "(Option('n', 'N', 'int', 30, minimum=1, maximum=9),)"},
            "option n: the default is not valid",
        ),
        (
            {"options": "(Option('a', 'A', 'bool', False), Option('a', 'B', 'bool', True))"},
            "option key 'a' is used twice",
        ),
        ({"options": "(Option('a', 'A', 'choice', 1),)"}, "a choice option needs choices"),
        ({"options": "(Option('a', 'A', 'colour', 1),)"}, "kind 'colour' is not choice, bool, int or text"),
        ({"min_players": "'2'"}, "has players 2-"),
        ({"id": "'Nim X'"}, "must be lower-case letters, digits and '-'"),
        ({"title": "None"}, "is missing title"),
        ({"features": "frozenset({'no-undo'})"}, "features must be a function or None, got frozenset"),
    ],
)
def test_game_definition_mistakes(tmp_path, changes, words):
    error = broken_error(tmp_path, _game_with(**changes))
    assert error.startswith("PluginError: plugin tp_x: ") and words in error


@pytest.mark.parametrize(
    "body,words",
    [
        (
            "from tafel import AgentDef, hookimpl\nfrom tafel.ai.random_agent import RandomAgent\n@hookimpl\n"
            "def register_agents(register):\n    register(AgentDef('mine', 'm', RandomAgent, games='ataxx'))\n",
            "agent 'mine': games must be a tuple of game ids like ('ataxx',), not 'ataxx'",
        ),
        (
            "from tafel import AgentDef, hookimpl\nfrom tafel.ai.random_agent import RandomAgent\n@hookimpl\n"
            "def register_agents(register):\n    register(AgentDef('greedy', 'g', RandomAgent))\n",
            "agent 'greedy' is already registered by plugin tafel.ai.generic",
        ),
        (
            "from tafel import AgentDef, hookimpl\nfrom tafel.ai.random_agent import RandomAgent\n@hookimpl\n"
            "def register_agents(register):\n    register(AgentDef('My Agent', 'g', RandomAgent))\n",
            "agent name 'My Agent' must be lower-case",
        ),
        (
            "from tafel import CommandDef, hookimpl\n@hookimpl\ndef register_commands(register):\n"
            "    register(CommandDef('list', 'mine', lambda p: None, lambda a, r: 0))\n",
            "command 'list' is one of the core's own commands",
        ),
        (
            "from tafel import CommandDef, hookimpl\n@hookimpl\ndef register_commands(register):\n"
            "    register(CommandDef('check', 'mine', lambda p: None, lambda a, r: 0))\n",
            "command 'check' is already registered by tafel.cli.authoring",
        ),
        (
            "from tafel import CommandDef, hookimpl\n@hookimpl\ndef register_commands(register):\n"
            "    register(CommandDef('mine', 'mine', None, lambda a, r: 0))\n",
            "command 'mine' needs callable configure and run",
        ),
    ],
)
def test_agent_and_command_mistakes(tmp_path, body, words):
    assert words in broken_error(tmp_path, body)


def test_duplicate_ids_across_plugins_name_both(tmp_path):
    body = _game_with(title="'Nim'")
    write(tmp_path, "tp_a", body)
    write(tmp_path, "tp_b", body)
    registry = load_registry(spec(tmp_path))
    (broken,) = registry.broken
    assert broken.name == "tp_b" and "game id 'nim-x' is already registered by plugin tp_a" in broken.error
    assert registry.game("nim-x").plugin == "tp_a"


def test_same_plugin_name_from_two_sources(tmp_path, monkeypatch):
    folder, site = tmp_path / "folder", tmp_path / "site"
    write(folder, "tp_twin", _game_with(title="'One'"))
    write(site, "tp_twin_pkg", _game_with(id="'nim-y'"))
    dist = site / "tp_twin-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: tp-twin\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[tafel]\ntp_twin = tp_twin_pkg\n")
    monkeypatch.syspath_prepend(str(site))
    registry = load_registry(
        LoadSpec(plugin_dirs=(str(folder),), builtin=False, entry_points=True, allow=("tp_twin",))
    )
    assert "nim-x" in registry.games and "nim-y" not in registry.games
    (broken,) = registry.broken
    assert broken.name == "tp_twin (entry point)"
    assert "plugin tp_twin: another plugin of that name is already loaded" in broken.error


def test_a_broken_plugin_leaves_the_others_and_list_shows_it(tmp_path, capsys):
    write(tmp_path, "tp_good", _game_with(title="'Good'"))
    write(
        tmp_path, "tp_bad", "from tafel import hookimpl\n@hookimpl\ndef register_gmaes(register):\n    pass\n"
    )
    registry = load_registry(spec(tmp_path))
    assert "nim-x" in registry.games
    (broken,) = registry.broken
    assert broken.error == (
        "PluginError: plugin tp_bad: register_gmaes is not a Tafel hook "
        "(hooks: register_games, register_agents, register_commands)"
    )
