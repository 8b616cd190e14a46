"""The rules of Burgle Bros.: one `Game` that lists legal actions and applies them.

Contract (the only way anything changes a game):

* `legal_actions()` lists exactly what the current player may do, in a deterministic order;
* `apply(action)` checks the action is in that list (else raises `IllegalActionError`, or
  `ActionParseError` for a text that is no action, and changes nothing), changes the state,
  resolves everything that follows automatically (alarms, the guard's move, the next turn)
  and returns the `Event`s that happened;
* a choice the rules leave to the players stops resolution with a pending `Decision`,
  answered by a `choose <option>` action; queued rule steps (`Effect`s) then continue.

Rule resolution is an explicit queue of effects in the state, so a game can be saved and
resumed in the middle of a turn, and replaying the same actions from the same seed gives
the same state bit for bit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import permutations
from typing import TYPE_CHECKING

from .. import __version__
from . import cards, characters, kernel, tiles
from .actions import (
    Action,
    ActionError,
    ActionKind,
    IllegalActionError,
    pos_text,
)
from .cards import (
    holder_of,
    on_loot_drawn,
    pick_up,
    pickup_actions,
    resolve_event,
    start_of_turn_loot,
    tool_actions,
    use_tool,
)
from .characters import (
    ability_actions,
    climb_targets,
    crack_bonus_dice,
    crow_slows_guard,
    crow_stops_guard,
    drill_targets,
    free_guard_entry,
    give_starting_tools,
    jams_alarm,
    keypad_bonus_dice,
    rigger_draw,
    use_ability,
)
from .data import (
    ACTIONS_PER_TURN,
    COMPUTERS,
    LOST_VISUAL,
    MAX_HACK_TOKENS,
    MAX_SAFE_DICE,
    PATROL_DISCARDS,
    ROW_STRIDE,
    SAFE_TILES,
    SCENARIOS,
    SOLO_EVENTS_REMOVED,
    SOLO_LOOT_REMOVED,
    STAIRS_TILES,
    START_STEALTH,
    Character,
    EventCard,
    Loot,
    ScenarioId,
    Side,
    TileKind,
    TileSpec,
    Tool,
    cell_index,
)
from .data import ROOM_TILES as _ROOM_TILES
from .decisions import order_option
from .events import (
    CardNoEffect,
    DecisionMade,
    DieAdded,
    EffectEnded,
    EntranceChosen,
    Event,
    EventDrawn,
    HackAdded,
    Peeked,
    PlayerEntered,
    TurnEnded,
    TurnSkipped,
    TurnStarted,
    is_checkpoint,
)
from .geometry import FloorLayout, random_walls
from .kernel import Hooks, Kernel
from .kinds import (
    DecisionKind,
    EffectKind,
    EndReason,
    Hazard,
    NoEffect,
    Outcome,
    Result,
    StealthLoss,
    TurnFlag,
)
from .rng import Rng
from .setup import Setup
from .state import (
    Decision,
    Effect,
    Floor,
    Guard,
    Player,
    State,
    Step,
    Tile,
    share_state,
)

K = TileKind
# Members read in hot paths, as module constants: on CPython 3.11 reading a member off an
# enum class goes through EnumType.__getattr__'s slow hook (several times a global read).
_FOLLOWUP_ALARM, _GUARD_MOVE = EffectKind.ALARM, EffectKind.GUARD_MOVE
_ACTED, _SHIFT_CHANGE = TurnFlag.ACTED, TurnFlag.SHIFT_CHANGE
_END_OF_ACTIONS = (
    EffectKind.END_THERMO,
    EffectKind.EVENT_CHECK,
    EffectKind.GUARD_TURN,
    EffectKind.NEXT_TURN,
)

if TYPE_CHECKING:
    from .view import GuardMove, SafeInfo


_PLAYING = Outcome()
_tuple_new = tuple.__new__
_PEEK, _MOVE = ActionKind.PEEK, ActionKind.MOVE
# The actions without arguments, built once (values: one instance serves every listing).
_END_ACTION = Action(ActionKind.END)
_HACK_ACTION = Action(ActionKind.HACK)
_ADD_DIE_ACTION = Action(ActionKind.ADD_DIE)
_CRACK_ACTION = Action(ActionKind.CRACK)
_ESCAPE_ACTION = Action(ActionKind.ESCAPE)

# Enum members read on the turn path, bound once: reading one through its class costs a
# metaclass lookup every time on CPython 3.11 (about 4x a module constant).
_ACTIONS = Step.ACTIONS
_ADD_DIE = ActionKind.ADD_DIE
_ATRIUM = K.ATRIUM
_BANK = ScenarioId.BANK
_CAUGHT = EndReason.CAUGHT
_CHOOSE = ActionKind.CHOOSE
_CRACK = ActionKind.CRACK
_END = ActionKind.END
_ENTER = ActionKind.ENTER
_ENTRANCE = Step.ENTRANCE
_ESCAPE = ActionKind.ESCAPE
_ESCAPED = EndReason.ESCAPED
_EVENTCARD_SHIFT_CHANGE = EventCard.SHIFT_CHANGE
_FLEXED = TurnFlag.FLEXED
_FLEXIBILITY = StealthLoss.FLEXIBILITY
_GIVE = ActionKind.GIVE
_GOLD_BAR = Loot.GOLD_BAR
_HACK = ActionKind.HACK
_KEYCARD = Loot.KEYCARD
_LOSS = Result.LOSS
_MIRROR = Loot.MIRROR
_NEXT_TURN = EffectKind.NEXT_TURN
_NO_OTHER_GUARD = NoEffect.NO_OTHER_GUARD
_OFFICE = ScenarioId.OFFICE
_OVER = Step.OVER
_PETERMAN = Character.PETERMAN
_RESOLVING = Step.RESOLVING
_RESULT_PLAYING = Result.PLAYING
_SAFE = K.SAFE
_SHIFT_ORDER = DecisionKind.SHIFT_ORDER
_STAIRS = K.STAIRS
_TAKE = ActionKind.TAKE
_WALKWAY = K.WALKWAY
_WIN = Result.WIN


class Game(Kernel):
    """A game in progress: the kernel (state, caches, core rules), its one base, given the
    rule tables (rooms, cards, abilities: functions over the kernel's declared interface),
    plus the public API, the legal-action listing, the action dispatch and the turn
    structure."""

    _hooks = Hooks(
        jams_alarm=jams_alarm,
        keypad_bonus_dice=keypad_bonus_dice,
        crack_bonus_dice=crack_bonus_dice,
        free_guard_entry=free_guard_entry,
        climb_targets=climb_targets,
        crow_stops_guard=crow_stops_guard,
        crow_slows_guard=crow_slows_guard,
        rigger_draw=rigger_draw,
        on_loot_drawn=on_loot_drawn,
    )
    _on_enter = tiles.ON_ENTER
    _on_reveal = tiles.ON_REVEAL
    _on_leave = tiles.ON_LEAVE
    _on_actions_end = tiles.ON_ACTIONS_END
    _watched = tiles.WATCHED
    _on_guard = tiles.ON_GUARD

    def clone(self) -> Game:
        """An exact, independent copy: same state, history and caches; changing one never
        changes the other, and both continue identically (the RNG is in the state)."""
        other = Game.__new__(Game)
        # Tiles are copied on write: both games now hold the tile records read-only and
        # copy one only when a rule changes it (state.share_state, Kernel._mutable_tile).
        other.state = share_state(self.state, self._owned)
        self._owned = []
        other._owned = []
        other.setup = self.setup  # frozen
        other.rng = self.rng.copy()
        other._geo = list(self._geo)  # FloorGeometry values are shared, never changed
        other._legal_key = self._legal_key
        other._legal = self._legal  # replaced, never changed in place
        other._move_opts = self._move_opts  # likewise
        other._out = list(self._out)
        other._fx = []
        other.history = list(self.history)
        return other

    # ------------------------------------------------------------------ public API

    @property
    def version(self) -> str:
        return __version__

    @property
    def outcome(self) -> Outcome:
        """How the game ended (result, reason, the burglar caught): a falsy record while
        playing. It compares equal to its result's text ('', 'win', 'loss')."""
        st = self.state
        if st.outcome == _RESULT_PLAYING:
            return _PLAYING
        if st.outcome == _WIN:
            return Outcome(_WIN, _ESCAPED)
        _, _, cause = st.reason.partition(":")
        return Outcome(_LOSS, _CAUGHT, -1 if st.caught is None else st.caught, cause)

    @property
    def last_events(self) -> list[Event]:
        """The events of the last action applied (empty before the first)."""
        return list(self._out)

    @property
    def last_checkpoint(self) -> bool:
        """Did the last action reveal hidden information (a tile, dice, a card)? Then it is
        a checkpoint: an undo must never take it back (the page's undo stops there)."""
        return is_checkpoint(self._out)

    def legal_actions(self) -> list[Action]:
        """Every action allowed now, in a deterministic order. Empty once the game is over."""
        st = self.state
        if self._legal_key != st.actions_applied:
            self._legal = self._compute_legal()
            self._legal_key = st.actions_applied
        return list(self._legal)

    def has(self, player: int, character: Character, side: Side) -> bool:
        """The burglar plays this character, on this side of the card."""
        return characters.has(self, player, character, side)

    def parse_action(self, text: str) -> Action:
        return Action.parse(text)

    def view(self) -> dict[str, object]:
        """What the players may see: face-down tiles, deck order and the RNG stay hidden."""
        from .view import view

        return view(self)

    # Foresight for the page's safety nets and Safe panel (engine/rules/foresight.py).

    def would_draw_event(self) -> bool:
        """Ending the turn now would draw an Event."""
        from .foresight import would_draw_event

        return would_draw_event(self)

    def next_guard_moves(self) -> tuple[GuardMove, ...] | None:
        """The guard moves ending the turn now starts, cut where the table stops knowing."""
        from .foresight import next_guard_moves

        return next_guard_moves(self)

    def would_lose(self, action: Action | str) -> bool:
        """Playing `action` loses the game for certain, as far as the table can see."""
        from .foresight import would_lose

        return would_lose(self, action)

    def hazards(self, action: Action | str) -> tuple[Hazard, ...]:
        """The prices `action` is certain to pay, as far as the table can see: a Stealth in a
        guard's tile, a Motion or Thermo alarm, ending where the guard surely walks."""
        from .foresight import hazards

        return hazards(self, action)

    def safe_info(self, pos: int) -> SafeInfo | None:
        """A revealed Safe's row and column, dice and the chance the next roll cracks more."""
        from .foresight import safe_info

        return safe_info(self, pos)

    def apply(self, action: Action | str) -> list[Event]:
        """Validate and apply one action; return what happened."""
        if isinstance(action, str):
            action = Action.parse(action)  # ActionParseError: not an action at all
        if self._legal_key != self.state.actions_applied:
            self.legal_actions()
        if action not in self._legal:
            raise IllegalActionError(self._why_illegal(action))
        st = self.state
        self._out = []
        self._fx = []
        st.actions_applied += 1
        self.history.append(action)
        self._action_handlers[action.kind](self, action)  # `_dispatch`, inlined
        here = st.players[st.current].pos
        if st.step == _ACTIONS and here is not None and here not in st.visited:
            st.visited.append(here)  # wherever the burglar now stands (move, fall, swap)
        if (
            action.kind not in (_END, _CHOOSE)
            and st.step == _ACTIONS
            and _ACTED not in st.turn_flags
        ):
            st.turn_flags.append(_ACTED)  # Disguise is for the very first action only
        if self._fx:  # `_flush_fx`, inlined
            st.queue[0:0] = self._fx
            self._fx = []
        self._run()
        st.rng = self.rng.state
        return self._out

    # ------------------------------------------------------------------ legal actions

    def _compute_legal(self) -> list[Action]:
        st = self.state
        if st.step == _OVER:
            return []
        # (Comprehensions read module constants: a local they read would become a closure
        # cell made on every call.)
        if st.pending is not None:
            return [_tuple_new(Action, (_CHOOSE, -1, "", -1, o)) for o in st.pending.options]
        if st.step == _ENTRANCE:
            return [_tuple_new(Action, (_ENTER, p, "", -1, "")) for p in self.positions(0)]
        if st.step != _ACTIONS:
            return []
        me = st.current
        p = st.players[me]
        out: list[Action] = []
        if p.pos is not None:
            left = st.actions_left
            here = st.floors[p.pos >> 6].tiles[p.pos & 63]  # `tile`, inlined
            assert here is not None
            # Actions built as bare tuples (the NamedTuple constructor is a Python call).
            if left >= 1:
                out.extend(
                    [_tuple_new(Action, (_PEEK, c, "", -1, "")) for c in self._peek_targets(me)]
                )
            opts = self.move_options(me)  # with no action left, only free steps (Flexibility)
            self._move_opts = opts  # the Move about to be applied reads its cost here
            move = _MOVE
            for c in sorted(opts):
                if opts[c][0] <= left:
                    out.append(_tuple_new(Action, (move, c, "", -1, "")))
            if left >= 1:
                if here.kind in COMPUTERS and here.hack < MAX_HACK_TOKENS:
                    out.append(_HACK_ACTION)
                if here.kind == _SAFE and not here.safe_open:
                    if left >= 2 and here.dice < MAX_SAFE_DICE:
                        out.append(_ADD_DIE_ACTION)
                    if here.dice > 0 and self._keycard_allows(p.pos):
                        out.append(_CRACK_ACTION)
                if p.character == _PETERMAN:
                    for safe in drill_targets(self, me):
                        t = self.tile(safe)
                        if left >= 2 and t.dice < MAX_SAFE_DICE:
                            out.append(Action(_ADD_DIE, pos=safe))
                        if t.dice > 0 and self._keycard_allows(safe):
                            out.append(Action(_CRACK, pos=safe))
                if (here.kind == _STAIRS or here.thermal) and self._can_escape(me):
                    out.append(_ESCAPE_ACTION)
            if p.tools:
                out.extend(tool_actions(self, me))
            if here.loot:
                out.extend(pickup_actions(self, me))
            out.extend(ability_actions(self, me))
            pos = p.pos
            for other, q in enumerate(st.players):
                if q.pos != pos or other == me:
                    continue
                # R83: a card does not go straight back the way it came (that changes nothing)
                trades = st.trades
                for card in self._cards_of(me):
                    back = f"{card}:{other}>{me}"
                    if self._may_receive(other, card) and back not in trades:
                        out.append(_tuple_new(Action, (_GIVE, -1, card, other, "")))
                for card in self._cards_of(other):
                    if self._may_receive(me, card) and f"{card}:{me}>{other}" not in trades:
                        out.append(_tuple_new(Action, (_TAKE, -1, card, other, "")))
        out.append(_END_ACTION)
        return out

    def _keycard_allows(self, safe: int) -> bool:
        """With the Keycard drawn, a safe is cracked only with its holder on the Safe."""
        holder = holder_of(self, _KEYCARD)
        return holder is None or self.state.players[holder].pos == safe

    def _cards_of(self, player: int) -> list[str]:
        p = self.state.players[player]
        # str(member) is its value (StrEnum), without the enum's slow `.value` descriptor.
        return sorted({*map(str, p.tools), *map(str, p.loot)})

    def _peek_targets(self, player: int) -> list[int]:
        """Unrevealed tiles the player may Peek at, in position order."""
        st = self.state
        pos = st.players[player].pos
        if pos is None:
            return []
        f, c = pos >> 6, pos & 63
        base = f << 6
        floors = st.floors
        tiles = floors[f].tiles
        here = tiles[c]
        assert here is not None
        # Built in order (the floor below, this floor's cells, the floor above): no sort. A
        # loop, not a comprehension: no closure cells for `base` and `tiles`.
        out = []
        for nb in self._geo[f].open_sorted[c]:
            if not tiles[nb].revealed:  # type: ignore[union-attr]
                out.append(base | nb)
        kind = here.kind
        top = len(floors) - 1
        up = kind == _STAIRS and f < top
        down = kind == _WALKWAY and f > 0
        if kind == _ATRIUM:
            up = f < top
            down = f > 0
        if here.thermal:  # a Thermal Bomb hole works as Stairs: Peek through it too
            for q in (pos - 64, pos + 64):
                t = self.tile_at(q)
                if t is not None and t.thermal:
                    if q < pos:
                        down = True
                    else:
                        up = True
        if down and not self.tile(pos - 64).revealed:
            out.insert(0, pos - 64)
        if up and not self.tile(pos + 64).revealed:
            out.append(pos + 64)
        return out

    def _why_illegal(self, action: Action) -> str:
        st = self.state
        if st.step == _OVER:
            return "the game is over"
        if st.pending is not None:
            opts = ", ".join(st.pending.options)
            return f"a decision is pending ({st.pending.kind}): choose one of {opts}"
        if st.step == _ENTRANCE:
            if action.kind == _ENTER:
                return "the entrance must be a tile of the ground floor"
            return "first choose the entrance tile on the ground floor"
        if action.kind == _ENTER:
            return "the entrance has already been chosen"
        if action.kind == _CHOOSE:
            return "there is no decision to make"
        needs_one = (_PEEK, _MOVE, _HACK, _CRACK)
        if action.kind in needs_one and st.actions_left < 1:
            return "no actions left this turn"
        if action.kind == _ADD_DIE and st.actions_left < 2:
            return "adding a die needs 2 actions"
        if action.kind == _MOVE:
            moves = self.move_options(st.current)
            if action.pos in moves:
                return f"moving there needs {moves[action.pos][0]} actions"
            return f"cannot move to {pos_text(action.pos)} from here"
        if action.kind == _PEEK:
            return f"cannot peek at {pos_text(action.pos)} from here"
        if action.kind in (_GIVE, _TAKE):
            return (
                "that card cannot change hands now (same tile, real card, one Gold Bar each, "
                "not straight back)"
            )
        return f"{action} is not possible now"

    # ------------------------------------------------------------------ dispatch

    def _dispatch(self, action: Action) -> None:
        self._action_handlers[action.kind](self, action)

    def _act_choose(self, action: Action) -> None:
        self._resolve_decision(action.option)

    def _act_move(self, action: Action) -> None:
        self._move_action(action.pos)

    def _act_peek(self, action: Action) -> None:
        self._spend(1)
        self._emit(Peeked(self.state.current, action.pos))
        self._reveal(action.pos)

    def _act_end(self, action: Action) -> None:
        self._end_actions()

    def _act_hack(self, action: Action) -> None:
        self._do_hack()

    def _act_add_die(self, action: Action) -> None:
        self._spend(2)
        safe = self._my_pos() if action.pos < 0 else action.pos
        t = self._mutable_tile(safe)
        t.dice += 1
        self._emit(DieAdded(safe, t.dice))

    def _act_crack(self, action: Action) -> None:
        self._spend(1)
        self._crack(self._my_pos() if action.pos < 0 else action.pos)

    def _act_escape(self, action: Action) -> None:
        self._spend(1)
        self._escape(self.state.current)

    def _act_trade(self, action: Action) -> None:
        """Give or take a card between burglars on the same tile."""
        me = self.state.current
        if action.kind == _GIVE:
            giver, receiver = me, action.player
        else:
            giver, receiver = action.player, me
        self.state.trades.append(f"{action.card}:{giver}>{receiver}")
        self._pass_card(action.card, giver, receiver)

    def _act_enter(self, action: Action) -> None:
        self._choose_entrance(action.pos)

    def _act_use(self, action: Action) -> None:
        use_tool(self, Tool(action.card), action.pos)

    def _act_pickup(self, action: Action) -> None:
        pick_up(self, action.card)

    def _act_ability(self, action: Action) -> None:
        use_ability(self, action)

    # ------------------------------------------------------------------ resolution loop

    def _run(self) -> None:
        st = self.state
        handlers = self._effect_handlers
        queue = st.queue
        budget = 100_000  # a safety net: a rules bug must fail loudly, never hang the page
        while st.pending is None and st.step != _OVER and queue:
            budget -= 1
            if budget < 0:
                raise RuntimeError(f"rule resolution does not end (queue: {queue[:3]})")
            eff = queue.pop(0)
            handlers[eff.kind](self, eff)
            if self._fx:  # `_flush_fx`, inlined: the effects it queued come first
                queue[0:0] = self._fx
                self._fx = []
        if st.step == _OVER:
            st.queue.clear()
            st.pending = None

    # ------------------------------------------------------------------ movement

    def _move_action(self, target: int) -> None:
        """The Move action of the current burglar, with the Event count's pacing rule (R07):
        a 1-action Move straight back to the tile the previous Move came from, with no action
        spent in between, is pacing and not counted; every other action point counts."""
        st = self.state
        p = st.players[st.current]
        src = p.pos
        back = st.pace_from
        taken = st.actions_taken
        # The options listed with the legal actions of this very state (apply checked the
        # Move against them and nothing changed since): no second move_options call.
        self._do_move(target, known=self._move_opts)
        if p.pos == target and target == back and st.actions_taken - taken == 1:
            st.actions_taken -= 1
            st.paced += 1
        st.pace_from = src if p.pos == target and src != target else None

    # ------------------------------------------------------------------ decisions

    def _resolve_decision(self, option: str) -> None:
        st = self.state
        d = st.pending
        assert d is not None
        st.pending = None
        self._emit(DecisionMade(st.current, d.kind, option))  # the log says what was chosen
        self._decision_handlers[d.kind](self, d, option)

    # ------------------------------------------------------------------ other actions

    def _do_hack(self) -> None:
        self._spend(1)
        t = self._mutable_tile(self._my_pos())
        t.hack += 1
        self._emit(HackAdded(self._my_pos(), t.hack))

    def _escape(self, player: int) -> None:
        """The escape action: out through the roof, and the turn ends at once (R08)."""
        st = self.state
        self._leave_building(player)
        if st.step != _OVER:
            # You take no more turns: neither an event nor the guard follows an escape.
            st.step = _RESOLVING
            self._push(Effect(_NEXT_TURN))

    def _choose_entrance(self, pos: int) -> None:
        st = self.state
        st.entrance = pos
        self._emit(EntranceChosen(pos))
        self._reveal(pos)
        self._new_destination(0, placing=True)
        self._start_turn(0)

    # ------------------------------------------------------------------ turn structure

    def _end_actions(self) -> None:
        st = self.state
        st.step = _RESOLVING
        for kind in _END_OF_ACTIONS:
            self._push(Effect(kind))

    def _fx_end_thermo(self, eff: Effect) -> None:
        st = self.state
        me = st.current
        p = st.players[me]
        if p.pos is None:
            return
        t = self.tile(p.pos)
        rule = self._on_actions_end.get(t.kind)
        if rule is not None:
            rule(self, me, p.pos, t)
        # Flexibility: still in the guard's tile she stepped into for free when her actions
        # end, the Acrobat is seen (a guard who walked in on her was already paid for).
        if (
            _FLEXED in st.turn_flags
            and st.floors[p.pos >> 6].guard.pos == p.pos
            and not self._is_invisible(me)
        ):
            self._lose_stealth(me, _FLEXIBILITY)

    def _fx_event_check(self, eff: Effect) -> None:
        st = self.state
        me = st.current
        if not self.event_if_end_now():
            return
        if not st.events:
            st.events = st.event_discard
            st.event_discard = []
            self.rng.shuffle(st.events)
        if not st.events:
            return
        card = st.events.pop()
        st.events_seen = max(st.events_seen - 1, 0)  # a seen card is drawn first
        self._emit(EventDrawn(me, card.value))
        st.event_discard.append(card)
        resolve_event(self, card)

    def _fx_guard_turn(self, eff: Effect) -> None:
        st = self.state
        p = st.players[st.current]
        if p.pos is None:
            return
        mine = p.pos >> 6
        if _SHIFT_CHANGE not in st.turn_flags:
            self._push(Effect(_GUARD_MOVE, floor=mine, source="turn"))
            return
        # Shift Change: the other floors' guards move instead, in the order players choose.
        others = [f for f, fl in enumerate(st.floors) if f != mine and fl.guard.placed]
        if len(others) == 1:
            self._push(Effect(_GUARD_MOVE, floor=others[0]))
        elif len(others) > 1:
            orders = [order_option(f + 1 for f in order) for order in permutations(others)]
            self._ask(_SHIFT_ORDER, sorted(orders))
        else:
            self._emit(CardNoEffect(_EVENTCARD_SHIFT_CHANGE.value, _NO_OTHER_GUARD))

    def _fx_next_turn(self, eff: Effect) -> None:
        st = self.state
        self._emit(TurnEnded(st.current, st.actions_taken))
        nxt = self._skip_turns_from(self._next_player(st.current))
        self._start_turn(nxt)

    def _skip_turns_from(self, nxt: int) -> int:
        """Jump the Gun: skip turns (no actions, no event, no guard) from `nxt` on."""
        st = self.state
        while st.skip_turns > 0:
            st.skip_turns -= 1
            self._emit(TurnSkipped(nxt))
            self._expire_lasting(nxt)
            nxt = self._next_player(nxt)
        return nxt

    def _expire_lasting(self, player: int) -> None:
        """Lasting Events end when their owner's next turn starts (or once they escaped)."""
        st = self.state
        if not st.lasting:
            return
        for name, owner in list(st.lasting.items()):
            if owner == player or st.players[owner].escaped:
                del st.lasting[name]
                self._emit(EffectEnded(name))

    def _turn_actions(self, player: int) -> int:
        """Actions a burglar gets at the start of a turn (Mirror: one fewer)."""
        st = self.state
        bonus = st.next_turn_bonus.pop(str(player), 0)
        mirror = 1 if _MIRROR in st.players[player].loot else 0
        return ACTIONS_PER_TURN - mirror + bonus

    def _start_turn(self, player: int) -> None:
        st = self.state
        st.current = player
        st.turn += 1
        st.step = _ACTIONS
        self._expire_lasting(player)
        st.turn_flags = []
        st.trades = []
        st.guard_bonus = 0
        st.actions_left = self._turn_actions(player)
        st.actions_taken = 0
        st.keypad_fails = {}
        st.motion_entered = []
        p = st.players[player]
        if not p.entered:
            # Appearing on the entrance is not an entry: nothing triggers.
            p.entered = True
            p.pos = st.entrance
            assert p.pos is not None
            self._emit(PlayerEntered(player, p.pos))
        st.visited = [] if p.pos is None else [p.pos]
        st.pace_from = None
        st.paced = 0
        self._emit(TurnStarted(player, st.actions_left))
        start_of_turn_loot(self, player)

    _action_handlers: dict[ActionKind, Callable[[Game, Action], None]] = {
        ActionKind.ENTER: _act_enter,
        ActionKind.PEEK: _act_peek,
        ActionKind.MOVE: _act_move,
        ActionKind.HACK: _act_hack,
        ActionKind.ADD_DIE: _act_add_die,
        ActionKind.CRACK: _act_crack,
        ActionKind.ESCAPE: _act_escape,
        ActionKind.GIVE: _act_trade,
        ActionKind.TAKE: _act_trade,
        ActionKind.USE: _act_use,
        ActionKind.PICKUP: _act_pickup,
        ActionKind.ABILITY: _act_ability,
        ActionKind.END: _act_end,
        ActionKind.CHOOSE: _act_choose,
    }

    # Every decision's answer, from the module whose rule asks it (each kind exactly once).
    _decision_handlers: dict[DecisionKind, Callable[[Game, Decision, str], None]] = {
        **kernel.DECISIONS,
        **cards.DECISIONS,
        **characters.DECISIONS,
    }

    _effect_handlers: dict[EffectKind, Callable[[Game, Effect], None]] = {
        _FOLLOWUP_ALARM: Kernel._fx_alarm,
        EffectKind.RETARGET: Kernel._fx_retarget,
        EffectKind.GUARD_MOVE: Kernel._fx_guard_move,
        EffectKind.END_THERMO: _fx_end_thermo,
        EffectKind.EVENT_CHECK: _fx_event_check,
        EffectKind.GUARD_TURN: _fx_guard_turn,
        EffectKind.NEXT_TURN: _fx_next_turn,
        EffectKind.TILE_STEALTH: Kernel._fx_tile_stealth,
    }


# ---------------------------------------------------------------------- building a game


def _deal_tiles(scenario: ScenarioId, rng: Rng) -> list[list[TileSpec]]:
    """The room decks of each floor, shuffled, in dealing order."""
    scen = SCENARIOS[scenario]
    if scenario == _OFFICE:
        rooms = [t for t in _ROOM_TILES if t.office]
        stairs = [t for t in STAIRS_TILES if t.office]
        safes = list(SAFE_TILES[:2])
    elif scenario == _BANK:
        rooms = list(_ROOM_TILES)
        stairs = list(STAIRS_TILES)
        safes = list(SAFE_TILES)
    else:  # Fort Knox: the third Safe and Stairs are shuffled in with the rooms
        rooms = [*_ROOM_TILES, SAFE_TILES[2], STAIRS_TILES[2]]
        stairs = list(STAIRS_TILES[:2])
        safes = list(SAFE_TILES[:2])
    rng.shuffle(rooms)
    rng.shuffle(stairs)
    per_floor = len(rooms) // scen.floors
    decks = []
    for f in range(scen.floors):
        deck = [*rooms[f * per_floor : (f + 1) * per_floor], safes[f], stairs[f]]
        rng.shuffle(deck)
        decks.append(deck)
    return decks


def new_game(setup: Setup) -> Game:
    """A new game, dealt from the setup's seed. The team first chooses the entrance."""
    setup.validate()
    scen = SCENARIOS[setup.scenario]
    rng = Rng.from_seed(setup.seed)
    # Draw order is part of the format: characters, tiles, walls, patrol decks, cards.
    chosen = {p.character for p in setup.players if p.character is not None}
    pool = [c for c in Character if c not in chosen]
    players = []
    for ps in setup.players:
        character = ps.character
        if character is None:
            character = pool.pop(rng.below(len(pool)))
        players.append(Player(ps.name, character, ps.side, stealth=START_STEALTH))
    size = scen.size
    empty = cell_index(setup.empty_square, size) if scen.has_empty_square else None
    decks = _deal_tiles(setup.scenario, rng)
    floors = []
    discards = PATROL_DISCARDS[len(players)]
    layout_cells = FloorLayout(size, frozenset(), empty).cells()  # the same on every floor
    for f in range(scen.floors):
        tiles: list[Tile | None] = [None] * (size * ROW_STRIDE)
        for cell, spec in zip(layout_cells, decks[f], strict=True):
            tiles[cell] = Tile(spec.kind, spec.number)
        if scen.standard_walls is not None and not setup.random_walls:
            walls = frozenset(scen.standard_walls[f])
        else:
            walls = random_walls(rng, size, scen.walls_per_floor, empty)
        base = f << 6  # make_pos(f, c), inlined
        patrol = [base | c for c in layout_cells]
        if setup.lost_visual:
            patrol.append(LOST_VISUAL)
        rng.shuffle(patrol)
        aside = patrol[len(patrol) - discards :] if discards else []
        patrol = patrol[: len(patrol) - discards]
        guard = Guard(speed=scen.guard_speeds[f], patrol=patrol, aside=aside)
        floors.append(Floor(tiles=tiles, walls=sorted(walls), guard=guard))
    solo = len(players) == 1
    tools = list(Tool)
    rng.shuffle(tools)
    loot = [x for x in Loot if not (solo and x in SOLO_LOOT_REMOVED)]
    rng.shuffle(loot)
    events = [e for e in EventCard if not (solo and e in SOLO_EVENTS_REMOVED)]
    rng.shuffle(events)
    state = State(
        scenario=setup.scenario,
        size=size,
        floors=floors,
        players=players,
        rng=rng.state,
        seed=setup.seed,
        lost_visual=setup.lost_visual,
        tools=tools,
        loot=loot,
        events=events,
        gold_bar_waiting=_GOLD_BAR in loot,
    )
    game = Game(state, setup)
    give_starting_tools(game)
    # Break in: the ground floor's guard is placed before the team picks the entrance.
    g = floors[0].guard
    g.placed = True
    card = game._draw_patrol(0)
    while card == LOST_VISUAL:
        card = game._draw_patrol(0)
    g.pos = card
    state.rng = game.rng.state
    game._out = []  # no action applied yet: `last_events` is empty
    return game


def replay(setup: Setup, actions: Iterable[Action | str]) -> Game:
    """Rebuild a game from its setup and action list (raises ActionParseError or
    IllegalActionError on a bad one, naming it)."""
    game = new_game(setup)
    for i, action in enumerate(actions):
        try:
            game.apply(action)
        except ActionError as exc:  # the same kind of error, saying which action
            raise type(exc)(f"action {i + 1} ({action}): {exc}") from None
    return game
