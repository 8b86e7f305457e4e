"""Puzzles for every game: positions where exactly one move wins, mined from engine games.

A game opts in with ``GameDef.puzzles``, a :class:`~tafel.puzzles.support.PuzzleSupport`
(``tafel.PuzzleSupport``): how to value every move of a position, which themes a solution shows,
and where its shipped set lies. The parts, a module each:

- :mod:`~tafel.puzzles.support`: the hook a game fills in, and the generic move values;
- :mod:`~tafel.puzzles.puzzle`: the puzzle record, loading a set (untrusted data), checking an answer;
- :mod:`~tafel.puzzles.glicko`: Glicko-2 for the player and each puzzle;
- :mod:`~tafel.puzzles.progress`: the player's ratings, solved puzzles and streaks, saved in the data folder;
- :mod:`~tafel.puzzles.room`: which puzzle comes next (at the player's level, the daily one, a streak);
- :mod:`~tafel.puzzles.miner`: the generator, ``python main.py puzzles mine GAME``.
"""
