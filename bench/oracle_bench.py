"""How much of the autopilot's gap is what it cannot see: the same games played by the same
bots, once honest and once with their sampled worlds dealt from the true table. Prints
figures; asserts nothing. A measurement only: the shipped bot never reads hidden state.

    PYTHONPATH=. python bench/oracle_bench.py --scenario bank --games 80 --seed 31000
    PYTHONPATH=. python bench/oracle_bench.py --know none patrol --jobs 2

What an oracle seat knows (`--know`, any of):
  none    the honest bot (its worlds from `resample_from_infostate`);
  places  where the face-down Safes and Stairs lie (every other face-down tile, the decks,
          cards and dice still drawn);
  tiles   the face-down tiles as they lie (patrol decks, cards and dice still drawn);
  patrol  the patrol decks in their true order (tiles, cards and dice still drawn);
  dice    the true RNG: every future roll and shuffle (tiles, decks and cards still drawn);
  one     nothing more, but every world of a decision is the same sample of the view
          (worlds that agree with each other, not with the table);
  all     the true game itself: tiles, decks, Events, Tools, Loot and every future roll.
The bot still prices the guard's walk past his destination from public facts (`defuse`),
so even `all` does not dodge by his next card alone; its worlds just agree with the game.

Measured with the bot of 0e77fa6, 2 burglars, wins of 80 (a figure given twice was run twice
with different sampler draws: the noise of one such row is large):

    Bank 31000-31079    none 15  places 10  tiles 16, 29  patrol 25, 20  dice 9  one 3  all 38
    Bank 32000-32079    none 12  places 10  tiles 27      patrol 20              one 2  all 51
    Office 31000-31079  none 49             tiles 61      patrol 53                     all 69

Knowing everything roughly triples the Bank's wins: the planner is not what caps the crew,
what it cannot see is. The face-down tiles seem worth about 10 wins in 80 in both jobs (one
Bank block gave 16 and 29 on two runs), the patrol order about 4-8. No single part adds up
to everything: the rest is the parts together, or noise. Knowing only where the Safes and
Stairs lie is worth nothing measurable (10 and 10): what the tiles are worth, if it is not
noise, is what the other rooms are (which way is clear, which costs an alarm, an action or
a turn), not the hunt for the Safe.
Knowing the dice is worth nothing either. Worlds that agree with each other but not with
the table (`one`) do far worse: what the oracles gain is the truth, not agreement among
their worlds, and the honest bot needs its worlds to differ.
Tiles can be learned honestly (a peek): a bot that plans inside sampled worlds never pays
for what a peek would tell it. The one honest try so far, searching each tile a step or
peek reveals on two identities (`Bot`'s notes), did not recover them.
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
from engine.autopilot.autoplay import autoplay
from engine.rules.data import ScenarioId, TileKind
from engine.rules.game import Game
from engine.rules.infostate import resample_from_infostate
from engine.rules.state import Tile, clone_floor, clone_state

KNOWS = ("none", "places", "tiles", "patrol", "dice", "one", "all")
_MASK = (1 << 63) - 1
# The tiles whose places `places` puts back: what a burglar looks for on a floor.
_SOUGHT = (TileKind.SAFE, TileKind.STAIRS)


def oracle(know: str) -> Callable[[Game, int, int], Game]:
    """A stand-in for `resample_from_infostate`: its world, with the part `know` names
    put back as it truly is."""

    def deal(game: Game, player: int, seed: int) -> Game:
        if know == "all":
            return game.clone()
        if know == "one":  # the seed from public facts only: every world of a decision alike
            public = game.state.actions_applied * 1_000_003 + game.state.turn * 7919 + 12345
            return resample_from_infostate(game, player, public & _MASK)
        st = clone_state(resample_from_infostate(game, player, seed).state)
        if know == "dice":
            st.rng = game.state.rng
        for sampled, true in zip(st.floors, game.state.floors, strict=True):
            if know == "places":
                sampled.tiles = _sought_where_they_lie(clone_floor(sampled).tiles, true.tiles)
            elif know == "tiles":
                sampled.tiles = clone_floor(true).tiles
            elif know == "patrol":
                sampled.guard.patrol = true.guard.patrol[:]
                sampled.guard.aside = true.guard.aside[:]
        world = Game(st, game.setup)
        world.history = list(game.history)
        return world

    return deal


def _sought_where_they_lie(tiles: list[Tile | None], true: list[Tile | None]) -> list[Tile | None]:
    """The sampled floor's `tiles` with its face-down Safes and Stairs swapped onto the
    squares where the true floor hides them (the other face-down tiles stay as drawn)."""
    for kind in _SOUGHT:
        want = [c for c, t in enumerate(true) if t and not t.revealed and t.kind == kind]
        have = [c for c, t in enumerate(tiles) if t and not t.revealed and t.kind == kind]
        spare = [c for c in have if c not in want]
        for c in want:
            if c in have or not spare:
                continue
            here, there = tiles[c], tiles[spare.pop()]
            if here is not None and there is not None:
                # The kinds change places, not the records: a face-down square keeps its
                # tokens (a Downstairs, a Crowbar's, a Thermal Bomb's).
                here.kind, there.kind = there.kind, here.kind
                here.number, there.number = there.number, here.number
    return tiles


def play(args: tuple[str, str, int, int]) -> tuple[str, int, int]:
    """One row: (know, wins, games), played by `autoplay` in this process."""
    know, scenario, first, games = args
    # The bot and its plan search each imported the sampler by name: set both, the honest
    # one too (a pool's worker may have played an oracle row before).
    sampler = resample_from_infostate if know == "none" else oracle(know)
    for module in (bot_module, search_module):
        setattr(module, resample_from_infostate.__name__, sampler)
    result = autoplay(ScenarioId(scenario), 2, games, seed=first, jobs=1)
    wins = result["wins"]
    assert isinstance(wins, int)
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
