"""Autosaves survive ``kill -9``: a driver process plays and autosaves as fast as it can, is killed
mid-game, and the autosave is always complete and resumes through the menu's Continue."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from tafel import saves
from tafel.ui.app import App
from tafel.ui.scenes.play import PlayScene
from tests.ui_toygame import FakeWorker, key

ROOT = Path(__file__).resolve().parent.parent

DRIVER = """
import random, sys
from tafel import saves
from tafel.match import Match
from tafel.plugins import load_registry

game = load_registry().game("ataxx")
rng = random.Random(int(sys.argv[1]))
match = Match(game, {}, players=["human", "easy"])
print("ready", flush=True)
while not match.state.is_over:
    match.play(rng.choice(match.state.legal_moves()))
    saves.autosave(match)  # written atomically before the move is announced
    print(match.texts[-1], flush=True)
print("over", flush=True)
while True:
    saves.autosave(match)
"""

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


def run_and_kill(tmp_path, data, seed, moves):
    script = tmp_path / "driver.py"
    script.write_text(DRIVER)
    env = dict(os.environ, TAFEL_DATA_DIR=str(data), TAFEL_PLUGINS="ataxx", PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, str(script), str(seed)], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout.readline().strip() == "ready"
        printed = []
        while len(printed) < moves and "over" not in printed:
            printed.append(proc.stdout.readline().strip())
        os.kill(proc.pid, signal.SIGKILL)  # mid-game (possibly mid-write)
        rest = proc.stdout.read().split()
    finally:
        proc.kill()
        proc.wait(10)
    assert proc.returncode == -signal.SIGKILL
    return [m for m in printed + rest if m != "over"]


def test_autosave_survives_sigkill_and_continue_resumes(tmp_path, monkeypatch, registry):
    data = tmp_path / "data"
    monkeypatch.setenv("TAFEL_DATA_DIR", str(data))
    for seed, moves in ((1, 25), (2, 60)):
        played = run_and_kill(tmp_path, data, seed, moves)
        info = saves.find(None)
        match = saves.load(info.path, registry)
        saved = match.move_texts()
        # Every move announced was saved first; at most the one being announced is extra.
        assert len(played) <= len(saved) <= len(played) + 1
        assert saved[: len(played)] == played
        assert match.players == ["human", "easy"]
    # A temporary file a kill left behind is never taken for a save.
    assert [i.path.name for i in saves.list_saves()] == ["ataxx.json"]

    app = App(registry, windowed=True, size=(1024, 768), worker=FakeWorker(registry))
    try:
        menu = app.scenes.top
        assert menu.continue_card is not None and menu.focus.focused is menu.continue_card
        app.step(events=[key(pygame.K_RETURN)])
        play = app.scenes.top
        assert isinstance(play, PlayScene)
        assert play.match.move_texts() == saved and play.match.players == ["human", "easy"]
        assert play.match.state.to_text() == match.state.to_text()
    finally:
        app.close()
