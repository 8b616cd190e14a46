"""The nine burglars' abilities, basic and advanced side.

`CharacterRules` extends the kernel (engine/rules/kernel.py); `Game` composes it. Active
abilities are `ability <name> ...` actions: `ABILITIES` gives each card side (keyed by
character and side) its lister, which offers them only when allowed (once per turn, first
action only, actions left), and `USES` plays them by name. Passive ones are queried by
the core rules (`_jams_alarm`, `_keypad_bonus_dice`, `_crack_bonus_dice`, `_free_guard_entry`,
...). Limits per turn live in `state.turn_flags`.
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
from .kernel import Kernel
from .kinds import ABILITY_USED, DecisionKind, EffectKind, Lasting, StealthLoss, TurnFlag
from .state import Decision, Effect

BASIC, ADVANCED = Side.BASIC, Side.ADVANCED
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


class CharacterRules(Kernel):
    """Abilities of the burglars: rules on top of the kernel, composed into `Game`."""

    # ------------------------------------------------------------------ queries

    def has(self, player: int, character: Character, side: Side) -> bool:
        p = self.state.players[player]
        return p.character == character and p.side == side

    def _someone(self, character: Character, side: Side | None = None) -> int | None:
        for i, p in enumerate(self.state.players):
            if p.character == character and (side is None or p.side == side):
                return i
        return None

    def _jams_alarm(self, pos: int, player: int) -> bool:
        """Jammer: no Fingerprint, Laser or Motion alarm for the Hacker or anyone with him."""
        hacker = self._someone(_HACKER, BASIC)
        if hacker is None:
            return False
        return hacker == player or self.state.players[hacker].pos == pos

    def _keypad_bonus_dice(self, player: int) -> int:
        return 1 if self.has(player, _PETERMAN, BASIC) else 0

    def _crack_bonus_dice(self, player: int) -> int:
        return 1 if self.has(player, _PETERMAN, BASIC) else 0

    def _free_guard_entry(self, player: int) -> bool:
        """Flexibility: the Acrobat steps into a guard's tile for free, unseen."""
        return self.has(player, _ACROBAT, BASIC)

    def _rigger_in_team(self) -> bool:
        return self._someone(_RIGGER) is not None

    def _used(self, name: str) -> bool:
        return ABILITY_USED[name] in self.state.turn_flags

    def _mark(self, name: str) -> None:
        self.state.turn_flags.append(ABILITY_USED[name])

    # ------------------------------------------------------------------ movement hooks

    def _climb_targets(self, player: int) -> list[int]:
        """Climb Window: from a tile on the building's edge (or by the empty square)."""
        p = self.state.players[player]
        if p.pos is None or not self.has(player, _ACROBAT, ADVANCED):
            return []
        pos = p.pos
        f, c = pos >> 6, pos & 63
        geo = self._geo[f]
        size = self.state.size
        row, col = divmod(c, 8)
        on_edge = row in (0, size - 1) or col in (0, size - 1) or len(geo.grid[c]) < 4
        if not on_edge:
            return []
        out = []
        for q in (pos - 64, pos + 64):
            t = self.tile_at(q)
            if t is None:
                continue
            # No Deadbolt through a window (Tim Fowers on BGG): it would need 3 more actions.
            if t.revealed and t.kind == _DEADBOLT and not t.disabled and self._deadbolt_empty(q):
                continue
            out.append(q)
        return out

    # ------------------------------------------------------------------ legal abilities

    def _ability_actions(self, me: int) -> list[Action]:
        """The `ability` actions the burglar's card side offers now (see `ABILITIES`)."""
        p = self.state.players[me]
        pos = p.pos
        if pos is None:
            return []
        lister = _LISTERS.get((p.character, p.side))
        return [] if lister is None else lister(self, me, pos)

    def _enhance_targets(self, pos: int) -> list[int]:
        """Enhance: face-down tiles up to two steps away, never past a face-down tile or
        through a wall; a step may turn a corner or go up the Stairs."""

        def steps(q: int) -> list[int]:
            f, c = q >> 6, q & 63
            out = [(f << 6) | nb for nb in self._geo[f].open[c]]
            if self.tile(q).kind == _STAIRS and f < self.top_floor:
                out.append(q + 64)
            return out

        targets = set()
        for one in steps(pos):
            if not self.tile(one).revealed:
                targets.add(one)
                continue
            for two in steps(one):
                if two != pos and not self.tile(two).revealed:
                    targets.add(two)
        return sorted(targets)

    def _drill_targets(self, me: int) -> list[int]:
        """Drill: the revealed, closed Safes directly above or below the Peterman."""
        p = self.state.players[me]
        if p.pos is None or not self.has(me, _PETERMAN, ADVANCED):
            return []
        out = []
        for q in (p.pos - 64, p.pos + 64):
            t = self.tile_at(q)
            if t is not None and t.revealed and t.kind == _SAFE and not t.safe_open:
                out.append(q)
        return out

    # ------------------------------------------------------------------ using abilities

    def _use_ability(self, action: Action) -> None:
        st = self.state
        me = st.current
        pos = st.players[me].pos
        assert pos is not None
        self._emit(AbilityUsed(me, action.card, action.pos, action.player, action.option))
        USES[action.card](self, me, pos, action)

    def _emit_stealth_spent(self, player: int, why: StealthLoss) -> None:
        self._emit(StealthLost(player, why, False, self.state.players[player].stealth))

    # ------------------------------------------------------------------ Rigger's tool draws

    def _rigger_draw(self, player: int, source: str) -> bool:
        """The Solution / Tinker: whoever finds a tool may draw two and keep one (a decision:
        two, or the ordinary one). Returns False when the ordinary single draw applies."""
        st = self.state
        if not self._rigger_in_team() or len(st.tools) < 2:
            return False
        self._ask(_RIGGER_OFFER, ["two", "one"], n=player, source=source)
        return True

    def _rigger_two(self, player: int, source: str) -> None:
        st = self.state
        drawn = [st.tools.pop(), st.tools.pop()]
        self._ask(
            _RIGGER_DRAW,
            sorted({t.value for t in drawn}),
            n=player,
            source=source,
            data=[t.value for t in drawn],
        )

    # ------------------------------------------------------------------ the crow

    def _crow_stops_guard(self, floor: int) -> bool:
        """Disrupt: a guard starting his move on the crow, with no alarm, does not move."""
        st = self.state
        g = st.floors[floor].guard
        raven = self._someone(_RAVEN, ADVANCED)
        if raven is None or st.crow is None or st.crow != g.pos or self.alarms(floor):
            return False
        st.crow = None
        self._emit(GuardSkipped(floor, "crow"))
        return True

    def _crow_slows_guard(self, pos: int) -> bool:
        """Distract: a guard entering the crow's tile loses one step."""
        return self.state.crow == pos and self._someone(_RAVEN, BASIC) is not None

    # ------------------------------------------------------------------ setup

    def _give_starting_tools(self) -> None:
        """The Rigger (basic side) starts with the Dynamite."""
        st = self.state
        for p in st.players:
            if p.character == _RIGGER and p.side == BASIC and _DYNAMITE in st.tools:
                st.tools.remove(_DYNAMITE)
                p.tools.append(_DYNAMITE)


# ---------------------------------------------------------------------- the abilities
# Listing: (rules, me, pos) -> the `ability` actions allowed now. Use: (rules, me, pos,
# action) plays one (its AbilityUsed event is already out).


def _add(name: str, pos: int = -1, player: int = -1, option: str = "") -> Action:
    return Action(_ABILITY, pos=pos, card=name, player=player, option=option)


def _list_laptop(r: CharacterRules, me: int, pos: int) -> list[Action]:
    """Laptop (Hacker, advanced): an action for a hack token of his own."""
    if r.state.actions_left >= 1 and r.state.players[me].hack < 1:
        return [_add("laptop")]
    return []


def _use_laptop(r: CharacterRules, me: int, pos: int, action: Action) -> None:
    r._spend(1)
    r.state.players[me].hack = 1


def _list_x_ray(r: CharacterRules, me: int, pos: int) -> list[Action]:
    """X-Ray (Hawk, basic): Peek through one wall, once a turn, for free."""
    if r._used("x-ray"):
        return []
    f, c = pos >> 6, pos & 63
    base = f << 6
    geo = r._geo[f]
    return [
        _add("x-ray", pos=base | nb)
        for nb in geo.grid[c]
        if nb not in geo.open[c] and not r.tile(base | nb).revealed
    ]


def _list_enhance(r: CharacterRules, me: int, pos: int) -> list[Action]:
    """Enhance (Hawk, advanced): Peek two tiles away, once a turn, for free."""
    if r._used("enhance"):
        return []
    return [_add("enhance", pos=q) for q in r._enhance_targets(pos)]


def _use_peek(r: CharacterRules, me: int, pos: int, action: Action) -> None:
    r._mark(action.card)
    r._emit(Peeked(me, action.pos))
    r._reveal(action.pos)


def _list_crybaby(r: CharacterRules, me: int, pos: int) -> list[Action]:
    """Crybaby (Juicer, basic): set off an alarm next to her, for free."""
    st = r.state
    f, c = pos >> 6, pos & 63
    base = f << 6
    out = []
    for nb in r._geo[f].open[c]:
        q = base | nb
        if not r.tile(q).alarm and st.floors[f].guard.pos != q:
            out.append(_add("crybaby", pos=q))
    return out


def _use_crybaby(r: CharacterRules, me: int, pos: int, action: Action) -> None:
    r._push(Effect(_ALARM, pos=action.pos, source="crybaby"))


def _list_reroute(r: CharacterRules, me: int, pos: int) -> list[Action]:
    """Reroute (Juicer, advanced): pick up the alarm on her tile, drop it later."""
    if r._used("reroute"):
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


def _use_reroute(r: CharacterRules, me: int, pos: int, action: Action) -> None:
    st = r.state
    p = st.players[me]
    r._mark("reroute")
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


def _list_distract(r: CharacterRules, me: int, pos: int) -> list[Action]:
    """Distract (Raven, basic): the crow up to two steps away, once until she acts."""
    if r._used("crow"):
        return []
    st = r.state
    f, c = pos >> 6, pos & 63
    base = f << 6
    geo = r._geo[f]
    dist = geo.dist[c]
    return [
        _add("crow", pos=base | cell)
        for cell in geo.layout.cells()
        if 0 <= dist[cell] <= 2 and (base | cell) != st.crow
    ]


def _list_disrupt(r: CharacterRules, me: int, pos: int) -> list[Action]:
    """Disrupt (Raven, advanced): the crow on her own tile."""
    return [_add("crow", pos=pos)] if r.state.crow != pos else []


def _use_crow(r: CharacterRules, me: int, pos: int, action: Action) -> None:
    if r.state.players[me].side == BASIC:
        r._mark("crow")  # R83: once until the Raven spends an action
    r.state.crow = action.pos
    r._emit(CrowPlaced(action.pos))


def _list_tinker(r: CharacterRules, me: int, pos: int) -> list[Action]:
    """Tinker (Rigger, advanced): a Stealth for a Tool."""
    st = r.state
    return [_add("tinker")] if st.players[me].stealth >= 1 and st.tools else []


def _use_tinker(r: CharacterRules, me: int, pos: int, action: Action) -> None:
    r.state.players[me].stealth -= 1
    r._emit_stealth_spent(me, _TINKER)
    r._draw_tool(me, "tinker")


def _list_orders(r: CharacterRules, me: int, pos: int) -> list[Action]:
    """Orders (Rook, basic): move another burglar, once a turn, for an action."""
    st = r.state
    if st.actions_left < 1 or r._used("orders"):
        return []
    out = []
    for other, q in enumerate(st.players):
        if other == me or q.pos is None:
            continue
        for target in sorted(r.move_options(other, orders=True)):
            out.append(_add("orders", pos=target, player=other))
    return out


def _use_orders(r: CharacterRules, me: int, pos: int, action: Action) -> None:
    r._spend(1)
    r._mark("orders")
    r._do_move(action.pos, mover=action.player, orders=True)


def _list_disguise(r: CharacterRules, me: int, pos: int) -> list[Action]:
    """Disguise (Rook, advanced): swap places with another burglar, as the first action."""
    st = r.state
    if st.actions_left < 1 or _ACTED in st.turn_flags:
        return []
    return [
        _add("disguise", player=other)
        for other, q in enumerate(st.players)
        if other != me and q.pos is not None and q.pos != pos
    ]


def _use_disguise(r: CharacterRules, me: int, pos: int, action: Action) -> None:
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


def _list_clairvoyance(r: CharacterRules, me: int, pos: int) -> list[Action]:
    """Clairvoyance (Spotter, basic): look at the top patrol card, keep it or bury it."""
    st = r.state
    if st.actions_left >= 1 and not r._used("clairvoyance") and st.floors[pos >> 6].guard.patrol:
        return [_add("clairvoyance")]
    return []


def _list_precognition(r: CharacterRules, me: int, pos: int) -> list[Action]:
    """Precognition (Spotter, advanced): look at the top Event, keep it or bury it."""
    st = r.state
    if st.actions_left >= 1 and not r._used("precognition") and st.events:
        return [_add("precognition")]
    return []


def _use_spotter(r: CharacterRules, me: int, pos: int, action: Action) -> None:
    st = r.state
    name = action.card
    r._spend(1)
    r._mark(name)
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
    actions: Callable[[CharacterRules, int, int], list[Action]] | None = None
    passive: str = ""


ABILITIES: dict[tuple[Character, Side], Ability] = {
    (C.ACROBAT, BASIC): Ability(passive="a free step into a guard's tile (Kernel.move_options)"),
    (C.ACROBAT, ADVANCED): Ability(passive="Climb Window up or down (_climb_targets)"),
    (C.HACKER, BASIC): Ability(passive="jams Fingerprint, Laser, Motion (_jams_alarm)"),
    (C.HACKER, ADVANCED): Ability("laptop", _list_laptop),
    (C.HAWK, BASIC): Ability("x-ray", _list_x_ray),
    (C.HAWK, ADVANCED): Ability("enhance", _list_enhance),
    (C.JUICER, BASIC): Ability("crybaby", _list_crybaby),
    (C.JUICER, ADVANCED): Ability("reroute", _list_reroute),
    (C.PETERMAN, BASIC): Ability(passive="a die more for Keypads and Safes (_crack_bonus_dice)"),
    (C.PETERMAN, ADVANCED): Ability(passive="cracks Safes above or below (_drill_targets)"),
    (C.RAVEN, BASIC): Ability("crow", _list_distract),
    (C.RAVEN, ADVANCED): Ability("crow", _list_disrupt),
    (C.RIGGER, BASIC): Ability(passive="starts with the Dynamite; draws two Tools (_rigger_draw)"),
    (C.RIGGER, ADVANCED): Ability("tinker", _list_tinker, passive="draws two Tools (_rigger_draw)"),
    (C.ROOK, BASIC): Ability("orders", _list_orders),
    (C.ROOK, ADVANCED): Ability("disguise", _list_disguise),
    (C.SPOTTER, BASIC): Ability("clairvoyance", _list_clairvoyance),
    (C.SPOTTER, ADVANCED): Ability("precognition", _list_precognition),
}
_LISTERS = {key: a.actions for key, a in ABILITIES.items() if a.actions is not None}

USES: dict[str, Callable[[CharacterRules, int, int, Action], None]] = {
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


def _choose_top_or_bottom(r: CharacterRules, d: Decision, option: str) -> None:
    """Clairvoyance / Precognition: the card seen stays on top or goes to the bottom."""
    st = r.state
    deck: list[Any] = st.floors[d.floor].guard.patrol if d.kind == _CLAIRVOYANCE else st.events
    if option == "bottom":
        deck.insert(0, deck.pop())


def _choose_rigger_offer(r: CharacterRules, d: Decision, option: str) -> None:
    if option == "two":
        r._rigger_two(d.n, d.source)
    else:
        r._draw_one_tool(d.n, d.source)


def _choose_rigger_draw(r: CharacterRules, d: Decision, option: str) -> None:
    st = r.state
    keep = Tool(option)
    drawn = [Tool(x) for x in d.data]
    drawn.remove(keep)
    st.players[d.n].tools.append(keep)
    st.tool_discard.extend(drawn)
    r._emit(ToolDrawn(d.n, keep.value, d.source))


DECISIONS: dict[DecisionKind, Callable[[CharacterRules, Decision, str], None]] = {
    DecisionKind.CLAIRVOYANCE: _choose_top_or_bottom,
    DecisionKind.PRECOGNITION: _choose_top_or_bottom,
    DecisionKind.RIGGER_OFFER: _choose_rigger_offer,
    DecisionKind.RIGGER_DRAW: _choose_rigger_draw,
}
