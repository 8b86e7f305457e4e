"""Test set-up: headless SDL before pygame starts, and no installed third-party plugins."""

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

# Bytecode is cached for the run whatever the environment says (PYTHONDONTWRITEBYTECODE): the
# suite starts hundreds of Python processes (command-line sides, engines, AI workers), and each
# one compiled Tafel from source again, as each test worker rewrote every test module again.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TAFEL_NO_ENTRY_POINTS", "1")
# The tests read English unless they ask for another language (a German system would not change them).
os.environ.setdefault("TAFEL_LANG", "en")
os.environ.pop("TAFEL_PLUGINS", None)
# Saves, settings, records and statistics go to a throwaway folder, never the real home.
os.environ["TAFEL_DATA_DIR"] = tempfile.mkdtemp(prefix="tafel-test-data-")
atexit.register(shutil.rmtree, os.environ["TAFEL_DATA_DIR"], ignore_errors=True)  # gone after the run
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


@pytest.fixture(autouse=True)
def _language_restored():
    """A test that switches the language (``main(["--lang", "de", ...])`` sets it for the process,
    as a command line run should) leaves English behind for the next test in the same worker."""
    yield
    from tafel import i18n

    if i18n.current() != "en":
        i18n.set_language("en")


# --- wall time against CPU time ------------------------------------------------------------------
# The suite should spend its time computing, not waiting: the summary prints both (CPU time of
# this process and of the worker processes it started and reaped).

import resource  # noqa: E402
import time  # noqa: E402

_START = (
    time.monotonic(),
    resource.getrusage(resource.RUSAGE_SELF),
    resource.getrusage(resource.RUSAGE_CHILDREN),
)


def _cpu(usage) -> float:
    return usage.ru_utime + usage.ru_stime


def pytest_terminal_summary(terminalreporter):
    wall = time.monotonic() - _START[0]
    cpu = _cpu(resource.getrusage(resource.RUSAGE_SELF)) - _cpu(_START[1])
    cpu += _cpu(resource.getrusage(resource.RUSAGE_CHILDREN)) - _cpu(_START[2])
    ratio = wall / cpu if cpu > 0 else float("inf")
    terminalreporter.write_line(f"time: {wall:.1f} s wall, {cpu:.1f} s CPU (wall/CPU {ratio:.2f})")
