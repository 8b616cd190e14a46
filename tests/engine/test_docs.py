"""The examples in the engine's documentation and docstrings run and print what they say."""

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import engine

ROOT = Path(__file__).resolve().parents[2]


def test_engine_guide_examples_run():
    """docs/engine.md is an executable tour of the API."""
    result = doctest.testfile(str(ROOT / "docs" / "engine.md"), module_relative=False)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize(
    "name", sorted(m.name for m in pkgutil.iter_modules(engine.__path__) if m.name != "__main__")
)
def test_module_docstring_examples_run(name):
    """Every `>>>` example in engine/*.py docstrings holds."""
    module = importlib.import_module(f"engine.{name}")
    assert doctest.testmod(module).failed == 0
