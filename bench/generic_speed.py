#!/usr/bin/env python3
"""The generic alpha-beta's speed against its former self (issue 40, item 8): CPU seconds and
nodes to a fixed depth, and the depth reached in a fixed time, on the same middle games.

The positions are the game's start after 10, 14, ... random plies (Hexxagon) or 2, 3, ...
(other games), seeded; both searches start each with an empty table. The moves chosen at a
fixed depth are printed too: the searches' values there are the same, so they should agree
(but for ties, and the forcing moves of a game that names them).

    nice -n 10 python bench/generic_speed.py hexxagon --depth 4
    nice -n 10 python bench/generic_speed.py --template --depth 5 -o size=5
    nice -n 10 python bench/generic_speed.py hexxagon --movetime 0.3
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from generic_match import TEMPLATE_ID  # noqa: E402


def positions(game, options, count: int, seed: int = 1) -> list:
    """``count`` unfinished middle games, seeded."""
    rng, found = random.Random(seed), []
    for index in range(count):
        state = game.new_state(options, None)
        for _ply in range(10 + 4 * index if game.id == "hexxagon" else 2 + index):
            state = state.play(rng.choice(state.legal_moves()))
            if state.outcome is not None:
                break
        if state.outcome is None:
            found.append(state)
    return found


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", nargs="?", default="hexxagon")
    p.add_argument("--template", action="store_true", help="the game new-game writes")
    p.add_argument("--option", "-o", action="append", default=[])
    p.add_argument("--positions", type=int, default=8)
    budget = p.add_mutually_exclusive_group()
    budget.add_argument("--depth", type=int, default=4)
    budget.add_argument("--movetime", type=float)
    args = p.parse_args(argv)
    dirs = [str(ROOT / "plugins"), str(ROOT.parent / "examples" / "tafel-hexxagon")]
    game_id = args.game
    if args.template:
        from tafel.cli.scaffold import write_plugin

        work = Path(tempfile.mkdtemp(prefix="generic-speed-"))
        write_plugin(TEMPLATE_ID, work / "plugins" / TEMPLATE_ID.replace("-", "_"), project=False)
        dirs.append(str(work / "plugins"))
        game_id = TEMPLATE_ID
    os.environ["TAFEL_PLUGIN_DIRS"] = os.pathsep.join(dirs)
    from _generic_former import AlphaBetaAgent as Former

    from tafel import Limit
    from tafel.ai.alphabeta import AlphaBetaAgent
    from tafel.testing import load_registry

    game = load_registry().game(game_id)
    options = game.parse_options(args.option) if args.option else game.resolve_options({})
    states = positions(game, options, args.positions)
    limit = Limit(time=args.movetime) if args.movetime else Limit(depth=args.depth)
    print(f"{game_id}, {len(states)} positions, {limit}")
    for name, make in (("former", Former), ("now", AlphaBetaAgent)):
        nodes, cpu, depths, moves = 0, 0.0, [], []
        for state in states:
            agent = make(game)
            start = time.process_time()
            move = agent.choose(state, limit, random.Random(0))
            cpu += time.process_time() - start
            nodes += agent.info["nodes"]
            depths.append(agent.info["depth"])
            moves.append(state.move_to_text(move))
        print(f"{name:>6}: {cpu:6.2f} s CPU, {nodes:9,} nodes, {nodes / cpu:9,.0f} nodes/s, depths {depths}")
        print(f"        moves {' '.join(moves)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
