"""Command line: `python -m engine simulate|autoplay ...` and `python -m engine check FILE`.

simulate  plays N games with uniformly random legal actions and prints JSON figures.
autoplay  plays N games with every seat on the autopilot and prints JSON: wins, losses and
          why, average turns, decision and turn times (mean, p95). The games are played by
          `engine.autopilot.autoplay`; the command line, the top layer, only dispatches.
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
from typing import Literal

from . import __version__
from .autopilot.autoplay import autoplay
from .autopilot.defaults import SEARCH
from .autopilot.search import TurnSearch
from .io.limits import (
    MAX_GAME_ACTIONS,
    MAX_GAME_JSON_CHARS,
    MAX_GAME_JSON_DEPTH,
    InputError,
    load_json,
)
from .io.serialize import StateError, from_json
from .rules.actions import ActionError
from .rules.data import ScenarioId, Side
from .rules.game import new_game, replay
from .rules.rng import Rng
from .rules.setup import Setup, SetupError, crew_setup

_SCENARIO_NAMES = {
    "office": ScenarioId.OFFICE,
    "bank": ScenarioId.BANK,
    "fortknox": ScenarioId.FORT_KNOX,
    "fort-knox": ScenarioId.FORT_KNOX,
}


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


def _search(args: argparse.Namespace) -> TurnSearch | Literal["default"] | None:
    """autoplay's search from the --search-* options."""
    if args.search_worlds is None:
        return "default"
    if args.search_worlds <= 0:
        return None
    return TurnSearch(
        worlds=args.search_worlds,
        plans=args.search_plans,
        horizon=args.search_horizon,
        margin=args.search_margin,
        world_end=not args.search_priced_end,
        escape_turns=args.search_escape_turns,
    )


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
    auto.add_argument(
        "--worlds",
        type=int,
        default=None,
        help="samples per decision (default: engine/autopilot/defaults.py's WORLDS)",
    )
    auto.add_argument(
        "--jobs", type=int, default=1, help="processes (the games split by seed ranges)"
    )
    auto.add_argument(
        "--sampler",
        type=int,
        default=0,
        help="move the bots' seeds (the same games, other sampled worlds): the bot's own "
        "spread, to compare a change against",
    )
    auto.add_argument(
        "--search-worlds",
        type=int,
        default=None,
        help="whole-turn plan search: samples each plan is played in (0: off; default: "
        "engine/autopilot/defaults.py's SEARCH)",
    )
    auto.add_argument("--search-plans", type=int, default=4, help="plans compared")
    auto.add_argument("--search-horizon", type=int, default=0, help="1: the next turn too")
    auto.add_argument("--search-margin", type=float, default=40.0, help="points per world")
    auto.add_argument(
        "--search-priced-end",
        action="store_true",
        help="end each plan's turn as the bot prices it, not as each world plays it",
    )
    auto.add_argument(
        "--search-escape-turns",
        type=int,
        default=SEARCH.escape_turns if SEARCH is not None else 0,
        help="with every Loot held, turns the rule of thumb plays on after each plan (0: none; "
        "default: engine/autopilot/defaults.py's SEARCH)",
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
            search=_search(args),
            sampler=args.sampler,
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
