"""A position drawn off screen by the game's own board view: for ``python main.py render``, the
diagrams of the rules screen, and any screen that shows a board as a picture.

A :class:`BoardPicture` owns a view of its own and draws into a surface of its own: the last
move is marked as the play screen marks it (``ViewContext.last_move`` and ``previous``, the
player's "show last move" on), nobody may move (``interactive`` False). The still picture is
kept and redrawn only when its size or theme changes; :meth:`BoardPicture.frame` instead plays
the last move as an animation, in a loop (the position before it, the move, a pause). A view
that fails draws a card with its error instead; nothing raises.

A picture of a position where the game has ended says how it ended in a strip under the board
(the headline and the reason, as the game-over card words them), drawn here for every game; the
view is told it draws a still picture (``ViewContext.still``), so it draws no end-of-game card
over the board: a diagram of an ending shows the position its caption explains. The strip's room
is kept for the whole animation loop, so the board does not move when the game ends.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import pygame

from tafel import i18n
from tafel.game import GameDef, GameState, Move, Options, Outcome, one_line
from tafel.i18n import _
from tafel.ui.fonts import Fonts
from tafel.ui.theme import DEFAULT, Theme
from tafel.view import BoardView, ViewContext, make_view

__all__ = ["BoardPicture", "headline", "save_png", "shown_state"]

T = TypeVar("T")


def headline(outcome: Outcome, names: Sequence[str]) -> str:
    """'Red wins!', 'Red and Blue win!', 'Draw', or for a solo game 'You win!' / 'Game over';
    the game's own ``outcome.headline`` when it gives one (the game-over card's title too).

    >>> headline(Outcome.win(1, 2, "x"), ["Red", "Blue"])
    'Blue wins!'
    >>> headline(Outcome.draw(2, "x"), ["Red", "Blue"])
    'Draw'
    >>> headline(Outcome((1.0, 0.0, 1.0, 0.0), "x", headline="Team A wins!"), list("NESW"))
    'Team A wins!'
    """
    if outcome.headline:
        return outcome.headline
    winners = outcome.winners
    if len(outcome.rewards) == 1:
        return _("You win!") if winners else _("Game over")
    if not winners:
        return _("Draw")
    who = [names[i] if i < len(names) else _("Player {n}").format(n=i + 1) for i in winners]
    if len(who) == 1:
        return _("{name} wins!").format(name=who[0])
    return _("{names} and {last} win!").format(names=", ".join(who[:-1]), last=who[-1])


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
        #: What the kept picture was drawn for: its size, theme, language and font scale.
        self._key: tuple[tuple[int, ...], Theme, str, float] | None = None
        self._still = False
        #: The loop: phase 0 before the move, 1 moving, 2 after it; seconds into the phase.
        self.phase = 2
        self.clock = 0.0
        self.time = 0.0
        #: The fonts a caller that passes none gets: one set for the picture's life, since a view
        #: keeps what it drew with the fonts it was given and starts again for other ones.
        self._own_fonts: Fonts | None = None
        #: Where the view draws, and under it the strip that says how the game ended (empty
        #: when the last state is not over); set with the size.
        self.board_rect = pygame.Rect(0, 0, 1, 1)
        self.strip: pygame.Rect | None = None
        self._ending: list[tuple[str, int, bool]] = []  # (line, size, bold) of the strip

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

    def _fonts(self) -> Fonts:
        if self._own_fonts is None:
            self._own_fonts = Fonts()
        return self._own_fonts

    def _fail(self, what: str, exc: BaseException) -> None:
        self.error = f"Board view error ({what}): {one_line(exc)}"
        self._view = None

    def _call(self, what: str, fn: Callable[..., T], *args: object) -> T | None:
        try:
            return fn(*args)
        except Exception as exc:
            self._fail(what, exc)
            return None

    def names(self) -> list[str]:
        """The seats' names in the current language, as the play screen shows them."""
        try:
            return list(self.game.shown_names(self.options))
        except Exception:
            seats = range(getattr(self.states[-1], "players", 2) or 2)
            return [_("Player {n}").format(n=i + 1) for i in seats]

    def _context(self, theme: Theme, fonts: Fonts, ply: int) -> ViewContext:
        """What the play screen would pass for ``states[ply]``, and that it is a still picture."""
        seats = range(getattr(self.states[-1], "players", 2) or 2)
        names = self.names()
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
            still=True,
        )

    # --- the ending, under the board --------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """How the game of the last state ended (None while it goes on)."""
        try:
            return self.states[-1].outcome
        except Exception:
            return None

    def ending_texts(self) -> tuple[str, str] | None:
        """The strip's headline and reason in the current language (the game's own words
        through its catalog), or None when the last state is not over."""
        outcome = self.outcome()
        if outcome is None:
            return None
        translate = getattr(self.game, "translate", lambda text: text)
        title = translate(headline(outcome, self.names()))
        reason = translate(outcome.reason or "")
        return title, reason[:1].upper() + reason[1:]

    #: Below this height a picture's strip has the headline only: the reason's lines would take
    #: a quarter of a small board (a diagram at 800x600, the review's boards, where the screen
    #: around says how the game ended).
    REASON_FROM = 360

    def _lay_out_ending(self, size: tuple[int, int], fonts: Fonts) -> None:
        """The strip at the bottom for an ended game: the headline, then the reason wrapped (at a
        smaller size while it takes more than two lines; never cut), in a size that follows the
        picture's height. The board gets the rest."""
        w, h = max(1, size[0]), max(1, size[1])
        self.board_rect, self.strip, self._ending = pygame.Rect(0, 0, w, h), None, []
        texts = self.ending_texts()
        if texts is None:
            return
        title, reason = texts
        pad = max(3, h // 80)
        width = max(1, w - 4 * pad)
        px = max(10.0, min(20.0, h / 32))  # pixels on the picture, whatever the fonts' scale
        big = max(6, round(px / fonts.scale))
        small = max(6, round(px * 0.85 / fonts.scale))
        if h < self.REASON_FROM:
            reason = ""
        lines: list[str] = []
        for size_ in range(small, max(6, int(small * 0.7)) - 1, -1):
            lines, small = (fonts.wrap(reason, size_, width) if reason else []), size_
            if len(lines) <= 2:
                break
        big = fonts.fit_size(title, big, width, True, max(6, int(big * 0.7)))
        self._ending = [(title, big, True)] + [(line, small, False) for line in lines]
        height = sum(fonts.get(s, bold).get_linesize() for _line, s, bold in self._ending) + 2 * pad
        height = min(height, h // 2)
        self.strip = pygame.Rect(0, h - height, w, height)
        self.board_rect = pygame.Rect(0, 0, w, h - height)

    def _draw_ending(self, surface: pygame.Surface, theme: Theme, fonts: Fonts, ply: int) -> None:
        """The strip: blank while the shown state is still before the end (the loop's start)."""
        if self.strip is None:
            return
        surface.fill(getattr(theme, self.background), self.strip)
        try:
            over = self.states[ply].outcome is not None
        except Exception:
            over = False
        if not over:
            return
        pad = max(3, self.strip.height // 12)
        pygame.draw.line(
            surface,
            theme.accent,
            (self.strip.x + 4 * pad, self.strip.y),
            (self.strip.right - 4 * pad, self.strip.y),
        )
        y = self.strip.y + max(3, surface.get_height() // 80)
        for line, size, bold in self._ending:
            color = theme.accent if bold else theme.text
            rect = fonts.draw(surface, line, (self.strip.centerx, y), size, color, bold=bold, anchor="midtop")
            y = rect.bottom

    # --- drawing ---------------------------------------------------------------------------

    def _prepare(self, size: tuple[int, int], theme: Theme, fonts: Fonts) -> pygame.Surface:
        key = (tuple(size), theme, i18n.current(), fonts.scale)
        if self.surface is None or key != self._key:
            if self._key is not None and key[2] != self._key[2]:
                # Another language: a view keeps the words it wrote on its pictures, so a new one.
                self._view, self._made = None, False
            self._key = key
            self._still = False
            self.surface = pygame.Surface((max(1, size[0]), max(1, size[1])))
            self._lay_out_ending(self.surface.get_size(), fonts)
            view = self.view()
            if view is not None:
                self._call("layout", view.layout, pygame.Rect(self.board_rect))
        return self.surface

    def _draw(self, theme: Theme, fonts: Fonts, ply: int) -> None:
        surface = self.surface
        assert surface is not None
        surface.fill(getattr(theme, self.background))
        view = self.view()
        if view is not None:
            state = shown_state(self.states[ply])
            self._call("draw", view.draw, surface, state, self._context(theme, fonts, ply))
        self._draw_ending(surface, theme, fonts, ply)
        if self.error is not None:
            draw_failure(surface, theme, fonts, self.error)

    def still(
        self, size: tuple[int, int], theme: Theme = DEFAULT, fonts: Fonts | None = None
    ) -> pygame.Surface:
        """The shown position with its last move marked, kept until the size, theme or language
        changes."""
        fonts = fonts or self._fonts()
        surface = self._prepare(size, theme, fonts)
        if not self._still:
            view = self.view()
            if view is not None:
                self._call("reset", view.reset, shown_state(self.states[-1]))
            self._draw(theme, fonts, len(self.states) - 1)
            self._still = True
            self.phase, self.clock = 2, 0.0
        return surface

    def frame(
        self, size: tuple[int, int], dt: float, theme: Theme = DEFAULT, fonts: Fonts | None = None
    ) -> pygame.Surface:
        """The animation loop moved on by ``dt`` seconds: the picture to show now."""
        if not self.animated:
            return self.still(size, theme, fonts)
        fonts = fonts or self._fonts()
        surface = self._prepare(size, theme, fonts)
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
