# ruff: noqa: E501  (catalog texts read best on one line each)
"""Every player-visible text of the page, one catalog per language: `t(key, **params)`.

This module is the English catalog (`EN`) and the lookup; `ui/messages_fr.py` is the French
one, with exactly the same keys and placeholders (tests check both). A text is a string, or a
`Plural` whose form is chosen by a count parameter with the language's plural rule. The
help texts for tiles, tools, loot, events and abilities are our own words and say what the
engine does (docs/rulings.md where the rule texts are silent), never the rule books' sentences.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import Any, NamedTuple


class Plural(NamedTuple):
    """A text with a singular and a plural form, chosen by the integer parameter `by`:
    one the text shows, or `people`, the number of names its `{name}` joins."""

    one: str
    other: str
    by: str = "n"


Text = str | Plural


class MessageError(LookupError):
    """A key missing from a catalog, or parameters that do not fit its text."""


EN: dict[str, Text] = {
    # screens and controls
    "app.title": "Burgle Bros.",
    "setup.title": "New heist",
    "setup.scenario": "Building",
    "setup.players": "Burglars",
    "setup.player": "Burglar {n}",
    "setup.name": "Name of burglar {n}",
    "setup.character": "Character of burglar {n}",
    "setup.side": "Side of burglar {n}",
    "setup.random": "Random",
    "setup.walls": "Walls",
    "setup.walls.standard": "Standard",
    "setup.walls.random": "Random",
    "setup.seed": "Seed (empty: random)",
    "setup.empty": "Fort Knox empty square",
    "setup.lost": "Lost Visual patrol card",
    "setup.start": "Start the heist",
    # the first screen, drawn before Python runs (assets/first-screen.js; tools/build_site.py
    # copies these keys, "app.title", "setup.*", "scenario.*" and "character.*" into it)
    "first.resume": "Your heist in progress",
    "first.summary": "{scenario} · {crew} · turn {turn}",
    "first.continue": "Continue the heist",
    "first.new": "Or plan a new one",
    "first.more": "All the options",
    "first.waiting": "Getting the table ready: the game starts as soon as it is loaded…",
    "first.loading": "Loading the game…",
    "first.step.load": "Loading Python…",
    "first.step.download": "Downloading Python…",
    "first.step.start": "Starting Python…",
    "first.step.code": "Loading the game code…",
    "first.step.engine": "Installing the rules engine…",
    "first.step.game": "Starting the game…",
    "first.bytes": "{done} MB of {total} MB",
    # the autopilot (ui/autopilot.py)
    "autopilot.seat": "Autopilot",
    "autopilot.seat_for": "Burglar {n} on autopilot",
    "autopilot.skip": "Skip ahead",
    "autopilot.hint_button": "Hint",
    "autopilot.thinking": "Thinking…",
    "autopilot.hint": "Hint: {action}. {why}",
    "autopilot.log": "{player} (autopilot): {why}",
    "autopilot.goal.enter": Plural(
        "Enter at {pos}, {n} step from the guard.", "Enter at {pos}, {n} steps from the guard."
    ),
    "autopilot.goal.enter_unseen": "Enter at {pos}.",
    "autopilot.goal.open-safe": "Goal: open the Safe at {pos}.",
    "autopilot.goal.combination": "Goal: reveal {pos}, in the row or column of the Safe at {safe}.",
    "autopilot.goal.find-safe": "Goal: find the Safe of floor {floor} among its tiles still face down.",
    "autopilot.goal.loot": "Goal: the Loot of the open Safe at {pos}.",
    "autopilot.goal.loot_lying": "Goal: the Loot lying at {pos}.",
    "autopilot.goal.stairs-up": "Goal: the Stairs at {pos}, up to floor {floor}.",
    "autopilot.goal.duct": "Goal: the Service duct at {pos}: from there one Move takes you to floor {floor}.",
    "autopilot.goal.way-held": "Goal: floor {floor} by {pos}, once its guard leaves the tile that way leads to, where he stands while nobody is on his floor. Nothing is left for you to do on this floor.",
    "autopilot.goal.way-held_none": "Goal: keep out of the guard's way: nothing is left for you to do on this floor.",
    "autopilot.goal.find-stairs": "Goal: find the Stairs of floor {floor} among its tiles still face down.",
    "autopilot.goal.stairs-down": "Goal: {pos}, down the Stairs to floor {floor}.",
    "autopilot.goal.climb": "Goal: floor {floor}, reached here without the Stairs.",
    "autopilot.goal.climb_hole": "Goal: floor {floor}, through the hole this opens rather than by the Stairs.",
    "autopilot.goal.climb_duct": "Goal: floor {floor}, reached by this step rather than through the Service duct.",
    "autopilot.goal.stairs-down_unknown": "Goal: back down to floor {floor}, whose Stairs nobody has found yet.",
    "autopilot.goal.escape": "Goal: the Stairs at {pos} and out by the roof: the crew holds all the Loot.",
    "autopilot.goal.roof": "Goal: the Stairs at {pos}, to wait there for the way out by the roof: the crew does not hold all the Loot yet.",
    "autopilot.goal.hide": "Goal: out of the guard's way: if the turn ended at {pos}, he might walk in ({pct}% chance).",
    "autopilot.goal.hide_sure": "Goal: out of the guard's way: if the turn ended at {pos}, he would walk in.",
    "autopilot.goal.lure": "The plan comes back to {to} after setting off the alarm at {pos}, which the guard then heads for instead.",
    "autopilot.goal.away": "This turn's plan ends farther from it than you stand now.",
    "autopilot.goal.hack": "Goal: a hack token on the computer at {pos}, to stop an alarm later.",
    "autopilot.orders.nearer": "It takes {name} a step nearer their own goal.",
    "autopilot.orders.hide": "It takes {name} out of the guard's way: if the turn ended with them at {pos}, he might walk in ({pct}% chance).",
    "autopilot.orders.hide_sure": "It takes {name} out of the guard's way: if the turn ended with them at {pos}, he would walk in.",
    "autopilot.orders.hide_own": "It takes {name} out of the guard's way on their floor: were their own turn to end with them at {pos}, he might walk in ({pct}% chance).",
    "autopilot.orders.hide_own_sure": "It takes {name} out of the guard's way on their floor: were their own turn to end with them at {pos}, he would walk in.",
    "autopilot.orders.other": "It moves {name} without bringing their own goal nearer.",
    "autopilot.goal.decide": Plural(
        "It is the only option here.",
        "Of {n} options, this one scores best over the tables the autopilot imagined ({worlds}).",
    ),
    "autopilot.cost.free": "It costs no action.",
    "autopilot.cost.actions": Plural("It costs {n} action.", "It costs {n} actions."),
    "autopilot.gain.actions": "It costs no action and gives you {n} more.",
    "autopilot.gain.stealth": "You gain a Stealth token.",
    "autopilot.gain.stealth_crew": "{name} gains a Stealth token.",
    "autopilot.gain.guard_skips": "The guard of floor {floor} skips his next move.",
    "autopilot.gain.alarms_off": Plural(
        "It switches off the alarm ringing at {pos}.",
        "It switches off the alarms ringing at {pos}.",
        by="tiles",
    ),
    "autopilot.gain.kept_quiet": Plural(
        "On the plan's way, it keeps the alarm at {pos} from ringing.",
        "On the plan's way, it keeps the alarms at {pos} from ringing.",
        by="tiles",
    ),
    "autopilot.cost.speeds_up": "Floor {floor}'s guard has no patrol card left to draw: his deck is shuffled again and he walks at speed {speed} from now on.",
    "autopilot.gain.alarm_picked": "It takes the alarm off {pos}: you keep it to put down later.",
    "autopilot.cost.tool": "It uses up the {tool}: a Tool is discarded once used.",
    "autopilot.cost.forfeited": Plural(
        "Your actions end with it: {n} more is left unused.",
        "Your actions end with it: {n} more are left unused.",
    ),
    "autopilot.cost.unused": Plural("{n} action is left unused.", "{n} actions are left unused."),
    "autopilot.cost.guard-tile": "The guard stands there: stepping in costs a Stealth token.",
    "autopilot.cost.flexibility-end": "You stand on the guard's tile: Flexibility let you in, but ending your actions there costs a Stealth token.",
    "autopilot.cost.guard-tile_tile_pays": "The guard stands there: stepping in costs a Stealth token, and one lying on that tile can pay it instead of yours.",
    "autopilot.cost.stealth_tile_pays": "A guard sees you there: you lose a Stealth token, and one lying on that tile can pay it instead of yours.",
    "autopilot.cost.watched": "A guard can see into that tile: stepping in costs a Stealth token.",
    "autopilot.cost.tiara-seen": "A guard next to that tile sees the Tiara you carry: stepping in costs a Stealth token.",
    "autopilot.cost.motion-exit": "You entered this Motion room this turn: leaving it sets off its alarm.",
    "autopilot.cost.thermo-end": "Ending on this Thermo sets off its alarm.",
    "autopilot.cost.guard-path-end": "The guard walks through this tile when the turn ends: you lose a Stealth token.",
    "autopilot.cost.guard-path-end-event": "The guard walks through this tile when the turn ends, unless the Event drawn first changes that: you would lose a Stealth token.",
    "autopilot.cost.caught": "You have no Stealth token left: a guard sees you there and the crew loses.",
    "autopilot.cost.caught-unless-event": "The guard walks through this tile when the turn ends, unless the Event drawn first changes that: with no Stealth token left, you would be caught and the crew would lose.",
    "autopilot.cost.alarm_sure": "It sets off an alarm at {pos}: the guard heads for the closest alarm, one step faster while it rings.",
    "autopilot.cost.alarm_asked": "It sets off an alarm at {pos} unless you stop it (you will be asked how).",
    "autopilot.decide.walk_in": "On his way the guard walks in on {name} at {pos}: a Stealth token lost.",
    "autopilot.decide.other_walk_in": "“{option}” would walk the guard in on {name} at {pos}.",
    "autopilot.decide.quiet": "It keeps the alarm at {pos} from ringing: the guard would head for the closest alarm, one step faster while it rings.",
    "autopilot.decide.other_loses": "“{option}” would end the turn with {name} caught too, with no Stealth token left.",
    "autopilot.decide.other": "“{option}” would end the turn where the guard is likelier to walk in ({pct}% chance).",
    "autopilot.decide.other_sure": "“{option}” would end the turn on the guard's path: he would walk in.",
    "autopilot.cost.stealth": "A guard sees you there: you lose a Stealth token.",
    "autopilot.cost.event": "Ending now draws an Event.",
    "autopilot.cost.face_down": "The tile is face down: what it holds is not known yet.",
    "autopilot.cost.luck_tile": "It turns up a tile nobody has seen yet: what it is decides what comes next.",
    "autopilot.cost.luck_roll": "What it brings hangs on a roll of the dice.",
    "autopilot.cost.luck_card": "It draws a card nobody has seen yet: what it brings hangs on it.",
    "autopilot.cost.placed": "Floor {floor}'s guard is set up as you arrive, on the tile the top patrol card names: {pct}% chance it is this one, which costs a Stealth token.",
    "autopilot.cost.placed_sure": "Floor {floor}'s guard is set up as you arrive, on this very tile (the top patrol card, seen already): it costs a Stealth token.",
    "autopilot.cost.luck": "What it brings hangs on what is not seen yet: a tile, a roll or a card.",
    "autopilot.gain.event_dodged": "Ending now would draw an Event: the plan takes enough actions to draw none.",
    "autopilot.gain.event_detour": "The plan steps straight back next. A step straight back costs an action but is not counted for the Event; this step is, and with it the turn counts enough to draw none.",
    "autopilot.gain.flexibility": "The guard stands there: Flexibility lets you in without losing a Stealth token, unless you are still there when your actions end.",
    "autopilot.risk.none": "The plan ends the turn at {pos}, out of the guard's reach (his route and the patrol cards left).",
    "autopilot.risk.some": "The plan ends the turn at {pos}, where the guard may walk in ({pct}% chance, from his route and the patrol cards left).",
    "autopilot.risk.sure": "The plan ends the turn at {pos}, on the guard's path: he walks in.",
    "autopilot.risk.replan": "The plan turns up what is not seen yet, and the rest of the turn hangs on what it shows.",
    "autopilot.risk.guess_why": "The plan turns up what is not seen yet, so this is a guess: it",
    "autopilot.risk.guess_so": "So this is a guess: the plan",
    "autopilot.risk.guess_sure": "{lead} ends the turn at {pos}, where the guard would walk in.",
    "autopilot.risk.guess_some": "{lead} ends the turn at {pos}, where the guard may walk in ({pct}% chance).",
    "autopilot.risk.guess_none": "{lead} ends the turn at {pos}, out of the guard's reach.",
    "autopilot.risk.on_guard": "The plan ends your actions at {pos}, on the guard's tile: you lose a Stealth token there.",
    "autopilot.risk.guess_on_guard": "{lead} ends your actions at {pos}, on the guard's tile, where you would lose a Stealth token.",
    "autopilot.risk.unseen": "The plan ends the turn at {pos}, where the guard may walk through ({pct}% chance) without seeing you: the Invisible suit hides you until his move is over.",
    "autopilot.risk.unseen_sure": "The plan ends the turn at {pos}, on the guard's path, but he walks through without seeing you: the Invisible suit hides you until his move is over.",
    "autopilot.risk.guess_unseen": "{lead} ends the turn at {pos}, where the guard may walk through ({pct}% chance) without seeing you (the Invisible suit).",
    "autopilot.risk.guess_unseen_sure": "{lead} ends the turn at {pos}, on the guard's path, where he would walk through without seeing you (the Invisible suit).",
    "autopilot.risk.tile_pays": "A Stealth token lying on that tile can pay for it instead of yours.",
    "autopilot.risk.crow": "Without the crow at {crow}, he might walk in there ({pct}% chance).",
    "autopilot.risk.crow_sure": "Without the crow at {crow}, he would walk in there.",
    "autopilot.risk.event": "Ending there draws an Event, which may change that.",
    "autopilot.risk.thermo": "Your actions end on the Thermo at {pos}: its alarm goes off as the turn ends.",
    "autopilot.risk.thermo_guess": "Your actions would end on the Thermo at {pos}: its alarm would go off as the turn ends.",
    "autopilot.risk.floor_left": "Ending the turn on floor {floor} moves that floor's guard, not floor {left}'s.",
    "autopilot.risk.spared": "Were the turn to end on floor {left} now, its guard might walk in on {name} at {pos} ({pct}% chance).",
    "autopilot.risk.spared_sure": "Were the turn to end on floor {left} now, its guard would walk in on {name} at {pos}.",
    "autopilot.risk.spared_also": "He might also walk in on {name} at {pos} ({pct}% chance).",
    "autopilot.risk.spared_also_sure": "He would also walk in on {name} at {pos}.",
    "autopilot.risk.event_loses": "About {pct}% of the Event cards that may come would get a burglar caught: the crew would lose.",
    "autopilot.risk.event_loses_sure": "Every Event card that may come would get a burglar caught: the crew would lose.",
    "autopilot.risk.event_spares": "Only about {pct}% of the Event cards that may come would spare the crew: without one of those, a burglar is caught and the crew loses.",
    "autopilot.risk.event_spares_none": "No Event card that may come would spare the crew: a burglar is caught and the crew loses.",
    "autopilot.risk.walk_event_loses": "The guard may pass a burglar more than once: in about {pct}% of the ways his next patrol cards and the Event drawn may fall, one is caught at this End and the crew loses.",
    "autopilot.risk.walk_event_loses_sure": "Whatever his next patrol cards and the Event drawn, the guard passes a burglar more than once at this End: one is caught and the crew loses.",
    "autopilot.risk.walk_loses": "The guard may pass a burglar more than once: in about {pct}% of the ways his next patrol cards may fall, one is caught at this End and the crew loses.",
    "autopilot.risk.walk_loses_sure": "Whatever his next patrol cards, the guard passes a burglar more than once at this End: one is caught and the crew loses.",
    "autopilot.risk.next_walk": "{name} plays next on this floor: at their End, if nothing changes and it draws no Event, the guard walks in on you in about {pct}% of the ways his patrol cards may fall.",
    "autopilot.risk.next_walk_sure": "{name} plays next on this floor: at their End, if nothing changes and it draws no Event, the guard walks in on you in nearly every way his patrol cards may fall (a share read off samples, not a certainty).",
    "autopilot.risk.self_exposed_next": "You have no Stealth token left: if he finds you then, the crew loses.",
    "autopilot.risk.arrival": "The turn ends at {pos}; where that guard is set up and heads decides the rest: he walks in on you there in about {pct}% of the ways his patrol cards may fall.",
    "autopilot.risk.arrival_sure": "The turn ends at {pos}; wherever that guard is set up, he walks in on you there in nearly every way his patrol cards may fall.",
    "autopilot.risk.arrival_none": "The turn ends at {pos}; in none of the ways the autopilot drew his patrol cards does his walk reach you there.",
    "autopilot.risk.event_now": "The Event may change that.",
    "autopilot.risk.foyer": "It is a Foyer: he may pass next to it and see you ({pct}% chance).",
    "autopilot.risk.camera": "It is a Camera: he may step on another Camera, which sets off an alarm here ({pct}% chance).",
    "autopilot.risk.crew": Plural(
        "{name} at {pos}: the guard may reach them then ({pct}% chance).",
        "{name} at {pos}: the guard may reach them then ({pct}% chance).",
        by="people",
    ),
    "autopilot.names.and": "{first} and {last}",
    "autopilot.risk.crew_lure": "The alarm at {alarm} turns the guard away from {name} at {pos}, whom he would reach otherwise.",
    "autopilot.risk.crew_lure_guess": "The alarm at {alarm} would turn the guard away from {name} at {pos}, whom he would reach otherwise.",
    "autopilot.risk.self_exposed": "You have no Stealth token left: if he sees you there, the crew loses.",
    "autopilot.risk.crew_exposed": "{name} has no Stealth token left: if the guard sees them, the crew loses.",
    "autopilot.risk.crew_foyer": Plural(
        "{name} is in the Foyer at {pos}: the guard may walk in or next to it and see them ({pct}% chance).",
        "{name} are in the Foyer at {pos}: the guard may walk in or next to it and see them ({pct}% chance).",
        by="people",
    ),
    "autopilot.risk.crew_foyer_sure": Plural(
        "{name} is in the Foyer at {pos}: the guard walks in or next to it and sees them.",
        "{name} are in the Foyer at {pos}: the guard walks in or next to it and sees them.",
        by="people",
    ),
    "autopilot.risk.crew_foyer_guess_sure": Plural(
        "{name} is in the Foyer at {pos}: the guard would walk in or next to it and see them.",
        "{name} are in the Foyer at {pos}: the guard would walk in or next to it and see them.",
        by="people",
    ),
    "autopilot.risk.crew_sure": Plural(
        "{name} at {pos} is on the guard's path: he reaches them then.",
        "{name} at {pos} are on the guard's path: he reaches them then.",
        by="people",
    ),
    "autopilot.risk.crew_atrium": Plural(
        "{name} stands on the Atrium at {pos}: the guard may walk right under or over it and see them ({pct}% chance).",
        "{name} stand on the Atrium at {pos}: the guard may walk right under or over it and see them ({pct}% chance).",
        by="people",
    ),
    "autopilot.risk.crew_camera": Plural(
        "{name} stands on the Camera at {pos}: the guard may step on a Camera, which sets off its alarm ({pct}% chance).",
        "{name} stand on the Camera at {pos}: the guard may step on a Camera, which sets off its alarm ({pct}% chance).",
        by="people",
    ),
    "autopilot.risk.foyer_sure": "It is a Foyer: he passes next to it and sees you.",
    "autopilot.risk.camera_sure": "It is a Camera: he steps on another Camera, which sets off an alarm here.",
    "autopilot.risk.crew_atrium_sure": Plural(
        "{name} stands on the Atrium at {pos}: the guard walks right under or over it and sees them.",
        "{name} stand on the Atrium at {pos}: the guard walks right under or over it and sees them.",
        by="people",
    ),
    "autopilot.risk.crew_camera_sure": Plural(
        "{name} stands on the Camera at {pos}: the guard steps on a Camera, which sets off its alarm.",
        "{name} stand on the Camera at {pos}: the guard steps on a Camera, which sets off its alarm.",
        by="people",
    ),
    "autopilot.risk.crew_guess_sure": Plural(
        "{name} at {pos} would be on the guard's path: he would reach them then.",
        "{name} at {pos} would be on the guard's path: he would reach them then.",
        by="people",
    ),
    "autopilot.risk.crew_atrium_guess_sure": Plural(
        "{name} stands on the Atrium at {pos}: the guard would walk right under or over it and see them.",
        "{name} stand on the Atrium at {pos}: the guard would walk right under or over it and see them.",
        by="people",
    ),
    "autopilot.risk.crew_camera_guess_sure": Plural(
        "{name} stands on the Camera at {pos}: the guard would step on a Camera, which would set off its alarm.",
        "{name} stand on the Camera at {pos}: the guard would step on a Camera, which would set off its alarm.",
        by="people",
    ),
    "autopilot.worth.only": "Every other choice pays a price too.",
    "autopilot.worth.only_later": "Every other choice pays a price too, on the spot or later in the turn the autopilot would play after it.",
    "autopilot.worth.only_hope": "Every other choice surely gets a burglar with no Stealth token left caught: what this turns up is the crew's one chance.",
    "autopilot.worth.best_chance": "Every other choice, played on as the autopilot would, is likelier to get a burglar with no Stealth token left caught: this is the crew's best chance.",
    "autopilot.worth.sole": "There is no other choice.",
    "autopilot.worth.plan": "Not the only choice: {action} avoids this price, but the autopilot's plan for this turn goes this way.",
    "autopilot.worth.plan_risk": "Not the only choice: {action} avoids this price, but the autopilot's turn after it ends where the guard may walk in ({pct}% chance).",
    "autopilot.worth.plan_risk_sure": "Not the only choice: {action} avoids this price, but the autopilot's turn after it ends on the guard's path: he walks in.",
    "autopilot.worth.plan_risk_too": "No better way out: after {action}, the autopilot's turn also ends on the guard's path, and he walks in.",
    "autopilot.worth.plan_outplayed": "Not the only choice: {action} avoids this price, but with both played to the end of the turn in the tables the autopilot imagined, this plan came out ahead.",
    "autopilot.worth.plan_away": Plural(
        "Not the only choice: {action} avoids this price, but it leaves you {n} step farther from the goal than this one, and the autopilot's plan for this turn goes this way.",
        "Not the only choice: {action} avoids this price, but it leaves you {n} steps farther from the goal than this one, and the autopilot's plan for this turn goes this way.",
    ),
    "autopilot.worth.plan_steps": Plural(
        "Not the only choice: {action} avoids this price, but the autopilot's turn after it ends {n} step further from the goal.",
        "Not the only choice: {action} avoids this price, but the autopilot's turn after it ends {n} steps further from the goal.",
    ),
    "autopilot.worth.loses": "Worth it: the best choice that avoids this ({action}) would end the turn with {name} caught, with no Stealth token left: the crew would lose.",
    "autopilot.worth.plan_loses": "Not the only choice: {action} avoids this price, but the autopilot's turn after it would end with {name} caught, with no Stealth token left: the crew would lose.",
    "autopilot.worth.crew": "Worth it: the best choice that avoids this ({action}) ends the turn with the guard walking in on {name} at {pos}.",
    "autopilot.worth.plan_crew": "Not the only choice: {action} avoids this price, but the autopilot's turn after it ends with the guard walking in on {name} at {pos}.",
    "autopilot.worth.risk": "Worth it: the best choice that avoids this ({action}) ends the turn where the guard may walk in ({pct}% chance).",
    "autopilot.worth.risk_sure": "Worth it: the best choice that avoids this ({action}) ends the turn on the guard's path: he walks in.",
    "autopilot.worth.risk_too": "No better way out: the best other choice ({action}) also ends the turn on the guard's path, and he walks in.",
    "autopilot.worth.steps": Plural(
        "Worth it: the best choice that avoids this ({action}) ends the turn {n} step further from the goal.",
        "Worth it: the best choice that avoids this ({action}) ends the turn {n} steps further from the goal.",
    ),
    "autopilot.worth.guess": "Worth it: the best choice that avoids this ({action}) turns up what is not seen yet, and it scores lower over the tables the autopilot imagined.",
    "autopilot.worth.guess_sure": "Worth it: the best choice that avoids this ({action}) turns up what is not seen yet, and in the tables the autopilot imagined, its turn would end on the guard's path.",
    "autopilot.worth.guess_too": "No better way out: the best other choice ({action}) turns up what is not seen yet, and in the tables the autopilot imagined, its turn would also end on the guard's path.",
    "autopilot.worth.guess_loses": "Worth it: the best choice that avoids this ({action}) turns up what is not seen yet, and in the tables the autopilot imagined, its turn would end with {name} caught, with no Stealth token left: the crew would lose.",
    "autopilot.worth.score": "Worth it: the best choice that avoids this ({action}) scores lower over the tables the autopilot imagined.",
    "autopilot.worth.plan_less": "Not the only choice: with {action} the guard only may walk in ({pct}% chance), but the autopilot's plan for this turn goes this way.",
    "autopilot.worth.plan_less_steps": Plural(
        "Not the only choice: with {action} the guard only may walk in ({pct}% chance), but the autopilot's turn after it ends {n} step further from the goal.",
        "Not the only choice: with {action} the guard only may walk in ({pct}% chance), but the autopilot's turn after it ends {n} steps further from the goal.",
    ),
    "autopilot.worth.less_steps": Plural(
        "Worth it: with the best choice that makes this less sure ({action}) the guard may still walk in ({pct}% chance), and the turn ends {n} step further from the goal.",
        "Worth it: with the best choice that makes this less sure ({action}) the guard may still walk in ({pct}% chance), and the turn ends {n} steps further from the goal.",
    ),
    "autopilot.worth.score_less": "Worth it: with the best choice that makes this less sure ({action}) the guard may still walk in ({pct}% chance), and it scores lower over the tables the autopilot imagined.",
    "setup.more": "More options",
    "setup.error": "Cannot start: {why}",
    "setup.default_name": "Burglar {n}",
    "side.basic": "Basic side",
    "side.advanced": "Advanced side",
    "scenario.office": "The Office Job (2 floors)",
    "scenario.bank": "The Bank Job (3 floors)",
    "scenario.fortknox": "Fort Knox (2 floors of 5x5)",
    "saves.title": "Saved games",
    "saves.none": "No saved game yet.",
    "saves.continue": "Continue",
    "saves.delete": "Delete",
    "saves.export": "Export",
    "saves.import": "Import a saved game",
    "saves.off": "Saving is off: this browser does not let the page keep data. You can still play.",
    "saves.full": "Saving failed (storage full?): this game is not saved any more.",
    "saves.full_start": (
        "Saving is off: this browser's storage for the page is full. You can still play; "
        "export or delete saved games below to make room."
    ),
    "saves.set_aside": "Something stored by this page could not be read and was set aside: {why}",
    "saves.aside_entry": "Set aside, could not be loaded: {why}",
    "saves.too_big": "the file is too big to be a saved game",
    "saves.entry": Plural(
        "{scenario}, {players}: {actions} action, {status}",
        "{scenario}, {players}: {actions} actions, {status}",
        "actions",
    ),
    "saves.status.playing": "in progress",
    "saves.status.win": "won",
    "saves.status.loss": "lost",
    "saves.bad": "A saved game could not be loaded and was set aside (kept below): {why}",
    "saves.imported": "Saved game imported.",
    "saves.import_bad": "This file is not a saved game we can read: {why}",
    "url.bad": "The game link could not be used: {why}. Set up a new heist below.",
    # game links and review (ui/sharing.py, ui/review.py)
    "share.end_first": "End your turn first: the play link is made then, and opens ready for the next burglar's turn. The watch link below follows the game as it stands.",
    "share.copy": "Copy",
    "share.share": "Share…",
    "share.copied": "Link copied.",
    "share.copy_failed": "Could not copy: select the link and copy it by hand.",
    "share.watch_hint": "Watch link: opens this game in review, to follow it move by move:",
    "share.size": Plural(
        "The link carries the setup and the {n} action so far ({chars} characters); the page replays it, nothing else travels.",
        "The link carries the setup and the {n} actions so far ({chars} characters); the page replays them, nothing else travels.",
    ),
    "share.too_long": Plural(
        "This game has grown too long for a link ({chars} characters, {n} action): the page would only read its beginning. Export the save as a file instead.",
        "This game has grown too long for a link ({chars} characters, {n} actions): the page would only read its beginning. Export the save as a file instead.",
    ),
    "share.title": "Burgle Bros.: our heist",
    "link.opened": "Game opened from a link, after action {k}: it is {name}'s turn.",
    "link.opened_over": "Game opened from a link: it is over.",
    "link.updated": "Your saved copy of this game now goes on to action {k}.",
    "link.version": "This link was made by rules engine {version}, and this page runs {ours}: its actions cannot be replayed here, so only its building opens, at the start.",
    "link.cut": "The link stops early (cut when copied?): it announces {claimed} actions but only the first {kept} could be checked. The game opens after action {kept}.",
    "link.bad": "The link is damaged after action {kept} (of {claimed}): the game opens there.",
    "link.unreadable": "The link's list of actions cannot be read: only its building opens, at the start.",
    "link.older_title": "Your copy is further along",
    "link.older_text": "This link holds {link} actions of a game you saved with {mine} actions: opening it would take your copy back.",
    "link.older_mine": "Open my copy",
    "link.older_link": "Replace my copy with the link",
    "end.review": "Review the heist",
    "saves.review": "Review",
    "saves.summary": "{scenario} · {crew} · turn {turn} · {date} · {status}",
    "review.heading": "Review",
    "review.title": "Review: {scenario}",
    "review.first": "◀◀ Start",
    "review.prev": "◀ Back",
    "review.next": "Forward ▶",
    "review.last": "End ▶▶",
    "review.turns": "Jump to",
    "review.continue": "Continue from here",
    "review.close": "Close review",
    "review.start": Plural(
        "Before the only action: the building as dealt.",
        "Before the first of {n} actions: the building as dealt.",
    ),
    "review.step": "Action {k} of {n}: {name} · {action}",
    "review.turn": "Turn {n}, {name} (action {k})",
    "review.guards": "Guards stepped onto {path}",
    "review.entrance": "The entrance is not chosen yet",
    "review.forked": "A new game starts from action {k}; the reviewed game stays as it was.",
    "review.bad": "This game cannot be reviewed: {why}",
    "game.new": "New game",
    "game.share": "Send this turn",
    "game.share_hint": "Send this link to the next burglar: it opens the game as it is now, ready for the next turn:",
    "game.undo": "Undo",
    "footer.engine": "Rules engine",
    "game.menu": "Menu",
    "game.undo_none": "Nothing to undo since the last reveal, roll or draw.",
    "game.routes": "Show guard paths",
    "game.routes_hide": "Hide guard paths",
    "game.floor": "Floor {n}",
    "game.floors": "Floors",
    "game.turn": "Turn {n}",
    "game.current": "{name}'s turn",
    "game.actions_left": "Actions left: {n}",
    "game.stealth": "Stealth: {n}",
    "game.entrance": "Choose the entrance: pick a tile of floor 1.",
    "game.other_actions": "Actions",
    "game.tile_actions": "On this tile",
    "game.no_tile_actions": "Nothing to do on this tile now.",
    "game.select_tile": "Select a tile to see what it is and what you can do there.",
    "game.log": "What happened",
    "game.burglars": "The crew",
    "game.tools": "Tools: {list}",
    "game.loot": "Loot: {list}",
    "game.none": "none",
    "game.escaped": "escaped",
    "game.error": "That did not work: {why}",
    "app.error": "Something went wrong ({why}). You can start a new heist or continue a save.",
    "game.decks": "Decks: tools {tools}, loot {loot}, events {events}",
    "game.events_seen": "Events seen on top: {cards}",
    "game.event_at": Plural("Event if {n} action or fewer", "Event if {n} actions or fewer"),
    "prompt.title": "Decide",
    "handover.title": "Pass the device",
    "handover.text": "It is {name}'s turn ({character}).",
    "handover.text_named": "It is {name}'s turn.",
    "handover.go": "I am {name}: start",
    "end.win": "The crew got away with it!",
    "end.loss": "Busted.",
    "end.again": "Play again",
    "end.same": "Same building again",
    "end.look": "Look at the board",
    # tiles
    "tile.facedown": "face down",
    "tile.label": "Floor {floor}, {cell}, {what}",
    "tile.empty": "no tile",
    "token.alarm": "alarm",
    "token.hack": Plural("{n} hack token", "{n} hack tokens"),
    "token.open": "open",
    "token.downstairs": "way down",
    "token.stealth": Plural("{n} stealth token", "{n} stealth tokens"),
    "token.thermal": "Thermal bomb hole",
    "token.dice": Plural("{n} die", "{n} dice"),
    "token.cracked": "cracked",
    "token.safe_open": "opened",
    "token.tool_taken": "tool taken",
    "token.disabled": "disabled",
    "token.number": "number {n}",
    "token.loot": "{name} here",
    "token.guard": "guard (speed {speed})",
    "token.guard_dest": "guard's destination",
    "token.route": "guard step {n}",
    "token.route_unknown.patrol": Plural(
        "his destination: a patrol card is drawn here, then up to {n} more step toward it",
        "his destination: a patrol card is drawn here, then up to {n} more steps toward it",
    ),
    "token.route_unknown.choice": Plural(
        "the players choose here where he goes on, up to {n} more step",
        "the players choose here where he goes on, up to {n} more steps",
    ),
    "token.route_unknown.hidden": Plural(
        "a card decides the rest of his move from here, up to {n} more step",
        "a card decides the rest of his move from here, up to {n} more steps",
    ),
    "token.burglar": "{name}",
    "token.selected": "selected",
    "token.crow": "the Raven's crow",
    "token.laptop": Plural("with {n} laptop hack token", "with {n} laptop hack tokens"),
    "token.alarm_held": "holding an alarm token",
    # the board's look (issue 15): walls and targets in tile names, status, legend
    "tile.walls": "walls: {sides}",
    "tile.wall.n": "north",
    "tile.wall.e": "east",
    "tile.wall.s": "south",
    "tile.wall.w": "west",
    "tile.can_move": "you can move or peek here",
    "tile.can_tool": "only a tool or ability can target it",
    "floor.alarms": Plural("{n} alarm", "{n} alarms"),
    "floor.next_move": Plural("next move: {n} step", "next move: {n} steps"),
    "floor.known": Plural("{n} of them known", "{n} of them known"),
    "floor.stays.donuts": "next move: he stays (Donuts)",
    "floor.stays.crow": "next move: he stays (the crow)",
    "floor.event_may_change": "the Event drawn at End may change it",
    "floor.seen_top": "his next patrol card, seen by the Spotter: {card}",
    "legend.route_unknown": "Question mark: his move stops being certain there (a patrol card or a choice decides the rest)",
    "game.event_now": "An Event if you end now",
    "game.event_now_seen": "Ending now draws the Event seen on top: {card}",
    "game.no_event_now": "No Event if you end now",
    "game.legend": "Legend",
    "legend.title": "What the board shows",
    "legend.close": "Close",
    "legend.rooms": "Rooms",
    "legend.tokens": "Tokens",
    "legend.pieces": "Pieces",
    "legend.marks": "Marks",
    "legend.back": "Face-down tile (its back)",
    "legend.guard": "Guard, with his speed die",
    "legend.die": "The guard's speed die: how many tiles he walks each turn",
    "legend.burglar": "Burglar pawn: each burglar has a colour and the character's mark",
    "legend.route": "Arrows: the guard's next move (faint: the rest of his way, with Show guard paths)",
    "legend.m-move": "You can move or peek there",
    "legend.m-tool": "Only a tool or an ability can target it",
    "legend.m-dest": "The guard's destination",
    "legend.wall": "Yellow bar: a wall",
    "legend.selected": "White ring: the selected tile",
    "legend.focus": "Blue dashed ring: keyboard focus",
    "legend.alarm": "Red tile: an alarm rings there",
    "legend.number": "Gold number: a Safe combination number",
    "legend.t-alarm": "Alarm",
    "legend.t-hack": "Hack tokens (count)",
    "legend.t-open": "Keypad open",
    "legend.t-stealth": "Stealth tokens on the Lavatory (count)",
    "legend.t-dice": "Dice on the Safe (count)",
    "legend.t-cracked": "Cracked: this tile's number is done for its Safe",
    "legend.t-safe-open": "Safe opened",
    "legend.t-tool-taken": "Laboratory tool taken",
    "legend.t-disabled": "Disabled (Crowbar)",
    "legend.t-downstairs": "Way down from above (Stairs below)",
    "legend.t-thermal": "Thermal Bomb hole from above",
    "legend.t-loot": "Loot on the tile",
    "legend.t-kitty": "Persian Kitty",
    "legend.t-crow": "The Raven's crow",
    "legend.t-laptop": "The Hacker's Laptop token (count)",
    "legend.t-alarm-held": "An alarm the Juicer holds",
    "crew.laptop": "Laptop token: {n}",
    "crew.alarm_held": "Holding an alarm",
    # pending decisions
    "pending.alarm": "{source} at {pos} is about to set off the alarm. Stop it?",
    "pending.alarm-tie": "Several alarms are just as close to the guard: which one does he head for first?",
    "pending.crystal-ball": "Crystal ball: put the top events back in the order you want (the first one is drawn first).",
    "pending.virus": "Virus: which computer gets the next hack token?",
    "pending.kitty": "The Persian kitty slips away to a neighbouring tile nearest an alarm tile, and several are just as near. Which one?",
    "pending.buddy": "Buddy system: which burglar comes over to your tile?",
    "pending.gut": "Go with your gut: which tile do you walk into?",
    "pending.peekhole": "Peekhole: peek for free at a face-down tile next to you (walls do not stop it) or straight above or below you?",
    "pending.squeak": "Squeak: the guard steps towards the nearest burglar, and several are just as near. Towards which tile?",
    "pending.switch-alarm": "Switch signs: with alarms ringing the guard appears on the closest one, and several are just as close. Which one?",
    "pending.where-alarm": "Where is he?: with alarms ringing the guard appears on the closest one, and several are just as close. Which one?",
    "pending.throw-voice": "Throw voice: move the guard's destination to which neighbouring tile?",
    "pending.shift-order": "Shift change: the guards of the other floors move instead of yours. In which order?",
    "pending.stethoscope": "You rolled {dice} at the safe {pos}. The Stethoscope can turn one die to any number before the roll counts.",
    "pending.rigger-draw": "With the Rigger in the crew you drew two tools: keep one, the other is discarded.",
    "pending.rigger-offer": "With the Rigger in the crew you may draw two tools and keep one, or draw one as usual.",
    "pending.tile-stealth": "A Stealth token must go ({why}). Take one of the tokens lying on {pos}, or one of the burglar's own?",
    "pending.clairvoyance": "Clairvoyance: the next patrol card of this floor is {card}. Leave it on top or put it at the bottom?",
    "pending.precognition": "Precognition: the next event is “{card}”. Leave it on top or put it at the bottom?",
    "pending.unknown": "a card you looked at",
    "pending.default": "A choice is needed ({kind}).",
    # choice labels
    "choice.crystal-ball.done": "the Events put back in the order they chose",
    "choice.hack": "Spend a hack token",
    "choice.laptop": "Spend the Hacker's laptop token",
    "choice.pay": "Spend an extra action",
    "choice.trigger": "Let the alarm go off",
    "choice.none": "Do not peek",
    "choice.keep": "Keep the roll as it is",
    "choice.die": "Turn die {n} from {old} to {new}",
    "choice.die_to": "Turn die {n} to {new}",
    "choice.top": "Leave it on top",
    "choice.bottom": "Put it at the bottom",
    "choice.tool": "Keep the {tool}",
    "choice.rigger-offer.two": "Draw two, keep one",
    "choice.rigger-offer.one": "Draw one",
    "choice.tile-stealth.tile": "A token from the tile",
    "choice.tile-stealth.own": "One of the burglar's own",
    "choice.player": "Bring {name} here",
    "choice.floor": "floor {n}",
    "choice.then": " then ",
    "choice.events": "{first}",
    "pos.name": "Floor {floor}, {cell}",
    "pos.kind": "Floor {floor}, {cell} ({kind})",
    # reasons: the end of the game, cards that do nothing, alarms stopped, blocked moves
    "end.escaped": "Everyone got out over the roof with all the loot.",
    "end.caught": "{name} was seen with no stealth left: {why}.",
    "end.caught_anon": "A burglar was seen with no stealth left: {why}.",
    "why.entered-guard": "walked into a guard",
    "why.guard-enters": "a guard walked in",
    "why.foyer": "a guard saw into the Foyer",
    "why.atrium": "a guard saw into the Atrium from above or below",
    "why.tiara": "the Tiara caught a guard's eye from next door",
    "why.surprise": "a guard came back into sight on their tile",
    "why.guard-placed": "a guard turned up on their tile",
    "why.flexibility": "the Acrobat stayed on the guard's tile",
    "why.cursed-goblet": "the Cursed goblet",
    "why.tinker": "the Tinker's price",
    "why.other": "{why}",
    "noeffect.no-computer": "no computer tile is revealed",
    "noeffect.no-alarm-tile": "no alarm tile is revealed",
    "noeffect.nobody": "no other burglar in the building",
    "noeffect.alarm-active": "an alarm is already ringing",
    "noeffect.no-guard": "no guard on the floor",
    "noeffect.loot-missing": "the crew does not carry all the Loot yet",
    "noeffect.nothing-unrevealed": "no face-down tile in reach",
    "noeffect.no-open-keypad": "no keypad is open",
    "noeffect.ground-floor": "already on the ground floor",
    "noeffect.nothing-to-reset": "every revealed computer already holds exactly 1 token",
    "noeffect.no-laboratory": "no revealed Laboratory has lost its Tool",
    "noeffect.no-alarm": "no alarm is ringing",
    "noeffect.empty-hands": "no tools or loot to pass",
    "noeffect.already-there": "the guard is already there",
    "noeffect.no-other-guard": "no guard on the other floors",
    "avoided.emp": "the E.M.P. keeps it quiet",
    "avoided.already": "it is already ringing",
    "avoided.guard-present": "the guard is standing there",
    "avoided.hack": "hack token spent",
    "avoided.paid": "extra action spent",
    "avoided.laptop": "laptop token spent",
    "blocked.deadbolt": "the Deadbolt needs 3 actions",
    "blocked.keypad": "the Keypad did not open",
}


def _names(prefix: str, names: dict[str, tuple[str, str]]) -> None:
    for key, (name, help_text) in names.items():
        EN[f"{prefix}.{key}"] = name
        EN[f"{prefix}.{key}.help"] = help_text


_names(
    "kind",
    {
        "atrium": (
            "Atrium",
            "From here you may peek at the tile straight above or below. A guard standing on one of those two tiles spots you: 1 Stealth when you move in, or when he arrives there while you are here.",
        ),
        "camera": (
            "Camera",
            "Cameras watch each other: moving onto a Camera while a guard stands on another revealed Camera (any floor), or a guard stepping onto another Camera while you stand on one, sets off an alarm on your Camera.",
        ),
        "computer-fingerprint": (
            "Fingerprint PC",
            "Hack here (1 action) to store a hack token, up to 6. When a Fingerprint alarm is about to ring anywhere in the building, one stored token can stop it.",
        ),
        "computer-laser": (
            "Laser PC",
            "Hack here (1 action) to store a hack token, up to 6. When a Laser alarm is about to ring anywhere in the building, one stored token can stop it.",
        ),
        "computer-motion": (
            "Motion PC",
            "Hack here (1 action) to store a hack token, up to 6. When a Motion alarm is about to ring anywhere in the building, one stored token can stop it.",
        ),
        "deadbolt": (
            "Deadbolt",
            "Getting in costs 3 actions, unless a burglar or a guard is already inside. Walk onto it face down while it is empty and it is revealed, your action is spent, and you stay where you were.",
        ),
        "detector": (
            "Detector",
            "Moving in while you carry any Tool or Loot sets off an alarm here.",
        ),
        "fingerprint": (
            "Fingerprint",
            "Moving in sets off an alarm here, unless you spend a Fingerprint PC hack token.",
        ),
        "foyer": (
            "Foyer",
            "No hiding here: a guard on a neighbouring tile with no wall between sees you. You lose 1 Stealth when you move in next to him or he walks up next to you, and another if he then walks in.",
        ),
        "keypad": (
            "Keypad",
            "Locked until someone rolls a 6. Trying to move in rolls 1 die, plus 1 more for each failed try at this Keypad this turn. With a 6 it opens for good and you walk in; without, the action is spent and you stay outside.",
        ),
        "laboratory": (
            "Laboratory",
            "Holds one Tool: whoever moves in here first gets it (falling in does not count).",
        ),
        "laser": (
            "Laser",
            "Moving in sets off an alarm, unless you pay 1 more action (only if the Laser was already face up) or a hack token from the Laser PC stops it.",
        ),
        "lavatory": (
            "Lavatory",
            "Revealed with 3 Stealth tokens on it. Whoever is here and would lose Stealth may give up one of these instead of their own, while they last.",
        ),
        "motion": (
            "Motion",
            "Move in and out again in the same turn and an alarm goes off here, unless a hack token from the Motion PC stops it. Stop here and it stays quiet.",
        ),
        "secret-door": (
            "Secret door",
            "Once revealed, you can move in from any neighbouring tile, walls or not; leaving through a wall is not allowed. Guards never use it.",
        ),
        "service-duct": (
            "Service duct",
            "Once both Service Ducts are revealed, one Move takes you from one to the other, even to another floor.",
        ),
        "thermo": ("Thermo", "End your actions here and an alarm goes off."),
        "walkway": (
            "Walkway",
            "Step onto it while it is face down and you drop to the same tile one floor down (not on the ground floor). Revealed, it is safe to stand on, and from it you may peek at or drop down to the tile below for 1 action. Peeking at it is harmless.",
        ),
        "stairs": (
            "Stairs",
            "1 action takes you to the tile straight above, and back down from there; you may also peek up. On the top floor, once every Safe is open and all the Loot is carried, 1 action escapes to the roof.",
        ),
        "safe": (
            "Safe",
            "Add a die (2 actions, up to 6), then Crack (1 action): roll all its dice; each revealed tile of the Safe's row and column showing a number you rolled is cracked. All cracked: it opens, you draw a Tool and a Loot, and the guards of this floor and below speed up by 1.",
        ),
    },
)
_names(
    "tool",
    {
        "blueprints": ("Blueprints", "Peek at any face-down tile of any floor."),
        "crowbar": (
            "Crowbar",
            "Switch off a revealed Camera, Deadbolt, Detector, Fingerprint, Keypad, Laser, Motion or Thermo next to you (no wall between) for the rest of the game: it blocks and rings nothing any more.",
        ),
        "crystal-ball": (
            "Crystal ball",
            "See the top 3 Events and put them back in the order you choose.",
        ),
        "donuts": ("Donuts", "Pick any guard, on any floor: he skips his next move."),
        "dynamite": (
            "Dynamite",
            "Blow away the wall between your tile and a neighbour. The blast sets off an alarm on your tile.",
        ),
        "emp": (
            "E.M.P.",
            "Every ringing alarm is switched off, and no alarm can ring until your next turn starts.",
        ),
        "invisible-suit": (
            "Invisible suit",
            "Gain 1 action, and until your turn is over (the guard's move included) guards and Cameras cannot see you. Other alarm tiles still work.",
        ),
        "makeup-kit": ("Makeup kit", "Every burglar on your tile gains 1 Stealth."),
        "rollerskates": ("Rollerskates", "Gain 2 actions this turn."),
        "smoke-bomb": (
            "Smoke bomb",
            "Put 3 Stealth tokens on your tile: whoever is there and would lose Stealth may give up one of these instead of their own.",
        ),
        "stethoscope": (
            "Stethoscope",
            "Right after a Crack roll, turn one die to the number you want.",
        ),
        "thermal-bomb": (
            "Thermal bomb",
            "Burn a hole to the tile straight above or below: the two tiles are linked like Stairs (move, peek, and escape from the top floor). The blast sets off an alarm on your tile.",
        ),
        "virus": (
            "Virus",
            "Place 3 hack tokens, one at a time, on the revealed computers of your choice.",
        ),
    },
)
_names(
    "loot",
    {
        "bust": ("Bust", "Its carrier cannot use Tools."),
        "chihuahua": (
            "Chihuahua",
            "Its carrier rolls a die at the start of each turn: on a 6 it barks and an alarm goes off on their tile.",
        ),
        "cursed-goblet": (
            "Cursed goblet",
            "Whoever gets it loses 1 Stealth, if they have any left.",
        ),
        "gemstone": (
            "Gemstone",
            "Its carrier pays 1 more action to move onto a tile where another burglar stands.",
        ),
        "gold-bar": (
            "Gold bar",
            "Its twin stays on the Safe to be picked up; nobody can carry both. Both must leave the building.",
        ),
        "isotope": ("Isotope", "Its carrier sets off an alarm by moving onto a Thermo."),
        "keycard": (
            "Keycard",
            "While it is in play, a Safe can be cracked only with the Keycard's carrier standing on it.",
        ),
        "mirror": (
            "Mirror",
            "Its carrier has 1 action fewer each turn, but Lasers never ring for them.",
        ),
        "painting": (
            "Painting",
            "Its carrier cannot travel by Service Duct nor go through a wall into a Secret Door.",
        ),
        "persian-kitty": (
            "Persian kitty",
            "Its carrier rolls a die at the start of each turn: on 1 or 2 it runs to the neighbouring tile closest to a revealed alarm tile of the floor. Pick it up again: nobody escapes while it is loose.",
        ),
        "stamp": (
            "Stamp",
            "Its carrier draws an Event after a turn of 3 actions or fewer, not only 2 or fewer.",
        ),
        "tiara": (
            "Tiara",
            "Its carrier loses 1 Stealth by moving onto a tile next to a guard (no wall between).",
        ),
    },
)
_names(
    "event",
    {
        "brown-out": (
            "Brown out",
            "Every alarm in the building goes quiet. Each guard whose alarms went out draws a patrol card for each of them and heads for the last one.",
        ),
        "buddy-system": (
            "Buddy system",
            "Pick another burglar in the building: they come over to your tile (it is not an entry).",
        ),
        "change-of-plans": (
            "Change of plans",
            "Unless an alarm rings on your floor, your floor's guard gets a new destination from his patrol deck.",
        ),
        "crash": (
            "Crash!",
            "Unless an alarm rings on your floor, your floor's guard now heads for your tile.",
        ),
        "daydreaming": ("Daydreaming", "Your floor's guard takes 1 step fewer this turn."),
        "dead-drop": (
            "Dead drop",
            "All your Tools and Loot go to the burglar on your right (the one who plays before you).",
        ),
        "espresso": ("Espresso", "Your floor's guard takes 1 step more this turn."),
        "freight-elevator": (
            "Freight elevator",
            "You rise to the same tile one floor up, without entering it. On the top floor you get out instead, if the crew carries all the Loot.",
        ),
        "go-with-your-gut": (
            "Go with your gut",
            "Walk at once, free, into a face-down tile next to you (no wall between); you choose if there are several.",
        ),
        "gymnastics": (
            "Gymnastics",
            "Until your next turn, any burglar may climb onto a revealed Walkway straight above them for 1 action.",
        ),
        "heads-up": ("Heads up!", "The next burglar gets 1 more action on their next turn."),
        "jump-the-gun": (
            "Jump the gun",
            "The next burglar loses their whole turn: no actions, no Event, no guard move.",
        ),
        "jury-rig": ("Jury-rig", "Draw a Tool."),
        "keycode-change": ("Keycode change", "Every open Keypad locks again."),
        "lampshade": ("Lampshade", "Gain 1 Stealth."),
        "lost-grip": (
            "Lost grip",
            "You drop to the same tile one floor down, without entering it.",
        ),
        "peekhole": (
            "Peekhole",
            "You may peek for free at a face-down tile next to you, even through a wall, or straight above or below you.",
        ),
        "reboot": ("Reboot", "Every revealed computer is left with exactly 1 hack token."),
        "shift-change": (
            "Shift change",
            "This turn your floor's guard stays put; the guards already on the other floors move instead, in the order you choose.",
        ),
        "shoplifting": (
            "Shoplifting",
            "An alarm goes off on every Laboratory whose Tool has been taken.",
        ),
        "squeak": (
            "Squeak!",
            "Your floor's guard takes 1 step toward the nearest burglar on that floor.",
        ),
        "switch-signs": (
            "Switch signs",
            "Your floor's guard and his destination trade places. If alarms ring on your floor, he appears on the closest one instead and switches it off.",
        ),
        "throw-voice": (
            "Throw voice",
            "Unless an alarm rings on your floor, move your floor's guard's destination to a neighbouring tile (no wall between).",
        ),
        "time-lock": (
            "Time lock",
            "Until your next turn nobody moves by Stairs, Thermal Bomb holes or a Gymnastics climb, nor escapes through them.",
        ),
        "video-loop": ("Video loop", "Until your next turn, Cameras set off no alarm."),
        "where-is-he": (
            "Where is he?",
            "Your floor's guard is suddenly at his destination and picks a new one. If alarms ring on your floor, he turns up on the closest alarm instead and switches it off.",
        ),
    },
)
_names(
    "character",
    {
        "acrobat": ("Acrobat", "Slips past guards and climbs outside walls."),
        "hacker": ("Hacker", "Keeps the electronic alarms quiet."),
        "hawk": ("Hawk", "Sees further: peeks through walls or two tiles away."),
        "juicer": ("Juicer", "Plays with alarms to steer the guards."),
        "peterman": ("Peterman", "The safecracker: more dice, or safes on other floors."),
        "raven": ("Raven", "Her crow slows or stops a guard."),
        "rigger": ("Rigger", "Finds better tools, or makes them."),
        "rook": ("Rook", "Moves the other burglars around."),
        "spotter": ("Spotter", "Looks at the next patrol card or the next Event."),
    },
)
_names(
    "ability",
    {
        "flexibility": (
            "Flexibility",
            "Step into a guard's tile for free, without losing Stealth, even with no action left. Still there when your actions end, you lose 1 Stealth.",
        ),
        "climb-window": (
            "Climb window",
            "From a tile on the outside edge (or next to the Fort Knox empty square), 3 actions take you to the same tile one floor up or down; your actions end there.",
        ),
        "jammer": (
            "Jammer",
            "Fingerprint, Laser and Motion alarms never ring for you, nor for anyone moving or standing on your tile. Detector, Thermo and Camera still do.",
        ),
        "laptop": (
            "Laptop",
            "1 action: keep a hack token on you (one at most). Anyone may spend it to stop a Fingerprint, Laser or Motion alarm.",
        ),
        "x-ray": (
            "X-ray",
            "Once a turn, free: peek at a face-down tile next to you through a wall.",
        ),
        "enhance": (
            "Enhance",
            "Once a turn, free: peek at a face-down tile up to 2 steps away, around a corner or up the Stairs, never through a wall or past a face-down tile.",
        ),
        "crybaby": (
            "Crybaby",
            "Free, as often as you like: set off an alarm on a neighbouring tile (no wall between) with no alarm and no guard on it.",
        ),
        "reroute": (
            "Reroute",
            "Once a turn, free: pick up the alarm on your tile (the guard heads for the next closest alarm or draws a new destination), or put the alarm you hold down on your tile, where it rings.",
        ),
        "steady-hands": ("Steady hands", "Roll 1 more die when you crack a Safe or try a Keypad."),
        "drill": (
            "Drill",
            "Add dice to and crack the Safes straight above and below you too. One opened from another floor gives you no Tool, its Loot stays in the Safe, to be picked up there, and the guards that speed up are those of your floor and below.",
        ),
        "crow": (
            "Crow",
            "The Raven's crow, put down as her side says: Distract or Disrupt.",
        ),
        "distract": (
            "Distract",
            "Free: put the crow on a tile of your floor up to 2 steps away (no walls). A guard walking onto the crow's tile loses 1 step.",
        ),
        "disrupt": (
            "Disrupt",
            "Free: put the crow on your own tile. A guard who starts his move there while no alarm rings on his floor does not move at all, and the crow flies back to you.",
        ),
        "the-solution": (
            "The solution",
            "You start with the Dynamite. Whenever anyone in the crew draws a Tool, they may draw 2 and keep 1.",
        ),
        "tinker": (
            "Tinker",
            "Free, as often as you like: give up 1 of your own Stealth to draw a Tool. Whenever anyone in the crew draws a Tool, they may draw 2 and keep 1.",
        ),
        "orders": (
            "Orders",
            "Once a turn, 1 action: move another burglar one tile, by their own moving rules; extra costs (Deadbolt, Laser, Gemstone) are waived.",
        ),
        "disguise": (
            "Disguise",
            "1 action, only as the very first thing of your turn: trade places with another burglar. Neither of you enters a tile.",
        ),
        "clairvoyance": (
            "Clairvoyance",
            "Once a turn, 1 action: look at the top patrol card of your floor, then leave it there or put it at the bottom.",
        ),
        "precognition": (
            "Precognition",
            "Once a turn, 1 action: look at the top Event, then leave it there or put it at the bottom.",
        ),
    },
)
EN.update(
    {
        # log lines, one per event
        "log.TurnStarted": Plural(
            "{player}'s turn: {actions} action", "{player}'s turn: {actions} actions", by="actions"
        ),
        "log.TurnEnded": Plural(
            "{player} ends the turn after {actions_taken} action",
            "{player} ends the turn after {actions_taken} actions",
            by="actions_taken",
        ),
        "log.EntranceChosen": "The crew breaks in at {pos}",
        "log.TileRevealed": "{pos} is revealed: {kind}{number}",
        "log.PlayerEntered": "{player} enters at {pos}",
        "log.PlayerMoved": "{player} moves {src} -> {dst}",
        "log.MoveBlocked": "{player} cannot get into {pos}: {reason}",
        "log.Peeked": "{player} peeks at {pos}",
        "log.KeypadRolled": "Rolled {dice} at the keypad {pos}: {result}",
        "log.GuardPlaced": "A guard appears at {pos}",
        "log.GuardMoved": "Guard moves {src} -> {dst}",
        "log.GuardStarts": Plural(
            "The guard of floor {floor} sets off: {speed} step",
            "The guard of floor {floor} sets off: {speed} steps",
            "speed",
        ),
        "log.GuardLost": "Lost Visual: the guard of floor {floor} leaves the board",
        "log.DestinationSet": "Guard of floor {floor} heads to {pos} ({why})",
        "log.PatrolDrawn": "Patrol card of floor {floor}: {card}",
        "log.PatrolReshuffled": "Patrol deck of floor {floor} reshuffled",
        "log.SpeedChanged": "The guard of floor {floor} now has speed {speed}",
        "log.AlarmRaised": "Alarm at {pos}",
        "log.AlarmAvoided": "No alarm at {pos}: {how}",
        "log.AlarmCleared": "Alarm at {pos} is off",
        "log.HackAdded": "Hack token added at {pos} ({tokens} now)",
        "log.HackSpent": Plural(
            "Hack token spent at {pos} ({tokens} left)",
            "Hack token spent at {pos} ({tokens} left)",
            "tokens",
        ),
        "log.StealthLost": Plural(
            "{player} loses a Stealth token: {reason} ({left} left)",
            "{player} loses a Stealth token: {reason} ({left} left)",
            "left",
        ),
        "log.StealthLostTile": Plural(
            "A Stealth token lying on the tile pays for {player}: {reason} ({left} of their own left)",
            "A Stealth token lying on the tile pays for {player}: {reason} ({left} of their own left)",
            "left",
        ),
        "log.DieAdded": "A die added to the safe {pos} ({dice} now)",
        "log.SafeRolled": "Rolled {dice}: {result}",
        "log.SafeDiceRolled": "Safe dice at {pos}: {dice}",
        "log.SafeOpened": "The safe {pos} is open!",
        "log.ToolDrawn": "{player} gets a tool: {tool}",
        "log.LootDrawn": "{player} takes loot: {loot}",
        "log.DeckEmpty": "The {deck} deck is empty",
        "log.EventDrawn": "Event for {player}: {card}",
        "log.CardPassed": "{giver} gives {card} to {receiver}",
        "log.PlayerEscaped": "{player} escapes!",
        "log.DecisionMade": "{player} chooses: {choice}",
        "log.DecisionNeeded": "A decision is needed",
        "log.GameWon": "The crew wins!",
        "log.GameLost": "Busted: {player} was seen with no stealth left ({reason})",
        "log.ToolUsed": "{player} uses {tool}",
        "log.CardNoEffect": "{card} has no effect: {reason}",
        "log.ActionsGained": Plural(
            "{player} gains {actions} action", "{player} gains {actions} actions", by="actions"
        ),
        "log.StealthGained": Plural(
            "{player} gains {stealth} Stealth token",
            "{player} gains {stealth} Stealth tokens",
            by="stealth",
        ),
        "log.TileDisabled": "{pos} is disabled",
        "log.WallDestroyed": "A wall on floor {floor} is destroyed",
        "log.EventsReordered": "{player} rearranges the events",
        "log.GuardTeleported": "Guard jumps {src} -> {dst}",
        "log.GuardSkipped": "The guard of floor {floor} stays put",
        "log.KeypadsLocked": "Keypads are locked again",
        "log.KittyEscaped": "The kitty runs off to {pos}",
        "log.LootPickedUp": "{player} picks up {loot}",
        "log.LootRolled": "{player}'s {loot} rolls {die}{result}",
        "log.TurnSkipped": "{player} skips a turn",
        "log.EffectEnded": "{name} ends",
        "log.AbilityUsed": "{player} uses {ability}",
        "log.CrowPlaced": "The crow lands at {pos}",
        "log.GuardSlowed": "The crow slows the guard at {pos}",
        "log.SpotterLooked": "{player} looks at the top card: {card}",
        "log.unknown": "{name}",
        "log.cracked": "cracked {cells}",
        "log.nothing": "nothing cracked",
        "log.dice": "{first} and {last}",
        "deck.tools": "Tool",
        "deck.loot": "Loot",
        "deck.events": "Event",
        "dest.patrol": "patrol card",
        "dest.alarm": "alarm",
        "dest.crash": "Crash!",
        "dest.throw-voice": "Throw voice",
        "dest.switch-signs": "Switch signs",
        "dest.where-is-he": "Where is he?",
        "log.opened": "open",
        "log.closed": "still shut",
        "log.triggered": " (it acts!)",
        "log.lost_visual": "Lost Visual",
        "log.action": "{player}: {action}",
        # action button texts
        "act.enter": "Break in here",
        "act.peek": "Peek",
        "act.move": "Move here",
        "act.hack": "Hack this computer",
        "act.add-die": "Add a die to the safe",
        "act.crack": "Crack the safe",
        "act.escape": "Escape by the roof",
        "act.end": "End turn",
        "act.give": "Give {card} to {player}",
        "act.take": "Take {card} from {player}",
        "act.use": "Use {card}",
        "act.pickup": "Pick up {card}",
        "act.ability": "{card}",
        "act.choose": "{option}",
        "act.at": " at {pos}",
        "act.up": "Go up to {pos}",
        "act.down": "Go down to {pos}",
        "act.peek_up": "Peek up at {pos}",
        "act.peek_down": "Peek down at {pos}",
        "act.for": " for {player}",
        # An ability that offers two ways (Reroute): each way in words, never its raw token.
        "act.option.reroute.pick": "{card} · pick up the alarm",
        "act.option.reroute.drop": "{card} · put your alarm down",
    }
)


EN.update(
    {
        # the language switch
        "lang.label": "Language",
        "lang.en": "English",
        "lang.fr": "Français",
        # setup explained: what each option of engine.Setup does
        "setup.scenario.help": "The Office Job is the short first heist (2 floors, 2 safes); the Bank Job is the usual one (3 floors, 3 safes); Fort Knox is the hardest (2 floors of 5x5, 3 safes).",
        "setup.players.help": "1 to 4 burglars play in turn on this device. With fewer than 4, each patrol deck is built with 3, 6 or 9 cards set aside unseen, so it runs out, and speeds its guard up, sooner.",
        "setup.seed.help": "The number that shuffles the building, the cards and the dice. The same seed with the same options gives the same heist; leave it empty for a new one.",
        "setup.random_walls.help": "Standard uses the printed wall layout of each floor; Random draws new walls from the seed, never cutting off a tile. Fort Knox always draws its walls.",
        "setup.empty_square.help": "Fort Knox only: the cell (such as C3) left empty on both floors. It is no tile, guards and burglars never go there, and its sides count as outside walls.",
        "setup.lost_visual.help": "Adds a Lost Visual card to each patrol deck: when a guard draws it he vanishes, and the next time he should move he turns up on the next patrol card's tile, then moves as usual.",
        "setup.character.help": "Each character has two sides; the advanced one is stronger but asks more of you. Both are shown below.",
        "setup.side_basic": "Basic side, {ability}: {help}",
        "setup.side_advanced": "Advanced side, {ability}: {help}",
        "setup.random_character": "A character nobody else chose is drawn at random.",
    }
)

# The story of the game (ui/story.py, ui/cards.py): the table, catch-up, safety nets, banner.
EN.update(
    {
        "story.table": "On the table",
        "story.dismiss": "Put away",
        "story.deck.event": "Event",
        "story.deck.tool": "Tool",
        "story.deck.loot": "Loot",
        "story.die": "a die showing {n}",
        "story.dice.safe": "Safe {pos}",
        "story.dice.keypad": "Keypad {pos}",
        "story.dice.acts": "it acts!",
        "story.dice.quiet": "nothing happens",
        "story.keep": "Keep this one",
        "story.steth.pick": "Click the die to turn, then the number it shows.",
        "story.steth.die": "Die {n}, showing {face}: turn this one",
        "story.steth.face": "Die {n} shows {face}. Turn it to:",
        "story.steth.to": "Turn die {n} to {face}",
        "story.safe.title": "Safe {pos}: its row and column",
        "story.safe.self": "this Safe",
        "story.safe.hidden": "{pos}: face down, number unknown",
        "story.safe.other": "{pos}: another Safe (it needs no cracking)",
        "story.safe.cracked": "{pos}: {n}, cracked",
        "story.safe.todo": "{pos}: {n}, still to crack",
        "story.safe.opened": "This Safe is open.",
        "story.safe.dice": "Dice on it: {n}",
        "story.safe.wanted": "Numbers still to roll (revealed tiles): {numbers}",
        "story.safe.chance": Plural(
            "Next roll ({n} die): {pct}% chance to crack at least one more tile.",
            "Next roll ({n} dice): {pct}% chance to crack at least one more tile.",
        ),
        "story.safe.no_dice": "No dice on it yet: add one before cracking.",
        "story.safe.stethoscope": "Your Stethoscope can then turn one die to a number still to roll.",
        "story.catchup.title": "Since your last turn:",
        "story.catchup.none": "Nothing worth telling happened.",
        "story.catchup.event": "{player} drew the Event {card}: {help}",
        "story.catchup.stealth": Plural(
            "{player} lost a Stealth: {why} ({left} left).",
            "{player} lost a Stealth: {why} ({left} left).",
            by="left",
        ),
        "story.catchup.stealth_tile": Plural(
            "A Stealth token lying on {player}'s tile paid for them: {why} ({left} of their own left).",
            "A Stealth token lying on {player}'s tile paid for them: {why} ({left} of their own left).",
            by="left",
        ),
        "story.catchup.caught": "{player} was caught.",
        "story.catchup.alarms": Plural(
            "{n} alarm went off, at {cells}.", "{n} alarms went off, at {cells}."
        ),
        "story.catchup.guard": Plural(
            "The guard of floor {floor} walked {n} step, to {pos}.",
            "The guard of floor {floor} walked {n} steps, to {pos}.",
        ),
        "story.catchup.lost": "The guard of floor {floor} went out of sight (Lost Visual).",
        "story.catchup.placed": "An Event put the guard of floor {floor} on {pos}.",
        "story.catchup.cracked": "Safe {pos}: cracked {cells}.",
        "story.catchup.opened": "Safe {pos} is open!",
        "story.catchup.escaped": "{player} escaped by the roof.",
        "story.catchup.more": Plural(
            "... and {n} more thing: see the log.", "... and {n} more things: see the log."
        ),
        "story.confirm.lose": "This loses the game: a burglar with no Stealth left would be seen. Do it anyway?",
        "story.confirm.event": Plural(
            "You still have {n} action left. Ending the turn now draws an Event. End it anyway?",
            "You still have {n} actions left. Ending the turn now draws an Event. End it anyway?",
        ),
        "story.confirm.caught": "You have no Stealth token left and the guard stands there: should you get in, he sees you and the crew loses. Try anyway?",
        "story.confirm.guard-tile": "The guard stands there: stepping in costs a Stealth token. Go anyway?",
        "story.confirm.flexibility-end": "You stand on the guard's tile: ending your actions there costs a Stealth token. End anyway?",
        "story.confirm.watched": "A guard can see into that tile: stepping in costs a Stealth token. Go anyway?",
        "story.confirm.tiara-seen": "A guard next to that tile sees the Tiara you carry: stepping in costs a Stealth token. Go anyway?",
        "story.confirm.motion-exit": "You entered this Motion room this turn: leaving it now sets off its alarm. Leave anyway?",
        "story.confirm.thermo-end": "Ending your actions on this Thermo sets off its alarm. End anyway?",
        "story.confirm.guard-path-end": "The guard walks through this tile when your turn ends: he will see you and you lose a Stealth token. End anyway?",
        "story.confirm.guard-path-end-event": "The guard walks through this tile when your turn ends, unless the Event you draw first changes that: he would see you and you would lose a Stealth token. End anyway?",
        "story.confirm.caught-unless-event": "The guard walks through this tile when your turn ends, unless the Event you draw first changes that: with no Stealth token left, he would catch you and the crew would lose. End anyway?",
        "story.confirm.tool": "Use the {tool}? It is discarded once used. {help}",
        "story.confirm.delete": "Delete this saved game for good? {entry}",
        "story.confirm.yes": "Do it",
        "story.confirm.delete_yes": "Delete",
        "story.confirm.no": "Cancel",
        "story.confirm.quiet": "Don't ask again in this game",
        "story.review": "Review the game",
        "story.status.over": "Game over: {outcome}",
        "story.floor.lost": "Guard out of sight (Lost Visual): he comes back when he next moves, from his next patrol card.",
        "story.floor.back": "The guard is back in sight, at {pos}.",
    }
)

EN.update(
    {
        # the rules reference (ui/reference.py)
        "ref.open": "Rules",
        "ref.title": "Rules reference",
        "ref.search": "Search the rules",
        "ref.close": "Close",
        "ref.none": "Nothing matches “{query}”.",
        "ref.link": "Rules: {name}",
        "ref.group.rules": "How to play",
        "ref.group.kind": "Rooms",
        "ref.group.tool": "Tools",
        "ref.group.loot": "Loot",
        "ref.group.event": "Events",
        "ref.group.character": "Characters",
        "ref.group.ability": "Abilities",
        "ref.group.ruling": "Rulings: where the rule texts are silent",
        "ref.ability_title": "{ability} ({character}, {side})",
        "ref.s.names": "Names of cards and rooms",
        "ref.s.names.text": "Rooms, Tools, Loot and Events keep the names of the published game's English edition; the French edition keeps most of them in English too (Walkway, Thermal Bomb, Peekhole), and the French version of this page follows it.",
        "ref.s.goal": "The goal",
        "ref.s.goal.text": "The crew breaks into a building, opens every Safe, takes all the Loot, and leaves over the roof by the Stairs of the top floor. If any burglar is seen by a guard with no Stealth left, the whole crew loses.",
        "ref.s.turn": "How a turn goes",
        "ref.s.turn.text": "Burglars play one after the other. Your turn: up to 4 actions, in any order; then, if you took 2 actions or fewer, draw an Event; then the guard of the floor you are on moves. Ending the turn is a button of its own, so free actions (Tools, trades, some abilities) stay open until you press it.",
        "ref.s.actions": "Actions",
        "ref.s.actions.text": "Peek (1): turn over a face-down neighbouring tile without going in. Move (1): step to a neighbouring tile, turning it over if needed; walls block both, and there is no diagonal. Hack (1, on a computer): store a hack token. Add a die (2, on a Safe) and Crack (1, on a Safe). Escape (1, top floor Stairs). Using a Tool, giving or taking a card on your tile, and picking up loose Loot are free.",
        "ref.s.event": "The Event rule",
        "ref.s.event.text": "When your actions end, count the action points you spent (Add a die counts 2, a Deadbolt 3, paying for a Laser 1, a failed Keypad try 1): 2 or fewer (3 or fewer while you carry the Stamp) and you draw an Event, which acts at once. A Move straight back to the tile you just came from, with nothing spent in between, does not count: pacing back and forth cannot dodge it. The game shows the limit next to your actions.",
        "ref.s.guards": "Guards",
        "ref.s.guards.text": "Each floor has a guard, set up when a burglar first reaches that floor: one patrol card gives his tile, the next his destination. At the end of a turn the guard of the current burglar's floor walks as many tiles as his speed die plus the number of alarms ringing on his floor, by the shortest way (ties go the most clockwise way). On reaching his destination he draws the next patrol card and walks on. An empty patrol deck is reshuffled and his speed goes up by 1 (6 at most). Guards ignore every tile's special rule.",
        "ref.s.alarms": "Alarms and hacking",
        "ref.s.alarms.text": "An alarm puts an Alarm token on its tile and calls the guard of that floor: he heads for the closest alarm and switches it off by walking in, and each ringing alarm makes him faster. No alarm goes off where a guard stands. Fingerprint, Laser and Motion alarms can be stopped with a hack token stored on the matching computer, wherever it is.",
        "ref.s.stealth": "Stealth and getting caught",
        "ref.s.stealth.text": "Each burglar starts with 3 Stealth. Moving into a guard's tile, or a guard walking into yours, costs 1 (on a tile holding tokens, such as a Lavatory, you may pay with one of those instead). Being seen with none left loses the game for everyone.",
        "ref.s.safes": "Safes",
        "ref.s.safes.text": "A Safe's combination is the numbers of the other tiles in its row and column. Add dice to it (2 actions each, up to 6; they stay), then Crack (1 action) to roll them all: every revealed tile of that row and column whose number came up is cracked for good. When all are cracked the Safe opens: you draw a Tool and a Loot, and the guards of that floor and every floor below speed up by 1.",
        "ref.s.escape": "Escape and the end",
        "ref.s.escape.text": "Once every Safe is open and the crew carries all the Loot (none left on a tile), a burglar on the top floor's Stairs escapes with 1 action; their turn ends at once and they play no more. The crew wins when the last burglar is out. The crew loses as soon as anyone is seen with no Stealth left.",
        "ref.s.cards": "Tools and Loot",
        "ref.s.cards.text": "Tools are used for free during your own actions and then discarded. Loot always has a drawback for whoever carries it. Both can be given or taken for free between burglars on the same tile; nobody may carry two Gold Bars.",
        "ref.r.keypad": "Keypad tries",
        "ref.r.keypad.text": "The extra dice count the failed tries at that very Keypad this turn and start again at 1 die next turn. A Keypad you start in, or fall into, can be left freely.",
        "ref.r.deadbolt": "Deadbolt met face down",
        "ref.r.deadbolt.text": "Moving onto a face-down Deadbolt that nobody is in reveals it, spends that 1 action and leaves you where you were. If a burglar or a guard is inside, you go in for 1 action (and meet the guard).",
        "ref.r.laser": "Paying for a Laser",
        "ref.r.laser.text": "The extra action is offered only for a Laser that was face up before you moved, and only with an action left; walking onto a face-down Laser sets it off unless a hack token stops it.",
        "ref.r.fall": "Falling is not entering",
        "ref.r.fall.text": "Dropping through a Walkway, Lost Grip and the Freight Elevator put you on the tile without entering it: no alarm tile, Laboratory, Deadbolt or Keypad rule, and no Stealth lost to a guard there. A fall never chains into a second one.",
        "ref.r.first": "The first turn",
        "ref.r.first.text": "Each burglar appears on the entrance when their first turn starts; that is not an entry, so nothing triggers. Ending your actions on a Thermo entrance still sets it off.",
        "ref.r.placing": "Setting up a guard",
        "ref.r.placing.text": "A guard put on a tile without walking there (first arrival on a floor, back from Lost Visual, or moved by an Event card) finds whoever stands on it: 1 Stealth each, as if he had walked in. A burglar whose move brings him meets him by moving in, and pays only for that.",
        "ref.r.closest": "Which alarm is closest",
        "ref.r.closest.text": "Closest means fewest steps walking around walls. When several are just as close, the current burglar chooses. While alarms ring, the guard always heads for one of them.",
        "ref.r.route": "The guard's way",
        "ref.r.route.text": "Among the shortest ways, the guard takes the most clockwise one; the page draws his next steps in red and can show the whole way. Guards never use Secret Doors, Service Ducts, Stairs or Walkways.",
        "ref.r.camera": "Cameras",
        "ref.r.camera.text": "A Camera alarm needs two revealed Cameras: yours and the guard's. Cameras react to movement only: revealing one by a peek while a guard stands on it does nothing.",
        "ref.r.motion": "Motion",
        "ref.r.motion.text": "The alarm goes off when the same burglar leaves, during the same turn, a Motion tile they moved into. Falling onto it does not count.",
        "ref.r.escape": "Escaping ends your part",
        "ref.r.escape.text": "An escape ends your turn at once: no Event and no guard move follow, and you take no more turns.",
        "ref.r.lost": "Lost Visual",
        "ref.r.lost.text": "A guard who draws Lost Visual leaves the board. The next time he should move, he is placed from the next patrol card, draws a destination and moves normally in that same turn. Drawn while he is being set up, the card is skipped.",
        "ref.r.solo": "Playing alone",
        "ref.r.solo.text": "With one burglar, Buddy System, Dead Drop and Jump the Gun leave the Event deck, and both Gold Bars leave the Loot deck, since each needs a second burglar.",
        "ref.r.decks": "Empty decks",
        "ref.r.decks.text": "An empty Event deck is refilled by shuffling its discards. Drawing from an empty Tool or Loot deck gives nothing, and the log says so.",
        "ref.r.hack": "When hack tokens are offered",
        "ref.r.hack.text": "Whenever a Fingerprint, Laser or Motion alarm is about to go off and the matching computer holds a token (or the Hacker holds his laptop token), you are asked whether to spend it. You are not asked when the alarm could not ring anyway.",
    }
)

EN.update(
    {
        # the guided first heist (ui/tutorial.py)
        "tut.title": "Guided first heist",
        "tut.start": "Guided first heist",
        "tut.start_hint": "New to the game? A walk through a small building (the Office Job, alone, as the Peterman): each step is marked on the board and explained.",
        "tut.progress": "Step {n} of {total}",
        "tut.do": "Next: {action}",
        "tut.leave": "Leave the guided heist",
        "tut.wrong": "In the guided heist, play the marked step: {action}.",
        "tut.s.enter": "Welcome! You play the Peterman alone in the Office Job: two floors, a Safe on each. Open both, then escape by the roof. First, break in: the marked C1 of floor 1, then Break in here.",
        "tut.s.peek": "You stand in C1, a Deadbolt, with 4 actions a turn. Peek (1 action) turns the marked D1 face up without going in. Yellow walls block peeks and moves; no diagonals.",
        "tut.s.move": "D1 is a Service Duct. Now Move (1 action each) into C2, then B2: moving in turns a tile face up. The red pawn on D2 is the guard; the target mark on A4 is where he is going.",
        "tut.s.keypad": "B2 is a Walkway. One action left: try the face-down B1 (marked). Some rooms fight back when you step in.",
        "tut.s.guard": "B1 is a Keypad: it opens only on a 6, and your two dice (the Peterman rolls one extra) showed 1 and 4, so you stay in B2. End turn: you took 4 actions, so no Event. Then the guard walks 2 steps (the die on his pawn) along the red arrows toward A4.",
        "tut.s.laser": "The guard stopped on C3. A new turn: Move into the face-down B3 (marked).",
        "tut.s.alarm": "B3 is a Laser: walking in rang an alarm, the red tile. The guard now heads for B3, one step faster per ringing alarm. A hack token, stored by hacking the Laser PC (not found yet), would have kept it quiet. Move away to A3 (marked).",
        "tut.s.combination": "A3 is the Stairs: your way up, later. Each face-up tile shows its number at the top right, and a Safe's combination is made of such numbers. Peek at A2, then at A4 (marked).",
        "tut.s.alarm_off": "End turn: the guard walks 3 steps (speed 2, plus 1 for the alarm), reaches B3 and switches its alarm off, then draws a new destination.",
        "tut.s.fingerprint": "The guard stands on B3 now. A2 is a Fingerprint room: walking in rings its alarm, but it is the short way on. Move into A2 (marked).",
        "tut.s.safe": "The alarm rings on A2, and the guard turns toward it. Keep going: Move into the face-down A1 (marked).",
        "tut.s.die": "A1 is the Safe! Its combination: the numbers of B1, C1 and D1 in its row and A2, A3 and A4 in its column, all face up. Add a die to the safe (2 actions: dice stay on it), then End turn.",
        "tut.s.crack": "The guard came to A2, silenced it and stands on A3. Crack the safe (1 action): it rolls its die plus the Peterman's one; a face-up tile of the row or column whose number comes up is cracked.",
        "tut.s.crack_more": "You rolled 3 and 3: C1 and A4 are cracked. B1, D1, A2 and A3 are left (4, 6, 4, 4). Add a die to the safe, then Crack the safe again with 3 dice.",
        "tut.s.opened": "1, 4 and 6: the last four are cracked and the Safe opens! You take a Tool, a Crowbar, and a Loot, a Gemstone (see The crew), and this floor's guard now moves 3. End turn.",
        "tut.s.back": "Time to go up. Move into A2 (marked), toward the Stairs on A3: the Fingerprint room rings again.",
        "tut.s.event": "Stop after this single action and End turn: ending a turn with 2 actions taken or fewer draws an Event card (the status line says so). An Event acts at once, for better or worse; the log says what it did.",
        "tut.s.to_stairs": "The Event, Switch signs, put the guard on the alarm at A2, right on you: that cost 1 Stealth (2 left). He switched the alarm off and walked on to B2. Move into the Stairs on A3 (marked).",
        "tut.s.upstairs": "The Stairs tile offers the way up among its actions: Go up to 2.A3 (1 action). The board follows you to floor 2.",
        "tut.s.lab": "You landed in a Laboratory: the first burglar in takes a Tool, a Thermal Bomb. Floor 2's guard has arrived on D1. You took 2 actions, so End turn draws an Event again.",
        "tut.s.peekhole": "The Event is Peekhole: a free peek at a tile next to you. Choose A2 (marked).",
        "tut.s.exit": "A2 is a Laser. The guard of floor 2 stands on C3 and heads for A4. Move to A4, then to B4 (marked), ahead of him.",
        "tut.s.walkway": "A4 is the Stairs up to the roof: your way out once both Safes are open. B4 is a Secret Door. Peek at C4, then Move to B3 (marked).",
        "tut.s.camera": "C4 is a Walkway; B3, where you stand, is a Camera. You are out of actions: End turn.",
        "tut.s.second_safe": "The guard reached A4 and now walks toward D4. Cross the floor: Move to B2, B1, C1, then C2 (each marked in turn).",
        "tut.s.wait_guard": "C2 is the second Safe! Its row: A2, B2, D2; its column: C1, C3, C4. D2 and C3 are still face down. No actions left: End turn.",
        "tut.s.dice_again": "A new turn. Add a die to the safe (2 actions), then Crack the safe with 2 dice.",
        "tut.s.peek_deadbolt": "1 and 3: C1, A2 and B2 (each a 1) and C4 (a 3) are cracked. Only face-up numbers count: Peek at C3 (marked), then End turn.",
        "tut.s.one_more_die": "C3 is a Deadbolt; its number is 2. Add a die to the safe, Crack the safe with 3 dice, then End turn (3 actions taken: no Event).",
        "tut.s.no_luck": "2, 3 and 2: C3 is cracked. Only D2 is left, still face down, so no roll can crack it yet. Dice stay, so Add a die to the safe, Crack the safe anyway, then End turn.",
        "tut.s.deadbolt": "Go and turn D2 up. Entering the empty Deadbolt on C3 costs 3 actions: Move to C3, then to D3 (marked), then End turn.",
        "tut.s.last_number": "D3 is a Motion room: leaving it in the turn you came in rings an alarm, but this is a new turn. The guard ran out of patrol cards and now moves 4. Peek at D2, Move back to C3 (marked), End turn.",
        "tut.s.open_second": "D2 is a Thermo room with a 2: the whole combination is face up. Move to C2 (marked), then Crack the safe until it opens.",
        "tut.s.loot": "Open! You take a Dynamite and a Chihuahua, and every guard speeds up (floor 2's now moves 5). The Chihuahua rolls a die at the start of your turns: on a 6 it barks, an alarm where you stand. End turn.",
        "tut.s.way_out": "Carry it all to the Stairs on A4. Through the Deadbolt again: Move to C3 (3 actions), then C4 (marked), then End turn.",
        "tut.s.past_guard": "The guard stands on B4, in your way. Walking into his tile costs 1 Stealth (you have 2; seen with none left, you are caught). Move into B4 anyway, then to A4 (marked).",
        "tut.s.escape": "Both Safes are open and you carry all the Loot, on the Stairs of the top floor: Escape by the roof (1 action).",
        "tut.l.done": "You got away! That was a whole heist: peeking, moving, alarms and hacking, the guard's route, dice and cracking, and the escape. Open Rules to look anything up, and start a real heist with New game.",
    }
)

# ---------------------------------------------------------------------- lookup

LANGUAGES: tuple[str, ...] = ("en", "fr")
DEFAULT_LANGUAGE = "en"


def _plural_en(n: int) -> int:
    return 0 if n == 1 else 1


def _plural_fr(n: int) -> int:
    return 0 if n in (0, 1) else 1  # French: 0 and 1 take the singular


PLURAL_RULES: dict[str, Callable[[int], int]] = {"en": _plural_en, "fr": _plural_fr}

# Strict: a missing key or a bad placeholder raises MessageError (tests, CPython). The page
# turns it off (ui/main.py): there a missing French text falls back to English and a bad
# placeholder shows the raw text, and both are reported on the console.
STRICT = os.environ.get("BURGLE_LAX_MESSAGES", "") == ""

_state: dict[str, Any] = {"lang": DEFAULT_LANGUAGE, "catalog": EN}


def catalog(lang: str) -> dict[str, Text]:
    """The catalog of a language ('en', 'fr')."""
    if lang == "en":
        return EN
    if lang == "fr":
        from ui.messages_fr import FR

        return FR
    raise MessageError(f"no catalog for language {lang!r}")


def set_language(lang: str) -> str:
    """Switch every later `t()` to `lang` (unknown: English); returns the language set."""
    lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    _state["lang"] = lang
    _state["catalog"] = catalog(lang)
    return lang


def language() -> str:
    return str(_state["lang"])


def pick_language(saved: str | None, browser: str | None) -> str:
    """The saved choice if any, else the browser's language ('fr-CA' -> 'fr'), else English."""
    for candidate in (saved, browser):
        if candidate:
            code = str(candidate).lower().split("-")[0].split("_")[0]
            if code in LANGUAGES:
                return code
    return DEFAULT_LANGUAGE


def _report(message: str) -> None:
    if STRICT:
        raise MessageError(message)
    print(f"messages: {message}")


def _raw(key: str) -> Text:
    cat: dict[str, Text] = _state["catalog"]
    if key in cat:
        return cat[key]
    _report(f"no text for {key!r} in {language()!r}")
    if key in EN:
        return EN[key]
    return key


def render(text: Text, lang: str, key: str = "", **params: Any) -> str:
    """Fill `text` (a string or a Plural) with `params`, in language `lang`."""
    out = _fill(text, lang, key, **params)
    return _french_spaces(out) if lang == "fr" else out


def _french_spaces(text: str) -> str:
    """French sets ':' ';' '!' '?' after a space: a no-break one, so the mark never starts a
    line (the catalog is written with plain spaces)."""
    return (
        text.replace(" :", "\u00a0:")
        .replace(" ;", "\u00a0;")
        .replace(" !", "\u00a0!")
        .replace(" ?", "\u00a0?")
    )


# French drops the vowel of "de" and "que" before a word that starts with one: "au tour
# d'Ada", not "de Ada". The catalog elides its own words; a filled-in name is only known here.
_ELIDABLE = re.compile(r"\b([dD]e|[qQ]ue) \{(\w+)\}")
_VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüœæAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŒÆ")


def _elide_fr(text: str, params: dict[str, Any]) -> str:
    def elide(m: re.Match[str]) -> str:
        value = str(params.get(m.group(2), ""))
        if value[:1] in _VOWELS:
            return f"{m.group(1)[:-1]}'{{{m.group(2)}}}"
        return m.group(0)

    return _ELIDABLE.sub(elide, text)


def _one_stop(text: str, params: dict[str, Any]) -> str:
    """A filled-in name that ends with its own stop ("E.M.P.") also ends the sentence: the
    catalog's stop after it goes ("Use E.M.P.", not "Use E.M.P..")."""
    for name, value in params.items():
        if str(value).endswith("."):
            text = text.replace(f"{{{name}}}.", f"{{{name}}}")
    return text


def _fill(text: Text, lang: str, key: str = "", **params: Any) -> str:
    if isinstance(text, Plural):
        count = params.get(text.by)
        if not isinstance(count, int):
            try:
                count = int(str(count))
            except ValueError:
                _report(f"{key!r} needs an integer {text.by!r}, got {count!r}")
                count = 2
        text = text.one if PLURAL_RULES[lang](count) == 0 else text.other
    if not params:
        if "{" in text and not _no_fields(text):
            _report(f"{key!r} needs parameters: {text!r}")
        return text
    if lang == "fr":
        text = _elide_fr(text, params)
    text = _one_stop(text, params)
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError) as err:
        _report(f"{key!r} does not fit its parameters ({err!r})")
        return text


def _no_fields(text: str) -> bool:
    import string

    return all(field is None for _, field, _, _ in string.Formatter().parse(text))


def t(key: str, **params: Any) -> str:
    """The text of `key` in the current language with `{params}` filled in."""
    return render(_raw(key), language(), key, **params)


def has(key: str) -> bool:
    return key in _state["catalog"]


def name_of(prefix: str, key: str) -> str:
    """Display name of a card/tile/character key ('tool', 'emp' -> 'E.M.P.')."""
    full = f"{prefix}.{key}"
    return t(full) if has(full) else key.replace("-", " ").capitalize()


def card_name(key: str) -> str:
    """Any card-like key, whatever its deck."""
    for prefix in ("tool", "loot", "event", "ability", "kind", "character"):
        if has(f"{prefix}.{key}"):
            return t(f"{prefix}.{key}")
    return key.replace("-", " ").capitalize()


def help_of(prefix: str, key: str) -> str:
    full = f"{prefix}.{key}.help"
    return t(full) if has(full) else ""


def fields(text: Text) -> set[str]:
    """The placeholder names of a text (both forms of a Plural), for the catalog tests."""
    import string

    forms = [text.one, text.other] if isinstance(text, Plural) else [text]
    out: set[str] = set()
    for form in forms:
        for _, name, _, _ in string.Formatter().parse(form):
            if name is not None:
                out.add(name.split(".")[0].split("[")[0])
    return out
