"""The engine's layers are its folders, and the arrows point down.

    engine/cli.py, engine/__main__.py   the command line (top: may import every layer)
    engine/autopilot/                   the bot and whole-game autoplay
    engine/io/                          JSON, load checks, input limits, records
    engine/rules/                       values, state, the rule tables, view, queries

`engine/rules/` imports nothing from `engine/io/`, `engine/autopilot/` or the command line;
`engine/io/` imports nothing from `engine/autopilot/` or the command line; the autopilot
does not import the command line; nothing in `engine/` imports the page (`ui`). The package's
`__init__` holds the version and the lazy public exports: a lower layer may take
`__version__` from it, nothing else (any other name would pull in whatever layer defines it).
Imports are read with `ast`: TYPE_CHECKING blocks and imports inside functions included.
"""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"

# layer (a folder of engine/, or "top" for the modules at its root) -> what it must not import
FORBIDDEN = {
    "rules": {"io", "autopilot", "cli", "__main__", "ui"},
    "io": {"autopilot", "cli", "__main__", "ui"},
    "autopilot": {"cli", "__main__", "ui"},
    "top": {"ui"},
}
LAYERS = ("rules", "io", "autopilot")


def _module_name(path: Path) -> str:
    """`engine/rules/game.py` -> `engine.rules.game`; `engine/io/__init__.py` -> `engine.io`."""
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _package_of(path: Path) -> str:
    name = _module_name(path)
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def imported_modules(path: Path, package: str) -> list[tuple[int, str]]:
    """(line, absolute module name) for every import in the file, of any form and nesting.
    `from X import a` yields both `X` and `X.a` (a may be a submodule)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            found.append((node.lineno, module))
            found += [(node.lineno, f"{module}.{a.name}") for a in node.names]
    return found


def layer_of_module(module: str) -> str | None:
    """Which part of the program a module name belongs to: a layer, "cli", "__main__",
    "engine" (the package's own __init__), "ui", or None for anything else."""
    parts = module.split(".")
    if parts[0] == "ui":
        return "ui"
    if parts[0] != "engine":
        return None
    if len(parts) == 1:
        return "engine"
    return parts[1] if parts[1] in (*LAYERS, "cli", "__main__") else "engine"


def bad_imports(path: Path, package: str, layer: str) -> list[tuple[int, str]]:
    """(line, module) of the imports in `path` that point up or sideways past `layer`."""
    out = []
    for line, module in imported_modules(path, package):
        target = layer_of_module(module)
        # `from engine import Game` in a lower layer: the lazy exports reach every layer
        upward_export = target == "engine" and module not in ("engine", "engine.__version__")
        if target in FORBIDDEN[layer] or (upward_export and layer != "top"):
            out.append((line, module))
    return out


def violations(path: Path) -> list[str]:
    rel = path.relative_to(ENGINE).parts
    layer = rel[0] if len(rel) > 1 else "top"
    where = path.relative_to(ENGINE.parent)
    return [
        f"{where}:{line} imports {m}" for line, m in bad_imports(path, _package_of(path), layer)
    ]


def test_every_engine_module_sits_in_a_layer() -> None:
    stray = [
        p.relative_to(ENGINE).as_posix()
        for p in ENGINE.rglob("*.py")
        if len(p.relative_to(ENGINE).parts) > 1 and p.relative_to(ENGINE).parts[0] not in LAYERS
    ]
    top = sorted(p.name for p in ENGINE.glob("*.py"))
    assert stray == [] and top == ["__init__.py", "__main__.py", "cli.py"]


def test_the_arrows_point_down() -> None:
    found = [v for path in sorted(ENGINE.rglob("*.py")) for v in violations(path)]
    assert found == [], "imports against the layers:\n" + "\n".join(found)


# Inside the rules, the rule tables sit on the kernel, below the whole game; only the modules
# that work on a whole game (the game itself, its view, its queries and the sampler) import it.
ABOVE_GAME = frozenset({"game.py", "view.py", "foresight.py", "infostate.py"})


def test_the_rule_tables_sit_below_the_game() -> None:
    offenders = {
        path.name: lines
        for path in sorted((ENGINE / "rules").glob("*.py"))
        if path.name not in ABOVE_GAME
        and (
            lines := [
                line
                for line, m in imported_modules(path, "engine.rules")
                if m == "engine.rules.game" or m.startswith("engine.rules.game.")
            ]
        )
    }
    assert offenders == {}, f"rule modules below the game import engine.rules.game: {offenders}"


def test_the_import_check_sees_every_form(tmp_path: Path) -> None:
    """The checker finds plain, relative, nested and TYPE_CHECKING imports of upper layers."""
    cases = {
        "from ..io.serialize import to_json": ["io"],
        "from ..io import serialize": ["io"],
        "from .. import io": ["io"],
        "import engine.autopilot.bot": ["autopilot"],
        "from engine.autopilot.bot import Bot": ["autopilot"],
        "from engine import cli": ["cli"],
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..io import limits": ["io"],
        "def f():\n    from ..autopilot.bot import Bot": ["autopilot"],
        "import ui.app": ["ui"],
        "from engine import Game": ["engine"],
        "from .. import __version__": [],
        "from .kernel import Kernel\nfrom .iota import x\nimport json": [],
    }
    for text, want in cases.items():
        path = tmp_path / "mod.py"
        path.write_text(text, encoding="utf-8")
        got = [layer_of_module(m) for _, m in bad_imports(path, "engine.rules", "rules")]
        assert sorted(set(got)) == want, text


def test_the_rule_tables_are_functions_over_the_kernel_interface() -> None:
    """No diamond: `Game` has one base, the kernel; the rule modules hold tables of
    functions (no classes built on the kernel), and the core reaches the abilities and the
    cards through one typed record of hooks that `Game` gives it."""
    import dataclasses
    import inspect

    from engine.rules import cards, characters, tiles
    from engine.rules.game import Game
    from engine.rules.kernel import Hooks, Kernel

    assert Game.__bases__ == (Kernel,)
    for module in (cards, characters, tiles):
        built_on_kernel = [
            name
            for name, value in vars(module).items()
            if inspect.isclass(value) and issubclass(value, Kernel)
        ]
        assert built_on_kernel == [], module.__name__
        # They see the kernel only through its declared interface (mypy checks each use).
        assert "Kernel" not in vars(module) and "RuleKernel" in vars(module), module.__name__
    hooks = Game._hooks
    assert isinstance(hooks, Hooks)
    for field in dataclasses.fields(Hooks):
        fn = getattr(hooks, field.name)
        assert fn.__module__ in (cards.__name__, characters.__name__), field.name
        assert not hasattr(Kernel, field.name) and not hasattr(Kernel, f"_{field.name}")
