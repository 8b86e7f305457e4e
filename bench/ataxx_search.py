#!/usr/bin/env python3
"""Ataxx search speed: nodes per second and the depth reached in a given time per position.

    python bench/ataxx_search.py                     # 1 s each, the hard level, 3 runs
    python bench/ataxx_search.py --seconds 3 --level material3
    python bench/ataxx_search.py --positions start,mid-game --runs 1 --json
    python bench/ataxx_search.py --seconds 0.2 --engine python   # the pure-Python search
    python bench/ataxx_search.py --depth 6                        # both, same nodes, CPU time each

Nodes count every position the search visits, the last ply's evaluated children included.
The search stops early when the next iteration clearly cannot finish in time, as in play.

``--clock cpu`` (the default) runs the engine's clock on this process's CPU time: on a shared,
busy machine that gives the depth a quiet machine reaches in the same wall time; ``--clock
wall`` measures as the game plays. Each run uses a fresh engine (empty table); the figures are
medians over the runs.

``--gc off`` searches as the UAI engine does since issue 43: what exists before a search is
frozen (``gc.freeze()``) and the collector is off during it.

``--engine`` picks the search: ``auto`` (the level's own: compiled where the C extension is
built, issue 43) or ``python`` (pure Python, as before it). ``--depth N`` searches every
position to N plies with both, fresh engines each, taking turns: the nodes (which must be the
same), the CPU time of each and the speed-up at the same nodes.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import sys
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tafel import Limit  # noqa: E402
from tafel.games.ataxx import search as search_module  # noqa: E402
from tafel.games.ataxx.ai import AtaxxSearch  # noqa: E402
from tafel.games.ataxx.rules import RED, AtaxxState  # noqa: E402

POSITIONS = (
    ("start", "x5o/7/7/7/7/7/o5x x 0 1"),
    ("mid-game", "7/1xxo3/xoxxoo1/2xooo1/2xxo2/2xx3/7 x 0 12"),
    ("mid-game, blockers", "xxxoo2/xx1-o2/2o1-2/xo1x1o1/o1-1-2/7/o5x o 0 14"),
    ("late", "xxxxooo/xxxoooo/xxo1ooo/xx1x1oo/xxoxxoo/ooxx1xx/ooooxxx x 0 30"),
    # (Added for issue 43, which asks for six.)
    ("start, blockers", "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"),
    ("early, many moves", "o5x/o4xx/4x2/7/ooo2x1/oo4x/oo3xx x 1 10"),
)


def fixed_depth(depth: int, wanted: list[str], rounds: int) -> int:
    """Both searches to ``depth`` on every position, taking turns; prints nodes and CPU times."""
    from tafel.games.ataxx.ai import LEVELS
    from tafel.games.ataxx.compiled import AVAILABLE

    if not AVAILABLE:
        print("the C extension is not built: nothing to compare")
        return 1
    print(f"Ataxx search to depth {depth}, level hard, fresh engines, {rounds} round(s), CPU time")
    for name, fen in POSITIONS:
        if wanted and name not in wanted:
            continue
        state = AtaxxState.from_fen(fen)
        own, opp = (state.red, state.blue) if state.to_move == RED else (state.blue, state.red)
        times: dict[bool, list[float]] = {False: [], True: []}
        found = {}
        for _ in range(rounds):
            for compiled in (False, True):
                engine = LEVELS["hard"].engine(compiled=compiled)
                gc.disable()
                cpu = time.process_time()
                r = engine.search(own, opp, state.gaps, max_depth=depth)
                times[compiled].append(time.process_time() - cpu)
                gc.enable()
                found[compiled] = (r.nodes, r.move, r.score)
        same = "same nodes, move and score" if found[False] == found[True] else f"DIFFERENT {found}"
        py, c = statistics.median(times[False]), statistics.median(times[True])
        print(
            f"  {name:20s} {found[True][0]:>10,} nodes  python {py:7.3f} s  compiled {c:7.4f} s"
            f"  x{py / max(c, 1e-9):5.1f}  {same}",
            flush=True,
        )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--runs", type=int, default=3, help="runs per position; medians are reported")
    parser.add_argument(
        "--positions",
        default="",
        help=f"comma-separated names (default all: {', '.join(n for n, _ in POSITIONS)})",
    )
    parser.add_argument(
        "--clock", choices=("cpu", "wall"), default="cpu", help="the engine's clock (see above)"
    )
    parser.add_argument(
        "--gc",
        choices=("on", "off"),
        default="on",
        help="off: no garbage collection during a search (as `uai`)",
    )
    parser.add_argument(
        "--engine", choices=("auto", "python"), default="auto", help="python: the pure-Python search"
    )
    parser.add_argument("--depth", type=int, default=0, help="compare both searches at this depth")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON on the last line")
    args = parser.parse_args(argv)
    if args.engine == "python":
        os.environ["TAFEL_ATAXX_PURE"] = "1"
    wanted = [n.strip() for n in args.positions.split(",") if n.strip()]
    unknown = set(wanted) - {n for n, _ in POSITIONS}
    if unknown:
        parser.error(f"unknown position(s): {', '.join(sorted(unknown))}")
    if args.depth:
        return fixed_depth(args.depth, wanted, args.runs)
    if args.clock == "cpu":
        # The engine reads time.perf_counter() for its deadline: give it this process's CPU clock.
        search_module.time = types.SimpleNamespace(perf_counter=time.process_time)  # type: ignore[assignment]
    print(
        f"Ataxx search ({args.engine}), level {args.level}, {args.seconds:g} s per position on the {args.clock} clock,"
        f" {args.runs} run(s), fresh table each, garbage collection {args.gc} (load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores)"
    )
    figures: dict[str, dict] = {}
    for name, fen in POSITIONS:
        if wanted and name not in wanted:
            continue
        state = AtaxxState.from_fen(fen)
        rows = []
        for _ in range(args.runs):
            ai = AtaxxSearch(args.level)
            if args.gc == "off":
                gc.freeze()
                gc.disable()
            cpu = time.process_time()
            move = ai.choose(state, Limit(time=args.seconds), random.Random(0))
            cpu = time.process_time() - cpu
            gc.enable()
            info = ai.info
            rows.append((info["depth"], info["nodes"], info["nodes"] / max(cpu, 1e-9), info, move))
        depth = statistics.median(r[0] for r in rows)
        nodes = statistics.median(r[1] for r in rows)
        nps = statistics.median(r[2] for r in rows)
        info, move = rows[0][3], rows[0][4]
        print(
            f"  {name:20s} depth {depth:4g}  {nodes:>9,.0f} nodes  {nps:>9,.0f} nodes/cpu s"
            f"  score {info['score']:+5d}  best {move.text():5s} pv {info['pv']}",
            flush=True,
        )
        figures[name] = {"depth": depth, "nodes": nodes, "nps": nps, "best": move.text()}
    if args.json:
        print(
            json.dumps(
                {"level": args.level, "seconds": args.seconds, "clock": args.clock, "positions": figures}
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
