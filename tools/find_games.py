"""Find complete, legal Burgle Bros. games that end in a win (or a loss), for test fixtures.

A planner with full knowledge of the hidden state (face-down tiles, deck order, the RNG):
it plays the real engine, so every action it writes down is one `legal_actions()` listed.

Search: a beam over whole turns. From each kept state, one turn is expanded action by action
(a layered search; identical states are merged, each layer keeps the best partial turns),
including the decisions that come up during the turn or while it ends (events, alarms).
Every finished turn is scored; the best `beam` states go on to the next turn. The first turn
level that holds a win (or a loss, with `--goal loss`) ends the search: the game is as short in
turns as the beam could make it, and then as short in actions.

The score counts opened Safes, cracked and revealed combination tiles, dice on the Safe being
worked, the distance of each burglar to the next thing to do, Stealth kept, escaped burglars,
and guards about to walk over someone. Candidate actions are restricted to keep the search
small (no tools, abilities, hacks or card passing; Peeks only at combination tiles; no Move
back onto a tile already stood on this turn): a restriction, never an invention, since each
candidate comes from `legal_actions()`.

Deterministic: no `random`, ties are broken by generation order.

    python3 tools/find_games.py --scenario office --players peterman --seeds 0-20 \\
        --out tests/fixtures/games/office_1p_win.json
    python3 tools/find_games.py --scenario bank --players peterman,hacker --goal loss
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
import time
from dataclasses import dataclass
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Action, ActionKind, Character, PlayerSetup, ScenarioId, Setup, new_game
from engine.rules.data import TileKind
from engine.rules.game import Game
from engine.rules.state import Step

WIN = 1e9
LOSS = -1e9

_SCENARIOS = {
    "office": ScenarioId.OFFICE,
    "bank": ScenarioId.BANK,
    "fortknox": ScenarioId.FORT_KNOX,
}


# ---------------------------------------------------------------------- copying and keys


def clone(game: Game) -> Game:
    """An independent game in the same state (the RNG is rebuilt from `state.rng`)."""
    return Game(pickle.loads(pickle.dumps(game.state, pickle.HIGHEST_PROTOCOL)), game.setup)


def state_key(game: Game) -> bytes:
    """Identity of a state for merging: everything but the action counter."""
    st = game.state
    applied = st.actions_applied
    st.actions_applied = 0
    try:
        return pickle.dumps(st, pickle.HIGHEST_PROTOCOL)
    finally:
        st.actions_applied = applied


@dataclass(slots=True)
class Trail:
    """The actions that led to a state, as a shared linked list (cheap to extend)."""

    parent: Trail | None
    action: str
    length: int

    def extend(self, action: str) -> Trail:
        return Trail(self, action, self.length + 1)

    def actions(self) -> list[str]:
        out = []
        node: Trail | None = self
        while node is not None and node.length > 0:
            out.append(node.action)
            node = node.parent
        return out[::-1]


ROOT = Trail(None, "", 0)


# ---------------------------------------------------------------------- the building


class Building:
    """Static facts of one dealt building (where the Safes and Stairs are)."""

    def __init__(self, game: Game) -> None:
        self.floors = len(game.state.floors)
        self.safes: list[int] = []
        self.stairs: list[int] = []
        for f in range(self.floors):
            for pos in game.positions(f):
                kind = game.tile(pos).kind
                if kind == TileKind.SAFE:
                    self.safes.append(pos)
                elif kind == TileKind.STAIRS:
                    self.stairs.append(pos)
        self.safes.sort()
        self.stairs.sort()
        self.combos = {s: game.combination(s) for s in self.safes}
        self.stairs_of = {s >> 6: s for s in self.stairs}

    def dist(self, game: Game, a: int, b: int) -> int:
        """Steps from a to b through open doors and Stairs (tile rules ignored)."""
        fa, fb = a >> 6, b >> 6
        if fa == fb:
            d = game.geometry(fa).dist[a & 63][b & 63]
            return d if d >= 0 else 50
        if fa < fb:
            s = self.stairs_of[fa]
            return self.dist(game, a, s) + 1 + self.dist(game, s + 64, b)
        s = self.stairs_of[fa - 1] + 64  # the Downstairs tile of this floor
        return self.dist(game, a, s) + 1 + self.dist(game, s - 64, b)


# ---------------------------------------------------------------------- scoring


def guard_path(game: Game, floor: int, steps: int) -> list[int]:
    """Where the floor's guard will walk in his next `steps` steps (patrol deck peeked)."""
    g = game.state.floors[floor].guard
    if g.pos is None or g.dest is None:
        return []
    geo = game.geometry(floor)
    pos, dest = g.pos, g.dest
    deck = list(g.patrol)
    out = []
    base = floor << 6
    while steps > 0:
        if pos == dest:
            alarms = game.alarms(floor)
            if alarms or not deck:
                break
            dest = deck.pop()
            if dest < 0 or dest == pos:
                break
            continue
        pos = base | geo.next_steps(dest & 63)[pos & 63]
        out.append(pos)
        steps -= 1
    return out


_STEALTH_VALUE = (-1500, 0, 600, 850, 1000)  # index: Stealth + 1 (-1: caught)


def stealth_value(n: int) -> float:
    """Stealth is cheap while there is plenty, precious once almost gone."""
    if n + 1 < len(_STEALTH_VALUE):
        return _STEALTH_VALUE[n + 1]
    return _STEALTH_VALUE[-1] + 60 * (n + 2 - len(_STEALTH_VALUE))


def score(game: Game, b: Building, goal: str, leaf: bool) -> float:
    st = game.state
    if st.step == Step.OVER:
        if st.outcome == "win":
            return WIN if goal == "win" else LOSS
        return WIN if goal == "loss" else LOSS
    if goal == "loss":
        return _loss_score(game)
    s = 0.0
    opened = [game.tile(q).safe_open for q in b.safes]
    s += 1000 * sum(opened)
    todo = [q for q, o in zip(b.safes, opened, strict=True) if not o]
    for q in todo:
        for c in b.combos[q]:
            t = game.tile(c)
            if t.kind == TileKind.SAFE:
                continue
            if t.cracked:
                s += 90
            elif t.revealed:
                s += 30
    # Where to go next: the lowest Safe not yet open (its hidden combination tiles first),
    # then Loot lying on a tile, then the top floor's Stairs.
    targets: list[tuple[int, int]] = []  # (position, allowance: peeking from next door)
    if todo:
        safe = todo[0]
        hidden = [c for c in b.combos[safe] if not game.tile(c).revealed]
        if hidden:
            targets = [(c, 1) for c in hidden]
        else:
            targets = [(safe, 0)]
            s += 25 * min(game.tile(safe).dice, 4)
    lying = [q for f in range(b.floors) for q in game.positions(f) if game.tile(q).loot]
    if lying:
        s -= 200 * len(lying)
        if not targets:
            targets = [(q, 0) for q in lying]
    if not targets:
        top = b.stairs_of[b.floors - 1]
        targets = [(top, 0)]
    s -= st.actions_applied  # the shorter the better, all else equal
    for i, p in enumerate(st.players):
        if p.escaped:
            s += 3000
            continue
        s += stealth_value(p.stealth)
        if p.pos is None:
            continue
        d = min(max(0, b.dist(game, p.pos, q) - allow) for q, allow in targets)
        s -= 14 * d
        f = p.pos >> 6
        g = st.floors[f].guard
        if leaf and g.pos is not None:
            steps = g.speed + len(game.alarms(f))
            path = guard_path(game, f, steps)
            # About to be found: worth part of the next Stealth token (all of the last one).
            risk = stealth_value(p.stealth) - stealth_value(p.stealth - 1)
            if p.pos in path:
                s -= risk * (0.4 if i == st.current else 0.7)
            elif g.pos == p.pos:
                s -= risk * 0.2
    for f in range(b.floors):
        s -= 40 * len(game.alarms(f))
    return s


def _loss_score(game: Game) -> float:
    """For `--goal loss`: lose Stealth fast, stay next to the guard."""
    st = game.state
    s = -300.0 * sum(p.stealth for p in st.players)
    for p in st.players:
        if p.pos is None:
            continue
        g = st.floors[p.pos >> 6].guard
        if g.pos is not None and g.pos >> 6 == p.pos >> 6:
            d = game.geometry(p.pos >> 6).dist[p.pos & 63][g.pos & 63]
            s -= 10 * max(d, 0)
    return s


# ---------------------------------------------------------------------- candidates


def candidates(game: Game, b: Building) -> list[Action]:
    """The legal actions worth trying now (a subset of `legal_actions()`)."""
    st = game.state
    legal = game.legal_actions()
    if st.pending is not None or st.step != Step.ACTIONS:
        return legal
    useful_peeks = set()
    for q in b.safes:
        if not game.tile(q).safe_open:
            useful_peeks.update(b.combos[q])
    out = []
    for a in legal:
        k = a.kind
        if k == ActionKind.MOVE:
            if a.pos not in st.visited:
                out.append(a)
        elif k == ActionKind.PEEK:
            if a.pos in useful_peeks:
                out.append(a)
        elif k in (
            ActionKind.ENTER,
            ActionKind.ADD_DIE,
            ActionKind.CRACK,
            ActionKind.ESCAPE,
            ActionKind.PICKUP,
            ActionKind.END,
            ActionKind.CHOOSE,
        ):
            out.append(a)
    return out


# ---------------------------------------------------------------------- search


@dataclass(slots=True)
class Node:
    game: Game
    path: Trail
    value: float = 0.0


def expand_turn(nodes: list[Node], b: Building, goal: str, layer_cap: int) -> list[Node]:
    """Every distinct way (within the caps) to finish the current turn from each node."""
    leaves: dict[bytes, Node] = {}
    frontier = nodes
    layer = 0
    while frontier and layer < 16:
        layer += 1
        partial: dict[bytes, Node] = {}
        for n in frontier:
            t0 = n.game.state.turn
            for a in candidates(n.game, b):
                g = clone(n.game)
                g.apply(a)
                child = Node(g, n.path.extend(str(a)))
                st = g.state
                done = st.step == Step.OVER or (
                    st.turn != t0 and st.pending is None and st.step == Step.ACTIONS
                )
                key = state_key(g)
                if done:
                    old = leaves.get(key)
                    if old is None or old.path.length > child.path.length:
                        child.value = score(g, b, goal, True)
                        leaves[key] = child
                elif key not in partial:
                    child.value = score(g, b, goal, False)
                    partial[key] = child
        ordered = sorted(partial.values(), key=lambda x: -x.value)
        frontier = ordered[:layer_cap]
    return list(leaves.values())


def search(
    setup: Setup,
    goal: str = "win",
    beam: int = 8,
    layer_cap: int = 0,
    max_turns: int = 60,
    entrances: int = 16,
    verbose: bool = False,
) -> list[str] | None:
    """An action list that ends the game with `goal` ("win" or "loss"), or None."""
    layer_cap = layer_cap or 5 * beam
    game = new_game(setup)
    b = Building(game)
    nodes = []
    for a in game.legal_actions()[:entrances]:  # the entrance: every ground-floor tile
        g = clone(game)
        g.apply(a)
        nodes.append(Node(g, ROOT.extend(str(a)), score(g, b, goal, True)))
    nodes.sort(key=lambda x: -x.value)
    nodes = nodes[:beam]
    for turn in range(max_turns):
        leaves = expand_turn(nodes, b, goal, layer_cap)
        if not leaves:
            return None
        done = [n for n in leaves if n.game.is_over() and n.game.outcome == goal]
        if done:
            best = min(done, key=lambda x: x.path.length)
            return best.path.actions()
        alive = [n for n in leaves if not n.game.is_over()]
        alive.sort(key=lambda x: (-x.value, x.path.length))
        nodes = alive[:beam]
        if not nodes:
            return None
        if verbose:
            top = nodes[0]
            st = top.game.state
            print(
                f"  turn {turn + 1}: {len(leaves)} leaves, best {top.value:.0f}, "
                f"stealth {[p.stealth for p in st.players]}, "
                f"open {[top.game.tile(q).safe_open for q in b.safes]}",
                file=sys.stderr,
            )
    return None


# ---------------------------------------------------------------------- command line


def make_setup(scenario: str, characters: list[str], seed: int) -> Setup:
    players = tuple(PlayerSetup(f"Burglar {i + 1}", Character(c)) for i, c in enumerate(characters))
    return Setup(scenario=_SCENARIOS[scenario], players=players, seed=seed)


def parse_seeds(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        if "-" in part:
            lo, hi = part.split("-")
            out.extend(range(int(lo), int(hi) + 1))
        else:
            out.append(int(part))
    return out


def fixture(name: str, setup: Setup, actions: list[str]) -> dict[str, object]:
    from engine import replay

    game = replay(setup, actions)
    return {
        "name": name,
        "setup": setup.to_code(),
        "actions": actions,
        "outcome": game.outcome.result.value,
        "turns": game.state.turn,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--scenario", choices=sorted(_SCENARIOS), default="office")
    ap.add_argument("--players", default="peterman", help="characters, comma separated")
    ap.add_argument("--seeds", default="0-9", help="e.g. 0-20 or 3,5,8")
    ap.add_argument("--goal", choices=("win", "loss"), default="win")
    ap.add_argument("--beam", type=int, default=8)
    ap.add_argument("--layer-cap", type=int, default=0, help="default: 5 x beam")
    ap.add_argument("--max-turns", type=int, default=60)
    ap.add_argument("--all", action="store_true", help="try every seed, keep the shortest")
    ap.add_argument("--name", default="")
    ap.add_argument("--out", type=Path, help="write the fixture JSON here")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    chars = [c.strip() for c in args.players.split(",")]
    best: dict[str, object] | None = None
    for seed in parse_seeds(args.seeds):
        setup = make_setup(args.scenario, chars, seed)
        t0 = time.perf_counter()
        actions = search(
            setup,
            goal=args.goal,
            beam=args.beam,
            layer_cap=args.layer_cap or 5 * args.beam,
            max_turns=args.max_turns,
            verbose=args.verbose,
        )
        took = time.perf_counter() - t0
        if actions is None:
            print(f"seed {seed}: nothing found ({took:.1f} s)", file=sys.stderr)
            continue
        name = args.name or f"{args.scenario}-{len(chars)}p-{args.goal}-seed{seed}"
        fx = fixture(name, setup, actions)
        print(
            f"seed {seed}: {fx['outcome']} in {len(actions)} actions, {fx['turns']} turns "
            f"({took:.1f} s) {fx['setup']}",
            file=sys.stderr,
        )
        if fx["outcome"] != args.goal:
            continue
        if best is None or len(actions) < len(best["actions"]):  # type: ignore[arg-type]
            best = fx
        if not args.all:
            break
    if best is None:
        return 1
    text = json.dumps(best, indent=1) + "\n"
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text, encoding="utf-8")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
