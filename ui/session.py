"""A game in progress as the page holds it: setup, action list, checkpoints, log, saves.

The state is never stored: a save is the setup code, the action list and the engine version,
and loading replays it. Undo replays the list without its tail, but never past a checkpoint:
an action the engine says revealed hidden information (`Game.last_checkpoint`: a tile
turned up, dice rolled, a card drawn or shown).
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ui.describe import event_line

if TYPE_CHECKING:
    from engine.rules.view import GameView

SAVE_FORMAT = 1
SAVE_PREFIX = "save."
INDEX_KEY = "saves"
ASIDE_KEY = "aside"  # saves that could not be read: [{"id": ..., "why": ...}], kept for export
MAX_SAVES = 20
MAX_ASIDE = 20


class SaveError(ValueError):
    """A save that cannot be loaded; the message says why."""


def state_hash(game: Any) -> str:
    from engine.io.serialize import encode

    blob = json.dumps(encode(game.state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()


@dataclass
class Session:
    """One game: built from a setup code, grown by `play`, shrunk by `undo`."""

    code: str
    save_id: str = ""
    game: Any = None
    setup: Any = None
    actions: list[str] = field(default_factory=list)
    checkpoints: list[bool] = field(default_factory=list)
    log: list[tuple[int, str]] = field(
        default_factory=list
    )  # (action count when it happened, line)
    last_events: list[Any] = field(default_factory=list)  # of the latest action
    history: list[list[Any]] = field(default_factory=list)  # the events of each action

    def view(self) -> GameView:
        """What the table sees now, as the engine's typed view."""
        from engine.rules.view import typed_view

        return typed_view(self.game)

    @classmethod
    def start(
        cls, code: str, actions: list[str] | tuple[str, ...] = (), save_id: str = ""
    ) -> Session:
        """Build the game of a setup code and replay `actions`; SetupError/ValueError if bad."""
        from engine import ActionError, Setup, new_game

        setup = Setup.from_code(code)
        session = cls(code=code, save_id=save_id or new_save_id(code))
        session.setup = setup
        session.game = new_game(setup)
        for i, text in enumerate(actions):
            if not isinstance(text, str):
                raise SaveError(f"action {i + 1} is not text")
            try:
                session.play(text)
            except ActionError as err:  # not an action, or not legal there: say which
                shown = text if len(text) <= 40 else text[:40] + "…"
                raise type(err)(f"action {i + 1} ({shown!r}): {err}") from None
        return session

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.game.state.players]

    def _note(self, events: list[Any], when: int) -> None:
        names = self.names
        for event in events:
            self.log.append((when, event_line(event, names)))

    def play(self, text: str) -> list[Any]:
        """Apply one action through the engine; on an ActionError nothing changes."""
        events = self.game.apply(text)
        self.last_events = events
        self.history.append(events)
        self.actions.append(text)
        self.checkpoints.append(self.game.last_checkpoint)
        self._note(events, len(self.actions))
        return events

    def undo_floor(self) -> int:
        """How many actions must stay: everything up to the last checkpoint."""
        for i in range(len(self.checkpoints) - 1, -1, -1):
            if self.checkpoints[i]:
                return i + 1
        return 0

    def can_undo(self) -> bool:
        return len(self.actions) > self.undo_floor() and not self.game.is_over()

    def undo(self) -> bool:
        """Take back the last action (replaying the rest); False when it is not allowed."""
        if not self.can_undo():
            return False
        from engine import new_game

        keep = self.actions[:-1]
        game = new_game(self.setup)
        events: list[Any] = []
        for text in keep:
            events = game.apply(text)
        self.game = game
        self.last_events = events
        self.actions = keep
        self.checkpoints = self.checkpoints[: len(keep)]
        self.history = self.history[: len(keep)]
        self.log = [entry for entry in self.log if entry[0] <= len(keep)]
        return True

    def record(self) -> dict[str, Any]:
        """What a save holds: never the state."""
        import engine

        return {
            "format": SAVE_FORMAT,
            "engine": engine.__version__,
            "setup": self.code,
            "actions": list(self.actions),
            "outcome": self.game.outcome.result.value,
            "updated": int(time.time()),
            # shown in the saves list without replaying; never read back as game data
            "turn": self.game.state.turn,
            "crew": [p.character.value for p in self.game.state.players],
        }


def kinship(saved: list[str], other: list[str]) -> str:
    """How another copy of a game (same setup) stands to a saved one: 'same', 'newer' (it
    goes on from the save), 'older' (the save goes on from it) or 'apart' (they part ways)."""
    if other == saved:
        return "same"
    if len(other) > len(saved) and other[: len(saved)] == saved:
        return "newer"
    if len(other) < len(saved) and saved[: len(other)] == other:
        return "older"
    return "apart"


def new_save_id(code: str) -> str:
    return hashlib.sha256(f"{code}|{time.time()}".encode()).hexdigest()[:10]


def check_record(record: Any) -> tuple[str, list[str]]:
    """Validate a save's shape (not its game): (setup code, actions), or SaveError."""
    import engine

    if not isinstance(record, dict):
        raise SaveError("it is not a saved game")
    if record.get("format") != SAVE_FORMAT:
        raise SaveError(f"unknown save format {record.get('format')!r}")
    if record.get("engine") != engine.__version__:
        raise SaveError(
            f"it was made by rules engine {record.get('engine')!r}, "
            f"this page runs {engine.__version__}"
        )
    code, actions = record.get("setup"), record.get("actions")
    if not isinstance(code, str) or not isinstance(actions, list):
        raise SaveError("its setup or action list is missing")
    if not all(isinstance(a, str) for a in actions):
        raise SaveError("its action list holds something else than actions")
    from engine.io.limits import MAX_GAME_ACTIONS

    if len(actions) > MAX_GAME_ACTIONS:
        raise SaveError(f"it holds more than {MAX_GAME_ACTIONS} actions")
    return code, actions


def parse_record(raw: Any) -> Any:
    """A stored or imported save text parsed as JSON, bounded in size and depth before
    parsing; SaveError saying why when it is not readable."""
    from ui.storage import load_json

    try:
        return load_json(raw)
    except ValueError as err:
        raise SaveError(f"it is not readable JSON ({err})") from None


def load_record(record: Any, save_id: str = "") -> Session:
    """A Session from a save record; SaveError saying why when it cannot be replayed."""
    from engine import IllegalActionError, SetupError

    code, actions = check_record(record)
    try:
        return Session.start(code, actions, save_id=save_id)
    except SetupError as err:
        raise SaveError(f"its setup is invalid ({err})") from None
    except (IllegalActionError, ValueError) as err:
        raise SaveError(f"its actions do not replay ({err})") from None
    except Exception as err:  # a rules bug must not lock the player out: say it, set it aside
        raise SaveError(f"its actions do not replay ({type(err).__name__}: {err})") from None


class Saves:
    """Saved games in a `ui.storage.Storage`: an index of ids plus one record per id."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.failed = False

    @property
    def enabled(self) -> bool:
        return self.store.backend == "localStorage" and not self.failed

    def ids(self) -> list[str]:
        ids = self.store.get_json(INDEX_KEY, [])
        if not isinstance(ids, list):
            return []
        return [i for i in ids if _is_id(i)]

    def raw(self, save_id: str) -> str | None:
        return self.store.get(SAVE_PREFIX + save_id)

    def get(self, save_id: str) -> Any:
        """The parsed record, or SaveError (the stored text stays as it is)."""
        raw = self.raw(save_id)
        if raw is None:
            raise SaveError("it is missing")
        return parse_record(raw)

    # ---------------------------------------------------------------- set aside

    def aside(self) -> list[tuple[str, str]]:
        """Saves set aside because they could not be read: (id, why), newest first."""
        entries = self.store.get_json(ASIDE_KEY, [])
        if not isinstance(entries, list):
            return []
        out = []
        for entry in entries:
            if isinstance(entry, dict) and _is_id(entry.get("id")):
                why = entry.get("why")
                out.append((entry["id"], why if isinstance(why, str) else ""))
        return out

    def set_aside(self, save_id: str, why: str, raw: str | None = None) -> None:
        """Take a save out of the list and the resume slot, keeping its text (under its own
        key, or `raw` stored under it) to be exported or deleted."""
        if raw is not None:
            self.store.set(SAVE_PREFIX + save_id, raw)
        entries = [(i, w) for i, w in self.aside() if i != save_id]
        entries.insert(0, (save_id, why[:300]))
        for old, _ in entries[MAX_ASIDE:]:
            self.store.remove(SAVE_PREFIX + old)
        self.store.set_json(ASIDE_KEY, [{"id": i, "why": w} for i, w in entries[:MAX_ASIDE]])
        ids = self.ids()
        if save_id in ids:
            self.store.set_json(INDEX_KEY, [i for i in ids if i != save_id])
        if self.current() == save_id:
            self.forget_current()

    def repair(self) -> list[str]:
        """Start-up: set aside a saves index or an aside list that cannot be read, rebuilding
        the index from the stored saves. Returns why, for each thing set aside."""
        notes: list[str] = []
        raw_aside = self.store.get(ASIDE_KEY)
        if raw_aside is not None and not _readable_list(raw_aside):
            self.store.remove(ASIDE_KEY)  # only ids: the saves stay, listed again below
        raw = self.store.get(INDEX_KEY)
        if raw is not None and not _readable_list(raw):
            why = _why_unreadable(raw, "the list of saved games")
            aside_id = "index-" + hashlib.sha256(raw.encode("utf-8", "replace")).hexdigest()[:8]
            self.store.remove(INDEX_KEY)
            self.set_aside(aside_id, why, raw=raw)
            notes.append(why)
            known = {i for i, _ in self.aside()}
            rebuilt = [
                key[len(SAVE_PREFIX) :]
                for key in self.store.stored_keys()
                if key.startswith(SAVE_PREFIX) and key[len(SAVE_PREFIX) :] not in known
            ]
            self.store.set_json(INDEX_KEY, [i for i in rebuilt if _is_id(i)][:MAX_SAVES])
        listed = set(self.ids()) | {i for i, _ in self.aside()}
        if raw_aside is not None and not _readable_list(raw_aside):
            for key in self.store.stored_keys():
                save_id = key[len(SAVE_PREFIX) :]
                if key.startswith(SAVE_PREFIX) and save_id not in listed and _is_id(save_id):
                    self.set_aside(save_id, "it was listed in an unreadable list")
        current = self.current()
        if current is not None and not _is_id(current):
            self.forget_current()
        return notes

    def put(self, session: Session) -> bool:
        """Autosave; False (and `failed`) when the storage refused it."""
        before = self.store.backend
        self.store.set_json(SAVE_PREFIX + session.save_id, session.record())
        ids = self.ids()
        if session.save_id in ids:
            ids.remove(session.save_id)
        ids.insert(0, session.save_id)
        self.store.set_json(INDEX_KEY, ids[:MAX_SAVES])
        self.store.set("current", session.save_id)
        if before == "localStorage" and self.store.backend != "localStorage":
            self.failed = True
            return False
        return True

    def relatives(self, code: str, actions: list[str]) -> list[tuple[str, str, int]]:
        """Saves of the same game as (code, actions): (id, kinship, their action count), where
        kinship is how the given copy stands to the save: see `kinship`."""
        out = []
        for save_id in self.ids():
            try:
                their_code, theirs = check_record(self.get(save_id))
            except SaveError:
                continue
            if their_code != code:
                continue
            kin = kinship(theirs, actions)
            if kin != "apart":
                out.append((save_id, kin, len(theirs)))
        return out

    def delete(self, save_id: str) -> None:
        self.store.remove(SAVE_PREFIX + save_id)
        self.store.set_json(INDEX_KEY, [i for i in self.ids() if i != save_id])
        aside = self.aside()
        if any(i == save_id for i, _ in aside):
            kept = [{"id": i, "why": w} for i, w in aside if i != save_id]
            self.store.set_json(ASIDE_KEY, kept)
        if self.store.get("current") == save_id:
            self.store.remove("current")

    def current(self) -> str | None:
        return self.store.get("current")

    def forget_current(self) -> None:
        self.store.remove("current")


def _is_id(value: Any) -> bool:
    """A save id: short plain ASCII (it becomes a storage key and a file name)."""
    return (
        isinstance(value, str)
        and 0 < len(value) <= 40
        and all(ch.isascii() and (ch.isalnum() or ch in "-_") for ch in value)
    )


def _readable_list(raw: str) -> bool:
    from ui.storage import load_json

    try:
        return isinstance(load_json(raw), list)
    except ValueError:
        return False


def _why_unreadable(raw: str, what: str) -> str:
    from ui.storage import load_json

    try:
        load_json(raw)
    except ValueError as err:
        return f"{what} is not readable ({err})"
    return f"{what} is not a list"


def replay_hashes(code: str, actions: list[str]) -> list[str]:
    """State hash after the setup and after each action: the cross-runtime check."""
    from engine import Setup, new_game

    game = new_game(Setup.from_code(code))
    hashes = [state_hash(game)]
    for text in actions:
        game.apply(text)
        hashes.append(state_hash(game))
    return hashes
