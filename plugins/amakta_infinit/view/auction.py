"""The auction card: White's points, the bids, a bid to raise to (a kit number field with its
steppers), accepting. Left/Right (the D-pad) move a focus along the card's buttons, Enter (A)
presses it, or raises while no focus is shown."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import pygame

from tafel import Move
from tafel.games.amakta.rules.engine import Move as AMove
from tafel.games.amakta.rules.state import SEAT_NAMES
from tafel.kit import Form, KeptArea, NumberField, Skin, Tile, paragraph, pixels, split
from tafel.view import ViewContext

from ..state import ACCEPT, BID, InfinitState, bid_cap
from ..texts import _


class Auction:
    """The auction card, a part of :class:`InfinitView`."""

    # What the view (InfinitView, AmaktaView) gives this part, for the type checker.
    board_area: pygame.Rect
    mouse: tuple[int, int]
    widgets: list
    _auction_layer: KeptArea
    _bid_form: Form
    _bid_state: InfinitState | None

    if TYPE_CHECKING:

        def _backdrop_key(self, ctx: ViewContext, surface: pygame.Surface) -> tuple: ...
        def _backdrop_rect(self) -> pygame.Rect: ...
        def _draw_backdrop(self, surface: pygame.Surface, ctx: ViewContext) -> None: ...
        def draw_text(
            self, surface, ctx, text, pixels, colour, pos, anchor="topleft", bold=False, max_w=None
        ): ...

    @property
    def bid_field(self) -> NumberField:
        """The bid to raise to (made on first use: the view sets ``bid_value`` in its constructor)."""
        if "_bid_field" not in self.__dict__:
            self.__dict__["_bid_field"] = NumberField("bid")
            self.__dict__["_bid_form"] = Form(default="raise")
        return self.__dict__["_bid_field"]

    bid_value = property(
        lambda self: self.bid_field.value, lambda self, n: setattr(self.bid_field, "value", n)
    )
    typed = property(lambda self: self.bid_field.typed, lambda self, s: setattr(self.bid_field, "typed", s))

    def _auction_card(self) -> pygame.Rect:
        area = self.board_area
        w = int(min(area.width * 0.92, max(420, area.height * 1.1)))
        card = pygame.Rect(0, 0, max(1, w), max(1, int(min(area.height * 0.94, w * 0.9))))
        card.center = area.center
        return card

    def _sync_bid(self, state: InfinitState) -> None:
        if self._bid_state is not state:
            self._bid_state, r = state, state.bid_range()
            first = min(state.points[0], r.stop - 1) if not state.bids else r.start if r else state.bids[-1]
            self.bid_field.reset(first, r)

    def _auction_widgets(self, state: InfinitState, ctx: ViewContext, live: bool) -> list[Tile]:
        self._sync_bid(state)
        if not live:
            return []
        card, field = self._auction_card(), self.bid_field
        line = card.height / 15
        h, gap, ok = int(line * 1.25), max(4, int(line * 0.25)), self.bid_value in state.bid_range()
        widths = [line * 1.9] * 2 + [line * 2.8] + [line * 1.9] * 2 + [card.width * 0.36]
        row = pygame.Rect(0, int(card.y + line * 9.0), min(sum(widths) + 5 * gap, card.width - line), h)
        row.centerx = card.centerx
        raised = _("Raise to {n}").format(n=self.bid_value) if ok else _("No higher bid")
        bids = state.bids
        accept = _("Accept {n}: play Black").format(n=bids[-1]) if bids else _("Accept (no bid yet)")
        out = [
            *field.steppers(),
            Tile(raised, self._raise, key="raise", enabled=ok, primary=ok),
            Tile(accept, lambda: ACCEPT, key="accept", enabled=bool(bids), primary=bool(bids) and not ok),
        ]
        rects = split(row, widths, gap)
        field.rect = rects.pop(2)
        for tile, rect in zip(out, rects, strict=False):
            tile.rect = rect
        out[-1].rect = pygame.Rect(0, 0, int(card.width * 0.62), h).move_to(
            midtop=(card.centerx, row.bottom + int(line * 0.5))
        )
        self._bid_form.set_items(out)
        self._bid_form.point(self.mouse)
        return out

    def _raise(self) -> Move | None:
        ok = self._bid_state is not None and self.bid_value in self._bid_state.bid_range()
        return AMove(BID, piece=self.bid_value) if ok else None

    def _draw_auction(
        self, surface: pygame.Surface, state: InfinitState, ctx: ViewContext, live: bool
    ) -> None:
        """The board behind a veil and the auction card, kept as drawn while nothing on it changes."""
        looks = (self.bid_field.text, self._bid_form.state() if self.widgets else None)
        key = (self._backdrop_key(ctx, surface), state, live, state.to_move in ctx.human_seats, looks)
        if self._auction_layer.show(surface, key):
            return
        self._draw_backdrop(surface, ctx)
        self._draw_card(surface, state, ctx, live)
        self._auction_layer.keep(surface, self._backdrop_rect(), key)

    def _draw_card(self, surface: pygame.Surface, state: InfinitState, ctx: ViewContext, live: bool) -> None:
        theme, ui, card = ctx.theme, Skin.of(ctx), self._auction_card()
        line = card.height / 15
        w, cx, white = int(card.width - 2 * line), card.centerx, state.points[0]

        def text(words: str, size: float, colour, y: float, bold: bool = False) -> None:
            self.draw_text(surface, ctx, words, line * size, colour, (cx, y), "midtop", bold, w)

        text(_("Auction for Black's points"), 0.9, theme.text, card.y + line * 0.6, True)
        intro = _(
            "White plays with {n} points. A bid offers Black that many points: the next player "
            "accepts it and plays Black, or bids higher. The last bidder plays White."
        ).format(n=white)
        # Three lines above the bid; a longer text (German) gets a smaller size rather than a cut.
        sizes = [pixels(ui, line * k) for k in (0.48, 0.43, 0.39)]
        paragraph(ui, surface, intro, (cx, card.y + line * 1.9), sizes, theme.text_dim, w)
        y = card.y + line * 4.1
        if state.bids:
            text(str(state.bids[-1]), 2.0, theme.accent, y, True)
            bidder = _(SEAT_NAMES[cast(int, state.last_bidder())])  # there is a bid
            text(_("points for Black, bid by {seat}").format(seat=bidder), 0.5, theme.text, y + line * 2.1)
        else:
            text(_("No bid yet"), 1.2, theme.text, y + line * 0.4, True)
        history = ", ".join(f"{b} ({SEAT_NAMES[i % 2][-1]})" for i, b in enumerate(state.bids)) or "-"
        text(_("Bids (by player): {bids}").format(bids=history), 0.45, theme.text_dim, card.y + line * 7.0)
        seat = state.to_move
        turn = _("{seat} to decide") if seat in ctx.human_seats or live else _("{seat} to decide (AI)")
        text(turn.format(seat=_(SEAT_NAMES[seat])), 0.62, theme.accent, card.y + line * 7.75, True)
        if not self.widgets:
            return
        self._bid_form.draw(surface, ui)
        self.bid_field.draw(surface, ui, pixels(ui, line * 0.66))
        tips, y = [], card.y + line * 12.2
        if self.bid_value in state.bid_range():
            tips.append(
                _(
                    "Raise: if {seat} accepts, you play White ({white} points) against a Black with {black}."
                ).format(seat=_(SEAT_NAMES[1 - seat]), white=white, black=self.bid_value)
            )
        if state.bids:
            tips.append(
                _("Accept: you play Black with {black} points against White's {white}.").format(
                    black=state.bids[-1], white=white
                )
            )
        tips.append(_("Bids go up to {n}.").format(n=bid_cap(white)))
        for tip in tips:
            y = paragraph(
                ui, surface, tip, (cx, y), [pixels(ui, line * 0.44)], theme.text_dim, w, lines=2, leading=1.27
            )

    def _auction_event(self, event: pygame.event.Event, state: InfinitState) -> Move | None:
        """The bid's keys and the wheel, the card's buttons, A accepts."""
        if self.bid_field.handle_event(event):
            return None
        if self._bid_form.handle_event(event):
            self.message = ""
            return self._bid_form.result
        if event.type == pygame.KEYDOWN and event.key == pygame.K_a and state.bids:
            return ACCEPT
        return None
