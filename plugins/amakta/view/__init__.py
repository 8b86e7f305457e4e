"""The Amakta board on screen: hex fields, arrow pieces, both inventories, and move input.

Drawing. Pieces are hexagons in their original colour (ivory White, charcoal Black) with
their arrows drawn from the centre towards each direction: blue, green and red, with one,
two or three bars across the shaft (the reach, readable without colour); a double arrow is
two arrows side by side. A violet ring is a reinforcement circle, a green ring damage; an
expropriated piece carries a beige disc and an outline in its new owner's colour. The bases
are marked with their owner's permanent arrow. White's inventory is drawn on White's side
(left, or below the board in a tall area), Black's on Black's side: every piece of the set
keeps its slot (in hand: solid; on the board: a faint outline; out of the game: crossed).

Help. Hovering a piece (or the keyboard cursor on it) draws its arrows to the fields they
point at; blocked arrows are dimmed with a cross on the blocker. ``C`` (or the Control
button) overlays control: fields tinted by who controls them, stalemates hatched violet,
the arrow counts White:Black in each field.

Input (while a human is to move). Every legal move is reachable with the mouse or keys:

- click a piece in your inventory (or ``Tab`` through them): the fields it can go to light
  up (place, replace, release-and-place); the piece follows the pointer as a preview;
  ``R`` / the wheel turns it (``Shift+R`` back), ``M`` mirrors it; click a field to play;
- click a piece on the board: a small list offers what can be done with it (rotate,
  take, relocate, replace, expropriate, appropriate, remove, release, release and place);
  choices needing an orientation show the piece in place to turn and mirror, confirmed
  with ``Enter`` or a click; relocate first asks for the target field;
- click a lit empty field with nothing selected: the list offers every piece that can be
  placed or relocated there;
- the bar below offers Pass (``P``), Offer draw (``O``), Resign (twice, ``Q``) and the
  control toggle; in the start phase and when a draw is offered its buttons choose.
- keyboard: the arrow keys move a cursor over the fields (``Enter``/``Space`` = click);
  in a list ``Up``/``Down`` and ``Enter``; ``Backspace`` or the right button cancels.
  Escape opens the core's pause menu.

Hooks for variants (Amakta Infinit uses them and nothing else): a subclass of
:class:`AmaktaView` may override

- the board transform and world mapping: ``arrange()`` (places the areas and the board: call
  ``layout_areas()``, set ``board_area``, ``size``, ``slots``; ``geo_key`` is what the current
  arrangement was made for, None asks for a new one), ``cell_center(cell)`` and ``cell_at(pos)``
  (a field to pixels and back), ``view_key()`` (what places the fields on screen, for kept
  pictures), ``in_view(cell)``, ``overlay_rect()`` (where overlays over the fields may draw);
- the board picture: ``draw_board(surface, ctx, pos, last, targets, faded)`` and
  ``finish_board(surface, ctx, state)`` (after everything over the board: end a clip, add marks);
- panels: ``piece_counts()`` (slots per side), ``draw_inventory(...)``, ``draw_slot_tooltip(...)``,
  ``draw_focus_tooltip(...)``, ``prompt(state, legal, live)`` and ``status``;
- start-phase screens: ``sync(state, ctx)`` (called before each draw and event),
  ``draw_start_phase(surface, state, ctx, live)`` and ``start_phase_event(event, state, ctx)``.

It may call the drawing helpers ``draw_text``, ``render_text``, ``font``, ``blit_piece``,
``sprite``, ``draw_tooltip``, ``draw_piece_tooltip``, ``draw_bar``, ``draw_bases``,
``draw_targets_and_pieces``, ``draw_play``, ``panel_key``, ``slot_grid``, ``grid_fit``,
``layout_areas``, ``legal_for`` and ``clear_selection``, and read the attributes set in
``__init__`` (``state``, ``board``, ``board_area``, ``inv_rects``, ``slots``, ``inv_layers``,
``busy``, ``mode``, ``cursor``...). Pieces, colours and the hexagon are in :mod:`.pieces`.

Modules: :mod:`.view` (the view, layout, play screen, hooks), :mod:`.board` (the board picture),
:mod:`.panels` (inventories, bar, tooltips), :mod:`.menu` (input and the move menu),
:mod:`.pieces` (piece pictures, colours), :mod:`.legal` (the legal moves indexed).

>>> import pygame
>>> from tafel.games.amakta import GAME
>>> view = AmaktaView(GAME, GAME.resolve_options({}))
>>> view.layout(pygame.Rect(0, 0, 1200, 800))
"""

from .legal import Legal
from .menu import ACTION_LABELS, ACTION_ORDER
from .pieces import (
    ARROW_COLOURS,
    BODY,
    DIR_ANGLES,
    EDGE,
    FIELD,
    FIELD_EDGE,
    KEY_DIRS,
    OWNER_LINE,
    SQRT3,
    hex_points,
    mirror_step,
    render_piece,
    rotate_step,
)
from .view import AmaktaView

__all__ = [
    "ACTION_LABELS", "ACTION_ORDER", "ARROW_COLOURS", "BODY", "DIR_ANGLES", "EDGE", "FIELD", "FIELD_EDGE",
    "KEY_DIRS", "OWNER_LINE", "SQRT3", "AmaktaView", "Legal", "hex_points", "mirror_step", "render_piece", "rotate_step",
]  # fmt: skip
