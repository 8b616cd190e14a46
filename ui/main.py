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


window_app: list[Any] = [None]  # the running App, for debugging from the console


def _proxy_factory() -> Any:
    """`create_proxy` in Pyodide (handlers must outlive the call); identity in CPython."""
    try:
        from pyodide.ffi import create_proxy
    except ImportError:
        return lambda fn: fn
    return create_proxy


def main(window: Any, document: Any) -> dict[str, Any]:
    """Render the page from engine data; return the facts shown in the debug element."""
    import engine
    from engine import SCENARIOS, ScenarioId
    from ui import loader, messages, storage, urlparams

    messages.STRICT = False  # the page never fails over a text: it falls back and says so

    mark(window, "burgle:imported")
    loader.status(document, "Drawing the board…")
    params = urlparams.from_window(window)
    store = storage.Storage(window)
    visits = store.increment("visits")

    from ui.app import App
    from ui.session import replay_hashes

    proxy = _proxy_factory()
    app = App(window, document, store, params, proxy=proxy)
    python = ".".join(str(part) for part in sys.version_info[:3])
    document.getElementById("engine-version").textContent = engine.__version__
    document.getElementById("python-version").textContent = python

    def hashes(code: str, actions_json: str) -> str:
        from ui.storage import load_json  # bounded: this hook takes text from outside too

        return json.dumps(replay_hashes(str(code), load_json(str(actions_json))))

    def autopilot_times(scenario: str, players: int, turns: int, seed: int) -> str:
        from ui.autopilot import turn_times

        return json.dumps(turn_times(str(scenario), int(players), int(turns), int(seed)))

    with contextlib.suppress(Exception):
        window.burgleReplayHashes = proxy(hashes)
        window.burgleAutopilotTimes = proxy(autopilot_times)  # bench/autopilot_page_bench.py
    window_app[0] = app
    loader.finish(document)
    app.boot()
    scenario = SCENARIOS[ScenarioId.BANK]
    facts = {
        "engine": engine.__version__,
        "python": python,
        "scenario": str(scenario.id),
        "storage": store.backend,
        "visits": visits,
        "params": params,
        "seed": urlparams.int_param(params, "seed"),
    }
    # Read by the browser tests: proves that localStorage and the URL reach Python.
    document.getElementById("debug").textContent = json.dumps(facts, sort_keys=True)
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
