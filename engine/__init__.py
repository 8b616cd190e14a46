"""Burgle Bros. rules engine: pure Python, deterministic from a seed, no dependencies.

    >>> from engine import Setup, new_game
    >>> game = new_game(Setup(seed=7))
    >>> game.legal_actions()[0]
    Action.parse('enter 1.A1')
    >>> events = game.apply("enter 1.B2")
    >>> game.state.players[0].pos == game.parse_action("move 1.B2").pos
    True

The public names below are imported on first use, so `import engine` stays cheap for a page
that only needs `engine.rules.data` or `engine.rules.setup` at start-up (Pyodide pays for
every module).
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

# public name -> the submodule that defines it
_EXPORTS = {
    "Action": "rules.actions",
    "ActionError": "rules.actions",
    "ActionParseError": "rules.actions",
    "IllegalActionError": "rules.actions",
    "ActionKind": "rules.actions",
    "parse_pos": "rules.actions",
    "pos_text": "rules.actions",
    "Character": "rules.data",
    "ScenarioId": "rules.data",
    "Side": "rules.data",
    "Game": "rules.game",
    "new_game": "rules.game",
    "replay": "rules.game",
    "DecisionKind": "rules.kinds",
    "EffectKind": "rules.kinds",
    "EndReason": "rules.kinds",
    "Lasting": "rules.kinds",
    "Outcome": "rules.kinds",
    "Result": "rules.kinds",
    "Reveal": "rules.kinds",
    "MoveCut": "rules.kinds",
    "TurnFlag": "rules.kinds",
    "NoEffect": "rules.kinds",
    "Blocked": "rules.kinds",
    "Avoided": "rules.kinds",
    "StealthLoss": "rules.kinds",
    "Destination": "rules.kinds",
    "Deck": "rules.kinds",
    "FloorLayout": "rules.geometry",
    "guard_route": "rules.geometry",
    "StateError": "io.serialize",
    "Match": "io.match",
    "RecordError": "io.match",
    "from_json": "io.serialize",
    "to_json": "io.serialize",
    "GameView": "rules.view",
    "typed_view": "rules.view",
    "PlayerSetup": "rules.setup",
    "Setup": "rules.setup",
    "SetupError": "rules.setup",
}

__all__ = [  # the names __getattr__ provides, and the version
    "Action",
    "ActionError",
    "ActionKind",
    "ActionParseError",
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
    "Match",
    "MoveCut",
    "NoEffect",
    "Outcome",
    "PlayerSetup",
    "RecordError",
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
