"""Handing memory back after a big release (a screen left, a game over in the AI worker).

Screens and search trees live in reference cycles, freed only by Python's cycle collector, whose
oldest generation is collected rarely; and glibc keeps freed heap memory for later instead of
giving it back. :func:`release` does both at a moment the caller knows much was let go: a full
collection (tens of milliseconds in the arcade), then ``malloc_trim`` where the C library is
glibc (well under a millisecond), so the process's size follows what it uses.

>>> release() >= 0
True
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable

_TRIM: list[Callable[[int], int] | None] = []


def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None elsewhere."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        return ctypes.CDLL("libc.so.6").malloc_trim
    except (ImportError, OSError, AttributeError):
        return None


_SETTLED: list[bool] = []


def settle() -> None:
    """Once a process has started (its modules, plugins, catalogs and fonts loaded: objects that
    live as long as it does), move what is alive out of the cycle collector's sight (``gc.freeze``),
    so that each later full collection (:func:`release`) scans only what came after. Only the
    first call does anything: a frozen object that later becomes garbage in a cycle is never
    collected, so freezing again would keep whatever the first screens made and let go of.
    """
    if _SETTLED:
        return
    _SETTLED.append(True)
    gc.collect()
    gc.freeze()


def release() -> int:
    """Collect every generation, then give the heap's free memory back to the system where the C
    library can. Returns the number of unreachable objects found."""
    found = gc.collect()
    if not _TRIM:
        _TRIM.append(_malloc_trim())
    trim = _TRIM[0]
    if trim is not None:
        trim(0)
    return found
