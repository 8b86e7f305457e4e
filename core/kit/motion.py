"""Tweens, easing and ready piece animations (place, slide, jump, travel, fly, flip, remove, capture).

Every length here is before the player's animation-speed setting: a :class:`Motion` scales
them by its ``speed``, which a view copies from ``ctx.anim_speed`` in ``draw`` and
``handle_event`` (``on_move`` and ``update`` get no context); speed 0 plays nothing.

>>> round(ease_out_back(0.5), 3), ease_in_out(0.5), arc(0.5)
(1.075, 0.5, 1.0)
>>> motion = Motion(speed=2.0)
>>> motion.start([Place("e5", 0)])
>>> motion.busy, motion.hidden, round(motion.length, 2)
(True, frozenset({'e5'}), 0.4)
>>> motion.update(0.5); motion.busy
False

On a move, :func:`diff_animations` turns what changed between two positions into animations:
the mover places, slides or jumps, the others flip, appear or are captured.

>>> [type(a).__name__ for a in diff_animations({"a": 0, "c": 1}, {"b": 0, "c": 0}, "a", "b")]
['Jump', 'Flip']
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass

Cell = Hashable
Piece = Hashable
Point = tuple[float, float]

__all__ = [
    "Capture",
    "Drop",
    "Flip",
    "Fly",
    "Jump",
    "Motion",
    "PieceAnimation",
    "Place",
    "Pose",
    "Remove",
    "Slide",
    "Travel",
    "Tween",
    "arc",
    "diff_animations",
    "ease_in",
    "ease_in_out",
    "ease_out",
    "ease_out_back",
    "linear",
]


def linear(p: float) -> float:
    """The identity easing: progress ``p`` (0..1) unchanged.

    >>> linear(0.25)
    0.25
    """
    return p


def ease_in(p: float) -> float:
    """Slow start (cubic).

    >>> ease_in(0.5)
    0.125
    """
    return p * p * p


def ease_out(p: float) -> float:
    """Slow end (cubic).

    >>> ease_out(0.5)
    0.875
    """
    return 1.0 - (1.0 - p) ** 3


def ease_in_out(p: float) -> float:
    """Slow start and end (smoothstep).

    >>> ease_in_out(0.25), ease_in_out(0.5)
    (0.15625, 0.5)
    """
    return p * p * (3.0 - 2.0 * p)


def ease_out_back(p: float, overshoot: float = 1.6) -> float:
    """Overshoots a little past 1 and settles back: things "pop" into place.

    >>> ease_out_back(0.5) > 1.0, ease_out_back(1.0)
    (True, 1.0)
    """
    q = p - 1.0
    return 1.0 + (overshoot + 1.0) * q * q * q + overshoot * q * q


def arc(p: float) -> float:
    """0 at both ends, 1 in the middle: a lift in mid-air.

    >>> arc(0.0), arc(0.5), arc(1.0)
    (0.0, 1.0, 0.0)
    """
    return math.sin(math.pi * p) if 0.0 < p < 1.0 else 0.0


class Tween:
    """Time running from ``delay`` to ``delay + duration``; ``progress`` is 0..1, ``value`` eased.

    >>> t = Tween(1.0, delay=0.5, ease=ease_in_out)
    >>> t.update(1.0); t.progress, t.value, t.done
    (0.5, 0.5, False)
    """

    def __init__(self, duration: float, delay: float = 0.0, ease: Callable[[float], float] = linear) -> None:
        self.duration = duration
        self.delay = delay
        self.ease = ease
        self.t = 0.0

    def update(self, dt: float) -> None:
        self.t += dt

    @property
    def end(self) -> float:
        return self.delay + self.duration

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.t >= self.delay else 0.0
        return min(1.0, max(0.0, (self.t - self.delay) / self.duration))

    @property
    def value(self) -> float:
        return self.ease(self.progress)

    @property
    def done(self) -> bool:
        return self.t >= self.end


@dataclass(frozen=True)
class Pose:
    """Where and how to draw a piece this frame: centre pixel, scale across and down, opacity."""

    piece: Piece
    at: Point
    sx: float = 1.0
    sy: float = 1.0
    alpha: int = 255


class PieceAnimation(Tween):
    """A piece moving on a cell (or between two). Its cells are left out of the still picture
    while it runs; ``pose`` says how to draw it, given the cells' centres and the cell size."""

    #: Seconds, before the speed setting.
    LENGTH = 0.25
    #: The slowest the speed setting may make it (a celebration stays on screen long enough to read).
    min_speed = 0.0

    def __init__(self, cell: Cell, piece: Piece, delay: float = 0.0, duration: float | None = None) -> None:
        super().__init__(self.LENGTH if duration is None else duration, delay)
        self.cell = cell
        self.piece = piece

    @property
    def cells(self) -> tuple[Cell, ...]:
        return (self.cell,)

    def pose(self, center: Callable[[Cell], Point], size: float) -> Pose | None:
        return Pose(self.piece, center(self.cell))


class Place(PieceAnimation):
    """A new piece pops in, overshooting a little."""

    LENGTH = 0.2

    def pose(self, center: Callable[[Cell], Point], size: float) -> Pose | None:
        if self.t < self.delay:
            return None
        k = max(0.0, ease_out_back(self.progress))
        return Pose(self.piece, center(self.cell), k, k)


class Drop(PieceAnimation):
    """A new piece drops in from above the board: large and faint, settling to full size."""

    LENGTH = 0.22

    def pose(self, center: Callable[[Cell], Point], size: float) -> Pose | None:
        p = self.progress
        k = 1.0 + 0.35 * (1.0 - p) ** 2
        return Pose(self.piece, center(self.cell), k, k, round(120 + 135 * p))


class Slide(PieceAnimation):
    """A piece slides from ``frm`` to ``cell``."""

    LENGTH = 0.28

    def __init__(
        self, frm: Cell, cell: Cell, piece: Piece, delay: float = 0.0, duration: float | None = None
    ):
        super().__init__(cell, piece, delay, duration)
        self.frm = frm

    def _at(self, center: Callable[[Cell], Point], e: float) -> Point:
        (fx, fy), (tx, ty) = center(self.frm), center(self.cell)
        return (fx + (tx - fx) * e, fy + (ty - fy) * e)

    def pose(self, center: Callable[[Cell], Point], size: float) -> Pose | None:
        return Pose(self.piece, self._at(center, ease_in_out(self.progress)))


class Jump(Slide):
    """A piece leaps from ``frm`` to ``cell``, rising in mid-air."""

    LENGTH = 0.32

    def pose(self, center: Callable[[Cell], Point], size: float) -> Pose | None:
        p = self.progress
        x, y = self._at(center, ease_in_out(p))
        lift = 1.0 + 0.22 * arc(p)
        return Pose(self.piece, (x, y - size * 0.5 * arc(p)), lift, lift)


class Travel(Slide):
    """A piece travels along ``path`` (cells, the first its start), lifted ``LIFT`` of a cell at
    mid-way; it takes ``STEP`` seconds a cell, at least ``SHORTEST``.

    >>> t = Travel(["a", "b", "c"], "stack"); round(t.duration, 2), t.cells
    (0.21, ('c',))
    >>> t.update(0.105); [round(v, 6) for v in t.pose({"a": (0, 0), "b": (10, 0), "c": (10, 10)}.get, 20).at]
    [10.0, -5.0]
    """

    STEP, SHORTEST, LIFT = 0.07, 0.18, 0.25

    def __init__(self, path: list[Cell], piece: Piece, delay: float = 0.0, duration: float | None = None):
        length = max(self.SHORTEST, self.STEP * len(path)) if duration is None else duration
        super().__init__(path[0], path[-1], piece, delay, length)
        self.path = path

    def pose(self, center: Callable[[Cell], Point], size: float) -> Pose | None:
        p = ease_in_out(self.progress)
        pts = [center(c) for c in self.path]
        i = min(len(pts) - 2, int(p * (len(pts) - 1)))
        f = p * (len(pts) - 1) - i
        (ax, ay), (bx, by) = pts[i], pts[i + 1]
        return Pose(self.piece, (ax + (bx - ax) * f, ay + (by - ay) * f - arc(p) * size * self.LIFT))


class Fly(PieceAnimation):
    """A piece leaves its cell for a point off the board (a tray, a score): it waits in place
    until its delay, then rises on an arc ``LIFT`` of a cell high, shrinking and fading on its way.

    >>> f = Fly("a", 3, (100, 0), delay=0.1); f.pose({"a": (0, 0)}.get, 10)
    Pose(piece=3, at=(0, 0), sx=1.0, sy=1.0, alpha=255)
    >>> f.update(0.4); f.pose({"a": (0, 0)}.get, 10)
    """

    LIFT, SHRINK, FADE = 0.8, 0.45, 0.6

    def __init__(
        self, cell: Cell, piece: Piece, goal: Point, delay: float = 0.0, duration: float | None = None
    ):
        super().__init__(cell, piece, delay, duration)
        self.goal = goal

    def pose(self, center: Callable[[Cell], Point], size: float) -> Pose | None:
        if self.t < self.delay:
            return Pose(self.piece, center(self.cell))
        if self.t - self.delay > self.duration:
            return None
        p = self.progress
        e = ease_in_out(p)
        (x, y), (gx, gy) = center(self.cell), self.goal
        at = (x + (gx - x) * e, y + (gy - y) * e - arc(p) * size * self.LIFT)
        k = 1.0 - self.SHRINK * e
        return Pose(self.piece, at, k, k, int(255 * (1.0 - self.FADE * e)))


class Flip(PieceAnimation):
    """A piece turns over: it narrows to an edge as ``old`` and widens again as ``piece``."""

    LENGTH = 0.34

    def __init__(
        self, cell: Cell, old: Piece, piece: Piece, delay: float = 0.0, duration: float | None = None
    ):
        super().__init__(cell, piece, delay, duration)
        self.old = old

    def pose(self, center: Callable[[Cell], Point], size: float) -> Pose | None:
        p = self.progress
        lift = 1.0 + 0.12 * arc(p)
        return Pose(
            self.piece if p >= 0.5 else self.old, center(self.cell), abs(math.cos(math.pi * p)) * lift, lift
        )


class Remove(PieceAnimation):
    """A piece leaves: it shrinks and fades."""

    def pose(self, center: Callable[[Cell], Point], size: float) -> Pose | None:
        p = ease_in(self.progress)
        return Pose(self.piece, center(self.cell), 1.0 - 0.4 * p, 1.0 - 0.4 * p, round(255 * (1.0 - p)))


class Capture(PieceAnimation):
    """A piece is taken: it jumps up a little, then shrinks away."""

    LENGTH = 0.3

    def pose(self, center: Callable[[Cell], Point], size: float) -> Pose | None:
        p = self.progress
        k = (1.0 + 0.25 * arc(min(1.0, p * 2))) * (1.0 - ease_in(p))
        return Pose(self.piece, center(self.cell), k, k, round(255 * (1.0 - p * p)))


class Motion:
    """The animations of one move, played together; each scaled by ``speed`` when it starts."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self.running: list[PieceAnimation] = []

    def start(self, animations: Iterable[PieceAnimation]) -> None:
        """Play ``animations`` (instead of what runs now); nothing at speed 0."""
        self.running = []
        if self.speed <= 0:
            return
        for anim in animations:
            anim.duration *= max(self.speed, anim.min_speed)
            anim.delay *= self.speed
            self.running.append(anim)

    def stop(self) -> None:
        self.running = []

    def update(self, dt: float) -> None:
        for anim in self.running:
            anim.update(dt)
        if self.running and all(a.done for a in self.running):
            self.running = []

    @property
    def busy(self) -> bool:
        return bool(self.running)

    @property
    def length(self) -> float:
        return max((a.end for a in self.running), default=0.0)

    @property
    def hidden(self) -> frozenset[Cell]:
        """Cells whose resting piece is not drawn while the animations run."""
        return frozenset(c for a in self.running for c in a.cells)

    def poses(self, center: Callable[[Cell], Point], size: float) -> list[Pose]:
        """This frame's poses; movers last, so they pass over the rest."""
        order = sorted(self.running, key=lambda a: isinstance(a, Slide))
        return [p for a in order if (p := a.pose(center, size)) is not None]


def diff_animations(
    before: Mapping[Cell, Piece],
    after: Mapping[Cell, Piece],
    frm: Cell | None = None,
    to: Cell | None = None,
    mover: type[Slide] = Jump,
    flip_delay: float = 0.6,
) -> list[PieceAnimation]:
    """The animations that take ``before`` to ``after`` (cell -> piece, empty cells left out): the
    piece arriving at ``to`` places (or moves from ``frm`` as a ``mover``, a Jump or a Slide), then
    the others turn (:class:`Flip`), appear (:class:`Place`) or go (:class:`Capture`).

    >>> before = {(0, 0): 0, (1, 0): 1}  # seat 0's stone on a1, seat 1's on b1
    >>> after = {(0, 0): 0, (1, 0): 0, (1, 1): 0}  # a stone to b2 turns b1
    >>> [type(a).__name__ for a in diff_animations(before, after, None, (1, 1))]
    ['Place', 'Flip']
    """
    out: list[PieceAnimation] = []
    delay = 0.0
    if to is not None and after.get(to) is not None:
        if frm is not None and frm != to and before.get(frm) is not None and after.get(frm) is None:
            out.append(mover(frm, to, after[to]))
        else:
            out.append(Place(to, after[to]))
        delay = out[0].duration * flip_delay
    for cell in set(before) | set(after):
        if cell in (frm, to):
            continue
        old, new = before.get(cell), after.get(cell)
        if old == new:
            continue
        if old is not None and new is not None:
            out.append(Flip(cell, old, new, delay))
        elif new is not None:
            out.append(Place(cell, new, delay))
        else:
            out.append(Capture(cell, old, delay))
    return out
