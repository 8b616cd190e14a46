"""Key-value persistence on `window.localStorage`, with an in-memory fallback.

localStorage can be missing or throw (privacy modes, sandboxed frames, a full quota). The
game must still run then, so every failure falls back to a dict for the rest of the session.
"""

from __future__ import annotations

import json
from typing import Any

PREFIX = "burgle."


class Storage:
    """String values under `PREFIX`-ed keys; `backend` tells where they go."""

    def __init__(self, window: Any, prefix: str = PREFIX) -> None:
        self._prefix = prefix
        self._memory: dict[str, str] = {}
        self._local: Any = None
        try:
            local = window.localStorage
            probe = prefix + "__probe__"
            local.setItem(probe, "1")
            local.removeItem(probe)
            self._local = local
        except Exception:  # JsException in Pyodide, AttributeError without a window
            self._local = None

    @property
    def backend(self) -> str:
        return "localStorage" if self._local is not None else "memory"

    def _fall_back(self) -> None:
        """Stop using localStorage after it failed once."""
        self._local = None

    def get(self, key: str, default: str | None = None) -> str | None:
        full = self._prefix + key
        if self._local is not None:
            try:
                value = self._local.getItem(full)
            except Exception:
                self._fall_back()
            else:
                # getItem gives a string or null (None, or JsNull in recent Pyodide)
                return value if isinstance(value, str) else default
        return self._memory.get(full, default)

    def set(self, key: str, value: str) -> None:
        full = self._prefix + key
        self._memory[full] = value
        if self._local is not None:
            try:
                self._local.setItem(full, value)
            except Exception:
                self._fall_back()

    def remove(self, key: str) -> None:
        full = self._prefix + key
        self._memory.pop(full, None)
        if self._local is not None:
            try:
                self._local.removeItem(full)
            except Exception:
                self._fall_back()

    def get_json(self, key: str, default: Any = None) -> Any:
        raw = self.get(key)
        if raw is None:
            return default
        try:
            return json.loads(raw)
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
