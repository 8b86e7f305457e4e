"""The kit's forms (tafel.kit.forms): a form's hover, clicks with either button, focus and default
control by keyboard and gamepad; tiles with pictures; the number field; rows, grids, paragraphs."""

import pygame
import pytest

from tafel.kit import Form, NumberField, Skin, Tile, Tooltip, grid, paragraph, pixels, split
from tafel.testing import click, key, motion, mouse, view_context
from tafel.ui.fonts import Fonts
from tafel.ui.theme import DEFAULT
from tests.test_kit_widgets import pad


@pytest.fixture
def skin():
    return Skin.of(view_context())


def tiles(log: list, n: int = 3, **kw) -> list[Tile]:
    out = []
    for i in range(n):
        t = Tile(f"T{i}", lambda i=i: log.append(i) or f"r{i}", key=f"t{i}", **kw)
        t.rect = pygame.Rect(10 + 60 * i, 10, 50, 30)
        out.append(t)
    return out


def send(form: Form, events) -> list:
    """What the form returned for each event but pointer motion."""
    return [form.handle_event(e) for e in events if e.type != pygame.MOUSEMOTION]


# --- layout ---------------------------------------------------------------------------------------


def test_split_and_grid_fill_their_rect_with_gaps():
    parts = split(pygame.Rect(0, 0, 110, 20), 3, 10)
    assert [(r.x, r.width) for r in parts] == [(0, 30), (40, 30), (80, 30)]
    weighted = split(pygame.Rect(0, 0, 100, 60), (1, 2), 0, vertical=True)
    assert [(r.y, r.height, r.width) for r in weighted] == [(0, 20, 100), (20, 40, 100)]
    cells = grid(pygame.Rect(0, 0, 100, 50), 5, 2, 10)
    assert len(cells) == 5 and cells[1].topleft == (55, 0) and cells[2].topleft == (0, 20)
    assert all(pygame.Rect(0, 0, 100, 50).contains(c) for c in cells)
    rows = grid(pygame.Rect(0, 0, 100, 0), 4, 2, 4, row_height=30)
    assert rows[3].bottom == 64


def test_pixels_turns_screen_pixels_into_a_skin_size():
    skin = Skin(DEFAULT, Fonts(0.5))
    assert pixels(skin, 20) == 40 and pixels(skin, 1) == 6
    assert abs(skin.fonts.get(pixels(skin, 30)).get_height() - skin.fonts.get(60).get_height()) <= 1


def test_paragraph_takes_a_smaller_size_before_it_squeezes(skin):
    surface = pygame.Surface((300, 300))
    text = "one two three four five six seven eight nine ten eleven twelve"
    big = paragraph(skin, surface, text, (150, 0), [40], DEFAULT.text, 200)
    fits = paragraph(skin, surface, text, (150, 0), [40, 30, 14], DEFAULT.text, 200)
    assert len(skin.wrap(text, 40, 200)) > 3 and len(skin.wrap(text, 30, 200)) > 3
    small = len(skin.wrap(text, 14, 200))
    assert small <= 3 and abs(fits - small * 14 * 1.3) <= 1  # the first size that fits, 1.3 apart
    # at its only size the text keeps every line, squeezed into three lines' height
    assert abs(big - 3 * 40 * 1.3) <= 1


# --- the form ------------------------------------------------------------------------------------


def test_form_clicks_run_actions_and_right_clicks_the_alternative():
    log = []
    a, b, c = tiles(log)
    b.alt_action = lambda: log.append("back")
    c.enabled = False
    form = Form([a, b, c])
    assert send(form, mouse(a.rect.center))[0] is a and form.result == "r0"
    assert send(form, mouse(b.rect.center, 3))[0] is b and log == [0, "back"]
    assert send(form, mouse(a.rect.center, 3))[0] is None  # no alternative: nothing
    assert send(form, mouse(c.rect.center))[0] is None and log == [0, "back"]  # disabled
    assert send(form, mouse((500, 500)))[0] is None


def test_form_hover_follows_the_pointer_and_survives_new_items():
    log = []
    form = Form(tiles(log))
    form.handle_event(motion(form.items[1].rect.center))
    assert [t.hovered for t in form.items] == [False, True, False] and form.hovered() is form.items[1]
    form.set_items(tiles(log))  # made again (a new state): still lit under the pointer
    assert form.items[1].hovered
    before = form.state()
    form.point((0, 0))
    assert form.state() != before and form.hovered() is None


def test_form_default_runs_on_enter_until_the_focus_is_shown():
    log = []
    form = Form(tiles(log), default="t2")
    assert not any(t.focused for t in form.items)  # hidden: Enter is the default's
    assert send(form, [key(pygame.K_RETURN)])[0].key == "t2" and log == [2]
    send(form, [key(pygame.K_LEFT)])  # shows the focus, on the default
    assert form.items[2].focused and form.show_focus
    send(form, [key(pygame.K_LEFT), key(pygame.K_SPACE)])
    assert log == [2, 1] and form.items[1].focused
    form.set_items(tiles(log))  # the focus stays on the same key
    assert form.items[1].focused
    send(form, click(form.items[0].rect.center))  # a click hides it again
    assert not form.show_focus and not any(t.focused for t in form.items)


def test_form_focus_skips_disabled_tiles_and_a_disabled_default_does_nothing():
    log = []
    a, b, c = tiles(log)
    b.enabled = c.enabled = False
    form = Form([a, b, c], default="t2")
    assert send(form, [key(pygame.K_RETURN)]) == [None] and log == []
    send(form, [key(pygame.K_RIGHT), key(pygame.K_RIGHT)])
    assert a.focused


def test_form_with_one_key_both_ways_and_the_gamepad():
    log = []
    form = Form(tiles(log), default="t0", keys=(pygame.K_TAB, pygame.K_TAB))
    send(form, [key(pygame.K_TAB), key(pygame.K_TAB)])
    assert form.items[1].focused
    send(form, [key(pygame.K_TAB, pygame.KMOD_SHIFT)])
    assert form.items[0].focused
    pad_form = Form(tiles(log), default="t0")
    right, a = pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT), pad(pygame.CONTROLLER_BUTTON_A)
    send(pad_form, right + right + a)
    assert log[-1] == 1


def test_form_draws_tiles_and_the_tooltip_of_the_one_under_the_pointer(skin):
    surface = pygame.Surface((300, 200))
    log = []
    items = tiles(log, tooltip="Says what it does")
    form = Form(items, tooltip=Tooltip(delay=0))
    form.tooltip.delay = 0.5
    form.handle_event(motion(items[0].rect.center))
    form.update(0.3)  # the pointer came to rest on it
    form.update(0.3)
    form.draw(surface, skin)
    assert not form.tooltip.visible
    form.update(0.3)
    plain = surface.copy()
    form.draw(plain, skin, tooltip=False)
    form.draw(surface, skin)
    assert form.tooltip.visible and form.tooltip.text == "Says what it does"
    assert surface.get_view("2").raw != plain.get_view("2").raw  # the box drawn over the tiles


# --- tiles ----------------------------------------------------------------------------------------


def test_tile_looks_chosen_primary_dim_and_disabled_apart(skin):
    looks = {}
    for name, kw in {
        "plain": {},
        "selected": {"selected": True},
        "primary": {"primary": True},
        "dim": {"dim": True},
        "disabled": {"enabled": False},
    }.items():
        t = Tile("Go", **kw)
        t.rect = pygame.Rect(0, 0, 80, 40)
        surface = pygame.Surface((80, 40))
        t.draw(surface, skin)
        looks[name] = tuple(surface.get_at((4, 20)))
    assert len(set(looks.values())) == 4 and looks["dim"] == looks["disabled"]
    dim = Tile("Go", dim=True)
    dim.rect = pygame.Rect(0, 0, 80, 40)
    Form([dim]).point((5, 5))  # still lit under the pointer, and clickable
    surface = pygame.Surface((80, 40))
    dim.draw(surface, skin)
    assert dim.hovered and tuple(surface.get_at((40, 0)))[:3] == DEFAULT.focus


def test_tile_pictures_below_and_beside_the_label(skin):
    squares = []
    for layout in ("below", "beside"):
        t = Tile("Blue", picture=lambda s, r: squares.append(r), layout=layout, note="value 4")
        t.rect = pygame.Rect(0, 0, 200, 60) if layout == "beside" else pygame.Rect(0, 0, 60, 80)
        t.draw(pygame.Surface((200, 80)), skin)
    below, beside = squares
    assert below.width == below.height and below.centerx == 30 and below.bottom < 80
    assert beside.width == beside.height and beside.x < 10 and beside.right < 100


def test_tile_text_shrinks_rather_than_being_cut(skin, monkeypatch):
    drawn = []
    monkeypatch.setattr(skin, "draw_text", lambda *a, **kw: drawn.append((a, kw)))
    t = Tile("none")
    t.rect = pygame.Rect(0, 0, 34, 20)
    t.draw(pygame.Surface((34, 20)), skin)
    (_surface, text, _pos, size, _color), kw = drawn[0]
    fitted_size, fitted = skin.fonts.fitted(text, size, kw["max_width"], kw["bold"], kw["min_size"])
    assert fitted == "none" and skin.text_width("none", fitted_size) <= 30


# --- the number field -----------------------------------------------------------------------------


def test_number_field_steps_within_its_bounds_by_keys_wheel_and_steppers():
    n = NumberField(value=41, bounds=range(41, 121))
    n.handle_event(key(pygame.K_DOWN))
    assert n.value == 41  # not below the bounds
    for k in (pygame.K_UP, pygame.K_PAGEUP, pygame.K_KP_PLUS, pygame.K_EQUALS):
        n.handle_event(key(k))
    assert n.value == 54
    n.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    assert n.value == 53
    minus10, minus1, plus1, plus10 = n.steppers()
    plus10.activate()
    plus10.activate()
    assert n.value == 73 and minus10.label == "-10" and plus1.key == "number+1"
    n.reset(5, range(0))
    assert not any(t.enabled for t in n.steppers()) and n.value == 5
    n.step(1)
    assert n.value == 5  # no bounds: no stepping
    assert not n.handle_event(key(pygame.K_a))


def test_number_field_typing_and_backspace_back_to_where_it_was_set():
    n = NumberField(value=60, bounds=range(41, 121), width=3)
    for k in (pygame.K_1, pygame.K_KP2, pygame.K_3, pygame.K_4):
        assert n.handle_event(key(k))
    assert n.text == "234" and n.value == 234  # typed beyond the bounds: the owner decides
    n.handle_event(key(pygame.K_BACKSPACE))
    assert n.value == 23
    n.handle_event(key(pygame.K_BACKSPACE))
    n.handle_event(key(pygame.K_BACKSPACE))
    assert n.value == 60 and n.text == "60"
    n.handle_event(key(pygame.K_7))
    n.handle_event(key(pygame.K_UP))  # a step ends the typing
    assert n.typed == "" and n.value == 41


def test_number_field_draws_its_number(skin):
    surface = pygame.Surface((100, 40))
    n = NumberField(value=7)
    n.rect = pygame.Rect(0, 0, 100, 40)
    n.draw(surface, skin)
    assert tuple(surface.get_at((50, 1)))[:3] == DEFAULT.focus
    assert len({tuple(surface.get_at((x, 20))) for x in range(30, 70)}) > 1  # the digit


def test_a_view_context_skin_draws_a_whole_form():
    ctx = view_context()
    skin, surface = Skin.of(ctx), pygame.Surface((400, 100))
    bid = NumberField(value=3, bounds=range(1, 10))
    form = Form([*bid.steppers((-1, 1)), Tile("Raise", key="raise", primary=True)], default="raise")
    for rect, item in zip(
        split(pygame.Rect(0, 0, 400, 40), 4, 8), [*form.items[:2], bid, form.items[2]], strict=True
    ):
        item.rect = rect
    form.draw(surface, skin)
    bid.draw(surface, skin)
    assert tuple(surface.get_at(form.items[2].rect.move(3, 0).midleft))[:3] == DEFAULT.button_primary
