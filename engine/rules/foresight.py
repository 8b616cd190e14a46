"""Foresight: what the table can know about an action before taking it.

The page asks these before it plays an action (safety nets, the Safe panel), so that it
never guesses a rule itself. Every answer uses only what the players can see: a loss is
foreseen only when it follows without a hidden fact (a face-down tile, a die, a card) coming
to light first, and a Safe's chance counts only the revealed, uncracked numbers.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Action, ActionKind
from .data import TileKind
from .events import (
    EventDrawn,
    GameLost,
    KeypadRolled,
    LootDrawn,
    LootRolled,
    PatrolDrawn,
    PatrolReshuffled,
    SafeDiceRolled,
    SafeRolled,
    SpotterLooked,
    TileRevealed,
    ToolDrawn,
)
from .state import Step

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


def would_draw_event(game: Game) -> bool:
    """Ending the turn now draws an Event (the turn took too few actions and a card is left)."""
    return game.state.step == Step.ACTIONS and game.event_if_end_now()


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
    trial = _copy(game)
    try:
        events = trial.apply(action)
    except Exception:
        return False
    for event in events:
        if isinstance(event, HIDDEN_FACTS):
            return False
        if isinstance(event, GameLost):
            return True
    return False


def _copy(game: Game) -> Game:
    from .game import Game as GameClass

    trial = GameClass(copy.deepcopy(game.state), game.setup)
    return trial


def is_tool_use(action: Action | str) -> bool:
    """The action plays a Tool card (every Tool is discarded once used)."""
    if isinstance(action, str):
        try:
            action = Action.parse(action)
        except ValueError:
            return False
    return action.kind == ActionKind.USE


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
    bonus = game.crack_bonus_dice(st.current) if tile.dice else 0
    rolled = tile.dice + bonus
    chance = 1.0 - ((6 - len(wanted)) / 6) ** rolled if rolled and wanted else 0.0
    return SafeInfo(
        pos=safe,
        cells=tuple(cells),
        dice=tile.dice,
        bonus=bonus,
        rolled=rolled,
        wanted=tuple(sorted(wanted)),
        chance=chance,
        open=tile.safe_open,
    )
