"""Explicit small setups for rule tests: place tiles, walls, guards and players by hand.

    t = Table(players=1)                       # Bank Job shape, no walls, all tiles neutral
    t.tile("1.B1", K.FINGERPRINT)              # a revealed Fingerprint at B1 on floor 1
    t.player(0, "1.A1")                        # burglar 1 stands on A1
    t.guard(0, at="1.D4", dest="1.D1")         # floor 1's guard
    g = t.game()                               # a Game in the ACTIONS step of burglar 1
    g.apply("move 1.B1")

Burglars are the Spotter, Rook, Hawk and Raven unless `characters=` says otherwise (their
abilities act only when used). Every tile starts as a face-down, inert room (a Laboratory
whose tool is already taken), so only what a test places can matter; the Event deck starts
empty (stack one with `events`). Dice are scripted with `t.dice(6, 2, ...)`; decks are
stacked top-first. The building breaks the box's tile counts on purpose: never call
`check_state` on a Table game.
"""

from __future__ import annotations

import copy

from engine import PlayerSetup, ScenarioId, Setup, new_game
from engine.rules.actions import parse_pos
from engine.rules.data import Character, EventCard, Loot, Side, TileKind, Tool, cell_index
from engine.rules.game import Game, IllegalActionError
from engine.rules.rng import Rng
from engine.rules.state import Step, Tile

K = TileKind
NEUTRAL = K.LABORATORY
# Characters whose abilities change nothing unless used: the default crew of a Table.
INERT_CREW = (Character.SPOTTER, Character.ROOK, Character.HAWK, Character.RAVEN)


class ScriptedRng(Rng):
    """An Rng whose dice come from a script; everything else stays seeded."""

    __slots__ = ("script",)

    def __init__(self, state: int, script: list[int]) -> None:
        super().__init__(state)
        self.script = list(script)

    def copy(self) -> ScriptedRng:
        return ScriptedRng(self.state, self.script)

    def die(self) -> int:
        if self.script:
            return self.script.pop(0)
        return super().die()


class Table:
    def __init__(
        self,
        players: int = 1,
        scenario: ScenarioId = ScenarioId.BANK,
        seed: int = 1,
        characters: tuple[Character, ...] = (),
        sides: tuple[Side, ...] = (),
    ) -> None:
        chosen = list(characters) + [c for c in INERT_CREW if c not in characters]
        ps = tuple(
            PlayerSetup(f"P{i + 1}", chosen[i], sides[i] if i < len(sides) else Side.BASIC)
            for i in range(players)
        )
        self._game = new_game(Setup(scenario=scenario, players=ps, seed=seed))
        st = self._game.state
        self.size = st.size
        for fl in st.floors:
            fl.walls = []
            for cell, t in enumerate(fl.tiles):
                if t is not None:
                    fl.tiles[cell] = Tile(NEUTRAL, 0, tool_taken=True)
            g = fl.guard
            g.placed, g.pos, g.dest, g.lost = False, None, None, False
        for p in st.players:
            p.entered, p.pos = True, None
        st.step = Step.ACTIONS
        st.current = 0
        st.turn = 1
        st.actions_left = 4
        st.actions_taken = 0
        st.entrance = parse_pos("1.A1")
        # No Event cards unless a test stacks some: idle turns must not trigger effects.
        st.events, st.event_discard = [], []
        self._script: list[int] = []

    # -- building
    def walls(self, floor: int, spec: str) -> Table:
        """Walls like 'A1|B1 B1-B2' on floor `floor` (0 = ground floor)."""
        out = set(map(tuple, self._game.state.floors[floor].walls))
        for token in spec.split():
            sep = "|" if "|" in token else "-"
            a, b = (cell_index(x, self.size) for x in token.split(sep))
            out.add((min(a, b), max(a, b)))
        self._game.state.floors[floor].walls = sorted(out)
        return self

    def tile(
        self, where: str, kind: TileKind, number: int = 1, revealed: bool = True, **tokens: object
    ) -> Table:
        pos = parse_pos(where)
        t = Tile(kind, number, revealed=revealed, **tokens)  # type: ignore[arg-type]
        self._game.state.floors[pos >> 6].tiles[pos & 63] = t
        return self

    def face_down(self, where: str, kind: TileKind, number: int = 1, **tokens: object) -> Table:
        return self.tile(where, kind, number, revealed=False, **tokens)

    def reveal_floor(self, floor: int) -> Table:
        for t in self._game.state.floors[floor].tiles:
            if t is not None:
                t.revealed = True
        return self

    # -- pieces
    def player(
        self,
        i: int,
        where: str | None,
        stealth: int = 3,
        tools: tuple[Tool, ...] = (),
        loot: tuple[Loot, ...] = (),
    ) -> Table:
        p = self._game.state.players[i]
        if where is None:
            p.pos = None
        else:
            p.pos = parse_pos(where)
            self._game.state.floors[p.pos >> 6].tiles[p.pos & 63].revealed = True
        p.stealth = stealth
        p.tools = list(tools)
        p.loot = list(loot)
        return self

    def guard(
        self, floor: int, at: str, dest: str, speed: int = 2, patrol: tuple[str, ...] = ()
    ) -> Table:
        """Place a floor's guard; `patrol` is the deck, top card first."""
        g = self._game.state.floors[floor].guard
        g.placed, g.lost = True, False
        g.pos, g.dest, g.speed = parse_pos(at), parse_pos(dest), speed
        if patrol:
            self.patrol(floor, *patrol)
        return self

    def patrol(self, floor: int, *cards: str) -> Table:
        g = self._game.state.floors[floor].guard
        all_cards = g.patrol + g.discard + g.aside
        stacked = [parse_pos(c) for c in cards]
        rest = [c for c in all_cards if c not in stacked]
        g.patrol = list(reversed(stacked))  # top is the last item
        g.patrol[0:0] = []
        g.discard = rest
        g.aside = []
        return self

    def turn(self, player: int = 0, actions: int = 4, taken: int = 0) -> Table:
        st = self._game.state
        st.current, st.actions_left, st.actions_taken = player, actions, taken
        return self

    def tools(self, *top_first: Tool) -> Table:
        st = self._game.state
        rest = [t for t in st.tools if t not in top_first]
        st.tools = rest + list(reversed(top_first))
        return self

    def loot(self, *top_first: Loot) -> Table:
        st = self._game.state
        rest = [x for x in st.loot if x not in top_first]
        st.loot = rest + list(reversed(top_first))
        if Loot.GOLD_BAR in top_first:  # stacked even in a solo game (which has none)
            st.gold_bar_waiting = True
        return self

    def events(self, *top_first: EventCard) -> Table:
        """The Event deck: exactly these cards, top first (a Table has none by default)."""
        self._game.state.events = list(reversed(top_first))
        return self

    def dice(self, *values: int) -> Table:
        """Script the next die rolls (safe, keypad, ...), in order."""
        self._script = list(values)
        return self

    def game(self) -> Game:
        g = self._game
        st = g.state
        me = st.players[st.current].pos
        st.visited = [] if me is None else [me]  # as a turn start leaves it
        g.rng = ScriptedRng(g.rng.state, self._script)
        g._state_changed()
        return g


# Events that change nothing in a plain Table: stacked where a test's turns draw Events.
QUIET_EVENTS = (
    EventCard.KEYCODE_CHANGE,
    EventCard.REBOOT,
    EventCard.VIDEO_LOOP,
    EventCard.GYMNASTICS,
)


def table(players: int = 1, **options: object) -> Table:
    """A Table with the inert crew and quiet Events on top of the Event deck."""
    return Table(players=players, **options).events(*QUIET_EVENTS)  # type: ignore[arg-type]


def P(text: str) -> int:
    """A position from its text: P("2.B3")."""
    return parse_pos(text)


def of(events: list, cls: type) -> list:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, cls)]


def refused(g: Game, action: str) -> bool:
    """Not listed, and applying it raises and leaves the state exactly as it was."""
    if action in legal(g):
        return False
    before = copy.deepcopy(g.state)
    try:
        g.apply(action)
    except IllegalActionError:
        return g.state == before
    return False


def legal(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def kinds(events: list) -> list[str]:
    return [type(e).__name__ for e in events]
