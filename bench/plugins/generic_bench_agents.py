"""Bench-only agents for every game, loaded with ``TAFEL_PLUGIN_DIRS=bench/plugins``:

- ``generic-former``: the generic alpha-beta before issue 40, item 8 (bench/_generic_former.py),
  the yardstick of ``bench/generic_match.py``;
- ``generic-lmr``: today's generic alpha-beta with late move reductions on (``reduce=True``).

    TAFEL_PLUGIN_DIRS=bench/plugins:examples/tafel-hexxagon python main.py arena hexxagon \\
        alphabeta generic-former --movetime 0.3 --games 20
"""

from __future__ import annotations

import sys
from pathlib import Path

from tafel import AgentDef, AgentRegistrar, Limit, hookimpl

BENCH = Path(__file__).resolve().parent.parent


def _former(game):
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    from _generic_former import AlphaBetaAgent

    return AlphaBetaAgent(game, default_limit=Limit(time=0.3))


def _lmr(game):
    from tafel import AlphaBetaAgent

    return AlphaBetaAgent(game, default_limit=Limit(time=0.3), reduce=True)


@hookimpl
def register_agents(register: AgentRegistrar) -> None:
    register(AgentDef("generic-lmr", "The generic alpha-beta with late move reductions", _lmr))
    register(
        AgentDef(
            "generic-former",
            "The generic alpha-beta before issue 40 (bench yardstick)",
            _former,
            default_limit=Limit(time=0.3),
        )
    )
