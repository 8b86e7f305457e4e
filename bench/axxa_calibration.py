"""AxxA solo: how the solver's value maps to a chance of winning (the hint's "win chance").

The solver's ``info["value"]`` is an expected result on the reward scale (triplets removed / 6,
plus a part of a sixth for the position), not a chance of winning: at the start of a deal it
reads some 0.1 although the solver wins most deals. This bench plays the hints' solver (the
hard level, seeing only the player's view) on deals ``--first``.. and records, at each decision
it searched, the value it reported and whether the deal was finally won. It prints a
calibration table (value bins -> observed win rate) and fits a monotone mapping (pool adjacent
violators over fine bins of the value, each bin first pooled to at least ``--min-bin``
decisions), which ``--write`` puts in plugins/axxa/calibration.py (``win_chance``).

    python bench/axxa_calibration.py                        # 120 deals from 1000, 0.3 s a move
    python bench/axxa_calibration.py --deals 20 --movetime 0.15
    python bench/axxa_calibration.py --save /tmp/cal.json   # keep the decisions ...
    python bench/axxa_calibration.py --load /tmp/cal.json --write   # ... and fit them again
    python bench/axxa_solver.py --players solver --save /tmp/cal.json   # or a solver bench run's
    python bench/axxa_calibration.py --load /tmp/run.jsonl --movetime 0.3  # or its --log, so far

Each decision is read by the map of its triplets removed, early or late in the deal (pieces paid
above the median for that count, fitted with the maps: ``PAID_CUT``); with ``--one``, by one
map for every position (the rollout search's value needs no more: the maps per triplets fitted
on one half of the deals scored worse on the other half than one map).

The hard level's search (the rollout search since 2026-11-29) plays out more deals the longer
it thinks, so its values at 0.3 s and at 1 s (the hints' think time) differ a little; the map in
the plugin is fitted at 1 s (``python bench/axxa_solver.py --players solver --movetime 1 --param
clock=cpu --log run.jsonl``, then ``--load run.jsonl --movetime 1 --one --write``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import textwrap
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tafel import Limit  # noqa: E402
from tafel.games.axxa import GAME, calibration  # noqa: E402
from tafel.games.axxa.calibration import interpolate, key  # noqa: E402

TARGET = ROOT / "plugins" / "axxa" / "calibration.py"
#: Fine bins of the value for the fit: 16 to a triplet's sixth.
FINE = 96


def play_deal(args: tuple[int, float, str]) -> dict:
    """One deal played by the solver: each searched decision's value and triplets, and the result."""
    from tafel.games.axxa.solver import AxxaSolver

    seed, movetime, level = args
    agent = AxxaSolver(level)
    state = GAME.new_state(GAME.resolve_options({}), seed)
    rng = random.Random(seed)
    decisions = []
    while state.outcome is None:
        move = agent.choose(state.view_for(state.to_move), Limit(time=movetime), rng)
        info = agent.info
        if not info.get("forced") and "value" in info:
            decisions.append([info["value"], state.triplets, len(state.paid)])
        state = state.play(move)
    return {"seed": seed, "won": state.triplets >= 6, "triplets": state.triplets, "decisions": decisions}


def pav(blocks: list[list[float]]) -> list[list[float]]:
    """Pool adjacent violators: ``blocks`` of [lowest value, highest value, wins, count] in value
    order, merged until the win rates rise (never fall) with the value."""
    out: list[list[float]] = []
    for b in blocks:
        out.append(list(b))
        while len(out) > 1 and out[-2][2] / out[-2][3] > out[-1][2] / out[-1][3]:
            last = out.pop()
            out[-1] = [out[-1][0], last[1], out[-1][2] + last[2], out[-1][3] + last[3]]
    return out


def fit(points: list[tuple[float, bool]], min_bin: int) -> list[tuple[float, float]]:
    """The monotone mapping as (value, win chance) knots, value rising: the decisions in fine bins
    of the value, each bin pooled with the next until it holds ``min_bin`` decisions, then pooled
    adjacent violators. Each block gives a knot at its lowest and its highest value (the chance
    is flat inside a block and rises between blocks, as isotonic regression has it)."""
    bins: list[list[float]] = [[2.0, -1.0, 0.0, 0] for _ in range(FINE)]
    for value, won in points:
        b = bins[min(FINE - 1, int(value * FINE))]
        b[0] = min(b[0], value)
        b[1] = max(b[1], value)
        b[2] += won
        b[3] += 1
    blocks: list[list[float]] = []
    pending = [2.0, -1.0, 0.0, 0]

    def add(into: list[float], b: list[float]) -> list[float]:
        return [min(into[0], b[0]), max(into[1], b[1]), into[2] + b[2], into[3] + b[3]]

    for b in bins:
        pending = add(pending, b)
        if pending[3] >= min_bin:
            blocks.append(pending)
            pending = [2.0, -1.0, 0.0, 0]
    if pending[3]:
        if blocks:
            blocks[-1] = add(blocks[-1], pending)
        else:
            blocks.append(pending)
    knots: list[tuple[float, float]] = []
    for lo, hi, won, n in pav(blocks):
        rate = round(won / n, 3)
        for x in (lo, hi):
            x = round(x, 4)
            if not knots or x > knots[-1][0]:
                knots.append((x, rate))
    return knots


def fit_by_key(decisions: list[tuple[float, int, bool]], min_bin: int, spare: bool = True) -> dict[int, list]:
    """One monotone mapping per map key at the decision (the plugin's ``key``: triplets removed
    0..5, early or late by pieces paid): the value rises by a sixth with each triplet, the
    chance of winning does not (a deal's start is worth little and is mostly won), and a late
    position (time spent, spares gone) is won less often than its value says. Decisions are (value, key, won). A key
    without decisions takes the mapping of its triplets, or of all decisions. Without ``spare``
    both keys of a triplet count share one mapping (the earlier fit, for comparison)."""
    every = fit([(v, w) for v, _k, w in decisions], min_bin)
    out = {}
    for t in range(6):
        same = [(v, w) for v, k, w in decisions if k // 2 == t]
        both = fit(same, min_bin) if same else every
        for few in (0, 1):
            mine = [(v, w) for v, k, w in decisions if k == 2 * t + few]
            out[2 * t + few] = fit(mine, min_bin) if spare and len(mine) >= min_bin else both
    return out


def chance(model: dict[int, list], value: float, k: int) -> float:
    """As the plugin's ``win_chance``: a won game is a sure win."""
    if value >= 1.0:
        return 1.0
    return interpolate(model[k], value)


def brier(decisions: list[tuple[float, int, bool, int]], min_bin: int) -> dict[str, float]:
    """Mean squared error of four forecasts of the win, each fitted on the deals of one seed
    parity and scored on the other's (both ways): the value as it is, one mapping of the value,
    a mapping per triplets removed, a mapping per triplets removed and early or late.
    Decisions are (value, key, won, seed)."""
    errors = {
        "value as it is": 0.0,
        "one mapping": 0.0,
        "per triplets removed": 0.0,
        "and early or late": 0.0,
    }
    for half in (0, 1):
        train = [(v, k, w) for v, k, w, seed in decisions if seed % 2 == half]
        test = [(v, k, w) for v, k, w, seed in decisions if seed % 2 != half]
        if not train or not test:
            continue
        one = fit([(v, w) for v, _k, w in train], min_bin)
        per = fit_by_key(train, min_bin, spare=False)
        both = fit_by_key(train, min_bin)
        for v, k, w in test:
            errors["value as it is"] += (v - w) ** 2
            errors["one mapping"] += (interpolate(one, v) - w) ** 2
            errors["per triplets removed"] += (chance(per, v, k) - w) ** 2
            errors["and early or late"] += (chance(both, v, k) - w) ** 2
    return {k: e / len(decisions) for k, e in errors.items()}


def table(decisions: list[tuple[float, int, bool]], model: dict[int, list], width: float) -> list[str]:
    """Value bins: decisions, how many of them were in deals finally won, and the fitted chance."""
    lines = [f"{'value':>11}  {'decisions':>9} {'in won':>7} {'observed':>8} {'fitted':>7}"]
    edges = int(round(1.0 / width))
    for i in range(edges):
        lo, hi = i * width, (i + 1) * width
        inside = [(v, t, w) for v, t, w in decisions if lo <= v < hi or (i == edges - 1 and v >= 1.0)]
        if not inside:
            continue
        won = sum(w for _v, _t, w in inside)
        fitted = sum(chance(model, v, t) for v, t, _w in inside) / len(inside)
        lines.append(
            f"{lo:5.3f}-{hi:5.3f}  {len(inside):9d} {won:7d} {100.0 * won / len(inside):7.1f}% "
            f"{100.0 * fitted:6.1f}%"
        )
    return lines


def keys_table(decisions: list[tuple[float, int, bool]], model: dict[int, list]) -> list[str]:
    """Per map (triplets removed at the decision, early or late): the values seen, the
    observed and fitted chances."""
    lines = [
        f"{'triplets':>8} {'when':>6}  {'decisions':>9} {'mean value':>10} {'observed':>8} {'fitted':>7}  knots"
    ]
    for k in range(12):
        inside = [(v, w) for v, kk, w in decisions if kk == k]
        if not inside:
            continue
        n = len(inside)
        won = sum(w for _v, w in inside)
        fitted = sum(chance(model, v, k) for v, _w in inside) / n
        knots = " ".join(f"{v:.3f}:{c:.2f}" for v, c in model[k])
        lines.append(
            f"{k // 2:8d} {'late' if k % 2 else 'early':>6}  {n:9d} {sum(v for v, _w in inside) / n:10.3f} "
            f"{100.0 * won / n:7.1f}% {100.0 * fitted:6.1f}%  {knots}"
        )
    return lines


def paid_cuts(points: list[tuple[int, int]]) -> dict[int, int]:
    """Per triplets removed (0..5): the median of the pieces paid at the decisions, (triplets,
    paid) pairs; a count without decisions keeps the plugin's cut."""
    out = {}
    for t in range(6):
        paid = sorted(p for tt, p in points if tt == t)
        out[t] = paid[len(paid) // 2] if paid else calibration.PAID_CUT[t]
    return out


def write_module(model: dict[int, list], how: str, cuts: dict[int, int]) -> None:
    """Put the mapping (and how it was measured) in the plugin's calibration module: only its
    ``KNOTS`` and ``PAID_CUT`` tables and its "Measured:" paragraph change."""
    rows = []
    if all(model[k] == model[0] for k in range(12)):  # --one: the same map under every key
        rows.extend(["    **dict.fromkeys(", "        range(12),", "        ("])
        rows.extend(f"            ({v!r}, {c!r})," for v, c in model[0])
        rows.extend(["        ),", "    ),"])
    else:
        for k in range(12):
            rows.append(f"    {k}: (")
            rows.extend(f"        ({v!r}, {c!r})," for v, c in model[k])
            rows.append("    ),")
    text = TARGET.read_text(encoding="utf-8")
    head = "KNOTS: dict[int, tuple[tuple[float, float], ...]] = {\n"
    start = text.index(head)
    end = text.index("\n}\n", start) + 3
    text = text[:start] + head + "\n".join(rows) + "\n}\n" + text[end:]
    cut = "PAID_CUT: dict[int, int] = "
    c0 = text.index(cut)
    c1 = text.index("\n", c0)
    text = text[:c0] + cut + repr(dict(sorted(cuts.items()))) + text[c1:]
    m0 = text.index("Measured: ")
    m1 = text.index("\n\n", m0)
    measured = "\n".join(textwrap.wrap(f"Measured: {how}.", 96))
    TARGET.write_text(text[:m0] + measured + text[m1:], encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}", flush=True)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=120)
    p.add_argument("--first", type=int, default=1000, help="seed of the first deal")
    p.add_argument("--movetime", type=float, default=0.3, help="solver think time per move, seconds")
    p.add_argument("--level", default="hard", choices=("easy", "medium", "hard"))
    p.add_argument("--workers", type=int, default=1, help="processes (the machine is shared: keep it low)")
    p.add_argument("--min-bin", type=int, default=30, help="decisions a fine bin needs before the fit")
    p.add_argument("--save", help="write the decisions played to this JSON file")
    p.add_argument("--load", help="fit the decisions of an earlier --save instead of playing")
    p.add_argument("--write", action="store_true", help=f"write the mapping to {TARGET.relative_to(ROOT)}")
    p.add_argument(
        "--one",
        action="store_true",
        help="fit one mapping for every position (when the Brier score says the maps per triplets overfit)",
    )
    args = p.parse_args(argv)
    start = time.perf_counter()
    if args.load:
        text = Path(args.load).read_text(encoding="utf-8")
        if args.load.endswith(".jsonl"):
            # bench/axxa_solver.py --log: a deal a line, as they ended (a run stopped early too).
            deals = [json.loads(line) for line in text.splitlines() if line.strip()]
            deals = [{**d, "won": d["triplets"] >= 6} for d in deals]
            seeds = [d["seed"] for d in deals]
            meta = {"first": min(seeds), "deals": len(deals), "movetime": args.movetime, "level": args.level}
        else:
            data = json.loads(text)
            deals, meta = data["deals"], data["meta"]
    else:
        meta = {
            "first": args.first,
            "deals": args.deals,
            "movetime": args.movetime,
            "level": args.level,
            "load": os.getloadavg()[0],
        }
        tasks = [(args.first + i, args.movetime, args.level) for i in range(args.deals)]
        deals = []

        def progress(r: dict) -> None:
            deals.append(r)
            if len(deals) % 10 == 0:
                won = sum(d["won"] for d in deals)
                print(
                    f"  {len(deals)} deals, {won} won ({time.perf_counter() - start:.0f} s)",
                    file=sys.stderr,
                    flush=True,
                )

        if args.workers > 1:
            with ProcessPoolExecutor(args.workers) as pool:
                for r in pool.map(play_deal, tasks):
                    progress(r)
        else:
            for task in tasks:
                progress(play_deal(task))
        if args.save:
            Path(args.save).write_text(json.dumps({"meta": meta, "deals": deals}), encoding="utf-8")
    # Early or late (pieces paid) is cut at each triplet count's median; the keys use the cut.
    cuts = paid_cuts([(int(t), int(paid)) for d in deals for _v, t, paid in d["decisions"]])
    calibration.PAID_CUT.update(cuts)
    decisions = [
        (float(v), key(int(t), int(paid)), bool(d["won"]), d["seed"])
        for d in deals
        for v, t, paid in d["decisions"]
    ]
    plain = [(v, t, w) for v, t, w, _s in decisions]
    won = sum(d["won"] for d in deals)
    last = meta["first"] + meta["deals"] - 1
    how = (
        f"{meta['level']} level, {meta['movetime']:g} s a decision, deals {meta['first']}-{last}, "
        f"{won} won, {len(decisions)} decisions"
    )
    print(f"AxxA solver calibration: {how} ({time.perf_counter() - start:.0f} s)", flush=True)
    if args.one:
        one = fit([(v, w) for v, _k, w in plain], args.min_bin)
        model = {k: one for k in range(12)}
        how += ", one mapping for every position"
    else:
        model = fit_by_key(plain, args.min_bin)
    print(
        f"\nBy the value (fitted: {'one mapping' if args.one else 'the mapping per triplets removed, early or late'}):"
    )
    for line in table(plain, model, 1.0 / 12):
        print(line)
    print("\nBy triplets removed at the decision, early or late:")
    for line in keys_table(plain, model):
        print(line)
    starts = [d["decisions"][0] for d in deals if d["decisions"]]
    if starts:
        mean = sum(v for v, _t, _s in starts) / len(starts)
        fitted = sum(chance(model, v, key(t, spare)) for v, t, spare in starts) / len(starts)
        print(
            f"\nfirst decision of a deal: mean value {mean:.3f}, fitted win chance {fitted:.0%}, "
            f"deals won {won / len(deals):.0%}"
        )
    print("\nBrier score, fitted on one half of the deals (by seed parity), scored on the other:")
    for name, score in brier(decisions, args.min_bin).items():
        print(f"  {name:<22} {score:.4f}")
    if args.write:
        write_module(model, how, cuts)


if __name__ == "__main__":
    main()
