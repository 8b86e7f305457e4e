"""The review after a game: a graph of each position's value, and any position shown on its board.

Opened from the game-over card ("Review"). The values come from the game's strongest agent
(``hard``) in two AI processes, the shared worker and one of the screen's own, side by side
(:class:`tafel.review.ReviewJob`, stepped each frame without waiting, so the screen stays
responsive): a fast first pass values every position in seconds, deeper passes refine them while
the player looks (:data:`tafel.review.PASSES`). The graph fills in as they arrive, positions not
valued yet drawn as such, the biggest swings marked (:mod:`tafel.ui.scenes.review_graph`). Clicking the
graph or the left and right keys pick a position: it is shown after the move played (marked as
the last move), and beside it the position after the move the agent preferred, when it differs.
Up and down jump between the biggest swings. "Try again from here" (T) starts a new game from
the selected position: the same setup, seed and players, the moves up to it replayed.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import pygame

from tafel.i18n import N_, _, format_percent
from tafel.review import Review, ReviewJob, pass_limits
from tafel.ui.picture import BoardPicture
from tafel.ui.scene import Host, Scene
from tafel.ui.scenes.dialog import draw_hints
from tafel.ui.scenes.review_graph import ValueGraph
from tafel.ui.widgets import BODY, H2, SMALL, Button, is_back

if TYPE_CHECKING:
    from tafel.ai.worker import AIWorker
    from tafel.match import Match

#: Board pictures kept (the positions last looked at).
KEEP_PICTURES = 8


def percent(value: float | None) -> str:
    """>>> percent(0.625), percent(None)
    ('62%', '?')
    """
    return "?" if value is None else format_percent(value)


class ReviewScene(Scene):
    """See the module docstring. ``review`` may be given (kept by the game-over card, so
    reopening goes on where it stopped); else it is made from ``match``."""

    def __init__(self, app: Host, match: Match, review: Review | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.review = review if review is not None else Review.from_match(match, passes=pass_limits())
        self.names = list(match.seat_names)
        self.graph = ValueGraph(self.review, self.names)
        self.selected = self.review.total - 1
        self.job: ReviewJob | None = None
        #: The screen's own second AI process (the shared worker is the first), closed on leaving.
        self.own_worker: AIWorker | None = None
        self.error: str | None = None
        self.back_button = Button(N_("Back"), self.close, key="back")
        self.try_button = Button(N_("Try again from here"), self.try_again, key="try", kind="primary")
        self.pictures: dict[tuple[str, int], BoardPicture] = {}
        self.boards: list[tuple[pygame.Rect, str, BoardPicture]] = []
        self.size = (1, 1)

    # --- the computation -------------------------------------------------------------------

    def enter(self) -> None:
        self._start()

    def resume(self) -> None:
        self._start()

    def pause(self) -> None:
        self._stop()

    def exit(self) -> None:
        self._stop()
        if self.own_worker is not None:
            self.own_worker.close()
            self.own_worker = None

    def _start(self) -> None:
        if self.job is not None or self.review.passes_done >= len(self.review.passes):
            return
        try:
            workers = [self.app.get_worker()]
            second = self._second_worker(workers[0])
            if second is not None:
                workers.append(second)
            self.job = ReviewJob(self.review, workers)
        except Exception as exc:  # no worker: the graph shows what is known
            self.error = _("The AI could not start: {error}").format(error=exc)

    def _second_worker(self, shared: object) -> AIWorker | None:
        """A second AI process beside the shared one, so both cores value positions; none when
        the shared worker is not a real process (a test's) or the machine has one core."""
        from tafel.ai.worker import AIWorker

        if not isinstance(shared, AIWorker) or (os.cpu_count() or 1) < 2:
            return None
        if self.own_worker is None:
            self.own_worker = AIWorker(shared.spec)
        return self.own_worker

    def _stop(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def update(self, dt: float) -> None:
        if self.job is None:
            return
        try:
            self.job.step()
        except Exception as exc:
            self.error = _("The AI failed: {error}").format(error=exc)
            self._stop()
            return
        if self.job.done:
            self.job = None

    def close(self) -> None:
        self.app.scenes.remove(self)

    def can_try_again(self) -> bool:
        """A new game can start from the selected position (not from a finished one)."""
        return self.review.points[self.selected].rewards is None

    def try_again(self) -> None:
        """Start a new game from the selected position (its setup, seed and players; the moves up
        to it replayed) in place of the game reviewed."""
        if not self.can_try_again():
            return
        try:
            match = self.match.restarted()
            match.replay(self.review.moves[: self.selected])
        except Exception as exc:  # the game's rules refused the replay: say so, stay here
            self.error = _("Cannot start from here: {error}").format(error=exc)
            return
        self.app.start_match(match)

    # --- layout ------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        ui = self.ui
        w, h = size
        margin = ui.px(40)
        top = ui.px(30) + ui.line_height(H2, True) + ui.px(12) + ui.line_height(SMALL) + ui.px(16)
        graph_h = max(ui.px(160), int(h * 0.30))
        self.graph.layout(pygame.Rect(margin, top, w - 2 * margin, graph_h), ui)
        bw, bh = ui.px(180), ui.px(60)
        self.back_button.rect = pygame.Rect(w - margin - bw, ui.px(26), bw, bh)
        tw = max(bw, ui.text_width(_(self.try_button.label), BODY, True) + ui.px(48))
        self.try_button.rect = pygame.Rect(self.back_button.rect.x - ui.px(16) - tw, ui.px(26), tw, bh)
        self.info_y = self.graph.rect.bottom + ui.px(16)
        self.boards_top = self.info_y + 2 * ui.line_height(BODY) + ui.px(16)
        self.boards_bottom = h - ui.px(56)

    def _board_rects(self, count: int) -> list[pygame.Rect]:
        ui = self.ui
        w = self.size[0]
        margin, gap = ui.px(40), ui.px(32)
        caption = ui.line_height(SMALL) + ui.px(8)
        height = max(ui.px(60), self.boards_bottom - self.boards_top - caption)
        width = min((w - 2 * margin - (count - 1) * gap) // count, int(height * 1.6))
        x = (w - count * width - (count - 1) * gap) // 2
        return [
            pygame.Rect(x + i * (width + gap), self.boards_top + caption, width, height) for i in range(count)
        ]

    # --- input -------------------------------------------------------------------------------

    def select(self, ply: int) -> None:
        self.selected = max(0, min(self.review.total - 1, ply))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if is_back(event):
            self.close()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        if event.type == pygame.MOUSEMOTION:
            self.back_button.hovered = self.back_button.rect.collidepoint(event.pos)
            self.try_button.hovered = self.try_button.rect.collidepoint(event.pos)
            if event.buttons[0]:
                self._select_at(event.pos)
            return True
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
            return True
        return False

    def _click(self, pos: tuple[int, int]) -> bool:
        if self.back_button.rect.collidepoint(pos):
            self.close()
            return True
        if self.try_button.rect.collidepoint(pos):
            self.try_again()
            return True
        return self._select_at(pos)

    def _select_at(self, pos: tuple[int, int]) -> bool:
        """Select the position under ``pos`` on the graph; False when there is none."""
        ply = self.graph.ply_at(pos)
        if ply is None:
            return False
        self.select(ply)
        return True

    def _key(self, key: int) -> None:
        step = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}
        if key in step:
            self.select(self.selected + step[key])
        elif key == pygame.K_HOME:
            self.select(0)
        elif key == pygame.K_END:
            self.select(self.review.total - 1)
        elif key == pygame.K_t:
            self.try_again()
        elif key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            self._next_swing(-1 if key == pygame.K_UP else 1)

    def _next_swing(self, direction: int) -> None:
        swings = sorted(self.review.biggest_swings())
        if not swings:
            return
        later = [m for m in swings if (m - self.selected) * direction > 0]
        if later:
            self.select(later[0] if direction > 0 else later[-1])
        else:
            self.select(swings[0] if direction > 0 else swings[-1])

    # --- the boards --------------------------------------------------------------------------

    def _picture(self, kind: str, ply: int) -> BoardPicture | None:
        key = (kind, ply)
        picture = self.pictures.get(key)
        if picture is None:
            match, review = self.match, self.review
            states, moves = list(review.states[: ply + 1]), list(match.moves[:ply])
            if kind == "best":
                best = review.points[ply - 1].best
                before = states[ply - 1]
                if best is None:  # the agent named no move here
                    return None
                try:
                    move = before.parse_move(best)
                    after = before.play(move)
                except Exception:
                    return None
                states, moves = [*states[:ply], after], [*moves[: ply - 1], move]
            if len(self.pictures) >= KEEP_PICTURES:
                self.pictures.pop(next(iter(self.pictures)))
            picture = self.pictures[key] = BoardPicture(match.game, match.options, states, moves)
        return picture

    def shown_boards(self) -> list[tuple[str, BoardPicture]]:
        """The captions and pictures of the selected position: after the move played, and after
        the agent's preferred move when it differs."""
        ply = self.selected
        review = self.review
        if ply == 0:
            out = [(_("The start"), self._picture("played", 0))]
        else:
            out = [
                (_("Played: {move}").format(move=review.played_words(ply - 1)), self._picture("played", ply))
            ]
            if review.preferred_other(ply) is not None:
                preferred = review.best_words(ply - 1)
                out.append((_("The AI preferred: {move}").format(move=preferred), self._picture("best", ply)))
        return [(caption, picture) for caption, picture in out if picture is not None]

    # --- drawing -------------------------------------------------------------------------------

    def _status(self) -> str:
        review = self.review
        if self.error:
            return self.error
        passes, done = len(review.passes), review.passes_done
        if done >= passes:
            return _("Values by the {agent} AI · {total} positions").format(
                agent=_(review.agent), total=review.total
            )
        if not review.finished:
            return _("The {agent} AI is valuing the positions: {valued} of {total} …").format(
                agent=_(review.agent), valued=review.valued, total=review.total
            )
        refined = sum(1 for p in review.points if p.seat is None or p.passes > done)
        return _(
            "Values by the {agent} AI · looking deeper (pass {n} of {passes}): {refined} of {total} …"
        ).format(agent=_(review.agent), n=done + 1, passes=passes, refined=refined, total=review.total)

    def _info(self) -> tuple[str, str]:
        review, ply = self.review, self.selected
        point = review.points[ply]
        if ply == 0:
            first = _("The start")
        else:
            seat = review.mover(ply)
            who = self.names[seat] if seat < len(self.names) else _("Player {n}").format(n=seat + 1)
            before, swing = review.value_for(ply - 1, seat), review.swing(ply)
            after = before + swing if before is not None and swing is not None else None
            if before is None or after is None:  # no invented figures: say it is not valued yet
                first = _("Move {ply}: {who} played {move} · not valued yet").format(
                    ply=ply, who=who, move=review.played_words(ply - 1)
                )
            else:
                first = _("Move {ply}: {who} played {move} · {before} → {after}").format(
                    ply=ply,
                    who=who,
                    move=review.played_words(ply - 1),
                    before=percent(before),
                    after=percent(after),
                )
        if point.rewards is not None:
            second = _("The game is over")
        elif point.error:
            second = _("No value here: {error}").format(error=point.error)
        elif not point.done:
            second = _("Not valued yet")
        else:
            seat = point.seat or 0
            who = self.names[seat] if seat < len(self.names) else _("Player {n}").format(n=seat + 1)
            if review.chance:
                chance = _("win chance")
            else:
                chance = _("expected result") if review.seats == 1 else _("value")
            second = _("{who} to move · {chance} {value} · the AI's choice: {move}").format(
                who=who, chance=chance, value=percent(point.value), move=review.best_words(ply) or "?"
            )
        return first, second

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        t = ui.theme
        w = surface.get_width()
        surface.fill(t.background)
        margin = ui.px(40)
        title = _("Review · {game}").format(game=self.match.game.title)
        r = ui.draw_text(
            surface,
            title,
            (margin, ui.px(30)),
            H2,
            t.text,
            bold=True,
            max_width=self.try_button.rect.x - 2 * margin,
        )
        ui.draw_text(
            surface,
            self._status(),
            (margin, r.bottom + ui.px(12)),
            SMALL,
            t.danger if self.error else t.text_dim,
            max_width=w - 2 * margin,
        )
        self.graph.draw(surface, ui, self.selected)
        first, second = self._info()
        y = ui.draw_text(
            surface, first, (margin, self.info_y), BODY, t.text, bold=True, max_width=w - 2 * margin
        ).bottom
        ui.draw_text(surface, second, (margin, y + ui.px(4)), BODY, t.text_dim, max_width=w - 2 * margin)
        boards = self.shown_boards()
        for rect, (caption, picture) in zip(self._board_rects(max(1, len(boards))), boards, strict=False):
            ui.draw_text(
                surface,
                caption,
                (rect.centerx, rect.y - ui.px(6)),
                SMALL,
                t.text,
                anchor="midbottom",
                max_width=rect.width,
            )
            surface.blit(picture.still(rect.size, t, ui.fonts), rect)
        self.try_button.enabled = self.can_try_again()
        self.try_button.draw(surface, ui)
        self.back_button.draw(surface, ui)
        draw_hints(surface, ui, _("←→ move · click the graph · ↑↓ biggest swings · T try again · Esc back"))
