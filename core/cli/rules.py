"""``python main.py rules GAME [--render DIR] [--size WxH]``: a game's rules on the terminal,
each diagram as its caption and position (the markup is in :mod:`tafel.diagrams`); with
``--render DIR`` every diagram is also drawn by the game's own view and written as
``DIR/GAME-NN.png`` (headless).

A diagram the game does not accept is bad input (one ``error:`` line naming it, exit code 2).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tafel.cli.render import picture_size, render, write_picture
from tafel.commands import CommandError
from tafel.diagrams import diagrams, rules_as_text, set_up
from tafel.i18n import _
from tafel.registry import Registry

#: The size of each diagram written by ``--render``.
DIAGRAM_SIZE = (900, 700)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="game id (see `list`)")
    parser.add_argument(
        "--render", metavar="DIR", default=None, help="also write each diagram as DIR/GAME-NN.png"
    )
    parser.add_argument(
        "--size",
        type=picture_size,
        default=DIAGRAM_SIZE,
        metavar="WxH",
        help=f"size of each diagram written (default {DIAGRAM_SIZE[0]}x{DIAGRAM_SIZE[1]})",
    )


def run(args: argparse.Namespace, registry: Registry) -> int:
    game = registry.game(args.game)
    text = game.rules_text() or ""  # in the current language (GameDef.translated_rules)
    shown = diagrams(text)  # a bad block is one error: line before anything is printed
    setups = [set_up(game, d) for d in shown]
    folder = None
    if args.render is not None:
        folder = Path(args.render)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CommandError(
                _("cannot make the folder {folder}: {error}").format(folder=folder, error=exc.strerror or exc)
            ) from None
    print(rules_as_text(text).strip() if text.strip() else _("This game has no rules text."))
    if folder is None:
        return 0
    for diagram, setup in zip(shown, setups, strict=True):
        out = folder / f"{game.id}-{diagram.number:02d}.png"
        surface = render(game, setup.options, setup.states, setup.moves, args.size)
        write_picture(surface, out)
        caption = diagram.caption or _("diagram {number}").format(number=diagram.number)
        print(_("wrote {path}: {caption}").format(path=out, caption=caption))
    return 0
