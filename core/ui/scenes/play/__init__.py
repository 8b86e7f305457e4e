"""The play screen, in parts: the scene (:mod:`.scene`: input routing, draw order, every move
into the match), the turn controller (:mod:`.turns`), the seats and their move sources
(:mod:`.seats`), the history (:mod:`.history`), the side panel (:mod:`.panel`, its move list
:mod:`.move_list`), a guided first game (:mod:`.guide`), what the parts may ask of the scene
(:mod:`.host`) and the simple view standing in for a failed board view (:mod:`.fallback`)."""

from tafel.ui.scenes.play.fallback import FallbackView
from tafel.ui.scenes.play.scene import PlayScene, start_guided

__all__ = ["FallbackView", "PlayScene", "start_guided"]
