"""Hostile engines (tests/hostile_engine.py) against every place an engine plays: the engine
router (what an arcade seat and ``arena`` ask), ``run_arena``, the ``arena`` command and a seat
on the play screen. Each bad engine loses its game (a forfeit, or a pause with a message and
the seat handed over) within its deadline plus 5 s, the memory stays bounded, the message stays
short, and no process of it is left behind."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from tafel import engine_process as engines_module
from tafel.ai.messages import AIRequest
from tafel.engine_protocol import EngineProtocol
from tafel.engine_router import EngineRouter, EngineSession
from tafel.engines import EngineConfig, EngineFailure, EngineProcess, save_engines

HOSTILE = Path(__file__).resolve().parent / "hostile_engine.py"
TOY = Path(__file__).resolve().parent / "uai_toy_engine.py"
ROOT = HOSTILE.parent.parent

#: Each mode and how it loses: "hang" (no answer in time) or "crash" (stopped, broken).
MODES = {
    "flood": "hang",
    "yes": "hang",
    "endless": "crash",
    "child": "crash",
    "holder": "hang",
    "deaf": "hang",
    "huge": "crash",
    "garbage": "hang",
    "exit": "crash",
    "escapes": "crash",
}
START, GRACE, MOVETIME_MS = 1.0, 0.4, 50
#: The longest the router may take: the start, the think time with its grace, and 5 s.
LIMIT = START + MOVETIME_MS / 1000 * 1.5 + GRACE + 5


def left_behind(token: str, settle: float = 2.0) -> list[int]:
    """Processes whose command line holds ``token`` (psutil-free: /proc), after up to ``settle``
    seconds for the killed ones to die (SIGKILL is delivered, not waited for)."""
    end = time.monotonic() + settle
    while True:
        found = _running(token)
        if not found or time.monotonic() >= end:
            return found
        time.sleep(0.02)


def _running(token: str) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmdline = f.read()
            with open(f"/proc/{entry}/stat", "rb") as f:
                zombie = f.read().rsplit(b")", 1)[1].split()[0] == b"Z"
        except OSError:
            continue
        if token.encode() in cmdline and not zombie:
            found.append(int(entry))
    return found


def rss_mb() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def hostile(mode: str, token: str) -> EngineConfig:
    return EngineConfig(name="Bad", path=str(HOSTILE), args=[mode, token], movetime_ms=MOVETIME_MS)


@pytest.fixture
def quick(monkeypatch):
    """Short graces, so the tests wait little (the hung engine is the point)."""
    monkeypatch.setattr(EngineSession, "HANG_GRACE", GRACE)
    monkeypatch.setattr(EngineSession, "START_TIMEOUT", START)
    monkeypatch.setattr(engines_module, "QUIT_GRACE", 0.3)
    return uuid.uuid4().hex


def ask(router: EngineRouter, registry, agent: str, limit: float):
    options = registry.game("ataxx").resolve_options({})
    generation = router.request(AIRequest("ataxx", options, None, None, [], 0, agent))
    end = time.monotonic() + limit
    while time.monotonic() < end:
        result = router.poll()
        if result is not None:
            assert result.generation == generation
            return result
        router.wait(0.05)
    raise AssertionError(f"no answer within {limit:.1f} s")


@pytest.mark.parametrize("mode", list(MODES))
def test_the_router_forfeits_a_hostile_engine_in_time(registry, quick, mode):
    token = quick
    router = EngineRouter(None, registry, engines=[hostile(mode, token)])
    memory = rss_mb()
    began = time.monotonic()
    try:
        result = ask(router, registry, "engine:Bad", LIMIT)
    finally:
        router.close_engines(wait=3.0)
    assert time.monotonic() - began < LIMIT + 3.0
    assert result.forfeit == MODES[mode], result.error
    assert len(result.error) < 300, result.error[:400]
    assert rss_mb() - memory < 100
    assert left_behind(token) == []


def test_a_line_too_long_is_dropped_with_one_message_and_the_engine_is_broken(quick):
    process = EngineProcess(hostile("huge", quick), EngineProtocol("uai"))
    try:
        process.handshake(START)
        process.send("go movetime 10")
        with pytest.raises(EngineFailure) as failure:
            process.read(time.monotonic() + 5)
        assert failure.value.kind == "crash" and "over 64 KB" in str(failure.value)
        with pytest.raises(EngineFailure):  # and it stays broken
            process.read(time.monotonic() + 1)
    finally:
        process.close()
    assert left_behind(quick) == []


def test_a_flood_is_checked_against_the_deadline_on_every_line(quick):
    process = EngineProcess(hostile("flood", quick), EngineProtocol("uai"))
    try:
        process.handshake(START)
        process.send("go movetime 10")
        began = time.monotonic()
        with pytest.raises(EngineFailure) as failure:
            while True:
                process.read(began + 0.5)
        assert failure.value.kind == "hang" and time.monotonic() - began < 1.0
    finally:
        process.close()
    assert left_behind(quick) == []


@pytest.mark.parametrize("mode", ["deaf", "holder", "child"])
def test_closing_ends_the_whole_process_group_at_once(quick, mode):
    process = EngineProcess(hostile(mode, quick), EngineProtocol("uai"))
    process.handshake(START)
    process.send("go movetime 10")
    time.sleep(0.3)  # the engine's child starts (the point: a stray process)
    began = time.monotonic()
    process.close()
    assert time.monotonic() - began < 2.0
    assert left_behind(quick) == []


@pytest.mark.parametrize("mode", list(MODES))
def test_arena_scores_a_hostile_engine_as_a_forfeit(registry, quick, mode):
    from tafel.cli.arena import run_arena

    token = quick
    toy = EngineConfig(name="Toy", path=str(TOY), args=["first"], movetime_ms=MOVETIME_MS)
    router = EngineRouter(None, registry, engines=[hostile(mode, token), toy])
    memory = rss_mb()
    began = time.monotonic()
    try:
        result = run_arena(registry, "ataxx", "engine:Bad", "engine:Toy", games=1, seed=1, worker=router)
    finally:
        router.close_engines(wait=3.0)
    assert time.monotonic() - began < LIMIT + 3.0
    assert rss_mb() - memory < 100
    assert result.losses == 1 and result.records[0].forfeit == MODES[mode]
    assert all(len(line) < 400 for line in result.format())
    assert left_behind(token) == []


@pytest.mark.parametrize("mode", ["huge", "deaf", "escapes"])
def test_the_arena_command_ends_with_a_short_summary_and_no_engine_left(tmp_path, mode):
    token = uuid.uuid4().hex
    data = tmp_path / "data"
    env = {**os.environ, "TAFEL_DATA_DIR": str(data), "PYTHONPATH": str(ROOT)}
    data.mkdir()
    toy = EngineConfig(name="Toy", path=str(TOY), args=["first"], movetime_ms=MOVETIME_MS)
    save_engines([hostile(mode, token), toy], data / "engines.json")
    began = time.monotonic()
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "arena", "ataxx", "Bad", "Toy", "--games", "1", "-q"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert time.monotonic() - began < 20
    assert done.returncode == 0, done.stderr
    assert "1 game(s) lost to a hang or crash" in done.stdout
    assert len(done.stdout) < 2000 and len(done.stderr) < 2000
    assert "\x1b" not in done.stdout + done.stderr  # an engine's escapes never reach the terminal
    assert left_behind(token) == []


class NoWorker:
    """The AI worker of a game of engines and people: it must not be asked."""

    busy = False

    def request(self, req):
        raise AssertionError(f"the AI worker was asked for {req.agent}")

    def poll(self):
        return None

    def cancel(self):
        pass


@pytest.mark.parametrize("mode", list(MODES))
def test_an_arcade_seat_of_a_hostile_engine_pauses_with_a_message(registry, quick, mode):
    """The play screen's own path for a failing engine: a pause, a message, the seat handed on."""
    from tafel.match import Match
    from tafel.testing import run_until
    from tafel.ui.app import App

    save_engines([hostile(mode, quick)])
    app = App(registry, windowed=True, size=(1280, 720), worker=NoWorker())
    memory = rss_mb()
    try:
        play = app.start_match(Match(registry.game("ataxx"), players=["engine:Bad", "human"], seed=1))
        began = time.monotonic()
        assert run_until(app, lambda: play.turns.ai_error is not None, frames=1, wait=LIMIT)
        assert time.monotonic() - began < LIMIT and rss_mb() - memory < 100
        assert "Engine: Bad" in play.turns.ai_error and len(play.turns.ai_error) < 300
        assert "\x1b" not in play.turns.ai_error  # quoted, never let loose
        app.step()
        pause = app.scenes.top
        assert pause._contents()[0] == "An engine failed"  # not "A game plugin failed"
        assert play.match.ply == 0
        play.turns.take_over()  # the seat goes to the player; the game goes on
        assert play.match.players[0] == "human"
    finally:
        app.close()
    assert left_behind(quick) == []


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_engine_failure_card_shows_all_its_text(registry, size, language):
    """The card of a failed engine has nine rows of buttons and a long message: in German at
    800x600 it grows wider rather than cut its last line."""
    from tafel.i18n import _, set_language
    from tafel.match import Match
    from tafel.ui.app import App

    set_language(language)
    save_engines([EngineConfig(name="Flood", path=str(HOSTILE), args=["flood"])])
    app = App(registry, windowed=True, size=size, worker=NoWorker())
    try:
        play = app.start_match(Match(registry.game("ataxx"), players=["engine:Flood", "human"], seed=1))
        for _frame in range(3):  # the seat's engine is asked: the failure is its own
            app.step()
        assert play.turns.ai_seat == 0
        error = _("no move within {seconds} s").format(seconds="5.0") + " (4871)"
        play.turns.failed(
            _(
                "{agent} hung and was stopped: {error}. Play {seat} yourself, or let another level play."
            ).format(agent="Engine: Flood", error=error, seat=play.seat_name(0))
        )
        app.step()
        pause = app.scenes.top
        title, _lines, buttons = pause._contents()
        assert title == "An engine failed" and len(buttons) == 9
        assert "retry" in [b.key for b in buttons]
        assert not pause.clipped
        assert pause.card.bottom <= size[1] and pause.buttons[-1].rect.bottom <= pause.card.bottom
        pause.resume_game()  # the message stays in the side panel, whole
        app.step()
        shown = " ".join(play.panel.error_lines).split()
        assert shown == play.turns.ai_error.split(), shown
    finally:
        app.close()


@pytest.mark.parametrize("mode", ["flood", "huge", "exit", "deaf"])
def test_without_select_on_pipes_as_on_windows_a_hostile_engine_still_loses(
    registry, quick, monkeypatch, mode
):
    """Windows has no select() on pipes and no process groups: a thread a pipe reads it, the
    engine alone is killed. The same bounds hold (tried here on POSIX)."""
    monkeypatch.setattr(engines_module, "_POSIX", False)
    router = EngineRouter(None, registry, engines=[hostile(mode, quick)])
    try:
        result = ask(router, registry, "engine:Bad", LIMIT)
    finally:
        router.close_engines(wait=3.0)
    assert result.forfeit == MODES[mode], result.error
    assert len(result.error) < 300
    assert left_behind(quick) == []


def test_without_select_on_pipes_a_good_engine_plays(registry, quick, monkeypatch):
    monkeypatch.setattr(engines_module, "_POSIX", False)
    toy = EngineConfig(name="Toy", path=str(TOY), args=["first"], movetime_ms=MOVETIME_MS)
    router = EngineRouter(None, registry, engines=[toy])
    try:
        assert ask(router, registry, "engine:Toy", LIMIT).move_text == "a6"
    finally:
        router.close_engines(wait=3.0)
