#!/usr/bin/env python3
"""Ataxx legal-move generation on busy mid-game positions: Tafel against python-ataxx.

The positions come from seeded random games (20 to 50 plies in, at least 40 legal moves: the
busy middle of a game, where generation costs the most). Every implementation lists the moves
of every position, round after round, taking turns in the same process; the figure is calls per
second of CPU time (robust on a shared machine), median over the rounds.

    python bench/ataxx_movegen.py               # 40 positions, 5 rounds
    python bench/ataxx_movegen.py --json        # the figures as JSON on the last line

Compared:

- ``python-ataxx``: ``Board.legal_moves()`` of python-ataxx 2.2.0 (``pip install ataxx==2.2.0``),
  which also checks for the end of the game;
- ``Tafel legal_moves``: ``AtaxxState.legal_moves()`` on a fresh state each call (the state is
  built inside the timing, and the end-of-game check runs every time: nothing is cached);
- ``Tafel generate``: ``AtaxxState.generate()``, the move objects without the end check;
- ``search gen_moves``: the search's move codes (:func:`tafel.games.ataxx.moves.gen_moves`).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tafel.games.ataxx.moves import gen_moves  # noqa: E402
from tafel.games.ataxx.rules import RED, AtaxxState  # noqa: E402


def mid_game_positions(count: int, seed: int, min_moves: int = 40) -> list[AtaxxState]:
    rng = random.Random(seed)
    out: list[AtaxxState] = []
    while len(out) < count:
        state = AtaxxState.start()
        for _ in range(rng.randrange(20, 51)):
            moves = state.legal_moves()
            if not moves:
                break
            state = state.play_unchecked(rng.choice(moves))
        if state.outcome is None and len(state.generate()) >= min_moves:
            out.append(AtaxxState.from_fen(state.to_text()))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5, help="rounds; medians are reported (default 5)")
    parser.add_argument("--repeat", type=int, default=20, help="passes over the positions per round")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON on the last line")
    args = parser.parse_args(argv)

    positions = mid_game_positions(args.positions, args.seed)
    fens = [p.to_text() for p in positions]
    counts = [len(p.generate()) for p in positions]
    args_list = [(p.red, p.blue, p.gaps, p.to_move) for p in positions]
    sides = [((p.red, p.blue) if p.to_move == RED else (p.blue, p.red)) + (p.empty,) for p in positions]

    def tafel_legal() -> None:
        for red, blue, gaps, to_move in args_list:
            AtaxxState(red, blue, gaps, to_move).legal_moves()

    def tafel_generate() -> None:
        for p in positions:
            p.generate()

    def search_gen() -> None:
        for own, opp, empty in sides:
            gen_moves(own, opp, empty)

    impls = [
        ("Tafel legal_moves", "tafel_legal_moves", tafel_legal, args.repeat),
        ("Tafel generate", "tafel_generate", tafel_generate, args.repeat),
        ("search gen_moves", "search_gen_moves", search_gen, args.repeat),
    ]
    try:
        import ataxx
    except ImportError:
        print("python-ataxx is not installed (pip install ataxx==2.2.0): Tafel figures only")
    else:
        boards = [ataxx.Board(fen) for fen in fens]
        for board, n, fen in zip(boards, counts, fens, strict=True):
            if len(board.legal_moves()) != n:
                raise SystemExit(f"python-ataxx lists {len(board.legal_moves())} moves, Tafel {n}: {fen}")

        def peer() -> None:
            for board in boards:
                board.legal_moves()

        # python-ataxx is ~5-20x slower: fewer passes keep the rounds similar in length.
        impls.insert(0, ("python-ataxx legal_moves", "ataxx_legal_moves", peer, max(1, args.repeat // 10)))

    print(
        f"Ataxx move generation: {len(positions)} mid-game positions, {statistics.median(counts):.0f} moves"
        f" (median; {min(counts)}..{max(counts)}), {args.rounds} rounds"
        f" (load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores)",
        flush=True,
    )
    rates: dict[str, list[float]] = {key: [] for _, key, _, _ in impls}
    for _ in range(args.rounds):
        for _, key, fn, repeat in impls:
            cpu = time.process_time()
            for _ in range(repeat):
                fn()
            cpu = time.process_time() - cpu
            rates[key].append(repeat * len(positions) / max(cpu, 1e-9))
    figures: dict[str, float] = {"positions": len(positions), "median_moves": statistics.median(counts)}
    peer_rate = statistics.median(rates["ataxx_legal_moves"]) if "ataxx_legal_moves" in rates else None
    for label, key, _, _ in impls:
        rate = statistics.median(rates[key])
        figures[key] = rate
        vs = f"  {rate / peer_rate:5.1f}x python-ataxx" if peer_rate and key != "ataxx_legal_moves" else ""
        print(f"  {label:26s} {rate:>10,.0f} calls/cpu s  ({1e6 / rate:7.1f} us a call){vs}", flush=True)
    if peer_rate:
        figures["ratio"] = figures["tafel_legal_moves"] / peer_rate
        print(f"  Tafel legal_moves is {figures['ratio']:.1f}x python-ataxx's legal_moves (target >= 4x)")
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
