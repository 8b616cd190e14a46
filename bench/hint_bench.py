"""Hint safety: how often the autopilot's hint pays a price that some legal action avoids, and
how often its reason claims a safe plan when the action is not. Prints figures; asserts
nothing.

Over the positions of N autoplay games (every seat on the autopilot, random characters,
standard walls; by default the Bank Job, 2 burglars, basic sides; the page's hint bot:
`page_bot`),
at every action of a burglar's actions step (the decisions a card or an alarm asks there
are counted apart: how often their reason claims safety when the option is costly):

* the hinted action is played on a copy of the real game: it is *costly* when the current
  burglar loses a Stealth token of their own, an alarm goes off or the game is lost before
  the action's effects are over (for End, the Event and the guard's move included, up to the
  next burglar's turn: what really happens, hidden cards too);
* "avoidable": some other legal action was not costly in the same position (tried the same way);
* "says safe": the reason's words claim the plan pays nothing and ends out of the guard's
  reach (`Explanation.claims_safe`) while the action is costly. Target: never.

    python bench/hint_bench.py                 # 100 games from seed 5000
    HINT_BENCH_GAMES=20 python bench/hint_bench.py
    HINT_BENCH_LOST_VISUAL=1 python bench/hint_bench.py   # the Lost Visual variant on
    HINT_BENCH_SCENARIO=office HINT_BENCH_PLAYERS=3 HINT_BENCH_SIDE=advanced \
        python bench/hint_bench.py             # another crew (default: bank, 2, basic)

With Lost Visual on, 40 games (seeds 5000-5039): the reason said safe wrongly 40 times
before the guard's chance counted a lost guard's return (8d36ee1), 0 after.
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.rules.actions import Action
from engine.rules.data import ScenarioId, Side
from engine.rules.events import AlarmRaised, GameLost, StealthLost, TurnStarted
from engine.rules.game import Game, new_game
from engine.rules.setup import crew_setup
from engine.rules.state import Step
from ui.autopilot import page_bot


def costly(game: Game, action: Action) -> bool:
    """Playing `action` on a copy: the burglar's own Stealth, an alarm or the game is lost."""
    me = game.state.current
    trial = game.clone()
    for event in trial.apply(action):
        if isinstance(event, TurnStarted):
            break  # the next burglar's turn: not this action's price
        if isinstance(event, StealthLost) and event.player == me and not event.from_tile:
            return True
        if isinstance(event, (AlarmRaised, GameLost)):
            return True
    return False


def crew() -> tuple[ScenarioId, int, Side]:
    """The table the bench plays, from HINT_BENCH_SCENARIO / _PLAYERS / _SIDE."""
    try:
        scenario = ScenarioId(os.environ.get("HINT_BENCH_SCENARIO", "bank"))
        players = int(os.environ.get("HINT_BENCH_PLAYERS", "2"))
        side = Side(os.environ.get("HINT_BENCH_SIDE", "basic"))
    except ValueError as e:
        sys.exit(
            f"hint_bench: {e} (scenarios: {', '.join(s.value for s in ScenarioId)}; "
            f"sides: {', '.join(s.value for s in Side)}; players: 1-4)"
        )
    if not 1 <= players <= 4:
        sys.exit(f"hint_bench: {players} burglars; a crew is 1 to 4")
    return scenario, players, side


def main() -> None:
    games = int(os.environ.get("HINT_BENCH_GAMES", "100"))
    seed = int(os.environ.get("HINT_BENCH_SEED", "5000"))
    lost_visual = os.environ.get("HINT_BENCH_LOST_VISUAL", "") not in ("", "0")
    scenario, players, side = crew()
    positions = hinted_costly = avoidable = says_safe = claims = 0
    decisions = decision_claims = decision_wrong = 0
    start = time.perf_counter()
    for game_seed in range(seed, seed + games):
        setup = crew_setup(scenario, players, side, game_seed)
        game = new_game(replace(setup, lost_visual=lost_visual))
        bots = [page_bot(game_seed, k, scenario) for k in range(players)]  # the page's own bots
        n = 0
        while not game.is_over() and n < 3000:
            bot = bots[game.state.current]
            action = bot.choose(game)
            st = game.state
            e = bot.last_explanation
            if st.step == Step.ACTIONS and st.pending is not None and e is not None:
                decisions += 1
                decision_claims += e.claims_safe
                decision_wrong += e.claims_safe and costly(game, action)
            elif st.step == Step.ACTIONS and e is not None:
                positions += 1
                paid = costly(game, action)
                claims += e.claims_safe
                if paid:
                    hinted_costly += 1
                    says_safe += e.claims_safe
                    if any(not costly(game, a) for a in game.legal_actions() if a != action):
                        avoidable += 1
            game.apply(action)
            n += 1
    seconds = time.perf_counter() - start
    print(
        f"hint safety, {scenario.value} {players}p {side.value}"
        f"{', Lost Visual' if lost_visual else ''}, {games} games "
        f"(seeds {seed}-{seed + games - 1}), "
        f"{positions} positions: hinted action costly {hinted_costly} "
        f"({hinted_costly / max(positions, 1):.1%}), of which a legal action avoided the "
        f"price {avoidable} ({avoidable / max(positions, 1):.1%} of positions); "
        f"reason says safe {claims} times, wrongly {says_safe} "
        f"-> {'meets' if says_safe == 0 else 'MISSES'} never; {seconds:.0f} s"
    )
    print(
        f"decisions asked in those actions: {decisions}; the reason says safe "
        f"{decision_claims} times, wrongly {decision_wrong} "
        f"-> {'meets' if decision_wrong == 0 else 'MISSES'} never"
    )


if __name__ == "__main__":
    main()
