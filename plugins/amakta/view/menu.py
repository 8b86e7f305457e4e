"""Move input: the mouse, the keys and the small menu of what can be done with a piece or on a
field."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from tafel import GameState
from tafel.kit import Button
from tafel.view import ViewContext

from ..rules.engine import (
    APPROPRIATE,
    EXPROPRIATE,
    PLACE,
    RELEASE,
    RELEASE_PLACE,
    RELOCATE,
    REMOVE,
    REPLACE,
    ROTATE,
    TAKE,
    Move,
)
from ..rules.state import AmaktaState
from ..texts import N_, _
from .legal import Legal
from .pieces import ACTIVATE, CANCEL, KEY_DIRS, mirror_step, rotate_step

ACTION_LABELS = {
    ROTATE: N_("Rotate / mirror…"),
    TAKE: N_("Take into hand"),
    RELOCATE: N_("Relocate…"),
    REPLACE: N_("Replace with a piece from hand…"),
    EXPROPRIATE: N_("Expropriate"),
    APPROPRIATE: N_("Expropriate and turn…"),
    REMOVE: N_("Expropriate and take (removes it)"),
    RELEASE: N_("Release (removes it)"),
    RELEASE_PLACE: N_("Release and place a piece…"),
}
ACTION_ORDER = (ROTATE, TAKE, RELOCATE, REPLACE, EXPROPRIATE, APPROPRIATE, REMOVE, RELEASE, RELEASE_PLACE)


class MoveInput:
    """Mouse and keys, a part of :class:`AmaktaView`."""

    def _draw_menu(self, surface, ctx) -> None:
        theme = ctx.theme
        s = max(self.size, 14)
        line_h = int(max(20, min(40, s * 0.75)))
        font_px = line_h * 0.6
        widths = [self.font(ctx, font_px).size(label)[0] for label, _ in self.menu]
        w = int(max(widths) + line_h)
        h = line_h * len(self.menu) + 8
        ax, ay = (
            self.cell_center(self.menu_anchor) if self.menu_anchor is not None else self.board_area.center
        )
        x = int(ax + s * 0.9)
        y = int(ay - h / 2)
        if x + w > self.rect.right:
            x = int(ax - s * 0.9 - w)
        y = max(self.rect.y, min(y, self.bar_rect.y - h))
        self.menu_rect = pygame.Rect(x, y, w, h)
        pygame.draw.rect(surface, theme.shadow, self.menu_rect.move(3, 4), border_radius=8)
        pygame.draw.rect(surface, theme.card, self.menu_rect, border_radius=8)
        pygame.draw.rect(surface, theme.panel_edge, self.menu_rect, 2, border_radius=8)
        for i, (label, _act) in enumerate(self.menu):
            r = self.menu_item_rect(i)
            if i == self.menu_focus:
                pygame.draw.rect(surface, theme.button_hover, r, border_radius=5)
            self.draw_text(
                surface, ctx, label, font_px, theme.text, (r.x + line_h * 0.4, r.centery), "midleft"
            )

    def menu_item_rect(self, i: int) -> pygame.Rect:
        line_h = (self.menu_rect.height - 8) // max(1, len(self.menu))
        return pygame.Rect(
            self.menu_rect.x + 4, self.menu_rect.y + 4 + i * line_h, self.menu_rect.width - 8, line_h
        )

    # --- input ------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event, state: GameState, ctx: ViewContext) -> Move | None:
        if not isinstance(state, AmaktaState) or not ctx.interactive or state.outcome is not None:
            return None
        self.sync(state, ctx)
        handled, move = self.start_phase_event(event, state, ctx)
        if handled:
            return move
        legal = self.legal_for(state)
        if not self.buttons:
            self.buttons = self._make_buttons(state, legal)
        if event.type == pygame.MOUSEMOTION:
            self.cursor_visible = False
            self.hover_cell = self.cell_at(event.pos)
            self.hover_slot = self.slot_at(event.pos)
            if self.mode == "menu" and self.menu_rect.collidepoint(event.pos):
                for i in range(len(self.menu)):
                    if self.menu_item_rect(i).collidepoint(event.pos):
                        self.menu_focus = i
            return None
        if event.type == pygame.MOUSEWHEEL:
            if self.mode in ("hand", "relocate", "orient"):
                self.orient = rotate_step(self.orient, 1 if event.y > 0 else -1)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 3:
                self.clear_selection()
                return None
            if event.button == 4 or event.button == 5:
                if self.mode in ("hand", "relocate", "orient"):
                    self.orient = rotate_step(self.orient, 1 if event.button == 4 else -1)
                return None
            if event.button != 1:
                return None
            return self._click(event.pos, state, legal)
        if event.type == pygame.KEYDOWN:
            return self._key(event, state, legal)
        return None

    def _click(self, pos: tuple[int, int], state: AmaktaState, legal: Legal) -> Move | None:
        self.message = ""
        if self.mode == "menu":
            if self.menu_rect.collidepoint(pos):
                for i in range(len(self.menu)):
                    if self.menu_item_rect(i).collidepoint(pos):
                        return self._choose_menu(i)
                return None
            self.clear_selection()
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                return self._press(b)
        slot = self.slot_at(pos)
        if slot is not None:
            return self._slot(slot, state, legal)
        cell = self.cell_at(pos)
        if cell is not None:
            return self._field(cell, state, legal)
        if self.mode is not None:
            self.clear_selection()
        return None

    def _press(self, button: Button) -> Move | None:
        move = button.activate()
        if move is not None:
            self.clear_selection()
        return move

    def _slot(self, slot: tuple[int, int], state: AmaktaState, legal: Legal) -> Move | None:
        colour, idx = slot
        if not legal.play or colour != state.pos.turn:
            return None
        if self.mode == "pick":
            if self._slot_pickable(legal, idx):
                self.sel_piece = idx
                self.mode = "orient"
                self.target = self.sel_cell
                self.orient = 0
            return None
        if idx in legal.hand_targets:
            if self.mode == "hand" and self.sel_piece == idx:
                self.clear_selection()
                return None
            self.clear_selection()
            self.mode = "hand"
            self.sel_piece = idx
            self.orient = 0
        return None

    def _field(self, cell: Any, state: AmaktaState, legal: Legal) -> Move | None:
        pos = state.pos
        if self.mode == "hand" and self.sel_piece is not None:
            if cell in legal.hand_targets.get(self.sel_piece, ()):
                kind = (
                    PLACE
                    if cell not in pos.cells
                    else (REPLACE if pos.cells[cell][0] ^ pos.cells[cell][3] == pos.turn else RELEASE_PLACE)
                )
                move = legal.find(kind, cell, None, self.sel_piece, self.orient)
                if move is not None:
                    self.clear_selection()
                    return move
            self.clear_selection()
        elif self.mode == "relocate":
            if cell in legal.relocate.get(self.sel_cell, ()):
                move = legal.find(RELOCATE, self.sel_cell, cell, None, self.orient)
                self.clear_selection()
                return move
            self.clear_selection()
            return None
        elif self.mode == "orient":
            if cell == self.target:
                return self._confirm_orient(legal)
            self.clear_selection()
            return None
        elif self.mode == "pick":
            self.clear_selection()
            return None
        if not legal.play:
            return None
        return self._open_menu(cell, state, legal)

    def _open_menu(self, cell: Any, state: AmaktaState, legal: Legal) -> Move | None:
        pos = state.pos
        items: list[tuple[str, Callable[[], Move | None]]] = []
        moves = legal.by_cell.get(cell, [])
        kinds = {m.kind for m in moves}
        for kind in ACTION_ORDER:
            if kind in kinds:
                items.append((_(ACTION_LABELS[kind]), self._action(kind, cell, state, legal)))
        if cell not in pos.cells:
            for m in legal.into.get(cell, []):
                if m.kind == PLACE and not any(
                    lbl == _("Place piece {n}…").format(n=m.piece + 1) for lbl, _x in items
                ):
                    items.append(
                        (_("Place piece {n}…").format(n=m.piece + 1), self._place_here(cell, m.piece))
                    )
                elif m.kind == RELOCATE:
                    label = _("Move the piece from {field} here…").format(field=self.board.name(m.cell))
                    if not any(lbl == label for lbl, _x in items):
                        items.append((label, self._relocate_here(m.cell, cell, pos)))
        if not items:
            return None
        self.clear_selection()
        self.sel_cell = cell if cell in pos.cells else None
        self.mode = "menu"
        self.menu = items
        self.menu_focus = 0
        self.menu_anchor = cell
        return None

    def _action(self, kind: str, cell: Any, state: AmaktaState, legal: Legal) -> Callable[[], Move | None]:
        pos = state.pos

        def act() -> Move | None:
            ori = pos.cells[cell][2]
            if kind in (TAKE, EXPROPRIATE, REMOVE, RELEASE):
                return legal.find(kind, cell)
            self.clear_selection()
            self.sel_cell = cell
            self.kind = kind
            if kind in (ROTATE, APPROPRIATE):
                self.mode = "orient"
                self.target = cell
                self.orient = rotate_step(ori, 1)
            elif kind == RELOCATE:
                self.mode = "relocate"
                self.orient = ori
            else:  # replace, release-place: choose the piece first
                self.mode = "pick"
            return None

        return act

    def _place_here(self, cell: Any, piece: int) -> Callable[[], Move | None]:
        def act() -> Move | None:
            self.clear_selection()
            self.mode = "orient"
            self.kind = PLACE
            self.sel_piece = piece
            self.target = cell
            return None

        return act

    def _relocate_here(self, src: Any, cell: Any, pos) -> Callable[[], Move | None]:
        def act() -> Move | None:
            self.clear_selection()
            self.mode = "orient"
            self.kind = RELOCATE
            self.sel_cell = src
            self.target = cell
            self.orient = pos.cells[src][2]
            return None

        return act

    def _choose_menu(self, i: int) -> Move | None:
        if not 0 <= i < len(self.menu):
            return None
        _label, act = self.menu[i]
        move = act()
        if move is not None:
            self.clear_selection()
        return move

    def _confirm_orient(self, legal: Legal) -> Move | None:
        kind = self.kind
        if kind in (ROTATE, APPROPRIATE):
            move = legal.find(kind, self.target, None, None, self.orient)
        elif kind == RELOCATE:
            move = legal.find(RELOCATE, self.sel_cell, self.target, None, self.orient)
        else:
            move = legal.find(kind, self.target, None, self.sel_piece, self.orient)
        if move is None:
            self.message = _("That is how the piece lies now: turn it (R, wheel) or mirror it (M) first")
            return None
        self.clear_selection()
        return move

    def _key(self, event: pygame.event.Event, state: AmaktaState, legal: Legal) -> Move | None:
        key = event.key
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if key in CANCEL:
            self.clear_selection()
            self.button_focus = None
            return None
        if self.mode == "menu":
            if key in (pygame.K_UP, pygame.K_DOWN):
                self.menu_focus = (self.menu_focus + (1 if key == pygame.K_DOWN else -1)) % len(self.menu)
                return None
            if key in ACTIVATE:
                return self._choose_menu(self.menu_focus)
            if pygame.K_1 <= key <= pygame.K_9:
                return self._choose_menu(key - pygame.K_1)
            return None
        if self.mode in ("hand", "relocate", "orient"):
            if key == pygame.K_r:
                self.orient = rotate_step(self.orient, -1 if shift else 1)
                return None
            if key == pygame.K_m:
                self.orient = mirror_step(self.orient)
                return None
            if self.mode == "orient" and key in ACTIVATE and not self.cursor_visible:
                return self._confirm_orient(legal)
        if key == pygame.K_TAB and legal.play:
            return self._tab(state, legal, -1 if shift else 1)
        if key in KEY_DIRS and self.board.finite:
            if self.button_focus is not None and key in (pygame.K_LEFT, pygame.K_RIGHT) and not legal.play:
                step = 1 if key == pygame.K_RIGHT else -1
                self.button_focus = (self.button_focus + step) % max(1, len(self.buttons))
                return None
            if not legal.play:
                self.button_focus = 0 if self.button_focus is None else self.button_focus
                return None
            self._move_cursor(KEY_DIRS[key])
            return None
        if key in ACTIVATE:
            if self.button_focus is not None and self.buttons:
                return self._press(self.buttons[self.button_focus % len(self.buttons)])
            if self.cursor_visible and self.cursor is not None:
                return self._field(self.cursor, state, legal)
            if self.mode in ("hand", "relocate") and self.hover_cell is not None:
                return self._field(
                    self.hover_cell, state, legal
                )  # Enter confirms the preview under the pointer
            if not legal.play and self.buttons:
                return self._press(self.buttons[0])
            return None
        for b in self.buttons:
            if b.hotkey is not None and b.hotkey == key:
                return self._press(b)
        return None

    def _tab(self, state: AmaktaState, legal: Legal, step: int) -> Move | None:
        pickable = sorted(legal.hand_targets)
        if self.mode == "pick":
            pickable = [i for i in sorted(state.pos.inv[state.pos.turn]) if self._slot_pickable(legal, i)]
        if not pickable:
            return None
        current = self.sel_piece if self.sel_piece in pickable else None
        if current is None:
            nxt = pickable[0] if step > 0 else pickable[-1]
        else:
            nxt = pickable[(pickable.index(current) + step) % len(pickable)]
        if self.mode == "pick":
            self.sel_piece = nxt
            self.mode = "orient"
            self.target = self.sel_cell
            self.orient = 0
            return None
        self.clear_selection()
        self.mode = "hand"
        self.sel_piece = nxt
        return None

    def _move_cursor(self, delta: tuple[int, int]) -> None:
        """Show the cursor (on the mover's base) or step it along the kit grid (``delta`` y up):
        left and right along the row, up and down zig-zagging round the column."""
        if self.cursor is None or not self.cursor_visible:
            self.cursor_visible, self._keep = True, None
            if self.cursor is None:
                self.cursor = self.board.bases[self.state.pos.turn if self.state is not None else 0]
            return
        self.cursor, self._keep = self.grid.step(self.cursor, *delta, self._keep)
