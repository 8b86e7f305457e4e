"""Rules with diagrams: the markup, every built-in game's diagrams, ``rules`` and the rules screen."""

from __future__ import annotations

import dataclasses
import re

import pygame
import pytest

from tafel import i18n
from tafel.diagrams import Diagram, check_all, diagrams, parse_rules, rules_as_text, set_up
from tafel.game import GameError, NotationError
from tafel.testing import key, run_command, wheel
from tafel.ui.app import App
from tafel.ui.picture import BoardPicture
from tafel.ui.scenes.rules import RulesScene
from tafel.ui.theme import DEFAULT
from tests.ui_toygame import FakeWorker

GAMES = ("ataxx", "atoll", "axxa", "amakta", "amakta-infinit")
AMAKTA_KINDS = {
    "pass",
    "rotate",
    "take",
    "place",
    "expropriate",
    "release",
    "replace",
    "relocate",
    "appropriate",
    "remove",
    "release-place",
}


def colours(surface: pygame.Surface) -> int:
    w, h = surface.get_size()
    return len({tuple(surface.get_at((x, y)))[:3] for x in range(0, w, 5) for y in range(0, h, 5)})


# --- the markup ---------------------------------------------------------------------------------


def test_markup_reads_keys_continuations_and_text():
    text = "Intro.\n\n```diagram\nposition: a b\n  c\nmoves: m1 m2\noptions: k=v x=y\nseed: 4\ncaption: Look.\n```\nAfter."
    intro, diagram, after = parse_rules(text)
    assert intro.strip() == "Intro." and after == "After."
    assert diagram == Diagram("a b c", ("m1", "m2"), ("k=v", "x=y"), 4, "Look.", line=3, number=1)
    printed = rules_as_text(text)
    assert "[Diagram 1: Look.]" in printed and "position: a b c" in printed and "moves: m1 m2" in printed


@pytest.mark.parametrize(
    "text, message",
    [
        ("```diagram\nwhere: x\n```", "unknown diagram key 'where'"),
        ("```diagram\nposition x\n```", "key: value"),
        ("x\n```diagram\nposition: x\n", "not closed"),
        ("```diagram\nseed: many\n```", "seed"),
    ],
)
def test_bad_markup_is_one_line(text, message):
    with pytest.raises(NotationError) as info:
        parse_rules(text)
    assert message in str(info.value) and "\n" not in str(info.value)


def test_a_diagram_the_game_refuses_names_itself(registry):
    game = registry.game("ataxx")
    (bad,) = diagrams("text\n\n```diagram\nmoves: f2 zz\n```")
    with pytest.raises(GameError, match=r"diagram 1 \(rules line 3\): .*zz"):
        set_up(game, bad)


# --- every built-in game --------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_every_diagram_parses_and_draws(registry, game_id):
    game = registry.game(game_id)
    setups = check_all(game)
    assert len(setups) >= 4, f"{game_id}: its rules need diagrams"
    pictures = []
    for setup in setups:
        picture = BoardPicture(game, setup.options, setup.states, setup.moves)
        surface = picture.still((240, 180), DEFAULT)
        assert picture.error is None, picture.error
        assert colours(surface) > 12
        if picture.animated:  # the loop plays the move without failing
            for _ in range(90):
                picture.frame((240, 180), 1 / 20, DEFAULT)
            assert picture.error is None, picture.error
        pictures.append(pygame.image.tobytes(surface.copy(), "RGB"))
    assert len(set(pictures)) == len(pictures), f"{game_id}: two diagrams look the same"


def test_amakta_shows_every_move_kind(registry):
    game = registry.game("amakta")
    shown = {setup.last_move.kind for setup in check_all(game) if setup.last_move is not None}
    assert AMAKTA_KINDS <= shown
    captions = " ".join(d.caption for d in diagrams(game.rules))
    assert "circle" in captions.lower() and "control" in captions.lower()


#: The ways each game ends on the board, as its rules word them (``Outcome.reason`` in English, as
#: regular expressions searched in it; a tuple: any of them): the rules need, in English and in
#: German, a diagram whose last move ends the game that way. A game's way to end without a
#: picture fails here. Where a solo and a competitive game end for the same cause, the patterns
#: tell them apart by the reason's wording (a solo reason names the triplets removed).
BOARD_ENDINGS = {
    "ataxx": [
        ("Red has no stones left", "Blue has no stones left"),
        ("the board is full",),
        ("neither side can move",),
        ("the same position appeared three times",),
        (r"100 moves without a clone \(engine rules\)",),
    ],
    "atoll": [("Black joined", "White joined")],
    "axxa": [
        ("the 6s are removed",),
        ("can no longer be completed: only",),  # solo
        (r"^no stack can move \(\d of 6 triplets removed\)",),  # solo
        ("no stack of three pieces is left",),  # competitive
        ("can no longer be completed, so no more triplets",),  # competitive
        (r"^no stack can move($| \(team)",),  # competitive
    ],
    "amakta": [
        ("White occupies Black's base", "Black occupies White's base"),
        ("the same situation for the third time",),
    ],
    "amakta-infinit": [
        ("White occupies Black's base", "Black occupies White's base"),
        ("the same situation for the third time",),
        ("moves without an expropriation or release",),
    ],
}


@pytest.mark.parametrize("game_id", sorted(BOARD_ENDINGS))
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_way_to_end_has_a_diagram(registry, game_id, lang):
    """At least one diagram per rule that involves the board: the ways to end (repetition and
    engine-rules draws included), in both languages' rules."""
    game = registry.game(game_id)
    text = game.rules if lang == "en" else game.translated_rules[lang]
    with i18n.language("en"):  # the reasons compared in English, whatever the rules' language
        reasons = [
            setup.state.outcome.reason
            for setup in (set_up(game, d) for d in diagrams(text))
            if setup.state.outcome is not None
        ]
    missing = [
        " or ".join(ending)
        for ending in BOARD_ENDINGS[game_id]
        if not any(any(re.search(word, reason) for word in ending) for reason in reasons)
    ]
    assert not missing, f"{game_id} ({lang}): no diagram ends the game by: " + "; ".join(missing)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_german_rules_show_the_same_diagrams(registry, game_id):
    """Each diagram of the English rules is in the German ones too (the same position, options and
    moves, in the same order): a picture added in one language only is caught."""
    game = registry.game(game_id)
    shown = [[(d.position, d.moves, d.options, d.seed) for d in diagrams(text)]
             for text in (game.rules, game.translated_rules["de"])]  # fmt: skip
    assert shown[0] == shown[1]


# --- the command ----------------------------------------------------------------------------------


def test_rules_prints_text_and_diagrams(capsys):
    assert run_command(["rules", "ataxx"]) == 0
    out = capsys.readouterr().out
    assert "Ataxx is played on a 7x7 board" in out and "```" not in out
    assert "[Diagram 2: A clone" in out and "  moves: f2" in out


@pytest.mark.parametrize("game_id", GAMES)
def test_rules_render_writes_each_diagram(tmp_path, capsys, game_id):
    assert run_command(["rules", game_id, "--render", str(tmp_path), "--size", "200x150"]) == 0
    files = sorted(tmp_path.glob(f"{game_id}-*.png"))
    assert len(files) == len(diagrams(load_rules(game_id)))
    seen = set()
    for path in files:
        surface = pygame.image.load(str(path))
        assert surface.get_size() == (200, 150) and colours(surface) > 12
        seen.add(pygame.image.tobytes(surface, "RGB"))
    assert len(seen) == len(files)
    assert capsys.readouterr().out.count("wrote ") == len(files)


def load_rules(game_id: str) -> str:
    from tafel.plugins import load_registry

    return load_registry().game(game_id).rules


def test_rules_bad_input(tmp_path, capsys):
    assert run_command(["rules", "nosuchgame"]) == 2
    assert capsys.readouterr().err.startswith("error:")
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert run_command(["rules", "ataxx", "--render", str(blocker / "sub")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and err.count("\n") == 1


# --- the rules screen -----------------------------------------------------------------------------


@pytest.fixture
def app(registry):
    app = App(registry, windowed=True, size=(1280, 720), worker=FakeWorker(registry))
    yield app
    app.close()


def open_rules(app, game) -> RulesScene:
    rules = RulesScene(app, game)
    app.push(rules)
    app.step()
    return rules


def test_rules_screen_pages_and_scrolls(app, registry):
    rules = open_rules(app, registry.game("ataxx"))
    assert len(rules.figures) == len(diagrams(registry.game("ataxx").rules))
    made = [f for f in rules.figures if f.made]
    assert made and len(made) < len(rules.figures)  # drawn lazily: only what came into sight
    app.step(events=[key(pygame.K_PAGEDOWN)])
    page = rules.scroll
    assert page > 0
    app.step(events=[key(pygame.K_DOWN)])
    assert rules.scroll > page
    app.step(events=[key(pygame.K_HOME)])
    assert rules.scroll == 0
    stops = []
    for _ in range(3):  # Right: from diagram to diagram (a gamepad's D-pad sends the same keys)
        app.step(events=[key(pygame.K_RIGHT)])
        stops.append(rules.scroll)
    assert stops == sorted(stops) and len(set(stops)) == 3
    assert any(rules.figures[i].rect.top - rules.scroll < rules.text_rect.height for i in range(3))
    app.step(events=[key(pygame.K_LEFT)])
    assert rules.scroll == stops[1]
    app.step(events=[key(pygame.K_END)])
    assert rules.scroll == rules.content_h - rules.text_rect.height
    assert all(f.made and f.error is None for f in rules.visible_figures())
    app.step(events=wheel(2, rules.text_rect.center))
    assert rules.scroll < rules.content_h - rules.text_rect.height
    app.step(events=[key(pygame.K_ESCAPE)])
    assert rules not in app.scenes.stack


def test_rules_screen_animates_the_move_in_sight(app, registry):
    rules = open_rules(app, registry.game("ataxx"))
    app.step(events=[key(pygame.K_RIGHT), key(pygame.K_RIGHT)])  # the clone f2
    figure = next(f for f in rules.visible_figures() if f.diagram.moves == ("f2",))
    frames = set()
    for _ in range(150):
        app.step(1 / 30)
        app.draw()
        frames.add(pygame.image.tobytes(figure.picture.surface, "RGB"))
    assert len(frames) > 2  # before the move, moving, after it
    assert figure.picture.error is None


def test_rules_screen_survives_bad_diagrams(app, registry):
    game = dataclasses.replace(
        registry.game("ataxx"), rules="Text.\n\n```diagram\nmoves: zz\ncaption: Broken.\n```\n\nMore."
    )
    rules = open_rules(app, game)
    (figure,) = rules.figures
    assert figure.error is not None and "zz" in figure.error
    app.draw()
    broken = dataclasses.replace(game, rules="Text.\n```diagram\nnope\n```")
    rules = open_rules(app, broken)
    assert rules.markup_error is not None and not rules.figures
    assert any("Text." in line[0] for line in rules.lines)
    app.draw()


def test_rules_screen_fits_small_windows(registry):
    app = App(registry, windowed=True, size=(800, 600), worker=FakeWorker(registry))
    try:
        rules = open_rules(app, registry.game("amakta"))
        for _, _, item in rules.items:
            if hasattr(item, "rect"):
                assert item.rect.width <= rules.text_rect.width
                assert item.rect.height <= rules.text_rect.height
        for text, size, bold, _ in rules.lines:
            assert app.ui.text_width(text, size, bold) <= rules.text_rect.width
    finally:
        app.close()
