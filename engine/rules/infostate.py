"""Information sets: a full game consistent with what one player can see.

`resample_from_infostate(game, player, seed)` returns a new `Game` whose public part (every
revealed tile, tokens, positions, hands, discard piles, deck *sizes*, the pending decision
and what it shows) is the game's own, and whose hidden part is drawn afresh from `seed`:

* face-down tiles: the kinds and numbers not yet seen, one Safe and one Stairs per floor
  where that floor has not shown its own yet (any number of them in Fort Knox's shared
  pool), the rest shuffled among the face-down squares;
* the order and content of the Tool, Loot and Event decks (the cards not in sight);
* each patrol deck and the cards set aside unseen: the floor's cards not in its discard pile;
* the RNG state, so dice and every later shuffle differ too.

It never reads a hidden field: of a face-down tile it reads only that it is face-down, of a
deck only its length. So two games that look the same to the player give the same sample
for the same seed (what `tests/engine/test_infostate.py` pins). A bot that only calls this
function and `view()` plays honestly: it is how `engine/autopilot/bot.py` sees the game.

What the whole crew saw stays public until drawn, and is kept: a patrol card the Spotter
left on top (`Guard.seen_top`), the Event cards seen on top (`State.events_seen`: Precognition,
a Crystal Ball's order), and what a pending decision shows (the Crystal Ball's three Events,
the card the Spotter looks at). A card put at the bottom is not recorded (it matters only
once the deck runs down to it).
"""

from __future__ import annotations

from collections import Counter

from .data import (
    LOST_VISUAL,
    ROW_STRIDE,
    SAFE_TILES,
    SOLO_EVENTS_REMOVED,
    SOLO_LOOT_REMOVED,
    STAIRS_TILES,
    EventCard,
    Loot,
    ScenarioId,
    TileKind,
    TileSpec,
    Tool,
)
from .data import ROOM_TILES as _ROOM_TILES
from .game import Game
from .rng import Rng
from .state import State, clone_state, empty_cell, make_pos, seen_events

__all__ = ["resample_from_infostate"]


def _box(scenario: ScenarioId) -> list[TileSpec]:
    """Every tile of the scenario's building."""
    if scenario == ScenarioId.OFFICE:
        return (
            [t for t in _ROOM_TILES if t.office]
            + [t for t in STAIRS_TILES if t.office]
            + list(SAFE_TILES[:2])
        )
    return [*_ROOM_TILES, *STAIRS_TILES, *SAFE_TILES]


def _take(pool: list[tuple[TileKind, int]], item: tuple[TileKind, int]) -> None:
    """Remove one copy of `item` from `pool` if it is there."""
    if item in pool:
        pool.remove(item)


def _deal_tiles(st: State, rng: Rng) -> None:
    """Face-down tiles get the kinds and numbers not yet seen (per-floor Safe and Stairs)."""
    hidden = [[t for t in fl.tiles if t is not None and not t.revealed] for fl in st.floors]
    # Remove by (kind, number) only: the circle colour is not part of a tile's identity.
    remaining = Counter((s.kind, s.number) for s in _box(st.scenario))
    for fl in st.floors:
        for t in fl.tiles:
            if t is not None and t.revealed:
                remaining[(t.kind, t.number)] -= 1
    specs = [key for key, n in sorted(remaining.items()) for _ in range(max(n, 0))]
    rng.shuffle(specs)
    safes = [s for s in specs if s[0] == TileKind.SAFE]
    stairs = [s for s in specs if s[0] == TileKind.STAIRS]
    fort_knox = st.scenario == ScenarioId.FORT_KNOX
    for f, fl in enumerate(st.floors):
        down = hidden[f]
        if not down:
            continue
        order = list(range(len(down)))
        rng.shuffle(order)
        shown = {t.kind for t in fl.tiles if t is not None and t.revealed}
        slot = 0
        for kind, bag in ((TileKind.SAFE, safes), (TileKind.STAIRS, stairs)):
            if kind in shown or not bag or slot >= len(order):
                continue
            spec = bag.pop()
            specs.remove(spec)
            t = down[order[slot]]
            t.kind, t.number = spec
            slot += 1
        for i in order[slot:]:
            rest = [s for s in specs if fort_knox or s[0] not in (TileKind.SAFE, TileKind.STAIRS)]
            spec = rest[-1] if rest else specs[-1]
            specs.remove(spec)
            _take(safes, spec)
            _take(stairs, spec)
            down[i].kind, down[i].number = spec


def _deal_patrols(st: State, rng: Rng) -> None:
    for f, fl in enumerate(st.floors):
        g = fl.guard
        cells = [r * ROW_STRIDE + c for r in range(st.size) for c in range(st.size)]
        cards = Counter(make_pos(f, c) for c in cells if fl.tiles[c] is not None)
        if st.lost_visual:
            cards[LOST_VISUAL] += 1
        cards.subtract(g.discard)
        unseen = [c for c, n in sorted(cards.items()) for _ in range(max(n, 0))]
        rng.shuffle(unseen)
        n_patrol, n_aside = len(g.patrol), len(g.aside)
        top = g.seen_top
        if top is not None:
            # The crew saw it on top (Clairvoyance): only the cards under it are unknown. It is
            # in the deck, not discarded (`check_state`), so among the unseen.
            unseen.remove(top)
            g.patrol = [*unseen[: n_patrol - 1], top]
            g.aside = unseen[n_patrol - 1 : n_patrol - 1 + n_aside]
        else:
            g.patrol = unseen[:n_patrol]
            g.aside = unseen[n_patrol : n_patrol + n_aside]


def _deal_cards(st: State, rng: Rng) -> None:
    solo = len(st.players) == 1
    held_tools = [x for p in st.players for x in p.tools]
    pending = st.pending
    drawn = set(pending.data) if pending is not None and pending.kind == "rigger-draw" else set()
    tools = [
        t for t in Tool if t not in held_tools and t not in st.tool_discard and t.value not in drawn
    ]
    rng.shuffle(tools)
    st.tools = tools[: len(st.tools)]
    seen_loot = [x for p in st.players for x in p.loot] + [
        x for fl in st.floors for t in fl.tiles if t is not None for x in t.loot
    ]
    loot = [x for x in Loot if not (solo and x in SOLO_LOOT_REMOVED) and x not in seen_loot]
    rng.shuffle(loot)
    st.loot = loot[: len(st.loot)]
    events = [
        e
        for e in EventCard
        if not (solo and e in SOLO_EVENTS_REMOVED) and e not in st.event_discard
    ]
    rng.shuffle(events)
    n = len(st.events)
    # The top cards the crew saw keep their place (`events_seen`, top last as in the deck),
    # and so do those a pending decision shows; a pending Crystal Ball's are about to be put
    # in the order chosen, so any order of them will do.
    if pending is not None and pending.kind == "crystal-ball":
        top = [EventCard(x) for x in reversed(pending.options[0].split(","))]
    else:
        top = seen_events(st)
        if not top and pending is not None and pending.kind == "precognition" and pending.data:
            top = st.events[-1:]  # the card the Spotter is looking at
    events = [e for e in events if e not in top]
    st.events = events[: n - len(top)] + top


def _show_pending_patrol(st: State) -> None:
    """The Spotter's Clairvoyance shows the top patrol card: keep it on top."""
    d = st.pending
    if d is None or d.kind != "clairvoyance" or not d.data or d.floor < 0:
        return
    from .actions import parse_pos

    card = LOST_VISUAL if d.data[0] == "lost-visual" else parse_pos(d.data[0])
    g = st.floors[d.floor].guard
    if card in g.patrol:
        g.patrol.remove(card)
    elif card in g.aside:
        g.aside.remove(card)
        g.aside.append(g.patrol.pop(0))
    g.patrol.append(card)


def resample_from_infostate(game: Game, player: int, seed: int) -> Game:
    """A full game that looks to `player` exactly like `game`, its hidden part drawn from
    `seed`. `game` is not changed. Every player sees the same public table, so `player` only
    matters for what a pending decision shows (it is the deciding player's)."""
    del player  # no private hands in Burgle Bros.: every player sees the same table
    st = clone_state(game.state)
    rng = Rng.from_seed(seed)
    _deal_tiles(st, rng)
    _deal_patrols(st, rng)
    _show_pending_patrol(st)
    _deal_cards(st, rng)
    st.rng = rng.next_u64()
    out = Game(st, game.setup)
    out.history = list(game.history)
    assert empty_cell(st) == empty_cell(game.state)
    return out
