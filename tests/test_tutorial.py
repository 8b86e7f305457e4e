"""Guided first games: the tutorial contract (:mod:`tafel.tutorial`), the built-in games'
tutorials, and the play screen's guide (:mod:`tafel.ui.scenes.play.guide`) driven through the
app: started from setup, a wrong move refused, the scripted moves and replies, the hand-over."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from tafel import GameError, Tutorial, TutorialStep
from tafel.plugins import load_registry
from tafel.registry import PluginError, Registry
from tafel.testing import run_command
from tafel.tutorial import check_shape, play_out
from tafel.ui.app import App
from tafel.ui.scenes.play import PlayScene
from tafel.ui.scenes.setup import SetupScene
from tests.ui_toygame import GAME_ID, FakeWorker, click, key, run_until, toy_game_def

BUILTIN = ("ataxx", "atoll", "axxa", "amakta", "amakta-infinit")

TOY_TUTORIAL = Tutorial(
    steps=(
        TutorialStep("b2", "Put your X in the centre: click b2.", rule="Mark any empty cell.", reply="a1"),
        TutorialStep("c1", "Now the top-right corner, c1.", rule="Three in a row wins.", reply="a3"),
        TutorialStep("a2", "Block O's column: a2.", rule="Stop the other side's lines."),
    ),
    intro="Tic-tac-toe in three steps.",
)

PLUGIN = """
import dataclasses
from tafel import AgentRegistrar, GameRegistrar, hookimpl
from tests.ui_toygame import toy_agents, toy_game_def
from tests.test_tutorial import TOY_TUTORIAL


@hookimpl
def register_games(register: GameRegistrar) -> None:
    register(dataclasses.replace(toy_game_def(), tutorial=TOY_TUTORIAL))


@hookimpl
def register_agents(register: AgentRegistrar) -> None:
    for agent in toy_agents():
        register(agent)
"""


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    from tafel.registry import LoadSpec

    folder = tmp_path_factory.mktemp("tutorial_plugins")
    (folder / "toytutorial.py").write_text(PLUGIN)
    return load_registry(LoadSpec(plugin_dirs=(str(folder),), builtin=False, entry_points=False))


@pytest.fixture(autouse=True)
def private_data(tmp_path, monkeypatch):
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path / "data"))


# --- the contract ------------------------------------------------------------------------------


def test_the_toy_tutorial_plays_out(registry):
    lesson = play_out(registry.game(GAME_ID))
    assert lesson.texts == ["b2", "a1", "c1", "a3", "a2"]
    assert lesson.by_learner == [True, False, True, False, True]
    assert lesson.steps == [0, 0, 1, 1, 2]
    assert lesson.learner == 0 and not lesson.end.is_over


@pytest.mark.parametrize(
    "bad,message",
    [
        ("not a tutorial", "tutorial must be a Tutorial"),
        (Tutorial(steps=()), "at least one step"),
        (Tutorial(steps=(TutorialStep("", "Say"),)), "step 1: give the move"),
        (Tutorial(steps=(TutorialStep("b2", ""),)), "step 1: give the words"),
        (Tutorial(steps=(("b2", "Say"),)), "step 1: must be a TutorialStep"),
        (Tutorial(steps=(TutorialStep("b2", "Say"),), options="first=x"), "options must be a tuple"),
    ],
)
def test_bad_tutorials_name_the_plugin(bad, message):
    with pytest.raises((TypeError, ValueError), match=message):
        check_shape(bad)
    reg = Registry()
    with pytest.raises(PluginError, match=f"plugin mine: game {GAME_ID}: .*{message}"):
        reg.add_game("mine", dataclasses.replace(toy_game_def(), tutorial=bad))


@pytest.mark.parametrize(
    "steps,message",
    [
        ((TutorialStep("z9", "Say"),), "step 1: not a move"),
        ((TutorialStep("b2", "Say"), TutorialStep("a1", "Say")), "step 2: it is not the learner's turn"),
        ((TutorialStep("b2", "Say", reply="b2"),), "step 1: b2 is not legal"),
    ],
)
def test_steps_that_do_not_play_out_are_named(steps, message):
    game = dataclasses.replace(toy_game_def(), tutorial=Tutorial(steps=steps))
    with pytest.raises(GameError, match=f"{GAME_ID} tutorial {message}"):
        play_out(game)


def test_a_tutorial_that_ends_the_game_is_refused():
    steps = (
        TutorialStep("a1", "x", reply="b1"),
        TutorialStep("a2", "x", reply="b2"),
        TutorialStep("a3", "x"),
    )
    game = dataclasses.replace(toy_game_def(), tutorial=Tutorial(steps=steps))
    with pytest.raises(GameError, match="step 3: the game ends"):
        play_out(game)


# --- every built-in game ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def builtin():
    return load_registry()


@pytest.mark.parametrize("game_id", BUILTIN)
def test_builtin_tutorials_are_legal_and_reach_the_end(builtin, game_id):
    game = builtin.game(game_id)
    assert game.tutorial is not None
    lesson = play_out(game)
    assert 4 <= len(game.tutorial.steps) <= 8
    assert all(step.rule for step in game.tutorial.steps), "every step names the rule it shows"
    assert len(lesson.moves) >= len(game.tutorial.steps)
    assert not lesson.end.is_over and lesson.end.legal_moves()


@pytest.mark.parametrize("game_id", BUILTIN)
def test_the_tutorial_command_prints_the_steps(builtin, game_id, capsys):
    assert run_command(["tutorial", game_id]) == 0
    out = capsys.readouterr().out
    tutorial = builtin.game(game_id).tutorial
    assert f"{len(tutorial.steps)} steps" in out
    assert all(step.say in out and step.rule in out for step in tutorial.steps)


def test_the_tutorial_command_refuses_a_game_without_one(capsys):
    assert run_command(["tutorial", "nope"]) == 2
    assert "unknown game" in capsys.readouterr().err


# --- on screen ----------------------------------------------------------------------------------


@pytest.fixture
def app(registry):
    app = App(registry, windowed=True, size=(1600, 900), worker=FakeWorker(registry))
    yield app
    app.close()


def _guided(app, registry) -> PlayScene:
    setup = SetupScene(app, registry.game(GAME_ID))
    app.push(setup)
    app.step()
    button = setup.guided_button
    app.step(events=click(button.rect.center))
    scene = app.scenes.top
    assert isinstance(scene, PlayScene) and scene.guide is not None
    return scene


def _click_cell(app, scene, name: str) -> None:
    cell = "abc".index(name[0]) + 3 * (int(name[1]) - 1)
    app.step(events=click(scene.view.cell_center(cell)))


def test_setup_offers_the_guided_game_only_with_a_tutorial(app, registry):
    setup = SetupScene(app, registry.game(GAME_ID))
    assert "guided" in [b.key for b in setup.buttons]
    plain = SetupScene(app, toy_game_def())
    assert "guided" not in [b.key for b in plain.buttons]


def test_a_guided_game_from_setup_to_a_normal_game(app, registry):
    scene = _guided(app, registry)
    guide = scene.guide
    assert scene.match.players == ["human", "medium"]
    # The banner takes the top of the board area; the hint marks the move asked for.
    assert guide.rect.bottom < scene.board_rect.top
    app.step()
    assert scene.ctx.hint == scene.match.state.parse_move("b2")
    assert guide.heading() == "GUIDED FIRST GAME · STEP 1 OF 3"
    # A wrong move is refused with a friendly note naming what to do.
    _click_cell(app, scene, "a1")
    assert scene.match.ply == 0
    assert any(t[0].startswith("Not that one: Put your X in the centre") for t in scene.toasts)
    # Hints point at the scripted move instead of asking the AI.
    app.step(events=[key(pygame.K_h)])
    assert not app._worker.requests
    # The right move is played, then the scripted reply after a short pause.
    _click_cell(app, scene, "b2")
    assert scene.match.texts == ["b2"]
    assert run_until(app, lambda: scene.match.ply == 2 and scene.interactive)
    assert scene.match.texts == ["b2", "a1"]
    assert guide.heading() == "GUIDED FIRST GAME · STEP 2 OF 3"
    _click_cell(app, scene, "c1")
    assert run_until(app, lambda: scene.match.ply == 4 and scene.interactive)
    assert scene.match.texts[-1] == "a3"
    # Undo takes the step back; the guide follows the match.
    app.step(events=[key(pygame.K_z, pygame.KMOD_CTRL)])
    assert scene.match.ply == 2 and guide.heading().endswith("STEP 2 OF 3")
    _click_cell(app, scene, "c1")
    assert run_until(app, lambda: scene.match.ply == 4 and scene.interactive)
    _click_cell(app, scene, "a2")
    assert run_until(app, lambda: guide.over)
    # The end: the AI waits until the learner plays on.
    for _ in range(30):
        app.step()
    assert scene.match.ply == 5 and not app._worker.requests
    assert guide.heading().endswith("DONE")
    app.step(events=click(guide.play_on_button.rect.center))
    assert scene.guide is None
    assert run_until(app, lambda: scene.match.ply == 6 and scene.interactive)
    assert app._worker.requests, "the AI plays the other seat now"
    # A normal game: any legal move goes.
    _click_cell(app, scene, "c3")
    assert scene.match.ply == 7


def test_skip_and_new_game(app, registry):
    scene = _guided(app, registry)
    guide = scene.guide
    app.step(events=click(guide.skip_button.rect.center))
    assert guide.over
    app.step(events=[key(pygame.K_n)])
    fresh = app.scenes.top
    assert isinstance(fresh, PlayScene) and fresh is not scene
    assert fresh.guide is None and fresh.match.ply == 0
    assert fresh.match.players == ["human", "medium"]


def test_a_tutorial_that_fails_shows_on_setup(app, registry):
    game = dataclasses.replace(
        registry.game(GAME_ID), tutorial=Tutorial(steps=(TutorialStep("z9", "Nothing"),))
    )
    setup = SetupScene(app, game)
    app.push(setup)
    app.step()
    setup.start_guided()
    assert app.scenes.top is setup
    assert "z9" in setup.error


def test_ataxx_s_guided_game_ends_on_blue_s_counter_attack_explained():
    """Issue 38, item 7: the last step's crushing reply is the lesson's own (played and said in
    the closing words), not the AI's right after "Well done"; the learner is to move then."""
    from tafel.games.ataxx import GAME
    from tafel.i18n import language
    from tafel.tutorial import play_out

    lesson = play_out(GAME)
    assert not lesson.by_learner[-1]
    states = [lesson.start]
    for move in lesson.moves:
        states.append(states[-1].play(move))
    before, end = states[-2], states[-1]
    assert end.to_move == lesson.learner and not end.is_over
    assert before.count(lesson.learner) - end.count(lesson.learner) == 4  # four turned
    assert "d3" in lesson.tutorial.outro and "four" in lesson.tutorial.outro
    with language("de"):
        assert "d3" in GAME.translate(lesson.tutorial.outro) and "vier" in GAME.translate(
            lesson.tutorial.outro
        )
