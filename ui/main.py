"""Entry point that PyScript runs (index.html): draw the first board, then mark the page ready.

Run as the page's script, this file calls `start()`; imported as `ui.main` (tests), it does not.
The engine is imported inside `main()`, so that even a failing import is reported on the page.
Performance marks (`burgle:python`, `burgle:imported`, `burgle:ready`) time the Python part.
"""

from __future__ import annotations

import contextlib
import json
import sys
from typing import Any


def mark(window: Any, name: str) -> None:
    """A performance mark, for profiling; never fails."""
    with contextlib.suppress(Exception):
        window.performance.mark(name)


def main(window: Any, document: Any) -> dict[str, Any]:
    """Render the page from engine data; return the facts shown in the debug element."""
    import engine
    from engine.data import SCENARIOS, ScenarioId
    from ui import board, loader, storage, urlparams

    mark(window, "burgle:imported")
    loader.status(document, "Drawing the board…")
    params = urlparams.from_window(window)
    store = storage.Storage(window)
    visits = store.increment("visits")

    scenario = SCENARIOS[ScenarioId.BANK]
    tiles = board.render_scenario(document, document.getElementById("board"), scenario)
    python = ".".join(str(part) for part in sys.version_info[:3])
    document.getElementById("engine-version").textContent = engine.__version__
    document.getElementById("python-version").textContent = python

    facts = {
        "engine": engine.__version__,
        "python": python,
        "scenario": str(scenario.id),
        "tiles": tiles,
        "storage": store.backend,
        "visits": visits,
        "params": params,
        "seed": urlparams.int_param(params, "seed"),
    }
    # Read by the browser tests: proves that localStorage and the URL reach Python.
    document.getElementById("debug").textContent = json.dumps(facts, sort_keys=True)
    loader.finish(document)
    document.documentElement.setAttribute("data-ready", "1")
    mark(window, "burgle:ready")
    return facts


def start() -> None:
    from pyscript import document, window  # only inside the browser

    from ui import loader

    mark(window, "burgle:python")
    try:
        main(window, document)
    except BaseException as error:
        message = f"Python started, but the game failed: {type(error).__name__}: {error}"
        loader.fail(document, message)
        raise


if __name__ == "__main__":
    start()
