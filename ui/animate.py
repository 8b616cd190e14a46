"""Playback of what the engine already decided: a plan of steps for assets/story.js.

The board is drawn in its final state first (`LiveBoard.update`), then the page plays the
action's events back on top of it: the guard walks step by step, an alarm he heads for
pulses, a lost Stealth and a new alarm show where they happen, revealed tiles flip. Input is
never held up: a click or a key skips the rest, and `prefers-reduced-motion` plays nothing.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ui.describe import pos_text

if TYPE_CHECKING:
    from engine.rules.view import PlayerView

STEP_MS = 200  # one guard step
MARK_MS = 1400  # how long a mark (alarm, stealth lost, destination) stays


def plan(events: list[Any], players: Sequence[PlayerView]) -> list[dict[str, Any]]:
    """The steps to play for one action's events, in order. Pure: tested in CPython.

    Steps: {"t": "guard", "floor", "from", "to"} one guard step (or "jump": a teleport),
    {"t": "alarm", "pos"}, {"t": "dest", "pos"} (an alarm he heads for),
    {"t": "stealth", "pos", "left"} and {"t": "reveal", "pos"}; positions as '1.B2'.
    """
    from engine import Destination
    from engine import events as ev

    out: list[dict[str, Any]] = []
    for e in events:
        if isinstance(e, ev.GuardMoved):
            out.append(
                {"t": "guard", "floor": e.floor, "from": pos_text(e.src), "to": pos_text(e.dst)}
            )
        elif isinstance(e, ev.GuardTeleported):
            out.append(
                {
                    "t": "guard",
                    "floor": e.floor,
                    "from": pos_text(e.src),
                    "to": pos_text(e.dst),
                    "jump": True,
                }
            )
        elif isinstance(e, ev.AlarmRaised):
            out.append({"t": "alarm", "pos": pos_text(e.pos)})
        elif isinstance(e, ev.DestinationSet) and e.why == Destination.ALARM:
            out.append({"t": "dest", "pos": pos_text(e.pos)})
        elif isinstance(e, ev.StealthLost):
            who = e.player
            where = players[who].pos if 0 <= who < len(players) else None
            if where is not None:
                out.append({"t": "stealth", "pos": pos_text(where), "left": e.left})
        elif isinstance(e, ev.TileRevealed):
            out.append({"t": "reveal", "pos": pos_text(e.pos)})
    return out


def moves(steps: list[dict[str, Any]]) -> int:
    """How many guard steps a plan walks (its length in STEP_MS units)."""
    return sum(1 for s in steps if s["t"] == "guard")


def play(window: Any, steps: list[dict[str, Any]]) -> None:
    """Hand the plan to the page's player (assets/story.js); nothing when absent or empty."""
    if not steps:
        return
    player = getattr(window, "burgleStory", None)
    if player is None or type(player).__name__ in ("JsNull", "JsUndefined"):
        return
    with contextlib.suppress(Exception):
        player.play(json.dumps(steps), STEP_MS, MARK_MS)
