"""How the arcade's window is presented: under X11 with X11's own shared-memory image (SDL's
OpenGL framebuffer is software under Xvfb, in virtual machines and without a graphics driver:
13 ms a 1920x1080 frame against 1 ms, bench/flip_cost.py); elsewhere as SDL chooses; the
user's own SDL_FRAMEBUFFER_ACCELERATION always wins."""

from __future__ import annotations

import os

import pygame
import pytest

from tafel.ui.app import native_x11_framebuffer

HINT = "SDL_FRAMEBUFFER_ACCELERATION"


@pytest.mark.parametrize(
    ("driver", "users", "expected"),
    [("x11", None, "0"), ("wayland", None, None), ("windows", None, None), ("x11", "1", "1")],
)
def test_x11_gets_its_own_image_unless_the_user_chose(monkeypatch, driver, users, expected):
    monkeypatch.setattr(pygame.display, "get_driver", lambda: driver)
    if users is None:
        monkeypatch.delenv(HINT, raising=False)
    else:
        monkeypatch.setenv(HINT, users)
    native_x11_framebuffer()
    assert os.environ.get(HINT) == expected
    monkeypatch.delenv(HINT, raising=False)  # this test's setting does not outlive it
