"""The kit's widgets (tafel.kit.widgets): buttons, focus lists, choice rows, tooltips and context
menus by mouse, keyboard and gamepad (turned into keys by the core), text that fits, and the
skin a view takes from its context."""

import pygame
import pytest

from tafel.kit.widgets import (
    BODY,
    SMALL,
    Button,
    ChoiceRow,
    ContextMenu,
    FocusList,
    Skin,
    Tooltip,
    is_activate,
    is_back,
)
from tafel.testing import click, key, motion, view_context
from tafel.ui.fonts import Fonts
from tafel.ui.input import InputTranslator
from tafel.ui.theme import COLORBLIND, DEFAULT


@pytest.fixture
def skin():
    pygame.font.init()
    return Skin(DEFAULT, Fonts())


def pad(button: int) -> list[pygame.event.Event]:
    """The key events the core makes of a controller button press."""
    event = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=button)
    return list(InputTranslator().translate(event))


def send(widget, events):
    return [widget.handle_event(e) for e in events]


def choice_row(skin, values=("easy", "medium", "hard"), **kw):
    state = {"i": 0, "activated": 0}

    def change(d):
        state["i"] = (state["i"] + d) % len(values)

    row = ChoiceRow("level", "AI level", lambda: values[state["i"]], change, **kw)
    row.place(pygame.Rect(100, 100, 800, 60), skin)
    return row, state


# --- skin and text that fits ------------------------------------------------------------------------


def test_skin_of_a_view_context_is_shared_per_fonts_and_follows_scale_and_theme():
    ctx = view_context()
    skin = Skin.of(ctx)
    assert Skin.of(ctx) is skin and skin.fonts is ctx.fonts and skin.theme is ctx.theme
    fonts = Fonts(0.5**0.8)  # the core's text scale for a 540-pixel-high window
    other = Skin.of(view_context(fonts=fonts, theme=COLORBLIND))
    assert other is not skin and other.theme is COLORBLIND
    assert other.px(100) == 50


def test_text_is_fitted_to_its_width_smaller_then_cut(skin):
    surface = pygame.Surface((600, 100))
    long = "A label much too long for the little place it is given"
    free = skin.draw_text(surface, long, (0, 0), BODY)
    fitted = skin.draw_text(surface, long, (0, 0), BODY, max_width=200)
    assert free.width > 200 >= fitted.width
    size, text = skin.fonts.fitted(long, BODY, 200)
    assert size < BODY and text.endswith("…")
    assert skin.fonts.fitted("Short", BODY, 200) == (BODY, "Short")
    assert skin.draw_text(surface, "x", (50, 50), anchor="center").center == (50, 50)


def test_choice_row_label_and_value_stay_in_their_places(skin):
    row, _ = choice_row(skin, values=("a value far too long to be shown whole between the arrows",))
    row.label = "A label far too long for the room it has left of the arrows, really"
    row.swatch = (200, 40, 40)
    surface = pygame.Surface((1000, 300))
    row.draw(surface, skin)
    # Nothing written over the arrows: they are plain button fill around a triangle.
    left = surface.subsurface(row.left)
    assert left.get_at((3, row.left.height // 2))[:3] == DEFAULT.button
    assert row.left.right == row.value.left and row.value.right == row.right.left
    assert row.rect.contains(row.left) and row.rect.contains(row.right)


# --- buttons and focus ------------------------------------------------------------------------------


def test_button_by_mouse_and_keyboard(skin):
    pressed = []
    b = Button("Undo", lambda: pressed.append(1))
    b.rect = pygame.Rect(10, 10, 200, 60)
    b.handle_event(motion((20, 20)))
    assert b.hovered
    b.handle_event(motion((500, 500)))
    assert not b.hovered
    assert send(b, click((20, 20)))[1] is True and pressed == [1]
    assert send(b, click((500, 20))) == [False, False, False] and pressed == [1]
    assert not b.handle_event(key(pygame.K_RETURN))  # not focused
    b.focused = True
    assert b.handle_event(key(pygame.K_SPACE)) and pressed == [1, 1]
    b.enabled = False
    assert not any(send(b, [*click((20, 20)), key(pygame.K_RETURN)])) and pressed == [1, 1]
    surface = pygame.Surface((300, 100))
    for b.enabled, b.kind in ((True, "primary"), (True, "danger"), (False, "normal")):
        b.draw(surface, skin)


def test_focus_list_keys_skip_disabled_items_and_clicks_choose():
    a, b, c = Button("A"), Button("B", enabled=False), Button("C")
    for i, item in enumerate((a, b, c)):
        item.rect = pygame.Rect(0, i * 50, 100, 40)
    focus = FocusList([a, b, c])
    assert focus.focused is a and a.focused
    focus.handle_event(key(pygame.K_DOWN))
    assert focus.focused is c and c.focused and not a.focused
    focus.handle_event(key(pygame.K_DOWN))  # wraps round
    assert focus.focused is a
    assert focus.handle_event(key(pygame.K_RETURN)) is a
    assert focus.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 55), button=1)) is None
    assert focus.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 105), button=1)) is c
    focus.handle_event(motion((5, 5)))
    assert a.hovered and not c.hovered
    focus.set_items([a, c])  # keeps the focused key
    assert focus.focused is c
    flat = FocusList([a, c], horizontal=True, wrap=False)
    flat.handle_event(key(pygame.K_LEFT))
    assert flat.focused is a
    flat.handle_event(key(pygame.K_RIGHT))
    assert flat.focused is c


def test_activate_and_back_keys_include_the_gamepad():
    assert is_activate(key(pygame.K_KP_ENTER)) and is_back(key(pygame.K_AC_BACK))
    assert all(is_activate(e) for e in pad(pygame.CONTROLLER_BUTTON_A))
    assert all(is_back(e) for e in pad(pygame.CONTROLLER_BUTTON_B))


# --- the choice row ---------------------------------------------------------------------------------


def test_choice_row_keyboard_changes_only_while_focused(skin):
    row, state = choice_row(skin)
    assert not row.handle_event(key(pygame.K_RIGHT)) and state["i"] == 0
    row.focused = True
    assert row.handle_event(key(pygame.K_RIGHT)) and row.get() == "medium"
    assert row.handle_event(key(pygame.K_LEFT)) and row.handle_event(key(pygame.K_LEFT))
    assert row.get() == "hard"
    assert row.handle_event(key(pygame.K_RETURN)) and row.get() == "easy"  # Enter steps forward
    assert not row.handle_event(key(pygame.K_DOWN))  # up/down belong to the list around it


def test_choice_row_mouse_on_arrows_value_and_label(skin):
    row, state = choice_row(skin)
    row.handle_event(motion(row.rect.center))
    assert row.hovered
    assert send(row, click(row.right.center))[1] and row.get() == "medium"
    send(row, click(row.left.center))
    send(row, click(row.left.center))
    assert row.get() == "hard"
    send(row, click(row.value.center))
    assert row.get() == "easy"
    assert send(row, click((row.rect.x + 10, row.rect.centery)))[1] and row.get() == "easy"  # the label
    assert not any(send(row, click((5, 5))))


def test_choice_row_with_the_gamepad(skin):
    row, _ = choice_row(skin)
    row.focused = True
    send(row, pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT))
    assert row.get() == "medium"
    send(row, pad(pygame.CONTROLLER_BUTTON_DPAD_LEFT))
    send(row, pad(pygame.CONTROLLER_BUTTON_A))
    assert row.get() == "medium"


def test_choice_row_on_activate_and_without_arrows(skin):
    opened = []
    row, state = choice_row(skin, on_activate=lambda: opened.append(1), arrows=False)
    row.focused = True
    assert row.handle_event(key(pygame.K_RIGHT)) and state["i"] == 0  # no arrows, no change
    row.handle_event(key(pygame.K_RETURN))
    send(row, click(row.left.center))  # the field spans the arrows' places
    assert opened == [1, 1] and state["i"] == 0
    row.enabled = False
    assert not row.handle_event(key(pygame.K_RETURN)) and opened == [1, 1]


def test_choice_row_draws_the_focus_and_a_placeholder(skin):
    surface = pygame.Surface((1000, 300))
    row, _ = choice_row(skin, values=("",))
    row.placeholder = "(nothing yet)"
    row.draw(surface, skin)
    plain = pygame.image.tobytes(surface, "RGB")
    row.focused = True
    row.draw(surface, skin)
    assert pygame.image.tobytes(surface, "RGB") != plain
    ring = row.rect.inflate(skin.px(8), skin.px(8))
    assert surface.get_at((ring.centerx, ring.top + 1))[:3] == DEFAULT.focus


# --- tooltip ----------------------------------------------------------------------------------------


def test_tooltip_waits_follows_the_hovered_item_and_stays_inside(skin):
    tip = Tooltip(delay=0.4, size=SMALL)
    undo = Button("Undo", tooltip="Take back the last move")
    redo = Button("Redo")
    undo.rect, redo.rect = pygame.Rect(20, 5, 80, 40), pygame.Rect(120, 5, 80, 40)
    focus = FocusList([undo, redo])
    focus.handle_event(motion((30, 20)))
    tip.follow(0.0, [undo, redo])
    tip.follow(0.3, [undo, redo])
    assert not tip.visible
    tip.follow(0.2, [undo, redo])
    assert tip.visible and tip.text == "Take back the last move"
    surface = pygame.Surface((400, 300))
    tip.draw(surface, skin)
    assert surface.get_rect().contains(tip.rect)
    assert tip.rect.top >= undo.rect.bottom  # no room above the button: below it
    focus.handle_event(motion((130, 20)))  # redo has no tooltip
    tip.follow(1.0, [undo, redo])
    assert not tip.visible
    # Above a point, several lines, each fitted to the width.
    tip = Tooltip(delay=0, max_width=200)
    tip.update(0, "one line\nand a second line that is a good deal longer than the first", (200, 200))
    tip.draw(surface, skin)
    assert tip.visible and tip.rect.bottom <= 200 and tip.rect.width <= skin.px(200)


# --- context menu -----------------------------------------------------------------------------------


@pytest.fixture
def menu(skin):
    done = []
    items = [
        Button("Rotate", lambda: done.append("rotate"), key="rotate"),
        Button("Flip", lambda: done.append("flip"), key="flip", enabled=False),
        Button("Remove", lambda: done.append("remove"), key="remove", kind="danger"),
    ]
    m = ContextMenu(items)
    m.done = done
    m.open(skin, (100, 100), pygame.Rect(0, 0, 800, 600))
    return m


def test_context_menu_keyboard_choose(menu):
    assert menu.is_open and menu.focus.focused.key == "rotate"
    assert menu.handle_event(key(pygame.K_DOWN)) is None
    assert menu.focus.focused.key == "remove"  # the disabled one is skipped
    chosen = menu.handle_event(key(pygame.K_RETURN))
    assert chosen.key == "remove" and menu.done == ["remove"]
    assert not menu.is_open and not menu.cancelled
    assert menu.handle_event(key(pygame.K_RETURN)) is None and menu.done == ["remove"]


def test_context_menu_mouse_choose_and_disabled_items(menu):
    rotate, flip, remove = menu.items
    menu.handle_event(motion(remove.rect.center))
    assert menu.focus.focused is remove and remove.hovered
    assert (
        menu.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=flip.rect.center, button=1)) is None
    )
    assert menu.is_open and menu.done == []
    chosen = menu.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rotate.rect.center, button=1))
    assert chosen is rotate and menu.done == ["rotate"] and not menu.is_open


@pytest.mark.parametrize(
    "event",
    [
        key(pygame.K_ESCAPE),
        key(pygame.K_BACKSPACE),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(700, 500), button=1),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(110, 110), button=3),
    ],
    ids=["escape", "backspace", "click-outside", "right-click"],
)
def test_context_menu_cancel(menu, event):
    assert menu.handle_event(event) is None
    assert not menu.is_open and menu.cancelled and menu.done == []


def test_context_menu_with_the_gamepad(menu, skin):
    for e in pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN) + pad(pygame.CONTROLLER_BUTTON_A):
        chosen = menu.handle_event(e)
    assert chosen.key == "remove" and menu.done == ["remove"]
    menu.open(skin, (100, 100), pygame.Rect(0, 0, 800, 600))
    assert menu.focus.focused.key == "rotate"  # opens on the first item again
    for e in pad(pygame.CONTROLLER_BUTTON_B):
        menu.handle_event(e)
    assert not menu.is_open and menu.cancelled


def test_context_menu_stays_inside_its_bounds_and_draws(menu, skin):
    bounds = pygame.Rect(0, 0, 400, 300)
    menu.open(skin, (390, 290), bounds)
    assert bounds.contains(menu.rect) and menu.rect.right <= 390 and menu.rect.bottom <= 290
    assert all(menu.rect.contains(item.rect) for item in menu.items)
    surface = pygame.Surface(bounds.size)
    menu.draw(surface, skin)
    assert surface.get_at(menu.rect.center)[:3] != (0, 0, 0)
    menu.close()
    surface.fill((0, 0, 0))
    menu.draw(surface, skin)
    assert surface.get_at(menu.rect.center)[:3] == (0, 0, 0)
