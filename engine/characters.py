"""The nine burglars' abilities, basic and advanced side.

`CharacterRules` extends the kernel (engine/kernel.py); `Game` composes it. Active
abilities are `ability <name> ...` actions, listed by `ability_actions` only when allowed
(once per turn, first action only, actions left); passive ones are queried by the core
rules (`jams_alarm`, `keypad_bonus_dice`, `crack_bonus_dice`, `free_guard_entry`, ...).
Limits per turn live in `state.turn_flags`.
"""

from __future__ import annotations

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
    ToolDrawn,
)
from .kernel import Kernel
from .kinds import ABILITY_USED, DecisionKind, EffectKind, Lasting, TurnFlag
from .state import Effect

BASIC, ADVANCED = Side.BASIC, Side.ADVANCED
_EMP, _ACTED = Lasting.EMP, TurnFlag.ACTED  # read on every legal-action listing
C = Character


class CharacterRules(Kernel):
    """Abilities of the burglars: rules on top of the kernel, composed into `Game`."""

    # ------------------------------------------------------------------ queries

    def has(self, player: int, character: Character, side: Side) -> bool:
        p = self.state.players[player]
        return p.character == character and p.side == side

    def someone(self, character: Character, side: Side | None = None) -> int | None:
        for i, p in enumerate(self.state.players):
            if p.character == character and (side is None or p.side == side):
                return i
        return None

    def jams_alarm(self, pos: int, player: int) -> bool:
        """Jammer: no Fingerprint, Laser or Motion alarm for the Hacker or anyone with him."""
        hacker = self.someone(C.HACKER, BASIC)
        if hacker is None:
            return False
        return hacker == player or self.state.players[hacker].pos == pos

    def keypad_bonus_dice(self, player: int) -> int:
        return 1 if self.has(player, C.PETERMAN, BASIC) else 0

    def crack_bonus_dice(self, player: int) -> int:
        return 1 if self.has(player, C.PETERMAN, BASIC) else 0

    def free_guard_entry(self, player: int) -> bool:
        """Flexibility: the Acrobat steps into a guard's tile for free, unseen."""
        return self.has(player, C.ACROBAT, BASIC)

    def rigger_in_team(self) -> bool:
        return self.someone(C.RIGGER) is not None

    def _used(self, name: str) -> bool:
        return ABILITY_USED[name] in self.state.turn_flags

    def _mark(self, name: str) -> None:
        self.state.turn_flags.append(ABILITY_USED[name])

    # ------------------------------------------------------------------ movement hooks

    def climb_targets(self, player: int) -> list[int]:
        """Climb Window: from a tile on the building's edge (or by the empty square)."""
        p = self.state.players[player]
        if p.pos is None or not self.has(player, C.ACROBAT, ADVANCED):
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
            if t.revealed and t.kind == K.DEADBOLT and not t.disabled and self._deadbolt_empty(q):
                continue
            out.append(q)
        return out

    # ------------------------------------------------------------------ legal abilities

    def ability_actions(self, me: int) -> list[Action]:
        st = self.state
        p = st.players[me]
        if p.pos is None:
            return []
        pos = p.pos
        f, c = pos >> 6, pos & 63
        base = f << 6
        geo = self._geo[f]
        left = st.actions_left
        out: list[Action] = []

        def add(name: str, pos: int = -1, player: int = -1, option: str = "") -> None:
            out.append(Action(ActionKind.ABILITY, pos=pos, card=name, player=player, option=option))

        ch, side = p.character, p.side
        if ch == C.HACKER and side == ADVANCED and left >= 1 and p.hack < 1:
            add("laptop")
        elif ch == C.HAWK and side == BASIC and not self._used("x-ray"):
            for nb in geo.grid[c]:
                if nb not in geo.open[c] and not self.tile(base | nb).revealed:
                    add("x-ray", pos=base | nb)
        elif ch == C.HAWK and side == ADVANCED and not self._used("enhance"):
            for q in self.enhance_targets(pos):
                add("enhance", pos=q)
        elif ch == C.JUICER and side == BASIC:
            for nb in geo.open[c]:
                q = base | nb
                if not self.tile(q).alarm and st.floors[f].guard.pos != q:
                    add("crybaby", pos=q)
        elif ch == C.JUICER and side == ADVANCED and not self._used("reroute"):
            here = self.tile(pos)
            if here.alarm and not p.alarm_held:
                add("reroute", option="pick")
            if (
                p.alarm_held
                and not here.alarm
                and st.floors[f].guard.pos != pos
                and _EMP not in st.lasting
            ):
                add("reroute", option="drop")
        elif ch == C.RAVEN and side == BASIC and not self._used("crow"):
            dist = geo.dist[c]
            for cell in geo.layout.cells():
                if 0 <= dist[cell] <= 2 and (base | cell) != st.crow:
                    add("crow", pos=base | cell)
        elif ch == C.RAVEN and side == ADVANCED and st.crow != pos:
            add("crow", pos=pos)
        elif ch == C.RIGGER and side == ADVANCED and p.stealth >= 1 and st.tools:
            add("tinker")
        elif ch == C.ROOK and side == BASIC and left >= 1 and not self._used("orders"):
            for other, q in enumerate(st.players):
                if other == me or q.pos is None:
                    continue
                for target in sorted(self.move_options(other, orders=True)):
                    add("orders", pos=target, player=other)
        elif ch == C.ROOK and side == ADVANCED and left >= 1 and _ACTED not in st.turn_flags:
            for other, q in enumerate(st.players):
                if other != me and q.pos is not None and q.pos != pos:
                    add("disguise", player=other)
        elif ch == C.SPOTTER and left >= 1:
            if side == BASIC and not self._used("clairvoyance") and st.floors[f].guard.patrol:
                add("clairvoyance")
            if side == ADVANCED and not self._used("precognition") and st.events:
                add("precognition")
        return out

    def enhance_targets(self, pos: int) -> list[int]:
        """Enhance: face-down tiles up to two steps away, never past a face-down tile or
        through a wall; a step may turn a corner or go up the Stairs."""

        def steps(q: int) -> list[int]:
            f, c = q >> 6, q & 63
            out = [(f << 6) | nb for nb in self._geo[f].open[c]]
            if self.tile(q).kind == K.STAIRS and f < self.top_floor:
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

    def drill_targets(self, me: int) -> list[int]:
        """Drill: the revealed, closed Safes directly above or below the Peterman."""
        p = self.state.players[me]
        if p.pos is None or not self.has(me, C.PETERMAN, ADVANCED):
            return []
        out = []
        for q in (p.pos - 64, p.pos + 64):
            t = self.tile_at(q)
            if t is not None and t.revealed and t.kind == K.SAFE and not t.safe_open:
                out.append(q)
        return out

    # ------------------------------------------------------------------ using abilities

    def use_ability(self, action: Action) -> None:
        st = self.state
        me = st.current
        p = st.players[me]
        pos = p.pos
        assert pos is not None
        name = action.card
        self._emit(AbilityUsed(me, name, action.pos, action.player, action.option))
        if name == "laptop":
            self._spend(1)
            p.hack = 1
        elif name in ("x-ray", "enhance"):
            self._mark(name)
            self._emit(Peeked(me, action.pos))
            self._reveal(action.pos)
        elif name == "crybaby":
            self._push(Effect(EffectKind.ALARM, pos=action.pos, source="crybaby"))
        elif name == "reroute":
            self._mark(name)
            f = pos >> 6
            if action.option == "pick":
                self.tile(pos).alarm = False
                p.alarm_held = True
                self._emit(AlarmCleared(pos))
                if self.alarms(f):
                    self._push(Effect(EffectKind.RETARGET, floor=f))
                else:
                    g = st.floors[f].guard
                    if g.placed and g.pos is not None:
                        self._new_destination(f)
            else:
                p.alarm_held = False
                self._push(Effect(EffectKind.ALARM, pos=pos, source="reroute"))
        elif name == "crow":
            if p.side == BASIC:
                self._mark("crow")  # R83: once until the Raven spends an action
            st.crow = action.pos
            self._emit(CrowPlaced(action.pos))
        elif name == "tinker":
            p.stealth -= 1
            self._emit_stealth_spent(me, "tinker")
            self._draw_tool(me, "tinker")
        elif name == "orders":
            self._spend(1)
            self._mark(name)
            self._do_move(action.pos, mover=action.player, orders=True)
        elif name == "disguise":
            self._spend(1)
            other = st.players[action.player]
            assert other.pos is not None
            mine, theirs = pos, other.pos
            p.pos, other.pos = theirs, mine
            self._emit(PlayerMoved(me, mine, theirs, "disguise"))
            self._emit(PlayerMoved(action.player, theirs, mine, "disguise"))
            f = theirs >> 6
            if not st.floors[f].guard.placed:
                self._place_guard(f, mover=me)
        elif name in ("clairvoyance", "precognition"):
            self._spend(1)
            self._mark(name)
            if name == "clairvoyance":
                card = st.floors[pos >> 6].guard.patrol[-1]
                seen = "lost-visual" if card < 0 else pos_text(card)
            else:
                seen = st.events[-1].value
            self._emit(SpotterLooked(me, name, seen))
            self._ask(DecisionKind(name), ["top", "bottom"], floor=pos >> 6, data=[seen])
        else:  # pragma: no cover - ability_actions offers nothing else
            raise AssertionError(name)

    def _emit_stealth_spent(self, player: int, why: str) -> None:
        from .events import StealthLost

        self._emit(StealthLost(player, why, False, self.state.players[player].stealth))

    def resolve_character_decision(self, kind: str, option: str, d: object) -> bool:
        from .state import Decision

        assert isinstance(d, Decision)
        st = self.state
        if kind in (DecisionKind.CLAIRVOYANCE, DecisionKind.PRECOGNITION):
            deck: list[Any] = (
                st.floors[d.floor].guard.patrol if kind == DecisionKind.CLAIRVOYANCE else st.events
            )
            if option == "bottom":
                deck.insert(0, deck.pop())
            return True
        if kind == DecisionKind.RIGGER_OFFER:
            if option == "two":
                self._rigger_two(d.n, d.source)
            else:
                self.draw_one_tool(d.n, d.source)
            return True
        if kind == DecisionKind.RIGGER_DRAW:
            keep = Tool(option)
            drawn = [Tool(x) for x in d.data]
            drawn.remove(keep)
            st.players[d.n].tools.append(keep)
            st.tool_discard.extend(drawn)
            self._emit(ToolDrawn(d.n, keep.value, d.source))
            return True
        return False

    # ------------------------------------------------------------------ Rigger's tool draws

    def rigger_draw(self, player: int, source: str) -> bool:
        """The Solution / Tinker: whoever finds a tool may draw two and keep one (a decision:
        two, or the ordinary one). Returns False when the ordinary single draw applies."""
        st = self.state
        if not self.rigger_in_team() or len(st.tools) < 2:
            return False
        self._ask(DecisionKind.RIGGER_OFFER, ["two", "one"], n=player, source=source)
        return True

    def _rigger_two(self, player: int, source: str) -> None:
        st = self.state
        drawn = [st.tools.pop(), st.tools.pop()]
        self._ask(
            DecisionKind.RIGGER_DRAW,
            sorted({t.value for t in drawn}),
            n=player,
            source=source,
            data=[t.value for t in drawn],
        )

    # ------------------------------------------------------------------ the crow

    def crow_stops_guard(self, floor: int) -> bool:
        """Disrupt: a guard starting his move on the crow, with no alarm, does not move."""
        st = self.state
        g = st.floors[floor].guard
        raven = self.someone(C.RAVEN, ADVANCED)
        if raven is None or st.crow is None or st.crow != g.pos or self.alarms(floor):
            return False
        st.crow = None
        self._emit(GuardSkipped(floor, "crow"))
        return True

    def crow_slows_guard(self, pos: int) -> bool:
        """Distract: a guard entering the crow's tile loses one step."""
        return self.state.crow == pos and self.someone(C.RAVEN, BASIC) is not None

    # ------------------------------------------------------------------ setup

    def give_starting_tools(self) -> None:
        """The Rigger (basic side) starts with the Dynamite."""
        st = self.state
        for p in st.players:
            if p.character == C.RIGGER and p.side == BASIC and Tool.DYNAMITE in st.tools:
                st.tools.remove(Tool.DYNAMITE)
                p.tools.append(Tool.DYNAMITE)
