"""How much of the autopilot's gap is what it cannot see: the same games played by the same
bots, once honest and once with their sampled worlds dealt from the true table. Prints
figures; asserts nothing. A measurement only: the shipped bot never reads hidden state.

    PYTHONPATH=. python bench/oracle_bench.py --scenario bank --games 80 --seed 31000
    PYTHONPATH=. python bench/oracle_bench.py --know none patrol --jobs 2

What an oracle seat knows (`--know`, any of):
  none    the honest bot (its worlds from `resample_from_infostate`);
  tiles   the face-down tiles as they lie (patrol decks, cards and dice still drawn);
  patrol  the patrol decks in their true order (tiles, cards and dice still drawn);
  all     the true game itself: tiles, decks, Events, Tools, Loot and every future roll.
The bot still prices the guard's walk past his destination from public facts (`defuse`),
so even `all` does not dodge by his next card alone; its worlds just agree with the game.

Measured (Bank Job, 2 burglars, seeds 31000-31079, main at 0e77fa6): none 15/80, tiles
16/80, patrol 25/80, all 38/80. The patrol order alone is worth about 10 wins in 80, the
face-down tiles about 1: the honest crew loses most where no honest bot can look (the
guard's next cards), and a third of the gap lies in the luck of dice and Event cards.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine.autopilot.bot as bot_module
import engine.autopilot.search as search_module
import engine.rules.infostate as infostate
from engine.autopilot.defaults import default_bot
from engine.rules.data import ScenarioId, Side
from engine.rules.game import Game, new_game
from engine.rules.rng import Rng
from engine.rules.setup import crew_setup
from engine.rules.state import clone_state

KNOWS = ("none", "tiles", "patrol", "all")


def oracle(know: str) -> Callable[[Game, int, int], Game]:
    """A stand-in for `resample_from_infostate` that keeps the part `know` names true."""

    def deal(game: Game, player: int, seed: int) -> Game:
        del player
        if know == "all":
            return game.clone()
        st = clone_state(game.state)
        rng = Rng.from_seed(seed)
        if know != "tiles":
            infostate._deal_tiles(st, rng)
        if know != "patrol":
            infostate._deal_patrols(st, rng)
            infostate._show_pending_patrol(st)
        infostate._deal_cards(st, rng)
        st.rng = rng.next_u64()
        out = Game(st, game.setup)
        out.history = list(game.history)
        return out

    return deal


def play(args: tuple[str, str, int, int]) -> tuple[str, int, int]:
    """One row: (know, wins, games), every seat on the autopilot as `autoplay` seats it."""
    know, scenario, first, games = args
    if know != "none":
        # The bot and its plan search each imported the sampler by name: replace both.
        for module in (bot_module, search_module):
            setattr(module, infostate.resample_from_infostate.__name__, oracle(know))
    wins = 0
    for seed in range(first, first + games):
        game = new_game(crew_setup(ScenarioId(scenario), 2, Side.BASIC, seed))
        bots = [default_bot(seed * 8 + k) for k in range(2)]
        while not game.is_over() and game.state.actions_applied < 3000:
            game.apply(bots[game.state.current].choose(game))
        wins += game.outcome == "win"
    return know, wins, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="bank", choices=[s.value for s in ScenarioId])
    parser.add_argument("--games", type=int, default=80)
    parser.add_argument("--seed", type=int, default=31000)
    parser.add_argument("--know", nargs="+", default=list(KNOWS), choices=KNOWS)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    rows = [(k, args.scenario, args.seed, args.games) for k in args.know]
    print(
        f"oracle bench: {args.scenario}, 2 burglars, seeds {args.seed}-{args.seed + args.games - 1}"
    )
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for know, wins, games in pool.map(play, rows):
            print(f"  knows {know:<6} {wins}/{games} wins ({100 * wins / games:.0f}%)", flush=True)


if __name__ == "__main__":
    main()
