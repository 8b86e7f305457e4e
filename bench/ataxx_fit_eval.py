#!/usr/bin/env python3
"""Fit the Ataxx evaluation's weights to self-play games (logistic regression on the results).

Reads arena game logs (``python main.py arena ataxx ... --log FILE``: JSON lines with the start
position, the moves and A's reward), replays each game and takes every position from ply
``--skip`` on, with the game's result from the side to move's view (1, 1/2, 0). The features are
the evaluation's terms (:class:`tafel.games.ataxx.evaluation.Weights`), side to move minus the other:

- material: stones;
- threat: the side to move's best immediate gain (stones);
- counter: the other side's best gain were it to move;
- exposed: the other side's stones it could flip next to an empty square it reaches, minus ours;
- safe: stones with no empty neighbour.

The model is ``P(win) = 1 / (1 + exp(-sum(w_i f_i) / K))`` fitted by Newton's method (with a
little ridge); the weights are printed in centi-stones, material scaled to 100.

    python bench/ataxx_fit_eval.py /tmp/ax/*.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tafel.games.ataxx.evaluation import best_gain, dilate  # noqa: E402
from tafel.games.ataxx.rules import RED, AtaxxState  # noqa: E402

NAMES = ("material", "threat", "counter", "exposed", "safe")


def features(own: int, opp: int, empty: int) -> list[float]:
    h = opp | opp << 1 | opp >> 1 | opp << 2 | opp >> 2
    opp_reach = (h | h << 9 | h >> 9 | h << 18 | h >> 18) & empty
    h = own | own << 1 | own >> 1 | own << 2 | own >> 2
    own_reach = (h | h << 9 | h >> 9 | h << 18 | h >> 18) & empty
    exposed = (opp & dilate(own_reach)).bit_count() - (own & dilate(opp_reach)).bit_count()
    de = dilate(empty)
    safe = (own & ~de).bit_count() - (opp & ~de).bit_count()
    return [
        own.bit_count() - opp.bit_count(),
        best_gain(own, opp, empty),
        -best_gain(opp, own, empty),
        exposed,
        safe,
    ]


def load(paths: list[str], skip: int) -> tuple[np.ndarray, np.ndarray]:
    xs, ys = [], []
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            game = json.loads(line)
            if game.get("forfeit") or game.get("capped"):
                continue
            state = AtaxxState.from_fen(game["start"]) if game.get("start") else AtaxxState.start()
            red_result = game["reward"] if game["a_seat"] == 0 else 1 - game["reward"]
            for ply, text in enumerate(game["moves"]):
                if ply >= skip and state.outcome is None and not state.is_forced_pass():
                    red = state.to_move == RED
                    own, opp = (state.red, state.blue) if red else (state.blue, state.red)
                    xs.append(features(own, opp, state.empty))
                    ys.append(red_result if red else 1 - red_result)
                state = state.play_unchecked(state.parse_move(text))
    return np.array(xs, dtype=float), np.array(ys, dtype=float)


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3) -> np.ndarray:
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) + ridge * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("logs", nargs="+")
    p.add_argument("--skip", type=int, default=4, help="plies skipped at the start of each game")
    args = p.parse_args()
    x, y = load(args.logs, args.skip)
    if not len(y):
        print("no positions in the logs")
        return 1
    w = fit(x, y)
    scale = 100 / w[0]
    p = 1 / (1 + np.exp(-x @ w))
    loss = -np.mean(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12))
    base = fit(x[:, :1], y)
    p0 = 1 / (1 + np.exp(-x[:, :1] @ base))
    loss0 = -np.mean(y * np.log(p0 + 1e-12) + (1 - y) * np.log(1 - p0 + 1e-12))
    print(f"{len(y)} positions; log loss {loss:.4f} (material alone {loss0:.4f})")
    for name, value in zip(NAMES, w * scale, strict=True):
        print(f"  {name:9s} {value:8.1f}")
    print(f"  (a stone of material is 1 / {w[0]:.3f} in the logistic's units)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
