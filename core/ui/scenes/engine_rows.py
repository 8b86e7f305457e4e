"""The rows and the text entry the Engines screens share (:mod:`tafel.ui.scenes.engines`,
:mod:`tafel.ui.scenes.engine_options`).

:class:`Typing`: Enter on a typed row starts it, the keys type (Ctrl+V pastes), Enter keeps the
text, Esc drops it; a row's ``commit`` raises ValueError with the line to show when the text
will not do.
"""

from __future__ import annotations

import pygame

from tafel.engines import EngineConfig
from tafel.i18n import _, format_number
from tafel.ui.widgets import ChoiceRow, FocusList, TextRow

#: Steps of the arrows: ms a move, the clock and its increment (seconds).
MOVETIME_STEPS = (50, 100, 200, 250, 500, 1000, 2000, 3000, 5000, 10000, 20000, 30000, 60000)
CLOCK_STEPS = (10, 30, 60, 120, 180, 300, 600, 900, 1800, 3600)
INCREMENT_STEPS = (0, 0.1, 0.2, 0.5, 1, 2, 3, 5, 10, 30)


def time_control_text(config: EngineConfig) -> str:
    """The engine's time control in words (``1,000 ms a move``, ``clock 60 s + 1 s``)."""
    if config.clock_ms > 0:
        return _("clock {clock} s + {increment} s").format(
            clock=format_number(config.clock_ms / 1000), increment=format_number(config.increment_ms / 1000)
        )
    return _("{ms} ms a move").format(ms=format_number(config.movetime_ms))


def step_value(steps: tuple[float, ...], value: float, delta: int) -> float:
    """The next step above (``delta`` 1) or below (-1) ``value``, kept within the steps.

    >>> step_value((1, 5, 10), 7, 1), step_value((1, 5, 10), 7, -1), step_value((1, 5, 10), 10, 1)
    (10, 5, 10)
    """
    if delta > 0:
        return next((s for s in steps if s > value), steps[-1])
    return next((s for s in reversed(steps) if s < value), steps[0])


class EngineRow(TextRow):
    """A row of an engine's own: its label (an option's name, the engine's word) is shown as it
    is, never looked up in the catalog. ``typed`` rows take text after Enter."""

    typed = True

    @property
    def label(self) -> str:
        return self._label if self.key.startswith("option:") else _(self._label)

    @label.setter
    def label(self, value: str) -> None:
        self._label = value


def typed_row(
    key: str, label: str, get, change, commit, *, editable=None, accept=None, arrows=True
) -> EngineRow:
    """A row whose value is typed after Enter (``editable``: the text to start from, else ``get``)."""
    return EngineRow(
        key, label, get, change, editable=editable or get, commit=commit, accept=accept, arrows=arrows
    )


def choice_row(key: str, label: str, get, change) -> EngineRow:
    row = EngineRow(key, label, get, change, editable=get, commit=lambda text: None)
    row.typed = False
    return row


def number(text: str) -> float:
    try:
        return float(text.strip().replace(",", "."))
    except ValueError:
        raise ValueError(_("{text!r} is not a number").format(text=text)) from None


class Typing:
    """Text entry in a row (see the module docstring). The scene has ``error`` and ``focus``."""

    editing: EngineRow | None = None
    edit_text = ""
    error = ""
    focus: FocusList

    def begin_edit(self, row: EngineRow) -> None:
        self.editing, self.edit_text = row, row.editable()
        pygame.key.start_text_input()

    def end_edit(self, keep: bool) -> None:
        row, self.editing = self.editing, None
        pygame.key.stop_text_input()
        if row is None or not keep:
            return
        try:
            row.commit(self.edit_text)
            self.error = ""
        except ValueError as exc:
            self.error = str(exc)

    def edit_event(self, event: pygame.event.Event) -> bool:
        row = self.editing
        assert row is not None
        if event.type == pygame.TEXTINPUT:
            self.edit_text += "".join(ch for ch in event.text if row.accept(ch))
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.end_edit(True)
            elif event.key == pygame.K_ESCAPE:
                self.end_edit(False)
            elif event.key == pygame.K_BACKSPACE:
                self.edit_text = self.edit_text[:-1]
            elif event.key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.edit_text += "".join(ch for ch in clipboard() if row.accept(ch))
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.end_edit(True)
                self.focus.move(-1 if event.key == pygame.K_UP else 1)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.end_edit(True)
            return self.handle_event(event)  # type: ignore[attr-defined]
        return False

    def draw_row(self, surface: pygame.Surface, row: ChoiceRow, now: float) -> None:
        if isinstance(row, TextRow):
            row.edit_text = self.edit_text if self.editing is row else None
            row.time = now
        row.draw(surface, self.ui)  # type: ignore[attr-defined]


def clipboard() -> str:
    """The clipboard's text, one line (nothing when there is no clipboard)."""
    try:
        text = pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError):
        return ""
    return text.strip().splitlines()[0] if text.strip() else ""
