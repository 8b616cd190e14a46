"""A hint's reason in the player's words (`explanation_text`), built from the engine's
`Explanation` of the plan the autopilot chose: nothing here decides anything."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui import describe
from ui.messages import t

if TYPE_CHECKING:
    from engine import Explanation


# Goals whose words name a tile (`Explanation.target`).
_GOALS_AT = frozenset(
    {
        "open-safe",
        "combination",
        "loot",
        "stairs-up",
        "stairs-down",
        "duct",
        "escape",
        "roof",
        "hack",
    }
)


def explanation_text(e: Explanation, names: list[str]) -> str:
    """The hint's reason in the player's words, built from the plan the bot chose: the goal,
    what the action costs (actions, the engine's hazards, an Event), where the plan ends the
    turn and the chance the guard walks in there; for a costly choice, why it is worth it."""
    from engine import ActionKind

    goal = str(e.goal)
    parts: list[str] = []
    if goal == "enter":
        pos = describe.pos_text(e.target)
        if e.guard_steps >= 0:
            return t("autopilot.goal.enter", pos=pos, n=e.guard_steps)
        return t("autopilot.goal.enter_unseen", pos=pos)
    if goal == "decide":
        return _decision_text(e, names)
    if e.climb:  # the floor the Stairs or the Duct lead to, reached another way
        key = "autopilot.goal.climb_duct" if goal == "duct" else "autopilot.goal.climb"
        if e.action.kind == ActionKind.USE:  # a Thermal Bomb's hole
            key = "autopilot.goal.climb_hole"
        parts.append(t(key, floor=e.leads_to + 1))
    elif goal in _GOALS_AT and e.target >= 0:
        # Loot out of any Safe (a Persian Kitty run off) lies on a tile of another kind.
        key = "loot_lying" if goal == "loot" and e.safe < 0 else goal
        parts.append(
            t(
                f"autopilot.goal.{key}",
                pos=describe.pos_text(e.target),
                safe=describe.pos_text(e.safe) if e.safe >= 0 else "",
                floor=e.leads_to + 1,  # the floor's number as the board shows it
            )
        )
    elif goal == "stairs-down" and e.leads_to >= 0:  # the floor below's Stairs not found yet
        parts.append(t("autopilot.goal.stairs-down_unknown", floor=e.leads_to + 1))
    elif goal == "way-held":
        if e.target >= 0:
            parts.append(
                t(
                    "autopilot.goal.way-held",
                    pos=describe.pos_text(e.target),
                    floor=e.leads_to + 1,
                )
            )
        else:
            parts.append(t("autopilot.goal.way-held_none"))
    elif goal in ("find-safe", "find-stairs"):
        parts.append(t(f"autopilot.goal.{goal}", floor=e.goal_floor + 1))
    elif goal == "hide":  # the tile he leaves, and why
        key = _sure_or("autopilot.goal.hide", e.hide_risk)
        parts.append(t(key, pos=describe.pos_text(e.target), pct=_pct(e.hide_risk)))
        if e.lure >= 0:
            lure, back = describe.pos_text(e.lure), describe.pos_text(e.target)
            parts.append(t("autopilot.goal.lure", pos=lure, to=back))
    if e.away and parts:  # said of the goal just named
        parts.append(t("autopilot.goal.away"))
    if e.ordered >= 0:  # another burglar's move (the Rook's Orders): what it does for them
        parts.append(_order_text(e, names))
    if e.action.kind == ActionKind.END:
        if e.actions:
            parts.append(t("autopilot.cost.unused", n=e.actions))
    elif e.actions:
        parts.append(t("autopilot.cost.actions", n=e.actions))
        if e.forfeited:
            parts.append(t("autopilot.cost.forfeited", n=e.forfeited))
    elif e.gained:
        parts.append(t("autopilot.gain.actions", n=e.gained))
    else:
        parts.append(t("autopilot.cost.free"))
    if e.tool_spent:
        parts.append(t("autopilot.cost.tool", tool=t(f"tool.{e.tool_spent}")))
    if e.stealth_gained:
        parts.append(t("autopilot.gain.stealth"))
    for seat in e.crew_gains_stealth:
        parts.append(t("autopilot.gain.stealth_crew", name=_name(names, seat)))
    if e.guard_skips >= 0:
        parts.append(t("autopilot.gain.guard_skips", floor=e.guard_skips + 1))
    for key, tiles in (("alarms_off", e.alarms_off), ("kept_quiet", e.kept_quiet)):
        if tiles:  # what the E.M.P. buys now and on the plan's way
            where = _joined([describe.pos_text(q) for q in tiles])
            parts.append(t(f"autopilot.gain.{key}", tiles=len(tiles), pos=where))
    if e.alarm_picked >= 0:
        parts.append(t("autopilot.gain.alarm_picked", pos=describe.pos_text(e.alarm_picked)))
    for floor, speed in e.speeds_up:
        parts.append(t("autopilot.cost.speeds_up", floor=floor + 1, speed=speed))
    parts.extend(t(f"autopilot.cost.{h}") for h in e.hazards)
    if e.tile_pays:  # a token lying on the tile may pay instead: stepping into the guard...
        key = "guard-tile" if e.tile_pays == "entered-guard" else "stealth"
        parts.append(t(f"autopilot.cost.{key}_tile_pays"))
    if e.alarm:
        parts.append(_alarm_text(e))
    if e.stealth:
        parts.append(t("autopilot.cost.stealth"))
    if e.event:
        parts.append(t("autopilot.cost.event"))
    if e.face_down:
        parts.append(t("autopilot.cost.face_down"))
    if e.flexible:
        parts.append(t("autopilot.gain.flexibility"))
    if e.luck:  # what the action turns up: a tile, a roll, a card
        key = f"autopilot.cost.luck_{e.luck_kind}" if e.luck_kind else "autopilot.cost.luck"
        parts.append(t(key))
    if e.placed > 0.0:  # the floor's guard is set up as he arrives: perhaps on his tile
        floor = (e.action.pos >> 6) + 1
        key = _sure_or("autopilot.cost.placed", e.placed)
        parts.append(t(key, floor=floor, pct=_pct(e.placed)))
    if e.event_detour:
        parts.append(t("autopilot.gain.event_detour"))
    elif e.event_dodged:
        parts.append(t("autopilot.gain.event_dodged"))
    parts.extend(_end_of_turn(e, names))
    if e.owes_a_reason:
        parts.append(_worth(e, names))
    return " ".join(parts)


def _order_text(e: Explanation, names: list[str]) -> str:
    """What moving another burglar does for them: nearer their own goal, out of the guard's
    walk at this End, or neither."""
    name = _name(names, e.ordered)
    if e.ordered_nearer:
        return t("autopilot.orders.nearer", name=name)
    if e.ordered_from >= 0:
        hide = "autopilot.orders.hide_own" if e.ordered_own_end else "autopilot.orders.hide"
        key = _sure_or(hide, e.ordered_risk)
        return t(key, name=name, pos=describe.pos_text(e.ordered_from), pct=_pct(e.ordered_risk))
    return t("autopilot.orders.other", name=name)


def _decision_text(e: Explanation, names: list[str]) -> str:
    """A choice a card or an alarm asks for: how many options were weighed, an alarm the
    option lets ring, where the plan then ends the turn, and the likelier catch the best
    other option's plan ends in."""
    parts = [t("autopilot.goal.decide", n=e.options, worlds=e.worlds)]
    if e.alarm:
        parts.append(_alarm_text(e))
    if e.alarm_quieted >= 0:  # what the answer set aside would have rung
        parts.append(t("autopilot.decide.quiet", pos=describe.pos_text(e.alarm_quieted)))
    if e.stealth:
        parts.append(t("autopilot.cost.stealth"))
    parts.extend(_end_of_turn(e, names))
    for seat, tile in e.walk_hits:
        parts.append(t("autopilot.decide.walk_in", name=_name(names, seat), pos=_at(tile)))
    if e.alternative is not None and e.alternative_loses >= 0:  # the game lost either way
        option = describe.choice_label(e.decision, e.alternative.option, names)
        who = _name(names, e.alternative_loses)
        parts.append(t("autopilot.decide.other_loses", option=option, name=who))
    elif e.alternative is not None and e.alternative_hits:
        seat, tile = e.alternative_hits[0]
        option = describe.choice_label(e.decision, e.alternative.option, names)
        who = _name(names, seat)
        parts.append(t("autopilot.decide.other_walk_in", option=option, name=who, pos=_at(tile)))
    elif e.alternative is not None and _likelier(e.alternative_risk, e.risk):
        option = describe.choice_label(e.decision, e.alternative.option, names)
        if _certain(e.alternative_risk):
            parts.append(t("autopilot.decide.other_sure", option=option))
        else:
            parts.append(t("autopilot.decide.other", option=option, pct=_pct(e.alternative_risk)))
    return " ".join(parts)


def _alarm_text(e: Explanation) -> str:
    """The alarm the action sets off: for sure, or unless the player stops it when asked."""
    key = "autopilot.cost.alarm_asked" if e.alarm_asked else "autopilot.cost.alarm_sure"
    return t(key, pos=describe.pos_text(e.alarm_pos))


def _end_of_turn(e: Explanation, names: list[str]) -> list[str]:
    """Where the plan ends the actions, the chance the guard walks in there or sees the
    burglar, and each teammate he may reach then."""
    parts: list[str] = []
    if e.end_replanned:  # no end to tell: the plan has no step for what the sample showed
        return [] if e.luck else [t("autopilot.risk.replan")]
    if e.end_pos >= 0:
        where = describe.pos_text(e.end_pos)
        # A plan that turns up hidden facts on its way ends where its sample says: told as
        # the imagined table's outcome, never as what the guard will do.
        level = "sure" if _certain(e.risk) else "some" if e.risk > 0.0 else "none"
        if e.end_on_guard:  # Flexibility let her in; ending there is what costs
            level = "on_guard"
        if e.unseen > 0.0:  # the Invisible suit: he may walk through, seeing nobody
            level, chance = "unseen_sure" if _certain(e.unseen) else "unseen", e.unseen
        else:
            chance = e.risk
        if e.arrival_walk >= 0.0 and e.end_pos == e.action.pos:
            # A guard set up as he arrives: the share over where, not the sample's guess.
            key = "autopilot.risk.arrival" + (
                "_none" if e.arrival_walk == 0.0 else "_sure" if _certain(e.arrival_walk) else ""
            )
            parts.append(t(key, pos=where, pct=_pct(e.arrival_walk)))
        elif e.end_unknown:
            # After the action's own luck sentence, the guess's reason is not told twice.
            lead = t("autopilot.risk.guess_so" if e.luck else "autopilot.risk.guess_why")
            parts.append(t(f"autopilot.risk.guess_{level}", lead=lead, pos=where, pct=_pct(chance)))
        else:
            parts.append(t(f"autopilot.risk.{level}", pos=where, pct=_pct(chance)))
        if e.exposed and not {"caught", "caught-unless-event"} & {str(h) for h in e.hazards}:
            parts.append(t("autopilot.risk.self_exposed"))  # the stakes of that chance
        if e.end_thermo:  # a price the plan pays as the turn ends (his chance counts it)
            key = "autopilot.risk.thermo" + ("_guess" if e.end_thermo == "guess" else "")
            parts.append(t(key, pos=where))
        if e.risk > 0.0 and e.tile_tokens > 0:  # a Lavatory's token may pay instead
            parts.append(t("autopilot.risk.tile_pays"))
        if e.crow_spares > 0.0:  # what the crow just put down buys there
            key = _sure_or("autopilot.risk.crow", e.crow_spares)
            parts.append(t(key, crow=_at(e.action.pos), pct=_pct(e.crow_spares)))
        if e.watched > 0.0:
            parts.append(t(_sure_or(f"autopilot.risk.{e.watch}", e.watched), pct=_pct(e.watched)))
        if e.floor_left >= 0:  # the goal's floor left for this turn: its guard stays put
            from engine import floor_of

            floor, left = floor_of(e.end_pos) + 1, e.floor_left + 1
            parts.append(t("autopilot.risk.floor_left", floor=floor, left=left))
            for i, (seat, tile, chance) in enumerate(e.spared):
                # The floor's End told once; each further teammate in a line of his own.
                sentence = "autopilot.risk.spared_also" if i else "autopilot.risk.spared"
                key = _sure_or(sentence, chance)
                who = _name(names, seat)
                parts.append(t(key, left=left, name=who, pos=_at(tile), pct=_pct(chance)))
        if e.end_event and not e.end_unknown:  # an End of its own has named the Event
            parts.append(t("autopilot.risk.event_now" if e.event else "autopilot.risk.event"))
        if e.event_only_hope:  # without an Event he is caught anyway: the cards are the hope
            spares = 1.0 - e.event_loses
            if spares > 1e-9:
                parts.append(t("autopilot.risk.event_spares", pct=_pct(spares)))
            else:
                parts.append(t("autopilot.risk.event_spares_none"))
        elif e.event_loses > 0.0:
            key = _sure_or("autopilot.risk.event_loses", e.event_loses)
            parts.append(t(key, pct=_pct(e.event_loses)))
    # A teammate met where a plan that turns up hidden facts ends is that sample's guess too:
    # a sure meeting is told as what would happen, not what will.
    sure = "_guess_sure" if e.end_unknown else "_sure"
    exposed_told: set[int] = set()
    for what, crew in (
        ("crew", e.crew),
        ("crew_camera", e.crew_camera),
        ("crew_atrium", e.crew_atrium),
    ):
        # Teammates sharing a tile and a fate are told in one sentence.
        told: dict[tuple[str, int, float], list[int]] = {}
        for seat, tile, chance in crew:
            kind = "crew_foyer" if what == "crew" and seat in e.crew_foyer else what
            key = f"autopilot.risk.{kind}" + (sure if _certain(chance) else "")
            told.setdefault((key, tile, chance), []).append(seat)
        for (key, tile, chance), seats in told.items():
            who = _joined([_name(names, seat) for seat in seats])
            parts.append(t(key, people=len(seats), name=who, pos=_at(tile), pct=_pct(chance)))
            for seat in seats:
                if seat in e.crew_exposed and what != "crew_camera" and seat not in exposed_told:
                    exposed_told.add(seat)  # a Camera's alarm costs no token: not said there
                    parts.append(t("autopilot.risk.crew_exposed", name=_name(names, seat)))
    if e.walk_loses > 0.0:  # after whom he meets: the cards to come may walk him by again
        walk = "autopilot.risk.walk_event_loses" if e.end_event else "autopilot.risk.walk_loses"
        key = _sure_or(walk, e.walk_loses)
        parts.append(t(key, pct=_pct(e.walk_loses)))
    seat, chance = e.next_walk
    if seat >= 0:  # "out of his reach" covers this End: the next one on this floor may not
        key = _sure_or("autopilot.risk.next_walk", chance)
        parts.append(t(key, name=_name(names, seat), pct=_pct(chance)))
        if e.next_exposed and not e.exposed:  # the stakes of that walk, told once
            parts.append(t("autopilot.risk.self_exposed_next"))
    seat, tile, alarm = e.crew_lure
    if seat >= 0:  # why a plan may end where the guard walks in: a teammate it spares
        key = "autopilot.risk.crew_lure" + ("_guess" if e.end_unknown else "")
        parts.append(t(key, name=_name(names, seat), pos=_at(tile), alarm=_at(alarm)))
    return parts


def _worth(e: Explanation, names: list[str]) -> str:
    """Why a choice that pays a hazard beats the best one that pays none."""
    if e.only_hope:  # a price guessed, against a loss everywhere else
        return t("autopilot.worth.only_hope")
    if e.best_chance:  # a chance of losing, against likelier losses everywhere else
        return t("autopilot.worth.best_chance")
    if e.sole:
        return t("autopilot.worth.sole")
    if e.alternative is None:
        return t("autopilot.worth.only_later" if e.only_later else "autopilot.worth.only")
    from engine import floor_of

    alt = e.alternative
    if alt.pos >= 0 and e.here >= 0 and floor_of(alt.pos) != floor_of(e.here):  # a floor off
        label = describe.floor_change_label(alt, e.here, names)
    else:
        label = describe.action_label(alt, names)
    # Weighed: the best-scored choice that avoids the price; else the plainest one (a plan
    # followed), its own line compared all the same.
    pre = "autopilot.worth." if e.alternative_weighed else "autopilot.worth.plan_"
    if e.alternative_unknown:  # its line rolls or reveals: what it ends in is a guess
        if e.alternative_loses >= 0:
            loser = _name(names, e.alternative_loses)
            return t("autopilot.worth.guess_loses", action=label, name=loser)
        if _certain(e.alternative_risk):
            too = "guess_too" if e.pays_the_walk_in else "guess_sure"
            return t(f"autopilot.worth.{too}", action=label)
        return t("autopilot.worth.guess", action=label)
    if e.alternative_loses >= 0:  # the game, not a chance: said before anything else
        return t(f"{pre}loses", action=label, name=_name(names, e.alternative_loses))
    # A choice whose own line surely meets the guard too is told so, whatever this one risks.
    if _likelier(e.alternative_risk, e.risk) or _certain(e.alternative_risk):
        if _certain(e.alternative_risk):
            # Against an End he walks in on, or a plan that surely ends where he does (Office
            # seed 9244), that choice does not avoid the price: it pays it too.
            both = e.pays_the_walk_in or (_certain(e.risk) and not e.end_unknown)
            too = "risk_too" if both else "risk_sure"
            return t(f"{pre}{too}", action=label)
        return t(f"{pre}risk", action=label, pct=_pct(e.alternative_risk))
    seat, tile = e.alternative_crew
    if seat >= 0:  # a teammate that choice leaves in his walk
        return t(f"{pre}crew", action=label, name=_name(names, seat), pos=_at(tile))
    # A sure walk-in weighed against a line where he only may walk in: not "avoided".
    less = "less_" if e.walked_in and e.alternative_risk > 0.0 else ""
    pct = _pct(e.alternative_risk)
    if e.steps >= 0 and e.alternative_steps > e.steps:
        n = e.alternative_steps - e.steps
        return t(f"{pre}{less}steps", action=label, n=n, pct=pct)
    if not less and not e.alternative_weighed and e.alternative_outplayed:
        return t("autopilot.worth.plan_outplayed", action=label)
    if not less and not e.alternative_weighed and e.alternative_away > 0:
        return t("autopilot.worth.plan_away", action=label, n=e.alternative_away)
    last = "autopilot.worth.score" if e.alternative_weighed else "autopilot.worth.plan"
    return t(f"{last}_less" if less else last, action=label, pct=pct)


def _joined(names: list[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    if len(names) < 2:
        return "".join(names)
    return t("autopilot.names.and", first=", ".join(names[:-1]), last=names[-1])


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else str(seat + 1)


def _at(tile: int) -> str:
    return describe.pos_text(tile) if tile >= 0 else ""


def _sure_or(key: str, chance: float) -> str:
    """The certain form of a chance's sentence (never "99%" for a sure thing)."""
    return f"{key}_sure" if _certain(chance) else key


def _certain(chance: float) -> bool:
    """A chance summed over the guard's walks that adds up to 1 (give or take rounding)."""
    return chance >= 1.0 - 1e-9


def _likelier(chance: float, than: float) -> bool:
    """`chance` is higher than `than` as the words show them (Office seed 9212: "likelier to
    walk in (10% chance)" against a plan told at 10% too)."""
    return chance > than and (than == 0.0 or _pct(chance) > _pct(than))


def _pct(chance: float) -> int:
    """A chance in whole percent, never 0 or 100 when it is neither."""
    return min(99, max(1, round(chance * 100)))
