"""``python main.py review GAME --moves ...``: the game review as a table.

Each position of the game is valued by the game's strongest agent (``hard``) in AI workers, two
processes side by side, with the passes of the review screen (:mod:`tafel.review`): by default
the first, fast pass, which values every position in seconds; ``--movetime S`` goes on with
deeper passes up to S seconds a position. One row per move: the move number, the seat to move,
the move played (its notation and its words), the position's value for that seat (0 lost, 0.5
even, 1 won; a solo game's win chance where the agent gives one, else its expected result), the
move the agent preferred there, and what the move played changed in its mover's value. The last
row is the final position (a finished game's result per seat). The biggest drops are listed
after the table.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from tafel.commands import CommandError
from tafel.game import GameDef, Options
from tafel.numbers import decimal_number
from tafel.review import PASSES, REVIEW_AGENT, Review, ReviewJob, ValueWorker, pass_limits

if TYPE_CHECKING:
    from tafel.registry import Registry

HEADER = ("MOVE", "SEAT", "PLAYED", "WORDS", "VALUE", "BEST", "SWING")


def configure(parser: argparse.ArgumentParser) -> None:
    """The arguments besides the game's (``game``, ``--option``, ``--seed``, ``--position``,
    ``--moves``, added by the caller)."""
    parser.add_argument(
        "--movetime",
        type=decimal_number(0.001, 3600, what="seconds"),
        default=None,
        help="refine every position up to this many seconds of search (default: the first, fast "
        f"pass of {PASSES[0]} s a position)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        help="AI processes that value positions side by side (default: one per core, at most 2)",
    )
    parser.add_argument(
        "--agent", default=REVIEW_AGENT, help=f"the agent that values (default {REVIEW_AGENT})"
    )
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr")


def build(
    args: argparse.Namespace, registry: Registry, game: GameDef, options: Options, seed: int | None
) -> Review:
    """The review to compute; bad moves or an unknown agent raise one-line errors."""
    registry.agent(args.agent, game.id)  # UnknownAgentError names the known ones
    state = game.parse_position(args.position, options) if args.position else game.new_state(options, seed)
    texts = []
    for text in args.moves or []:
        for part in text.split():  # the game's own spelling of each move
            move = state.parse_move(part)
            texts.append(state.move_to_text(move))
            state = state.play(move)
    # The first, fast pass by default; --movetime goes on with deeper passes up to its time.
    passes = pass_limits(args.movetime) if args.movetime is not None else pass_limits()[:1]
    return Review(game, options, seed, args.position, texts, agent=args.agent, passes=passes)


class WaitingWorker(ValueWorker, Protocol):
    """A worker :func:`compute` can wait on: ``wait(timeout)`` is True once an answer is there."""

    def wait(self, timeout: float) -> bool: ...


def compute(
    review: Review,
    workers: Sequence[WaitingWorker],
    progress: Callable[[int, int], None] | None = None,
    passes: int | None = None,
) -> None:
    """Value every position through ``workers`` (one or several, side by side), pass after pass
    (``passes``: how many; default all of the review's), blocking: each waits a moment for its
    answer in turn."""
    job = ReviewJob(review, workers, passes)
    try:
        while not job.done:
            got = job.step()
            if got is not None and progress is not None:
                progress(review.valued, review.total)
            if got is None and not job.done:
                for worker in job.workers:
                    if worker.wait(0.02 / len(job.workers)):
                        break
    finally:
        job.cancel()


def worker_count(requested: int | None) -> int:
    """How many AI processes value positions: one per core, at most two (a second pass refines
    better than a third process shares two cores), or what was asked (1 to 8)."""
    if requested is not None:
        if not 1 <= requested <= 8:
            raise CommandError("--workers takes 1 to 8")
        return requested
    return max(1, min(2, os.cpu_count() or 1))


def table(review: Review) -> list[str]:
    rows = [HEADER, *review.rows()]
    widths = [max(len(r[i]) for r in rows) for i in range(len(HEADER))]
    right = {0, 4, 6}
    lines = []
    for row in rows:
        cells = [c.rjust(widths[i]) if i in right else c.ljust(widths[i]) for i, c in enumerate(row)]
        lines.append("  ".join(cells).rstrip())
    return lines


def summary(review: Review) -> list[str]:
    lines = []
    names = review.game.names(review.options)
    for move in review.biggest_swings():
        point = review.points[move - 1]
        seat = review.mover(move)
        who = names[seat] if seat < len(names) else f"Player {seat + 1}"
        swing = review.swing(move)
        played = review.played_words(move - 1)
        text = f"biggest swing: move {move} {point.move} ({played}) by {who} ({swing:+.2f})"
        if review.preferred_other(move):
            text += f", the agent preferred {point.best} ({review.best_words(move - 1)})"
        lines.append(text)
    errors = [p for p in review.points if p.error]
    if errors:
        lines.append(f"{len(errors)} position(s) without a value: {errors[0].error}")
    return lines


def run(
    args: argparse.Namespace, registry: Registry, game: GameDef, options: Options, seed: int | None
) -> int:
    from tafel.ai.worker import AIWorker

    if not args.moves:
        raise CommandError("give the game's moves with --moves")
    review = build(args, registry, game, options, seed)

    def progress(done: int, total: int) -> None:
        if not args.quiet:
            print(f"valued {done} of {total} positions", file=sys.stderr, flush=True)

    workers = [AIWorker(registry.spec) for _ in range(worker_count(args.workers))]
    try:
        for worker in workers:
            worker.start()  # the processes load the plugins side by side
        compute(review, workers, progress)
    finally:
        for worker in workers:
            worker.close()
    for line in table(review) + summary(review):
        print(line)
    return 0
