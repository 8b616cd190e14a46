"""The test builder itself: a Table gives the game it describes."""

from engine.rules.events import AlarmRaised, StealthLost

from .builder import K, Table, kinds, legal


def test_fingerprint_entry_raises_alarm_and_guard_heads_there():
    g = (
        Table()
        .tile("1.B1", K.FINGERPRINT)
        .player(0, "1.A1")
        .guard(0, at="1.D4", dest="1.D1")
        .game()
    )
    events = g.apply("move 1.B1")
    assert AlarmRaised in map(type, events)
    assert g.state.floors[0].guard.dest == g.parse_action("move 1.B1").pos


def test_entering_guard_tile_costs_stealth():
    g = (
        Table()
        .player(0, "1.A1")
        .guard(0, at="1.B1", dest="1.D4")
        .tile("1.B1", K.LABORATORY, tool_taken=True)
        .game()
    )
    events = g.apply("move 1.B1")
    assert "StealthLost" in kinds(events)
    assert g.state.players[0].stealth == 2
    assert any(isinstance(e, StealthLost) and e.reason == "entered-guard" for e in events)
    assert "end" in legal(g)
