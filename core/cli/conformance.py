"""The shared conformance suite every game must pass.

It plays seeded random games through the whole state API and checks what the core relies
on:

- the definition: option defaults valid, seat count and names agree with the start state;
- moves exist exactly while the game runs, every listed move plays (legal moves stay legal),
  a move that is not listed is refused with a :class:`tafel.game.GameError`, ``legal_moves``
  is stable, ``play_unchecked`` agrees with ``play``;
- ``play`` leaves the old state untouched, and every state of a game still reads the same at
  its end (undo goes back to the very same state); replaying the move texts reproduces every
  state (so undo, saves and the AI worker see the same game);
- move and position notation round-trip, bad text is rejected with a GameError;
- outcomes are well formed (one reward per seat in [0, 1], a reason, scores per seat);
- ``evaluate`` (for the generic agents) returns finite numbers, and the greedy agent picks
  legal moves;
- the renderer (``view=True``): the board view draws every state reached at several window
  sizes without error and without changing the state, plays every move's animation to its
  end, answers a few clicks and key presses with legal moves only, and gives side-panel
  lines as strings.

A crash in the game's code is a failure naming the place (``rules.py:88 in legal_moves``),
never an exception out of :func:`check_game`. ``python main.py check GAME`` runs
:func:`check_game_fully` and prints :meth:`Report.lines`.

>>> from tafel.plugins import load_registry
>>> registry = load_registry()
>>> report = check_game(registry.game(sorted(registry.games)[0]), games=1, max_plies=30)
>>> report.ok, report.failures
(True, [])
"""

from __future__ import annotations

import math
import random
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tafel.game import GameDef, GameError, GameState, Move, Options, Outcome

#: Window sizes the renderer is checked at: wide, classic, portrait and tiny.
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1600, 900), (1024, 768), (480, 800), (240, 180))
#: Pixels around the board rectangle where drawing is measured (spills are reported as a note).
_MARGIN = 16
_SENTINEL = (1, 254, 3)
#: A move animation longer than this (simulated seconds) never ends.
_ANIMATION_LIMIT = 10.0
#: At most this many legal moves of a position are each played (large move lists are sampled).
_PLAY_ALL_LIMIT = 48
#: At most this many moves of the previous position are looked at for refusals.
_STALE_LIMIT = 2000


@dataclass
class Report:
    """What :func:`check_game` found. ``ok`` when there is no failure; notes never fail a check."""

    game: str
    games: int = 0
    plies: int = 0
    finished: int = 0
    failures: list[str] = field(default_factory=list)
    #: Things worth knowing that do not break the core (no rules text, no evaluate, ...).
    notes: list[str] = field(default_factory=list)
    #: Frames the renderer drew, and at which window sizes.
    frames: int = 0
    sizes: tuple[tuple[int, int], ...] = ()
    #: One line per extra part checked ("option layout=pillars: 1 random game, 40 moves").
    parts: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures

    def fail(self, text: str) -> None:
        if len(self.failures) < 20 and text not in self.failures:
            self.failures.append(text)

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)

    def summary(self) -> str:
        s = "" if self.games == 1 else "s"
        return f"{self.games} random game{s}, {self.plies} moves, {self.finished} finished"

    def merge(self, other: Report, label: str) -> None:
        """Add the findings of a check with other options, under ``label``."""
        self.parts.append(f"{label}: {other.summary()}" + ("" if other.ok else " FAILED"))
        for text in other.failures:
            self.fail(f"[{label}] {text}")
        for text in other.notes:
            self.note(text)

    def lines(self) -> list[str]:
        head = f"{self.game}: {self.summary()}"
        out = [head]
        if self.sizes:
            sizes = ", ".join(f"{w}x{h}" for w, h in self.sizes)
            out.append(f"renderer: {self.frames} frames drawn at {sizes}")
        out += self.parts
        out += ["note: " + n for n in self.notes]
        if self.ok:
            return [*out, "conformance: ok"]
        return [*out, *("FAIL " + f for f in self.failures), f"conformance: {len(self.failures)} failure(s)"]


def _where_in_code(exc: BaseException) -> str:
    """``file.py:12 in name`` for the innermost frame, so an author sees where their code broke."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return ""
    last = frames[-1]
    return f" ({Path(last.filename).name}:{last.lineno} in {last.name})"


def _crash(report: Report, where: str, what: str, exc: BaseException) -> None:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    report.fail(
        f"{where}: {what} raised {type(exc).__name__}{': ' + text if text else ''}{_where_in_code(exc)}"
    )


# --- the definition ------------------------------------------------------------------------------


def _check_definition(game: GameDef, options: Options, report: Report) -> None:
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
    for label, move in state.meta_moves():
        # Meta moves (resign, a draw offer) are played like moves, listed or not in legal_moves().
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


def _check_moves_play(state: GameState, rng: random.Random, report: Report, where: str) -> None:
    """Every listed move plays and leaves ``state`` as it was (sampled for long move lists)."""
    moves = state.legal_moves()
    if len(moves) > _PLAY_ALL_LIMIT:
        moves = rng.sample(moves, _PLAY_ALL_LIMIT)
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


def _check_refuses(state: GameState, stale: Sequence[Move], report: Report, where: str) -> None:
    """Moves legal a ply ago but not now must be refused: ``play`` checks legality, and
    ``is_legal`` agrees with ``legal_moves``."""
    current = set(state.legal_moves())
    tried = 0
    for move in stale[:_STALE_LIMIT]:
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


# --- the game loop -------------------------------------------------------------------------------


@dataclass
class _Run:
    """One random game: its states and the moves between them."""

    states: list[GameState]
    moves: list[Move]


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
) -> Report:
    """Play ``games`` seeded random games of ``game`` and check every state reached.

    ``deep_every`` > 1 checks notation (and plays every listed move) on only every n-th
    state, for long games. ``on_state`` is called with each state. ``view=True`` also checks
    the renderer at ``sizes`` (see :func:`check_view`); ``ai=True`` lets the greedy agent
    choose in a few positions.
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
        run = _play_one(game, options, g, seed, max_plies, deep_every, on_state, report)
        if run is not None:
            runs.append(run)
    if ai and runs:
        tried = _check_ai(game, [s for r in runs for s in r.states], seed, report)
        report.parts.append(f"AI: the greedy agent chose legal moves in {tried} positions")
    if view and runs:
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
) -> _Run | None:
    rng = random.Random(seed + g)
    game_seed = seed + g if game.random_setup else None
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
    state = start
    played: list[str] = []
    run = _Run([start], [])
    texts = [start.to_text()]
    stale: list[Move] = []
    where = f"game {g + 1} ply 0"
    try:
        for ply in range(max_plies):
            where = f"game {g + 1} ply {ply}"
            deep = ply % deep_every == 0 or state.outcome is not None
            if deep:
                _check_state(game, options, state, report, where)
                _check_evaluate(game, state, report, where)
                if stale:
                    _check_refuses(state, stale, report, where)
            if on_state is not None:
                on_state(state)
            moves = state.legal_moves()
            if not moves:
                break
            if deep:
                _check_moves_play(state, rng, report, where)
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
            if nxt.to_text() != state.play_unchecked(move).to_text():
                report.fail(f"{where}: play_unchecked({text}) gives another state than play({text})")
            stale = moves
            played.append(text)
            run.states.append(nxt)
            run.moves.append(move)
            texts.append(nxt.to_text())
            state = nxt
            report.plies += 1
    except Exception as exc:  # the game's own code crashed: report where, go on with the next game
        _crash(report, where, "the game", exc)
        report.games += 1
        return None
    report.games += 1
    try:
        if state.outcome is not None:
            report.finished += 1
            _check_state(game, options, state, report, f"game {g + 1} end")
        # Undo shows an earlier state of the list again: each must still be what it was.
        for i, (s, text) in enumerate(zip(run.states, texts, strict=True)):
            if s.to_text() != text:
                report.fail(f"game {g + 1}: the state after move {i} changed later (undo would show another)")
                break
        # Replaying the texts must give the same states: that is what undo, saves and the AI
        # worker rely on.
        replay = start
        for i, text in enumerate(played):
            try:
                replay = replay.play(replay.parse_move(text))
            except GameError as exc:
                report.fail(f"game {g + 1}: replaying move {i + 1} ({text}) failed: {exc}")
                break
            if replay.to_text() != texts[i + 1] or (replay.outcome is None) != (
                run.states[i + 1].outcome is None
            ):
                report.fail(f"game {g + 1}: replaying move {i + 1} ({text}) gave another state")
                break
        # A fresh start with the same seed must be the same game (seeded setups are reproducible).
        if game.new_state(options, game_seed).to_text() != start.to_text():
            report.fail(f"game {g + 1}: the start position is not reproducible from its seed")
    except Exception as exc:
        _crash(report, f"game {g + 1} end", "the game", exc)
    return run


# --- the renderer --------------------------------------------------------------------------------


def _ensure_display() -> bool:
    """Views may ``convert()`` surfaces, which needs a display mode: make a hidden one if none is
    set. Returns True when this call created it (the caller closes it again)."""
    import pygame

    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return False
    pygame.display.init()
    pygame.display.set_mode((64, 64), pygame.HIDDEN)
    return True


def _input_events(rect: Any) -> list[Any]:
    """Pointer moves and clicks on a 3x3 grid over the board, then arrow keys and Enter."""
    import pygame

    events = []
    for fy in (0.25, 0.5, 0.75):
        for fx in (0.25, 0.5, 0.75):
            pos = (rect.x + int(rect.width * fx), rect.y + int(rect.height * fy))
            events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            events.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    for key in (
        pygame.K_RIGHT,
        pygame.K_UP,
        pygame.K_RETURN,
        pygame.K_LEFT,
        pygame.K_DOWN,
        pygame.K_RETURN,
        pygame.K_SPACE,
        pygame.K_BACKSPACE,
    ):
        events.append(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    return events


def _overflow(surface: Any, rect: Any) -> int:
    """How many pixels the drawing reaches beyond ``rect`` (0 when it stays inside)."""
    import pygame

    # Faint pixels (the soft edge of a drop shadow) do not count.
    mask = pygame.mask.from_threshold(surface, _SENTINEL, (48, 48, 48, 255))
    mask.invert()
    boxes = mask.get_bounding_rects()
    if not boxes:
        return 0
    box = boxes[0].unionall(boxes[1:])
    return max(0, rect.left - box.left, box.right - rect.right, rect.top - box.top, box.bottom - rect.bottom)


def check_view(
    game: GameDef,
    options: Options,
    runs: Sequence[_Run],
    report: Report,
    sizes: Sequence[tuple[int, int]] = WINDOW_SIZES,
) -> None:
    """Draw every state of ``runs`` at each window size, play the move animations, send input.

    Each size is a whole window; the view gets it less a small margin, which it must leave
    alone (a note otherwise: the core draws the side panel next to the board). Themes
    alternate between the default and the colour-blind palette.
    """
    if game.view is None:
        return
    import pygame

    from tafel.ui.fonts import Fonts
    from tafel.ui.theme import COLORBLIND, DEFAULT
    from tafel.view import BoardView, ViewContext

    created = _ensure_display()
    try:
        try:
            made = game.view_class()
        except (ImportError, TypeError) as exc:
            report.fail(f"renderer: {str(exc).splitlines()[0]}")
            return
        if not isinstance(made, type) or not issubclass(made, BoardView):
            report.fail(f"renderer: GameDef.view names {made!r}, not a BoardView subclass")
            return
        try:
            view = made(game, options)
        except Exception as exc:
            _crash(report, "renderer", f"{made.__name__}(game, options)", exc)
            return
        fonts = Fonts()
        names = game.names(options)
        seats = frozenset(range(len(names)))
        report.sizes = tuple(sizes)
        spills: dict[tuple[int, int], int] = {}

        def context(theme: Any, k: int, run: _Run, state: GameState, interactive: bool) -> Any:
            moves = state.legal_moves() if state.outcome is None else []
            return ViewContext(
                theme=theme,
                fonts=fonts,
                time=k * 0.1,
                human_seats=seats,
                seat_names=names,
                last_move=run.moves[k - 1] if k > 0 else None,
                previous=run.states[k - 1] if k > 0 else None,
                interactive=interactive,
                hint=moves[k % len(moves)] if moves and k % 3 == 0 else None,
                show_legal=k % 2 == 0,
                show_last=True,
                anim_speed=1.0,
            )

        def shown(state: GameState) -> GameState:
            if state.has_hidden_information and state.outcome is None:
                return state.view_for(state.to_move)
            return state

        for i, (w, h) in enumerate(sizes):
            theme = DEFAULT if i % 2 == 0 else COLORBLIND
            surface = pygame.Surface((w, h))
            rect = pygame.Rect(0, 0, w, h).inflate(-2 * _MARGIN, -2 * _MARGIN)
            where = f"renderer {w}x{h}"
            try:
                view.layout(rect.copy())
                for g, run in enumerate(runs):
                    view.reset(run.states[0])
                    for k, full in enumerate(run.states):
                        where = f"renderer {w}x{h} game {g + 1} ply {k}"
                        state = shown(full)
                        ctx = context(theme, k, run, state, False)
                        text = state.to_text()
                        surface.fill(_SENTINEL)
                        view.draw(surface, state, ctx)
                        report.frames += 1
                        if state.to_text() != text:
                            report.fail(f"{where}: draw() changed the state")
                        if k in (0, len(run.states) - 1):
                            spill = _overflow(surface, rect)
                            if spill > 2:
                                spills[(w, h)] = max(spill, spills.get((w, h), 0))
                        if i == 0:
                            lines = view.status(state, ctx)
                            if not isinstance(lines, list) or not all(isinstance(s, str) for s in lines):
                                report.fail(f"{where}: status() returned {lines!r}, not a list of strings")
            except Exception as exc:
                _crash(report, where, "the board view", exc)
                continue
        if spills:
            where = ", ".join(f"{w}x{h}" for w, h in spills)
            report.note(
                f"the board view draws up to {max(spills.values())} px outside the rectangle it is given "
                f"(at {where}); the core's side panel sits next to it"
            )
        if runs:
            _check_animation_and_input(view, runs[0], sizes[0], context, shown, report)
    finally:
        if created:
            pygame.display.quit()


def _check_animation_and_input(
    view: Any,
    run: _Run,
    size: tuple[int, int],
    context: Callable[..., Any],
    shown: Callable[[GameState], GameState],
    report: Report,
) -> None:
    import pygame

    from tafel.ui.theme import DEFAULT

    w, h = size
    surface = pygame.Surface(size)
    rect = pygame.Rect(0, 0, w, h).inflate(-2 * _MARGIN, -2 * _MARGIN)
    view.layout(rect.copy())
    view.reset(run.states[0])
    where = "renderer animation"
    try:
        for k, move in enumerate(run.moves[:60], start=1):
            before, after = shown(run.states[k - 1]), shown(run.states[k])
            where = f"renderer animation of move {k}"
            view.on_move(before, move, after)
            sound = view.sound_for(before, move, after) if hasattr(view, "sound_for") else None
            if sound is not None and not isinstance(sound, str):
                report.fail(f"{where}: sound_for returned {sound!r}, not a sound name or None")
            ctx = context(DEFAULT, k, run, after, False)
            t = 0.0
            step = 0
            while view.animating and t < _ANIMATION_LIMIT:
                view.update(1 / 30)
                t += 1 / 30
                step += 1
                if step % 4 == 1:
                    view.draw(surface, after, ctx)
                    report.frames += 1
            if view.animating:
                report.fail(f"{where}: the animation still runs after {_ANIMATION_LIMIT:g} s")
                break
    except Exception as exc:
        _crash(report, where, "the board view", exc)
        return
    events = _input_events(rect)
    where = "renderer input"
    try:
        for k, full in enumerate(run.states):
            state = shown(full)
            if k % 5 or state.outcome is not None or state.is_forced_pass():
                continue
            where = f"renderer input at ply {k}"
            view.reset(state)
            ctx = context(DEFAULT, k, run, state, True)
            # A view may offer the meta moves (resign, a draw offer) too, as buttons of its own.
            meta = [m for _label, m in state.meta_moves()]
            for event in events:
                move = view.handle_event(event, state, ctx)
                if move is not None and not state.is_legal(move) and move not in meta:
                    report.fail(f"{where}: handle_event returned {move!r}, not a legal move")
                    return
                bool(view.has_selection)
            view.draw(surface, state, ctx)
            report.frames += 1
    except Exception as exc:
        _crash(report, where, "the board view", exc)


# --- everything, as `python main.py check GAME` runs it ------------------------------------------


def option_variants(game: GameDef) -> list[tuple[str, dict[str, Any]]]:
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
) -> Report:
    """:func:`check_game` with the renderer and the AI, then one short game per option variant."""
    report = check_game(
        game, options, games=games, seed=seed, max_plies=max_plies, view=view, sizes=sizes, ai=True
    )
    if variants and not options:
        for label, values in option_variants(game):
            other = check_game(game, values, games=1, seed=seed, max_plies=min(max_plies, 80), deep_every=2)
            report.merge(other, f"option {label}")
    return report
