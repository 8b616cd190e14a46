"""Make a long legal game that is still going: random play that avoids losing, for link sizes.

Each action is drawn at random (seeded, deterministic) from `legal_actions()`; an action after
which the crew has lost is drawn again, and when every choice of a turn leads to a loss the
search backs up a few actions. A kind of action is drawn first (move, peek, hack,
ability...), then one of that kind, and `end` comes late in the draw: so the burglars walk,
peek, hack and crack like players do instead of ending every turn at once.

    python3 tools/long_game.py --scenario bank --actions 500 --seed 1 --out long.json

`bank_500()` is the 500-action Bank Job of the link tests and `make bench`: made when needed
rather than stored, so that it stays a legal game while the rules engine changes.
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import ActionKind, Character, PlayerSetup, ScenarioId, Setup, new_game
from engine.rules.game import Game

_SCENARIOS = {
    "office": ScenarioId.OFFICE,
    "bank": ScenarioId.BANK,
    "fortknox": ScenarioId.FORT_KNOX,
}


def clone(game: Game) -> Game:
    copy = Game(pickle.loads(pickle.dumps(game.state, pickle.HIGHEST_PROTOCOL)), game.setup)
    copy.history = list(game.history)
    return copy


def long_game(setup: Setup, length: int, seed: int, max_steps: int = 200_000) -> list[str]:
    """`length` legal actions after which the game is not lost (nor won); ValueError if the
    search gives up."""
    rnd = random.Random(seed)
    stack: list[Game] = [new_game(setup)]
    steps = 0
    abilities: dict[tuple[int, int], int] = {}
    while len(stack) - 1 < length:
        steps += 1
        if steps > max_steps:
            raise ValueError("no long game found: try another seed")
        game = stack[-1]
        legal = game.legal_actions()
        by_kind: dict[ActionKind, list[Any]] = {}
        for action in legal:
            by_kind.setdefault(action.kind, []).append(action)
        turn = (game.state.turn, game.state.current)
        if abilities.get(turn, 0) >= 1:  # some abilities are free: once a turn, or that is all
            by_kind.pop(ActionKind.ABILITY, None)
        kinds = [k for k in by_kind if k != ActionKind.END]
        rnd.shuffle(kinds)  # a kind first, then one of its actions: moves do not drown peeks
        if ActionKind.END in by_kind:
            kinds.insert(min(len(kinds), rnd.randrange(0, 4)), ActionKind.END)
        tries = [a for k in kinds for a in rnd.sample(by_kind[k], len(by_kind[k]))]
        for action in tries:
            nxt = clone(game)
            nxt.apply(action)
            if not nxt.is_over():
                stack.append(nxt)
                if action.kind == ActionKind.ABILITY:
                    abilities[turn] = abilities.get(turn, 0) + 1
                break
        else:  # every choice loses (or wins): back up a little and draw again
            for _ in range(min(len(stack) - 1, rnd.randrange(1, 12))):
                stack.pop()
    return [str(a) for a in stack[-1].history]


def bank_500() -> dict[str, Any]:
    """{"setup", "actions"}: 500 legal actions of a two-burglar Bank Job still in play."""
    setup = Setup(
        scenario=ScenarioId.BANK,
        players=(
            PlayerSetup("Burglar 1", Character.PETERMAN),
            PlayerSetup("Burglar 2", Character.HACKER),
        ),
        seed=1,
    )
    return {"setup": setup.to_code(), "actions": long_game(setup, 500, seed=1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="bank", choices=sorted(_SCENARIOS))
    parser.add_argument("--players", default="peterman,hacker", help="characters, by comma")
    parser.add_argument("--actions", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    setup = Setup(
        scenario=_SCENARIOS[args.scenario],
        players=tuple(
            PlayerSetup(f"Burglar {n}", Character(name))
            for n, name in enumerate(args.players.split(","), start=1)
        ),
        seed=args.seed,
    )
    actions = long_game(setup, args.actions, args.seed)
    doc = {"setup": setup.to_code(), "actions": actions}
    text = json.dumps(doc, indent=0)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text + "\n", encoding="utf-8")
    else:
        print(text)


if __name__ == "__main__":
    main()
