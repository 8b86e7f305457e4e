"""AxxA solo: the exact search's speed, and whether a change keeps its decisions.

The exact search (``search="exact"``: the hard level's before the rollout search, and the rollout
search's first stage and base player) samples nothing, so with no time limit the same view always gets the same
move and value. This bench takes fixed positions (every fourth turn of deals ``--deals`` played
by a quick node-capped search, which is deterministic too), lets the exact search search each one
to the end of its stages, and prints the CPU time. ``--save FILE`` writes the decisions;
``--compare FILE`` says whether they are still the same (a speed-up must keep them all).

    python bench/axxa_search_speed.py --save before.txt
    python bench/axxa_search_speed.py --compare before.txt

On 2026-11-29 (bench/RESULTS.md): 20 positions of deals 1-5 took 41.7 s of CPU before the
seen pieces were counted as they turn up and the completing spaces cached, 23.3 s after, with
the same 20 decisions.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tafel import Limit  # noqa: E402
from tafel.games.axxa.rules import AxxaState  # noqa: E402
from tafel.games.axxa.solver import AxxaSolver  # noqa: E402


def positions(deals: range, turns: int = 16, every: int = 4) -> list[AxxaState]:
    """Every ``every``-th position of the first ``turns`` moves of each deal, played by the exact
    search capped at a few moves valued beyond the first stage (so the same positions every run)."""
    out = []
    for deal in deals:
        s = AxxaState.deal(deal)
        quick = AxxaSolver("hard", search="exact")
        for i in range(turns):
            if s.outcome is not None:
                break
            if i % every == 0:
                out.append(s)
            limit = Limit(time=60.0, nodes=len(s.legal_moves()) + 4)
            s = s.play(quick.choose(s.view_for(0), limit, random.Random(1)))
    return out


def decisions(states: list[AxxaState]) -> tuple[list[str], float]:
    """The exact search's move and value for each state, searched to the end of its stages, and
    the CPU seconds it took."""
    lines = []
    start = time.process_time()
    for s in states:
        solver = AxxaSolver("hard", search="exact")
        move = solver.choose(s.view_for(s.to_move), Limit(time=600.0), random.Random(1))
        lines.append(f"{s.move_to_text(move)} {solver.info['value']}")
    return lines, time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=5, help="deals 1..N")
    p.add_argument("--save", type=Path, help="write the decisions to this file")
    p.add_argument("--compare", type=Path, help="compare the decisions with this file")
    args = p.parse_args(argv)
    states = positions(range(1, args.deals + 1))
    lines, spent = decisions(states)
    print(
        f"AxxA exact search, no time limit: {len(states)} positions in {spent:.1f} s cpu ({spent / len(states):.2f} s each)"
    )
    if args.save:
        args.save.write_text("\n".join(lines) + "\n")
    if args.compare:
        before = args.compare.read_text().splitlines()
        changed = [i for i, (a, b) in enumerate(zip(before, lines, strict=False)) if a != b]
        if len(before) != len(lines) or changed:
            print(f"decisions changed at positions {changed} (or a different count)")
            return 1
        print("the same decisions and values")
    return 0


if __name__ == "__main__":
    sys.exit(main())
