"""The game review: the table of ``python main.py review`` (real AI worker), the values and swings
of :class:`tafel.review.Review`, and the review screen opened from the game-over card with values
arriving from a fake worker, a point picked by mouse and keys showing its position."""

import random
import re

import pygame
import pytest

from tafel.ai.base import Limit
from tafel.ai.messages import EvalRequest, Evaluation
from tafel.cli import main
from tafel.match import Match
from tafel.review import PASSES, Review, ReviewJob
from tafel.testing import distinct_colours
from tafel.ui.app import App
from tafel.ui.scenes.gameover import GameOverScene
from tafel.ui.scenes.review import ReviewScene
from tests.ui_toygame import GAME_ID, FakeResult, FakeWorker, click, key, make_registry, run_until


class EvalWorker(FakeWorker):
    """The fake worker of the UI tests, answering :class:`EvalRequest` with an
    :class:`Evaluation`: the first legal move, and a value that depends on the ply (X ahead after
    its third mark, so the fourth move is a swing)."""

    VALUES = [0.5, 0.45, 0.55, 0.5, 0.1, 0.9, 0.2, 0.8, 0.3, 0.7]

    def answer(self, generation, req):
        plain = super().answer(generation, req)
        if not isinstance(req, EvalRequest) or plain.error:
            return plain
        ply = len(req.moves)
        return Evaluation(
            generation,
            plain.move_text,
            None,
            {"value": self.VALUES[ply]},
            seat=req.seat,
            value=self.VALUES[ply],
        )


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    return make_registry(tmp_path_factory.mktemp("review_plugins"))


@pytest.fixture(autouse=True)
def private_data(tmp_path, monkeypatch):
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path / "data"))


def finished_match(registry, moves=("b2", "a1", "c1", "a3", "a2", "c3", "b3", "b1", "c2")):
    game = registry.game(GAME_ID)
    match = Match(game, {"first": "x"}, players=["human", "human"], seed=1)
    match.replay(list(moves))
    return match


# --- the shared computation ------------------------------------------------------------------


def test_values_swings_and_rows_from_evaluations(registry):
    match = finished_match(registry, ["a1", "b1", "a2", "b2", "a3"])  # X wins on move 5
    review = Review.from_match(match)
    assert review.total == 6 and review.next_ply() == 0 and review.points[-1].rewards == (1.0, 0.0)
    for ply, value in enumerate([0.6, 0.3, 0.8, 0.1]):
        review.take(ply, Evaluation(ply + 1, "c3", None, {}, seat=ply % 2, value=value))
    assert review.next_ply() == 4 and not review.finished
    # An answer without a value (a watchdog's error): the point is done, its value unknown.
    review.take(4, FakeResult(9, None, "the AI did not answer", {}))
    assert review.finished and review.points[4].value is None and review.points[4].error
    # Seat 0's chance: its own values, the complement of seat 1's, the outcome at the end.
    assert [review.curve(p) for p in range(6)] == pytest.approx([0.6, 0.7, 0.8, 0.9, None, 1.0])
    assert review.swing(1) == pytest.approx(0.1)  # X: 0.6 -> 0.7
    assert review.swing(2) == pytest.approx(-0.1)  # O: 0.3 -> 0.2
    assert review.swing(5) is None  # the value before it is unknown
    assert review.biggest_swings(least=0.05) == [2, 4]
    assert review.preferred_other(1) == "c3"
    rows = review.rows()
    assert rows[0] == ("1", "X", "a1", "a1", "0.60", "c3", "+0.10")
    assert rows[4][4] == "error" and rows[-1][:4] == ("end", "-", "-", "-")
    assert rows[-1][4] == "1.00 0.00"


def test_job_ignores_stale_answers_and_cancels(registry):
    review = Review.from_match(finished_match(registry, ["a1", "b1"]))
    worker = EvalWorker(registry, hold=True)
    job = ReviewJob(review, worker)
    assert job.step() is None and len(worker.requests) == 1
    assert isinstance(worker.requests[0], EvalRequest) and worker.requests[0].moves == []
    worker.results.append(Evaluation(99, "b2", None, {}, value=0.9))  # an older generation's
    assert job.step() is None and review.valued == 0
    worker.release()
    assert job.step() == 0 and review.points[0].value == 0.5 and review.points[0].best == "a1"
    assert worker.requests[-1].moves == ["a1"] and worker.requests[-1].seat == 1
    job.cancel()
    assert worker.cancels == 1 and not job.running


# --- the command line ----------------------------------------------------------------------


def random_moves(game_id, count, seed):
    from tafel.plugins import load_registry

    game = load_registry().game(game_id)
    state = game.new_state(game.resolve_options(), None)
    rng, texts = random.Random(seed), []
    for _ in range(count):
        move = rng.choice(state.legal_moves())
        texts.append(state.move_to_text(move))
        state = state.play(move)
    return texts


@pytest.mark.parametrize("game_id", ["ataxx", "atoll"])
def test_cli_review_prints_the_table(game_id, capsys):
    moves = random_moves(game_id, 4, seed=3)
    assert main(["review", game_id, "--moves", *moves, "--movetime", "0.05", "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["MOVE", "SEAT", "PLAYED", "WORDS", "VALUE", "BEST", "SWING"]
    rows = lines[1:6]
    assert [r.split()[0] for r in rows] == ["1", "2", "3", "4", "end"]
    for row, move in zip(rows, moves, strict=False):
        assert f" {move} " in row
    for row in rows:
        value = re.search(r" ([01]\.\d\d) ", row)  # every position valued by the hard agent
        assert value is not None and 0.0 <= float(value.group(1)) <= 1.0
    assert all(line.startswith("biggest swing") for line in lines[6:])


def test_cli_review_bad_input_is_one_line(capsys):
    assert main(["review", "ataxx", "--moves", "zz9"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and len(err.strip().splitlines()) == 1
    assert main(["review", "ataxx"]) == 2
    assert "--moves" in capsys.readouterr().err


# --- the review screen ---------------------------------------------------------------------------


@pytest.fixture
def worker(registry):
    return EvalWorker(registry, hold=True)


@pytest.fixture
def app(registry, worker):
    app = App(registry, windowed=True, size=(1280, 720), worker=worker, strict=True)
    yield app
    app.close()


def open_review(app, registry) -> ReviewScene:
    play = app.start_match(finished_match(registry))
    assert run_until(app, lambda: isinstance(app.scenes.top, GameOverScene))
    over = app.scenes.top
    button = next(b for b in over.buttons if b.key == "review")
    app.step(events=click(button.rect.center))
    assert isinstance(app.scenes.top, ReviewScene) and app.scenes.top.match is play.match
    return app.scenes.top


def test_review_from_the_game_over_card_fills_in_as_values_arrive(app, registry, worker):
    scene = open_review(app, registry)
    review = scene.review
    assert review.total == 10 and review.valued == 1  # the finished end: its outcome
    app.step()
    assert len(worker.requests) == 1 and review.valued == 1
    for _ in range(3):  # frames go on while the worker thinks
        app.step()
    assert review.valued == 1
    for _ in range(9):
        worker.release()
        app.step()
    # The first pass: one request a position, with the fast pass's think time.
    first = [r.limit for r in worker.requests[:9]]
    assert review.finished and review.valued == 10 and first == [Limit(time=PASSES[0])] * 9
    assert [p.value for p in review.points[:9]] == EvalWorker.VALUES[:9]
    assert review.biggest_swings() and "looking deeper (pass 2 of 3)" in scene._status()
    # The deeper passes refine the values while the player looks, position by position.
    assert worker.requests[9].moves == [] and worker.requests[9].limit == Limit(time=PASSES[1])
    for _ in range(2 * 9 + 2):
        worker.release()
        app.step()
    assert review.passes_done == 3 and "Values by the hard AI" in scene._status()
    assert worker.requests[-1].limit is None  # the last pass: the agent's own think time
    assert len(worker.requests) == 3 * 9
    app.step()


def test_picking_a_point_shows_that_position(app, registry, worker):
    scene = open_review(app, registry)
    for _ in range(12):
        worker.release()
        app.step()
    assert scene.review.finished
    assert scene.selected == 9  # the last position first
    graph = scene.graph
    app.step(events=click((graph.x_of(3), graph.plot.centery)))
    assert scene.selected == 3
    boards = scene.shown_boards()
    assert boards[0][0] == "Played: c1"
    picture = boards[0][1]
    assert picture.states[-1] is scene.review.states[3] and len(picture.moves) == 3
    # The agent (the first legal move: b1 after b2 a1) preferred another move: a second board.
    assert boards[1][0] == "The AI preferred: b1"
    assert boards[1][1].states[-1].to_text() != picture.states[-1].to_text()
    app.step(events=[key(pygame.K_LEFT)])
    assert scene.selected == 2
    app.step(events=[key(pygame.K_RIGHT), key(pygame.K_RIGHT)])
    assert scene.selected == 4
    app.step(events=[key(pygame.K_HOME)])
    assert scene.selected == 0 and [c for c, _ in scene.shown_boards()] == ["The start"]
    app.step(events=[key(pygame.K_DOWN)])  # the next of the biggest swings
    assert scene.selected == min(scene.review.biggest_swings())
    app.step()
    assert distinct_colours(app.screen) > 10  # graph and boards drawn
    app.step(events=[key(pygame.K_ESCAPE)])
    assert isinstance(app.scenes.top, GameOverScene)


def test_leaving_stops_the_search_and_reopening_goes_on(app, registry, worker):
    scene = open_review(app, registry)
    app.step()
    worker.release()
    app.step()
    assert scene.review.valued == 2
    app.step(events=[key(pygame.K_ESCAPE)])
    assert worker.cancels >= 1
    over = app.scenes.top
    worker.held.clear()
    button = next(b for b in over.buttons if b.key == "review")
    app.step(events=click(button.rect.center))
    again = app.scenes.top
    assert isinstance(again, ReviewScene) and again.review is scene.review and again.review.valued == 2
