"""Commands for game authors, registered by this core default plugin like any plugin's commands.

- ``python main.py new-game NAME [--dir PATH] [--title TEXT]`` writes a working plugin (a
  k-in-a-row game to edit): with PATH a project to ``pip install -e`` (pyproject with the entry
  point, the package, tests), else the package alone into ``plugins/NAME`` in the user's data
  folder (scanned at every start); see :mod:`tafel.cli.scaffold`.
- ``python main.py check [GAME ...]`` runs the conformance suite (:mod:`tafel.cli.conformance`)
  against installed or dropped-in games, every game when none is named, and prints a report.
  Exit code 0 when every check passes, 1 on failures, 2 on bad input.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from tafel.commands import CommandDef, CommandError
from tafel.hookspecs import CommandRegistrar, hookimpl
from tafel.numbers import seed_number, whole_number
from tafel.registry import Registry


def _configure_new_game(p: argparse.ArgumentParser) -> None:
    p.add_argument("name", metavar="NAME", help="the new game's id: lower-case letters, digits and '-'")
    p.add_argument(
        "--dir",
        default=None,
        metavar="PATH",
        help="write a project there (pyproject, package, tests) to pip install -e; default: the"
        " package alone into plugins/ of the data folder",
    )
    p.add_argument("--title", default=None, help="the title shown in the menu (default: from NAME)")


def run_new_game(args: argparse.Namespace, registry: Registry) -> int:
    from tafel.cli.scaffold import write_plugin
    from tafel.plugins import user_plugin_dir

    taken = {gid: game.plugin for gid, game in registry.games.items()}
    names, folder, written = write_plugin(args.name, args.dir, title=args.title, taken=taken)
    shown = sorted(
        {
            str(p.relative_to(folder).parts[0]) + ("/" if len(p.relative_to(folder).parts) > 1 else "")
            for p in written
        }
    )
    print(f"wrote {names.title} ({names.id}) to {folder}{os.sep}: {', '.join(shown)}")
    print("next:")
    if args.dir is not None:
        print(f"  pip install -e {folder}    (where Tafel is installed)")
        print(f"  pytest {folder}")
        print(f"  tafel check {names.id}")
        print(f"  tafel play {names.id} --players human ai:easy")
        print(f"  (or, without installing: tafel check {names.id} --plugin-dir {folder})")
        return 0
    print(f"  tafel check {names.id}")
    print(f"  tafel play {names.id}")
    print(
        f"  it lives in {user_plugin_dir()}, which every Tafel scans; for a package of its own"
        f" (pyproject, tests) run: tafel new-game NAME --dir PATH"
    )
    return 0


def _configure_check(p: argparse.ArgumentParser) -> None:
    p.add_argument("game_ids", nargs="*", metavar="GAME", help="game ids (default: every game)")
    p.add_argument(
        "--games",
        dest="rounds",
        type=whole_number(1, 10_000),
        default=3,
        help="random games per game (default 3)",
    )
    p.add_argument(
        "--plies",
        type=whole_number(1, 1_000_000),
        default=400,
        help="moves per random game at most (default 400)",
    )
    p.add_argument("--seed", type=seed_number(), default=1, help="seed of the random games")
    p.add_argument("--option", "-o", action="append", metavar="K=V", help="check with this option only")
    p.add_argument("--no-view", action="store_true", help="skip the renderer check")
    p.add_argument("--quick", action="store_true", help="one short game, renderer at two window sizes")
    p.add_argument(
        "--thorough",
        action="store_true",
        help="play every listed move of every position (the long version; by default long lists are sampled)",
    )
    p.add_argument("--no-progress", action="store_true", help="do not show each part as it starts")
    p.add_argument(
        "--plugin-dir",
        action="append",
        default=[],
        metavar="PATH",
        help="also load the plugins in this folder (repeatable)",
    )


def _progress(part: str) -> None:
    # On stderr, so the report on stdout stays the same for scripts.
    print(f"  ... {part}", file=sys.stderr, flush=True)


def _levels(registry: Registry, game: Any) -> dict[str, Any]:
    """Makers of the game's ``easy``, ``medium`` and ``hard`` (its own or the generic ones)."""
    from tafel.ai.base import LEVELS

    agents = {level: registry.agent(level, game.id) for level in LEVELS}
    return {level: (lambda agent=agent: agent.factory(game)) for level, agent in agents.items()}


def run_check(args: argparse.Namespace, registry: Registry) -> int:
    from tafel.cli.conformance import WINDOW_SIZES, check_game_fully

    if args.rounds < 1 or args.plies < 1:
        raise CommandError("--games and --plies must be at least 1")
    if args.plugin_dir:
        from tafel.plugins import load_registry

        for folder in args.plugin_dir:
            if not Path(folder).is_dir():
                raise CommandError(f"--plugin-dir {folder}: no such folder")
        registry = load_registry(plugin_dirs=args.plugin_dir)
    # The renderer check draws off-screen: no window opens, also where there is no display.
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    for broken in registry.broken:
        print(f"broken plugin {broken.name}: {broken.error}")
    ids = list(args.game_ids) or sorted(registry.games)
    if not ids:
        print("no games found")
        return 1
    unknown = [gid for gid in ids if gid not in registry.games]
    if unknown and not registry.broken:
        registry.game(unknown[0])  # raises UnknownGameError naming the known games: exit 2
    games, sizes, plies = args.rounds, WINDOW_SIZES, args.plies
    if args.quick:
        games, sizes, plies = 1, WINDOW_SIZES[:2], min(plies, 60)
    failed = 0
    for i, gid in enumerate(ids):
        if i:
            print()
        if gid not in registry.games:
            # Most likely its plugin is one of the broken ones listed above.
            print(f"{gid}: not registered (see the broken plugins above)")
            print("conformance: FAIL")
            failed += 1
            continue
        game = registry.game(gid)
        options = game.parse_options(args.option) if args.option else None
        print(f"checking {game.id} ({game.title}, plugin {game.plugin}) ...", flush=True)
        report = check_game_fully(
            game,
            options,
            games=games,
            seed=args.seed,
            max_plies=plies,
            view=not args.no_view,
            sizes=sizes,
            variants=not args.option,
            thorough=args.thorough,
            progress=None if args.no_progress else _progress,
            levels=_levels(registry, game),
        )
        for line in report.lines():
            print(line)
        failed += not report.ok
    if len(ids) > 1:
        print()
        print(f"{len(ids) - failed} of {len(ids)} games pass")
    return 1 if failed else 0


NEW_GAME = CommandDef(
    "new-game",
    "write a new game plugin (a playable k-in-a-row game to edit)",
    _configure_new_game,
    run_new_game,
)
CHECK = CommandDef(
    "check",
    "run the conformance suite (rules, notation, renderer) against games",
    _configure_check,
    run_check,
)


@hookimpl
def register_commands(register: CommandRegistrar) -> None:
    register(NEW_GAME)
    register(CHECK)
