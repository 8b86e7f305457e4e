"""A game's rules, word-wrapped, with diagrams drawn by the game's own board view; Esc goes back.

The text is plain paragraphs; lines starting with ``#`` are headings, ``- `` starts a bullet,
and Markdown ``**bold**`` markers are dropped. Diagram blocks (the markup of
:mod:`tafel.diagrams`) become pictures: each is played out and drawn only when it first comes
into sight, then kept; one whose diagram shows a move plays that move in a loop while it is in
sight.

Keys (a gamepad's D-pad and shoulder buttons arrive as the same keys): Up/Down scroll a line,
PgUp/PgDn (shoulders) a page, Left/Right go to the previous/next diagram or heading, Home/End
to the top and the end; the mouse wheel scrolls.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tafel.diagrams import Diagram, parse_rules, set_up
from tafel.game import GameDef, GameError, one_line
from tafel.i18n import N_, _
from tafel.ui.picture import BoardPicture, draw_failure
from tafel.ui.scene import Host, Scene
from tafel.ui.scenes.dialog import draw_hints
from tafel.ui.widgets import BODY, H1, H3, SMALL, Button, is_activate, is_back

TEXT = BODY - 2


@dataclass
class Line:
    """One line of text: its words, font size, bold, the space above it."""

    text: str
    size: int
    bold: bool = False
    extra: int = 0
    color: str = "text"


@dataclass
class Figure:
    """A diagram in the text: its picture's place (relative to the top of the text) and caption."""

    diagram: Diagram
    rect: pygame.Rect
    caption: list[str]
    picture: BoardPicture | None = None
    error: str | None = None
    made: bool = False


class RulesScene(Scene):
    #: An opaque screen of its own: the board below is not redrawn under it every frame.
    overlay = False

    def __init__(self, app: Host, game: GameDef) -> None:
        super().__init__(app)
        self.game = game
        self.scroll = 0
        self.content_h = 0
        #: What the text holds, laid out: (top, height, Line or Figure), top from the text's top.
        self.items: list[tuple[int, int, Line | Figure]] = []
        self.figures: list[Figure] = []
        #: Where Left/Right stop: the tops of headings and diagrams.
        self.stops: list[int] = []
        self.back_button = Button(N_("Back"), self.close, key="back")
        self.back_button.focused = True
        self.card = pygame.Rect(0, 0, 1, 1)
        self.text_rect = pygame.Rect(0, 0, 1, 1)
        self.markup_error: str | None = None
        try:
            self.blocks: list[str | Diagram] = parse_rules(game.rules_text() or "")
        except GameError as exc:  # the plugin's markup is wrong: the plain text, and why
            self.blocks = [game.rules_text() or ""]
            self.markup_error = _("The diagrams could not be read: {error}").format(error=one_line(exc))

    @property
    def lines(self) -> list[tuple[str, int, bool, int]]:
        """The text lines as (text, size, bold, space above)."""
        return [(i.text, i.size, i.bold, i.extra) for _, _, i in self.items if isinstance(i, Line)]

    def close(self) -> None:
        if self.manager is not None:
            self.manager.remove(self)

    # --- layout -------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        ui = self.ui
        w, h = size
        m = ui.px(40)
        width = min(w - 2 * m, ui.px(1300))
        self.card = pygame.Rect((w - width) // 2, m, width, h - 2 * m - ui.px(24))
        pad = ui.px(44)
        top = self.card.y + pad + ui.line_height(H1, True) + ui.px(16)
        bh = ui.px(62)
        self.back_button.rect = pygame.Rect(0, 0, min(ui.px(300), width - 2 * pad), bh)
        self.back_button.rect.midbottom = (self.card.centerx, self.card.bottom - pad)
        self.text_rect = pygame.Rect(
            self.card.x + pad, top, width - 2 * pad - ui.px(16), self.back_button.rect.y - ui.px(20) - top
        )
        self._wrap()

    def _text_lines(self, text: str, width: int) -> list[Line]:
        ui = self.ui
        lines: list[Line] = []
        for raw in text.replace("**", "").strip("\n").split("\n"):
            stripped = raw.strip()
            if stripped.startswith("#"):
                heading = stripped.lstrip("#").strip()
                lines.append(Line("", TEXT, extra=ui.px(6)))
                lines.extend(
                    Line(part, H3, True, ui.px(4)) for part in ui.wrap(heading, H3, width, bold=True)
                )
            elif not stripped:
                lines.append(Line("", TEXT))
            else:
                if stripped.startswith(("- ", "* ")):
                    raw = "\u2022 " + stripped[2:]
                lines.extend(Line(part, TEXT) for part in ui.wrap(raw.rstrip(), TEXT, width))
        return lines

    def _figure_size(self) -> tuple[int, int]:
        """A diagram's picture: most of the text's width, at most about two thirds of its height."""
        ui = self.ui
        width = min(self.text_rect.width, ui.px(1100))
        height = min(int(width * 0.62), int(self.text_rect.height * 0.78))
        width = min(width, int(height * 1.5))
        return max(40, width), max(30, height)

    def _wrap(self) -> None:
        ui = self.ui
        width = self.text_rect.width
        items: list[tuple[int, int, Line | Figure]] = []
        stops: list[int] = []
        y = 0

        def add_line(line: Line) -> None:
            nonlocal y
            y += line.extra
            lh = ui.line_height(line.size, line.bold) // (2 if not line.text else 1)
            if line.bold and line.text and (not stops or stops[-1] < y - lh):
                stops.append(y - line.extra)
            items.append((y, lh, line))
            y += lh

        if self.markup_error:
            for part in ui.wrap(self.markup_error, SMALL, width):
                add_line(Line(part, SMALL, color="danger"))
        old = {f.diagram.number: f for f in self.figures}
        figures: list[Figure] = []
        fw, fh = self._figure_size()
        for block in self.blocks:
            if isinstance(block, str):
                for line in self._text_lines(block, width):
                    add_line(line)
                continue
            y += ui.px(14)
            rect = pygame.Rect((width - fw) // 2, y, fw, fh)
            caption = ui.wrap(block.caption, SMALL, width) if block.caption else []
            figure = old.get(block.number) or Figure(block, rect, caption)
            figure.rect, figure.caption = rect, caption
            figures.append(figure)
            stops.append(max(0, y - ui.px(10)))
            items.append((y, fh, figure))
            y += fh + ui.px(8)
            for part in caption:
                add_line(Line(part, SMALL, color="text_dim"))
            y += ui.px(14)
        self.items, self.figures, self.stops = items, figures, stops
        self.content_h = y
        self._clamp()

    # --- scrolling ----------------------------------------------------------------------------

    def _clamp(self) -> None:
        self.scroll = max(0, min(self.scroll, self.content_h - self.text_rect.height))

    def scroll_by(self, pixels: int) -> None:
        self.scroll += pixels
        self._clamp()

    def go_stop(self, step: int) -> None:
        """To the next (``step`` 1) or previous (-1) diagram or heading."""
        if step > 0:
            later = [s for s in self.stops if s > self.scroll + 1]
            target = later[0] if later else self.content_h
        else:
            earlier = [s for s in self.stops if s < self.scroll - 1]
            target = earlier[-1] if earlier else 0
        self.scroll = target
        self._clamp()

    def handle_event(self, event: pygame.event.Event) -> bool:
        ui = self.ui
        line = ui.line_height(TEXT)
        page = max(line, self.text_rect.height - line)
        if is_back(event) or is_activate(event):
            self.close()
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 3 * line)
        elif event.type == pygame.KEYDOWN:
            steps = {
                pygame.K_UP: -line,
                pygame.K_DOWN: line,
                pygame.K_PAGEUP: -page,
                pygame.K_PAGEDOWN: page,
                pygame.K_HOME: -self.content_h,
                pygame.K_END: self.content_h,
            }
            if event.key in steps:
                self.scroll_by(steps[event.key])
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.go_stop(1 if event.key == pygame.K_RIGHT else -1)
        elif event.type == pygame.MOUSEMOTION:
            self.back_button.hovered = self.back_button.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.back_button.rect.collidepoint(event.pos):
                self.close()
            else:
                for figure in self.visible_figures():
                    if self._screen_rect(figure).collidepoint(event.pos) and figure.picture is not None:
                        figure.picture.phase, figure.picture.clock = 2, 99.0  # play the move again
        return True

    # --- diagrams -----------------------------------------------------------------------------

    def _screen_rect(self, figure: Figure) -> pygame.Rect:
        return figure.rect.move(self.text_rect.x, self.text_rect.y - self.scroll)

    def visible_figures(self) -> list[Figure]:
        view = pygame.Rect(0, self.scroll, self.text_rect.width, self.text_rect.height)
        return [f for f in self.figures if f.rect.colliderect(view)]

    def _make(self, figure: Figure) -> None:
        """Play the diagram out and give it a view, the first time it is in sight."""
        if figure.made:
            return
        figure.made = True
        try:
            setup = set_up(self.game, figure.diagram)
        except Exception as exc:  # a GameError, or the game's own code failing
            figure.error = one_line(exc)
            return
        figure.picture = BoardPicture(self.game, setup.options, setup.states, setup.moves, background="panel")

    def update(self, dt: float) -> None:
        ui = self.ui
        for figure in self.visible_figures():
            self._make(figure)
            if figure.picture is not None and figure.picture.animated:
                figure.picture.frame(figure.rect.size, dt, ui.theme, ui.fonts)

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        t = ui.theme
        ui.panel(surface, self.card, t.panel, border=t.panel_edge, radius=24)
        pad = ui.px(44)
        ui.draw_text(
            surface,
            _("Rules — {game}").format(game=self.game.translate(self.game.title)),
            (self.card.x + pad, self.card.y + pad),
            H1,
            t.text,
            bold=True,
            max_width=self.card.width - 2 * pad,
        )
        clip = surface.get_clip()
        area = self.text_rect.inflate(0, ui.px(4))
        surface.set_clip(area)
        top = self.text_rect.y - self.scroll
        for y, h, item in self.items:
            if top + y + h < area.y or top + y > area.bottom:
                continue
            if isinstance(item, Figure):
                self._draw_figure(surface, item)
            elif item.text:
                color = getattr(t, item.color)
                x = self.text_rect.x
                if item.color == "text_dim":  # a caption: centred under its picture
                    x += (self.text_rect.width - ui.text_width(item.text, item.size)) // 2
                color = t.accent if item.bold else color
                ui.draw_text(surface, item.text, (x, top + y), item.size, color, bold=item.bold)
        surface.set_clip(clip)
        ui.scrollbar(surface, self.text_rect.move(ui.px(16), 0), self.scroll, self.content_h)
        self.back_button.draw(surface, ui)
        draw_hints(surface, ui, _("↑↓ scroll · PgUp PgDn page · ←→ diagrams · Esc back"))

    def _draw_figure(self, surface: pygame.Surface, figure: Figure) -> None:
        ui = self.ui
        self._make(figure)
        rect = self._screen_rect(figure)
        picture = figure.picture
        if picture is not None:
            if picture.surface is None or picture.surface.get_size() != rect.size or not picture.animated:
                picture.still(rect.size, ui.theme, ui.fonts)
            assert picture.surface is not None
            surface.blit(picture.surface, rect)
        else:
            card = pygame.Surface(rect.size)
            draw_failure(
                card,
                ui.theme,
                ui.fonts,
                _("Diagram {number}: {error}").format(number=figure.diagram.number, error=figure.error),
            )
            surface.blit(card, rect)
