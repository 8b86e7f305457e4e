"""A 2D camera for boards that do not fit the screen or have no edge (world <-> screen, pan, zoom).

World coordinates are whatever the plugin uses (cell units, say), with y growing downwards
like the screen. ``zoom`` is screen pixels per world unit and ``center`` the world point shown
at the middle of the ``viewport`` (the board rectangle the core gives the view). Changes can be
animated: the camera then eases towards its target in ``update(dt)``, zooming in log space and
keeping the point under the mouse fixed while it zooms.

A view typically calls ``camera.set_viewport(rect)`` in ``layout``, ``camera.update(dt)`` in
``update``, passes events to ``camera.handle_event`` first, and draws through
``world_to_screen``.

>>> import pygame
>>> cam = Camera(pygame.Rect(0, 0, 800, 600), center=(0, 0), zoom=10)
>>> cam.world_to_screen((1, 2))
(410.0, 320.0)
>>> cam.screen_to_world((410, 320))
(1.0, 2.0)
>>> cam.zoom_at(2, (410, 320), animate=False)
>>> cam.zoom, cam.world_to_screen((1, 2))
(20.0, (410.0, 320.0))
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

Point = tuple[float, float]
#: A world rectangle: x, y, width, height.
WorldRect = tuple[float, float, float, float]

WHEEL_STEP = 1.15
KEY_ZOOM_STEP = 1.25
#: Arrow keys pan by this share of the visible width or height.
KEY_PAN_SHARE = 0.15


class Camera:
    """World <-> screen transform with panning, zooming about a point and framing, optionally smoothed.

    ``pan_buttons`` are the mouse buttons that drag the board (middle and right by default, so
    a left click stays free for moves); ``keys`` turns on arrow-key panning, +/- zoom and Home
    to frame ``home`` (views that move a cursor with the arrows leave it off).
    """

    def __init__(
        self,
        viewport: pygame.Rect | Sequence[int] = (0, 0, 1, 1),
        center: Point = (0.0, 0.0),
        zoom: float = 1.0,
        *,
        min_zoom: float = 0.01,
        max_zoom: float = 1000.0,
        smoothing: float = 14.0,
        pan_buttons: tuple[int, ...] = (2, 3),
        keys: bool = False,
        home: WorldRect | None = None,
    ) -> None:
        self.viewport = pygame.Rect(viewport)
        self.min_zoom = min_zoom
        self.max_zoom = max_zoom
        self.smoothing = smoothing
        self.pan_buttons = pan_buttons
        self.keys = keys
        self.home = home
        self.x, self.y = float(center[0]), float(center[1])
        self.zoom = self._clamp(zoom)
        self.tx, self.ty, self.tzoom = self.x, self.y, self.zoom
        #: While zooming about a point: (world point, screen point) kept together.
        self._anchor: tuple[Point, Point] | None = None
        self.dragging = False

    # --- transforms ---------------------------------------------------------------------------

    @property
    def center(self) -> Point:
        return (self.x, self.y)

    def world_to_screen(self, point: Point) -> Point:
        vc = self.viewport.center
        return ((point[0] - self.x) * self.zoom + vc[0], (point[1] - self.y) * self.zoom + vc[1])

    def screen_to_world(self, point: Point) -> Point:
        vc = self.viewport.center
        return ((point[0] - vc[0]) / self.zoom + self.x, (point[1] - vc[1]) / self.zoom + self.y)

    def to_screen_int(self, point: Point) -> tuple[int, int]:
        sx, sy = self.world_to_screen(point)
        return (int(round(sx)), int(round(sy)))

    def scale(self, length: float) -> float:
        """A world length in screen pixels."""
        return length * self.zoom

    def world_rect_to_screen(self, rect: WorldRect) -> pygame.Rect:
        x0, y0 = self.world_to_screen((rect[0], rect[1]))
        x1, y1 = self.world_to_screen((rect[0] + rect[2], rect[1] + rect[3]))
        return pygame.Rect(
            int(math.floor(x0)), int(math.floor(y0)), int(math.ceil(x1 - x0)), int(math.ceil(y1 - y0))
        )

    def visible_world(self) -> WorldRect:
        """The world rectangle the viewport shows now (for culling what is off screen)."""
        w = self.viewport.width / self.zoom
        h = self.viewport.height / self.zoom
        return (self.x - w / 2, self.y - h / 2, w, h)

    # --- moving ----------------------------------------------------------------------------------

    def _clamp(self, zoom: float) -> float:
        return min(self.max_zoom, max(self.min_zoom, float(zoom)))

    def set_viewport(self, rect: pygame.Rect | Sequence[int]) -> None:
        """The board area changed (layout): keep the same world centre and zoom."""
        self.viewport = pygame.Rect(rect)

    def _settle_anchor(self) -> None:
        # Fold a running zoom-about-a-point into plain targets, so a pan can take over.
        if self._anchor is not None:
            (wx, wy), (sx, sy) = self._anchor
            vc = self.viewport.center
            self.tx = wx - (sx - vc[0]) / self.tzoom
            self.ty = wy - (sy - vc[1]) / self.tzoom
            self._anchor = None

    def snap(self) -> None:
        """Jump to the target at once."""
        self._settle_anchor()
        self.x, self.y, self.zoom = self.tx, self.ty, self.tzoom

    def move_to(self, center: Point, zoom: float | None = None, animate: bool = True) -> None:
        self._anchor = None
        self.tx, self.ty = float(center[0]), float(center[1])
        if zoom is not None:
            self.tzoom = self._clamp(zoom)
        if not animate:
            self.snap()

    def pan_pixels(self, dx: float, dy: float) -> None:
        """Drag the world by (dx, dy) screen pixels, at once (it follows the pointer)."""
        self._settle_anchor()
        self.x -= dx / self.zoom
        self.y -= dy / self.zoom
        self.tx -= dx / self.tzoom
        self.ty -= dy / self.tzoom

    def pan_world(self, dx: float, dy: float, animate: bool = True) -> None:
        """Move the view centre by (dx, dy) world units."""
        self._settle_anchor()
        self.tx += dx
        self.ty += dy
        if not animate:
            self.snap()

    def zoom_at(self, factor: float, screen_point: Point | None = None, animate: bool = True) -> None:
        """Zoom by ``factor`` keeping the world point under ``screen_point`` (default: the centre) in place."""
        point = self.viewport.center if screen_point is None else screen_point
        self._settle_anchor()
        # The anchor is the world point under ``point`` where the camera is heading, so repeated
        # wheel steps during an animation keep zooming about the same spot.
        vc = self.viewport.center
        world = ((point[0] - vc[0]) / self.tzoom + self.tx, (point[1] - vc[1]) / self.tzoom + self.ty)
        self.tzoom = self._clamp(self.tzoom * factor)
        self._anchor = (world, (float(point[0]), float(point[1])))
        if not animate:
            self.snap()
        else:
            # Start the current position from the same anchor so the point does not drift.
            self.x, self.y = self._anchored_center(self.zoom)

    def _anchored_center(self, zoom: float) -> Point:
        assert self._anchor is not None
        (wx, wy), (sx, sy) = self._anchor
        vc = self.viewport.center
        return (wx - (sx - vc[0]) / zoom, wy - (sy - vc[1]) / zoom)

    def frame(
        self, rect: WorldRect, margin: float = 0.06, animate: bool = True, max_zoom: float | None = None
    ) -> None:
        """Fit the world ``rect`` in the viewport with a ``margin`` (share of the viewport) round it."""
        x, y, w, h = rect
        vw = self.viewport.width * (1 - 2 * margin)
        vh = self.viewport.height * (1 - 2 * margin)
        zoom = min(vw / w if w > 0 else math.inf, vh / h if h > 0 else math.inf)
        if math.isinf(zoom):
            zoom = self.tzoom
        if max_zoom is not None:
            zoom = min(zoom, max_zoom)
        self.move_to((x + w / 2, y + h / 2), zoom, animate)

    # --- time and input ----------------------------------------------------------------------

    @property
    def animating(self) -> bool:
        return (
            abs(math.log(self.tzoom / self.zoom)) > 1e-4
            or abs(self.tx - self.x) * self.zoom > 0.05
            or abs(self.ty - self.y) * self.zoom > 0.05
        )

    def update(self, dt: float) -> bool:
        """Ease towards the target; True while still moving."""
        if not self.animating:
            self.snap()
            return False
        k = 1.0 - math.exp(-self.smoothing * max(0.0, dt))
        self.zoom = self.zoom * (self.tzoom / self.zoom) ** k
        if self._anchor is not None:
            self.x, self.y = self._anchored_center(self.zoom)
            self.tx, self.ty = self._anchored_center(self.tzoom)
        else:
            self.x += (self.tx - self.x) * k
            self.y += (self.ty - self.y) * k
        if not self.animating:
            self.snap()
            return False
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Drag with ``pan_buttons``, wheel zoom about the pointer, and (with ``keys``) arrows, +/-, Home.

        Returns True when the camera used the event.
        """
        t = event.type
        if (
            t == pygame.MOUSEBUTTONDOWN
            and event.button in self.pan_buttons
            and self.viewport.collidepoint(event.pos)
        ):
            self.dragging = True
            return True
        if t == pygame.MOUSEBUTTONUP and event.button in self.pan_buttons and self.dragging:
            self.dragging = False
            return True
        if t == pygame.MOUSEMOTION and self.dragging:
            self.pan_pixels(*event.rel)
            return True
        if t == pygame.MOUSEWHEEL:
            pos = getattr(event, "pos", None) or pygame.mouse.get_pos()
            if not self.viewport.collidepoint(pos) or not event.y:
                return False
            self.zoom_at(WHEEL_STEP**event.y, pos)
            return True
        if t == pygame.KEYDOWN and self.keys:
            vw, vh = self.viewport.width / self.tzoom, self.viewport.height / self.tzoom
            pans = {
                pygame.K_LEFT: (-vw * KEY_PAN_SHARE, 0.0),
                pygame.K_RIGHT: (vw * KEY_PAN_SHARE, 0.0),
                pygame.K_UP: (0.0, -vh * KEY_PAN_SHARE),
                pygame.K_DOWN: (0.0, vh * KEY_PAN_SHARE),
            }
            if event.key in pans:
                self.pan_world(*pans[event.key])
                return True
            if event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.zoom_at(KEY_ZOOM_STEP)
                return True
            if event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.zoom_at(1 / KEY_ZOOM_STEP)
                return True
            if event.key in (pygame.K_HOME, pygame.K_0, pygame.K_KP0) and self.home is not None:
                self.frame(self.home)
                return True
        return False
