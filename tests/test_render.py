"""``python main.py render``: a position drawn headless by the game's own view, as a PNG."""

from __future__ import annotations

import pygame
import pytest

from tafel.testing import run_command

GAMES = ("ataxx", "atoll", "axxa", "amakta", "amakta-infinit")
SIZE = (320, 240)


def picture(path) -> pygame.Surface:
    return pygame.image.load(str(path))


def colours(surface: pygame.Surface) -> int:
    """How many different colours a coarse grid of the picture shows."""
    w, h = surface.get_size()
    return len({tuple(surface.get_at((x, y))) for x in range(0, w, 7) for y in range(0, h, 7)})


def render(tmp_path, name: str, *args: str) -> pygame.Surface:
    out = tmp_path / f"{name}.png"
    code = run_command(["render", *args, "--size", f"{SIZE[0]}x{SIZE[1]}", "--out", str(out)])
    assert code == 0, args
    surface = picture(out)
    assert surface.get_size() == SIZE
    assert colours(surface) > 12, f"{args}: the board is not drawn"
    return surface


def option_cases(registry):
    for game_id in GAMES:
        game = registry.game(game_id)
        yield game_id, []
        for option in game.options:
            if option.kind == "choice":
                for value, _ in option.choices:
                    if value != option.default:
                        extra = []
                        if option.when is not None:  # e.g. AxxA's players: only in competitive mode
                            key, values = option.when
                            extra = ["--option", f"{key}={values[0]}"]
                        yield game_id, [*extra, "--option", f"{option.key}={value}"]


def test_every_game_and_choice_renders(tmp_path, registry):
    cases = list(option_cases(registry))
    assert len(cases) > len(GAMES)
    for n, (game_id, options) in enumerate(cases):
        render(tmp_path, f"case{n}", game_id, *options, "--seed", "3")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_position_differs_from_another(tmp_path, registry, game_id):
    game = registry.game(game_id)
    start = render(tmp_path, "start", game_id, "--seed", "3")
    state = game.new_state(game.resolve_options({}), 3)
    moves = []
    for _ in range(8):  # the first moves, until the picture changes (setup steps may not show)
        move = state.legal_moves()[0]
        moves.append(state.move_to_text(move))
        state = state.play(move)
        later = render(tmp_path, "later", game_id, "--seed", "3", "--moves", *moves)
        if pygame.image.tobytes(later, "RGB") != pygame.image.tobytes(start, "RGB"):
            return
    raise AssertionError(f"{game_id}: the picture did not change in {moves}")


def test_last_move_is_marked(tmp_path):
    """A move changes more than its stones: the play screen's last-move marks are drawn too."""
    plain = render(tmp_path, "plain", "ataxx", "--position", "x5o/7/7/7/7/5x1/o5x o 0 1")
    marked = render(tmp_path, "marked", "ataxx", "--moves", "f2")
    assert pygame.image.tobytes(plain, "RGB") != pygame.image.tobytes(marked, "RGB")


@pytest.mark.parametrize(
    "args, message",
    [
        (["nosuchgame"], "unknown game"),
        (["ataxx", "--moves", "zz"], "zz"),
        (["ataxx", "--position", "x9/7 x"], "error:"),
        (["ataxx", "--option", "layout=moon"], "layout"),
        (["ataxx", "--size", "10x10"], "--size"),
        (["ataxx", "--size", "wide"], "--size"),
    ],
)
def test_bad_input_is_one_error_line(tmp_path, capsys, args, message):
    code = run_command(["render", *args, "--out", str(tmp_path / "x.png")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("error:") and err.count("\n") == 1 and message.lower() in err.lower()
    assert not (tmp_path / "x.png").exists()


def test_bad_out_file(tmp_path, capsys):
    for out in (tmp_path / "x.jpg", tmp_path / "missing" / "x.png"):
        assert run_command(["render", "ataxx", "--out", str(out)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("error:") and err.count("\n") == 1
    assert run_command(["render", "ataxx"]) == 2  # --out is required
    assert "--out" in capsys.readouterr().err
