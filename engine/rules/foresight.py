"""Foresight: what the table can know about an action before taking it.

The page asks these before it plays an action (safety nets, the Safe panel), so that it
never guesses a rule itself. Every answer uses only what the players can see: a loss is
foreseen only when it follows without a hidden fact (a face-down tile, a die, a card) coming
to light first, and a Safe's chance counts only the revealed, uncracked numbers. A patrol
card the table saw on top (the Spotter's Clairvoyance, `Guard.seen_top`) is no hidden fact.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .actions import Action, ActionKind
from .characters import crack_bonus_dice, crow_holds_guard, crow_slows_guard
from .data import TileKind
from .events import (
    AlarmRaised,
    Event,
    EventDrawn,
    GameLost,
    GuardMoved,
    GuardPlaced,
    GuardSkipped,
    GuardSlowed,
    GuardStarts,
    KeypadRolled,
    LootDrawn,
    LootRolled,
    PatrolDrawn,
    PatrolReshuffled,
    SafeDiceRolled,
    SafeRolled,
    SpotterLooked,
    StealthLost,
    TileRevealed,
    ToolDrawn,
    TurnEnded,
)
from .kinds import GuardStay, Hazard, MoveCut, StealthLoss, TurnFlag
from .state import Step
from .view import GuardMove, SafeCell, SafeInfo

if TYPE_CHECKING:
    from .game import Game

# Events that bring a hidden fact to light: after one of them, what follows was not foreseeable.
HIDDEN_FACTS = (
    TileRevealed,
    KeypadRolled,
    SafeRolled,
    SafeDiceRolled,
    LootRolled,
    ToolDrawn,
    LootDrawn,
    EventDrawn,
    PatrolDrawn,
    PatrolReshuffled,
    SpotterLooked,
)


# Keys of `table_seen` beside the floors (which count from 0): how many Event cards the
# table saw on top, and the floor of the burglar whose turn it is (a Spotter looks at the
# patrol deck of her own floor, on her own turn).
_EVENT_DECK = -1
_LOOKER_FLOOR = -2


def table_seen(game: Game) -> dict[int, int]:
    """What the table saw on top of the decks (pass it to `unseen_facts` with an action's
    events): floor -> the patrol card the table saw on top of its deck (`Guard.seen_top`),
    `_EVENT_DECK` -> how many Event cards it saw on top (`State.events_seen`), if any, and
    `_LOOKER_FLOOR` -> the current burglar's floor, if he is inside."""
    st = game.state
    seen = {f: fl.guard.seen_top for f, fl in enumerate(st.floors) if fl.guard.seen_top is not None}
    if st.events_seen:
        seen[_EVENT_DECK] = st.events_seen
    pos = st.players[st.current].pos if st.players else None
    if pos is not None:
        seen[_LOOKER_FLOOR] = pos >> 6
    return seen


def _known_draw(event: Event, seen: dict[int, int]) -> bool:
    """`event` draws or looks at a card the table saw on top: it brings nothing to light. A
    drawn card leaves `seen` (a patrol card under it is not known; Event cards under it may
    be); a card looked at stays."""
    if isinstance(event, PatrolDrawn) and seen.get(event.floor) == event.card:
        del seen[event.floor]
        return True
    if isinstance(event, EventDrawn) and seen.get(_EVENT_DECK, 0) > 0:
        seen[_EVENT_DECK] -= 1
        return True
    if isinstance(event, SpotterLooked):
        if event.ability == "precognition":  # the Event deck's top card
            return seen.get(_EVENT_DECK, 0) > 0
        floor = seen.get(_LOOKER_FLOOR, _EVENT_DECK)
        return floor >= 0 and floor in seen
    return False


def unseen_facts(seen: dict[int, int], events: list[Event]) -> list[Event]:
    """The events among `events` that bring a hidden fact to light, `seen` being
    `table_seen` of the game before them: a card the table saw on top, drawn or looked at
    again, brings nothing. `seen` is used up."""
    return [e for e in events if isinstance(e, HIDDEN_FACTS) and not _known_draw(e, seen)]


def would_draw_event(game: Game) -> bool:
    """Ending the turn now draws an Event (the turn took too few actions and a card is left)."""
    return game.state.step == Step.ACTIONS and game.event_if_end_now()


_END = Action(ActionKind.END)


def next_guard_moves(game: Game) -> tuple[GuardMove, ...] | None:
    """The guard moves that ending the turn now starts (normally the one of the current
    burglar's floor), each cut where the table stops knowing; None while that cannot be told
    (a decision pending, the turn not in its actions, the game over).

    The engine itself walks him, on a copy of the game: the same code as the real move, so
    alarms, Donuts, the crow, Espresso and Daydreaming, Cameras on the way and catches all
    count exactly. If ending now draws an Event (`Game.would_draw_event`), this is his move
    as if the Event changed nothing: the copy has no Event to draw (even one the table saw on
    top: playing it may bring a card to light, Jury-rig's Tool, and cut his whole walk, while
    the page says the Event may change it). The copy reads the hidden
    state, so everything after the first hidden fact it brings to light (a patrol card the
    table did not see on top, a reshuffle) is dropped: the answer is the same for every game
    that looks the same.
    """
    st = game.state
    if st.step != Step.ACTIONS or st.pending is not None or _END not in game.legal_actions():
        return None
    trial = game.clone()
    trial.state.events = []
    trial.state.event_discard = []
    events = trial.apply(_END)
    seen = table_seen(game)
    moves: dict[int, _Walk] = {}
    moving: _Walk | None = None
    hidden: MoveCut = MoveCut.NONE
    for e in events:
        if isinstance(e, TurnEnded):
            break
        if isinstance(e, GuardStarts):  # its length is fixed before any card is drawn
            moving = moves.setdefault(e.floor, _Walk(e.floor))
            moving.steps = e.speed
        elif isinstance(e, GuardSkipped):
            moves[e.floor] = _Walk(e.floor, stays=e.why)
        elif hidden:
            continue
        elif e.reveals() and not _known_draw(e, seen):
            # A patrol card drawn once he walks: he reached his destination. Before he
            # walks, it is a lost guard coming back from a card.
            patrol = moving is not None and isinstance(e, (PatrolDrawn, PatrolReshuffled))
            hidden = MoveCut.PATROL if patrol else MoveCut.HIDDEN
        elif isinstance(e, GuardMoved) and moving is not None and e.floor == moving.floor:
            moving.walk.append(e.dst)
        elif isinstance(e, GuardSlowed) and moving is not None:
            moving.slowed += 1
        elif isinstance(e, GameLost):
            if moving is not None:
                moving.caught = True
            break
    if not hidden and trial.state.pending is not None:
        hidden = MoveCut.CHOICE
    return tuple(w.move(hidden) for w in moves.values())


class _Walk:
    """A guard's move as read from the copy's events."""

    __slots__ = ("caught", "floor", "slowed", "stays", "steps", "walk")

    def __init__(self, floor: int, stays: GuardStay = GuardStay.NONE) -> None:
        self.floor = floor
        self.steps = 0
        self.walk: list[int] = []
        self.slowed = 0
        self.caught = False
        self.stays = stays

    def move(self, hidden: MoveCut) -> GuardMove:
        left = self.steps - len(self.walk) - self.slowed
        if self.caught:
            return GuardMove(self.floor, self.steps, tuple(self.walk), 0, MoveCut.CAUGHT)
        if left <= 0 or self.stays:
            return GuardMove(self.floor, self.steps, tuple(self.walk), stays=self.stays)
        return GuardMove(self.floor, self.steps, tuple(self.walk), left, hidden or MoveCut.HIDDEN)


def would_lose(game: Game, action: Action | str) -> bool:
    """Playing `action` loses the game for certain, as far as the table can see.

    Played on a copy of the game; True only when the loss comes before any hidden fact is
    revealed (a tile, a roll, a card). Cheap when nobody could be caught: a burglar is only
    caught when a Stealth is lost with none left, so with everyone at 1 or more it is False.
    An illegal action is False (the page reports it when played).
    """
    st = game.state
    if st.step == Step.OVER:
        return False
    if all(p.stealth > 0 or p.escaped for p in st.players):
        return False
    if isinstance(action, str):
        try:
            action = Action.parse(action)
        except ValueError:
            return False
    if action not in game.legal_actions():
        return False
    trial = game.clone()
    try:
        events = trial.apply(action)
    except Exception:
        return False
    seen = table_seen(game)
    for event in events:
        if isinstance(event, HIDDEN_FACTS) and not _known_draw(event, seen):
            return False
        if isinstance(event, GameLost):
            return True
    return False


def hazards(game: Game, action: Action | str) -> tuple[Hazard, ...]:
    """The prices `action` is certain to pay, as far as the table can see (`Hazard`).

    A Move is tried on a copy of the game where a face-down target is a harmless room (what lies
    under it is not public) and a locked Keypad opens (its roll is not made yet): the prices of
    getting in, up to a guard set up by a patrol card nobody saw (on a floor entered first), a
    Stealth lost entering a guard's tile (not the Acrobat's free entry, not a token the tile
    offers instead), a Foyer or an Atrium a guard sees into, the Tiara held next to a guard, the
    alarm of a Motion room left the turn it was entered. Ending the actions is tried too, up to
    the first hidden fact (a card the table saw on top is none): a Thermo's alarm, Flexibility's
    price, the guard walking in on the burglar. When the Event ending draws comes with a hidden
    fact before he walks (the card itself, unseen; a Tool it draws), his walk is not certain: if
    his route (before his destination, at his speed) crosses the burglar's tile, that is
    `GUARD_PATH_END_EVENT`, which says the Event may change it. An illegal action, or one
    outside the actions step, has none."""
    st = game.state
    if st.step != Step.ACTIONS or st.pending is not None:
        return ()
    if isinstance(action, str):
        try:
            action = Action.parse(action)
        except ValueError:
            return ()
    me = st.current
    here = st.players[me].pos
    if here is None or action not in game.legal_actions():
        return ()
    if action.kind == ActionKind.END:
        return _end_hazards(game, me, here)
    if action.kind != ActionKind.MOVE:
        return ()
    trial = public_move_trial(game, action)
    out: list[Hazard] = []
    seen = table_seen(game)
    unseen_card = False
    for event in trial.apply(action):
        if isinstance(event, PatrolDrawn):
            unseen_card = not _known_draw(event, seen)
        elif isinstance(event, GuardPlaced) and unseen_card:
            break  # set up by a patrol card nobody saw: where he stands is not public
        elif isinstance(event, AlarmRaised) and event.pos == here and event.source == "motion":
            out.append(Hazard.MOTION_EXIT)
        elif isinstance(event, StealthLost) and event.player == me and not event.from_tile:
            if event.reason == StealthLoss.ENTERED_GUARD:
                out.append(Hazard.GUARD_TILE)
            elif event.reason in _SEEN_INTO:
                out.append(Hazard.WATCHED)
            elif event.reason == StealthLoss.TIARA:
                out.append(Hazard.TIARA_SEEN)
        elif isinstance(event, GameLost) and event.player == me:
            out.append(Hazard.CAUGHT)  # a token he does not have: seen, the crew loses
    return tuple(out)


# A guard sees into the tile stepped onto: next to a Foyer, above or below an Atrium.
_SEEN_INTO = frozenset({StealthLoss.FOYER, StealthLoss.ATRIUM})


def public_move_trial(game: Game, action: Action) -> Game:
    """A copy of `game` to try the Move `action` on for what the table can see of it: a
    face-down target is a harmless room (what lies under it is not public) and a locked
    Keypad opens (its roll is not made yet)."""
    trial = game.clone()
    if not trial.tile(action.pos).revealed:
        target = trial._mutable_tile(action.pos)  # the trial's own copy (tiles are shared)
        target.kind, target.number, target.tool_taken = TileKind.LABORATORY, 0, True
    elif trial.tile(action.pos).kind == TileKind.KEYPAD and not trial.tile(action.pos).open:
        # Priced as if it opens: the copy would roll the real dice, a roll nobody has made.
        trial._mutable_tile(action.pos).open = True
    return trial


def _end_hazards(game: Game, me: int, here: int) -> tuple[Hazard, ...]:
    out: list[Hazard] = []
    trial = game.clone()
    seen = table_seen(game)
    walked_in = False  # the guard surely walks in on him (after a Thermo's alarm too)
    caught = False  # ...or Flexibility's price, with no Stealth left: the crew loses
    cut = False  # a hidden fact came first: an Event nobody saw, a card it draws
    for event in trial.apply(Action(ActionKind.END)):
        if isinstance(event, HIDDEN_FACTS) and not _known_draw(event, seen):
            cut = True
            break
        if isinstance(event, AlarmRaised) and event.pos == here and event.source == "thermo":
            out.append(Hazard.THERMO_END)
        elif isinstance(event, StealthLost) and event.player == me and not event.from_tile:
            if event.reason == StealthLoss.FLEXIBILITY:
                out.append(Hazard.FLEXIBILITY_END)
            elif event.reason == StealthLoss.GUARD_ENTERS:
                walked_in = True
        elif isinstance(event, GameLost) and event.player == me:
            caught = True
    if caught:
        out.append(Hazard.CAUGHT)
    elif walked_in:
        out.append(Hazard.GUARD_PATH_END)
    elif (
        cut
        and Hazard.THERMO_END not in out  # the alarm it rings reroutes him: not his route now
        and would_draw_event(game)
        and here in certain_guard_walk(game, here >> 6)
        and not game._is_invisible(me)
        and game.tile(here).stealth == 0
    ):
        # His route crosses the tile, but the Event drawn first may change that.
        none_left = game.state.players[me].stealth == 0
        out.append(Hazard.CAUGHT_UNLESS_EVENT if none_left else Hazard.GUARD_PATH_END_EVENT)
    return tuple(out)


def certain_guard_walk(game: Game, floor: int) -> set[int]:
    """The tiles the floor's guard walks through when the current turn ends, should the
    Event drawn first change nothing (his route to his destination at his speed; past it, the
    next patrol card is hidden). Empty when he does not move this time (Donuts, the Crow,
    Shift Change, out of sight)."""
    st = game.state
    g = st.floors[floor].guard
    if (
        not g.placed
        or g.lost
        or g.donuts
        or g.pos is None
        or TurnFlag.SHIFT_CHANGE in st.turn_flags
        or crow_holds_guard(game, floor)
    ):
        return set()
    return set(route_walk(game, floor, game.guard_steps(floor))[0])


def route_walk(
    game: Game, floor: int, steps: int, stop: Callable[[int], bool] | None = None
) -> tuple[list[int], int]:
    """The tiles of his route the floor's guard enters with `steps` steps, each tile the
    crow slows him on costing one more (Distract), and the steps left at his destination
    (or at the first tile `stop` says turns him)."""
    out: list[int] = []
    for pos in game.guard_route(floor):
        if steps <= 0:
            break
        steps -= 1
        out.append(pos)
        if steps > 0 and crow_slows_guard(game, pos):
            steps -= 1
        if stop is not None and stop(pos):
            break
    return out, steps


def is_tool_use(action: Action | str) -> bool:
    """The action plays a Tool card (every Tool is discarded once used)."""
    if isinstance(action, str):
        try:
            action = Action.parse(action)
        except ValueError:
            return False
    return action.kind == ActionKind.USE


def safe_info(game: Game, safe: int) -> SafeInfo | None:
    """What the table knows of a revealed Safe: its row and column tiles, its dice, how many
    dice the current burglar would roll, and the chance that roll cracks one more tile.

    None when `safe` is not a revealed Safe. Face-down tiles show no number; only revealed,
    uncracked tiles can crack (their numbers are the ones that count).
    """
    tile = game.tile_at(safe)
    if tile is None or not tile.revealed or tile.kind != TileKind.SAFE:
        return None
    cells = []
    wanted: set[int] = set()
    for pos in game.combination(safe):
        t = game.tile_at(pos)
        if t is None:
            continue
        cells.append(
            SafeCell(
                pos=pos,
                revealed=t.revealed,
                number=t.number if t.revealed else None,
                cracked=t.cracked,
                safe=t.revealed and t.kind == TileKind.SAFE,
            )
        )
        if t.revealed and not t.cracked and t.kind != TileKind.SAFE and t.number:
            wanted.add(t.number)
    st = game.state
    bonus = crack_bonus_dice(game, st.current) if tile.dice else 0
    rolled = tile.dice + bonus
    # The Stethoscope turns one die to any face before the roll counts (`Kernel._crack`).
    stethoscope = game._may_turn_a_die(st.current)
    if not (rolled and wanted):
        chance = 0.0
    elif stethoscope:
        chance = 1.0
    else:
        chance = 1.0 - ((6 - len(wanted)) / 6) ** rolled
    return SafeInfo(
        pos=safe,
        cells=tuple(cells),
        dice=tile.dice,
        bonus=bonus,
        rolled=rolled,
        wanted=tuple(sorted(wanted)),
        chance=chance,
        open=tile.safe_open,
        stethoscope=stethoscope,
    )
