"""Command line: `python -m engine simulate|autoplay ...` and `python -m engine check FILE`.

simulate  plays N games with uniformly random legal actions and prints JSON figures.
autoplay  plays N games with every seat on the autopilot (engine/bot.py) and prints JSON:
          wins, losses and why, average turns, decision and turn times (mean, p95).
check     validates a saved game (a full `to_json` document, or a light save holding only
          `setup` and `actions`) by replaying it, and says what is wrong if anything is.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from . import __version__
from .actions import ActionError
from .data import ScenarioId, Side
from .game import from_json, new_game, replay
from .limits import (
    MAX_GAME_ACTIONS,
    MAX_GAME_JSON_CHARS,
    MAX_GAME_JSON_DEPTH,
    InputError,
    load_json,
)
from .rng import Rng
from .serialize import StateError
from .setup import PlayerSetup, Setup, SetupError

_SCENARIO_NAMES = {
    "office": ScenarioId.OFFICE,
    "bank": ScenarioId.BANK,
    "fortknox": ScenarioId.FORT_KNOX,
    "fort-knox": ScenarioId.FORT_KNOX,
}


def crew_setup(
    scenario: ScenarioId,
    players: int,
    side: Side,
    seed: int,
    *,
    lost_visual: bool = False,
    random_walls: bool = False,
) -> Setup:
    """The building of one simulated game: burglars named "Burglar 1".. on one side."""
    return Setup(
        scenario=scenario,
        players=tuple(PlayerSetup(f"Burglar {k + 1}", side=side) for k in range(players)),
        seed=seed,
        lost_visual=lost_visual,
        random_walls=random_walls,
    )


def simulate(
    scenario: ScenarioId,
    players: int,
    games: int,
    seed: int,
    max_actions: int = 5000,
    advanced: bool = False,
    lost_visual: bool = False,
    random_walls: bool = False,
) -> dict[str, object]:
    """Random legal play: game i uses seed + i for the building and for the chooser."""
    wins = losses = unfinished = actions = 0
    start = time.perf_counter()
    side = Side.ADVANCED if advanced else Side.BASIC
    for i in range(games):
        setup = crew_setup(
            scenario, players, side, seed + i, lost_visual=lost_visual, random_walls=random_walls
        )
        game = new_game(setup)
        chooser = Rng.from_seed(seed + i + 0x9E37)
        n = 0
        while not game.is_over() and n < max_actions:
            legal = game.legal_actions()
            game.apply(legal[chooser.below(len(legal))])
            n += 1
        actions += n
        if game.outcome == "win":
            wins += 1
        elif game.outcome == "loss":
            losses += 1
        else:
            unfinished += 1
    elapsed = time.perf_counter() - start
    return {
        "engine": __version__,
        "scenario": scenario.value,
        "players": players,
        "games": games,
        "wins": wins,
        "losses": losses,
        "unfinished": unfinished,
        "average_actions": round(actions / games, 2) if games else 0,
        "actions_per_second": round(actions / elapsed) if elapsed else 0,
        "games_per_second": round(games / elapsed, 1) if elapsed else 0,
        "seconds": round(elapsed, 3),
    }


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


def _autoplay_games(
    scenario: ScenarioId,
    players: int,
    seeds: range,
    advanced: bool,
    worlds: int | None,
    max_actions: int,
) -> _Tally:
    """Play the games whose building seeds are `seeds` (the bots are seeded from them)."""
    from .bot import Bot

    out = _Tally()
    side = Side.ADVANCED if advanced else Side.BASIC
    for game_seed in seeds:
        game = new_game(crew_setup(scenario, players, side, game_seed))
        bots = [Bot(seed=game_seed * 8 + k) for k in range(players)]
        if worlds is not None:
            for b in bots:
                b.worlds = worlds
        n = 0
        turn_key, turn_time, turn_cpu = (game.state.turn, game.state.current), 0.0, 0.0
        while not game.is_over() and n < max_actions:
            bot = bots[game.state.current]
            t0, c0 = time.perf_counter(), time.process_time()
            action = bot.choose(game)
            spent, cpu = time.perf_counter() - t0, time.process_time() - c0
            game.apply(action)
            out.decisions.append(spent)
            turn_time += spent
            turn_cpu += cpu
            key = (game.state.turn, game.state.current)
            if key != turn_key or game.is_over():
                out.turn_times.append(turn_time)
                out.turn_cpus.append(turn_cpu)
                turn_key, turn_time, turn_cpu = key, 0.0, 0.0
            n += 1
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


def autoplay(
    scenario: ScenarioId,
    players: int,
    games: int,
    seed: int,
    advanced: bool = False,
    worlds: int | None = None,
    max_actions: int = 3000,
    jobs: int = 1,
) -> dict[str, object]:
    """Every seat on the autopilot: game i uses seed + i for the building (random
    characters, standard walls) and for the bots. `jobs` > 1 splits the games into that
    many contiguous seed ranges played by separate processes: the same games, the same
    figures (times aside) as one process."""
    start = time.perf_counter()
    jobs = max(1, min(jobs, games))
    cuts = [seed + games * k // jobs for k in range(jobs + 1)]
    parts = [
        (scenario, players, range(cuts[k], cuts[k + 1]), advanced, worlds, max_actions)
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
        "jobs": jobs,
        "wins": tally.wins,
        "losses": tally.losses,
        "unfinished": tally.unfinished,
        "win_rate": round(tally.wins / games, 3) if games else 0,
        "loss_reasons": dict(sorted(tally.reasons.items())),
        "average_turns": round(tally.turns / games, 1) if games else 0,
        "average_safes_opened": round(tally.safes / games, 2) if games else 0,
        "decision_ms_mean": round(1000 * sum(decisions) / len(decisions), 2) if decisions else 0,
        "decision_ms_p95": round(1000 * _p95(decisions), 2),
        "turn_ms_mean": round(1000 * sum(turn_times) / len(turn_times), 2) if turn_times else 0,
        "turn_ms_p95": round(1000 * _p95(turn_times), 2),
        "turn_cpu_ms_mean": round(1000 * sum(turn_cpus) / len(turn_cpus), 2) if turn_cpus else 0,
        "turn_cpu_ms_p95": round(1000 * _p95(turn_cpus), 2),
        "seconds": round(elapsed, 1),
    }


def check(text: str) -> list[str]:
    """Problems found in a saved game; an empty list means it is valid."""
    try:
        doc = load_json(text, max_chars=MAX_GAME_JSON_CHARS, max_depth=MAX_GAME_JSON_DEPTH)
    except InputError as exc:
        return [f"not a saved game: {exc}"]
    if not isinstance(doc, dict):
        return ["a saved game is a JSON object"]
    if "state" in doc:
        try:
            game = from_json(text)
        except StateError as exc:
            return [str(exc)]
        try:
            live = replay(game.setup, game.history)
        except ActionError as exc:
            return [f"the action list does not replay: {exc}"]
        if live.state != game.state:
            return ["the saved state differs from the replay of its actions"]
        return []
    try:
        setup = Setup.from_code(doc.get("setup", ""))
    except SetupError as exc:
        return [f"setup: {exc}"]
    acts = doc.get("actions")
    if not isinstance(acts, list) or not all(isinstance(a, str) for a in acts):
        return ["actions: expected a list of action texts"]
    if len(acts) > MAX_GAME_ACTIONS:
        return [f"actions: more than {MAX_GAME_ACTIONS}"]
    try:
        replay(setup, acts)
    except ActionError as exc:
        return [str(exc)]
    return []


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=__version__)
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="random legal play; prints JSON figures")
    sim.add_argument("--scenario", choices=sorted(_SCENARIO_NAMES), default="bank")
    sim.add_argument("--players", type=int, choices=range(1, 5), default=2)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--advanced", action="store_true", help="advanced character sides")
    sim.add_argument("--lost-visual", action="store_true")
    sim.add_argument("--random-walls", action="store_true")
    auto = sub.add_parser("autoplay", help="every seat on the autopilot; prints JSON figures")
    auto.add_argument("--scenario", choices=sorted(_SCENARIO_NAMES), default="bank")
    auto.add_argument("--players", type=int, choices=range(1, 5), default=2)
    auto.add_argument("--games", type=int, default=20)
    auto.add_argument("--seed", type=int, default=0)
    auto.add_argument("--advanced", action="store_true", help="advanced character sides")
    auto.add_argument("--worlds", type=int, default=None, help="samples per decision")
    auto.add_argument(
        "--jobs", type=int, default=1, help="processes (the games split by seed ranges)"
    )
    chk = sub.add_parser("check", help="validate a saved game file")
    chk.add_argument("file", type=Path)
    args = parser.parse_args(argv)
    if args.command == "simulate":
        if args.games < 1:
            parser.error("--games must be at least 1")
        result = simulate(
            _SCENARIO_NAMES[args.scenario],
            args.players,
            args.games,
            args.seed,
            advanced=args.advanced,
            lost_visual=args.lost_visual,
            random_walls=args.random_walls,
        )
        print(json.dumps(result))
        return 0
    if args.command == "autoplay":
        if args.games < 1:
            parser.error("--games must be at least 1")
        result = autoplay(
            _SCENARIO_NAMES[args.scenario],
            args.players,
            args.games,
            args.seed,
            advanced=args.advanced,
            worlds=args.worlds,
            jobs=args.jobs,
        )
        print(json.dumps(result))
        return 0
    try:
        text = args.file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        print(f"{args.file}: cannot read: {exc}", file=sys.stderr)
        return 2
    problems = check(text)
    if problems:
        for p in problems:
            print(f"{args.file}: {p}")
        return 1
    print(f"{args.file}: valid")
    return 0
