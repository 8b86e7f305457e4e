"""The AI worker with a real spawned process, loading the toy games as a plugin from a temporary folder.

One worker serves the whole module (spawning costs about a second).
"""

from __future__ import annotations

import time

import pytest

from tafel.ai.base import Limit
from tafel.ai.worker import AIRequest, AIResult, AIWorker
from tafel.registry import LoadSpec
from tests import toygames

EXTRA_AGENTS = '''
import os
import time

from tafel import Agent, AgentDef


class Boom(Agent):
    def choose(self, state, limit, rng, stop=None):
        raise RuntimeError("kaboom\\nsecond line")


class Stubborn(Agent):
    """Never polls stop(): only terminating the process ends it."""

    def choose(self, state, limit, rng, stop=None):
        time.sleep(120)
        return state.legal_moves()[0]


class Crash(Agent):
    def choose(self, state, limit, rng, stop=None):
        os._exit(3)


@hookimpl
def register_agents(register):
    register(AgentDef("boom", "raises", lambda game: Boom()))
    register(AgentDef("stubborn", "ignores stop", lambda game: Stubborn()))
    register(AgentDef("crash", "kills its process", lambda game: Crash()))
'''

GRACE = 1.5


@pytest.fixture(scope="module")
def worker(tmp_path_factory):
    folder = toygames.write_plugin(tmp_path_factory.mktemp("toyplugins"), extra=EXTRA_AGENTS)
    w = AIWorker(LoadSpec(plugin_dirs=(str(folder),), builtin=False, entry_points=False), grace=GRACE)
    yield w
    w.close()


def wait(worker: AIWorker, timeout: float = 30.0) -> AIResult:
    """Poll like the frame loop does, until an answer comes (the worker guarantees one)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        result = worker.poll()
        if result is not None:
            return result
        worker.wait(0.05)  # wakes as soon as the process says something (the watchdog polls too)
    raise AssertionError("no answer from the AI worker")


NO_LIMIT = None  # the agent's own default budget


def ttt(moves: list[str], agent: str, limit: Limit | None = NO_LIMIT, seat: int | None = None) -> AIRequest:
    seat = len(moves) % 2 if seat is None else seat
    return AIRequest("toy-tictactoe", {}, None, None, moves, seat, agent, limit)


def test_round_trip_and_cached_game(worker):
    gen = worker.request(ttt(["b2"], "alphabeta", Limit(depth=9)))
    assert worker.busy
    result = wait(worker)
    assert (result.generation, result.error) == (gen, None) and not worker.busy
    assert result.move_text in {"a1", "a3", "c1", "c3"}  # only a corner holds the draw
    assert result.info["agent"] == "alphabeta" and result.info["solved"]
    # MCTS keeps its tree between moves: the next request only adds moves.
    first = wait_for(worker, ttt(["a1"], "mcts", Limit(nodes=3000)))
    second = wait_for(worker, ttt(["a1", first.move_text, "c3"], "mcts", Limit(nodes=100)))
    assert second.error is None and second.info["reused"] > 0
    # Other games and options through the same process; solo and hidden-information views too.
    nim = wait_for(
        worker,
        AIRequest("toy-nim", {"players": 3, "piles": "1-2"}, None, None, [], 0, "hard", Limit(nodes=50)),
    )
    assert nim.error is None and nim.move_text in {"1:1", "2:1", "2:2"} and nim.info["engine"] == "mcts"
    kuhn = wait_for(worker, AIRequest("toy-kuhn", {}, 4, None, ["b"], 1, "mcts", Limit(nodes=200)))
    assert kuhn.error is None and kuhn.move_text in {"p", "b"}
    puzzle = wait_for(
        worker, AIRequest("toy-lightsout", {}, None, "000010000 4", [], 0, "mcts", Limit(nodes=50))
    )
    assert puzzle.error is None


def wait_for(worker: AIWorker, req: AIRequest) -> AIResult:
    gen = worker.request(req)
    result = wait(worker)
    assert result.generation == gen
    return result


def test_bad_requests_answer_one_line_errors(worker):
    cases = [
        (ttt(["b2", "b2"], "random"), "move 2 'b2'"),
        (ttt(["zz"], "random"), "move 1 'zz'"),
        (ttt([], "nobody"), "unknown agent 'nobody'"),
        (ttt(["b2"], "random", seat=0), "seat 1 is not to move"),
        (AIRequest("chess960", {}, None, None, [], 0, "random"), "unknown game"),
        (ttt(["a1", "b1", "a2", "b2", "a3"], "random", seat=1), "the game is over"),
    ]
    for req, expected in cases:
        result = wait_for(worker, req)
        assert result.move_text is None and expected in result.error and "\n" not in result.error
    boom = wait_for(worker, ttt([], "boom"))
    assert boom.error == "agent boom failed: RuntimeError: kaboom" and "kaboom" in boom.info["traceback"]
    # The worker serves on after errors.
    assert wait_for(worker, ttt([], "random")).move_text is not None


def test_newer_request_drops_stale_answers(worker):
    restarts = worker.restarts
    old = worker.request(ttt([], "mcts", Limit(time=60)))
    new = worker.request(ttt(["b2"], "greedy"))
    assert new > old and worker.busy
    result = wait(worker)
    assert result.generation == new and result.move_text is not None
    # The stopped search answered too, and was dropped: nothing else comes.
    while worker.wait(0.2):  # until the process has been quiet for 0.2 s
        assert worker.poll() is None
    assert not worker.busy and worker.restarts == restarts  # stopped by the flag, not by force


def until_searching(worker, timeout: float = 60.0) -> None:
    """Wait (a condition, not a fixed time) until the worker process reports its search began."""
    end = time.monotonic() + timeout
    while not worker.searching:
        assert worker.poll() is None and time.monotonic() < end, "the search never started"
        worker.wait(0.05)


def test_cancel_stops_a_busy_search(worker):
    assert wait_for(worker, ttt([], "random")).error is None
    restarts = worker.restarts
    worker.request(ttt([], "mcts", Limit(time=60)))
    until_searching(worker)
    worker.cancel()
    assert not worker.busy and worker.poll() is None
    result = wait_for(worker, ttt([], "random"))
    assert result.move_text is not None and worker.restarts == restarts


def test_stuck_or_dead_process_is_replaced(worker):
    assert wait_for(worker, ttt([], "random")).error is None  # the process is up and idle
    restarts = worker.restarts
    # A search that ignores stop() is ended by force after the grace period; the newer request
    # is sent again to the fresh process.
    worker.request(ttt([], "stubborn", Limit(time=60)))
    until_searching(worker)
    result = wait_for(worker, ttt(["b2"], "random"))
    assert result.move_text is not None and worker.restarts == restarts + 1
    # A search overrunning its own time limit by more than the grace period gives an error.
    late = wait_for(worker, ttt([], "stubborn", Limit(time=0.1)))
    assert late.move_text is None and "did not answer" in late.error and worker.restarts == restarts + 2
    # A process that dies is reported, and the next request starts a new one.
    crash = wait_for(worker, ttt([], "crash"))
    assert crash.error == "the AI process stopped (exit code 3)" and worker.restarts == restarts + 3
    assert wait_for(worker, ttt([], "random")).error is None
