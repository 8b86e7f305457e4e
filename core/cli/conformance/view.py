"""The renderer check: every state drawn at several window sizes, animations, input."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from tafel.cli.conformance.report import (
    _ANIMATION_LIMIT,
    _MARGIN,
    _SENTINEL,
    WINDOW_SIZES,
    Report,
    _crash,
    _Run,
)
from tafel.game import GameDef, GameState, Options

if TYPE_CHECKING:
    import pygame

    from tafel.ui.theme import Theme
    from tafel.view import BoardView, ViewContext

    #: How the renderer check makes a frame's context: theme, ply, run, shown state, interactive.
    ContextMaker = Callable[[Theme, int, _Run, GameState, bool], ViewContext]

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


def _input_events(rect: pygame.Rect) -> list[pygame.event.Event]:
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


def _overflow(surface: pygame.Surface, rect: pygame.Rect) -> int:
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
    alternate between the default and the colour-blind palette. The side panel's lines
    (``status()`` and ``describe()``) must be strings, none given twice.
    """
    if game.view is None:
        return
    created = _ensure_display()
    try:
        view = _make_view(game, options, report)
        if view is None:
            return
        frames = _Frames(game, options, view, report)
        report.sizes = tuple(sizes)
        spills: dict[tuple[int, int], int] = {}
        for i, size in enumerate(sizes):
            frames.draw_runs(runs, size, i, spills)
        if spills:
            where = ", ".join(f"{w}x{h}" for w, h in spills)
            report.note(
                f"the board view draws up to {max(spills.values())} px outside the rectangle it is given "
                f"(at {where}); the core's side panel sits next to it"
            )
        if runs:
            _check_animation_and_input(view, runs[0], sizes[0], frames.context, frames.shown, report)
    finally:
        if created:
            import pygame

            pygame.display.quit()


def _make_view(game: GameDef, options: Options, report: Report) -> BoardView | None:
    """The game's board view for ``options``, or None (with a failure) when it cannot be made."""
    from tafel.view import BoardView

    try:
        made = game.view_class()
    except (ImportError, TypeError) as exc:
        report.fail(f"renderer: {str(exc).splitlines()[0]}")
        return None
    if not isinstance(made, type) or not issubclass(made, BoardView):
        report.fail(f"renderer: GameDef.view names {made!r}, not a BoardView subclass")
        return None
    try:
        return made(game, options)
    except Exception as exc:
        _crash(report, "renderer", f"{made.__name__}(game, options)", exc)
        return None


class _Frames:
    """Draws the states of the random games with a view, as the play screen would."""

    def __init__(self, game: GameDef, options: Options, view: BoardView, report: Report) -> None:
        from tafel.ui.fonts import Fonts

        self.game, self.view, self.report = game, view, report
        self.fonts = Fonts()
        self.names = game.names(options)
        self.seats = frozenset(range(len(self.names)))
        self.panel_ok = True  # one duplicate panel line is reported, not one a state

    def context(self, theme: Theme, k: int, run: _Run, state: GameState, interactive: bool) -> ViewContext:
        from tafel.view import ViewContext

        moves = state.legal_moves() if state.outcome is None else []
        return ViewContext(
            theme=theme.with_palette(self.game.palette),
            fonts=self.fonts,
            time=k * 0.1,
            human_seats=self.seats,
            seat_names=self.names,
            last_move=run.moves[k - 1] if k > 0 else None,
            previous=run.states[k - 1] if k > 0 else None,
            interactive=interactive,
            hint=moves[k % len(moves)] if moves and k % 3 == 0 else None,
            show_legal=k % 2 == 0,
            show_last=True,
            anim_speed=1.0,
        )

    @staticmethod
    def shown(state: GameState) -> GameState:
        if state.has_hidden_information and state.outcome is None:
            return state.view_for(state.to_move)
        return state

    def draw_runs(self, runs: Sequence[_Run], size: tuple[int, int], i: int, spills: dict) -> None:
        """Every state of ``runs`` at window ``size`` (the ``i``-th: themes alternate)."""
        import pygame

        from tafel.ui.theme import COLORBLIND, DEFAULT

        w, h = size
        theme = DEFAULT if i % 2 == 0 else COLORBLIND
        surface = pygame.Surface((w, h))
        rect = pygame.Rect(0, 0, w, h).inflate(-2 * _MARGIN, -2 * _MARGIN)
        where = f"renderer {w}x{h}"
        try:
            self.view.layout(rect.copy())
            for g, run in enumerate(runs):
                self.view.reset(run.states[0])
                for k, full in enumerate(run.states):
                    where = f"renderer {w}x{h} game {g + 1} ply {k}"
                    self._draw_one(
                        surface,
                        rect,
                        run,
                        k,
                        full,
                        theme,
                        where,
                        spills if k in (0, len(run.states) - 1) else None,
                    )
                    if i == 0:
                        self._check_panel(
                            self.shown(full), self.context(theme, k, run, self.shown(full), False), where
                        )
        except Exception as exc:
            _crash(self.report, where, "the board view", exc)

    def _draw_one(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        run: _Run,
        k: int,
        full: GameState,
        theme: Theme,
        where: str,
        spills: dict | None,
    ) -> None:
        state = self.shown(full)
        text = state.to_text()
        surface.fill(_SENTINEL)
        self.view.draw(surface, state, self.context(theme, k, run, state, False))
        self.report.frames += 1
        if state.to_text() != text:
            self.report.fail(f"{where}: draw() changed the state")
        if spills is not None:
            spill = _overflow(surface, rect)
            if spill > 2:
                size = surface.get_size()
                spills[size] = max(spill, spills.get(size, 0))

    def _check_panel(self, state: GameState, ctx: ViewContext, where: str) -> None:
        from tafel.cli.conformance.contracts import check_panel_lines, panel_lines

        lines = self.view.status(state, ctx)
        if not isinstance(lines, list) or not all(isinstance(s, str) for s in lines):
            self.report.fail(f"{where}: status() returned {lines!r}, not a list of strings")
            return
        if self.panel_ok:
            self.panel_ok = check_panel_lines(
                panel_lines(self.view, state, ctx, self.game), where, self.report
            )


def _check_animation_and_input(
    view: BoardView,
    run: _Run,
    size: tuple[int, int],
    context: ContextMaker,
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
