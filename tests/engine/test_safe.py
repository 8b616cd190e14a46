"""Safes: the combination, Add a Die, Crack, and what opening a Safe gives and costs.

Rules: rulebook 000 "Add a Die to a Safe", "Crack a safe", Fort Knox setup and Gold Bar;
rules README rulings 8 and 11; docs/rulings.md R24, R25. The Bank floor is 4x4, so a Safe at
B2 has the combination A2, C2, D2 (its row) and B1, B3, B4 (its column).
"""

from __future__ import annotations

from engine import ScenarioId
from engine.rules.data import Loot, Tool
from engine.rules.events import (
    DeckEmpty,
    DieAdded,
    LootDrawn,
    SafeOpened,
    SafeRolled,
    SpeedChanged,
    ToolDrawn,
)
from engine.rules.game import Game

from .builder import K, P, Table, legal, of, refused, table

COMBO_B2 = ("1.A2", "1.C2", "1.D2", "1.B1", "1.B3", "1.B4")


def safe_table(
    numbers=(1, 2, 3, 4, 5, 6), dice: int = 1, players: int = 1, floor: int = 1
) -> Table:
    """A Safe at B2 of `floor` with dice on it, its 6 combination tiles revealed with `numbers`."""
    t = table(players=players)
    for f in range(3):
        t.guard(f, at=f"{f + 1}.D4", dest=f"{f + 1}.D3")
    t.tile(f"{floor}.B2", K.SAFE, 0, dice=dice)
    for where, n in zip(COMBO_B2, numbers, strict=True):
        t.tile(f"{floor}.{where[2:]}", K.LABORATORY, n, tool_taken=True)
    t.player(0, f"{floor}.B2")
    return t


def cracked(g: Game, floor: int = 1) -> list[str]:
    return sorted(w[2:] for w in COMBO_B2 if g.tile(P(f"{floor}.{w[2:]}")).cracked)


# ---------------------------------------------------------------------- the combination


def test_R24_combination_is_the_safes_row_and_column_without_the_safe():
    """A 4x4 Safe's combination is the 3 other tiles of its row and the 3 of its column."""
    g = safe_table().game()
    assert sorted(g.combination(P("1.B2"))) == sorted(P(w) for w in COMBO_B2)


def test_R24_fort_knox_combination_skips_the_empty_square():
    """On 5x5 a Safe has 8 combination tiles, or 7 when the empty square is in its row or column."""
    g = table(scenario=ScenarioId.FORT_KNOX).game()
    assert len(g.combination(P("1.A1"))) == 8
    combo = g.combination(P("1.C1"))  # column C holds the empty square C3
    assert len(combo) == 7
    assert P("1.C3") not in combo


def test_R24_fort_knox_safe_opens_without_the_empty_square():
    """A Fort Knox Safe whose column crosses the empty square opens once its 7 tiles are cracked."""
    t = table(scenario=ScenarioId.FORT_KNOX).guard(0, at="1.E5", dest="1.E4")
    t.tile("1.C1", K.SAFE, 0, dice=1).player(0, "1.C1")
    for where in ("1.A1", "1.B1", "1.D1", "1.E1", "1.C2", "1.C4", "1.C5"):
        t.tile(where, K.LABORATORY, 4, tool_taken=True)
    g = t.dice(4).game()
    ev = g.apply("crack")
    assert of(ev, SafeOpened) == [SafeOpened(P("1.C1"))]


def test_README11_tile_cracked_for_one_safe_counts_for_another():
    """Fort Knox: a tile shared by two Safes' combinations is cracked once for both."""
    t = table(scenario=ScenarioId.FORT_KNOX).guard(0, at="1.E5", dest="1.E4")
    # Safes at A1 and E1 share row 1: B1, C1, D1 belong to both combinations.
    t.tile("1.A1", K.SAFE, 0, dice=1).tile("1.E1", K.SAFE, 0, dice=1)
    for where in ("1.B1", "1.C1", "1.D1"):
        t.tile(where, K.LABORATORY, 3, tool_taken=True)
    for where in ("1.A2", "1.A3", "1.A4", "1.A5"):
        t.tile(where, K.LABORATORY, 5, tool_taken=True)
    for where in ("1.E2", "1.E3", "1.E4", "1.E5"):
        t.tile(where, K.LABORATORY, 6, tool_taken=True)
    t.player(0, "1.A1")
    g = t.dice(3, 5, 6).game()
    ev = g.apply("crack")  # rolls 3: cracks B1, C1, D1 (row 1)
    assert sorted(ev[0].cracked) == sorted(P(w) for w in ("1.B1", "1.C1", "1.D1"))
    ev = g.apply("crack")  # rolls 5: column A done, Safe A1 opens
    assert of(ev, SafeOpened) == [SafeOpened(P("1.A1"))]
    # At E1, only column E is missing: the shared row-1 tiles already carry their tokens.
    g.state.players[0].pos = P("1.E1")
    g.state.actions_left = 4
    g._state_changed()
    ev = g.apply("crack")  # rolls 6
    assert of(ev, SafeOpened) == [SafeOpened(P("1.E1"))]


def test_R24_a_safe_in_another_safes_row_never_blocks_opening():
    """A Safe has no number: one standing in the combination is not needed to open another."""
    t = table(scenario=ScenarioId.FORT_KNOX).guard(0, at="1.E5", dest="1.E4")
    t.tile("1.A1", K.SAFE, 0, dice=1).tile("1.C1", K.SAFE, 0)  # C1 is in A1's row
    for where in ("1.B1", "1.D1", "1.E1", "1.A2", "1.A3", "1.A4", "1.A5"):
        t.tile(where, K.LABORATORY, 2, tool_taken=True)
    g = t.player(0, "1.A1").dice(2).game()
    ev = g.apply("crack")
    assert of(ev, SafeOpened) == [SafeOpened(P("1.A1"))]
    assert not g.tile(P("1.C1")).cracked
    assert not g.tile(P("1.C1")).safe_open


# ---------------------------------------------------------------------- Add a Die


def test_add_a_die_puts_one_more_die_on_the_safe():
    """Add a Die raises the Safe's dice by one."""
    g = safe_table(dice=2).game()
    ev = g.apply("add-die")
    assert of(ev, DieAdded) == [DieAdded(P("1.B2"), 3)]
    assert g.tile(P("1.B2")).dice == 3


def test_a_safe_holds_at_most_six_dice():
    """With 6 dice on the Safe, Add a Die is no longer possible."""
    g = safe_table(dice=5).game()
    g.apply("add-die")
    assert g.tile(P("1.B2")).dice == 6
    assert refused(g, "add-die")


def test_add_a_die_only_in_a_safe_tile():
    """Away from a Safe there is no Add a Die and no Crack."""
    g = safe_table().player(0, "1.A2").game()
    assert refused(g, "add-die")
    assert refused(g, "crack")


def test_dice_belong_to_their_safe():
    """Dice added to one Safe are not on another."""
    t = safe_table(dice=0).tile("1.D4", K.SAFE, 0)
    g = t.game()
    g.apply("add-die")
    assert g.tile(P("1.B2")).dice == 1
    assert g.tile(P("1.D4")).dice == 0


# ---------------------------------------------------------------------- Crack


def test_crack_needs_a_die_on_the_safe():
    """A Safe starts with no dice: Crack needs at least one die added first."""
    g = safe_table(dice=0).game()
    assert refused(g, "crack")
    g.apply("add-die")
    assert "crack" in legal(g)


def test_crack_costs_one_action():
    """Cracking spends one action."""
    g = safe_table(numbers=(1, 1, 1, 1, 1, 2)).dice(6).game()
    g.apply("crack")
    assert (g.state.actions_left, g.state.actions_taken) == (3, 1)


def test_crack_rolls_every_die_on_the_safe():
    """Crack rolls all the Safe's dice."""
    g = safe_table(dice=3).dice(6, 6, 6).game()
    ev = g.apply("crack")
    assert of(ev, SafeRolled) == [SafeRolled(P("1.B2"), (6, 6, 6), (P("1.B4"),))]


def test_one_die_cracks_every_tile_with_its_number():
    """A single die showing 3 cracks every revealed combination tile numbered 3."""
    g = safe_table(numbers=(3, 1, 3, 2, 3, 4)).dice(3).game()
    ev = g.apply("crack")
    assert sorted(of(ev, SafeRolled)[0].cracked) == sorted(P(w) for w in ("1.A2", "1.D2", "1.B3"))
    assert cracked(g) == ["A2", "B3", "D2"]


def test_dice_that_match_nothing_crack_nothing():
    """Rolling numbers absent from the combination places no Cracked token."""
    g = safe_table(numbers=(1, 1, 1, 1, 1, 1), dice=2).dice(5, 6).game()
    ev = g.apply("crack")
    assert of(ev, SafeRolled)[0].cracked == ()
    assert cracked(g) == []


def test_README8_crack_is_allowed_before_the_combination_is_revealed():
    """You may roll with combination tiles still face down."""
    t = safe_table()
    t.face_down("1.B4", K.LABORATORY, 6, tool_taken=True)
    g = t.game()
    assert "crack" in legal(g)


def test_README8_a_roll_cracks_only_revealed_tiles():
    """A face-down tile whose number was rolled gets no Cracked token."""
    t = safe_table(numbers=(3, 1, 1, 1, 1, 1))
    t.face_down("1.B4", K.LABORATORY, 3, tool_taken=True)
    g = t.dice(3).game()
    ev = g.apply("crack")
    assert of(ev, SafeRolled)[0].cracked == (P("1.A2"),)
    assert not g.tile(P("1.B4")).cracked


def test_README8_safe_stays_closed_while_a_combination_tile_is_face_down():
    """Even if every revealed tile is cracked, a face-down one keeps the Safe shut."""
    t = safe_table(numbers=(2, 2, 2, 2, 2, 2))
    t.face_down("1.B4", K.LABORATORY, 2, tool_taken=True)
    g = t.dice(2).game()
    ev = g.apply("crack")
    assert of(ev, SafeOpened) == []
    assert not g.tile(P("1.B2")).safe_open


def test_cracked_tokens_and_dice_stay_after_a_failed_roll():
    """A failed Crack keeps its Cracked tokens and (R24) its dice for the next roll."""
    g = safe_table(numbers=(1, 1, 1, 2, 2, 2), dice=2).dice(1, 5, 2, 6).game()
    g.apply("crack")
    assert cracked(g) == ["A2", "C2", "D2"]
    assert g.tile(P("1.B2")).dice == 2
    ev = g.apply("crack")
    assert of(ev, SafeRolled)[0].cracked == tuple(P(w) for w in ("1.B1", "1.B3", "1.B4"))
    assert of(ev, SafeOpened) == [SafeOpened(P("1.B2"))]


# ---------------------------------------------------------------------- opening


def open_safe(t: Table) -> tuple[Game, list]:
    g = t.dice(1).game()
    return g, g.apply("crack")


def test_safe_opens_when_every_combination_tile_is_cracked():
    """Cracking the last tile of the row and column opens the Safe."""
    g, ev = open_safe(safe_table(numbers=(1,) * 6))
    assert of(ev, SafeOpened) == [SafeOpened(P("1.B2"))]
    assert g.tile(P("1.B2")).safe_open


def test_opening_gives_the_cracker_the_top_tool_and_the_top_loot():
    """The burglar who opens a Safe draws the top Tool card, then the top Loot card."""
    t = safe_table(numbers=(1,) * 6, players=2).player(1, "1.B2")
    t.tools(Tool.DONUTS).loot(Loot.TIARA)
    g, ev = open_safe(t)
    assert of(ev, ToolDrawn) == [ToolDrawn(0, "donuts", "safe")]
    assert of(ev, LootDrawn) == [LootDrawn(0, "tiara")]
    names = [type(e).__name__ for e in ev]
    assert names.index("ToolDrawn") < names.index("LootDrawn")
    assert g.state.players[0].tools == [Tool.DONUTS]
    assert g.state.players[0].loot == [Loot.TIARA]
    assert g.state.players[1].tools == [] and g.state.players[1].loot == []
    assert Tool.DONUTS not in g.state.tools and Loot.TIARA not in g.state.loot


def test_opened_safe_takes_no_more_dice_and_no_more_cracks():
    """Once open, a Safe offers neither Add a Die nor Crack."""
    g, _ = open_safe(safe_table(numbers=(1,) * 6))
    assert refused(g, "add-die")
    assert refused(g, "crack")


def test_opening_speeds_up_the_guards_of_that_floor_and_every_floor_below():
    """Opening a Safe on floor 2 adds 1 to the guard dice of floors 2 and 1, not floor 3."""
    t = safe_table(numbers=(1,) * 6, floor=2)
    for f, speed in enumerate((2, 3, 4)):
        t.guard(f, at=f"{f + 1}.D4", dest=f"{f + 1}.D3", speed=speed)
    g, ev = open_safe(t)
    assert sorted((e.floor, e.speed) for e in of(ev, SpeedChanged)) == [(0, 3), (1, 4)]
    assert [fl.guard.speed for fl in g.state.floors] == [3, 4, 4]


def test_opening_on_the_top_floor_speeds_up_every_guard():
    """A Safe opened on the top floor speeds up all three guards."""
    t = safe_table(numbers=(1,) * 6, floor=3)
    g, _ = open_safe(t)
    assert [fl.guard.speed for fl in g.state.floors] == [3, 3, 3]


def test_opening_never_pushes_a_guard_die_past_six():
    """A guard already at 6 stays at 6 when a Safe opens."""
    t = safe_table(numbers=(1,) * 6)
    t.guard(0, at="1.D4", dest="1.D3", speed=6)
    g, ev = open_safe(t)
    assert g.state.floors[0].guard.speed == 6
    assert of(ev, SpeedChanged) == []


def test_gold_bar_twin_is_placed_on_the_safe_tile():
    """Drawing the Gold Bar puts the second Gold Bar on that Safe's tile."""
    t = safe_table(numbers=(1,) * 6, players=2).loot(Loot.GOLD_BAR)
    g, ev = open_safe(t)
    assert of(ev, LootDrawn) == [LootDrawn(0, "gold-bar")]
    assert g.state.players[0].loot == [Loot.GOLD_BAR]
    assert g.tile(P("1.B2")).loot == [Loot.GOLD_BAR]
    assert not g.state.gold_bar_waiting
    assert Loot.GOLD_BAR not in g.state.loot
    assert len(g.state.loot) == len(Loot) - 1


def test_other_loot_leaves_the_second_gold_bar_waiting():
    """Other Loot puts nothing on the tile; the second Gold Bar stays out of play."""
    g, _ = open_safe(safe_table(numbers=(1,) * 6, players=2).loot(Loot.BUST))
    assert g.tile(P("1.B2")).loot == []
    assert g.state.gold_bar_waiting


def test_second_gold_bar_can_be_picked_up_from_the_safe_tile():
    """The team must take both Gold Bars: a burglar without one picks up the one on the Safe."""
    t = safe_table(numbers=(1,) * 6, players=2).player(1, "1.A2").loot(Loot.GOLD_BAR)
    g, _ = open_safe(t)
    assert "pickup gold-bar" not in legal(g)  # burglar 1 already holds a Gold Bar
    g.apply("end")  # burglar 2's turn, next to the Safe
    assert g.state.current == 1
    g.apply("move 1.B2")
    left = g.state.actions_left
    g.apply("pickup gold-bar")
    assert g.state.players[1].loot == [Loot.GOLD_BAR]
    assert g.tile(P("1.B2")).loot == []
    assert g.state.actions_left == left  # picking up is free


def test_R25_opening_with_an_empty_tool_deck_gives_no_tool():
    """With no Tool card left the Safe still opens; the cracker gets only the Loot."""
    t = safe_table(numbers=(1,) * 6).dice(1)
    g = t.game()
    g.state.tool_discard = list(g.state.tools)
    g.state.tools = []
    ev = g.apply("crack")
    assert of(ev, SafeOpened) == [SafeOpened(P("1.B2"))]
    assert of(ev, DeckEmpty) == [DeckEmpty("tools")]
    assert of(ev, ToolDrawn) == []
    assert g.state.players[0].tools == []
    assert len(g.state.players[0].loot) == 1


def test_R25_opening_with_an_empty_loot_deck_gives_no_loot():
    """With no Loot card left the Safe still opens; the cracker gets only the Tool."""
    t = safe_table(numbers=(1,) * 6).dice(1)
    g = t.game()
    g.state.loot = []
    ev = g.apply("crack")
    assert of(ev, SafeOpened) == [SafeOpened(P("1.B2"))]
    assert of(ev, DeckEmpty) == [DeckEmpty("loot")]
    assert of(ev, LootDrawn) == []
    assert g.state.players[0].loot == []
    assert len(g.state.players[0].tools) == 1
