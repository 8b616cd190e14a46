"""The guided first heist: a fixed small building (the Office Job, one Peterman, seed 0) and a
fixed winning line of play, taught one step at a time on the real board.

The tutorial never plays for the player and never touches the game: it says which action is
next (and why, at the first peek, move, alarm, hack, guard move, die, crack, stairs, event and
escape), marks the tile and the button to click, and asks the App to refuse other actions
while it is on. Every action still goes through `Session.play` -> `game.apply`. The line was
found with the planner of tools/find_games.py from a hand-made opening (hack first, then use
the hack token), and `tests/ui/test_ui_tutorial.py` replays it to a win.
"""

from __future__ import annotations

from typing import Any

from engine.rules.actions import Action, ActionKind, floor_of, parse_pos
from ui.describe import is_pos_text
from ui.messages import t

# The Office Job, one burglar "Burglar 1" playing the Peterman (basic side), seed 0.
STORE_KEY = "tutorial"  # localStorage: the save id of the guided heist in progress
CODE = "1.o.m.s.-.0.pebQnVyZ2xhciAx"

SCRIPT: tuple[str, ...] = (
    "enter 1.B4", "peek 1.A4", "hack", "hack", "end",
    "move 1.A4", "move 1.A3", "peek 1.A2", "move 1.B3", "choose hack", "end",
    "move 1.B2", "peek 1.B1", "move 1.C2", "peek 1.C1", "end",
    "end",
    "move 1.C3", "end",
    "choose 2.C3", "end",
    "move 1.D3", "end",
    "move 1.D2", "end",
    "move 1.D3", "move 1.C3", "move 1.C2", "move 1.B2", "end",
    "move 1.B1", "end",
    "move 1.C2", "move 1.C1", "end",
    "end",
    "peek 1.D1", "move 1.C2", "move 1.B2", "move 1.B3", "choose hack", "end",
    "move 1.A3", "move 1.A2", "move 1.A1", "end",
    "add-die", "crack", "crack", "end",
    "add-die", "crack", "crack", "end",
    "move 1.A2", "move 1.A3", "move 1.A4", "end",
    "move 1.A3", "move 2.A3", "end",
    "move 2.A4", "move 2.B4", "peek 2.C4", "move 2.B3", "end",
    "move 2.B2", "move 2.B1", "peek 2.C1", "move 2.A1", "end",
    "end",
    "choose 2.B2", "end",
    "end",
    "end",
    "peek 2.A2", "move 2.B1", "move 2.C1", "move 2.C2", "end",
    "add-die", "crack", "crack", "end",
    "crack", "add-die", "crack", "end",
    "move 2.C3", "move 2.D3", "end",
    "peek 2.D2", "move 2.C3", "move 2.C2", "crack", "end",
    "move 2.C3", "move 2.C4", "end",
    "move 2.B4", "move 2.A4", "escape",
)  # fmt: skip


def _first(pred: Any) -> int:
    return next((i for i, a in enumerate(_script_actions()) if pred(a)), -1)


def _script_actions() -> list[Action]:
    return [Action.parse(text) for text in SCRIPT]


def _upstairs_option(option: str) -> bool:
    """A decision option naming a tile of floor 2 (the tutorial's first real choice)."""
    return is_pos_text(option) and floor_of(parse_pos(option)) == 1


def lessons() -> dict[int, str]:
    """Step index -> lesson key: the first time each thing is done along the line."""
    k = ActionKind
    use_hack = Action(k.CHOOSE, option="hack")

    def upstairs(a: Action) -> bool:
        return a.pos >= 0 and floor_of(a.pos) == 1

    found = {
        _first(lambda a: a.kind == k.ENTER): "tut.l.enter",
        _first(lambda a: a.kind == k.PEEK): "tut.l.peek",
        _first(lambda a: a.kind == k.HACK): "tut.l.hack",
        _first(lambda a: a.kind == k.END): "tut.l.end",
        _first(lambda a: a.kind == k.MOVE): "tut.l.move",
        _first(lambda a: a.kind == k.MOVE) + 1: "tut.l.motion",
        _first(lambda a: a == use_hack) - 1: "tut.l.laser",
        _first(lambda a: a == use_hack): "tut.l.usehack",
        _first(lambda a: a.kind == k.CHOOSE and _upstairs_option(a.option)): "tut.l.decision",
        _first(lambda a: a.kind == k.ADD_DIE): "tut.l.dice",
        _first(lambda a: a.kind == k.CRACK): "tut.l.crack",
        _first(lambda a: a.kind == k.MOVE and upstairs(a)): "tut.l.stairs",
        SCRIPT.index("move 1.B1"): "tut.l.keypad",
        len(SCRIPT) - 6: "tut.l.deadbolt",
        len(SCRIPT) - 3: "tut.l.escape",
    }
    idle = next(
        (i for i in range(1, len(SCRIPT)) if SCRIPT[i] == "end" and SCRIPT[i - 1] == "end"), -1
    )
    found[idle] = "tut.l.wait"
    found.pop(-1, None)
    return found


LESSONS = lessons()


def expected(done: int) -> str:
    """The action the tutorial asks for after `done` actions ('' once the line is played)."""
    return SCRIPT[done] if 0 <= done < len(SCRIPT) else ""


def on_script(actions: list[str]) -> bool:
    """The actions so far follow the tutorial's line."""
    return list(actions) == list(SCRIPT[: len(actions)])


def lesson_at(done: int) -> str:
    """The lesson shown while step `done` is asked (the latest one at or before it)."""
    best = ""
    for index in sorted(LESSONS):
        if index <= done:
            best = LESSONS[index]
    return best


class Tutorial:
    """The `#tutorial` panel and the marks on the board; the App asks it before acting."""

    def __init__(self, document: Any) -> None:
        self.doc = document
        self.active = False

    def el(self, element_id: str) -> Any:
        return self.doc.getElementById(element_id)

    def follows(self, session: Any) -> bool:
        return session is not None and session.code == CODE and on_script(session.actions)

    def allows(self, session: Any, text: str) -> bool:
        """While on, only the step asked for may be played."""
        if not self.active or session is None:
            return True
        return text == expected(len(session.actions))

    def step_words(self, text: str, names: list[str]) -> str:
        from engine.rules.actions import Action, ActionKind
        from ui import describe

        action = Action.parse(text)
        if action.kind == ActionKind.CHOOSE:
            return describe.choice_label("", action.option, names)
        return describe.action_label(action, names)

    def render(self, session: Any) -> None:
        panel = self.el("tutorial")
        if panel is None or type(panel).__name__ in ("JsNull", "JsUndefined"):
            return
        for marked in self.doc.querySelectorAll(".tut-target"):
            marked.classList.remove("tut-target")
        if not self.active or session is None:
            panel.hidden = True
            self.doc.documentElement.removeAttribute("data-tutorial")
            return
        panel.hidden = False
        done = len(session.actions)
        names = session.names
        step = expected(done)
        over = session.game.is_over()
        self.el("tut-lesson").textContent = t(lesson_at(done)) if not over else t("tut.l.done")
        self.el("tut-progress").textContent = t(
            "tut.progress", n=min(done + 1, len(SCRIPT)), total=len(SCRIPT)
        )
        self.el("tut-do").textContent = (
            t("tut.do", action=self.step_words(step, names)) if step and not over else ""
        )
        self.doc.documentElement.setAttribute("data-tutorial", step if not over else "done")
        if not step or over:
            return
        from ui.describe import action_pos

        pos = action_pos(step)
        if pos:
            tile = self.doc.querySelector(f"#board [data-pos='{pos}']")
            if tile is not None and type(tile).__name__ not in ("JsNull", "JsUndefined"):
                tile.classList.add("tut-target")
        for button in self.doc.querySelectorAll("[data-action]"):
            if button.getAttribute("data-action") == step:
                button.classList.add("tut-target")
