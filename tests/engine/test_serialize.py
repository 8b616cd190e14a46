"""Saving and loading: lossless JSON, strict validation, replay, and the redacted view.

A save holds the setup code, the actions applied and the full state; loading it must give
back exactly the live game, refuse anything inconsistent with a `StateError` that says what
is wrong, and `view()` (all the UI sees) must show nothing hidden at the table.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from engine import (
    Character,
    Game,
    IllegalActionError,
    PlayerSetup,
    ScenarioId,
    Setup,
    StateError,
    new_game,
    parse_pos,
    replay,
)
from engine.io.serialize import from_json, to_json
from engine.rules.data import EventCard, Loot, TileKind, Tool
from engine.rules.rng import Rng

from .builder import K, Table

SCENARIOS = list(ScenarioId)


def setup_for(seed: int) -> Setup:
    players = tuple(PlayerSetup(f"P{i + 1}") for i in range(1 + seed % 4))
    return Setup(
        scenario=SCENARIOS[seed % 3],
        players=players,
        seed=seed,
        lost_visual=seed % 2 == 1,
        random_walls=seed % 3 == 1,
    )


def play(game: Game, chooser: Rng, steps: int):
    """Random legal play; yields after every action."""
    for _ in range(steps):
        legal = game.legal_actions()
        if not legal:
            return
        game.apply(legal[chooser.below(len(legal))])
        yield game


def played(seed: int, steps: int = 60) -> Game:
    g = new_game(setup_for(seed))
    for _ in play(g, Rng.from_seed(seed), steps):
        pass
    return g


def doc(game: Game) -> dict:
    return json.loads(to_json(game))


def load(d: dict) -> Game:
    return from_json(json.dumps(d))


# ---------------------------------------------------------------------- round trip


@pytest.mark.parametrize("seed", range(12))
def test_json_round_trip_equals_the_live_game_at_every_step(seed):
    """After every action, from_json(to_json(game)) has the same state, setup and history."""
    g = new_game(setup_for(seed))
    for live in play(g, Rng.from_seed(seed), 150):
        text = to_json(live)
        back = from_json(text)
        assert back.state == live.state
        assert back.setup == live.setup
        assert back.history == live.history
        assert to_json(back) == text
        assert back.legal_actions() == live.legal_actions()


@pytest.mark.parametrize("seed", range(6))
def test_a_loaded_game_plays_on_exactly_like_the_live_one(seed):
    """Loading mid-game and applying the same actions gives the same events and state."""
    live = new_game(setup_for(seed))
    chooser = Rng.from_seed(seed)
    for _ in play(live, chooser, 10):
        pass
    loaded = from_json(to_json(live))
    for _ in range(80):
        legal = live.legal_actions()
        if not legal:
            break
        action = legal[chooser.below(len(legal))]
        assert loaded.apply(action) == live.apply(action)
    assert to_json(loaded) == to_json(live)


def test_save_of_a_fresh_game_before_the_break_in_round_trips():
    """A game saved before the entrance is chosen loads back as it was."""
    g = new_game(Setup(seed=5))
    assert from_json(to_json(g)).state == g.state


def test_save_accepts_bytes():
    """from_json takes the saved text as str or UTF-8 bytes."""
    g = played(2, steps=10)
    assert from_json(to_json(g).encode()).state == g.state


def test_unicode_names_survive_a_save():
    """Player names in any script come back unchanged."""
    setup = Setup(players=(PlayerSetup("Zoë 🦝"), PlayerSetup("盗賊")), seed=4)
    g = new_game(setup)
    g.apply("enter 1.A1")
    back = from_json(to_json(g))
    assert [p.name for p in back.state.players] == ["Zoë 🦝", "盗賊"]


# ---------------------------------------------------------------------- replay


@pytest.mark.parametrize("seed", range(8))
def test_replay_of_the_history_equals_the_live_game(seed):
    """Rebuilding a game from its setup and action list gives the very same game."""
    g = played(seed, steps=120)
    again = replay(g.setup, g.history)
    assert again.state == g.state
    assert to_json(again) == to_json(g)


def test_replay_accepts_action_texts():
    """replay() takes the saved action texts as well as Action values."""
    g = played(3, steps=40)
    assert replay(g.setup, [str(a) for a in g.history]).state == g.state


def test_replay_names_the_first_bad_action():
    """A history with an impossible action fails with IllegalActionError naming its number."""
    g = played(3, steps=5)
    history = [str(a) for a in g.history]
    with pytest.raises(IllegalActionError, match=r"action 2 \(enter 1\.A1\)"):
        replay(g.setup, [history[0], "enter 1.A1"])


# ---------------------------------------------------------------------- validation


def test_not_json_is_refused():
    """Text that is not JSON raises StateError."""
    for text in ("", "{", "not a save", b"\xff\xfe"):
        with pytest.raises(StateError, match="not JSON"):
            from_json(text)


@pytest.mark.parametrize("text", ["[]", "3", '"x"', "{}", '{"format": "chess"}'])
def test_json_that_is_not_a_save_is_refused(text):
    """JSON that is not a Burgle Bros. save raises StateError."""
    with pytest.raises(StateError, match=r"not a Burgle Bros\. saved game"):
        from_json(text)


def corrupt(mutate, seed: int = 1, steps: int = 30) -> dict:
    d = doc(played(seed, steps))
    mutate(d)
    return d


def first_player_on_board(d: dict) -> int:
    return next(i for i, p in enumerate(d["state"]["players"]) if p["pos"] is not None)


def _tool_twice(d):
    s = d["state"]
    s["players"][0]["tools"].append(s["tools"][-1])


def _player_on_face_down(d):
    s = d["state"]
    i = first_player_on_board(d)
    floor0 = s["floors"][0]["tiles"]
    cell = next(c for c, t in enumerate(floor0) if t is not None and not t["revealed"])
    s["players"][i]["pos"] = cell


def _player_outside(d):
    s = d["state"]
    s["players"][first_player_on_board(d)]["pos"] = 4  # E1: beyond a 4x4 floor


def _patrol_missing(d):
    d["state"]["floors"][0]["guard"]["patrol"].pop()


def _patrol_duplicated(d):
    g = d["state"]["floors"][0]["guard"]
    g["patrol"].append(g["discard"][0])


def _unknown_state_field(d):
    d["state"]["cheat"] = True


def _unknown_player_field(d):
    d["state"]["players"][0]["gold"] = 100


def _missing_field(d):
    del d["state"]["turn"]


def _stealth_as_text(d):
    d["state"]["players"][0]["stealth"] = "3"


def _revealed_as_number(d):
    d["state"]["floors"][0]["tiles"][0]["revealed"] = 1


def _bool_as_number(d):
    d["state"]["actions_left"] = True


def _tools_not_a_list(d):
    d["state"]["tools"] = "crowbar"


def _unknown_tile_kind(d):
    d["state"]["floors"][0]["tiles"][0]["kind"] = "dragon"


def _unknown_tool(d):
    d["state"]["tools"][0] = "lightsaber"


def _floor_not_an_object(d):
    d["state"]["floors"][1] = [1, 2, 3]


def _loot_missing(d):
    s = d["state"]
    s["loot"].pop()


def _event_twice(d):
    s = d["state"]
    s["events"].append(s["events"][0])


def _wrong_seed(d):
    d["state"]["seed"] += 1


def _wrong_player_count(d):
    d["state"]["players"].append(copy.deepcopy(d["state"]["players"][0]))


def _guard_off_his_floor(d):
    d["state"]["floors"][0]["guard"]["pos"] = parse_pos("2.A1")


def _escaped_but_inside(d):
    s = d["state"]
    s["players"][first_player_on_board(d)]["escaped"] = True


def _negative_stealth(d):
    d["state"]["players"][0]["stealth"] = -1


def _too_many_hacks(d):
    d["state"]["floors"][0]["tiles"][0]["hack"] = 7


def _wall_into_nothing(d):
    d["state"]["floors"][0]["walls"].append([3, 4])  # D1 and the slot right of it


def _over_without_outcome(d):
    d["state"]["step"] = "over"
    d["state"]["outcome"] = ""


def _history_too_short(d):
    d["actions"].pop()


def _bad_action_text(d):
    d["actions"][0] = "teleport 1.A1"


def _actions_not_texts(d):
    d["actions"] = [1, 2]


def _bad_setup(d):
    d["setup"] = "1.q.0.s.-.0.xxbQQ"


def _other_format_version(d):
    d["format_version"] = 99


def _current_out_of_range(d):
    d["state"]["current"] = len(d["state"]["players"])


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (_tool_twice, "tool cards are missing or duplicated"),
        (_player_on_face_down, "stands on a face-down tile"),
        (_player_outside, "stands outside the building"),
        (_patrol_missing, "patrol cards are missing or duplicated"),
        (_patrol_duplicated, "patrol cards are missing or duplicated"),
        (_unknown_state_field, "unknown field 'cheat'"),
        (_unknown_player_field, "unknown field 'gold'"),
        (_missing_field, "missing field 'turn'"),
        (_stealth_as_text, "players[0].stealth: expected a whole number"),
        (_revealed_as_number, "revealed: expected true or false"),
        (_bool_as_number, "actions_left: expected a whole number"),
        (_tools_not_a_list, "tools: expected a list"),
        (_unknown_tile_kind, "'dragon' is not a valid TileKind"),
        (_unknown_tool, "'lightsaber' is not a valid Tool"),
        (_floor_not_an_object, "floors[1]: expected an object"),
        (_loot_missing, "loot cards are missing or duplicated"),
        (_event_twice, "event cards are missing or duplicated"),
        (_wrong_seed, "does not belong to its setup"),
        (_wrong_player_count, "wrong number of players"),
        (_guard_off_his_floor, "guard is not on a tile of this floor"),
        (_escaped_but_inside, "escaped but is still inside"),
        (_negative_stealth, "negative stealth"),
        (_too_many_hacks, "token count out of range"),
        (_wall_into_nothing, "a wall touches no tile"),
        (_over_without_outcome, "a finished game needs an outcome"),
        (_history_too_short, "actions_applied does not match"),
        (_bad_action_text, "actions: unknown action"),
        (_actions_not_texts, "actions: expected a list of action texts"),
        (_bad_setup, "setup: unknown scenario code"),
        (_other_format_version, "unsupported save format version"),
        (_current_out_of_range, "current player out of range"),
    ],
)
def test_inconsistent_saves_are_refused_with_a_clear_state_error(mutate, message):
    """Each kind of broken save raises StateError whose message names the problem."""
    d = corrupt(mutate)
    with pytest.raises(StateError) as info:
        load(d)
    assert message in str(info.value)


def test_an_untouched_save_passes_the_same_checks():
    """The corrupted saves above start from a save that loads fine."""
    d = corrupt(lambda d: None)
    assert to_json(load(d)) == json.dumps(d, separators=(",", ":"))


def test_state_error_is_a_value_error():
    """Callers may catch a bad save as ValueError."""
    assert issubclass(StateError, ValueError)


# ---------------------------------------------------------------------- the redacted view


def hidden_twin(game: Game, salt: int) -> Game:
    """The same game as the players see it, with everything hidden changed.

    Face-down tiles swap kinds and numbers, every deck is reordered, patrol cards move between
    the deck and the unseen set-aside pile, and the RNG gets another state.
    """
    twin = game.clone()
    st = twin.state
    rng = Rng.from_seed(salt)
    # The twin's own tile records (a clone shares them read-only until changed).
    down = [
        twin._mutable_tile((f << 6) | c)
        for f, fl in enumerate(st.floors)
        for c, t in enumerate(fl.tiles)
        if t is not None and not t.revealed
    ]
    before = [(t.kind, t.number) for t in down]
    faces = list(before)
    while len(set(before)) > 1 and faces == before:
        rng.shuffle(faces)
    for t, (kind, number) in zip(down, faces, strict=True):
        t.kind, t.number = kind, number
    for deck in (st.tools, st.loot):
        rng.shuffle(deck)
    under = st.events[: len(st.events) - st.events_seen]  # the Event cards seen on top are public
    rng.shuffle(under)
    st.events[: len(under)] = under
    for fl in st.floors:
        g = fl.guard
        seen = [g.patrol.pop()] if g.seen_top is not None else []  # public: it stays on top
        pool = g.patrol + g.aside
        rng.shuffle(pool)
        g.patrol, g.aside = pool[: len(g.patrol)] + seen, pool[len(g.patrol) :]
    st.rng = twin.rng.state = rng.next_u64()
    twin._state_changed()
    return twin


@pytest.mark.parametrize("seed", range(10))
def test_view_depends_only_on_what_the_table_can_see(seed):
    """Changing face-down tiles, deck order, set-aside cards or the RNG never changes view()."""
    g = new_game(setup_for(seed))
    checked = 0
    for live in play(g, Rng.from_seed(seed), 120):
        if live.state.actions_applied % 7 == 1:
            assert hidden_twin(live, seed).view() == live.view()
            checked += 1
    assert checked >= 1


def test_hidden_twin_really_hides_something():
    """The twin differs from the game in its full state, so the check above can fail."""
    g = played(4, steps=5)
    twin = hidden_twin(g, 4)
    assert twin.state != g.state
    assert to_json(twin) != to_json(g)


def test_view_never_names_a_face_down_tile():
    """A face-down tile shows neither its kind nor its number, even where it matters."""
    t = Table(players=2, characters=(Character.SPOTTER, Character.ROOK))
    t.face_down("1.B1", K.SECRET_DOOR, 6)
    t.face_down("1.C1", K.LAVATORY, 5)
    t.face_down("2.A1", K.SAFE, 0)
    t.face_down("1.A2", K.STAIRS, 6)
    t.player(0, "1.A1").player(1, "1.A1").guard(0, at="1.D4", dest="1.D3")
    g = t.game()
    v = g.view()
    text = json.dumps(v)
    for kind in (TileKind.SECRET_DOOR, TileKind.LAVATORY, TileKind.SAFE, TileKind.STAIRS):
        assert f'"{kind.value}"' not in text
    for fl in v["floors"]:
        for tile in fl["tiles"]:
            if not tile["empty"] and not tile["revealed"]:
                assert "kind" not in tile and "number" not in tile


def test_view_shows_a_tile_once_revealed():
    """After a Peek the tile's kind and number appear in the view."""
    t = Table(players=1, characters=(Character.SPOTTER,))
    t.face_down("1.B1", K.SECRET_DOOR, 2).player(0, "1.A1").guard(0, at="1.D4", dest="1.D3")
    g = t.game()
    g.apply("peek 1.B1")
    tile = next(x for x in g.view()["floors"][0]["tiles"] if x["name"] == "1.B1")
    assert (tile["kind"], tile["number"]) == ("secret-door", 2)


def test_view_shows_deck_sizes_but_no_deck_order():
    """At the break-in no card is in anyone's hand: the view names no Tool, Loot or Event."""
    g = new_game(Setup(seed=6))
    g.apply("enter 1.A1")
    text = json.dumps(g.view())
    for name in [*Tool, *Loot, *EventCard]:
        assert f'"{name.value}"' not in text, name
    decks = g.view()["decks"]
    assert (decks["tools"], decks["loot"], decks["events"]) == (13, 12, 26)


def test_view_holds_no_rng_seed_or_hidden_piles():
    """The view has no RNG state, seed, patrol deck order or set-aside cards."""
    g = played(7, steps=30)
    v = g.view()

    def keys(x):
        if isinstance(x, dict):
            for k, val in x.items():
                yield k
                yield from keys(val)
        elif isinstance(x, list):
            for val in x:
                yield from keys(val)

    assert not {"rng", "seed", "patrol", "aside", "setup", "queue"} & set(keys(v))
    assert str(g.state.rng) not in json.dumps(v)


def test_view_shows_public_patrol_discards():
    """Patrol discards are public, as at the table."""
    g = new_game(Setup(seed=6))
    g.apply("enter 1.A1")
    g0 = g.state.floors[0].guard
    shown = g.view()["floors"][0]["guard"]
    assert len(shown["patrol_discard"]) == len(g0.discard)
    assert shown["patrol_left"] == len(g0.patrol)


# ---------------------------------------------------------------------- the burglar caught

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "games"
LOST = json.loads((FIXTURES / "bank_2p_loss.json").read_text())


def lost_game() -> Game:
    return replay(Setup.from_code(LOST["setup"]), LOST["actions"])


def test_a_saved_lost_game_names_the_burglar_caught_without_replaying() -> None:
    """The state itself says who was caught, so a loaded game's outcome is read, not replayed."""
    live = lost_game()
    assert live.outcome.player >= 0
    d = doc(live)
    assert d["state"]["caught"] == live.outcome.player
    assert load(d).outcome == live.outcome and load(d).outcome.player == live.outcome.player


def test_a_version_1_save_without_the_burglar_caught_still_names_him() -> None:
    """Saves written before the state named the caught burglar load; his name comes from the
    document's own actions."""
    live = lost_game()
    d = doc(live)
    d["format_version"] = 1
    del d["state"]["caught"]
    assert load(d).outcome.player == live.outcome.player


def _seen_on_top(game: Game) -> Game:
    """`game` with floor 1's top patrol card known, as after the Spotter kept it on top."""
    guard = game.state.floors[0].guard
    guard.seen_top = guard.patrol[-1]
    game._state_changed()
    return game


def test_a_patrol_card_seen_on_top_is_saved_and_loaded() -> None:
    live = _seen_on_top(played(2, 20))
    assert load(doc(live)).state == live.state


def test_a_version_2_save_loads_with_no_patrol_card_seen_on_top() -> None:
    """Saves written before guards kept the card the Spotter saw load; it is not known."""
    d = doc(_seen_on_top(played(2, 20)))
    d["format_version"] = 2
    for fl in d["state"]["floors"]:
        del fl["guard"]["seen_top"]
    assert all(fl.guard.seen_top is None for fl in load(d).state.floors)


def test_a_patrol_card_seen_on_top_that_is_not_on_top_is_refused() -> None:
    d = doc(played(2, 20))
    guard = d["state"]["floors"][0]["guard"]
    guard["seen_top"] = guard["patrol"][0]
    with pytest.raises(StateError, match="seen on top is not on top"):
        load(d)


def test_event_cards_seen_on_top_are_saved_and_loaded() -> None:
    live = played(2, 20)
    live.state.events_seen = 2
    assert load(doc(live)).state == live.state


def test_a_version_3_save_loads_with_no_event_card_seen_on_top() -> None:
    """Saves written before the state counted the Events seen on top load; none is known."""
    live = played(2, 20)
    live.state.events_seen = 2
    d = doc(live)
    d["format_version"] = 3
    del d["state"]["events_seen"]
    assert load(d).state.events_seen == 0


def test_a_version_4_save_loads_with_no_step_straight_back_counted() -> None:
    """Saves written before the state counted the steps straight back of the turn load."""
    live = played(2, 20)
    live.state.paced = 1
    assert load(doc(live)).state == live.state
    d = doc(live)
    d["format_version"] = 4
    del d["state"]["paced"]
    assert load(d).state.paced == 0


def test_a_negative_count_of_steps_straight_back_is_refused() -> None:
    d = doc(played(2, 20))
    d["state"]["paced"] = -1
    with pytest.raises(StateError, match="steps straight back"):
        load(d)


def test_more_event_cards_seen_on_top_than_a_crystal_ball_shows_is_refused() -> None:
    d = doc(played(2, 20))
    d["state"]["events_seen"] = 4
    with pytest.raises(StateError, match="Event cards seen on top"):
        load(d)


def test_a_lost_game_that_names_no_burglar_is_refused() -> None:
    d = doc(lost_game())
    d["state"]["caught"] = None
    with pytest.raises(StateError, match="names the burglar caught"):
        load(d)


def test_a_game_in_play_that_names_a_caught_burglar_is_refused() -> None:
    d = doc(played(1, 30))
    d["state"]["caught"] = 0
    with pytest.raises(StateError, match="names the burglar caught"):
        load(d)
