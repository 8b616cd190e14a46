"""Why autopilot games are won or lost: per-game figures and their averages. Prints JSON;
asserts nothing.

Plays the same games as `python -m engine autoplay` (every seat on the autopilot with the
default turn search, basic sides, random characters, standard walls; bots seeded as there)
and counts, for won and lost games apart: turns, Safes opened and the turn of the first,
Events drawn (and the alarms or Stealth they cost before the guard moves), alarms by source,
Stealth lost by reason, actions left unused at End, Ends that drew an Event, steps straight
back to the tile the last Move left (A -> B -> A, when B revealed nothing), the actions
played by kind (tools and abilities by name), tools left at the end, the Loot drawn, and the
turn CPU time p95. Per-game lines go to LOSS_BENCH_LINES (a file), if set.

    python bench/loss_bench.py office 9000 40      # scenario, first seed, games
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.autopilot.defaults import default_bot, seat_seed
from engine.rules.actions import ActionKind
from engine.rules.data import ScenarioId, Side
from engine.rules.events import (
    AlarmRaised,
    EventDrawn,
    GuardStarts,
    LootDrawn,
    SafeOpened,
    StealthLost,
    TileRevealed,
)
from engine.rules.game import new_game
from engine.rules.setup import crew_setup


def play(scenario: ScenarioId, seed: int, players: int = 2) -> dict[str, object]:
    game = new_game(crew_setup(scenario, players, Side.BASIC, seed))
    bots = [default_bot(seat_seed(seed, k), scenario) for k in range(players)]  # autoplay's seats
    alarms: Counter[str] = Counter()
    stealth: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    harm: Counter[str] = Counter()
    events: list[str] = []
    loots: list[str] = []
    safe_turns: list[int] = []
    cpus: list[float] = []
    unused = event_ends = paces = 0
    last: dict[int, tuple[int, int, int, bool]] = {}  # seat -> (turn, left, applied, revealed)
    key, spent = (game.state.turn, game.state.current), 0.0
    while not game.is_over() and game.state.actions_applied < 3000:
        st = game.state
        me = st.current
        c0 = time.process_time()
        a = bots[me].choose(game)
        spent += time.process_time() - c0
        special = a.kind in (ActionKind.USE, ActionKind.ABILITY)
        kinds[f"{a.kind}:{a.card or a.option}" if special else str(a.kind)] += 1
        if a.kind == ActionKind.END and st.pending is None:
            unused += st.actions_left
            event_ends += st.actions_taken <= game.event_threshold(me)
        came_from = st.players[me].pos
        if a.kind == ActionKind.MOVE:
            prev = last.get(me)
            if (
                prev
                and prev[0] == st.turn
                and prev[1] == a.pos
                and prev[2] == st.actions_applied - 1
            ):
                paces += not prev[3]
        out = game.apply(a)
        if a.kind == ActionKind.MOVE and came_from is not None:
            revealed = any(isinstance(e, TileRevealed) for e in out)
            last[me] = (st.turn, came_from, st.actions_applied - 1, revealed)
        now = (game.state.turn, game.state.current)
        if now != key or game.is_over():
            cpus.append(spent)
            key, spent = now, 0.0
        card = ""
        for e in out:
            if isinstance(e, EventDrawn):
                events.append(e.card)
                card = e.card
            elif isinstance(e, GuardStarts):
                card = ""
            elif isinstance(e, AlarmRaised):
                alarms[e.source] += 1
                harm[f"{card}:alarm"] += bool(card)
            elif isinstance(e, StealthLost):
                stealth[str(e.reason)] += 1
                harm[f"{card}:stealth"] += bool(card)
            elif isinstance(e, LootDrawn):
                loots.append(e.loot)
            elif isinstance(e, SafeOpened):
                safe_turns.append(game.state.turn)
    st = game.state
    return {
        "seed": seed,
        "chars": [str(p.character) for p in st.players],
        "outcome": st.outcome,
        "reason": st.reason,
        "turns": st.turn,
        "safes": len(safe_turns),
        "safe_turns": safe_turns,
        "all_loot_end": game.team_has_all_loot(),
        "floors": [p.pos >> 6 if p.pos is not None else -1 for p in st.players],
        "alarms": dict(alarms),
        "stealth": dict(stealth),
        "events": events,
        "event_harm": {k: v for k, v in harm.items() if v},
        "loots": loots,
        "kinds": dict(kinds),
        "unused": unused,
        "event_ends": event_ends,
        "paces": paces,
        "tools_end": sum(len(p.tools) for p in st.players),
        "cpus_ms": [round(1000 * c) for c in cpus],
    }


def _p95(values: list[int]) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))] if ordered else 0


def summary(rows: list[dict[str, object]]) -> dict[str, object]:
    def per_game(group: list[dict[str, object]], field: str) -> dict[str, float]:
        total: Counter[str] = Counter()
        for r in group:
            value = r[field]
            total.update(value if isinstance(value, dict) else Counter(value))  # type: ignore[arg-type]
        return {k: round(v / len(group), 2) for k, v in total.most_common()}

    def mean(group: list[dict[str, object]], field: str) -> float:
        return round(sum(float(r[field]) for r in group) / len(group), 2)  # type: ignore[arg-type]

    out: dict[str, object] = {
        "games": len(rows),
        "wins": sum(r["outcome"] == "win" for r in rows),
        "loss_reasons": dict(Counter(str(r["reason"]) for r in rows if r["outcome"] != "win")),
        "turn_cpu_ms_p95": _p95([c for r in rows for c in r["cpus_ms"]]),  # type: ignore[attr-defined]
    }
    for name, group in (
        ("won", [r for r in rows if r["outcome"] == "win"]),
        ("lost", [r for r in rows if r["outcome"] != "win"]),
    ):
        if not group:
            continue
        firsts = [r["safe_turns"][0] for r in group if r["safe_turns"]]  # type: ignore[index]
        out[name] = {
            "games": len(group),
            **{f: mean(group, f) for f in ("turns", "safes", "unused", "event_ends", "paces")},
            "tools_left": mean(group, "tools_end"),
            "safes_opened": dict(Counter(int(r["safes"]) for r in group)),  # type: ignore[call-overload]
            "first_safe_turn": round(sum(firsts) / len(firsts), 1) if firsts else None,
            "events_per_game": round(sum(len(r["events"]) for r in group) / len(group), 2),  # type: ignore[arg-type]
            "alarms": per_game(group, "alarms"),
            "stealth_lost": per_game(group, "stealth"),
            "event_harm": per_game(group, "event_harm"),
            "actions": per_game(group, "kinds"),
            "loot_drawn": per_game(group, "loots"),
        }
    return out


def main() -> None:
    scenario = ScenarioId(sys.argv[1] if len(sys.argv) > 1 else "office")
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 9000
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    lines = os.environ.get("LOSS_BENCH_LINES")
    rows = []
    for seed in range(first, first + games):
        row = play(scenario, seed)
        rows.append(row)
        if lines:
            with open(lines, "a", encoding="utf-8") as f:
                f.write(json.dumps(row) + "\n")
    print(json.dumps(summary(rows), indent=1))


if __name__ == "__main__":
    main()
