"""Engine speed: random legal play on CPython, per scenario, and `Game.clone()` per second.
Prints figures; asserts nothing.

Target (issue 3): at least 20,000 actions per second (legal_actions + apply, game setup
included) on the project's 2-core machines.
"""

from __future__ import annotations

import json
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cli import simulate
from engine.rules.data import ScenarioId
from engine.rules.game import Game, new_game
from engine.rules.rng import Rng
from engine.rules.setup import PlayerSetup, Setup

TARGET = 20_000


def main() -> None:
    print(f"engine bench on {platform.python_implementation()} {platform.python_version()}")
    rows = []
    for scenario, players, games in (
        (ScenarioId.OFFICE, 1, 400),
        (ScenarioId.BANK, 2, 400),
        (ScenarioId.BANK, 4, 400),
        (ScenarioId.FORT_KNOX, 3, 300),
    ):
        best = max(
            (simulate(scenario, players, games, seed=1000 * rep) for rep in range(3)),
            key=lambda r: r["actions_per_second"],
        )
        rows.append(best)
        print(json.dumps(best))
    total_actions = sum(r["average_actions"] * r["games"] for r in rows)
    total_seconds = sum(r["seconds"] for r in rows)
    rate = total_actions / total_seconds
    verdict = "meets" if rate >= TARGET else "MISSES"
    print(f"engine: {rate:,.0f} actions/s overall (best of 3 per row) -> {verdict} {TARGET:,}")
    print(json.dumps(clone_bench()))


def mid_game(scenario: ScenarioId, players: int, seed: int, actions: int) -> Game:
    """A game after some random legal actions (revealed tiles, alarms, cards in hand)."""
    setup = Setup(
        scenario=scenario,
        players=tuple(PlayerSetup(f"Burglar {k + 1}") for k in range(players)),
        seed=seed,
    )
    game = new_game(setup)
    chooser = Rng.from_seed(seed)
    for _ in range(actions):
        legal = game.legal_actions()
        if game.is_over() or not legal:
            break
        game.apply(legal[chooser.below(len(legal))])
    return game


def clone_bench(rounds: int = 2000) -> dict[str, object]:
    """Game.clone() per second on mid-game positions of every scenario (best of 3)."""
    games = [
        mid_game(scenario, players, seed, 25)
        for scenario, players in (
            (ScenarioId.OFFICE, 1),
            (ScenarioId.BANK, 2),
            (ScenarioId.BANK, 4),
            (ScenarioId.FORT_KNOX, 3),
        )
        for seed in range(5)
    ]
    best = 0.0
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(rounds // len(games)):
            for game in games:
                game.clone()
        elapsed = time.perf_counter() - start
        best = max(best, (rounds // len(games)) * len(games) / elapsed)
    return {"clones_per_second": round(best), "positions": len(games), "rounds": rounds}


if __name__ == "__main__":
    main()
