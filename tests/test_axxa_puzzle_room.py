"""AxxA's puzzle room in the arcade, headless: hints that teach (the move, why, the win chance),
a deal's difficulty on the setup screen and the records, the daily deal with its own records,
"Try again from here" in the review, and streaks on the records screen.

With TAFEL_SHOTS=folder set, the screens are saved there as PNGs at 1920x1080 and 1280x720.
"""

from __future__ import annotations

import datetime
import os
import random

import pygame
import pytest

from tafel import FinishedGame, Limit, daily_date, daily_seed
from tafel.games.axxa import GAME, puzzle
from tafel.games.axxa.calibration import win_chance
from tafel.games.axxa.records import RecordSheet, SoloResult, SoloStats, records_path
from tafel.games.axxa.rules import AxxaState
from tafel.games.axxa.solver import AxxaSolver
from tafel.games.axxa.teach import explain
from tafel.match import Match
from tafel.ui.app import App
from tafel.ui.scenes import setup as setup_screen
from tafel.ui.scenes.difficulty import Ratings, difficulty_text
from tafel.ui.scenes.play import PlayScene
from tafel.ui.scenes.records import RecordsScene
from tafel.ui.scenes.review import ReviewScene
from tafel.ui.scenes.setup import SetupScene
from tests.ui_toygame import GAME_ID, FakeResult, FakeWorker, key, make_registry, run_until

SIZES = ((1920, 1080), (1280, 720))


class AgentWorker(FakeWorker):
    """The fake worker of the UI tests, but the agent asked really chooses (in this process, with a
    small budget), and its ``info`` comes back as the real worker sends it."""

    def answer(self, generation, req):
        game = self.registry.game(req.game_id)
        options = game.resolve_options(req.options)
        state = game.new_state(options, req.seed)
        for text in req.moves:
            state = state.play(state.parse_move(text))
        agent = self.registry.agent(req.agent, req.game_id).factory(game)
        # The cap of 6 deals ends the search (a time this long never decides the race first).
        move = agent.choose(state.view_for(req.seat), Limit(time=600.0, nodes=6), random.Random(1))
        return FakeResult(generation, state.move_to_text(move), None, dict(agent.info))


def shoot(app, name: str) -> None:
    folder = os.environ.get("TAFEL_SHOTS")
    if folder:
        w, h = app.screen.get_size()
        pygame.image.save(app.screen, os.path.join(folder, f"{name}-{w}x{h}.png"))


@pytest.fixture
def quick_difficulty(monkeypatch):
    """Difficulty worked out at once (no thread) and from a few games only."""
    monkeypatch.setattr(puzzle, "GAMES", 4)
    monkeypatch.setattr(setup_screen, "RATINGS", Ratings(synchronous=True))


# --- hints that teach ----------------------------------------------------------------------------


def test_the_solver_says_why_and_the_reasons_read_the_view():
    state = AxxaState.deal(7)
    agent = AxxaSolver("hard", search="exact")
    agent.choose(state.view_for(0), Limit(time=5.0, nodes=12), random.Random(2))
    assert isinstance(agent.info["reason"], str) and agent.info["reason"]
    assert 0.0 <= agent.info["value"] <= 1.0
    # The exact search's value is an expected result on its own scale: no win chance is
    # measured for it.
    assert "win_chance" not in agent.info
    # The rollout search's (the hard level's) value is the mean result of its play-outs, read
    # by the calibration measured for it; the share of them won is the base player's.
    # (The cap of 12 deals ends the race; the think time is long enough that the race is not
    # decided by the time left first, even on a loaded machine where a deal takes 0.5 s.)
    agent = AxxaSolver("hard")
    agent.choose(state.view_for(0), Limit(time=600.0, nodes=12), random.Random(2))
    assert agent.info["reason"] and agent.info["samples"] == 12
    # (The value in ``info`` is rounded; a knot may lie between it and the value read.)
    assert agent.info["win_chance"] == pytest.approx(win_chance(agent.info["value"], 0, 0), abs=0.02)
    assert agent.info["share_won"] == round(round(agent.info["share_won"] * 12) / 12, 3)
    agent.choose(state.view_for(0), Limit(time=5.0), random.Random(2), stop=lambda: True)
    assert agent.info["samples"] == 0 and "win_chance" not in agent.info
    view = state.view_for(0)
    reasons = {explain(view, m) for m in view.legal_moves()}
    assert "uncovers a face-down piece" in reasons and all(reasons)
    paying = state.play(state.parse_move("g3-f3")).view_for(0)
    assert all(explain(paying, m).startswith("pays with") for m in paying.legal_moves())


@pytest.mark.parametrize("size", SIZES)
def test_a_hint_shows_the_move_its_reason_and_the_win_chance(registry, size):
    app = App(registry, windowed=True, size=size, worker=AgentWorker(registry), strict=True)
    try:
        scene = app.start_match(Match(GAME, {"seed": 7}, seed=7, players=["human"]))
        app.step()
        app.step(events=[key(pygame.K_h)])
        assert run_until(app, lambda: scene.turns.hint is not None, frames=20)
        text = scene.turns.hint_text
        move = scene.match.state.move_to_words(scene.turns.hint)  # the move in words (issue 38)
        assert text.startswith(f"Hint: {move} · ") and "win chance" in text and text.endswith("%")
        assert "expected result" not in text
        reason = text.split(" · ")[1]
        assert reason == explain(scene.match.state.view_for(0), scene.turns.hint)
        app.step()
        # It stays in its card in the side panel (no note that goes), beside the board.
        assert scene.panel.hint_rect is not None and not scene.panel.hint_rect.colliderect(scene.board_rect)
        shoot(app, "hint")
        scene.play_move(scene.turns.hint)  # the hint is gone with the next move
        app.step()
        assert scene.turns.hint is None
    finally:
        app.close()


def test_the_review_of_a_solo_game_plots_the_win_chance(registry):
    app = App(registry, windowed=True, size=(1280, 720), worker=AgentWorker(registry), strict=True)
    try:
        match = Match(GAME, {"seed": 7}, seed=7, players=["human"])
        state = match.state
        texts = []
        for _ in range(3):
            move = state.legal_moves()[0]
            texts.append(state.move_to_text(move))
            state = state.play(move)
        match.replay(texts)
        scene = ReviewScene(app, match)
        app.push(scene)
        assert run_until(app, lambda: scene.review.finished, frames=20)
        review = scene.review
        assert review.chance and all(p.chance for p in review.points if p.value is not None)
        assert review.points[0].value > 0.3  # a deal's start: mostly won, worth only ~0.1 as a result
        scene.selected = 0
        assert " · win chance " in scene._info()[1]
    finally:
        app.close()


# --- difficulty ----------------------------------------------------------------------------------


def test_difficulty_from_the_solver_is_kept_per_deal(quick_difficulty):
    label, rate = GAME.difficulty({"mode": "solo"}, 7)
    assert label == puzzle.label_for(rate) and 0.0 <= rate <= 1.0
    assert puzzle.known({}, 7) == (label, round(rate, 3))
    assert puzzle.difficulty_path().exists()
    assert GAME.difficulty({"mode": "competitive"}, 7) is None


def test_ratings_work_in_a_thread_and_keep_the_answer():
    calls = []

    def rate(options, seed):
        calls.append(seed)
        return ("hard", 0.3)

    game = GAME.__class__("g", "G", "", 1, 1, None, None, difficulty=rate)
    ratings = Ratings()
    assert ratings.get(game, {}, 5) is None  # being worked out
    ratings.wait(30)
    assert ratings.get(game, {}, 5) == ("hard", 0.3) and calls == [5]
    assert difficulty_text(("hard", 0.3)) == "Difficulty: hard · the solver wins 30%"
    broken = GAME.__class__("b", "B", "", 1, 1, None, None, difficulty=lambda o, s: 1 / 0)
    assert Ratings(synchronous=True).get(broken, {}, 1) == "ZeroDivisionError: division by zero"


@pytest.mark.parametrize("size", SIZES)
def test_setup_shows_the_deal_difficulty(registry, quick_difficulty, size):
    app = App(registry, windowed=True, size=size, worker=FakeWorker(registry), strict=True)
    try:
        setup = SetupScene(app, GAME)
        app.push(setup)
        setup.seed = 7
        app.step()
        label, rate = puzzle.known({}, 7)
        assert setup.difficulty() == difficulty_text((label, rate))
        assert setup.difficulty().startswith(f"Difficulty: {label} · the solver wins")
        shoot(app, "setup-difficulty")
        setup.values["mode"] = "competitive"
        assert setup.difficulty() == ""
    finally:
        app.close()


# --- the daily deal -----------------------------------------------------------------------------


def play_out(seed: int) -> AxxaState:
    state = AxxaState.deal(seed)
    agent, rng = AxxaSolver("easy"), random.Random(3)
    while state.outcome is None:
        state = state.play(agent.choose(state.view_for(0), Limit(time=5.0, nodes=2), rng))
    return state


def test_the_daily_deal_from_setup_has_its_own_records(registry, quick_difficulty):
    app = App(registry, windowed=True, size=(1280, 720), worker=FakeWorker(registry), strict=True)
    try:
        setup = SetupScene(app, GAME)
        app.push(setup)
        app.step()
        setup.focus.focus("daily")
        app.step(events=[key(pygame.K_RIGHT)])
        today = daily_seed()
        assert setup.seed == today and daily_date(setup.seed) == datetime.date.today()
        assert setup._daily_text() == "today's deal"
        setup.start()
        play = app.scenes.top
        assert isinstance(play, PlayScene) and play.match.seed == today and play.match.state.seed == today
        assert app.setup_memory["axxa"]["daily"] is True
        again = SetupScene(app, GAME)  # the daily deal is remembered
        assert again.seed == today
    finally:
        app.close()
    state = play_out(today)
    finished = FinishedGame("axxa", GAME.resolve_options({"seed": today}), today, state, ("human",), 40)
    GAME.on_finished(finished)
    sheet = RecordSheet.load()
    assert sheet.variants["daily/chain/mandatory"].deals[today].played == 1
    assert "chain/mandatory" not in sheet.variants
    rows = GAME.records().rows
    assert [r[0] for r in rows] == ["All daily deals", f"Daily {datetime.date.today().isoformat()}"]
    assert rows[1][2] == puzzle.known({}, today)[0] if puzzle.known({}, today) else rows[1][2] == "–"


# --- try again from the review ----------------------------------------------------------------


def test_try_again_from_a_position_of_the_review(tmp_path):
    registry = make_registry(tmp_path)
    app = App(registry, windowed=True, size=(1280, 720), worker=FakeWorker(registry), strict=True)
    try:
        game = registry.game(GAME_ID)
        old = Match(game, {"first": "x"}, players=["human", "medium"], seed=5)
        old.replay(["b2", "a1", "c1", "a3", "a2", "c3", "b3", "b1", "c2"])
        review = ReviewScene(app, old)
        app.push(review)
        app.step()
        assert review.selected == 9 and not review.can_try_again()  # the game is over there
        app.step(events=[key(pygame.K_t)])
        assert app.scenes.top is review
        for _ in range(6):
            app.step(events=[key(pygame.K_LEFT)])
        assert review.selected == 3 and review.try_button.enabled
        app.step(events=[key(pygame.K_t)])
        play = app.scenes.top
        assert isinstance(play, PlayScene) and play.match is not old
        new = play.match
        assert new.texts == ["b2", "a1", "c1"] and new.options == old.options and new.seed == old.seed
        assert new.players == old.players and not new.state.is_over and new.id != old.id
    finally:
        app.close()


# --- streaks and statistics ------------------------------------------------------------------


def test_streaks_and_win_rates_by_difficulty():
    sheet = RecordSheet()
    for i, (won, label) in enumerate([(True, "easy"), (True, "hard"), (True, "easy"), (False, "hard")]):
        sheet.add(
            SoloResult(seed=i + 1, triplets=6 if won else 3, paid=10, match_id=f"m{i}", difficulty=label)
        )
    assert (sheet.solo.streak, sheet.solo.best_streak) == (0, 3)
    assert sheet.solo.by_difficulty == {"easy": [2, 2], "hard": [2, 1]}
    # The last game taken back and solved: its loss no longer breaks the streak, nor counts twice.
    news = sheet.add(SoloResult(seed=4, triplets=6, paid=9, match_id="m3", difficulty="hard"))
    assert (sheet.solo.streak, sheet.solo.best_streak) == (4, 4) and sheet.solo.by_difficulty["hard"] == [
        2,
        2,
    ]
    assert "solo play: best streak 4 wins in a row" in news
    path = sheet.save(records_path())
    assert RecordSheet.load(path).solo == sheet.solo
    assert SoloStats.from_json({"streak": -1, "by_difficulty": {"easy": [1, 5], "x": "y"}}) == SoloStats(
        0, 0, {"easy": [1, 1]}
    )


@pytest.mark.parametrize("size", SIZES)
def test_the_records_screen_shows_streaks_and_difficulty(registry, size):
    sheet = RecordSheet()
    results = [(7, True, "easy"), (12, True, "medium"), (31, False, "hard"), (7, True, "easy")]
    for i, (seed, won, label) in enumerate(results):
        sheet.add(
            SoloResult(seed=seed, triplets=6 if won else 4, paid=11 + i, match_id=f"m{i}", difficulty=label)
        )
    sheet.add(SoloResult(seed=daily_seed(), triplets=6, paid=12, match_id="d"), "daily/chain/mandatory")
    sheet.save(records_path())
    puzzle._remember({}, 7, ("easy", 0.81))
    app = App(registry, windowed=True, size=size, worker=FakeWorker(registry), strict=True)
    try:
        scene = RecordsScene(app, GAME)
        app.push(scene)
        app.step()
        assert scene.summary == [
            "Wins in a row: 2 · best streak: 2",
            "Solved by difficulty: easy 100% (2 of 2) · medium 100% (1 of 1) · hard 0% (0 of 1)",
        ]
        cells = {row.columns[0]: row.columns for row in scene.items}
        assert cells["Deal 7"][2] == "easy" and cells["Deal 31"][2] == "–"
        assert f"Daily {datetime.date.today().isoformat()}" in cells
        assert scene.list_rect.bottom < scene.summary_y < scene.back_button.rect.y
        shoot(app, "records")
    finally:
        app.close()
