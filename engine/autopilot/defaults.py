"""How hard the autopilot thinks unless told otherwise: the one place autoplay (so the
command line and the benches) and the page's bot (`ui.autopilot.page_bot`, its seats and
hints) take it from, so the bot measured is the bot played.

Changing a figure here changes every bot that is not given its own: measure it first
(`python -m engine autoplay` on fresh seeds, against the bot's own spread: `--sampler`)
and keep the turn's CPU p95 <= 300 ms in CPython (the page, Pyodide, is about 2-2.5x
slower and must stay <= 1 s).
"""

from __future__ import annotations

from dataclasses import replace

from ..rules.data import ScenarioId
from .bot import Bot
from .scoring import Weights
from .search import TurnSearch

# Sampled tables each decision searches (`Bot.worlds`). Dev seeds 9000-9079, 2 burglars,
# the same games (bot of 638928a), wins and turn CPU p95 on a machine loaded 4-10: Bank 3
# worlds 8/80, 234 ms; 2 worlds 3/80, 179 ms; 4 worlds 1/80, 355 ms; 3 worlds with 300
# search nodes (`Bot.nodes`, else 200) 8/80, 316 ms. Office 3 worlds 36/80, 176 ms; 2
# worlds 33/80, 132 ms; 300 nodes 32/80, 215 ms. More tables is not a stronger crew. Again
# on fresh seeds (bot of ddd1f7a; Bank, 2 burglars, seeds 31000-31079 and 32000-32079: 15
# and 12 wins of 80): 5 worlds of 120 nodes each (about the same effort), 8 and 9, turn
# CPU p95 347-353 ms. The node budget rarely binds: in Bank seed 31001's first 30 turns, 10
# of 148 decisions reached it (the others searched to the turn's end within it, or followed
# the plan chosen), so more nodes buy little.
WORLDS = 3
# The whole-turn plan search every bot gets a copy of (None: the bot alone). Dev seeds
# 9000-9079, 2 burglars, wins and turn CPU p95 without -> with (2 worlds): Office 24/80 ->
# 37/80, 194-274 ms -> 177-184 ms; Bank 1/80 -> 2/80, 241-290 ms -> 206-228 ms. Following
# the plan chosen saves more time than comparing plans costs. Worlds each plan is played
# in, on fresh seeds 31000-31079 and 32000-32079 (160 games, 2 burglars; noise about 6
# wins per 80): Office 2 -> 85/160, 4 -> 98, 6 -> 106, 8 -> 103; Bank 2 -> 16/160,
# 4 -> 20, 6 -> 22, 8 -> 27; turn CPU p95 Bank 202-259 ms at 2, 253-273 ms at 8 (two runs
# at a time on 2 cores). With 2 worlds one lucky patrol card decided between plans.
# Tried with 8 worlds and not kept (seeds 31000-31079; 8 worlds alone: Office 50, Bank 14):
# 6 plans from 4 first actions, Office 44, Bank 9; `horizon` 1, Office 44 at 317 ms p95;
# `Weights.hit` charged for each hit a world's End deals, Office 45, Bank 12. 12 worlds:
# Bank 19/160 on both blocks (27 at 8), turn CPU p95 346-349 ms.
# With every Loot held, each plan is judged by 6 turns the rule of thumb plays on after it
# (`TurnSearch.escape_turns`; search.py's notes give the escape bench). Target rows (Office,
# 2 burglars, seeds 20000-20199, samplers 0 and 1): 132 and 134 -> 135 and 136 wins of 200;
# steps straight back 1,499 -> 1,240 (sampler 1); Bank 36 -> 34 (sampler 0: the Bank is
# lost before its Loot is held). Turn CPU p95 over the escape turns 136 -> 212 ms, over the
# whole Office row 236 -> 252 ms (two runs at a time). Played on before the Loot is held
# too: not kept (search.py's notes). The same row with sampler 2: 126 of 200, so 397 of
# 600 (66%) over the three samplers; with `Weights.revealed` 40 (its notes), 138, 147 and
# 140: 425 of 600 (71%), turn CPU p95 197-211 ms.
SEARCH: TurnSearch | None = TurnSearch(worlds=8, escape_turns=6)

# A scenario's own weights, where self-play read them apart from `Weights`' defaults (its
# notes tell how). Fitted on 400 Bank games (seeds 52000-52399, 24,626 turn starts): a
# step toward the goal 70 (10-90% over a bootstrap of the games: 51-90; default 40) and a
# floor climbed 321 (221-398; default 250), the two terms both halves of the data agreed
# on. The Bank target row (2 burglars, seeds 20000-20199), samplers 0 and 1: 34 and 32 ->
# 40 and 39 of 200; fresh seeds 60000-60199, 34 -> 36; steps straight back 2,085-2,195 ->
# 1,990-2,056 a row; turn CPU p95 257-274 -> 264-282 ms (two runs at a time on 2 cores).
# The Office fit put both near the defaults (43 and 267): Office keeps them. Its fit's
# `threat` (a burglar on a tile the guard reaches in one move), 110 against 420, tried on
# the Office target row (2 burglars, seeds 20000-20199), samplers 0, 1 and 2: 138, 147 and
# 140 -> 141, 156 and 152 of 200 (425 -> 449 of 600, 70.8% -> 74.8%); fresh seeds
# 60000-60199, sampler 0: 138 -> 142. Every row gains; games end sooner (36-41 turns on
# average instead of 40-44) with fewer steps straight back (916-1,054 a row, 1,079-1,239
# before): a crew that fears the guard's next step less stops pacing beside him.
SCENARIO_WEIGHTS: dict[ScenarioId, Weights] = {
    ScenarioId.BANK: Weights(distance=70.0, floor=320.0),
    ScenarioId.OFFICE: Weights(threat=110.0),
}


def weights_for(scenario: ScenarioId) -> Weights:
    """What the autopilot weighs positions with in `scenario`: a bot's own copy (the
    table's stays as fitted whatever a bench sets on a bot)."""
    return replace(SCENARIO_WEIGHTS.get(scenario) or Weights())


# Far apart, so a moved seat seed never lands on another game's or seat's.
_SAMPLER_STRIDE = 1_000_003


def seat_seed(game_seed: int, seat: int, sampler: int = 0) -> int:
    """The seed of seat `seat`'s bot in game `game_seed`, wherever a game is played on the
    autopilot (autoplay, the page's seats and hints, the benches). `sampler` 0 gives the
    seeds every figure in the bot's notes was measured with; another value plays the same
    games with other sampled worlds, to see how far the bot's own luck moves a row before a
    change is read into a difference (the figures: `Weights`' notes)."""
    return game_seed * 8 + seat + sampler * _SAMPLER_STRIDE


def default_bot(seed: int, scenario: ScenarioId) -> Bot:
    """The autopilot for one seat of a `scenario` game: `WORLDS` sampled tables, the
    scenario's weights and its own copy of `SEARCH` (a bot keeps the plan it follows in it)."""
    return Bot(
        seed=seed,
        worlds=WORLDS,
        weights=weights_for(scenario),
        search=replace(SEARCH, figures={}) if SEARCH is not None else None,
    )


__all__ = ["SCENARIO_WEIGHTS", "SEARCH", "WORLDS", "default_bot", "seat_seed", "weights_for"]
