"""What the crew works toward, read from a position: each floor's survey, the floor a
burglar works on, his goals and the distance to them, and the `Aim` a hint names."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from ..rules.data import Loot
from ..rules.data import TileKind as K
from ..rules.game import Game
from ..rules.state import Tile


def safe_of(game: Game, floor: int) -> list[int]:
    """Revealed Safes on a floor."""
    base = floor << 6
    return [
        base | c
        for c, t in enumerate(game.state.floors[floor].tiles)
        if t is not None and t.revealed and t.kind == K.SAFE
    ]


def _ways_down(game: Game, floor: int) -> list[int]:
    """The floor's tiles marked as the way down (the floor below's Stairs, once found)."""
    tiles = game.state.floors[floor].tiles
    return [(floor << 6) | c for c, t in enumerate(tiles) if t is not None and t.downstairs]


def _revealed_of_kind(game: Game, floor: int, kind: K) -> list[int]:
    base = floor << 6
    return [
        base | c
        for c, t in enumerate(game.state.floors[floor].tiles)
        if t is not None and t.revealed and t.kind == kind
    ]


def _unrevealed(game: Game, floor: int) -> list[int]:
    base = floor << 6
    return [
        base | c
        for c, t in enumerate(game.state.floors[floor].tiles)
        if t is not None and not t.revealed
    ]


@dataclass(slots=True)
class FloorSurvey:
    """One floor read in one pass (what `evaluate` asks of every floor several times):
    revealed Safes and Stairs, face-down tiles, Downstairs tokens, in cell order; `busy`: a
    revealed Safe still closed or holding Loot; `loose`: tiles with Loot lying on them."""

    safes: list[int]
    stairs: list[int]
    hidden: list[int]
    down: list[int]
    busy: bool
    loose: list[int] = field(default_factory=list)
    ducts: list[int] = field(default_factory=list)  # revealed Service Ducts

    @property
    def to_do(self) -> bool:
        """The floor's Safe is still to find or open, or its Loot still lies in it."""
        return self.busy or not self.safes


def survey(game: Game) -> list[FloorSurvey]:
    return _scan(game)[0]


# A floor's revealed tiles in cell order (cell, tile), its alarms: what `evaluate` scores.
_Shown = list[tuple[int, Tile]]


def _scan(game: Game) -> tuple[list[FloorSurvey], list[_Shown], list[int], bool]:
    """One pass over every tile: (`survey`, each floor's revealed tiles, each floor's
    alarm count, `team_has_all_loot`), so `evaluate` reads each tile once."""
    out = []
    shown_all: list[_Shown] = []
    alarms: list[int] = []
    all_loot = True
    # locals: an enum member lookup costs more
    safe_kind, stairs_kind, duct_kind = K.SAFE, K.STAIRS, K.SERVICE_DUCT
    for f, fl in enumerate(game.state.floors):
        base = f << 6
        safes: list[int] = []
        stairs: list[int] = []
        hidden: list[int] = []
        down: list[int] = []
        shown: _Shown = []
        loose: list[int] = []
        ducts: list[int] = []
        busy = False
        ringing = 0
        for c, t in enumerate(fl.tiles):
            if t is None:
                continue
            # Alarms, Loot and Downstairs tokens are rare: one test for the three.
            if t.alarm or t.loot or t.downstairs:
                if t.alarm:
                    ringing += 1
                if t.loot:
                    all_loot = False
                    loose.append(base | c)
                if t.downstairs:
                    down.append(base | c)
            kind = t.kind
            if not t.revealed:
                if kind == safe_kind and not t.safe_open:
                    all_loot = False
                hidden.append(base | c)
                continue
            shown.append((c, t))
            if kind == safe_kind:
                safes.append(base | c)
                if not t.safe_open:
                    all_loot = False
                    busy = True
                elif t.loot:
                    busy = True
            elif kind == stairs_kind:
                stairs.append(base | c)
            elif kind == duct_kind:
                ducts.append(base | c)
        out.append(FloorSurvey(safes, stairs, hidden, down, busy, loose, ducts))
        shown_all.append(shown)
        alarms.append(ringing)
    return out, shown_all, alarms, all_loot


def _loose_loot(game: Game, sv: list[FloorSurvey] | None = None) -> list[int]:
    """Tiles with Loot lying on them: the second Gold Bar on its Safe, a Kitty that ran."""
    if sv is not None:
        return [q for s in sv for q in s.loose]
    return [
        (f << 6) | c
        for f, fl in enumerate(game.state.floors)
        for c, t in enumerate(fl.tiles)
        if t is not None and t.loot
    ]


def can_take(game: Game, player: int, pos: int) -> bool:
    """The burglar may pick up some Loot lying on `pos` (one Gold Bar each)."""
    held = game.state.players[player].loot
    return any(not (c == Loot.GOLD_BAR and Loot.GOLD_BAR in held) for c in game.tile(pos).loot)


def _safe_work(game: Game, floor: int) -> bool:
    """The floor's Safe is still to find or to open."""
    tiles = [t for t in game.state.floors[floor].tiles if t is not None]
    safes = [t for t in tiles if t.revealed and t.kind == K.SAFE]
    return not safes or any(not t.safe_open for t in safes)


def fetch_floor(game: Game, player: int, loose: list[int]) -> int:
    """The floor a burglar works on while Loot lies loose (`loose`, not empty): his own
    floor when he may take some lying there; else the Safes still to find or open first
    (the crew split as `player_floor` splits it); then the floor of loose Loot he may take
    (the nearest first; left to a teammate already there who may take it too); else the
    top floor: his part is done and he heads for the roof while a teammate fetches what
    he cannot carry (a second Gold Bar)."""
    st = game.state
    pos = st.players[player].pos
    here = pos >> 6 if pos is not None else 0
    mine = [q for q in loose if can_take(game, player, q)]
    if any(q >> 6 == here for q in mine):
        return here
    work = [f for f in range(len(st.floors)) if _safe_work(game, f)]
    if work:
        active = [i for i, p in enumerate(st.players) if p.pos is not None and not p.escaped]
        seat = active.index(player) % 2 if len(active) > 1 and player in active else 0
        return work[min(seat, len(work) - 1)]
    for q in sorted(mine, key=lambda q: (abs((q >> 6) - here), q)):
        f = q >> 6
        taken = any(
            i != player
            and p.pos is not None
            and not p.escaped
            and p.pos >> 6 == f
            and can_take(game, i, q)
            for i, p in enumerate(st.players)
        )
        if not taken:
            return f
    return len(st.floors) - 1


def _done(game: Game, player: int, loose: list[int]) -> bool:
    """Nothing is left to this burglar but the way out: every Safe open and no loose Loot
    he may take."""
    if any(can_take(game, player, q) for q in loose):
        return False
    return not any(_safe_work(game, f) for f in range(len(game.state.floors)))


def target_floor(game: Game, sv: list[FloorSurvey] | None = None) -> int:
    """The floor the team works on: the lowest with a closed Safe (or one not yet found),
    the top floor once all the Loot is out. `sv`: the position's `survey`, if at hand."""
    st = game.state
    if sv is not None:
        for f, s in enumerate(sv):
            if s.to_do:
                return f
        return len(sv) - 1
    # `FloorSurvey.to_do`'s test, read floor by floor up to the first: the rule of thumb
    # asks this on every step of its playouts, and a whole `survey` costs about 12x more.
    for f in range(len(st.floors)):
        tiles = [t for t in st.floors[f].tiles if t is not None]
        closed = [t for t in tiles if t.revealed and t.kind == K.SAFE and not t.safe_open]
        if closed or any(t.loot for t in tiles if t.revealed and t.kind == K.SAFE):
            return f
        found = [t for t in tiles if t.revealed and t.kind == K.SAFE]
        if not found:
            return f
    return len(st.floors) - 1


def player_floor(
    game: Game,
    player: int,
    tf: int | None = None,
    all_loot: bool | None = None,
    sv: list[FloorSurvey] | None = None,
) -> int:
    """The floor this burglar works on: the crew splits over the two lowest floors still to
    do (even seats below, odd seats above: a floor whose Safe is open already is skipped),
    all go up once the Loot is out. `tf` and
    `all_loot`: `target_floor` and `team_has_all_loot`, when the caller has them.

    Split, because two burglars on one floor lose Stealth faster: each End moves the same
    guard (Bank seeds 31000-31023, before any Safe opens: 40 tokens in 278 turns together,
    19 in 324 apart; the crew kept together won 2 and 18 of 80 dev games, Bank and Office,
    against 7 and 35). A burglar whose way to that floor is held (`_passage_held`: its guard
    stands on the Stairs' tile and nobody there makes him walk) works his own floor if it
    has work left (without it, in Bank seed 31001 a burglar paced beside the way down for 70
    turns). Every
    other way of sharing the floors tried (waiting off the last floor, the top floor first,
    the odd seat kept below) won no more: docs/autopilot-trials.md ("The floor each burglar
    works")."""
    if all_loot is None:
        all_loot = game.team_has_all_loot()
    floor = _assigned_floor(game, player, tf, all_loot, sv)
    pos = game.state.players[player].pos
    if pos is None or all_loot or floor == pos >> 6:
        return floor
    here = pos >> 6
    if _passage_held(game, here, here + (1 if floor > here else -1), sv):
        if sv is None:
            sv = survey(game)
        if sv[here].to_do:
            return here
    return floor


def _passage_held(game: Game, here: int, there: int, sv: list[FloorSurvey] | None = None) -> bool:
    """Every known way between adjacent floors `here` and `there` (the Stairs) arrives on
    the tile where `there`'s guard stands, and no burglar is on `there` to make him move:
    he stays put, and the way costs a Stealth token for as long as nobody goes."""
    st = game.state
    guard = st.floors[there].guard.pos
    if guard is None:
        return False
    if any(p.pos is not None and not p.escaped and p.pos >> 6 == there for p in st.players):
        return False
    below = min(here, there)
    ways = sv[below].stairs if sv is not None else _revealed_of_kind(game, below, K.STAIRS)
    return bool(ways) and all(((there << 6) | (q & 63)) == guard for q in ways)


def _assigned_floor(
    game: Game, player: int, tf: int | None, all_loot: bool, sv: list[FloorSurvey] | None
) -> int:
    """`player_floor` before the held-passage check."""
    if tf is None:
        tf = target_floor(game)
    st = game.state
    top = len(st.floors) - 1
    if not all_loot:
        loose = _loose_loot(game, sv)
        if loose:
            return fetch_floor(game, player, loose)
    if tf >= top or all_loot:
        return tf
    active = [i for i, p in enumerate(st.players) if p.pos is not None and not p.escaped]
    if len(active) < 2 or player not in active:
        return tf
    if active.index(player) % 2 == 0:
        return tf
    if sv is None:
        sv = survey(game)
    # A floor whose Safe is open already (its Loot taken) needs nobody.
    return next((f for f in range(tf + 1, top + 1) if sv[f].to_do), tf)


def goals(
    game: Game,
    player: int,
    team_floor: int | None = None,
    all_loot: bool | None = None,
    sv: list[FloorSurvey] | None = None,
    work_floor: int | None = None,
    at: int | None = None,
) -> tuple[list[int], int]:
    """(tiles to reach on the player's floor, extra steps after them) for the player's plan.
    `sv`: the position's `survey`, if at hand (the lists returned may be its own);
    `work_floor`: the player's `player_floor` for these arguments, if at hand; `at`: the
    tile to reckon from, if not where he stands (with `work_floor` given). A floor off the
    one he works, a Service Duct whose twin lies nearer it is a way too (`_duct_way`)."""
    st = game.state
    p = st.players[player]
    pos = p.pos if at is None else at
    assert pos is not None
    if all_loot is None:
        all_loot = game.team_has_all_loot()
    tf = player_floor(game, player, team_floor, all_loot, sv) if work_floor is None else work_floor
    plain = _goals_on(game, player, team_floor, all_loot, sv, tf, pos)
    if tf == pos >> 6 and not all_loot:
        return plain
    duct = _duct_way(game, player, pos, tf, all_loot, sv)
    if duct is None:
        return plain
    way, twin = duct
    dist = game.geometry(pos >> 6).dist[pos & 63]
    if dist[way & 63] < 0:  # walled off from here
        return plain
    after = 1 + goal_distance(game, player, team_floor, all_loot, sv, tf, twin)
    if dist[way & 63] + after < _reckon(game, dist, plain):
        return [way], after
    return plain


def _reckon(game: Game, dist: list[int], found: tuple[list[int], int]) -> int:
    """`goal_distance` of a `goals` answer, from the tile `dist` reckons from."""
    targets, extra = found
    if not targets:
        return extra
    best = min((dist[q & 63] for q in targets if dist[q & 63] >= 0), default=8)
    if not game.tile(targets[0]).revealed:
        best = max(0, best - 1)  # a face-down tile is seen by peeking from next door
    return best + extra


def _duct_way(
    game: Game,
    player: int,
    pos: int,
    work_floor: int,
    all_loot: bool,
    sv: list[FloorSurvey] | None,
) -> tuple[int, int] | None:
    """(the Service Duct on the player's floor, its twin) when both are face up, he may go
    through (no Painting in hand) and the twin lies on a floor nearer the one he heads for
    (the top one with all the Loot held): one Move crosses floors there. Reckoned by the
    Stairs alone, a burglar beside a Duct to his goal's floor was told to walk to the Stairs
    while his plan took the Duct (Bank seed 9170)."""
    f = pos >> 6
    if sv is not None:
        ducts = [q for s in sv for q in s.ducts]
    else:
        ducts = [
            (fi << 6) | c
            for fi, fl in enumerate(game.state.floors)
            for c, t in enumerate(fl.tiles)
            if t is not None and t.revealed and t.kind == K.SERVICE_DUCT
        ]
    if len(ducts) != 2 or (ducts[0] >> 6) == (ducts[1] >> 6):
        return None
    way, twin = ducts if ducts[0] >> 6 == f else (ducts[1], ducts[0])
    if way >> 6 != f:
        return None
    aim = len(game.state.floors) - 1 if all_loot else work_floor
    if abs((twin >> 6) - aim) >= abs(f - aim):
        return None
    if Loot.PAINTING in game.state.players[player].loot:
        return None
    return way, twin


def _goals_on(
    game: Game,
    player: int,
    team_floor: int | None,
    all_loot: bool,
    sv: list[FloorSurvey] | None,
    tf: int,
    pos: int,
) -> tuple[list[int], int]:
    """`goals` by the Stairs alone."""
    st = game.state
    f = pos >> 6
    here = sv[f] if sv is not None else None
    loose = [] if all_loot else _loose_loot(game, sv)
    if loose and _done(game, player, loose):
        all_loot = True  # his part is done: the way out, as if the crew held it all
    if all_loot or tf > f:
        up = here.stairs if here is not None else _revealed_of_kind(game, f, K.STAIRS)
        if up and not all_loot and tf == f + 1:
            return _next_floor_way(game, player, pos, up, f + 1, team_floor, sv)
        extra = 3 * (len(st.floors) - 1 - f) if all_loot else 4 * (tf - f)
        if up:
            return up, extra + 1
        return (here.hidden if here is not None else _unrevealed(game, f)), extra + 2
    if tf < f:
        down = here.down if here is not None else _ways_down(game, f)
        if down and tf == f - 1:
            return _next_floor_way(game, player, pos, down, tf, team_floor, sv)
        return (down or (here.hidden if here is not None else _unrevealed(game, f))), 4 * (f - tf)
    found = here.safes if here is not None else safe_of(game, f)
    if loose:
        takes = [q for q in loose if q >> 6 == f and can_take(game, player, q)]
        if takes:
            return takes, 0
    safes = [s for s in found if not game.tile(s).safe_open or game.tile(s).loot]
    if loose:
        safes = [s for s in safes if not game.tile(s).safe_open]
    if not safes:
        return (here.hidden if here is not None else _unrevealed(game, f)), 2
    safe = safes[0]
    if game.tile(safe).safe_open:
        return [safe], 0
    hidden = [q for q in game.combination(safe) if not game.tile(q).revealed]
    if hidden:
        return hidden, _combination_walk(game, pos, hidden, safe)
    return [safe], 0


def _next_floor_way(
    game: Game,
    player: int,
    pos: int,
    ways: list[int],
    there: int,
    team_floor: int | None,
    sv: list[FloorSurvey] | None,
) -> tuple[list[int], int]:
    """`goals` for a burglar one floor off the floor he works (`there`): the way there
    (Stairs up or down) whose step across plus the goal's distance from where it arrives
    is least. Counted as a flat 4 steps instead, a floor off his goal could look nearer
    than a face-down tile 4 steps away on it, and the bot climbed off his floor to get
    "closer" (Bank seed 20007)."""
    dist = game.geometry(pos >> 6).dist[pos & 63]
    best: tuple[int, int, int] | None = None
    for q in ways:
        if dist[q & 63] < 0:
            continue
        arrive = (there << 6) | (q & 63)
        after = 1 + goal_distance(game, player, team_floor, False, sv, there, arrive)
        if best is None or dist[q & 63] + after < best[0]:
            best = (dist[q & 63] + after, q, after)
    if best is None:
        return ways, 4
    return [best[1]], best[2]


def _combination_walk(game: Game, pos: int, hidden: list[int], safe: int) -> int:
    """The steps `goal_distance` adds after the nearest face-down tile of a Safe's
    combination: a walk that sees the others in turn (nearest next, each from the tile next
    door that is nearest the Safe, or on it) and ends at the Safe. Counting only the steps to
    the nearest one, seeing it sent the distance up whenever the next one or the Safe lay
    further off, and a burglar beside it paced for turns rather than peek (Bank seed 31001).

    Measured against the bot before it on the same games (2 burglars, samplers 0 and 1):
    Bank seeds 31000-31079 and 32000-32079, 58 wins of 320 (54), Safes opened a game 1.94
    (1.84); Office, sampler 0, 106 of 160 (101); `python -m engine autoplay` seeds
    20000-20199, Bank 26/200 (32), Office 128/200 (122). Inside the bot's own spread (`Weights`):
    kept for the pacing it ends. Counting the way on from the last face-down tile alone (so
    seeing the one before it sent the distance up instead): Bank 9 and 10 on the first
    block (15 and 12), 1.64 Safes a game."""
    geo = game.geometry(pos >> 6)
    dist = geo.dist
    goal = safe & 63
    here = pos & 63
    left = [q & 63 for q in hidden]
    first = -1
    walk = 0
    while left:
        row = dist[here]
        reach = [(row[q], q) for q in left if row[q] >= 0]
        if not reach:
            return 0
        steps, seen = min(reach)
        left.remove(seen)
        if first < 0:
            first = max(0, steps - 1)
        spots = [
            (row[x] + dist[x][goal], row[x], x)
            for x in (seen, *geo.open[seen])  # the tile and those next door, no wall between
            if row[x] >= 0 and dist[x][goal] >= 0
        ]
        if not spots:
            return 0
        _, leg, here = min(spots)
        walk += leg
    return walk + dist[here][goal] - first


class Goal(StrEnum):
    """What a burglar's plan works toward (`Explanation.goal`)."""

    ENTER = "enter"  # the team's way in
    OPEN_SAFE = "open-safe"  # dice and cracks on the Safe at `target`
    COMBINATION = "combination"  # reveal `target`, a tile of the row and column of `safe`
    FIND_SAFE = "find-safe"  # the floor's Safe is still face down somewhere
    LOOT = "loot"  # the Loot lying at `target`
    STAIRS_UP = "stairs-up"  # the Stairs at `target`, up to the next floor
    FIND_STAIRS = "find-stairs"  # the floor's Stairs are still face down somewhere
    STAIRS_DOWN = "stairs-down"  # a floor down by the Stairs at `target` (-1: not found yet)
    DUCT = "duct"  # the Service Duct at `target`, a Move to its twin (`to`) on another floor
    ESCAPE = "escape"  # the whole crew holds the Loot: out by the roof
    ROOF = "roof"  # the top floor's Stairs, to wait for the way out: some Loot is not held yet
    HIDE = "hide"  # out of the guard's way
    WAY_HELD = "way-held"  # nothing left here; the way at `target` to `to`'s floor is held
    HACK = "hack"  # a hack token on the computer at `target`
    DECIDE = "decide"  # the option a card or ability asks for


@dataclass(frozen=True, slots=True)
class Aim:
    goal: Goal
    target: int = -1  # the tile the goal names
    safe: int = -1  # the Safe a combination tile belongs to
    to: int = -1  # where a Service Duct leads


def aim_of(game: Game, player: int) -> Aim:
    """The goal `goals` steers the player toward, typed for words (nearest target first)."""
    st = game.state
    p = st.players[player]
    pos = p.pos
    if pos is None:
        return Aim(Goal.ENTER)
    f = pos >> 6
    all_loot = game.team_has_all_loot()
    tf = player_floor(game, player, None, all_loot)
    targets, _ = goals(game, player, None, all_loot)
    dist = game.geometry(f).dist[pos & 63]

    def nearest() -> int:
        same = [q for q in targets if q >> 6 == f and dist[q & 63] >= 0]
        return min(same, key=lambda q: (dist[q & 63], q)) if same else -1

    if all_loot or tf != f:
        duct = _duct_way(game, player, pos, tf, all_loot, None)
        if duct is not None and targets == [duct[0]]:
            return Aim(Goal.DUCT, duct[0], to=duct[1])
    loose = [] if all_loot else _loose_loot(game)
    done = bool(loose) and _done(game, player, loose)  # waits for a teammate's fetch
    if all_loot or done or tf > f:
        up = _revealed_of_kind(game, f, K.STAIRS)
        if not up:
            return Aim(Goal.FIND_STAIRS)
        top = f == len(st.floors) - 1
        if top:
            return Aim(Goal.ESCAPE if all_loot else Goal.ROOF, nearest())
        return Aim(Goal.STAIRS_UP, nearest())
    if tf < f:
        # The way down is the tile above the floor below's Stairs, marked once they are
        # found; before that no tile of this floor can be named as the way down.
        known = any(t is not None and t.downstairs for t in st.floors[f].tiles)
        return Aim(Goal.STAIRS_DOWN, nearest() if known else -1)
    takes = [q for q in loose if q >> 6 == f and can_take(game, player, q)]
    if takes:
        return Aim(Goal.LOOT, nearest())
    safes = [q for q in safe_of(game, f) if not game.tile(q).safe_open or game.tile(q).loot]
    if loose:
        safes = [q for q in safes if not game.tile(q).safe_open]
    if not safes:
        if safe_of(game, f):  # found and open, its Loot left to a teammate (a second Gold Bar)
            return _held_way(game, player, all_loot, dist)
        return Aim(Goal.FIND_SAFE)
    safe = safes[0]
    if game.tile(safe).safe_open:
        return Aim(Goal.LOOT, safe)
    hidden = [q for q in game.combination(safe) if not game.tile(q).revealed]
    if hidden:
        return Aim(Goal.COMBINATION, nearest(), safe)
    return Aim(Goal.OPEN_SAFE, safe, safe)


def _held_way(game: Game, player: int, all_loot: bool, dist: list[int]) -> Aim:
    """A burglar kept on a floor with nothing left for him: the way to the floor he would
    work is held (`player_floor`), its guard standing where it arrives. Told as "find the
    Safe" of a floor whose Safe lay open (Bank seed 9275)."""
    pos = game.state.players[player].pos
    assert pos is not None
    f = pos >> 6
    floor = _assigned_floor(game, player, None, all_loot, None)
    if floor == f:
        return Aim(Goal.WAY_HELD)
    there = f + 1 if floor > f else f - 1
    ways = _revealed_of_kind(game, f, K.STAIRS) if there > f else _ways_down(game, f)
    ways = [q for q in ways if dist[q & 63] >= 0] or ways
    if not ways:
        return Aim(Goal.WAY_HELD)
    way = min(ways, key=lambda q: (dist[q & 63], q))
    return Aim(Goal.WAY_HELD, way, to=(there << 6) | (way & 63))


def goal_distance(
    game: Game,
    player: int,
    team_floor: int | None = None,
    all_loot: bool | None = None,
    sv: list[FloorSurvey] | None = None,
    work_floor: int | None = None,
    at: int | None = None,
) -> int:
    """Steps from the player's tile (or `at`, with `work_floor` given) to his goal and on:
    see `goals`."""
    pos = game.state.players[player].pos if at is None else at
    if pos is None:
        return 0
    found = goals(game, player, team_floor, all_loot, sv, work_floor, pos)
    if not found[0]:
        return found[1]
    return _reckon(game, game.geometry(pos >> 6).dist[pos & 63], found)


__all__ = [
    "Aim",
    "FloorSurvey",
    "Goal",
    "aim_of",
    "can_take",
    "fetch_floor",
    "goal_distance",
    "goals",
    "player_floor",
    "safe_of",
    "survey",
    "target_floor",
]
