"""AxxA solo: the solver's win rate over seeded deals, next to a random and two greedy players.

Each player sees only the view (face-down pieces unknown) and plays deals 1..N (seed = deal).
A deal is won when the 6s are removed; the mean progress counts triplets removed (0..6).

    python bench/axxa_solver.py                         # 200 deals, 1 s a move (slow!)
    python bench/axxa_solver.py --deals 20 --movetime 0.2
    python bench/axxa_solver.py --players solver --deals 50 --level medium
    python bench/axxa_solver.py --jobs 2                # deals spread over two processes
    python bench/axxa_solver.py --deals 10 --movetime 0.1 --json   # one JSON line at the end

Players:

- ``random``: core RandomAgent;
- ``greedy``: core GreedyAgent (one ply, averaged over 8 sampled deals) scoring positions plainly:
  triplets removed, pieces of the number due showing and touching
  (:func:`tafel.games.axxa.solver.simple_evaluation`);
- ``greedy+``: the same GreedyAgent with the solver's own evaluation (AxxA's ``GameDef.evaluate``):
  the yardstick the solver's search has to beat, since both judge positions alike;
- ``solver``: tafel.games.axxa.solver at ``--level``, ``--movetime`` seconds a move.

The solver's search speed is summed over every decision it made in the run: *moves per second*
are candidate moves played out to the end of the turn and scored (``AxxaSolver.info
["playouts"]``; at the hard level the best few moves are then played out to the end of the next
turn, a greedy turn that tries every stack move, so those cost some 25 times more), *samples per
second* the sampled deals of the face-down pieces; both per second
of search, on the wall clock and on the process's CPU clock (a busy machine slows the wall
clock, not the CPU one). Decisions with one legal move take no search and are left out.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tafel import Limit  # noqa: E402
from tafel.games.axxa import GAME  # noqa: E402

PLAYERS = ("random", "greedy", "greedy+", "solver")


def make_agent(name: str, level: str, params: dict | None = None):
    if name == "random":
        from tafel.ai.random_agent import RandomAgent

        return RandomAgent(GAME)
    if name == "greedy":
        from dataclasses import replace

        from tafel.ai.greedy import GreedyAgent
        from tafel.games.axxa.solver import simple_evaluation

        return GreedyAgent(replace(GAME, evaluate=simple_evaluation))
    if name == "greedy+":
        from tafel.ai.greedy import GreedyAgent

        return GreedyAgent(GAME)
    if name == "solver":
        from tafel.games.axxa.solver import AxxaSolver

        return AxxaSolver(level, **(params or {}))
    raise SystemExit(f"unknown player {name!r} ({', '.join(PLAYERS)})")


def play_deal(args: tuple[str, str, int, float, int | None, dict, dict]) -> dict:
    """One deal, played to the end: the result and the search figures of the player."""
    name, level, seed, movetime, samples, options, params = args
    agent = make_agent(name, level, params)
    opts = GAME.resolve_options(options)
    state = GAME.new_state(opts, seed)
    rng = random.Random(seed)
    limit = Limit(time=movetime, nodes=samples)
    plies = searched = drawn = played = deep = 0
    wall = cpu = 0.0
    walls: list[float] = []
    cpus: list[float] = []
    decisions: list[list] = []
    start = time.perf_counter()
    while state.outcome is None:
        view = state.view_for(state.to_move)
        w0, c0 = time.perf_counter(), time.process_time()
        move = agent.choose(view, limit, rng)
        w1, c1 = time.perf_counter(), time.process_time()
        info = getattr(agent, "info", None) or {}
        if "playouts" in info and not info.get("forced"):
            searched += 1
            drawn += info["samples"]
            played += info["playouts"]
            deep += info.get("deep_samples", 0)
            wall += w1 - w0
            cpu += c1 - c0
            walls.append(w1 - w0)
            cpus.append(c1 - c0)
            if "value" in info:
                # For the win-chance fit (bench/axxa_calibration.py --load): value, triplets
                # removed, pieces paid.
                decisions.append([info["value"], view.triplets, len(view.paid)])
        state = state.play(move)
        plies += 1
    reason = state.outcome.reason
    return {
        "seed": seed,
        "end": "solved" if state.triplets >= 6 else "stuck" if "no stack can move" in reason else "short",
        "triplets": state.triplets,
        "paid": len(state.paid),
        "plies": plies,
        "seconds": time.perf_counter() - start,
        "searched": searched,
        "samples": drawn,
        "playouts": played,
        "deep_samples": deep,
        "search_wall": wall,
        "search_cpu": cpu,
        "decision_wall": walls,
        "decision_cpu": cpus,
        "won": state.triplets >= 6,
        "decisions": decisions,
    }


def summarize(name: str, results: list[dict], seconds: float) -> dict:
    deals = len(results)
    won = sum(1 for r in results if r["triplets"] >= 6)
    out = {
        "won": won,
        "deals": deals,
        "win_rate": won / deals if deals else 0.0,
        "mean_triplets": sum(r["triplets"] for r in results) / deals if deals else 0.0,
        "mean_paid": sum(r["paid"] for r in results) / deals if deals else 0.0,
        "mean_plies": sum(r["plies"] for r in results) / deals if deals else 0.0,
        "seconds": round(seconds, 1),
        # How deals ended: solved, a number due short of pieces, or no stack able to move.
        "ends": {e: sum(1 for r in results if r["end"] == e) for e in ("solved", "short", "stuck")},
        "lost_deals": [r["seed"] for r in results if r["triplets"] < 6],
        # Deals by triplets removed, 0..6.
        "triplets_hist": [sum(1 for r in results if r["triplets"] == t) for t in range(7)],
    }
    searched = sum(r["searched"] for r in results)
    if searched:
        wall = sum(r["search_wall"] for r in results)
        cpu = sum(r["search_cpu"] for r in results)
        samples = sum(r["samples"] for r in results)
        playouts = sum(r["playouts"] for r in results)
        deep = sum(r["deep_samples"] for r in results)
        out.update(
            searched_moves=searched,
            samples=samples,
            playouts=playouts,
            mean_samples=samples / searched,
            # Of those, the deals of the two-turn stage (solver at the hard level, solo).
            deep_samples=deep,
            mean_deep_samples=deep / searched,
            mean_search_time=wall / searched,
            # The median decision (searched ones), on the wall clock and on the CPU clock.
            median_decision_wall=statistics.median(x for r in results for x in r["decision_wall"]),
            median_decision_cpu=statistics.median(x for r in results for x in r["decision_cpu"]),
            moves_per_s_wall=playouts / wall if wall else 0.0,
            moves_per_s_cpu=playouts / cpu if cpu else 0.0,
            samples_per_s_wall=samples / wall if wall else 0.0,
            samples_per_s_cpu=samples / cpu if cpu else 0.0,
        )
    return out


def run(
    name: str,
    level: str,
    deals: int,
    movetime: float,
    samples: int | None,
    jobs: int,
    options: dict,
    first: int,
    params: dict | None = None,
    log: str | None = None,
) -> tuple[dict, list[dict]]:
    tasks = [(name, level, first + i, movetime, samples, options, params or {}) for i in range(deals)]
    start = time.perf_counter()
    results: list[dict] = []

    def progress(r: dict) -> None:
        results.append(r)
        if log:
            with open(log, "a", encoding="utf-8") as f:
                f.write(json.dumps(r) + "\n")
        if len(results) % 10 == 0:
            won = sum(1 for x in results if x["triplets"] >= 6)
            print(
                f"  {name}: {len(results)} deals, {won} won ({time.perf_counter() - start:.0f} s)",
                file=sys.stderr,
                flush=True,
            )

    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            for r in pool.map(play_deal, tasks):
                progress(r)
    else:
        for task in tasks:
            progress(play_deal(task))
    summary = summarize(name, results, time.perf_counter() - start)
    if name == "solver":
        budget = f"{movetime:g} s/move" + (f", <= {samples} samples" if samples else "")
        label = f"solver ({level}, {budget})"
    else:
        label = name
    print(
        f"{label:<28} won {summary['won']:>4}/{deals} = {100.0 * summary['win_rate']:5.1f}%   "
        f"mean triplets {summary['mean_triplets']:4.2f}/6   mean paid {summary['mean_paid']:4.1f}   "
        f"{summary['seconds']:7.1f} s   lost: {summary['ends']['short']} short, {summary['ends']['stuck']} stuck",
        flush=True,
    )
    if "playouts" in summary:
        print(
            f"{'':<28} search: {summary['moves_per_s_cpu']:,.0f} moves/s cpu "
            f"({summary['moves_per_s_wall']:,.0f} wall), "
            f"{summary['samples_per_s_cpu']:,.0f} samples/s cpu ({summary['samples_per_s_wall']:,.0f} wall); "
            f"{summary['mean_samples']:.0f} samples ({summary['mean_deep_samples']:.0f} two turns deep) and "
            f"{summary['mean_search_time']:.2f} s per searched move ({summary['searched_moves']} moves)",
            flush=True,
        )
        print(
            f"{'':<28} median decision {summary['median_decision_cpu']:.3f} s cpu "
            f"({summary['median_decision_wall']:.3f} s wall)",
            flush=True,
        )
    return summary, results


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--first", type=int, default=1, help="seed of the first deal")
    p.add_argument("--movetime", type=float, default=1.0, help="solver think time per move, seconds")
    p.add_argument(
        "--samples", type=int, default=None, help="also cap the solver's sampled deals per move (Limit.nodes)"
    )
    p.add_argument("--level", default="hard", choices=("easy", "medium", "hard"))
    p.add_argument(
        "--players", default="random,greedy,greedy+,solver", help="comma-separated: " + ",".join(PLAYERS)
    )
    p.add_argument(
        "--jobs", type=int, default=1, help="worker processes (the machine is shared: keep it low)"
    )
    p.add_argument("--straight", action="store_true", help="straight-line triplets only")
    p.add_argument("--choice", action="store_true", help="rotation is the player's choice")
    p.add_argument("--json", action="store_true", help="end with one JSON line of the figures")
    p.add_argument("--log", help="append each deal's result to this file as a JSON line, as it ends")
    p.add_argument(
        "--save",
        help="write the solver's decisions (value, triplets, paid) and results to this JSON file, "
        "for bench/axxa_calibration.py --load",
    )
    p.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a solver parameter over the level's (e.g. samples=64), for tuning; repeatable",
    )
    args = p.parse_args(argv)
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    for name in names:
        if name not in PLAYERS:
            p.error(f"unknown player {name!r} ({', '.join(PLAYERS)})")
    options = {}
    if args.straight:
        options["triplets"] = "straight"
    if args.choice:
        options["rotation"] = "choice"
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"AxxA solo, deals {args.first}..{args.first + args.deals - 1}, options {options or 'default'}, "
        f"{args.jobs} job(s), load average {load}",
        flush=True,
    )
    params = {}
    for item in args.param:
        key, sep, value = item.partition("=")
        if not sep:
            p.error(f"--param {item!r}: expected KEY=VALUE")
        try:
            params[key.strip()] = json.loads(value) if value.strip()[:1] in "0123456789-tf[{" else value
        except json.JSONDecodeError:
            p.error(f"--param {item!r}: the value is not JSON (a list is written [24,8,4])")
    if params:
        print(f"solver parameters: {params}", flush=True)
    figures = {}
    for name in names:
        figures[name], results = run(
            name,
            args.level,
            args.deals,
            args.movetime,
            args.samples,
            args.jobs,
            options,
            args.first,
            params,
            args.log,
        )
        if name == "solver" and args.save:
            meta = {
                "first": args.first,
                "deals": args.deals,
                "movetime": args.movetime,
                "level": args.level,
                "params": params,
                "load": os.getloadavg()[0],
            }
            deals = [{k: r[k] for k in ("seed", "won", "triplets", "decisions")} for r in results]
            Path(args.save).write_text(json.dumps({"meta": meta, "deals": deals}), encoding="utf-8")
    if args.json:
        print(
            json.dumps(
                {
                    "deals": args.deals,
                    "first": args.first,
                    "movetime": args.movetime,
                    "samples": args.samples,
                    "level": args.level,
                    "options": options,
                    "jobs": args.jobs,
                    "params": params,
                    "players": figures,
                }
            )
        )


if __name__ == "__main__":
    main()
