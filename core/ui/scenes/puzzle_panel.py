"""The puzzle room's panel beside the board: the player's rating and progress, the mode and theme,
the puzzle, what just happened, and after a try the rating change, the line and the answer to a
wrong move. Texts only; :mod:`.puzzle` draws them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from tafel.i18n import _
from tafel.ui.widgets import BODY, SMALL
from tafel.words import move_words, text_words

if TYPE_CHECKING:
    from tafel.game import GameDef, GameState, Move
    from tafel.puzzles.progress import Progress, RatingChange
    from tafel.puzzles.puzzle import Puzzle
    from tafel.puzzles.session import Attempt

RATED, DAILY, STREAK = "rated", "daily", "streak"
#: A rating deviation above this marks the player's rating as provisional.
PROVISIONAL = 110.0


class Room(Protocol):
    """What the panel reads of the puzzle room (:class:`tafel.ui.scenes.puzzle.PuzzleScene`), which
    imports this module: its game and try, the player's progress, and the line it shows."""

    @property
    def game(self) -> GameDef | None: ...
    @property
    def attempt(self) -> Attempt | None: ...
    @property
    def progress(self) -> Progress: ...
    @property
    def puzzles(self) -> Sequence[Puzzle]: ...
    @property
    def change(self) -> RatingChange | None: ...
    @property
    def _refutation(self) -> Sequence[Move] | None: ...
    @property
    def mode(self) -> str: ...
    @property
    def theme(self) -> str | None: ...
    @property
    def streak(self) -> int: ...
    @property
    def message(self) -> str: ...
    @property
    def message_kind(self) -> str: ...
    def theme_label(self, theme: str) -> str: ...


def describe(state: GameState) -> str:
    """The game's own status line of a position (whose colour is to move), or ""."""
    try:
        return str(state.describe() or "")
    except Exception:  # a plugin's status line is a nicety
        return ""


#: One line of the panel: its text, font size, colour name and whether it is bold.
Line = tuple[str, int, str, bool]


def panel_lines(scene: Room) -> list[Line]:
    """(text, size, colour name, bold) lines of the room's panel, top down."""
    game = scene.game
    if game is None:
        return [(scene.message, BODY, "text", False)]
    lines = standing_lines(scene, game)
    lines.append(("", SMALL, "text", False))
    attempt = scene.attempt
    if attempt is not None:
        lines += puzzle_lines(scene, attempt)
    lines.append((scene.message, BODY, scene.message_kind, True))
    if attempt is not None and attempt.result is not None:
        lines += outcome_lines(scene, attempt)
    return lines


def standing_lines(scene: Room, game: GameDef) -> list[Line]:
    """The player's rating, progress, and the mode and theme they are solving in for ``game``."""
    player = scene.progress.rating(game.id)
    # A question mark while the rating is provisional (few puzzles yet), as Lichess writes it.
    provisional = "?" if player.deviation > PROVISIONAL else ""
    rating = _("Your rating: {rating} ± {deviation}").format(
        rating=f"{round(player.rating)}{provisional}", deviation=round(2 * player.deviation)
    )
    record = scene.progress.of(game.id)
    progress = _("Solved {solved} of {total} · best streak {best}").format(
        solved=len(record.solved), total=len(scene.puzzles), best=record.best_streak
    )
    mode = {
        RATED: _("Rated puzzle"),
        DAILY: _("Daily puzzle"),
        STREAK: _("Streak: {count}").format(count=scene.streak),
    }[scene.mode]
    theme = scene.theme_label(scene.theme) if scene.theme else _("all themes")
    return [
        (rating, BODY, "text", True),
        (progress, SMALL, "text_dim", False),
        (_("{mode} · {theme}").format(mode=mode, theme=theme), SMALL, "text_dim", False),
    ]


def puzzle_lines(scene: Room, attempt: Attempt) -> list[Line]:
    """The puzzle being tried: its rating and themes once the try is over, before that only how many
    moves to find, so the themes do not give the answer away."""
    puzzle = attempt.puzzle
    if attempt.result is not None:
        rating = scene.progress.puzzle_rating(puzzle).rating
        themes = ", ".join(scene.theme_label(t) for t in puzzle.themes)
        heading = _("Puzzle {id} · rating {rating}").format(id=puzzle.id, rating=round(rating))
        return [
            (heading, BODY, "text", True),
            (_("Themes: {themes}").format(themes=themes), SMALL, "text_dim", False),
        ]
    count = puzzle.solver_moves
    lines: list[Line] = [
        (_("Puzzle {id}").format(id=puzzle.id), BODY, "text", True),
        (_("Moves to find: {count}").format(count=count), SMALL, "text_dim", False),
    ]
    status = describe(attempt.state)
    if status:  # the game's own words for the position (whose colour is to move)
        lines.append((status, SMALL, "text_dim", False))
    return lines


def outcome_lines(scene: Room, attempt: Attempt) -> list[Line]:
    """After a finished try: the rating change (or where a streak ended), the puzzle's line, and the
    answer to the player's wrong move when there is one."""
    lines: list[Line] = []
    if scene.change is not None:
        delta = scene.change.delta
        sign = "+" if delta >= 0 else ""
        change = _("Rating {before} → {after} ({delta})").format(
            before=round(scene.change.before), after=round(scene.change.after), delta=f"{sign}{delta}"
        )
        lines.append((change, BODY, "ok" if delta >= 0 else "danger", True))
    elif scene.mode == STREAK and attempt.result == "failed":
        lines.append((_("The streak ends at {count}").format(count=scene.streak), BODY, "danger", True))
    # Moves in words (issue 38); a move's words may hold a comma, so the moves are set apart by " · ".
    played = zip(attempt.states, attempt.puzzle.line, strict=False)  # the states end with one more
    line = " · ".join(text_words(state, text) for state, text in played)
    lines.append((_("The line: {line}").format(line=line), SMALL, "text", False))
    if scene._refutation:
        texts = refutation_texts(attempt, scene._refutation)
        if texts:
            answer = _("The answer to your move: {line}").format(line=" · ".join(texts))
            lines.append((answer, SMALL, "text", False))
    return lines


def refutation_texts(attempt: Attempt, refutation: Sequence[Move]) -> list[str]:
    """The refutation's moves in words, played on from the position after the wrong move."""
    texts: list[str] = []
    if attempt.wrong is None:
        return texts
    try:
        position = attempt.state.play(attempt.wrong)
        for move in refutation:
            texts.append(move_words(position, move))
            position = position.play(move)
    except Exception:  # the moves written before a plugin fails still help; none is also fine
        pass
    return texts
