"""The kernel of the rules: a game's state and the core operations every rule module uses.

`Kernel` holds the `State`, the setup, the RNG and the caches derived from them (floor
geometry, the legal-action list), and the operations the rules are built from: emit an
event, queue an effect, ask a decision, spend actions; reveal tiles, move burglars (with
the tiles' entry rules), lose Stealth, raise and stop alarms, place and walk guards, crack
Safes, draw cards.

The rule modules (engine/rules/tiles.py, cards.py, characters.py) are tables of
module-level functions over `RuleKernel`, the one declared interface of the kernel they may
use; they import nothing above it. The core reaches them two ways, both given by
`engine.rules.game.Game` (a `Kernel`, its only base): the rooms through the tables
`_on_enter`, `_on_reveal`, `_on_leave`, `_on_actions_end`, `_watched`, `_on_guard`, and the
burglars' passive abilities and the cards through `Hooks`, a typed record of functions
(`_hooks`). `DECISIONS` answers the decisions the core asks (alarms, ties, a tile's Stealth
tokens).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import ClassVar, Protocol

from .actions import Action, parse_pos, pos_text
from .data import (
    COMPUTER_FOR_ALARM,
    LOST_VISUAL,
    MAX_GUARD_SPEED,
    PATROL_DISCARDS,
    Character,
    Loot,
    Side,
    TileKind,
    Tool,
)
from .decisions import die_face_option
from .events import (
    AlarmAvoided,
    AlarmCleared,
    AlarmRaised,
    CardPassed,
    DecisionNeeded,
    DeckEmpty,
    DestinationSet,
    Event,
    GameLost,
    GameWon,
    GuardLost,
    GuardMoved,
    GuardPlaced,
    GuardSkipped,
    GuardSlowed,
    GuardStarts,
    HackSpent,
    KeypadRolled,
    LootDrawn,
    MoveBlocked,
    PatrolDrawn,
    PatrolReshuffled,
    PlayerEscaped,
    PlayerMoved,
    SafeDiceRolled,
    SafeOpened,
    SafeRolled,
    SpeedChanged,
    StealthLost,
    TileRevealed,
    ToolDrawn,
)
from .geometry import FloorGeometry, FloorLayout, geometry
from .kinds import (
    Avoided,
    Blocked,
    DecisionKind,
    Deck,
    Destination,
    EffectKind,
    EndReason,
    GuardStay,
    Lasting,
    Result,
    StealthLoss,
    TurnFlag,
)
from .rng import Rng
from .setup import Setup
from .state import (
    Decision,
    Effect,
    State,
    Step,
    Tile,
    empty_cell,
    floor_of,
    make_pos,
    thaw_tile,
)

K = TileKind
_HACKABLE = frozenset({K.FINGERPRINT.value, K.LASER.value, K.MOTION.value})
# Members read in hot paths, as module constants: on CPython 3.11 reading a member off an
# enum class goes through EnumType.__getattr__'s slow hook (several times a global read).
_FOLLOWUP_ALARM, _RETARGET, _GUARD_MOVE = (
    EffectKind.ALARM,
    EffectKind.RETARGET,
    EffectKind.GUARD_MOVE,
)
_EMP, _TIME_LOCK, _VIDEO_LOOP, _GYMNASTICS = (
    Lasting.EMP,
    Lasting.TIME_LOCK,
    Lasting.VIDEO_LOOP,
    Lasting.GYMNASTICS,
)
_INVISIBLE = TurnFlag.INVISIBLE  # read whenever a guard or a burglar enters a tile
_GUARD_ENTERS = StealthLoss.GUARD_ENTERS  # read on every step a guard takes
_PATROL = Destination.PATROL  # read on every patrol card drawn

# Room rules (engine/rules/tiles.py fills the tables; Game installs them on the class).
# enter(kernel, player, pos, tile, unseen, laser_payable, laser_paid): a burglar moved in,
# was not stopped by the guards' look, and the tile is not disabled (Crowbar).
EnterRule = Callable[["RuleKernel", int, int, Tile, bool, bool, bool], None]
# reveal(kernel, pos, tile): the tile was just turned face up.
RevealRule = Callable[["RuleKernel", int, Tile], None]
# leave(kernel, player, pos, tile): a burglar moves out of the tile.
LeaveRule = Callable[["RuleKernel", int, int, Tile], None]
# actions_end(kernel, player, pos, tile): the burglar's actions end on this tile.
ActionsEndRule = Callable[["RuleKernel", int, int, Tile], None]
# watched(kernel, burglar_pos, guard_pos): a guard there sees a burglar standing on the tile.
WatchRule = Callable[["RuleKernel", int, int], bool]
# guard(kernel, pos, tile, skip): a guard is put on, or steps onto, this face-up tile
# (`skip`: a burglar the entry rules cover instead).
GuardRule = Callable[["RuleKernel", int, Tile, int | None], None]


@dataclass(frozen=True, slots=True)
class Hooks:
    """What the core asks of the burglars' abilities and the cards, as one typed record of
    functions (engine/rules/characters.py, engine/rules/cards.py); `Game` hands it to the
    kernel (`Kernel._hooks`). Each takes the kernel first."""

    jams_alarm: Callable[[RuleKernel, int, int], bool]  # (pos, player) -> no alarm
    keypad_bonus_dice: Callable[[RuleKernel, int], int]  # (player) -> extra dice
    crack_bonus_dice: Callable[[RuleKernel, int], int]  # (player) -> extra dice
    free_guard_entry: Callable[[RuleKernel, int], bool]  # (player) -> unseen by guards
    climb_targets: Callable[[RuleKernel, int], list[int]]  # (player) -> tiles above/below
    crow_stops_guard: Callable[[RuleKernel, int], bool]  # (floor) -> the guard stays put
    crow_slows_guard: Callable[[RuleKernel, int], bool]  # (pos) -> one step less
    rigger_draw: Callable[[RuleKernel, int, str], bool]  # (player, source) -> asked
    on_loot_drawn: Callable[[RuleKernel, int, Loot], None]  # (player, loot) -> its rule


class RuleKernel(Protocol):
    """The kernel as the rule tables see it: the one declared interface that the rule
    functions (engine/rules/tiles.py, cards.py, characters.py) may use, checked by mypy.
    `Kernel` implements it; nothing else of the kernel is theirs to touch.

    The queries are public names of `Game` too. The operations that change the state keep
    a leading underscore: `Game` inherits them, and its public surface holds nothing that
    changes state outside `apply` (tests/engine/test_contracts.py)."""

    state: State
    rng: Rng
    _hooks: ClassVar[Hooks]

    # queries (read only)
    @property
    def top_floor(self) -> int: ...
    def tile(self, pos: int) -> Tile: ...
    def tile_at(self, pos: int) -> Tile | None: ...
    def positions(self, floor: int) -> list[int]: ...
    def geometry(self, floor: int) -> FloorGeometry: ...
    def alarms(self, floor: int) -> list[int]: ...
    def is_over(self) -> bool: ...
    def team_has_all_loot(self) -> bool: ...
    def move_options(self, player: int, orders: bool = False) -> dict[int, tuple[int, str]]: ...
    def _may_receive(self, player: int, card: str) -> bool: ...
    def _deadbolt_empty(self, pos: int) -> bool: ...
    def _is_invisible(self, player: int) -> bool: ...
    def _closest_alarms(self, floor: int) -> list[int]: ...
    def _next_player(self, me: int) -> int: ...

    # what happens: events out, effects queued, decisions asked, actions spent
    def _emit(self, event: Event) -> None: ...
    def _push(self, effect: Effect) -> None: ...
    def _ask(self, kind: DecisionKind, options: Iterable[str], **data: object) -> None: ...
    def _spend(self, n: int) -> None: ...

    # the board, the burglars and the guards
    def _mutable_tile(self, pos: int) -> Tile: ...  # the one way to get a tile to change
    def _reveal(self, pos: int) -> Tile: ...
    def _refresh_geometry(self) -> None: ...
    def _do_move(
        self, target: int, free: bool = False, mover: int | None = None, orders: bool = False
    ) -> None: ...
    def _fall(self, player: int, dest: int, how: str) -> None: ...
    def _leave_building(self, player: int) -> None: ...
    def _lose_stealth(self, player: int, reason: StealthLoss) -> bool: ...
    def _retarget(self, floor: int) -> None: ...
    def _draw_patrol(self, floor: int) -> int: ...
    def _new_destination(self, floor: int, placing: bool = False) -> None: ...
    def _place_guard(self, floor: int, mover: int | None = None) -> None: ...
    def _step_guard(self, f: int, nxt: int) -> None: ...
    def _guard_appears(
        self, floor: int, mover: int | None = None, own: StealthLoss | None = None
    ) -> None: ...

    # cards and Safes
    def _draw_tool(self, player: int, source: str) -> None: ...
    def _draw_one_tool(self, player: int, source: str) -> None: ...
    def _pass_card(self, card: str, giver: int, receiver: int) -> None: ...
    def _apply_crack(self, safe: int, dice: tuple[int, ...]) -> None: ...


# Enum members read on the turn path, bound once: reading one through its class costs a
# metaclass lookup every time on CPython 3.11 (about 4x a module constant).
_ACROBAT = Character.ACROBAT
_ALARM_TIE = DecisionKind.ALARM_TIE
_ALREADY = Avoided.ALREADY
_AVOIDED_EMP = Avoided.EMP
_BASIC = Side.BASIC
_BLOCKED_DEADBOLT = Blocked.DEADBOLT
_BLOCKED_KEYPAD = Blocked.KEYPAD
_BUST = Loot.BUST
_CAMERA = K.CAMERA
_CAUGHT = EndReason.CAUGHT
_DECISIONKIND_ALARM = DecisionKind.ALARM
_DECISIONKIND_STETHOSCOPE = DecisionKind.STETHOSCOPE
_DECISIONKIND_TILE_STEALTH = DecisionKind.TILE_STEALTH
_DESTINATION_ALARM = Destination.ALARM
_EFFECTKIND_TILE_STEALTH = EffectKind.TILE_STEALTH
_ENTERED_GUARD = StealthLoss.ENTERED_GUARD
_ESCAPED = EndReason.ESCAPED
_FLEXED = TurnFlag.FLEXED
_GEMSTONE = Loot.GEMSTONE
_GOLD_BAR = Loot.GOLD_BAR
_GUARD_PLACED = StealthLoss.GUARD_PLACED
_GUARD_PRESENT = Avoided.GUARD_PRESENT
_HACK = Avoided.HACK
_K_DEADBOLT = K.DEADBOLT
_K_KEYPAD = K.KEYPAD
_LAPTOP = Avoided.LAPTOP
_LOOT = Deck.LOOT
_LOOT_TIARA = Loot.TIARA
_LOSS = Result.LOSS
_OVER = Step.OVER
_PAID = Avoided.PAID
_PAINTING = Loot.PAINTING
_RAVEN = Character.RAVEN
_SAFE = K.SAFE
_SECRET_DOOR = K.SECRET_DOOR
_SERVICE_DUCT = K.SERVICE_DUCT
_STAIRS = K.STAIRS
_STAMP = Loot.STAMP
_STEALTHLOSS_TIARA = StealthLoss.TIARA
_SURPRISE = StealthLoss.SURPRISE
_TOOLS = Deck.TOOLS
_TOOL_STETHOSCOPE = Tool.STETHOSCOPE
_USED_CROW = TurnFlag.USED_CROW
_WALKWAY = K.WALKWAY
_WIN = Result.WIN


class Kernel:
    """A game's state, its derived caches and the core rule operations."""

    # Room rules by tile kind (engine/rules/tiles.py), installed by Game.
    _on_enter: ClassVar[Mapping[TileKind, EnterRule]]
    _on_reveal: ClassVar[Mapping[TileKind, RevealRule]]
    _on_leave: ClassVar[Mapping[TileKind, LeaveRule]]
    _on_actions_end: ClassVar[Mapping[TileKind, ActionsEndRule]]
    _watched: ClassVar[Mapping[TileKind, WatchRule]]
    _on_guard: ClassVar[Mapping[TileKind, GuardRule]]
    # What the core asks of the abilities and the cards (given by Game).
    _hooks: ClassVar[Hooks]

    # ------------------------------------------------------------------ state and caches

    def __init__(self, state: State, setup: Setup) -> None:
        self.state = state
        self.setup = setup
        self.rng = Rng(state.rng)
        self._geo: list[FloorGeometry] = []
        self._legal_key = -1
        self._legal: list[Action] = []
        # move_options of the current burglar, set with `_legal` (Game._compute_legal)
        self._move_opts: dict[int, tuple[int, str]] = {}
        self._out: list[Event] = []
        self._fx: list[Effect] = []
        self.history: list[Action] = []  # every action applied, in order (for saves, replay)
        # Tiles are copy-on-write between clones (state.share_state): the tile records this
        # game made its own since it was last cloned, or None when not known (every tile
        # of a new, loaded or hand-changed state may be its own).
        self._owned: list[Tile] | None = None
        self._refresh_geometry()

    def _state_changed(self) -> None:
        """Call after changing `state` by hand (tests, tools, a bot's what-ifs): derived
        data (the legal actions, the floor geometry) is recomputed on next use."""
        self._legal_key = -1
        self._owned = None  # tiles may have been replaced by hand
        self._refresh_geometry()

    def is_over(self) -> bool:
        return self.state.step == _OVER

    def event_threshold(self, player: int) -> int:
        """An Event is drawn when a turn took this many actions or fewer."""
        return 3 if _STAMP in self.state.players[player].loot else 2

    def _may_turn_a_die(self, player: int) -> bool:
        """The Stethoscope may turn one of `player`'s Crack dice (the Bust's holder uses no
        Tool)."""
        p = self.state.players[player]
        return _TOOL_STETHOSCOPE in p.tools and _BUST not in p.loot

    def event_if_end_now(self) -> bool:
        """Would ending the turn now draw an Event (the rule the end-of-turn check applies)?"""
        st = self.state
        me = st.current
        if st.players[me].pos is None:
            return False
        if st.actions_taken > self.event_threshold(me):
            return False
        return bool(st.events or st.event_discard)

    # ------------------------------------------------------------------ the board

    def _refresh_geometry(self) -> None:
        """Recompute floor geometry after walls change (and after loading)."""
        st = self.state
        size, empty = st.size, empty_cell(st)
        # map(tuple, ...): a wall read from JSON is a list
        self._geo = [
            geometry(FloorLayout(size, frozenset(map(tuple, f.walls)), empty))  # type: ignore[arg-type]
            for f in st.floors
        ]

    def geometry(self, floor: int) -> FloorGeometry:
        return self._geo[floor]

    def tile(self, pos: int) -> Tile:
        t = self.state.floors[pos >> 6].tiles[pos & 63]
        assert t is not None
        return t

    def _mutable_tile(self, pos: int) -> Tile:
        """The tile at `pos`, to change: the one way the rules get a tile they change. A
        tile shared with a clone (`SharedTile`, read-only) is first replaced by this game's
        own copy. Take it just before the change: a tile read earlier may be the shared
        record, which no longer shows this game's changes."""
        tiles = self.state.floors[pos >> 6].tiles
        t = tiles[pos & 63]
        assert t is not None
        if t.__class__ is Tile:
            return t
        t = tiles[pos & 63] = thaw_tile(t)
        if self._owned is not None:
            self._owned.append(t)
        return t

    def tile_at(self, pos: int) -> Tile | None:
        floors = self.state.floors
        f = pos >> 6
        if not 0 <= f < len(floors):
            return None
        tiles = floors[f].tiles
        c = pos & 63
        return tiles[c] if c < len(tiles) else None

    @property
    def top_floor(self) -> int:
        return len(self.state.floors) - 1

    def positions(self, floor: int) -> list[int]:
        base = floor << 6
        return [base | c for c in self._geo[floor].cells()]

    def guard_steps(self, floor: int, ending_turn: bool = True) -> int:
        """The steps the floor's guard walks when he next moves: his speed and one per alarm
        ringing on his floor, and for the move that ends this turn (the current burglar's
        floor) this turn's Espresso or Daydreaming. The crow's Distract and Disrupt are not
        in it: they act on the way (`crow_slows_guard`) and at the start (`crow_holds_guard`)."""
        st = self.state
        n = st.floors[floor].guard.speed + len(self.alarms(floor))
        return max(0, n + st.guard_bonus) if ending_turn else n

    def guard_route(self, floor: int) -> list[int]:
        """The positions the floor's guard will walk through to reach his destination."""
        g = self.state.floors[floor].guard
        if g.pos is None or g.dest is None or g.pos == g.dest:
            return []
        base = floor << 6
        return [base | c for c in self._geo[floor].route(g.pos & 63, g.dest & 63)]

    # ------------------------------------------------------------------ where burglars may go

    def _may_receive(self, player: int, card: str) -> bool:
        return not (card == _GOLD_BAR and _GOLD_BAR in self.state.players[player].loot)

    def move_options(self, player: int, orders: bool = False) -> dict[int, tuple[int, str]]:
        """Where the player may Move: target -> (action cost, how).

        With `orders` (the Rook moves this player) extra costs are ignored later, and the
        player's own movement abilities do not apply."""
        st = self.state
        p = st.players[player]
        if p.pos is None:
            return {}
        pos = p.pos
        f, c = pos >> 6, pos & 63
        base = f << 6
        tiles = st.floors[f].tiles
        here = tiles[c]  # `tile`, inlined
        assert here is not None
        geo = self._geo[f]
        painting = _PAINTING in p.loot
        stairs_ok = _TIME_LOCK not in st.lasting
        opts: dict[int, tuple[int, str]] = {}
        for nb in geo.open[c]:  # a loop, not a comprehension: no closure cell for `base`
            opts[base | nb] = (1, "walk")
        # Secret Door: enter a revealed one from any adjacent tile, even through a wall.
        if not painting:
            for nb in geo.grid[c]:
                t = tiles[nb]
                if (
                    t is not None
                    and t.revealed
                    and t.kind == _SECRET_DOOR
                    and (base | nb) not in opts
                ):
                    opts[base | nb] = (1, "secret-door")
        if here.kind == _WALKWAY and f > 0:
            opts[pos - 64] = (1, "walkway")
        if stairs_ok:
            if here.kind == _STAIRS and f < self.top_floor:
                opts[pos + 64] = (1, "stairs")
            if here.downstairs and f > 0 and (pos - 64) not in opts:
                opts[pos - 64] = (1, "stairs")
            if here.thermal:
                for q in (pos - 64, pos + 64):
                    t = self.tile_at(q)
                    if t is not None and t.thermal and q not in opts:
                        opts[q] = (1, "thermal")
        if here.kind == _SERVICE_DUCT and not painting:
            other = self._other_duct(pos)
            if other is not None and other not in opts:
                opts[other] = (1, "duct")
        # Gymnastics: a Walkway above is a way up "as if it were stairs" (004); Time Lock
        # blocks it like every Stairs way (R63).
        if stairs_ok and _GYMNASTICS in st.lasting and f < self.top_floor:
            t = self.tile_at(pos + 64)
            if t is not None and t.revealed and t.kind == _WALKWAY and (pos + 64) not in opts:
                opts[pos + 64] = (1, "gymnastics")
        acrobat = p.character == _ACROBAT and not orders
        if acrobat:
            for q in self._hooks.climb_targets(self, player):
                if q not in opts:
                    opts[q] = (3, "climb")
        gemstone = _GEMSTONE in p.loot
        flexible = acrobat and p.side == _BASIC
        floors = st.floors
        # Deadbolt: 3 actions unless someone (player or guard) is already inside.
        if not (flexible or gemstone):  # the usual case: only a face-up Deadbolt costs more
            for target in opts:
                t = floors[target >> 6].tiles[target & 63]
                assert t is not None
                if (
                    t.kind == _K_DEADBOLT
                    and t.revealed
                    and not t.disabled
                    and opts[target][1] != "walkway"
                    and self._deadbolt_empty(target)
                ):
                    opts[target] = (3, opts[target][1])
            return opts
        for target, (cost, how) in opts.items():
            t = floors[target >> 6].tiles[target & 63]
            assert t is not None
            if flexible and floors[target >> 6].guard.pos == target and how != "walkway":
                # Flexibility: a free step into the guard's tile. A locked Keypad there, or a
                # face-down tile (it may be one), needs the Move action in hand for the roll;
                # it is given back unless a Keypad's guess fails (R68). The Gemstone's extra
                # action is still due.
                cost = 1 if self._flex_deposit(t) else 0
                if gemstone and self._someone_else_on(target, player):
                    cost += 1
                opts[target] = (cost, how)
                continue
            if not (t.kind == _K_DEADBOLT or gemstone):
                continue
            if (
                t.revealed
                and t.kind == _K_DEADBOLT
                and not t.disabled
                and how != "walkway"
                and self._deadbolt_empty(target)
            ):
                cost = 3
            if gemstone and how != "walkway" and self._someone_else_on(target, player):
                cost += 1
            opts[target] = (cost, how)
        return opts

    def _someone_else_on(self, pos: int, player: int) -> bool:
        """Another burglar stands on `pos` (the Gemstone's extra action)."""
        return any(q.pos == pos for i, q in enumerate(self.state.players) if i != player)

    @staticmethod
    def _flex_deposit(t: Tile) -> bool:
        """Flexibility into this guarded tile holds back one action for a Keypad's roll."""
        return not t.revealed or (t.kind == _K_KEYPAD and not t.open and not t.disabled)

    def _deadbolt_empty(self, pos: int) -> bool:
        for p in self.state.players:
            if p.pos == pos:
                return False
        return self.state.floors[pos >> 6].guard.pos != pos

    def _other_duct(self, pos: int) -> int | None:
        for fi, fl in enumerate(self.state.floors):
            for cell, t in enumerate(fl.tiles):
                if t is not None and t.kind == _SERVICE_DUCT and t.revealed:
                    other = make_pos(fi, cell)
                    if other != pos:
                        return other
        return None

    def _can_escape(self, player: int) -> bool:
        """On the top floor's Stairs (or a Thermal Bomb hole) with all the loot in hand."""
        p = self.state.players[player]
        if p.pos is None or floor_of(p.pos) != self.top_floor:
            return False
        t = self.tile(p.pos)
        if t.kind != _STAIRS and not t.thermal:
            return False
        if _TIME_LOCK in self.state.lasting:
            return False
        return self.team_has_all_loot()

    def team_has_all_loot(self) -> bool:
        for fl in self.state.floors:
            for t in fl.tiles:
                if t is None:
                    continue
                if t.kind == _SAFE and not t.safe_open:
                    return False
                if t.loot:
                    return False
        return True

    # ------------------------------------------------------------------ primitives

    def _emit(self, event: Event) -> None:
        self._out.append(event)

    def _push(self, effect: Effect) -> None:
        self._fx.append(effect)

    def _flush_fx(self) -> None:
        if self._fx:
            self.state.queue[0:0] = self._fx
            self._fx = []

    def _spend(self, n: int) -> None:
        st = self.state
        st.actions_left -= n
        st.actions_taken += n
        st.pace_from = None  # an action spent on anything else ends any pacing (R07)
        if n > 0:
            # R83: after a spent action, the crow may be placed again and a card handed back.
            if _USED_CROW in st.turn_flags:
                st.turn_flags.remove(_USED_CROW)
            if st.trades:
                st.trades = []

    def _my_pos(self) -> int:
        pos = self.state.players[self.state.current].pos
        assert pos is not None
        return pos

    def _my_tile(self) -> Tile:
        return self.tile(self._my_pos())

    def _ask(self, kind: DecisionKind, options: Iterable[str], **data: object) -> None:
        opts = list(options)
        self.state.pending = Decision(kind, opts, **data)  # type: ignore[arg-type]
        self._emit(DecisionNeeded(kind, tuple(opts)))

    # ------------------------------------------------------------------ tiles

    def _reveal(self, pos: int) -> Tile:
        t = self.tile(pos)
        if t.revealed:
            return t
        t = self._mutable_tile(pos)
        t.revealed = True
        self._emit(TileRevealed(pos, t.kind.value, t.number))
        rule = self._on_reveal.get(t.kind)
        if rule is not None:
            rule(self, pos, t)
        return t

    # ------------------------------------------------------------------ movement

    def _do_move(
        self,
        target: int,
        free: bool = False,
        mover: int | None = None,
        orders: bool = False,
        known: dict[int, tuple[int, str]] | None = None,
    ) -> None:
        """A Move action; `free`: a forced move (Go With Your Gut: no Laser payment);
        `orders`: the Rook moves `mover` (extra costs waived, Keypad with one die);
        `known`: the current burglar's move options in this state, if already listed."""
        st = self.state
        me = st.current if mover is None else mover
        p = st.players[me]
        src = p.pos
        assert src is not None
        trades = st.trades  # a Flexibility deposit given back spent no action (R83)
        if free:
            how = "walk"
        elif orders:
            how = self.move_options(me, orders=True)[target][1]
        else:
            cost, how = (self.move_options(me) if known is None else known)[target]
            self._spend(cost)
        t = self.state.floors[target >> 6].tiles[target & 63]  # `tile`, inlined
        assert t is not None
        # Flexibility (her own Move, not a forced or ordered one): a free entry into the
        # guard's tile. A deposit held for a possible Keypad roll is given back unless the
        # roll fails (R68).
        flex = (
            not free
            and not orders
            and st.floors[target >> 6].guard.pos == target  # first: the cheap test
            and how != "walkway"
            and self._hooks.free_guard_entry(self, me)
        )
        deposit = flex and self._flex_deposit(t)
        was_revealed = t.revealed and not free and how != "climb"
        if how == "climb":
            st.actions_left = 0  # Climb Window: the Acrobat's actions end
        if how == "walkway":
            self._move_out(me, src)
            self._fall(me, target, "walkway")
            return
        if not t.revealed:
            t = self._reveal(target)  # this game's own record now (tiles are copy-on-write)
            if t.kind == _K_DEADBOLT and self._deadbolt_empty(target) and not orders:
                self._emit(MoveBlocked(me, target, _BLOCKED_DEADBOLT))
                return
            if t.kind == _WALKWAY and (target >> 6) > 0:
                if deposit:
                    self._refund_deposit(trades)
                self._move_out(me, src)
                p.pos = target
                self._emit(PlayerMoved(me, src, target, how))
                if not st.floors[target >> 6].guard.placed:
                    self._place_guard(target >> 6, mover=me)  # R30: he stood on that floor
                # The Walkway is entered before the fall: a guard there sees the burglar.
                if self._is_invisible(me) or self._seen_entering(me, target, flex):
                    self._fall(me, target - 64, "fall")
                return
        if (
            t.kind == _K_KEYPAD
            and not t.open
            and not t.disabled
            and not self._keypad_roll(target, me, single_die=orders)
        ):
            return
        if deposit:
            self._refund_deposit(trades)
        self._move_out(me, src)
        p.pos = target
        self._emit(PlayerMoved(me, src, target, how))
        if flex:
            st.turn_flags.append(_FLEXED)
        # Orders waive a Laser's extra action, revealed or not: it is crossed as if paid (R80).
        self._enter(
            me,
            target,
            laser_payable=was_revealed and not orders,
            laser_paid=orders,
            flexible=flex,
        )

    def _move_out(self, player: int, src: int) -> None:
        """A Move that does take the burglar out of `src`. Only then has the Acrobat left the
        guard's tile she stepped into for free: a Move stopped by a Keypad or a face-down
        Deadbolt leaves her there, still owing the Stealth at the end of her actions (R68)."""
        st = self.state
        if player == st.current and _FLEXED in st.turn_flags:
            st.turn_flags.remove(_FLEXED)
        self._leave(player, src)

    def _refund_deposit(self, trades: list[str]) -> None:
        st = self.state
        st.trades = trades
        st.actions_left += 1
        st.actions_taken -= 1

    def _keypad_roll(self, pos: int, player: int, single_die: bool = False) -> bool:
        """Guess a locked Keypad's code: one die plus one per failed try this turn."""
        st = self.state
        key = str(pos)
        fails = st.keypad_fails.get(key, 0)
        count = 1 if single_die else 1 + fails + self._hooks.keypad_bonus_dice(self, player)
        dice = tuple(self.rng.die() for _ in range(count))
        opened = 6 in dice
        self._emit(KeypadRolled(pos, dice, opened))
        if opened:
            self._mutable_tile(pos).open = True
            return True
        if not single_die:
            st.keypad_fails[key] = fails + 1
        self._emit(MoveBlocked(player, pos, _BLOCKED_KEYPAD))
        return False

    def _fall(self, player: int, dest: int, how: str) -> None:
        """Walkway: land on the tile below. Not an entry: no tile effect, no Stealth lost."""
        p = self.state.players[player]
        src = p.pos
        assert src is not None
        self._reveal(dest)
        p.pos = dest
        self._emit(PlayerMoved(player, src, dest, how))
        f = dest >> 6
        if not self.state.floors[f].guard.placed:
            self._place_guard(f, mover=player)

    def _leave(self, player: int, pos: int) -> None:
        """Leaving a tile: its leave rule (a Motion tile entered this turn raises its alarm)."""
        t = self.state.floors[pos >> 6].tiles[pos & 63]  # `tile`, inlined
        assert t is not None
        rule = self._on_leave.get(t.kind)
        if rule is not None:
            rule(self, player, pos, t)

    def _seen_entering(self, player: int, pos: int, flexible: bool = False) -> bool:
        """The guards' look at a burglar moving into `pos`: his own tile (unless entered by
        Flexibility), a tile watched from a guard's (a Foyer next to him, an Atrium under
        or over him: engine/rules/tiles.py `WATCHED`), the Tiara. Returns False if a Stealth it
        cost lost the game."""
        st = self.state
        if (
            st.floors[pos >> 6].guard.pos == pos
            and not flexible
            and not self._lose_stealth(player, _ENTERED_GUARD)
        ):
            return False
        t = self.state.floors[pos >> 6].tiles[pos & 63]  # `tile`, inlined
        assert t is not None
        kind = t.kind
        watch = self._watched.get(kind)
        if watch is not None:
            # A loop, not any(<generator>): a generator here would make `self` and `pos`
            # closure cells, slowing every read of them in this method.
            for fl in st.floors:
                g = fl.guard.pos
                if g is not None and watch(self, pos, g):
                    if not self._lose_stealth(player, StealthLoss(kind.value)):
                        return False
                    break
        return not (
            _LOOT_TIARA in st.players[player].loot
            and self._guard_adjacent(pos)
            and not self._lose_stealth(player, _STEALTHLOSS_TIARA)
        )

    def _enter(
        self,
        player: int,
        pos: int,
        laser_payable: bool,
        laser_paid: bool = False,
        flexible: bool = False,
    ) -> None:
        """Everything that happens when a burglar enters a tile by moving: the floor's guard
        is placed if need be, the guards look, then the tile's enter rule (rules/tiles.py)."""
        st = self.state
        f = pos >> 6
        fl = st.floors[f]
        if not fl.guard.placed:
            self._place_guard(f, mover=player)
        t = self.state.floors[pos >> 6].tiles[pos & 63]  # `tile`, inlined
        assert t is not None
        kind = t.kind
        unseen = self._is_invisible(player)
        if not unseen and not self._seen_entering(player, pos, flexible):
            return
        if t.disabled:  # Crowbar: the tile's own rule is off
            return
        rule = self._on_enter.get(kind)
        if rule is not None:
            rule(self, player, pos, t, unseen, laser_payable, laser_paid)

    def _guard_adjacent(self, pos: int) -> bool:
        f, c = pos >> 6, pos & 63
        g = self.state.floors[f].guard.pos
        return g is not None and (g & 63) in self._geo[f].open[c]

    # ------------------------------------------------------------------ stealth

    def _lose_stealth(self, player: int, reason: StealthLoss) -> bool:
        """Discard one Stealth. Returns False if that lost the game. On a tile holding Stealth
        tokens (Lavatory, Smoke Bomb) the burglar may spend one of those instead of their own:
        a decision when both are there, asked in turn through the queue (R21)."""
        st = self.state
        p = st.players[player]
        pos = p.pos
        if pos is not None and self.tile(pos).stealth > 0:
            if p.stealth > 0:
                self._push(Effect(_EFFECTKIND_TILE_STEALTH, n=player, source=reason))
                return True
            self._mutable_tile(pos).stealth -= 1
            self._emit(StealthLost(player, reason, True, p.stealth))
            return True
        if p.stealth > 0:
            p.stealth -= 1
            self._emit(StealthLost(player, reason, False, p.stealth))
            return True
        self._lose(player, reason)
        return False

    def _fx_tile_stealth(self, eff: Effect) -> None:
        """A Stealth to discard where the tile holds some: ask which, if there is still a
        choice when this step comes up."""
        p = self.state.players[eff.n]
        t = self.tile(p.pos) if p.pos is not None else None
        if t is not None and t.stealth > 0 and p.stealth > 0:
            self._ask(
                _DECISIONKIND_TILE_STEALTH, ["tile", "own"], n=eff.n, source=eff.source, pos=p.pos
            )
        else:
            self._lose_stealth(eff.n, StealthLoss(eff.source))

    def _spend_stealth(self, player: int, reason: StealthLoss, from_tile: bool) -> None:
        p = self.state.players[player]
        if from_tile:
            assert p.pos is not None
            self._mutable_tile(p.pos).stealth -= 1
        else:
            p.stealth -= 1
        self._emit(StealthLost(player, reason, from_tile, p.stealth))

    def _lose(self, player: int, reason: StealthLoss) -> None:
        st = self.state
        st.step = _OVER
        st.outcome = _LOSS
        st.caught = player
        st.reason = f"{_CAUGHT}:{reason}"
        st.queue.clear()
        st.pending = None
        self._fx = []
        self._emit(GameLost(player, reason))

    # ------------------------------------------------------------------ alarms

    def _fx_alarm(self, eff: Effect) -> None:
        """An alarm would go off at eff.pos; offer the ways to stop it, if any."""
        pos = eff.pos
        t = self.tile(pos)
        if _EMP in self.state.lasting:
            self._emit(AlarmAvoided(pos, eff.source, _AVOIDED_EMP))
            return
        if t.alarm:
            self._emit(AlarmAvoided(pos, eff.source, _ALREADY))
            return
        if self.state.floors[pos >> 6].guard.pos == pos:
            self._emit(AlarmAvoided(pos, eff.source, _GUARD_PRESENT))
            return
        options = []
        if eff.source in _HACKABLE and self._hack_tokens(eff.source) > 0:
            options.append("hack")
        if eff.source in _HACKABLE and any(p.hack for p in self.state.players):
            options.append("laptop")  # the Hacker's own token serves any of the three
        if eff.flag and self.state.actions_left >= 1:
            options.append("pay")
        if options:
            options.append("trigger")
            self._ask(_DECISIONKIND_ALARM, options, pos=pos, source=eff.source)
            return
        self._raise_alarm(pos, eff.source)

    def _computer_for(self, source: str) -> int | None:
        want = COMPUTER_FOR_ALARM[TileKind(source)]
        for fi, fl in enumerate(self.state.floors):
            for cell, t in enumerate(fl.tiles):
                if t is not None and t.kind == want and t.revealed:
                    return make_pos(fi, cell)
        return None

    def _hack_tokens(self, source: str) -> int:
        comp = self._computer_for(source)
        return 0 if comp is None else self.tile(comp).hack

    def _raise_alarm(self, pos: int, source: str) -> None:
        """Place an Alarm token (unless one is there or the guard stands there)."""
        t = self.tile(pos)
        f = pos >> 6
        if _EMP in self.state.lasting:
            self._emit(AlarmAvoided(pos, source, _AVOIDED_EMP))
            return
        if t.alarm:
            self._emit(AlarmAvoided(pos, source, _ALREADY))
            return
        if self.state.floors[f].guard.pos == pos:
            self._emit(AlarmAvoided(pos, source, _GUARD_PRESENT))
            return
        self._mutable_tile(pos).alarm = True
        self._emit(AlarmRaised(pos, source))
        self._retarget(f)

    def alarms(self, floor: int) -> list[int]:
        # Only the real cells (a floor's tile list also holds the row padding); a loop, not
        # a comprehension: no closure cells (alarms are few, the cells many).
        base = floor << 6
        tiles = self.state.floors[floor].tiles
        out = []
        for c in self._geo[floor].cells():
            t = tiles[c]
            if t is not None and t.alarm:
                out.append(base | c)
        return out

    def _closest_alarms(self, floor: int) -> list[int]:
        g = self.state.floors[floor].guard
        alarms = self.alarms(floor)
        if g.pos is None or not alarms:
            return alarms
        dist = self._geo[floor].dist[g.pos & 63]
        best = min(dist[a & 63] for a in alarms)
        return [a for a in alarms if dist[a & 63] == best]

    def _retarget(self, floor: int) -> None:
        """Point the guard at the closest alarm (players break ties), or draw a patrol card."""
        g = self.state.floors[floor].guard
        if not g.placed or g.lost or g.pos is None:
            return
        under = self.tile(g.pos)
        if under.alarm:  # an alarm under the guard (raised before he was there) is his at once
            self._mutable_tile(g.pos).alarm = False
            self._emit(AlarmCleared(g.pos))
        closest = self._closest_alarms(floor)
        if not closest:
            self._new_destination(floor)
        elif len(closest) == 1:
            self._set_destination(floor, closest[0], _DESTINATION_ALARM)
        else:
            self._ask(_ALARM_TIE, [pos_text(a) for a in closest], floor=floor)

    def _set_destination(self, floor: int, pos: int, why: Destination) -> None:
        g = self.state.floors[floor].guard
        if g.dest != pos:
            g.dest = pos
            self._emit(DestinationSet(floor, pos, why))

    def _fx_retarget(self, eff: Effect) -> None:
        self._retarget(eff.floor)

    # ------------------------------------------------------------------ guards

    def _draw_patrol(self, floor: int) -> int:
        """Top patrol card; an empty deck is rebuilt, and the guard speeds up."""
        st = self.state
        g = st.floors[floor].guard
        if not g.patrol:
            cards = g.discard + g.aside
            g.discard = []
            self.rng.shuffle(cards)
            k = PATROL_DISCARDS[len(st.players)]
            g.aside = cards[len(cards) - k :] if k else []
            g.patrol = cards[: len(cards) - k]
            self._emit(PatrolReshuffled(floor, len(g.patrol)))
            if g.speed < MAX_GUARD_SPEED:
                g.speed += 1
                self._emit(SpeedChanged(floor, g.speed, "reshuffle"))
        card = g.patrol.pop()
        g.discard.append(card)
        g.seen_top = None  # the card the Spotter saw (if any) was this one: it is public now
        self._emit(PatrolDrawn(floor, card))
        return card

    def _place_guard(self, floor: int, mover: int | None = None) -> None:
        """Set up a floor's guard: position from one patrol card, destination from the next.
        `mover`: the burglar whose move or fall onto the floor sets him up."""
        g = self.state.floors[floor].guard
        g.placed = True
        g.lost = False
        card = self._draw_patrol(floor)
        while card == LOST_VISUAL:
            card = self._draw_patrol(floor)
        g.pos = card
        self._emit(GuardPlaced(floor, card))
        self._guard_appears(floor, mover, own=_GUARD_PLACED)
        if self.state.step == _OVER:
            return
        if self.alarms(floor):  # alarms raised before he arrived (cards) still call him
            self._push(Effect(_RETARGET, floor=floor))
        else:
            self._new_destination(floor, placing=True)

    def _new_destination(self, floor: int, placing: bool = False) -> None:
        g = self.state.floors[floor].guard
        while True:
            card = self._draw_patrol(floor)
            if card == LOST_VISUAL:
                if placing:
                    continue
                self._emit(GuardLost(floor))
                g.pos = None
                g.dest = None
                g.lost = True
                return
            if card == g.pos:
                continue
            g.dest = card
            self._emit(DestinationSet(floor, card, _PATROL))
            return

    def _fx_guard_move(self, eff: Effect) -> None:
        st = self.state
        f = eff.floor
        g = st.floors[f].guard
        n = eff.n
        if not eff.flag:  # the move starts now: its speed is fixed here
            if not g.placed:
                return
            if g.donuts:  # even a lost guard: he stays away this time (R39)
                g.donuts = False
                self._emit(GuardSkipped(f, GuardStay.DONUTS))
                return
            if not g.lost and self._hooks.crow_stops_guard(self, f):
                return
            n = self.guard_steps(f, ending_turn=eff.source == "turn")
            if g.lost:
                # Lost Visual: he comes back from the next card, then moves as usual.
                g.lost = False
                card = self._draw_patrol(f)
                while card == LOST_VISUAL:
                    card = self._draw_patrol(f)
                g.pos = card
                self._emit(GuardPlaced(f, card))
                # Back from Lost Visual: whoever stands on his tile is caught by surprise.
                self._guard_appears(f, own=_SURPRISE)
                if st.step == _OVER:
                    return
                if self.tile(card).alarm:  # he starts his move on an alarm: he switches it off
                    self._mutable_tile(card).alarm = False
                    self._emit(AlarmCleared(card))
                self._emit(GuardStarts(f, n))
                self._push(Effect(_RETARGET, floor=f))
                self._push(Effect(_GUARD_MOVE, floor=f, n=n, flag=True))
                return
            self._emit(GuardStarts(f, n))
        geo = self._geo[f]
        base = f << 6
        crow_slows_guard = self._hooks.crow_slows_guard
        while n > 0:
            if g.pos is None or g.dest is None:
                return
            if g.pos == g.dest:
                self._push(Effect(_RETARGET, floor=f))
                self._push(Effect(_GUARD_MOVE, floor=f, n=n, flag=True))
                return
            n -= 1
            self._step_guard(f, base | geo.next_steps(g.dest & 63)[g.pos & 63])
            if st.step == _OVER:
                return
            if n > 0 and g.pos is not None and crow_slows_guard(self, g.pos):
                n -= 1
                self._emit(GuardSlowed(f, g.pos))
            if self._fx or st.pending is not None:
                if n > 0:
                    self._push(Effect(_GUARD_MOVE, floor=f, n=n, flag=True))
                return

    def _step_guard(self, f: int, nxt: int) -> None:
        """One step of a guard: he enters `nxt`; reaching his destination sets the next."""
        g = self.state.floors[f].guard
        src = g.pos
        assert src is not None
        g.pos = nxt
        self._emit(GuardMoved(f, src, nxt))
        self._guard_enters(f, nxt)
        if self.state.step == _OVER:
            return
        if g.pos == g.dest:
            if self.alarms(f):
                self._push(Effect(_RETARGET, floor=f))
            else:
                self._new_destination(f)

    def _guard_enters(self, floor: int, pos: int) -> None:
        """The guard steps into `pos`: he clears its alarm and spots burglars."""
        t = self.state.floors[floor].tiles[pos & 63]
        assert t is not None
        if t.alarm:
            self._mutable_tile(pos).alarm = False
            self._emit(AlarmCleared(pos))
        self._guard_sees(floor, pos, _GUARD_ENTERS)

    def _guard_appears(
        self, floor: int, mover: int | None = None, own: StealthLoss | None = None
    ) -> None:
        """The floor's guard is put on a tile without walking there (first arrival, back
        from Lost Visual, a card's jump): a burglar on his tile loses Stealth for `own`, and
        the tiles that watch him react as when he walks (a Foyer next to him, an Atrium over
        or under him, the other Cameras); `mover`: the burglar whose move brings him,
        covered by the entry rules instead (R12, R23)."""
        pos = self.state.floors[floor].guard.pos
        if pos is not None:
            self._guard_sees(floor, pos, own, mover)

    def _guard_sees(
        self, floor: int, pos: int, own: StealthLoss | None, skip: int | None = None
    ) -> None:
        """The guard now on `pos` looks around: burglars on his tile (if `own` names why
        they pay), on tiles watched from his (a Foyer next to him, an Atrium over or under
        him: `WATCHED`); then his tile's guard rule (a Camera: `ON_GUARD`)."""
        watched = self._watched
        st = self.state
        floors = st.floors
        # The Invisible Suit's wearer (the current burglar) is looked at by nobody.
        unseen = st.current if _INVISIBLE in st.turn_flags else -1
        for i, p in enumerate(st.players):
            b = p.pos
            if b is None or i in (skip, unseen):
                continue
            if b == pos:
                if own and not self._lose_stealth(i, own):
                    return
                continue
            tile = floors[b >> 6].tiles[b & 63]
            assert tile is not None
            kind = tile.kind
            watch = watched.get(kind)
            if (
                watch is not None
                and watch(self, b, pos)
                and not self._lose_stealth(i, StealthLoss(kind.value))
            ):
                return
        t = self.state.floors[pos >> 6].tiles[pos & 63]  # `tile`, inlined
        assert t is not None
        if t.revealed:
            rule = self._on_guard.get(t.kind)
            if rule is not None:
                rule(self, pos, t, skip)

    # ------------------------------------------------------------------ Safes and card draws

    def combination(self, safe: int) -> list[int]:
        """The tiles in the safe's row and column (its combination), as positions."""
        base = safe & ~63
        return [base | c for c in self._geo[safe >> 6].combination(safe & 63)]

    def _crack(self, safe: int) -> None:
        st = self.state
        t = self.tile(safe)
        count = t.dice + self._hooks.crack_bonus_dice(self, st.current)
        dice = tuple(self.rng.die() for _ in range(count))
        if self._may_turn_a_die(st.current):
            # The Stethoscope may turn one die to any face before the roll counts.
            options = ["keep"] + [
                die_face_option(i + 1, v) for i, d in enumerate(dice) for v in range(1, 7) if v != d
            ]
            self._emit(SafeDiceRolled(safe, dice))
            self._ask(_DECISIONKIND_STETHOSCOPE, options, pos=safe, data=[str(d) for d in dice])
            return
        self._apply_crack(safe, dice)

    def _apply_crack(self, safe: int, dice: tuple[int, ...]) -> None:
        st = self.state
        rolled = set(dice)
        cracked = []
        combo = self.combination(safe)
        for pos in combo:
            ct = self.tile(pos)
            if ct.revealed and not ct.cracked and ct.number in rolled:
                self._mutable_tile(pos).cracked = True
                cracked.append(pos)
        self._emit(SafeRolled(safe, dice, tuple(cracked)))
        if all(self.tile(p).cracked or self.tile(p).kind == _SAFE for p in combo):
            self._mutable_tile(safe).safe_open = True
            self._emit(SafeOpened(safe))
            me = st.current
            # Drilled from another floor: no Tool, and the Loot stays in the Safe until
            # someone takes it (R76).
            drilled = st.players[me].pos != safe
            if not drilled:
                self._draw_tool(me, "safe")
            self._draw_loot(me, safe, on_tile=drilled)
            # The guards of the cracker's floor and below speed up (000, 004), whichever
            # floor the Safe is on: a drilled Safe is the Peterman's alarm (R76).
            cracker_pos = st.players[me].pos
            assert cracker_pos is not None
            for f in range(cracker_pos >> 6, -1, -1):
                g = st.floors[f].guard
                if g.speed < MAX_GUARD_SPEED:
                    g.speed += 1
                    self._emit(SpeedChanged(f, g.speed, "safe"))

    def _draw_tool(self, player: int, source: str) -> None:
        if not self._hooks.rigger_draw(self, player, source):
            self._draw_one_tool(player, source)

    def _draw_one_tool(self, player: int, source: str) -> None:
        st = self.state
        if not st.tools:
            self._emit(DeckEmpty(_TOOLS))
            return
        tool = st.tools.pop()
        st.players[player].tools.append(tool)
        self._emit(ToolDrawn(player, tool.value, source))

    def _draw_loot(self, player: int, safe: int, on_tile: bool = False) -> None:
        st = self.state
        if not st.loot:
            self._emit(DeckEmpty(_LOOT))
            return
        loot = st.loot.pop()
        if on_tile:
            self._mutable_tile(safe).loot.append(loot)
            self._emit(LootDrawn(-1, loot.value))
        else:
            st.players[player].loot.append(loot)
            self._emit(LootDrawn(player, loot.value))
        if loot == _GOLD_BAR and st.gold_bar_waiting:
            # The other Gold Bar waits on this Safe; the Loot deck is shuffled.
            st.gold_bar_waiting = False
            self._mutable_tile(safe).loot.append(_GOLD_BAR)
            self.rng.shuffle(st.loot)
        if not on_tile:
            self._hooks.on_loot_drawn(self, player, loot)

    def _pass_card(self, card: str, giver: int, receiver: int) -> None:
        st = self.state
        g, r = st.players[giver], st.players[receiver]
        if card in Tool._value2member_map_ and Tool(card) in g.tools:
            g.tools.remove(Tool(card))
            r.tools.append(Tool(card))
        else:
            g.loot.remove(Loot(card))
            r.loot.append(Loot(card))
        self._emit(CardPassed(card, giver, receiver))

    def _is_invisible(self, player: int) -> bool:
        """The Invisible Suit: guards do not see its wearer during their turn."""
        st = self.state
        return player == st.current and _INVISIBLE in st.turn_flags

    # ------------------------------------------------------------------ turn order

    def _next_player(self, me: int) -> int:
        """The next burglar in turn order still in the building."""
        st = self.state
        n = len(st.players)
        nxt = me
        for _ in range(n):
            nxt = (nxt + 1) % n
            if not st.players[nxt].escaped:
                return nxt
        return me

    def _leave_building(self, player: int) -> None:
        """Out through the roof (the escape action, or Freight Elevator on the top floor);
        the last one out wins the game."""
        st = self.state
        p = st.players[player]
        p.pos = None
        p.escaped = True
        if p.character == _RAVEN:
            st.crow = None  # the crow flies off with her
        self._emit(PlayerEscaped(player))
        if all(q.escaped for q in st.players):
            st.step = _OVER
            st.outcome = _WIN
            st.reason = _ESCAPED.value
            st.queue.clear()
            self._emit(GameWon())


# ---------------------------------------------------------------------- core decisions
# Each takes (kernel, the pending decision, the option chosen).


def _choose_alarm(k: Kernel, d: Decision, option: str) -> None:
    """An alarm about to go off: a Computer's hack token, the Hacker's laptop token, an
    action paid (a Laser), or let it ring."""
    if option == "hack":
        comp = k._computer_for(d.source)
        assert comp is not None
        ct = k._mutable_tile(comp)
        ct.hack -= 1
        k._emit(HackSpent(comp, ct.hack))
        k._emit(AlarmAvoided(d.pos, d.source, _HACK))
    elif option == "pay":
        k._spend(1)
        k._emit(AlarmAvoided(d.pos, d.source, _PAID))
    elif option == "laptop":
        holder = next(p for p in k.state.players if p.hack)
        holder.hack = 0
        k._emit(AlarmAvoided(d.pos, d.source, _LAPTOP))
    else:
        k._raise_alarm(d.pos, d.source)


def _choose_alarm_tie(k: Kernel, d: Decision, option: str) -> None:
    k._set_destination(d.floor, parse_pos(option), _DESTINATION_ALARM)


def _choose_tile_stealth(k: Kernel, d: Decision, option: str) -> None:
    k._spend_stealth(d.n, StealthLoss(d.source), option == "tile")


DECISIONS: dict[DecisionKind, Callable[[Kernel, Decision, str], None]] = {
    DecisionKind.ALARM: _choose_alarm,
    DecisionKind.ALARM_TIE: _choose_alarm_tie,
    DecisionKind.TILE_STEALTH: _choose_tile_stealth,
}
