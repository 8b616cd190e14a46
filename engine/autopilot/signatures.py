"""Signatures the autopilot hashes: seeds mixed from game facts, and positions as
transposition-table keys and public pictures."""

from __future__ import annotations

from ..rules.game import Game

_MIX = 0x9E3779B97F4A7C15
_MASK = (1 << 64) - 1


def _mix(*parts: int) -> int:
    h = 0x243F6A8885A308D3
    for x in parts:
        h = ((h ^ (x & _MASK)) * _MIX) & _MASK
        h ^= h >> 29
    return h


def _key(g: Game) -> tuple[object, ...]:
    """A signature of the position inside a turn: two action orders that reach the same
    position share one search node (a transposition table key). Built as a bit mask and
    the few tiles with tokens: quicker to build and to hash than every tile's fields."""
    st = g.state
    parts: list[object] = [st.rng, st.actions_left, st.actions_taken, st.step, st.current]
    for p in st.players:
        parts.append((p.pos, p.stealth, len(p.tools), len(p.loot), p.hack, p.escaped))
    for fl in st.floors:
        mask = 0
        extra = []
        for c, t in enumerate(fl.tiles):
            if t is None:
                continue
            if t.revealed:
                mask |= 1 << c
            if t.alarm:
                mask |= 1 << (c + 64)
            if t.dice or t.hack or t.cracked or t.safe_open or t.open or t.stealth:
                extra.append((c, t.dice, t.hack, t.cracked, t.safe_open, t.open, t.stealth))
        g_ = fl.guard
        parts.append((mask, tuple(extra), g_.pos, g_.dest, g_.speed))
    return tuple(parts)


def public_table(g: Game) -> tuple[object, ...]:
    """The public table but the current burglar's place, actions and the RNG (`_key`
    without them): what a step there and back leaves unchanged when it reveals, takes and
    sets off nothing. `Bot.pacing_back` refuses such a step with it; autoplay counts them."""
    parts = list(_key(g))
    st = g.state
    me = st.current
    p = st.players[me]
    parts[0] = parts[1] = parts[2] = None  # rng, actions left, actions taken
    parts[5 + me] = (p.stealth, len(p.tools), len(p.loot), p.hack, p.escaped)
    return tuple(parts)


__all__ = ["public_table"]
