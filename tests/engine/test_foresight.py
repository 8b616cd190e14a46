"""Foresight helpers: what the page may ask the engine before playing an action."""

from __future__ import annotations

import copy

from engine.rules.data import Loot, Tool
from engine.rules.foresight import SafeCell

from .builder import K, P, Table, table


def test_walking_into_a_guard_with_no_stealth_is_foreseen_as_a_loss():
    g = (
        table()
        .player(0, "1.A1", stealth=0)
        .tile("1.B1", K.LABORATORY)
        .guard(0, at="1.B1", dest="1.D4")
        .game()
    )
    before = copy.deepcopy(g.state)
    assert g.would_lose("move 1.B1")
    assert g.state == before  # asked on a copy: the real game is untouched
    assert not g.would_lose("move 1.A2")


def test_a_loss_is_not_foreseen_with_stealth_left():
    g = (
        table()
        .player(0, "1.A1", stealth=1)
        .tile("1.B1", K.LABORATORY)
        .guard(0, at="1.B1", dest="1.D4")
        .game()
    )
    assert not g.would_lose("move 1.B1")


def test_a_loss_behind_a_face_down_tile_is_not_foreseen():
    # The Foyer is face down: the table cannot know the guard next door will see in.
    g = (
        table()
        .player(0, "1.A1", stealth=0)
        .face_down("1.B1", K.FOYER)
        .guard(0, at="1.C1", dest="1.C4")
        .game()
    )
    assert not g.would_lose("move 1.B1")


def test_ending_the_turn_into_the_guards_path_is_foreseen_as_a_loss():
    g = (
        table()
        .player(0, "1.A2", stealth=0)
        .guard(0, at="1.A4", dest="1.A1", speed=2)
        .turn(taken=3, actions=1)
        .game()
    )
    assert g.would_lose("end")


def _past_his_destination(seen: bool) -> Table:
    """A burglar with no Stealth left on 1.C2: the guard reaches 1.D2 with two steps left and
    heads for the top patrol card, 1.B2, through her tile. `seen`: the Spotter saw it."""
    t = (
        table()
        .player(0, "1.C2", stealth=0)
        .guard(0, at="1.D3", dest="1.D2", speed=3, patrol=("1.B2", "1.A4"))
        .turn(taken=3, actions=1)
    )
    if seen:
        t._game.state.floors[0].guard.seen_top = P("1.B2")
    return t


def test_ending_in_the_way_of_the_patrol_card_the_table_saw_on_top_is_foreseen_as_a_loss():
    """A card the Spotter kept on top is no hidden fact: where it sends him is foreseen."""
    assert _past_his_destination(seen=True).game().would_lose("end")
    assert not _past_his_destination(seen=False).game().would_lose("end")


def test_ending_after_few_actions_would_draw_an_event():
    g = table().player(0, "1.A1").turn(taken=1, actions=3).game()
    assert g.would_draw_event()


def test_ending_after_enough_actions_would_not_draw_an_event():
    g = table().player(0, "1.A1").turn(taken=3, actions=1).game()
    assert not g.would_draw_event()


def test_no_event_is_drawn_when_the_event_decks_are_empty():
    g = Table().player(0, "1.A1").turn(taken=0, actions=4).events().game()
    g.state.event_discard = []
    assert not g.would_draw_event()


def test_the_stamp_raises_the_event_threshold_seen_by_would_draw_event():
    from engine.rules.data import Loot

    g = table().player(0, "1.A1", loot=(Loot.STAMP,)).turn(taken=3, actions=1).game()
    assert g.would_draw_event()


def test_safe_info_counts_only_revealed_uncracked_numbers():
    t = table().tile("1.B2", K.SAFE, dice=2)
    t.tile("1.A2", K.LABORATORY, 3).tile("1.C2", K.LABORATORY, 5, cracked=True)
    t.face_down("1.B1", K.LABORATORY, 6).tile("1.B3", K.LABORATORY, 3)
    g = t.player(0, "1.B2").game()
    info = g.safe_info(P("1.B2"))
    assert info is not None
    assert info.wanted == (3,)
    assert info.rolled == 2
    assert abs(info.chance - (1 - (5 / 6) ** 2)) < 1e-9
    hidden = [c for c in info.cells if c.pos == P("1.B1")]
    assert hidden == [SafeCell(P("1.B1"), revealed=False, number=None, cracked=False, safe=False)]


def test_safe_info_is_sure_of_a_crack_when_the_burglar_holds_a_stethoscope():
    """The Stethoscope turns one die to any face before the roll counts: one tile more is
    sure to crack, unless the Bust's holder cannot use it."""
    t = table().tile("1.B2", K.SAFE, dice=1).tile("1.A2", K.LABORATORY, 3)
    info = t.player(0, "1.B2", tools=(Tool.STETHOSCOPE,)).game().safe_info(P("1.B2"))
    assert info is not None and info.stethoscope and info.chance == 1.0
    t = table().tile("1.B2", K.SAFE, dice=1).tile("1.A2", K.LABORATORY, 3)
    g = t.player(0, "1.B2", tools=(Tool.STETHOSCOPE,), loot=(Loot.BUST,)).game()
    info = g.safe_info(P("1.B2"))
    assert info is not None and not info.stethoscope and abs(info.chance - 1 / 6) < 1e-9


def test_safe_info_with_no_dice_has_no_chance():
    g = table().tile("1.B2", K.SAFE).tile("1.A2", K.LABORATORY, 3).player(0, "1.B2").game()
    info = g.safe_info(P("1.B2"))
    assert info is not None and info.chance == 0.0


def test_safe_info_of_a_tile_that_is_no_revealed_safe_is_none():
    g = table().face_down("1.B2", K.SAFE).player(0, "1.A1").game()
    assert g.safe_info(P("1.B2")) is None
    assert g.safe_info(P("1.A1")) is None


def test_a_spotters_look_at_a_patrol_card_the_table_saw_on_top_brings_nothing_to_light():
    """A card kept on top stays known until drawn: a second look (Clairvoyance, next turn)
    shows nothing new, while a look with the top unknown does."""
    from engine.rules.data import Character, Side
    from engine.rules.foresight import table_seen, unseen_facts

    patrol = ("1.B2", "1.C3", "1.D1", "1.A4")
    for known in (True, False):
        t = Table(characters=(Character.SPOTTER,), sides=(Side.BASIC,)).player(0, "1.A1")
        g = t.guard(0, at="1.D4", dest="1.D3", speed=1, patrol=patrol).game()
        g.state.floors[0].guard.seen_top = P("1.B2") if known else None
        seen = table_seen(g)
        unseen = unseen_facts(seen, g.apply("ability clairvoyance"))
        assert (unseen == []) is known
