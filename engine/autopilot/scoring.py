"""How the autopilot scores a position: `Weights` and `evaluate`, and the price of ending a
turn early."""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.data import ACTIONS_PER_TURN, COMPUTERS
from ..rules.data import TileKind as K
from ..rules.game import Game
from ..rules.state import State
from .goals import _scan, goal_distance, player_floor, target_floor
from .guard_risk import guard_threat, hit_risk

# Hack tokens on one computer the bot counts: two stop the alarms a heist usually meets.
HACK_TOKENS_WORTH = 2


@dataclass(slots=True)
class Weights:
    """What `evaluate` and the search's prices give each fact of a position.

    Set by hand, then checked against self-play: a logistic fit of `evaluate`'s terms to
    the games' outcomes put several near these values; of those it moved, the ones that won
    when tried are kept (`revealed`; the Bank's `distance` and `floor` and the Office's
    `threat`, `defaults.SCENARIO_WEIGHTS`). Dozens of other values were tried in whole
    games, bolder and warier alike, and won no more than the bot's own spread: each trial,
    kept or not, its games, and how large that spread is are in docs/autopilot-trials.md
    ("Weights", "How large the noise is")."""

    win: float = 1e6
    safe: float = 3000.0
    stealth: float = 450.0
    zero_stealth: float = 700.0
    # A step into a guard's tile: besides its token, priced like the guard walking in
    # (`hit`). Dev seeds 9000-9079, Bank 2p: 5/80 -> 7/80 wins (+2 -0), Stealth lost by
    # such steps 96 -> 81 (bench/stealth_bench.py --weight entered=...).
    entered: float = 600.0
    threat: float = 420.0
    found_safe: float = 150.0
    combo_revealed: float = 70.0
    cracked: float = 150.0
    die: float = 55.0
    # Each face-up tile: fitted on self-play, measured on the target rows (the trials doc).
    revealed: float = 40.0
    explore: float = 30.0
    distance: float = 40.0
    alarm: float = 100.0
    tempo: float = 30.0
    event: float = 120.0
    tool: float = 35.0
    hack: float = 12.0
    escaped: float = 600.0
    floor: float = 250.0
    hit: float = 600.0
    hit_last: float = 20000.0
    hit_next: float = 0.0
    alarm_end: float = 100.0
    # Loot lying loose (the second Gold Bar in its open Safe, a Persian Kitty run off):
    # picking it up must outweigh the longer ways on it opens, the carrier's and his
    # teammates' (the crew's next floor, the roof).
    loot_left: float = 1800.0


def evaluate(game: Game, w: Weights) -> float:
    st = game.state
    if st.outcome == "win":
        return w.win
    if st.outcome == "loss":
        return -w.win
    score = 0.0
    sv, shown, alarms, all_loot = _scan(game)
    tf = target_floor(game, sv)
    floors = [player_floor(game, i, tf, all_loot, sv) for i in range(len(st.players))]
    working = set(floors)
    safe_kind = K.SAFE  # read once: see `_scan`
    for f, fl in enumerate(st.floors):
        explore = w.explore if f in working and not sv[f].safes else w.revealed
        tiles = fl.tiles
        geo = game.geometry(f)
        for c, t in shown[f]:
            score += explore
            if t.kind == safe_kind:
                if t.safe_open:
                    score += w.safe - (w.loot_left if t.loot else 0)
                    continue
                score += w.found_safe
                for q in geo.combination(c):  # `game.combination`, read on this floor
                    ct = tiles[q]
                    assert ct is not None
                    if ct.cracked:
                        score += w.cracked
                    elif ct.revealed:
                        score += w.combo_revealed
                score += w.die * min(t.dice, 4)
            elif t.kind in COMPUTERS:
                score += w.hack * min(t.hack, HACK_TOKENS_WORTH)
        score -= w.alarm * alarms[f]
        # Loot lying on a tile that is not its Safe (a Persian Kitty that ran) is as far
        # from the roof as Loot left in an open Safe, and priced the same: picking it up
        # must outweigh the longer way out it opens (the crew then heads for the roof).
        for q in sv[f].loose:
            if game.tile(q).kind != K.SAFE:
                score -= w.loot_left
    threats = [guard_threat(game, f, 1, alarms[f]) for f in range(len(st.floors))]
    cur = st.players[st.current].pos
    moving = -1 if cur is None else cur >> 6  # the floor whose guard moves next
    risk_next: dict[int, float] | None = None
    for i, p in enumerate(st.players):
        if p.escaped:
            score += w.escaped + w.stealth * 3
            continue
        if p.pos is None:
            continue
        score += w.stealth * min(p.stealth, 3) + (w.stealth * 0.5) * max(0, p.stealth - 3)
        if p.stealth == 0:
            score -= w.zero_stealth
        f = p.pos >> 6
        hurt = 2.0 if p.stealth == 0 else 1.0
        if w.hit_next and i != st.current and f == moving:
            # This guard moves at the end of the next turn, before this burglar can step
            # away: the exact chance he walks in, from his route and the patrol cards left.
            if risk_next is None:
                risk_next = hit_risk(game, f)
            chance = risk_next.get(p.pos, 0.0)
            score -= chance * (w.hit_last if p.stealth == 0 else w.hit) * w.hit_next
        elif p.pos in threats[f]:
            share = 0.3 if i == st.current else (1.0 if f == moving else 0.25)
            score -= w.threat * share * hurt
        elif i != st.current and f == moving and p.pos in guard_threat(game, f, 2, alarms[f]):
            score -= w.threat * 0.4 * hurt
        score -= w.distance * goal_distance(game, i, tf, all_loot, sv, floors[i])
        score += w.floor * min(f, floors[i])
        score += w.tool * len(p.tools)
    return score


def idle_actions(st: State) -> int:
    """The actions of the turn that did nothing, as `Weights.tempo` prices them: those left
    unused and both steps of each pair there and straight back (pacing: the step back is
    left out of the Event count, R07, the step there is not, and neither changed anything),
    the step there counted twice so that a pair is dearer than standing still. Priced on
    the unused ones alone, A -> B -> A -> B scored 90 above ending at B; priced without the
    step there, a pair that dodged no Event still saved an idle action, and half the steps
    straight back of six Bank games (15 of 32) dodged nothing. A pair whose counted step
    keeps the End from drawing an Event still pays (the Event costs more). Steps straight
    back in 200 Bank games: 2,136 -> 918, wins the same (docs/autopilot-trials.md). A
    Mirror's missing or a bonus action shifts every line of a turn alike."""
    return max(st.actions_left, ACTIONS_PER_TURN - st.actions_taken) + 2 * st.paced


def ending_price(g: Game, me: int, w: Weights) -> float:
    """What ending `me`'s actions now costs besides the score: the idle actions and, when
    the turn took too few, the Event it draws."""
    st = g.state
    price = w.tempo * idle_actions(st)
    if st.actions_taken <= g.event_threshold(me):
        price += w.event
    return price


def _stealth_value(stealth: int, w: Weights) -> float:
    """What `evaluate` gives a burglar's Stealth tokens."""
    value = w.stealth * min(stealth, 3) + (w.stealth * 0.5) * max(0, stealth - 3)
    return value - (w.zero_stealth if stealth == 0 else 0.0)


__all__ = ["Weights", "ending_price", "evaluate", "idle_actions"]
