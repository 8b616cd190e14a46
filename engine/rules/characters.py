"""The nine burglars' abilities, basic and advanced side: functions over the kernel.

Every rule here is a module-level function taking the kernel as the rule tables see it
(`RuleKernel`, engine/rules/kernel.py). Active abilities are `ability <name> ...` actions:
`ABILITIES` gives each card side (keyed by character and side) its lister, which offers
them only when allowed (once per turn, first action only, actions left), and `USES` plays
them by name. Passive ones are the kernel's hooks (`jams_alarm`, `keypad_bonus_dice`,
`crack_bonus_dice`, `free_guard_entry`, `climb_targets`, the crow's, `rigger_draw`), which
`Game` hands the kernel in its `Hooks` record. Limits per turn live in `state.turn_flags`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .actions import Action, ActionKind, pos_text
from .data import Character, Side, Tool
from .data import TileKind as K
from .events import (
    AbilityUsed,
    AlarmCleared,
    CrowPlaced,
    GuardSkipped,
    Peeked,
    PlayerMoved,
    SpotterLooked,
    StealthLost,
    ToolDrawn,
)
from .kernel import RuleKernel
from .kinds import (
    ABILITY_USED,
    DecisionKind,
    EffectKind,
    GuardStay,
    Lasting,
    StealthLoss,
    TurnFlag,
)
from .state import Decision, Effect

BASIC, ADVANCED = Side.BASIC, Side.ADVANCED
_tuple_new = tuple.__new__
_EMP, _ACTED = Lasting.EMP, TurnFlag.ACTED  # read on every legal-action listing
C = Character

# Enum members read on the turn path, bound once: reading one through its class costs a
# metaclass lookup every time on CPython 3.11 (about 4x a module constant).
_ABILITY = ActionKind.ABILITY
_ACROBAT = C.ACROBAT
_ALARM = EffectKind.ALARM
_CLAIRVOYANCE = DecisionKind.CLAIRVOYANCE
_DEADBOLT = K.DEADBOLT
_DYNAMITE = Tool.DYNAMITE
_HACKER = C.HACKER
_PETERMAN = C.PETERMAN
_RAVEN = C.RAVEN
_RETARGET = EffectKind.RETARGET
_RIGGER = C.RIGGER
_RIGGER_DRAW = DecisionKind.RIGGER_DRAW
_RIGGER_OFFER = DecisionKind.RIGGER_OFFER
_SAFE = K.SAFE
_STAIRS = K.STAIRS
_TINKER = StealthLoss.TINKER


# ---------------------------------------------------------------------- queries


def has(k: RuleKernel, player: int, character: Character, side: Side) -> bool:
    """The burglar plays this character, on this side of the card."""
    p = k.state.players[player]
    return p.character == character and p.side == side


def _someone(k: RuleKernel, character: Character, side: Side | None = None) -> int | None:
    for i, p in enumerate(k.state.players):
        if p.character == character and (side is None or p.side == side):
            return i
    return None


def _used(k: RuleKernel, name: str) -> bool:
    return ABILITY_USED[name] in k.state.turn_flags


def _mark(k: RuleKernel, name: str) -> None:
    k.state.turn_flags.append(ABILITY_USED[name])


# ---------------------------------------------------------------------- the core's hooks
# The passive abilities the kernel consults through `Hooks` (engine/rules/kernel.py).


def jams_alarm(k: RuleKernel, pos: int, player: int) -> bool:
    """Jammer: no Fingerprint, Laser or Motion alarm for the Hacker or anyone with him."""
    hacker = _someone(k, _HACKER, BASIC)
    if hacker is None:
        return False
    return hacker == player or k.state.players[hacker].pos == pos


def keypad_bonus_dice(k: RuleKernel, player: int) -> int:
    return 1 if has(k, player, _PETERMAN, BASIC) else 0


def crack_bonus_dice(k: RuleKernel, player: int) -> int:
    return 1 if has(k, player, _PETERMAN, BASIC) else 0


def free_guard_entry(k: RuleKernel, player: int) -> bool:
    """Flexibility: the Acrobat steps into a guard's tile for free, unseen."""
    return has(k, player, _ACROBAT, BASIC)


def climb_targets(k: RuleKernel, player: int) -> list[int]:
    """Climb Window: from a tile on the building's edge (or by the empty square)."""
    p = k.state.players[player]
    if p.pos is None or not has(k, player, _ACROBAT, ADVANCED):
        return []
    pos = p.pos
    f, c = pos >> 6, pos & 63
    geo = k.geometry(f)
    size = k.state.size
    row, col = divmod(c, 8)
    on_edge = row in (0, size - 1) or col in (0, size - 1) or len(geo.grid[c]) < 4
    if not on_edge:
        return []
    out = []
    for q in (pos - 64, pos + 64):
        t = k.tile_at(q)
        if t is None:
            continue
        # No Deadbolt through a window (Tim Fowers on BGG): it would need 3 more actions.
        if t.revealed and t.kind == _DEADBOLT and not t.disabled and k._deadbolt_empty(q):
            continue
        out.append(q)
    return out


def crow_holds_guard(k: RuleKernel, floor: int) -> bool:
    """Disrupt: the floor's guard starts his move on the crow with no alarm, so he stays
    (a query: the foresight asks it too)."""
    st = k.state
    return (
        st.crow is not None
        and st.crow == st.floors[floor].guard.pos
        and _someone(k, _RAVEN, ADVANCED) is not None
        and not k.alarms(floor)
    )


def crow_stops_guard(k: RuleKernel, floor: int) -> bool:
    """Disrupt: a guard starting his move on the crow, with no alarm, does not move; the
    crow is used up."""
    if not crow_holds_guard(k, floor):
        return False
    k.state.crow = None
    k._emit(GuardSkipped(floor, GuardStay.CROW))
    return True


def crow_slows_guard(k: RuleKernel, pos: int) -> bool:
    """Distract: a guard entering the crow's tile loses one step."""
    return k.state.crow == pos and _someone(k, _RAVEN, BASIC) is not None


def rigger_draw(k: RuleKernel, player: int, source: str) -> bool:
    """The Solution / Tinker: whoever finds a tool may draw two and keep one (a decision:
    two, or the ordinary one). Returns False when the ordinary single draw applies."""
    if _someone(k, _RIGGER) is None or len(k.state.tools) < 2:
        return False
    k._ask(_RIGGER_OFFER, ["two", "one"], n=player, source=source)
    return True


def _rigger_two(k: RuleKernel, player: int, source: str) -> None:
    st = k.state
    drawn = [st.tools.pop(), st.tools.pop()]
    k._ask(
        _RIGGER_DRAW,
        sorted({t.value for t in drawn}),
        n=player,
        source=source,
        data=[t.value for t in drawn],
    )


# ---------------------------------------------------------------------- what Game asks


def give_starting_tools(k: RuleKernel) -> None:
    """The Rigger (basic side) starts with the Dynamite."""
    st = k.state
    for p in st.players:
        if p.character == _RIGGER and p.side == BASIC and _DYNAMITE in st.tools:
            st.tools.remove(_DYNAMITE)
            p.tools.append(_DYNAMITE)


def ability_actions(k: RuleKernel, me: int) -> list[Action]:
    """The `ability` actions the burglar's card side offers now (see `ABILITIES`)."""
    p = k.state.players[me]
    pos = p.pos
    if pos is None:
        return []
    lister = _LISTERS.get((p.character, p.side))
    return [] if lister is None else lister(k, me, pos)


def drill_targets(k: RuleKernel, me: int) -> list[int]:
    """Drill: the revealed, closed Safes directly above or below the Peterman."""
    p = k.state.players[me]
    if p.pos is None or not has(k, me, _PETERMAN, ADVANCED):
        return []
    out = []
    for q in (p.pos - 64, p.pos + 64):
        t = k.tile_at(q)
        if t is not None and t.revealed and t.kind == _SAFE and not t.safe_open:
            out.append(q)
    return out


def use_ability(k: RuleKernel, action: Action) -> None:
    """The `ability` action of the current burglar (see `USES`)."""
    st = k.state
    me = st.current
    pos = st.players[me].pos
    assert pos is not None
    k._emit(AbilityUsed(me, action.card, action.pos, action.player, action.option))
    USES[action.card](k, me, pos, action)


# ---------------------------------------------------------------------- the abilities
# Listing: (rules, me, pos) -> the `ability` actions allowed now. Use: (rules, me, pos,
# action) plays one (its AbilityUsed event is already out).


def _add(name: str, pos: int = -1, player: int = -1, option: str = "") -> Action:
    # A bare tuple: the NamedTuple constructor with keywords is a Python call.
    return _tuple_new(Action, (_ABILITY, pos, name, player, option))


def _list_laptop(r: RuleKernel, me: int, pos: int) -> list[Action]:
    """Laptop (Hacker, advanced): an action for a hack token of his own."""
    if r.state.actions_left >= 1 and r.state.players[me].hack < 1:
        return [_add("laptop")]
    return []


def _use_laptop(r: RuleKernel, me: int, pos: int, action: Action) -> None:
    r._spend(1)
    r.state.players[me].hack = 1


def _list_x_ray(r: RuleKernel, me: int, pos: int) -> list[Action]:
    """X-Ray (Hawk, basic): Peek through one wall, once a turn, for free."""
    if _used(r, "x-ray"):
        return []
    f, c = pos >> 6, pos & 63
    base = f << 6
    geo = r.geometry(f)
    return [
        _add("x-ray", pos=base | nb)
        for nb in geo.grid[c]
        if nb not in geo.open[c] and not r.tile(base | nb).revealed
    ]


def _enhance_targets(k: RuleKernel, pos: int) -> list[int]:
    """Enhance: face-down tiles up to two steps away, never past a face-down tile or
    through a wall; a step may turn a corner or go up the Stairs."""

    def steps(q: int) -> list[int]:
        f, c = q >> 6, q & 63
        out = [(f << 6) | nb for nb in k.geometry(f).open[c]]
        if k.tile(q).kind == _STAIRS and f < k.top_floor:
            out.append(q + 64)
        return out

    targets = set()
    for one in steps(pos):
        if not k.tile(one).revealed:
            targets.add(one)
            continue
        for two in steps(one):
            if two != pos and not k.tile(two).revealed:
                targets.add(two)
    return sorted(targets)


def _list_enhance(r: RuleKernel, me: int, pos: int) -> list[Action]:
    """Enhance (Hawk, advanced): Peek two tiles away, once a turn, for free."""
    if _used(r, "enhance"):
        return []
    return [_add("enhance", pos=q) for q in _enhance_targets(r, pos)]


def _use_peek(r: RuleKernel, me: int, pos: int, action: Action) -> None:
    _mark(r, action.card)
    r._emit(Peeked(me, action.pos))
    r._reveal(action.pos)


def _list_crybaby(r: RuleKernel, me: int, pos: int) -> list[Action]:
    """Crybaby (Juicer, basic): set off an alarm next to her, for free."""
    st = r.state
    f, c = pos >> 6, pos & 63
    base = f << 6
    out = []
    for nb in r.geometry(f).open[c]:
        q = base | nb
        if not r.tile(q).alarm and st.floors[f].guard.pos != q:
            out.append(_add("crybaby", pos=q))
    return out


def _use_crybaby(r: RuleKernel, me: int, pos: int, action: Action) -> None:
    r._push(Effect(_ALARM, pos=action.pos, source="crybaby"))


def _list_reroute(r: RuleKernel, me: int, pos: int) -> list[Action]:
    """Reroute (Juicer, advanced): pick up the alarm on her tile, drop it later."""
    if _used(r, "reroute"):
        return []
    st = r.state
    p = st.players[me]
    here = r.tile(pos)
    out = []
    if here.alarm and not p.alarm_held:
        out.append(_add("reroute", option="pick"))
    if (
        p.alarm_held
        and not here.alarm
        and st.floors[pos >> 6].guard.pos != pos
        and _EMP not in st.lasting
    ):
        out.append(_add("reroute", option="drop"))
    return out


def _use_reroute(r: RuleKernel, me: int, pos: int, action: Action) -> None:
    st = r.state
    p = st.players[me]
    _mark(r, "reroute")
    f = pos >> 6
    if action.option == "pick":
        r._mutable_tile(pos).alarm = False
        p.alarm_held = True
        r._emit(AlarmCleared(pos))
        if r.alarms(f):
            r._push(Effect(_RETARGET, floor=f))
        else:
            g = st.floors[f].guard
            if g.placed and g.pos is not None:
                r._new_destination(f)
    else:
        p.alarm_held = False
        r._push(Effect(_ALARM, pos=pos, source="reroute"))


def _list_distract(r: RuleKernel, me: int, pos: int) -> list[Action]:
    """Distract (Raven, basic): the crow up to two steps away, once until she acts."""
    if _used(r, "crow"):
        return []
    st = r.state
    f, c = pos >> 6, pos & 63
    base = f << 6
    geo = r.geometry(f)
    dist = geo.dist[c]
    return [
        _add("crow", pos=base | cell)
        for cell in geo.cells()
        if 0 <= dist[cell] <= 2 and (base | cell) != st.crow
    ]


def _list_disrupt(r: RuleKernel, me: int, pos: int) -> list[Action]:
    """Disrupt (Raven, advanced): the crow on her own tile."""
    return [_add("crow", pos=pos)] if r.state.crow != pos else []


def _use_crow(r: RuleKernel, me: int, pos: int, action: Action) -> None:
    if r.state.players[me].side == BASIC:
        _mark(r, "crow")  # R83: once until the Raven spends an action
    r.state.crow = action.pos
    r._emit(CrowPlaced(action.pos))


def _list_tinker(r: RuleKernel, me: int, pos: int) -> list[Action]:
    """Tinker (Rigger, advanced): a Stealth for a Tool."""
    st = r.state
    return [_add("tinker")] if st.players[me].stealth >= 1 and st.tools else []


def _use_tinker(r: RuleKernel, me: int, pos: int, action: Action) -> None:
    r.state.players[me].stealth -= 1
    r._emit(StealthLost(me, _TINKER, False, r.state.players[me].stealth))
    r._draw_tool(me, "tinker")


def _list_orders(r: RuleKernel, me: int, pos: int) -> list[Action]:
    """Orders (Rook, basic): move another burglar, once a turn, for an action."""
    st = r.state
    if st.actions_left < 1 or _used(r, "orders"):
        return []
    out = []
    for other, q in enumerate(st.players):
        if other == me or q.pos is None:
            continue
        for target in sorted(r.move_options(other, orders=True)):
            out.append(_add("orders", pos=target, player=other))
    return out


def _use_orders(r: RuleKernel, me: int, pos: int, action: Action) -> None:
    r._spend(1)
    _mark(r, "orders")
    r._do_move(action.pos, mover=action.player, orders=True)


def _list_disguise(r: RuleKernel, me: int, pos: int) -> list[Action]:
    """Disguise (Rook, advanced): swap places with another burglar, as the first action."""
    st = r.state
    if st.actions_left < 1 or _ACTED in st.turn_flags:
        return []
    return [
        _add("disguise", player=other)
        for other, q in enumerate(st.players)
        if other != me and q.pos is not None and q.pos != pos
    ]


def _use_disguise(r: RuleKernel, me: int, pos: int, action: Action) -> None:
    st = r.state
    r._spend(1)
    p = st.players[me]
    other = st.players[action.player]
    assert other.pos is not None
    mine, theirs = pos, other.pos
    p.pos, other.pos = theirs, mine
    r._emit(PlayerMoved(me, mine, theirs, "disguise"))
    r._emit(PlayerMoved(action.player, theirs, mine, "disguise"))
    f = theirs >> 6
    if not st.floors[f].guard.placed:
        r._place_guard(f, mover=me)


def _list_clairvoyance(r: RuleKernel, me: int, pos: int) -> list[Action]:
    """Clairvoyance (Spotter, basic): look at the top patrol card, keep it or bury it."""
    st = r.state
    if st.actions_left >= 1 and not _used(r, "clairvoyance") and st.floors[pos >> 6].guard.patrol:
        return [_add("clairvoyance")]
    return []


def _list_precognition(r: RuleKernel, me: int, pos: int) -> list[Action]:
    """Precognition (Spotter, advanced): look at the top Event, keep it or bury it."""
    st = r.state
    if st.actions_left >= 1 and not _used(r, "precognition") and st.events:
        return [_add("precognition")]
    return []


def _use_spotter(r: RuleKernel, me: int, pos: int, action: Action) -> None:
    st = r.state
    name = action.card
    r._spend(1)
    _mark(r, name)
    if name == "clairvoyance":
        card = st.floors[pos >> 6].guard.patrol[-1]
        seen = "lost-visual" if card < 0 else pos_text(card)
    else:
        seen = st.events[-1].value
    r._emit(SpotterLooked(me, name, seen))
    r._ask(DecisionKind(name), ["top", "bottom"], floor=pos >> 6, data=[seen])


@dataclass(frozen=True, slots=True)
class Ability:
    """One side of a burglar's card: `actions` lists its `ability` actions (named `name`,
    played by `USES[name]`); `passive` says where the core applies what needs no action."""

    name: str = ""
    actions: Callable[[RuleKernel, int, int], list[Action]] | None = None
    passive: str = ""


ABILITIES: dict[tuple[Character, Side], Ability] = {
    (C.ACROBAT, BASIC): Ability(passive="a free step into a guard's tile (Kernel.move_options)"),
    (C.ACROBAT, ADVANCED): Ability(passive="Climb Window up or down (climb_targets)"),
    (C.HACKER, BASIC): Ability(passive="jams Fingerprint, Laser, Motion (jams_alarm)"),
    (C.HACKER, ADVANCED): Ability("laptop", _list_laptop),
    (C.HAWK, BASIC): Ability("x-ray", _list_x_ray),
    (C.HAWK, ADVANCED): Ability("enhance", _list_enhance),
    (C.JUICER, BASIC): Ability("crybaby", _list_crybaby),
    (C.JUICER, ADVANCED): Ability("reroute", _list_reroute),
    (C.PETERMAN, BASIC): Ability(passive="a die more for Keypads and Safes (crack_bonus_dice)"),
    (C.PETERMAN, ADVANCED): Ability(passive="cracks Safes above or below (drill_targets)"),
    (C.RAVEN, BASIC): Ability("crow", _list_distract),
    (C.RAVEN, ADVANCED): Ability("crow", _list_disrupt),
    (C.RIGGER, BASIC): Ability(passive="starts with the Dynamite; draws two Tools (rigger_draw)"),
    (C.RIGGER, ADVANCED): Ability("tinker", _list_tinker, passive="draws two Tools (rigger_draw)"),
    (C.ROOK, BASIC): Ability("orders", _list_orders),
    (C.ROOK, ADVANCED): Ability("disguise", _list_disguise),
    (C.SPOTTER, BASIC): Ability("clairvoyance", _list_clairvoyance),
    (C.SPOTTER, ADVANCED): Ability("precognition", _list_precognition),
}
_LISTERS = {key: a.actions for key, a in ABILITIES.items() if a.actions is not None}

USES: dict[str, Callable[[RuleKernel, int, int, Action], None]] = {
    "laptop": _use_laptop,
    "x-ray": _use_peek,
    "enhance": _use_peek,
    "crybaby": _use_crybaby,
    "reroute": _use_reroute,
    "crow": _use_crow,
    "tinker": _use_tinker,
    "orders": _use_orders,
    "disguise": _use_disguise,
    "clairvoyance": _use_spotter,
    "precognition": _use_spotter,
}


# ---------------------------------------------------------------------- ability decisions
# Each takes (rules, the pending decision, the option chosen).


def _choose_top_or_bottom(r: RuleKernel, d: Decision, option: str) -> None:
    """Clairvoyance / Precognition: the card seen stays on top or goes to the bottom."""
    st = r.state
    deck: list[Any] = st.floors[d.floor].guard.patrol if d.kind == _CLAIRVOYANCE else st.events
    if option == "bottom":
        deck.insert(0, deck.pop())
    # The whole crew saw the card: kept on top, it stays known until it is drawn.
    kept = option == "top" or len(deck) == 1
    if d.kind == _CLAIRVOYANCE:
        st.floors[d.floor].guard.seen_top = deck[-1] if kept else None
    elif kept:
        st.events_seen = max(st.events_seen, 1)
    else:  # the cards seen under it (a Crystal Ball's) move up one
        st.events_seen = max(st.events_seen - 1, 0)


def _choose_rigger_offer(r: RuleKernel, d: Decision, option: str) -> None:
    if option == "two":
        _rigger_two(r, d.n, d.source)
    else:
        r._draw_one_tool(d.n, d.source)


def _choose_rigger_draw(r: RuleKernel, d: Decision, option: str) -> None:
    st = r.state
    keep = Tool(option)
    drawn = [Tool(x) for x in d.data]
    drawn.remove(keep)
    st.players[d.n].tools.append(keep)
    st.tool_discard.extend(drawn)
    r._emit(ToolDrawn(d.n, keep.value, d.source))


DECISIONS: dict[DecisionKind, Callable[[RuleKernel, Decision, str], None]] = {
    DecisionKind.CLAIRVOYANCE: _choose_top_or_bottom,
    DecisionKind.PRECOGNITION: _choose_top_or_bottom,
    DecisionKind.RIGGER_OFFER: _choose_rigger_offer,
    DecisionKind.RIGGER_DRAW: _choose_rigger_draw,
}
