"""Where the autopilot's crew loses its Stealth: every `StealthLost` of every seat-on-autopilot
game, with why, whose End moved the guard and what the bot had priced. Prints figures;
asserts nothing. The games are autoplay's (same setups, bots, seeds and search).

    PYTHONPATH=. python bench/stealth_bench.py --games 40 --seed 9000
    PYTHONPATH=. python bench/stealth_bench.py --weight hit_next=1 --bot worlds=3
    PYTHONPATH=. python bench/stealth_bench.py --rows /tmp/rows.jsonl   # one line per loss

For each Stealth token lost it records: the reason (`StealthLoss`); `by` whose action lost
it: `own-end` (the burglar's own End moved the guard or drew the Event), `mate-end` (a
teammate's End on the same floor), `action` (a move of the burglar's own, e.g. into the
guard), `other`; the floor; the Stealth before; `priced`: the chance the victim's bot gave,
when it chose to end its last turn where it stood, that the guard walks in (its
`Explanation.risk`), and for `mate-end`, `public`: the same chance from public facts just
before the teammate's End (what a plan for both turns could have known), and what the
teammate's End priced for the victim (`Explanation.crew`).

Development seeds only (9000-9199): 20000 on are kept for evaluation.

Measured on Bank 2p, seeds 9000-9079, main at 638928a (8/80 wins): 416 tokens lost and 72
catches; the guard walking in at the burglar's own End 257 (49 catches; the chance the bot
priced there averaged 0.67 and was 1.0 in 144), at a teammate's End on the same floor 106
(14; public chance 0.78, the victim's own End had priced its tile 0.05 on average), steps
into a guard's tile 78, Foyer 27, Cursed Goblet 10, Atrium 7. On 9000-9039: 50 of the 133
own-End losses were on a tile face down when the turn began (19 with an alarm ringing
there), 46 were planned at 1.0 at the turn's last choice.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.autopilot.autoplay import _p95
from engine.autopilot.defaults import default_bot, seat_seed
from engine.autopilot.guard_risk import end_danger
from engine.rules.actions import Action, ActionKind
from engine.rules.data import ScenarioId, Side
from engine.rules.events import GameLost, StealthLost
from engine.rules.game import new_game
from engine.rules.setup import crew_setup

_SCENARIOS = {"bank": ScenarioId.BANK, "office": ScenarioId.OFFICE}


@dataclass
class Loss:
    seed: int
    turn: int
    player: int
    reason: str
    by: str
    floor: int
    before: int
    speed: int
    priced: float
    public: float
    mate_priced: float
    final: bool
    blind: bool  # the tile was face down when the burglar's own turn began
    alarm: bool  # an alarm rang on the burglar's tile as the guard set off
    left: int  # actions the ender left unused
    planned: float  # the risk the plan priced at the last choice this turn (-1: none)


@dataclass
class Run:
    wins: int = 0
    games: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    losses: list[Loss] = field(default_factory=list)
    turn_cpus: list[float] = field(default_factory=list)
    outcomes: dict[int, str] = field(default_factory=dict)


def _parse(pairs: list[str]) -> dict[str, float | int | bool]:
    out: dict[str, float | int | bool] = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        value: float | int | bool
        if text in ("true", "false"):
            value = text == "true"
        elif text.lstrip("-").isdigit():
            value = int(text)
        else:
            value = float(text)
        out[name] = value
    return out


def play(
    scenario: ScenarioId,
    players: int,
    seeds: range,
    weights: dict[str, float | int | bool],
    bot_fields: dict[str, float | int | bool],
) -> Run:
    run = Run()
    end = Action(ActionKind.END)
    for game_seed in seeds:
        game = new_game(crew_setup(scenario, players, Side.BASIC, game_seed))
        bots = [default_bot(seat_seed(game_seed, k), scenario) for k in range(players)]
        for b in bots:
            b.weights = replace(b.weights, **weights)
            for name, value in bot_fields.items():
                setattr(b, name, value)
        # The risk each seat's bot priced at its last End, where it ended.
        priced_at: dict[int, tuple[int, float]] = {}
        # An End whose decisions (an alarm tie, an Event's choice) are still being answered:
        # (seat, turn, the teammates' public chances, what the End priced for them).
        ender: tuple[int, int, dict[int, float], dict[int, float]] | None = None
        # Per seat: the face-down tiles when its turn began; the risk its plan priced at its
        # last choice with more than one option this turn.
        hidden_at: dict[int, set[int]] = {}
        turn_of: dict[int, int] = {}
        planned: dict[int, float] = {}
        n = 0
        turn_key, turn_cpu = (game.state.turn, game.state.current), 0.0
        while not game.is_over() and n < 3000:
            st = game.state
            me = st.current
            bot = bots[me]
            if turn_of.get(me) != st.turn:
                turn_of[me] = st.turn
                planned[me] = -1.0
                hidden_at[me] = {
                    (f << 6) | c
                    for f, fl in enumerate(st.floors)
                    for c, t in enumerate(fl.tiles)
                    if t is not None and not t.revealed
                }
            c0 = time.process_time()
            action = bot.choose(game)
            turn_cpu += time.process_time() - c0
            before = {i: (p.pos, p.stealth) for i, p in enumerate(st.players)}
            public: dict[int, float] = {}
            mate: dict[int, float] = {}
            ex = bot.last_explanation
            ending = action == end and st.pending is None
            if not ending and ex is not None and ex.options > 1 and ex.end_pos >= 0:
                planned[me] = ex.risk
            alarms = {q for f in range(len(st.floors)) for q in game.alarms(f)}
            left_now = st.actions_left
            if ender is not None and (ender[1] != st.turn or st.pending is None):
                ender = None
            if ending:
                pos = st.players[me].pos
                if pos is not None:
                    priced_at[me] = (pos, ex.risk if ex is not None else -1.0)
                    for i, p in enumerate(st.players):
                        if i != me and p.pos is not None and p.pos >> 6 == pos >> 6:
                            public[i] = end_danger(game, p.pos)
                    if ex is not None:
                        for seat, _tile, chance in ex.crew:
                            mate[seat] = chance
            turn = st.turn
            if ending:
                ender = (me, turn, public, mate)
            elif ender is not None:
                public, mate = ender[2], ender[3]
            ender_seat = ender[0] if ender is not None else -1
            events = game.apply(action)
            for e in events:
                if isinstance(e, GameLost):
                    left = -1
                elif isinstance(e, StealthLost) and not e.from_tile:
                    left = e.left
                else:
                    continue
                pos = before[e.player][0]
                now = game.state.players[e.player].pos
                where = now if now is not None else pos
                floor = (where >> 6) if where is not None else -1
                if ender_seat >= 0:
                    by = "own-end" if e.player == ender_seat else "mate-end"
                elif e.player == me:
                    by = "action"
                else:
                    by = "other"
                own = priced_at.get(e.player)
                guard = game.state.floors[floor].guard if floor >= 0 else None
                run.losses.append(
                    Loss(
                        game_seed,
                        turn,
                        e.player,
                        str(e.reason),
                        by,
                        floor,
                        left + 1,
                        guard.speed if guard is not None else -1,
                        own[1] if own is not None and own[0] == pos else -1.0,
                        public.get(e.player, -1.0),
                        mate.get(e.player, 0.0 if e.player in public else -1.0),
                        isinstance(e, GameLost),
                        pos is not None and pos in hidden_at.get(e.player, set()),
                        pos in alarms,
                        left_now if ender_seat >= 0 else -1,
                        planned.get(e.player, -1.0),
                    )
                )
            key = (game.state.turn, game.state.current)
            if key != turn_key or game.is_over():
                run.turn_cpus.append(turn_cpu)
                turn_key, turn_cpu = key, 0.0
            n += 1
        run.games += 1
        print(f"game {game_seed}: {game.outcome or 'unfinished'}", file=sys.stderr, flush=True)
        if game.outcome == "win":
            run.wins += 1
            run.outcomes[game_seed] = "win"
        else:
            reason = game.state.reason or "unfinished"
            run.reasons[reason] += 1
            run.outcomes[game_seed] = reason
    return run


def _table(losses: list[Loss]) -> str:
    rows: Counter[tuple[str, str, int, int]] = Counter()
    priced: dict[tuple[str, str, int, int], list[float]] = {}
    for x in losses:
        k = (x.reason, x.by, x.floor + 1, x.before)
        rows[k] += 1
        value = x.public if x.by == "mate-end" else x.priced
        priced.setdefault(k, []).append(value)
    lines = ["reason          by        floor stealth-before  count  mean-priced"]
    for k, count in sorted(rows.items(), key=lambda kv: -kv[1]):
        known = [v for v in priced[k] if v >= 0]
        mean = f"{sum(known) / len(known):.2f}" if known else "-"
        lines.append(f"{k[0]:15} {k[1]:9} {k[2]:5} {k[3]:14} {count:6}  {mean}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenario", choices=sorted(_SCENARIOS), default="bank")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--weight", action="append", default=[], help="Weights field=value")
    parser.add_argument("--bot", action="append", default=[], help="Bot field=value")
    parser.add_argument("--rows", help="write one JSON line per Stealth lost to this file")
    parser.add_argument("--out", help="write the summary JSON (with per-seed outcomes) here")
    args = parser.parse_args()
    if args.seed >= 20000:
        parser.error("seeds 20000 on are kept for evaluation")
    seeds = range(args.seed, args.seed + args.games)
    run = play(
        _SCENARIOS[args.scenario], args.players, seeds, _parse(args.weight), _parse(args.bot)
    )
    by = Counter(x.by for x in run.losses)
    summary = {
        "scenario": args.scenario,
        "players": args.players,
        "seeds": [seeds.start, seeds.stop - 1],
        "weights": args.weight,
        "bot": args.bot,
        "wins": run.wins,
        "games": run.games,
        "loss_reasons": dict(sorted(run.reasons.items())),
        "stealth_lost": sum(1 for x in run.losses if not x.final),
        "stealth_lost_by": dict(sorted(by.items())),  # the catches too
        "final_by": dict(Counter(x.by for x in run.losses if x.final)),
        "turn_cpu_ms_p95": round(1000 * _p95(run.turn_cpus), 1),
        "outcomes": run.outcomes,
    }
    print(_table(run.losses))
    print(json.dumps({k: v for k, v in summary.items() if k != "outcomes"}))
    if args.rows:
        with open(args.rows, "w") as fh:
            for x in run.losses:
                fh.write(json.dumps(x.__dict__) + "\n")
    if args.out:
        Path(args.out).write_text(json.dumps(summary))


if __name__ == "__main__":
    main()
