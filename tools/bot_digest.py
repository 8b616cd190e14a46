"""What the autopilot plays, as digests: one line per game (seed, actions, a hash of every
action and every explanation the bots gave), every seat on the autopilot as `autoplay`
plays it (the same setups and bot seeds, `engine/autopilot/defaults.py`'s bot).

A change meant to make the bot faster, not different, must leave these lines unchanged:

    PYTHONPATH=. python tools/bot_digest.py --scenario bank --seeds 9000-9009 > before.txt
    ... change ...
    PYTHONPATH=. python tools/bot_digest.py --scenario bank --seeds 9000-9009 | diff before.txt -
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.autopilot.defaults import default_bot, seat_seed
from engine.rules.data import ScenarioId, Side
from engine.rules.game import new_game
from engine.rules.setup import crew_setup


def game_digest(scenario: ScenarioId, players: int, seed: int, max_actions: int = 3000) -> str:
    """One game played as `autoplay` plays game `seed`: its line of figures and digest."""
    game = new_game(crew_setup(scenario, players, Side.BASIC, seed))
    bots = [default_bot(seat_seed(seed, k), scenario) for k in range(players)]
    h = hashlib.sha256()
    n = 0
    while not game.is_over() and n < max_actions:
        bot = bots[game.state.current]
        action = bot.choose(game)
        h.update(str(action).encode())
        h.update(repr(bot.last_explanation).encode())
        game.apply(action)
        n += 1
    return f"{seed} {game.outcome or 'unfinished'} actions={n} {h.hexdigest()[:16]}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="bank", choices=[s.value for s in ScenarioId])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seeds", default="9000-9009", help="first-last")
    args = parser.parse_args()
    first, _, last = args.seeds.partition("-")
    scenario = ScenarioId(args.scenario)
    for seed in range(int(first), int(last or first) + 1):
        print(game_digest(scenario, args.players, seed), flush=True)


if __name__ == "__main__":
    main()
