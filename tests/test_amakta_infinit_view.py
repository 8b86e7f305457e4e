"""The Amakta Infinit screen, headless: the auction card, the piece editor and play under the camera,
driven with synthetic events, and a short game through the arcade's play scene."""

from __future__ import annotations

import pygame
import pytest

from tafel.games.amakta.rules.engine import Move
from tafel.games.amakta.rules.pieces import parse_layout
from tafel.games.amakta_infinit import GAME
from tafel.games.amakta_infinit.state import ACCEPT, CLOSE, DRAW_MOVES, InfinitState
from tafel.games.amakta_infinit.values import normal, value_of
from tafel.games.amakta_infinit.view import InfinitView, world
from tafel.match import Match
from tafel.ui.theme import DEFAULT
from tests.kit import ViewDriver, click, keydown, wheel
from tests.kit import view_context as ctx

PLAY = (
    "distance=4 points=30/30 phase=play white=0 sets=100100.200000/100000 closed=w/b turn=white "
    "cells=b1r0@4,0"
)


@pytest.fixture(scope="module")
def screen():
    pygame.init()
    yield pygame.display.set_mode((1200, 800))


class Driver(ViewDriver):
    """The kit's view driver on an Amakta Infinit view, with its widgets pressed by label."""

    def __init__(self, state: InfinitState, surface: pygame.Surface, size=(1200, 800), **kw) -> None:
        view = InfinitView(GAME, GAME.resolve_options({"distance": state.distance}))
        view.layout(pygame.Rect(0, 0, *size))
        super().__init__(view, state, surface, ctx(**kw))

    def widget(self, label: str):
        for w in self.view.widgets:
            if w.label == label:
                return w
        raise AssertionError(f"no widget {label!r} in {[w.label for w in self.view.widgets]}")

    def press(self, label: str, button: int = 1) -> Move | None:
        return self.send(click(self.widget(label).rect.center, button))


def created(white=60, bid=50) -> InfinitState:
    s = InfinitState.new(6, white)
    s = s.play(s.parse_move(f"bid:{bid}"))
    return s.play(s.parse_move("accept"))


# --- the auction ---------------------------------------------------------------------------------


def test_auction_with_the_mouse(screen):
    d = Driver(InfinitState.new(6, 60), screen)
    assert d.view.bid_value == 60  # the opening suggestion: White's points
    assert not d.widget("Accept (no bid yet)").enabled
    assert d.press("+1") is None and d.view.bid_value == 61
    d.press("-10")
    assert d.view.bid_value == 51
    move = d.press("Raise to 51")
    assert move == Move("bid", piece=51) and move in d.state.legal_moves()


def test_auction_with_the_keys(screen):
    s = InfinitState.new(6, 60).play(Move("bid", piece=40))
    d = Driver(s, screen)
    assert d.view.bid_value == 41
    d.send(keydown(pygame.K_UP) + keydown(pygame.K_PAGEUP))
    assert d.view.bid_value == 52
    d.send(keydown(pygame.K_7) + keydown(pygame.K_5))
    assert d.view.bid_value == 75 and d.widget("Raise to 75").enabled
    assert d.send(keydown(pygame.K_RETURN)) == Move("bid", piece=75)
    d.send(keydown(pygame.K_BACKSPACE) + keydown(pygame.K_BACKSPACE) + keydown(pygame.K_3))
    assert d.view.bid_value == 3 and not d.widget("No higher bid").enabled  # below the last bid
    assert d.send(keydown(pygame.K_RETURN)) is None
    assert d.send(keydown(pygame.K_a)) == ACCEPT


def test_auction_card_has_no_controls_for_the_ai(screen):
    d = Driver(InfinitState.new(6, 60), screen, interactive=False, human_seats=frozenset({1}))
    assert d.view.widgets == []
    assert d.send(keydown(pygame.K_RETURN)) is None


# --- the piece editor ------------------------------------------------------------------------------


def test_editor_builds_a_piece_with_the_mouse(screen):
    s = created()
    d = Driver(s, screen)
    east = next(w for w in d.view.widgets if w.kind == "chip" and w.data == 0)
    d.send(click(east.rect.center))  # E is selected: a click cycles it to b
    assert d.view.edit[0] == 1
    west = next(w for w in d.view.widgets if w.kind == "chip" and w.data == 3)
    d.send(click(west.rect.center))  # selects W
    assert d.view.edit_dir == 3 and d.view.edit[3] == 0
    d.press("bb")  # from the palette
    d.press("Damage")
    assert d.view.edit_layout() == parse_layout("b.-.-.bb.-.-") and d.view.edit_circle == 2
    d.send(click(west.rect.center, button=3))  # right click: one back (bb -> r)
    assert d.view.edit[3] == 3
    d.press("bb")
    value = value_of(parse_layout("b.-.-.bb.-.-"), 2)
    assert value == 1 + 5 + 6 + 1  # a^2 + 5b^2 + 6ab + 1 with a = b = 1
    move = d.press("Create (Enter)")
    assert move == Move("create", piece=normal(parse_layout("b.-.-.bb.-.-")), orient=2)
    after = s.play(move)
    assert after.remaining(0) == 60 - value


def test_editor_with_the_keys_and_presets(screen):
    s = created(white=10, bid=10)
    d = Driver(s, screen)
    d.send(
        keydown(pygame.K_1) + keydown(pygame.K_0) + keydown(pygame.K_0) + keydown(pygame.K_1)
    )  # b.-.-.b: E and W
    assert d.view.edit_layout() == parse_layout("b.-.-.b.-.-") and d.view.edit_dir == 4
    d.send(keydown(pygame.K_LEFT) + keydown(pygame.K_UP))  # W: b -> g
    assert d.view.edit[3] == 2
    d.send(keydown(pygame.K_c))
    assert d.view.edit_circle == 1
    d.send(keydown(pygame.K_DELETE))
    assert d.view.edit_layout() == 0 and d.view.edit_circle == 0
    blue_star = next(w for w in d.view.widgets if w.kind == "preset" and w.label == "Blue star")
    assert blue_star.data[1] is False  # worth 44: does not fit 10 points
    d.send(click(blue_star.rect.center))
    assert d.view.edit_layout() == parse_layout("b.b.b.b.b.b")
    assert not d.widget("Create (Enter)").enabled
    assert d.send(keydown(pygame.K_RETURN)) is None
    assert "worth 44" in d.view.message
    line = next(w for w in d.view.widgets if w.kind == "preset" and w.label == "Blue line")
    d.send(click(line.rect.center))
    assert d.send(keydown(pygame.K_RETURN)) == Move(
        "create", piece=normal(parse_layout("b.-.-.b.-.-")), orient=0
    )


def test_editor_refuses_a_piece_already_in_the_set(screen):
    s = created()
    s = s.play(s.parse_move("create:g.b.-.-.-.-"))
    s = s.play(s.parse_move("close"))  # Black closes: White creates again
    d = Driver(s, screen)
    d.send(
        keydown(pygame.K_2)
        + keydown(pygame.K_0)
        + keydown(pygame.K_0)
        + keydown(pygame.K_0)
        + keydown(pygame.K_0)
        + keydown(pygame.K_1)
    )
    assert d.view.edit_layout() == parse_layout("g.-.-.-.-.b")  # the mirror image of piece 1
    assert not d.widget("Create (Enter)").enabled
    assert "same piece" in s.why_not_create(d.view._edit_move())


def test_closing_the_set_needs_two_presses(screen):
    d = Driver(created(), screen)
    assert d.send(keydown(pygame.K_x)) is None
    assert d.widget("Really close? (X)").primary
    assert d.send(keydown(pygame.K_x)) == CLOSE


# --- play under the camera ----------------------------------------------------------------------------


def test_drag_pans_without_playing(screen):
    d = Driver(InfinitState.from_text(PLAY), screen)
    cam = d.view.camera
    start = cam.center
    a = d.view.board_area.center
    d.send(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1),
            pygame.event.Event(pygame.MOUSEMOTION, pos=(a[0] + 40, a[1]), rel=(40, 0), buttons=(1, 0, 0)),
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=(a[0] + 100, a[1] + 30), rel=(60, 30), buttons=(1, 0, 0)
            ),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(a[0] + 100, a[1] + 30), button=1),
        ]
    )
    assert d.moves == [] and d.view.mode is None
    moved = (start[0] - cam.center[0]) * cam.zoom, (start[1] - cam.center[1]) * cam.zoom
    assert moved == pytest.approx((100, 30), abs=1)
    # The right button drags too; a right click without a drag cancels a selection.
    d.send(click(d.view.slots[0][0].center))
    assert d.view.mode == "hand"
    d.send(click(a, button=3))
    assert d.view.mode is None


def test_wheel_keys_and_frame(screen):
    d = Driver(InfinitState.from_text(PLAY), screen)
    cam = d.view.camera
    d.settle()
    point = (d.view.board_area.x + 100, d.view.board_area.y + 120)
    under = cam.screen_to_world(point)
    zoom = cam.zoom
    d.send(wheel(2, point))
    d.settle()
    assert cam.zoom > zoom * 1.2
    assert cam.world_to_screen(under) == pytest.approx(point, abs=1)  # zoomed about the pointer
    x = cam.center[0]
    d.send(keydown(pygame.K_RIGHT))
    d.settle()
    assert cam.center[0] > x
    z = cam.zoom
    d.send(keydown(pygame.K_MINUS))
    d.settle()
    assert cam.zoom < z
    d.send(keydown(pygame.K_f))
    d.settle()
    for base in d.view.board.bases:
        assert d.view._visible(base, -1.0)
    # The Amakta move input still works: pick the piece in hand, click White's base.
    d.send(click(d.view.slots[0][0].center))
    move = d.send(click(d.view.cell_center((0, 0))))
    assert move is not None and move.kind == "place" and move.cell == (0, 0)
    assert move in d.state.legal_moves()


def test_far_off_pieces_and_the_cursor(screen):
    s = InfinitState.from_text(
        "distance=40 points=30/30 sets=100100.200000/100000 closed=w/b cells=w1r0@-20,-9/b1r0@40,0"
    )
    d = Driver(s, screen)
    d.settle()
    for cell in [(-41, -9), (0, 0), (80, 0)]:
        assert d.view._visible(cell, -0.5)  # framed: bases and pieces
        assert d.view.cell_at(d.view.cell_center(cell)) == cell
    assert world((80, 0))[0] > world((0, 0))[0]
    d.send(keydown(pygame.K_RIGHT, pygame.KMOD_SHIFT))
    assert d.view.cursor == (0, 0) and d.view.cursor_visible
    d.send(keydown(pygame.K_LEFT, pygame.KMOD_SHIFT) + keydown(pygame.K_UP, pygame.KMOD_SHIFT))
    assert d.view.cursor == (-3, -1)


def test_status_shows_the_draw_counter():
    view = InfinitView(GAME, GAME.resolve_options({}))
    s = InfinitState.from_text(
        f"distance=3 points=20/20 sets=100000/100000 cells=w1r0@0,0 quiet={DRAW_MOVES - 1}"
    )
    lines = view.status(s, ctx())
    assert "Quiet moves: 86184 of 86185" in lines
    assert any("Bids for Black" in line for line in view.status(InfinitState.new(3, 20), ctx()))
    assert any("points left" in line for line in view.status(created(), ctx()))


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 768), (640, 1000), (360, 300)])
def test_every_phase_draws_at_every_size(screen, size):
    surface = pygame.Surface(size)
    offer = InfinitState.new(6, 60).play(Move("offer-draw"))
    for state in (InfinitState.new(6, 60), offer, created(), InfinitState.from_text(PLAY)):
        for interactive in (True, False):
            surface.fill((0, 0, 0))
            d = Driver(state, surface, size=size, interactive=interactive)
            d.view.draw(surface, state, d.ctx)
            colours = {
                surface.get_at((x, y))[:3] for x in range(0, size[0], 37) for y in range(0, size[1], 29)
            }
            assert len(colours) > 3


# --- a short game in the arcade ----------------------------------------------------------------------------


def test_headless_game_through_the_play_scene(registry):
    from tafel.ui.app import App

    app = App(registry, windowed=True, size=(1280, 720))
    try:
        game = registry.game("amakta-infinit")
        match = Match(game, {"distance": 2, "points": 12}, players=["human", "human"])
        play = app.start_match(match)
        app.step()
        view = play.view
        assert isinstance(view, InfinitView)

        def send(events):
            app.step(events=events)

        def widget(label):
            return next(w for w in view.widgets if w.label == label)

        # The auction: Player 1 types 14 and raises, Player 2 accepts and plays Black.
        send(keydown(pygame.K_1) + keydown(pygame.K_4) + keydown(pygame.K_RETURN))
        send(click(widget("Accept 14: play Black").rect.center))
        assert match.texts == ["bid:14", "accept"]
        # Creation: White takes a preset, Black builds a piece by keys; both close.
        send(click(next(w for w in view.widgets if w.label == "Blue line").rect.center))
        send(click(widget("Create (Enter)").rect.center))
        send(keydown(pygame.K_1) + keydown(pygame.K_RETURN))
        send(keydown(pygame.K_x) + keydown(pygame.K_x))
        send(keydown(pygame.K_x) + keydown(pygame.K_x))
        assert match.texts[2:] == ["create:b.-.-.b.-.-", "create:b.-.-.-.-.-", "close", "close"]
        assert match.state.phase == "play"
        # Play: White places its piece on its base with the mouse.
        app.step()
        send(click(view.slots[0][0].center))
        app.step()
        send(click(view.cell_center((0, 0))))
        assert match.texts[-1] == "place:1:0,0:r0"
        # Black passes with its button, White resigns (twice) from the bar.
        app.step()
        send(click(next(b for b in view.buttons if b.label == "Pass").rect.center))
        app.step()
        send(click(next(b for b in view.buttons if b.label == "Resign").rect.center))
        app.step()
        send(click(next(b for b in view.buttons if b.label == "Really resign?").rect.center))
        assert match.state.is_over and match.texts[-2:] == ["pass", "resign"]
    finally:
        app.close()


def test_hints_fill_the_auction_and_the_editor(screen):
    d = Driver(InfinitState.new(6, 60), screen, hint=Move("bid", piece=44))
    assert d.view.bid_value == 44
    assert d.send(keydown(pygame.K_RETURN)) == Move("bid", piece=44)
    hint = Move("create", piece=normal(parse_layout("r.-.b.-.b.-")), orient=2)
    d = Driver(created(), screen, hint=hint)
    assert d.view._edit_move() == hint
    assert d.send(keydown(pygame.K_RETURN)) == hint


def test_keyboard_cursor_plays_without_a_mouse(screen):
    d = Driver(InfinitState.from_text(PLAY), screen)
    x = d.view.camera.center[0]
    d.send(keydown(pygame.K_RIGHT))  # the arrows pan while there is no cursor
    d.settle()
    assert d.view.camera.center[0] > x and not d.view.has_selection
    d.send(keydown(pygame.K_RETURN))  # Enter brings out the cursor on White's base
    assert d.view.cursor == (0, 0) and d.view.has_selection
    d.send(keydown(pygame.K_UP) + keydown(pygame.K_UP))  # up twice keeps the column
    assert d.view.cursor == (0, -2)
    d.send(keydown(pygame.K_DOWN) + keydown(pygame.K_DOWN))
    assert d.view.cursor == (0, 0)
    d.send(keydown(pygame.K_TAB))  # a piece from the hand
    assert d.view.mode == "hand"
    move = d.send(keydown(pygame.K_RETURN))
    assert move is not None and move.kind == "place" and move.cell == (0, 0)
    d.send(keydown(pygame.K_BACKSPACE))
    assert not d.view.cursor_visible and not d.view.has_selection


# --- kept pictures -------------------------------------------------------------------------------


def _frame(view: InfinitView, state: InfinitState, c, surface: pygame.Surface) -> bytes:
    surface.fill(DEFAULT.background)  # as the core does before every frame
    view.draw(surface, state, c)
    return pygame.image.tobytes(surface, "RGB")


def _fresh(state: InfinitState, c, events) -> InfinitView:
    view = InfinitView(GAME, GAME.resolve_options({"distance": state.distance}))
    view.layout(pygame.Rect(0, 0, 1200, 800))
    for event in events:
        view.handle_event(event, state, c)
    return view


def test_kept_pictures_show_what_a_fresh_view_draws(screen):
    """The auction card, the sets and the editor are kept between frames: whatever changes (bids,
    the pointer, the piece being made), every frame equals a fresh view's drawing of the same."""
    surface = pygame.Surface((1200, 800))
    live, watching = ctx(), ctx(interactive=False, human_seats=frozenset({1}))
    s = InfinitState.new(6, 60)
    d = Driver(s, surface)
    steps = []
    for bid in (10, 25):
        steps.append((s, live, []))
        steps.append((s, live, click(d.widget("+10").rect.center)[:1] + keydown(pygame.K_UP)))
        steps.append((s, watching, []))
        s = s.play(Move("bid", piece=bid))
    s = s.play(ACCEPT)
    steps.append((s, live, keydown(pygame.K_3) + keydown(pygame.K_5) + keydown(pygame.K_c)))
    steps.append((s, watching, []))
    seen = set()
    for state, c, events in steps:
        for event in events:
            d.view.handle_event(event, state, c)
        frames = {_frame(d.view, state, c, surface) for _ in range(3)}  # drawn, kept, shown kept
        fresh = _fresh(state, c, events)
        # what the driven view carried over from the earlier steps
        fresh.bid_value, fresh.edit = d.view.bid_value, list(d.view.edit)
        fresh.edit_circle, fresh.edit_dir, fresh.mouse = d.view.edit_circle, d.view.edit_dir, d.view.mouse
        assert frames == {_frame(fresh, state, c, surface)}
        seen |= frames
    assert len(seen) == len(steps)


def test_key_hints_only_for_whoever_may_press_them(screen):
    """Rule diagrams and an AI's turn draw the start phase without the keys' line (issue 18)."""

    def texts_drawn(interactive: bool) -> list[str]:
        d = Driver(created(), screen, interactive=interactive)
        drawn, draw_text = [], d.view.draw_text

        def spy(surface, ctx, text, *args, **kw):
            drawn.append(text)
            return draw_text(surface, ctx, text, *args, **kw)

        d.view.draw_text = spy
        d.view.draw(screen, d.state, d.ctx)
        return drawn

    assert any("Enter create" in text for text in texts_drawn(True))
    assert not any("Enter create" in text for text in texts_drawn(False))


def test_page_keys_step_the_bid_in_the_arcade_too(registry):
    # The play screen browses its move list by PgUp/PgDn; in the auction the view keeps them.
    from tafel.ui.app import App

    app = App(registry, windowed=True, size=(1280, 720))
    try:
        match = Match(
            registry.game("amakta-infinit"), {"distance": 2, "points": 12}, players=["human", "human"]
        )
        play = app.start_match(match)
        app.step()
        before = play.view.bid_value
        app.step(events=keydown(pygame.K_PAGEUP))
        assert play.view.bid_value == before + 10 and play.history.browse is None
        app.step(events=keydown(pygame.K_PAGEDOWN))
        assert play.view.bid_value == before
    finally:
        app.close()
