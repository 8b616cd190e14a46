"""The story in words, pure functions tested in CPython: the hand-over's catch-up, what the
table shows after an action, and the safety nets' reasons and questions.

Every rule question goes to the engine (`would_lose`, `would_draw_event`); these only turn
engine events and views into words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ui.describe import pos_text, why_text
from ui.messages import card_name, has, help_of, name_of, t

if TYPE_CHECKING:
    from engine import Action, GameView

LIMIT = 8  # catch-up lines at most


def _name(names: list[str], who: Any) -> str:
    return names[who] if isinstance(who, int) and 0 <= who < len(names) else "?"


# ---------------------------------------------------------------------- catch-up


def since_last_turn(history: list[list[Any]], player: int) -> list[Any]:
    """The events after `player`'s last turn ended (all of them before their first turn)."""
    from engine import events as ev

    flat = [e for events in history for e in events]
    start = 0
    for i in range(len(flat) - 1, -1, -1):
        e = flat[i]
        if isinstance(e, ev.TurnEnded) and e.player == player:
            start = i + 1
            break
    return flat[start:]


def catch_up(history: list[list[Any]], player: int, names: list[str]) -> list[str]:
    """A few lines for the hand-over: Events drawn, Stealth lost, alarms, guards, Safes."""
    from engine import events as ev

    events = since_last_turn(history, player)
    lines: list[str] = []
    walked: dict[int, list[int]] = {}  # floor -> [steps, last position]
    alarms: list[str] = []
    for e in events:
        if isinstance(e, ev.EventDrawn):
            lines.append(
                t(
                    "story.catchup.event",
                    player=_name(names, e.player),
                    card=name_of("event", e.card),
                    help=help_of("event", e.card),
                )
            )
        elif isinstance(e, ev.StealthLost):
            lines.append(
                t(
                    "story.catchup.stealth_tile" if e.from_tile else "story.catchup.stealth",
                    player=_name(names, e.player),
                    why=why_text(e.reason),
                    left=e.left,
                )
            )
        elif isinstance(e, ev.GameLost):
            lines.append(t("story.catchup.caught", player=_name(names, e.player)))
        elif isinstance(e, ev.AlarmRaised):
            where = pos_text(e.pos)
            if where not in alarms:
                alarms.append(where)
        elif isinstance(e, ev.GuardMoved):
            entry = walked.setdefault(e.floor, [0, -1])
            entry[0] += 1
            entry[1] = e.dst
        elif isinstance(e, ev.GuardTeleported):  # an Event put him there: not a step walked
            lines.append(t("story.catchup.placed", floor=e.floor + 1, pos=pos_text(e.dst)))
        elif isinstance(e, ev.GuardLost):
            lines.append(t("story.catchup.lost", floor=e.floor + 1))
        elif isinstance(e, ev.SafeRolled) and e.cracked:
            cells = ", ".join(pos_text(p) for p in e.cracked)
            lines.append(t("story.catchup.cracked", pos=pos_text(e.pos), cells=cells))
        elif isinstance(e, ev.SafeOpened):
            lines.append(t("story.catchup.opened", pos=pos_text(e.pos)))
        elif isinstance(e, ev.PlayerEscaped):
            lines.append(t("story.catchup.escaped", player=_name(names, e.player)))
    if alarms:
        lines.append(t("story.catchup.alarms", cells=", ".join(alarms), n=len(alarms)))
    for floor in sorted(walked):
        steps, last = walked[floor]
        lines.append(
            t(
                "story.catchup.guard",
                floor=floor + 1,
                n=steps,
                pos=pos_text(last) if last >= 0 else "",
            )
        )
    if not lines:
        return [t("story.catchup.none")]
    if len(lines) > LIMIT:
        more = len(lines) - (LIMIT - 1)
        lines = [*lines[: LIMIT - 1], t("story.catchup.more", n=more)]
    return lines


# ---------------------------------------------------------------------- the table


def table_items(
    events: list[Any], number_at: Callable[[int], int] | None = None
) -> list[dict[str, Any]]:
    """What one action puts on the table: Event cards, dice rolls, cards drawn. Pure."""
    from engine import events as ev

    items: list[dict[str, Any]] = []
    for e in events:
        if isinstance(e, ev.EventDrawn):
            items.append({"type": "card", "deck": "event", "card": e.card})
        elif isinstance(e, ev.ToolDrawn):
            items.append({"type": "card", "deck": "tool", "card": e.tool, "drawn": True})
        elif isinstance(e, ev.LootDrawn):
            items.append({"type": "card", "deck": "loot", "card": e.loot, "drawn": True})
        elif isinstance(e, ev.SafeRolled):
            cracked = list(e.cracked)
            hits = {number_at(p) for p in cracked} if number_at else set()
            cells = ", ".join(pos_text(p) for p in cracked)
            items.append(
                {
                    "type": "dice",
                    "title": t("story.dice.safe", pos=pos_text(e.pos)),
                    "dice": list(e.dice),
                    "hits": sorted(h for h in hits if h),
                    "result": t("log.cracked", cells=cells) if cracked else t("log.nothing"),
                }
            )
        elif isinstance(e, ev.KeypadRolled):
            items.append(
                {
                    "type": "dice",
                    "title": t("story.dice.keypad", pos=pos_text(e.pos)),
                    "dice": list(e.dice),
                    "hits": [6] if e.opened else [],
                    "result": t("log.opened" if e.opened else "log.closed"),
                }
            )
        elif isinstance(e, ev.LootRolled):
            items.append(
                {
                    "type": "dice",
                    "title": name_of("loot", e.loot),
                    "dice": [e.die],
                    "hits": [e.die] if e.triggered else [],
                    "result": t("story.dice.acts" if e.triggered else "story.dice.quiet"),
                }
            )
    return items


# ---------------------------------------------------------------------- safety nets


def safety_reason(game: Any, view: GameView, action: Action, quiet: set[str]) -> str:
    """Which safety net an action trips ('lose', a `Hazard`, 'event', 'tool'), '' for none. Asks the
    engine (`would_lose`) and its view; `quiet` holds the nets this game said "don't ask
    again" to."""
    from engine import ActionKind

    loses = game.would_lose(action)
    if "lose" not in quiet and loses:
        return "lose"
    kind = action.kind
    for hazard in game.hazards(action):  # a Stealth or an alarm the move surely costs
        # Seen with no Stealth left: a sure loss is the losing-move net's word ("lose", asked
        # above); "caught" is the loss should a roll let him in (a Keypad under the guard).
        if not (str(hazard) == "caught" and loses) and str(hazard) not in quiet:
            return str(hazard)
    if (
        kind == ActionKind.END
        and "event" not in quiet
        and view.actions_left > 0
        and view.event_if_end_now
    ):
        return "event"
    if kind == ActionKind.USE and "tool" not in quiet:
        return "tool"
    return ""


def safety_text(reason: str, action: Action, actions_left: int) -> str:
    if reason == "tool":
        key = action.card
        return t("story.confirm.tool", tool=card_name(key), help=help_of("tool", key))
    if reason == "event":
        return t("story.confirm.event", n=actions_left)
    if has(f"story.confirm.{reason}"):  # a hazard (engine.rules.kinds.Hazard)
        return t(f"story.confirm.{reason}")
    return t("story.confirm.lose")
