"""AxxA on screen, headless: whole solo games driven by synthetic mouse and keyboard events, first
on the view alone, then through the real play scene."""

import datetime
import random

import pygame
import pytest

from tafel import Limit
from tafel.games.axxa import GAME
from tafel.games.axxa.board import SIZE, xy
from tafel.games.axxa.rules import KEEP, PAYMENT, REMOVE, ROTATE, SHIFT, TAKE, TURN, AxxaState
from tafel.games.axxa.solver import AxxaSolver
from tafel.games.axxa.view import AxxaView
from tafel.match import StartRequest
from tafel.ui.app import App
from tafel.ui.fonts import Fonts
from tafel.ui.scenes.play import PlayScene
from tafel.ui.theme import DEFAULT
from tafel.view import ViewContext
from tests.kit import key as press
from tests.ui_toygame import click, key, run_until


def events_for_mouse(view: AxxaView, state: AxxaState, move) -> list[list[pygame.event.Event]]:
    """The clicks (one list of events per click) that should make the view return ``move``."""
    if move.kind == SHIFT:
        return [click(view.cell_center(c)) for c in move.cells]
    if move.kind == PAYMENT:
        return [click(view.cell_center(move.cells[0]))]
    if move.kind == REMOVE:
        return [click(view.cell_center(c)) for c in move.cells]
    return [[press(pygame.K_t if move.kind == ROTATE else pygame.K_k)]]


def keyboard_path(view: AxxaView, target: int) -> list[int]:
    """Arrow keys that take the view's cursor to ``target`` (simulated on the view's own rule)."""
    keys = []
    cur = view.cursor.cell
    for _ in range(30):
        if cur == target:
            return keys
        cx, cy = xy(cur)
        tx, ty = xy(target)
        options = []
        if tx != cx:
            options.append((pygame.K_RIGHT if tx > cx else pygame.K_LEFT, (1 if tx > cx else -1, 0)))
        if ty != cy:
            options.append((pygame.K_UP if ty > cy else pygame.K_DOWN, (0, 1 if ty > cy else -1)))
        for k, (dx, dy) in options:
            nxt = view.grid.step(cur, dx, dy)[0]
            if nxt != cur and abs(xy(nxt)[0] - tx) + abs(xy(nxt)[1] - ty) < abs(cx - tx) + abs(cy - ty):
                keys.append(k)
                cur = nxt
                break
        else:
            raise AssertionError("cursor cannot reach the target")
    assert cur == target
    return keys


def choose(agent: AxxaSolver, state: AxxaState, rng: random.Random):
    return agent.choose(state.view_for(state.to_move), Limit(nodes=2), rng)


@pytest.fixture(scope="module")
def surface():
    pygame.display.init()
    pygame.font.init()
    return pygame.Surface((1280, 800))


FONTS = Fonts(1.0)


def ctx(interactive: bool = True, t: float = 0.0) -> ViewContext:
    return ViewContext(theme=DEFAULT, fonts=FONTS, time=t, interactive=interactive, seat_names=["Solo"])


@pytest.mark.parametrize("options", [{}, {"rotation": "choice"}])
def test_whole_solo_game_on_the_view(surface, options):
    """Mouse for most moves, the keyboard cursor for every third stack move; every frame drawn."""
    opts = GAME.resolve_options({**options, "seed": 12})
    view = AxxaView(GAME, opts)
    view.layout(pygame.Rect(0, 0, 900, 800))
    state = GAME.new_state(opts, None)
    agent = AxxaSolver("easy")
    rng = random.Random(1)
    view.reset(state.view_for(0))
    plies = 0
    kinds = set()
    while state.outcome is None:
        c = ctx(t=plies * 0.1)
        shown = state.view_for(0)
        view.draw(surface, shown, c)
        move = choose(agent, state, rng)
        kinds.add(move.kind)
        got = None
        if move.kind == SHIFT and plies % 3 == 0:
            # Keyboard: the first arrow shows the cursor, then walk it to the stack and the target.
            assert view.handle_event(press(pygame.K_RIGHT), shown, c) is None
            for cell in move.cells:
                for k in keyboard_path(view, cell):
                    assert view.handle_event(press(k), shown, c) is None
                got = view.handle_event(press(pygame.K_RETURN), shown, c)
                view.draw(surface, shown, c)
        else:
            for events in events_for_mouse(view, shown, move):
                for e in events:
                    result = view.handle_event(e, shown, c)
                    if result is not None:
                        got = result
                view.draw(surface, shown, c)
        assert got == move, (state.to_text(), move.text())
        after = state.play(move)
        view.on_move(state, move, after)
        state = after
        for frame in range(100):
            view.draw(surface, state.view_for(0) if state.outcome is None else state, ctx(False, frame / 10))
            if not view.animating:
                break
            view.update(0.1)
        assert not view.animating
        plies += 1
    view.draw(surface, state, ctx(False))
    lines = view.status(state, ctx(False))
    assert lines[-1] == state.outcome.reason[0].upper() + state.outcome.reason[1:]
    assert SHIFT in kinds and PAYMENT in kinds
    if options:
        assert ROTATE in kinds or KEEP in kinds


def test_selection_shows_targets_and_escape_clears(surface):
    opts = GAME.resolve_options({"seed": 3})
    view = AxxaView(GAME, opts)
    view.layout(pygame.Rect(0, 0, 1024, 700))
    state = GAME.new_state(opts, None).view_for(0)
    c = ctx()
    frm = next(m.cells[0] for m in state.legal_moves())
    for e in click(view.cell_center(frm)):
        assert view.handle_event(e, state, c) is None
    assert view.selected == frm and view.has_selection
    view.draw(surface, state, c)
    view.handle_event(press(pygame.K_ESCAPE), state, c)
    assert not view.has_selection
    # A click on an empty space or off the board selects nothing.
    for e in click((2, 2)):
        view.handle_event(e, state, c)
    assert view.selected is None


def test_celebration_animates_for_a_good_move(surface):
    from tests.test_axxa_rules import position

    start = position({"b2": "21", "c2": "21", "c4": "[2]12", "g4": "6", "e7": "[33]3"})
    move = start.parse_move("c4-b3")
    after = start.play(move)
    assert after.chain == 2
    view = AxxaView(GAME, GAME.resolve_options({}))
    view.layout(pygame.Rect(0, 0, 1280, 800))
    view.on_move(start, move, after)
    assert view.animating and any(getattr(a, "title", "") == "Good move!" for a in view.motion.running)
    for frame in range(100):
        view.draw(surface, after.view_for(0) if after.outcome is None else after, ctx(False, frame / 10))
        if not view.animating:
            break
        view.update(0.1)
    assert not view.animating and frame > 10


def test_take_and_pay_by_clicks(surface):
    from tests.test_axxa_rules import play, position

    view = AxxaView(GAME, GAME.resolve_options({}))
    view.layout(pygame.Rect(0, 0, 1280, 800))
    s = play(position({"b2": "[2]1", "c2": "[3]1", "d2": "[4]1", "c4": "1", "g4": "6"}), "c4-c3")
    assert s.phase == TAKE
    c = ctx()
    # c2 lies in every possible triplet: no move yet; then d2 and b2 name exactly one.
    got = [
        view.handle_event(e, s, c) for e in click(view.cell_center(s.parse_move("take:b2,c2,d2").cells[1]))
    ]
    assert not any(got)
    view.draw(surface, s, c)
    got = [
        view.handle_event(e, s, c) for e in click(view.cell_center(s.parse_move("take:b2,c2,d2").cells[2]))
    ]
    assert not any(got)  # c2 and d2: still c2,d2,c3 or b2,c2,d2
    got = [
        view.handle_event(e, s, c) for e in click(view.cell_center(s.parse_move("take:b2,c2,d2").cells[0]))
    ]
    assert [g for g in got if g] == [s.parse_move("take:b2,c2,d2")]


@pytest.mark.parametrize(
    "options, seats",
    [({"seed": 31}, 1), ({"seed": 31, "mode": "competitive", "players": "teams"}, 4)],
    ids=["solo", "teams"],
)
def test_plays_through_the_real_play_scene(registry, options, seats):
    """A solo game, and a hot-seat game of two teams, in the arcade's play scene, every move a
    click or key press on the view."""
    request = StartRequest(game_id="axxa", options=options, players=["human"] * seats)
    app = App(registry, windowed=True, size=(1280, 800), start=request, strict=True)
    try:
        app.step()
        play = app.scenes.top
        assert isinstance(play, PlayScene) and play.match.game.id == "axxa"
        view = play.view
        agent = AxxaSolver("easy")
        rng = random.Random(4)
        plies = 0
        while play.match.state.outcome is None and plies < 300:
            # Big frame steps keep the test quick; the animations only need to finish.
            assert run_until(app, lambda: play.interactive, frames=200, dt=0.25)
            state = play.match.state
            shown = play.shown_state()
            assert shown.is_view or not shown.has_hidden_information  # the screen never gets hidden pieces
            move = choose(agent, state, rng)
            before = len(play.match.move_texts())
            if move.kind in (ROTATE, KEEP):
                app.step(events=[key(pygame.K_t if move.kind == ROTATE else pygame.K_k)])
            else:
                for events in events_for_mouse(view, shown, move):
                    app.step(events=events)
            assert len(play.match.move_texts()) == before + 1, move.text()
            assert play.match.move_texts()[-1] == move.text()
            plies += 1
        outcome = play.match.state.outcome
        assert outcome is not None
        app.run_frames(30)  # the game-over card comes up
        assert not app.errors
        if seats == 4:
            assert "team A" in outcome.reason and outcome.rewards[0] == outcome.rewards[2]
            assert any(line.startswith("Teams: A ") for line in view.status(play.match.state, play.ctx))
    finally:
        app.close()


def test_turn_buttons_by_mouse(surface):
    from tafel.games.axxa.rules import Rules
    from tests.test_axxa_rules import play, position

    s = play(position({"c1": "[12]3", "g5": "[11]1"}, rules=Rules(rotation_choice=True)), "c1-c4")
    assert s.phase == TURN
    view = AxxaView(GAME, GAME.resolve_options({"rotation": "choice"}))
    view.layout(pygame.Rect(0, 0, 1280, 800))
    c = ctx()
    view.draw(surface, s, c)
    turn_button, keep_button = view.turn_buttons  # the kit's buttons; each one's action gives its move
    keep_move = keep_button.activate()
    got = [view.handle_event(e, s, c) for e in click(keep_button.rect.center)]
    assert keep_move in got and keep_move.kind == KEEP
    assert SIZE == 7


def test_the_what_to_do_line_is_for_a_person_on_turn_only():
    """Issue 38, item 7: "pay with a face-up piece (click it)" (and every what-to-do line) is
    not shown during the AI's turn, in a replay or while looking back."""
    from dataclasses import replace

    from tafel.games.axxa import GAME
    from tafel.games.axxa.rules import AxxaState
    from tafel.games.axxa.view import TO_DO, AxxaView
    from tafel.testing import view_context

    view = AxxaView(GAME, GAME.resolve_options({}))
    state = AxxaState.deal(5)
    prompt = TO_DO[state.phase].format(n=state.due)
    person = view_context(human_seats=frozenset({state.to_move}))
    assert prompt in view.status(state, person)
    for ctx in (
        replace(person, human_seats=frozenset({1 - state.to_move})),  # the AI's turn
        replace(person, mode="replay"),
        replace(person, browsing=True),
    ):
        assert prompt not in view.status(state, ctx), ctx


def test_the_pieces_under_a_moved_stack_are_drawn_inside_its_tile_and_explained(monkeypatch):
    """Issue 38, item 6: a moved stack's known pieces below its top are small discs inside the
    top tile (no badge outside it); an unknown one among them says "?" (no unexplained disc)."""
    from tafel.games.axxa.rules import KNOWN
    from tafel.games.axxa.view import pieces
    from tafel.testing import view_context

    stacks = pieces.Stacks()
    stacks.cell = 90
    circles: list[tuple[tuple[int, int], int]] = []
    texts: list[str] = []
    monkeypatch.setattr(pieces.pygame.draw, "circle", lambda s, c, at, r, *a: circles.append((at, r)))
    monkeypatch.setattr(pieces, "label", lambda s, ctx, text, *a, **k: texts.append(text))
    center = (200, 200)
    for stack in [(2 | KNOWN, 4, 5 | KNOWN), (1 | KNOWN, 2 | KNOWN, 3, 4, 5, 6 | KNOWN)]:
        circles.clear(), texts.clear()
        stacks.buried(pygame.Surface((400, 400)), stack, center, view_context())
        size, _, top = stacks._sizes(len(stack), center[1])
        tile = pygame.Rect(0, 0, size, size)
        tile.center = (center[0], int(top))
        assert circles and texts[:2] == ["?", "2"] if len(stack) == 3 else texts
        for (x, y), r in circles:
            assert tile.contains(pygame.Rect(x - r, y - r, 2 * r, 2 * r)), (x, y, r, tile)


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 600)])
def test_the_daily_deal_number_fits_its_box(monkeypatch, size):
    """Issue 38, item 6: a daily deal is named by its day, inside the DEAL corner box; a long
    deal number shrinks to fit it."""
    from dataclasses import replace

    from tafel.games.axxa.view import board
    from tafel.kit import font
    from tafel.testing import view_context

    view = AxxaView(GAME, GAME.resolve_options({}))
    w, h = size
    view.layout(pygame.Rect(24, 24, int(w * 0.66), h - 48))
    drawn: list[tuple[str, float]] = []
    real = board.label

    def spy(surface, ctx, text, px, *args, **kwargs):
        drawn.append((text, px))
        return real(surface, ctx, text, px, *args, **kwargs)

    monkeypatch.setattr(board, "label", spy)
    from tafel import daily_seed

    day = datetime.date(2026, 12, 3)
    for seed, shown in ((daily_seed(day), "2026-12-03"), (1_999_999_999, "1999999999")):
        ctx = replace(view_context(), seed=seed)
        board.draw_corners(view, pygame.Surface(size), AxxaState.deal(seed), ctx)
        px = next(px for text, px in drawn if text == shown)
        assert font(ctx, px, bold=True).size(shown)[0] <= view.corner("br").width


def test_a_click_on_the_hinted_empty_space_plays_the_hinted_shift():
    """Issue 38, item 7: the hint marks where a stack goes; a click there (no stack picked)
    plays it; a click on another empty space still does nothing."""
    from dataclasses import replace

    from tafel.testing import view_context

    view = AxxaView(GAME, GAME.resolve_options({}))
    view.layout(pygame.Rect(0, 0, 1100, 800))
    state = AxxaState.deal(7)
    hint = next(m for m in state.legal_moves() if m.kind == SHIFT)
    frm, to = hint.cells
    ctx = replace(view_context(human_seats=frozenset({0})), hint=hint)
    other = next(c for c in state.destinations(frm) if c != to) if len(state.destinations(frm)) > 1 else None

    def click(cell):
        event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=view.cell_center(cell), button=1)
        return view.handle_event(event, state, ctx)

    if other is not None and not state.stacks[other]:
        assert click(other) is None
        view.clear()
    assert click(to) == hint


def test_the_hint_s_path_is_drawn_under_the_targets_chance_labels(monkeypatch):
    """Issue 38, item 6: the hint's line no longer crosses a target's "17%": the targets (with
    their labels on a small card) are drawn over the hint."""
    from dataclasses import replace

    from tafel.games.axxa.view import board
    from tafel.testing import view_context

    view = AxxaView(GAME, GAME.resolve_options({}))
    view.layout(pygame.Rect(0, 0, 1100, 800))
    state = AxxaState.deal(7)
    hint = next(m for m in state.legal_moves() if m.kind == SHIFT)
    order: list[str] = []
    for name in ("draw_hint", "draw_targets", "tag"):
        real = getattr(board, name)
        monkeypatch.setattr(board, name, lambda *a, _n=name, _r=real, **k: (order.append(_n), _r(*a, **k))[1])
    view.selected = hint.cells[0]
    ctx = replace(view_context(human_seats=frozenset({0})), hint=hint)
    view.draw(pygame.Surface((1100, 800)), state, ctx)
    assert "draw_hint" in order and "draw_targets" in order
    assert order.index("draw_hint") < order.index("draw_targets")
