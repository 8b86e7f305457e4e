"""Amakta Infinit changes Amakta through public, documented hooks only (issue 37, item 4): a
variant that overrode a private method would break when Amakta renames one."""

from __future__ import annotations

from tafel.games.amakta.rules.state import AmaktaState
from tafel.games.amakta_infinit.state import InfinitState

HOOKS = {
    "state_fields",
    "start_moves",
    "illegal_reason",
    "carried",
    "compute_outcome",
    "read_move",
    "describe_phase",
}


def _overridden(cls: type, base: type) -> set[str]:
    return {name for name in vars(cls) if name in dir(base) and not name.startswith("__")}


def test_amakta_infinit_overrides_no_private_name_of_amakta():
    overridden = _overridden(InfinitState, AmaktaState)
    assert {name for name in overridden if name.startswith("_")} == set()
    assert HOOKS <= overridden | {"state_fields"}


def test_each_hook_is_documented_on_amaktas_state():
    for name in HOOKS:
        assert f"`{name}`" in AmaktaState.__doc__ or f":attr:`{name}`" in AmaktaState.__doc__
        member = getattr(AmaktaState, name)
        assert callable(member) and member.__doc__ or name == "state_fields", name
