"""The turn controller of the play screen: what happens next, and when.

Each frame, once nothing animates, :meth:`Turns.advance` moves the game on: a seat played by a
move source (the AI worker, an engine; :mod:`.seats`) gets a request, a forced pass is announced
and played after a short pause, and a finished game goes to the history and opens the game-over
card a moment later. The moves it wants played are handed back (:class:`~.host.PlayMove`): the
scene plays them into the match as it plays a person's. :meth:`Turns.poll` collects the sources'
answers. Every request carries a generation number; an answer whose generation is not the one
awaited (it was asked before an undo, restart or a return to the menu) is dropped. An AI error
never leaves "thinking..." on screen: the panel shows it and offers to play the seat yourself or
to retry. Hints (the hard agent's move for the person to move) go to the AI worker too.

The turn controller holds no screen: it is given the match, the seats, the registry (agents'
budgets), the settings (think time) and a :class:`~.host.TurnsHost` for notes, sounds, the
autosave and pauses. Its timings are its own class attributes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tafel.ai.base import LEVEL_TIME, LEVELS, AgentInfo, Limit
from tafel.game import GameError, Move, one_line
from tafel.i18n import _
from tafel.match import HUMAN, Match, player_label
from tafel.ui.scenes.play.hint import hint_text
from tafel.ui.scenes.play.host import PlayMove, ShowGameOver, TurnEvent, TurnsHost
from tafel.ui.scenes.play.seats import Answer, MoveSource, MoveWorker, Seats

if TYPE_CHECKING:
    from tafel.registry import Registry
    from tafel.settings import Settings
    from tafel.ui.scenes.play.guide import Guide

#: Kept for callers that named the answer by its old name.
AIAnswer = Answer

__all__ = ["AIAnswer", "MoveSource", "MoveWorker", "Turns"]


class Turns:
    """The turns of one play screen: the seats' requests, hints, forced passes and the end of
    the game."""

    #: Seconds a forced pass is announced before it is played.
    PASS_DELAY = 1.2
    #: A seat's move is shown no sooner than this after its turn began (AI against AI stays watchable).
    AI_MIN_DELAY = 0.35
    #: Pause between the last move's animation and the game-over card.
    GAME_OVER_DELAY = 0.6
    #: Seconds a source may sit idle with our request unanswered before we call it lost.
    AI_LOST_AFTER = 3.0
    #: The agent asked for hints.
    HINT_AGENT = "hard"
    #: A demo game stays this long on its final position, and ends after DEMO_MAX seconds anyway.
    DEMO_END_DELAY = 3.0
    DEMO_MAX = 120.0

    def __init__(
        self,
        host: TurnsHost,
        match: Match,
        seats: Seats,
        *,
        registry: Registry,
        settings: Settings,
        autosave_enabled: Callable[[], bool] = lambda: True,
    ) -> None:
        self.host = host
        #: The match played (the scene gives the new one on a restart).
        self.match = match
        self.seats = seats
        self.registry = registry
        self.settings = settings
        self.autosave_enabled = autosave_enabled
        self.ai_pending: int | None = None
        self.ai_seat: int | None = None
        self.ai_wait = 0.0
        self.ai_idle = 0.0
        self.ai_move: Move | None = None
        self.ai_error: str | None = None
        #: The agent's own figures with its last move (shapes differ by agent).
        self.ai_info: AgentInfo = {}
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
        #: How the room ended an online game the rules had not ended (resign, a draw, time).
        self.ended_by_room: str | None = None

    @property
    def worker(self) -> MoveSource:
        """The AI worker (made on first use)."""
        return self.seats.worker

    def close(self) -> None:
        """The screen closed: the sources it opened (engine processes) end."""
        self.seats.close()

    def engine_lines(self) -> list[str]:
        """Each engine seat's latest search (depth, score, PV), for the side panel."""
        lines = self.seats.lines(self.match.players, self.host.seat_name)
        return lines + ([self.ended_by_room] if self.ended_by_room else [])

    @property
    def thinking(self) -> bool:
        return self.ai_pending is not None

    def start(self) -> None:
        """The screen opened: start the worker process (it loads the plugins) while the first
        person's move is made."""
        if self.host.mode == "replay" or all(p == HUMAN for p in self.match.players):
            return
        try:
            start = getattr(self.worker, "start", None)
            if start is not None:
                start()
        except Exception as exc:
            self.ai_error = _("The AI could not start: {error}").format(error=one_line(exc))

    # --- what a move, an undo or a restart does to the turn ---------------------------------

    def cancel(self) -> None:
        """Forget the search and the hint under way (the sources are told to stop)."""
        self.seats.cancel_others()
        pending = self.ai_pending is not None or self.ai_move is not None or self.hint_pending is not None
        worker = self.seats.worker_made
        if worker is not None and pending:
            try:
                worker.cancel()
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
        """A person plays the seat whose AI failed."""
        seat = self.match.state.to_move
        if not self.match.is_human(seat):
            self.match.players[seat] = HUMAN
            self.host.toast(_("You play {seat} now.").format(seat=self.host.seat_name(seat)))
        self.ai_error = None
        self.ai_pending = self.ai_move = None
        self.host.autosave()

    def retry_ai(self) -> None:
        self.ai_error = None

    def other_levels(self) -> list[str]:
        """The AI levels the seat whose AI failed may be given instead (not the failed one)."""
        seat = self.match.state.to_move
        return [level for level in LEVELS if level != self.match.players[seat]]

    def use_level(self, level: str) -> None:
        """The AI ``level`` plays the seat whose AI failed, from now on."""
        host = self.host
        seat = self.match.state.to_move
        self.match.players[seat] = level
        host.toast(
            _("{player} plays {seat} now.").format(player=player_label(level), seat=host.seat_name(seat))
        )
        self.ai_error = None
        self.ai_pending = self.ai_move = None
        host.autosave()

    def request_hint(self, interactive: bool, guided: bool = False) -> bool:
        """Ask the hard agent for a move for the person to move (``interactive``: a person may
        move now; ``guided``: a guided first game marks its moves itself); shown until the next
        move."""
        host = self.host
        if host.mode != "play" or not interactive:
            host.toast(_("Hints are for your turn."), error=True)
            return False
        if self.hint_pending is not None:
            return False
        if guided:
            host.toast(_("The move to make is marked on the board."))
            return False
        if self.hint is not None:  # asked again: the hint in words, as its card in the panel says
            host.toast(self.hint_text or _("The hint is on the board."))
            return False
        state = self.match.state
        agent = self.HINT_AGENT
        try:
            limit = self.limit_for(agent)
            generation = self.worker.request(self.match.ai_request(state.to_move, limit=limit, agent=agent))
        except Exception as exc:
            host.toast(_("No hint: {error}").format(error=one_line(exc)), error=True)
            return False
        self.hint_pending = generation
        self.ai_idle = 0.0
        host.toast(_("Thinking of a hint…"))
        return True

    # --- each frame ----------------------------------------------------------------------------

    def advance(
        self,
        dt: float,
        *,
        time: float,
        browsing: bool,
        animating: Callable[[], bool],
        guide: Guide | None = None,
    ) -> TurnEvent | None:
        """Move the game on: the move due now, the game-over card, or None (the rules' own errors
        propagate: the scene stops the game). ``time``: the screen's clock; ``browsing``: the
        player looks back (the game waits); ``animating``: the board is busy; ``guide``: a guided
        first game, which has the turn while it wants it."""
        host = self.host
        if host.mode == "demo" and time > self.DEMO_MAX:
            host.next_demo()
            return None
        if browsing:
            return None  # the game waits while the player looks back
        state = self.match.state
        busy = animating()
        if state.is_over:
            return None if busy else self._ended(dt)
        if busy:
            return None
        if guide is not None:
            guided = guide.advance(dt)
            if guided:  # the guide has the turn: its scripted reply, or its card waits
                return guided if isinstance(guided, PlayMove) else None
        if state.is_forced_pass() and not self.seats.plays_passes(self.match.players[state.to_move]):
            return self._pass(dt)
        if self.match.is_human(state.to_move) or self.ai_error is not None or self.ended_by_room:
            return None
        if self.ai_pending is None:
            self.request_ai(state.to_move)
            return None
        self.ai_wait += dt
        if self.ai_move is not None and self.ai_wait >= self.AI_MIN_DELAY:
            move, self.ai_move = self.ai_move, None
            return PlayMove(move, "seat")
        return None

    def _ended(self, dt: float) -> ShowGameOver | None:
        """The game is over and its last move shown: report it, and a moment later the card."""
        self.finish()
        if self.over_shown:
            return None
        self.over_timer += dt
        if self.host.mode == "demo":
            if self.over_timer >= self.DEMO_END_DELAY:
                self.host.next_demo()
        elif self.over_timer >= self.GAME_OVER_DELAY:
            self.over_shown = True
            return ShowGameOver()
        return None

    def _pass(self, dt: float) -> PlayMove | None:
        """A forced pass: announced, then played a moment later."""
        state = self.match.state
        if self.pass_timer is None:
            self.pass_timer = self.PASS_DELAY
            self.host.toast(
                _("{seat} cannot move and passes.").format(seat=self.host.seat_name(state.to_move))
            )
            return None
        self.pass_timer -= dt
        if self.pass_timer <= 0:
            self.pass_timer = None
            moves = state.legal_moves()
            if moves:
                return PlayMove(moves[0], "pass")
        return None

    def refused(self, move: Move, why: str | None) -> None:
        """The match refused the move a seat's source gave (``why``: the note shown)."""
        error = why if why is not None else repr(move)
        seat = self.ai_seat if self.ai_seat is not None else self.match.state.to_move
        if self.is_elsewhere(seat):
            self.failed(
                _("{name}'s move was refused: {error}").format(name=self.player_label(seat), error=error)
            )
            return
        self.failed(_("The AI's move was refused: {error}").format(error=error))

    # --- how the panel names a seat's player ---------------------------------------------------

    def is_elsewhere(self, seat: int) -> bool:
        """True when ``seat`` is played by a person elsewhere (online play)."""
        shared = self.seats.shared()
        return (
            shared is not None
            and self.seats.prefix_of(self.match.players[seat]) is not None
            and (self.seats.source_for(self.match.players[seat]) is shared)
        )

    def player_label(self, seat: int) -> str:
        """Who plays ``seat``: "Human", "AI hard", an engine; online, the names the room knows
        (the person elsewhere's, and this side's own)."""
        shared = self.seats.shared()
        name = shared.name_of(seat) if shared is not None else ""
        return name or player_label(self.match.players[seat])

    def seat_note(self, seat: int) -> str | None:
        """The line a seat's row shows instead of "thinking": a person elsewhere's name and
        connection ("Bob · connected", "waiting for Bob")."""
        if not self.is_elsewhere(seat):
            return None
        shared = self.seats.shared()
        assert shared is not None
        return shared.seat_line(seat)

    def limit_for(self, agent: str) -> Limit | None:
        """The agent's own budget scaled by the think-time setting (None: the agent's default)."""
        factor = float(getattr(self.settings, "think_factor", 1.0))
        if self.host.mode == "demo" or abs(factor - 1.0) < 1e-9:
            return None
        try:
            default = self.registry.agent(agent, self.match.game.id).default_limit
        except Exception:
            return None
        base = default.time if default.time is not None else LEVEL_TIME.get(agent)
        if base is None:
            return None
        return Limit(time=base * factor, depth=default.depth, nodes=default.nodes)

    def request_ai(self, seat: int) -> None:
        """Ask the source that plays ``seat`` for its move."""
        try:
            agent = self.match.players[seat]
            source = self.seats.source_for(agent)
            generation = source.request(self.match.ai_request(seat, limit=self.limit_for(agent)))
        except Exception as exc:
            self.failed(_("The AI could not start: {error}").format(error=one_line(exc)))
            return
        self.ai_pending = generation
        self.ai_seat = seat
        self.ai_wait = 0.0
        self.ai_idle = 0.0

    def poll(self, dt: float) -> None:
        """Take the sources' answers; a source idle too long with our request lost it."""
        for source in self.seats.others():
            while (answer := source.poll()) is not None:
                self._answer(answer)
        worker = self.seats.worker_made
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
        self._watch_idle(worker, dt)

    def _watch_idle(self, worker: MoveSource, dt: float) -> None:
        waiting = self.ai_pending is not None and self.ai_move is None
        if not waiting and self.hint_pending is None:
            return
        busy = bool(getattr(worker, "busy", True)) or self.seats.others_busy()
        self.ai_idle = 0.0 if busy else self.ai_idle + dt
        if self.ai_idle > self.AI_LOST_AFTER:
            if waiting:
                self.failed(_("The AI stopped without answering."))
            else:
                self.hint_pending = None
                self.host.toast(_("No hint: the AI did not answer."), error=True)

    def _answer(self, result: Answer) -> None:
        if self.hint_pending is not None and result.generation == self.hint_pending:
            self._hint(result)
            return
        if self.ai_pending is None or self.ai_move is not None or result.generation != self.ai_pending:
            self.dropped_results += 1
            return
        agent = self.player_label(self.ai_seat) if self.ai_seat is not None else _("AI")
        error = self._answer_error(result, agent)
        if error is not None:
            self.failed(error)
            return
        assert result.move_text is not None
        try:
            move = self.match.state.parse_move(result.move_text)
        except GameError as exc:
            self.failed(
                _("{agent} played {move!r}: {error}").format(agent=agent, move=result.move_text, error=exc)
            )
            return
        except Exception as exc:
            self.host.rules_failed("parse_move", exc)
            return
        self.ai_move = move
        self.ai_info = dict(result.info or {})

    def _answer_error(self, result: Answer, agent: str) -> str | None:
        """What went wrong with a seat's answer (None: it has a move text)."""
        if result.error and getattr(result, "timed_out", False):
            seat = self.host.seat_name(self.ai_seat) if self.ai_seat is not None else _("this seat")
            return _(
                "{agent} hung and was stopped: {error}. Play {seat} yourself, or let another level play."
            ).format(agent=agent, error=result.error, seat=seat)
        if result.error:
            return _("{agent} failed: {error}").format(agent=agent, error=result.error)
        if not result.move_text:
            return _("{agent} returned no move.").format(agent=agent)
        return None

    def _hint(self, result: Answer) -> None:
        host = self.host
        self.hint_pending = None
        host.drop_toast(_("Thinking of a hint…"))
        if result.error or not result.move_text:
            host.toast(
                _("No hint: {error}").format(error=result.error or _("the AI found no move")), error=True
            )
            return
        try:
            move = self.match.state.parse_move(result.move_text)
        except Exception as exc:
            host.toast(_("No hint: {error}").format(error=one_line(exc)), error=True)
            return
        self.hint = move
        self.match.hints += 1
        host.play_sound("hint")
        game = self.match.game
        self.hint_text = hint_text(
            result.move_text, result.info or {}, self.match.seats == 1, game.translate, state=self.match.state
        )
        host.autosave()  # the hint shows in its card in the side panel until the position changes

    def failed(self, message: str) -> None:
        """The AI failed: the game pauses with the message (a demo moves on)."""
        self.cancel()
        self.ai_error = message
        if self.host.mode == "demo":
            self.host.next_demo()
        else:
            self.host.error_pause(message)

    # --- the end of the game -------------------------------------------------------------------

    def finish(self) -> None:
        """The game just ended: history, statistics, the autosave goes (once per match)."""
        if self.finished or self.host.mode != "play":
            return
        self.finished = True
        self._report_finish()
        if not self.autosave_enabled():
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
            self.host.autosave_failed(one_line(exc))

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
            self.host.toast(
                _("{game}: records not kept: {error}").format(game=match.game.title, error=one_line(exc)),
                error=True,
            )
