"""The game state: plain mutable dataclasses of ints, strings, enums and lists.

The whole game is this tree plus nothing else (the RNG state is an int in it), so it
serializes to JSON and back losslessly (see serialize.py). Derived data (floor geometry,
legal-action caches) lives on the `Game` object, never here.

Positions are ints: `pos = floor * 64 + cell`, floor 0 = ground floor, cell = row * 8 + col
(see data.ROW_STRIDE), so a position's name does not depend on the floor size.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .data import ROW_STRIDE, Character, EventCard, Loot, ScenarioId, Side, TileKind, Tool
from .kinds import DecisionKind, EffectKind, Lasting, Result, TurnFlag

FLOOR_SHIFT = 6
CELL_MASK = 63


def make_pos(floor: int, cell: int) -> int:
    return (floor << FLOOR_SHIFT) | cell


def floor_of(pos: int) -> int:
    return pos >> FLOOR_SHIFT


def cell_of(pos: int) -> int:
    return pos & CELL_MASK


class Step(StrEnum):
    """Where the game is in its turn structure."""

    ENTRANCE = "entrance"  # the team picks the ground-floor tile to break in
    ACTIONS = "actions"  # the current burglar takes actions
    RESOLVING = "resolving"  # the end of a turn (or an effect) is being resolved
    OVER = "over"


@dataclass(slots=True)
class Tile:
    kind: TileKind
    number: int
    revealed: bool = False
    cracked: bool = False  # carries a Cracked token
    alarm: bool = False
    hack: int = 0  # Computer hack tokens
    open: bool = False  # Keypad Open token
    stealth: int = 0  # Lavatory stalls
    dice: int = 0  # dice added to a Safe
    safe_open: bool = False
    downstairs: bool = False  # Downstairs token (the tile above a revealed Stairs)
    tool_taken: bool = False  # Laboratory: its Tool has been drawn
    loot: list[Loot] = field(default_factory=list)  # Loot on this tile (Gold Bar, Kitty)
    disabled: bool = False  # Crowbar token: no alarms, no blocking
    thermal: bool = False  # Thermal Bomb token: works as Stairs to the linked tile

    def __eq__(self, other: object) -> bool:
        # By value, whether either record is shared between clones (`SharedTile`) or not.
        if not isinstance(other, Tile):
            return NotImplemented
        return (
            self.kind == other.kind
            and self.number == other.number
            and self.revealed == other.revealed
            and self.cracked == other.cracked
            and self.alarm == other.alarm
            and self.hack == other.hack
            and self.open == other.open
            and self.stealth == other.stealth
            and self.dice == other.dice
            and self.safe_open == other.safe_open
            and self.downstairs == other.downstairs
            and self.tool_taken == other.tool_taken
            and self.loot == other.loot
            and self.disabled == other.disabled
            and self.thermal == other.thermal
        )


class SharedTile(Tile):
    """A tile record shared by a game and its clones (`Game.clone` copies tiles on write):
    read-only. The rules change a tile through `Kernel._mutable_tile`, which gives the game
    its own copy first; setting a field here raises, so no change leaks into another game."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise TypeError(
            f"tile field {name!r}: this tile is shared with a clone of the game; "
            "change tiles through Kernel._mutable_tile(pos)"
        )


@dataclass(slots=True)
class Guard:
    pos: int | None = None  # None: not placed yet, or lost (Lost Visual)
    dest: int | None = None
    speed: int = 2  # the number shown on the Guard die
    placed: bool = False  # the floor's guard has been set up
    lost: bool = False  # removed by a Lost Visual card; placed again when he would move
    donuts: bool = False  # Donuts: his next move is skipped
    patrol: list[int] = field(default_factory=list)  # top of the deck is the LAST item
    discard: list[int] = field(default_factory=list)
    aside: list[int] = field(default_factory=list)  # set aside unseen (fewer than 4 players)
    # The top patrol card as the crew saw it (the Spotter's Clairvoyance, kept on top): public
    # until it is drawn. None: the top card is unknown.
    seen_top: int | None = None


@dataclass(slots=True)
class Floor:
    tiles: list[Tile | None]  # None: the Fort Knox empty square
    walls: list[tuple[int, int]]  # sorted (a, b) cell pairs
    guard: Guard


@dataclass(slots=True)
class Player:
    name: str
    character: Character
    side: Side
    pos: int | None = None  # None before the first turn and after escaping
    entered: bool = False
    escaped: bool = False
    stealth: int = 3
    tools: list[Tool] = field(default_factory=list)
    loot: list[Loot] = field(default_factory=list)
    hack: int = 0  # the Hacker's Laptop: a hack token he carries (at most one)
    alarm_held: bool = False  # the Juicer's Reroute: an alarm token he picked up


@dataclass(slots=True)
class Effect:
    """A queued step of rule resolution (an alarm to trigger, a guard to move, ...)."""

    kind: EffectKind
    pos: int = -1
    floor: int = -1
    n: int = 0
    source: str = ""
    flag: bool = False


@dataclass(slots=True)
class Decision:
    """A choice the rules leave to the players; the current player answers it.

    Its fields are generic; `engine.rules.decisions.payload_of` gives the typed payload of its kind.
    """

    kind: DecisionKind
    options: list[str]
    pos: int = -1
    floor: int = -1
    source: str = ""
    flag: bool = False
    n: int = 0
    data: list[str] = field(default_factory=list)


@dataclass(slots=True)
class State:
    scenario: ScenarioId
    size: int
    floors: list[Floor]
    players: list[Player]
    rng: int
    seed: int
    lost_visual: bool = False
    step: Step = Step.ENTRANCE
    entrance: int | None = None
    current: int = 0
    turn: int = 0
    actions_left: int = 0
    actions_taken: int = 0
    keypad_fails: dict[str, int] = field(default_factory=dict)  # str(pos) -> fails this turn
    motion_entered: list[list[int]] = field(default_factory=list)  # [player, pos] this turn
    visited: list[int] = field(default_factory=list)  # where the current burglar stood this turn
    # The tile the current burglar left by their last Move, while nothing else has spent an
    # action since: Moving straight back there is pacing, not counted for the Event (R07).
    pace_from: int | None = None
    paced: int = 0  # the steps straight back this turn, which the Event count leaves out (R07)
    tools: list[Tool] = field(default_factory=list)  # deck, top = last
    tool_discard: list[Tool] = field(default_factory=list)
    loot: list[Loot] = field(default_factory=list)
    gold_bar_waiting: bool = True  # the second Gold Bar, outside the deck until the first
    events: list[EventCard] = field(default_factory=list)
    event_discard: list[EventCard] = field(default_factory=list)
    # How many of the Event deck's top cards the whole crew has seen, in their order
    # (Precognition's card left on top, a Crystal Ball's order): known until drawn.
    events_seen: int = 0
    # Card effects that last until their owner's next turn starts: name -> owner.
    lasting: dict[Lasting, int] = field(default_factory=dict)
    turn_flags: list[TurnFlag] = field(default_factory=list)  # effects for this turn only
    trades: list[str] = field(default_factory=list)  # "card:giver>receiver" since an action (R83)
    guard_bonus: int = 0  # this turn's change to the guard's movement (Espresso, ...)
    next_turn_bonus: dict[str, int] = field(default_factory=dict)  # str(player) -> actions
    skip_turns: int = 0  # Jump the Gun: turns to skip
    crow: int | None = None  # the Raven's crow token
    queue: list[Effect] = field(default_factory=list)
    pending: Decision | None = None
    outcome: Result = Result.PLAYING  # "", "win" or "loss"
    reason: str = ""  # "escaped" or "caught:<why>" (see Game.outcome)
    caught: int | None = None  # the burglar caught, when the game is lost
    actions_applied: int = 0


def empty_cell(state: State) -> int | None:
    """The Fort Knox empty square's cell (the same on every floor), or None."""
    tiles = state.floors[0].tiles
    for row in range(state.size):
        for col in range(state.size):
            if tiles[row * ROW_STRIDE + col] is None:
                return row * ROW_STRIDE + col
    return None


def seen_events(state: State) -> list[EventCard]:
    """The Event cards the crew saw on top (`State.events_seen`), in deck order: the next
    one last."""
    k = state.events_seen
    return state.events[len(state.events) - k :] if k else []


# ---------------------------------------------------------------------- exact copies
# Hand-written for speed (a bot copies states in its inner loop): every list, dict and
# record is new, every int, str, enum and tuple shared. The many small records are built
# from positional arguments (the fastest call); tests/engine/test_clone.py gives every
# field a distinct value and fails if one is forgotten, misplaced or shared.
#
# `clone_state` copies everything. `share_state` (Game.clone) copies everything but the
# tile records: the two states share them as `SharedTile`s, read-only, and a game copies
# a tile only when a rule is about to change it (`Kernel._mutable_tile`, `thaw_tile`).
# A game holds 32 to 105 tiles and an action changes a few at most, so a clone costs a
# fraction of a full copy.


_new = object.__new__
_setattr = object.__setattr__


def thaw_tile(t: Tile) -> Tile:
    """A mutable copy of a tile record (shared or not), its Loot list its own."""
    # A bare instance filled slot by slot: faster than the generated __init__.
    n: Tile = _new(Tile)
    n.kind = t.kind
    n.number = t.number
    n.revealed = t.revealed
    n.cracked = t.cracked
    n.alarm = t.alarm
    n.hack = t.hack
    n.open = t.open
    n.stealth = t.stealth
    n.dice = t.dice
    n.safe_open = t.safe_open
    n.downstairs = t.downstairs
    n.tool_taken = t.tool_taken
    n.loot = t.loot[:]
    n.disabled = t.disabled
    n.thermal = t.thermal
    return n


def share_tiles(st: State, owned: list[Tile] | None) -> None:
    """Make the state's mutable tile records read-only (`SharedTile`) before another state
    shares them: those in `owned`, or, with None (not known), every one."""
    if owned is None:
        for fl in st.floors:
            for t in fl.tiles:
                if t is not None and t.__class__ is Tile:
                    _setattr(t, "__class__", SharedTile)
    else:
        for t in owned:
            _setattr(t, "__class__", SharedTile)


def _copy_guard(g: Guard) -> Guard:
    guard: Guard = _new(Guard)
    guard.pos = g.pos
    guard.dest = g.dest
    guard.speed = g.speed
    guard.placed = g.placed
    guard.lost = g.lost
    guard.donuts = g.donuts
    guard.patrol = g.patrol[:]
    guard.discard = g.discard[:]
    guard.aside = g.aside[:]
    guard.seen_top = g.seen_top
    return guard


def clone_floor(fl: Floor) -> Floor:
    """An exact, independent copy of a floor: its tiles copied too."""
    src = fl.tiles
    tiles: list[Tile | None] = src[:]  # the Nones (row padding, empty square) stay
    for i, t in enumerate(src):
        if t is not None:
            tiles[i] = thaw_tile(t)
    floor: Floor = _new(Floor)
    floor.tiles = tiles
    floor.walls = fl.walls[:]
    floor.guard = _copy_guard(fl.guard)
    return floor


def _share_floor(fl: Floor) -> Floor:
    """A copy of a floor sharing its tile records (see `share_state`)."""
    floor: Floor = _new(Floor)
    floor.tiles = fl.tiles[:]
    floor.walls = fl.walls[:]
    floor.guard = _copy_guard(fl.guard)
    return floor


def clone_player(p: Player) -> Player:
    n: Player = _new(Player)
    n.name = p.name
    n.character = p.character
    n.side = p.side
    n.pos = p.pos
    n.entered = p.entered
    n.escaped = p.escaped
    n.stealth = p.stealth
    n.tools = p.tools[:]
    n.loot = p.loot[:]
    n.hack = p.hack
    n.alarm_held = p.alarm_held
    return n


def clone_state(st: State) -> State:
    """An exact, independent copy of a state (equal to it, sharing nothing mutable)."""
    return _copy_state(st, [clone_floor(fl) for fl in st.floors])


def share_state(st: State, owned: list[Tile] | None) -> State:
    """A copy of a state, equal to it, sharing only its tile records, which both states
    then hold read-only (`SharedTile`, copied on write). `owned`: the state's mutable tile
    records, if known (see `share_tiles`)."""
    share_tiles(st, owned)
    return _copy_state(st, [_share_floor(fl) for fl in st.floors])


def _copy_state(st: State, floors: list[Floor]) -> State:
    d = st.pending
    pending = (
        None
        if d is None
        else Decision(d.kind, list(d.options), d.pos, d.floor, d.source, d.flag, d.n, list(d.data))
    )
    # A bare instance filled slot by slot: about twice as fast as 36 keyword arguments.
    n: State = _new(State)
    n.scenario = st.scenario
    n.size = st.size
    n.floors = floors
    n.players = [clone_player(p) for p in st.players]
    n.rng = st.rng
    n.seed = st.seed
    n.lost_visual = st.lost_visual
    n.step = st.step
    n.entrance = st.entrance
    n.current = st.current
    n.turn = st.turn
    n.actions_left = st.actions_left
    n.actions_taken = st.actions_taken
    n.keypad_fails = st.keypad_fails.copy()
    n.motion_entered = [x[:] for x in st.motion_entered]
    n.visited = st.visited[:]
    n.pace_from = st.pace_from
    n.paced = st.paced
    n.tools = st.tools[:]
    n.tool_discard = st.tool_discard[:]
    n.loot = st.loot[:]
    n.gold_bar_waiting = st.gold_bar_waiting
    n.events = st.events[:]
    n.event_discard = st.event_discard[:]
    n.events_seen = st.events_seen
    n.lasting = st.lasting.copy()
    n.turn_flags = st.turn_flags[:]
    n.trades = st.trades[:]
    n.guard_bonus = st.guard_bonus
    n.next_turn_bonus = st.next_turn_bonus.copy()
    n.skip_turns = st.skip_turns
    n.crow = st.crow
    n.queue = [Effect(e.kind, e.pos, e.floor, e.n, e.source, e.flag) for e in st.queue]
    n.pending = pending
    n.outcome = st.outcome
    n.reason = st.reason
    n.caught = st.caught
    n.actions_applied = st.actions_applied
    return n
