"""Long fuzz of the inputs that come from outside (issue 12), outside the test suite.

    .venv/bin/python tools/fuzz_inputs.py --per-kind 20000 [--seed 1]

Kinds: setup codes, action texts, engine JSON documents (value mutations and text
mutations), save records (the page's save format, through ui.session). Each input goes through
the same checks as tests/engine/test_fuzz_inputs.py: only the typed errors may escape, and
what is accepted is canonical and plays. Prints one JSON line per kind: inputs, outcomes,
failures (with the first few failing inputs) and the slowest input's time.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import Game  # noqa: E402
from engine.io.serialize import from_json  # noqa: E402
from engine.rules.rng import Rng  # noqa: E402
from tests.engine.fuzzkit import (  # noqa: E402
    HOSTILE,
    check_action,
    check_code,
    check_game_json,
    json_text,
    mutate_json,
    sample_codes,
    sample_games,
)
from ui.session import SaveError, load_record, parse_record  # noqa: E402


def text(rng: Rng, alphabet: str = HOSTILE, most: int = 40) -> str:
    return "".join(alphabet[rng.below(len(alphabet))] for _ in range(rng.below(most + 1)))


def edit(rng: Rng, base: str) -> str:
    chars = list(base)
    for _ in range(1 + rng.below(3)):
        i = rng.below(len(chars) + 1)
        ch = HOSTILE[rng.below(len(HOSTILE))]
        op = rng.below(3)
        if op == 0 or i == len(chars):
            chars.insert(i, ch)
        elif op == 1:
            chars[i] = ch
        else:
            del chars[i]
    return "".join(chars)


def value(rng: Rng, depth: int = 0) -> Any:
    k = rng.below(9 if depth < 3 else 6)
    if k == 0:
        return None
    if k == 1:
        return bool(rng.below(2))
    if k == 2:
        return (-1, 0, 1, 6, 7, 63, 64, 10**9, -(2**70), 2**64)[rng.below(10)]
    if k == 3:
        return rng.below(200) - 50
    if k in (4, 5):
        return text(rng)
    if k in (6, 7):
        return [value(rng, depth + 1) for _ in range(rng.below(4))]
    return {text(rng, most=8): value(rng, depth + 1) for _ in range(rng.below(3))}


def code_input(rng: Rng) -> Any:
    codes = sample_codes()
    k = rng.below(3)
    if k == 0:
        return text(rng, most=60)
    return edit(rng, codes[rng.below(len(codes))])


GAMES: list[Game] = []


def action_input(rng: Rng) -> tuple[int, str]:
    which = rng.below(len(sample_games()))
    legal = [str(a) for a in GAMES[which].legal_actions()]
    k = rng.below(3)
    if k == 0:
        return which, text(rng)
    base = legal[rng.below(len(legal))]
    return which, base if k == 1 else edit(rng, base)


def json_value_input(rng: Rng) -> str:
    doc = json.loads(sample_games()[rng.below(len(sample_games()))])
    return json_text(mutate_json(doc, rng, value(rng)))


def json_text_input(rng: Rng) -> str:
    base = sample_games()[rng.below(len(sample_games()))]
    i = rng.below(len(base) + 1)
    junk = text(rng)
    if rng.below(50) == 0:
        junk = "[" * (1 + rng.below(200_000))
    return base[:i] + junk + base[i + len(junk) // 2 :]


def record_input(rng: Rng) -> str:
    codes = sample_codes()
    record: dict[str, Any] = {
        "format": 1,
        "engine": "0.1.0",
        "setup": codes[rng.below(len(codes))],
        "actions": [],
    }
    k = rng.below(6)
    if k == 0:
        record["actions"] = [text(rng) for _ in range(rng.below(4))]
    elif k == 1:
        record["setup"] = edit(rng, record["setup"])
    elif k == 2:
        record[("format", "engine", "setup", "actions")[rng.below(4)]] = value(rng)
    elif k == 3:
        record["actions"] = ["enter 1.B2", text(rng)]
    elif k == 4:
        return "[" * (1 + rng.below(200_000))
    else:
        return edit(rng, json.dumps(record))
    return json.dumps(record)


def check_record(raw: str) -> str:
    try:
        load_record(parse_record(raw))
    except SaveError:
        return "SaveError"
    return "ok"


def run(kind: str, n: int, seed: int, make: Callable[[Rng], Any], check: Callable) -> dict:
    rng = Rng.from_seed(seed)
    outcomes: Counter[str] = Counter()
    failures: list[str] = []
    slowest = 0.0
    for _ in range(n):
        item = make(rng)
        start = time.perf_counter()
        try:
            outcomes[check(item)] += 1
        except Exception as exc:  # anything but a typed error is a failure
            outcomes["FAILED"] += 1
            if len(failures) < 5:
                where = traceback.format_exc().strip().splitlines()[-3:]
                failures.append(f"{type(exc).__name__}: {exc} | {repr(item)[:200]} | {where}")
        slowest = max(slowest, time.perf_counter() - start)
    return {
        "kind": kind,
        "inputs": n,
        "outcomes": dict(outcomes),
        "failures": outcomes["FAILED"],
        "examples": failures,
        "slowest_s": round(slowest, 4),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-kind", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="run the kinds whose name holds this text")
    args = parser.parse_args(argv)
    GAMES.extend(from_json(doc) for doc in sample_games())

    def action_check(item: tuple[int, str]) -> str:
        return check_action(from_json(sample_games()[item[0]]), item[1])

    kinds = (
        ("setup codes", code_input, check_code),
        ("action texts", action_input, action_check),
        ("engine JSON (values)", json_value_input, check_game_json),
        ("engine JSON (text)", json_text_input, check_game_json),
        ("save records", record_input, check_record),
    )
    failed = 0
    for i, (kind, make, check) in enumerate(kinds):
        if args.only not in kind:
            continue
        result = run(kind, args.per_kind, args.seed + i, make, check)
        failed += result["failures"]
        print(json.dumps(result, ensure_ascii=True), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
