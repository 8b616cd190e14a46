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
from pathlib import Path

from . import __version__
from .data import ScenarioId, Side
from .game import IllegalActionError, from_json, new_game, replay
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


def autoplay(
    scenario: ScenarioId,
    players: int,
    games: int,
    seed: int,
    advanced: bool = False,
    worlds: int | None = None,
    max_actions: int = 3000,
) -> dict[str, object]:
    """Every seat on the autopilot: game i uses seed + i for the building (random
    characters, standard walls) and for the bots."""
    from .bot import Bot

    wins = losses = unfinished = turns = 0
    reasons: dict[str, int] = {}
    decisions: list[float] = []
    turn_times: list[float] = []  # wall clock: what a player waits
    turn_cpus: list[float] = []  # processor time: the same on a busy machine
    safes = 0
    start = time.perf_counter()
    side = Side.ADVANCED if advanced else Side.BASIC
    for i in range(games):
        setup = crew_setup(scenario, players, side, seed + i)
        game = new_game(setup)
        bots = [Bot(seed=(seed + i) * 8 + k) for k in range(players)]
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
            decisions.append(spent)
            turn_time += spent
            turn_cpu += cpu
            key = (game.state.turn, game.state.current)
            if key != turn_key or game.is_over():
                turn_times.append(turn_time)
                turn_cpus.append(turn_cpu)
                turn_key, turn_time, turn_cpu = key, 0.0, 0.0
            n += 1
        turns += game.state.turn
        safes += sum(
            1 for fl in game.state.floors for t in fl.tiles if t is not None and t.safe_open
        )
        if game.outcome == "win":
            wins += 1
        elif game.outcome == "loss":
            losses += 1
            reasons[game.state.reason] = reasons.get(game.state.reason, 0) + 1
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
        "win_rate": round(wins / games, 3) if games else 0,
        "loss_reasons": dict(sorted(reasons.items())),
        "average_turns": round(turns / games, 1) if games else 0,
        "average_safes_opened": round(safes / games, 2) if games else 0,
        "decision_ms_mean": round(1000 * sum(decisions) / len(decisions), 2) if decisions else 0,
        "decision_ms_p95": round(1000 * _p95(decisions), 2),
        "turn_ms_mean": round(1000 * sum(turn_times) / len(turn_times), 2) if turn_times else 0,
        "turn_ms_p95": round(1000 * _p95(turn_times), 2),
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
        except IllegalActionError as exc:
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
    except IllegalActionError as exc:
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
