#!/usr/bin/env python3
"""Write the Ataxx opening file the SPRT matches use (bench/ataxx_openings.txt).

Each opening is a shipped layout (the empty board or a blocker layout) followed by a few random
plies (two to four), without duplicates, in a fixed random order: ``arena`` plays each twice,
one agent with each colour, so the openings' own bias cancels out.

    python bench/ataxx_openings.py                  # 300 openings, seed 20
    python bench/ataxx_openings.py --count 50 --out /tmp/o.txt
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tafel.games.ataxx.layouts import LAYOUTS, layout_fen  # noqa: E402
from tafel.games.ataxx.rules import AtaxxState  # noqa: E402


def openings(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    seen: set[str] = set()
    out: list[str] = []
    keys = [key for key, _, _ in LAYOUTS]
    while len(out) < count:
        # The empty board half of the time: it is what engine matches mostly play.
        key = "classic" if rng.random() < 0.5 else rng.choice(keys)
        state = AtaxxState.from_fen(layout_fen(key))
        for _ in range(rng.randint(2, 4)):
            state = state.play(rng.choice(state.legal_moves()))
        text = state.to_text()
        if state.outcome is None and text not in seen:
            seen.add(text)
            out.append(text)
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--count", type=int, default=300)
    p.add_argument("--seed", type=int, default=20)
    p.add_argument("--out", default=str(Path(__file__).with_name("ataxx_openings.txt")))
    args = p.parse_args()
    lines = openings(args.count, args.seed)
    Path(args.out).write_text(
        "# Ataxx openings for the SPRT matches (bench/ataxx_openings.py)\n" + "\n".join(lines) + "\n",
        encoding="utf-8",
    )
    print(f"{len(lines)} openings -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
