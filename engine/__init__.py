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
from typing import TYPE_CHECKING, Any

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
    "GuardStay": "rules.kinds",
    "Reach": "rules.kinds",
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
    # What the page (ui/) needs besides the view, so that it imports nothing else:
    # board geometry and names, the card and tile kinds, decision options, the bot, the
    # bounded JSON reader and the state's plain encoding (the replay hashes).
    "cell_of": "rules.actions",
    "floor_of": "rules.actions",
    "pos_at": "rules.actions",
    "row_col": "rules.actions",
    "cell_index": "rules.data",
    "cell_name": "rules.data",
    "ABILITIES": "rules.data",
    "LOST_VISUAL": "rules.data",
    "SCENARIOS": "rules.data",
    "EventCard": "rules.data",
    "Loot": "rules.data",
    "TileKind": "rules.data",
    "Tool": "rules.data",
    "plain_name": "rules.setup",
    "ClairvoyancePayload": "rules.decisions",
    "PrecognitionPayload": "rules.decisions",
    "StethoscopePayload": "rules.decisions",
    "die_face_option": "rules.decisions",
    "parse_die_face": "rules.decisions",
    "parse_order": "rules.decisions",
    "Bot": "autopilot.bot",
    "Explanation": "autopilot.explain",
    "TurnSearch": "autopilot.search",
    "default_bot": "autopilot.defaults",
    "seat_seed": "autopilot.defaults",
    "MAX_GAME_ACTIONS": "io.limits",
    "load_json": "io.limits",
    "encode": "io.serialize",
    "MAX_CODE_CHARS": "io.links",
    "pack_actions": "io.links",
    "unpack_actions": "io.links",
}

# public namespaces: the events `Game.apply` returns, one class per kind of event
_MODULES = {"events": "rules.events"}

if TYPE_CHECKING:  # the same names, typed for mypy (a test checks both lists agree)
    from .autopilot.bot import Bot
    from .autopilot.defaults import default_bot, seat_seed
    from .autopilot.explain import Explanation
    from .autopilot.search import TurnSearch
    from .io.limits import MAX_GAME_ACTIONS, load_json
    from .io.links import MAX_CODE_CHARS, pack_actions, unpack_actions
    from .io.match import Match, RecordError
    from .io.serialize import StateError, encode, from_json, to_json
    from .rules import events
    from .rules.actions import (
        Action,
        ActionError,
        ActionKind,
        ActionParseError,
        IllegalActionError,
        cell_of,
        floor_of,
        parse_pos,
        pos_at,
        pos_text,
        row_col,
    )
    from .rules.data import (
        ABILITIES,
        LOST_VISUAL,
        SCENARIOS,
        Character,
        EventCard,
        Loot,
        ScenarioId,
        Side,
        TileKind,
        Tool,
        cell_index,
        cell_name,
    )
    from .rules.decisions import (
        ClairvoyancePayload,
        PrecognitionPayload,
        StethoscopePayload,
        die_face_option,
        parse_die_face,
        parse_order,
    )
    from .rules.game import Game, new_game, replay
    from .rules.geometry import FloorLayout, guard_route
    from .rules.kinds import (
        Avoided,
        Blocked,
        DecisionKind,
        Deck,
        Destination,
        EffectKind,
        EndReason,
        GuardStay,
        Lasting,
        MoveCut,
        NoEffect,
        Outcome,
        Reach,
        Result,
        Reveal,
        StealthLoss,
        TurnFlag,
    )
    from .rules.setup import PlayerSetup, Setup, SetupError, plain_name
    from .rules.view import GameView, typed_view

__all__ = [  # the names __getattr__ provides, and the version
    "ABILITIES",
    "LOST_VISUAL",
    "MAX_CODE_CHARS",
    "MAX_GAME_ACTIONS",
    "SCENARIOS",
    "Action",
    "ActionError",
    "ActionKind",
    "ActionParseError",
    "Avoided",
    "Blocked",
    "Bot",
    "Character",
    "ClairvoyancePayload",
    "DecisionKind",
    "Deck",
    "Destination",
    "EffectKind",
    "EndReason",
    "EventCard",
    "Explanation",
    "FloorLayout",
    "Game",
    "GameView",
    "GuardStay",
    "IllegalActionError",
    "Lasting",
    "Loot",
    "Match",
    "MoveCut",
    "NoEffect",
    "Outcome",
    "PlayerSetup",
    "PrecognitionPayload",
    "Reach",
    "RecordError",
    "Result",
    "Reveal",
    "ScenarioId",
    "Setup",
    "SetupError",
    "Side",
    "StateError",
    "StealthLoss",
    "StethoscopePayload",
    "TileKind",
    "Tool",
    "TurnFlag",
    "TurnSearch",
    "__version__",
    "cell_index",
    "cell_name",
    "cell_of",
    "default_bot",
    "die_face_option",
    "encode",
    "events",
    "floor_of",
    "from_json",
    "guard_route",
    "load_json",
    "new_game",
    "pack_actions",
    "parse_die_face",
    "parse_order",
    "parse_pos",
    "plain_name",
    "pos_at",
    "pos_text",
    "replay",
    "row_col",
    "seat_seed",
    "to_json",
    "typed_view",
    "unpack_actions",
]


def __getattr__(name: str) -> Any:
    if name in _MODULES:
        value = importlib.import_module(f".{_MODULES[name]}", __name__)
        globals()[name] = value
        return value
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS, *_MODULES})
