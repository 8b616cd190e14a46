"""Burgle Bros. rules engine: pure Python, deterministic from a seed, no dependencies.

    >>> from engine import Setup, new_game
    >>> game = new_game(Setup(seed=7))
    >>> game.legal_actions()[0]
    Action.parse('enter 1.A1')
    >>> events = game.apply("enter 1.B2")
    >>> game.state.players[0].pos == game.parse_action("move 1.B2").pos
    True

The public names below are imported on first use, so `import engine` stays cheap for a page
that only needs `engine.data` or `engine.setup` at start-up (Pyodide pays for every module).
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

# public name -> the submodule that defines it
_EXPORTS = {
    "Action": "actions",
    "ActionKind": "actions",
    "parse_pos": "actions",
    "pos_text": "actions",
    "Character": "data",
    "ScenarioId": "data",
    "Side": "data",
    "Game": "game",
    "IllegalActionError": "game",
    "new_game": "game",
    "replay": "game",
    "DecisionKind": "kinds",
    "EffectKind": "kinds",
    "EndReason": "kinds",
    "Lasting": "kinds",
    "Outcome": "kinds",
    "Result": "kinds",
    "Reveal": "kinds",
    "MoveCut": "kinds",
    "TurnFlag": "kinds",
    "NoEffect": "kinds",
    "Blocked": "kinds",
    "Avoided": "kinds",
    "StealthLoss": "kinds",
    "Destination": "kinds",
    "Deck": "kinds",
    "FloorLayout": "geometry",
    "guard_route": "geometry",
    "StateError": "serialize",
    "from_json": "game",
    "to_json": "serialize",
    "GameView": "view",
    "typed_view": "view",
    "PlayerSetup": "setup",
    "Setup": "setup",
    "SetupError": "setup",
}

__all__ = [  # the names __getattr__ provides, and the version
    "Action",
    "ActionKind",
    "Avoided",
    "Blocked",
    "Character",
    "DecisionKind",
    "Deck",
    "Destination",
    "EffectKind",
    "EndReason",
    "FloorLayout",
    "Game",
    "GameView",
    "IllegalActionError",
    "Lasting",
    "MoveCut",
    "NoEffect",
    "Outcome",
    "PlayerSetup",
    "Result",
    "Reveal",
    "ScenarioId",
    "Setup",
    "SetupError",
    "Side",
    "StateError",
    "StealthLoss",
    "TurnFlag",
    "__version__",
    "from_json",
    "guard_route",
    "new_game",
    "parse_pos",
    "pos_text",
    "replay",
    "to_json",
    "typed_view",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
