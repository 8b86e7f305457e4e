"""``python main.py tutorial GAME``: a game's guided first game (:mod:`tafel.tutorial`) as text,
each step's move, words, rule and the reply, after playing the steps out with the game's rules.

A game without a tutorial, or one whose steps do not play out, is one ``error:`` line (exit 2).
"""

from __future__ import annotations

import argparse

from tafel.commands import CommandError
from tafel.game import GameError
from tafel.registry import Registry
from tafel.tutorial import play_out


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="game id (see `list`)")


def run(args: argparse.Namespace, registry: Registry) -> int:
    game = registry.game(args.game)
    if game.tutorial is None:
        raise CommandError(f"{game.id} has no guided first game")
    try:
        lesson = play_out(game)
    except GameError as exc:
        raise CommandError(str(exc)) from None
    tutorial = lesson.tutorial
    names = game.names(lesson.options)
    learner = names[lesson.learner] if lesson.learner < len(names) else f"Player {lesson.learner + 1}"
    print(f"{game.title}: guided first game, {len(tutorial.steps)} steps; you play {learner}")
    if tutorial.position:
        print(f"  position: {tutorial.position}")
    if tutorial.options:
        print(f"  options: {' '.join(tutorial.options)}")
    if lesson.seed is not None:
        print(f"  seed: {lesson.seed}")
    if tutorial.intro:
        print(tutorial.intro)
    for n, step in enumerate(tutorial.steps, 1):
        print(f"{n:2d}. {step.move.strip()}: {step.say}")
        if step.rule:
            print(f"    Rule: {step.rule}")
        if step.reply.strip():
            print(f"    Reply: {step.reply.strip()}")
    print(tutorial.outro)
    return 0
