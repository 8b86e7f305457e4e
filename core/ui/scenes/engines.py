"""Settings, Engines: the external engines setup offers as players ("Engine: NAME").

The list shows each configured engine (name, path, protocol, time control); Enter opens one
(:class:`tafel.ui.scenes.engine_options.EngineScene`: its options and time control, Remove).
Add takes a path, typed or pasted; the program is then started and asked for its name and
options (:func:`tafel.engines.probe`) in a background thread, never on the screen's time, while
the screen says "Checking…". A bad path, a program that is no engine, one that crashes or one
that does not answer in time gives one line in red. The list is ``engines.json`` in the data
folder, written at once (:func:`tafel.engines.save_engines`).
"""

from __future__ import annotations

import os
import queue
import shutil
import threading
from typing import TYPE_CHECKING

import pygame

from tafel.engine_protocol import EngineProtocol
from tafel.engines import HANDSHAKE_TIMEOUT, EngineConfig, EngineFailure, load_engines, probe, save_engines
from tafel.i18n import N_, _
from tafel.kit.widgets import Widget
from tafel.ui.scene import Host, Scene
from tafel.ui.scenes.dialog import ConfirmScene, draw_hints
from tafel.ui.scenes.engine_options import EngineScene
from tafel.ui.scenes.engine_rows import EngineRow, Typing, choice_row, time_control_text
from tafel.ui.scenes.rows_screen import RowsScreen
from tafel.ui.widgets import BODY, H1, H3, SMALL, TINY, UI, Button, ChoiceRow, FocusList

if TYPE_CHECKING:
    from tafel.registry import Registry


def engine_protocols(registry: Registry | None) -> list[EngineProtocol]:
    """The protocols the games speak (``GameDef.engine_protocol``), ``uai`` when none does."""
    found: dict[str, EngineProtocol] = {}
    for game in getattr(registry, "games", {}).values():
        protocol = getattr(game, "engine_protocol", None)
        if isinstance(protocol, EngineProtocol):
            found.setdefault(protocol.name.lower(), protocol)
    return list(found.values()) or [EngineProtocol("uai")]


def clean_path(text: str) -> str:
    """A typed or pasted path: quotes and spaces round it dropped, ``~`` expanded, made absolute
    when it names a folder (a bare name is looked up on PATH)."""
    path = os.path.expanduser(text.strip().strip("'\"").strip())
    return os.path.abspath(path) if path and (os.sep in path or "/" in path) else path


def check_engine(path: str, protocol: EngineProtocol, timeout: float) -> EngineConfig:
    """The engine at ``path``, probed; ValueError with one line for the screen when it is not
    one. Blocks (the engine is started): the Engines screen calls it from a thread."""
    located = path if os.sep in path or "/" in path else shutil.which(path)
    if not located or not os.path.exists(located):
        raise ValueError(_("No program at {path}").format(path=path))
    if os.path.isdir(located):
        raise ValueError(_("{path} is a folder, not a program").format(path=path))
    if not path.endswith(".py") and not os.access(located, os.X_OK):
        raise ValueError(_("{path} is not executable").format(path=path))
    try:
        return probe(path, protocol, timeout)
    except EngineFailure as exc:
        detail = str(exc)
        if exc.kind == "hang":
            raise ValueError(
                _("No “{ok}” within {seconds} s: not a {protocol} engine, or it hangs").format(
                    ok=protocol.hello_ok, seconds=f"{timeout:g}", protocol=protocol.name.upper()
                )
            ) from None
        if detail.startswith("cannot start"):
            reason = detail.split(": ", 1)[-1]
            raise ValueError(_("Cannot start the program: {reason}").format(reason=reason)) from None
        raise ValueError(
            _("Not a {protocol} engine, or it crashed: {detail}").format(
                protocol=protocol.name.upper(), detail=detail
            )
        ) from None
    except OSError as exc:
        raise ValueError(_("Cannot start the program: {reason}").format(reason=exc.strerror or exc)) from None


def unique_name(name: str, engines: list[EngineConfig]) -> str:
    """``name``, or ``name (2)``, ``name (3)``... when the list has it already (any case)."""
    taken = {e.name.lower() for e in engines}
    n, candidate = 1, name
    while candidate.lower() in taken:
        n += 1
        candidate = f"{name} ({n})"
    return candidate


class EngineItem(Widget):
    """One engine in the list: name and path, protocol and time control; Enter opens it."""

    def __init__(self, scene: EnginesScene, config: EngineConfig) -> None:
        super().__init__(f"engine:{config.name}")
        self.scene, self.config = scene, config

    def activate(self) -> None:
        self.scene.open(self.config)

    def draw(self, surface: pygame.Surface, ui: UI) -> None:
        t, r, c = ui.theme, self.rect, self.config
        pygame.draw.rect(
            surface, t.button_hover if self.hovered or self.focused else t.card, r, border_radius=ui.px(12)
        )
        if self.focused:
            ui.focus_ring(surface, r, 12)
        x, pad = r.x + ui.px(22), ui.px(22)
        about = f"{c.protocol.upper()} · {time_control_text(c)}"
        right_w = min(ui.text_width(about, SMALL), r.width // 2 - pad)
        ui.draw_text(
            surface,
            about,
            (r.right - pad, r.centery),
            SMALL,
            t.text_dim,
            anchor="midright",
            max_width=right_w,
        )
        width = r.width - right_w - 3 * pad
        top = r.centery - (ui.line_height(BODY, True) + ui.line_height(SMALL)) // 2
        y = ui.draw_text(surface, c.name, (x, top), BODY, t.text, bold=True, max_width=width).bottom
        ui.draw_text(surface, left_cut(ui, c.path, SMALL, width), (x, y), SMALL, t.text_dim, max_width=width)


def left_cut(ui: UI, text: str, size: int, width: int) -> str:
    """``text`` with its start cut off (``…/engines/toy``) so its end, a path's file, shows."""
    if ui.text_width(text, size) <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi) // 2
        if ui.text_width("…" + text[mid:], size) <= width:
            hi = mid
        else:
            lo = mid + 1
    return "…" + text[lo:]


class PathRow(EngineRow):
    @property
    def placeholder(self) -> str:  # type: ignore[override]
        return _("(press Enter, then type or paste its path)")


class EnginesScene(Typing, RowsScreen[EngineItem], Scene):
    """The configured engines, Add, and the way to each engine's options."""

    #: Seconds a new engine has to answer the hello when it is checked.
    PROBE_TIMEOUT = HANDSHAKE_TIMEOUT

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.engines = load_engines()
        self.protocols = engine_protocols(getattr(app, "registry", None))
        self.protocol = self.protocols[0]
        #: The path being checked (None: none), and the thread's answers.
        self.checking: str | None = None
        self.results: queue.Queue = queue.Queue()
        self.error = self.status = ""
        self.add_row = PathRow(
            "add",
            N_("Add an engine"),
            lambda: _("Checking…") if self.checking else "",
            lambda d: None,
            editable=lambda: "",
            commit=self.add,
            arrows=False,
        )
        self.add_row.on_activate = lambda: None if self.checking else self.begin_edit(self.add_row)
        self.protocol_row = choice_row(
            "protocol", N_("Protocol"), lambda: self.protocol.name.upper(), self.cycle_protocol
        )
        self.top_rows: list[ChoiceRow] = [self.add_row] + (
            [self.protocol_row] if len(self.protocols) > 1 else []
        )
        self.back_button = Button(N_("Back"), self.back, key="back", kind="primary")
        self.items: list[EngineItem] = []
        self.focus = FocusList([])
        self.refresh()
        self.focus.focus("add")

    # --- model ------------------------------------------------------------------------------

    def refresh(self) -> None:
        self.items = [EngineItem(self, c) for c in self.engines]
        self.focus.set_items([*self.top_rows, *self.items, self.back_button])
        if self.size != (1, 1):
            self.layout(self.size)

    def cycle_protocol(self, delta: int) -> None:
        i = self.protocols.index(self.protocol)
        self.protocol = self.protocols[(i + delta) % len(self.protocols)]

    def add(self, text: str) -> None:
        """Check the program at the typed path in a thread (``update`` takes the answer)."""
        path = clean_path(text)
        if not path or self.checking:
            return
        self.checking, self.status = path, ""
        protocol, timeout, results = self.protocol, self.PROBE_TIMEOUT, self.results

        def run() -> None:
            try:
                results.put((path, check_engine(path, protocol, timeout)))
            except ValueError as exc:
                results.put((path, str(exc)))
            except Exception as exc:  # noqa: BLE001 - any surprise is one line on the screen
                results.put((path, f"{type(exc).__name__}: {exc}"))

        threading.Thread(target=run, daemon=True, name="engine probe").start()

    def update(self, dt: float) -> None:
        try:
            path, answer = self.results.get_nowait()
        except queue.Empty:
            return
        if path != self.checking:
            return
        self.checking = None
        if isinstance(answer, str):
            self.error = answer
            return
        answer.name = unique_name(answer.name, self.engines)
        self.engines.append(answer)
        self.error = (
            ""
            if save_engines(self.engines)
            else _("Could not save the engines (see the messages on the terminal)")
        )
        self.status = _("Added {name}: Enter on it shows its options").format(name=answer.name)
        self.refresh()
        self.focus.focus(f"engine:{answer.name}")
        self._ensure_visible()

    def open(self, config: EngineConfig) -> None:
        self.app.push(EngineScene(self.app, self.engines, config, self.refresh))

    def ask_remove(self, config: EngineConfig) -> None:
        def remove() -> None:
            if config in self.engines:
                self.engines.remove(config)
            save_engines(self.engines)
            self.refresh()

        self.app.push(
            ConfirmScene(
                self.app,
                N_("Remove the engine?"),
                _("{name} leaves the list; setup no longer offers it.").format(name=config.name),
                remove,
                yes=N_("Remove"),
                no=N_("Keep"),
            )
        )

    def resume(self) -> None:
        self.refresh()

    # --- layout -----------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        ui = self.ui
        inner = self._card(size)
        pad = self.pad
        intro = _(
            "Programs that play a seat: setup offers each as “Engine: NAME” in the games that speak its protocol."
        )
        self.intro = ui.wrap(intro, SMALL, inner)[:2]
        y = self.card.y + pad + ui.line_height(H1, True) + len(self.intro) * ui.line_height(SMALL) + ui.px(16)
        row_h = ui.px(58)
        for row in self.top_rows:
            row.place(pygame.Rect(self.card.x + pad, y, inner - ui.px(16), row_h), ui, value_width=560)
            y += row_h + ui.px(8)
        self.status_y = y
        y += ui.line_height(SMALL) + ui.px(12)
        self.heading_y = y
        y += ui.line_height(H3, True) + ui.px(4)
        bh = ui.px(64)
        by = self.card.bottom - pad - bh
        self.back_button.rect = pygame.Rect(self.card.centerx - ui.px(150), by, ui.px(300), bh)
        self.list_rect = pygame.Rect(self.card.x + pad, y, inner, by - ui.px(20) - y)
        self.content_h = self._stack(len(self.items), ui.px(96), ui.px(8))
        self._clamp()
        self._place()

    def _scrolled(self) -> list[EngineItem]:
        return self.items

    def _put(self, item: EngineItem, rect: pygame.Rect) -> None:
        item.rect = rect

    def _draw_item(self, surface: pygame.Surface, item: EngineItem) -> None:
        item.draw(surface, self.ui)

    # --- input ------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.editing is not None:
            return self.edit_event(event)
        return super().handle_event(event)

    def _key_on(self, focused: object, event: pygame.event.Event) -> bool:
        if super()._key_on(focused, event):
            return True
        if event.key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            if isinstance(focused, EngineItem):
                self.ask_remove(focused.config)
            return True
        return False

    def _sideways(self, focused: object, step: int) -> bool:
        return False

    def _click(self, event: pygame.event.Event) -> bool:
        if self._click_row(event, self.top_rows):
            return True
        return not self.list_rect.collidepoint(event.pos) and not self.back_button.rect.collidepoint(
            event.pos
        )

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        ui, t = self.ui, self.ui.theme
        ui.panel(surface, self.card, t.panel, border=t.panel_edge, radius=24)
        x, y = self.card.x + self.pad, self.card.y + self.pad
        inner = self.card.width - 2 * self.pad
        y = ui.draw_text(surface, _("Engines"), (x, y), H1, t.text, bold=True, max_width=inner).bottom
        for line in self.intro:
            y = ui.draw_text(surface, line, (x, y), SMALL, t.text_dim, max_width=inner).bottom
        for row in self.top_rows:
            self.draw_row(surface, row, self.app.time)
        if self.checking:
            line, color = _("Checking {path}…").format(path=self.checking), t.text_dim
        else:
            line, color = (self.error, t.danger) if self.error else (self.status, t.accent)
        if line:
            ui.draw_text(surface, line, (x, self.status_y), SMALL, color, max_width=inner)
        heading = _("Configured engines") + f" ({len(self.items)})"
        ui.draw_text(surface, heading.upper(), (x, self.heading_y), TINY + 1, t.accent, bold=True)
        if not self.items:
            ui.draw_text(
                surface, _("None yet: add one by its path."), (x, self.list_rect.y), SMALL, t.text_dim
            )
        self.draw_rows(surface)
        self.back_button.draw(surface, ui)
        if self.editing is not None:
            hints = _("Type or paste (Ctrl+V) the path · Enter check it · Esc cancel")
        else:
            hints = _("↑↓ choose · Enter open or type · Del remove · Esc back")
        if self.is_top:  # a dialog above shows its own
            draw_hints(surface, ui, hints)
