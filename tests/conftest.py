"""Test set-up: headless SDL before pygame starts, and no installed third-party plugins."""

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TAFEL_NO_ENTRY_POINTS", "1")
os.environ.pop("TAFEL_PLUGINS", None)
# Saves, settings, records and statistics go to a throwaway folder, never the real home.
os.environ["TAFEL_DATA_DIR"] = tempfile.mkdtemp(prefix="tafel-test-data-")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402


@pytest.fixture(scope="session")
def registry():
    from tafel.plugins import load_registry

    return load_registry()


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path_factory, monkeypatch):
    """Each test gets its own empty data folder, so one test's autosave never shows up in another."""
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path_factory.mktemp("data")))
