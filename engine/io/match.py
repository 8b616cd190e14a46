"""One record of a game in progress: its setup, its action list and the engine's checkpoints.

A `Match` is what undo, saves, links, the review and the autopilot's timing go through: it
plays actions on its game (`play`), takes back the last ones down to the last checkpoint
(`undo`), gives the game after any number of actions (`game_at`, built on `Game.clone` from
cached copies, never by copying a state another way), and writes and reads the save record
the page keeps (setup code, action list, engine version: never the state).

    >>> from engine import Setup
    >>> match = Match.start(Setup(seed=7).to_code(), ["enter 1.B2"])
    >>> match.undo()  # entering turns the tile up: a checkpoint, never taken back
    False
    >>> before = match.game_at(0)
    >>> before.state.actions_applied, match.game.state.actions_applied
    (0, 1)
    >>> Match.load(match.record()).actions
    ['enter 1.B2']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .. import __version__
from ..rules.actions import Action, ActionError
from ..rules.events import Event
from ..rules.game import Game, new_game
from ..rules.setup import Setup, SetupError
from .limits import MAX_GAME_ACTIONS

# The save record's format (the page's localStorage saves and exported files use it).
RECORD_FORMAT = 1
# A copy of the game is kept every SNAPSHOT actions, so `game_at` replays at most that many.
SNAPSHOT = 25


class RecordError(ValueError):
    """A save record that cannot be read as a game; the message says why."""


class Match:
    """A game in progress: setup, actions, checkpoints, and the game they lead to."""

    def __init__(self, setup: Setup, code: str | None = None) -> None:
        self.setup = setup
        self.code = setup.to_code() if code is None else code
        self.game: Game = new_game(setup)
        self.actions: list[str] = []
        self.checkpoints: list[bool] = []  # did action k+1 reveal something hidden?
        self.events: list[list[Event]] = []  # what each action did
        self.players: list[int] = []  # who played each action
        self.turns: list[int] = []  # the turn each action was played in
        self._cache: dict[int, Game] = {0: self.game.clone()}
        self._last: tuple[int, Game] | None = None  # the game `game_at` built last

    @classmethod
    def start(cls, code: str | Setup, actions: Iterable[Action | str] = ()) -> Match:
        """The game of a setup (or its code) with `actions` played on it. SetupError for a bad
        code; the ActionError of the first action that does not replay (ActionParseError for
        a text that is no action, IllegalActionError for one not legal there), naming it."""
        setup = code if isinstance(code, Setup) else Setup.from_code(code)
        match = cls(setup, None if isinstance(code, Setup) else code)
        for i, action in enumerate(actions):
            try:
                match.play(action)
            except ActionError as err:  # the same kind of error, saying which action
                text = str(action)
                shown = text if len(text) <= 40 else text[:40] + "…"
                raise type(err)(f"action {i + 1} ({shown!r}): {err}") from None
        return match

    # ------------------------------------------------------------------ playing

    def play(self, action: Action | str) -> list[Event]:
        """Apply one action through the engine; on an ActionError nothing changes."""
        player, turn = self.game.state.current, self.game.state.turn
        events = self.game.apply(action)
        self.actions.append(action if isinstance(action, str) else str(action))
        self.checkpoints.append(self.game.last_checkpoint)
        self.events.append(events)
        self.players.append(player)
        self.turns.append(turn)
        if len(self.actions) % SNAPSHOT == 0:
            self._cache[len(self.actions)] = self.game.clone()
        return events

    @property
    def last_events(self) -> list[Event]:
        """The events of the last action (empty at the start)."""
        return self.events[-1] if self.events else []

    def __len__(self) -> int:
        return len(self.actions)

    # ------------------------------------------------------------------ undo

    def undo_floor(self) -> int:
        """How many actions must stay: everything up to the last checkpoint."""
        for i in range(len(self.checkpoints) - 1, -1, -1):
            if self.checkpoints[i]:
                return i + 1
        return 0

    def can_undo(self) -> bool:
        return len(self.actions) > self.undo_floor() and not self.game.is_over()

    def undo(self) -> bool:
        """Take back the last action; False (and nothing changes) when it is not allowed:
        never past a checkpoint (a tile, a roll, a card seen), never once the game is over."""
        if not self.can_undo():
            return False
        self.truncate(len(self.actions) - 1)
        return True

    def truncate(self, k: int) -> None:
        """Keep only the first k actions (the review's "continue from here")."""
        k = max(0, min(k, len(self.actions)))
        if k == len(self.actions):
            return
        self.game = self.game_at(k)
        del self.actions[k:], self.checkpoints[k:], self.events[k:]
        del self.players[k:], self.turns[k:]
        self._cache = {j: g for j, g in self._cache.items() if j <= k}
        if self._last is not None and self._last[0] > k:
            self._last = None

    def fork(self, k: int) -> Match:
        """A new match holding this one's first k actions (the review's "continue from
        here"): built from the games already replayed, never by replaying again; changing
        either match never changes the other."""
        k = max(0, min(k, len(self.actions)))
        other = Match.__new__(Match)
        other.setup, other.code = self.setup, self.code
        other.game = self.game_at(k)
        other.actions = self.actions[:k]
        other.checkpoints = self.checkpoints[:k]
        other.events = self.events[:k]
        other.players = self.players[:k]
        other.turns = self.turns[:k]
        # Cached copies are only ever cloned from, never changed: both matches may hold them.
        other._cache = {j: g for j, g in self._cache.items() if j <= k}
        other._last = None
        return other

    # ------------------------------------------------------------------ any step

    def game_at(self, k: int) -> Game:
        """A new, independent game as it was after the first k actions (0: the setup),
        replayed from the nearest cached copy at or before k."""
        k = max(0, min(k, len(self.actions)))
        if k == len(self.actions):
            return self.game.clone()
        base = max(j for j in self._cache if j <= k)
        game = self._cache[base]
        if self._last is not None and base <= self._last[0] <= k:
            base, game = self._last
        game = game.clone()
        for text in self.actions[base:k]:
            game.apply(text)
        self._last = (k, game.clone())
        return game

    # ------------------------------------------------------------------ records

    def record(self) -> dict[str, Any]:
        """What a save holds (never the state): format, engine version, setup code and
        actions, plus a few facts a list of saves shows without replaying."""
        game = self.game
        return {
            "format": RECORD_FORMAT,
            "engine": __version__,
            "setup": self.code,
            "actions": list(self.actions),
            "outcome": game.outcome.result.value,
            "turn": game.state.turn,
            "crew": [p.character.value for p in game.state.players],
        }

    @staticmethod
    def check_record(record: Any) -> tuple[str, list[str]]:
        """A save record's shape (not its game): (setup code, actions), or RecordError."""
        if not isinstance(record, dict):
            raise RecordError("it is not a saved game")
        if record.get("format") != RECORD_FORMAT:
            raise RecordError(f"unknown save format {record.get('format')!r}")
        if record.get("engine") != __version__:
            raise RecordError(
                f"it was made by rules engine {record.get('engine')!r}, "
                f"this page runs {__version__}"
            )
        code, actions = record.get("setup"), record.get("actions")
        if not isinstance(code, str) or not isinstance(actions, list):
            raise RecordError("its setup or action list is missing")
        if not all(isinstance(a, str) for a in actions):
            raise RecordError("its action list holds something else than actions")
        if len(actions) > MAX_GAME_ACTIONS:
            raise RecordError(f"it holds more than {MAX_GAME_ACTIONS} actions")
        return code, actions

    @classmethod
    def load(cls, record: Any) -> Match:
        """The match of a save record; RecordError saying why when it cannot be replayed."""
        code, actions = cls.check_record(record)
        try:
            return cls.start(code, actions)
        except SetupError as err:
            raise RecordError(f"its setup is invalid ({err})") from None
        except ValueError as err:  # an ActionError included
            raise RecordError(f"its actions do not replay ({err})") from None
        except Exception as err:  # a rules bug must not lock the player out: say it
            raise RecordError(f"its actions do not replay ({type(err).__name__}: {err})") from None
