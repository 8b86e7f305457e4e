#!/usr/bin/env python3
"""Amakta Infinit playing strength: the levels against each other, auction and creation included.

Each pairing plays its games with the seats swapped every game (seat 0 opens the auction), so
each level bids first, and ends up White or Black, in turn. The games use the core's arena.

    python bench/amakta_infinit_strength.py                      # hard-easy, hard-medium: 4 games each
    python bench/amakta_infinit_strength.py --games 10 --movetime 0.3
    python bench/amakta_infinit_strength.py --match hard:easy -o distance=20 -o points=100

Prints wins / draws / losses, the score, mean plies, how the games ended and which colour the
first level played (target: hard beats easy in most games).
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def main() -> None:
    from tafel.cli.arena import run_arena
    from tafel.plugins import load_registry

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4, help="games per pairing")
    parser.add_argument("--match", action="append", help="A:B, repeatable (default: hard:easy hard:medium)")
    parser.add_argument(
        "--movetime", type=float, default=None, help="seconds a move (default: each level's own)"
    )
    parser.add_argument("--option", "-o", action="append", default=[], metavar="K=V", help="game option")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    registry = load_registry()
    game = registry.game("amakta-infinit")
    options = game.parse_options(args.option)
    colours: dict[int, str] = {}

    def on_move(index, state, text, seat):
        # The first level sits in seat index % 2; the auction decides its colour.
        if state.white_seat is not None:
            colours[index] = "White" if state.white_seat == index % 2 else "Black"

    for pair in args.match or ["hard:easy", "hard:medium"]:
        a, b = pair.split(":")
        colours.clear()
        result = run_arena(
            registry,
            game.id,
            a,
            b,
            games=args.games,
            movetime=args.movetime,
            seed=args.seed,
            options=options,
            on_move=on_move,
        )
        for line in result.format():
            print(line)
        plies = [r.plies for r in result.records]
        reasons = collections.Counter(r.reason for r in result.records)
        as_white = [r.reward for r in result.records if colours.get(r.index) == "White"]
        as_black = [r.reward for r in result.records if colours.get(r.index) == "Black"]
        print(f"mean plies {sum(plies) / len(plies):.0f}, min {min(plies)}, max {max(plies)}")
        print(f"{a} as White: {sum(as_white):g}/{len(as_white)}, as Black: {sum(as_black):g}/{len(as_black)}")
        for reason, n in reasons.most_common():
            print(f"  {n} x {reason}")
        print()


if __name__ == "__main__":
    main()
