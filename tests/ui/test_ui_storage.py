"""ui.storage: localStorage when it works, an in-memory dict when it does not."""

from __future__ import annotations

from ui.storage import PREFIX, Storage


class Unavailable:
    """window.localStorage that throws on access, as in a sandboxed frame."""

    @property
    def localStorage(self):
        raise PermissionError("SecurityError: access denied")


class FullStorage:
    """A localStorage that stores nothing: every write throws (quota exceeded)."""

    def __init__(self) -> None:
        self.allow = 2  # the constructor's probe: setItem, removeItem

    def getItem(self, key):
        return None

    def setItem(self, key, value):
        if self.allow <= 0:
            raise OSError("QuotaExceededError")
        self.allow -= 1

    def removeItem(self, key):
        self.allow -= 1


def test_round_trip_through_local_storage(make_window):
    window = make_window()
    store = Storage(window)
    assert store.backend == "localStorage"
    store.set("name", "Juicer")
    assert window.localStorage.items[PREFIX + "name"] == "Juicer"
    assert store.get("name") == "Juicer"
    assert Storage(window).get("name") == "Juicer"  # another page load sees it
    store.remove("name")
    assert store.get("name", "none") == "none"
    assert not any(key.endswith("__probe__") for key in window.localStorage.items)


def test_json_values_and_counters(window):
    store = Storage(window)
    store.set_json("settings", {"sound": False, "seed": 7})
    assert store.get_json("settings") == {"seed": 7, "sound": False}
    store.set("broken", "{not json")
    assert store.get_json("broken", "fallback") == "fallback"
    assert store.increment("visits") == 1
    assert store.increment("visits") == 2
    store.set("visits", "garbage")
    assert store.increment("visits") == 1


def test_unavailable_local_storage_falls_back_to_memory():
    store = Storage(Unavailable())
    assert store.backend == "memory"
    store.set("a", "1")
    assert store.get("a") == "1"
    assert store.increment("visits") == 1
    store.remove("a")
    assert store.get("a") is None


def test_a_failing_write_falls_back_to_memory(make_window):
    store = Storage(make_window(storage=FullStorage()))
    assert store.backend == "localStorage"
    store.set("a", "1")  # throws inside: the value is kept in memory
    assert store.backend == "memory"
    assert store.get("a") == "1"
