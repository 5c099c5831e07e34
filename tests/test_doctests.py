"""The doctests of the fantan package, run as part of tests/ (the e2e run is not affected)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import fantan

# The command-line entry point is not imported here: importing it is its own job.
SKIP = {"fantan.__main__"}

MODULES = ["fantan"] + sorted(
    m.name for m in pkgutil.walk_packages(fantan.__path__, "fantan.") if m.name not in SKIP
)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"


def test_the_public_surface_has_doctests():
    finder = doctest.DocTestFinder()
    found = sum(len(t.examples) for name in ("fantan", "fantan.rules", "fantan.game")
                for t in finder.find(importlib.import_module(name)))
    assert found > 0
