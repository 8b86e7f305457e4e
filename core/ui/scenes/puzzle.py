"""The puzzle room: a position where one move wins, for the player to find, in every game whose
plugin ships puzzles (``GameDef.puzzles``, :mod:`tafel.puzzles`).

Opened from the main menu (the first game with puzzles; the Game button goes through the others)
and from a game's setup screen. The board is the game's own view (:mod:`.puzzle_board`); beside
it a panel:

- **Next puzzle**: one near the player's rating, not yet solved, within the theme chosen by the
  **Theme** button (all themes by default); the player's and the puzzle's Glicko-2 ratings move
  after it (a hint or the solution makes it a loss);
- **Daily puzzle**: the day's puzzle of this game, the same for everyone;
- **Streak**: puzzles one after the other, each a little harder, unrated, until the first
  mistake; the best streak is kept;
- **Hint** marks the move to start with on the board; **Solution** plays the line on the board;
- a correct move gets the opponent's reply from the line; a wrong move gets the refutation
  played on the board (searched in a background thread, so the screen stays smooth);
- after each puzzle: the rating change and the whole line.

Keys: N next, D daily, S streak, T theme, H hint, L solution, R retry, G game, Esc back.
"""

from __future__ import annotations

import random
import threading
from typing import TYPE_CHECKING

import pygame

from tafel.game import GameDef, Move, one_line
from tafel.i18n import N_, _
from tafel.puzzles import room
from tafel.puzzles.progress import Progress, RatingChange, load_progress
from tafel.puzzles.puzzle import Puzzle, load_shipped
from tafel.puzzles.session import CORRECT, SOLVED, WRONG, Attempt
from tafel.ui.scene import Host, Scene
from tafel.ui.scenes.dialog import draw_hints
from tafel.ui.scenes.puzzle_board import PuzzleBoard, room_rects
from tafel.ui.scenes.puzzle_panel import DAILY, RATED, STREAK, panel_lines
from tafel.ui.widgets import BODY, H2, Button, FocusList, is_back
from tafel.words import move_words

if TYPE_CHECKING:
    from tafel.registry import Registry


def games_with_puzzles(registry: Registry) -> list[GameDef]:
    return sorted(
        (g for g in registry.games.values() if g.puzzles is not None), key=lambda g: g.title.lower()
    )


class PuzzleScene(Scene):
    """See the module docstring. ``game``: the game to start with (None: the first with puzzles)."""

    def __init__(self, app: Host, game: GameDef | None = None, progress: Progress | None = None) -> None:
        super().__init__(app)
        self.games = games_with_puzzles(app.registry)
        if game is not None and game not in self.games:
            self.games.insert(0, game)
        if game is None:  # the first game whose set has puzzles (a set may be missing or broken)
            game = next((g for g in self.games if load_shipped(g)[0]), self.games[0] if self.games else None)
        self.game = game
        self.progress = progress or load_progress()
        if self.progress.problem:
            app.notify(self.progress.problem)
        self.rng = random.Random()
        self.board = PuzzleBoard()
        self.puzzles: list[Puzzle] = []
        self.theme: str | None = None
        self.mode = RATED
        self.attempt: Attempt | None = None
        self.change: RatingChange | None = None
        self.streak = 0
        self.streak_used: set[str] = set()
        self.message = ""
        self.message_kind = "text"
        self._refuting: threading.Thread | None = None
        self._refutation: list[Move] | None = None
        self._refutation_box: dict[str, list[Move]] = {}
        self.size = (1, 1)
        self.game_button = Button(N_("Game"), self.next_game, key="game")
        self.next_button = Button(N_("Next puzzle"), self.next_puzzle, key="next", kind="primary")
        self.daily_button = Button(N_("Daily puzzle"), self.daily_puzzle, key="daily")
        self.streak_button = Button(N_("Streak"), self.start_streak, key="streak")
        self.theme_button = Button(N_("Theme"), self.next_theme, key="theme")
        self.hint_button = Button(N_("Hint"), self.show_hint, key="hint")
        self.solution_button = Button(N_("Solution"), self.show_solution, key="solution")
        self.retry_button = Button(N_("Retry"), self.retry, key="retry")
        self.back_button = Button(N_("Back"), self.close, key="back")
        self.buttons = [
            self.next_button,
            self.daily_button,
            self.streak_button,
            self.theme_button,
            self.hint_button,
            self.solution_button,
            self.retry_button,
            self.game_button,
            self.back_button,
        ]
        self.focus = FocusList(self.buttons)
        self.load_game()

    # --- puzzles --------------------------------------------------------------------------------

    def load_game(self) -> None:
        self.puzzles, self.theme, self.attempt = [], None, None
        if self.game is None:
            self.message = _("No game has puzzles")
            return
        puzzles, problems = load_shipped(self.game)
        if problems:
            self.app.notify(
                _("{count} puzzles skipped: {first}").format(count=len(problems), first=problems[0])
            )
        self.puzzles = puzzles
        self.mode = RATED
        self.next_puzzle()

    def title(self, game: GameDef | None = None) -> str:
        game = game or self.game
        return game.translate(game.title) if game is not None else ""

    def theme_label(self, theme: str) -> str:
        support = self.game.puzzles if self.game is not None else None
        return support.theme_label(theme) if support is not None else theme

    def themes(self) -> list[str]:
        found: dict[str, None] = {}
        for p in self.puzzles:
            for t in p.themes:
                found.setdefault(t, None)
        return list(found)

    def start(self, puzzle: Puzzle | None) -> None:
        self._refuting, self._refutation = None, None
        self.change = None
        if puzzle is None or self.game is None:
            self.attempt = None
            self.message, self.message_kind = _("No puzzle found: try another theme"), "text"
            return
        try:
            self.attempt = Attempt(self.game, puzzle)
        except Exception as exc:  # a set entry that does not replay (checked when loaded)
            self.attempt = None
            self.message, self.message_kind = one_line(exc), "danger"
            return
        state = self.attempt.state
        self.board.show(self.game, self.game.resolve_options(dict(puzzle.options)), state, state.to_move)
        self.board.layout(self.board.rect)
        who = self.board.names[state.to_move] if state.to_move < len(self.board.names) else ""
        self.message, self.message_kind = _("{seat} to move: find the winning move").format(seat=who), "text"

    def next_puzzle(self) -> None:
        if self.game is None:
            return
        if self.mode == STREAK and self.attempt is not None and self.attempt.result == "solved":
            self.start(room.streak_next(self.puzzles, self.streak, self.streak_used, self._theme_set()))
            if self.attempt is not None:
                self.streak_used.add(self.attempt.puzzle.id)
            return
        self.mode = RATED
        gid = self.game.id
        rating = self.progress.rating(gid).rating
        solved = self.progress.solved_ids(gid)
        ratings = self.progress.puzzle_ratings(gid)
        self.start(room.at_level(self.puzzles, rating, solved, self.rng, self._theme_set(), ratings))

    def daily_puzzle(self) -> None:
        self.mode = DAILY
        self.start(room.daily(self.puzzles))

    def start_streak(self) -> None:
        self.mode, self.streak, self.streak_used = STREAK, 0, set()
        self.start(room.streak_next(self.puzzles, 0, set(), self._theme_set()))
        if self.attempt is not None:
            self.streak_used.add(self.attempt.puzzle.id)

    def retry(self) -> None:
        if self.attempt is not None:
            mode = self.mode
            self.start(self.attempt.puzzle)
            if self.attempt is not None:
                self.attempt.rated = False  # a second try is not rated
            self.mode = mode if mode != STREAK else RATED

    def _theme_set(self) -> set[str] | None:
        return {self.theme} if self.theme else None

    def next_theme(self) -> None:
        themes = self.themes()
        order = [None, *themes]
        self.theme = order[(order.index(self.theme) + 1) % len(order)] if self.theme in order else None
        self.mode = RATED
        self.next_puzzle()

    def next_game(self) -> None:
        if len(self.games) > 1 and self.game is not None:
            self.game = self.games[(self.games.index(self.game) + 1) % len(self.games)]
            self.load_game()

    # --- the try ----------------------------------------------------------------------------------

    def show_hint(self) -> None:
        attempt = self.attempt
        if attempt is None or attempt.result is not None or not self.board.interactive:
            return
        attempt.helped = True
        self.board.hint = attempt.expected()
        self.message = _(
            "Hint: the move to start with is marked on the board (the puzzle then counts as missed)"
        )
        self.message_kind = "text"

    def show_solution(self) -> None:
        attempt = self.attempt
        if attempt is None:
            return
        was_open = attempt.result is None
        attempt.give_up()
        start = attempt.states[0]
        self.board.set_state(start)
        self.board.queue(
            [s.parse_move(t) for s, t in zip(attempt.states, attempt.puzzle.line, strict=False)], 0.5
        )
        if was_open:
            self.finish(False)
        # The line itself is in the panel, in words (issue 38): notation here ran past the panel.
        self.message, self.message_kind = _("The solution is played on the board"), "text"

    def played(self, move: Move) -> None:
        """The person made ``move`` on the board."""
        attempt = self.attempt
        if attempt is None or attempt.result is not None:
            return
        state = attempt.state
        expected = attempt.expected()
        verdict = attempt.answer(move)
        if verdict == WRONG:
            self.board.play(move)
            self.finish(False)
            text = move_words(state, move)
            self.message, self.message_kind = (
                _("{move} is not it: watch the answer").format(move=text),
                "danger",
            )
            self._refute()
            return
        outcome = state.play(move).outcome
        self.board.play(move if outcome is not None or verdict == SOLVED else expected)
        if verdict == SOLVED:
            self.finish(True)
            return
        if verdict == CORRECT:
            reply = attempt.reply()
            if reply is not None:
                self.board.queue([reply])
            self.message, self.message_kind = _("Correct: keep going"), "ok"

    def finish(self, solved: bool) -> None:
        """The try is over: the records, the rating change, the streak."""
        attempt, game = self.attempt, self.game
        if attempt is None or game is None:
            return
        rated = self.mode in (RATED, DAILY) and attempt.rated
        counted = solved and not attempt.helped
        if self.mode == STREAK:
            self.progress.record(game.id, attempt.puzzle, counted, rated=False)
            if counted:
                self.streak += 1
            else:
                self.progress.record_streak(game.id, self.streak)
        elif rated:
            self.change = self.progress.record(game.id, attempt.puzzle, counted)
            if self.mode == DAILY and counted:
                self.progress.record_daily(game.id)
        try:
            self.progress.save()
        except OSError as exc:
            self.app.notify(_("The puzzle records could not be saved: {error}").format(error=one_line(exc)))
        if solved:
            if self.mode == STREAK:
                self.message = _("Solved: streak {count}").format(count=self.streak)
            else:
                self.message = _("Solved!")
            self.message_kind = "ok"

    def _refute(self) -> None:
        """Search the refutation in a thread; :meth:`update` plays it when it is there."""
        game, state = self.game, self.board.state
        if game is None or state is None or state.outcome is not None:
            return
        box: dict[str, list[Move]] = {}

        def work() -> None:
            try:
                line = room.refutation(game, state)
                moves, s = [], state
                for text in line:
                    move = s.parse_move(text)
                    moves.append(move)
                    s = s.play(move)
                box["moves"] = moves
            except Exception:
                box["moves"] = []

        self._refutation_box = box
        self._refuting = threading.Thread(target=work, name="puzzle-refutation", daemon=True)
        self._refuting.start()

    def update(self, dt: float) -> None:
        self.board.update(dt)
        if self._refuting is not None and not self._refuting.is_alive():
            self._refuting = None
            moves = self._refutation_box.get("moves", [])
            self._refutation = moves
            if moves:
                self.board.queue(moves, 0.4)

    def close(self) -> None:
        if self.mode == STREAK and self.game is not None and self.streak:
            self.progress.record_streak(self.game.id, self.streak)
            try:
                self.progress.save()
            except OSError:
                pass
        self.app.scenes.remove(self)

    # --- layout and input ----------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        ui = self.ui
        board, self.panel = room_rects(ui, size, 0.36, 560)
        self.board.layout(board)
        bh, gap = ui.px(50), ui.px(10)
        cols = 2
        bw = (self.panel.width - gap) // cols
        rows = (len(self.buttons) + cols - 1) // cols
        y0 = self.panel.bottom - rows * bh - (rows - 1) * gap
        for i, b in enumerate(self.buttons):
            r, c = divmod(i, cols)
            b.rect = pygame.Rect(self.panel.x + c * (bw + gap), y0 + r * (bh + gap), bw, bh)
            b.size = ui.fonts.fit_size(b.label, BODY, bw - ui.px(20), True)
        self.text_bottom = y0 - ui.px(14)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if is_back(event) and not self.board.busy:
            self.close()
            return True
        move = self.board.handle_event(event, self.ui)
        if move is not None:
            self.played(move)
            return True
        item = self.focus.handle_event(event)
        if item is not None:
            item.activate()
            return True
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_n: self.next_puzzle,
                pygame.K_d: self.daily_puzzle,
                pygame.K_s: self.start_streak,
                pygame.K_t: self.next_theme,
                pygame.K_h: self.show_hint,
                pygame.K_l: self.show_solution,
                pygame.K_r: self.retry,
                pygame.K_g: self.next_game,
            }
            action = keys.get(event.key)
            if action is not None:
                action()
                return True
        return event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN)

    # --- drawing --------------------------------------------------------------------------------

    def info_lines(self) -> list[tuple[str, int, str, bool]]:
        """(text, size, colour name, bold) lines of the panel, top down (:mod:`.puzzle_panel`)."""
        return panel_lines(self)

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        t = ui.theme
        w = surface.get_width()
        surface.fill(t.background)
        margin = ui.px(28)
        title = _("Puzzles · {game}").format(game=self.title()) if self.game else _("Puzzles")
        ui.draw_text(surface, title, (margin, ui.px(24)), H2, t.text, bold=True, max_width=w - 2 * margin)
        self.board.draw(surface, ui)
        pygame.draw.rect(surface, t.panel, self.panel, border_radius=ui.px(14))
        x, y = self.panel.x + ui.px(18), self.panel.y + ui.px(16)
        width = self.panel.width - ui.px(36)
        for text, size, colour, bold in self.info_lines():
            if not text:
                y += ui.px(10)
                continue
            for line in ui.wrap(text, size, width, bold):
                if y + ui.line_height(size, bold) > self.text_bottom:
                    break
                ui.draw_text(
                    surface, line, (x, y), size, getattr(t, colour, t.text), bold=bold, max_width=width
                )
                y += ui.line_height(size, bold)
            y += ui.px(4)
        open_try = self.attempt is not None and self.attempt.result is None
        self.hint_button.enabled = open_try and self.board.interactive
        self.solution_button.enabled = self.attempt is not None
        self.retry_button.enabled = self.attempt is not None and self.attempt.result is not None
        self.game_button.enabled = len(self.games) > 1
        for b in self.buttons:
            b.draw(surface, ui)
        draw_hints(
            surface, ui, _("N next · D daily · S streak · T theme · H hint · L solution · R retry · Esc back")
        )


def open_puzzles(app: Host, game: GameDef | None = None) -> None:
    """Open the puzzle room (from the menu, or a game's setup)."""
    app.push(PuzzleScene(app, game))
