"""Game positions for the board's browser tests and `make screenshots`: found by replaying the
fixture games in CPython, then loaded into the page as a saved game (setup + actions).
Tests open them with browserkit's open_saved / show_saved."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "tests" / "fixtures" / "games"


def fixture(name: str) -> dict:
    return json.loads((GAMES / name).read_text())


def _crowd(view: dict) -> tuple[int, int]:
    """(most things on one tile, tiles holding two or more things) of a view."""
    counts: dict[int, int] = {}
    for fl in view["floors"]:
        guard = fl["guard"]
        if guard.get("pos") is not None:
            counts[guard["pos"]] = counts.get(guard["pos"], 0) + 2
        for tile in fl["tiles"]:
            n = sum(
                bool(tile.get(k))
                for k in ("alarm", "hack", "open", "stealth", "dice", "cracked", "downstairs")
            )
            n += len(tile.get("loot", ()))
            if n:
                counts[tile["pos"]] = counts.get(tile["pos"], 0) + n
    for p in view["players"]:
        if p.get("entered") and not p.get("escaped") and p.get("pos") is not None:
            counts[p["pos"]] = counts.get(p["pos"], 0) + 2
    values = list(counts.values()) or [0]
    return max(values), sum(v >= 2 for v in values)


@cache
def crowded(name: str = "bank_2p_win.json") -> tuple[str, tuple[str, ...]]:
    """The prefix of a fixture game with the most crowded tiles (guards, burglars, alarms and
    tokens together), at the start of a burglar's actions (no dialog open)."""
    from engine import Setup, new_game

    data = fixture(name)
    game = new_game(Setup.from_code(data["setup"]))
    best, best_n = (0, 0), 0
    for n, text in enumerate(data["actions"], start=1):
        game.apply(text)
        view = game.view()
        if view["pending"] or view["outcome"]:
            continue
        score = _crowd(view)
        if score > best:
            best, best_n = score, n
    return data["setup"], tuple(data["actions"][:best_n])


@cache
def safe_cracking(name: str = "bank_2p_win.json") -> tuple[str, tuple[str, ...]]:
    """The prefix that ends on the richest Safe: dice added, and as many numbers as can be."""
    from engine import Setup, new_game

    data = fixture(name)
    game = new_game(Setup.from_code(data["setup"]))
    best, best_n = (-1, -1), 0
    for n, text in enumerate(data["actions"], start=1):
        game.apply(text)
        view = game.view()
        if view["outcome"]:
            break
        dice = max((t.get("dice", 0) for f in view["floors"] for t in f["tiles"]), default=0)
        numbers = sum(1 for f in view["floors"] for t in f["tiles"] if t.get("number"))
        score = (dice, numbers)
        if dice and score >= best:
            best, best_n = score, n
    return data["setup"], tuple(data["actions"][:best_n])


def ending(name: str = "bank_2p_win.json") -> tuple[str, tuple[str, ...]]:
    data = fixture(name)
    return data["setup"], tuple(data["actions"])


def load(page, base_url: str, code: str, actions: tuple[str, ...]) -> None:
    """Open the page on a saved game of `code` after `actions` (the page resumes it): one
    page start, the save written before the page loads (browserkit.open_saved)."""
    from browserkit import open_saved

    open_saved(page, base_url, code, actions)


@cache
def prompting() -> tuple[str, tuple[str, ...]]:
    """The first prefix of a fixture game that leaves a decision open (a prompt on screen)."""
    from engine import Setup, new_game

    for path in sorted(GAMES.glob("*.json")):
        data = json.loads(path.read_text())
        game = new_game(Setup.from_code(data["setup"]))
        for n, text in enumerate(data["actions"], start=1):
            game.apply(text)
            view = game.view()
            if view["pending"] and any(a.startswith("choose ") for a in view["legal"]):
                return data["setup"], tuple(data["actions"][:n])
    raise LookupError("no fixture game leaves a decision open")


def alarm_tie() -> tuple[str, tuple[str, ...]]:
    """A Bank Job whose first turn ends on a Thermo as far from the guard as the alarm the
    Dynamite set off: the Rigger is asked which alarm the guard heads for."""
    code = "1.b.39u.s.-.0.ribUmlnZ2Vy.acbQWNyb2JhdA"
    steps = ("enter 1.B3", "peek 1.A3", "use dynamite 1.B2", "move 1.C3", "peek 1.D3")
    return code, (*steps, "move 1.C2", "end")


@cache
def four_burglars() -> tuple[str, tuple[str, ...]]:
    """A Bank Job for four, played until every burglar stands in the building."""
    from engine import PlayerSetup, Setup, new_game
    from engine.rules.data import Character, ScenarioId

    crew = tuple(
        PlayerSetup(f"P{i + 1}", c)
        for i, c in enumerate((Character.HACKER, Character.RAVEN, Character.ROOK, Character.HAWK))
    )
    setup = Setup(ScenarioId.BANK, crew, seed=5)
    game = new_game(setup)
    actions: list[str] = []
    for _ in range(40):
        view = game.view()
        if all(p["entered"] for p in view["players"]) and view["current"] == 0:
            break
        legal = view["legal"]
        text = next(
            (a for a in legal if a.startswith(("enter", "choose"))), "end" if "end" in legal else ""
        )
        text = text or legal[0]
        game.apply(text)
        actions.append(text)
    return setup.to_code(), tuple(actions)


@cache
def alarm_on_guard_floor() -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """A fixture game's prefix where an alarm rings on the current burglar's floor and ending
    the turn draws no Event, with the tiles the guard then walks (more than his die), as
    the engine walks them when the turn ends there, no card drawn on the way."""
    from engine import Setup, new_game
    from engine.rules.events import GuardMoved, TurnEnded

    for path in sorted(GAMES.glob("*.json")):
        data = json.loads(path.read_text())
        game = new_game(Setup.from_code(data["setup"]))
        for n, text in enumerate(data["actions"], start=1):
            game.apply(text)
            st = game.state
            me = st.players[st.current].pos
            if st.pending or game.is_over() or me is None or game.would_draw_event():
                continue
            if "end" not in [str(a) for a in game.legal_actions()] or not game.alarms(me >> 6):
                continue
            walk: list[int] = []
            drawn = blind = False  # a card drawn; a step walked after it
            for event in game.clone().apply("end"):
                if isinstance(event, TurnEnded):
                    break
                drawn = drawn or event.reveals()
                if isinstance(event, GuardMoved) and event.floor == me >> 6:
                    walk.append(event.dst)
                    blind = blind or drawn
            if not blind and len(walk) > st.floors[me >> 6].guard.speed:
                from engine.rules.actions import pos_text

                return data["setup"], tuple(data["actions"][:n]), tuple(map(pos_text, walk))
    raise LookupError("no fixture game has an alarm on the guard's floor at a quiet end")


def lost_visual_tool_hint() -> tuple[str, tuple[str, ...]]:
    """Office, 3 burglars on advanced sides, Lost Visual (seed 9131), turn 25's start, found
    by tools/hint_walk.py on a French phone: floor 2's guard is lost (its notice heads the
    floor) and the hint (ten lines in French) points at the Crystal Ball's button, which sat
    under the pinned End turn in a sheet squeezed to 45 px."""
    code = "1.o.71n.s.-.1.xxaQnVyZ2xhciAx.xxaQnVyZ2xhciAy.xxaQnVyZ2xhciAz"
    return code, (
    "enter 1.B2", "move 1.C2", "ability enhance 1.B1", "peek 1.C1", "peek 1.C3", "end",
    "move 1.B3", "move 1.A3", "peek 1.A4", "move 1.A2", "end", "move 1.A2",
    "move 2.A2", "end", "ability enhance 1.D1", "move 1.C3", "move 1.C4", "peek 1.D4",
    "move 1.B4", "end", "peek 1.A1", "move 1.A3", "move 1.A4", "move 1.B4",
    "end", "peek 2.A1", "move 1.A2", "end", "move 1.C4", "move 1.C3",
    "move 1.D3", "peek 1.D2", "end", "move 2.B4", "peek 2.A4", "peek 2.B3",
    "move 2.A4", "end", "move 1.A3", "move 1.A4", "move 1.B4", "move 1.C4",
    "end", "add-die", "crack", "crack", "end", "peek 2.A3",
    "end", "move 1.B4", "move 2.B4", "choose pay", "peek 2.C4", "end",
    "add-die", "crack", "choose keep", "crack", "choose 1-2", "end",
    "move 2.B4", "choose pay", "move 2.A4", "end", "move 2.B3", "peek 2.B2",
    "move 2.A3", "move 2.A4", "end", "crack", "move 1.D2", "hack",
    "move 1.D3", "end", "move 2.A3", "end", "move 2.B4", "choose pay",
    "move 2.C4", "choose pay", "end", "move 1.C3", "choose hack", "move 1.C4",
    "hack", "move 1.B4", "end", "move 2.A4", "move 2.B4", "choose pay",
    "move 1.B4", "end", "peek 2.D4", "move 2.B4", "choose pay", "end",
    "move 2.B4", "choose pay", "move 2.C4", "choose pay", "end", "move 2.B4",
    "choose pay", "move 2.C4", "choose pay", "end", "move 2.C4", "choose pay",
    "move 2.D4", "move 2.D4", "end",
    )  # fmt: skip
