"""Architecture rule 1: the core never names a game, not even in a comment, a docstring or a
catalog (a game's words belong to its plugin; a core that names one has begun to lean on it)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The built-in games, as any text would name them.
GAME_NAMES = re.compile(r"ataxx|atoll|axxa|amakta", re.IGNORECASE)


def test_no_file_of_the_core_names_a_built_in_game():
    named = []
    for path in sorted((ROOT / "core").rglob("*")):
        if not path.is_file() or path.suffix in {".so", ".pyc", ".mo", ".ttf"}:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if GAME_NAMES.search(line):
                named.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not named, "\n".join(named)
