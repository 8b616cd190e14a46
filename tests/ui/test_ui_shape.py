"""The page's shape: small modules, one per screen or widget.

The two word catalogs (`ui/messages.py`, `ui/messages_fr.py`) are data, one file per language
by the project's rule, and are not held to the size of a code module.
"""

from __future__ import annotations

from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "ui"
MAX_LINES = 500
CATALOGS = frozenset({"messages.py", "messages_fr.py"})


def test_no_ui_module_is_over_500_lines() -> None:
    sizes = {
        path.name: len(path.read_text(encoding="utf-8").splitlines())
        for path in sorted(UI.glob("*.py"))
        if path.name not in CATALOGS
    }
    assert sizes, "no ui module found"
    assert {name: n for name, n in sizes.items() if n > MAX_LINES} == {}


def test_the_controller_routes_commands_through_one_table() -> None:
    """Every `data-cmd` the page draws or index.html holds has a handler in the table."""
    import re

    from ui.app import COMMANDS

    root = UI.parent
    sources = [root / "index.html", *sorted(UI.glob("*.py"))]
    found: set[str] = set()
    for path in sources:
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r"data-cmd=[\"']([a-z-]+)[\"']", text))
        found |= set(re.findall(r"\bcmd=\"([a-z-]+)\"", text))
    assert found, "no data-cmd found"
    assert found - set(COMMANDS) == set()
