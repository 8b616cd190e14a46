"""Properties of every game, checked over random legal play (hypothesis) and a soak run.

Whatever the scenario, crew size, options and choices: a save round-trips exactly, cards and
tokens are conserved (`check_state`), nobody stands outside the building or on a face-down
tile, nobody walks through a wall, the game offers actions exactly while it is not over, and
an action that is not offered is refused without changing anything.

Random play alone rarely gets far, so games are played in three modes: `plain` (from the
break-in), `open` (every tile revealed after the break-in, safe actions preferred) and
`endgame` (also every Safe open, burglars heading for the top floor's Stairs), which reaches
Safes opening, Gold Bars, escapes and wins.
"""

from __future__ import annotations

from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    Action,
    ActionKind,
    Game,
    IllegalActionError,
    PlayerSetup,
    ScenarioId,
    Setup,
    new_game,
    replay,
)
from engine.io.serialize import check_state, from_json, to_json
from engine.rules.data import LAVATORY_STEALTH, Loot, TileKind, Tool
from engine.rules.events import GuardMoved, PlayerMoved
from engine.rules.rng import Rng
from engine.rules.state import Step

K = TileKind
MODES = ("plain", "open", "endgame")
GREEDY = (ActionKind.ESCAPE, ActionKind.PICKUP, ActionKind.CRACK, ActionKind.ADD_DIE)


# ---------------------------------------------------------------------- playing


def make_setup(seed: int, scenario: ScenarioId, players: int, lost: bool, walls: bool) -> Setup:
    return Setup(
        scenario=scenario,
        players=tuple(PlayerSetup(f"P{i + 1}") for i in range(players)),
        seed=seed,
        lost_visual=lost,
        random_walls=walls,
    )


def reveal_all(game: Game) -> None:
    """Turn every tile face up, with the tokens a reveal places (Lavatory, Downstairs)."""
    st = game.state
    for f, fl in enumerate(st.floors):
        for c, t in enumerate(fl.tiles):
            if t is None or t.revealed:
                continue
            t.revealed = True
            if t.kind == K.LAVATORY:
                t.stealth = LAVATORY_STEALTH
            if t.kind == K.STAIRS and f + 1 < len(st.floors):
                above = st.floors[f + 1].tiles[c]
                assert above is not None
                above.downstairs = True
    game._state_changed()


def open_every_safe(game: Game) -> None:
    for fl in game.state.floors:
        for t in fl.tiles:
            if t is not None and t.kind == K.SAFE:
                t.safe_open = True
    game._state_changed()


def distance_to_roof(game: Game) -> dict[int, int]:
    """Walking distance (walls, Stairs) from every position to a top-floor Stairs."""
    st = game.state
    top = len(st.floors) - 1
    adj: dict[int, list[int]] = {}
    for f, fl in enumerate(st.floors):
        walls = {tuple(w) for w in fl.walls}
        for c, t in enumerate(fl.tiles):
            if t is None:
                continue
            here = (f << 6) | c
            adj.setdefault(here, [])
            for nb in neighbours(c):
                real = nb < len(fl.tiles) and fl.tiles[nb] is not None
                if real and (min(c, nb), max(c, nb)) not in walls:
                    adj[here].append((f << 6) | nb)
            if t.kind == K.STAIRS and f < top:
                adj[here].append(here + 64)
                adj.setdefault(here + 64, []).append(here)
    goals = [(top << 6) | c for c, t in enumerate(st.floors[top].tiles) if t and t.kind == K.STAIRS]
    dist = dict.fromkeys(goals, 0)
    todo = deque(goals)
    while todo:
        q = todo.popleft()
        for nb in adj.get(q, []):
            if nb not in dist:
                dist[nb] = dist[q] + 1
                todo.append(nb)
    return dist


def neighbours(cell: int) -> list[int]:
    col = cell % 8
    out = [cell - 8, cell + 8]
    if col > 0:
        out.append(cell - 1)
    if col < 7:
        out.append(cell + 1)
    return [c for c in out if c >= 0]


class Player:
    """A seeded random chooser, greedy for the heist in the `open` and `endgame` modes."""

    def __init__(self, game: Game, mode: str, seed: int) -> None:
        self.rng = Rng.from_seed(seed)
        self.mode = mode
        self.dist: dict[int, int] = {}
        legal = game.legal_actions()
        game.apply(legal[self.rng.below(len(legal))])  # the break-in
        if mode != "plain":
            reveal_all(game)
        if mode == "endgame":
            open_every_safe(game)
            self.dist = distance_to_roof(game)

    def choose(self, game: Game, legal: list[Action]) -> Action:
        r = self.rng
        if self.mode != "plain" and r.below(10) < 8:
            for kind in GREEDY:
                options = [a for a in legal if a.kind == kind]
                if options:
                    return options[r.below(len(options))]
            if self.mode == "endgame":
                here = game.state.players[game.state.current].pos
                d = self.dist.get(here, 99) if here is not None else 99
                closer = [
                    a for a in legal if a.kind == ActionKind.MOVE and self.dist.get(a.pos, 99) < d
                ]
                if closer:
                    return closer[r.below(len(closer))]
        if len(legal) > 1 and r.below(10) < 7:
            busy = [a for a in legal if a.kind != ActionKind.END]
            return busy[r.below(len(busy))]
        return legal[r.below(len(legal))]


# ---------------------------------------------------------------------- invariants


def candidate_actions(game: Game) -> list[Action]:
    """A broad universe of actions, mostly illegal at any given moment."""
    st = game.state
    floors = len(st.floors)
    positions = [(f << 6) | c for f in range(floors + 1) for c in (0, 9, 18, 27, 36, 63)]
    out = [Action(k) for k in (ActionKind.HACK, ActionKind.ADD_DIE, ActionKind.CRACK)]
    out += [Action(ActionKind.ESCAPE), Action(ActionKind.END)]
    for pos in positions:
        out += [Action(k, pos=pos) for k in (ActionKind.ENTER, ActionKind.MOVE, ActionKind.PEEK)]
    for card in ("crowbar", "gold-bar", "stamp", "dragon"):
        for player in range(-1, 5):
            out += [Action(k, card=card, player=player) for k in (ActionKind.GIVE, ActionKind.TAKE)]
    for tool in (Tool.EMP, Tool.DYNAMITE, Tool.DONUTS):
        out += [
            Action(ActionKind.USE, card=tool.value),
            Action(ActionKind.USE, card=tool.value, pos=9),
        ]
    out += [Action(ActionKind.PICKUP, card=x.value) for x in (Loot.GOLD_BAR, Loot.PERSIAN_KITTY)]
    out += [Action(ActionKind.CHOOSE, option=o) for o in ("hack", "pay", "trigger", "1.A1", "x")]
    return out


def on_real_revealed_tile(game: Game, pos: int) -> bool:
    t = game.tile_at(pos)
    return t is not None and t.revealed and (pos & 63) % 8 < game.state.size


def check_pieces(game: Game) -> None:
    st = game.state
    for i, p in enumerate(st.players):
        if p.pos is None:
            assert p.escaped or not p.entered or st.step == Step.OVER, f"P{i + 1} vanished"
        else:
            assert not p.escaped
            assert on_real_revealed_tile(game, p.pos), f"P{i + 1} off the board or face down"
    if st.step != Step.OVER:
        assert not st.players[st.current].escaped
        assert st.actions_left >= 0


def check_steps(game: Game, events: list) -> None:
    """Walks and guard steps join orthogonal neighbours on one floor with no wall between."""
    for e in events:
        walked = isinstance(e, PlayerMoved) and e.how == "walk"
        if not (walked or isinstance(e, GuardMoved)):
            continue
        src, dst = e.src, e.dst
        assert src >> 6 == dst >> 6, e
        a, b = sorted((src & 63, dst & 63))
        assert b in neighbours(a), e
        walls = {tuple(w) for w in game.state.floors[src >> 6].walls}
        assert (a, b) not in walls, f"{e} crossed a wall"


def check_refusals(game: Game, twin: Game, rng: Rng, tries: int = 3) -> None:
    """Actions not offered raise IllegalActionError and leave the game equal to its `twin`."""
    legal = set(game.legal_actions())
    pool = [a for a in candidate_actions(game) if a not in legal]
    steps = len(game.history)
    for _ in range(tries):
        action = pool[rng.below(len(pool))]
        try:
            game.apply(action)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"{action} was applied though not legal")
        assert game.state == twin.state, f"refusing {action} changed the game"
        assert len(game.history) == steps


def check_everything(game: Game, setup: Setup, events: list, rng: Rng) -> None:
    legal = game.legal_actions()
    assert (legal == []) == game.is_over()
    check_pieces(game)
    check_steps(game, events)
    back = from_json(to_json(game))  # from_json runs check_state: cards, tokens, decks
    assert back.state == game.state
    assert back.history == game.history
    assert back.legal_actions() == legal
    check_refusals(game, back, rng)


# ---------------------------------------------------------------------- property test


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    scenario=st.sampled_from(list(ScenarioId)),
    players=st.integers(1, 4),
    lost_visual=st.booleans(),
    random_walls=st.booleans(),
    mode=st.sampled_from(MODES),
)
def test_every_step_of_random_play_keeps_the_invariants(
    seed, scenario, players, lost_visual, random_walls, mode
):
    """After every action: exact save round trip, cards and tokens conserved, pieces on
    revealed tiles, no wall crossed, actions offered iff not over, illegal actions refused."""
    setup = make_setup(seed, scenario, players, lost_visual, random_walls)
    game = new_game(setup)
    chooser = Player(game, mode, seed)
    probe = Rng.from_seed(seed ^ 0xBEEF)
    check_everything(game, setup, [], probe)
    for _ in range(100):
        legal = game.legal_actions()
        if not legal:
            break
        events = game.apply(chooser.choose(game, legal))
        check_everything(game, setup, events, probe)
    if mode == "plain":
        assert to_json(replay(setup, game.history)) == to_json(game)


def test_modes_reach_the_end_of_the_game():
    """The play modes above do reach opened Safes, escapes and wins (so the checks see them)."""
    outcomes = set()
    opened = escaped = 0
    for seed in range(40):
        setup = make_setup(seed, list(ScenarioId)[seed % 3], 1 + seed % 4, False, False)
        game = new_game(setup)
        chooser = Player(game, MODES[1 + seed % 2], seed)
        for _ in range(600):
            legal = game.legal_actions()
            if not legal:
                break
            names = {type(e).__name__ for e in game.apply(chooser.choose(game, legal))}
            opened += "SafeOpened" in names
            escaped += "PlayerEscaped" in names
        outcomes.add(game.outcome)
    assert outcomes >= {"win", "loss"}
    assert opened > 0 and escaped > 0


# ---------------------------------------------------------------------- soak


def test_soak_thousands_of_random_games():
    """Thousands of random games over every scenario, crew size and option: no exception, the
    game is offered actions iff not over, and every final state passes check_state."""
    outcomes_win = outcomes_loss = 0
    scenarios = list(ScenarioId)
    for seed in range(2000):
        setup = make_setup(
            seed * 7919,
            scenarios[seed % 3],
            1 + (seed // 3) % 4,
            (seed // 12) % 2 == 1,
            (seed // 24) % 2 == 1,
        )
        game = new_game(setup)
        chooser = Player(game, MODES[seed % 3], seed)
        for _ in range(300):
            legal = game.legal_actions()
            if not legal:
                break
            game.apply(chooser.choose(game, legal))
        assert (game.legal_actions() == []) == game.is_over()
        check_state(game.state, setup)
        check_pieces(game)
        outcomes_win += game.outcome == "win"
        outcomes_loss += game.outcome == "loss"
    assert outcomes_win > 0 and outcomes_loss > 0
