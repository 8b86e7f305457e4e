"""Bench-only agents for Ataxx, loaded with ``TAFEL_PLUGIN_DIRS=bench/plugins``, so that
``python main.py arena`` can measure each search change by an SPRT (bench/RESULTS.md, "Ataxx
hard level (issue 20, item 3)"):

- ``former``: the hard level before issue 20, item 3 (bench/_ataxx_former.py), the yardstick;
- ``hard-python``: the hard level searching in pure Python (the hard level of 2026-12-03 before
  the compiled search of issue 43: the same nodes and moves at a fixed depth, at its speed);
- ``hard-no-FEATURE``: the hard level with one search feature switched off
  (``Engine.disable``: history, aspiration, keep, full_time, lmr, null_move, rfp, futility);
- ``hard-a``, ``hard-b``: the hard level with engine settings from ``ATAXX_BENCH_A`` and
  ``ATAXX_BENCH_B``, comma-separated ``name=value``: engine attributes (``tt_size``,
  ``keep_depth``, ``lmr_index``, ``lmr_flips``, ``lmr_deep``, ``rfp_depth``, ``rfp_margin``,
  ``futility``, ``aspiration``, ...) and
  evaluation weights (``threat``, ``counter``, ``exposed``, ``safe``, ``edge``: any given makes
  new :class:`Weights`, the others 0).

    TAFEL_PLUGIN_DIRS=bench/plugins python main.py arena ataxx hard former --movetime 0.05 \\
        --openings bench/ataxx_openings.txt --sprt elo0=0 elo1=25
    ATAXX_BENCH_A=tt_size=4096 ATAXX_BENCH_B=tt_size=4096,keep_depth=0 \\
        TAFEL_PLUGIN_DIRS=bench/plugins python main.py arena ataxx hard-a hard-b ...
"""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from pathlib import Path

from tafel import AgentDef, AgentRegistrar, Limit, hookimpl

BENCH = Path(__file__).resolve().parent.parent
FEATURES = ("history", "aspiration", "keep", "full_time", "lmr", "null_move", "rfp", "futility")
WEIGHT_NAMES = ("threat", "counter", "exposed", "safe", "edge")


def _former(game):
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    from _ataxx_former import former_agent

    return former_agent()


def _hard_python(game):
    from tafel.games.ataxx.ai import AtaxxSearch

    agent = AtaxxSearch("hard")
    agent.engine = agent.level.engine(compiled=False)
    return agent


def _without(feature: str):
    def make(game):
        from tafel.games.ataxx.ai import AtaxxSearch

        agent = AtaxxSearch("hard")
        agent.engine.disable(feature)
        return agent

    return make


def _configured(variable: str):
    def make(game):
        from tafel.games.ataxx.ai import AtaxxSearch
        from tafel.games.ataxx.search import Weights

        text = os.environ.get(variable, "")
        values = {k.strip(): int(v) for k, v in (p.split("=") for p in text.split(",") if p.strip())}
        agent = AtaxxSearch("hard")
        weights = {k: values.pop(k) for k in WEIGHT_NAMES if k in values}
        # (The compiled search has no history heuristic: with it, the pure-Python search.)
        compiled = not values.get("history")
        if weights or not compiled:
            level = replace(agent.level, weights=Weights(**weights)) if weights else agent.level
            agent.engine = level.engine(compiled=compiled)
        for name, value in values.items():
            if not hasattr(agent.engine, name):
                raise ValueError(f"{variable}: the engine has no setting {name!r}")
            setattr(agent.engine, name, value)
        return agent

    return make


@hookimpl
def register_agents(register: AgentRegistrar) -> None:
    limit = Limit(time=1.0)

    def add(name: str, text: str, factory) -> None:
        register(AgentDef(name, text, factory, games=("ataxx",), default_limit=limit))

    add("former", "Ataxx hard level before issue 20 item 3", _former)
    add("hard-python", "Ataxx hard level in pure Python (before issue 43's compiled search)", _hard_python)
    for feature in FEATURES:
        add(f"hard-no-{feature}", f"Ataxx hard level without {feature}", _without(feature))
    add("hard-a", "Ataxx hard level with the settings of ATAXX_BENCH_A", _configured("ATAXX_BENCH_A"))
    add("hard-b", "Ataxx hard level with the settings of ATAXX_BENCH_B", _configured("ATAXX_BENCH_B"))
