"""Move input: the legal moves indexed (:class:`Legal`), the mouse, the keys and the small menu of
what can be done with a piece or on a field."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, cast

import pygame

from tafel import GameState
from tafel.kit import Button, DoubledHexGrid
from tafel.view import ViewContext

from ..rules.board import Board
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
from ..rules.state import PLAY, AmaktaState
from ..texts import N_, _
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
ACTION_ORDER = tuple(ACTION_LABELS)


class Legal:
    """The legal moves of one state, indexed for the controller."""

    def __init__(self, state: AmaktaState) -> None:
        self.state = state
        self.moves = list(state.legal_moves())
        self.set = set(self.moves)
        #: Moves by the field they start from; hand pieces' and board pieces' targets; moves into a
        #: field (place, relocate); one move of each kind (the bar's buttons).
        self.by_cell: dict[Any, list[Move]] = {}
        self.hand_targets: dict[int, set[Any]] = {}
        self.relocate: dict[Any, set[Any]] = {}
        self.into: dict[Any, list[Move]] = {}
        self.kinds: dict[str, Move] = {}
        self.play = state.phase == PLAY and state.offer is None
        for m in self.moves:
            if m.kind in (PLACE, REPLACE, RELEASE_PLACE):
                self.hand_targets.setdefault(cast(int, m.piece), set()).add(m.cell)  # a hand piece's move
            if m.kind == RELOCATE:
                self.relocate.setdefault(m.cell, set()).add(m.to)
            if m.kind in (PLACE, RELOCATE):
                self.into.setdefault(m.to if m.kind == RELOCATE else m.cell, []).append(m)
            if m.cell is not None and m.kind != PLACE:
                self.by_cell.setdefault(m.cell, []).append(m)
            self.kinds.setdefault(m.kind, m)
        for _label, m in state.meta_moves():  # offer a draw, resign: not moves of the game
            self.kinds.setdefault(m.kind, m)

    def find(self, kind: str, cell: Any = None, to: Any = None, piece: int | None = None, o=None):
        """The legal move with these parts (orientation normalised), or None."""
        pos = self.state.pos
        if o is not None:
            col, idx = (pos.turn, piece) if kind in (PLACE, REPLACE, RELEASE_PLACE) else pos.cells[cell][:2]
            o = pos.eq.normal(col, cast(int, idx), o)  # a hand move names its piece
        move = Move(kind, cell, to, piece, o)
        return move if move in self.set else None


class MoveInput:
    """Mouse and keys, a part of :class:`AmaktaView`."""

    # What the view (AmaktaView) gives this part, for the type checker: its layout, the selection
    # (see ``AmaktaView.clear_selection``), the menu, the cursor and the bar's buttons.
    board: Board
    grid: DoubledHexGrid
    size: float
    rect: pygame.Rect
    board_area: pygame.Rect
    bar_rect: pygame.Rect
    state: AmaktaState | None
    mode: str | None
    kind: str | None
    sel_cell: Any
    sel_piece: int | None
    target: Any
    orient: int
    message: str
    menu: list[tuple[str, Callable[[], Move | None]]]
    menu_rect: pygame.Rect
    menu_focus: int
    menu_anchor: Any
    hover_cell: Any
    hover_slot: tuple[int, int] | None
    cursor: Any
    cursor_keep: float | None
    cursor_visible: bool
    buttons: list[Button]
    button_focus: int | None

    if TYPE_CHECKING:

        def _make_buttons(self, state: AmaktaState, legal: Legal) -> list[Button]: ...
        def _slot_pickable(self, legal: Legal, idx: int) -> bool: ...
        def cell_at(self, pos: tuple[int, int]) -> Any: ...
        def cell_center(self, cell: Any) -> tuple[float, float]: ...
        def clear_selection(self) -> None: ...
        def draw_text(
            self, surface, ctx, text, pixels, colour, pos, anchor="topleft", bold=False, max_w=None
        ): ...
        def font(self, ctx: ViewContext, pixels: float, bold: bool = False) -> pygame.font.Font: ...
        def legal_for(self, state: AmaktaState) -> Legal: ...
        def slot_at(self, pos: tuple[int, int]) -> tuple[int, int] | None: ...
        def start_phase_event(
            self, event: pygame.event.Event, state: AmaktaState, ctx: ViewContext
        ) -> Any: ...
        def sync(self, state: AmaktaState, ctx: ViewContext) -> None: ...

    def _draw_menu(self, surface, ctx) -> None:
        theme, s = ctx.theme, max(self.size, 14)
        line_h = int(max(20, min(40, s * 0.75)))
        font_px = line_h * 0.6
        w = int(max(self.font(ctx, font_px).size(label)[0] for label, _ in self.menu) + line_h)
        h = line_h * len(self.menu) + 8
        ax, ay = (
            self.cell_center(self.menu_anchor) if self.menu_anchor is not None else self.board_area.center
        )
        x = int(ax + s * 0.9) if int(ax + s * 0.9) + w <= self.rect.right else int(ax - s * 0.9 - w)
        y = max(self.rect.y, min(int(ay - h / 2), self.bar_rect.y - h))
        self.menu_rect = r = pygame.Rect(x, y, w, h)
        pygame.draw.rect(surface, theme.shadow, r.move(3, 4), border_radius=8)
        pygame.draw.rect(surface, theme.card, r, border_radius=8)
        pygame.draw.rect(surface, theme.panel_edge, r, 2, border_radius=8)
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

    def _menu_item_at(self, pos) -> int | None:
        return next((i for i in range(len(self.menu)) if self.menu_item_rect(i).collidepoint(pos)), None)

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
        turning = self.mode in ("hand", "relocate", "orient")
        if event.type == pygame.MOUSEMOTION:
            self.cursor_visible = False
            self.hover_cell, self.hover_slot = self.cell_at(event.pos), self.slot_at(event.pos)
            if self.mode == "menu" and self.menu_rect.collidepoint(event.pos):
                i = self._menu_item_at(event.pos)
                self.menu_focus = self.menu_focus if i is None else i
        elif event.type == pygame.MOUSEWHEEL and turning:
            self.orient = rotate_step(self.orient, 1 if event.y > 0 else -1)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 3:
                self.clear_selection()
            elif event.button in (4, 5) and turning:
                self.orient = rotate_step(self.orient, 1 if event.button == 4 else -1)
            elif event.button == 1:
                return self._click(event.pos, state, legal)
        elif event.type == pygame.KEYDOWN:
            return self._key(event, state, legal)
        return None

    def _click(self, pos: tuple[int, int], state: AmaktaState, legal: Legal) -> Move | None:
        self.message = ""
        if self.mode == "menu":
            if self.menu_rect.collidepoint(pos):
                i = self._menu_item_at(pos)
                return None if i is None else self._choose_menu(i)
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
        self.clear_selection()
        return None

    def _press(self, button: Button) -> Move | None:
        move = cast("Move | None", button.activate())  # the bar's buttons play moves
        if move is not None:
            self.clear_selection()
        return move

    def _select(self, **what) -> None:
        """A fresh selection: ``mode`` and the parts of the move chosen so far."""
        self.clear_selection()
        for name, value in what.items():
            setattr(self, name, value)

    def _slot(self, slot: tuple[int, int], state: AmaktaState, legal: Legal) -> Move | None:
        colour, idx = slot
        if not legal.play or colour != state.pos.turn:
            return None
        if self.mode == "pick":
            if self._slot_pickable(legal, idx):
                self.sel_piece, self.mode, self.target, self.orient = idx, "orient", self.sel_cell, 0
        elif idx in legal.hand_targets:
            if self.mode == "hand" and self.sel_piece == idx:
                self.clear_selection()
            else:
                self._select(mode="hand", sel_piece=idx)
        return None

    def _field(self, cell: Any, state: AmaktaState, legal: Legal) -> Move | None:
        pos = state.pos
        mode, move = self.mode, None
        if (
            mode == "hand"
            and self.sel_piece is not None
            and cell in legal.hand_targets.get(self.sel_piece, ())
        ):
            kind = PLACE
            if cell in pos.cells:
                kind = REPLACE if pos.cells[cell][0] ^ pos.cells[cell][3] == pos.turn else RELEASE_PLACE
            move = legal.find(kind, cell, None, self.sel_piece, self.orient)
        elif mode == "relocate" and cell in legal.relocate.get(self.sel_cell, ()):
            move = legal.find(RELOCATE, self.sel_cell, cell, None, self.orient)
        elif mode == "orient" and cell == self.target:
            return self._confirm_orient(legal)
        if mode is not None:
            self.clear_selection()
        if move is not None or mode in ("relocate", "orient", "pick"):
            return move
        return self._open_menu(cell, state, legal) if legal.play else None

    def _open_menu(self, cell: Any, state: AmaktaState, legal: Legal) -> Move | None:
        pos = state.pos
        kinds = {m.kind for m in legal.by_cell.get(cell, [])}
        items = [
            (_(ACTION_LABELS[k]), self._action(k, cell, state, legal)) for k in ACTION_ORDER if k in kinds
        ]
        if cell not in pos.cells:
            for m in legal.into.get(cell, []):
                if m.kind == PLACE:
                    label = _("Place piece {n}…").format(n=cast(int, m.piece) + 1)
                    act = partial(self._select, mode="orient", kind=PLACE, sel_piece=m.piece, target=cell)
                else:
                    label = _("Move the piece from {field} here…").format(field=self.board.name(m.cell))
                    act = partial(
                        self._select,
                        mode="orient",
                        kind=RELOCATE,
                        sel_cell=m.cell,
                        target=cell,
                        orient=pos.cells[m.cell][2],
                    )
                if all(lbl != label for lbl, _x in items):
                    items.append((label, act))
        if items:
            self._select(
                mode="menu", menu=items, sel_cell=cell if cell in pos.cells else None, menu_anchor=cell
            )
            self.menu_focus = 0
        return None

    def _action(self, kind: str, cell: Any, state: AmaktaState, legal: Legal) -> Callable[[], Move | None]:
        ori = state.pos.cells[cell][2]

        def act() -> Move | None:
            if kind in (TAKE, EXPROPRIATE, REMOVE, RELEASE):
                return legal.find(kind, cell)
            if kind in (ROTATE, APPROPRIATE):
                self._select(mode="orient", sel_cell=cell, kind=kind, target=cell, orient=rotate_step(ori, 1))
            elif kind == RELOCATE:
                self._select(mode="relocate", sel_cell=cell, kind=kind, orient=ori)
            else:  # replace, release-place: choose the piece first
                self._select(mode="pick", sel_cell=cell, kind=kind)
            return None

        return act

    def _choose_menu(self, i: int) -> Move | None:
        if not 0 <= i < len(self.menu):
            return None
        move = self.menu[i][1]()
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
            move = legal.find(cast(str, kind), self.target, None, self.sel_piece, self.orient)
        if move is None:
            self.message = _("That is how the piece lies now: turn it (R, wheel) or mirror it (M) first")
            return None
        self.clear_selection()
        return move

    def _key(self, event: pygame.event.Event, state: AmaktaState, legal: Legal) -> Move | None:
        key, shift = event.key, bool(event.mod & pygame.KMOD_SHIFT)
        if key in CANCEL:
            self.clear_selection()
            self.button_focus = None
            return None
        if self.mode == "menu":
            if key in (pygame.K_UP, pygame.K_DOWN):
                self.menu_focus = (self.menu_focus + (1 if key == pygame.K_DOWN else -1)) % len(self.menu)
            elif key in ACTIVATE or pygame.K_1 <= key <= pygame.K_9:
                return self._choose_menu(self.menu_focus if key in ACTIVATE else key - pygame.K_1)
            return None
        if self.mode in ("hand", "relocate", "orient"):
            if key in (pygame.K_r, pygame.K_m):
                self.orient = (
                    mirror_step(self.orient)
                    if key == pygame.K_m
                    else rotate_step(self.orient, -1 if shift else 1)
                )
                return None
            if self.mode == "orient" and key in ACTIVATE and not self.cursor_visible:
                return self._confirm_orient(legal)
        if key == pygame.K_TAB and legal.play:
            return self._tab(state, legal, -1 if shift else 1)
        if key in KEY_DIRS and self.board.finite:
            if legal.play:
                self._move_cursor(KEY_DIRS[key])
            elif self.button_focus is None:
                self.button_focus = 0
            elif key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = 1 if key == pygame.K_RIGHT else -1
                self.button_focus = (self.button_focus + step) % max(1, len(self.buttons))
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
            return self._press(self.buttons[0]) if not legal.play and self.buttons else None
        # bar_button gives each button its hotkey.
        return next((self._press(b) for b in self.buttons if getattr(b, "hotkey", None) == key), None)

    def _tab(self, state: AmaktaState, legal: Legal, step: int) -> Move | None:
        pickable = sorted(legal.hand_targets)
        if self.mode == "pick":
            pickable = [i for i in sorted(state.pos.inv[state.pos.turn]) if self._slot_pickable(legal, i)]
        if not pickable:
            return None
        if self.sel_piece in pickable:
            nxt = pickable[(pickable.index(self.sel_piece) + step) % len(pickable)]
        else:
            nxt = pickable[0] if step > 0 else pickable[-1]
        if self.mode == "pick":
            self.sel_piece, self.mode, self.target, self.orient = nxt, "orient", self.sel_cell, 0
        else:
            self._select(mode="hand", sel_piece=nxt)
        return None

    def _move_cursor(self, delta: tuple[int, int]) -> None:
        """Show the cursor (on the mover's base) or step it along the kit grid (``delta`` y up):
        left and right along the row, up and down zig-zagging round the column."""
        if self.cursor is None or not self.cursor_visible:
            self.cursor_visible, self.cursor_keep = True, None
            if self.cursor is None:
                self.cursor = self.board.bases[self.state.pos.turn if self.state is not None else 0]
            return
        self.cursor, self.cursor_keep = self.grid.step(self.cursor, *delta, self.cursor_keep)
