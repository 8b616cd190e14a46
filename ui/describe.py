"""Words for engine values: log lines from events, button texts from action texts.

Pure functions over plain data (event dicts, player names), so CPython tests cover them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ui.messages import card_name, has, name_of, t

if TYPE_CHECKING:
    from engine import Action
    from engine.rules.view import GameView, PendingView

# Actions whose button says just what they do (and where, with the position).
_PLAIN_KINDS = ("enter", "peek", "move", "hack", "add-die", "crack", "escape", "end")

_POS_FIELDS = ("pos", "src", "dst")
_PLAYER_FIELDS = ("player", "giver", "receiver")


def pos_text(pos: int) -> str:
    from engine import pos_text as engine_pos_text

    return engine_pos_text(pos)


def event_line(event: Any, names: list[str]) -> str:
    """One readable log line for an engine event."""
    data = event.to_dict() if hasattr(event, "to_dict") else dict(event)
    kind = data.pop("event", type(event).__name__)
    params: dict[str, Any] = {}
    for key, value in data.items():
        if key in _POS_FIELDS and isinstance(value, int):
            params[key] = pos_text(value) if value >= 0 else "-"
        elif key in _PLAYER_FIELDS and isinstance(value, int):
            params[key] = names[value] if 0 <= value < len(names) else str(value + 1)
        elif key in ("floor",) and isinstance(value, int):
            params[key] = value + 1
        elif key in ("tool", "loot", "card", "ability", "name") and isinstance(value, str):
            params[key] = card_text(value)
        elif key == "kind" and kind == "TileRevealed":
            params[key] = name_of("kind", value)
        else:
            params[key] = value
    if kind == "TileRevealed":
        params["number"] = f" {data['number']}" if data.get("number") else ""
    elif kind in ("KeypadRolled", "SafeRolled", "SafeDiceRolled"):
        params["dice"] = dice_text(data.get("dice", ()))
        if kind == "KeypadRolled":
            params["result"] = t("log.opened" if data.get("opened") else "log.closed")
        elif kind == "SafeRolled":
            cracked = [pos_text(p) for p in data.get("cracked", ())]
            params["result"] = (
                t("log.cracked", cells=", ".join(cracked)) if cracked else t("log.nothing")
            )
    elif kind == "PatrolDrawn":
        from engine import LOST_VISUAL

        card = data.get("card", -1)
        params["card"] = t("log.lost_visual") if card == LOST_VISUAL else pos_text(card)
    elif kind == "DestinationSet" and isinstance(data.get("pos"), int):
        params["pos"] = pos_text(data["pos"])
        params["why"] = code_text("dest", str(data.get("why", "")))
    elif kind == "DeckEmpty":
        params["deck"] = code_text("deck", str(data.get("deck", "")))
    elif kind == "LootRolled":
        params["result"] = t("log.triggered") if data.get("triggered") else ""
    elif kind == "GuardPlaced" or kind == "GuardMoved":
        pass
    elif kind == "DecisionMade":
        params["choice"] = chosen_text(
            str(data.get("kind", "")), str(data.get("option", "")), names
        )
    elif kind in ("GameLost", "StealthLost"):
        params["reason"] = why_text(str(data.get("reason", "")))
    elif kind == "CardNoEffect":
        params["reason"] = code_text("noeffect", str(data.get("reason", "")))
    elif kind == "AlarmAvoided":
        params["how"] = code_text("avoided", str(data.get("how", "")))
    elif kind == "MoveBlocked":
        params["reason"] = code_text("blocked", str(data.get("reason", "")))
    key = f"log.{kind}"
    if kind == "StealthLost" and data.get("from_tile"):  # the tile's token paid, not theirs
        key = "log.StealthLostTile"
    if not has(key):
        return t("log.unknown", name=kind)
    return t(key, **params)


def card_text(card: str) -> str:
    """A card as the log names it: a patrol card is its tile, written as everywhere else
    ('1.D3', never '1.d3'); Lost Visual and the other cards by their names."""
    if is_pos_text(card):
        return card
    if card == "lost-visual":
        return t("log.lost_visual")
    return card_name(card)


def chosen_text(kind: str, option: str, names: list[str]) -> str:
    """What a decision chose, for the log: tiles as the log writes them ('2.B3'), the rest
    as the prompt's buttons said it. The Crystal Ball's order stays with its player."""
    if is_pos_text(option):
        return option
    if kind == "crystal-ball":
        return t("choice.crystal-ball.done")
    return choice_label(kind, option, names)


def code_text(prefix: str, code: str) -> str:
    """Words for an engine reason code ('noeffect', 'no-guard' -> 'no guard on the floor')."""
    return t(f"{prefix}.{code}") if has(f"{prefix}.{code}") else code.replace("-", " ")


def why_text(why: str) -> str:
    """Why a burglar lost a stealth (or the game): 'foyer' -> 'a guard saw into the Foyer'."""
    return code_text("why", why)


def end_reason(reason: str, names: list[str], player: int | None = None) -> str:
    """The end screen's words for view()['reason'] ('escaped', 'caught:foyer', ...)."""
    if reason == "escaped":
        return t("end.escaped")
    if reason.startswith("caught:"):
        why = why_text(reason.split(":", 1)[1])
        if player is not None and 0 <= player < len(names):
            return t("end.caught", name=names[player], why=why)
        return t("end.caught_anon", why=why)
    return reason.replace("-", " ")


def dice_text(dice: Any) -> str:
    values = [str(d) for d in dice]
    if len(values) <= 1:
        return "".join(values)
    return t("log.dice", first=", ".join(values[:-1]), last=values[-1])


def _action(action: Action | str) -> Action:
    from engine import Action

    return action if isinstance(action, Action) else Action.parse(action)


def is_pos_text(text: str) -> bool:
    """Is this word a position ('2.B3'), as the engine writes one?"""
    from engine import parse_pos

    try:
        parse_pos(text)
    except ValueError:
        return False
    return True


def action_label(action: Action | str, names: list[str], with_pos: bool = True) -> str:
    """Button text of a legal action ('move 1.B2' -> 'Move here')."""
    from engine import ActionKind

    try:
        a = _action(action)
    except ValueError:
        return str(action)
    kind = a.kind
    pos = pos_text(a.pos) if a.pos >= 0 else ""
    suffix = t("act.at", pos=pos) if pos and with_pos else ""

    def player_name(who: int) -> str:
        return names[who] if 0 <= who < len(names) else str(who + 1)

    if kind in _PLAIN_KINDS:
        return t(f"act.{kind}") + suffix
    if kind in (ActionKind.GIVE, ActionKind.TAKE):
        return t(f"act.{kind}", card=card_name(a.card), player=player_name(a.player))
    if kind in (ActionKind.USE, ActionKind.PICKUP):
        return t(f"act.{kind}", card=card_name(a.card)) + suffix
    if kind == ActionKind.ABILITY:
        label = name_of("ability", a.card)
        if a.player >= 0:
            label += t("act.for", player=player_name(a.player))
        if a.option:
            label = t(f"act.option.{a.card}.{a.option}", card=label)
        return label + suffix
    if kind == ActionKind.CHOOSE:
        return a.option if is_pos_text(a.option) else card_name(a.option)
    return str(a)


def action_pos(action: Action | str) -> str:
    """The tile an action targets ('peek 2.B3' -> '2.B3'), or '' when none (or a choice)."""
    from engine import ActionKind

    a = _action(action)
    return pos_text(a.pos) if a.pos >= 0 and a.kind != ActionKind.CHOOSE else ""


def floor_change_label(action: Action | str, here: int, names: list[str]) -> str:
    """Button text of an action aimed at another floor than `here`: 'Go up to 2.B3'."""
    from engine import ActionKind, floor_of

    a = _action(action)
    up = floor_of(a.pos) > floor_of(here)
    pos = pos_text(a.pos)
    if a.kind == ActionKind.MOVE:
        return t("act.up" if up else "act.down", pos=pos)
    if a.kind == ActionKind.PEEK:
        return t("act.peek_up" if up else "act.peek_down", pos=pos)
    return action_label(a, names)


def goes_by(name: str, character: str) -> bool:
    """The burglar's name is the character's: the words name him once, not "Juicer (Juicer)"."""
    return name.strip().casefold() == character.casefold()


def hinted(view: GameView, action: Action, names: list[str]) -> tuple[str, str]:
    """Where a hinted action's button is and its words: (the tile whose panel holds it, or
    ''; the label). The way up or down is on the burglar's own tile ("Go up to 2.B1"), a
    decision's option in the prompt's words ("two" is no card name)."""
    from engine import ActionKind

    here = view.me.pos
    offer = view.offers.get(here) if here is not None else None
    if offer is not None and here is not None and action in offer.away:
        return pos_text(here), floor_change_label(action, here, names)
    target = pos_text(action.pos) if action.pos >= 0 else ""
    if action.kind == ActionKind.CHOOSE and view.pending is not None:
        target = action.option if is_pos_text(action.option) else ""
        dice = pending_dice(view.pending) if view.pending.kind == "stethoscope" else None
        return target, choice_label(view.pending.kind, action.option, names, dice=dice)
    return target, action_label(action, names)


def place_text(option: str, kind_at: Any = None) -> str:
    """'2.B3' -> 'Floor 2, B3', with the tile's kind when `kind_at(option)` knows it."""
    from engine import cell_name, cell_of, floor_of, parse_pos

    pos = parse_pos(option)
    floor, cell = floor_of(pos) + 1, cell_name(cell_of(pos))
    kind = kind_at(option) if kind_at else ""
    if kind:
        return t("pos.kind", floor=floor, cell=cell, kind=name_of("kind", kind))
    return t("pos.name", floor=floor, cell=cell)


def pending_dice(pending: PendingView) -> list[int]:
    """The Stethoscope's rolled dice: from its payload, else read off its options
    (die i may turn to every face but its own)."""
    from engine import StethoscopePayload, parse_die_face

    payload = pending.payload
    if isinstance(payload, StethoscopePayload) and payload.dice:
        return list(payload.dice)
    faces: dict[int, set[int]] = {}
    for option in pending.options:
        turn = parse_die_face(option)
        if turn is not None:
            faces.setdefault(turn[0], set()).add(turn[1])
    return [
        next(iter({1, 2, 3, 4, 5, 6} - faces[i])) if len(faces[i]) == 5 else 0
        for i in sorted(faces)
    ]


def seen_text(card: str) -> str:
    """A card the Spotter looked at: a patrol position, Lost Visual or an event."""
    if is_pos_text(card):
        return place_text(card)
    if card == "lost-visual":
        return t("log.lost_visual")
    return card_name(card) if card else t("pending.unknown")


def prompt_text(pending: PendingView) -> str:
    """The question of a pending decision, in words."""
    from engine import ClairvoyancePayload, PrecognitionPayload

    kind = pending.kind
    key = f"pending.{kind}"
    if not has(key):
        return t("pending.default", kind=card_name(kind))
    pos = pending.pos
    params: dict[str, Any] = {
        "pos": place_text(pos_text(pos)) if pos >= 0 else "",
        "source": card_name(pending.source) or "",
    }
    if kind == "stethoscope":
        params["dice"] = dice_text(pending_dice(pending))
    if kind == "tile-stealth":
        why = pending.source
        params["why"] = t(f"why.{why}") if has(f"why.{why}") else why
    payload = pending.payload
    if isinstance(payload, ClairvoyancePayload | PrecognitionPayload):
        params["card"] = seen_text(payload.seen)
    return t(key, **params)


def choice_label(
    kind: str, option: str, names: list[str], kind_at: Any = None, dice: list[int] | None = None
) -> str:
    """Button text of one option of a pending decision."""
    from engine import parse_die_face, parse_order

    if is_pos_text(option):
        return place_text(option, kind_at)
    if kind == "alarm" or option in ("none", "keep", "top", "bottom"):
        return t(f"choice.{option}") if has(f"choice.{option}") else option
    turn = parse_die_face(option) if kind == "stethoscope" else None
    if turn is not None:
        die, new = turn
        if dice and 0 < die <= len(dice) and dice[die - 1]:
            return t("choice.die", n=die, old=dice[die - 1], new=new)
        return t("choice.die_to", n=die, new=new)  # the face it shows is not at hand here
    if kind == "buddy" and option.isdigit():
        who = int(option) - 1
        return t("choice.player", name=names[who] if 0 <= who < len(names) else option)
    if kind == "shift-order":
        floors = [t("choice.floor", n=n) for n in parse_order(option)]
        return t("choice.then").join(floors).capitalize()
    if kind == "crystal-ball":
        return t("choice.then").join(card_name(c) for c in parse_order(option))
    if kind == "rigger-draw":
        return t("choice.tool", tool=card_name(option))
    if has(f"choice.{kind}.{option}"):  # word options of one decision (rigger-offer, ...)
        return t(f"choice.{kind}.{option}")
    return card_name(option)
