"""The puzzle room's panel beside the board: the player's rating and progress, the mode and theme,
the puzzle, what just happened, and after a try the rating change, the line and the answer to a
wrong move. Texts only; :mod:`.puzzle` draws them."""

from __future__ import annotations

from typing import Any

from tafel.i18n import _
from tafel.ui.widgets import BODY, SMALL

RATED, DAILY, STREAK = "rated", "daily", "streak"
#: A rating deviation above this marks the player's rating as provisional.
PROVISIONAL = 110.0


def describe(state: Any) -> str:
    """The game's own status line of a position (whose colour is to move), or ""."""
    try:
        return str(state.describe() or "")
    except Exception:  # a plugin's status line is a nicety
        return ""


def panel_lines(scene: Any) -> list[tuple[str, int, str, bool]]:
    """(text, size, colour name, bold) lines of the room's panel, top down ."""
    lines: list[tuple[str, int, str, bool]] = []
    game = scene.game
    if game is None:
        return [(scene.message, BODY, "text", False)]
    player = scene.progress.rating(game.id)
    lines.append(
        (
            _("Your rating: {rating} ± {deviation}").format(
                # A question mark while the rating is provisional (few puzzles yet), as Lichess writes it.
                rating=f"{round(player.rating)}{'?' if player.deviation > PROVISIONAL else ''}",
                deviation=round(2 * player.deviation),
            ),
            BODY,
            "text",
            True,
        )
    )
    record = scene.progress.of(game.id)
    lines.append(
        (
            _("Solved {solved} of {total} · best streak {best}").format(
                solved=len(record.solved), total=len(scene.puzzles), best=record.best_streak
            ),
            SMALL,
            "text_dim",
            False,
        )
    )
    mode = {
        RATED: _("Rated puzzle"),
        DAILY: _("Daily puzzle"),
        STREAK: _("Streak: {count}").format(count=scene.streak),
    }[scene.mode]
    theme = scene.theme_label(scene.theme) if scene.theme else _("all themes")
    lines.append((_("{mode} · {theme}").format(mode=mode, theme=theme), SMALL, "text_dim", False))
    lines.append(("", SMALL, "text", False))
    attempt = scene.attempt
    if attempt is not None:
        puzzle = attempt.puzzle
        done = attempt.result is not None
        if done:
            rating = scene.progress.puzzle_rating(puzzle).rating
            lines.append(
                (
                    _("Puzzle {id} · rating {rating}").format(id=puzzle.id, rating=round(rating)),
                    BODY,
                    "text",
                    True,
                )
            )
            lines.append(
                (
                    _("Themes: {themes}").format(
                        themes=", ".join(scene.theme_label(t) for t in puzzle.themes)
                    ),
                    SMALL,
                    "text_dim",
                    False,
                )
            )
        else:
            lines.append((_("Puzzle {id}").format(id=puzzle.id), BODY, "text", True))
            count = puzzle.solver_moves
            lines.append((_("Moves to find: {count}").format(count=count), SMALL, "text_dim", False))
            status = describe(attempt.state)
            if status:  # the game's own words for the position (whose colour is to move)
                lines.append((status, SMALL, "text_dim", False))
    lines.append((scene.message, BODY, scene.message_kind, True))
    if attempt is not None and attempt.result is not None:
        if scene.change is not None:
            delta = scene.change.delta
            sign = "+" if delta >= 0 else ""
            lines.append(
                (
                    _("Rating {before} → {after} ({delta})").format(
                        before=round(scene.change.before),
                        after=round(scene.change.after),
                        delta=f"{sign}{delta}",
                    ),
                    BODY,
                    "ok" if delta >= 0 else "danger",
                    True,
                )
            )
        elif scene.mode == STREAK and attempt.result == "failed":
            lines.append((_("The streak ends at {count}").format(count=scene.streak), BODY, "danger", True))
        lines.append((_("The line: {line}").format(line=" ".join(attempt.puzzle.line)), SMALL, "text", False))
        if scene._refutation:
            state = attempt.state
            texts = []
            try:
                s = state.play(attempt.wrong) if attempt.wrong is not None else None
                for move in scene._refutation:
                    texts.append(s.move_to_text(move))
                    s = s.play(move)
            except Exception:
                pass
            if texts:
                lines.append(
                    (
                        _("The answer to your move: {line}").format(line=" ".join(texts)),
                        SMALL,
                        "text",
                        False,
                    )
                )
    return lines
