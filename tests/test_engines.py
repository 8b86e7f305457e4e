"""External engines: the protocol lines, the list in the data folder, and a small UAI engine
(tests/uai_toy_engine.py, a real subprocess) as a seat in a headless arcade game: it plays, its
info reaches the side panel, and a crash, an illegal move or a hang pauses the game with a clear
message and a way on (the seat goes to the player or a Tafel level)."""

from __future__ import annotations

import queue
import sys
from pathlib import Path

import pytest

from tafel.engine_protocol import EngineOption, EngineProtocol, info_text, parse_info
from tafel.engine_router import EngineRouter, EngineSession
from tafel.engines import EngineConfig, engine_players, find_engine, load_engines, probe, save_engines
from tafel.match import Match, player_label
from tafel.testing import run_until
from tafel.ui.app import App

TOY = Path(__file__).resolve().parent / "uai_toy_engine.py"


def toy(mode: str = "first", name: str | None = None, **kw) -> EngineConfig:
    return EngineConfig(name=name or f"Toy {mode}", path=str(TOY), args=[mode], movetime_ms=20, **kw)


class NoWorker:
    """The AI worker of games without Tafel levels: it must not be asked."""

    busy = False

    def request(self, req):
        raise AssertionError(f"the AI worker was asked for {req.agent}")

    def poll(self):
        return None

    def cancel(self):
        pass


@pytest.fixture
def app(registry, monkeypatch):
    # A toy engine answers at once; a loaded CI machine may still hold it past the usual grace.
    # The tests of a hang set their own.
    monkeypatch.setattr(EngineSession, "HANG_GRACE", 15.0)
    app = App(registry, windowed=True, size=(1280, 720), worker=NoWorker())
    yield app
    app.close()


def test_protocol_lines():
    uai = EngineProtocol("uai")
    assert (uai.hello, uai.hello_ok, uai.new_game) == ("uai", "uaiok", "uainewgame")
    assert (
        uai.go_command(clocks=(1000, 2000), increments=(10, 20)) == "go wtime 1000 btime 2000 winc 10 binc 20"
    )
    info = parse_info("info depth 9 seldepth 12 score cp 57 upperbound nodes 10 pv f2 a7b5")
    assert info == {"depth": 9, "seldepth": 12, "score": "cp 57", "nodes": 10, "pv": "f2 a7b5"}
    assert info_text(info) == "depth 9 · +0.57 · f2 a7b5"
    spin = EngineOption.parse("option name Hash type spin default 16 min 1 max 64")
    assert spin.describe() == "Hash (spin 1..64, default 16)"
    assert EngineOption.from_dict(spin.as_dict()) == spin
    assert EngineOption.parse("option name") is None and EngineOption.parse("id name x") is None


def test_the_list_is_kept_and_damage_is_survived(tmp_path, registry):
    path = tmp_path / "engines.json"
    save_engines([toy("first", values={"Hash": "8"}), toy("last")], path)
    engines = load_engines(path)
    assert [e.name for e in engines] == ["Toy first", "Toy last"] and engines[0].values == {"Hash": "8"}
    assert find_engine("toy LAST", engines).args == ["last"]
    path.write_text("[1, 2", encoding="utf-8")
    assert load_engines(path) == []
    save_engines([toy("first", name="Toy")])  # the data folder's list
    assert engine_players(registry.game("ataxx")) == ["engine:Toy"]
    assert player_label("engine:Toy") == "Engine: Toy"
    assert engine_players(registry.game("atoll")) == []  # Atoll declares no engine protocol


def test_probe_reads_the_name_and_options():
    config = probe(str(TOY), EngineProtocol("uai"))
    assert config.name == "Toy first" and config.protocol == "uai"
    assert [o["name"] for o in config.options] == ["Hash", "Style"]
    assert config.announced()[1].vars == ("solid", "wild")


def start(app, registry, players):
    match = Match(registry.game("ataxx"), players=players, seed=1)
    scene = app.start_match(match)
    app.step()
    return scene


def test_an_engine_plays_a_seat_and_its_info_is_shown(app, registry):
    save_engines([toy("first", name="Toy")])
    play = start(app, registry, ["engine:Toy", "human"])
    assert run_until(app, lambda: play.match.ply >= 1, wait=20), play.turns.ai_error
    assert play.match.move_texts() == ["a6"]  # Red's first legal move, sorted
    lines = play.turns.engine_lines()
    assert lines and lines[0].startswith("Red: depth 1") and lines[0].endswith("a6")
    play.draw(app.screen)  # the panel shows them
    app.scenes.pop()  # leaving closes the engine
    session = next(iter(play.turns.seats.opened["engine:"].sessions.values()), None)
    assert session is None or session._closing


@pytest.mark.parametrize(
    ("mode", "words"),
    [("crash", "stopped (exit code 3)"), ("illegal", "a1a1"), ("hang", "hung")],
)
def test_a_failing_engine_pauses_the_game_with_a_way_on(app, registry, monkeypatch, mode, words):
    # Only the hang waits out the grace; a crash or an illegal move ends the wait as it comes,
    # so they keep a grace that a loaded machine's slow engine start cannot outlast.
    monkeypatch.setattr(EngineSession, "HANG_GRACE", 0.3 if mode == "hang" else 15.0)
    save_engines([toy(mode, name="Bad")])
    play = start(app, registry, ["engine:Bad", "human"])
    assert run_until(app, lambda: play.turns.ai_error is not None, wait=20)
    assert "Engine: Bad" in play.turns.ai_error and words in play.turns.ai_error
    assert play.match.ply == 0
    play.turns.take_over()  # the player takes the seat; the game goes on
    assert play.match.players[0] == "human" and play.turns.ai_error is None
    assert play.human_move(play.match.state.parse_move("g2"))
    assert play.match.ply == 1


def test_a_resumed_game_gives_the_seat_back_to_its_engine(app, registry):
    """A saved game with an engine seat resumes with that engine playing it (not a Tafel level)."""
    from tafel import saves

    save_engines([toy("first", name="Toy")])
    match = Match(registry.game("ataxx"), players=["engine:Toy", "human"], seed=1)
    path = saves.save_named(match, "engine game")
    play = app.resume_save(path)
    assert play is not None and play.match.players == ["engine:Toy", "human"]
    app.step()
    assert run_until(app, lambda: play.match.ply >= 1, wait=20), play.turns.ai_error
    assert play.match.move_texts() == ["a6"]  # the toy's move, not the medium level's
    assert not [t for t in play.toasts if t[2]]


def test_a_resumed_game_whose_engine_is_gone_says_so_and_a_level_plays(app, registry):
    from tafel import saves

    save_engines([toy("first", name="Toy")])
    match = Match(registry.game("ataxx"), players=["human", "engine:Toy"], seed=1)
    path = saves.save_named(match, "engine gone")
    save_engines([])  # the engine was removed from Settings, Engines
    play = app.resume_save(path)
    assert play is not None and play.match.players == ["human", "medium"]
    app.step()
    shown = [t[0] for t in play.toasts if t[2]]
    assert shown and "Toy" in shown[0] and "Blue" in shown[0] and "AI medium" in shown[0], shown


def test_a_retried_engine_starts_again_after_a_crash(registry):
    """The router answers each request; a crashed engine is started afresh for the next one."""
    from tafel.ai.messages import AIRequest

    router = EngineRouter(None, registry, engines=[toy("crash", name="Bad"), toy("first", name="Good")])
    options = registry.game("ataxx").resolve_options({})

    def answer(agent):
        generation = router.request(AIRequest("ataxx", options, None, None, [], 0, agent))
        while True:
            result = router.poll()
            if result is not None:
                assert result.generation == generation
                return result
            router.wait(0.05)

    try:
        assert answer("engine:Bad").forfeit == "crash"
        assert answer("engine:Bad").forfeit == "crash"
        assert answer("engine:Good").move_text == "a6"
        assert answer(f"uai:{TOY}").move_text == "a6"
        missing = answer("engine:Nobody")
        assert missing.forfeit == "crash" and "no engine called 'Nobody'" in missing.error
    finally:
        router.close_engines()


def test_a_clock_sends_both_sides_remaining_time(registry):
    """Clock mode: ``go`` carries each side's own remaining time and increment, x (Red, seat 0)
    as UAI's Black (``btime``), o as White; the other side's time is what it took between the
    engine's answers."""
    from tafel.ai.messages import AIRequest

    protocol = registry.game("ataxx").engine_protocol
    config = toy("first", name="Clock", clock_ms=10_000, increment_ms=100)
    session = EngineSession("engine:Clock", config, protocol, None)
    try:
        # The engine plays Blue (seat 1); Red's two moves took 0.5 s and 1.5 s, its own one 2 s.
        session._used = {0: 500.0, 1: 2000.0, 2: 1500.0}
        request = AIRequest("ataxx", {}, None, None, ["g2", "a6", "f2"], seat=1, agent="engine:Clock")
        think_ms, go = session._go(request, 3)
        words = go.split()
        times = dict(zip(words[1::2], map(int, words[2::2]), strict=True))
        assert times == {"btime": 8200, "wtime": 8100, "binc": 100, "winc": 100}, go
        assert think_ms == 8100
    finally:
        session.close()


def test_the_other_sides_time_is_measured_between_requests(registry, monkeypatch):
    """The router keeps the time the other seat took (from the engine's answer to its next
    request) for that seat's clock."""
    from tafel import engine_router
    from tafel.ai.messages import AIRequest

    clock = [100.0]
    monkeypatch.setattr(engine_router, "_now", lambda: clock[0])
    router = EngineRouter(None, registry, engines=[toy("first", name="Clock", clock_ms=60_000)])
    try:
        router.request(AIRequest("ataxx", {}, None, None, [], seat=0, agent="engine:Clock"))
        answer = None
        for _ in range(400):
            router.wait(0.05)
            if (answer := router.poll()) is not None:
                break
        assert answer is not None and answer.move_text == "a6", answer
        clock[0] += 7.0  # the other side thinks 7 s
        session = router.sessions[("engine:Clock", 0)]
        router.request(AIRequest("ataxx", {}, None, None, ["a6", "f7"], seat=0, agent="engine:Clock"))
        for _ in range(400):
            router.wait(0.05)
            if (answer := router.poll()) is not None:
                break
        assert answer is not None and answer.error is None, answer
        assert session._used[1] == 7000.0
    finally:
        router.close_engines()


def test_setup_offers_configured_engines(app, registry):
    from tafel.ui.scenes.setup import SetupScene

    save_engines([toy("first", name="Toy")])
    assert "engine:Toy" in SetupScene(app, registry.game("ataxx")).agent_choices()


if sys.platform.startswith("win"):  # pragma: no cover - the toy engine is a Python script
    pytestmark = pytest.mark.skip("engine subprocesses are tested on POSIX")


def test_an_engine_that_stopped_as_its_time_ran_out_is_reported_stopped_not_hung(monkeypatch):
    """On a loaded machine an engine may exit after its deadline was reached but before its
    closed output was read: the player is told it stopped, with its exit code, not that it hung."""
    from tafel.engine_process import EngineFailure

    class StoppedQuietly:
        lines_since_send = 0

        def read(self, deadline):
            raise EngineFailure("hang", "no line yet")

        def exited(self):
            return True

        def crashed(self):
            return EngineFailure("crash", "the engine stopped (exit code 3)")

    monkeypatch.setattr(EngineSession, "HANG_GRACE", 0.0)
    session = EngineSession("engine:Bad", toy("crash"), EngineProtocol("uai"), queue.Queue())
    try:
        with pytest.raises(EngineFailure) as failure:
            session._await_move(StoppedQuietly(), session.epoch, think_ms=0)
        assert failure.value.kind == "crash" and "exit code 3" in str(failure.value)
    finally:
        session.close()
