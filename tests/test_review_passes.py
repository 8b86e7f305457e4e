"""A review in seconds (issue 38): positions valued side by side on two workers, a fast first pass
then deeper ones that refine it; positions not valued drawn as such (no invented line, no
"? → ?"), and swing labels that never cover each other, a ring or the line."""

import pygame
import pytest

from tafel.ai.base import Limit
from tafel.review import Review, ReviewJob, pass_limits
from tafel.ui.app import App
from tafel.ui.scenes.review import ReviewScene
from tests.test_review import EvalWorker, finished_match
from tests.ui_toygame import make_registry


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    return make_registry(tmp_path_factory.mktemp("review_passes_plugins"))


@pytest.fixture(autouse=True)
def private_data(tmp_path, monkeypatch):
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path / "data"))


def test_two_workers_share_the_positions_and_the_passes_refine(registry):
    review = Review.from_match(finished_match(registry), passes=pass_limits())
    one, two = EvalWorker(registry, hold=True), EvalWorker(registry, hold=True)
    job = ReviewJob(review, [one, two])
    job.step()
    # Both work at once, on different positions of the first pass.
    assert [r.moves for r in one.requests] == [[]] and [len(r.moves) for r in two.requests] == [1]
    for _ in range(5):
        one.release(), two.release()
        job.step()
    assert review.finished and review.passes_done == 1 and not job.done
    assert len(one.requests) + len(two.requests) >= 9
    # A deeper pass that fails keeps the value of the one before.
    review.take(0, value=None, error="timed out", pass_index=1)
    assert review.points[0].value == 0.5 and review.points[0].passes == 2
    for _ in range(30):
        one.release(), two.release()
        job.step()
    assert job.done and review.passes_done == 3
    limits = [r.limit for r in one.requests + two.requests]
    assert limits.count(Limit(time=0.08)) == 9 and limits.count(None) == 9


def test_the_command_line_stops_after_the_pass_it_needs(registry):
    review = Review.from_match(finished_match(registry), passes=pass_limits(0.5))
    worker = EvalWorker(registry)
    job = ReviewJob(review, [worker], passes=1)
    for _ in range(20):
        job.step()
    assert job.done and review.passes_done == 1 and len(worker.requests) == 9


def values(review, known):
    for ply, point in enumerate(review.points):
        if ply in known and point.seat is not None:
            review.take(ply, value=known[ply], best=None)


@pytest.fixture
def app(registry):
    app = App(registry, windowed=True, size=(1280, 720), worker=EvalWorker(registry, hold=True))
    yield app
    app.close()


def test_unvalued_positions_are_drawn_as_unvalued(app, registry):
    match = finished_match(registry)
    review = Review.from_match(match, passes=pass_limits())
    values(review, {0: 0.5, 1: 0.4, 2: 0.6})  # 3..8 unknown; the end (9) is the outcome
    scene = ReviewScene(app, match, review)
    app.push(scene)
    app.step()
    graph = scene.graph
    # No line from the last known value to the outcome: the unknown positions break it.
    runs = graph.runs()
    assert [len(r) for r in runs] == [3, 1]
    assert graph.unvalued() == [3, 4, 5, 6, 7, 8]
    scene.select(5)
    first, second = scene._info()
    assert "?" not in first and "not valued yet" in first and second == "Not valued yet"
    # The shaded column of an unknown position is drawn (the card's colour is not there).
    column = graph._column(5)
    x, y = column.centerx, graph.plot.y + 5
    assert tuple(app.screen.get_at((x, y)))[:3] == tuple(scene.ui.theme.button)[:3]


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 600)])
def test_swing_labels_cover_nothing(registry, size):
    app = App(registry, windowed=True, size=size, worker=EvalWorker(registry, hold=True))
    try:
        match = finished_match(registry)
        review = Review.from_match(match, passes=pass_limits())
        # Big swings next to each other: the labels would pile up on the line and each other.
        values(review, {0: 0.5, 1: 0.9, 2: 0.95, 3: 0.9, 4: 0.95, 5: 0.85, 6: 0.9, 7: 0.95, 8: 0.9})
        scene = ReviewScene(app, match, review)
        app.push(scene)
        app.step()
        graph = scene.graph
        scene.select(5)
        placed = graph.label_rects(scene.ui, scene.selected)
        assert len(placed) >= 2
        rects = [r for _m, r, _t in placed]
        for i, rect in enumerate(rects):
            assert graph.plot.contains(rect)
            assert rect.collidelist(rects[:i] + rects[i + 1 :]) < 0
            for run in graph.runs():
                for a, b in zip(run, run[1:], strict=False):
                    assert not rect.clipline(a, b), (rect, a, b)
            x = graph.x_of(scene.selected)  # the selected position's marker line
            assert not rect.clipline((x, graph.plot.y), (x, graph.plot.bottom))
            for move in review.biggest_swings():
                x, y = graph.x_of(move), graph.y_of(review.curve(move))
                assert not rect.collidepoint(x, y)
    finally:
        app.close()


def test_review_screen_uses_two_processes_when_it_can(app, registry):
    from tafel.ai.worker import AIWorker

    match = finished_match(registry)
    scene = ReviewScene(app, match)
    assert scene._second_worker(app.get_worker()) is None  # a test's worker: no second process
    real = AIWorker(registry.spec)
    try:
        second = scene._second_worker(real)
        assert isinstance(second, AIWorker) and second is not real and second.spec == real.spec
        scene.exit()
        assert scene.own_worker is None
    finally:
        real.close()


def test_pass_limits_for_the_command_line():
    assert [lim.time for lim in pass_limits(2.0)] == [0.08, 0.4, 2.0]
    assert pygame  # the screens above ran headless
