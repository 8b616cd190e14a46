"""resample_from_infostate: a full game that looks the same to the player, hidden part new."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import PlayerSetup, ScenarioId, Setup, new_game
from engine.io.serialize import from_json, to_json
from engine.rules.data import LOST_VISUAL, TileKind
from engine.rules.game import Game
from engine.rules.infostate import resample_from_infostate
from engine.rules.rng import Rng


def _played(scenario: ScenarioId, players: int, seed: int, actions: int) -> Game:
    """A game after some random legal actions (stops early if it ends)."""
    setup = Setup(
        scenario=scenario,
        players=tuple(PlayerSetup(f"B{i + 1}") for i in range(players)),
        seed=seed,
        lost_visual=seed % 2 == 1,
    )
    game = new_game(setup)
    rng = Rng.from_seed(seed)
    for _ in range(actions):
        legal = game.legal_actions()
        if not legal or game.is_over():
            break
        # Prefer actions that keep the game going (no End while actions are left).
        moves = [a for a in legal if str(a) != "end"] or legal
        game.apply(moves[rng.below(len(moves))])
    return game


def _hidden(game: Game) -> tuple:
    st = game.state
    return (
        [(t.kind, t.number) for fl in st.floors for t in fl.tiles if t and not t.revealed],
        [fl.guard.patrol for fl in st.floors],
        st.tools,
        st.loot,
        st.events,
        st.rng,
    )


CASES = [(s, n, seed) for s in ScenarioId for n in (1, 2, 4) for seed in (1, 2)]


@pytest.mark.parametrize(("scenario", "players", "seed"), CASES)
def test_sample_looks_the_same_to_the_player(scenario: ScenarioId, players: int, seed: int):
    game = _played(scenario, players, seed, 12)
    sample = resample_from_infostate(game, game.state.current, 99)
    assert sample.view() == game.view()
    assert sample.legal_actions() == game.legal_actions()


@pytest.mark.parametrize(("scenario", "players", "seed"), CASES)
def test_sample_is_a_valid_game_from_the_box(scenario: ScenarioId, players: int, seed: int):
    game = _played(scenario, players, seed, 12)
    sample = resample_from_infostate(game, game.state.current, 5)
    from_json(to_json(sample))  # the whole-state checks: tiles from the box, every card once


def test_different_seeds_give_different_hidden_parts():
    game = _played(ScenarioId.BANK, 2, 3, 6)
    a = resample_from_infostate(game, 0, 1)
    b = resample_from_infostate(game, 0, 2)
    ha, hb = _hidden(a), _hidden(b)
    for part_a, part_b in zip(ha, hb, strict=True):
        assert part_a != part_b


def test_same_seed_gives_the_same_sample():
    game = _played(ScenarioId.OFFICE, 2, 4, 8)
    assert resample_from_infostate(game, 0, 7).state == resample_from_infostate(game, 0, 7).state


def test_sample_never_reads_the_hidden_part():
    """Two games that look the same (one is a resample of the other) give the same sample."""
    for scenario in ScenarioId:
        game = _played(scenario, 2, 6, 10)
        twin = resample_from_infostate(game, 0, 12345)
        assert _hidden(twin) != _hidden(game)
        one = resample_from_infostate(game, 0, 8)
        two = resample_from_infostate(twin, 0, 8)
        assert one.state == two.state


def test_sample_leaves_the_game_untouched():
    game = _played(ScenarioId.BANK, 2, 5, 10)
    before = game.clone()
    resample_from_infostate(game, 0, 1)
    assert game.state == before.state


def test_face_down_tiles_hold_the_kinds_not_yet_seen():
    game = _played(ScenarioId.BANK, 2, 7, 6)
    sample = resample_from_infostate(game, 0, 3)
    everything = Counter(
        (t.kind, t.number) for fl in game.state.floors for t in fl.tiles if t is not None
    )
    resampled = Counter(
        (t.kind, t.number) for fl in sample.state.floors for t in fl.tiles if t is not None
    )
    assert everything == resampled
    for fl in sample.state.floors:  # one Safe and one Stairs on every floor of the Bank
        kinds = Counter(t.kind for t in fl.tiles if t is not None)
        assert kinds[TileKind.SAFE] == 1 and kinds[TileKind.STAIRS] == 1


def test_patrol_decks_hold_the_cards_not_seen():
    game = _played(ScenarioId.BANK, 2, 9, 10)
    sample = resample_from_infostate(game, 0, 4)
    for real, fake in zip(game.state.floors, sample.state.floors, strict=True):
        assert fake.guard.discard == real.guard.discard
        assert len(fake.guard.patrol) == len(real.guard.patrol)
        assert len(fake.guard.aside) == len(real.guard.aside)
        assert Counter(fake.guard.patrol + fake.guard.aside) == Counter(
            real.guard.patrol + real.guard.aside
        )
        assert not set(fake.guard.patrol) & set(fake.guard.discard) - {LOST_VISUAL}


def test_the_sampler_keeps_the_patrol_card_the_crew_saw_on_top():
    """A card the Spotter kept on top is public: every sample has it there, and only the
    cards under it are drawn anew."""
    game = _played(ScenarioId.BANK, 2, 9, 10)
    guard = game.state.floors[0].guard
    guard.seen_top = guard.patrol[-1]
    game._state_changed()
    samples = [resample_from_infostate(game, 0, seed).state.floors[0].guard for seed in range(8)]
    assert all(s.patrol[-1] == guard.seen_top and s.seen_top == guard.seen_top for s in samples)
    assert all(Counter(s.patrol + s.aside) == Counter(guard.patrol + guard.aside) for s in samples)
    assert len({tuple(s.patrol[:-1]) for s in samples}) > 1


def test_the_sampler_keeps_the_event_cards_the_crew_saw_on_top():
    """Event cards seen on top (Precognition, a Crystal Ball) are public: every sample has
    them there in their order, and only the cards under them are drawn anew."""
    game = _played(ScenarioId.BANK, 2, 9, 10)
    game.state.events_seen = 2
    game._state_changed()
    seen = game.state.events[-2:]
    samples = [resample_from_infostate(game, 0, seed).state for seed in range(8)]
    assert all(s.events[-2:] == seen and s.events_seen == 2 for s in samples)
    assert all(len(s.events) == len(game.state.events) for s in samples)
    assert len({tuple(s.events[:-2]) for s in samples}) > 1


def test_clone_is_independent():
    game = _played(ScenarioId.OFFICE, 2, 2, 5)
    copy = game.clone()
    assert copy.state == game.state
    copy.apply(copy.legal_actions()[-1])
    assert copy.state != game.state
