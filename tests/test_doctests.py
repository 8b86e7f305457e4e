"""Run the docstring examples of the core and the built-in plugins."""

import doctest
import importlib
import pkgutil

import pytest

import core
import plugins

SKIP = ("core.ui", "core.view")


def _modules():
    for pkg in (core, plugins):
        for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
            if info.name.startswith(SKIP) or ".view" in info.name:
                continue
            yield info.name


@pytest.mark.parametrize("name", sorted(_modules()))
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
