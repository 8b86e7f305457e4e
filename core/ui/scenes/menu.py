"""The main menu: Continue (the last unfinished game), every game found, plugins that failed to
load (greyed, with their error), and Saved games, History, Statistics, Settings, Quit.

After ATTRACT_AFTER seconds without input the menu plays AI-against-AI demos of its games (the
attract mode); any key, click or button returns to the menu.
"""

from __future__ import annotations

import random

import pygame

from tafel import saves
from tafel.game import GameDef
from tafel.i18n import N_, _, ngettext
from tafel.registry import BrokenPlugin
from tafel.ui.scene import Host, Scene
from tafel.ui.scenes.dialog import ConfirmScene, draw_hints
from tafel.ui.scenes.previews import PREVIEW_IDLE, Previews
from tafel.ui.widgets import BODY, H2, SMALL, TINY, TITLE, Button, FocusList, is_back

#: Seconds of no input on the menu before the demos start.
ATTRACT_AFTER = 60.0


class ContinueCard:
    """The Continue entry: the newest autosave, with its game, moves and opponents."""

    def __init__(self, info: saves.SaveInfo) -> None:
        self.info = info
        self.enabled = True
        self.key = "continue"
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hovered = False
        self.focused = False

    def draw(self, surface: pygame.Surface, ui) -> None:
        t = ui.theme
        fill = t.button_primary if not self.hovered else tuple(min(255, c + 24) for c in t.button_primary)
        ui.panel(surface, self.rect, fill, radius=16)
        if self.focused:
            ui.focus_ring(surface, self.rect, 16)
        pad = ui.px(28)
        info = self.info
        moves = ngettext("{n} move", "{n} moves", info.moves).format(n=info.moves)
        left = ui.draw_text(
            surface,
            _("Continue"),
            (self.rect.x + pad, self.rect.centery),
            H2,
            t.button_primary_text,
            bold=True,
            anchor="midleft",
        )
        # What and when on one line, or two in a narrow window (split between the parts).
        box = pygame.Rect(left.right + ui.px(24), self.rect.y, 0, self.rect.height).inflate(0, -ui.px(12))
        box.width = self.rect.right - pad - box.x
        line = f"{info.title} · {moves} · {info.opponents} · {info.date_text}"
        if not ui.fits(line, BODY, box.width):
            line = f"{info.title} · {moves}\n{info.opponents} · {info.date_text}"
        ui.draw_wrapped(surface, line, box, BODY, t.button_primary_text)


class GameCard:
    """One entry of the game list: a game, or a broken plugin (``enabled`` False)."""

    def __init__(self, game: GameDef | None = None, broken: BrokenPlugin | None = None) -> None:
        self.game = game
        self.broken = broken
        self.enabled = game is not None
        self.key = f"game:{game.id}" if game is not None else f"broken:{broken.name if broken else ''}"
        self.rect = pygame.Rect(0, 0, 0, 0)
        #: The size of the description (the menu gives all cards the same: see ``text_sizes``).
        self.text_size = SMALL
        #: The board preview (:mod:`tafel.ui.scenes.previews`), once drawn.
        self.preview: pygame.Surface | None = None
        self.hovered = False
        self.focused = False

    def draw(self, surface: pygame.Surface, ui) -> None:
        t = ui.theme
        pad = ui.px(28)
        game, broken = self.game, self.broken
        if game is not None:
            fill = t.button_hover if self.hovered else t.card
            ui.panel(surface, self.rect, fill, radius=16, shadow=not self.hovered)
            if self.focused:
                ui.focus_ring(surface, self.rect, 16)
                bar = pygame.Rect(
                    self.rect.x, self.rect.y + ui.px(18), ui.px(6), self.rect.height - ui.px(36)
                )
                pygame.draw.rect(surface, t.accent, bar, border_radius=ui.px(3))
            players, pill = self.pill(ui)
            pygame.draw.rect(surface, t.panel_edge, pill, border_radius=pill.height // 2)
            ui.draw_text(surface, players, pill.center, TINY, t.text, bold=True, anchor="center")
            box = self.preview_rect(ui)
            if self.preview is not None and self.preview.get_size() == box.size:
                surface.blit(self.preview, box)
            else:
                pygame.draw.rect(surface, t.panel, box, border_radius=ui.px(8))
            below = self.description_box(ui)
            ui.draw_text(
                surface,
                game.translate(game.title),
                (below.x, self.rect.y + ui.px(12)),
                H2,
                t.text,
                bold=True,
                max_width=below.width,
            )
            # The description on up to two lines under the title (German ones run long).
            text = game.translate(game.description)
            ui.draw_wrapped(surface, text, below, self.text_size, t.text_dim, valign="top", shrink=False)
        elif broken is not None:
            ui.panel(surface, self.rect, t.panel, radius=16, border=t.panel_edge, shadow=False, width=1)
            w = self.rect.width - 2 * pad
            ui.draw_text(
                surface,
                _("⚠ {name} — could not load").format(name=broken.name),
                (self.rect.x + pad, self.rect.y + ui.px(16)),
                H2 - 6,
                t.disabled,
                bold=True,
                max_width=w,
            )
            ui.draw_text(
                surface,
                broken.error,
                (self.rect.x + pad, self.rect.bottom - ui.px(18)),
                SMALL,
                tuple((c + d) // 2 for c, d in zip(t.danger, t.disabled, strict=True)),
                anchor="bottomleft",
                max_width=w,
            )

    def pill(self, ui) -> tuple[str, pygame.Rect]:
        """The number of players and the pill it is drawn in, at the card's right."""
        label = self.game.players_label if self.game is not None else ""
        players = ngettext("{n} player", "{n} players", 1 if label == "1" else 2).format(n=label)
        pill = pygame.Rect(0, 0, ui.text_width(players, TINY, True) + ui.px(28), ui.px(40))
        pill.midright = (self.rect.right - ui.px(28), self.rect.centery)
        return players, pill

    def description_box(self, ui) -> pygame.Rect:
        """Where the title and, under it, the description go: between the preview and the pill."""
        left = self.preview_rect(ui).right + ui.px(20)
        top = self.rect.y + ui.px(12) + ui.fonts.get(H2, True).get_height()
        return pygame.Rect(
            left, top, self.pill(ui)[1].left - left - ui.px(28), self.rect.bottom - ui.px(10) - top
        )

    def preview_rect(self, ui) -> pygame.Rect:
        """Where the board preview goes: a 4:3 box at the card's left."""
        h = self.rect.height - ui.px(20)
        return pygame.Rect(self.rect.x + ui.px(18), self.rect.y + ui.px(10), h * 4 // 3, h)


class MenuScene(Scene):
    """Title, the list of games (scrolls when long) and Quit. Enter opens a game's setup."""

    #: Buttons in a row under the games (two rows of them).
    ROW = 4

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        reg = app.registry
        games = sorted(reg.games.values(), key=lambda g: g.title.lower())
        self.cards = [GameCard(game=g) for g in games] + [GameCard(broken=b) for b in reg.broken]
        self.online_button = Button(N_("Play online"), self.open_online, key="online")
        self.puzzles_button = Button(N_("Puzzles"), self.open_puzzles, key="puzzles")
        self.saves_button = Button(N_("Saved games"), self.open_saves, key="saves")
        self.history_button = Button(N_("History"), self.open_history, key="history")
        self.stats_button = Button(N_("Statistics"), self.open_stats, key="stats")
        self.settings_button = Button(N_("Settings"), self.open_settings, key="settings")
        self.quit_button = Button(N_("Quit"), self.app.quit, key="quit")
        # Two rows under the games: playing (online, puzzles, a saved game, the history), then
        # the rest (statistics, settings, quit). Seven labels in one row would not read at 800x600.
        self.buttons = [
            self.online_button,
            self.puzzles_button,
            self.saves_button,
            self.history_button,
            self.stats_button,
            self.settings_button,
            self.quit_button,
        ]
        self.continue_card: ContinueCard | None = None
        self.focus: FocusList[GameCard | Button | ContinueCard] = FocusList([*self.cards, *self.buttons])
        self.scroll = 0
        self.list_rect = pygame.Rect(0, 0, 1, 1)
        self._base: list[int] = []
        self.content_h = 0
        self.size = (1, 1)
        self.demo_games = [g for g in games if g.view is not None]
        self.previews = Previews()
        self._updates = 0
        self.demo_index = random.randrange(len(self.demo_games)) if self.demo_games else 0
        self.refresh()

    def refresh(self) -> None:
        """Look for an autosave to offer as Continue (entering the menu and coming back to it): the
        newest with a move played (a game left before its first move has nothing to continue)."""
        problems: list[str] = []
        try:
            latest = saves.latest_autosave(problems)
            if latest is not None and latest.moves == 0:
                latest = next(
                    (i for i in saves.list_saves(problems) if i.kind == saves.AUTOSAVE and i.moves > 0), None
                )
        except OSError:
            latest = None
        for problem in problems:
            self.app.notify(problem)
        had = self.continue_card is not None
        self.continue_card = ContinueCard(latest) if latest is not None else None
        items: list[GameCard | Button | ContinueCard] = [
            *([self.continue_card] if self.continue_card else []),
            *self.cards,
            *self.buttons,
        ]
        self.focus.set_items(items, keep=had)
        if self.continue_card is not None and not had:
            self.focus.focus("continue")
        if self.size != (1, 1):
            self.layout(self.size)

    def resume(self) -> None:
        self.app.idle = 0.0
        self.previews.hold(False)
        self.refresh()

    def pause(self) -> None:
        # A screen over the menu (a game, a demo): the previews wait, sharing nothing with it.
        self.previews.hold(True)

    def exit(self) -> None:
        self.previews.close()  # the worker stops before the display goes away

    # --- layout -----------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        ui = self.ui
        w, h = size
        margin = ui.px(48)
        width = min(w - 2 * margin, ui.px(1120))
        self.title_y = ui.px(40)
        top = self.title_y + ui.line_height(TITLE, True) + ui.px(100)
        if self.continue_card is not None:
            self.continue_card.rect = pygame.Rect((w - width) // 2, top, width, ui.px(96))
            top += ui.px(96) + ui.px(22)
        bh, rgap = ui.px(60), ui.px(12)
        rows = [self.buttons[i : i + self.ROW] for i in range(0, len(self.buttons), self.ROW)]
        bottom = h - ui.px(64) - len(rows) * (bh + rgap) + rgap - ui.px(24)
        self.list_rect = pygame.Rect((w - width) // 2, top, width, max(ui.px(120), bottom - top))
        card_h, gap = ui.px(132), ui.px(16)
        self._base = [i * (card_h + gap) for i in range(len(self.cards))]
        self.card_h = card_h
        self.content_h = len(self.cards) * (card_h + gap) - gap if self.cards else 0
        row_w = min(w - 2 * margin, ui.px(1400))
        bgap = ui.px(14)
        per_row = max(len(row) for row in rows) if rows else 1
        bw = (row_w - (per_row - 1) * bgap) // per_row
        fits = ui.text_width(_("Saved games"), BODY, True) + ui.px(28) <= bw
        self.saves_button.label = N_("Saved games") if fits else N_("Saves")
        y = self.list_rect.bottom + ui.px(24)
        for row in rows:  # each row centred, its buttons as wide as the full row's
            x = (w - len(row) * bw - (len(row) - 1) * bgap) // 2
            for b in row:
                b.rect = pygame.Rect(x, y, bw, bh)
                x += bw + bgap
            y += bh + rgap
        # One size for the rows: the largest at which every label fits its button (a German
        # "Einstellungen" a little smaller than its neighbours looks untidy).
        floor = int(BODY * 0.6)
        label_size = min(ui.fonts.fit_size(b.label, BODY, bw - ui.px(20), True, floor) for b in self.buttons)
        for b in self.buttons:
            b.size = label_size
        self._clamp_scroll()
        self._place()

    def _same_text_size(self) -> None:
        """One size for every card's description: the size at which the longest fits its two
        lines (cards side by side in sizes of their own look untidy). A description that nearly
        fits one line goes on two at that size rather than on one a little smaller."""
        ui = self.ui
        cards = [(c, c.game) for c in self.cards if c.game is not None]
        if not cards:
            return
        texts = [(game.translate(game.description), c.description_box(ui).size) for c, game in cards]
        size = min(ui.wrapped(text, SMALL, box, shrink=False)[0] for text, box in texts)
        for c, _game in cards:
            c.text_size = size

    def _clamp_scroll(self) -> None:
        self.scroll = max(0, min(self.scroll, self.content_h - self.list_rect.height))

    def _place(self) -> None:
        for card, y in zip(self.cards, self._base, strict=True):
            card.rect = pygame.Rect(
                self.list_rect.x, self.list_rect.y + y - self.scroll, self.list_rect.width, self.card_h
            )

    def _ensure_visible(self) -> None:
        item = self.focus.focused
        if not isinstance(item, GameCard):
            return
        i = self.cards.index(item)
        top = self._base[i]
        if top < self.scroll:
            self.scroll = top
        elif top + self.card_h > self.scroll + self.list_rect.height:
            self.scroll = top + self.card_h - self.list_rect.height
        self._clamp_scroll()
        self._place()

    # --- input ------------------------------------------------------------------------------

    def open(self, card: GameCard) -> None:
        from tafel.ui.scenes.setup import SetupScene

        if card.game is not None:  # a broken plugin's card is never chosen
            self.app.push(SetupScene(self.app, card.game))

    def open_online(self) -> None:
        """Play online: host a room or join one (:mod:`tafel.ui.scenes.online`)."""
        from tafel.ui.scenes.online import OnlineScene

        self.app.push(OnlineScene(self.app))

    def open_puzzles(self) -> None:
        from tafel.ui.scenes.puzzle import open_puzzles

        open_puzzles(self.app)

    def open_saves(self) -> None:
        from tafel.ui.scenes.savelist import SavesScene

        self.app.push(SavesScene(self.app))

    def open_history(self) -> None:
        from tafel.ui.scenes.savelist import HistoryScene

        self.app.push(HistoryScene(self.app))

    def open_stats(self) -> None:
        from tafel.ui.scenes.statistics import StatsScene

        self.app.push(StatsScene(self.app))

    def open_settings(self) -> None:
        from tafel.ui.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def continue_game(self) -> None:
        if self.continue_card is not None:
            if self.app.resume_save(self.continue_card.info.path) is None:
                self.refresh()

    # --- attract mode -------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self._updates += 1
        if self._updates > 1:  # the first frame shows none: the menu is on screen at once
            self.update_previews()
        if self.is_top and self.app.idle >= ATTRACT_AFTER and self.demo_games:
            self.start_demo()

    def update_previews(self) -> int:
        """Ask for the board previews the cards lack (cards in view first; drawn off this thread,
        only while the player is idle, or read from the cache) and hand the cards those there
        are. Returns how many came in this frame."""
        ui = self.ui
        cards = [(c, c.game) for c in self.cards if c.game is not None and c.game.view is not None]
        shown = [(c, game) for c, game in cards if c.rect.colliderect(self.list_rect)]
        order = shown + [(c, game) for c, game in cards if (c, game) not in shown]
        wanted = [(game, c.preview_rect(ui).size) for c, game in order]
        got = self.previews.want(wanted, ui.theme, may_draw=self.app.idle >= PREVIEW_IDLE)
        for card, game in cards:
            card.preview = self.previews.get(game, card.preview_rect(ui).size, ui.theme)
        return got

    def start_demo(self, replace: Scene | None = None) -> Scene | None:
        """An AI-against-AI game of the next game (easy level) in demo mode; returns its scene."""
        from tafel.match import Match
        from tafel.ui.scenes.play import PlayScene

        for _attempt in range(len(self.demo_games)):
            game = self.demo_games[self.demo_index % len(self.demo_games)]
            self.demo_index += 1
            try:
                options = game.resolve_options()
                players = ["easy"] * game.seats(options)
                match = Match(game, options, players=players)
            except Exception:
                continue  # a game that cannot start is skipped
            scene = PlayScene(self.app, match, mode="demo")
            if replace is not None and replace in self.app.scenes:
                self.app.scenes.replace(scene)
            else:
                self.app.scenes.pop_to(self)
                self.app.push(scene)
            return scene
        self.app.idle = 0.0
        return None

    def next_demo(self, current: Scene) -> None:
        """The demo ``current`` ended: the next game, unless the player is back."""
        self.start_demo(replace=current)

    def confirm_quit(self) -> None:
        self.app.push(
            ConfirmScene(
                self.app,
                _("Quit Tafel?"),
                _("See you soon."),
                self.app.quit,
                yes=N_("Quit"),
                no=N_("Stay"),
            )
        )

    def handle_event(self, event: pygame.event.Event) -> bool:
        if is_back(event):
            self.confirm_quit()
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y * self.ui.px(70)
            self._clamp_scroll()
            self._place()
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION) and not self.list_rect.collidepoint(
            event.pos
        ):
            # Outside the list only the buttons and the continue card take the pointer: a card
            # scrolled half out of the list reaches under the buttons (at 800x600) and would
            # take their clicks (the focus list tries the cards first).
            hit = self._outside_item(event.pos)
            for shown in self.focus.items:
                shown.hovered = shown is hit
            if hit is None or event.type == pygame.MOUSEMOTION or event.button != 1:
                return False
            self.focus.focus(hit)
            return self._choose(hit)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            # Left/right walk the row of buttons at the bottom (and the list, as up/down do).
            self.focus.move(1 if event.key == pygame.K_RIGHT else -1)
            self._ensure_visible()
            return True
        item = self.focus.handle_event(event)
        if event.type == pygame.KEYDOWN:
            self._ensure_visible()
        if item is None:
            return event.type == pygame.KEYDOWN
        return self._choose(item)

    def _outside_item(self, pos: tuple[int, int]):
        """The button or continue card under ``pos``, if one is there and enabled."""
        items = list(self.buttons) + ([self.continue_card] if self.continue_card else [])
        return next((b for b in items if b.enabled and b.rect.collidepoint(pos)), None)

    def _choose(self, item) -> bool:
        """Do what the chosen card or button is for."""
        self.app.sound.play("select")
        if item is self.quit_button:
            self.app.quit()
        elif item is self.continue_card:
            self.continue_game()
        elif isinstance(item, GameCard) and item.enabled:
            self.open(item)
        elif isinstance(item, Button):
            item.activate()
        return True

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        t = ui.theme
        w, h = surface.get_size()
        r = ui.draw_text(surface, "Tafel", (w // 2, self.title_y), TITLE, t.text, bold=True, anchor="midtop")
        # A row of stones in the seat colours under the title.
        radius = ui.px(11)
        gap = ui.px(34)
        n = len(t.seats)
        cx0 = w // 2 - (n - 1) * gap // 2
        for i in range(n):
            pygame.draw.circle(surface, t.seat(i), (cx0 + i * gap, r.bottom + ui.px(10)), radius)
        ui.draw_text(
            surface,
            _("A board-game arcade"),
            (w // 2, r.bottom + ui.px(34)),
            SMALL,
            t.text_dim,
            anchor="midtop",
        )
        clip = surface.get_clip()
        surface.set_clip(self.list_rect.inflate(ui.px(24), ui.px(16)))
        if not self.cards:
            ui.draw_text(
                surface,
                _("No games found: put game plugins in plugins/."),
                self.list_rect.midtop,
                H2 - 8,
                t.text_dim,
                anchor="midtop",
                max_width=self.list_rect.width,
            )
        self._same_text_size()
        for card in self.cards:
            if card.rect.bottom >= self.list_rect.top - ui.px(10) and card.rect.top <= self.list_rect.bottom:
                card.draw(surface, ui)
        surface.set_clip(clip)
        ui.scrollbar(surface, self.list_rect.move(ui.px(20), 0), self.scroll, self.content_h)
        if self.continue_card is not None:
            self.continue_card.draw(surface, ui)
        for b in self.buttons:
            b.draw(surface, ui)
        draw_hints(surface, ui, _("↑↓ choose · Enter play · Esc quit · F11 full screen · F12 screenshot"))
