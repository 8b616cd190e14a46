"""The kinds that cross the engine's boundary, as `StrEnum`s.

Every member's value is the text the state and its JSON have always held, so saved games
and the page read exactly the same strings; code on both sides of the boundary (the page,
its tests, a bot) loops over these enums instead of copying strings.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class DecisionKind(StrEnum):
    """A choice the rules leave to the players (`State.pending.kind`)."""

    ALARM = "alarm"  # an alarm would go off: hack, laptop, pay or trigger
    ALARM_TIE = "alarm-tie"  # two alarms equally close: which one the guard heads for
    CRYSTAL_BALL = "crystal-ball"  # the order of the top Event cards
    VIRUS = "virus"  # which Computer gets the next hack token
    KITTY = "kitty"  # where the Persian Kitty runs
    BUDDY = "buddy"  # Buddy System: who joins you
    GUT = "gut"  # Go With Your Gut: which face-down tile
    PEEKHOLE = "peekhole"  # Peekhole: which tile to reveal (or none)
    SQUEAK = "squeak"  # Squeak: towards which burglar the guard steps
    SWITCH_ALARM = "switch-alarm"  # Switch Signs with alarms: which alarm
    WHERE_ALARM = "where-alarm"  # Where Is He? with alarms: which alarm
    THROW_VOICE = "throw-voice"  # Throw Voice: the guard's new destination
    SHIFT_ORDER = "shift-order"  # Shift Change: the order the other guards move in
    STETHOSCOPE = "stethoscope"  # turn one die of a Crack to another face, or keep
    CLAIRVOYANCE = "clairvoyance"  # the Spotter: the patrol card on top or bottom
    PRECOGNITION = "precognition"  # the Spotter: the Event card on top or bottom
    RIGGER_DRAW = "rigger-draw"  # the Rigger's team: keep one of two Tools drawn
    RIGGER_OFFER = "rigger-offer"  # the Rigger's team: draw two Tools (keep one) or one
    TILE_STEALTH = "tile-stealth"  # a Stealth token from the tile (Lavatory, Smoke) or own


# Decisions whose options or data show the deciding player something hidden (a card of a
# deck, dice): the action that asked them cannot be taken back.
HIDDEN_DECISIONS = frozenset(
    {
        DecisionKind.CRYSTAL_BALL,
        DecisionKind.STETHOSCOPE,
        DecisionKind.CLAIRVOYANCE,
        DecisionKind.PRECOGNITION,
        DecisionKind.RIGGER_DRAW,
    }
)


class Hazard(StrEnum):
    """A price an action is certain to pay, from what the table can see (`Game.hazards`):
    the page warns before it, the hints name it. `GUARD_PATH_END_EVENT` and
    `CAUGHT_UNLESS_EVENT` alone are certain but for the Event that ending draws first (its
    card unseen), and say so. A price in Stealth the burglar has no token left to pay is
    `CAUGHT` (or `CAUGHT_UNLESS_EVENT`): seen with none left, the crew loses."""

    GUARD_TILE = "guard-tile"  # a Move into a guard's tile: a Stealth token
    # Ending the actions in a guard's tile Flexibility let the Acrobat into: a Stealth token.
    FLEXIBILITY_END = "flexibility-end"
    WATCHED = "watched"  # a Move into a Foyer or an Atrium a guard sees into: a Stealth token
    TIARA_SEEN = "tiara-seen"  # a Move next to a guard, holding the Tiara: a Stealth token
    MOTION_EXIT = "motion-exit"  # leaving a Motion room entered this turn: its alarm
    THERMO_END = "thermo-end"  # ending the actions on a Thermo: its alarm
    GUARD_PATH_END = "guard-path-end"  # ending where the guard surely walks: a Stealth token
    CAUGHT = "caught"  # any of those with no Stealth left: seen, and the crew loses
    # Ending on the guard's route when the Event drawn first might change his walk.
    GUARD_PATH_END_EVENT = "guard-path-end-event"
    CAUGHT_UNLESS_EVENT = "caught-unless-event"  # that with no Stealth left: the crew loses


class EffectKind(StrEnum):
    """A queued step of rule resolution (`State.queue[i].kind`)."""

    ALARM = "alarm"  # an alarm would go off at a position
    RETARGET = "retarget"  # a floor's guard picks his destination again
    GUARD_MOVE = "guard-move"  # a floor's guard moves (or goes on moving)
    END_THERMO = "end-thermo"  # end of actions: Thermo tile, Flexibility
    EVENT_CHECK = "event-check"  # end of actions: too few actions draw an Event
    GUARD_TURN = "guard-turn"  # end of actions: the guard of the floor moves
    NEXT_TURN = "next-turn"  # the next burglar's turn starts
    TILE_STEALTH = "tile-stealth"  # a Stealth to lose where the tile holds some: ask which


class TurnFlag(StrEnum):
    """Facts about the current turn (`State.turn_flags`), cleared as a turn starts."""

    ACTED = "acted"  # an action other than end/choose was taken (Disguise is first only)
    INVISIBLE = "invisible"  # the Invisible Suit is on
    SHIFT_CHANGE = "shift-change"  # Shift Change: the other floors' guards move
    USED_X_RAY = "used:x-ray"  # once-per-turn abilities, once used
    USED_ENHANCE = "used:enhance"
    USED_REROUTE = "used:reroute"
    USED_ORDERS = "used:orders"
    USED_CLAIRVOYANCE = "used:clairvoyance"
    USED_PRECOGNITION = "used:precognition"
    USED_CROW = "used:crow"  # R83: Distract again only after the Raven spends an action
    FLEXED = "flexed"  # Flexibility: the Acrobat stepped into a guard's tile for free

    @classmethod
    def used(cls, ability: str) -> TurnFlag:
        """The flag marking a once-per-turn ability as used: `used('x-ray')`."""
        return ABILITY_USED[ability]


# ability name -> the flag marking it used this turn
ABILITY_USED = {f.removeprefix("used:"): f for f in TurnFlag if f.startswith("used:")}


class Lasting(StrEnum):
    """Card effects that last until their owner's next turn (`State.lasting` keys)."""

    EMP = "emp"
    TIME_LOCK = "time-lock"
    VIDEO_LOOP = "video-loop"
    GYMNASTICS = "gymnastics"


class Result(StrEnum):
    """How the game stands (`State.outcome`)."""

    PLAYING = ""
    WIN = "win"
    LOSS = "loss"


class EndReason(StrEnum):
    """Why the game ended; a loss also names the cause (`State.reason` is 'caught:<cause>')."""

    NONE = ""
    ESCAPED = "escaped"
    CAUGHT = "caught"


class NoEffect(StrEnum):
    """Why a card can do nothing right now (`CardNoEffect.reason`)."""

    NO_COMPUTER = "no-computer"  # Virus: no Computer revealed
    NO_ALARM_TILE = "no-alarm-tile"  # Persian Kitty: no alarm tile revealed
    NO_ALARM = "no-alarm"  # Brown Out: no alarm to clear
    NOBODY = "nobody"  # no other burglar to act with or give to
    EMPTY_HANDS = "empty-hands"  # Dead Drop: nothing to pass
    NO_GUARD = "no-guard"  # the floor's guard is not on the board
    ALREADY_THERE = "already-there"  # Squeak: the guard already stands with the burglar
    ALARM_ACTIVE = "alarm-active"  # an alarm decides the guard's destination
    LOOT_MISSING = "loot-missing"  # Freight Elevator: no Loot to send up
    NOTHING_UNREVEALED = "nothing-unrevealed"  # no face-down tile to choose
    NO_OPEN_KEYPAD = "no-open-keypad"  # Keycode Change: no opened Keypad
    GROUND_FLOOR = "ground-floor"  # Lost Grip: already on the ground floor
    NOTHING_TO_RESET = "nothing-to-reset"  # Reboot: no hack tokens to reset
    NO_LABORATORY = "no-laboratory"  # no Laboratory revealed
    NO_OTHER_GUARD = "no-other-guard"  # Shift Change: no guard on another floor


class Blocked(StrEnum):
    """Why a move was spent but the burglar stays (`MoveBlocked.reason`)."""

    DEADBOLT = "deadbolt"
    KEYPAD = "keypad"


class Avoided(StrEnum):
    """How an alarm that would go off did not (`AlarmAvoided.how`)."""

    EMP = "emp"  # E.M.P. is on
    ALREADY = "already"  # the tile's alarm is already on
    GUARD_PRESENT = "guard-present"  # the guard stands on the tile
    HACK = "hack"  # a hack token spent
    PAID = "paid"  # an action spent (Fingerprint with the Hacker, ...)
    LAPTOP = "laptop"  # the Hacker's laptop token spent


class StealthLoss(StrEnum):
    """Why a burglar loses a Stealth (`StealthLost.reason`); with none left it is the cause
    of the loss (`GameLost.reason`, `State.reason` 'caught:<cause>', `Outcome.cause`)."""

    ENTERED_GUARD = "entered-guard"  # moved into a guard's tile
    GUARD_ENTERS = "guard-enters"  # a guard moved into the burglar's tile
    SURPRISE = "surprise"  # a guard back from Lost Visual appeared on the burglar's tile
    GUARD_PLACED = "guard-placed"  # a guard set up or put by a card on the burglar's tile
    FOYER = "foyer"  # a guard saw into the Foyer (engine/rules/tiles.py WATCHED)
    ATRIUM = "atrium"  # a guard saw into the Atrium from above or below
    TIARA = "tiara"  # the Tiara with a guard next door
    FLEXIBILITY = "flexibility"  # the Acrobat's free entry into a guard's tile
    CURSED_GOBLET = "cursed-goblet"
    TINKER = "tinker"  # the Rigger's Tinker price


class Destination(StrEnum):
    """Why a guard heads where he does (`DestinationSet.why`)."""

    PATROL = "patrol"  # the patrol card drawn
    ALARM = "alarm"  # the closest alarm
    CRASH = "crash"  # Crash: towards the burglar's tile
    THROW_VOICE = "throw-voice"  # Throw Voice: moved one tile
    SWITCH_SIGNS = "switch-signs"  # Switch Signs: he swaps position and destination


class Deck(StrEnum):
    """A deck that ran out (`DeckEmpty.deck`)."""

    TOOLS = "tools"
    LOOT = "loot"


class MoveCut(StrEnum):
    """Why the certain part of a guard's next move ends before his last step
    (`GuardMove.cut`): what he does after it waits on something the table cannot know yet."""

    NONE = ""  # the whole move is certain
    PATROL = "patrol"  # he reaches his destination and a patrol card is drawn
    HIDDEN = "hidden"  # another hidden fact first (a lost guard comes back from a card)
    CHOICE = "choice"  # the players must decide something first (an alarm tie, ...)
    CAUGHT = "caught"  # he catches a burglar: the game ends there


class GuardStay(StrEnum):
    """Why a guard who would move stays put (`GuardSkipped.why`, `GuardMove.stays`)."""

    NONE = ""  # he moves
    DONUTS = "donuts"  # Donuts: the guard of that floor skips his move
    CROW = "crow"  # the Raven's crow stops him before he leaves its tile


class Reach(StrEnum):
    """How the current burglar's actions reach a tile (`TileOffer.reach`): how the board
    marks it."""

    NONE = ""  # no action aims at it (it only lists the way to another floor)
    MOVE = "move"  # a Move, a Peek or the entrance aims at it
    TOOL = "tool"  # only a Tool or an ability aims at it


class Reveal(StrEnum):
    """What hidden information an event makes public (an undo checkpoint unless NOTHING)."""

    NOTHING = ""
    TILE = "tile"  # a face-down tile turned up
    ROLL = "roll"  # dice rolled
    DRAW = "draw"  # a card drawn, or a deck shuffled
    LOOK = "look"  # a hidden card shown to a player


@dataclass(frozen=True, slots=True, eq=False)
class Outcome:
    """How the game ended: `Game.outcome`.

    `result` is Result.PLAYING until the end; `reason` says why it ended; `player` is the
    burglar caught (a loss) or -1; `cause` what caught them ('foyer', 'entered-guard'...).
    For code written when `outcome` was a string, an Outcome equals its result's text:
    `game.outcome == "win"` still works.
    """

    result: Result = Result.PLAYING
    reason: EndReason = EndReason.NONE
    player: int = -1
    cause: str = ""

    @property
    def code(self) -> str:
        """The state's text for it: '', 'escaped' or 'caught:<cause>'."""
        return f"{self.reason}:{self.cause}" if self.cause else self.reason.value

    def _key(self) -> tuple[str, str, int, str]:
        return (self.result.value, self.reason.value, self.player, self.cause)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Outcome):
            return self._key() == other._key()
        if isinstance(other, str):
            return self.result.value == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.result.value)  # equal to its result's text: hashes alike

    def __bool__(self) -> bool:
        return self.result is not Result.PLAYING

    def __str__(self) -> str:
        return self.result.value
