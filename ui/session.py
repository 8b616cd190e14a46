"""A game in progress as the page holds it: the engine's match record, its log, saves.

The game, its action list, its checkpoints, undo and the save record are the engine's
`Match` (`engine/io/match.py`): a save is the setup code, the action list and the engine
version, and loading replays it; undo never goes past a checkpoint (an action that revealed
hidden information: a tile turned up, dice rolled, a card drawn or shown). This module adds
what only the page needs: the log lines in the player's language and the saves' storage.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ui.describe import event_line

if TYPE_CHECKING:
    from engine import Action
    from engine.rules.view import GameView

SAVE_FORMAT = 1  # engine.io.match.RECORD_FORMAT
SAVE_PREFIX = "save."
INDEX_KEY = "saves"
ASIDE_KEY = "aside"  # saves that could not be read: [{"id": ..., "why": ...}], kept for export
MAX_SAVES = 20
MAX_ASIDE = 20


class SaveError(ValueError):
    """A save that cannot be loaded; the message says why."""


def state_hash(game: Any) -> str:
    from engine import encode

    blob = json.dumps(encode(game.state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()


@dataclass
class Session:
    """One game: a match record (built from a setup code, grown by `play`, shrunk by `undo`)
    and its log lines."""

    code: str
    save_id: str = ""
    match: Any = None  # engine.io.match.Match
    log: list[tuple[int, str]] = field(
        default_factory=list
    )  # (action count when it happened, line)
    # The view of the game as it stands: built once per action, dropped when the game moves.
    _view: GameView | None = field(default=None, repr=False, compare=False)

    @property
    def game(self) -> Any:
        return self.match.game

    @property
    def setup(self) -> Any:
        return self.match.setup

    @property
    def actions(self) -> list[str]:
        return self.match.actions  # type: ignore[no-any-return]

    @property
    def checkpoints(self) -> list[bool]:
        return self.match.checkpoints  # type: ignore[no-any-return]

    @property
    def history(self) -> list[list[Any]]:
        """The events of each action."""
        return self.match.events  # type: ignore[no-any-return]

    @property
    def last_events(self) -> list[Any]:
        """The events of the latest action."""
        return self.match.last_events  # type: ignore[no-any-return]

    def view(self) -> GameView:
        """What the table sees now, as the engine's typed view (built once per action)."""
        if self._view is None:
            from engine.rules.view import typed_view

            self._view = typed_view(self.game)
        return self._view

    @classmethod
    def start(
        cls, code: str, actions: list[str] | tuple[str, ...] = (), save_id: str = ""
    ) -> Session:
        """Build the game of a setup code and replay `actions`; SetupError/ValueError if bad."""
        from engine import Match

        return cls.of(Match.start(code, actions), save_id)

    @classmethod
    def of(cls, match: Any, save_id: str = "") -> Session:
        """The session of a match record: its log written from the events of each action."""
        session = cls(code=match.code, save_id=save_id or new_save_id(match.code), match=match)
        names = session.names
        for when, events in enumerate(match.events, start=1):
            session.log.extend((when, event_line(event, names)) for event in events)
        return session

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.setup.players]

    def _note(self, events: list[Any], when: int) -> None:
        names = self.names
        for event in events:
            self.log.append((when, event_line(event, names)))

    def play(self, action: Action | str) -> list[Any]:
        """Apply one action through the engine; on an ActionError nothing changes.
        A click's action comes parsed; a save's replayed text is parsed by the engine."""
        events: list[Any] = self.match.play(action)
        self._view = None
        self._note(events, len(self.actions))
        return events

    def undo_floor(self) -> int:
        """How many actions must stay: everything up to the last checkpoint."""
        return self.match.undo_floor()  # type: ignore[no-any-return]

    def can_undo(self) -> bool:
        return self.match.can_undo()  # type: ignore[no-any-return]

    def undo(self) -> bool:
        """Take back the last action; False when it is not allowed."""
        if not self.match.undo():
            return False
        self._view = None
        self.log = [entry for entry in self.log if entry[0] <= len(self.actions)]
        return True

    def record(self) -> dict[str, Any]:
        """What a save holds: never the state."""
        record: dict[str, Any] = self.match.record()
        record["updated"] = int(time.time())
        return record


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
    from engine import Match, RecordError

    try:
        return Match.check_record(record)
    except RecordError as err:
        raise SaveError(str(err)) from None


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
    from engine import Match, RecordError

    try:
        return Session.of(Match.load(record), save_id)
    except RecordError as err:
        raise SaveError(str(err)) from None


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
        raw: str | None = self.store.get(SAVE_PREFIX + save_id)
        return raw

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
        if not ids or ids[0] != session.save_id:  # most autosaves: already first, already current
            if session.save_id in ids:
                ids.remove(session.save_id)
            ids.insert(0, session.save_id)
            self.store.set_json(INDEX_KEY, ids[:MAX_SAVES])
        if self.store.get("current") != session.save_id:
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
        current: str | None = self.store.get("current")
        return current

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
    from engine import Match

    match = Match.start(code)
    hashes = [state_hash(match.game)]
    for text in actions:
        match.play(text)
        hashes.append(state_hash(match.game))
    return hashes
