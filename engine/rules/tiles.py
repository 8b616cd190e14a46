"""Room tiles: what each kind does when revealed, entered, left, stood on at the end of the
actions, watched from a guard's tile, or stepped on by a guard. One table per moment, keyed
by `TileKind`; a new room adds its handlers here.

Each handler is a function over `RuleKernel`, the kernel's declared interface
(engine/rules/kernel.py); `Game` installs the tables on the kernel (`Kernel._on_enter` ...).
Tiles whose rule is a movement or action rule of the core (a Deadbolt's cost, a Keypad's
roll, Stairs and Walkways, a Safe's dice) are listed in `CORE_RULES`, with the place that
applies them, so every kind is accounted for.
"""

from __future__ import annotations

from .data import LAVATORY_STEALTH, Loot, TileKind
from .kernel import (
    ActionsEndRule,
    EnterRule,
    GuardRule,
    LeaveRule,
    RevealRule,
    RuleKernel,
    WatchRule,
)
from .kinds import EffectKind, Lasting
from .state import Effect, Tile

K = TileKind
_ALARM = EffectKind.ALARM
_CAMERA, _FINGERPRINT, _LASER, _DETECTOR, _MOTION, _THERMO = (
    K.CAMERA.value,
    K.FINGERPRINT.value,
    K.LASER.value,
    K.DETECTOR.value,
    K.MOTION.value,
    K.THERMO.value,
)
_MIRROR, _ISOTOPE = Loot.MIRROR, Loot.ISOTOPE
_VIDEO_LOOP = Lasting.VIDEO_LOOP

# Enum members read on the turn path, bound once: reading one through its class costs a
# metaclass lookup every time on CPython 3.11 (about 4x a module constant).
_K_CAMERA = K.CAMERA

# ---------------------------------------------------------------------- entering


def _guard_on_other_camera(k: RuleKernel, pos: int) -> bool:
    """A guard stands on another face-up, working Camera (and no Video Loop runs)."""
    if _VIDEO_LOOP in k.state.lasting:
        return False
    for fl in k.state.floors:
        g = fl.guard.pos
        if g is None or g == pos:
            continue
        t = k.tile(g)
        if t.revealed and t.kind == _K_CAMERA and not t.disabled:
            return True
    return False


def _enter_camera(
    k: RuleKernel, player: int, pos: int, t: Tile, unseen: bool, payable: bool, paid: bool
) -> None:
    """Camera: seen by a guard standing on another Camera."""
    if not unseen and _guard_on_other_camera(k, pos):
        k._push(Effect(_ALARM, pos=pos, source=_CAMERA))


def _enter_fingerprint(
    k: RuleKernel, player: int, pos: int, t: Tile, unseen: bool, payable: bool, paid: bool
) -> None:
    if not k._hooks.jams_alarm(k, pos, player):  # Jammer: the Hacker stops it for all on his tile
        k._push(Effect(_ALARM, pos=pos, source=_FINGERPRINT))


def _enter_laser(
    k: RuleKernel, player: int, pos: int, t: Tile, unseen: bool, payable: bool, paid: bool
) -> None:
    """Laser: an alarm, unless jammed, crossed with the Mirror, or paid (an extra action,
    offered when the tile was already face up)."""
    if k._hooks.jams_alarm(k, pos, player):
        return
    if _MIRROR not in k.state.players[player].loot and not paid:
        k._push(Effect(_ALARM, pos=pos, source=_LASER, flag=payable))


def _enter_detector(
    k: RuleKernel, player: int, pos: int, t: Tile, unseen: bool, payable: bool, paid: bool
) -> None:
    """Detector: an alarm for a burglar carrying any Tool or Loot."""
    p = k.state.players[player]
    if p.tools or p.loot:
        k._push(Effect(_ALARM, pos=pos, source=_DETECTOR))


def _enter_motion(
    k: RuleKernel, player: int, pos: int, t: Tile, unseen: bool, payable: bool, paid: bool
) -> None:
    """Motion: entered this turn; leaving it again raises its alarm (see `_leave_motion`)."""
    entered = k.state.motion_entered
    if [player, pos] not in entered:
        entered.append([player, pos])


def _enter_thermo(
    k: RuleKernel, player: int, pos: int, t: Tile, unseen: bool, payable: bool, paid: bool
) -> None:
    """Thermo: the Isotope sets it off on entry (standing there at the end: `ON_ACTIONS_END`)."""
    if _ISOTOPE in k.state.players[player].loot:
        k._push(Effect(_ALARM, pos=pos, source=_ISOTOPE.value))


def _enter_laboratory(
    k: RuleKernel, player: int, pos: int, t: Tile, unseen: bool, payable: bool, paid: bool
) -> None:
    """Laboratory: the first burglar in draws a Tool."""
    if not t.tool_taken:
        k._mutable_tile(pos).tool_taken = True
        k._draw_tool(player, "laboratory")


ON_ENTER: dict[TileKind, EnterRule] = {
    K.CAMERA: _enter_camera,
    K.DETECTOR: _enter_detector,
    K.FINGERPRINT: _enter_fingerprint,
    K.LABORATORY: _enter_laboratory,
    K.LASER: _enter_laser,
    K.MOTION: _enter_motion,
    K.THERMO: _enter_thermo,
}


# ---------------------------------------------------------------------- revealing


def _reveal_stairs(k: RuleKernel, pos: int, t: Tile) -> None:
    """Stairs: the tile above gets the way down."""
    if (pos >> 6) < k.top_floor:
        k._mutable_tile(pos + 64).downstairs = True


def _reveal_lavatory(k: RuleKernel, pos: int, t: Tile) -> None:
    """Lavatory: its Stealth tokens are put on it."""
    t.stealth = LAVATORY_STEALTH


ON_REVEAL: dict[TileKind, RevealRule] = {
    K.LAVATORY: _reveal_lavatory,
    K.STAIRS: _reveal_stairs,
}


# ---------------------------------------------------------------------- leaving


def _leave_motion(k: RuleKernel, player: int, pos: int, t: Tile) -> None:
    """Motion: leaving it in the turn it was entered raises its alarm."""
    entered = k.state.motion_entered
    if [player, pos] in entered and not t.disabled and not k._hooks.jams_alarm(k, pos, player):
        entered.remove([player, pos])
        k._push(Effect(_ALARM, pos=pos, source=_MOTION))


ON_LEAVE: dict[TileKind, LeaveRule] = {
    K.MOTION: _leave_motion,
}


# ---------------------------------------------------------------------- end of actions


def _actions_end_thermo(k: RuleKernel, player: int, pos: int, t: Tile) -> None:
    """Thermo: ending the actions on it raises its alarm."""
    if not t.disabled:
        k._push(Effect(_ALARM, pos=pos, source=_THERMO))


ON_ACTIONS_END: dict[TileKind, ActionsEndRule] = {
    K.THERMO: _actions_end_thermo,
}


# ---------------------------------------------------------------------- guards


def _foyer_watched(k: RuleKernel, burglar: int, guard: int) -> bool:
    """Foyer: seen from a guard on a tile next to it (no wall between)."""
    f = guard >> 6
    return (burglar >> 6) == f and (burglar & 63) in k.geometry(f).open[guard & 63]


def _atrium_watched(k: RuleKernel, burglar: int, guard: int) -> bool:
    """Atrium: seen from a guard directly above or below it."""
    return guard == burglar - 64 or guard == burglar + 64


# A burglar standing on one of these is seen (loses a Stealth) when a guard arrives where
# the rule says, or when the burglar steps in while a guard is there.
WATCHED: dict[TileKind, WatchRule] = {
    K.ATRIUM: _atrium_watched,
    K.FOYER: _foyer_watched,
}


def _guard_on_camera(k: RuleKernel, pos: int, t: Tile, skip: int | None) -> None:
    """Camera: a guard on one sees every burglar on another (each raises its alarm)."""
    if t.disabled or _VIDEO_LOOP in k.state.lasting:
        return
    for i, p in enumerate(k.state.players):
        if p.pos is None or p.pos == pos or i == skip or k._is_invisible(i):
            continue
        pt = k.tile(p.pos)
        if pt.kind == _K_CAMERA and not pt.disabled:
            k._push(Effect(_ALARM, pos=p.pos, source=_CAMERA))


ON_GUARD: dict[TileKind, GuardRule] = {
    K.CAMERA: _guard_on_camera,
}


# ---------------------------------------------------------------------- the others

# Kinds whose rules are part of the core's movement, actions or guards' look.
CORE_RULES: dict[TileKind, str] = {
    K.ATRIUM: "Peek up and down (Game._peek_targets)",
    K.COMPUTER_FINGERPRINT: "the hack action; tokens stop Fingerprint alarms (Kernel._fx_alarm)",
    K.COMPUTER_LASER: "the hack action; tokens stop Laser alarms (Kernel._fx_alarm)",
    K.COMPUTER_MOTION: "the hack action; tokens stop Motion alarms (Kernel._fx_alarm)",
    K.DEADBOLT: "3 actions to enter while empty (Kernel.move_options, Kernel._do_move)",
    K.KEYPAD: "a roll to open it on entry (Kernel._keypad_roll)",
    K.SAFE: "add a die, crack (Game._compute_legal, Kernel._crack)",
    K.SECRET_DOOR: "entered through walls once revealed (Kernel.move_options)",
    K.SERVICE_DUCT: "moves to the other revealed Duct (Kernel.move_options)",
    K.STAIRS: "Move and Peek up, escape from the top floor (Kernel.move_options)",
    K.WALKWAY: "a fall to the floor below (Kernel._do_move)",
}
