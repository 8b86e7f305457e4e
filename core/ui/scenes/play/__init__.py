"""The play screen, in parts: the scene (:mod:`.scene`: input routing, draw order), the turn
controller (:mod:`.turns`), the history (:mod:`.history`), the side panel (:mod:`.panel`, its
move list :mod:`.move_list`) and the simple view standing in for a failed board view
(:mod:`.fallback`)."""

from tafel.ui.scenes.play.fallback import FallbackView
from tafel.ui.scenes.play.scene import PlayScene

__all__ = ["FallbackView", "PlayScene"]
