"""The renderer/controller contract: how a plugin draws its board and turns input into moves.

The core owns the window, the frame loop, the scenes, the HUD, fonts, theme and sound. A
game's :class:`BoardView` only draws the board into the rectangle the core gives it and
reads pointer and keyboard events while a human is to move. Game controllers are turned
into keyboard events by the core (D-pad/stick = arrow keys, A = Enter, B = Escape), so a
view that handles the keyboard is playable with a gamepad too.

A minimal view::

    class MyView(BoardView):
        def draw(self, surface, state, ctx):
            pygame.draw.rect(surface, ctx.theme.board, self.rect)

        def handle_event(self, event, state, ctx):
            if event.type == pygame.MOUSEBUTTONDOWN:
                return state.legal_moves()[0]
            return None
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from tafel.camera import Camera
from tafel.game import GameDef, GameState, Move, Options

if TYPE_CHECKING:
    from tafel.ui.fonts import Fonts
    from tafel.ui.theme import Theme


__all__ = [
    "ACTIVATE_KEYS",
    "ARROW_KEYS",
    "CLEAR_KEYS",
    "BoardView",
    "Camera",
    "Color",
    "ViewContext",
    "darken",
    "lighten",
    "mix",
]

Color = tuple[int, int, int]
"""An RGB colour, each channel 0..255."""

#: Keys a board view commonly reads: arrows move a cursor by (dx, dy) with y up the board,
#: these activate what the cursor is on, these clear a selection. The core turns a gamepad's
#: D-pad, A and B into the same keys.
ARROW_KEYS: dict[int, tuple[int, int]] = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, 1),
    pygame.K_DOWN: (0, -1),
}
#: Keys that activate what the keyboard cursor is on (Enter, keypad Enter, Space).
ACTIVATE_KEYS: tuple[int, ...] = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
#: Keys that clear a half-made move (Backspace, Escape).
CLEAR_KEYS: tuple[int, ...] = (pygame.K_BACKSPACE, pygame.K_ESCAPE)


def mix(a: Sequence[int], b: Sequence[int], t: float) -> Color:
    """The colour ``t`` of the way from ``a`` to ``b`` (0: ``a``, 1: ``b``).

    >>> mix((0, 0, 0), (255, 100, 10), 0.5)
    (127, 50, 5)
    """
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


def darken(color: Sequence[int], t: float) -> Color:
    """``color`` mixed ``t`` of the way to black."""
    return mix(color, (0, 0, 0), t)


def lighten(color: Sequence[int], t: float) -> Color:
    """``color`` mixed ``t`` of the way to white."""
    return mix(color, (255, 255, 255), t)


@dataclass(frozen=True)
class ViewContext:
    """What the core tells a view: a snapshot the play screen makes afresh for each frame and
    each event (a view only reads it; :func:`dataclasses.replace` makes a changed copy).

    >>> from dataclasses import replace
    >>> ctx = ViewContext(theme=None, fonts=None, anim_speed=0.5)
    >>> ctx.anim(2.0), replace(ctx, interactive=True).interactive, ctx.interactive
    (1.0, True, False)
    """

    theme: Theme
    fonts: Fonts
    #: Seconds since the play scene started; drive looping effects from it.
    time: float = 0.0
    #: Seats played by people at this screen.
    human_seats: frozenset[int] = frozenset()
    #: The seats' names in the current language.
    seat_names: Sequence[str] = ()
    #: The move that led to the shown state (None at the start).
    last_move: Move | None = None
    #: The state before ``last_move`` (for marking where a stone came from).
    previous: GameState | None = None
    #: True when a human may move now (it is a human's turn, nothing animates, no dialog).
    interactive: bool = False
    #: A move suggested by the hint button, to be shown until the next move.
    hint: Move | None = None
    #: Settings the player chose.
    show_legal: bool = True
    show_last: bool = True
    #: Multiplier for animation durations (1 normal, 0 = no animation).
    anim_speed: float = 1.0
    #: The match's setup seed (games with a random setup; a deal number to show), else None.
    seed: int | None = None
    #: Hints asked for and undos made in this match so far (a puzzle may count them).
    hints: int = 0
    undos: int = 0
    #: True while the player looks at an earlier position in the move list.
    browsing: bool = False
    #: What the screen shows: ``"play"`` (a game), ``"replay"`` (a finished one) or ``"demo"``.
    mode: str = "play"
    #: True when the board is drawn as a still picture (``tafel.ui.picture.BoardPicture``: a rules
    #: diagram, ``render``, a menu preview, the review's boards): nobody plays on, and the core
    #: writes an ended position's outcome in a strip under the board. A view then draws no
    #: end-of-game card over the board, so the position the picture is about stays in sight.
    still: bool = False

    def anim(self, seconds: float) -> float:
        """An animation length scaled by the player's animation-speed setting."""
        return seconds * self.anim_speed


class BoardView:
    """Base class of game renderer/controllers. One instance lives as long as a play scene.

    A game names its view class in ``GameDef.view``; the core makes one with
    :func:`make_view`.
    """

    def __init__(self, game: GameDef, options: Options) -> None:
        self.game = game
        self.options = options
        self.rect = pygame.Rect(0, 0, 1, 1)

    def layout(self, rect: pygame.Rect) -> None:
        """The board area changed (start, window resize, full-screen toggle). Recompute sizes here,
        never in ``draw``."""
        self.rect = pygame.Rect(rect)

    def reset(self, state: GameState) -> None:
        """The shown state changed without a move (new game, undo, a position picked in the move
        list): forget selections and running animations."""

    def on_move(self, before: GameState, move: Move, after: GameState) -> None:
        """A move was played (by anyone): start its animation."""

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds."""

    def sound_for(self, before: GameState, move: Move, after: GameState) -> str | None:
        """Which sound effect a move makes: ``"move"`` (the default), ``"capture"`` (captures,
        flips, removals), ``"select"``, or None for silence. Views override it for their game."""
        return "move"

    @property
    def animating(self) -> bool:
        """True while a move animation runs; the core waits for it before the next turn."""
        return False

    @property
    def has_selection(self) -> bool:
        """True while the player has a half-made move (a selected piece). Escape then goes to
        the view to clear it instead of opening the pause menu."""
        return False

    def draw(self, surface: pygame.Surface, state: GameState, ctx: ViewContext) -> None:
        """Draw ``state`` into ``self.rect`` of ``surface``. Must not change any game state."""
        raise NotImplementedError

    def handle_event(self, event: pygame.event.Event, state: GameState, ctx: ViewContext) -> Move | None:
        """Called for input events while a human may move. Return a complete legal move to play it,
        or None (the view may keep a partial selection meanwhile)."""
        return None

    def handle_view_event(self, event: pygame.event.Event, state: GameState, ctx: ViewContext) -> bool:
        """Called for input events while no human may move (AI turns, AI-only games, a finished
        game), for looking around only: pan, zoom, hover. Never makes a move. True when used."""
        return False

    def wants_key(self, key: int, state: GameState) -> bool:
        """True when the view uses ``key`` itself in ``state`` (a form of its own stepping a
        number by PgUp/PgDn, say), so the play screen's own use of that key (PgUp/PgDn browse
        the move list) gives way. Asked only while a human may move."""
        return False

    def status(self, state: GameState, ctx: ViewContext) -> list[str]:
        """Extra lines for the side panel (counts, phase, the number due, ...)."""
        return []


def make_view(game: GameDef, options: Options) -> BoardView | None:
    """A new board view for ``game`` with ``options`` (None when the game has none).

    Imports the class when ``GameDef.view`` names it; raises ImportError when it cannot be
    found, TypeError when it is not a :class:`BoardView` subclass, and whatever its constructor
    raises.
    """
    cls = game.view_class()
    if cls is None:
        return None
    if not issubclass(cls, BoardView):
        raise TypeError(f"game {game.id}: view {cls.__name__} is not a BoardView subclass")
    return cls(game, options)
