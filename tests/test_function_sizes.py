"""The size rule is a function's (issue 37): none in the core is over 80 lines, ``def`` to its last
line. ruff's complexity rules (pyproject.toml, run by tests/test_lint.py) bound branches and
statements; this bounds what a reader scrolls through, docstring and comments included.

Counted by bench/contract_metrics.py, which prints the figure with the core's other shape figures.
"""

from __future__ import annotations

from tests.bench_scripts import load


def test_no_function_in_the_core_is_over_80_lines():
    metrics = load("contract_metrics")
    assert metrics.long_functions() == [], "split these (GUIDE.md: a function over ~60 lines is the smell)"


def test_the_count_reads_a_function_from_its_decorator_to_its_last_line(tmp_path, monkeypatch):
    metrics = load("contract_metrics")
    (tmp_path / "core").mkdir()
    body = "\n".join(f"    x{i} = {i}" for i in range(78))
    source = f"def fits():\n{body}\n    return 1\n\n\n@staticmethod\ndef over():\n{body}\n    return 1\n"
    (tmp_path / "core" / "m.py").write_text(source)
    monkeypatch.setattr(metrics, "ROOT", tmp_path)
    monkeypatch.setattr(metrics, "CORE", tmp_path / "core")
    assert metrics.long_functions() == ["core/m.py:84 over (81 lines)"]
