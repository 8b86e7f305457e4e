"""A position drawn off screen by the game's own board view: for ``python main.py render``, the
diagrams of the rules screen, and any screen that shows a board as a picture.

A :class:`BoardPicture` owns a view of its own and draws into a surface of its own: the last
move is marked as the play screen marks it (``ViewContext.last_move`` and ``previous``, the
player's "show last move" on), nobody may move (``interactive`` False). The still picture is
kept and redrawn only when its size or theme changes; :meth:`BoardPicture.frame` instead plays
the last move as an animation, in a loop (the position before it, the move, a pause). A view
that fails draws a card with its error instead; nothing raises.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from tafel import i18n
from tafel.game import GameDef, GameState, Move, Options, one_line
from tafel.ui.fonts import Fonts
from tafel.ui.theme import DEFAULT, Theme
from tafel.view import BoardView, ViewContext, make_view

__all__ = ["BoardPicture", "save_png", "shown_state"]


def shown_state(state: GameState) -> GameState:
    """What a picture shows of ``state``: in a hidden-information game, what the side to move
    sees (the play screen shows a person their own view), else the state."""
    try:
        if state.has_hidden_information and not state.is_over:
            return state.view_for(state.to_move)
    except Exception:
        pass
    return state


class BoardPicture:
    """``states[-1]`` drawn by ``game``'s view, ``moves[-1]`` (if any) marked as its last move;
    ``states`` are all the states from the first, ``moves`` the moves between them."""

    #: The animation loop, in seconds: the position before the move, the longest the move may
    #: animate, the pause on the position after it.
    LOOP = (1.0, 4.0, 2.2)

    def __init__(
        self,
        game: GameDef,
        options: Options,
        states: Sequence[GameState],
        moves: Sequence[Move] = (),
        *,
        background: str = "background",
    ) -> None:
        self.game = game
        #: The theme's colour under the board (``"panel"`` on a card).
        self.background = background
        self.options = options
        self.states = list(states)
        self.moves = list(moves)
        self.error: str | None = None
        self._view: BoardView | None = None
        self._made = False
        self.surface: pygame.Surface | None = None
        self._key: Any = None
        self._still = False
        #: The loop: phase 0 before the move, 1 moving, 2 after it; seconds into the phase.
        self.phase = 2
        self.clock = 0.0
        self.time = 0.0

    @property
    def animated(self) -> bool:
        """True when there is a move to play in a loop."""
        return bool(self.moves) and self.error is None

    # --- the view, guarded ----------------------------------------------------------------

    def view(self) -> BoardView | None:
        if not self._made:
            self._made = True
            try:
                self._view = make_view(self.game, self.options)
            except Exception as exc:
                self._fail("start", exc)
            if self._view is None and self.error is None:
                self.error = "This game has no board view."
        return self._view

    def _fail(self, what: str, exc: BaseException) -> None:
        self.error = f"Board view error ({what}): {one_line(exc)}"
        self._view = None

    def _call(self, what: str, fn: Any, *args: Any) -> Any:
        try:
            return fn(*args)
        except Exception as exc:
            self._fail(what, exc)
            return None

    def _context(self, theme: Theme, fonts: Fonts, ply: int) -> ViewContext:
        """What the play screen would pass for ``states[ply]``."""
        seats = range(getattr(self.states[-1], "players", 2) or 2)
        try:
            names = self.game.names(self.options)
        except Exception:
            names = [f"Player {i + 1}" for i in seats]
        return ViewContext(
            theme=theme,
            fonts=fonts,
            time=self.time,
            human_seats=frozenset(seats),
            seat_names=names,
            last_move=self.moves[ply - 1] if ply > 0 else None,
            previous=self.states[ply - 1] if ply > 0 else None,
            interactive=False,
            show_legal=True,
            show_last=True,
        )

    # --- drawing ---------------------------------------------------------------------------

    def _prepare(self, size: tuple[int, int], theme: Theme) -> pygame.Surface:
        key = (tuple(size), theme, i18n.current())
        if self.surface is None or key != self._key:
            if self._key is not None and key[2] != self._key[2]:
                # Another language: a view keeps the words it wrote on its pictures, so a new one.
                self._view, self._made = None, False
            self._key = key
            self._still = False
            self.surface = pygame.Surface((max(1, size[0]), max(1, size[1])))
            view = self.view()
            if view is not None:
                self._call("layout", view.layout, self.surface.get_rect())
        return self.surface

    def _draw(self, theme: Theme, fonts: Fonts, ply: int) -> None:
        surface = self.surface
        assert surface is not None
        surface.fill(getattr(theme, self.background))
        view = self.view()
        if view is not None:
            state = shown_state(self.states[ply])
            self._call("draw", view.draw, surface, state, self._context(theme, fonts, ply))
        if self.error is not None:
            draw_failure(surface, theme, fonts, self.error)

    def still(
        self, size: tuple[int, int], theme: Theme = DEFAULT, fonts: Fonts | None = None
    ) -> pygame.Surface:
        """The shown position with its last move marked, kept until the size, theme or language
        changes."""
        surface = self._prepare(size, theme)
        if not self._still:
            view = self.view()
            if view is not None:
                self._call("reset", view.reset, shown_state(self.states[-1]))
            self._draw(theme, fonts or Fonts(), len(self.states) - 1)
            self._still = True
            self.phase, self.clock = 2, 0.0
        return surface

    def frame(
        self, size: tuple[int, int], dt: float, theme: Theme = DEFAULT, fonts: Fonts | None = None
    ) -> pygame.Surface:
        """The animation loop moved on by ``dt`` seconds: the picture to show now."""
        if not self.animated:
            return self.still(size, theme, fonts)
        surface = self._prepare(size, theme)
        fonts = fonts or Fonts()
        view = self.view()
        self.time += dt
        self.clock += dt
        last = len(self.states) - 1
        before, moving, after = self.LOOP
        if self.phase == 2 and self.clock >= after:
            self.phase, self.clock = 0, 0.0
            if view is not None:
                self._call("reset", view.reset, shown_state(self.states[-2]))
        elif self.phase == 0 and self.clock >= before:
            self.phase, self.clock = 1, 0.0
            if view is not None:
                self._call("on_move", view.on_move, self.states[-2], self.moves[-1], self.states[-1])
        elif self.phase == 1 and view is not None:
            self._call("update", view.update, dt)
            if self.clock >= moving or not self._call("animating", lambda: view.animating):
                self.phase, self.clock = 2, 0.0
        self._still = False
        self._draw(theme, fonts, last - 1 if self.phase == 0 else last)
        return surface


def draw_failure(surface: pygame.Surface, theme: Theme, fonts: Fonts, message: str) -> None:
    """The card drawn where a board could not be: the error, cut to the width."""
    rect = surface.get_rect()
    pygame.draw.rect(surface, theme.panel, rect)
    font = fonts.get(max(10, min(22, rect.height // 12)))
    words, line, y = message.split(), "", rect.y + 8
    for word in [*words, ""]:
        trial = f"{line} {word}".strip()
        if word and font.size(trial)[0] <= rect.width - 16:
            line = trial
            continue
        if line:
            surface.blit(font.render(line, True, theme.danger), (rect.x + 8, y))
            y += font.get_linesize()
        line = word


def ensure_display() -> None:
    """A display for views that convert their images: headless (the dummy video driver) when
    none is open yet. Commands call it; the arcade has its window already."""
    import os

    if pygame.display.get_surface() is not None:
        return
    if not pygame.display.get_init():
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        pygame.display.init()
    pygame.display.set_mode((1, 1))


def save_png(surface: pygame.Surface, path: str) -> None:
    """Write ``surface`` as a PNG; OSError (or pygame.error) when the file cannot be written."""
    pygame.image.save(surface, path)
