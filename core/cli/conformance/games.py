"""Seeded random games through the whole state API (:func:`check_game`), and everything as
``check`` runs it (:func:`check_game_fully`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from tafel.cli.conformance.contracts import AgentMaker, check_seat_colors, check_values, generic_levels
from tafel.cli.conformance.report import _PLAY_ALL_LIMIT, _STALE_LIMIT, WINDOW_SIZES, Report, _crash, _Run
from tafel.cli.conformance.states import (
    _check_ai,
    _check_definition,
    _check_evaluate,
    _check_forcing,
    _check_moves_play,
    _check_refuses,
    _check_state,
)
from tafel.cli.conformance.view import check_view
from tafel.game import GameDef, GameError, GameState, Move, Options

# --- the game loop -------------------------------------------------------------------------------


def check_game(
    game: GameDef,
    options: Options | None = None,
    *,
    games: int = 3,
    seed: int = 1,
    max_plies: int = 400,
    deep_every: int = 1,
    on_state: Callable[[GameState], None] | None = None,
    view: bool = False,
    sizes: Sequence[tuple[int, int]] = WINDOW_SIZES,
    ai: bool = False,
    thorough: bool = False,
    progress: Callable[[str], None] | None = None,
    levels: dict[str, AgentMaker] | None = None,
) -> Report:
    """Play ``games`` seeded random games of ``game`` and check every state reached.

    ``deep_every`` > 1 checks notation (and plays every listed move) on only every n-th
    state, for long games. ``on_state`` is called with each state. ``view=True`` also checks
    the renderer at ``sizes`` (see :func:`check_view`); ``ai=True`` lets the greedy agent
    choose in a few positions and each level value a few (``levels``: level name -> a maker
    of the game's agent; default the generic levels). The seat colours are checked on the panel.
    """
    try:
        options = game.resolve_options(options)
    except GameError as exc:
        report = Report(game.id)
        report.fail(f"options: {exc}")
        return report
    report = Report(game.id)
    _check_definition(game, options, report)
    runs: list[_Run] = []
    for g in range(games):
        if progress is not None:
            progress(f"random game {g + 1} of {games}")
        run = _play_one(game, options, g, seed, max_plies, deep_every, on_state, report, thorough)
        if run is not None:
            runs.append(run)
    if runs:
        check_seat_colors(game, options, runs, report)
    if ai and runs:
        tried = _check_ai(game, [s for r in runs for s in r.states], seed, report)
        report.parts.append(f"AI: the greedy agent chose legal moves in {tried} positions")
        if progress is not None:
            progress("the AI levels' values")
        valued = check_values(game, runs, seed, report, levels or generic_levels(game))
        report.parts.append(f"AI: the levels valued {valued} positions on the scale [0, 1]")
    if view and runs:
        if progress is not None:
            progress("the board view at " + ", ".join(f"{w}x{h}" for w, h in sizes))
        check_view(game, options, runs, report, sizes)
    return report


def _play_one(
    game: GameDef,
    options: Options,
    g: int,
    seed: int,
    max_plies: int,
    deep_every: int,
    on_state: Callable[[GameState], None] | None,
    report: Report,
    thorough: bool = False,
) -> _Run | None:
    """One seeded random game, every state checked on the way; then the game as a whole."""
    game_seed = seed + g if game.random_setup else None
    start = _start(game, options, g, game_seed, report)
    if start is None:
        return None
    run = _Run([start], [])
    walk = _Walk(game, options, run, random.Random(seed + g), g, report, thorough)
    try:
        walk.play(max_plies, deep_every, on_state)
    except _Crashed:
        report.games += 1
        return None
    report.games += 1
    _check_whole_game(game, options, walk, game_seed)
    return run


class _Crashed(Exception):
    """The game's own code crashed during a random game (reported already)."""


def _start(
    game: GameDef, options: Options, g: int, game_seed: int | None, report: Report
) -> GameState | None:
    try:
        start = game.new_state(options, game_seed)
    except Exception as exc:
        _crash(report, f"game {g + 1}", "new_state", exc)
        return None
    if not isinstance(start, GameState):
        report.fail(f"game {g + 1}: new_state returned a {type(start).__name__}, not a GameState")
        return None
    seats = game.seats(options)
    if start.players != seats:
        report.fail(f"game {g + 1}: the start state has {start.players} players, seat_count says {seats}")
    return start


class _Walk:
    """One random game as it is played: its run, and the position and move texts as they were
    when played (what undo and the replay compare against)."""

    def __init__(
        self,
        game: GameDef,
        options: Options,
        run: _Run,
        rng: random.Random,
        g: int,
        report: Report,
        thorough: bool,
    ) -> None:
        self.game, self.options, self.run, self.rng, self.g, self.report = game, options, run, rng, g, report
        # By default long move lists are sampled (a creation phase can list 100,000 moves);
        # ``thorough`` plays every listed move and tries every stale one.
        self.play_limit: int | None = None if thorough else _PLAY_ALL_LIMIT
        self.stale_limit: int | None = None if thorough else _STALE_LIMIT
        self.texts = [run.states[0].to_text()]
        self.played: list[str] = []

    def play(self, max_plies: int, deep_every: int, on_state: Callable[[GameState], None] | None) -> None:
        """Random moves, each state checked; raises _Crashed when the game's code crashes."""
        stale: list[Move] = []
        state, where, report = self.run.states[0], f"game {self.g + 1} ply 0", self.report
        try:
            for ply in range(max_plies):
                where = f"game {self.g + 1} ply {ply}"
                deep = ply % deep_every == 0 or state.outcome is not None
                if deep:
                    self._check(state, stale, where)
                if on_state is not None:
                    on_state(state)
                moves = state.legal_moves()
                if not moves:
                    break
                if deep:
                    _check_moves_play(state, self.rng, report, where, self.play_limit)
                nxt = self._step(state, self.rng.choice(moves), where)
                if nxt is None:
                    break
                stale, state = moves, nxt
                report.plies += 1
        except Exception as exc:  # the game's own code crashed: report where, go on with the next game
            _crash(report, where, "the game", exc)
            raise _Crashed from exc

    def _check(self, state: GameState, stale: list[Move], where: str) -> None:
        _check_state(self.game, self.options, state, self.report, where)
        _check_evaluate(self.game, state, self.report, where)
        _check_forcing(state, self.report, where)
        if stale:
            _check_refuses(state, stale, self.report, where, self.stale_limit)

    def _step(self, state: GameState, move: Move, where: str) -> GameState | None:
        """Play ``move``: the next state, checking that the old one stays and play_unchecked agrees."""
        before, text, report = state.to_text(), state.move_to_text(move), self.report
        try:
            nxt = state.play(move)
        except GameError as exc:
            report.fail(f"{where}: legal move {text} raised {exc}")
            return None
        if state.to_text() != before:
            report.fail(f"{where}: play({text}) changed the old state")
        if nxt.to_text() != state.play_unchecked(move).to_text():
            report.fail(f"{where}: play_unchecked({text}) gives another state than play({text})")
        self.played.append(text)
        self.run.states.append(nxt)
        self.run.moves.append(move)
        self.texts.append(nxt.to_text())
        return nxt


def _check_whole_game(game: GameDef, options: Options, walk: _Walk, game_seed: int | None) -> None:
    """The end state, the states unchanged (undo), the replay of the move texts, the seeded start."""
    states, report, g = walk.run.states, walk.report, walk.g
    try:
        if states[-1].outcome is not None:
            report.finished += 1
            _check_state(game, options, states[-1], report, f"game {g + 1} end")
        # Undo shows an earlier state of the list again: each must still be what it was.
        for i, (s, text) in enumerate(zip(states, walk.texts, strict=True)):
            if s.to_text() != text:
                report.fail(f"game {g + 1}: the state after move {i} changed later (undo would show another)")
                break
        _check_replay(states[0], walk.played, walk.texts, walk.run, g, report)
        # A fresh start with the same seed must be the same game (seeded setups are reproducible).
        if game.new_state(options, game_seed).to_text() != states[0].to_text():
            report.fail(f"game {g + 1}: the start position is not reproducible from its seed")
    except Exception as exc:
        _crash(report, f"game {g + 1} end", "the game", exc)


def _check_replay(
    start: GameState, played: list[str], texts: list[str], run: _Run, g: int, report: Report
) -> None:
    """Replaying the texts must give the same states: undo, saves and the AI worker rely on it."""
    replay = start
    for i, text in enumerate(played):
        try:
            replay = replay.play(replay.parse_move(text))
        except GameError as exc:
            report.fail(f"game {g + 1}: replaying move {i + 1} ({text}) failed: {exc}")
            return
        if replay.to_text() != texts[i + 1] or (replay.outcome is None) != (
            run.states[i + 1].outcome is None
        ):
            report.fail(f"game {g + 1}: replaying move {i + 1} ({text}) gave another state")
            return


# --- everything, as `python main.py check GAME` runs it ------------------------------------------


def option_variants(game: GameDef) -> list[tuple[str, Options]]:
    """Every non-default value of each choice and bool option, and the ends of int ranges.

    >>> from tafel.game import Option
    >>> g = GameDef("g", "G", "", 2, 2, None, None, options=(Option("big", "Big", "bool", False),))
    >>> option_variants(g)
    [('big=on', {'big': True})]
    """
    out = []
    for opt in game.options:
        if opt.kind == "choice":
            values = [v for v, _ in opt.choices]
        elif opt.kind == "bool":
            values = [True, False]
        elif opt.kind == "int":
            values = [v for v in (opt.minimum, opt.maximum) if v is not None]
        else:
            values = []
        for value in values:
            if value != opt.default:
                out.append(
                    (f"{opt.key}={opt.label_of(value) if opt.kind == 'bool' else value}", {opt.key: value})
                )
    return out


def check_game_fully(
    game: GameDef,
    options: Options | None = None,
    *,
    games: int = 3,
    seed: int = 1,
    max_plies: int = 400,
    view: bool = True,
    sizes: Sequence[tuple[int, int]] = WINDOW_SIZES,
    variants: bool = True,
    thorough: bool = False,
    progress: Callable[[str], None] | None = None,
    levels: dict[str, AgentMaker] | None = None,
) -> Report:
    """:func:`check_game` with the renderer and the AI, then one short game per option variant.

    ``progress`` is told each part as it starts (``check`` prints it); ``thorough`` plays every
    listed move of every position instead of a sample (the long version, ``check --thorough``).
    """
    report = check_game(
        game,
        options,
        games=games,
        seed=seed,
        max_plies=max_plies,
        view=view,
        sizes=sizes,
        ai=True,
        thorough=thorough,
        progress=progress,
        levels=levels,
    )
    if variants and not options:
        for label, values in option_variants(game):
            if progress is not None:
                progress(f"option {label}")
            other = check_game(
                game,
                values,
                games=1,
                seed=seed,
                max_plies=min(max_plies, 80),
                deep_every=2,
                thorough=thorough,
            )
            report.merge(other, f"option {label}")
    return report
