"""The redacted view: the only thing the UI renders.

It shows what players at the table can see and nothing else: a face-down tile is just a
face-down tile (its kind and number stay hidden), decks show their size but not their
order, and the RNG state is absent. Patrol discard piles are public, as at the table.

`typed_view(game)` gives it as frozen records (`GameView`, `FloorView`, `TileView`,
`GuardView`, `PlayerView`, `PendingView`, `DecksView`) whose fields are typed with the
engine's enums, positions and `Action`s; `view(game)` is the same thing as plain JSON-friendly
data, `typed_view(game).to_dict()`:

    >>> from engine import Setup, new_game
    >>> game = new_game(Setup(seed=7))
    >>> v = typed_view(game)
    >>> v.floors[0].tiles[0].name, v.floors[0].tiles[0].revealed
    ('1.A1', False)
    >>> v.to_dict() == view(game)
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from .. import __version__
from .actions import Action, ActionKind, pos_text
from .data import (
    LOST_VISUAL,
    ROW_STRIDE,
    Character,
    EventCard,
    Loot,
    ScenarioId,
    Side,
    TileKind,
    Tool,
    cell_name,
)
from .decisions import Payload, payload_of
from .kinds import DecisionKind, GuardStay, MoveCut, Outcome, Reach, Result, TurnFlag
from .state import Decision, Step, cell_of, floor_of, seen_events

if TYPE_CHECKING:
    from .game import Game


def _card_text(card: int) -> str:
    return "lost-visual" if card == LOST_VISUAL else pos_text(card)


@dataclass(frozen=True, slots=True)
class TileView:
    """One square of a floor as the table sees it.

    `empty` is the Fort Knox empty square (no tile at all). A face-down tile shows only its
    public tokens; `kind` is None and the other fields keep their defaults until revealed.
    """

    pos: int
    name: str  # '2.B3'
    cell: str  # 'B3'
    row: int
    col: int
    empty: bool = False
    revealed: bool = False
    downstairs: bool = False
    loot: tuple[Loot, ...] = ()  # tokens on a face-down tile are public too (a Kitty)
    thermal: bool = False
    kind: TileKind | None = None
    number: int = 0
    cracked: bool = False
    alarm: bool = False
    hack: int = 0
    open: bool = False
    stealth: int = 0
    dice: int = 0
    safe_open: bool = False
    tool_taken: bool = False
    disabled: bool = False

    @property
    def floor(self) -> int:
        return floor_of(self.pos)

    @property
    def cell_index(self) -> int:
        """The cell's index in the floor's grid (the numbers walls are written with)."""
        return cell_of(self.pos)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "pos": self.pos,
            "name": self.name,
            "cell": self.cell,
            "row": self.row,
            "col": self.col,
            "empty": self.empty,
        }
        if self.empty:
            return out
        out.update(
            revealed=self.revealed,
            downstairs=self.downstairs,
            loot=[x.value for x in self.loot],
            thermal=self.thermal,
        )
        if self.revealed:
            assert self.kind is not None
            out.update(
                kind=self.kind.value,
                number=self.number,
                cracked=self.cracked,
                alarm=self.alarm,
                hack=self.hack,
                open=self.open,
                stealth=self.stealth,
                dice=self.dice,
                safe_open=self.safe_open,
                tool_taken=self.tool_taken,
                disabled=self.disabled,
            )
        return out


@dataclass(frozen=True, slots=True)
class GuardMove:
    """A guard's next move as the table can foresee it: what the engine will walk if the
    turn ended now, up to the first thing the table cannot know yet.

    `walk` is exact: the tiles he enters, in order. `unknown` steps (at most that many: the
    crow or a catch may shorten them) follow it, toward a place that waits on `cut` (a patrol
    card to draw, a choice to make). `stays` says why he does not move at all (Donuts, the
    crow; then `steps` is 0).
    """

    floor: int
    steps: int  # the move's length: his die + one per alarm on his floor + this turn's cards
    walk: tuple[int, ...]
    unknown: int = 0
    cut: MoveCut = MoveCut.NONE
    stays: GuardStay = GuardStay.NONE

    def to_dict(self) -> dict[str, object]:
        return {
            "floor": self.floor,
            "steps": self.steps,
            "walk": list(self.walk),
            "unknown": self.unknown,
            "cut": self.cut.value,
            "stays": self.stays.value,
        }


@dataclass(frozen=True, slots=True)
class GuardView:
    pos: int | None  # None: not placed yet, or lost (Lost Visual)
    dest: int | None
    speed: int
    alarms: int  # alarm tokens on his floor
    placed: bool
    lost: bool
    patrol_left: int
    patrol_discard: tuple[str, ...]  # position texts or 'lost-visual'
    route: tuple[int, ...]  # the positions he will walk through to his destination
    # His move if the turn ended now (the engine's own walk, cut where the table stops
    # knowing); None when he does not move then, or while that cannot be told (a decision).
    next: GuardMove | None = None
    # The top patrol card the table saw (the Spotter kept it on top), as a position text or
    # 'lost-visual'; None: not known.
    seen_top: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "pos": self.pos,
            "dest": self.dest,
            "speed": self.speed,
            "alarms": self.alarms,
            "placed": self.placed,
            "lost": self.lost,
            "patrol_left": self.patrol_left,
            "patrol_discard": list(self.patrol_discard),
            "route": list(self.route),
            "next": None if self.next is None else self.next.to_dict(),
            "seen_top": self.seen_top,
        }


@dataclass(frozen=True, slots=True)
class FloorView:
    floor: int  # 0 is the ground floor
    tiles: tuple[TileView, ...]  # row by row
    walls: tuple[tuple[int, int], ...]  # sorted (a, b) cell index pairs
    guard: GuardView

    def to_dict(self) -> dict[str, Any]:
        return {
            "floor": self.floor,
            "tiles": [t.to_dict() for t in self.tiles],
            "walls": [list(w) for w in self.walls],
            "guard": self.guard.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class PlayerView:
    index: int
    name: str
    character: Character
    side: Side
    pos: int | None  # None before the first turn and after escaping
    entered: bool
    escaped: bool
    stealth: int
    tools: tuple[Tool, ...]
    loot: tuple[Loot, ...]
    hack: int  # the Hacker's Laptop token
    alarm_held: bool  # the Juicer's picked-up alarm

    @property
    def floor(self) -> int | None:
        """The floor they stand on (0 is the ground floor), None when not in the building."""
        return None if self.pos is None else floor_of(self.pos)

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "name": self.name,
            "character": self.character.value,
            "side": self.side.value,
            "pos": self.pos,
            "entered": self.entered,
            "escaped": self.escaped,
            "stealth": self.stealth,
            "tools": [t.value for t in self.tools],
            "loot": [x.value for x in self.loot],
            "hack": self.hack,
            "alarm_held": self.alarm_held,
        }


@dataclass(frozen=True, slots=True)
class PendingView:
    """The decision the current player must answer; `payload` names its fields by kind."""

    kind: DecisionKind
    options: tuple[str, ...]
    pos: int
    floor: int
    source: str
    n: int
    # What the deciding player is shown: a Crack's dice, the card the Spotter saw...
    data: tuple[str, ...]
    payload: Payload

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "options": list(self.options),
            "pos": self.pos,
            "floor": self.floor,
            "source": self.source,
            "n": self.n,
            "data": list(self.data),
        }


@dataclass(frozen=True, slots=True)
class DecksView:
    tools: int  # cards left in each deck (their order stays hidden)
    loot: int
    events: int
    event_discard: tuple[EventCard, ...]
    # The Event cards the crew saw on top (Precognition, a Crystal Ball), the next first.
    events_seen: tuple[EventCard, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "tools": self.tools,
            "loot": self.loot,
            "events": self.events,
            "event_discard": [e.value for e in self.event_discard],
            "events_seen": [e.value for e in self.events_seen],
        }


@dataclass(frozen=True, slots=True)
class SafeCell:
    """One tile of a Safe's row or column as the table sees it (no number while face down)."""

    pos: int
    revealed: bool
    number: int | None
    cracked: bool
    safe: bool  # another Safe (Fort Knox): it has no number to crack


@dataclass(frozen=True, slots=True)
class SafeInfo:
    """What the table knows of a revealed Safe, for the page's Safe panel."""

    pos: int
    cells: tuple[SafeCell, ...]
    dice: int  # dice added to the Safe
    bonus: int  # extra dice the current burglar would roll
    rolled: int
    wanted: tuple[int, ...]  # numbers still to crack, smallest first
    chance: float  # that one roll cracks at least one more tile
    open: bool
    stethoscope: bool = False  # the current burglar may turn one die (so the chance is sure)


@dataclass(frozen=True, slots=True)
class TileOffer:
    """What one tile offers the current burglar: the actions a click on it lists.

    `actions` are those aimed at the tile, in the engine's order; on the burglar's own tile
    they also hold, in that order, the actions aimed at another floor (`away`: the Stairs
    up, a Walkway drop, an Atrium peek), so that the tile they stand on offers the way up
    or down. `reach` says how the board marks the tile."""

    pos: int
    actions: tuple[Action, ...]
    reach: Reach
    away: frozenset[Action] = frozenset()


# Actions that walk or look where they aim: the tiles they reach are marked as moves.
_MOVE_KINDS = frozenset({ActionKind.MOVE, ActionKind.PEEK, ActionKind.ENTER})


def offers_of(
    legal: tuple[Action, ...], here: int | None
) -> tuple[dict[int, TileOffer], tuple[Action, ...], tuple[Action, ...]]:
    """The legal actions sorted as the table shows them: (what each tile offers, by
    position; the actions aimed at no tile; the pending decision's options)."""
    by_tile: dict[int, list[Action]] = {}
    away: dict[int, set[Action]] = {}
    reach: dict[int, Reach] = {}
    other: list[Action] = []
    choices: list[Action] = []
    here_floor = -1 if here is None else floor_of(here)
    for action in legal:
        kind, pos = action.kind, action.pos
        if kind == ActionKind.CHOOSE:
            choices.append(action)
            continue
        if pos < 0:
            other.append(action)
            continue
        by_tile.setdefault(pos, []).append(action)
        if kind in _MOVE_KINDS:
            reach[pos] = Reach.MOVE
        elif pos not in reach:
            reach[pos] = Reach.TOOL
        if here is not None and floor_of(pos) != here_floor:
            by_tile.setdefault(here, []).append(action)
            away.setdefault(here, set()).add(action)
    offers = {
        pos: TileOffer(
            pos, tuple(actions), reach.get(pos, Reach.NONE), frozenset(away.get(pos, ()))
        )
        for pos, actions in by_tile.items()
    }
    return offers, tuple(other), tuple(choices)


@dataclass(frozen=True, slots=True)
class GameView:
    engine: str  # the engine's version
    scenario: ScenarioId
    size: int
    floors: tuple[FloorView, ...]
    players: tuple[PlayerView, ...]
    current: int
    turn: int
    step: Step
    entrance: int | None
    crow: int | None  # the Raven's crow token, a position or None
    actions_left: int
    actions_taken: int
    event_threshold: int
    # Whether ending the turn now draws an Event: the engine's own check, so the page need
    # not guess from the threshold.
    event_if_end_now: bool
    # The Event that ending now draws, when the table saw it on top (`DecksView.events_seen`);
    # None otherwise.
    end_event: EventCard | None
    pending: PendingView | None
    outcome: Result
    reason: str
    decks: DecksView
    legal: tuple[Action, ...]
    # How the game ended: the burglar caught (`end.player`, -1 for none) and what caught
    # them (`end.cause`); a falsy record while playing.
    end: Outcome
    # The current burglar has acted this turn (anything but ending or answering a decision):
    # until then the turn is fresh, and a link sent now opens ready for them to play it.
    acted: bool
    safes: tuple[SafeInfo, ...]  # every revealed Safe, as its panel shows it
    # The legal actions as the table shows them (`offers_of`), so the page sorts nothing:
    # what each tile offers (a tile without an entry offers nothing), the actions aimed at
    # no tile (End turn, Hack...) and the pending decision's options.
    offers: Mapping[int, TileOffer] = field(default_factory=dict)
    other: tuple[Action, ...] = ()
    choices: tuple[Action, ...] = ()

    @property
    def me(self) -> PlayerView:
        """The current player."""
        return self.players[self.current]

    @property
    def legal_texts(self) -> list[str]:
        """The legal actions' canonical texts, in the engine's order."""
        return [str(a) for a in self.legal]

    def to_dict(self) -> dict[str, Any]:
        return {
            "engine": self.engine,
            "scenario": self.scenario.value,
            "size": self.size,
            "floors": [f.to_dict() for f in self.floors],
            "players": [p.to_dict() for p in self.players],
            "current": self.current,
            "turn": self.turn,
            "step": self.step.value,
            "entrance": self.entrance,
            "crow": self.crow,
            "actions_left": self.actions_left,
            "actions_taken": self.actions_taken,
            "event_threshold": self.event_threshold,
            "event_if_end_now": self.event_if_end_now,
            "end_event": None if self.end_event is None else self.end_event.value,
            "pending": None if self.pending is None else self.pending.to_dict(),
            "outcome": self.outcome,
            "reason": self.reason,
            "decks": self.decks.to_dict(),
            "legal": self.legal_texts,
            "end": {
                "result": self.end.result.value,
                "reason": self.end.reason.value,
                "player": self.end.player,
                "cause": self.end.cause,
            },
            "acted": self.acted,
            "safes": [asdict(s) for s in self.safes],
        }


def pending_view(d: Decision) -> PendingView:
    """The table's view of a pending decision (all of it is shown to the deciding player)."""
    return PendingView(
        kind=d.kind,
        options=tuple(d.options),
        pos=d.pos,
        floor=d.floor,
        source=d.source,
        n=d.n,
        data=tuple(d.data),
        payload=payload_of(d),
    )


def typed_view(game: Game) -> GameView:
    """What the players may see, as typed frozen records."""
    st = game.state
    moving = {m.floor: m for m in game.next_guard_moves() or ()}
    event_now = game.event_if_end_now()
    seen = seen_events(st)
    floors = []
    for f, fl in enumerate(st.floors):
        tiles = []
        for row in range(st.size):
            for col in range(st.size):
                cell = row * ROW_STRIDE + col
                t = fl.tiles[cell]
                pos = (f << 6) | cell
                name, cname = pos_text(pos), cell_name(cell)
                if t is None:
                    tiles.append(TileView(pos, name, cname, row, col, empty=True))
                elif not t.revealed:
                    tiles.append(
                        TileView(
                            pos,
                            name,
                            cname,
                            row,
                            col,
                            downstairs=t.downstairs,
                            loot=tuple(t.loot),
                            thermal=t.thermal,
                        )
                    )
                else:
                    tiles.append(
                        TileView(
                            pos,
                            name,
                            cname,
                            row,
                            col,
                            revealed=True,
                            downstairs=t.downstairs,
                            loot=tuple(t.loot),
                            thermal=t.thermal,
                            kind=t.kind,
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
                    )
        g = fl.guard
        guard = GuardView(
            pos=g.pos,
            dest=g.dest,
            speed=g.speed,
            alarms=len(game.alarms(f)),
            placed=g.placed,
            lost=g.lost,
            patrol_left=len(g.patrol),
            patrol_discard=tuple(_card_text(c) for c in g.discard),
            route=tuple(game.guard_route(f)),
            next=moving.get(f),
            seen_top=None if g.seen_top is None else _card_text(g.seen_top),
        )
        walls = tuple((a, b) for a, b in fl.walls)
        floors.append(FloorView(f, tuple(tiles), walls, guard))
    players = tuple(
        PlayerView(
            index=i,
            name=p.name,
            character=p.character,
            side=p.side,
            pos=p.pos,
            entered=p.entered,
            escaped=p.escaped,
            stealth=p.stealth,
            tools=tuple(p.tools),
            loot=tuple(p.loot),
            hack=p.hack,
            alarm_held=p.alarm_held,
        )
        for i, p in enumerate(st.players)
    )
    pending = None if st.pending is None else pending_view(st.pending)
    legal = tuple(game.legal_actions())
    offers, other, choices = offers_of(legal, st.players[st.current].pos)
    return GameView(
        engine=__version__,
        scenario=st.scenario,
        size=st.size,
        floors=tuple(floors),
        players=players,
        current=st.current,
        turn=st.turn,
        step=st.step,
        entrance=st.entrance,
        crow=st.crow,
        actions_left=st.actions_left,
        actions_taken=st.actions_taken,
        event_threshold=game.event_threshold(st.current),
        event_if_end_now=event_now,
        end_event=seen[-1] if event_now and seen else None,
        pending=pending,
        outcome=st.outcome,
        reason=st.reason,
        decks=DecksView(
            tools=len(st.tools),
            loot=len(st.loot),
            events=len(st.events),
            event_discard=tuple(st.event_discard),
            events_seen=tuple(reversed(seen)),
        ),
        legal=legal,
        end=game.outcome,
        acted=TurnFlag.ACTED in st.turn_flags,
        safes=tuple(
            info
            for f, fl in enumerate(st.floors)
            for cell, t in enumerate(fl.tiles)
            if t is not None
            and t.revealed
            and t.kind == TileKind.SAFE
            and (info := game.safe_info((f << 6) | cell)) is not None
        ),
        offers=offers,
        other=other,
        choices=choices,
    )


def view(game: Game) -> dict[str, Any]:
    """The view as plain JSON-friendly data (what `Game.view()` returns)."""
    return typed_view(game).to_dict()
