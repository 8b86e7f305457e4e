"""Overlay dialogs: a card with a title, a few lines and a column of buttons (pause, confirm, game over).

The title, the lines and the hints are translated when laid out and drawn (a core text marked with
``N_`` follows a change of language; a text made already is shown as it is)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from tafel.i18n import N_, _
from tafel.ui.scene import Host, Scene
from tafel.ui.widgets import H1, SMALL, TINY, Button, FocusList, is_back


def hints_band(surface: pygame.Surface, ui) -> pygame.Rect:
    """The strip at the bottom of the window where key hints are written."""
    w, h = surface.get_size()
    height = ui.line_height(TINY) + ui.px(18) + ui.px(10)
    return pygame.Rect(0, h - height, w, height)


def draw_hints(surface: pygame.Surface, ui, text: str, cover: bool = False) -> None:
    """Key hints centred at the bottom of the window. ``cover`` first paints the strip in the
    background colour: an overlay's hints then replace the screen's below instead of being
    written over them (or over a board's rim)."""
    w, h = surface.get_size()
    if cover:
        band = hints_band(surface, ui)
        surface.fill(ui.theme.background, band)
        pygame.draw.line(surface, ui.theme.panel_edge, band.topleft, band.topright, 1)
    ui.draw_text(
        surface,
        text,
        (w // 2, h - ui.px(18)),
        TINY,
        ui.theme.text_dim,
        anchor="midbottom",
        max_width=w - ui.px(40),
    )


class DialogScene(Scene):
    """A modal card over the scene below. Esc runs ``on_back`` (default: close)."""

    overlay = True
    #: Dim the scenes below.
    veil = True
    WIDTH = 620

    def __init__(
        self,
        app: Host,
        title: str,
        lines: Sequence[str] = (),
        buttons: Sequence[Button] = (),
        *,
        on_back: Callable[[], object] | None = None,
        hints: str = N_("↑↓ choose · Enter select · Esc back"),
    ) -> None:
        super().__init__(app)
        self.title = title
        self.lines = list(lines)
        self.buttons = list(buttons)
        self.on_back = on_back
        self.hints = hints
        self.focus = FocusList(self.buttons)
        #: The key of the first button of a second group (the ones that end or leave a game),
        #: set apart from the harmless ones above by a gap and a line; None: one group.
        self.apart: str | None = None
        self.card = pygame.Rect(0, 0, 1, 1)
        self.clipped = False
        self._wrapped: list[str] = []
        self._title: tuple[str, int, list[str]] = ("", 1, [])  # (text, width, lines): title_lines

    def close(self) -> None:
        if self.manager is not None:
            self.manager.remove(self)

    # --- layout -----------------------------------------------------------------------------

    def region(self, size: tuple[int, int]) -> pygame.Rect:
        """Where the card is centred (the whole window by default)."""
        return pygame.Rect(0, 0, *size)

    #: The size of the body's lines: smaller when the card would not hold them (see ``layout``).
    body_size = SMALL + 2

    def body_height(self, width: int) -> int:
        ui = self.ui
        self._wrapped = []
        for line in self.lines:
            self._wrapped += ui.wrap(_(line), self.body_size, width)
        return len(self._wrapped) * ui.line_height(self.body_size)

    def title_lines(self, width: int) -> list[str]:
        """The title on one line (shrunk down to two thirds), or on two at that size when it would
        be cut (a long German headline in the narrow side panel)."""
        text = _(self.title)
        if self._title[:2] != (text, width):
            small = H1 * 2 // 3
            lines = (
                [text]
                if self.ui.text_width(text, small, True) <= width
                else self.ui.wrap(text, small, width, True)
            )
            self._title = (text, width, lines[:2])
        return self._title[2]

    #: How the card makes room when its text does not fit, tried in turn: the card's width (times
    #: WIDTH, never past the window), its padding, the body's size, a button's height and the gap.
    FIT_STEPS = (
        (1.0, 36, SMALL + 2, 66, 14),
        (1.0, 36, SMALL, 66, 14),
        (1.0, 36, TINY, 56, 8),
        (1.5, 24, TINY, 56, 8),
    )

    def layout(self, size: tuple[int, int]) -> None:
        ui = self.ui
        region = self.region(size)
        # The card grows with its text up to the region's height; past that (a long German
        # message on a small window) the body's lines get smaller, then the buttons lower, then
        # the card wider; what still does not fit is clipped above the buttons (``clipped``),
        # never drawn over them.
        room = region.height - ui.px(16)
        if self.hints:  # the card stays clear of the hints' strip at the bottom of the window
            band_top = size[1] - (ui.line_height(TINY) + ui.px(28))
            room -= 2 * max(0, region.bottom - band_top)
        n = len(self.buttons)
        for widen, pad, body_size, bh, gap in self.FIT_STEPS:
            self.body_size = body_size
            pad, bh, gap = ui.px(pad), ui.px(bh), ui.px(gap)
            width = min(ui.px(round(self.WIDTH * widen)), region.width - ui.px(24))
            inner = width - 2 * pad
            title = self.title_lines(inner)
            title_h = (
                ui.line_height(H1, True)
                if len(title) == 1
                else len(title) * ui.line_height(H1 * 2 // 3, True)
            )
            body_h = self.body_height(inner)
            split = self._split_gap(gap)
            buttons_h = n * bh + max(0, n - 1) * gap + split
            height = pad + title_h + ui.px(12) + body_h + (ui.px(24) if body_h else 0) + buttons_h + pad
            if height <= room:
                break
        #: True when even the last step left part of the body out (drawn clipped).
        self.clipped = height > room
        height = min(height, room)
        self.card = pygame.Rect(0, 0, width, height)
        self.card.center = region.center
        y = self.card.bottom - pad - buttons_h
        self.divider_y: int | None = None
        for b in self.buttons:
            if split and b.key == self.apart:
                self.divider_y = y - gap + (split + gap) // 2
                y += split
            b.rect = pygame.Rect(self.card.x + pad, y, inner, bh)
            y += bh + gap
        self.pad = pad

    def _split_gap(self, gap: int) -> int:
        """The extra room before the second group of buttons (see ``apart``)."""
        keys = [b.key for b in self.buttons]
        return 2 * gap if self.apart is not None and self.apart in keys[1:] else 0

    # --- input ------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if is_back(event):
            if self.on_back is not None:
                self.on_back()
            else:
                self.close()
            return True
        item = self.focus.handle_event(event)
        if item is not None:
            sound = getattr(self.app, "sound", None)
            if sound is not None:
                sound.play("select")
            item.activate()
            return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        if self.veil:
            ui.veil(surface)
        if self.hints and self.is_top:  # the screen's own hints below are replaced, not overwritten
            band = hints_band(surface, ui)
            surface.fill(ui.theme.background, band)
            pygame.draw.line(surface, ui.theme.panel_edge, band.topleft, band.topright, 1)
        ui.panel(surface, self.card, ui.theme.panel, border=ui.theme.panel_edge, radius=22)
        x = self.card.x + self.pad
        y = self.card.y + self.pad
        inner = self.card.width - 2 * self.pad
        title = self.title_lines(inner)
        for line in title:
            r = ui.draw_text(
                surface,
                line,
                (self.card.centerx, y),
                H1 if len(title) == 1 else H1 * 2 // 3,
                ui.theme.text,
                bold=True,
                anchor="midtop",
                max_width=inner,
                min_size=H1 * 2 // 3,
            )
            y = r.bottom
        y += ui.px(12)
        clip = surface.get_clip()
        bottom = self.buttons[0].rect.top - ui.px(8) if self.buttons else self.card.bottom - self.pad
        surface.set_clip(pygame.Rect(self.card.x, y, self.card.width, max(0, bottom - y)).clip(clip))
        y = self.draw_body(surface, x, y, inner)
        surface.set_clip(clip)
        divider: int | None = getattr(self, "divider_y", None)
        if divider is not None:
            left, right = self.card.x + self.pad, self.card.right - self.pad
            pygame.draw.line(
                surface,
                ui.theme.panel_edge,
                (left, divider),
                (right, divider),
                max(1, ui.px(2)),
            )
        for b in self.buttons:
            b.draw(surface, ui)
        if self.hints and self.is_top:
            draw_hints(surface, ui, _(self.hints))

    def draw_body(self, surface: pygame.Surface, x: int, y: int, width: int) -> int:
        ui = self.ui
        lh = ui.line_height(self.body_size)
        for line in self._wrapped:
            ui.draw_text(
                surface,
                line,
                (self.card.centerx, y),
                self.body_size,
                ui.theme.text_dim,
                anchor="midtop",
                max_width=width,
            )
            y += lh
        return y


class ConfirmScene(DialogScene):
    """Yes/No question; Esc answers No."""

    def __init__(
        self,
        app: Host,
        title: str,
        message: str,
        on_yes: Callable[[], object],
        yes: str = N_("Yes"),
        no: str = N_("No"),
        default: str = "no",
    ) -> None:
        def answer_yes() -> None:
            self.close()
            on_yes()

        buttons = [Button(yes, answer_yes, kind="danger", key="yes"), Button(no, self.close, key="no")]
        super().__init__(app, title, [message], buttons)
        self.focus.focus(default)
