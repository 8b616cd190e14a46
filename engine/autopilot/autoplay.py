"""Whole-game autoplay: every seat on the autopilot (`engine.autopilot.bot.Bot`), with the
figures a maintainer tunes the bot by: wins, losses and why, average turns, Safes opened, and
the time per decision and per turn (wall clock and processor time, mean and p95).

`python -m engine autoplay ...` prints them as JSON; `bench/bot_bench.py` reads them too.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import Literal

from .. import __version__
from ..rules.actions import ActionKind
from ..rules.data import ScenarioId, Side
from ..rules.game import new_game
from ..rules.setup import crew_setup
from .bot import Bot
from .defaults import SEARCH, WORLDS, seat_seed, weights_for
from .search import TurnSearch
from .signatures import public_table


def _p95(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


@dataclass
class _Tally:
    """What `autoplay` gathers over a run of games (one per job, merged at the end)."""

    wins: int = 0
    losses: int = 0
    unfinished: int = 0
    turns: int = 0
    safes: int = 0
    reasons: dict[str, int] = field(default_factory=dict)
    decisions: list[float] = field(default_factory=list)
    turn_times: list[float] = field(default_factory=list)  # wall clock: what a player waits
    turn_cpus: list[float] = field(default_factory=list)  # processor time: busy machines too
    search: dict[str, int] = field(default_factory=dict)  # what the search layer did
    moves: int = 0
    # Moves straight back to the tile the previous Move left, the table unchanged since:
    # pacing a player sees (it dodges an Event at most: only the first step counts, R07).
    steps_back: int = 0

    def merge(self, other: _Tally) -> None:
        self.wins += other.wins
        self.losses += other.losses
        self.unfinished += other.unfinished
        self.turns += other.turns
        self.safes += other.safes
        for k, v in other.reasons.items():
            self.reasons[k] = self.reasons.get(k, 0) + v
        self.decisions += other.decisions
        self.turn_times += other.turn_times
        self.turn_cpus += other.turn_cpus
        self.moves += other.moves
        self.steps_back += other.steps_back
        for k, n in other.search.items():
            self.search[k] = self.search.get(k, 0) + n


def _autoplay_games(
    scenario: ScenarioId,
    players: int,
    seeds: range,
    advanced: bool,
    worlds: int | None,
    max_actions: int,
    search: TurnSearch | None = None,
    sampler: int = 0,
) -> _Tally:
    """Play the games whose building seeds are `seeds` (the bots are seeded from them)."""
    out = _Tally()
    side = Side.ADVANCED if advanced else Side.BASIC
    for game_seed in seeds:
        game = new_game(crew_setup(scenario, players, side, game_seed))
        seat_worlds = WORLDS if worlds is None else worlds
        bots = [
            Bot(
                seed=seat_seed(game_seed, k, sampler),
                worlds=seat_worlds,
                weights=weights_for(scenario),
            )
            for k in range(players)
        ]
        for b in bots:  # each bot its own copy (it keeps the plan it follows)
            b.search = replace(search, figures={}) if search is not None else None
        n = 0
        turn_key, turn_time, turn_cpu = (game.state.turn, game.state.current), 0.0, 0.0
        before_move: tuple[object, ...] | None = None  # the table before the last Move
        while not game.is_over() and n < max_actions:
            bot = bots[game.state.current]
            t0, c0 = time.perf_counter(), time.process_time()
            action = bot.choose(game)
            spent, cpu = time.perf_counter() - t0, time.process_time() - c0
            if action.kind == ActionKind.MOVE:
                back = before_move is not None and game.state.pace_from == action.pos
                table = public_table(game)
                game.apply(action)
                out.moves += 1
                if back and public_table(game) == before_move:
                    out.steps_back += 1
                before_move = table
            else:
                game.apply(action)
                before_move = None
            out.decisions.append(spent)
            turn_time += spent
            turn_cpu += cpu
            key = (game.state.turn, game.state.current)
            if key != turn_key or game.is_over():
                out.turn_times.append(turn_time)
                out.turn_cpus.append(turn_cpu)
                turn_key, turn_time, turn_cpu = key, 0.0, 0.0
            n += 1
        for b in bots:
            if b.search is not None:
                for k, v in b.search.figures.items():
                    out.search[k] = out.search.get(k, 0) + v
        out.turns += game.state.turn
        out.safes += sum(
            1 for fl in game.state.floors for t in fl.tiles if t is not None and t.safe_open
        )
        if game.outcome == "win":
            out.wins += 1
        elif game.outcome == "loss":
            out.losses += 1
            out.reasons[game.state.reason] = out.reasons.get(game.state.reason, 0) + 1
        else:
            out.unfinished += 1
    return out


def _search_figures(search: TurnSearch | None, counts: dict[str, int]) -> object:
    if search is None:
        return None
    effort = {
        "worlds": search.worlds,
        "plans": search.plans,
        "firsts": search.firsts,
        "horizon": search.horizon,
        "margin": search.margin,
        "world_end": search.world_end,
        "escape_turns": search.escape_turns,
    }
    return {**effort, **dict(sorted(counts.items()))}


def autoplay(
    scenario: ScenarioId,
    players: int,
    games: int,
    seed: int,
    advanced: bool = False,
    worlds: int | None = None,
    max_actions: int = 3000,
    jobs: int = 1,
    search: TurnSearch | Literal["default"] | None = "default",
    sampler: int = 0,
) -> dict[str, object]:
    """Every seat on the autopilot: game i uses seed + i for the building (random
    characters, standard walls) and for the bots. `jobs` > 1 splits the games into that
    many contiguous seed ranges played by separate processes: the same games, the same
    figures (times aside) as one process. `search`: every bot gets a copy of it (the
    whole-turn plan search of `engine/autopilot/search.py`); None: the bot alone;
    "default": `defaults.SEARCH`. `sampler`: the bots' seeds moved (`defaults.seat_seed`),
    the games the same."""
    if isinstance(search, str):
        search = SEARCH
    start = time.perf_counter()
    jobs = max(1, min(jobs, games))
    cuts = [seed + games * k // jobs for k in range(jobs + 1)]
    parts = [
        (
            scenario,
            players,
            range(cuts[k], cuts[k + 1]),
            advanced,
            worlds,
            max_actions,
            search,
            sampler,
        )
        for k in range(jobs)
    ]
    tally = _Tally()
    if jobs == 1:
        tally = _autoplay_games(*parts[0])
    else:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for part in pool.starmap(_autoplay_games, parts):
                tally.merge(part)
    elapsed = time.perf_counter() - start
    decisions, turn_times, turn_cpus = tally.decisions, tally.turn_times, tally.turn_cpus
    return {
        "engine": __version__,
        "scenario": scenario.value,
        "players": players,
        "games": games,
        "seeds": [seed, seed + games - 1],
        "sampler": sampler,
        "jobs": jobs,
        "worlds": WORLDS if worlds is None else worlds,
        "wins": tally.wins,
        "losses": tally.losses,
        "unfinished": tally.unfinished,
        "win_rate": round(tally.wins / games, 3) if games else 0,
        "loss_reasons": dict(sorted(tally.reasons.items())),
        "average_turns": round(tally.turns / games, 1) if games else 0,
        "average_safes_opened": round(tally.safes / games, 2) if games else 0,
        "moves": tally.moves,
        "steps_straight_back": tally.steps_back,
        "decision_ms_mean": round(1000 * sum(decisions) / len(decisions), 2) if decisions else 0,
        "decision_ms_p95": round(1000 * _p95(decisions), 2),
        "turn_ms_mean": round(1000 * sum(turn_times) / len(turn_times), 2) if turn_times else 0,
        "turn_ms_p95": round(1000 * _p95(turn_times), 2),
        "turn_cpu_ms_mean": round(1000 * sum(turn_cpus) / len(turn_cpus), 2) if turn_cpus else 0,
        "turn_cpu_ms_p95": round(1000 * _p95(turn_cpus), 2),
        "search": _search_figures(search, tally.search),
        "seconds": round(elapsed, 1),
    }
