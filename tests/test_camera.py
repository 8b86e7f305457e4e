"""The 2D camera: transforms, pan, zoom about a point, framing, smoothing, input."""

import pygame
import pytest

from tafel.camera import KEY_ZOOM_STEP, WHEEL_STEP, Camera


def approx_point(p, q, tol=1e-6):
    return p[0] == pytest.approx(q[0], abs=tol) and p[1] == pytest.approx(q[1], abs=tol)


def settle(cam, seconds=3.0, dt=1 / 60):
    for _ in range(int(seconds / dt)):
        if not cam.update(dt):
            break
    return cam


def test_round_trip_transforms():
    cam = Camera(pygame.Rect(100, 50, 800, 600), center=(3.5, -2.0), zoom=37.5)
    for p in [(0, 0), (3.5, -2.0), (-120.25, 44.0), (1e4, -1e4)]:
        assert approx_point(cam.screen_to_world(cam.world_to_screen(p)), p, 1e-6)
    assert approx_point(cam.world_to_screen((3.5, -2.0)), (500, 350))
    assert cam.scale(2) == 75.0


def test_world_rect_and_visible_world():
    cam = Camera(pygame.Rect(0, 0, 400, 200), center=(0, 0), zoom=10)
    assert cam.visible_world() == (-20.0, -10.0, 40.0, 20.0)
    assert cam.world_rect_to_screen((0, 0, 2, 3)) == pygame.Rect(200, 100, 20, 30)


def test_zoom_about_point_keeps_point_fixed():
    cam = Camera(pygame.Rect(0, 0, 800, 600), center=(10, 10), zoom=20)
    mouse = (650, 120)
    under = cam.screen_to_world(mouse)
    cam.zoom_at(3, mouse, animate=False)
    assert cam.zoom == 60
    assert approx_point(cam.world_to_screen(under), mouse)


def test_animated_zoom_keeps_point_fixed_every_frame():
    cam = Camera(pygame.Rect(0, 0, 800, 600), center=(0, 0), zoom=20)
    mouse = (100, 500)
    under = cam.screen_to_world(mouse)
    cam.zoom_at(4, mouse)
    assert cam.animating and cam.zoom == 20
    frames = 0
    while cam.update(1 / 60):
        frames += 1
        assert approx_point(cam.world_to_screen(under), mouse, 1e-6)
        assert 20 < cam.zoom <= 80
    assert 1 < frames < 400
    assert cam.zoom == 80 and approx_point(cam.world_to_screen(under), mouse, 1e-6)


def test_zoom_limits():
    cam = Camera(pygame.Rect(0, 0, 100, 100), zoom=1, min_zoom=0.5, max_zoom=4)
    cam.zoom_at(100, animate=False)
    assert cam.zoom == 4
    cam.zoom_at(1e-6, animate=False)
    assert cam.zoom == 0.5


def test_frame_fits_and_centres():
    cam = Camera(pygame.Rect(0, 0, 1000, 500), zoom=1)
    cam.frame((10, 20, 100, 40), margin=0.1, animate=False)
    # 800 x 400 px available: the width limits (8 px/unit), the height would allow 10.
    assert cam.zoom == pytest.approx(8)
    assert cam.center == (60, 40)
    box = cam.world_rect_to_screen((10, 20, 100, 40))
    assert cam.viewport.contains(box)
    cam.frame((0, 0, 1, 1), animate=False, max_zoom=50)
    assert cam.zoom == 50


def test_smooth_move_converges():
    cam = Camera(pygame.Rect(0, 0, 640, 480), center=(0, 0), zoom=10)
    cam.move_to((30, -12), zoom=5)
    cam.update(1 / 60)
    assert 0 < cam.x < 30 and 5 < cam.zoom < 10
    settle(cam)
    assert not cam.animating and cam.center == (30, -12) and cam.zoom == 5


def test_pan_pixels_follows_pointer():
    cam = Camera(pygame.Rect(0, 0, 640, 480), center=(0, 0), zoom=4)
    before = cam.screen_to_world((300, 200))
    cam.pan_pixels(40, -20)
    assert approx_point(cam.world_to_screen(before), (340, 180))


def test_set_viewport_keeps_centre():
    cam = Camera(pygame.Rect(0, 0, 640, 480), center=(7, 8), zoom=4)
    cam.set_viewport(pygame.Rect(100, 100, 300, 300))
    assert approx_point(cam.world_to_screen((7, 8)), (250, 250))


def test_drag_events():
    cam = Camera(pygame.Rect(0, 0, 640, 480), center=(0, 0), zoom=2)
    assert not cam.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1))
    assert cam.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=3))
    assert cam.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(30, 10), rel=(20, 0), buttons=(0, 0, 1))
    )
    assert cam.center == (-10, 0)
    assert cam.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(30, 10), button=3))
    assert not cam.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(40, 10), rel=(10, 0), buttons=(0, 0, 0))
    )
    assert cam.center == (-10, 0)


def test_wheel_zooms_about_pointer():
    cam = Camera(pygame.Rect(0, 0, 640, 480), center=(0, 0), zoom=10)
    pos = (500, 100)
    under = cam.screen_to_world(pos)
    assert cam.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, pos=pos, flipped=False))
    settle(cam)
    assert cam.zoom == pytest.approx(10 * WHEEL_STEP**2)
    assert approx_point(cam.world_to_screen(under), pos, 1e-6)
    outside = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, pos=(900, 900), flipped=False)
    assert not cam.handle_event(outside)


def test_keys_only_when_enabled():
    cam = Camera(pygame.Rect(0, 0, 400, 400), center=(0, 0), zoom=10, home=(0, 0, 4, 4))
    left = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0)
    assert not cam.handle_event(left)
    cam.keys = True
    assert cam.handle_event(left)
    settle(cam)
    assert cam.x == pytest.approx(-40 * 0.15)
    assert cam.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PLUS, mod=0))
    settle(cam)
    assert cam.zoom == pytest.approx(10 * KEY_ZOOM_STEP)
    assert cam.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0))
    settle(cam)
    assert cam.center == (2, 2) and cam.zoom == pytest.approx(400 * 0.88 / 4)
