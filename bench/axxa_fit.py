"""AxxA solo: fit the solver's evaluation from played deals (plugins/axxa/fitted.py).

Plays deals ``--first``.. with the quick screen's search (:mod:`axxa_screen`: every stack move
valued one turn ahead from the player's view), keeps the measures of every position met at the
start of a turn (:func:`~tafel.games.axxa.fitted.features`, from the player's view) with whether
that deal was won, and fits a logistic regression of the wins on them (Newton's method, a small
ridge). It prints each weight, the Brier score on held-out deals (fitted on the even deals,
scored on the odd ones and the other way round), and with ``--write`` puts the weights fitted on
every deal into ``plugins/axxa/fitted.py``. ``--play NAME=VALUE,...`` plays the deals with other
settings (as ``axxa_screen.py`` takes them): ``FITTED=1`` plays by the fitted evaluation, so a
fit can be refined on its own games.

    python bench/axxa_fit.py --deals 1000 --first 10001 --write
    python bench/axxa_fit.py --deals 1000 --first 20001 --play FITTED=1 --write
    python bench/axxa_screen.py --deals 400 - FITTED=1
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import axxa_screen  # noqa: E402

from tafel.games.axxa import evaluation, fitted  # noqa: E402
from tafel.games.axxa.rules import AxxaState  # noqa: E402
from tafel.games.axxa.world import World  # noqa: E402

FITTED_PY = ROOT / "plugins" / "axxa" / "fitted.py"
Row = tuple[int, list[float], int]  # (deal, features, won)


def record_deal(seed: int, turns: int = 1) -> list[Row]:
    """Deal ``seed`` played as the screen plays it; the measures of each turn's start, with
    whether the deal was won."""
    choose = axxa_screen.exact_turns(turns)
    w = World.from_state(AxxaState.deal(seed))
    seen: list[list[float]] = []
    for _turn in range(axxa_screen.MAX_TURNS):
        if w.finished():
            break
        seen.append(fitted.features(axxa_screen.view_of(w)))
        w.shift(*choose(w), True)
        if not evaluation.resolve(w):
            w.pay(evaluation.pay_choice(axxa_screen.view_of(w)))
        w.end_turn()
    won = 1 if w.total >= 6 else 0
    return [(seed, x, won) for x in seen]


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (a small dense system)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        d = m[col][col]
        if abs(d) < 1e-12:
            continue
        for r in range(col + 1, n):
            f = m[r][col] / d
            if f:
                mr, mc = m[r], m[col]
                for k in range(col, n + 1):
                    mr[k] -= f * mc[k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        d = m[r][r]
        s = m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))
        x[r] = s / d if abs(d) >= 1e-12 else 0.0
    return x


def fit(rows: list[Row], ridge: float = 1.0, steps: int = 12) -> list[float]:
    """Logistic regression of ``won`` on the features (Newton's method with an L2 ridge)."""
    d = len(fitted.FEATURES)
    beta = [0.0] * d
    for _step in range(steps):
        h = [[0.0] * d for _ in range(d)]
        g = [-ridge * b for b in beta]
        for i in range(d):
            h[i][i] = ridge
        for _seed, x, y in rows:
            z = sum(xi * bi for xi, bi in zip(x, beta, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            r = y - p
            wt = p * (1.0 - p)
            for i in range(d):
                xi = x[i]
                if xi:
                    g[i] += xi * r
                    xw = xi * wt
                    hi = h[i]
                    for j in range(i, d):
                        if x[j]:
                            hi[j] += xw * x[j]
        for i in range(d):
            for j in range(i):
                h[i][j] = h[j][i]
        step = _solve(h, g)
        beta = [b + s for b, s in zip(beta, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return beta


def brier(rows: list[Row], beta: list[float]) -> float:
    total = 0.0
    for _seed, x, y in rows:
        z = sum(xi * bi for xi, bi in zip(x, beta, strict=True))
        p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
        total += (p - y) ** 2
    return total / max(1, len(rows))


def held_out(rows: list[Row], ridge: float) -> float:
    """Brier score on each half of the deals, fitted on the other half."""
    even = [r for r in rows if r[0] % 2 == 0]
    odd = [r for r in rows if r[0] % 2 == 1]
    if not even or not odd:
        return float("nan")
    return (brier(odd, fit(even, ridge)) * len(odd) + brier(even, fit(odd, ridge)) * len(even)) / len(rows)


def write(beta: list[float], path: Path = FITTED_PY) -> None:
    """Put ``beta`` into the WEIGHTS table of fitted.py."""
    text = path.read_text()
    body = "".join(f"    {b:.4f},  # {name}\n" for name, b in zip(fitted.FEATURES, beta, strict=True))
    new, n = re.subn(
        r"^WEIGHTS: tuple\[float, \.\.\.\] = .*?(?=^\n)",
        "WEIGHTS: tuple[float, ...] = (\n" + body + ")\n",
        text,
        count=1,
        flags=re.M | re.S,
    )
    if n != 1:
        raise SystemExit(f"axxa_fit: no WEIGHTS table in {path}")
    path.write_text(new)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=400)
    p.add_argument("--first", type=int, default=10001, help="seed of the first deal")
    p.add_argument("--play", default="-", help="settings to play the deals with (NAME=VALUE,...)")
    p.add_argument("--ridge", type=float, default=1.0)
    p.add_argument("--save", type=Path, help="keep the positions (JSON lines) to fit again with --load")
    p.add_argument("--load", type=Path, action="append", default=[], help="positions kept by --save")
    p.add_argument("--write", action="store_true", help="write the weights into plugins/axxa/fitted.py")
    args = p.parse_args(argv)
    rows: list[Row] = []
    for path in args.load:
        for line in path.read_text().splitlines():
            seed, x, y = json.loads(line)
            rows.append((seed, x, y))
    if args.deals:
        start = time.process_time()
        saved = axxa_screen.apply(args.play)
        won = 0
        for seed in range(args.first, args.first + args.deals):
            got = record_deal(seed)
            won += got[0][2] if got else 0
            rows += got
        axxa_screen.restore(saved)
        print(
            f"played deals {args.first}..{args.first + args.deals - 1} ({args.play}): won {won}/{args.deals}, "
            f"{len(rows)} positions, {time.process_time() - start:.1f} s cpu",
            flush=True,
        )
        if args.save:
            with args.save.open("a") as f:
                for seed, x, y in rows:
                    f.write(json.dumps([seed, x, y]) + "\n")
    beta = fit(rows, args.ridge)
    for name, b in zip(fitted.FEATURES, beta, strict=True):
        print(f"  {name:<24} {b:+8.4f}")
    base = sum(y for _s, _x, y in rows) / max(1, len(rows))
    print(
        f"Brier: held out {held_out(rows, args.ridge):.4f}, in sample {brier(rows, beta):.4f}, "
        f"a constant {base * (1 - base):.4f}"
    )
    if args.write:
        write(beta)
        print(f"written to {FITTED_PY.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
