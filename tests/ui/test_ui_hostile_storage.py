"""Whatever localStorage holds, the saves can be read without an uncaught error: what cannot
be read is set aside (kept, listed, exportable, deletable), never parsed without bounds.

The payloads are the ones of issue 12: item 1 (a cell name whose upper case is two letters,
which made every load of the page fail) and item 2 (100,000 nested brackets: RecursionError
in Python, a dead Pyodide at 10,000).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ui.session import (
    ASIDE_KEY,
    INDEX_KEY,
    SAVE_PREFIX,
    SaveError,
    Saves,
    load_record,
    parse_record,
)
from ui.storage import PREFIX, Storage

ITEM1 = json.dumps(
    {"format": 1, "engine": "0.1.0", "setup": "1.b.0.s.-.0.xxbUA", "actions": ["enter 1.ß1"]}
)
ITEM2 = "[" * 100_000
PAYLOADS = {"item1": ITEM1, "item2": ITEM2, "not-json": '{"format": 1, "setup": 3'}


def saves_with(make_window, **items: str) -> tuple[Saves, dict[str, str]]:
    window = make_window()
    for key, value in items.items():
        window.localStorage.items[PREFIX + key] = value
    return Saves(Storage(window)), window.localStorage.items


@pytest.mark.parametrize("payload", sorted(PAYLOADS))
def test_a_current_save_that_cannot_be_read_raises_save_error_only(make_window, payload):
    """Reading and replaying the item-1 and item-2 saves gives SaveError with words."""
    saves, _ = saves_with(make_window, **{"save.bad": PAYLOADS[payload], "current": "bad"})
    with pytest.raises(SaveError) as info:
        load_record(saves.get("bad"), save_id="bad")
    assert str(info.value)


@pytest.mark.parametrize("payload", sorted(PAYLOADS))
def test_an_unreadable_saves_index_is_set_aside_and_rebuilt(make_window, payload):
    """The index holding a payload is moved aside (kept for export) and rebuilt from the
    saves that are stored, so a good save stays listed."""
    good = json.dumps({"format": 1, "engine": "0.1.0", "setup": "1.b.0.s.-.0.xxbQQ", "actions": []})
    saves, items = saves_with(make_window, **{"saves": PAYLOADS[payload], "save.good1": good})
    notes = saves.repair()
    assert notes and "list of saved games" in notes[0]
    assert saves.ids() == ["good1"]
    ((aside_id, why),) = saves.aside()
    assert aside_id.startswith("index-") and why == notes[0]
    assert saves.raw(aside_id) == PAYLOADS[payload]  # kept: exportable
    saves.delete(aside_id)  # deletable
    assert saves.aside() == [] and saves.raw(aside_id) is None
    assert json.loads(items[PREFIX + INDEX_KEY]) == ["good1"]


def test_a_save_set_aside_leaves_the_list_and_the_resume_slot_but_keeps_its_text(make_window):
    saves, items = saves_with(
        make_window, **{"saves": '["bad"]', "save.bad": ITEM1, "current": "bad"}
    )
    saves.set_aside("bad", "its actions do not replay")
    assert saves.ids() == [] and saves.current() is None
    assert saves.aside() == [("bad", "its actions do not replay")]
    assert items[PREFIX + SAVE_PREFIX + "bad"] == ITEM1


def test_an_unreadable_aside_list_is_dropped_and_its_saves_listed_again(make_window):
    saves, _ = saves_with(make_window, **{ASIDE_KEY: ITEM2, "saves": "[]", "save.x1": ITEM1})
    saves.repair()
    assert [i for i, _ in saves.aside()] == ["x1"]


@pytest.mark.parametrize("text", [ITEM2, "{" * 50, "[]" * 400_000, '"' + "a" * 600_000])
def test_save_texts_are_bounded_before_parsing(text):
    """Too deep or too long: SaveError, and json.loads is never reached."""
    with pytest.raises(SaveError, match="not readable"):
        parse_record(text)


def test_storage_get_json_of_deep_nesting_gives_the_default(make_window):
    window = make_window()
    window.localStorage.items[PREFIX + "x"] = ITEM2
    assert Storage(window).get_json("x", "default") == "default"


class QuotaFull:
    """A localStorage that holds saves but refuses any write: the quota is used up."""

    def __init__(self, items: dict[str, str]) -> None:
        self.items = items

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        raise OSError("QuotaExceededError: the quota has been exceeded")

    def removeItem(self, key):
        self.items.pop(key, None)


class Blocked:
    @property
    def localStorage(self):
        raise PermissionError("SecurityError: access denied")


def test_a_full_storage_at_start_says_full_and_still_reads_the_saves(make_window):
    """With the quota used up at load, the page says the storage is full (not that the
    browser refuses storage), and the saves it holds can still be continued or exported."""
    store = Storage(make_window(storage=QuotaFull({PREFIX + "save.a": ITEM1})))
    assert store.problem == "full" and store.backend == "memory"
    assert store.get("save.a") == ITEM1
    assert Storage(Blocked()).problem == "off"
    assert Storage(make_window()).problem == ""


# ---------------------------------------------------------------------- fuzz

_value = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.text(max_size=20)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(), inner)),
    max_leaves=6,
)
_actions = st.lists(
    st.one_of(st.sampled_from(["enter 1.B2", "end", "move 1.ß1", "enter 1.\u00df1"]), _value),
    max_size=4,
)


@st.composite
def _records(draw) -> str:
    record = {
        "format": draw(st.sampled_from([1, 1, 2, "1", None])),
        "engine": draw(st.sampled_from(["0.1.0", "0.1.0", "9.9", ""])),
        "setup": draw(st.sampled_from(["1.b.0.s.-.0.xxbUA", "1.f.3.r.C3.0.xxbQQ"]) | _value),
        "actions": draw(_actions | _value),
    }
    text = json.dumps(record)
    cut = draw(st.integers(0, len(text)))
    return draw(st.sampled_from([text, text[:cut], "[" * cut + text, ITEM1, ITEM2]))


@settings(max_examples=80, deadline=None, database=None)
@given(raw=_records())
def test_fuzzed_save_records_raise_only_save_error(raw):
    """Whatever a stored or imported save holds, reading and replaying it gives a Session or
    SaveError, nothing else."""
    try:
        load_record(parse_record(raw))
    except SaveError as err:
        assert str(err)
