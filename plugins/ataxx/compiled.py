"""The Ataxx search with its hot path compiled, when the optional C extension is built.

``_fastsearch`` (``plugins/ataxx/_fastsearch.c``, built by ``pip install`` where a C compiler
is found) is the search's node (:meth:`AlphaBeta._negamax
<tafel.games.ataxx.alphabeta.AlphaBeta._negamax>`), the evaluation and the transposition table
in C, line for line: a search to a fixed depth visits the same nodes and finds the same move
as the pure-Python one, only many times faster (bench/RESULTS.md, issue 43). The root,
iterative deepening and the limits stay the Python :class:`~tafel.games.ataxx.search.Engine`'s;
the C search calls its check back every few hundred nodes, and lets other threads run between.

:func:`make_engine` gives the compiled engine where it can (the extension is there, the
evaluation is one it has, ``TAFEL_ATAXX_PURE`` is not set) and the pure-Python one otherwise.
Where they differ: the compiled table is a fixed block of ``tt_size`` entries that replaces old
shallow entries once full (the Python one is a dict retired and emptied in steps), so the
counts agree as long as neither table fills.

>>> from tafel.games.ataxx.rules import AtaxxState
>>> s = AtaxxState.start()
>>> engine = make_engine()
>>> engine.search(s.red, s.blue, s.gaps, max_depth=3).depth
3
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from . import search as _search
from .board import BOARD
from .search import DEFAULT_WEIGHTS, Engine, Weights

try:
    from . import _fastsearch
except ImportError:  # no compiler at install time: the pure-Python search
    _fastsearch = None  # type: ignore[assignment]

__all__ = ["AVAILABLE", "CompiledEngine", "compiled_supports", "make_engine"]

#: Whether the C extension is built and importable.
AVAILABLE = _fastsearch is not None
#: Set (to anything but 0 or empty) to search in pure Python although the extension is there.
PURE_ENV = "TAFEL_ATAXX_PURE"


def compiled_supports(weights: Weights | None) -> bool:
    """Whether the C search has this evaluation: material only, or the fast one (threat, safe
    and edge stones; see :attr:`Weights.fast <tafel.games.ataxx.evaluation.Weights.fast>`)."""
    return weights is None or weights.fast


def use_compiled(weights: Weights | None = DEFAULT_WEIGHTS) -> bool:
    """Whether :func:`make_engine` gives the compiled engine for ``weights`` here and now."""
    return AVAILABLE and compiled_supports(weights) and os.environ.get(PURE_ENV, "") in ("", "0")


#: The compiled engine's table in the arcade: a million entries (43 MB at most, touched as used;
#: a search stores about one entry per 15 nodes, some 100,000 a second here).
COMPILED_TT_SIZE = 1 << 20


def make_engine(weights: Weights | None = DEFAULT_WEIGHTS, tt_size: int | None = None) -> Engine:
    """The fastest engine for ``weights``: compiled where possible, else pure Python; ``tt_size``
    by default each one's own."""
    if use_compiled(weights):
        return CompiledEngine(weights, tt_size or COMPILED_TT_SIZE)
    return Engine(weights) if tt_size is None else Engine(weights, tt_size)


class _Table:
    """The C table seen as the mapping the Python search uses: ``len``, ``get``, ``[key] =``,
    ``clear`` (keys ``(own, opp)``, values ``(depth, score, flag, move)``)."""

    __slots__ = ("_c",)

    def __init__(self, searcher) -> None:
        self._c = searcher

    def __len__(self) -> int:
        return self._c.tt_len()

    def get(self, key: tuple[int, int], default=None):
        entry = self._c.tt_get(*key)
        return default if entry is None else entry

    def __setitem__(self, key: tuple[int, int], entry: tuple[int, int, int, int]) -> None:
        self._c.tt_set(key[0], key[1], entry)

    def clear(self) -> None:
        self._c.tt_clear()


class _Path:
    """The C search's set of positions on the way (the game's and the line's) as a set."""

    __slots__ = ("_c",)

    def __init__(self, searcher) -> None:
        self._c = searcher

    def add(self, key: tuple[int, int]) -> None:
        self._c.path_add(*key)

    def discard(self, key: tuple[int, int]) -> None:
        self._c.path_discard(*key)


class CompiledEngine(Engine):
    """:class:`~tafel.games.ataxx.search.Engine` with the node, the evaluation and the table in C.

    Same settings, same results at a fixed depth; the table holds ``tt_size`` entries in a
    fixed block (32 bytes each, against some 300 for a Python dict's entry) and never pauses:
    :meth:`retire`, :meth:`drain` and :meth:`trim` have nothing to do.
    """

    check_every = _fastsearch.CHECK_NODES if _fastsearch is not None else 0
    #: 32 bytes a slot, the table at most three quarters full.
    entry_bytes = 43

    def __init__(self, weights: Weights | None = DEFAULT_WEIGHTS, tt_size: int = 1 << 17) -> None:
        if _fastsearch is None:
            raise RuntimeError("the compiled Ataxx search is not built (pip install -e . with a C compiler)")
        if not compiled_supports(weights):
            raise ValueError("the compiled search has the fast evaluation and material only")
        self._c = _fastsearch.Searcher(tt_size)
        self._weights = weights
        self._tt_size = tt_size
        self._table = _Table(self._c)
        super().__init__(weights, tt_size)
        # (The C method takes its arguments by position only, as the search passes them.)
        self._negamax = self._c.negamax  # type: ignore[method-assign, assignment]

    # The attributes the Python search keeps in its own objects live in the C one here.
    @property  # type: ignore[override]
    def nodes(self) -> int:
        return self._c.nodes

    @nodes.setter
    def nodes(self, value: int) -> None:
        self._c.nodes = value

    @property  # type: ignore[override]
    def tt(self) -> _Table:
        return self._table

    @tt.setter
    def tt(self, value) -> None:
        if value:
            raise ValueError("the compiled engine's table is its own; it can only be emptied")
        self._c.tt_clear()

    @property  # type: ignore[override]
    def tt_size(self) -> int:
        return self._tt_size

    @tt_size.setter
    def tt_size(self, value: int) -> None:
        if value != self._tt_size:
            self._c.tt_resize(value)
            self._tt_size = value

    @property
    def prefaulted(self) -> bool:
        """Whether :meth:`prefault` has nothing left to do."""
        return self._c.tt_prefaulted

    def prefault(self) -> None:
        """Write every page of the (empty) table once, off the clock: a search never pays for
        the first touch of a page (tens of milliseconds for a large table's first moves)."""
        self._c.tt_prefault()

    def retire(self) -> None:
        """Nothing to do: the table is a fixed block that replaces its entries in place."""

    @property
    def draining(self) -> bool:
        return False

    def drain(self, count: int = 0) -> None:
        """Nothing to do (see :meth:`retire`)."""

    def trim(self) -> None:
        """Nothing to do (see :meth:`retire`)."""

    def clear(self) -> None:
        super().clear()
        self._c.clear_killers()

    # (Only the root adds to and discards from this path; the C search looks keys up itself.)
    def _new_path(self, seen: Iterable[tuple[int, int]]) -> _Path:  # type: ignore[override]
        self._c.path_clear()
        path = _Path(self._c)
        for key in seen:
            path.add(key)
        return path

    def _check(self) -> None:
        # The Python engine's look at its limits, without the table's upkeep (none needed).
        # (the search bench may give it the CPU clock)
        self._abort_past_limits(self._look(_search.time.perf_counter()))

    def search(self, own: int, opp: int, gaps: int, *args, **kwargs):  # type: ignore[override]
        """:meth:`Engine.search <tafel.games.ataxx.search.Engine.search>`, compiled below the root."""
        if gaps != self.gaps:
            self.clear()
            self.gaps = gaps
            self.board = BOARD & ~gaps
        self._c.configure(
            self.board,
            self._weights is None,
            self._weights.threat if self._weights is not None else 0,
            self.safe_w,
            self.edge_w,
            self.margin,
            self.lmr,
            self.lmr_index,
            self.lmr_flips,
            self.lmr_deep,
            self.null_move,
            self.rfp_depth,
            self.rfp_margin,
            self.futility,
        )
        if self.history:
            raise ValueError("the compiled search has no history heuristic (it is off in every level)")
        self._c.new_search()
        self._c.set_check(self._check)
        try:
            return super().search(own, opp, gaps, *args, **kwargs)
        finally:
            self._c.set_check(None)  # no cycle engine -> searcher -> bound method -> engine
