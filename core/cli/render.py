"""``python main.py render GAME [--position TEXT] [--option K=V] [--moves M ...] [--size WxH]
--out FILE.png``: a position drawn headless by the game's own board view, its last move marked
as on the play screen, written as a PNG (for sharing and for documentation).

The command sets the dummy video driver itself, so it needs no screen. Bad input (an unknown
game, a bad position or move, a bad size, a file that cannot be written) is one ``error:``
line and exit code 2; a board view that fails is a plugin failure (exit code 1).
"""

from __future__ import annotations

import argparse
import io
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tafel.cli.files import shown_name, write_output
from tafel.commands import CommandError
from tafel.game import GameDef, GameState, Move, Options
from tafel.numbers import parse_whole
from tafel.plugins import PluginFailure

if TYPE_CHECKING:
    import pygame

#: The size written when ``--size`` is not given, and the smallest and largest taken.
DEFAULT_SIZE = (1200, 900)
MIN_SIDE, MAX_SIDE = 64, 8192


def picture_size(text: str) -> tuple[int, int]:
    """``--size``: ``WxH`` in pixels, each side 64 to 8192.

    >>> picture_size("800x600"), picture_size(" 64X64 ")
    ((800, 600), (64, 64))
    >>> picture_size("800")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must look like 800x600 (width x height in pixels), got '800'
    """
    parts = text.strip().lower().split("x")
    if len(parts) != 2:
        raise argparse.ArgumentTypeError(f"must look like 800x600 (width x height in pixels), got {text!r}")
    try:
        return parse_whole(parts[0], MIN_SIDE, MAX_SIDE), parse_whole(parts[1], MIN_SIDE, MAX_SIDE)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            f"must be WxH with each side a whole number from {MIN_SIDE} to {MAX_SIDE}, got {text!r}"
        ) from None


def configure(parser: argparse.ArgumentParser) -> None:
    """The arguments besides the game's own (game, --option, --seed, --position, --moves)."""
    parser.add_argument(
        "--size",
        type=picture_size,
        default=DEFAULT_SIZE,
        metavar="WxH",
        help=f"picture size in pixels (default {DEFAULT_SIZE[0]}x{DEFAULT_SIZE[1]})",
    )
    parser.add_argument("--out", required=True, metavar="FILE.png", help="the PNG file to write")


def play_out(
    game: GameDef, options: Options, position: str | None, moves: Sequence[str], seed: int | None
) -> tuple[list[GameState], list[Move]]:
    """Every state from the start (or ``position``) through ``moves``, and the moves; GameError
    (one line) for bad input."""
    state = game.parse_position(position, options) if position else game.new_state(options, seed)
    states, played = [state], []
    for text in moves:
        for part in text.split():
            move = state.parse_move(part)
            state = state.play(move)
            states.append(state)
            played.append(move)
    return states, played


def check_out(path: str) -> Path:
    """The file to write: a .png whose folder exists."""
    out = Path(path)
    if out.suffix.lower() != ".png":
        raise CommandError(f"--out must name a .png file, got {shown_name(path)!r}")
    if not out.parent.is_dir():
        raise CommandError(
            f"cannot write {shown_name(path)}: the folder {shown_name(out.parent)} does not exist"
        )
    return out


def write_picture(surface: pygame.Surface, out: Path) -> None:
    """Save as PNG through :func:`tafel.cli.files.write_output`: a temporary file with a short
    name beside it (a name near the 255-byte limit works), so a failed or killed write leaves no
    half file, and the next run removes what a killed one left."""
    import pygame

    buffer = io.BytesIO()
    try:
        pygame.image.save(surface, buffer, "picture.png")
    except pygame.error as exc:
        raise CommandError(f"cannot write {shown_name(out)}: {exc}") from None
    write_output(out, buffer.getvalue(), "picture")


def render(
    game: GameDef,
    options: Options,
    states: Sequence[GameState],
    moves: Sequence[Move],
    size: tuple[int, int],
) -> pygame.Surface:
    """The last state drawn by the game's view (headless); PluginFailure when the view fails."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from tafel.ui.fonts import Fonts
    from tafel.ui.picture import BoardPicture, ensure_display
    from tafel.ui.theme import DEFAULT

    ensure_display()
    picture = BoardPicture(game, options, states, moves)
    fonts = Fonts(max(0.3, min(size[1] / 1080, size[0] / 1280)) ** 0.8)
    surface = picture.still(size, DEFAULT, fonts)
    if picture.error is not None:  # a plugin's bug: one error: line naming it, exit code 1
        raise PluginFailure(game.plugin, f"game {game.id}", picture.error)
    return surface


def run(args: argparse.Namespace, game: GameDef, options: Options, seed: int | None) -> int:
    """The command, once the game, options and seed are known (see :mod:`tafel.cli`)."""
    out = check_out(args.out)
    states, moves = play_out(game, options, args.position, args.moves or [], seed)
    surface = render(game, options, states, moves, args.size)
    write_picture(surface, out)
    width, height = args.size
    print(f"wrote {shown_name(out)} ({width}x{height}, {len(moves)} moves played)")
    return 0
