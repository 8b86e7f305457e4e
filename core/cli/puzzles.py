"""The puzzle commands.

- ``python main.py puzzles mine GAME [--count N] [--seed K] [--budget S] [--out FILE]
  [--option K=V ...] [--sample N] [--from-history] [--add-to FILE] [--position-budget S]
  [--no-trim]``: the
  generator (:mod:`tafel.puzzles.miner`), writing a set as JSON: from engine games, or with
  ``--from-history`` from the games in the player's history; ``--add-to`` adds the puzzles found
  to a set (a part of its own in the set's header: seed, options, sample, source);
  ``--position-budget`` bounds the CPU seconds one position's confirmation may take;
- ``python main.py puzzles rate GAME FILE``: every puzzle of a set re-measured and given the
  starting rating :mod:`tafel.puzzles.difficulty` computes from that (ids and order kept);
- ``python main.py puzzles list GAME``: the shipped puzzles: id, rating, solver's moves, themes;
- ``python main.py puzzle GAME [--id ID | --daily]``: a puzzle's position, side to move and
  themes (without either: one at the player's rating);
- ``python main.py puzzle GAME --id ID --answer MOVE [MOVE...]``: ``correct`` (exit 0) or
  ``wrong: <refutation>`` (exit 1).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from tafel.cli.files import check_writable, write_output
from tafel.commands import CommandError
from tafel.datadir import FileProblem, read_json
from tafel.game import GameDef, GameError, one_line
from tafel.i18n import _
from tafel.numbers import decimal_number, seed_number, whole_number
from tafel.puzzles import room
from tafel.puzzles.puzzle import MAX_SET_BYTES, Puzzle, check_answer, load_shipped, parse_set, set_to_json
from tafel.puzzles.support import PuzzleSupport, support_of

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
    p.add_argument(
        "--option", "-o", action="append", default=[], metavar="K=V", help="a game option (repeatable)"
    )
    p.add_argument(
        "--sample",
        type=whole_number(0, 10_000),
        default=None,
        help="movers choose among this many random moves away from candidates (0: search every move)",
    )
    p.add_argument(
        "--from-history",
        action="store_true",
        help="look at the games in the player's history, not engine games",
    )
    p.add_argument("--add-to", default=None, metavar="FILE", help="add the puzzles found to this set")
    p.add_argument(
        "--no-trim", action="store_true", help="keep positions whole (the game's trim hook not asked)"
    )
    p.add_argument(
        "--position-budget",
        type=decimal_number(0, 3600, what="seconds"),
        default=None,
        help="CPU seconds a position's confirmation may take (past it: dropped, or the line cut)",
    )
    p.set_defaults(func=run_mine)
    p = sub.add_parser(
        "rate", help="give a set's puzzles the starting ratings their measured difficulty says"
    )
    p.add_argument("game", help="game id (see `list`)")
    p.add_argument("file", help="the set (JSON), rewritten in place")
    p.set_defaults(func=run_rate)
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


def _support(game: GameDef) -> PuzzleSupport:
    support = support_of(game)
    if support is None:
        raise CommandError(_("{game} has no puzzles").format(game=game.id))
    return support


def _puzzles(game: GameDef) -> list[Puzzle]:
    puzzles, problems = load_shipped(game)
    for line in problems[:20]:
        print(_("warning: {message}").format(message=line), file=sys.stderr)
    if len(problems) > 20:
        print(_("warning: {count} more problems").format(count=len(problems) - 20), file=sys.stderr)
    return puzzles


def _mining_options(game: GameDef, pairs: list[str]) -> dict[str, object]:
    """The support's options with ``K=V`` pairs over them (only those given, as a set records them)."""
    support = support_of(game)
    given = dict(support.options) if support is not None else {}
    for pair in pairs:
        key, eq, text = pair.partition("=")
        if not eq:
            raise CommandError(_("option {pair} must look like KEY=VALUE").format(pair=repr(pair)))
        given[key.strip()] = game.option(key.strip()).parse(text.strip())
    game.resolve_options(given)  # every value checked
    return given


def history_games(game: GameDef) -> tuple[list[tuple[dict[str, object], list]], list[str]]:
    """The games of ``game`` in the player's history (newest first), each as its options and its
    states; and one line for each that cannot be replayed."""
    from tafel.match import Match
    from tafel.saves import list_history, read

    problems: list[str] = []
    played = []
    for info in list_history(problems):
        if info.game_id != game.id:
            continue
        try:
            match = Match.from_dict(read(info.path), game)
        except GameError as exc:
            problems.append(f"{info.path.name}: {one_line(exc)}")
            continue
        except Exception as exc:  # a plugin's bug while replaying is one line, not the end
            problems.append(f"{info.path.name}: {type(exc).__name__}: {one_line(exc)}")
            continue
        played.append((dict(match.options), list(match.states)))
    return played, problems


def run_mine(args: argparse.Namespace, registry: Registry) -> int:
    import time

    from tafel.puzzles.miner import Miner

    game = _game(registry, args.game)
    support = _support(game)
    given = _mining_options(game, args.option)
    check_writable(args.add_to or args.out or f"{game.id}-puzzles.json", "puzzle set")
    if args.add_to and Path(args.add_to).exists():
        _read_set(game, Path(args.add_to))  # a set that cannot be added to is said before mining
    log = None if args.quiet else (lambda line: print(line, file=sys.stderr, flush=True))
    miner = Miner(game, args.seed, log, options=given, sample=args.sample, trim=not args.no_trim)
    miner.position_budget = args.position_budget
    deadline = time.monotonic() + args.budget if args.budget is not None else None
    cpu = time.process_time()
    played: list = []
    if args.from_history:
        played, problems = history_games(game)
        for line in problems:
            print(_("warning: {message}").format(message=line), file=sys.stderr)
    try:
        found = (
            miner.run_games(played, args.count, deadline)
            if args.from_history
            else miner.run(args.count, deadline)
        )
    except KeyboardInterrupt:  # Ctrl+C: keep what was found
        found = miner.found
    part: dict[str, object] = {
        "source": "history" if args.from_history else "engine games",
        "seed": args.seed,
        "options": given,
        "sample": miner.sample,
        **({"position_budget": args.position_budget} if args.position_budget is not None else {}),
        **({"trim": False} if args.no_trim else {}),
        "search": f"depth {support.depth}, verified at depth {support.verify_depth}",
        "count": len(found),
    }
    if args.add_to:
        out = Path(args.add_to)
        about, found = _added(game, out, found, part)
    else:
        out = Path(args.out or f"{game.id}-puzzles.json")
        about = {**part, "count": len(found)}
    write_output(out, set_to_json(game.id, found, about).encode("utf-8"), "puzzle set")
    print(_("{count} puzzles written to {path}").format(count=len(found), path=out))
    seconds = time.process_time() - cpu
    if args.from_history:
        print(
            _("{games} games from the history, {seconds} s of CPU").format(
                games=miner.games, seconds=round(seconds, 1)
            )
        )
    else:
        print(
            _("{games} engine games, {seconds} s of CPU").format(games=miner.games, seconds=round(seconds, 1))
        )
    print(
        _("{positions} positions, {searched} searched").format(
            positions=miner.positions, searched=miner.searched
        )
    )
    if miner.over_budget:
        print(_("{count} confirmations over the position budget").format(count=miner.over_budget))
    return 0


def _read_set(game: GameDef, path: Path) -> tuple[dict[str, object], list[Puzzle]]:
    """A set file's header and puzzles; CommandError when it is not a usable set."""
    try:
        data = read_json(path, MAX_SET_BYTES)
    except (OSError, FileProblem) as exc:
        raise CommandError(f"{path}: {getattr(exc, 'reason', None) or one_line(exc)}") from None
    if not isinstance(data, dict):
        raise CommandError(f"{path}: not a Tafel puzzle set")
    puzzles, problems = parse_set(game, json.dumps(data))
    if problems:
        raise CommandError(f"{path}: {problems[0]}")
    about = {k: v for k, v in data.items() if k not in ("format", "version", "game", "puzzles")}
    return about, puzzles


def _added(
    game: GameDef, path: Path, found: list[Puzzle], part: dict[str, object]
) -> tuple[dict[str, object], list[Puzzle]]:
    """The set in ``path`` with ``found`` added (puzzles whose id or position it has are left
    out), and its header with ``part`` in its list of parts."""
    about, puzzles = _read_set(game, path) if path.exists() else ({}, [])
    ids = {p.id for p in puzzles}
    positions = {p.position for p in puzzles}
    new = [p for p in found if p.id not in ids and p.position not in positions]
    parts = about.pop("parts", None)
    if not isinstance(parts, list):  # a set of one part: its header was that part
        parts = [dict(about)] if about else []
        about = {}
    parts.append({**part, "count": len(new)})
    return {**about, "parts": parts, "count": len(puzzles) + len(new)}, puzzles + new


def run_rate(args: argparse.Namespace, registry: Registry) -> int:
    from tafel.puzzles.difficulty import measure, rating_of

    game = _game(registry, args.game)
    support = _support(game)
    path = Path(args.file)
    about, puzzles = _read_set(game, path)
    rated = []
    for puzzle in puzzles:
        state = puzzle.start(game)
        difficulty = measure(support, game, state, state.parse_move(puzzle.line[0]), puzzle.solver_moves)
        rated.append(
            dataclasses.replace(puzzle, rating=rating_of(difficulty), difficulty=difficulty.to_json())
        )
    write_output(path, set_to_json(game.id, rated, about).encode("utf-8"), "puzzle set")
    ratings = sorted(p.rating for p in rated)
    if ratings:
        print(
            _("{count} puzzles rated, from {low} to {high} (median {median})").format(
                count=len(rated),
                low=round(ratings[0]),
                high=round(ratings[-1]),
                median=round(ratings[len(ratings) // 2]),
            )
        )
    return 0


def theme_text(game: GameDef, puzzle: Puzzle) -> str:
    return ", ".join(game.puzzles.theme_label(t) if game.puzzles else t for t in puzzle.themes)


def options_text(options: Mapping[str, object], keys: Iterable[str] | None = None) -> str:
    """``set=standard board=hexagon``: the options (only ``keys`` when given) as typed on a command line."""
    return " ".join(f"{k}={v}" for k, v in options.items() if keys is None or k in keys)


def run_list(args: argparse.Namespace, registry: Registry) -> int:
    game = _game(registry, args.game)
    puzzles = room.with_themes(_puzzles(game), args.theme)
    # The options that tell the set's puzzles apart (a game's piece set, say: the beginners' or the standard one).
    varying = [
        k
        for k in dict.fromkeys(k for p in puzzles for k in p.options)
        if len({str(p.options.get(k)) for p in puzzles}) > 1
    ]
    print(f"{'ID':<8} {'RATING':>6} {'MOVES':>5}  THEMES" + ("  (OPTIONS)" if varying else ""))
    for p in puzzles:
        shown = f"  ({options_text(p.options, varying)})" if varying else ""
        print(f"{p.id:<8} {round(p.rating):>6} {p.solver_moves:>5}  {', '.join(p.themes)}{shown}")
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
        if puzzle.options:
            print(_("Options: {text}").format(text=options_text(puzzle.options)))
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
