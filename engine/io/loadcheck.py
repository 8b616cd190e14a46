"""Can a loaded state be played? The checks `from_json` runs after the bookkeeping ones.

`serialize.check_state` makes sure every card and tile is accounted for; this module makes
sure the rules can run on the state without hanging or failing: every floor connected (the
guard's route would loop), counters within what the rules can reach (a skip count of 10^9
would hang the next turn), every pending decision and queued effect one the engine knows,
with options the engine can act on. Each problem raises `StateError` naming it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import permutations

from ..rules.actions import parse_pos
from ..rules.data import (
    ACTIONS_PER_TURN,
    LOST_VISUAL,
    MAX_SAFE_DICE,
    TileKind,
    Tool,
)
from ..rules.decisions import order_option
from ..rules.geometry import FloorLayout, geometry
from ..rules.kinds import StealthLoss
from ..rules.state import Decision, Effect, State, Step, empty_cell

# The cards whose effect lasts until their owner's next turn (state.lasting's names).
LASTING_CARDS = frozenset({"emp", "gymnastics", "time-lock", "video-loop"})
_HACKABLE_ALARMS = frozenset({"fingerprint", "laser", "motion"})
_ALARM_OPTIONS = frozenset({"hack", "pay", "laptop", "trigger"})
# Why a Stealth is lost: a tile-stealth decision or effect carries one (resolving it reads it).
_STEALTH_LOSSES = frozenset(w.value for w in StealthLoss)
# Effects of the resolution queue, and which of their fields must name a tile or a floor.
_EFFECT_NEEDS = {
    "alarm": "pos",
    "retarget": "floor",
    "guard-move": "floor",
    "end-thermo": "",
    "event-check": "",
    "guard-turn": "",
    "next-turn": "",
    "tile-stealth": "",
}


class _Bad(Exception):
    """Internal: a check failed; `check_playable` turns it into StateError."""


def check_playable(st: State, error: type[Exception]) -> None:
    """Raise `error` (the loader's StateError) if the rules cannot run on `st`."""
    try:
        _check(st)
    except _Bad as exc:
        raise error(str(exc)) from None


def _real(st: State, pos: int) -> bool:
    f, c = pos >> 6, pos & 63
    if pos < 0 or f >= len(st.floors) or c >= len(st.floors[f].tiles):
        return False
    return st.floors[f].tiles[c] is not None


def _pos_option(st: State, option: str) -> int:
    try:
        pos = parse_pos(option)
    except ValueError:
        raise _Bad(f"pending decision: {option!r} is not a position") from None
    if not _real(st, pos):
        raise _Bad(f"pending decision: {option} is not a tile of the building")
    return pos


def _check(st: State) -> None:
    n_players = len(st.players)
    empty = empty_cell(st)
    for f, fl in enumerate(st.floors):
        geo = geometry(FloorLayout(st.size, frozenset((a, b) for a, b in fl.walls), empty))
        cells = geo.layout.cells()
        if cells and any(geo.dist[cells[0]][c] < 0 for c in cells):
            raise _Bad(f"floor {f + 1}: walls cut some tiles off from the rest")
        if len(set(map(tuple, fl.walls))) != len(fl.walls):
            raise _Bad(f"floor {f + 1}: a wall is listed twice")
        for card in (*fl.guard.patrol, *fl.guard.discard, *fl.guard.aside):
            if card != LOST_VISUAL and card >> 6 != f:
                raise _Bad(f"floor {f + 1}: a patrol card of another floor")
    if not 0 <= st.rng < 2**64:
        raise _Bad("rng: out of range")
    if st.entrance is not None and not (_real(st, st.entrance) and st.entrance >> 6 == 0):
        raise _Bad("entrance: not a tile of the ground floor")
    if st.step != Step.ENTRANCE and st.entrance is None:
        raise _Bad("entrance: the game has started but has no entrance")
    if st.step == Step.ENTRANCE and (st.entrance is not None or st.turn != 0):
        raise _Bad("step: still choosing the entrance, but the game has started")
    if not 0 <= st.skip_turns <= n_players * 2:
        raise _Bad("skip_turns: out of range")
    if not 0 <= st.actions_taken <= 10_000 or not -10 <= st.actions_left <= 10_000:
        raise _Bad("action counts out of range")
    if not -100 <= st.guard_bonus <= 100 or not 0 <= st.turn <= 10**9:
        raise _Bad("turn counters out of range")
    for name, owner in st.lasting.items():
        if name not in LASTING_CARDS:
            raise _Bad(f"lasting: unknown effect {name!r}")
        if not 0 <= owner < n_players:
            raise _Bad(f"lasting: {name} belongs to no player")
    for key, bonus in st.next_turn_bonus.items():
        if key not in {str(i) for i in range(n_players)} or not 0 <= bonus <= ACTIONS_PER_TURN:
            raise _Bad("next_turn_bonus: out of range")
    for key, fails in st.keypad_fails.items():
        if not key.isdigit() or not _real(st, int(key)) or not 0 <= fails <= 1000:
            raise _Bad("keypad_fails: out of range")
    for entry in st.motion_entered:
        if len(entry) != 2 or not 0 <= entry[0] < n_players or not _real(st, entry[1]):
            raise _Bad("motion_entered: expected [player, tile] pairs")
    if any(not _real(st, q) for q in st.visited):
        raise _Bad("visited: not a tile of the building")
    if st.crow is not None and not _real(st, st.crow):
        raise _Bad("crow: not on a tile of the building")
    if st.outcome not in ("", "win", "loss") or (st.step == Step.OVER) != bool(st.outcome):
        raise _Bad("outcome: does not match the step")
    chars = Counter(p.character for p in st.players)
    if any(n > 1 for n in chars.values()):
        raise _Bad("players: two burglars play the same character")
    for i, p in enumerate(st.players):
        if not 0 <= p.hack <= 1 or not 0 <= p.stealth <= 100:
            raise _Bad(f"player {i + 1}: token count out of range")
        if p.pos is not None and not p.entered:
            raise _Bad(f"player {i + 1}: inside before entering")
    for f, fl in enumerate(st.floors):
        for c, t in enumerate(fl.tiles):
            if t is not None and t.kind == TileKind.SAFE and t.number != 0:
                raise _Bad(f"floor {f + 1}: a Safe with a number")
            if t is not None and t.stealth > 100:
                raise _Bad(f"floor {f + 1}, cell {c}: token count out of range")
    me = st.players[st.current]
    if st.step == Step.ACTIONS and me.escaped and st.pending is None:
        raise _Bad("current: an escaped burglar cannot take a turn")
    for i, eff in enumerate(st.queue):
        _check_effect(st, eff, i)
    if len(st.queue) > 1000:
        raise _Bad("queue: too long")
    if st.pending is not None:
        _check_decision(st, st.pending)


def _check_effect(st: State, eff: Effect, i: int) -> None:
    need = _EFFECT_NEEDS.get(eff.kind)
    if need is None:
        raise _Bad(f"queue[{i}]: unknown effect {eff.kind!r}")
    if not -1 <= eff.floor < len(st.floors) or not -1 <= eff.n <= 100:
        raise _Bad(f"queue[{i}]: floor or count out of range")
    if eff.pos != -1 and not _real(st, eff.pos):
        raise _Bad(f"queue[{i}]: not a tile of the building")
    if need == "pos" and eff.pos == -1:
        raise _Bad(f"queue[{i}]: {eff.kind} needs a tile")
    if need == "floor" and eff.floor == -1:
        raise _Bad(f"queue[{i}]: {eff.kind} needs a floor")
    if eff.kind == "tile-stealth" and eff.source not in _STEALTH_LOSSES:
        raise _Bad(f"queue[{i}]: not a reason to lose a Stealth")
    if eff.kind in ("event-check", "guard-turn", "next-turn", "end-thermo") and (
        st.players[st.current].pos is None and not st.players[st.current].escaped
    ):
        raise _Bad(f"queue[{i}]: {eff.kind} for a burglar who is not inside")


# ---------------------------------------------------------------------- pending decisions


def _positions(st: State, d: Decision) -> None:
    for option in d.options:
        _pos_option(st, option)


def _peekhole(st: State, d: Decision) -> None:
    for option in d.options:
        if option != "none":
            _pos_option(st, option)


def _floor_positions(st: State, d: Decision) -> None:
    _floor(st, d)
    for option in d.options:
        if _pos_option(st, option) >> 6 != d.floor:
            raise _Bad(f"pending decision: {option} is not on floor {d.floor + 1}")


def _floor(st: State, d: Decision) -> None:
    if not 0 <= d.floor < len(st.floors):
        raise _Bad("pending.floor: out of range")


def _alarm(st: State, d: Decision) -> None:
    if not _real(st, d.pos):
        raise _Bad("pending.pos: not a tile of the building")
    if not set(d.options) <= _ALARM_OPTIONS:
        raise _Bad("pending decision: unknown alarm option")
    if "hack" in d.options and d.source not in _HACKABLE_ALARMS:
        raise _Bad("pending decision: this alarm cannot be hacked")
    if "laptop" in d.options and not any(p.hack for p in st.players):
        raise _Bad("pending decision: nobody carries a hack token")


def _crystal_ball(st: State, d: Decision) -> None:
    k = min(3, len(st.events))
    top = {order_option(e.value for e in order) for order in permutations(st.events[-k:])}
    if k == 0 or not set(d.options) <= top:
        raise _Bad("pending decision: not an order of the top Event cards")


def _virus(st: State, d: Decision) -> None:
    _positions(st, d)
    if not 1 <= d.n <= 10:
        raise _Bad("pending.n: out of range")


def _buddy(st: State, d: Decision) -> None:
    me = st.players[st.current]
    if me.pos is None:
        raise _Bad("pending decision: the current burglar is not inside")
    for option in d.options:
        if not option.isdigit() or not 1 <= int(option) <= len(st.players):
            raise _Bad("pending decision: not a burglar")
        if st.players[int(option) - 1].pos is None:
            raise _Bad("pending decision: that burglar is not inside")


def _shift_order(st: State, d: Decision) -> None:
    floors = [str(f + 1) for f in range(len(st.floors))]
    for option in d.options:
        parts = option.split(",")
        if len(set(parts)) != len(parts) or not set(parts) <= set(floors):
            raise _Bad("pending decision: not an order of floors")


def _stethoscope(st: State, d: Decision) -> None:
    if not _real(st, d.pos):
        raise _Bad("pending.pos: not a tile of the building")
    if not d.data or len(d.data) > MAX_SAFE_DICE + 3:
        raise _Bad("pending.data: wrong number of dice")
    if any(x not in ("1", "2", "3", "4", "5", "6") for x in d.data):
        raise _Bad("pending.data: not dice")
    me = st.players[st.current]
    for option in d.options:
        if option == "keep":
            continue
        i, dash, v = option.partition("-")
        if not (dash and i.isdigit() and v in ("1", "2", "3", "4", "5", "6")):
            raise _Bad("pending decision: not a die change")
        if not 1 <= int(i) <= len(d.data) or Tool.STETHOSCOPE not in me.tools:
            raise _Bad("pending decision: not a die change")


def _top_bottom(st: State, d: Decision) -> None:
    _floor(st, d)
    if not set(d.options) <= {"top", "bottom"}:
        raise _Bad("pending decision: expected top or bottom")
    deck = st.floors[d.floor].guard.patrol if d.kind == "clairvoyance" else st.events
    if not deck:
        raise _Bad("pending decision: that deck is empty")


def _rigger(st: State, d: Decision) -> None:
    if not 0 <= d.n < len(st.players):
        raise _Bad("pending.n: not a burglar")
    values = {t.value for t in Tool}
    if len(d.data) != 2 or not set(d.data) <= values or not set(d.options) <= set(d.data):
        raise _Bad("pending decision: a Rigger draw is two Tools, one to keep")


def _rigger_offer(st: State, d: Decision) -> None:
    if not 0 <= d.n < len(st.players):
        raise _Bad("pending.n: not a burglar")
    if set(d.options) != {"two", "one"} or len(st.tools) < 2:
        raise _Bad("pending decision: a Rigger offer is two or one, with two Tools left")


def _tile_stealth(st: State, d: Decision) -> None:
    if d.source not in _STEALTH_LOSSES:
        raise _Bad("pending.source: not a reason to lose a Stealth")
    if not 0 <= d.n < len(st.players):
        raise _Bad("pending.n: not a burglar")
    p = st.players[d.n]
    if set(d.options) != {"tile", "own"} or p.pos is None or p.stealth < 1:
        raise _Bad("pending decision: a Stealth token from the tile or your own")
    t = st.floors[p.pos >> 6].tiles[p.pos & 63]
    if t is None or t.stealth < 1:
        raise _Bad("pending decision: no Stealth token on that tile")


_DECISIONS: dict[str, Callable[[State, Decision], None]] = {
    "alarm": _alarm,
    "alarm-tie": _floor_positions,
    "crystal-ball": _crystal_ball,
    "virus": _virus,
    "kitty": _positions,
    "buddy": _buddy,
    "gut": _positions,
    "peekhole": _peekhole,
    "squeak": _floor_positions,
    "switch-alarm": _floor_positions,
    "where-alarm": _floor_positions,
    "throw-voice": _positions,
    "shift-order": _shift_order,
    "stethoscope": _stethoscope,
    "clairvoyance": _top_bottom,
    "precognition": _top_bottom,
    "rigger-draw": _rigger,
    "rigger-offer": _rigger_offer,
    "tile-stealth": _tile_stealth,
}


def _check_decision(st: State, d: Decision) -> None:
    check = _DECISIONS.get(d.kind)
    if check is None:
        raise _Bad(f"pending.kind: unknown decision {d.kind!r}")
    if len(d.options) != len(set(d.options)) or len(d.options) > 720:
        raise _Bad("pending.options: repeated or too many")
    if not -1 <= d.floor < len(st.floors) or not -1 <= d.n <= 100:
        raise _Bad("pending.floor or pending.n: out of range")
    if d.pos != -1 and not _real(st, d.pos):
        raise _Bad("pending.pos: not a tile of the building")
    if st.step == Step.OVER:
        raise _Bad("pending decision in a finished game")
    check(st, d)
