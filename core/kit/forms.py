"""Forms for board views: a :class:`Form` (controls that share hover, clicks with either button,
a keyboard focus with a default control, and tooltips), :class:`Tile` (a button with a picture,
a second line and a chosen state), :class:`NumberField` (a whole number typed or stepped), rows
and grids of rects, and paragraphs that fit. A form's controls work by mouse, keyboard and
gamepad (the core turns a pad into keys: D-pad = arrows, A = Enter, right stick = Tab)::

    skin = Skin.of(ctx)
    bid = NumberField(bounds=range(1, 100))
    form = Form([*bid.steppers(), Tile("Raise", self.raise_bid, key="raise", primary=True)], default="raise")
    for rect, tile in zip(split(row, 5, skin.px(8)), form.items): tile.rect = rect
    if bid.handle_event(event) or form.handle_event(event): move = form.result

>>> steps = NumberField(value=5, bounds=range(0, 10)).steppers((-1, 1))
>>> [t.label for t in steps], [r.width for r in split(pygame.Rect(0, 0, 100, 10), (1, 3), 4)]
(['-1', '+1'], [24, 72])
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from functools import partial
from typing import Any

import pygame

from tafel.kit.widgets import Button as _Button
from tafel.kit.widgets import FocusList, Skin, Tooltip, Widget, is_activate
from tafel.view import Color, mix

__all__ = ["Form", "NumberField", "Tile", "choices", "grid", "paragraph", "pixels", "split"]


def pixels(ui: Skin, height: float) -> int:
    """The text size (a 1080p size, as the skin takes) whose letters are ``height`` screen pixels,
    for text that follows a box's size rather than the window's.

    >>> from tafel.kit import Skin
    >>> from tafel.testing import view_context
    >>> skin = Skin.of(view_context())
    >>> pixels(skin, 20) == int(20 / skin.fonts.scale)
    True
    """
    return max(6, int(height / (ui.fonts.scale or 1.0)))


def split(
    rect: pygame.Rect, parts: int | Sequence[float], gap: int = 0, *, vertical: bool = False
) -> list[pygame.Rect]:
    """``rect`` cut across (or down) into ``parts`` equal pieces, or pieces in proportion to the
    weights ``parts``, ``gap`` pixels apart.

    >>> bar = pygame.Rect(0, 0, 100, 20)
    >>> [r.width for r in split(bar, 2, 10)], [r.width for r in split(bar, (1, 3))]
    ([45, 45], [25, 75])
    """
    weights = [1.0] * parts if isinstance(parts, int) else list(parts)
    length = (rect.height if vertical else rect.width) - gap * (len(weights) - 1)
    out, at, total = [], 0.0, sum(weights) or 1
    for w in weights:
        size = length * w / total
        a, b = int(at), int(at + size)
        out.append(
            pygame.Rect(rect.x, rect.y + a, rect.width, b - a)
            if vertical
            else pygame.Rect(rect.x + a, rect.y, b - a, rect.height)
        )
        at += size + gap
    return out


def grid(
    rect: pygame.Rect, count: int, columns: int, gap: int = 0, row_height: float | None = None
) -> list[pygame.Rect]:
    """``count`` cells in rows of ``columns`` filling ``rect`` (or in rows ``row_height`` high),
    ``gap`` apart.

    >>> [r.topleft for r in grid(pygame.Rect(0, 0, 100, 100), 4, 2, 10)]
    [(0, 0), (55, 0), (0, 55), (55, 55)]
    """
    rows = max(1, -(-count // max(1, columns)))
    h = row_height if row_height is not None else (rect.height - gap * (rows - 1)) / rows
    w = (rect.width - gap * (columns - 1)) / max(1, columns)
    return [
        pygame.Rect(int(rect.x + c * (w + gap)), int(rect.y + r * (h + gap)), int(w), int(h))
        for r, c in (divmod(i, columns) for i in range(count))
    ]


def paragraph(
    ui: Skin,
    surface: pygame.Surface,
    text: str,
    pos: tuple[float, float],
    sizes: Sequence[int],
    color: Color,
    width: int,
    *,
    lines: int = 3,
    leading: float = 1.3,
    anchor: str = "midtop",
) -> int:
    """``text`` wrapped to ``width`` at the first of ``sizes`` (largest first) that needs at most
    ``lines`` lines; at the last size a longer text is drawn closer together in the same height
    rather than cut. Lines start at ``pos`` (x at ``anchor``'s side); returns the y below them.

    >>> from tafel.kit import Skin
    >>> from tafel.testing import view_context
    >>> surface = pygame.Surface((300, 200))
    >>> text = "A long line of words that wraps into two or three lines"
    >>> white, sizes = (255, 255, 255), (24, 18, 14)  # the largest size that needs at most 3 lines
    >>> below = paragraph(Skin.of(view_context()), surface, text, (150, 10), sizes, white, 200)
    >>> 10 < below < 200
    True
    """
    for size in sizes:
        wrapped = ui.wrap(text, size, width)
        if len(wrapped) <= lines:
            break
    step = size * ui.fonts.scale * leading * min(1.0, lines / max(1, len(wrapped)))
    x, y = pos
    for line in wrapped:
        ui.draw_text(surface, line, (int(x), int(y)), size, color, anchor=anchor, max_width=width)
        y += step
    return int(y)


class Tile(_Button):
    """A button that may show a ``picture`` (a function drawing into the square it is given) with
    its label below it (``layout="below"``) or beside it with a ``note`` under the label
    (``layout="beside"``). ``selected`` lights it as the chosen one of a group, ``primary`` as
    the main action, ``dim`` as available but not advised; ``alt_action`` is its right click;
    ``data`` is what it stands for, ``rect`` where it is. Text follows the tile's height unless
    ``size`` is given.

    >>> picked = []
    >>> t = Tile("b", lambda: picked.append("b"), alt_action=lambda: picked.append("back"))
    >>> t.rect = pygame.Rect(0, 0, 60, 40)
    >>> Form([t]).handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=3)), picked
    (Tile('b'), ['back'])
    """

    #: Corner radius at 1080p.
    radius = 8

    def __init__(
        self,
        label: str,
        action: Callable[[], object] | None = None,
        *,
        key: str | None = None,
        rect: pygame.Rect | None = None,
        enabled: bool = True,
        primary: bool = False,
        selected: bool = False,
        dim: bool = False,
        picture: Callable[[pygame.Surface, pygame.Rect], object] | None = None,
        note: str = "",
        layout: str = "below",
        alt_action: Callable[[], object] | None = None,
        size: int | None = None,
        bold: bool = False,
        kind: str = "normal",
        # Any: what the view keeps on the tile to know it by (an index, a piece), read back by it.
        data: Any = None,
        tooltip: str = "",
    ) -> None:
        super().__init__(label, action, kind=kind, enabled=enabled, key=key, tooltip=tooltip)
        self.rect = pygame.Rect(rect) if rect is not None else self.rect
        self.primary, self.selected, self.dim, self.picture, self.note = primary, selected, dim, picture, note
        self.layout, self.alt_action, self.bold, self.data = layout, alt_action, bold, data
        # None: the label takes a size from the tile's height (a Button's size is always given).
        self.size = size  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Tile({self.label!r})"

    def fill(self, ui: Skin) -> Color:
        """The tile's colour for its state (disabled, primary, selected, hovered or focused, dim)."""
        t = ui.theme
        if not self.enabled:
            return mix(t.button, t.background, 0.5)
        if self.primary:
            return t.button_primary
        if self.selected:
            fill = mix(t.button_hover, t.accent, 0.25)
        else:
            fill = t.button_hover if self.hovered or self.focused else t.button
        return mix(fill, t.background, 0.5) if self.dim else fill

    def draw(self, surface: pygame.Surface, ui: Skin) -> None:
        t, r, rad = ui.theme, self.rect, ui.px(self.radius)
        pygame.draw.rect(surface, self.fill(ui), r, border_radius=rad)
        if self.enabled and (self.selected or self.hovered):
            pygame.draw.rect(surface, t.focus, r, 2, border_radius=rad)
        if self.focused and self.enabled:
            ui.focus_ring(surface, r, self.radius)
        if self.primary and self.enabled:
            color = t.button_primary_text
        else:
            color = (
                t.disabled if not self.enabled or self.dim else t.danger if self.kind == "danger" else t.text
            )
        # Shrunk (down to 8 pixels) rather than cut: a tile's words are short, and every letter counts.
        least = pixels(ui, 8)
        if self.picture is None:
            size = self.size or pixels(ui, r.height * 0.45)
            ui.draw_text(
                surface,
                self.label,
                r.center,
                size,
                color,
                bold=self.bold,
                anchor="center",
                max_width=r.width - 4,
                min_size=least,
            )
        elif self.layout == "below":
            side = int(min(r.width, r.height) * 0.72)
            self.picture(surface, pygame.Rect(r.centerx - side // 2, r.y + 2, side, side))
            size = self.size or pixels(ui, max(9, r.height * 0.2))
            ui.draw_text(surface, self.label, (r.centerx, r.bottom - 2), size, color, anchor="midbottom")
        else:
            side = int(min(r.height * 0.84, r.width * 0.4))
            self.picture(surface, pygame.Rect(r.x + 4, r.centery - side // 2, side, side))
            x, high = r.x + side + 8, max(9, min(r.height * 0.3, 18))
            size, w, gap = self.size or pixels(ui, high), r.right - r.x - side - 12, int(high * 0.1)
            label_at, note_at = (x, r.centery - gap), (x, r.centery + gap)
            ui.draw_text(
                surface, self.label, label_at, size, color, anchor="bottomleft", max_width=w, min_size=least
            )
            note = pixels(ui, high * 0.85)
            ui.draw_text(surface, self.note, note_at, note, t.text_dim, max_width=w, min_size=least)


def choices(
    labels: Sequence[str],
    rects: Sequence[pygame.Rect],
    choose: Callable[[int], object],
    chosen: int | None = None,
    *,
    key: str = "choice",
    pictures: Sequence[Callable[[pygame.Surface, pygame.Rect], object] | None] | None = None,
    **kw: Any,  # Any: Tile's keyword options, the same for every tile
) -> list[Tile]:
    """A group of tiles to choose one from (a segmented control, a palette): tile ``i`` shows
    ``labels[i]`` (and ``pictures[i]``) at ``rects[i]``, is selected when ``i == chosen``, keyed
    ``key + str(i)`` with ``data`` ``i``, and runs ``choose(i)``; ``kw`` go to every tile.

    >>> picked = []
    >>> row = choices(["S", "M", "L"], split(pygame.Rect(0, 0, 90, 30), 3), picked.append, 1, key="size")
    >>> [t.selected for t in row], row[2].key, row[2].activate(), picked
    ([False, True, False], 'size2', None, [2])
    """
    pictures = pictures or [None] * len(labels)
    return [
        Tile(
            label,
            partial(choose, i),
            rect=rect,
            key=f"{key}{i}",
            selected=i == chosen,
            data=i,
            picture=p,
            **kw,
        )
        for i, (label, rect, p) in enumerate(zip(labels, rects, pictures, strict=True))
    ]


class Form:
    """Controls that work together. ``handle_event`` tracks the pointer (hover), runs a control's
    ``action`` on a left click and its ``alt_action`` (if any) on a right click, moves a keyboard
    focus with ``keys`` (previous, next; or one key twice, as Tab, that goes back with Shift) and
    runs the focused control on Enter/Space (A). Until a focus key is pressed, and again after a
    click, the focus is hidden and Enter runs the ``default`` control (a dialog's default button),
    so mouse players see no ring. It returns the control it ran (``result`` holds what its action
    returned), else None. ``update`` and ``draw`` keep and show the ``tooltip`` of the control
    under the pointer.

    >>> a, b = Tile("A", lambda: "a", key="a"), Tile("B", lambda: "b", key="b")
    >>> form = Form([a, b], default="b")
    >>> form.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN)), form.result
    (Tile('B'), 'b')
    >>> right = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT)
    >>> form.handle_event(right), b.focused  # the first press shows the focus, on the default
    (None, True)
    >>> space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE)
    >>> form.handle_event(right), a.focused, form.handle_event(space)
    (None, True, Tile('A'))
    """

    def __init__(
        self,
        items: Sequence[_Button] = (),
        *,
        default: str | None = None,
        keys: tuple[int, int] = (pygame.K_LEFT, pygame.K_RIGHT),
        tooltip: Tooltip | None = None,
    ) -> None:
        self.default, self.keys, self.tooltip = default, keys, tooltip
        self.focus: FocusList[_Button] = FocusList()
        self.show_focus = False
        self.pointer: tuple[int, int] = (-1, -1)
        #: What the last activated control's action returned (a move, say).
        self.result: object = None
        self._made = 0
        self._seen: tuple[tuple[int, int], bool, int, int] | None = None
        self.set_items(items)

    @property
    def items(self) -> list[_Button]:
        return self.focus.items

    def set_items(self, items: Sequence[_Button]) -> None:
        """New controls (the focus stays on the control with the same key, hover under the pointer)."""
        key = self.focus.focused.key if self.show_focus and self.focus.focused is not None else self.default
        self.focus.set_items(items, keep=False)
        if key is not None:
            self.focus.focus(key)
        self._made += 1
        self.point(self.pointer)

    def point(self, pos: Sequence[int]) -> None:
        """The pointer is at ``pos``: light the control under it (controls changed in place need
        ``set_items`` again to be lit anew)."""
        pointer = (int(pos[0]), int(pos[1]))
        seen = (pointer, self.show_focus, self.focus.index, self._made)
        if seen == self._seen:
            return  # a view points every frame: most frames nothing moved
        self.pointer, self._seen = pointer, seen
        for i, item in enumerate(self.items):
            item.hovered = item.enabled and item.rect.collidepoint(self.pointer)
            item.focused = self.show_focus and i == self.focus.index  # a hidden focus is not drawn

    def hovered(self) -> _Button | None:
        return next((item for item in self.items if item.hovered), None)

    def state(self) -> tuple[tuple[Hashable, ...], ...]:
        """What the controls look like (for a kept picture's key)."""
        return tuple(
            (i.key, i.label, i.enabled, getattr(i, "selected", False), i.hovered, i.focused)
            for i in self.items
        )

    def _run(self, item: _Button, alt: bool = False) -> _Button | None:
        action = getattr(item, "alt_action", None) if alt else item.action
        if action is None or not item.enabled:
            return None
        self.result = action()
        return item

    def handle_event(self, event: pygame.event.Event) -> _Button | None:
        self.result = None
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.point(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            item = next((i for i in self.items if i.rect.collidepoint(event.pos)), None)
            if item is not None:
                self.show_focus = False
                self.focus.focus(item)
                self.point(event.pos)
                return self._run(item, event.button == 3)
        elif event.type == pygame.KEYDOWN and event.key in self.keys:
            if self.show_focus:  # one key for both ways (Tab) goes back with Shift
                back = (
                    event.mod & pygame.KMOD_SHIFT
                    if self.keys[0] == self.keys[1]
                    else event.key == self.keys[0]
                )
                self.focus.move(-1 if back else 1)
            self.show_focus = True
            self.point(self.pointer)
        elif is_activate(event):
            item = (
                self.focus.focused
                if self.show_focus
                else next((i for i in self.items if i.key == self.default), None)
            )
            return None if item is None else self._run(item)
        return None

    def update(self, dt: float) -> None:
        """Each frame: the tooltip (if any) follows the control under the pointer."""
        if self.tooltip is not None:
            self.tooltip.follow(dt, self.items)

    def draw(self, surface: pygame.Surface, ui: Skin, *, tooltip: bool = True) -> None:
        """Every control, then (unless ``tooltip`` is False: a kept picture draws it apart) the
        tooltip of the one under the pointer."""
        for item in self.items:
            item.draw(surface, ui)
        if tooltip and self.tooltip is not None:
            self.tooltip.draw(surface, ui)


class NumberField(Widget):
    """A whole number: digits type it (``width`` at most; Backspace takes one back, and with none
    left the number goes back to where it was set), ``keys`` step it (Up/Down 1, PgUp/PgDn 10,
    plus and minus 1) and so does the wheel, within ``bounds`` (a range; empty: no stepping).

    >>> n = NumberField(value=41, bounds=range(41, 121))
    >>> keys = [pygame.event.Event(pygame.KEYDOWN, key=k) for k in (pygame.K_DOWN, pygame.K_PAGEUP)]
    >>> [n.handle_event(e) for e in keys], n.value
    ([True, True], 51)
    >>> n.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_7)), n.value, n.text
    (True, 7, '7')
    """

    STEPS = {
        pygame.K_UP: 1, pygame.K_DOWN: -1, pygame.K_PLUS: 1, pygame.K_EQUALS: 1, pygame.K_KP_PLUS: 1,
        pygame.K_MINUS: -1, pygame.K_KP_MINUS: -1, pygame.K_PAGEUP: 10, pygame.K_PAGEDOWN: -10,
    }  # fmt: skip
    DIGITS = {getattr(pygame, f"K_{d}"): d for d in range(10)} | {
        getattr(pygame, f"K_KP{d}"): d for d in range(10)
    }

    def __init__(
        self, key: str = "number", *, value: int = 0, bounds: range = range(0), width: int = 4
    ) -> None:
        super().__init__(key)
        self.value, self.bounds, self.width = value, bounds, width
        self.typed, self.start = "", value

    @property
    def text(self) -> str:
        return self.typed or str(self.value)

    def reset(self, value: int, bounds: range | None = None) -> None:
        """Set the number (and its bounds); typing starts afresh."""
        self.value = self.start = value
        self.bounds = self.bounds if bounds is None else bounds
        self.typed = ""

    def step(self, delta: int) -> None:
        self.typed = ""
        if self.bounds:
            self.value = min(max(self.value + delta, self.bounds.start), self.bounds.stop - 1)

    # Any: Tile's keyword options, the same for every stepper (as tile_row's).
    def steppers(self, deltas: Sequence[int] = (-10, -1, 1, 10), **kw: Any) -> list[Tile]:
        """Tiles that step the number (labelled "-10", "+1"...); ``kw`` go to each tile."""
        return [
            Tile(f"{d:+d}", partial(self.step, d), key=f"{self.key}{d:+d}", enabled=bool(self.bounds), **kw)
            for d in deltas
        ]

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A step or a typed digit: True when the event was the field's."""
        if event.type == pygame.MOUSEWHEEL:
            self.step(1 if event.y > 0 else -1)
        elif event.type != pygame.KEYDOWN:
            return False
        elif event.key in self.STEPS:
            self.step(self.STEPS[event.key])
        elif event.key in self.DIGITS:
            self.typed = (self.typed + str(self.DIGITS[event.key]))[-self.width :]
            self.value = int(self.typed)
        elif event.key == pygame.K_BACKSPACE:
            self.typed = self.typed[:-1]
            self.value = int(self.typed) if self.typed else self.start
        else:
            return False
        return True

    def draw(self, surface: pygame.Surface, ui: Skin, size: int | None = None) -> None:
        """The number in a field edged in the focus colour."""
        t, r, rad = ui.theme, self.rect, ui.px(Tile.radius)
        pygame.draw.rect(surface, t.background, r, border_radius=rad)
        pygame.draw.rect(surface, t.focus, r, 2, border_radius=rad)
        size = size or pixels(ui, r.height * 0.5)
        ui.draw_text(
            surface, self.text, r.center, size, t.text, bold=True, anchor="center", max_width=r.width - 6
        )
