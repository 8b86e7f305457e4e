#!/usr/bin/env python3
"""Ataxx search speed: nodes per second and depth reached in a given time per position.

    python bench/ataxx_search.py              # 1 s each, the hard level's evaluation
    python bench/ataxx_search.py --seconds 3 --level material3

Nodes count every position the search visits, the last ply's evaluated children included.
The search stops early when the next iteration clearly cannot finish in time, as in play.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from core import Limit  # noqa: E402
from plugins.ataxx.ai import AtaxxSearch  # noqa: E402
from plugins.ataxx.rules import AtaxxState  # noqa: E402

POSITIONS = (
    ("start", "x5o/7/7/7/7/7/o5x x 0 1"),
    ("mid-game", "7/1xxo3/xoxxoo1/2xooo1/2xxo2/2xx3/7 x 0 12"),
    ("mid-game, blockers", "xxxoo2/xx1-o2/2o1-2/xo1x1o1/o1-1-2/7/o5x o 0 14"),
    ("late", "xxxxooo/xxxoooo/xxo1ooo/xx1x1oo/xxoxxoo/ooxx1xx/ooooxxx x 0 30"),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--level", default="hard")
    args = parser.parse_args(argv)
    print(f"Ataxx search, level {args.level}, {args.seconds:g} s per position (fresh table each)")
    print(
        f"  (load average {os.getloadavg()[0]:.1f}; cpu = this process's CPU time, robust to a busy machine)"
    )
    for name, fen in POSITIONS:
        state = AtaxxState.from_fen(fen)
        ai = AtaxxSearch(args.level)
        cpu = time.process_time()
        move = ai.choose(state, Limit(time=args.seconds), random.Random(0))
        cpu = time.process_time() - cpu
        info = ai.info
        print(
            f"  {name:20s} depth {info['depth']:2d}  {info['nodes']:>8,d} nodes in {info['time']:.2f} s "
            f"= {info['nps']:>7,d} nodes/s ({info['nodes'] / max(cpu, 1e-9):>7,.0f}/cpu s)  "
            f"score {info['score']:+5d}  best {move.text():5s} pv {info['pv']}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
