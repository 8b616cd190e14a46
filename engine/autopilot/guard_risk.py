"""The guards as the autopilot reads them from public facts: where each may walk, the chance
he walks into a tile, who a Camera or Foyer sees, and the alarms a burglar's end sets off."""

from __future__ import annotations

from ..rules.characters import crow_holds_guard, crow_slows_guard
from ..rules.data import LOST_VISUAL, PATROL_DISCARDS
from ..rules.data import TileKind as K
from ..rules.events import AlarmRaised, Event, StealthLost
from ..rules.foresight import HIDDEN_FACTS, route_walk
from ..rules.game import Game
from ..rules.kinds import Lasting, StealthLoss
from .goals import _revealed_of_kind

# The search asks the same guard questions at thousands of positions where he has not moved:
# answers are kept by everything they read (his place, destination, speed, the alarms, the
# discards) and by the floor's geometry object (held, so its id is not reused), which
# changes whenever the walls do. A bounded cache: cleared when full.
_THREATS: dict[tuple[object, ...], tuple[object, frozenset[int]]] = {}
_RISKS: dict[tuple[object, ...], tuple[object, _Walks]] = {}
_CACHE_SIZE = 4096


def guard_threat(
    game: Game, floor: int, moves: int = 1, alarms: int | None = None
) -> frozenset[int]:
    """Tiles the floor's guard walks through on his next `moves` moves (or stands on).
    `alarms`: how many alarms ring on the floor, when the caller has counted them."""
    g = game.state.floors[floor].guard
    if not g.placed or g.pos is None:
        return frozenset()
    geo = game.geometry(floor)
    if alarms is None:
        alarms = len(game.alarms(floor))
    key = (floor, moves, g.pos, g.dest, g.speed, alarms, _bonus(game, floor), _crow(game), id(geo))
    hit = _THREATS.get(key)
    if hit is not None and hit[0] is geo:
        return hit[1]
    # His next move may be this turn's (Espresso, Daydreaming) or held by the crow; the
    # moves after it walk at his speed and the alarms.
    first = 0 if crow_holds_guard(game, floor) else next_steps(game, floor)
    steps = first + (g.speed + alarms) * (moves - 1)
    walked, left = route_walk(game, floor, steps)
    out = {g.pos, *walked}
    if left > 0 and g.dest is not None:
        # He draws a new destination there: the tiles around it are at risk too.
        out.update((floor << 6) | nb for nb in geo.open[g.dest & 63])
    if len(_THREATS) >= _CACHE_SIZE:
        _THREATS.clear()
    frozen = frozenset(out)
    _THREATS[key] = (geo, frozen)
    return frozen


def next_steps(game: Game, floor: int) -> int:
    """The steps the floor's guard walks when he next moves (`Game.guard_steps`): this
    turn's Espresso or Daydreaming count only on the floor whose guard ends this turn."""
    return game.guard_steps(floor, ending_turn=_ends_this_turn(game, floor))


def _ends_this_turn(game: Game, floor: int) -> bool:
    """The floor's guard is the one ending the current turn moves (the burglar's own)."""
    pos = game.state.players[game.state.current].pos
    return pos is not None and pos >> 6 == floor


def _crow(game: Game) -> tuple[int, bool] | None:
    """The crow for the caches' keys: where it is and whether it slows (the Raven's basic
    side) or holds (her advanced side); games of one layout share geometry objects."""
    crow = game.state.crow
    return None if crow is None else (crow, crow_slows_guard(game, crow))


def _bonus(game: Game, floor: int) -> int:
    """This turn's change to the floor's next move, for the caches' keys."""
    bonus = game.state.guard_bonus
    return bonus if bonus and _ends_this_turn(game, floor) else 0


def hit_risk(game: Game, floor: int) -> dict[int, float]:
    """For each tile, the chance the floor's guard walks into it when he moves next (from
    public facts only: his route, speed, the alarms, the patrol cards not yet discarded).
    His route up to his destination is certain (unless a Camera he steps on sees a burglar
    on another one: that alarm turns him at once); past it he heads for the closest alarm left,
    then for a new patrol card, any of the floor's cards not in the discard pile, and so on
    while steps remain (`guard_walks`); with Lost Visual, that card ends his walk, and a
    lost guard comes back on any tile card left. The dict is shared: read it, never change
    it. `test_hit_risk_never_says_nothing_where_the_guard_walks_nor_certain_where_he_does_not`
    holds it to the engine's own End over random positions.

    Checked against what happened (Bank, 2 burglars, the shipped bots, seeds 31000-31023:
    every burglar on the floor whose guard walks at an End, 2,096 in all; `end_danger`,
    which is this for any tile but a Foyer): at 0, 16 of 1,603 were walked in on (at that
    End an Event was drawn in 14, an alarm rang in 2); below 0.1, 11 of 179 (6.9% expected);
    0.1-0.25, 16 of 183 (14%); 0.25-0.5, 15 of 46 (35%); 0.5-1, 7 of 23 (62%); certain, 46
    of 62 (of the other 16, 11 drew an Event at that End and 6 saw the game lost first)."""
    return _walks(game, floor)[1]


def guard_walks(game: Game, floor: int) -> tuple[tuple[float, frozenset[int]], ...]:
    """The walks the floor's guard may take when he moves next, each with its chance and
    the tiles he enters, from public facts only (see `hit_risk`). Shared: never change it."""
    return _walks(game, floor)[0]


_Walks = tuple[tuple[tuple[float, frozenset[int]], ...], dict[int, float]]


def _walks(game: Game, floor: int) -> _Walks:
    st = game.state
    g = st.floors[floor].guard
    if not g.placed or g.donuts or (not g.lost and (g.pos is None or g.dest is None)):
        return (), {}
    if not g.lost and crow_holds_guard(game, floor):
        return (), {}  # the Raven's Disrupt: he starts on the crow with no alarm, and stays
    geo = game.geometry(floor)
    on_cameras = _seen_on_cameras(game, floor)
    cameras = _camera_alarms(game, floor, on_cameras) if on_cameras else {}
    key = (
        floor,
        g.pos,
        g.dest,
        g.speed,
        tuple(game.alarms(floor)),
        tuple(g.discard),
        len(g.patrol),
        g.seen_top,
        st.lost_visual,
        _bonus(game, floor),
        _crow(game),
        tuple(cameras.items()) if cameras else None,
        id(geo),
    )
    hit = _RISKS.get(key)
    if hit is not None and hit[0] is geo:
        return hit[1]
    walks = _guard_walks(game, floor, cameras)
    risk: dict[int, float] = {}
    for chance, tiles in walks:
        for q in tiles:
            risk[q] = risk.get(q, 0.0) + chance
    for q, chance in risk.items():
        risk[q] = 1.0 if chance > 1.0 - 1e-9 else chance  # sums of shares: no 0.999...
    out = (walks, risk)
    if len(_RISKS) >= _CACHE_SIZE:
        _RISKS.clear()
    _RISKS[key] = (geo, out)
    return out


def _seen_on_cameras(game: Game, floor: int) -> tuple[int, ...]:
    """The tiles of the floor where a burglar stands on a working Camera, in sight of the
    floor's other Cameras (none while a Video Loop or an E.M.P. keeps their alarms off)."""
    st = game.state
    out: list[int] = []
    for i, p in enumerate(st.players):
        q = p.pos
        if q is None or q >> 6 != floor:
            continue
        t = game.tile(q)
        if t.kind == K.CAMERA and t.revealed and not t.disabled and not game._is_invisible(i):
            out.append(q)
    if not out or not cameras_ring(game):
        return ()
    return tuple(sorted(out))


def _camera_alarms(
    game: Game, floor: int, on_cameras: tuple[int, ...]
) -> dict[int, frozenset[int]]:
    """For each working Camera of the floor: the alarms the guard sets off by stepping on it
    (every burglar of `on_cameras` on another one)."""
    out: dict[int, frozenset[int]] = {}
    for c in _revealed_of_kind(game, floor, K.CAMERA):
        rung = frozenset(q for q in on_cameras if q != c)
        if rung and not game.tile(c).disabled:
            out[c] = rung
    return out


def _route_until_a_camera_rings(
    game: Game, floor: int, steps: int, cameras: dict[int, frozenset[int]]
) -> tuple[list[int], int, frozenset[int]]:
    """`route_walk` cut where a Camera he steps on sets off an alarm not ringing yet: the
    tiles entered, the steps left, and those alarms (empty: none rang)."""
    if not cameras:
        first, left = route_walk(game, floor, steps)
        return first, left, frozenset()
    ringing = set(game.alarms(floor))
    turned: list[frozenset[int]] = []

    def rings(pos: int) -> bool:
        ringing.discard(pos)
        rung = cameras.get(pos)
        if rung and not rung <= ringing:
            turned.append(rung)
        return bool(turned)

    first, left = route_walk(game, floor, steps, rings)
    return first, left, turned[0] if turned else frozenset()


def _guard_walks(
    game: Game, floor: int, cameras: dict[int, frozenset[int]] | None = None
) -> tuple[tuple[float, frozenset[int]], ...]:
    """Every way the guard's next move can go, as the engine moves him: his speed fixed at
    the start (speed + alarms), alarms he walks through cleared, at each destination the
    closest alarm left (players break ties: each counted alike) or else a patrol card drawn
    (never his own tile): the one the crew saw on top if any (`Guard.seen_top`), else any not
    drawn. The deck's size is public: once its last card is drawn, the next draw comes from
    every card of the floor reshuffled (the set-aside ones too). Entering the Raven's crow
    (Distract) costs him a step more, unless it was his last. With Lost Visual, its card
    drawn ends the walk (he leaves the board); a lost guard comes back on the next tile card
    (whoever stands there is caught) and walks his whole move from it. A Camera he steps
    on sets off the alarms `cameras` says (each burglar it sees on another one): he turns
    at once for the closest alarm, as the engine turns him for any alarm."""
    st = game.state
    g = st.floors[floor].guard
    alarms = game.alarms(floor)
    cameras = cameras or {}
    crow = st.crow if st.crow is not None and crow_slows_guard(game, st.crow) else -1
    first: list[int] = []
    turned: frozenset[int] = frozenset()
    n = next_steps(game, floor)
    if not g.lost:
        first, n, turned = _route_until_a_camera_rings(game, floor, n, cameras)
        if n <= 0:
            return ((1.0, frozenset(first)),)
    geo = game.geometry(floor)
    base = floor << 6
    cells = [base | c for c, t in enumerate(st.floors[floor].tiles) if t is not None]
    # Lost Visual: one more card in every deck; drawn as his next destination, he leaves
    # the board and his walk ends there.
    lost_card = st.lost_visual
    reshuffled = len(cells) + lost_card - PATROL_DISCARDS[len(st.players)]  # a new deck's size
    out: list[tuple[float, frozenset[int]]] = []

    def tile_cards(
        drawn: frozenset[int], deck: int, here: int
    ) -> tuple[list[int], frozenset[int], int]:
        """The tile cards the next draw may be (never `here`), with the discards and the
        deck's size they are drawn from: the deck run out, every card is shuffled back."""
        cards = [q for q in cells if q not in drawn and q != here] if deck > 0 else []
        if cards:
            return cards, drawn, deck
        return [q for q in cells if q != here], frozenset(), reshuffled

    def go(
        here: int,
        left: int,
        chance: float,
        seen: tuple[int, ...],
        drawn: frozenset[int],
        ringing: frozenset[int],
        deck: int,
        known: int | None,
    ) -> None:
        if left <= 0 or chance < 1e-4:
            out.append((chance, frozenset(seen)))
            return
        if ringing:
            dist = geo.dist[here & 63]
            near = min(dist[a & 63] for a in ringing)
            targets = [a for a in ringing if dist[a & 63] == near]
        elif known == LOST_VISUAL:  # the crew saw it on top
            out.append((chance, frozenset(seen)))
            return
        elif known is not None and known != here:
            targets = [known]
            known = None
            deck -= 1
        else:
            if known is not None:  # seen on top but it is his own tile: drawn, then unseen
                drawn, deck, known = drawn | {known}, deck - 1, None
            targets, drawn, deck = tile_cards(drawn, deck, here)
            deck -= 1
            if lost_card and LOST_VISUAL not in drawn:
                share = chance / (len(targets) + 1)
                out.append((share, frozenset(seen)))
                chance -= share
        share = chance / len(targets)
        for t in targets:
            table = geo.next_steps(t & 63)
            cell, goal = here & 63, t & 63
            walked = list(seen)
            rest = left
            now_ringing = ringing
            while rest > 0 and cell != goal:
                cell = table[cell]
                q = base | cell
                walked.append(q)
                rest -= 2 if q == crow and rest > 1 else 1
                now_ringing = now_ringing - {q} if q in now_ringing else now_ringing
                rung = cameras.get(q)
                if rung and not rung <= now_ringing:  # a Camera's alarm: he turns at once
                    now_ringing = now_ringing | rung
                    break
            go(
                base | cell,
                rest if cell == goal or now_ringing else 0,
                share,
                tuple(walked),
                drawn | {t},
                now_ringing,
                deck,
                known,
            )

    drawn = frozenset(g.discard)
    if g.lost:
        # Lost Visual: he comes back on the next card that is a tile, where whoever stands
        # is caught by surprise, and walks his whole move on from there.
        top = g.seen_top if g.seen_top is not None and g.seen_top != LOST_VISUAL else None
        deck = len(g.patrol)
        if top is not None:
            back = [top]
        else:
            back, drawn, deck = tile_cards(drawn, deck, -1)
        for q in back:
            ringing = frozenset(alarms).difference((q,))
            go(q, n, 1.0 / len(back), (q,), drawn | {q}, ringing, deck - 1, None)
        return tuple(out)
    assert g.dest is not None
    ringing = frozenset(alarms).difference(first)
    if turned:  # a Camera's alarm on his route turned him where it rang
        go(first[-1], n, 1.0, tuple(first), drawn, ringing | turned, len(g.patrol), g.seen_top)
    else:  # he walked his whole route
        go(g.dest, n, 1.0, tuple(first), drawn, ringing, len(g.patrol), g.seen_top)
    return tuple(out)


# A Camera's alarm rings for nobody while a Video Loop runs or an E.M.P. holds every alarm off.
_CAMERAS_OFF = frozenset({Lasting.VIDEO_LOOP, Lasting.EMP})


def cameras_ring(game: Game) -> bool:
    """A guard stepping on a Camera now sets off the alarm of a burglar on another one."""
    return _CAMERAS_OFF.isdisjoint(game.state.lasting)


def _watch(game: Game, pos: int) -> tuple[str, set[int]]:
    """What a burglar on `pos` is seen from besides his own tile when the floor's guard
    walks: ("foyer", the tiles next to it), ("camera", the floor's other Cameras), or none."""
    t = game.tile(pos)
    if not t.revealed or t.disabled:
        return "", set()
    f = pos >> 6
    if t.kind == K.FOYER:
        return "foyer", {(f << 6) | nb for nb in game.geometry(f).open[pos & 63]}
    if t.kind == K.CAMERA and cameras_ring(game):
        cams = _revealed_of_kind(game, f, K.CAMERA)
        return "camera", {q for q in cams if q != pos and not game.tile(q).disabled}
    return "", set()


def watch_risk(game: Game, pos: int) -> tuple[str, float]:
    """(the tile's watch, `_watch`; the chance the floor's guard, when he moves next, passes
    where it sees him: a Stealth token on a Foyer, an alarm on a Camera), public facts only."""
    kind, tiles = _watch(game, pos)
    if not tiles:
        return kind, 0.0
    walks = guard_walks(game, pos >> 6)
    return kind, min(1.0, sum(c for c, walk in walks if not walk.isdisjoint(tiles)))


def end_danger(game: Game, pos: int) -> float:
    """The chance a burglar ending the actions on `pos` loses a Stealth token when the
    floor's guard moves next: he walks into the tile, or passes next to it when it is a
    Foyer (from `guard_walks`, public facts only)."""
    kind, tiles = _watch(game, pos)
    if kind != "foyer":
        return hit_risk(game, pos >> 6).get(pos, 0.0)
    tiles.add(pos)
    walks = guard_walks(game, pos >> 6)
    return min(1.0, sum(c for c, walk in walks if not walk.isdisjoint(tiles)))


def _thermo_on(game: Game, pos: int) -> bool:
    """A revealed Thermo, still working, on `pos` (ending the actions there rings it)."""
    t = game.tile(pos)
    return t.revealed and t.kind == K.THERMO and not t.disabled


def _rings_first(events: list[Event], pos: int) -> bool:
    """The Thermo at `pos` rang among `events` before any hidden fact came to light."""
    for e in events:
        if isinstance(e, HIDDEN_FACTS):
            return False
        if isinstance(e, AlarmRaised) and e.pos == pos and e.source == "thermo":
            return True
    return False


def _with_alarm(game: Game, pos: int) -> Game:
    """A copy of `game` with an alarm raised at `pos` before the guard moves: he turns to
    the closest alarm (a tie goes where the crew would send him, `decide`'s rule)."""
    c = game.clone()
    c._mutable_tile(pos).alarm = True  # the copy's own tile (tiles are shared with clones)
    f = pos >> 6
    guard = c.state.floors[f].guard
    if guard.pos is not None:
        geo = c.geometry(f)
        dist = geo.dist[guard.pos & 63]
        alarms = c.alarms(f)
        near = min(dist[a & 63] for a in alarms)
        closest = [a for a in alarms if dist[a & 63] == near]
        crew = [p.pos for p in c.state.players if p.pos is not None and p.pos >> 6 == f]

        def far(q: int) -> int:
            return min((geo.dist[q & 63][b & 63] for b in crew), default=9)

        guard.dest = closest[0] if len(closest) == 1 else max(closest, key=far)
    return c


_GUARD_SEES = frozenset({StealthLoss.GUARD_ENTERS, StealthLoss.SURPRISE})


def _walked_into_guard(events: list[Event], me: int) -> bool:
    """The burglar paid a Stealth token of their own for stepping into a guard's tile."""
    return any(
        isinstance(e, StealthLost)
        and e.player == me
        and e.reason == StealthLoss.ENTERED_GUARD
        and not e.from_tile
        for e in events
    )


__all__ = ["end_danger", "guard_threat", "guard_walks", "hit_risk", "watch_risk"]
