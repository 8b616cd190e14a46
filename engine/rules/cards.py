"""Card effects: the 13 Tools, the Loot penalties and the 26 Events, as functions over the
kernel.

Each card's rule is one entry in its table: `TOOLS` (a `ToolRule`: use, targets, usable
now), `LOOT` (a `LootRule`: drawn, picked up, start of turn, or where the core applies it)
and `EVENTS` (a handler per Event), keyed by the card's enum; a new card is added there.
Every rule is a module-level function taking the kernel as the rule tables see it
(`RuleKernel`, engine/rules/kernel.py). `Game` calls `tool_actions`, `use_tool`,
`pickup_actions`, `pick_up`, `resolve_event`, `start_of_turn_loot`, which look the card up;
the kernel calls `on_loot_drawn` through its `Hooks` record; `DECISIONS` answers the
decisions cards ask. Every choice a card leaves to the players is a pending decision; a
card that can do nothing right now says so with a `CardNoEffect` event.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import permutations

from .actions import Action, ActionKind, parse_pos, pos_text
from .data import ALARM_TILES, COMPUTERS, CROWBAR_TARGETS, MAX_HACK_TOKENS, EventCard, Loot, Tool
from .data import TileKind as K
from .decisions import order_option
from .events import (
    ActionsGained,
    AlarmCleared,
    CardNoEffect,
    DestinationSet,
    EventsReordered,
    GuardTeleported,
    HackAdded,
    KeypadsLocked,
    KittyEscaped,
    LootPickedUp,
    LootRolled,
    PlayerMoved,
    StealthGained,
    TileDisabled,
    ToolUsed,
    WallDestroyed,
)
from .kernel import RuleKernel
from .kinds import (
    DecisionKind,
    Destination,
    EffectKind,
    EndReason,
    Lasting,
    NoEffect,
    Result,
    StealthLoss,
    TurnFlag,
)
from .state import Decision, Effect, Guard, Step

_BUST = Loot.BUST  # read on every legal-action listing of a burglar holding Tools

# Enum members read on the turn path, bound once: reading one through its class costs a
# metaclass lookup every time on CPython 3.11 (about 4x a module constant).
_ALARM = EffectKind.ALARM
_ALARM_ACTIVE = NoEffect.ALARM_ACTIVE
_ALREADY_THERE = NoEffect.ALREADY_THERE
_BROWN_OUT = EventCard.BROWN_OUT
_BUDDY = DecisionKind.BUDDY
_BUDDY_SYSTEM = EventCard.BUDDY_SYSTEM
_CHANGE_OF_PLANS = EventCard.CHANGE_OF_PLANS
_CHIHUAHUA = Loot.CHIHUAHUA
_CRYSTAL_BALL = DecisionKind.CRYSTAL_BALL
_CURSED_GOBLET = StealthLoss.CURSED_GOBLET
_DEAD_DROP = EventCard.DEAD_DROP
_DECISIONKIND_PEEKHOLE = DecisionKind.PEEKHOLE
_DECISIONKIND_SQUEAK = DecisionKind.SQUEAK
_DECISIONKIND_THROW_VOICE = DecisionKind.THROW_VOICE
_DECISIONKIND_VIRUS = DecisionKind.VIRUS
_DESTINATION_CRASH = Destination.CRASH
_DESTINATION_SWITCH_SIGNS = Destination.SWITCH_SIGNS
_DESTINATION_THROW_VOICE = Destination.THROW_VOICE
_DYNAMITE = Tool.DYNAMITE
_EMP = Lasting.EMP
_EMPTY_HANDS = NoEffect.EMPTY_HANDS
_ESCAPED = EndReason.ESCAPED
_EVENTCARD_SQUEAK = EventCard.SQUEAK
_E_CRASH = EventCard.CRASH
_E_PEEKHOLE = EventCard.PEEKHOLE
_E_SWITCH_SIGNS = EventCard.SWITCH_SIGNS
_E_THROW_VOICE = EventCard.THROW_VOICE
_FREIGHT_ELEVATOR = EventCard.FREIGHT_ELEVATOR
_GO_WITH_YOUR_GUT = EventCard.GO_WITH_YOUR_GUT
_GROUND_FLOOR = NoEffect.GROUND_FLOOR
_GUARD_MOVE = EffectKind.GUARD_MOVE
_GUARD_PLACED = StealthLoss.GUARD_PLACED
_GUT = DecisionKind.GUT
_GYMNASTICS = Lasting.GYMNASTICS
_INVISIBLE = TurnFlag.INVISIBLE
_INVISIBLE_SUIT = Tool.INVISIBLE_SUIT
_JURY_RIG = EventCard.JURY_RIG
_KEYCODE_CHANGE = EventCard.KEYCODE_CHANGE
_KEYPAD = K.KEYPAD
_KITTY = DecisionKind.KITTY
_LABORATORY = K.LABORATORY
_LAMPSHADE = EventCard.LAMPSHADE
_LOOT_MISSING = NoEffect.LOOT_MISSING
_LOST_GRIP = EventCard.LOST_GRIP
_MAKEUP_KIT = Tool.MAKEUP_KIT
_NOBODY = NoEffect.NOBODY
_NOTHING_TO_RESET = NoEffect.NOTHING_TO_RESET
_NOTHING_UNREVEALED = NoEffect.NOTHING_UNREVEALED
_NO_ALARM = NoEffect.NO_ALARM
_NO_ALARM_TILE = NoEffect.NO_ALARM_TILE
_NO_COMPUTER = NoEffect.NO_COMPUTER
_NO_GUARD = NoEffect.NO_GUARD
_NO_LABORATORY = NoEffect.NO_LABORATORY
_NO_OPEN_KEYPAD = NoEffect.NO_OPEN_KEYPAD
_OVER = Step.OVER
_PERSIAN_KITTY = Loot.PERSIAN_KITTY
_PICKUP = ActionKind.PICKUP
_REBOOT = EventCard.REBOOT
_RETARGET = EffectKind.RETARGET
_ROLLERSKATES = Tool.ROLLERSKATES
_SHIFT_CHANGE = TurnFlag.SHIFT_CHANGE
_SHOPLIFTING = EventCard.SHOPLIFTING
_STETHOSCOPE = Tool.STETHOSCOPE
_SWITCH_ALARM = DecisionKind.SWITCH_ALARM
_THERMAL_BOMB = Tool.THERMAL_BOMB
_TIME_LOCK = Lasting.TIME_LOCK
_TOOL_VIRUS = Tool.VIRUS
_USE = ActionKind.USE
_VIDEO_LOOP = Lasting.VIDEO_LOOP
_WHERE_ALARM = DecisionKind.WHERE_ALARM
_WHERE_IS_HE = EventCard.WHERE_IS_HE
_WIN = Result.WIN


@dataclass(frozen=True, slots=True)
class ToolRule:
    """A Tool's rule. `use(rules, me, pos, target)` plays it (None: never an action, see
    `during`); `targets(rules, me, pos)` lists the positions it may be used on (None: used
    with no target); `usable(rules, me)` says whether a no-target tool may be used now."""

    use: Callable[[RuleKernel, int, int, int], None] | None
    targets: Callable[[RuleKernel, int, int], list[int]] | None = None
    usable: Callable[[RuleKernel, int], bool] | None = None
    during: str = ""  # where a tool that is not an action takes effect


@dataclass(frozen=True, slots=True)
class LootRule:
    """A Loot card's rule: `drawn(rules, holder)` when drawn from the deck, `picked_up` when
    taken from a tile, `turn_start(rules, holder, pos)` at the start of its holder's turn;
    `passive` names where the core applies a card that only changes other rules."""

    drawn: Callable[[RuleKernel, int], None] | None = None
    picked_up: Callable[[RuleKernel, int], None] | None = None
    turn_start: Callable[[RuleKernel, int, int], None] | None = None
    passive: str = ""


# ---------------------------------------------------------------------- queries


def holder_of(k: RuleKernel, loot: Loot) -> int | None:
    for i, p in enumerate(k.state.players):
        if loot in p.loot:
            return i
    return None


# ---------------------------------------------------------------------- tools: legal uses


def tool_actions(k: RuleKernel, me: int) -> list[Action]:
    """Every legal `use` action of the current burglar (free actions)."""
    p = k.state.players[me]
    pos = p.pos
    if pos is None or _BUST in p.loot:
        return []
    out = []
    for tool in sorted(set(p.tools)):
        rule = TOOLS[tool]
        if rule.use is None:
            continue
        if rule.targets is None:
            if rule.usable is None or rule.usable(k, me):
                out.append(Action(_USE, card=tool.value))
        else:
            for target in rule.targets(k, me, pos):
                out.append(Action(_USE, pos=target, card=tool.value))
    return out


def _virus_targets(k: RuleKernel) -> list[int]:
    out = []
    for fi, fl in enumerate(k.state.floors):
        for cell, t in enumerate(fl.tiles):
            if t is not None and t.revealed and t.kind in COMPUTERS and t.hack < MAX_HACK_TOKENS:
                out.append((fi << 6) | cell)
    return out


# ---------------------------------------------------------------------- tools: effects


def use_tool(k: RuleKernel, tool: Tool, target: int) -> None:
    st = k.state
    me = st.current
    p = st.players[me]
    pos = p.pos
    assert pos is not None
    use = TOOLS[tool].use
    assert use is not None  # tool_actions offers no other
    p.tools.remove(tool)
    st.tool_discard.append(tool)
    k._emit(ToolUsed(me, tool.value, target))
    use(k, me, pos, target)


def _gain_actions(k: RuleKernel, me: int, n: int, why: str) -> None:
    k.state.actions_left += n
    k._emit(ActionsGained(me, n, why))


def _emp(k: RuleKernel, me: int) -> None:
    """Every alarm goes out, and none can go off until the user's next turn."""
    st = k.state
    st.lasting[_EMP] = me
    for f in range(len(st.floors)):
        had = False
        for a in k.alarms(f):
            k._mutable_tile(a).alarm = False
            k._emit(AlarmCleared(a))
            had = True
        if had:
            k._push(Effect(_RETARGET, floor=f))


def _ask_virus(k: RuleKernel, left: int) -> None:
    targets = _virus_targets(k)
    if not targets:
        k._emit(CardNoEffect(_TOOL_VIRUS.value, _NO_COMPUTER))
        return
    k._ask(_DECISIONKIND_VIRUS, [pos_text(t) for t in targets], n=left)


# ---------------------------------------------------------------------- loot


def pickup_actions(k: RuleKernel, me: int) -> list[Action]:
    p = k.state.players[me]
    if p.pos is None:
        return []
    t = k.tile(p.pos)
    return [
        Action(_PICKUP, card=x.value) for x in sorted(set(t.loot)) if k._may_receive(me, x.value)
    ]


def pick_up(k: RuleKernel, card: str) -> None:
    st = k.state
    me = st.current
    p = st.players[me]
    assert p.pos is not None
    loot = Loot(card)
    k._mutable_tile(p.pos).loot.remove(loot)
    p.loot.append(loot)
    k._emit(LootPickedUp(me, card, p.pos))
    rule = LOOT[loot].picked_up
    if rule is not None:
        rule(k, me)


def on_loot_drawn(k: RuleKernel, player: int, loot: Loot) -> None:
    rule = LOOT[loot].drawn
    if rule is not None:
        rule(k, player)


def start_of_turn_loot(k: RuleKernel, me: int) -> None:
    """The Loot that acts at the start of its holder's turn (Chihuahua, Persian Kitty)
    rolls, in the order of `LOOT`."""
    p = k.state.players[me]
    pos = p.pos
    if pos is None:
        return
    for loot, rule in _TURN_START_LOOT:
        if loot in p.loot:
            rule(k, me, pos)


def _kitty_escapes(k: RuleKernel, me: int) -> None:
    st = k.state
    pos = st.players[me].pos
    assert pos is not None
    f, c = pos >> 6, pos & 63
    base = f << 6
    geo = k.geometry(f)
    targets = [q for q in k.positions(f) if k.tile(q).revealed and k.tile(q).kind in ALARM_TILES]
    if not targets:
        k._emit(CardNoEffect(_PERSIAN_KITTY.value, _NO_ALARM_TILE))
        return
    best: list[int] = []
    best_d = 1 << 30
    for nb in geo.open[c]:
        d = min(geo.dist[nb][q & 63] for q in targets)
        if d < best_d:
            best, best_d = [base | nb], d
        elif d == best_d:
            best.append(base | nb)
    if len(best) == 1:
        _place_kitty(k, me, best[0])
    else:
        k._ask(_KITTY, [pos_text(q) for q in sorted(best)])


def _place_kitty(k: RuleKernel, me: int, where: int) -> None:
    p = k.state.players[me]
    p.loot.remove(_PERSIAN_KITTY)
    k._mutable_tile(where).loot.append(_PERSIAN_KITTY)
    k._emit(KittyEscaped(me, where))


# ---------------------------------------------------------------------- events


def resolve_event(k: RuleKernel, card: EventCard) -> None:
    """The Event drawn at the end of the current burglar's turn takes effect."""
    st = k.state
    me = st.current
    pos = st.players[me].pos
    assert pos is not None
    EVENTS[card](k, me, pos)


def _peekhole_targets(k: RuleKernel, pos: int) -> list[int]:
    f, c = pos >> 6, pos & 63
    base = f << 6
    out = {base | nb for nb in k.geometry(f).grid[c]}
    if f > 0:
        out.add(pos - 64)
    if f < k.top_floor:
        out.add(pos + 64)
    return sorted(q for q in out if not k.tile(q).revealed)


def _brown_out(k: RuleKernel) -> None:
    """All alarms go out; each floor draws one patrol card per alarm removed."""
    st = k.state
    any_alarm = False
    for f in range(len(st.floors)):
        removed = k.alarms(f)
        for a in removed:
            k._mutable_tile(a).alarm = False
            k._emit(AlarmCleared(a))
        if not removed:
            continue
        any_alarm = True
        g = st.floors[f].guard
        if not g.placed or g.pos is None:
            continue
        for _ in range(len(removed) - 1):
            k._draw_patrol(f)
        k._new_destination(f)
    if not any_alarm:
        k._emit(CardNoEffect(_BROWN_OUT.value, _NO_ALARM))


def _dead_drop(k: RuleKernel, me: int) -> None:
    """Pass every Tool and Loot to the burglar on your right (the previous in turn order)."""
    st = k.state
    n = len(st.players)
    right = None
    for step in range(1, n):
        cand = (me - step) % n
        if st.players[cand].pos is not None:
            right = cand
            break
    p = st.players[me]
    if right is None or not (p.tools or p.loot):
        why = _NOBODY if right is None else _EMPTY_HANDS
        k._emit(CardNoEffect(_DEAD_DROP.value, why))
        return
    for tool in list(p.tools):
        k._pass_card(tool.value, me, right)
    for loot in list(p.loot):
        # One Gold Bar each: a second one stays with the giver.
        if k._may_receive(right, loot.value):
            k._pass_card(loot.value, me, right)


def _forced_move(k: RuleKernel, me: int, target: int) -> None:
    """Go With Your Gut: a Move as if one action were spent (no Laser payment)."""
    k._do_move(target, free=True)


def _squeak(k: RuleKernel, me: int) -> None:
    st = k.state
    pos = st.players[me].pos
    assert pos is not None
    f = pos >> 6
    g = st.floors[f].guard
    if not g.placed or g.pos is None:
        k._emit(CardNoEffect(_EVENTCARD_SQUEAK.value, _NO_GUARD))
        return
    dist = k.geometry(f).dist[g.pos & 63]
    here = sorted({q.pos for q in st.players if q.pos is not None and q.pos >> 6 == f})
    best = min(dist[q & 63] for q in here)
    nearest = [q for q in here if dist[q & 63] == best]
    if best == 0:
        k._emit(CardNoEffect(_EVENTCARD_SQUEAK.value, _ALREADY_THERE))
    elif len(nearest) == 1:
        _squeak_step(k, f, nearest[0])
    else:
        k._ask(_DECISIONKIND_SQUEAK, [pos_text(q) for q in nearest], floor=f)


def _squeak_step(k: RuleKernel, f: int, toward: int) -> None:
    g = k.state.floors[f].guard
    assert g.pos is not None
    nxt = (f << 6) | k.geometry(f).next_steps(toward & 63)[g.pos & 63]
    k._step_guard(f, nxt)


def _jump_to_alarm(k: RuleKernel, f: int, kind: DecisionKind) -> None:
    closest = k._closest_alarms(f)
    if len(closest) == 1:
        _guard_to_alarm(k, f, closest[0], kind)
    else:
        k._ask(kind, [pos_text(q) for q in closest], floor=f)


def _guard_to_alarm(k: RuleKernel, f: int, alarm: int, why: str) -> None:
    """Switch Signs / Where Is He? with alarms: he appears on the closest, clears it."""
    g = k.state.floors[f].guard
    src = g.pos
    assert src is not None
    g.pos = alarm
    k._emit(GuardTeleported(f, src, alarm, why))
    t = k._mutable_tile(alarm)
    t.alarm = False
    k._emit(AlarmCleared(alarm))
    k._guard_appears(f, own=_GUARD_PLACED)
    if not k.is_over():
        k._retarget(f)


# ---------------------------------------------------------------------- Tools


def _blueprints_targets(r: RuleKernel, me: int, pos: int) -> list[int]:
    st = r.state
    return [q for fi in range(len(st.floors)) for q in r.positions(fi) if not r.tile(q).revealed]


def _use_blueprints(r: RuleKernel, me: int, pos: int, target: int) -> None:
    r._reveal(target)


def _crowbar_targets(r: RuleKernel, me: int, pos: int) -> list[int]:
    f, c = pos >> 6, pos & 63
    base = f << 6
    out = []
    for nb in r.geometry(f).open[c]:
        t = r.tile(base | nb)
        if t.revealed and t.kind in CROWBAR_TARGETS and not t.disabled:
            out.append(base | nb)
    return sorted(out)


def _use_crowbar(r: RuleKernel, me: int, pos: int, target: int) -> None:
    r._mutable_tile(target).disabled = True
    r._emit(TileDisabled(target))


def _crystal_ball_usable(r: RuleKernel, me: int) -> bool:
    return bool(r.state.events)


def _use_crystal_ball(r: RuleKernel, me: int, pos: int, target: int) -> None:
    top = list(reversed(r.state.events[-3:]))  # top card first
    r._ask(
        _CRYSTAL_BALL,
        sorted(order_option(e.value for e in order) for order in permutations(top)),
    )


def _donuts_targets(r: RuleKernel, me: int, pos: int) -> list[int]:
    return sorted(
        fl.guard.pos
        for fl in r.state.floors
        if fl.guard.placed and fl.guard.pos is not None and not fl.guard.donuts
    )


def _use_donuts(r: RuleKernel, me: int, pos: int, target: int) -> None:
    r.state.floors[target >> 6].guard.donuts = True


def _dynamite_targets(r: RuleKernel, me: int, pos: int) -> list[int]:
    f, c = pos >> 6, pos & 63
    base = f << 6
    geo = r.geometry(f)
    return sorted(base | nb for nb in geo.grid[c] if nb not in geo.open[c])


def _use_dynamite(r: RuleKernel, me: int, pos: int, target: int) -> None:
    fl = r.state.floors[pos >> 6]
    wall = (min(pos & 63, target & 63), max(pos & 63, target & 63))
    fl.walls = [w for w in fl.walls if tuple(w) != wall]
    r._refresh_geometry()  # the guards' routes change at once
    r._emit(WallDestroyed(pos >> 6, wall[0], wall[1]))
    r._push(Effect(_ALARM, pos=pos, source=_DYNAMITE.value))


def _use_emp(r: RuleKernel, me: int, pos: int, target: int) -> None:
    _emp(r, me)


def _invisible_suit_usable(r: RuleKernel, me: int) -> bool:
    return _INVISIBLE not in r.state.turn_flags


def _use_invisible_suit(r: RuleKernel, me: int, pos: int, target: int) -> None:
    r.state.turn_flags.append(_INVISIBLE)
    _gain_actions(r, me, 1, _INVISIBLE_SUIT.value)


def _use_makeup_kit(r: RuleKernel, me: int, pos: int, target: int) -> None:
    for i, p in enumerate(r.state.players):
        if p.pos == pos:
            p.stealth += 1
            r._emit(StealthGained(i, 1, _MAKEUP_KIT.value))


def _use_rollerskates(r: RuleKernel, me: int, pos: int, target: int) -> None:
    _gain_actions(r, me, 2, _ROLLERSKATES.value)


def _use_smoke_bomb(r: RuleKernel, me: int, pos: int, target: int) -> None:
    r._mutable_tile(pos).stealth += 3


def _thermal_bomb_targets(r: RuleKernel, me: int, pos: int) -> list[int]:
    if r.tile(pos).thermal:
        return []
    f = pos >> 6
    out = []
    if f > 0:
        out.append(pos - 64)
    if f < r.top_floor:
        out.append(pos + 64)
    return out


def _use_thermal_bomb(r: RuleKernel, me: int, pos: int, target: int) -> None:
    r._mutable_tile(pos).thermal = True
    r._mutable_tile(target).thermal = True
    r._push(Effect(_ALARM, pos=pos, source=_THERMAL_BOMB.value))


def _virus_usable(r: RuleKernel, me: int) -> bool:
    return bool(_virus_targets(r))


def _use_virus(r: RuleKernel, me: int, pos: int, target: int) -> None:
    _ask_virus(r, 3)


TOOLS: dict[Tool, ToolRule] = {
    Tool.BLUEPRINTS: ToolRule(_use_blueprints, _blueprints_targets),
    Tool.CROWBAR: ToolRule(_use_crowbar, _crowbar_targets),
    Tool.CRYSTAL_BALL: ToolRule(_use_crystal_ball, usable=_crystal_ball_usable),
    Tool.DONUTS: ToolRule(_use_donuts, _donuts_targets),
    Tool.DYNAMITE: ToolRule(_use_dynamite, _dynamite_targets),
    Tool.EMP: ToolRule(_use_emp),
    Tool.INVISIBLE_SUIT: ToolRule(_use_invisible_suit, usable=_invisible_suit_usable),
    Tool.MAKEUP_KIT: ToolRule(_use_makeup_kit),
    Tool.ROLLERSKATES: ToolRule(_use_rollerskates),
    Tool.SMOKE_BOMB: ToolRule(_use_smoke_bomb),
    Tool.STETHOSCOPE: ToolRule(None, during="turns one die while cracking (Kernel._crack)"),
    Tool.THERMAL_BOMB: ToolRule(_use_thermal_bomb, _thermal_bomb_targets),
    Tool.VIRUS: ToolRule(_use_virus, usable=_virus_usable),
}


# ---------------------------------------------------------------------- Loot


def _curse(r: RuleKernel, player: int) -> None:
    """Cursed Goblet: lose a Stealth if there is one to lose; never lost the game this way."""
    p = r.state.players[player]
    t = r.tile(p.pos) if p.pos is not None else None
    if (t is not None and t.stealth > 0) or p.stealth > 0:
        r._lose_stealth(player, _CURSED_GOBLET)


def _chihuahua_rolls(r: RuleKernel, me: int, pos: int) -> None:
    """Chihuahua: on a 6 it barks (an alarm on its holder's tile)."""
    die = r.rng.die()
    r._emit(LootRolled(me, _CHIHUAHUA.value, die, die == 6))
    if die == 6:
        r._push(Effect(_ALARM, pos=pos, source=_CHIHUAHUA.value))


def _kitty_rolls(r: RuleKernel, me: int, pos: int) -> None:
    """Persian Kitty: on a 1 or 2 it runs off toward the nearest alarm tile."""
    die = r.rng.die()
    r._emit(LootRolled(me, _PERSIAN_KITTY.value, die, die <= 2))
    if die <= 2:
        _kitty_escapes(r, me)


LOOT: dict[Loot, LootRule] = {
    Loot.BUST: LootRule(passive="no Tool can be used (tool_actions, Kernel._crack)"),
    Loot.CHIHUAHUA: LootRule(turn_start=_chihuahua_rolls),
    Loot.CURSED_GOBLET: LootRule(drawn=_curse, picked_up=_curse),
    Loot.GEMSTONE: LootRule(passive="an extra action into a burglar's tile (move_options)"),
    Loot.GOLD_BAR: LootRule(passive="one each; the second waits on the Safe (Kernel._draw_loot)"),
    Loot.ISOTOPE: LootRule(passive="entering a Thermo raises its alarm (tiles.ON_ENTER)"),
    Loot.KEYCARD: LootRule(passive="Safes crack only with its holder there (Game)"),
    Loot.MIRROR: LootRule(passive="one action fewer; Lasers cost nothing (Game, tiles)"),
    Loot.PAINTING: LootRule(passive="no Secret Door, no Service Duct (Kernel.move_options)"),
    Loot.PERSIAN_KITTY: LootRule(turn_start=_kitty_rolls),
    Loot.STAMP: LootRule(passive="an Event after 3 actions or fewer (Kernel.event_threshold)"),
    Loot.TIARA: LootRule(passive="seen from a guard next to its holder (Kernel._seen_entering)"),
}
# The Loot that rolls at the start of its holder's turn, in table order.
_TURN_START_LOOT = tuple((x, rule.turn_start) for x, rule in LOOT.items() if rule.turn_start)


# ---------------------------------------------------------------------- Events
# Each takes (rules, the burglar who drew it, their position).

E = EventCard


def _guard_here(r: RuleKernel, pos: int) -> tuple[int, Guard, bool]:
    """The floor of `pos`, its guard, and whether he is on the board."""
    f = pos >> 6
    g = r.state.floors[f].guard
    return f, g, g.placed and g.pos is not None


def _ev_brown_out(r: RuleKernel, me: int, pos: int) -> None:
    _brown_out(r)


def _ev_buddy_system(r: RuleKernel, me: int, pos: int) -> None:
    others = [
        str(i + 1)
        for i, q in enumerate(r.state.players)
        if i != me and q.pos is not None and q.pos != pos
    ]
    if others:
        r._ask(_BUDDY, others)
    else:
        r._emit(CardNoEffect(_BUDDY_SYSTEM.value, _NOBODY))


def _ev_change_of_plans(r: RuleKernel, me: int, pos: int) -> None:
    f, _, on_board = _guard_here(r, pos)
    if r.alarms(f):
        r._emit(CardNoEffect(_CHANGE_OF_PLANS.value, _ALARM_ACTIVE))
    elif not on_board:
        r._emit(CardNoEffect(_CHANGE_OF_PLANS.value, _NO_GUARD))
    else:
        r._new_destination(f)


def _ev_crash(r: RuleKernel, me: int, pos: int) -> None:
    f, g, on_board = _guard_here(r, pos)
    if r.alarms(f):
        r._emit(CardNoEffect(_E_CRASH.value, _ALARM_ACTIVE))
    elif not on_board:
        r._emit(CardNoEffect(_E_CRASH.value, _NO_GUARD))
    else:
        g.dest = pos
        r._emit(DestinationSet(f, pos, _DESTINATION_CRASH))


def _ev_daydreaming(r: RuleKernel, me: int, pos: int) -> None:
    r.state.guard_bonus -= 1


def _ev_dead_drop(r: RuleKernel, me: int, pos: int) -> None:
    _dead_drop(r, me)


def _ev_espresso(r: RuleKernel, me: int, pos: int) -> None:
    r.state.guard_bonus += 1


def _ev_freight_elevator(r: RuleKernel, me: int, pos: int) -> None:
    if pos >> 6 == r.top_floor:
        if r.team_has_all_loot():
            r._leave_building(me)
        else:
            r._emit(CardNoEffect(_FREIGHT_ELEVATOR.value, _LOOT_MISSING))
    else:
        r._fall(me, pos + 64, "elevator")


def _ev_go_with_your_gut(r: RuleKernel, me: int, pos: int) -> None:
    f = pos >> 6
    base = f << 6
    choices = [base | nb for nb in r.geometry(f).open[pos & 63] if not r.tile(base | nb).revealed]
    if not choices:
        r._emit(CardNoEffect(_GO_WITH_YOUR_GUT.value, _NOTHING_UNREVEALED))
    elif len(choices) == 1:
        _forced_move(r, me, choices[0])
    else:
        r._ask(_GUT, [pos_text(q) for q in sorted(choices)])


def _ev_gymnastics(r: RuleKernel, me: int, pos: int) -> None:
    r.state.lasting[_GYMNASTICS] = me


def _ev_heads_up(r: RuleKernel, me: int, pos: int) -> None:
    bonus = r.state.next_turn_bonus
    key = str(r._next_player(me))
    bonus[key] = bonus.get(key, 0) + 1


def _ev_jump_the_gun(r: RuleKernel, me: int, pos: int) -> None:
    r.state.skip_turns += 1


def _ev_jury_rig(r: RuleKernel, me: int, pos: int) -> None:
    r._draw_tool(me, _JURY_RIG.value)


def _ev_keycode_change(r: RuleKernel, me: int, pos: int) -> None:
    relocked = []
    for fi in range(len(r.state.floors)):
        for q in r.positions(fi):
            t = r.tile(q)
            if t.kind == _KEYPAD and t.open:
                r._mutable_tile(q).open = False
                relocked.append(q)
    if relocked:
        r._emit(KeypadsLocked(tuple(relocked)))
    else:
        r._emit(CardNoEffect(_KEYCODE_CHANGE.value, _NO_OPEN_KEYPAD))


def _ev_lampshade(r: RuleKernel, me: int, pos: int) -> None:
    r.state.players[me].stealth += 1
    r._emit(StealthGained(me, 1, _LAMPSHADE.value))


def _ev_lost_grip(r: RuleKernel, me: int, pos: int) -> None:
    if pos >> 6 == 0:
        r._emit(CardNoEffect(_LOST_GRIP.value, _GROUND_FLOOR))
    else:
        r._fall(me, pos - 64, "lost-grip")


def _ev_peekhole(r: RuleKernel, me: int, pos: int) -> None:
    targets = _peekhole_targets(r, pos)
    if targets:
        r._ask(_DECISIONKIND_PEEKHOLE, ["none", *(pos_text(q) for q in targets)])
    else:
        r._emit(CardNoEffect(_E_PEEKHOLE.value, _NOTHING_UNREVEALED))


def _ev_reboot(r: RuleKernel, me: int, pos: int) -> None:
    changed = revealed = False
    for fi in range(len(r.state.floors)):
        for q in r.positions(fi):
            t = r.tile(q)
            if t.revealed and t.kind in COMPUTERS:
                revealed = True
                if t.hack != 1:
                    r._mutable_tile(q).hack = 1
                    changed = True
                    r._emit(HackAdded(q, 1))
    if not changed:
        # Say why: no computer to reset at all, or every one already holds exactly 1.
        why = _NOTHING_TO_RESET if revealed else _NO_COMPUTER
        r._emit(CardNoEffect(_REBOOT.value, why))


def _ev_shift_change(r: RuleKernel, me: int, pos: int) -> None:
    r.state.turn_flags.append(_SHIFT_CHANGE)


def _ev_shoplifting(r: RuleKernel, me: int, pos: int) -> None:
    name = _SHOPLIFTING.value
    labs = [
        q
        for fi in range(len(r.state.floors))
        for q in r.positions(fi)
        if r.tile(q).kind == _LABORATORY and r.tile(q).revealed and r.tile(q).tool_taken
    ]
    if not labs:
        r._emit(CardNoEffect(name, _NO_LABORATORY))
    for q in labs:
        r._push(Effect(_ALARM, pos=q, source=name))


def _ev_squeak(r: RuleKernel, me: int, pos: int) -> None:
    _squeak(r, me)


def _ev_switch_signs(r: RuleKernel, me: int, pos: int) -> None:
    name = _E_SWITCH_SIGNS.value
    f, g, on_board = _guard_here(r, pos)
    if not on_board or g.dest is None:
        r._emit(CardNoEffect(name, _NO_GUARD))
    elif r.alarms(f):
        _jump_to_alarm(r, f, _SWITCH_ALARM)
    else:
        src, g.pos, g.dest = g.pos, g.dest, g.pos
        assert src is not None and g.pos is not None and g.dest is not None
        r._emit(GuardTeleported(f, src, g.pos, name))
        r._emit(DestinationSet(f, g.dest, _DESTINATION_SWITCH_SIGNS))
        r._guard_appears(f, own=_GUARD_PLACED)


def _ev_throw_voice(r: RuleKernel, me: int, pos: int) -> None:
    f, g, on_board = _guard_here(r, pos)
    if r.alarms(f):
        r._emit(CardNoEffect(_E_THROW_VOICE.value, _ALARM_ACTIVE))
    elif not on_board or g.dest is None:
        r._emit(CardNoEffect(_E_THROW_VOICE.value, _NO_GUARD))
    else:
        base = f << 6
        opts = [base | nb for nb in r.geometry(f).open[g.dest & 63]]
        r._ask(_DECISIONKIND_THROW_VOICE, [pos_text(q) for q in sorted(opts)])


def _ev_time_lock(r: RuleKernel, me: int, pos: int) -> None:
    r.state.lasting[_TIME_LOCK] = me


def _ev_video_loop(r: RuleKernel, me: int, pos: int) -> None:
    r.state.lasting[_VIDEO_LOOP] = me


def _ev_where_is_he(r: RuleKernel, me: int, pos: int) -> None:
    name = _WHERE_IS_HE.value
    f, g, on_board = _guard_here(r, pos)
    if not on_board or g.dest is None:
        r._emit(CardNoEffect(name, _NO_GUARD))
    elif r.alarms(f):
        _jump_to_alarm(r, f, _WHERE_ALARM)
    else:
        src, dest = g.pos, g.dest
        assert src is not None
        g.pos = dest
        r._emit(GuardTeleported(f, src, dest, name))
        r._guard_appears(f, own=_GUARD_PLACED)
        if not r.is_over():
            r._new_destination(f)


EVENTS: dict[EventCard, Callable[[RuleKernel, int, int], None]] = {
    E.BROWN_OUT: _ev_brown_out,
    E.BUDDY_SYSTEM: _ev_buddy_system,
    E.CHANGE_OF_PLANS: _ev_change_of_plans,
    E.CRASH: _ev_crash,
    E.DAYDREAMING: _ev_daydreaming,
    E.DEAD_DROP: _ev_dead_drop,
    E.ESPRESSO: _ev_espresso,
    E.FREIGHT_ELEVATOR: _ev_freight_elevator,
    E.GO_WITH_YOUR_GUT: _ev_go_with_your_gut,
    E.GYMNASTICS: _ev_gymnastics,
    E.HEADS_UP: _ev_heads_up,
    E.JUMP_THE_GUN: _ev_jump_the_gun,
    E.JURY_RIG: _ev_jury_rig,
    E.KEYCODE_CHANGE: _ev_keycode_change,
    E.LAMPSHADE: _ev_lampshade,
    E.LOST_GRIP: _ev_lost_grip,
    E.PEEKHOLE: _ev_peekhole,
    E.REBOOT: _ev_reboot,
    E.SHIFT_CHANGE: _ev_shift_change,
    E.SHOPLIFTING: _ev_shoplifting,
    E.SQUEAK: _ev_squeak,
    E.SWITCH_SIGNS: _ev_switch_signs,
    E.THROW_VOICE: _ev_throw_voice,
    E.TIME_LOCK: _ev_time_lock,
    E.VIDEO_LOOP: _ev_video_loop,
    E.WHERE_IS_HE: _ev_where_is_he,
}


# ---------------------------------------------------------------------- card decisions
# Each takes (rules, the pending decision, the option chosen).


def _choose_crystal_ball(r: RuleKernel, d: Decision, option: str) -> None:
    st = r.state
    order = [EventCard(x) for x in option.split(",")]
    k = len(order)
    st.events[len(st.events) - k :] = list(reversed(order))
    st.events_seen = max(st.events_seen, k)  # the crew chose that order: it knows it
    r._emit(EventsReordered(st.current, k))


def _choose_virus(r: RuleKernel, d: Decision, option: str) -> None:
    q = parse_pos(option)
    t = r._mutable_tile(q)
    t.hack += 1
    r._emit(HackAdded(q, t.hack))
    if d.n > 1:
        _ask_virus(r, d.n - 1)


def _choose_kitty(r: RuleKernel, d: Decision, option: str) -> None:
    _place_kitty(r, r.state.current, parse_pos(option))


def _choose_buddy(r: RuleKernel, d: Decision, option: str) -> None:
    st = r.state
    other = int(option) - 1
    buddy = st.players[other]
    src = buddy.pos
    dst = st.players[st.current].pos
    assert src is not None and dst is not None
    buddy.pos = dst
    r._emit(PlayerMoved(other, src, dst, "buddy"))


def _choose_gut(r: RuleKernel, d: Decision, option: str) -> None:
    _forced_move(r, r.state.current, parse_pos(option))


def _choose_peekhole(r: RuleKernel, d: Decision, option: str) -> None:
    if option != "none":
        r._reveal(parse_pos(option))


def _choose_squeak(r: RuleKernel, d: Decision, option: str) -> None:
    _squeak_step(r, d.floor, parse_pos(option))


def _choose_guard_alarm(r: RuleKernel, d: Decision, option: str) -> None:
    _guard_to_alarm(r, d.floor, parse_pos(option), d.kind)


def _choose_throw_voice(r: RuleKernel, d: Decision, option: str) -> None:
    q = parse_pos(option)
    r.state.floors[q >> 6].guard.dest = q
    r._emit(DestinationSet(q >> 6, q, _DESTINATION_THROW_VOICE))


def _choose_shift_order(r: RuleKernel, d: Decision, option: str) -> None:
    for fl in option.split(","):
        r._push(Effect(_GUARD_MOVE, floor=int(fl) - 1))


def _choose_stethoscope(r: RuleKernel, d: Decision, option: str) -> None:
    st = r.state
    me = st.current
    dice = [int(x) for x in d.data]
    if option != "keep":
        i, v = (int(x) for x in option.split("-"))
        st.players[me].tools.remove(_STETHOSCOPE)
        st.tool_discard.append(_STETHOSCOPE)
        r._emit(ToolUsed(me, _STETHOSCOPE.value, d.pos))
        dice[i - 1] = v
    r._apply_crack(d.pos, tuple(dice))


DECISIONS: dict[DecisionKind, Callable[[RuleKernel, Decision, str], None]] = {
    DecisionKind.CRYSTAL_BALL: _choose_crystal_ball,
    DecisionKind.VIRUS: _choose_virus,
    DecisionKind.KITTY: _choose_kitty,
    DecisionKind.BUDDY: _choose_buddy,
    DecisionKind.GUT: _choose_gut,
    DecisionKind.PEEKHOLE: _choose_peekhole,
    DecisionKind.SQUEAK: _choose_squeak,
    DecisionKind.SWITCH_ALARM: _choose_guard_alarm,
    DecisionKind.WHERE_ALARM: _choose_guard_alarm,
    DecisionKind.THROW_VOICE: _choose_throw_voice,
    DecisionKind.SHIFT_ORDER: _choose_shift_order,
    DecisionKind.STETHOSCOPE: _choose_stethoscope,
}
