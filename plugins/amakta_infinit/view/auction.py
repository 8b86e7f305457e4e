"""The auction card: White's points, the bids, a bid to raise to, accepting."""

from __future__ import annotations

import pygame

from tafel import Move
from tafel.games.amakta.rules.engine import Move as AMove
from tafel.games.amakta.rules.state import SEAT_NAMES
from tafel.view import ACTIVATE_KEYS as ACTIVATE
from tafel.view import ViewContext, mix

from ..state import ACCEPT, BID, InfinitState, bid_cap
from ..texts import _
from .parts import DIGIT_KEYS, Control


class Auction:
    """The auction card, a part of :class:`InfinitView`."""

    def _auction_card(self) -> pygame.Rect:
        area = self.board_area
        w = int(min(area.width * 0.92, max(420, area.height * 1.1)))
        h = int(min(area.height * 0.94, w * 0.9))
        card = pygame.Rect(0, 0, max(1, w), max(1, h))
        card.center = area.center
        return card

    def _sync_bid(self, state: InfinitState) -> None:
        if self._bid_state is state:
            return
        self._bid_state = state
        self.typed = ""
        r = state.bid_range()
        if not state.bids:
            self.bid_value = min(state.points[0], r.stop - 1)
        else:
            self.bid_value = r.start if r else state.bids[-1]

    def _auction_widgets(self, state: InfinitState, ctx: ViewContext, live: bool) -> list[Control]:
        self._sync_bid(state)
        if not live:
            return []
        card = self._auction_card()
        line = card.height / 15
        r = state.bid_range()
        row_y = int(card.y + line * 9.0)
        h = int(line * 1.25)
        gap = max(4, int(line * 0.25))
        out: list[Control] = []
        steps = [("-10", -10), ("-1", -1), None, ("+1", 1), ("+10", 10)]
        small_w = line * 1.9
        value_w = line * 2.8
        raise_w = card.width * 0.36
        # Shrink the row to the card when it is narrow.
        k = min(1.0, (card.width - line - 5 * gap) / (4 * small_w + value_w + raise_w))
        small_w, value_w, raise_w = int(small_w * k), int(value_w * k), int(raise_w * k)
        total = 4 * small_w + value_w + raise_w + 5 * gap
        x = card.centerx - total // 2
        for step in steps:
            if step is None:
                out.append(
                    Control(pygame.Rect(x, row_y, value_w, h), str(self.bid_value), None, kind="value")
                )
                x += value_w + gap
                continue
            label, delta = step
            out.append(
                Control(
                    pygame.Rect(x, row_y, small_w, h),
                    label,
                    lambda _b, d=delta: self._step_bid(d),
                    enabled=bool(r),
                )
            )
            x += small_w + gap
        ok = self.bid_value in r
        out.append(
            Control(
                pygame.Rect(x, row_y, raise_w, h),
                _("Raise to {n}").format(n=self.bid_value) if ok else _("No higher bid"),
                lambda _b: self._raise(),
                enabled=ok,
                primary=ok,
            )
        )
        accept_w = int(card.width * 0.62)
        accept = pygame.Rect(card.centerx - accept_w // 2, int(row_y + h + line * 0.5), accept_w, h)
        label = (
            _("Accept {n}: play Black").format(n=state.bids[-1]) if state.bids else _("Accept (no bid yet)")
        )
        out.append(
            Control(
                accept,
                label,
                lambda _b: ACCEPT,
                enabled=bool(state.bids),
                primary=bool(state.bids) and not ok,
            )
        )
        return out

    def _step_bid(self, delta: int) -> None:
        state = self._bid_state
        self.typed = ""
        if state is None:
            return None
        r = state.bid_range()
        if r:
            self.bid_value = min(max(self.bid_value + delta, r.start), r.stop - 1)
        return None

    def _raise(self) -> Move | None:
        state = self._bid_state
        if state is None or self.bid_value not in state.bid_range():
            return None
        return AMove(BID, piece=self.bid_value)

    def _draw_auction(
        self, surface: pygame.Surface, state: InfinitState, ctx: ViewContext, live: bool
    ) -> None:
        """The board behind a veil and the auction card, kept as drawn while nothing on it changes."""
        key = (
            self._backdrop_key(ctx, surface),
            state,
            live,
            state.to_move in ctx.human_seats,
            self.bid_value,
            self.typed,
            tuple((w.label, w.enabled, w.primary, w.rect.collidepoint(self.mouse)) for w in self.widgets),
        )
        if self._auction_layer.show(surface, key):
            return
        self._draw_backdrop(surface, ctx)
        self._draw_card(surface, state, ctx, live)
        self._auction_layer.keep(surface, self._backdrop_rect(), key)

    def _draw_card(self, surface: pygame.Surface, state: InfinitState, ctx: ViewContext, live: bool) -> None:
        theme = ctx.theme
        card = self._auction_card()
        line = card.height / 15
        w = card.width - 2 * line
        white_points = state.points[0]
        y = card.y + line * 0.6
        self.draw_text(
            surface,
            ctx,
            _("Auction for Black's points"),
            line * 0.9,
            theme.text,
            (card.centerx, y),
            "midtop",
            True,
            w,
        )
        y += line * 1.3
        intro = _(
            "White plays with {n} points. A bid offers Black that many points: the next player "
            "accepts it and plays Black, or bids higher. The last bidder plays White."
        ).format(n=white_points)
        # Three lines above the bid; a longer text (German) gets a smaller size rather than a cut.
        for size in (0.48, 0.43, 0.39):
            lines = self._wrap(ctx, intro, line * size, w)
            if len(lines) <= 3:
                break
        step = min(line * size * 1.3, line * 2.0 / max(3, len(lines)))
        for text in lines[:4]:
            self.draw_text(
                surface, ctx, text, line * size, theme.text_dim, (card.centerx, y), "midtop", max_w=w
            )
            y += step
        y = card.y + line * 4.1
        if state.bids:
            bidder = _(SEAT_NAMES[state.last_bidder()])
            self.draw_text(
                surface, ctx, str(state.bids[-1]), line * 2.0, theme.accent, (card.centerx, y), "midtop", True
            )
            self.draw_text(
                surface,
                ctx,
                _("points for Black, bid by {seat}").format(seat=bidder),
                line * 0.5,
                theme.text,
                (card.centerx, y + line * 2.1),
                "midtop",
            )
        else:
            self.draw_text(
                surface,
                ctx,
                _("No bid yet"),
                line * 1.2,
                theme.text,
                (card.centerx, y + line * 0.4),
                "midtop",
                True,
            )
        y = card.y + line * 7.0
        history = ", ".join(f"{b} ({SEAT_NAMES[i % 2][-1]})" for i, b in enumerate(state.bids)) or "-"
        self.draw_text(
            surface,
            ctx,
            _("Bids (by player): {bids}").format(bids=history),
            line * 0.45,
            theme.text_dim,
            (card.centerx, y),
            "midtop",
            max_w=w,
        )
        seat = state.to_move
        human = seat in ctx.human_seats
        turn = (_("{seat} to decide") if human or live else _("{seat} to decide (AI)")).format(
            seat=_(SEAT_NAMES[seat])
        )
        self.draw_text(
            surface, ctx, turn, line * 0.62, theme.accent, (card.centerx, y + line * 0.75), "midtop", True
        )
        for wdg in self.widgets:
            self._draw_widget(surface, ctx, wdg, line * 0.55)
        if live and state.offer is None:
            other = _(SEAT_NAMES[1 - seat])
            y = card.y + line * 12.2
            tips = []
            if self.bid_value in state.bid_range():
                tips.append(
                    _(
                        "Raise: if {seat} accepts, you play White ({white} points) against a Black with {black}."
                    ).format(seat=other, white=white_points, black=self.bid_value)
                )
            if state.bids:
                tips.append(
                    _("Accept: you play Black with {black} points against White's {white}.").format(
                        black=state.bids[-1], white=white_points
                    )
                )
            tips.append(_("Bids go up to {n}.").format(n=bid_cap(white_points)))
            for tip in tips:
                for text in self._wrap(ctx, tip, line * 0.44, w)[:2]:
                    self.draw_text(
                        surface, ctx, text, line * 0.44, theme.text_dim, (card.centerx, y), "midtop", max_w=w
                    )
                    y += line * 0.56

    def _draw_widget(self, surface: pygame.Surface, ctx: ViewContext, w: Control, px: float) -> None:
        theme = ctx.theme
        hovered = w.rect.collidepoint(self.mouse) and w.enabled and w.action is not None
        if w.kind == "value":
            pygame.draw.rect(surface, theme.background, w.rect, border_radius=6)
            pygame.draw.rect(surface, theme.focus, w.rect, 2, border_radius=6)
            text = self.typed or w.label
            self.draw_text(surface, ctx, text, px * 1.2, theme.text, w.rect.center, "center", True)
            return
        if w.primary:
            fill = theme.button_primary
        elif w.selected:
            fill = mix(theme.button_hover, theme.accent, 0.25)
        else:
            fill = theme.button_hover if hovered else theme.button
        if not w.enabled:
            fill = mix(theme.button, theme.background, 0.5)
        pygame.draw.rect(surface, fill, w.rect, border_radius=6)
        if w.selected or hovered:
            pygame.draw.rect(surface, theme.focus, w.rect, 2, border_radius=6)
        colour = theme.button_primary_text if w.primary else (theme.text if w.enabled else theme.disabled)
        self.draw_text(surface, ctx, w.label, px, colour, w.rect.center, "center", max_w=w.rect.width - 6)

    def _click_widgets(self, pos: tuple[int, int], button: int) -> tuple[bool, Move | None]:
        for w in self.widgets:
            if w.rect.collidepoint(pos) and w.enabled and w.action is not None:
                self.message = ""
                return True, w.activate(button)
        return False, None

    def _auction_event(self, event: pygame.event.Event, state: InfinitState) -> Move | None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            return self._click_widgets(event.pos, event.button)[1]
        if event.type == pygame.MOUSEWHEEL:
            self._step_bid(1 if event.y > 0 else -1)
            return None
        if event.type != pygame.KEYDOWN:
            return None
        key = event.key
        steps = {
            pygame.K_UP: 1,
            pygame.K_RIGHT: 1,
            pygame.K_PLUS: 1,
            pygame.K_EQUALS: 1,
            pygame.K_KP_PLUS: 1,
            pygame.K_DOWN: -1,
            pygame.K_LEFT: -1,
            pygame.K_MINUS: -1,
            pygame.K_KP_MINUS: -1,
            pygame.K_PAGEUP: 10,
            pygame.K_PAGEDOWN: -10,
        }
        if key in steps:
            return self._step_bid(steps[key])
        if key in DIGIT_KEYS:
            self.typed = (self.typed + str(DIGIT_KEYS[key]))[-4:]
            self.bid_value = int(self.typed)
            return None
        if key == pygame.K_BACKSPACE:
            self.typed = self.typed[:-1]
            if self.typed:
                self.bid_value = int(self.typed)
            else:
                self._bid_state = None
                self._sync_bid(state)
            return None
        if key in ACTIVATE:
            return self._raise()
        if key == pygame.K_a and state.bids:
            return ACCEPT
        return None

    def _wrap(self, ctx: ViewContext, text: str, px: float, width: float) -> list[str]:
        key = (text, px, width, ctx.fonts.scale)
        lines = self._wrapped.get(key)
        if lines is None:
            if len(self._wrapped) > 200:
                self._wrapped.clear()
            lines = self._wrapped[key] = self._wrap_words(ctx, text, px, width)
        return lines

    def _wrap_words(self, ctx: ViewContext, text: str, px: float, width: float) -> list[str]:
        font = self.font(ctx, px)
        lines: list[str] = []
        current = ""
        for word in text.split():
            trial = f"{current} {word}".strip()
            if font.size(trial)[0] <= width or not current:
                current = trial
            else:
                lines.append(current)
                current = word
        if current:
            lines.append(current)
        return lines
