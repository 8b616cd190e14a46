# ruff: noqa: E501  (catalog texts read best on one line each)
"""Every player-visible text of the page: one catalog, `t(key, **params)`.

English now; a French catalog comes next with the same keys. The help texts for tiles,
tools, loot, events and abilities are our own short words, not the rule book's.
"""

from __future__ import annotations

from typing import Any

EN: dict[str, str] = {
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
    "setup.more": "More options",
    "setup.error": "Cannot start: {why}",
    "setup.default_name": "Burglar {n}",
    "side.basic": "Basic side",
    "side.advanced": "Advanced side",
    "scenario.office": "The Office Job (2 floors)",
    "scenario.bank": "The Bank Job (3 floors)",
    "scenario.fortknox": "Fort Knox (3 floors, 5x5)",
    "saves.title": "Saved games",
    "saves.none": "No saved game yet.",
    "saves.continue": "Continue",
    "saves.delete": "Delete",
    "saves.export": "Export",
    "saves.import": "Import a saved game",
    "saves.off": "Saving is off: this browser does not let the page keep data. You can still play.",
    "saves.full": "Saving failed (storage full?): this game is not saved any more.",
    "saves.entry": "{scenario}, {players}: {actions} actions, {status}",
    "saves.status.playing": "in progress",
    "saves.status.win": "won",
    "saves.status.loss": "lost",
    "saves.bad": "A saved game could not be loaded and was left untouched: {why}",
    "saves.imported": "Saved game imported.",
    "saves.import_bad": "This file is not a saved game we can read: {why}",
    "url.bad": "The game link could not be used: {why}. Set up a new heist below.",
    "game.new": "New game",
    "game.share": "Share link",
    "game.share_hint": "Anyone opening this link gets the same building:",
    "game.undo": "Undo",
    "game.undo_none": "Nothing to undo since the last reveal, roll or draw.",
    "game.routes": "Show guard paths",
    "game.routes_hide": "Hide guard paths",
    "game.floor": "Floor {n}",
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
    "game.decks": "Decks: {tools} tools, {loot} loot, {events} events",
    "game.event_at": "Event after {n} actions",
    "prompt.title": "Decide",
    "handover.title": "Pass the device",
    "handover.text": "It is {name}'s turn ({character}).",
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
    "token.hack": "{n} hack",
    "token.open": "open",
    "token.downstairs": "way down",
    "token.stealth": "{n} stealth token",
    "token.thermal": "hole from above",
    "token.dice": "{n} dice",
    "token.cracked": "cracked",
    "token.safe_open": "opened",
    "token.tool_taken": "tool taken",
    "token.disabled": "disabled",
    "token.number": "number {n}",
    "token.loot": "{name} here",
    "token.guard": "guard (speed {speed})",
    "token.guard_dest": "guard's destination",
    "token.route": "guard step {n}",
    "token.burglar": "{name}",
    "token.selected": "selected",
    # pending decisions
    "pending.alarm": "An alarm is about to go off.",
    "pending.alarm-tie": "Several alarms are equally close: which one does the guard go to?",
    "pending.stethoscope": "Use the Stethoscope to change a die?",
    "pending.default": "A choice is needed ({kind}).",
}


def _names(prefix: str, names: dict[str, tuple[str, str]]) -> None:
    for key, (name, help_text) in names.items():
        EN[f"{prefix}.{key}"] = name
        EN[f"{prefix}.{key}.help"] = help_text


_names(
    "kind",
    {
        "atrium": ("Atrium", "You can peek at the tile just above or below. A guard on those floors sees you."),
        "camera": ("Camera", "If you stand on a camera while a guard stands on another camera, the alarm rings."),
        "computer-fingerprint": ("Fingerprint PC", "Spend an action here to add a hack token for Fingerprint tiles."),
        "computer-laser": ("Laser PC", "Spend an action here to add a hack token for Laser tiles."),
        "computer-motion": ("Motion PC", "Spend an action here to add a hack token for Motion tiles."),
        "deadbolt": ("Deadbolt", "Entering costs 3 actions unless someone (burglar or guard) is already inside."),
        "detector": ("Detector", "Entering with a tool or loot rings the alarm."),
        "fingerprint": ("Fingerprint", "Entering rings the alarm unless you spend a hack token."),
        "foyer": ("Foyer", "A guard next door sees you here (no wall between)."),
        "keypad": ("Keypad", "Roll dice to open it; more dice each try this turn. Once open, it stays open."),
        "laboratory": ("Laboratory", "The first burglar to enter draws a tool."),
        "laser": ("Laser", "Entering rings the alarm unless you spend an extra action or a hack token."),
        "lavatory": ("Lavatory", "Holds stealth tokens that are lost before your own."),
        "motion": ("Motion", "Entering and leaving in the same turn rings the alarm unless hacked."),
        "secret-door": ("Secret door", "You can walk through the walls next to it."),
        "service-duct": ("Service duct", "Move between the two ducts of a floor in one step."),
        "thermo": ("Thermo", "Ending your turn here rings the alarm."),
        "walkway": ("Walkway", "If it is revealed by a peek you fall one floor down."),
        "stairs": ("Stairs", "Go up to the tile above; you can also come back down."),
        "safe": ("Safe", "Add dice and crack it by rolling the numbers of its row and column; open it for loot."),
    },
)
_names(
    "tool",
    {
        "blueprints": ("Blueprints", "Peek at any tile of your floor or next to it."),
        "crowbar": ("Crowbar", "Disable a Keypad, Deadbolt or alarm tile for good."),
        "crystal-ball": ("Crystal ball", "Look at the next events and put them back in your order."),
        "donuts": ("Donuts", "The guard of your floor skips his next move."),
        "dynamite": ("Dynamite", "Blow a wall next to you away; it makes noise."),
        "emp": ("E.M.P.", "Alarms and electronics stay off until your next turn."),
        "invisible-suit": ("Invisible suit", "Guards do not see you this turn."),
        "makeup-kit": ("Makeup kit", "Everyone on your tile gets one stealth back."),
        "rollerskates": ("Rollerskates", "Two more actions this turn."),
        "smoke-bomb": ("Smoke bomb", "Guards cannot see through the smoke: three hacks' worth of cover on your tile."),
        "stethoscope": ("Stethoscope", "Change one die of a safe roll."),
        "thermal-bomb": ("Thermal bomb", "Burn a hole to the tile below you; it rings the alarm."),
        "virus": ("Virus", "Put hack tokens on the computers."),
    },
)
_names(
    "loot",
    {
        "bust": ("Bust", "Heavy: its carrier cannot use tools."),
        "chihuahua": ("Chihuahua", "Barks on a 6 at the start of your turn: alarm on your tile."),
        "cursed-goblet": ("Cursed goblet", "Costs its carrier a stealth."),
        "gemstone": ("Gemstone", "Moving onto a tile with another burglar costs an extra action."),
        "gold-bar": ("Gold bar", "Comes in two; the second one stays on the tile."),
        "isotope": ("Isotope", "Thermo tiles ring when its carrier enters."),
        "keycard": ("Keycard", "Safes only crack for the keycard holder's floor."),
        "mirror": ("Mirror", "Laser tiles ignore its carrier's hack tokens."),
        "painting": ("Painting", "Too big for service ducts and secret doors."),
        "persian-kitty": ("Persian kitty", "May run off to an alarm tile at the start of your turn."),
        "stamp": ("Stamp", "One more event draw each turn."),
        "tiara": ("Tiara", "Guards next to you see you too."),
    },
)
_names(
    "event",
    {
        "brown-out": ("Brown out", "Every alarm goes quiet."),
        "buddy-system": ("Buddy system", "Move to another burglar's tile."),
        "change-of-plans": ("Change of plans", "The guard takes a new destination."),
        "crash": ("Crash", "Computers lose their hack tokens."),
        "daydreaming": ("Daydreaming", "The guard moves one step less."),
        "dead-drop": ("Dead drop", "Your loot goes to the next burglar."),
        "espresso": ("Espresso", "The guard takes one step now."),
        "freight-elevator": ("Freight elevator", "You ride up a floor."),
        "go-with-your-gut": ("Go with your gut", "You move one tile right away."),
        "gymnastics": ("Gymnastics", "One free extra action."),
        "heads-up": ("Heads up!", "The next burglar gets an extra action."),
        "jump-the-gun": ("Jump the gun", "The next burglar plays now."),
        "jury-rig": ("Jury rig", "A free hack token."),
        "keycode-change": ("Keycode change", "Open keypads close again."),
        "lampshade": ("Lampshade", "You gain a stealth."),
        "lost-grip": ("Lost grip", "You fall a floor."),
        "peekhole": ("Peekhole", "Peek at a tile above or below for free."),
        "reboot": ("Reboot", "Hack tokens come back."),
        "shift-change": ("Shift change", "Guards swap floors."),
        "shoplifting": ("Shoplifting", "Draw a tool from a lab."),
        "squeak": ("Squeak", "The guard comes one step towards you."),
        "switch-signs": ("Switch signs", "Guards go the other way round."),
        "throw-voice": ("Throw voice", "Move the guard's destination one tile."),
        "time-lock": ("Time lock", "Stairs are locked until your next turn."),
        "video-loop": ("Video loop", "Cameras are off for a while."),
        "where-is-he": ("Where is he?", "The guard jumps to his destination."),
    },
)
_names(
    "character",
    {
        "acrobat": ("Acrobat", ""),
        "hacker": ("Hacker", ""),
        "hawk": ("Hawk", ""),
        "juicer": ("Juicer", ""),
        "peterman": ("Peterman", ""),
        "raven": ("Raven", ""),
        "rigger": ("Rigger", ""),
        "rook": ("Rook", ""),
        "spotter": ("Spotter", ""),
    },
)
_names(
    "ability",
    {
        "flexibility": ("Flexibility", "Can share a tile with a guard and stay unseen if you leave at once."),
        "climb-window": ("Climb window", "Climb the outside wall to the floor above."),
        "jammer": ("Jammer", "Alarm tiles on your tile stay quiet while you stand there."),
        "laptop": ("Laptop", "Hack any tile from where you stand."),
        "x-ray": ("X-ray", "Peek through walls for free once a turn."),
        "enhance": ("Enhance", "Peek two tiles away."),
        "crybaby": ("Crybaby", "Set off an alarm on purpose to lure the guard."),
        "reroute": ("Reroute", "Move a guard's destination."),
        "steady-hands": ("Steady hands", "Roll an extra die when cracking."),
        "drill": ("Drill", "Add dice and crack safes above or below you."),
        "distract": ("Distract", "Place the crow: a guard passing it loses a step."),
        "disrupt": ("Disrupt", "Move the crow further."),
        "the-solution": ("The solution", "Draw tools more easily."),
        "tinker": ("Tinker", "Swap tools with the deck."),
        "orders": ("Orders", "Move another burglar."),
        "disguise": ("Disguise", "Swap places with a guard next to you."),
        "clairvoyance": ("Clairvoyance", "Look at the next patrol card."),
        "precognition": ("Precognition", "Look at the next event card."),
    },
)

EN.update(
    {
        # log lines, one per event
        "log.TurnStarted": "{player}'s turn: {actions} actions",
        "log.TurnEnded": "{player} ends the turn after {actions_taken} actions",
        "log.EntranceChosen": "The crew breaks in at {pos}",
        "log.TileRevealed": "{pos} is revealed: {kind}{number}",
        "log.PlayerEntered": "{player} enters at {pos}",
        "log.PlayerMoved": "{player} moves {src} -> {dst}",
        "log.MoveBlocked": "{player} cannot get into {pos} ({reason})",
        "log.Peeked": "{player} peeks at {pos}",
        "log.KeypadRolled": "Rolled {dice} at the keypad {pos}: {result}",
        "log.GuardPlaced": "A guard appears at {pos}",
        "log.GuardMoved": "Guard moves {src} -> {dst}",
        "log.GuardStarts": "The guard of floor {floor} sets off: {speed} steps",
        "log.GuardLost": "The guard of floor {floor} loses sight",
        "log.DestinationSet": "Guard of floor {floor} heads to {pos} ({why})",
        "log.PatrolDrawn": "Patrol card of floor {floor}: {card}",
        "log.PatrolReshuffled": "Patrol deck of floor {floor} reshuffled",
        "log.SpeedChanged": "The guard of floor {floor} now has speed {speed}",
        "log.AlarmRaised": "Alarm at {pos}",
        "log.AlarmAvoided": "No alarm at {pos} ({how})",
        "log.AlarmCleared": "Alarm at {pos} is off",
        "log.HackAdded": "Hack token added at {pos} ({tokens} now)",
        "log.HackSpent": "Hack token spent at {pos} ({tokens} left)",
        "log.StealthLost": "{player} loses a stealth ({left} left)",
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
        "log.DecisionNeeded": "A decision is needed",
        "log.GameWon": "The crew wins!",
        "log.GameLost": "The game is lost: {reason}",
        "log.ToolUsed": "{player} uses {tool}",
        "log.CardNoEffect": "{card} has no effect now",
        "log.ActionsGained": "{player} gains {actions} actions",
        "log.StealthGained": "{player} gains stealth ({stealth} now)",
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
        "act.for": " for {player}",
    }
)

_catalog = EN


def t(key: str, **params: Any) -> str:
    """The text of `key` with `{params}` filled in; an unknown key shows as itself."""
    text = _catalog.get(key, key)
    if params:
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def has(key: str) -> bool:
    return key in _catalog


def name_of(prefix: str, key: str) -> str:
    """Display name of a card/tile/character key ('tool', 'emp' -> 'E.M.P.')."""
    full = f"{prefix}.{key}"
    return _catalog[full] if full in _catalog else key.replace("-", " ").capitalize()


def card_name(key: str) -> str:
    """Any card-like key, whatever its deck."""
    for prefix in ("tool", "loot", "event", "ability", "kind", "character"):
        if f"{prefix}.{key}" in _catalog:
            return _catalog[f"{prefix}.{key}"]
    return key.replace("-", " ").capitalize()


def help_of(prefix: str, key: str) -> str:
    return _catalog.get(f"{prefix}.{key}.help", "")
