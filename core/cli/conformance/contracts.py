"""The checks of what the core shows from a game: the AI's value scale, the side panel's lines and
the seat colours on the panel.

- **Values**: every level (``easy``, ``medium``, ``hard``: the game's own or the generic ones)
  chooses in a few positions; an ``info["value"]`` must be a number in [0, 1], the expected
  result for the side to move, so a position one move from a win reads above 0.5
  (:func:`tafel.search_value` turns a search score into it).
- **Panel text**: the view's ``status()`` and ``GameState.describe()`` both end up in the side
  panel; a line given twice is shown twice.
- **Seat colours**: the panel draws each seat's dot and name in its colour (the game's palette,
  or ``seat_color``); each must have a contrast of 3:1 or more on the panel, in the default and
  the colour-blind theme.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from tafel.ai.base import Agent, Limit
from tafel.cli.conformance.report import Report, _crash, _Run
from tafel.game import GameDef, GameState, Options

if TYPE_CHECKING:
    from tafel.view import BoardView, ViewContext

#: The least contrast of a seat colour on the panel (WCAG's for graphics).
MIN_CONTRAST = 3.0
#: Positions each level values, and a search budget small enough for a quick check.
VALUE_POSITIONS = 3
VALUE_LIMIT = Limit(depth=2, time=0.2)

#: Makes a new agent of one level for the game checked.
AgentMaker = Callable[[], Agent]


def generic_levels(game: GameDef) -> dict[str, AgentMaker]:
    """The generic ``easy``, ``medium`` and ``hard`` agents for ``game`` (when no registry names
    the game's own)."""
    from tafel.ai.base import LEVEL_TIME
    from tafel.ai.generic import LevelAgent
    from tafel.ai.greedy import GreedyAgent

    return {
        "easy": lambda: GreedyAgent(game),
        "medium": lambda: LevelAgent(game, Limit(time=LEVEL_TIME["medium"])),
        "hard": lambda: LevelAgent(game, Limit(time=LEVEL_TIME["hard"])),
    }


def _wins_next(state: GameState, nxt: GameState) -> bool:
    """True when the move from ``state`` to ``nxt`` wins outright for the side that made it."""
    outcome = nxt.outcome
    if outcome is None or state.players != 2:
        return False
    return outcome.rewards[state.to_move] >= 1.0 and outcome.rewards[1 - state.to_move] <= 0.0


#: At most this many moves are tried when looking for a position one move from a win.
WIN_SEARCH_LIMIT = 3000


def value_positions(runs: Sequence[_Run]) -> tuple[list[GameState], list[GameState]]:
    """(a few running positions spread over the games, positions one move from a win: where a
    random game was won, else where a listed move would win at once, latest first)."""
    running = [s for r in runs for s in r.states if s.outcome is None]
    step = max(1, len(running) // VALUE_POSITIONS)
    before_win = [
        r.states[k] for r in runs for k in range(len(r.moves)) if _wins_next(r.states[k], r.states[k + 1])
    ]
    tried = 0
    for state in reversed(running):
        if len(before_win) >= 2 or tried >= WIN_SEARCH_LIMIT or state.has_hidden_information:
            break
        if any(state is known for known in before_win):
            continue
        moves = state.legal_moves()[: WIN_SEARCH_LIMIT - tried]
        tried += len(moves)
        if any(_wins_next(state, state.play_unchecked(m)) for m in moves):
            before_win.append(state)
    return running[::step][:VALUE_POSITIONS], before_win[:2]


def check_values(
    game: GameDef, runs: Sequence[_Run], seed: int, report: Report, levels: dict[str, AgentMaker]
) -> int:
    """Each level's ``info["value"]`` in a few positions; returns the searches made."""

    plain, before_win = value_positions(runs)
    searched = 0
    for level, make in levels.items():
        for i, state in enumerate([*plain, *before_win]):
            where = f"AI {level} position {i + 1}"
            shown = state.view_for(state.to_move) if state.has_hidden_information else state
            try:
                agent = make()
                agent.choose(shown, VALUE_LIMIT, random.Random(seed + i))
            except Exception as exc:
                _crash(report, where, f"the {level} agent", exc)
                break
            searched += 1
            value = (agent.info or {}).get("value")
            if value is None:
                continue
            if not isinstance(value, int | float) or not math.isfinite(value) or not 0.0 <= value <= 1.0:
                report.fail(
                    f"{where}: info['value'] is {value!r}, not a number in [0, 1] (the expected result for"
                    " the side to move; tafel.search_value turns a search score into it)"
                )
                break
            if i >= len(plain) and value <= 0.5:
                report.fail(
                    f"{where}: one move from a win the value is {value:g} for the side to move; it must be"
                    " above 0.5 (info['value'] is from the point of view of the side to move)"
                )
                break
    return searched


def panel_lines(view: BoardView, state: GameState, ctx: ViewContext, game: GameDef) -> list[str]:
    """The game's lines of the side panel: the view's ``status()`` then ``describe()``."""
    lines = [str(line) for line in (view.status(state, ctx) or [])]
    describe = state.describe()
    if describe:
        lines.append(game.translate(str(describe)))
    return lines


def check_panel_lines(lines: Sequence[str], where: str, report: Report) -> bool:
    """Fail a line the panel would show twice; True when all differ."""
    seen: set[str] = set()
    for line in lines:
        key = " ".join(line.split()).casefold()
        if key and key in seen:
            report.fail(
                f"{where}: the side panel shows {line!r} twice (the view's status() and describe() both"
                " give it; describe() is the game's line, status() only what the view adds)"
            )
            return False
        seen.add(key)
    return True


def check_seat_colors(game: GameDef, options: Options, runs: Sequence[_Run], report: Report) -> None:
    """Every seat's panel colour reads on the panel (3:1), in both themes, in a few positions."""
    from tafel.ui.theme import COLORBLIND, DEFAULT, PALETTES, contrast

    if game.palette is not None and game.palette not in PALETTES:
        report.fail(f"definition: palette {game.palette!r} is not one of {', '.join(PALETTES)}")
        return
    names = game.names(options)
    states = [s for r in runs for s in (r.states[0], r.states[len(r.states) // 2], r.states[-1])]
    for base, label in ((DEFAULT, "default"), (COLORBLIND, "colour-blind")):
        theme = base.with_palette(game.palette)
        for state in states:
            for seat in range(len(names)):
                try:
                    given = state.seat_color(seat, theme)
                except Exception as exc:
                    _crash(report, "seat colours", "seat_color", exc)
                    return
                color = theme.on_panel((given[0], given[1], given[2])) if given else theme.panel_seat(seat)
                ratio = contrast(color, theme.panel)
                if ratio < MIN_CONTRAST:
                    report.fail(
                        f"seat colours ({label} theme): {names[seat]}'s {tuple(color)} has a contrast of"
                        f" {ratio:.1f}:1 on the panel, under {MIN_CONTRAST:g}:1; declare a palette"
                        " (GameDef.palette, e.g. 'black-white') or give a lighter seat_color"
                    )
                    return
