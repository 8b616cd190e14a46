"""Hostile inputs for fuzzing: setup codes, action texts and engine JSON documents.

Shared by the bounded hypothesis test in the suite (tests/engine/test_fuzz_inputs.py) and the
long run outside it (tools/fuzz_inputs.py). Each `check_*` feeds one input to the engine and
returns what happened ("ok" or the name of the typed error); any other exception escapes.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

from engine import (
    ActionParseError,
    Game,
    IllegalActionError,
    PlayerSetup,
    ScenarioId,
    Setup,
    SetupError,
    StateError,
    new_game,
    replay,
)
from engine.io.serialize import from_json, to_json
from engine.rules.data import Character, Side
from engine.rules.rng import Rng

# Characters that broke or bent parsers: letters whose upper case is two letters, digits
# of other scripts, fullwidth forms, spaces and controls, bidi marks, JSON's own signs.
HOSTILE = (
    "ßŉﬁǰΐ"  # upper case is longer
    "٠١٢٣３²¹"  # other digits
    " \t\n\r\x00\x0b\u00a0\u2028\u202e\u200b\ufeff"  # spaces, controls, bidi, zero width
    '[]{}",:.\\-_=+/'  # JSON and code signs
    "ABCDEFGHabcdefgh0123456789"
    "xxbacraQQ"
)


@cache
def sample_games() -> tuple[str, ...]:
    """to_json documents of a few games in progress (every scenario, a decision pending)."""
    docs = []
    for seed, scenario, n, steps in (
        (2, ScenarioId.BANK, 2, 20),
        (5, ScenarioId.OFFICE, 3, 35),
        (7, ScenarioId.FORT_KNOX, 1, 25),
        (11, ScenarioId.BANK, 4, 60),
    ):
        players = tuple(
            PlayerSetup(f"P{i}", side=Side.ADVANCED if i % 2 else Side.BASIC) for i in range(n)
        )
        setup = Setup(scenario=scenario, players=players, seed=seed, lost_visual=True)
        g = new_game(setup)
        chooser = Rng.from_seed(seed)
        for _ in range(steps):
            legal = g.legal_actions()
            action = legal[chooser.below(len(legal))]
            if str(action) == "end" and len(legal) > 1 and chooser.below(2):
                continue
            history = list(g.history)
            g.apply(action)
            if g.is_over():  # keep a game in progress: take the last action back
                g = replay(setup, history)
                break
        docs.append(to_json(g))
    return tuple(docs)


@cache
def sample_codes() -> tuple[str, ...]:
    return (
        Setup().to_code(),
        Setup(scenario=ScenarioId.FORT_KNOX, seed=123456, lost_visual=True).to_code(),
        Setup(
            scenario=ScenarioId.OFFICE,
            players=(PlayerSetup("Zoë", Character.RAVEN, Side.ADVANCED), PlayerSetup("李")),
            seed=2**53 - 1,
        ).to_code(),
    )


def check_code(code: Any) -> str:
    """A setup code: SetupError, or a setup whose code is exactly this text and that deals."""
    try:
        setup = Setup.from_code(code)
    except SetupError:
        return "SetupError"
    assert setup.to_code() == code, "a code has one spelling"
    new_game(setup)
    return "ok"


def check_action(game: Game, text: Any) -> str:
    """An action text on a game: ActionParseError (no action text) or IllegalActionError
    (not legal now), state untouched either way, or the canonical text."""
    before = game.state.actions_applied
    try:
        game.apply(text)
    except (ActionParseError, IllegalActionError) as exc:
        assert game.state.actions_applied == before
        return type(exc).__name__
    assert str(game.history[-1]) == text, "an action text has one spelling"
    return "ok"


def check_game_json(text: Any) -> str:
    """An engine document: StateError, or a game whose view shows and which plays on."""
    try:
        game = from_json(text)
    except StateError:
        return "StateError"
    game.view()
    legal = game.legal_actions()
    for action in legal[:3]:
        clone = from_json(text)
        clone.apply(action)
        clone.view()
    return "ok"


def mutate_json(doc: Any, rng: Rng, value: Any) -> Any:
    """`doc` with one value somewhere inside replaced by `value` (or a key dropped)."""
    doc = copy.deepcopy(doc)
    node, path = doc, []
    while isinstance(node, dict | list) and node and (not path or rng.below(4)):
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        key = keys[rng.below(len(keys))]
        path.append((node, key))
        node = node[key]
    if not path:
        return value
    parent, key = path[-1]
    if isinstance(parent, dict) and rng.below(8) == 0:
        del parent[key]
    else:
        parent[key] = value
    return doc


def json_text(doc: Any) -> str:
    return json.dumps(doc, separators=(",", ":"))
