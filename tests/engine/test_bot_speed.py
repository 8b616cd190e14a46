"""The bot's fast readings of a position say what the engine's own queries say."""

from __future__ import annotations

import random

import pytest

from engine import PlayerSetup, ScenarioId, Setup, new_game
from engine.autopilot.goals import _scan
from engine.autopilot.guard_risk import guard_threat
from engine.autopilot.signatures import _key
from engine.rules.game import Game


def _positions(scenario: ScenarioId, seed: int, steps: int = 300) -> list[Game]:
    """Positions of a random legal game (every tenth one kept)."""
    setup = Setup(
        scenario=scenario,
        players=(PlayerSetup("B1"), PlayerSetup("B2")),
        seed=seed,
    )
    game = new_game(setup)
    pick = random.Random(seed)
    out = []
    for n in range(steps):
        if game.is_over():
            break
        game.apply(pick.choice(game.legal_actions()))
        if n % 10 == 0:
            out.append(game.clone())
    return out


@pytest.mark.parametrize("scenario", list(ScenarioId))
def test_the_one_pass_scan_counts_the_alarms_and_the_loot_as_the_engine_does(
    scenario: ScenarioId,
):
    for g in _positions(scenario, 5):
        _, shown, alarms, all_loot = _scan(g)
        assert all_loot == g.team_has_all_loot()
        for f, fl in enumerate(g.state.floors):
            assert alarms[f] == len(g.alarms(f))
            assert [c for c, _ in shown[f]] == [
                c for c, t in enumerate(fl.tiles) if t is not None and t.revealed
            ]
            assert guard_threat(g, f, 1, alarms[f]) == guard_threat(g, f)


def test_the_search_key_tells_positions_apart_by_every_tile_mark_the_turn_changes():
    g = _positions(ScenarioId.BANK, 7)[-1]
    assert _key(g) == _key(g.clone())
    cell = next(c for c, t in enumerate(g.state.floors[0].tiles) if t is not None)
    for mark, value in (("dice", 3), ("alarm", True), ("stealth", 2), ("open", True)):
        other = g.clone()
        tile = other._mutable_tile(cell)
        if getattr(tile, mark) == value:
            continue
        setattr(tile, mark, value)
        assert _key(other) != _key(g), mark
