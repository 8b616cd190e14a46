"""Burgle Bros. rules engine: pure Python, deterministic from a seed, no dependencies.

>>> from engine import Setup, new_game
>>> game = new_game(Setup(seed=7))
>>> game.legal_actions()[0]
Action.parse('enter 1.A1')
>>> events = game.apply("enter 1.B2")
>>> game.state.players[0].pos == game.parse_action("move 1.B2").pos
True
"""

__version__ = "0.1.0"

from .actions import Action, ActionKind, parse_pos, pos_text
from .data import Character, ScenarioId, Side
from .game import Game, IllegalActionError, new_game, replay
from .geometry import FloorLayout, guard_route
from .serialize import StateError, from_json, to_json
from .setup import PlayerSetup, Setup, SetupError

__all__ = [
    "Action",
    "ActionKind",
    "Character",
    "FloorLayout",
    "Game",
    "IllegalActionError",
    "PlayerSetup",
    "ScenarioId",
    "Setup",
    "SetupError",
    "Side",
    "StateError",
    "__version__",
    "from_json",
    "guard_route",
    "new_game",
    "parse_pos",
    "pos_text",
    "replay",
    "to_json",
]
