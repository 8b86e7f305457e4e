"""AxxA solo: does a rollout search beat the one-turn screen it rolls out? (issue 17, item 1)

Monte Carlo policy improvement, not perfect-information Monte Carlo: the best ``--width``
stack moves by the exact search one turn ahead (:func:`axxa_screen.exact_turns`) are each
played, on ``--samples`` deals of the unseen pieces drawn from what the player has seen, and the
rest of each deal is played out *by the screen's own player*, which sees only its view (so no
sample's luck is known to the moves after the candidate, unlike the determinized search of
``plugins/axxa/pimc.py``, whose knowing moves overrate positions with many chances). A
candidate's value is its deals won (and a little for triplets) over the same samples as every
other candidate. The base player wins about 74% of deals; a rollout player is at least as good
as its base in expectation, and the question is by how much, at what cost.

    python bench/axxa_rollout.py --deals 40 --width 4 --samples 16
    python bench/axxa_rollout.py --deals 40 --width 0              # the base player alone

The payments follow the screen's policy from the view (``pay_choice``), in the candidate's turn
and in the rollouts alike. Each decision's time is CPU time; the figure to beat is the hard
level's (84.0% of deals 1-200 at 1 s, 86.0% at 0.3 s).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT.parent))

from axxa_screen import MAX_TURNS, Shift, exact_turns, view_of  # noqa: E402

from tafel.games.axxa import evaluation, lookahead  # noqa: E402
from tafel.games.axxa.board import CELLS  # noqa: E402
from tafel.games.axxa.rules import KNOWN, AxxaMove, AxxaState  # noqa: E402
from tafel.games.axxa.world import World  # noqa: E402

BASE = exact_turns(1)


def sample_deal(w: World, rng: random.Random) -> World:
    """A deal consistent with what the player of ``w`` has seen: the pieces nobody has seen
    (face down, never turned up) shuffled among their places. Their numbers as a multiset are
    what the player can count (every number has six pieces), so this is the exact posterior."""
    hidden = [p for c in CELLS for p in w.st[c] if not p & KNOWN]
    rng.shuffle(hidden)
    t = w.copy()
    it = iter(hidden)
    for c in CELLS:
        s = t.st[c]
        if s and not all(p & KNOWN for p in s):
            t.st[c] = tuple(p if p & KNOWN else next(it) for p in s)
    return t


def play_turn(w: World, move: Shift) -> None:
    """One turn on ``w``: the stack move, the triplets, the payment from the view."""
    w.shift(*move, True)
    if not evaluation.resolve(w):
        w.pay(evaluation.pay_choice(view_of(w)))
    w.end_turn()


def play_out(w: World) -> float:
    """The rest of the deal on ``w`` by the base player; 1 for a win, plus a hundredth of a
    point per triplet (so a loss with more triplets ranks higher)."""
    for _turn in range(MAX_TURNS):
        if w.finished():
            break
        play_turn(w, BASE(w))
    return (1.0 if w.total >= 6 else 0.0) + w.total / 100.0


def rollout_choice(width: int, samples: int, seed: int):
    """A chooser: the ``width`` best moves by the base player's ranking, each valued by
    ``samples`` play-outs on the same sampled deals."""

    def choose(w: World) -> Shift:
        v = view_of(w)
        ranked = sorted(
            ((lookahead.exact_first(v, AxxaMove.shift(*m), -1, 0), m) for m in v.shifts()),
            key=lambda x: -x[0],
        )
        cands = [m for _v, m in ranked[:width]]
        if len(cands) < 2:
            return ranked[0][1]
        rng = random.Random(seed * 1_000_003 + w.total * 1009 + sum(w.paid))
        totals = dict.fromkeys(cands, 0.0)
        for _ in range(samples):
            deal = sample_deal(w, rng)
            for m in cands:
                t = deal.copy()
                play_turn(t, m)
                totals[m] += play_out(t)
        # Ties keep the base player's order.
        return max(cands, key=lambda m: (totals[m], -cands.index(m)))

    return choose


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=40)
    p.add_argument("--first", type=int, default=1, help="seed of the first deal")
    p.add_argument("--width", type=int, default=4, help="moves valued by play-outs (0: the base player)")
    p.add_argument("--samples", type=int, default=16, help="sampled deals a decision")
    args = p.parse_args(argv)
    who = f"rollouts: the best {args.width}, {args.samples} deals each" if args.width else "the base player"
    print(f"AxxA solo, {who}, deals {args.first}..{args.first + args.deals - 1}", flush=True)
    won = triplets = 0
    times: list[float] = []
    for seed in range(args.first, args.first + args.deals):
        w = World.from_state(AxxaState.deal(seed))
        choose = rollout_choice(args.width, args.samples, seed) if args.width else BASE
        for _turn in range(MAX_TURNS):
            if w.finished():
                break
            start = time.process_time()
            move = choose(w)
            times.append(time.process_time() - start)
            play_turn(w, move)
        won += w.total >= 6
        triplets += w.total
        n = seed - args.first + 1
        if n % 10 == 0 or n == args.deals:
            print(
                f"  {n} deals: won {won} ({won / n:.1%}), triplets {triplets / n:.2f}, "
                f"median decision {statistics.median(times):.3f} s cpu",
                flush=True,
            )


if __name__ == "__main__":
    main()
