"""The engine's layers: rule modules sit below `engine.game` and never import it back.

`engine/kernel.py` holds the state and the core rule operations; the rule modules (cards,
characters, serialize, view, ...) are typed against the kernel. Only the modules that use a
whole game (the game itself, the package's lazy exports, the command line, the bot and its
helpers) may import `engine.game`. Imports are read with `ast`, TYPE_CHECKING blocks and
imports inside functions included.
"""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"

# Modules that legitimately sit above the game.
ABOVE_GAME = frozenset(
    {
        "game.py",
        "__init__.py",
        "__main__.py",
        "cli.py",
        "bot.py",
        "infostate.py",
        "foresight.py",
    }
)


def _names_game(node: ast.AST) -> bool:
    """Does this import statement bring in engine.game (as a module or from it)?"""
    if isinstance(node, ast.Import):
        return any(a.name == "engine.game" or a.name.startswith("engine.game.") for a in node.names)
    if not isinstance(node, ast.ImportFrom):
        return False
    module = node.module or ""
    if node.level == 1:  # inside engine/: `from .game import X`, `from . import game`
        target, package = module, ""
    elif node.level == 0 and (module == "engine" or module.startswith("engine.")):
        target, package = module.removeprefix("engine").lstrip("."), "engine"
    else:
        return False
    if target == "game" or target.startswith("game."):
        return True
    return target == "" and any(a.name == "game" for a in node.names) and package in ("", "engine")


def imports_of_game(path: Path) -> list[int]:
    """Line numbers where the module imports engine.game (any form, any nesting)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return sorted(node.lineno for node in ast.walk(tree) if _names_game(node))


def test_no_rule_module_imports_the_game() -> None:
    offenders = {
        path.name: found
        for path in sorted(ENGINE.glob("*.py"))
        if path.name not in ABOVE_GAME and (found := imports_of_game(path))
    }
    assert offenders == {}, f"modules below the game import engine.game: {offenders}"


def test_the_import_check_sees_every_form(tmp_path: Path) -> None:
    """The checker finds plain, relative, nested and TYPE_CHECKING imports of the game."""
    cases = {
        "from .game import Game": [1],
        "from . import game": [1],
        "import engine.game": [1],
        "from engine.game import Game": [1],
        "from engine import game": [1],
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .game import Game": [3],
        "def f():\n    from .game import new_game": [2],
        "from .kernel import Kernel\nfrom .gamestuff import x": [],
    }
    for text, want in cases.items():
        path = tmp_path / "mod.py"
        path.write_text(text, encoding="utf-8")
        assert imports_of_game(path) == want, text


def test_the_rule_modules_build_on_the_kernel() -> None:
    from engine.cards import CardRules
    from engine.characters import CharacterRules
    from engine.game import Game
    from engine.kernel import Kernel

    assert issubclass(CardRules, Kernel) and issubclass(CharacterRules, Kernel)
    assert issubclass(Game, CardRules) and issubclass(Game, CharacterRules)
