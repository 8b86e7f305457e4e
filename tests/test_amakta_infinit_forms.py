"""Amakta Infinit's auction card and piece editor as kit forms: every control is reachable with a
gamepad (the core turns its buttons into keys), the focus shows only once asked for, presets have
tooltips."""

from __future__ import annotations

import pygame
import pytest

from tafel.games.amakta.rules.engine import Move
from tafel.games.amakta.rules.pieces import parse_layout
from tafel.games.amakta_infinit import GAME
from tafel.games.amakta_infinit.state import ACCEPT, CLOSE, InfinitState
from tafel.games.amakta_infinit.view import InfinitView
from tafel.ui.input import InputTranslator
from tests.kit import ViewDriver, click, keydown, motion
from tests.kit import view_context as ctx

A, RIGHT, LEFT = (
    pygame.CONTROLLER_BUTTON_A,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT,
)


@pytest.fixture(scope="module")
def screen():
    pygame.init()
    yield pygame.display.set_mode((1200, 800))


def pad(*buttons: int) -> list[pygame.event.Event]:
    """The key events the core makes of controller button presses."""
    tr = InputTranslator()
    return [
        e
        for b in buttons
        for e in tr.translate(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=b))
    ]


def driver(state: InfinitState, surface: pygame.Surface) -> ViewDriver:
    view = InfinitView(GAME, GAME.resolve_options({"distance": state.distance}))
    view.layout(pygame.Rect(0, 0, 1200, 800))
    return ViewDriver(view, state, surface, ctx())


def focused(d: ViewDriver):
    return next((w for w in d.view.widgets if w.focused), None)


def created() -> InfinitState:
    s = InfinitState.new(6, 60)
    return s.play(s.parse_move("bid:50")).play(ACCEPT)


def test_the_auction_with_a_gamepad_alone(screen):
    d = driver(InfinitState.new(6, 60).play(Move("bid", piece=40)), screen)
    assert focused(d) is None  # no ring until the pad (or Left/Right) asks for one
    d.send(pad(RIGHT))
    assert focused(d).key == "raise"
    d.send(pad(LEFT, A))  # +10
    assert d.view.bid_value == 51 and focused(d).label == "+10"
    d.send(pad(RIGHT, RIGHT))
    assert focused(d).label == "Accept 40: play Black"
    assert d.send(pad(A)) == ACCEPT
    d.send(click(next(w for w in d.view.widgets if w.label == "-1").rect.center))
    assert focused(d) is None and d.view.bid_value == 50  # a click hides the focus again
    assert d.send(pad(A)) == Move("bid", piece=50)  # and A raises, as Enter does


def test_the_editor_with_a_gamepad_and_tab(screen):
    d = driver(created(), screen)
    d.send(pad(RIGHT, pygame.CONTROLLER_BUTTON_DPAD_UP))  # NE: none -> b
    assert d.view.edit[1] == 1
    tab = pygame.CONTROLLER_BUTTON_RIGHTSTICK
    d.send(pad(tab))
    assert focused(d).key == "create"
    d.send(pad(tab, tab))  # Clear, Close
    assert focused(d).key == "close"
    assert d.send(pad(A)) is None and d.view.close_armed > 0
    assert next(w for w in d.view.widgets if w.key == "close").label == "Really close? (X)"
    d.send(keydown(pygame.K_TAB, pygame.KMOD_SHIFT) * 2)  # back to Create
    assert focused(d).key == "create"
    d.send(keydown(pygame.K_TAB, pygame.KMOD_SHIFT) * 2)  # Damage, Reinforcement (the circles)
    d.send(pad(A))
    assert d.view.edit_circle == 1 and focused(d).key == "circle1"
    d.send(pad(*[tab] * 5))  # past Damage, Create, Clear, Close to the first preset
    assert focused(d).kind == "preset" and focused(d).label == "Blue dart"
    d.send(pad(A))
    assert d.view.edit_layout() == parse_layout("b.-.-.-.-.-") and d.view.edit_circle == 0
    while focused(d).key != "close":
        d.send(pad(tab))
    d.settle(3.5)  # the first press's question has lapsed: two presses again
    assert d.send(pad(A)) is None and d.send(pad(A)) == CLOSE


def test_a_preset_tooltip_shows_once_the_pointer_rests(screen):
    d = driver(created(), screen)
    star = next(w for w in d.view.widgets if w.label == "Blue star")
    d.send([motion(star.rect.center)])
    before = screen.copy()
    for _ in range(40):  # about two thirds of a second
        d.view.update(1 / 60)
    d.view.draw(screen, d.state, d.ctx)
    tip = d.view._edit_form.tooltip
    assert tip.visible and tip.text.startswith("Blue star · value 44\n") and "blue NE" in tip.text
    assert d.view.board_area.contains(tip.rect) and tip.rect.bottom <= star.rect.top
    assert pygame.image.tobytes(screen, "RGB") != pygame.image.tobytes(before, "RGB")
    d.send([motion((1, 1))])
    d.view.update(1 / 60)
    assert not tip.visible


def test_a_set_piece_tooltip_while_pieces_are_created(screen, monkeypatch):
    s = created()
    s = s.play(s.parse_move("create:g.b.-.-.-.-"))
    d = driver(s, screen)
    shown = []
    monkeypatch.setattr(d.view, "draw_tooltip", lambda surface, ctx, text, at: shown.append(text))
    d.send([motion(d.view.slots[0][0].center)])
    assert d.view.hover_slot == (0, 0)
    assert shown and shown[-1].startswith("White 1: ") and "value" in shown[-1]
