"""Checks of the definition, of one state, of evaluate and of the greedy agent."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from tafel.cli.conformance.report import _PLAY_ALL_LIMIT, _STALE_LIMIT, Report, _crash
from tafel.game import GameDef, GameError, GameState, Move, Options, Outcome
from tafel.tutorial import play_out
from tafel.words import MACHINE_PATTERN

# --- the definition ------------------------------------------------------------------------------


def _check_definition(game: GameDef, options: Options, report: Report) -> None:
    """The GameDef: options, seats, notes on missing parts, preview moves, the tutorial."""
    _check_options_and_seats(game, options, report)
    _note_missing_parts(game, options, report)
    if game.preview_moves:
        _check_preview_moves(game, report)
    if game.tutorial is not None:
        _check_tutorial(game, report)


def _check_options_and_seats(game: GameDef, options: Options, report: Report) -> None:
    keys = [opt.key for opt in game.options]
    if len(set(keys)) != len(keys):
        report.fail(f"definition: option keys repeat: {', '.join(keys)}")
    for opt in game.options:
        try:
            opt.validate(opt.default)
        except GameError as exc:
            report.fail(f"definition: option {opt.key}: its default is not a valid value ({exc})")
    try:
        seats = game.seats(options)
        names = game.names(options)
    except Exception as exc:
        _crash(report, "definition", "seat_count/seat_names", exc)
        return
    if not isinstance(seats, int) or not game.min_players <= seats <= game.max_players:
        report.fail(f"definition: seat_count gave {seats!r}, outside players {game.players_label}")
    if len(names) != seats or not all(isinstance(n, str) and n for n in names):
        report.fail(f"definition: seat_names gave {names!r} for {seats} seats")


def _note_missing_parts(game: GameDef, options: Options, report: Report) -> None:
    if not game.rules.strip():
        report.note("no rules text: the rules screen will be empty (GameDef.rules)")
    if game.view is None:
        report.note("no board view: the arcade shows a plain list of moves instead (GameDef.view)")
    try:
        if not all(isinstance(flag, str) for flag in game.flags(options)):
            report.fail("definition: features(options) must give a set of str")
    except Exception as exc:
        _crash(report, "definition", "features(options)", exc)
    if game.evaluate is None:
        report.note("no evaluate(): the generic medium/hard players use MCTS with random playouts")


def _check_preview_moves(game: GameDef, report: Report) -> None:
    try:
        state = game.new_state(game.resolve_options(), 1)
        for text in game.preview_moves:
            state = state.play(state.parse_move(text))
    except GameError as exc:
        report.fail(f"definition: preview_moves do not play from the default setup (seed 1): {exc}")
    except Exception as exc:
        _crash(report, "definition", "playing preview_moves", exc)


def _check_tutorial(game: GameDef, report: Report) -> None:
    try:
        play_out(game)
    except GameError as exc:
        report.fail(f"tutorial: {exc}")
    except Exception as exc:
        _crash(report, "tutorial", "playing the tutorial's steps", exc)


# --- one state -----------------------------------------------------------------------------------


def _check_outcome(outcome: object, state: GameState, report: Report, where: str) -> None:
    if not isinstance(outcome, Outcome):
        report.fail(f"{where}: outcome is a {type(outcome).__name__}, not an Outcome")
        return
    if len(outcome.rewards) != state.players:
        report.fail(f"{where}: outcome has {len(outcome.rewards)} rewards for {state.players} seats")
    if any(not isinstance(r, (int, float)) or not 0.0 <= r <= 1.0 for r in outcome.rewards):
        report.fail(f"{where}: rewards {outcome.rewards} outside [0, 1]")
    if not isinstance(outcome.reason, str) or not outcome.reason:
        report.fail(f"{where}: outcome without a reason")
    if outcome.scores is not None and len(outcome.scores) != state.players:
        report.fail(f"{where}: outcome has {len(outcome.scores)} scores for {state.players} seats")


def _check_state(game: GameDef, options: Options, state: GameState, report: Report, where: str) -> None:
    """One state: its moves and outcome, the move texts, the meta moves, the position text."""
    outcome = state.outcome
    moves = state.legal_moves()
    if not isinstance(moves, list):
        report.fail(f"{where}: legal_moves() returned a {type(moves).__name__}, not a list")
        moves = list(moves)
    if outcome is None and not moves:
        report.fail(f"{where}: no legal moves but no outcome")
    if outcome is not None:
        if moves:
            report.fail(f"{where}: game over but legal_moves() is not empty")
        _check_outcome(outcome, state, report, where)
        return
    if not isinstance(state.to_move, int) or not 0 <= state.to_move < state.players:
        report.fail(f"{where}: to_move {state.to_move!r} is not a seat")
    if len(set(moves)) != len(moves):
        report.fail(f"{where}: legal_moves() repeats a move")
    if state.legal_moves() != moves:
        report.fail(f"{where}: legal_moves() gave another list the second time")
    hash(state.repetition_key())
    texts = _check_move_texts(state, moves, report, where)
    _check_meta_moves(state, report, where)
    _check_position_text(game, options, state, texts, report, where)
    _check_nonsense(state, report, where)
    for seat in range(state.players):
        state.view_for(seat).to_text()


def _check_move_texts(state: GameState, moves: list[Move], report: Report, where: str) -> list[str]:
    """Each move's text is clean and parses back to the move; returns the texts."""
    texts = []
    for move in moves:
        text = state.move_to_text(move)
        if not isinstance(text, str) or not text or text != text.strip():
            report.fail(f"{where}: move_to_text gave {text!r} (a non-empty text without spaces around)")
            continue
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
    _check_words(state, moves[:_WORDS_CHECKED], report, where)
    return texts


def _check_meta_moves(state: GameState, report: Report, where: str) -> None:
    """Meta moves (resign, a draw offer) are played like moves, listed or not in legal_moves()."""
    for label, move in state.meta_moves():
        if not isinstance(label, str) or not label:
            report.fail(f"{where}: meta move label {label!r} is not a text")
            continue
        try:
            state.play(move)
            text = state.move_to_text(move)
            if state.parse_move(text) != move:
                report.fail(f"{where}: meta move text {text!r} parses to a different move")
        except GameError as exc:
            report.fail(f"{where}: meta move {label!r} is not playable: {exc}")


def _check_position_text(
    game: GameDef, options: Options, state: GameState, texts: list[str], report: Report, where: str
) -> None:
    """The position text reads back to the same position, with the same legal moves."""
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


def _check_nonsense(state: GameState, report: Report, where: str) -> None:
    """Nonsense move texts are refused with a GameError, never a crash."""
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


#: How many of a position's moves are named in words (a creation list can hold thousands).
_WORDS_CHECKED = 40


def _check_words(state: GameState, moves: Sequence[Move], report: Report, where: str) -> None:
    """Screens name moves with ``move_to_words``: a move whose notation joins parts with a machine
    separator (``place:3:d4``) must have words that do not (``piece 3 to d4``)."""
    for move in moves:
        try:
            words = state.move_to_words(move)
        except Exception as exc:
            _crash(report, where, "move_to_words", exc)
            return
        if not isinstance(words, str) or not words.strip():
            report.fail(f"{where}: move_to_words gave {words!r}, not a text")
            return
        if MACHINE_PATTERN.search(words):
            report.fail(
                f"{where}: move {state.move_to_text(move)!r} has no words for people (move_to_words "
                f"gave {words!r}; see PLUGINS.md, 'Moves in words')"
            )
            return


def _check_moves_play(
    state: GameState, rng: random.Random, report: Report, where: str, limit: int | None = _PLAY_ALL_LIMIT
) -> None:
    """Every listed move plays and leaves ``state`` as it was (sampled for long move lists)."""
    moves = state.legal_moves()
    if limit is not None and len(moves) > limit:
        moves = rng.sample(moves, limit)
    before = state.to_text()
    for move in moves:
        text = state.move_to_text(move)
        if not state.is_legal(move):
            report.fail(f"{where}: is_legal() refuses the listed move {text}")
        try:
            after = state.play(move)
        except GameError as exc:
            report.fail(f"{where}: legal move {text} is refused by play(): {exc}")
            continue
        if not isinstance(after, GameState):
            report.fail(f"{where}: play({text}) returned a {type(after).__name__}, not a GameState")
        elif after.players != state.players:
            report.fail(f"{where}: play({text}) changed the number of seats")
    if state.to_text() != before:
        report.fail(f"{where}: playing the legal moves changed the state they were played from")


def _check_refuses(
    state: GameState, stale: Sequence[Move], report: Report, where: str, limit: int | None = _STALE_LIMIT
) -> None:
    """Moves legal a ply ago but not now must be refused: ``play`` checks legality, and
    ``is_legal`` agrees with ``legal_moves``."""
    current = set(state.legal_moves())
    tried = 0
    for move in stale[:limit]:
        if tried >= 3:
            break
        if state.is_legal(move) != (move in current):
            report.fail(f"{where}: is_legal({move!r}) disagrees with legal_moves()")
            continue
        if move in current:
            continue
        tried += 1
        try:
            state.play(move)
        except GameError:
            continue
        report.fail(f"{where}: play() accepted a move that is not in legal_moves() ({move!r})")


def _check_evaluate(game: GameDef, state: GameState, report: Report, where: str) -> None:
    if game.evaluate is None or state.outcome is not None:
        return
    for seat in range(state.players):
        value = game.evaluate(state, seat)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            report.fail(f"{where}: evaluate(state, {seat}) returned {value!r}, not a finite number")
        elif abs(value) > 1.0 + 1e-9:
            report.note(
                f"evaluate() returned {value:g}: the generic agents clamp values to [-1, 1], "
                "so larger values all look the same"
            )


def _check_forcing(state: GameState, report: Report, where: str) -> None:
    """``forcing_moves()`` (the generic search plays them past its depth) is None or legal moves."""
    if type(state).forcing_moves is GameState.forcing_moves or state.outcome is not None:
        return
    forcing = state.forcing_moves()
    if forcing is None:
        return
    if not isinstance(forcing, list):
        report.fail(f"{where}: forcing_moves() returned a {type(forcing).__name__}, not a list or None")
        return
    for move in forcing:
        if not state.is_legal(move):
            report.fail(f"{where}: forcing_moves() names {move!r}, which is not a legal move")
            return


def _check_ai(game: GameDef, states: Sequence[GameState], seed: int, report: Report) -> int:
    """The greedy agent (one ply with ``evaluate``) picks a legal move; returns positions tried."""
    from tafel.ai.base import Limit
    from tafel.ai.greedy import GreedyAgent

    running = [s for s in states if s.outcome is None]
    step = max(1, len(running) // 6)
    tried = 0
    for i, state in enumerate(running[::step][:6]):
        agent = GreedyAgent(game)
        where = f"AI position {i + 1}"
        try:
            shown = state.view_for(state.to_move) if state.has_hidden_information else state
            move = agent.choose(shown, Limit(depth=1), random.Random(seed + i))
        except Exception as exc:
            _crash(report, where, "the greedy agent", exc)
            continue
        tried += 1
        if not shown.is_legal(move):
            report.fail(f"{where}: the greedy agent chose {move!r}, not a legal move")
    return tried
