"""The plugin API reference (issue 40): every public name documented, an example for each kit
drawing function, and `tafel api-docs` writing the HTML with pdoc."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest

from tafel.cli.authoring import API_MODULES

CORE = Path(importlib.import_module("tafel").__file__).parent
#: The kit's drawing functions: each docstring shows an example (and so does every other public
#: function of the kit: :func:`kit_functions`).
KIT_DRAWING = (
    "stone", "gem", "tile", "cross", "ring", "rounded", "stroke", "blur", "fast", "supersampled",
    "polygon", "cell_mark", "target", "draw_hint", "arrow", "draw_cursor", "draw_chain", "pulse",
    "blit_centered", "hex_points", "dashed", "x_mark", "plate", "paint_board", "label", "card",
    "edge_marker", "tip", "paragraph", "button_row",
)  # fmt: skip


def _sources() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(CORE.rglob("*.py")))


def _documented_value(name: str, sources: str) -> bool:
    """A module-level name with a ``#:`` comment above its assignment or a string right after it."""
    above = re.search(rf"^#:.*\n(#:.*\n)*{re.escape(name)}\s*[:=]", sources, re.M)
    after = re.search(rf"^{re.escape(name)}\s*[:=][^\n]*\n(\"\"\"|\")", sources, re.M)
    return bool(above or after)


def _own_doc(obj) -> str:
    doc = obj.__doc__ or ""
    # A dataclass without a docstring gets one made of its signature: that is no documentation.
    if inspect.isclass(obj) and doc.startswith(f"{obj.__name__}("):
        return ""
    return doc.strip()


def undocumented(module_name: str) -> list[str]:
    module = importlib.import_module(module_name)
    sources = _sources()
    missing = []
    for name in module.__all__:
        obj = getattr(module, name)
        ours = getattr(obj, "__module__", "").startswith("tafel")
        if ours and (inspect.isclass(obj) or inspect.isfunction(obj) or inspect.ismethod(obj)):
            if not _own_doc(obj):
                missing.append(name)
        elif not _documented_value(name, sources):
            missing.append(name)
    return missing


@pytest.mark.parametrize("module_name", API_MODULES)
def test_every_public_name_has_a_docstring(module_name):
    assert undocumented(module_name) == []


def test_the_check_catches_a_name_without_a_docstring(monkeypatch):
    import tafel.kit

    def bare(surface):
        pass

    monkeypatch.setattr(tafel.kit, "bare", bare, raising=False)
    monkeypatch.setattr(tafel.kit, "__all__", [*tafel.kit.__all__, "bare"])
    assert undocumented("tafel.kit") == ["bare"]


def kit_functions() -> list[str]:
    """Every public function of ``tafel.kit``: those that draw into a surface, make a picture,
    lay out rectangles or time a motion."""
    import tafel.kit

    return sorted(n for n in tafel.kit.__all__ if inspect.isfunction(getattr(tafel.kit, n)))


def test_the_named_drawing_functions_are_public_functions():
    functions = kit_functions()
    assert set(KIT_DRAWING) <= set(functions)
    # A function that draws into a surface is a drawing function whatever its name.
    import tafel.kit

    drawing = {n for n in functions if "surface" in inspect.signature(getattr(tafel.kit, n)).parameters}
    assert {"paint_board", "label", "card", "edge_marker"} <= drawing


@pytest.mark.parametrize("name", kit_functions())
def test_each_kit_drawing_function_shows_an_example(name):
    import tafel.kit

    function = getattr(tafel.kit, name)
    assert ">>>" in (function.__doc__ or ""), f"tafel.kit.{name} has no example"
    assert str(inspect.signature(function))  # pdoc shows it: it must be readable


def test_api_docs_writes_the_reference(tmp_path, capsys):
    pytest.importorskip("pdoc")
    from tafel.cli import main

    assert main(["api-docs", "--out", str(tmp_path / "api")]) == 0
    kit = (tmp_path / "api" / "tafel" / "kit.html").read_text(encoding="utf-8")
    assert 'id="stone"' in kit and "radius" in kit and "&gt;&gt;&gt;" in kit
    assert (tmp_path / "api" / "tafel" / "testing.html").exists()
    # Only the public modules: the core's own are not in the reference.
    assert not (tmp_path / "api" / "tafel" / "ai").exists()


def test_api_docs_into_a_file_says_it_is_not_a_folder(tmp_path, capsys):
    pytest.importorskip("pdoc")
    from tafel.cli import main

    (tmp_path / "api").write_text("")
    assert main(["api-docs", "--out", str(tmp_path / "api")]) == 2
    assert capsys.readouterr().err.strip() == f"error: cannot write {tmp_path / 'api'}: not a folder"
