"""The play screen's parts stand on their own (issue 37): none holds the scene, every seat
that is not a person at this screen is a move source behind one interface (a player elsewhere
plugs in where the AI does), and every move enters the match at one place."""

from __future__ import annotations

import ast
from dataclasses import FrozenInstanceError, dataclass
from pathlib import Path

import pytest

from tafel.match import Match
from tafel.ui.app import App
from tafel.ui.scenes.play import PlayScene
from tafel.ui.scenes.play.seats import Seats
from tafel.view import ViewContext
from tests.ui_toygame import GAME_ID, FakeWorker, make_registry, run_until

PLAY = Path(__file__).resolve().parent.parent / "core" / "ui" / "scenes" / "play"
PARTS = ("turns.py", "history.py", "panel.py", "move_list.py", "guide.py", "seats.py", "host.py", "hint.py")


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    return make_registry(tmp_path_factory.mktemp("parts_plugins"))


@pytest.fixture(autouse=True)
def private_data(tmp_path, monkeypatch):
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path / "data"))


@pytest.mark.parametrize("name", PARTS)
def test_no_part_holds_the_scene(name):
    """No import of the scene's module (TYPE_CHECKING ones included) and no ``.scene`` reached."""
    tree = ast.parse((PLAY / name).read_text(encoding="utf-8"))
    imported = [
        node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module
    ] + [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    assert not [m for m in imported if m.endswith("play.scene") or m == "tafel.ui.scenes.play"]
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    attributes = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    assert "PlayScene" not in names and "scene" not in attributes and "scene" not in names


def test_the_scene_keeps_no_proxies_of_its_parts():
    for name in ("thinking", "ai_error", "browse", "shown_ply", "undo_button", "list_rect", "worker"):
        assert not hasattr(PlayScene, name), name


def test_the_view_context_is_a_frozen_snapshot():
    ctx = ViewContext(theme=None, fonts=None)
    with pytest.raises(FrozenInstanceError):
        ctx.hint = 1  # type: ignore[misc]


@dataclass
class Answer:
    generation: int
    move_text: str | None
    error: str | None = None
    info: dict | None = None


class Remote:
    """A player elsewhere, as the online-play issue sees one: asked like the AI worker, it
    answers later (here when ``send`` is called, as a peer's message arrives)."""

    def __init__(self) -> None:
        self.asked: list = []
        self.inbox: list[Answer] = []
        self.cancels = 0
        self.busy = True

    def request(self, req) -> int:
        self.asked.append(req)
        return len(self.asked)

    def send(self, text: str) -> None:
        self.inbox.append(Answer(len(self.asked), text))

    def poll(self):
        return self.inbox.pop(0) if self.inbox else None

    def cancel(self) -> None:
        self.cancels += 1


def test_a_player_elsewhere_plugs_in_where_an_ai_seat_does(registry):
    worker, remote = FakeWorker(registry), Remote()
    app = App(registry, windowed=True, size=(800, 600), worker=worker)
    try:
        match = Match(registry.game(GAME_ID), {}, players=["human", "remote:bob"], seed=1)
        play = PlayScene(app, match, worker, sources={"remote:": lambda: remote})
        app.scenes.pop_to(app.menu)
        app.scenes.push(play)
        app.step()
        assert run_until(app, lambda: play.interactive)
        assert play.human_move(match.state.parse_move("b2"))
        assert run_until(app, lambda: bool(remote.asked))
        assert remote.asked[-1].agent == "remote:bob" and remote.asked[-1].moves == ["b2"]
        assert play.turns.thinking and worker.requests == []  # asked the remote, not the AI
        remote.send("a1")
        assert run_until(app, lambda: match.ply == 2)
        assert match.move_texts() == ["b2", "a1"] and not play.turns.thinking
        # A refused move from elsewhere is the seat's failure, with its ways out, as the AI's.
        assert play.human_move(match.state.parse_move("c3"))
        assert run_until(app, lambda: len(remote.asked) == 2)
        remote.send("a1")  # taken already
        assert run_until(app, lambda: play.turns.ai_error is not None)
        assert match.ply == 3
    finally:
        app.close()


def test_a_person_s_move_is_checked_where_it_enters_the_match(registry):
    app = App(registry, windowed=True, size=(800, 600), worker=FakeWorker(registry))
    try:
        play = app.start_match(Match(registry.game(GAME_ID), {}, players=["human", "human"], seed=1))
        app.step()
        move = play.match.state.parse_move("a1")
        assert play.human_move(move)
        before = list(play.match.move_texts())
        assert not play.human_move(move)  # taken: the match refuses it, the screen says so
        assert play.match.move_texts() == before
        assert play.toasts[-1].text == "That move is not legal here." and play.toasts[-1].error
    finally:
        app.close()


def test_seats_open_each_source_once_by_prefix():
    opened: list[str] = []

    def make(name):
        def factory():
            opened.append(name)
            return name

        return factory

    seats = Seats(None, make("worker"), {"engine:": make("router"), "remote:": make("net")})
    assert seats.worker_made is None
    assert seats.source_for("remote:ann") == seats.source_for("remote:bob") == "net"
    assert seats.source_for("engine:x") == "router" and seats.source_for("hard") == "worker"
    assert opened == ["net", "router", "worker"]
