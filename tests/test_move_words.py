"""Moves in words (issue 38): every built-in game names its moves for people, in English and
German, and no move label on a screen (the move list, a hint, the review, the ``review``
command's WORDS column) looks like machine notation (``\\w+:\\w+``)."""

import random

import pytest

from tafel.cli import main
from tafel.i18n import language
from tafel.match import Match
from tafel.review import Review
from tafel.ui.app import App
from tafel.ui.scenes.play.hint import hint_text
from tafel.ui.scenes.review import ReviewScene
from tafel.words import MACHINE_PATTERN, match_words, move_words, text_words

GAMES = ("ataxx", "atoll", "axxa", "amakta", "amakta-infinit")


def played_game(game, count, seed):
    """The states and moves of a seeded random game of ``count`` moves (fewer if it ends); the
    moves are picked among the first legal ones, so Infinit's long creation lists end in play."""
    options = game.resolve_options()
    state = game.new_state(options, seed)
    rng = random.Random(seed)
    states, moves = [state], []
    for _ in range(count):
        legal = state.legal_moves()
        if not legal:
            break
        move = rng.choice(legal[:60])
        moves.append(move)
        state = state.play(move)
        states.append(state)
    return states, moves


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_game_names_its_moves_in_words(registry, game_id, lang):
    game = registry.game(game_id)
    states, moves = played_game(game, 40, seed=5)
    assert len(moves) >= 10
    with language(lang):
        for state, move in zip(states, moves, strict=False):
            for other in [move, *state.legal_moves()[:25]]:
                words = state.move_to_words(other)
                assert isinstance(words, str) and words.strip(), (game_id, other)
                assert not MACHINE_PATTERN.search(words), (game_id, state.move_to_text(other), words)
        # The notation stays what saves and engines read.
        assert [s.move_to_text(m) for s, m in zip(states, moves, strict=False)] == [
            states[i].move_to_text(moves[i]) for i in range(len(moves))
        ]


def test_amakta_words_are_translated_and_say_what_the_notation_says(registry):
    state = registry.game("amakta").new_state(registry.game("amakta").resolve_options(), None)
    for text in ("circles:none", "colour:white"):
        state = state.play(state.parse_move(text))
    place = next(m for m in state.legal_moves() if state.move_to_text(m).startswith("place:14:"))
    text = state.move_to_text(place)
    with language("en"):
        english = state.move_to_words(place)
    with language("de"):
        german = state.move_to_words(place)
    field = text.split(":")[2]
    assert english.startswith(f"piece 14 to {field}") and german.startswith(f"Stein 14 auf {field}")
    assert text_words(state, text) == english  # the current language is English again


def test_a_failing_game_shows_its_notation():
    class Broken:
        def move_to_words(self, move):
            raise RuntimeError("bug")

        def move_to_text(self, move):
            return "e4"

    assert move_words(Broken(), object()) == "e4"


def test_hint_names_the_move_in_words(registry):
    game = registry.game("amakta")
    state = game.new_state(game.resolve_options(), None)
    text = state.move_to_text(state.legal_moves()[0])  # circles:none
    line = hint_text(text, {"value": 0.5}, solo=False, state=state)
    assert line == "Hint: no circles · value 50%"
    assert not MACHINE_PATTERN.search(line)


@pytest.mark.parametrize("game_id", ["amakta", "amakta-infinit", "axxa"])
def test_the_move_list_shows_words(registry, game_id):
    app = App(registry, windowed=True, size=(1280, 720))
    try:
        game = registry.game(game_id)
        states, moves = played_game(game, 24, seed=2)
        match = Match(game, {}, players=["human"] * states[0].players, seed=2)
        match.replay([s.move_to_text(m) for s, m in zip(states, moves, strict=False)])
        scene = app.start_match(match)
        app.step()
        app.step()
        shown = scene.panel._moves_key.texts
        assert shown and len(shown) <= len(moves)
        for label in shown:
            assert not MACHINE_PATTERN.search(label), label
        assert shown[-1] == match_words(match.states, match.moves, len(match.moves) - 1)
    finally:
        app.close()


def test_review_screen_and_command_speak_words(registry, capsys):
    game = registry.game("amakta")
    states, moves = played_game(game, 12, seed=4)
    texts = [s.move_to_text(m) for s, m in zip(states, moves, strict=False)]
    assert any(":" in t for t in texts)
    review = Review(game, {}, 4, None, texts)
    for ply in range(len(texts)):
        review.take(ply, value=0.5, best=texts[ply])
        assert not MACHINE_PATTERN.search(review.played_words(ply))
    app = App(registry, windowed=True, size=(1280, 720))
    try:
        match = Match(game, {}, players=["human", "human"], seed=4)
        match.replay(texts)
        scene = ReviewScene(app, match, review)
        app.push(scene)
        for ply in range(review.total):
            scene.select(ply)
            for caption, _picture in scene.shown_boards():
                assert not MACHINE_PATTERN.search(caption), caption
            for line in scene._info():
                assert not MACHINE_PATTERN.search(line), line
    finally:
        app.close()
    # The command: a WORDS column beside the notation.
    assert main(["review", "amakta", "--moves", *texts[:4], "--movetime", "0.02", "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:4] == ["MOVE", "SEAT", "PLAYED", "WORDS"]
    assert "no circles" in lines[1] and "circles:none" in lines[1]


def test_german_says_one_word_for_a_draw_and_tells_undo_from_back(registry):
    """Item 7 of issue 38: "Remis" and "Unentschieden" both, "Zurück" for Undo and Back."""
    from tafel.i18n import _

    with language("de"):
        assert _("Undo") != _("Back") and _("Undo  Ctrl+Z").split()[0] != _("Back")
        for game_id in ("amakta", "amakta-infinit"):
            game = registry.game(game_id)
            for text in ("Offer a draw", "Accept the draw", "Offer draw", "offers a draw", "Draws"):
                assert "Remis" not in game.translate(text) and "Remis" not in _(text)


def test_show_names_the_seat_to_move_in_the_language_asked(capsys):
    """Item 7 of issue 38: ``show --lang de`` said "am Zug: Blue"."""
    assert main(["--lang", "de", "show", "ataxx", "--moves", "b6"]) == 0
    out = capsys.readouterr().out
    assert "am Zug: Blau" in out and "Blue" not in out
