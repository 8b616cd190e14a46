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

# Sampled tables each decision searches (`Bot.worlds`): 2 won fewer Bank games (3 of 80
# dev games against 8); 4, or 5 with a smaller node budget each, went over the turn's time
# budget and won no more (docs/autopilot-trials.md, "How hard the bot thinks").
WORLDS = 3
# The whole-turn plan search every bot gets a copy of (None: the bot alone), its plans played
# in 8 worlds (on fresh seeds, 2, 4, 6 and 8 worlds won 16, 20, 22 and 27 of 160 Bank games
# and 85, 98, 106 and 103 Office games; 12 went over the time budget and won 19 Bank games),
# and with every Loot held judged by 6 turns played on after them. The figures, and what
# was tried and not kept: docs/autopilot-trials.md, "How hard the bot thinks".
SEARCH: TurnSearch | None = TurnSearch(worlds=8, escape_turns=6)

# A scenario's own weights, where self-play read them apart from `Weights`' defaults and the
# target rows agreed (a logistic fit of `evaluate`'s terms to the games' outcomes): the
# Bank's step toward the goal and floor climbed (66 -> 79 of 400 on its target row, 34 -> 36
# of 200 on fresh seeds), the Office's `threat` (425 -> 449 of 600 on its target row, 138 ->
# 142 of 200 on fresh seeds). The fits and every row: docs/autopilot-trials.md, "A
# scenario's own weights".
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
    seeds every figure in docs/autopilot-trials.md was measured with; another value plays
    the same games with other sampled worlds, to see how far the bot's own luck moves a row
    before a change is read into a difference (that doc's "How large the noise is")."""
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
