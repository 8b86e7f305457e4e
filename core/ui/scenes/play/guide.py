"""A guided first game on the play screen: the game's tutorial (:mod:`tafel.tutorial`) step by step.

A card above the board says what to do and which rule it shows; the view marks the move through
its hint (``ViewContext.hint``); only the scripted move is accepted (another gets a friendly
"Not that one" note), and the other seat's scripted replies are played after a short pause.
Where the game is is read from the match (its ply), so undo and redo keep the guide in step.
After the last step (or Skip) the card says so and offers to play on against the AI from there
or to start a new game; then the card goes and the game is a normal one.

Opened from the setup screen with :func:`tafel.ui.scenes.play.start_guided`.
"""

from __future__ import annotations

import pygame

from tafel.game import Move
from tafel.i18n import N_, _
from tafel.match import Match
from tafel.tutorial import Lesson, TutorialStep
from tafel.ui.scenes.play.host import GuideHost, PlayMove
from tafel.ui.widgets import BODY, SMALL, TINY, UI, Button


class Guide:
    """The tutorial of one play screen; ``done`` once the normal game has taken over. It is
    given the match the lesson plays and a :class:`~.host.GuideHost`; the scene tells it of a
    restart (:meth:`follow`)."""

    #: Seconds before a scripted reply is played (so the learner sees their own move land).
    REPLY_DELAY = 0.6

    def __init__(self, host: GuideHost, ui: UI, match: Match, lesson: Lesson) -> None:
        self.host = host
        self.ui = ui
        self.lesson = lesson
        #: The match the lesson plays, and the one on screen (another after a restart).
        self.match = self.current = match
        self.start_ply = match.ply
        self.wait = 0.0
        #: The steps are over (or skipped): the card offers to play on or start anew.
        self.over = False
        self.done = False
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.pad = self.head_h = self._step_w = self._over_w = 0
        self.skip_button = Button(N_("Skip"), self.skip, key="guide-skip", size=TINY)
        self.play_on_button = Button(
            N_("Play on"), self.play_on, kind="primary", key="guide-play-on", size=SMALL
        )
        self.new_button = Button(N_("New game"), self.new_game, key="guide-new", size=SMALL)

    def follow(self, match: Match) -> None:
        """The screen shows ``match`` now (a restart: the guide closes at its next turn)."""
        self.current = match

    # --- where we are -----------------------------------------------------------------------

    @property
    def ply(self) -> int:
        """Scripted moves played so far."""
        return self.current.ply - self.start_ply

    @property
    def steps(self) -> int:
        return len(self.lesson.tutorial.steps)

    def step(self) -> TutorialStep | None:
        return None if self.over else self.lesson.step_at(self.ply)

    def step_number(self) -> int:
        """The step under way, from 1."""
        ply = min(self.ply, len(self.lesson.moves) - 1)
        return self.lesson.steps[ply] + 1 if ply >= 0 else 1

    def expected(self) -> Move | None:
        """The learner's scripted move now (None on a reply, or when the steps are over)."""
        ply = self.ply
        if self.over or not 0 <= ply < len(self.lesson.moves) or not self.lesson.by_learner[ply]:
            return None
        return self.lesson.moves[ply]

    @property
    def lets_play(self) -> bool:
        """False while the card waits for Play on / New game."""
        return not self.over

    # --- the turn -------------------------------------------------------------------------------

    def allows(self, move: Move) -> bool:
        """A person's move: only the scripted one goes (a note says what is wanted otherwise)."""
        if self.over:
            return False
        expected = self.expected()
        if expected is None or move == expected:
            return True
        step = self.step()
        self.host.toast(
            _("Not that one: {say}").format(
                say=self.match.game.translate(step.say) if step else _("wait for the reply")
            ),
            error=True,
        )
        return False

    def advance(self, dt: float) -> bool | PlayMove:
        """The guide's part of the turn (the turn controller asks once nothing animates): the
        scripted reply due now, True when it has the turn otherwise (a reply is coming, or the
        card waits for the learner's choice), False when the turn is the game's."""
        if self.current is not self.match:  # restarted from the pause menu: a normal game
            self.close()
            return False
        if self.over:
            return True
        ply = self.ply
        if ply >= len(self.lesson.moves):
            self.finish()
            return True
        if ply < 0 or self.lesson.by_learner[ply]:
            self.wait = 0.0
            return False
        self.wait += dt
        if self.wait >= self.REPLY_DELAY:
            self.wait = 0.0
            return PlayMove(self.lesson.moves[ply], "guide")
        return True

    def finish(self) -> None:
        """The steps are over: the card says so and waits for Play on or New game."""
        if not self.over:
            self.over = True
            self.host.play_sound("win")

    def skip(self) -> None:
        self.finish()

    def close(self) -> None:
        """The card goes and the game is a normal one."""
        self.done = True
        self.host.end_guide()

    def play_on(self) -> None:
        """The normal game goes on from here, the AI playing the other seats."""
        self.close()
        self.host.toast(_("Your game now: good luck!"))

    def new_game(self) -> None:
        """A new game with the same seats, from the usual start."""
        self.done = True
        self.host.end_guide(relayout=False)
        match = self.current
        fresh = Match(match.game, match.options, seed=None, players=match.players)
        self.host.start_match(fresh)

    # --- the card -------------------------------------------------------------------------------

    def _buttons(self) -> list[Button]:
        return [self.play_on_button, self.new_button] if self.over else [self.skip_button]

    def _lines(self, width: int, ply: int, over: bool) -> list[tuple[str, int, bool, str]]:
        """The card's text at ``ply`` as (line, size, bold, colour name), wrapped to ``width``."""
        ui = self.ui
        lesson = self.lesson
        tutorial = lesson.tutorial
        texts: list[tuple[str, int, bool, str]] = []
        tr = self.match.game.translate  # the tutorial's words are the game's (its catalog)
        step = None if over else lesson.step_at(ply)
        if over or step is None:
            texts.append((tr(tutorial.outro), BODY, True, "text"))
            if lesson.start.players > 1:
                closing = _("Play on against the AI from here, or start a new game.")
            else:
                closing = _("Play on from here, or start a new game.")
            texts.append((closing, SMALL, False, "text_dim"))
        else:
            if ply == 0 and tutorial.intro:
                texts.append((tr(tutorial.intro), SMALL, False, "text_dim"))
            if lesson.by_learner[ply]:
                texts.append((tr(step.say), BODY, True, "text"))
            else:
                seat = lesson.states[ply].to_move
                texts.append(
                    (_("{seat} answers…").format(seat=self.host.seat_name(seat)), BODY, True, "text")
                )
            if step.rule:
                texts.append((_("Rule: {rule}").format(rule=tr(step.rule)), SMALL, False, "text_dim"))
        out = []
        for text, size, bold, color in texts:
            out += [(line, size, bold, color) for line in ui.wrap(text, size, width, bold)]
        return out

    def heading(self) -> str:
        if self.over:
            return _("Guided first game · done").upper()
        return (
            _("Guided first game · step {n} of {total}")
            .format(n=self.step_number(), total=self.steps)
            .upper()
        )

    def layout(self, board: pygame.Rect) -> pygame.Rect:
        """Take a strip off the top of the board area for the card; returns what is left. Skip
        sits in the heading's row, so the steps' words have the card's width; Play on and New
        game stand right of the closing words."""
        ui = self.ui
        pad = self.pad = ui.px(18)
        gap = ui.px(12)
        self.head_h = ui.px(40)
        bw, bh = ui.px(200), ui.px(56)
        self.rect = pygame.Rect(board.x, board.y, board.width, 1)
        inner = board.width - 2 * pad - ui.px(12)
        self._step_w = max(ui.px(200), inner)
        self._over_w = max(ui.px(200), inner - 2 * bw - 2 * gap)
        # As tall as the tallest step needs, so the board does not jump from step to step.
        tallest = max(self._height(ply) for ply in (*range(len(self.lesson.moves)), None))
        height = max(tallest, bh) + 2 * pad + self.head_h
        self.rect.height = min(height, board.height // 3)
        # As wide as the label needs ("Überspringen" is longer than "Skip").
        skip_w = max(ui.px(130), ui.text_width(self.skip_button.label, TINY, True) + ui.px(36))
        self.skip_button.rect = pygame.Rect(0, 0, skip_w, self.head_h)
        self.skip_button.rect.topright = (self.rect.right - pad, self.rect.y + pad - ui.px(6))
        y = self.rect.y + pad + self.head_h
        self.new_button.rect = pygame.Rect(self.rect.right - pad - bw, y, bw, bh)
        self.play_on_button.rect = pygame.Rect(self.new_button.rect.x - gap - bw, y, bw, bh)
        rest = pygame.Rect(board)
        rest.y = self.rect.bottom + ui.px(14)
        rest.height = board.bottom - rest.y
        return rest

    def _height(self, ply: int | None) -> int:
        """The text's height at ``ply`` (None: the card after the steps)."""
        ui = self.ui
        over = ply is None
        lines = self._lines(self._over_w if over else self._step_w, ply or 0, over)
        return sum(ui.line_height(size, bold) for _t, size, bold, _c in lines)

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        t = ui.theme
        ui.panel(surface, self.rect, t.card, border=t.accent, radius=16)
        x, y = self.rect.x + self.pad + ui.px(6), self.rect.y + self.pad
        ui.draw_text(surface, self.heading(), (x, y), TINY, t.accent, bold=True)
        y += self.head_h
        width = self._over_w if self.over else self._step_w
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-2, -2))
        for line, size, bold, color in self._lines(width, self.ply, self.over):
            ui.draw_text(surface, line, (x, y), size, getattr(t, color), bold=bold, max_width=width)
            y += ui.line_height(size, bold)
        surface.set_clip(clip)
        for button in self._buttons():
            button.draw(surface, ui)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The card's buttons (mouse; Enter plays on and N starts anew once the steps are over)."""
        if self.over and event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.play_on()
                return True
            if event.key == pygame.K_n:
                self.new_game()
                return True
        return any(button.handle_event(event) for button in self._buttons())
