"""The AI watchdog follows the real think time (issue 16, item 3).

A request without a limit searches with the agent's own default (the level's think time); the
worker process says which budget it got as the search begins, and a search that hangs is ended
at that think time plus a short grace, not after the few minutes kept for searches with no time
limit. A real worker process runs an agent that never answers; the watchdog's clock is a fake,
so no test waits it out (the test only waits for the process to start, on its pipe).
"""

from __future__ import annotations

import pytest

from tafel.ai.base import Limit
from tafel.ai.worker import SETUP_TIMEOUT, UNTIMED_TIMEOUT, AIRequest, AIWorker
from tafel.registry import LoadSpec
from tests import toygames

HUNG_AGENT = '''
import time

from tafel import Agent, AgentDef, Limit


class Hung(Agent):
    """Never answers and never polls stop(): only ending its process ends it."""

    def choose(self, state, limit, rng, stop=None):
        while True:
            time.sleep(3600)


@hookimpl
def register_agents(register):
    register(AgentDef("hung", "never answers", lambda game: Hung(), default_limit=Limit(time=1.0)))
'''


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def spec(tmp_path_factory) -> LoadSpec:
    folder = toygames.write_plugin(tmp_path_factory.mktemp("hungplugin"), extra=HUNG_AGENT)
    return LoadSpec(plugin_dirs=(str(folder),), builtin=False, entry_points=False)


def request(limit: Limit | None = None) -> AIRequest:
    return AIRequest("toy-tictactoe", {}, None, None, [], 0, "hung", limit)


def until_searching(worker: AIWorker) -> None:
    """Read what the process says until the search began (it loads plugins first)."""
    while not worker.searching:
        assert worker.wait(60.0), "the worker process said nothing for a minute"
        assert worker.poll() is None


@pytest.mark.parametrize("limit,think", [(None, 1.0), (Limit(time=2.0), 2.0)])
def test_a_hung_search_ends_at_its_think_time_plus_grace(spec, limit, think):
    clock = FakeClock()
    with AIWorker(spec, grace=2.0, clock=clock) as worker:
        generation = worker.request(request(limit))
        until_searching(worker)
        allowed = worker.allowance(think)
        assert think + 2.0 <= allowed <= think + 5.0
        clock.now += allowed - 0.1
        assert worker.poll() is None and worker.busy and worker.restarts == 0
        clock.now += 0.2
        result = worker.poll()
        assert result is not None and result.generation == generation and result.timed_out
        assert result.move_text is None
        assert result.error == f"the AI did not answer within {allowed:.0f} s (think time {think:g} s)"
        assert not worker.busy and worker.restarts == 1


def test_only_a_search_without_a_time_limit_gets_the_long_wait(spec):
    clock = FakeClock()
    with AIWorker(spec, grace=2.0, clock=clock) as worker:
        worker.request(request(Limit(depth=3)))  # depth only: no think time to follow
        until_searching(worker)
        clock.now += 60.0
        assert worker.poll() is None and worker.busy
        clock.now += worker.allowance(None)
        result = worker.poll()
        assert result.timed_out and "(no time limit)" in result.error
    assert worker.allowance(None) >= UNTIMED_TIMEOUT


def test_a_request_that_never_begins_its_search_times_out(spec):
    """A request whose search never begins (here it is lost on the way to the process) is ended
    after the set-up time."""
    clock = FakeClock()
    with AIWorker(spec, grace=2.0, clock=clock) as worker:
        worker.request(AIRequest("toy-tictactoe", {}, None, None, [], 0, "random"))
        result = None
        while result is None:
            assert worker.wait(60.0)
            result = worker.poll()
        assert result.error is None  # the process is up
        worker._send = lambda message: None  # the next request is lost on the way
        worker.request(request())
        clock.now += SETUP_TIMEOUT - 1.0
        assert worker.poll() is None
        clock.now += 2.0
        result = worker.poll()
        assert result.timed_out and "did not start its search" in result.error


# --- in the arcade ---------------------------------------------------------------------------------

HUNG_HARD = """
import time

from tafel import Agent, AgentDef, Limit, hookimpl
from tests.ui_toygame import GAME_ID


class Hung(Agent):
    def choose(self, state, limit, rng, stop=None):
        while True:
            time.sleep(3600)


@hookimpl
def register_agents(register):
    register(AgentDef("hard", "never answers", lambda game: Hung(), games=(GAME_ID,), default_limit=Limit(time=1.0)))
"""


@pytest.fixture
def arcade(tmp_path, monkeypatch):
    """The toy game's arcade whose hard AI hangs, with a real worker timed by a fake clock."""
    from tafel.ui.app import App
    from tests.ui_toygame import make_registry

    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path / "data"))
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "hunghard.py").write_text(HUNG_HARD)
    registry = make_registry(folder)
    clock = FakeClock()
    worker = AIWorker(registry.spec, grace=2.0, clock=clock)
    app = App(registry, windowed=True, size=(1280, 720), worker=worker)
    yield app, worker, clock
    app.close()


def test_the_arcade_stops_a_hung_ai_and_offers_its_seat(arcade):
    from tafel.match import Match
    from tafel.ui.scenes.pause import PauseScene
    from tests.kit import click, run_until
    from tests.ui_toygame import GAME_ID

    app, worker, clock = arcade
    play = app.start_match(Match(app.registry.game(GAME_ID), {}, players=["hard", "human"], seed=1))
    app.step()
    assert play.turns.thinking
    while not worker.searching:  # the process starts, loads the plugins and begins the search
        assert worker.wait(60.0), "the worker process said nothing for a minute"
        app.step()
    clock.now += 2.9  # the think time (1 s, the level's own: no Limit sent) and most of the grace
    app.run_frames(3)
    assert play.turns.thinking and play.turns.ai_error is None
    clock.now += 0.2
    assert run_until(app, lambda: isinstance(app.scenes.top, PauseScene), frames=5)
    pause = app.scenes.top
    assert "AI hard hung and was stopped: the AI did not answer within 3 s (think time 1 s)" in pause.error
    assert "Play X yourself, or let another level play." in pause.error
    keys = [b.key for b in pause.buttons]
    assert keys[:4] == ["takeover", "retry", "level:easy", "level:medium"]
    assert worker.restarts == 1 and not play.turns.thinking
    # Another level plays the seat: the generic easy player, in a fresh process.
    app.step()
    app.step(events=click(next(b for b in pause.buttons if b.key == "level:easy").rect.center))
    assert app.scenes.top is play and play.match.players == ["easy", "human"]
    for _ in range(100):
        if run_until(app, lambda: play.match.ply == 1, frames=30):
            break
        assert worker.wait(60.0), "the new worker process said nothing for a minute"
    assert play.match.ply == 1 and play.turns.ai_error is None
