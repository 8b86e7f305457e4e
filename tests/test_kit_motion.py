"""tafel.kit motion: easing, tweens, the speed setting, animations from a move's changes."""

from __future__ import annotations

import pytest

from tafel.kit import (
    Capture,
    Flip,
    Jump,
    Motion,
    Place,
    Slide,
    Tween,
    diff_animations,
    ease_in,
    ease_in_out,
    ease_out,
    ease_out_back,
    linear,
)


@pytest.mark.parametrize("ease", [linear, ease_in, ease_out, ease_in_out, ease_out_back])
def test_easings_run_from_0_to_1(ease):
    assert ease(0.0) == pytest.approx(0.0) and ease(1.0) == pytest.approx(1.0)


def test_ease_out_back_overshoots():
    assert max(ease_out_back(i / 100) for i in range(101)) > 1.05


def test_tween_delay_and_progress():
    t = Tween(0.5, delay=0.25)
    assert t.progress == 0.0 and not t.done
    t.update(0.5)
    assert t.progress == pytest.approx(0.5)
    t.update(0.25)
    assert t.progress == 1.0 and t.done


@pytest.mark.parametrize("speed, frames", [(1.0, (10, 30)), (0.5, (4, 15)), (2.0, (20, 60))])
def test_motion_honours_the_speed_setting(speed, frames):
    motion = Motion(speed)
    motion.start(diff_animations({"a": 0, "c": 1}, {"a": 0, "b": 0, "c": 0}, None, "b"))
    n = 0
    while motion.busy:
        motion.update(1 / 60)
        n += 1
    assert frames[0] <= n <= frames[1]


def test_speed_zero_plays_nothing():
    motion = Motion(0.0)
    motion.start([Place("a", 0)])
    assert not motion.busy and motion.hidden == frozenset()


def test_diff_animations_kinds():
    kinds = diff_animations({"a": 0, "x": 1, "y": 1}, {"b": 0, "x": 0}, "a", "b", mover=Slide)
    by_type = {type(a): a for a in kinds}
    assert set(by_type) == {Slide, Flip, Capture}
    assert by_type[Flip].delay > 0 and by_type[Flip].cell == "x" and by_type[Capture].cell == "y"
    clone = diff_animations({"a": 0}, {"a": 0, "b": 0}, None, "b")
    assert [type(a) for a in clone] == [Place]


def test_poses_move_between_cells_and_end_at_the_target():
    centers = {"a": (0.0, 0.0), "b": (100.0, 0.0)}
    jump = Jump("a", "b", 0)
    first = jump.pose(centers.__getitem__, 50).at
    jump.update(jump.duration / 2)
    mid = jump.pose(centers.__getitem__, 50)
    jump.update(jump.duration)
    assert first == (0.0, 0.0) and mid.at[1] < 0 and mid.sx > 1  # it rises in mid-air
    assert jump.pose(centers.__getitem__, 50).at == (100.0, 0.0)
    flip = Flip("a", 0, 1)
    assert flip.pose(centers.__getitem__, 50).piece == 0
    flip.update(1.0)
    assert flip.pose(centers.__getitem__, 50).piece == 1


def test_travel_follows_its_path_and_lifts_midway():
    from tafel.kit import Travel

    centers = {"a": (0, 0), "b": (100, 0), "c": (100, 100)}
    travel = Travel(["a", "b", "c"], "stack")
    assert travel.duration == pytest.approx(max(Travel.SHORTEST, 3 * Travel.STEP)) and travel.cells == ("c",)
    assert travel.pose(centers.get, 40).at == (0, 0)
    travel.update(travel.duration / 2)
    x, y = travel.pose(centers.get, 40).at
    assert x == pytest.approx(100) and y == pytest.approx(-40 * Travel.LIFT)  # at b, lifted
    travel.update(travel.duration)
    assert travel.pose(centers.get, 40).at == pytest.approx((100, 100))


def test_fly_waits_then_shrinks_and_fades_to_its_goal():
    from tafel.kit import Fly

    fly = Fly("a", 3, (200, 0), delay=0.2, duration=0.5)
    center = {"a": (0, 0)}.get
    assert fly.pose(center, 10).at == (0, 0) and fly.pose(center, 10).alpha == 255
    fly.update(0.2 + 0.25)
    mid = fly.pose(center, 10)
    assert mid.at[0] == pytest.approx(100) and mid.at[1] < 0 and mid.sx < 1 and mid.alpha < 255
    fly.update(0.26)
    assert fly.pose(center, 10) is None  # arrived: drawn no more


@pytest.mark.parametrize("speed", [0.25, 1.0, 2.0])
def test_min_speed_keeps_an_animation_long_enough(speed):
    from tafel.kit import Celebration

    cheer = Celebration((0, 0), "Good move!", "", [(255, 0, 0)], 50, delay=1.0)
    place = Place("a", 0, delay=1.0)
    Motion(speed).start([cheer, place])
    assert cheer.duration == pytest.approx(Celebration.LENGTH * max(speed, 0.5))
    assert place.duration == pytest.approx(Place.LENGTH * speed)
    assert cheer.delay == place.delay == pytest.approx(speed)
