"""Run the docstring examples of the whole package: the core, its screens and views, and the
built-in games (``tafel.games``), pygame modules included (the tests run headless)."""

import doctest
import importlib
import pkgutil

import pytest

import tafel


def _modules():
    yield tafel.__name__
    for info in pkgutil.walk_packages(tafel.__path__, tafel.__name__ + "."):
        yield info.name


@pytest.mark.parametrize("name", sorted(_modules()))
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
