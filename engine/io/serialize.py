"""Lossless JSON for games: `to_json(game)` / `from_json(text)`, with validation.

The document holds the engine version, the setup code, the full state and the list of
actions applied so far. `from_json` rebuilds the state field by field from the dataclass
type hints (so a missing, extra or mistyped field is an error, not a silent default),
then checks the game's invariants and raises `StateError` naming the first problem.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections import Counter
from enum import Enum
from typing import Any

from .. import __version__
from ..rules.actions import Action, ActionError
from ..rules.data import (
    ALL_TILES,
    LOOT_CARDS_TOTAL,
    LOST_VISUAL,
    MAX_GUARD_SPEED,
    MAX_HACK_TOKENS,
    MAX_SAFE_DICE,
    PATROL_DISCARDS,
    ROW_STRIDE,
    SCENARIOS,
    SOLO_EVENTS_REMOVED,
    EventCard,
    Loot,
    Tool,
)
from ..rules.game import Game, replay
from ..rules.geometry import FloorLayout
from ..rules.kernel import Kernel
from ..rules.kinds import DecisionKind, Result
from ..rules.setup import Setup, SetupError
from ..rules.state import State, Step, empty_cell, make_pos
from .limits import (
    MAX_GAME_ACTIONS,
    MAX_GAME_JSON_CHARS,
    MAX_GAME_JSON_DEPTH,
    InputError,
    load_json,
)
from .loadcheck import check_playable

FORMAT = "burgle-game"
# 2: the state names the burglar caught (`caught`); a version 1 document gets it by replay.
# 3: each guard keeps the patrol card the crew saw on top (`seen_top`); older documents did
# not record it: None (the log still shows what the Spotter saw).
# 4: the state counts the Event cards the crew saw on top (`events_seen`); older documents
# did not record them: 0.
# 5: the state counts the steps straight back taken this turn (`paced`, R07); older
# documents did not: 0 (it only prices the rest of that turn for the autopilot).
FORMAT_VERSION = 5


class StateError(ValueError):
    """A saved game that is malformed or inconsistent; the message says what is wrong."""


# ---------------------------------------------------------------------- generic codec


def encode(value: Any) -> Any:
    """Dataclasses, enums, lists, tuples and dicts to JSON-ready values."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, list | tuple):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {k: encode(v) for k, v in value.items()}
    return value


_HINTS: dict[type, dict[str, Any]] = {}


def decode(tp: Any, value: Any, where: str = "state") -> Any:
    """Rebuild a value of type `tp` from JSON data, strictly."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
        if value is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        if len(inner) == 1:
            return decode(inner[0], value, where)
        raise StateError(f"{where}: unsupported union")  # pragma: no cover
    if origin is list:
        if not isinstance(value, list):
            raise StateError(f"{where}: expected a list")
        (item,) = typing.get_args(tp)
        return [decode(item, v, f"{where}[{i}]") for i, v in enumerate(value)]
    if origin is tuple:
        if not isinstance(value, list):
            raise StateError(f"{where}: expected a list")
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(args[0], v, f"{where}[{i}]") for i, v in enumerate(value))
        if len(args) != len(value):
            raise StateError(f"{where}: expected {len(args)} items")
        pairs = enumerate(zip(args, value, strict=True))
        return tuple(decode(a, v, f"{where}[{i}]") for i, (a, v) in pairs)
    if origin is dict:
        if not isinstance(value, dict):
            raise StateError(f"{where}: expected an object")
        k_tp, v_tp = typing.get_args(tp)
        return {decode(k_tp, k, where): decode(v_tp, v, f"{where}.{k}") for k, v in value.items()}
    if isinstance(tp, type) and issubclass(tp, Enum):
        try:
            return tp(value)
        except ValueError:
            raise StateError(f"{where}: {value!r} is not a valid {tp.__name__}") from None
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(value, dict):
            raise StateError(f"{where}: expected an object")
        hints = _HINTS.get(tp)
        if hints is None:
            hints = _HINTS[tp] = typing.get_type_hints(tp)
        names = [f.name for f in dataclasses.fields(tp)]
        extra = set(value) - set(names)
        if extra:
            raise StateError(f"{where}: unknown field {sorted(extra)[0]!r}")
        missing = [n for n in names if n not in value]
        if missing:
            raise StateError(f"{where}: missing field {missing[0]!r}")
        return tp(**{n: decode(hints[n], value[n], f"{where}.{n}") for n in names})
    if tp is bool:
        if not isinstance(value, bool):
            raise StateError(f"{where}: expected true or false")
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise StateError(f"{where}: expected a whole number")
        return value
    if tp is str:
        if not isinstance(value, str):
            raise StateError(f"{where}: expected text")
        return value
    raise StateError(f"{where}: unsupported type {tp!r}")  # pragma: no cover


# ---------------------------------------------------------------------- documents


def game_to_dict(game: Kernel) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "engine": __version__,
        "setup": game.setup.to_code(),
        "actions": [str(a) for a in game.history],
        "state": encode(game.state),
    }


def to_json(game: Kernel) -> str:
    return json.dumps(game_to_dict(game), separators=(",", ":"), sort_keys=False)


def from_json(text: str | bytes) -> Game:
    """Load a game saved by `to_json`; raises StateError on anything inconsistent."""
    try:
        doc = load_json(text, max_chars=MAX_GAME_JSON_CHARS, max_depth=MAX_GAME_JSON_DEPTH)
    except InputError as exc:
        raise StateError(f"not a saved game: {exc}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise StateError("not a Burgle Bros. saved game")
    version = doc.get("format_version")
    if version not in (1, 2, 3, 4, FORMAT_VERSION) or isinstance(version, bool):
        raise StateError(f"unsupported save format version {version!r}")
    try:
        setup = Setup.from_code(doc.get("setup", ""))
    except SetupError as exc:
        raise StateError(f"setup: {exc}") from None
    actions_txt = doc.get("actions")
    if not isinstance(actions_txt, list) or not all(isinstance(a, str) for a in actions_txt):
        raise StateError("actions: expected a list of action texts")
    if len(actions_txt) > MAX_GAME_ACTIONS:
        raise StateError(f"actions: more than {MAX_GAME_ACTIONS}")
    try:
        history = [Action.parse(a) for a in actions_txt]
    except ValueError as exc:
        raise StateError(f"actions: {exc}") from None
    raw_state = doc.get("state")
    if version == 1 and isinstance(raw_state, dict) and "caught" not in raw_state:
        raw_state = {**raw_state, "caught": None}
    if version in (1, 2) and isinstance(raw_state, dict):
        raw_state = _without_seen_top(raw_state)
    if version in (1, 2, 3) and isinstance(raw_state, dict) and "events_seen" not in raw_state:
        raw_state = {**raw_state, "events_seen": 0}
    if version in (1, 2, 3, 4) and isinstance(raw_state, dict) and "paced" not in raw_state:
        raw_state = {**raw_state, "paced": 0}
    state = decode(State, raw_state, "state")
    if version == 1 and state.outcome == Result.LOSS:
        state.caught = _caught_by_replay(setup, history)
    check_state(state, setup)
    if state.actions_applied != len(history):
        raise StateError("state: actions_applied does not match the action list")
    game = Game(state, setup)
    game.history = history
    return game


def _without_seen_top(raw_state: dict[str, Any]) -> dict[str, Any]:
    """A version 1 or 2 state with each guard's `seen_top` (not recorded then) set to None."""
    floors = raw_state.get("floors")
    if not isinstance(floors, list):
        return raw_state  # malformed: `decode` says what is wrong
    fixed = []
    for fl in floors:
        guard = fl.get("guard") if isinstance(fl, dict) else None
        if isinstance(guard, dict) and "seen_top" not in guard:
            fl = {**fl, "guard": {**guard, "seen_top": None}}
        fixed.append(fl)
    return {**raw_state, "floors": fixed}


def _caught_by_replay(setup: Setup, history: list[Action]) -> int | None:
    """Who was caught in a version 1 document (it did not say): its actions replayed."""
    try:
        return replay(setup, history).state.caught
    except ActionError:
        raise StateError("actions: they do not replay from the setup") from None


# ---------------------------------------------------------------------- invariants


def check_state(st: State, setup: Setup) -> None:
    """Raise StateError if the state breaks a rule of the game's bookkeeping."""
    scen = SCENARIOS[st.scenario]
    if st.scenario != setup.scenario or st.seed != setup.seed:
        raise StateError("state does not belong to its setup")
    if st.size != scen.size or len(st.floors) != scen.floors:
        raise StateError("wrong building shape for the scenario")
    if len(st.players) != len(setup.players):
        raise StateError("wrong number of players")
    if not 0 <= st.current < len(st.players):
        raise StateError("current player out of range")
    size = st.size
    real: set[int] = set()
    specs: Counter[tuple[str, int]] = Counter()
    for f, fl in enumerate(st.floors):
        if len(fl.tiles) != size * ROW_STRIDE:
            raise StateError(f"floor {f + 1}: wrong number of tile slots")
        empties = 0
        for cell, t in enumerate(fl.tiles):
            inside = cell % ROW_STRIDE < size and cell // ROW_STRIDE < size
            if t is None:
                if inside:
                    empties += 1
                continue
            if not inside:
                raise StateError(f"floor {f + 1}: a tile outside the grid")
            real.add(make_pos(f, cell))
            specs[(t.kind.value, t.number)] += 1
            if not 0 <= t.hack <= MAX_HACK_TOKENS or not 0 <= t.dice <= MAX_SAFE_DICE:
                raise StateError(f"floor {f + 1}: token count out of range")
            if t.stealth < 0:
                raise StateError(f"floor {f + 1}: negative stealth tokens")
        if empties != (1 if scen.has_empty_square else 0):
            raise StateError(f"floor {f + 1}: wrong number of empty squares")
        layout_real = {c for c in range(size * ROW_STRIDE) if fl.tiles[c] is not None}
        for a, b in fl.walls:
            if a not in layout_real or b not in layout_real:
                raise StateError(f"floor {f + 1}: a wall touches no tile")
            if b - a not in (1, ROW_STRIDE) or (b - a == 1 and a // ROW_STRIDE != b // ROW_STRIDE):
                raise StateError(f"floor {f + 1}: a wall between tiles that do not touch")
        g = fl.guard
        for name, p in (("guard", g.pos), ("destination", g.dest)):
            if p is not None and p not in real:
                raise StateError(f"floor {f + 1}: {name} is not on a tile of this floor")
        if not 1 <= g.speed <= MAX_GUARD_SPEED:
            raise StateError(f"floor {f + 1}: guard speed out of range")
        cards = Counter(g.patrol + g.discard + g.aside)
        cells = FloorLayout(size, frozenset(), empty_cell(st)).cells()
        expected = Counter(make_pos(f, c) for c in cells)
        if st.lost_visual:
            expected[LOST_VISUAL] += 1
        if cards != expected:
            raise StateError(f"floor {f + 1}: patrol cards are missing or duplicated")
        if len(g.aside) != PATROL_DISCARDS[len(st.players)] and g.aside:
            raise StateError(f"floor {f + 1}: wrong number of patrol cards set aside")
        if g.seen_top is not None and (not g.patrol or g.patrol[-1] != g.seen_top):
            raise StateError(f"floor {f + 1}: the patrol card seen on top is not on top")
    pool = Counter((s.kind.value, s.number) for s in ALL_TILES)
    if specs - pool:
        raise StateError("tiles that are not in the box")
    for i, pl in enumerate(st.players):
        if pl.pos is not None:
            if pl.pos not in real:
                raise StateError(f"player {i + 1} stands outside the building")
            t = st.floors[pl.pos >> 6].tiles[pl.pos & 63]
            if t is None or not t.revealed:
                raise StateError(f"player {i + 1} stands on a face-down tile")
        if pl.escaped and pl.pos is not None:
            raise StateError(f"player {i + 1} escaped but is still inside")
        if pl.stealth < 0:
            raise StateError(f"player {i + 1} has negative stealth")
    in_hand = [t for p in st.players for t in p.tools]
    if st.pending is not None and st.pending.kind == DecisionKind.RIGGER_DRAW:
        if not all(x in Tool._value2member_map_ for x in st.pending.data):
            raise StateError("pending decision: a Rigger draw holds something else than Tools")
        in_hand += [Tool(x) for x in st.pending.data]  # drawn, one to keep
    tools = Counter(st.tools + st.tool_discard + in_hand)
    if any(n != 1 for n in tools.values()) or set(tools) != set(Tool):
        raise StateError("tool cards are missing or duplicated")
    loot = Counter(
        st.loot
        + [x for p in st.players for x in p.loot]
        + [x for fl in st.floors for t in fl.tiles if t is not None for x in t.loot]
    )
    total = sum(loot.values()) + (1 if st.gold_bar_waiting else 0)
    solo = len(st.players) == 1
    expected_loot = LOOT_CARDS_TOTAL - (2 if solo else 0)  # no Gold Bars in solo games
    dup = any(n > (2 if k == Loot.GOLD_BAR else 1) for k, n in loot.items())
    if total != expected_loot or dup:
        raise StateError("loot cards are missing or duplicated")
    events = Counter(st.events + st.event_discard)
    expected_events = len(EventCard) - (len(SOLO_EVENTS_REMOVED) if solo else 0)
    if any(n > 1 for n in events.values()) or len(events) != expected_events:
        raise StateError("event cards are missing or duplicated")
    if st.paced < 0:
        raise StateError("a negative count of steps straight back")
    if not 0 <= st.events_seen <= min(len(st.events), 3):
        raise StateError("more Event cards seen on top than a Crystal Ball shows or the deck holds")
    if st.step == Step.OVER and st.outcome not in (Result.WIN, Result.LOSS):
        raise StateError("a finished game needs an outcome")
    if (st.outcome == Result.LOSS) != (st.caught is not None):
        raise StateError("a lost game names the burglar caught, and only a lost game")
    if st.caught is not None and not 0 <= st.caught < len(st.players):
        raise StateError("the burglar caught is out of range")
    if st.pending is not None and not st.pending.options:
        raise StateError("a pending decision without options")
    check_playable(st, StateError)  # the rules can run on it: no hang, no crash
