"""The rules reference: an entry for everything the engine has, in both languages, and search."""

from __future__ import annotations

import pytest

from engine.rules.data import ABILITIES, Character, EventCard, Loot, TileKind, Tool
from ui import messages, reference

LANGS = ("en", "fr")


def ids_in(lang: str) -> dict[str, reference.Entry]:
    messages.set_language(lang)
    return {e.id: e for e in reference.entries()}


@pytest.mark.parametrize("lang", LANGS)
def test_every_engine_item_has_a_reference_entry(lang):
    got = ids_in(lang)
    wanted = (
        [f"kind-{k.value}" for k in TileKind]
        + [f"tool-{k.value}" for k in Tool]
        + [f"loot-{k.value}" for k in Loot]
        + [f"event-{k.value}" for k in EventCard]
        + [f"character-{k.value}" for k in Character]
        + [f"ability-{a}" for pair in ABILITIES.values() for a in pair]
    )
    for entry_id in wanted:
        assert entry_id in got, (lang, entry_id)
        entry = got[entry_id]
        assert entry.title and all(p.strip() for p in entry.text), (lang, entry_id)


@pytest.mark.parametrize("lang", LANGS)
def test_the_reference_explains_the_turn_guards_alarms_safes_escape_and_rulings(lang):
    got = ids_in(lang)
    for section in ("turn", "actions", "event", "guards", "alarms", "safes", "escape"):
        assert got[f"rules-{section}"].text[0], section
    assert sum(1 for e in got.values() if e.group == "ruling") == len(reference.RULINGS) >= 10


@pytest.mark.parametrize("lang", LANGS)
def test_a_character_entry_shows_both_sides_and_links_to_them(lang):
    got = ids_in(lang)
    for character, (basic, advanced) in ABILITIES.items():
        entry = got[f"character-{character.value}"]
        assert entry.see == (f"ability-{basic}", f"ability-{advanced}")
        assert messages.name_of("ability", basic) in entry.text[1]
        assert messages.name_of("ability", advanced) in entry.text[2]


def test_search_needs_every_word_and_ignores_case_and_accents():
    items = ids_in("fr").values()
    found = {e.id for e in reference.search(list(items), "evenement stamp")}
    assert "loot-stamp" in found and "rules-event" in found
    assert "kind-laser" not in found
    english = list(ids_in("en").values())
    hits = {e.id for e in reference.search(english, "LASER pc")}
    assert {"kind-laser", "kind-computer-laser"} <= hits
    assert reference.search(english, "zzzz") == []


def test_every_tile_kind_card_and_ability_links_to_its_entry():
    ids = ids_in("en")
    for prefix, keys in (
        ("kind", [k.value for k in TileKind]),
        ("tool", [k.value for k in Tool]),
        ("loot", [k.value for k in Loot]),
        ("event", [k.value for k in EventCard]),
        ("ability", [a for pair in ABILITIES.values() for a in pair]),
    ):
        for key in keys:
            assert reference.link_id(prefix, key) in ids, (prefix, key)
    assert reference.link_id("kind", "no-such-room") == ""
