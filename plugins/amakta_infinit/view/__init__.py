"""The Amakta Infinit screen: the auction, the piece editor, and play under a camera.

It extends the Amakta view (:class:`tafel.games.amakta.view.AmaktaView`) through its documented
hooks only: pieces, arrows, the control overlay, inventories, the action menus and the move input
are the same; what differs is where fields are (``sync``, ``arrange``, ``cell_center``, ``cell_at``,
``view_key``, ``draw_board``, ``finish_board``...) and what comes before play
(``draw_start_phase``, ``start_phase_event``). Modules: :mod:`.view` (the camera and play),
:mod:`.fields` (the unbounded board), :mod:`.auction`, :mod:`.editor`, :mod:`.sets` (the sets
beside the editor) and :mod:`.parts` (sizes, keys, the world mapping, :class:`Control`, the kit
button the auction card and the editor are made of).

- **Camera.** The board has no edge, so a :class:`tafel.camera.Camera` maps it to the
  screen: drag with the mouse (left on the board, or the right or middle button anywhere on
  it) or use the arrow keys to pan, the wheel or ``+`` / ``-`` to zoom about the pointer,
  ``F`` (or ``Home``) to frame both bases and every piece; moves are smooth at any zoom.
  Fields are drawn from the visible part only and cached while the camera rests; coordinates
  (``column,row``) show when zoomed in, and a marker at the edge points at a base off screen.
  While the AI moves (the core then sends no events) held arrow and +/- keys still pan and
  zoom. ``Enter`` (the gamepad's A) with nothing to confirm, or ``Shift`` + arrows, bring out a
  keyboard cursor: the arrows then move it (the camera follows), ``Enter`` acts on its field and
  ``Backspace`` (B) puts it away.
- **Auction.** A card shows White's points, the current bid and who made it, the bids so
  far and whose turn it is, with a bid to raise to (``Up`` / ``Down`` +-1, ``PgUp`` /
  ``PgDn`` +-10, or type digits) and what raising or accepting would mean.
- **Piece editor.** The piece being created in the middle with a chip per direction (click
  to select, click again or the wheel to cycle, right click backwards), a palette of the ten
  arrow states for the selected direction, the circle, the live value with the formula's
  ``a``, ``b`` and ``s``, whether it fits the points left and the set, presets, Create
  (``Enter``), Clear (``Delete``) and Close the set (``X`` twice: it is final). Keys: ``Left``
  / ``Right`` choose the direction, ``Up`` / ``Down`` cycle it, digits 0-9 set it (0 none,
  1 b, 2 g, 3 r, 4 bb, 5 gg, 6 rr, 7 bg, 8 br, 9 gr), ``C`` cycles the circle.

>>> import pygame
>>> from tafel.games.amakta_infinit import GAME
>>> view = InfinitView(GAME, GAME.resolve_options({}))
>>> view.layout(pygame.Rect(0, 0, 1200, 800))
>>> view.cell_at(view.cell_center((4, 2))), view.cell_at(view.cell_center((-7, -3)))
((4, 2), (-7, -3))
"""

from .parts import Control, world
from .view import InfinitView

__all__ = ["Control", "InfinitView", "world"]
