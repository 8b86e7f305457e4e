"""The puzzle commands.

- ``python main.py puzzles mine GAME [--count N] [--seed K] [--budget S] [--out FILE]``: the
  generator (:mod:`tafel.puzzles.miner`), writing a set as JSON;
- ``python main.py puzzles list GAME``: the shipped puzzles: id, rating, solver's moves, themes;
- ``python main.py puzzle GAME [--id ID | --daily]``: a puzzle's position, side to move and
  themes (without either: one at the player's rating);
- ``python main.py puzzle GAME --id ID --answer MOVE [MOVE...]``: ``correct`` (exit 0) or
  ``wrong: <refutation>`` (exit 1).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tafel.commands import CommandError
from tafel.datadir import atomic_write
from tafel.game import GameDef
from tafel.i18n import _
from tafel.numbers import decimal_number, seed_number, whole_number
from tafel.puzzles import room
from tafel.puzzles.puzzle import Puzzle, check_answer, load_shipped, set_to_json

if TYPE_CHECKING:
    from tafel.registry import Registry

EXIT_WRONG = 1


def configure_puzzles(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="puzzles_command", metavar="ACTION")
    sub.required = True
    p = sub.add_parser("mine", help="make puzzles from engine games")
    p.add_argument("game", help="game id (see `list`)")
    p.add_argument("--count", type=whole_number(1, 5000), default=300, help="puzzles to find (default 300)")
    p.add_argument("--seed", type=seed_number(), default=1, help="the seed: the same seed, the same set")
    p.add_argument(
        "--budget", type=decimal_number(1, 86400, what="seconds"), default=None, help="seconds at most"
    )
    p.add_argument(
        "--out", default=None, metavar="FILE", help="where to write the set (default GAME-puzzles.json)"
    )
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr")
    p.set_defaults(func=run_mine)
    p = sub.add_parser("list", help="list a game's puzzles: id, rating, moves, themes")
    p.add_argument("game", help="game id (see `list`)")
    p.add_argument("--theme", action="append", default=[], help="only puzzles with this theme (repeatable)")
    p.set_defaults(func=run_list)


def configure_puzzle(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="game id (see `list`)")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--id", default=None, help="the puzzle's id (see `puzzles list`)")
    which.add_argument("--daily", action="store_true", help="today's puzzle")
    parser.add_argument("--answer", nargs="+", default=None, metavar="MOVE", help="your moves, in notation")
    parser.set_defaults(func=run_puzzle)


def _game(registry: Registry, game_id: str) -> GameDef:
    game = registry.game(game_id)
    if game.puzzles is None:
        raise CommandError(_("{game} has no puzzles").format(game=game.id))
    return game


def _puzzles(game: GameDef) -> list[Puzzle]:
    puzzles, problems = load_shipped(game)
    for line in problems[:20]:
        print(_("warning: {message}").format(message=line), file=sys.stderr)
    if len(problems) > 20:
        print(_("warning: {count} more problems").format(count=len(problems) - 20), file=sys.stderr)
    return puzzles


def run_mine(args: argparse.Namespace, registry: Registry) -> int:
    import time

    from tafel.puzzles.miner import Miner

    game = _game(registry, args.game)
    log = None if args.quiet else (lambda line: print(line, file=sys.stderr, flush=True))
    miner = Miner(game, args.seed, log)
    deadline = time.monotonic() + args.budget if args.budget is not None else None
    cpu = time.process_time()
    try:
        found = miner.run(args.count, deadline)
    except KeyboardInterrupt:  # Ctrl+C: keep what was found
        found = miner.found
    support = game.puzzles
    about = {
        "seed": args.seed,
        "search": f"depth {support.depth}, verified at depth {support.verify_depth}",
        "count": len(found),
    }
    out = Path(args.out or f"{game.id}-puzzles.json")
    atomic_write(out, set_to_json(game.id, found, about))
    print(_("{count} puzzles written to {path}").format(count=len(found), path=out))
    seconds = time.process_time() - cpu
    print(_("{games} engine games, {seconds} s of CPU").format(games=miner.games, seconds=round(seconds, 1)))
    return 0


def theme_text(game: GameDef, puzzle: Puzzle) -> str:
    return ", ".join(game.puzzles.theme_label(t) if game.puzzles else t for t in puzzle.themes)


def run_list(args: argparse.Namespace, registry: Registry) -> int:
    game = _game(registry, args.game)
    puzzles = room.with_themes(_puzzles(game), args.theme)
    print(f"{'ID':<8} {'RATING':>6} {'MOVES':>5}  THEMES")
    for p in puzzles:
        print(f"{p.id:<8} {round(p.rating):>6} {p.solver_moves:>5}  {', '.join(p.themes)}")
    print(_("{count} puzzles").format(count=len(puzzles)))
    return 0


def _find(game: GameDef, puzzles: list[Puzzle], args: argparse.Namespace) -> Puzzle:
    if args.id is not None:
        for p in puzzles:
            if p.id == args.id:
                return p
        raise CommandError(
            _("{game} has no puzzle {id} (see `puzzles list {game}`)").format(game=game.id, id=args.id)
        )
    if args.daily:
        found = room.daily(puzzles)
    else:
        from tafel.puzzles.progress import load_progress

        progress = load_progress()
        found = room.at_level(
            puzzles, progress.rating(game.id).rating, progress.solved_ids(game.id), random.Random()
        )
    if found is None:
        raise CommandError(_("{game} has no puzzles").format(game=game.id))
    return found


def run_puzzle(args: argparse.Namespace, registry: Registry) -> int:
    game = _game(registry, args.game)
    if args.answer is not None and args.id is None and not args.daily:
        raise CommandError(_("--answer needs the puzzle: --id ID or --daily"))
    puzzle = _find(game, _puzzles(game), args)
    if args.answer is None:
        state = puzzle.start(game)
        names = game.names(game.resolve_options(dict(puzzle.options)))
        print(
            _("Puzzle {id} ({game}), rating {rating}").format(
                id=puzzle.id, game=game.translate(game.title), rating=round(puzzle.rating)
            )
        )
        print(_("Position: {text}").format(text=puzzle.position))
        print(_("To move: {seat}").format(seat=game.translate(names[state.to_move])))
        print(_("Themes: {themes}").format(themes=theme_text(game, puzzle)))
        print(_("Find the winning move ({count} of yours).").format(count=puzzle.solver_moves))
        return 0
    verdict = check_answer(game, puzzle, args.answer, lambda state: room.refutation(game, state))
    if verdict.correct:
        print("correct")
        return 0
    if verdict.played and verdict.refutation:
        detail = " ".join((verdict.played, *verdict.refutation))
    elif verdict.played:
        detail = _("{move} is not the move").format(move=verdict.played)
    else:
        detail = _("more moves are needed")
    print(f"wrong: {detail}")
    return EXIT_WRONG
