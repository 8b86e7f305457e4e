"""AxxA solo: a quick screen of the solver's evaluation and payment policy, in seconds a setting.

The hard level's search takes some 10 minutes a hundred deals at 0.3 s a decision, too slow to
try a weight. This bench plays the exact search's first stage alone (every stack move valued
one turn ahead from the player's view, :func:`~tafel.games.axxa.lookahead.exact_first`; the
payments by the quick policy, :func:`~tafel.games.axxa.evaluation.pay_choice`) on deals
``--first``.., one setting after another on the same deals, and prints each one's deals won,
triplets and pieces paid. A setting is ``NAME=VALUE,...`` over module constants of
``plugins/axxa/evaluation.py`` (or ``lookahead.py``); ``-`` is the code as it is. Gains found
here are then measured on the hard level with ``bench/axxa_solver.py``: they do not carry over
one for one.

    python bench/axxa_screen.py --deals 400 - W_DUE_KNOWN=0 PAY_NEXT_TO=0,PAY_DUE=0
    python bench/axxa_screen.py --deals 200 --turns 2 -          # the best 12 two turns ahead
    python bench/axxa_screen.py --deals 60 --clairvoyant -       # knowing every face-down piece
    python bench/axxa_screen.py --deals 200 --clairvoyant moves  # ... for the stack moves only

On 2026-11-29 (bench/RESULTS.md): the one-turn search won 49.5% of deals 1-200 with payments
blind to what they may uncover (the code of 1eec564), 65.5% valuing that chance, 74% of deals
1-400 counting the seen pieces of the number due too; knowing every piece, 93% of deals 1-60.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tafel.games.axxa import evaluation, lookahead  # noqa: E402
from tafel.games.axxa.board import Cell  # noqa: E402
from tafel.games.axxa.rollout import view_of  # noqa: E402
from tafel.games.axxa.rules import AxxaMove, AxxaState  # noqa: E402
from tafel.games.axxa.world import World  # noqa: E402

Shift = tuple[Cell, Cell]
#: The most turns a deal is played for: a deal ends long before (a payment every turn at most).
MAX_TURNS = 200


def exact_turns(turns: int, width: int = 12) -> Callable[[World], Shift]:
    """The exact search from the view: every stack move one turn ahead; with ``turns`` 2 the
    best ``width`` of them two turns ahead."""

    def choose(w: World) -> Shift:
        v = view_of(w)
        ranked = sorted(
            ((lookahead.exact_first(v, AxxaMove.shift(*m), -1, 0), m) for m in v.shifts()),
            key=lambda x: -x[0],
        )
        if turns < 2:
            return ranked[0][1]
        deeper = [(lookahead.exact_value(v, AxxaMove.shift(*m), -1, 0, 1, 2), m) for _v, m in ranked[:width]]
        return max(deeper, key=lambda x: x[0])[1]

    return choose


def clairvoyant(w: World, pay_peek: bool = True) -> Shift:
    """One turn ahead knowing every face-down piece (the bound on what seeing them is worth);
    without ``pay_peek`` the turn's payment is chosen from the player's view."""
    best, best_value = None, -1.0
    for frm, to in w.shifts():
        t = w.copy()
        t.shift(frm, to, True)
        if not evaluation.resolve(t):
            t.pay(evaluation.pay_choice(t, True) if pay_peek else evaluation.pay_choice(view_of(t)))
        t.end_turn()
        value = evaluation._value(t, 0, True)
        if value > best_value:
            best, best_value = (frm, to), value
    return best


def play_deal(seed: int, choose: Callable[[World], Shift], peek: bool) -> tuple[int, int]:
    """Deal ``seed`` played to its end; returns (triplets removed, pieces paid)."""
    w = World.from_state(AxxaState.deal(seed))
    paid = 0
    for _turn in range(MAX_TURNS):
        if w.finished():
            break
        w.shift(*choose(w), True)
        if not evaluation.resolve(w):
            w.pay(evaluation.pay_choice(w, True) if peek else evaluation.pay_choice(view_of(w)))
            paid += 1
        w.end_turn()
    return w.total, paid


def apply(setting: str) -> dict[str, tuple[object, str]]:
    """Set the constants a setting names; returns what to put back."""
    saved: dict[str, tuple[object, str]] = {}
    if setting == "-":
        return saved
    for item in setting.split(","):
        name, _, value = item.partition("=")
        name = name.strip()
        module = next((m for m in (evaluation, lookahead) if hasattr(m, name)), None)
        if module is None or not name.isupper():
            raise SystemExit(f"axxa_screen: {name!r} is not a constant of evaluation.py or lookahead.py")
        saved[name] = (getattr(module, name), module.__name__)
        old = getattr(module, name)
        setattr(
            module,
            name,
            type(old)(float(value)) if not isinstance(old, bool) else value.strip() in ("1", "true"),
        )
    return saved


def restore(saved: dict[str, tuple[object, str]]) -> None:
    for name, (value, module_name) in saved.items():
        setattr(sys.modules[module_name], name, value)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("settings", nargs="*", default=["-"], help="NAME=VALUE,... or - (the code as it is)")
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--first", type=int, default=1, help="seed of the first deal")
    p.add_argument("--turns", type=int, default=1, choices=(1, 2), help="turns the search looks ahead")
    p.add_argument(
        "--clairvoyant",
        nargs="?",
        const="all",
        choices=("all", "moves", "payments"),
        help="play knowing every face-down piece: for every choice (all), for the stack moves only "
        "(the payments from the view), or for the payments only (the moves by the exact search)",
    )
    args = p.parse_args(argv)
    mode = args.clairvoyant
    if mode in ("all", "moves"):
        choose: Callable[[World], Shift] = lambda w: clairvoyant(w, mode == "all")  # noqa: E731
    else:
        choose = exact_turns(args.turns)
    pay_peek = mode in ("all", "payments")
    who = f"knowing every piece ({mode})" if mode else f"exact search, {args.turns} turn(s) ahead"
    print(f"AxxA solo screen: {who}, deals {args.first}..{args.first + args.deals - 1}", flush=True)
    for setting in args.settings:
        saved = apply(setting)
        start = time.process_time()
        won = triplets = paid = 0
        for seed in range(args.first, args.first + args.deals):
            t, n = play_deal(seed, choose, pay_peek)
            won += t >= 6
            triplets += t
            paid += n
        restore(saved)
        n = args.deals
        print(
            f"  {setting:<36} won {won:>4}/{n} = {won / n:6.1%}   triplets {triplets / n:.2f}   "
            f"paid {paid / n:4.1f}   {time.process_time() - start:.1f} s cpu",
            flush=True,
        )


if __name__ == "__main__":
    main()
