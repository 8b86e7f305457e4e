"""The test kit is public: :mod:`tafel.testing` (events, a view context, drivers, run_until)."""

from tafel.testing import (  # noqa: F401
    ViewDriver,
    click,
    key,
    keydown,
    motion,
    mouse,
    run_until,
    view_context,
    wheel,
)
