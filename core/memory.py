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
