"""The turn controller of the play screen: what happens next, and when.

Each frame, once nothing animates, :meth:`Turns.advance` moves the game on: an AI seat gets a
request to the worker, a forced pass is announced and played after a short pause, and a
finished game goes to the history and opens the game-over card a moment later.
:meth:`Turns.poll` collects the worker's answers. Every request carries a generation number; an
answer whose generation is not the one awaited (it was asked before an undo, restart or a
return to the menu) is dropped. An AI error never leaves "thinking..." on screen: the panel
shows it and offers to play the seat yourself or to retry. Hints (the hard agent's move for the
human to move) go to the same worker.

The worker is reached through :class:`MoveWorker` only: :class:`tafel.ai.worker.AIWorker` in
the arcade, a synchronous fake in the tests. The timings are the scene's (``PlayScene.PASS_DELAY``
and the rest), so they are tuned in one place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from tafel.ai.base import LEVEL_TIME, LEVELS, Limit
from tafel.game import GameError, Move, one_line
from tafel.i18n import _
from tafel.match import HUMAN, Match, player_label
from tafel.ui.scenes.play.hint import hint_text

if TYPE_CHECKING:
    from tafel.ui.scenes.play.scene import PlayScene


class AIAnswer(Protocol):
    """An answer of the worker (:class:`tafel.ai.worker.AIResult`): a move text or an error."""

    @property
    def generation(self) -> int: ...

    @property
    def move_text(self) -> str | None: ...

    @property
    def error(self) -> str | None: ...

    @property
    def info(self) -> dict[str, Any] | None: ...


class MoveWorker(Protocol):
    """What the play screen needs of the AI worker. A worker may also have ``start()`` (called
    when a game with an AI seat opens) and ``busy`` (False: nothing is being searched)."""

    def request(self, req: Any) -> int:
        """Ask for a move (:meth:`tafel.match.Match.ai_request`); returns the request's generation."""
        ...

    def poll(self) -> AIAnswer | None:
        """The next answer, if one arrived; never waits."""
        ...

    def cancel(self) -> None:
        """Stop the search under way; its answer is not wanted any more."""
        ...


class Turns:
    """The turns of one play scene: the AI seats, hints, forced passes and the end of the game."""

    def __init__(self, scene: PlayScene, worker: MoveWorker | None = None) -> None:
        self.scene = scene
        self._worker = worker
        self._engines: Any = None
        self.ai_pending: int | None = None
        self.ai_seat: int | None = None
        self.ai_wait = 0.0
        self.ai_idle = 0.0
        self.ai_move: Move | None = None
        self.ai_error: str | None = None
        self.ai_info: dict[str, Any] = {}
        self.hint: Move | None = None
        self.hint_pending: int | None = None
        self.hint_text = ""  # the hint's move, reason and value (shown while ``hint`` is set)
        #: Results dropped because they answered an older request (for tests and the curious).
        self.dropped_results = 0
        self.pass_timer: float | None = None
        self.over_timer = 0.0
        self.over_shown = False
        self.finished = False
        #: What the game said when this game ended (new records), for the game-over card.
        self.finish_news: list[str] = []

    @property
    def match(self) -> Match:
        return self.scene.match

    @property
    def worker(self) -> MoveWorker:
        if self._worker is None:
            self._worker = self.scene.app.get_worker()
        return self._worker

    @property
    def engine_host(self) -> Any:
        """Seats played by external engines (``engine:NAME``) ask them (:mod:`tafel.engine_router`)."""
        if self._engines is None:
            from tafel.engine_router import EngineRouter

            self._engines = EngineRouter(None, self.scene.app.registry)
        return self._engines

    def close(self) -> None:
        """The scene closed: its engine processes end."""
        if self._engines is not None:
            self._engines.close_engines()

    def engine_lines(self) -> list[str]:
        """Each engine seat's latest search (depth, score, PV), for the side panel."""
        return self._engines.engine_lines(self.match.players, self.scene.seat_name) if self._engines else []

    @property
    def thinking(self) -> bool:
        return self.ai_pending is not None

    def start(self) -> None:
        """The scene opened: start the worker process (it loads the plugins) while the first
        human move is made."""
        if self.scene.mode == "replay" or all(p == HUMAN for p in self.match.players):
            return
        try:
            start = getattr(self.worker, "start", None)
            if start is not None:
                start()
        except Exception as exc:
            self.ai_error = _("The AI could not start: {error}").format(error=one_line(exc))

    # --- moves ----------------------------------------------------------------------------------

    def play_move(self, move: Move) -> bool:
        """Play ``move`` for whoever is to move; False (and a toast) if the game refuses it."""
        scene = self.scene
        before = self.match.state
        try:
            after = self.match.play(move)
        except GameError as exc:
            scene.toast(str(exc), error=True)
            return False
        except Exception as exc:  # the plugin's play() itself failed
            scene.rules_failed("play", exc)
            return False
        view = scene.view
        scene.guard("on_move", view.on_move, before, move, after)
        scene.play_sound(scene.guard("sound_for", view.sound_for, before, move, after, default="move"))
        self.moved()
        scene.panel.list_scroll = 0
        scene.autosave()
        return True

    def human_move(self, move: Move) -> bool:
        """Play a move the view returned, once the shown position allows it."""
        scene = self.scene
        if scene.guide is not None and not scene.guide.allows(move):
            return False
        try:
            legal = scene.shown_state().is_legal(move)
        except Exception as exc:
            scene.toast(_("Cannot check the move: {error}").format(error=one_line(exc)), error=True)
            return False
        if not legal and move not in self._meta_of_shown():
            scene.toast(_("That move is not legal here."), error=True)
            return False
        return self.play_move(move)

    def _meta_of_shown(self) -> list[Move]:
        """The meta moves (resign, a draw offer) of the shown state: played like moves, though
        not among its legal moves."""
        try:
            return [m for _label, m in self.scene.shown_state().meta_moves()]
        except Exception:  # the pause menu shows none either
            return []

    # --- what a move, an undo or a restart does to the turn ---------------------------------

    def cancel(self) -> None:
        """Forget the search and the hint under way (the worker is told to stop)."""
        if self._engines is not None:
            self._engines.cancel()
        pending = self.ai_pending is not None or self.ai_move is not None or self.hint_pending is not None
        if self._worker is not None and pending:
            try:
                self._worker.cancel()
            except Exception:
                pass
        self.ai_pending = self.ai_move = None
        self.hint_pending = None
        self.ai_error = None

    def moved(self) -> None:
        """A move was played: the next turn starts afresh."""
        self.ai_pending = self.ai_move = None
        self.hint = None
        self.hint_pending = None
        self.pass_timer = None
        self.over_timer = 0.0

    def reset(self) -> None:
        """The position changed under the turn (undo, redo, restart, fork)."""
        self.cancel()
        self.pass_timer = None
        self.over_timer = 0.0
        self.over_shown = False
        self.hint = None

    # --- the player's ways out of an AI failure, and hints -----------------------------------

    def take_over(self) -> None:
        """A human plays the seat whose AI failed."""
        scene = self.scene
        seat = self.match.state.to_move
        if not self.match.is_human(seat):
            self.match.players[seat] = HUMAN
            scene.toast(_("You play {seat} now.").format(seat=scene.seat_name(seat)))
        self.ai_error = None
        self.ai_pending = self.ai_move = None
        scene.autosave()

    def retry_ai(self) -> None:
        self.ai_error = None

    def other_levels(self) -> list[str]:
        """The AI levels the seat whose AI failed may be given instead (not the failed one)."""
        seat = self.match.state.to_move
        return [level for level in LEVELS if level != self.match.players[seat]]

    def use_level(self, level: str) -> None:
        """The AI ``level`` plays the seat whose AI failed, from now on."""
        scene = self.scene
        seat = self.match.state.to_move
        self.match.players[seat] = level
        scene.toast(
            _("{player} plays {seat} now.").format(player=player_label(level), seat=scene.seat_name(seat))
        )
        self.ai_error = None
        self.ai_pending = self.ai_move = None
        scene.autosave()

    def request_hint(self) -> bool:
        """Ask the hard agent for a move for the human to move; shown until the next move."""
        scene = self.scene
        if scene.mode != "play" or not scene.interactive:
            scene.toast(_("Hints are for your turn."), error=True)
            return False
        if self.hint_pending is not None:
            return False
        if scene.guide is not None:
            scene.toast(_("The move to make is marked on the board."))
            return False
        if self.hint is not None:
            scene.toast(_("The hint is on the board."))
            return False
        state = self.match.state
        agent = scene.HINT_AGENT
        try:
            limit = self.limit_for(agent)
            generation = self.worker.request(self.match.ai_request(state.to_move, limit=limit, agent=agent))
        except Exception as exc:
            scene.toast(_("No hint: {error}").format(error=one_line(exc)), error=True)
            return False
        self.hint_pending = generation
        self.ai_idle = 0.0
        scene.toast(_("Thinking of a hint…"))
        return True

    # --- each frame ----------------------------------------------------------------------------

    def advance(self, dt: float) -> None:
        """Move the game on (the rules' own errors propagate: the scene stops the game)."""
        scene = self.scene
        if scene.mode == "demo" and scene.time > scene.DEMO_MAX:
            self.next_demo()
            return
        if scene.browse is not None:
            return  # the game waits while the player looks back
        state = self.match.state
        animating = scene.animating()
        if state.is_over:
            if not animating:
                self.finish()
            if not animating and not self.over_shown:
                self.over_timer += dt
                if scene.mode == "demo":
                    if self.over_timer >= scene.DEMO_END_DELAY:
                        self.next_demo()
                elif self.over_timer >= scene.GAME_OVER_DELAY:
                    scene.show_game_over()
            return
        if animating:
            return
        if scene.guide is not None and scene.guide.advance(dt):
            return  # a guided first game's scripted reply, or its end card
        if state.is_forced_pass():
            if self.pass_timer is None:
                self.pass_timer = scene.PASS_DELAY
                scene.toast(_("{seat} cannot move and passes.").format(seat=scene.seat_name(state.to_move)))
                return
            self.pass_timer -= dt
            if self.pass_timer <= 0:
                self.pass_timer = None
                moves = state.legal_moves()
                if moves:
                    self.play_move(moves[0])
            return
        if self.match.is_human(state.to_move) or self.ai_error is not None:
            return
        if self.ai_pending is None:
            self.request_ai(state.to_move)
            return
        self.ai_wait += dt
        if self.ai_move is not None and self.ai_wait >= scene.AI_MIN_DELAY:
            move = self.ai_move
            self.ai_move = None
            if not self.play_move(move):
                toasts = scene.toasts
                self.failed(
                    _("The AI's move was refused: {error}").format(
                        error=toasts[-1][0] if toasts else repr(move)
                    )
                )

    def next_demo(self) -> None:
        """The demo is over: the menu shows the next one (or the demo just closes)."""
        menu = getattr(self.scene.app, "menu", None)
        if menu is not None and hasattr(menu, "next_demo"):
            menu.next_demo(self.scene)
        else:
            self.scene.leave()

    def limit_for(self, agent: str) -> Limit | None:
        """The agent's own budget scaled by the think-time setting (None: the agent's default)."""
        scene = self.scene
        factor = float(getattr(scene.settings, "think_factor", 1.0))
        if scene.mode == "demo" or abs(factor - 1.0) < 1e-9:
            return None
        try:
            default = scene.app.registry.agent(agent, self.match.game.id).default_limit
        except Exception:
            return None
        base = default.time if default.time is not None else LEVEL_TIME.get(agent)
        if base is None:
            return None
        return Limit(time=base * factor, depth=default.depth, nodes=default.nodes)

    def request_ai(self, seat: int) -> None:
        try:
            agent = self.match.players[seat]
            worker = self.engine_host if agent.startswith("engine:") else self.worker
            generation = worker.request(self.match.ai_request(seat, limit=self.limit_for(agent)))
        except Exception as exc:
            self.failed(_("The AI could not start: {error}").format(error=one_line(exc)))
            return
        self.ai_pending = generation
        self.ai_seat = seat
        self.ai_wait = 0.0
        self.ai_idle = 0.0

    def poll(self, dt: float) -> None:
        """Take the worker's answers; a worker idle too long with our request lost it."""
        while self._engines is not None and (answer := self._engines.poll()) is not None:
            self._answer(answer)
        worker = self._worker
        if worker is None:
            return
        for _poll in range(64):
            try:
                result = worker.poll()
            except Exception as exc:
                if self.ai_pending is not None:
                    self.failed(_("The AI worker failed: {error}").format(error=one_line(exc)))
                self.hint_pending = None
                return
            if result is None:
                break
            self._answer(result)
        waiting = self.ai_pending is not None and self.ai_move is None
        if waiting or self.hint_pending is not None:
            busy = bool(getattr(worker, "busy", True)) or bool(self._engines and self._engines.busy)
            self.ai_idle = 0.0 if busy else self.ai_idle + dt
            if self.ai_idle > self.scene.AI_LOST_AFTER:
                if waiting:
                    self.failed(_("The AI stopped without answering."))
                else:
                    self.hint_pending = None
                    self.scene.toast(_("No hint: the AI did not answer."), error=True)

    def _answer(self, result: AIAnswer) -> None:
        if self.hint_pending is not None and result.generation == self.hint_pending:
            self._hint(result)
            return
        if self.ai_pending is None or self.ai_move is not None or result.generation != self.ai_pending:
            self.dropped_results += 1
            return
        agent = player_label(self.match.players[self.ai_seat]) if self.ai_seat is not None else _("AI")
        if result.error and getattr(result, "timed_out", False):
            seat = self.scene.seat_name(self.ai_seat) if self.ai_seat is not None else _("this seat")
            self.failed(
                _(
                    "{agent} hung and was stopped: {error}. Play {seat} yourself, or let another level play."
                ).format(agent=agent, error=result.error, seat=seat)
            )
            return
        if result.error:
            self.failed(_("{agent} failed: {error}").format(agent=agent, error=result.error))
            return
        if not result.move_text:
            self.failed(_("{agent} returned no move.").format(agent=agent))
            return
        try:
            move = self.match.state.parse_move(result.move_text)
        except GameError as exc:
            self.failed(
                _("{agent} played {move!r}: {error}").format(agent=agent, move=result.move_text, error=exc)
            )
            return
        except Exception as exc:
            self.scene.rules_failed("parse_move", exc)
            return
        self.ai_move = move
        self.ai_info = dict(result.info or {})

    def _hint(self, result: AIAnswer) -> None:
        scene = self.scene
        self.hint_pending = None
        scene.toasts = [t for t in scene.toasts if t[0] != _("Thinking of a hint…")]
        if result.error or not result.move_text:
            scene.toast(
                _("No hint: {error}").format(error=result.error or _("the AI found no move")), error=True
            )
            return
        try:
            move = self.match.state.parse_move(result.move_text)
        except Exception as exc:
            scene.toast(_("No hint: {error}").format(error=one_line(exc)), error=True)
            return
        self.hint = move
        self.match.hints += 1
        scene.play_sound("hint")
        game = self.match.game
        self.hint_text = hint_text(result.move_text, result.info or {}, self.match.seats == 1, game.translate)
        scene.toast(self.hint_text)
        scene.autosave()

    def failed(self, message: str) -> None:
        """The AI failed: the game pauses with the message (a demo moves on)."""
        self.cancel()
        self.ai_error = message
        if self.scene.mode == "demo":
            self.next_demo()
        else:
            self.scene.error_pause(message)

    # --- the end of the game -------------------------------------------------------------------

    def finish(self) -> None:
        """The game just ended: history, statistics, the autosave goes (once per match)."""
        scene = self.scene
        if self.finished or scene.mode != "play":
            return
        self.finished = True
        self._report_finish()
        if not getattr(scene.app, "autosave_enabled", True):
            return
        from tafel import saves, stats

        match = self.match
        outcome = match.state.outcome
        try:
            saves.finish_later(match)
            if outcome is not None:
                players = list(match.players)
                saves.writer.submit(lambda: stats.record_result(match.game.id, match.id, players, outcome))
        except Exception as exc:
            scene.autosave_failed(one_line(exc))

    def _report_finish(self) -> None:
        """Tell the game a game with people at the screen ended (``GameDef.on_finished``, where
        games keep records); its lines ("New record: ...") go on the game-over card."""
        self.finish_news = []
        match = self.match
        hook = match.game.on_finished
        if hook is None or not match.human_seats or match.state.outcome is None:
            return
        try:
            self.finish_news = [str(line) for line in hook(match.finished()) or ()][:6]
        except Exception as exc:  # the plugin's records failed: the game itself is fine
            self.scene.toast(
                _("{game}: records not kept: {error}").format(game=match.game.title, error=one_line(exc)),
                error=True,
            )
