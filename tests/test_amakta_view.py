"""The Amakta board view: drawing at many sizes, mouse and keyboard input reaching every move,
and a whole game played through the arcade's play scene with synthetic events."""

from __future__ import annotations

import random

import pygame
import pytest

from tafel.games.amakta import GAME
from tafel.games.amakta.rules.engine import Move
from tafel.games.amakta.rules.state import AmaktaState
from tafel.games.amakta.view import ACTION_LABELS, ARROW_COLOURS, AmaktaView
from tafel.match import Match
from tafel.ui.theme import DEFAULT
from tafel.view import ViewContext, mix
from tests.kit import keydown, mouse
from tests.kit import view_context as ctx

SIZES = [(1920, 1080), (1024, 768), (640, 1000), (360, 300)]
MID = (
    "board=hexagon set=standard phase=play white=1 turn=white circles=0+000-00000000/00000000+00000 "
    "cells=b6r2@a5/b4r1@b3/b3r4@b5/w9r5@c1/w2r1@d1/b10r0@d5/b13r0@d7/w5r1@e1/w14r5@e2/w4r3@e3/b9r1@e5/"
    "b11r2@e8/b14r4@e9/w7r0@f1/b7r4@f4/b12r1@f8/w11r2@g1/w13r0@g2/b5r0@g7 inv=1.3.6.8.10.12/1.2.8"
)
# A small position where every kind of move is open to White.
RICH = "board=small set=beginner cells=w1r0@d1/w4r0@d2/w2r0x@d3/w5r0@d4/b3r0@e4 turn=white"


@pytest.fixture(scope="module")
def screen():
    pygame.init()
    surface = pygame.display.set_mode((1024, 768))
    yield surface


def make_view(state: AmaktaState, size=(1100, 800)) -> AmaktaView:
    view = AmaktaView(GAME, GAME.resolve_options({"board": state.eq.board_key, "set": state.eq.set_keys[0]}))
    view.layout(pygame.Rect(0, 0, *size))
    return view


class Driver:
    """Feeds events to a view (drawing between them, as the frame loop does) and keeps the move it returns."""

    def __init__(self, view: AmaktaView, state: AmaktaState, surface: pygame.Surface) -> None:
        self.view = view
        self.state = state
        self.surface = surface
        self.ctx = ctx()
        self.move = None
        self.view.draw(surface, state, self.ctx)

    def send(self, events) -> None:
        for event in events:
            result = self.view.handle_event(event, self.state, self.ctx)
            if result is not None:
                assert self.move is None, "the view returned two moves"
                self.move = result
        self.view.draw(self.surface, self.state, self.ctx)


def play_through_view(send, view: AmaktaView, state: AmaktaState, move: Move) -> None:
    """The clicks and keys a player uses to make ``move`` (``send`` delivers them and redraws)."""
    pos = state.pos
    board = state.eq.board
    me = pos.turn

    def center(cell):
        return view.cell_center(cell)

    def button(label):
        for b in view.buttons:
            if b.label == label:
                return b.rect.center
        raise AssertionError(f"no button {label!r} in {[b.label for b in view.buttons]}")

    def choose(label):
        labels = [lbl for lbl, _ in view.menu]
        assert view.mode == "menu" and label in labels, (label, labels)
        send(mouse(view.menu_item_rect(labels.index(label)).center))

    def turn_to(colour, idx, o):
        want = pos.eq.layout(colour, idx, o)
        for step in range(13):
            if pos.eq.layout(colour, idx, view.orient) == want:
                return
            send(keydown(pygame.K_m if step == 6 else pygame.K_r))
        raise AssertionError("orientation not reachable")

    kind = move.kind
    if kind in ("pass", "offer-draw", "accept-draw", "decline-draw", "resign") or kind.startswith("circle"):
        labels = {
            "pass": "Pass",
            "offer-draw": "Offer draw",
            "accept-draw": "Accept draw",
            "decline-draw": "Decline draw",
            "circles-none": "No circles",
            "circles-same": "Same for both…",
            "circles-each": "Piece by piece…",
            "circles-done": "Rest: none",
        }
        if kind == "resign":
            send(mouse(button("Resign")))
            send(mouse(button("Really resign?")))
        elif kind == "circle":
            send(mouse(button(("None", "Reinforcement", "Damage")[move.orient])))
        else:
            send(mouse(button(labels[kind])))
        return
    if kind == "colour":
        send(mouse(button(("Play White", "Play Black")[move.colour])))
        return
    if kind == "place":
        send(mouse(view.slots[me][move.piece].center))
        turn_to(me, move.piece, move.orient)
        send(mouse(center(move.cell)))
        return
    send(mouse(center(move.cell)))
    choose(ACTION_LABELS[kind])
    if kind in ("take", "expropriate", "remove", "release"):
        return
    col, idx, _o, _ex = pos.cells[move.cell]
    if kind in ("rotate", "appropriate"):
        turn_to(col, idx, move.orient)
        send(keydown(pygame.K_RETURN))
    elif kind == "relocate":
        turn_to(col, idx, move.orient)
        send(mouse(center(move.to)))
    else:  # replace, release-place: pick the piece from the hand, turn it, confirm on the field
        send(mouse(view.slots[me][move.piece].center))
        turn_to(me, move.piece, move.orient)
        send(mouse(center(move.cell)))
    del board


# --- drawing -------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_draws_every_phase_at_every_size(screen, size):
    states = [
        GAME.new_state(GAME.resolve_options({}), None),
        AmaktaState.from_text(MID),
        AmaktaState.from_text(RICH),
        AmaktaState.from_text("board=holes set=beginner cells=w1r0@e1/b4r3@e9 draw=offer0"),
        AmaktaState.from_text(MID).play(AmaktaState.from_text(MID).parse_move("resign")),
    ]
    surface = pygame.Surface(size)
    for state in states:
        view = make_view(state, size)
        assert view.rect.contains(view.board_area) and view.rect.contains(view.bar_rect)
        for cell in state.eq.board.fields:
            x, y = view.cell_center(cell)
            assert view.board_area.collidepoint(x, y)
            assert view.cell_at((int(x), int(y))) == cell
        for colour in (0, 1):
            assert len(view.slots[colour]) == len(state.eq.sets[colour])
            assert all(view.inv_rects[colour].contains(r) for r in view.slots[colour])
        for control in (False, True):
            view.show_control = control
            view.hover_cell = next(iter(state.pos.cells), None)
            view.draw(surface, state, ctx(last_move=Move("pass")))


def test_pieces_are_drawn_with_their_arrows(screen):
    state = AmaktaState.from_text("board=small set=beginner cells=w4r0@d2")
    view = make_view(state)
    surface = pygame.Surface((1100, 800))
    view.draw(surface, state, ctx())
    x, y = view.cell_center(state.eq.board.parse_field("d2"))
    # the double blue arrow points east: blue pixels right of the centre, none left of it
    right = [
        surface.get_at((int(x + view.size * k), int(y + view.size * d)))
        for k in (0.55, 0.6)
        for d in (-0.15, 0.15)
    ]
    assert any(c.b > 180 and c.r < 120 for c in right)
    left = surface.get_at((int(x - view.size * 0.55), int(y)))
    assert not (left.b > 180 and left.r < 120)


def test_hover_and_control_overlay_change_the_picture(screen):
    state = AmaktaState.from_text(RICH)
    view = make_view(state)
    a, b = pygame.Surface((1100, 800)), pygame.Surface((1100, 800))
    view.draw(a, state, ctx())
    view.show_control = True
    view.draw(b, state, ctx())
    assert pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")
    d = Driver(view, state, a)
    d.send(keydown(pygame.K_c))
    assert not view.show_control


def test_hovering_a_piece_draws_its_targets_with_a_blocked_arrow_dimmed(screen):
    # White's piece 3 (green E, blue W) on d3: its blue arrow reaches d2, its green one would reach
    # d5 but Black's piece on d4 lies between (blocked).
    state = AmaktaState.from_text("board=small set=beginner cells=w3r0@d3/b5r0@d4 turn=white")
    board = state.eq.board
    d2, d3, d4, d5 = (board.parse_field(n) for n in ("d2", "d3", "d4", "d5"))
    arrows = {(v.direction, v.reach): v for v in state.pos.arrow_views(d3)}
    assert arrows[(3, 1)].target == d2 and not arrows[(3, 1)].blocked
    assert arrows[(0, 2)].target == d5 and arrows[(0, 2)].blocked
    view = make_view(state)
    plain = pygame.Surface((1100, 800))
    view.draw(plain, state, ctx())
    d = Driver(view, state, pygame.Surface((1100, 800)))
    x, y = view.cell_center(d3)
    d.send([pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(0, 0, 0))])
    assert view.hover_cell == d3
    hovered = d.surface

    def changes(a, b) -> list[tuple[int, int, int]]:
        """The colours that hovering painted on the line between the centres of ``a`` and ``b``."""
        (ax, ay), (bx, by) = view.cell_center(a), view.cell_center(b)
        out = []
        for k in range(10, 91):
            p = (int(ax + (bx - ax) * k / 100), int(ay + (by - ay) * k / 100))
            if hovered.get_at(p) != plain.get_at(p):
                out.append(tuple(hovered.get_at(p))[:3])
        return out

    blue, green = ARROW_COLOURS[1], ARROW_COLOURS[2]
    dim_green = mix(green, (90, 90, 90), 0.65)
    # the open arrow: a solid blue line and a ring round its target
    assert blue in changes(d3, d2)
    tx, ty = view.cell_center(d2)
    assert tuple(hovered.get_at((int(tx + view.size * 0.5), int(ty))))[:3] == blue
    # the blocked arrow: dimmed (dashed, greyed green), never in full colour, no ring at d5; the
    # blocker on d4 is crossed out in red
    along = changes(d3, d5)
    assert dim_green in along and green not in along
    tx, ty = view.cell_center(d5)
    ring = (int(tx + view.size * 0.5), int(ty))
    assert hovered.get_at(ring) == plain.get_at(ring)
    bx, by = view.cell_center(d4)
    assert tuple(hovered.get_at((int(bx), int(by))))[:3] == (200, 40, 40)


def test_status_lines():
    state = AmaktaState.from_text(RICH)
    lines = make_view(state).status(state, ctx())
    assert lines[0].startswith("White: Player 1") and "in hand" in lines[0]


# --- input ---------------------------------------------------------------------------------------


def test_place_from_the_inventory_with_the_mouse(screen):
    s = AmaktaState.from_text("board=small set=beginner turn=white")
    d = Driver(make_view(s), s, screen)
    d.send(mouse(d.view.slots[0][3].center))  # piece 4, bb E
    assert d.view.mode == "hand" and d.view.sel_piece == 3
    d.send(keydown(pygame.K_r))
    d.send(mouse(d.view.cell_center(s.eq.board.parse_field("d1"))))
    assert s.move_to_text(d.move) == "place:4:d1:r1"


def test_right_click_and_backspace_cancel(screen):
    s = AmaktaState.from_text(RICH)
    d = Driver(make_view(s), s, screen)
    d.send(mouse(d.view.slots[0][2].center))
    assert d.view.has_selection
    d.send(mouse((5, 5), button=3))
    assert not d.view.has_selection
    d.send(mouse(d.view.cell_center(s.eq.board.parse_field("d2"))))
    assert d.view.mode == "menu"
    d.send(keydown(pygame.K_BACKSPACE))
    assert not d.view.has_selection and d.move is None


def test_piece_menu_offers_exactly_the_open_actions(screen):
    s = AmaktaState.from_text(RICH)
    d = Driver(make_view(s), s, screen)
    board = s.eq.board
    for name in ("d1", "d2", "d3", "d4", "e4"):
        d.send(mouse(d.view.cell_center(board.parse_field(name))))
        kinds = {m.kind for m in s.legal_moves() if m.cell == board.parse_field(name) and m.kind != "place"}
        labels = {lbl for lbl, _ in d.view.menu}
        assert labels == {ACTION_LABELS[k] for k in kinds}, name
        d.send(keydown(pygame.K_BACKSPACE))


def test_empty_field_menu_places_or_relocates_there(screen):
    s = AmaktaState.from_text(RICH)
    d = Driver(make_view(s), s, screen)
    target = next(m.to for m in s.legal_moves() if m.kind == "relocate")
    d.send(mouse(d.view.cell_center(target)))
    labels = [lbl for lbl, _ in d.view.menu]
    assert any(lbl.startswith("Place piece") for lbl in labels)
    assert any(lbl.startswith("Move the piece from") for lbl in labels)
    d.send(keydown(pygame.K_RETURN))  # the first entry: place that piece, then confirm
    d.send(keydown(pygame.K_RETURN))
    assert d.move is not None and d.move.kind == "place" and d.move.cell == target


def test_keyboard_only_place(screen):
    s = AmaktaState.from_text("board=small set=beginner turn=white")
    d = Driver(make_view(s), s, screen)
    d.send(keydown(pygame.K_TAB))
    d.send(keydown(pygame.K_TAB))
    assert d.view.sel_piece == 1
    d.send(keydown(pygame.K_m))
    d.send(keydown(pygame.K_LEFT))  # the cursor appears on White's base
    assert d.view.cursor == s.eq.board.bases[0]
    d.send(keydown(pygame.K_RETURN))
    assert d.move is not None and d.move.kind == "place" and d.move.piece == 1
    assert s.pos.eq.layout(0, 1, d.move.orient) == s.pos.eq.layout(0, 1, 6)


def test_keyboard_cursor_menu_and_rotation(screen):
    s = AmaktaState.from_text(RICH)
    d = Driver(make_view(s), s, screen)
    d.send(keydown(pygame.K_RIGHT))  # cursor on d1
    d.send(keydown(pygame.K_RIGHT))  # d2
    assert s.eq.board.name(d.view.cursor) == "d2"
    d.send(keydown(pygame.K_RETURN))
    assert d.view.mode == "menu" and d.view.menu[0][0] == ACTION_LABELS["rotate"]
    d.send(keydown(pygame.K_RETURN))  # rotate…: the piece shows one turn further
    assert d.view.mode == "orient"
    d.send(keydown(pygame.K_BACKSPACE))
    d.send(keydown(pygame.K_RETURN))
    d.send(keydown(pygame.K_DOWN))
    label = d.view.menu[d.view.menu_focus][0]
    d.send(keydown(pygame.K_RETURN))
    assert label == ACTION_LABELS["take"] and s.move_to_text(d.move) == "take:d2"


def test_rotation_to_the_same_orientation_is_refused_with_a_hint(screen):
    s = AmaktaState.from_text(RICH)
    d = Driver(make_view(s), s, screen)
    d.send(mouse(d.view.cell_center(s.eq.board.parse_field("d2"))))
    d.send(keydown(pygame.K_RETURN))
    for _ in range(5):
        d.send(keydown(pygame.K_r))  # six turns: back where it was
    d.send(keydown(pygame.K_RETURN))
    assert d.move is None and "turn it" in d.view.message


def test_buttons_and_hotkeys(screen):
    s = GAME.new_state(GAME.resolve_options({"board": "small", "set": "beginner"}), None)
    d = Driver(make_view(s), s, screen)
    assert [b.label for b in d.view.buttons][:3] == ["No circles", "Same for both…", "Piece by piece…"]
    d.send(keydown(pygame.K_1))
    assert s.move_to_text(d.move) == "circles:none"
    s = s.play(d.move)
    d = Driver(make_view(s), s, screen)
    d.send(keydown(pygame.K_b))
    assert s.move_to_text(d.move) == "colour:black"
    s = s.play(d.move)
    d = Driver(make_view(s), s, screen)
    d.send(keydown(pygame.K_p))
    assert s.move_to_text(d.move) == "pass"
    d = Driver(make_view(s), s, screen)
    d.send(keydown(pygame.K_q))
    assert d.move is None  # resigning needs a second press
    d.send(keydown(pygame.K_q))
    assert s.move_to_text(d.move) == "resign"


def test_no_input_when_not_interactive(screen):
    s = AmaktaState.from_text(RICH)
    view = make_view(s)
    c = ctx(interactive=False)
    event = mouse(view.cell_center(s.eq.board.parse_field("d2")))[1]
    assert view.handle_event(event, s, c) is None and view.mode is None


@pytest.mark.parametrize("position", [RICH, MID])
def test_every_kind_of_legal_move_is_reachable_with_the_mouse(screen, position):
    s = AmaktaState.from_text(position)
    by_kind: dict[str, list[Move]] = {}
    for m in [*s.legal_moves(), *(m for _label, m in s.meta_moves())]:  # the bar's meta buttons too
        by_kind.setdefault(m.kind, []).append(m)
    rng = random.Random(7)
    sample = [m for moves in by_kind.values() for m in rng.sample(moves, min(4, len(moves)))]
    for move in sample:
        d = Driver(make_view(s), s, screen)
        play_through_view(d.send, d.view, s, move)
        assert d.move == move, (s.move_to_text(move), d.move)
    if position == RICH:
        assert {"rotate", "take", "place", "relocate", "replace", "expropriate", "remove", "release"} <= set(
            by_kind
        )
        assert {"release-place", "appropriate", "pass", "offer-draw", "resign"} <= set(by_kind)


# --- a whole game in the arcade ------------------------------------------------------------------


def test_headless_game_through_the_play_scene(registry):
    from tafel.ui.app import App

    app = App(registry, windowed=True, size=(1280, 720))
    try:
        game = registry.game("amakta")
        match = Match(game, {"board": "small", "set": "beginner"}, players=["human", "human"])
        play = app.start_match(match)
        app.step()
        view = play.view
        assert isinstance(view, AmaktaView)
        rng = random.Random(11)

        def send(events):
            app.step(events=events)

        plies = 0
        while not match.state.is_over and plies < 40:
            state = match.state
            assert play.interactive
            moves = [m for m in state.legal_moves() if m.kind not in ("offer-draw", "resign")]
            places = [m for m in moves if m.kind == "place"]
            if state.phase != "play":
                move = moves[0] if state.phase != "colour" else moves[1]
            else:
                move = rng.choice(places) if places and rng.random() < 0.7 else rng.choice(moves)
            before = len(match.texts)
            play_through_view(send, view, state, move)
            app.step()
            assert len(match.texts) == before + 1, f"the view did not play {state.move_to_text(move)}"
            assert match.moves[-1] == move
            plies += 1
        if not match.state.is_over:
            play_through_view(send, view, match.state, Move("resign"))
            app.step()
        assert match.state.is_over
        assert match.texts[:2] == ["circles:none", "colour:black"]
    finally:
        app.close()


def test_wheel_turns_and_enter_places_the_preview_under_the_pointer(screen):
    s = AmaktaState.from_text("board=small set=beginner turn=white")
    d = Driver(make_view(s), s, screen)
    d.send(mouse(d.view.slots[0][0].center))
    x, y = d.view.cell_center(s.eq.board.bases[0])
    d.send([pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(0, 0, 0))])
    d.send([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)])
    d.send(keydown(pygame.K_RETURN))
    assert s.move_to_text(d.move) == "place:1:d1:r1"


def test_hovering_an_inventory_piece_describes_it(screen):
    s = AmaktaState.from_text(RICH)
    d = Driver(make_view(s), s, screen)
    before = pygame.image.tobytes(screen, "RGB")
    slot = d.view.slots[1][2].center
    d.send([pygame.event.Event(pygame.MOUSEMOTION, pos=slot, rel=(0, 0), buttons=(0, 0, 0))])
    assert d.view.hover_slot == (1, 2)
    assert pygame.image.tobytes(screen, "RGB") != before


# --- kept pictures -------------------------------------------------------------------------------


def _frame(view: AmaktaView, state: AmaktaState, c: ViewContext, surface: pygame.Surface) -> bytes:
    surface.fill(DEFAULT.background)  # as the core does before every frame
    view.draw(surface, state, c)
    return pygame.image.tobytes(surface, "RGB")


def test_kept_pictures_show_what_a_fresh_view_draws(screen):
    """The view keeps its board and inventories between frames and mends them after a move: after
    moves (while a person plays and while the AI does), hovering, a selection and the control
    overlay, every frame equals a fresh view's first drawing of the same thing."""
    surface = pygame.Surface((1100, 800))
    state = AmaktaState.from_text(RICH)
    view = make_view(state)
    rng = random.Random(3)
    seen = set()
    last = None
    for step in range(12):
        c = ctx(last_move=last, interactive=step < 6)  # then the AI's moves: no input, no selection
        cell = sorted(state.pos.cells, key=str)[step % len(state.pos.cells)]
        hover = mouse(view.cell_center(cell))[0]
        events = (
            [hover] + (keydown(pygame.K_TAB) if step % 2 else []) + (keydown(pygame.K_c) if step == 3 else [])
        )
        fresh = make_view(state)
        for v in (view, fresh):
            for event in events:
                v.handle_event(event, state, c)
        # what the driven view carried over: the control overlay (on from the fourth step), the pointer
        fresh.show_control, fresh.hover_cell, fresh.hover_slot = (
            view.show_control,
            view.hover_cell,
            view.hover_slot,
        )
        frames = {_frame(view, state, c, surface) for _ in range(3)}  # drawn, kept, then shown kept
        assert frames == {_frame(fresh, state, c, surface)}, f"step {step}"
        seen |= frames
        moves = [m for m in state.legal_moves() if m.kind not in ("resign", "offer-draw", "pass")]
        last = rng.choice(moves)
        state = state.play(last)
        view.on_move(None, None, state)
    assert len(seen) == 12  # every step looked different


def test_a_hint_shows_which_piece_turned_how_on_its_field(screen, monkeypatch):
    """Issue 38: Amakta's hint is not only an outlined field: the hinted piece is drawn there
    as a ghost, turned as the hint turns it."""
    from dataclasses import replace

    state = AmaktaState.from_text("board=small set=beginner cells=w1r0@d1")
    view = make_view(state)
    hint = next(m for m in state.legal_moves() if m.kind == "place" and m.orient == 2)
    ghosts: list[tuple] = []
    real = view.blit_piece

    def spy(surface, center, layout, colour, circle, expro, radius, alpha=255):
        if alpha < 255:
            ghosts.append((center, layout, colour))
        return real(surface, center, layout, colour, circle, expro, radius, alpha)

    monkeypatch.setattr(view, "blit_piece", spy)
    view.draw(pygame.Surface((1100, 800)), state, replace(ctx(), hint=hint))
    want = state.pos.eq.layout(state.pos.turn, hint.piece, 2)
    assert (view.cell_center(hint.cell), want, state.pos.turn) in ghosts


def test_before_the_circles_are_assigned_no_colour_names_a_player():
    """Who plays White is decided by the circles' assignment: until then the status says what
    each colour holds, not "White: ?"."""
    from tafel.i18n import set_language

    view = AmaktaView(GAME, GAME.resolve_options({}))
    state = GAME.new_state(GAME.resolve_options({}), None)
    assert state.white_seat is None
    lines = view.status(state, None)
    assert lines[:2] == ["White: 14 in hand, 0 out", "Black: 14 in hand, 0 out"]
    set_language("de")
    assert view.status(state, None)[0] == "Weiß: 14 im Inventar, 0 draußen"
