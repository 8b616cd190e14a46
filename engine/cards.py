"""Card effects: the 13 Tools, the Loot penalties and the 26 Events.

`CardRules` extends the kernel (engine/kernel.py); `Game` composes it. The core rules call
the hooks defined here (`tool_actions`, `resolve_event`, `start_of_turn_loot`, ...) and
answer card decisions through `resolve_card_decision`. Every choice a card leaves to the
players is a pending decision; a card that can do nothing right now says so with a
`CardNoEffect` event.
"""

from __future__ import annotations

from itertools import permutations

from .actions import Action, ActionKind, parse_pos, pos_text
from .data import ALARM_TILES, COMPUTERS, CROWBAR_TARGETS, MAX_HACK_TOKENS, EventCard, Loot, Tool
from .data import TileKind as K
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
    TurnSkipped,
    WallDestroyed,
)
from .kernel import Kernel
from .kinds import DecisionKind, EffectKind, EndReason, Lasting, Result, TurnFlag
from .state import Effect

# Tools used as an action with no target, or with one of a list of positions.
_NO_TARGET = frozenset(
    {
        Tool.CRYSTAL_BALL,
        Tool.EMP,
        Tool.INVISIBLE_SUIT,
        Tool.MAKEUP_KIT,
        Tool.ROLLERSKATES,
        Tool.SMOKE_BOMB,
        Tool.VIRUS,
    }
)


class CardRules(Kernel):
    """Tools, Loot and Events: rules on top of the kernel, composed into `Game`."""

    # ------------------------------------------------------------------ queries

    def holder_of(self, loot: Loot) -> int | None:
        for i, p in enumerate(self.state.players):
            if loot in p.loot:
                return i
        return None

    # ------------------------------------------------------------------ tools: legal uses

    def tool_actions(self, me: int) -> list[Action]:
        """Every legal `use` action of the current burglar (free actions)."""
        p = self.state.players[me]
        if p.pos is None or Loot.BUST in p.loot:
            return []
        out = []
        for tool in sorted(set(p.tools)):
            if tool in _NO_TARGET:
                if self._tool_usable(me, tool):
                    out.append(Action(ActionKind.USE, card=tool.value))
            else:
                for pos in self.tool_targets(me, tool):
                    out.append(Action(ActionKind.USE, pos=pos, card=tool.value))
        return out

    def _tool_usable(self, me: int, tool: Tool) -> bool:
        st = self.state
        if tool == Tool.CRYSTAL_BALL:
            return bool(st.events)
        if tool == Tool.VIRUS:
            return bool(self._virus_targets())
        if tool == Tool.INVISIBLE_SUIT:
            return TurnFlag.INVISIBLE not in st.turn_flags
        return True

    def tool_targets(self, me: int, tool: Tool) -> list[int]:
        st = self.state
        pos = st.players[me].pos
        assert pos is not None
        f, c = pos >> 6, pos & 63
        base = f << 6
        geo = self._geo[f]
        if tool == Tool.BLUEPRINTS:
            return [
                q
                for fi in range(len(st.floors))
                for q in self.positions(fi)
                if not self.tile(q).revealed
            ]
        if tool == Tool.CROWBAR:
            out = []
            for nb in geo.open[c]:
                t = self.tile(base | nb)
                if t.revealed and t.kind in CROWBAR_TARGETS and not t.disabled:
                    out.append(base | nb)
            return sorted(out)
        if tool == Tool.DONUTS:
            return sorted(
                fl.guard.pos
                for fl in st.floors
                if fl.guard.placed and fl.guard.pos is not None and not fl.guard.donuts
            )
        if tool == Tool.DYNAMITE:
            return sorted(base | nb for nb in geo.grid[c] if nb not in geo.open[c])
        if tool == Tool.THERMAL_BOMB:
            if self.tile(pos).thermal:
                return []
            out = []
            if f > 0:
                out.append(pos - 64)
            if f < self.top_floor:
                out.append(pos + 64)
            return out
        return []  # Stethoscope: used while cracking, never as an action

    def _virus_targets(self) -> list[int]:
        out = []
        for fi, fl in enumerate(self.state.floors):
            for cell, t in enumerate(fl.tiles):
                if (
                    t is not None
                    and t.revealed
                    and t.kind in COMPUTERS
                    and t.hack < MAX_HACK_TOKENS
                ):
                    out.append((fi << 6) | cell)
        return out

    # ------------------------------------------------------------------ tools: effects

    def use_tool(self, tool: Tool, target: int) -> None:
        st = self.state
        me = st.current
        p = st.players[me]
        pos = p.pos
        assert pos is not None
        p.tools.remove(tool)
        st.tool_discard.append(tool)
        self._emit(ToolUsed(me, tool.value, target))
        if tool == Tool.BLUEPRINTS:
            self._reveal(target)
        elif tool == Tool.CROWBAR:
            self.tile(target).disabled = True
            self._emit(TileDisabled(target))
        elif tool == Tool.CRYSTAL_BALL:
            top = list(reversed(st.events[-3:]))  # top card first
            self._ask(
                DecisionKind.CRYSTAL_BALL,
                sorted(",".join(e.value for e in order) for order in permutations(top)),
            )
        elif tool == Tool.DONUTS:
            st.floors[target >> 6].guard.donuts = True
        elif tool == Tool.DYNAMITE:
            fl = st.floors[pos >> 6]
            wall = (min(pos & 63, target & 63), max(pos & 63, target & 63))
            fl.walls = [w for w in fl.walls if tuple(w) != wall]
            self.refresh_geometry()  # the guards' routes change at once
            self._emit(WallDestroyed(pos >> 6, wall[0], wall[1]))
            self._push(Effect(EffectKind.ALARM, pos=pos, source=Tool.DYNAMITE.value))
        elif tool == Tool.EMP:
            self._emp(me)
        elif tool == Tool.INVISIBLE_SUIT:
            st.turn_flags.append(TurnFlag.INVISIBLE)
            self._gain_actions(me, 1, tool.value)
        elif tool == Tool.MAKEUP_KIT:
            for i in self.players_at(pos):
                st.players[i].stealth += 1
                self._emit(StealthGained(i, 1, tool.value))
        elif tool == Tool.ROLLERSKATES:
            self._gain_actions(me, 2, tool.value)
        elif tool == Tool.SMOKE_BOMB:
            self.tile(pos).stealth += 3
        elif tool == Tool.THERMAL_BOMB:
            self.tile(pos).thermal = True
            self.tile(target).thermal = True
            self._push(Effect(EffectKind.ALARM, pos=pos, source=Tool.THERMAL_BOMB.value))
        elif tool == Tool.VIRUS:
            self._ask_virus(3)

    def _gain_actions(self, me: int, n: int, why: str) -> None:
        self.state.actions_left += n
        self._emit(ActionsGained(me, n, why))

    def _emp(self, me: int) -> None:
        """Every alarm goes out, and none can go off until the user's next turn."""
        st = self.state
        st.lasting[Lasting.EMP] = me
        for f in range(len(st.floors)):
            had = False
            for a in self.alarms(f):
                self.tile(a).alarm = False
                self._emit(AlarmCleared(a))
                had = True
            if had:
                self._push(Effect(EffectKind.RETARGET, floor=f))

    def _ask_virus(self, left: int) -> None:
        targets = self._virus_targets()
        if not targets:
            self._emit(CardNoEffect(Tool.VIRUS.value, "no-computer"))
            return
        self._ask(DecisionKind.VIRUS, [pos_text(t) for t in targets], n=left)

    # ------------------------------------------------------------------ loot

    def pickup_actions(self, me: int) -> list[Action]:
        p = self.state.players[me]
        if p.pos is None:
            return []
        t = self.tile(p.pos)
        return [
            Action(ActionKind.PICKUP, card=x.value)
            for x in sorted(set(t.loot))
            if self._may_receive(me, x.value)
        ]

    def pick_up(self, card: str) -> None:
        st = self.state
        me = st.current
        p = st.players[me]
        assert p.pos is not None
        loot = Loot(card)
        self.tile(p.pos).loot.remove(loot)
        p.loot.append(loot)
        self._emit(LootPickedUp(me, card, p.pos))
        if loot == Loot.CURSED_GOBLET:  # left in a drilled Safe: it curses whoever takes it
            self.on_loot_drawn(me, loot)

    def on_loot_drawn(self, player: int, loot: Loot) -> None:
        if loot == Loot.CURSED_GOBLET:
            # Lose a Stealth if there is one to lose; never lost the game this way.
            p = self.state.players[player]
            t = self.tile(p.pos) if p.pos is not None else None
            if (t is not None and t.stealth > 0) or p.stealth > 0:
                self._lose_stealth(player, "cursed-goblet")

    def start_of_turn_loot(self, me: int) -> None:
        """Chihuahua and Persian Kitty roll at the start of their holder's turn."""
        p = self.state.players[me]
        if p.pos is None:
            return
        if Loot.CHIHUAHUA in p.loot:
            die = self.rng.die()
            self._emit(LootRolled(me, Loot.CHIHUAHUA.value, die, die == 6))
            if die == 6:
                self._push(Effect(EffectKind.ALARM, pos=p.pos, source=Loot.CHIHUAHUA.value))
        if Loot.PERSIAN_KITTY in p.loot:
            die = self.rng.die()
            self._emit(LootRolled(me, Loot.PERSIAN_KITTY.value, die, die <= 2))
            if die <= 2:
                self._kitty_escapes(me)

    def _kitty_escapes(self, me: int) -> None:
        st = self.state
        pos = st.players[me].pos
        assert pos is not None
        f, c = pos >> 6, pos & 63
        base = f << 6
        geo = self._geo[f]
        targets = [
            q
            for q in self.positions(f)
            if self.tile(q).revealed and self.tile(q).kind in ALARM_TILES
        ]
        if not targets:
            self._emit(CardNoEffect(Loot.PERSIAN_KITTY.value, "no-alarm-tile"))
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
            self._place_kitty(me, best[0])
        else:
            self._ask(DecisionKind.KITTY, [pos_text(q) for q in sorted(best)])

    def _place_kitty(self, me: int, where: int) -> None:
        p = self.state.players[me]
        p.loot.remove(Loot.PERSIAN_KITTY)
        self.tile(where).loot.append(Loot.PERSIAN_KITTY)
        self._emit(KittyEscaped(me, where))

    # ------------------------------------------------------------------ events

    def resolve_event(self, card: EventCard) -> None:
        st = self.state
        me = st.current
        p = st.players[me]
        pos = p.pos
        assert pos is not None
        f = pos >> 6
        g = st.floors[f].guard
        on_board = g.placed and g.pos is not None
        name = card.value
        E = EventCard
        if card == E.BROWN_OUT:
            self._brown_out()
        elif card == E.BUDDY_SYSTEM:
            others = [
                str(i + 1)
                for i, q in enumerate(st.players)
                if i != me and q.pos is not None and q.pos != pos
            ]
            if others:
                self._ask(DecisionKind.BUDDY, others)
            else:
                self._emit(CardNoEffect(name, "nobody"))
        elif card == E.CHANGE_OF_PLANS:
            if self.alarms(f):
                self._emit(CardNoEffect(name, "alarm-active"))
            elif not on_board:
                self._emit(CardNoEffect(name, "no-guard"))
            else:
                self._new_destination(f)
        elif card == E.CRASH:
            if self.alarms(f):
                self._emit(CardNoEffect(name, "alarm-active"))
            elif not on_board:
                self._emit(CardNoEffect(name, "no-guard"))
            else:
                g.dest = pos
                self._emit(DestinationSet(f, pos, "crash"))
        elif card == E.DAYDREAMING:
            st.guard_bonus -= 1
        elif card == E.DEAD_DROP:
            self._dead_drop(me)
        elif card == E.ESPRESSO:
            st.guard_bonus += 1
        elif card == E.FREIGHT_ELEVATOR:
            if f == self.top_floor:
                if self.team_has_all_loot():
                    self._leave_building(me)
                else:
                    self._emit(CardNoEffect(name, "loot-missing"))
            else:
                self._fall(me, pos + 64, "elevator")
        elif card == E.GO_WITH_YOUR_GUT:
            geo = self._geo[f]
            base = f << 6
            choices = [base | nb for nb in geo.open[pos & 63] if not self.tile(base | nb).revealed]
            if not choices:
                self._emit(CardNoEffect(name, "nothing-unrevealed"))
            elif len(choices) == 1:
                self._forced_move(me, choices[0])
            else:
                self._ask(DecisionKind.GUT, [pos_text(q) for q in sorted(choices)])
        elif card == E.GYMNASTICS:
            st.lasting[Lasting.GYMNASTICS] = me
        elif card == E.HEADS_UP:
            nxt = self.next_player(me)
            key = str(nxt)
            st.next_turn_bonus[key] = st.next_turn_bonus.get(key, 0) + 1
        elif card == E.JUMP_THE_GUN:
            st.skip_turns += 1
        elif card == E.JURY_RIG:
            self._draw_tool(me, name)
        elif card == E.KEYCODE_CHANGE:
            relocked = []
            for fi in range(len(st.floors)):
                for q in self.positions(fi):
                    t = self.tile(q)
                    if t.kind == K.KEYPAD and t.open:
                        t.open = False
                        relocked.append(q)
            if relocked:
                self._emit(KeypadsLocked(tuple(relocked)))
            else:
                self._emit(CardNoEffect(name, "no-open-keypad"))
        elif card == E.LAMPSHADE:
            p.stealth += 1
            self._emit(StealthGained(me, 1, name))
        elif card == E.LOST_GRIP:
            if f == 0:
                self._emit(CardNoEffect(name, "ground-floor"))
            else:
                self._fall(me, pos - 64, "lost-grip")
        elif card == E.PEEKHOLE:
            targets = self.peekhole_targets(pos)
            if targets:
                self._ask(DecisionKind.PEEKHOLE, ["none", *(pos_text(q) for q in targets)])
            else:
                self._emit(CardNoEffect(name, "nothing-unrevealed"))
        elif card == E.REBOOT:
            changed = False
            for fi in range(len(st.floors)):
                for q in self.positions(fi):
                    t = self.tile(q)
                    if t.revealed and t.kind in COMPUTERS and t.hack != 1:
                        t.hack = 1
                        changed = True
                        self._emit(HackAdded(q, 1))
            if not changed:
                self._emit(CardNoEffect(name, "nothing-to-reset"))
        elif card == E.SHIFT_CHANGE:
            st.turn_flags.append(TurnFlag.SHIFT_CHANGE)
        elif card == E.SHOPLIFTING:
            labs = [
                q
                for fi in range(len(st.floors))
                for q in self.positions(fi)
                if self.tile(q).kind == K.LABORATORY
                and self.tile(q).revealed
                and self.tile(q).tool_taken
            ]
            if not labs:
                self._emit(CardNoEffect(name, "no-laboratory"))
            for q in labs:
                self._push(Effect(EffectKind.ALARM, pos=q, source=name))
        elif card == E.SQUEAK:
            self._squeak(me)
        elif card == E.SWITCH_SIGNS:
            if not on_board or g.dest is None:
                self._emit(CardNoEffect(name, "no-guard"))
            elif self.alarms(f):
                self._jump_to_alarm(f, DecisionKind.SWITCH_ALARM)
            else:
                src, g.pos, g.dest = g.pos, g.dest, g.pos
                assert src is not None and g.pos is not None and g.dest is not None
                self._emit(GuardTeleported(f, src, g.pos, name))
                self._emit(DestinationSet(f, g.dest, name))
                self.guard_appears(f)
        elif card == E.THROW_VOICE:
            if self.alarms(f):
                self._emit(CardNoEffect(name, "alarm-active"))
            elif not on_board or g.dest is None:
                self._emit(CardNoEffect(name, "no-guard"))
            else:
                base = f << 6
                opts = [base | nb for nb in self._geo[f].open[g.dest & 63]]
                self._ask(DecisionKind.THROW_VOICE, [pos_text(q) for q in sorted(opts)])
        elif card == E.TIME_LOCK:
            st.lasting[Lasting.TIME_LOCK] = me
        elif card == E.VIDEO_LOOP:
            st.lasting[Lasting.VIDEO_LOOP] = me
        elif card == E.WHERE_IS_HE:
            if not on_board or g.dest is None:
                self._emit(CardNoEffect(name, "no-guard"))
            elif self.alarms(f):
                self._jump_to_alarm(f, DecisionKind.WHERE_ALARM)
            else:
                src, dest = g.pos, g.dest
                assert src is not None
                g.pos = dest
                self._emit(GuardTeleported(f, src, dest, name))
                self.guard_appears(f)
                if not self.is_over():
                    self._new_destination(f)
        else:  # pragma: no cover - every event is handled above
            raise AssertionError(card)

    def peekhole_targets(self, pos: int) -> list[int]:
        f, c = pos >> 6, pos & 63
        base = f << 6
        out = {base | nb for nb in self._geo[f].grid[c]}
        if f > 0:
            out.add(pos - 64)
        if f < self.top_floor:
            out.add(pos + 64)
        return sorted(q for q in out if not self.tile(q).revealed)

    def next_player(self, me: int) -> int:
        st = self.state
        n = len(st.players)
        nxt = me
        for _ in range(n):
            nxt = (nxt + 1) % n
            if not st.players[nxt].escaped:
                return nxt
        return me

    def _brown_out(self) -> None:
        """All alarms go out; each floor draws one patrol card per alarm removed."""
        st = self.state
        any_alarm = False
        for f in range(len(st.floors)):
            removed = self.alarms(f)
            for a in removed:
                self.tile(a).alarm = False
                self._emit(AlarmCleared(a))
            if not removed:
                continue
            any_alarm = True
            g = st.floors[f].guard
            if not g.placed or g.pos is None:
                continue
            for _ in range(len(removed) - 1):
                self._draw_patrol(f)
            self._new_destination(f)
        if not any_alarm:
            self._emit(CardNoEffect(EventCard.BROWN_OUT.value, "no-alarm"))

    def _dead_drop(self, me: int) -> None:
        """Pass every Tool and Loot to the burglar on your right (the previous in turn order)."""
        st = self.state
        n = len(st.players)
        right = None
        for k in range(1, n):
            cand = (me - k) % n
            if st.players[cand].pos is not None:
                right = cand
                break
        p = st.players[me]
        if right is None or not (p.tools or p.loot):
            why = "nobody" if right is None else "empty-hands"
            self._emit(CardNoEffect(EventCard.DEAD_DROP.value, why))
            return
        for tool in list(p.tools):
            self._pass_card(tool.value, me, right)
        for loot in list(p.loot):
            # One Gold Bar each: a second one stays with the giver.
            if self._may_receive(right, loot.value):
                self._pass_card(loot.value, me, right)

    def _forced_move(self, me: int, target: int) -> None:
        """Go With Your Gut: a Move as if one action were spent (no Laser payment)."""
        self._do_move(target, free=True)

    def _squeak(self, me: int) -> None:
        st = self.state
        pos = st.players[me].pos
        assert pos is not None
        f = pos >> 6
        g = st.floors[f].guard
        if not g.placed or g.pos is None:
            self._emit(CardNoEffect(EventCard.SQUEAK.value, "no-guard"))
            return
        dist = self._geo[f].dist[g.pos & 63]
        here = sorted({q.pos for q in st.players if q.pos is not None and q.pos >> 6 == f})
        best = min(dist[q & 63] for q in here)
        nearest = [q for q in here if dist[q & 63] == best]
        if best == 0:
            self._emit(CardNoEffect(EventCard.SQUEAK.value, "already-there"))
        elif len(nearest) == 1:
            self._squeak_step(f, nearest[0])
        else:
            self._ask(DecisionKind.SQUEAK, [pos_text(q) for q in nearest], floor=f)

    def _squeak_step(self, f: int, toward: int) -> None:
        g = self.state.floors[f].guard
        assert g.pos is not None
        nxt = (f << 6) | self._geo[f].next_steps(toward & 63)[g.pos & 63]
        self._step_guard(f, nxt)

    def _jump_to_alarm(self, f: int, kind: DecisionKind) -> None:
        closest = self.closest_alarms(f)
        if len(closest) == 1:
            self._guard_to_alarm(f, closest[0], kind)
        else:
            self._ask(kind, [pos_text(q) for q in closest], floor=f)

    def _guard_to_alarm(self, f: int, alarm: int, why: str) -> None:
        """Switch Signs / Where Is He? with alarms: he appears on the closest, clears it."""
        g = self.state.floors[f].guard
        src = g.pos
        assert src is not None
        g.pos = alarm
        self._emit(GuardTeleported(f, src, alarm, why))
        t = self.tile(alarm)
        t.alarm = False
        self._emit(AlarmCleared(alarm))
        self.guard_appears(f)
        if not self.is_over():
            self._retarget(f)

    def _leave_building(self, player: int) -> None:
        """Out through the roof (the escape action, or Freight Elevator on the top floor);
        the last one out wins the game."""
        from .events import GameWon, PlayerEscaped
        from .state import Step

        st = self.state
        p = st.players[player]
        p.pos = None
        p.escaped = True
        if p.character.value == "raven":
            st.crow = None  # the crow flies off with her
        self._emit(PlayerEscaped(player))
        if all(q.escaped for q in st.players):
            st.step = Step.OVER
            st.outcome = Result.WIN
            st.reason = EndReason.ESCAPED.value
            st.queue.clear()
            self._emit(GameWon())

    # ------------------------------------------------------------------ decisions

    def resolve_card_decision(self, kind: str, option: str, d: object) -> bool:
        """Answer a card's decision; False if `kind` is not a card decision."""
        from .state import Decision

        assert isinstance(d, Decision)
        st = self.state
        me = st.current
        if kind == DecisionKind.CRYSTAL_BALL:
            order = [EventCard(x) for x in option.split(",")]
            k = len(order)
            st.events[len(st.events) - k :] = list(reversed(order))
            self._emit(EventsReordered(me, k))
        elif kind == DecisionKind.VIRUS:
            q = parse_pos(option)
            t = self.tile(q)
            t.hack += 1
            self._emit(HackAdded(q, t.hack))
            if d.n > 1:
                self._ask_virus(d.n - 1)
        elif kind == DecisionKind.KITTY:
            self._place_kitty(me, parse_pos(option))
        elif kind == DecisionKind.BUDDY:
            other = int(option) - 1
            q = st.players[other]
            src = q.pos
            dst = st.players[me].pos
            assert src is not None and dst is not None
            q.pos = dst
            self._emit(PlayerMoved(other, src, dst, "buddy"))
        elif kind == DecisionKind.GUT:
            self._forced_move(me, parse_pos(option))
        elif kind == DecisionKind.PEEKHOLE:
            if option != "none":
                self._reveal(parse_pos(option))
        elif kind == DecisionKind.SQUEAK:
            self._squeak_step(d.floor, parse_pos(option))
        elif kind in (DecisionKind.SWITCH_ALARM, DecisionKind.WHERE_ALARM):
            self._guard_to_alarm(d.floor, parse_pos(option), kind)
        elif kind == DecisionKind.THROW_VOICE:
            q = parse_pos(option)
            st.floors[q >> 6].guard.dest = q
            self._emit(DestinationSet(q >> 6, q, "throw-voice"))
        elif kind == DecisionKind.SHIFT_ORDER:
            for fl in option.split(","):
                self._push(Effect(EffectKind.GUARD_MOVE, floor=int(fl) - 1))
        elif kind == DecisionKind.STETHOSCOPE:
            dice = [int(x) for x in d.data]
            if option != "keep":
                i, v = (int(x) for x in option.split("-"))
                st.players[me].tools.remove(Tool.STETHOSCOPE)
                st.tool_discard.append(Tool.STETHOSCOPE)
                self._emit(ToolUsed(me, Tool.STETHOSCOPE.value, d.pos))
                dice[i - 1] = v
            self._apply_crack(d.pos, tuple(dice))
        else:
            return False
        return True

    def skip_turns_from(self, nxt: int) -> int:
        """Jump the Gun: skip turns (no actions, no event, no guard) from `nxt` on."""
        st = self.state
        while st.skip_turns > 0:
            st.skip_turns -= 1
            self._emit(TurnSkipped(nxt))
            self.expire_lasting(nxt)
            nxt = self.next_player(nxt)
        return nxt

    def expire_lasting(self, player: int) -> None:
        from .events import EffectEnded

        st = self.state
        for name, owner in list(st.lasting.items()):
            if owner == player or st.players[owner].escaped:
                del st.lasting[name]
                self._emit(EffectEnded(name))
