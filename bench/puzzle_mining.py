"""How fast the puzzle generator finds puzzles: puzzles per CPU second, positions looked at and
searched, for a game's options, with its candidate filter and movers' sample or without.

    python bench/puzzle_mining.py amakta --option set=standard --seconds 120
    python bench/puzzle_mining.py amakta --option set=standard --sample 0 --seconds 120

``--sample 0`` searches every position at the mining depth (the generator before issue 41's
second round). CPU time is what counts on a shared machine; each run is one process, from one
seed, so the same seed and budget give the same first puzzles.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tafel.puzzles.miner import Miner  # noqa: E402
from tafel.testing import load_registry  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--option", "-o", action="append", default=[], metavar="K=V")
    parser.add_argument("--sample", type=int, default=None, help="the movers' sample (default: the game's)")
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument(
        "--seconds", type=float, default=60.0, help="CPU seconds at most (checked between games)"
    )
    parser.add_argument("--count", type=int, default=1000)
    args = parser.parse_args(argv)
    game = load_registry().game(args.game)
    options = dict(game.puzzles.options)
    for pair in args.option:
        key, _, value = pair.partition("=")
        options[key] = game.option(key).parse(value)
    miner = Miner(game, args.seed, options=options, sample=args.sample)
    start = time.process_time()
    found = 0
    while found < args.count and time.process_time() - start < args.seconds:
        miner.games += 1
        found += len(miner.play_one(args.count - found, None))
    cpu = time.process_time() - start
    print(f"game {game.id}, options {options}, sample {miner.sample}, seed {args.seed}")
    print(f"{found} puzzles in {cpu:.1f} s CPU ({cpu / max(1, found):.2f} s each), {miner.games} games")
    print(
        f"{miner.positions} positions, {miner.searched} searched at depth {game.puzzles.depth} "
        f"({100 * miner.searched / max(1, miner.positions):.0f}%)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
