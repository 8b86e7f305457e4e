"""Numbers typed on the command line, checked in one place.

Every number a command reads (``--movetime``, ``--games``, ``--seed``, a perft depth, a plugin
command's own) goes through :func:`whole_number`, :func:`decimal_number` or :func:`seed_number`
as its argparse ``type=``. Only plain decimal digits are taken: ``inf``, ``nan``, ``1e308``
where a whole number is meant, ``0x10``, ``1_000`` and digits of other scripts are refused, and
so is anything outside the range the option allows. The error is one line (``error: argument
--movetime: ...``, exit code 2) through the command line's parser. Plugins get these from
``tafel``.

>>> movetime = decimal_number(0.001, 3600, what="seconds")
>>> movetime("0.5"), movetime(" 2 "), movetime("1e2")
(0.5, 2.0, 100.0)
>>> for bad in ("inf", "nan", "1e308", "-1", "0", ""):
...     try:
...         movetime(bad)
...     except argparse.ArgumentTypeError as exc:
...         print(exc)
must be a number of seconds, got 'inf'
must be a number of seconds, got 'nan'
must be at least 0.001 and at most 3600 seconds, got '1e308'
must be at least 0.001 and at most 3600 seconds, got '-1'
must be at least 0.001 and at most 3600 seconds, got '0'
must be a number of seconds, got ''
>>> games = whole_number(1, 100_000)
>>> games("12"), games("+3")
(12, 3)
>>> for bad in ("1.5", "1e3", "0x10", "1_000", "٣", "0", "9" * 50):
...     try:
...         games(bad)
...     except argparse.ArgumentTypeError as exc:
...         print(exc)
must be a whole number, got '1.5'
must be a whole number, got '1e3'
must be a whole number, got '0x10'
must be a whole number, got '1_000'
must be a whole number, got '٣'
must be at least 1 and at most 100000, got '0'
must be at least 1 and at most 100000, got '99999999999999999999999999999999999999999999999999'
"""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Callable

#: The largest seed taken (a signed 64-bit integer, so every tool can store it).
SEED_MAX = 2**63 - 1

_WHOLE = re.compile(r"[+-]?[0-9]{1,400}", re.ASCII)
_DECIMAL = re.compile(
    r"[+-]?(?:[0-9]{1,40}(?:\.[0-9]{0,40})?|\.[0-9]{1,40})(?:[eE][+-]?[0-9]{1,4})?", re.ASCII
)


def _fmt(value: float) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _range_error(text: str, low: float | None, high: float | None, unit: str) -> argparse.ArgumentTypeError:
    suffix = f" {unit}" if unit else ""
    if low is not None and high is not None:
        bounds = f"at least {_fmt(low)} and at most {_fmt(high)}{suffix}"
    elif low is not None:
        bounds = f"at least {_fmt(low)}{suffix}"
    else:
        bounds = f"at most {_fmt(high)}{suffix}"  # type: ignore[arg-type]
    return argparse.ArgumentTypeError(f"must be {bounds}, got {text!r}")


def parse_whole(text: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number in plain decimal digits within ``[low, high]``; ArgumentTypeError otherwise."""
    stripped = str(text).strip()
    if not _WHOLE.fullmatch(stripped):
        raise argparse.ArgumentTypeError(f"must be a whole number, got {text!r}")
    value = int(stripped)
    if (low is not None and value < low) or (high is not None and value > high):
        raise _range_error(text, low, high, "")
    return value


def parse_decimal(text: str, low: float | None = None, high: float | None = None, *, what: str = "") -> float:
    """A finite decimal number (``0.5``, ``2``, ``1e-3``) within ``[low, high]``; ``inf``,
    ``nan`` and anything else give ArgumentTypeError."""
    stripped = str(text).strip()
    if not _DECIMAL.fullmatch(stripped):
        kind = f"a number of {what}" if what else "a number"
        raise argparse.ArgumentTypeError(f"must be {kind}, got {text!r}")
    value = float(stripped)  # 1e999 is inf: out of any range
    if not math.isfinite(value) or (low is not None and value < low) or (high is not None and value > high):
        raise _range_error(text, low, high, what)
    return value


class _Type:
    """An argparse ``type=``: callable, and named in argparse's own messages."""

    def __init__(self, name: str, parse: Callable[[str], int | float]) -> None:
        self.__name__ = name
        self._parse = parse

    def __call__(self, text: str) -> int | float:
        return self._parse(text)

    def __repr__(self) -> str:
        return self.__name__


def whole_number(low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """The argparse ``type=`` for a whole number from ``low`` to ``high`` (inclusive)."""
    return _Type("whole number", lambda text: parse_whole(text, low, high))  # type: ignore[return-value]


def decimal_number(
    low: float | None = None, high: float | None = None, *, what: str = ""
) -> Callable[[str], float]:
    """The argparse ``type=`` for a finite number from ``low`` to ``high`` (inclusive); ``what``
    names the unit in errors ("seconds")."""
    return _Type("number", lambda text: parse_decimal(text, low, high, what=what))  # type: ignore[return-value]


def seed_number() -> Callable[[str], int]:
    """The argparse ``type=`` for a seed: 1 to :data:`SEED_MAX` (0 would mean "no seed")."""
    return whole_number(1, SEED_MAX)
