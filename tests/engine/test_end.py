"""Winning and losing: escaping from the top floor's Stairs, and getting caught.

Rules: rulebook 000 "Ending the Game" and the Stairs tile ("spend 1 action to Move out via the
top floor's Stairs" once the team has all the Loot); docs/rulings.md R08. The Bank Job's top
floor is floor 3.
"""

from __future__ import annotations

import pytest

from engine.rules.data import Loot
from engine.rules.events import (
    EventDrawn,
    GameLost,
    GameWon,
    GuardMoved,
    GuardStarts,
    PlayerEscaped,
    StealthLost,
    TurnEnded,
    TurnStarted,
)
from engine.rules.state import Step

from .builder import K, P, Table, legal, of, refused, table


def heist_done(players: int = 1, open_safes: tuple[bool, bool, bool] = (True, True, True)) -> Table:
    """Three Safes (one per floor), open as told; Stairs at A1 on every floor; guards far away."""
    t = table(players=players)
    for f in range(3):
        t.tile(f"{f + 1}.B2", K.SAFE, 0, safe_open=open_safes[f])
        t.tile(f"{f + 1}.A1", K.STAIRS, 4 + f)
        t.guard(f, at=f"{f + 1}.D4", dest=f"{f + 1}.D3")
    for i in range(players):
        t.player(i, "3.A1")
    return t


# ---------------------------------------------------------------------- escaping


def test_escape_from_the_top_floor_stairs_once_every_safe_is_open():
    """On the top floor's Stairs, every Safe open and no Loot left behind: Escape is offered."""
    g = heist_done().game()
    assert "escape" in legal(g)


def test_no_escape_while_a_safe_is_still_closed():
    """A closed Safe anywhere in the building forbids escaping."""
    for closed in range(3):
        flags = tuple(f != closed for f in range(3))
        g = heist_done(open_safes=flags).game()  # type: ignore[arg-type]
        assert refused(g, "escape"), f"safe on floor {closed + 1} is closed"


def test_no_escape_while_loot_lies_on_a_tile():
    """All Loot must be in the team's hands: a Gold Bar left on a Safe tile forbids escaping."""
    t = heist_done().tile("2.B2", K.SAFE, 0, safe_open=True, loot=[Loot.GOLD_BAR])
    g = t.game()
    assert refused(g, "escape")


def test_no_escape_from_stairs_below_the_top_floor():
    """Stairs on floor 2 lead up, not out."""
    g = heist_done().player(0, "2.A1").game()
    assert refused(g, "escape")


def test_no_escape_from_any_other_top_floor_tile():
    """Only the top floor's Stairs lead to the roof."""
    g = heist_done().tile("3.C3", K.LABORATORY, 3, tool_taken=True).player(0, "3.C3").game()
    assert refused(g, "escape")


def test_escape_costs_one_action():
    """Escaping spends an action: with none left it is not possible."""
    g = heist_done().turn(0, actions=0, taken=4).game()
    assert refused(g, "escape")
    assert legal(g) == ["end"]


def test_escaped_burglar_leaves_the_building():
    """The escaped burglar is off the board and marked escaped."""
    g = heist_done(players=2).game()
    ev = g.apply("escape")
    assert of(ev, PlayerEscaped) == [PlayerEscaped(0)]
    p = g.state.players[0]
    assert p.escaped and p.pos is None
    assert not g.is_over()


def test_R08_escape_ends_turn_without_event_or_guard_move():
    """Escaping ends the turn at once: no Event (even with 1 action taken), no guard move."""
    g = heist_done(players=2).game()
    events_before = list(g.state.events)
    ev = g.apply("escape")
    assert of(ev, EventDrawn) == []
    assert of(ev, GuardStarts) == [] and of(ev, GuardMoved) == []
    assert g.state.events == events_before
    assert g.state.floors[2].guard.pos == P("3.D4")
    assert of(ev, TurnEnded) == [TurnEnded(0, 1)]
    assert of(ev, TurnStarted) == [TurnStarted(1, 4)]
    assert g.state.current == 1


def test_R08_escaped_burglar_takes_no_more_turns():
    """After escaping, the remaining burglar plays every turn."""
    g = heist_done(players=2).player(1, "1.C3").game()
    g.apply("escape")
    for _ in range(3):
        assert g.state.current == 1
        g.apply("end")
    assert g.state.current == 1


def test_escaped_burglar_keeps_the_loot_for_the_team():
    """Loot carried out by an escaped burglar still counts as held by the team."""
    g = heist_done(players=2).player(0, "3.A1", loot=(Loot.TIARA,)).game()
    g.apply("escape")
    assert "escape" in legal(g)


def test_all_burglars_escaped_is_a_win():
    """When the last burglar escapes, the team wins and the game is over."""
    g = heist_done(players=2).game()
    g.apply("escape")
    ev = g.apply("escape")
    assert of(ev, PlayerEscaped) == [PlayerEscaped(1)]
    assert of(ev, GameWon) == [GameWon()]
    assert of(ev, TurnStarted) == []
    assert g.is_over()
    assert g.outcome == "win"
    assert g.state.step == Step.OVER
    assert g.legal_actions() == []


def test_solo_escape_wins_at_once():
    """A single burglar escaping wins the game."""
    g = heist_done().game()
    ev = g.apply("escape")
    assert of(ev, GameWon) == [GameWon()]
    assert g.outcome == "win"


@pytest.mark.parametrize("action", ["end", "escape", "move 3.B1", "enter 1.A1", "choose hack"])
def test_a_won_game_accepts_no_action(action):
    """Once the game is over every action is refused and nothing changes."""
    g = heist_done().game()
    g.apply("escape")
    assert refused(g, action)


# ---------------------------------------------------------------------- getting caught


def test_guard_catching_a_burglar_without_stealth_loses_the_game():
    """A guard walking into a burglar who has no Stealth left ends the game in a loss."""
    t = table().player(0, "1.C1", stealth=0).guard(0, at="1.A1", dest="1.D1", speed=3)
    g = t.game()
    ev = g.apply("end")
    assert of(ev, GameLost) == [GameLost(0, "guard-enters")]
    assert g.is_over()
    assert g.outcome == "loss"
    assert g.legal_actions() == []
    assert of(ev, TurnStarted) == []
    # The guard stops where he found the burglar.
    assert g.state.floors[0].guard.pos == P("1.C1")


def test_moving_into_a_guard_without_stealth_loses_the_game():
    """Entering the guard's tile with no Stealth left is a loss."""
    t = table().player(0, "1.A1", stealth=0).guard(0, at="1.B1", dest="1.D4")
    t.tile("1.B1", K.LABORATORY, 3, tool_taken=True)
    g = t.game()
    ev = g.apply("move 1.B1")
    assert of(ev, GameLost) == [GameLost(0, "entered-guard")]
    assert g.outcome == "loss"
    assert refused(g, "end")


def test_losing_the_last_stealth_token_is_not_yet_a_loss():
    """Spending your last Stealth token leaves you at 0 but still playing."""
    t = table().player(0, "1.C1", stealth=1).guard(0, at="1.A1", dest="1.D1", speed=3)
    g = t.game()
    ev = g.apply("end")
    assert of(ev, StealthLost) == [StealthLost(0, "guard-enters", False, 0)]
    assert of(ev, GameLost) == []
    assert not g.is_over()
    assert g.state.players[0].stealth == 0


def test_zero_stealth_is_harmless_until_a_token_is_needed():
    """A burglar at 0 Stealth whom no guard reaches keeps playing."""
    t = table().player(0, "1.D4", stealth=0).guard(0, at="1.A1", dest="1.B1", speed=1)
    g = t.game()
    g.apply("end")
    assert not g.is_over()
    assert g.state.step == Step.ACTIONS


def test_any_caught_burglar_loses_the_game_for_the_team():
    """The guard finding another burglar (not the one whose turn it is) at 0 Stealth is a loss."""
    t = table(players=2).player(0, "1.A4").player(1, "1.C1", stealth=0)
    t.guard(0, at="1.A1", dest="1.D1", speed=3)
    g = t.game()
    ev = g.apply("end")
    assert of(ev, GameLost) == [GameLost(1, "guard-enters")]
    assert g.outcome == "loss"


@pytest.mark.parametrize("action", ["end", "move 1.B1", "peek 1.A2"])
def test_a_lost_game_accepts_no_action(action):
    """After a loss every action is refused and nothing changes."""
    t = table().player(0, "1.C1", stealth=0).guard(0, at="1.A1", dest="1.D1", speed=3)
    g = t.game()
    g.apply("end")
    assert refused(g, action)
