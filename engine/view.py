"""The redacted view: the only thing the UI renders.

It shows what players at the table can see and nothing else: a face-down tile is just a
face-down tile (its kind and number stay hidden), decks show their size but not their
order, and the RNG state is absent. Patrol discard piles are public, as at the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import __version__
from .actions import pos_text
from .data import LOST_VISUAL, ROW_STRIDE, cell_name

if TYPE_CHECKING:
    from .game import Game


def _card_text(card: int) -> str:
    return "lost-visual" if card == LOST_VISUAL else pos_text(card)


def view(game: Game) -> dict[str, Any]:
    st = game.state
    floors = []
    for f, fl in enumerate(st.floors):
        tiles = []
        for row in range(st.size):
            for col in range(st.size):
                cell = row * ROW_STRIDE + col
                t = fl.tiles[cell]
                pos = (f << 6) | cell
                if t is None:
                    tiles.append(
                        {
                            "pos": pos,
                            "name": pos_text(pos),
                            "cell": cell_name(cell),
                            "row": row,
                            "col": col,
                            "empty": True,
                        }
                    )
                    continue
                entry: dict[str, Any] = {
                    "pos": pos,
                    "name": pos_text(pos),
                    "cell": cell_name(cell),
                    "row": row,
                    "col": col,
                    "empty": False,
                    "revealed": t.revealed,
                    "downstairs": t.downstairs,
                    # Tokens on a face-down tile are public (an escaped Kitty, a bomb hole).
                    "loot": [x.value for x in t.loot],
                    "thermal": t.thermal,
                }
                if t.revealed:
                    entry.update(
                        kind=t.kind.value,
                        number=t.number,
                        cracked=t.cracked,
                        alarm=t.alarm,
                        hack=t.hack,
                        open=t.open,
                        stealth=t.stealth,
                        dice=t.dice,
                        safe_open=t.safe_open,
                        tool_taken=t.tool_taken,
                        disabled=t.disabled,
                    )
                tiles.append(entry)
        g = fl.guard
        floors.append(
            {
                "floor": f,
                "tiles": tiles,
                "walls": [list(w) for w in fl.walls],
                "guard": {
                    "pos": g.pos,
                    "dest": g.dest,
                    "speed": g.speed,
                    "alarms": len(game.alarms(f)),
                    "placed": g.placed,
                    "lost": g.lost,
                    "patrol_left": len(g.patrol),
                    "patrol_discard": [_card_text(c) for c in g.discard],
                    "route": game.guard_route(f),
                },
            }
        )
    players = [
        {
            "index": i,
            "name": p.name,
            "character": p.character.value,
            "side": p.side.value,
            "pos": p.pos,
            "entered": p.entered,
            "escaped": p.escaped,
            "stealth": p.stealth,
            "tools": [t.value for t in p.tools],
            "loot": [x.value for x in p.loot],
            "hack": p.hack,  # the Hacker's Laptop token
            "alarm_held": p.alarm_held,  # the Juicer's picked-up alarm
        }
        for i, p in enumerate(st.players)
    ]
    pending = None
    if st.pending is not None:
        pending = {
            "kind": st.pending.kind,
            "options": list(st.pending.options),
            "pos": st.pending.pos,
            "floor": st.pending.floor,
            "source": st.pending.source,
            "n": st.pending.n,
            # What the deciding player is shown: a Crack's dice, the card the Spotter saw...
            "data": list(st.pending.data),
        }
    return {
        "engine": __version__,
        "scenario": st.scenario.value,
        "size": st.size,
        "floors": floors,
        "players": players,
        "current": st.current,
        "turn": st.turn,
        "step": st.step.value,
        "entrance": st.entrance,
        "crow": st.crow,  # the Raven's crow token, a position or None
        "actions_left": st.actions_left,
        "actions_taken": st.actions_taken,
        "event_threshold": game.event_threshold(st.current),
        # Whether ending the turn now draws an Event: the engine's own check, so the page need
        # not guess from the threshold.
        "event_if_end_now": game.event_if_end_now(),
        "pending": pending,
        "outcome": st.outcome,
        "reason": st.reason,
        "decks": {
            "tools": len(st.tools),
            "loot": len(st.loot),
            "events": len(st.events),
            "event_discard": [e.value for e in st.event_discard],
        },
        "legal": [str(a) for a in game.legal_actions()],
    }
