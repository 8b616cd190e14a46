"""The page sits on the engine's public API: `ui/` imports `engine` (the names of
`engine.__all__`, listed in engine/__init__.py) and the typed view (`GameView` and its parts,
in the module that defines `engine.GameView`), and no other engine module. Imports are read
with `ast`: module level, TYPE_CHECKING blocks and imports inside functions alike.

The public names are those of `engine.__all__`: the action values and their parser, the
setup, the game and its errors, the kinds and reason codes, the board geometry and names
(cell_of, floor_of, pos_at, row_col, cell_index, cell_name), the card and tile kinds, the
decision options (parse_order, parse_die_face, die_face_option and the payloads), the
`events` namespace, the bot, the bounded JSON reader, and the state's plain encoding.
"""

from __future__ import annotations

import ast
from pathlib import Path

import engine

UI = Path(__file__).resolve().parents[2] / "ui"
VIEW = engine.GameView.__module__  # the typed view's module
PUBLIC = frozenset(engine.__all__)


def engine_imports(path: Path) -> list[tuple[int, str]]:
    """(line, what) for every import of an engine module or name that is not public."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                name = alias.name
                if name.startswith("engine.") and name != VIEW:
                    found.append((node.lineno, name))
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            module = node.module
            if module == "engine":
                found += [(node.lineno, a.name) for a in node.names if a.name not in PUBLIC]
            elif module.startswith("engine.") and module != VIEW:
                found.append((node.lineno, module))
    return found


def test_the_page_imports_only_the_public_api_and_the_view() -> None:
    offenders = {
        path.name: found for path in sorted(UI.glob("*.py")) if (found := engine_imports(path))
    }
    assert offenders == {}


def test_the_check_sees_a_rules_module_import(tmp_path: Path) -> None:
    """The check itself: a rules module, a private name and the view, each in its form."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import engine\n"
        "from engine import Action, events as ev\n"
        f"from {VIEW} import GameView\n"
        "def f():\n"
        "    from engine.rules.kernel import Kernel\n"
        "    from engine import _EXPORTS\n"
        "    import engine.io.serialize\n",
        encoding="utf-8",
    )
    assert engine_imports(sample) == [
        (5, "engine.rules.kernel"),
        (6, "_EXPORTS"),
        (7, "engine.io.serialize"),
    ]


def test_every_public_name_loads_and_is_typed_for_mypy() -> None:
    """`engine.__all__` and the lazy table agree, and each name is also in the
    TYPE_CHECKING block (so mypy sees its type, not Any)."""
    source = (Path(engine.__file__)).read_text(encoding="utf-8")
    tree = ast.parse(source)
    typed: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            for sub in ast.walk(node):
                if isinstance(sub, ast.ImportFrom):
                    typed |= {a.asname or a.name for a in sub.names}
    lazy = set(engine._EXPORTS) | set(engine._MODULES)
    assert PUBLIC - {"__version__"} == lazy
    assert typed == lazy
    for name in sorted(lazy):
        assert getattr(engine, name) is not None, name
