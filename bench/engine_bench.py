"""Engine speed, before and after: random legal play and `Game.clone()`, measured side by
side on a baseline checkout and on this tree. Prints figures; asserts nothing.

Targets (issue 20, the bot's inner loop): random play >= 30,000 actions per second
(legal_actions + apply, game setup included) and `Game.clone()` >= 80,000 per second, on
the project's 2-core machines.

The machine is shared, so the two trees run the same workload in fresh processes,
interleaved (baseline, current, baseline, current, ...), and each figure is the best of its
rounds. Rates are given by processor time (`time.process_time`, what the engine costs) and
by the wall clock (what a player waits, noisy on a busy machine), with the load average.

    python bench/engine_bench.py                     # baseline: ca0948f (issue 20's start)
    ENGINE_BENCH_BASELINE=HEAD~3 python bench/engine_bench.py
    ENGINE_BENCH_ROUNDS=1 python bench/engine_bench.py   # quicker
    python bench/engine_bench.py --worker ROOT       # one measurement of the engine in ROOT
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BASELINE = os.environ.get("ENGINE_BENCH_BASELINE", "ca0948f")
ROUNDS = int(os.environ.get("ENGINE_BENCH_ROUNDS", "3"))
ACTIONS_TARGET = 30_000
CLONES_TARGET = 80_000
# (scenario value, burglars, games): random play, game i built from seed i
PLAY_ROWS = (("office", 1, 300), ("bank", 2, 300), ("bank", 4, 300), ("fortknox", 3, 200))
CLONE_ROUNDS = 2000


def worker() -> dict[str, Any]:
    """Measure the engine importable as `engine` (sys.path[0] is its tree): only the public
    API and the Rng, so a baseline checkout runs the very same code."""
    from engine import PlayerSetup, ScenarioId, Setup, new_game

    try:
        from engine.rules.rng import Rng
    except ImportError:  # before the engine moved into folders
        from engine.rng import Rng  # type: ignore[no-redef]

    out: dict[str, Any] = {"rows": []}
    total_actions, total_cpu, total_wall = 0, 0.0, 0.0
    for scenario, players, games in PLAY_ROWS:
        actions = 0
        c0, w0 = time.process_time(), time.perf_counter()
        for i in range(games):
            crew = tuple(PlayerSetup(f"Burglar {k + 1}") for k in range(players))
            game = new_game(Setup(scenario=ScenarioId(scenario), players=crew, seed=i))
            chooser = Rng.from_seed(i + 0x9E37)
            n = 0
            while not game.is_over() and n < 5000:
                legal = game.legal_actions()
                game.apply(legal[chooser.below(len(legal))])
                n += 1
            actions += n
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        out["rows"].append([scenario, players, games, actions, cpu, wall])
        total_actions += actions
        total_cpu += cpu
        total_wall += wall
    out["actions"], out["play_cpu"], out["play_wall"] = total_actions, total_cpu, total_wall

    positions = []
    for scenario, players in (("office", 1), ("bank", 2), ("bank", 4), ("fortknox", 3)):
        for seed in range(5):
            crew = tuple(PlayerSetup(f"Burglar {k + 1}") for k in range(players))
            game = new_game(Setup(scenario=ScenarioId(scenario), players=crew, seed=seed))
            chooser = Rng.from_seed(seed)
            for _ in range(25):  # mid-game: revealed tiles, alarms, cards in hand
                legal = game.legal_actions()
                if game.is_over() or not legal:
                    break
                game.apply(legal[chooser.below(len(legal))])
            positions.append(game)
    reps = CLONE_ROUNDS // len(positions)
    c0, w0 = time.process_time(), time.perf_counter()
    for _ in range(reps):
        for game in positions:
            game.clone()
    out["clones"] = reps * len(positions)
    out["clone_cpu"], out["clone_wall"] = time.process_time() - c0, time.perf_counter() - w0
    return out


def checkout(rev: str, into: Path) -> Path:
    """The tree of `rev` unpacked into a temporary folder (git archive: no worktree left
    registered in the repository)."""
    data = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", rev, "engine"],
        check=True,
        capture_output=True,
    ).stdout
    tar_path = into / "tree.tar"
    tar_path.write_bytes(data)
    with tarfile.open(tar_path) as tar:
        tar.extractall(into, filter="data")
    return into


def measure(tree: Path) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    proc = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--worker", str(tree)],
        check=True,
        capture_output=True,
        text=True,
        env=env,
        cwd=str(tree),
    )
    result: dict[str, Any] = json.loads(proc.stdout)
    return result


def load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def best(runs: list[dict[str, Any]], count: str, seconds: str) -> float:
    return max(r[count] / r[seconds] for r in runs if r[seconds] > 0)


def main() -> None:
    print(f"engine bench on {platform.python_implementation()} {platform.python_version()}")
    with tempfile.TemporaryDirectory(prefix="engine-bench-") as tmp:
        trees = {"baseline": checkout(BASELINE, Path(tmp)), "current": ROOT}
        runs: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
        loads = [load()]
        for _ in range(ROUNDS):
            for name, tree in trees.items():
                runs[name].append(measure(tree))
            loads.append(load())
    print(f"baseline {BASELINE} vs this tree; {ROUNDS} interleaved rounds, best of each")
    print(f"load average (1, 5, 15 min) during the runs: {' | '.join(loads)}")
    header = f"{'':34}{'baseline':>14}{'current':>14}{'ratio':>8}"
    print(header)
    lines = (
        ("random play, actions/s (CPU)", "actions", "play_cpu", ACTIONS_TARGET),
        ("random play, actions/s (wall)", "actions", "play_wall", None),
        ("Game.clone, clones/s (CPU)", "clones", "clone_cpu", CLONES_TARGET),
        ("Game.clone, clones/s (wall)", "clones", "clone_wall", None),
    )
    for label, count, seconds, target in lines:
        before = best(runs["baseline"], count, seconds)
        after = best(runs["current"], count, seconds)
        verdict = ""
        if target is not None:
            verdict = f"  {'meets' if after >= target else 'MISSES'} {target:,}"
        print(f"{label:34}{before:>14,.0f}{after:>14,.0f}{after / before:>7.2f}x{verdict}")
    for name in trees:
        r = min(runs[name], key=lambda r: r["play_cpu"])
        per_action = 1e6 * r["play_cpu"] / r["actions"]
        per_clone = 1e6 * r["clone_cpu"] / r["clones"]
        print(
            f"{name}: {r['actions']:,} actions in {len(PLAY_ROWS)} rows, "
            f"{per_action:.1f} us CPU per action; {per_clone:.1f} us CPU per clone"
        )
        for scenario, players, games, actions, cpu, _wall in r["rows"]:
            rate = actions / cpu
            print(f"  {scenario} {players}p: {games} games, {actions:,} actions, {rate:,.0f}/s CPU")
    print("(random play differs between the trees where a rule changed: same seeds, same loop)")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--worker":
        sys.path.insert(0, sys.argv[2])
        print(json.dumps(worker()))
    else:
        main()
