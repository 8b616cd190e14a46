"""Key-value persistence on `window.localStorage`, with an in-memory fallback.

localStorage can be missing or throw (privacy modes, sandboxed frames, a full quota). The
game must still run then, so every failure falls back to a dict for the rest of the session.
"""

from __future__ import annotations

import json
from typing import Any

PREFIX = "burgle."


# The longest value read back and parsed as JSON (a save of 20,000 actions is ~250 kB) and
# its deepest nesting (a save record is 2 deep): anything more is refused before parsing.
MAX_JSON_CHARS = 512_000
MAX_JSON_DEPTH = 8


class Storage:
    """String values under `PREFIX`-ed keys; `backend` tells where they go.

    `problem` says why localStorage is not used: "" (it is), "full" (it can be read but
    refuses to store: the quota is used up) or "off" (the browser does not let the page keep
    data). A full storage is still read, so the saves it holds can be continued or exported.
    """

    def __init__(self, window: Any, prefix: str = PREFIX) -> None:
        self._prefix = prefix
        self._memory: dict[str, str] = {}
        self._local: Any = None
        self._read: Any = None  # localStorage for reading (also when it is full)
        self.problem = "off"
        try:
            local = window.localStorage
            local.getItem(prefix + "__probe__")
            self._read = local
        except Exception:  # JsException in Pyodide, AttributeError without a window
            return
        try:
            probe = prefix + "__probe__"
            local.setItem(probe, "1")
            local.removeItem(probe)
            self._local = local
            self.problem = ""
        except Exception as error:
            self.problem = "full" if _is_quota(error) else "off"

    @property
    def backend(self) -> str:
        return "localStorage" if self._local is not None else "memory"

    def _fall_back(self, error: BaseException | None = None) -> None:
        """Stop writing to localStorage after it failed once."""
        self._local = None
        self.problem = "full" if error is not None and _is_quota(error) else "off"

    def stored_keys(self) -> list[str]:
        """Every key under the prefix (prefix removed), from localStorage and memory."""
        found = {k[len(self._prefix) :] for k in self._memory if k.startswith(self._prefix)}
        local = self._read
        if local is not None:
            try:
                for i in range(int(local.length)):
                    key = local.key(i)
                    if isinstance(key, str) and key.startswith(self._prefix):
                        found.add(key[len(self._prefix) :])
            except Exception:
                pass
        return sorted(found)

    def get(self, key: str, default: str | None = None) -> str | None:
        full = self._prefix + key
        if full in self._memory:
            return self._memory[full]
        if self._read is not None:
            try:
                value = self._read.getItem(full)
            except Exception:
                self._read = None
                self._fall_back()
            else:
                # getItem gives a string or null (None, or JsNull in recent Pyodide)
                return value if isinstance(value, str) else default
        return default

    def set(self, key: str, value: str) -> None:
        full = self._prefix + key
        self._memory[full] = value
        if self._local is not None:
            try:
                self._local.setItem(full, value)
            except Exception as error:
                self._fall_back(error)
            else:
                self._memory.pop(full, None)  # stored: read it back from localStorage

    def remove(self, key: str) -> None:
        full = self._prefix + key
        self._memory.pop(full, None)
        local = self._local if self._local is not None else self._read
        if local is not None:
            try:
                local.removeItem(full)
            except Exception as error:
                self._fall_back(error)

    def get_json(self, key: str, default: Any = None) -> Any:
        """The value parsed as JSON, or `default` when missing, unreadable, too long or too
        deep (checked before parsing: no input can make the parser recurse)."""
        raw = self.get(key)
        if raw is None:
            return default
        try:
            return load_json(raw)
        except ValueError:
            return default

    def set_json(self, key: str, value: Any) -> None:
        self.set(key, json.dumps(value, separators=(",", ":"), sort_keys=True))

    def increment(self, key: str) -> int:
        """Add one to an integer counter (missing or garbled counts as 0); return the new value."""
        try:
            current = int(self.get(key) or 0)
        except ValueError:
            current = 0
        self.set(key, str(current + 1))
        return current + 1


def load_json(raw: Any) -> Any:
    """Parse stored or imported JSON within MAX_JSON_CHARS and MAX_JSON_DEPTH; ValueError
    (engine.io.limits.InputError) saying why otherwise."""
    from engine import load_json as bounded

    return bounded(raw, max_chars=MAX_JSON_CHARS, max_depth=MAX_JSON_DEPTH)


def _is_quota(error: BaseException) -> bool:
    """A storage write refused because the quota is used up (QuotaExceededError)."""
    text = f"{type(error).__name__} {error} {getattr(error, 'name', '')}".lower()
    return "quota" in text or "full" in text
