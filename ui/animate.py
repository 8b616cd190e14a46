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
    from engine.view import PlayerView

STEP_MS = 200  # one guard step
MARK_MS = 1400  # how long a mark (alarm, stealth lost, destination) stays


def _data(event: Any) -> dict[str, Any]:
    return event.to_dict() if hasattr(event, "to_dict") else dict(event)


def plan(events: list[Any], players: Sequence[PlayerView]) -> list[dict[str, Any]]:
    """The steps to play for one action's events, in order. Pure: tested in CPython.

    Steps: {"t": "guard", "floor", "from", "to"} one guard step (or "jump": a teleport),
    {"t": "alarm", "pos"}, {"t": "dest", "pos"} (an alarm he heads for),
    {"t": "stealth", "pos", "left"} and {"t": "reveal", "pos"}; positions as '1.B2'.
    """
    out: list[dict[str, Any]] = []
    for event in events:
        d = _data(event)
        kind = d.get("event", type(event).__name__)
        if kind == "GuardMoved":
            out.append(
                {
                    "t": "guard",
                    "floor": d["floor"],
                    "from": pos_text(d["src"]),
                    "to": pos_text(d["dst"]),
                }
            )
        elif kind == "GuardTeleported":
            out.append(
                {
                    "t": "guard",
                    "floor": d["floor"],
                    "from": pos_text(d["src"]),
                    "to": pos_text(d["dst"]),
                    "jump": True,
                }
            )
        elif kind == "AlarmRaised":
            out.append({"t": "alarm", "pos": pos_text(d["pos"])})
        elif kind == "DestinationSet" and d.get("why") == "alarm":
            out.append({"t": "dest", "pos": pos_text(d["pos"])})
        elif kind == "StealthLost":
            who = d.get("player", -1)
            where = players[who].pos if 0 <= who < len(players) else None
            if isinstance(where, int):
                out.append({"t": "stealth", "pos": pos_text(where), "left": d.get("left", 0)})
        elif kind == "TileRevealed":
            out.append({"t": "reveal", "pos": pos_text(d["pos"])})
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
