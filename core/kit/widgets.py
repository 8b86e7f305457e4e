"""Widgets for board views and the core's screens: buttons, focus, a "< value >" choice row, a
tooltip and a context menu, drawn with a :class:`Skin` (theme, fonts, scale, text that fits) that
a view takes from its context. Sizes are for a window 1080 pixels high. Controllers arrive as
keys (D-pad = arrows, A = Enter, B = Escape), so every widget here works with a gamepad::

    skin = Skin.of(ctx)
    self.undo = Button("Undo", self.undo_move, tooltip="Take back the last move")
    self.undo.rect = pygame.Rect(x, y, skin.px(200), skin.px(60))
    self.undo.draw(surface, skin)
    if self.undo.handle_event(event): ...    # clicked, or Enter while focused

>>> from tafel.ui.fonts import Fonts; from tafel.ui.theme import DEFAULT
>>> skin = Skin(DEFAULT, Fonts(), scale=0.5)
>>> skin.px(40), skin.fonts.fitted("a long line of text that will not fit", 18, 120)[1].endswith("…")
(20, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

import pygame

from tafel.view import ACTIVATE_KEYS, Color, ViewContext

if TYPE_CHECKING:  # the kit sits below the screens: fonts and theme come from a context
    from tafel.ui.fonts import Fonts
    from tafel.ui.theme import Theme

#: Text sizes (pixels at 1080p).
TITLE, H1, H2, H3, BODY, SMALL, TINY = 132, 60, 42, 34, 30, 25, 21


def is_activate(event: pygame.event.Event) -> bool:
    """Enter, keypad Enter or Space (a controller's A button arrives as Enter).

    >>> is_activate(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    True
    """
    return event.type == pygame.KEYDOWN and event.key in ACTIVATE_KEYS


def is_back(event: pygame.event.Event) -> bool:
    """Escape or the Back key (a controller's B button arrives as Escape)."""
    return event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_AC_BACK)


def _clicked(event: pygame.event.Event, rect: pygame.Rect) -> bool:
    return event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and rect.collidepoint(event.pos)


class Skin:
    """Theme, fonts and scale: ``px(v)`` turns a 1080p length into pixels and ``draw_text`` draws a
    line (kept between frames) that always fits the width it is given (smaller, then "…").

    >>> from tafel.testing import view_context
    >>> surface, skin = pygame.Surface((200, 40)), Skin.of(view_context())
    >>> skin.draw_text(surface, "A label too long for its place", (0, 0), max_width=200).width <= 200
    True
    """

    def __init__(self, theme: Theme, fonts: Fonts, scale: float = 1.0) -> None:
        self.theme, self.fonts, self.scale = theme, fonts, scale

    @classmethod
    def of(cls, ctx: ViewContext) -> Skin:
        """The skin of a view's context (one per fonts object, following the window's scale)."""
        skin = ctx.fonts.made_for.get("skin")
        if not isinstance(skin, cls):
            skin = cls(ctx.theme, ctx.fonts)
            ctx.fonts.made_for["skin"] = skin
        # The core shrinks text as scale**0.8 below full HD: the layout scale is its inverse.
        fs, skin.theme = ctx.fonts.scale, ctx.theme
        skin.scale = fs if fs >= 1 else fs**1.25
        return skin

    def px(self, value: float) -> int:
        return max(1, int(round(value * self.scale)))

    def text_width(self, text: str, size: int, bold: bool = False) -> int:
        return self.fonts.get(size, bold).size(text)[0]

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        return self.fonts.wrap(text, size, width, bold)  # lines that fit ``width``, kept

    def line_height(self, size: int, bold: bool = False) -> int:
        return self.fonts.get(size, bold).get_linesize()

    def draw_text(
        self,
        surface: pygame.Surface,
        text: str,
        pos: tuple[int, int],
        size: int = BODY,
        color: Color | None = None,
        *,
        bold: bool = False,
        anchor: str = "topleft",
        max_width: int | None = None,
        min_size: int | None = None,
    ) -> pygame.Rect:
        """One line anchored at ``pos``, in the theme's text colour unless ``color`` is given, fitted
        to ``max_width`` as :meth:`tafel.ui.fonts.Fonts.draw` does; returns its rect."""
        color = self.theme.text if color is None else color
        return self.fonts.draw(
            surface, text, pos, size, color, bold=bold, anchor=anchor, max_width=max_width, min_size=min_size
        )

    def focus_ring(self, surface: pygame.Surface, rect: pygame.Rect, radius: int = 14) -> None:
        ring = rect.inflate(self.px(8), self.px(8))
        pygame.draw.rect(surface, self.theme.focus, ring, self.px(3), border_radius=self.px(radius + 4))

    def box(self, surface: pygame.Surface, rect: pygame.Rect, radius: int = 10) -> None:
        """A small pop-up box (tooltip, menu): card colour, an edge and a hard shadow."""
        r = self.px(radius)
        pygame.draw.rect(surface, self.theme.shadow, rect.move(0, self.px(4)), border_radius=r)
        pygame.draw.rect(surface, self.theme.card, rect, border_radius=r)
        pygame.draw.rect(surface, self.theme.panel_edge, rect, max(1, self.px(2)), border_radius=r)


class Focusable(Protocol):
    """What a :class:`FocusList` needs of an item: a ``key``, where it is, and its states."""

    key: str
    rect: pygame.Rect
    enabled: bool
    hovered: bool
    focused: bool


#: The kind of item a FocusList holds (a Button, a Widget, a screen's own rows or cards).
F = TypeVar("F", bound=Focusable)


class Widget:
    """What a :class:`FocusList` and ``Tooltip.follow`` need: ``key``, ``rect``, ``enabled``,
    ``hovered``, ``focused`` and a ``tooltip`` text."""

    def __init__(self, key: str, *, enabled: bool = True, tooltip: str = "") -> None:
        self.key, self.enabled, self.tooltip = key, enabled, tooltip
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hovered = self.focused = False


class Button(Widget):
    """A rounded button. ``kind`` is "normal", "primary" (the main action) or "danger".

    >>> done = []
    >>> b = Button("Undo", lambda: done.append(1), tooltip="Take back the last move")
    >>> b.rect = pygame.Rect(0, 0, 100, 40)
    >>> b.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)), done
    (True, [1])
    """

    def __init__(
        self,
        label: str,
        action: Callable[[], object] | None = None,
        *,
        kind: str = "normal",
        enabled: bool = True,
        key: str | None = None,
        size: int = BODY,
        tooltip: str = "",
    ) -> None:
        super().__init__(key or label, enabled=enabled, tooltip=tooltip)
        self.label, self.action, self.kind, self.size = label, action, kind, size

    def activate(self) -> object:
        if self.enabled and self.action is not None:
            return self.action()
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """For a button on its own: hover, a click, or Enter/Space while focused activate it."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.enabled and self.rect.collidepoint(event.pos)
            return False
        if self.enabled and (_clicked(event, self.rect) or self.focused and is_activate(event)):
            self.activate()
            return True
        return False

    def draw(self, surface: pygame.Surface, ui: Skin) -> None:
        t = ui.theme
        if not self.enabled:
            fill, color = t.panel, t.disabled
        elif self.kind == "primary":
            fill, color = t.button_primary, t.button_primary_text
            if self.hovered:
                red, green, blue = (min(255, c + 24) for c in fill)
                fill = (red, green, blue)
        else:
            fill = t.button_hover if self.hovered or self.focused else t.button
            color = t.danger if self.kind == "danger" else t.text
        pygame.draw.rect(surface, fill, self.rect, border_radius=ui.px(12))
        if self.focused and self.enabled:
            ui.focus_ring(surface, self.rect, 12)
        r, w = self.rect, self.rect.width - ui.px(20)
        ui.draw_text(surface, self.label, r.center, self.size, color, bold=True, anchor="center", max_width=w)


class FocusList(Generic[F]):
    """Keyboard focus and mouse hover over a row or column of items (buttons, rows, cards).

    Items need ``rect``, ``enabled``, ``hovered`` and ``focused`` attributes. ``handle_event``
    returns the item activated by Enter/Space or a click, else None; disabled items are skipped
    by the arrow keys and ignore clicks.

    >>> a, b = Button("A"), Button("B")
    >>> focus = FocusList([a, b]); focus.move(1); focus.focused is b, a.focused
    (True, False)
    """

    def __init__(self, items: Sequence[F] = (), *, horizontal: bool = False, wrap: bool = True) -> None:
        self.items: list[F] = list(items)
        self.horizontal, self.wrap, self.index = horizontal, wrap, 0
        self.set_items(self.items)

    def set_items(self, items: Sequence[F], keep: bool = True) -> None:
        key = getattr(self.focused, "key", None) if keep else None
        self.items, self.index = list(items), 0
        for i, item in enumerate(self.items):
            if key is not None and getattr(item, "key", None) == key and item.enabled:
                self.index = i
                break
        if self.items and not self.items[self.index].enabled:
            self.move(1)
        self._sync()

    @property
    def focused(self) -> F | None:
        return self.items[self.index] if 0 <= self.index < len(self.items) else None

    def focus(self, item_or_key: F | str) -> None:
        for i, item in enumerate(self.items):
            if item is item_or_key or getattr(item, "key", None) == item_or_key:
                self.index = i
        self._sync()

    def _sync(self) -> None:
        for i, item in enumerate(self.items):
            item.focused = i == self.index

    def move(self, delta: int) -> None:
        """Focus the next enabled item ``delta`` steps on (wrapping round if ``wrap``)."""
        n, i = len(self.items), self.index
        if not any(item.enabled for item in self.items):
            return
        for _ in range(n):
            i = (i + delta) % n if self.wrap else i + delta
            if not 0 <= i < n:
                break
            if self.items[i].enabled:
                self.index = i
                break
        self._sync()

    def handle_event(self, event: pygame.event.Event) -> F | None:
        if event.type == pygame.MOUSEMOTION:
            for item in self.items:
                item.hovered = item.enabled and item.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, item in enumerate(self.items):
                if item.enabled and item.rect.collidepoint(event.pos):
                    self.index = i
                    self._sync()
                    return item
        elif event.type == pygame.KEYDOWN:
            keys = (pygame.K_LEFT, pygame.K_RIGHT) if self.horizontal else (pygame.K_UP, pygame.K_DOWN)
            if event.key in keys:
                self.move(-1 if event.key == keys[0] else 1)
            elif is_activate(event) and self.focused is not None and self.focused.enabled:
                return self.focused
        return None


class ChoiceRow(Widget):
    """A label (with an optional colour swatch) and a value between ◂ ▸ arrows: left/right keys or
    a click on an arrow ``change(-1 | 1)`` it; Enter/Space or a click on the value ``activate``
    the row (``on_activate``, else ``change(1)``). ``arrows=False`` shows the value as a field.

    >>> level = ["easy"]
    >>> row = ChoiceRow("level", "AI level", lambda: level[0], lambda d: level.append(level.pop() + "!"))
    >>> from tafel.testing import view_context
    >>> row.place(pygame.Rect(0, 0, 800, 60), Skin.of(view_context())); row.focused = True
    >>> row.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT)), row.get()
    (True, 'easy!')
    """

    #: Shown dimmed when the value is empty.
    placeholder = ""

    def __init__(
        self,
        key: str,
        label: str,
        get: Callable[[], str],
        change: Callable[[int], object],
        *,
        swatch: Color | None = None,
        arrows: bool = True,
        on_activate: Callable[[], object] | None = None,
        size: int = BODY,
        tooltip: str = "",
    ) -> None:
        super().__init__(key, tooltip=tooltip)
        self.label, self.get, self.change, self.swatch = label, get, change, swatch
        self.arrows, self.on_activate, self.size = arrows, on_activate, size
        #: The arrows and the value between them (``place`` sets them).
        self.left, self.right, self.value = (pygame.Rect(0, 0, 0, 0) for _ in range(3))

    def activate(self) -> object:
        return self.on_activate() if self.on_activate is not None else self.change(1)

    def place(self, rect: pygame.Rect, ui: Skin, value_width: int = 420) -> None:
        """Put the row at ``rect``: arrows at the right end around a value ``value_width`` wide
        (1080p pixels; at most half the row)."""
        self.rect = r = pygame.Rect(rect)
        aw, value_w = ui.px(56), min(ui.px(value_width), r.width // 2)
        self.right = pygame.Rect(r.right - aw - ui.px(8), r.y + ui.px(6), aw, r.height - ui.px(12))
        self.left = pygame.Rect(self.right.x - value_w - aw, self.right.y, aw, self.right.height)
        self.value = pygame.Rect(self.left.right, self.right.y, value_w, self.right.height)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Left/right and Enter/Space while focused, clicks on the arrows or the value; True when
        the event was the row's (left/right are, even without arrows)."""
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.KEYDOWN and self.focused:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                if self.arrows:
                    self.change(-1 if event.key == pygame.K_LEFT else 1)
                return True
            if is_activate(event):
                self.activate()
                return True
        elif _clicked(event, self.rect):
            if self.arrows and self.left.collidepoint(event.pos):
                self.change(-1)
            elif self.arrows and self.right.collidepoint(event.pos):
                self.change(1)
            elif self.value.union(self.left).union(self.right).collidepoint(event.pos):
                self.activate()
            return True
        return False

    def draw(self, surface: pygame.Surface, ui: Skin) -> None:
        t = ui.theme
        fill = t.button_hover if self.hovered or self.focused else t.card
        pygame.draw.rect(surface, fill, self.rect, border_radius=ui.px(12))
        if self.focused:
            ui.focus_ring(surface, self.rect, 12)
        x, y = self.rect.x + ui.px(22), self.rect.centery
        if self.swatch is not None:
            rad = ui.px(13)
            pygame.draw.circle(surface, self.swatch, (x + rad, y), rad)
            x += 2 * rad + ui.px(16)
        width = self.left.x - x - ui.px(16)
        ui.draw_text(surface, self.label, (x, y), self.size, t.text, anchor="midleft", max_width=width)
        self.draw_value(surface, ui)

    def draw_value(self, surface: pygame.Surface, ui: Skin) -> None:
        """The arrows and the value (or the field); subclasses draw other kinds of value here."""
        t = ui.theme
        color = t.accent if self.focused else t.text
        if self.arrows:
            for rect, d in ((self.left, -1), (self.right, 1)):
                pygame.draw.rect(surface, t.button, rect, border_radius=ui.px(10))
                cx, cy, r = rect.centerx, rect.centery, ui.px(8)
                points = [(cx + d * r, cy), (cx - d * r // 2, cy - r), (cx - d * r // 2, cy + r)]
                pygame.draw.polygon(surface, t.accent if self.focused else t.text_dim, points)
            box = self.value
        else:
            box = self.left.union(self.right)
            pygame.draw.rect(surface, t.background, box, border_radius=ui.px(10))
        text = value = self.get()
        if not text and self.placeholder:
            text, color = self.placeholder, t.text_dim
        w, bold = box.width - ui.px(12), bool(value)
        ui.draw_text(surface, text, box.center, self.size, color, bold=bold, anchor="center", max_width=w)


class Tooltip:
    """A short text (lines split at newlines, each fitted) in a box above a widget or a point
    (below when there is no room), shown once the pointer has rested there ``delay`` seconds (0: at once).

    >>> tip = Tooltip(delay=0.5)
    >>> [tip.update(dt, "Undo", pygame.Rect(10, 50, 40, 20)) or tip.visible for dt in (0, 0.3, 0.3)]
    [False, False, True]
    """

    def __init__(self, *, delay: float = 0.5, size: int = SMALL, max_width: int = 560) -> None:
        self.delay, self.size, self.max_width = delay, size, max_width
        self.text, self.shown_for = "", 0.0
        self.anchor = pygame.Rect(0, 0, 0, 0)
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def visible(self) -> bool:
        return bool(self.text) and self.shown_for >= self.delay

    def update(self, dt: float, text: str | None, anchor: pygame.Rect | Sequence[int] = (0, 0)) -> None:
        """Each frame, what is under the pointer (``text`` None or "" hides) and where (a rect or
        a point). The delay starts again when the text changes."""
        if text != self.text:
            self.text, self.shown_for = text or "", 0.0
        else:
            self.shown_for += dt
        self.anchor = pygame.Rect(anchor) if len(anchor) == 4 else pygame.Rect(anchor, (0, 0))

    def follow(self, dt: float, items: Sequence[Focusable]) -> None:
        """``update`` from the first hovered item that has a ``tooltip`` text."""
        tips: list[str] = [getattr(i, "tooltip", "") for i in items]
        found = next(((i, tip) for i, tip in zip(items, tips, strict=True) if i.hovered and tip), None)
        self.update(dt, found[1] if found else None, found[0].rect if found else (0, 0))

    def draw(self, surface: pygame.Surface, ui: Skin, bounds: pygame.Rect | None = None) -> None:
        """The box, inside ``bounds`` (the surface by default), when visible."""
        if not self.visible:
            return
        bounds = surface.get_rect() if bounds is None else bounds
        lines, line_h, pad = self.text.split("\n"), ui.line_height(self.size), ui.px(10)
        w = max(ui.text_width(line, self.size) for line in lines) + 2 * pad
        w = min(w, ui.px(self.max_width), bounds.width)
        self.rect = box = pygame.Rect(0, 0, w, len(lines) * line_h + pad)
        at, gap = self.anchor, ui.px(8)
        box.midbottom = (at.centerx, at.top - gap)
        if box.top < bounds.top:  # no room above: below
            box.top = at.bottom + gap
        box.clamp_ip(bounds)
        ui.box(surface, self.rect, 8)
        for i, line in enumerate(lines):
            pos = (self.rect.x + pad, self.rect.y + pad // 2 + i * line_h)
            ui.draw_text(surface, line, pos, self.size, ui.theme.text, max_width=w - 2 * pad)


class ContextMenu:
    """A pop-up list of buttons: up/down (the D-pad) or the pointer move the focus, Enter/Space
    (A) or a click chooses, Escape (B), a click outside or the right button cancels. While
    open it takes every key and click: ``handle_event`` returns the chosen button (its action
    already called) or None, and ``cancelled`` tells a cancel from nothing.

    >>> from tafel.testing import view_context
    >>> menu = ContextMenu([Button("Rotate"), Button("Remove", key="remove")])
    >>> menu.open(Skin.of(view_context()), (100, 80), pygame.Rect(0, 0, 640, 480)); menu.is_open
    True
    >>> menu.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN))
    >>> menu.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN)).key
    'remove'
    """

    def __init__(self, items: Sequence[Button] = (), *, size: int = SMALL, min_width: int = 220) -> None:
        self.items, self.size, self.min_width = list(items), size, min_width
        self.focus = FocusList(self.items)
        self.is_open = self.cancelled = False
        self.rect = pygame.Rect(0, 0, 0, 0)

    def open(self, ui: Skin, pos: Sequence[int], bounds: pygame.Rect) -> None:
        """Open at ``pos`` (its top-left corner, or the other corners when it would leave
        ``bounds``), the focus on the first enabled item."""
        self.focus.set_items(self.items, keep=False)
        pad, item_h = ui.px(8), ui.line_height(self.size) + ui.px(18)
        widest = max((ui.text_width(item.label, self.size) for item in self.items), default=0)
        w = min(max(ui.px(self.min_width), widest + ui.px(48)), bounds.width)
        x, y = int(pos[0]), int(pos[1])
        self.rect = r = pygame.Rect(x, y, w, len(self.items) * item_h + 2 * pad)
        if r.right > bounds.right:
            r.right = x
        if r.bottom > bounds.bottom:
            r.bottom = y
        r.clamp_ip(bounds)
        for i, item in enumerate(self.items):
            item.rect = pygame.Rect(r.x + pad, r.y + pad + i * item_h, w - 2 * pad, item_h)
            item.hovered = False
        self.is_open, self.cancelled = True, False

    def close(self, cancelled: bool = True) -> None:
        self.is_open, self.cancelled = False, cancelled

    def handle_event(self, event: pygame.event.Event) -> Button | None:
        if not self.is_open:
            return None
        if event.type == pygame.MOUSEMOTION:
            self.focus.handle_event(event)
            for item in self.items:
                if item.hovered:
                    self.focus.focus(item)
            return None
        cancel = is_back(event) or event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            cancel = event.button == 3 or not self.rect.collidepoint(event.pos)
        if cancel:
            self.close()
            return None
        chosen = self.focus.handle_event(event)  # up/down, Enter/Space, a click on an item
        if chosen is None:
            return None
        self.close(cancelled=False)
        chosen.activate()
        button: Button = chosen
        return button

    def draw(self, surface: pygame.Surface, ui: Skin) -> None:
        if not self.is_open:
            return
        t = ui.theme
        ui.box(surface, self.rect, 12)
        for item in self.items:
            color = t.disabled if not item.enabled else t.danger if item.kind == "danger" else t.text
            if item.focused and item.enabled:
                pygame.draw.rect(surface, t.button_hover, item.rect, border_radius=ui.px(8))
                color = t.accent if item.kind != "danger" else color
            pos, width = (item.rect.x + ui.px(16), item.rect.centery), item.rect.width - ui.px(32)
            ui.draw_text(surface, item.label, pos, self.size, color, anchor="midleft", max_width=width)
