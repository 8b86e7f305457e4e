"""The shared conformance suite every game must pass.

It plays seeded random games through the whole state API and checks what the core relies
on: moves exist exactly while the game runs, ``play`` leaves the old state untouched, move and
position notation round-trip, replaying the move texts reproduces every state (so undo,
saves and the AI worker see the same game), outcomes are well formed, and bad text is
rejected with a :class:`core.game.GameError`.

>>> from core.plugins import load_registry
>>> report = check_game(load_registry().game("ataxx"), games=1, max_plies=30)
>>> report.ok, report.failures
(True, [])
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from core.game import GameDef, GameError, GameState, Options


@dataclass
class Report:
    game: str
    games: int = 0
    plies: int = 0
    finished: int = 0
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures

    def fail(self, text: str) -> None:
        if len(self.failures) < 20:
            self.failures.append(text)

    def lines(self) -> list[str]:
        head = f"{self.game}: {self.games} random games, {self.plies} moves, {self.finished} finished"
        if self.ok:
            return [head, "conformance: ok"]
        return [head, *("FAIL " + f for f in self.failures), f"conformance: {len(self.failures)} failure(s)"]


def _check_state(game: GameDef, options: Options, state: GameState, report: Report, where: str) -> None:
    outcome = state.outcome
    moves = state.legal_moves()
    if outcome is None and not moves:
        report.fail(f"{where}: no legal moves but no outcome")
    if outcome is not None:
        if moves:
            report.fail(f"{where}: game over but legal_moves() is not empty")
        if len(outcome.rewards) != state.players:
            report.fail(f"{where}: outcome has {len(outcome.rewards)} rewards for {state.players} seats")
        if any(not 0.0 <= r <= 1.0 for r in outcome.rewards):
            report.fail(f"{where}: rewards {outcome.rewards} outside [0, 1]")
        if not outcome.reason:
            report.fail(f"{where}: outcome without a reason")
        return
    if not 0 <= state.to_move < state.players:
        report.fail(f"{where}: to_move {state.to_move} is not a seat")
    if len(set(moves)) != len(moves):
        report.fail(f"{where}: legal_moves() repeats a move")
    texts = []
    for move in moves:
        text = state.move_to_text(move)
        texts.append(text)
        try:
            back = state.parse_move(text)
        except GameError as exc:
            report.fail(f"{where}: move text {text!r} does not parse back: {exc}")
            continue
        if back != move:
            report.fail(f"{where}: move text {text!r} parses to a different move")
    if len(set(texts)) != len(texts):
        report.fail(f"{where}: two legal moves share a text")
    text = state.to_text()
    try:
        again = game.parse_position(text, options)
    except GameError as exc:
        report.fail(f"{where}: position text does not parse back: {exc}")
        return
    if again.to_text() != text:
        report.fail(f"{where}: position round trip changed {text!r} into {again.to_text()!r}")
    elif again.outcome is None and sorted(again.move_to_text(m) for m in again.legal_moves()) != sorted(
        texts
    ):
        report.fail(f"{where}: the parsed position has other legal moves")
    for bad in ("", "???", "zz99zz"):
        try:
            state.parse_move(bad)
        except GameError:
            pass
        except Exception as exc:  # must be a GameError with a message, not a crash
            report.fail(f"{where}: parse_move({bad!r}) raised {type(exc).__name__}, not a GameError")
        else:
            if bad:
                report.fail(f"{where}: parse_move({bad!r}) accepted nonsense")
    for seat in range(state.players):
        state.view_for(seat).to_text()


def check_game(
    game: GameDef,
    options: Options | None = None,
    *,
    games: int = 3,
    seed: int = 1,
    max_plies: int = 400,
    deep_every: int = 1,
    on_state: Callable[[GameState], None] | None = None,
) -> Report:
    """Play ``games`` seeded random games of ``game`` and check every state reached.

    ``deep_every`` > 1 checks notation on only every n-th state (for long games).
    ``on_state`` is called with each state (the renderer check uses it).
    """
    options = game.resolve_options(options)
    report = Report(game.id)
    for g in range(games):
        rng = random.Random(seed + g)
        start = game.new_state(options, seed + g if game.random_setup else None)
        state = start
        played: list[str] = []
        states = [state]
        for ply in range(max_plies):
            where = f"game {g + 1} ply {ply}"
            if ply % deep_every == 0 or state.outcome is not None:
                _check_state(game, options, state, report, where)
            if on_state is not None:
                on_state(state)
            moves = state.legal_moves()
            if not moves:
                break
            move = rng.choice(moves)
            before = state.to_text()
            text = state.move_to_text(move)
            try:
                nxt = state.play(move)
            except GameError as exc:
                report.fail(f"{where}: legal move {text} raised {exc}")
                break
            if state.to_text() != before:
                report.fail(f"{where}: play({text}) changed the old state")
            played.append(text)
            states.append(nxt)
            state = nxt
            report.plies += 1
        report.games += 1
        if state.outcome is not None:
            report.finished += 1
            _check_state(game, options, state, report, f"game {g + 1} end")
        # Replaying the texts must give the same states: that is what undo, saves and the AI
        # worker rely on.
        replay = start
        for i, text in enumerate(played):
            try:
                replay = replay.play(replay.parse_move(text))
            except GameError as exc:
                report.fail(f"game {g + 1}: replaying move {i + 1} ({text}) failed: {exc}")
                break
            if replay.to_text() != states[i + 1].to_text() or (replay.outcome is None) != (
                states[i + 1].outcome is None
            ):
                report.fail(f"game {g + 1}: replaying move {i + 1} ({text}) gave another state")
                break
        # A fresh start with the same seed must be the same game (seeded setups are reproducible).
        if game.new_state(options, seed + g if game.random_setup else None).to_text() != start.to_text():
            report.fail(f"game {g + 1}: the start position is not reproducible from its seed")
    return report
