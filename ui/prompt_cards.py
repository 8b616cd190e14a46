"""A decision's choices as cards and dice instead of words: the Rigger's draw, the Crystal
Ball's orders, the Stethoscope's die and face. The options are the engine's own."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ui import cards
from ui.cards import element as _el
from ui.describe import pending_dice
from ui.dom import some as _some
from ui.messages import name_of, t

if TYPE_CHECKING:
    from engine import Action
    from engine.rules.view import PendingView


def render(
    doc: Any, box: Any, pending: PendingView, choices: list[Action], die_picked: int
) -> bool:
    """Draw a card or dice choice into #prompt-options; False when words do better."""
    from engine import parse_order

    kind = pending.kind
    if kind == "stethoscope":
        return stethoscope(doc, box, pending, choices, die_picked)
    if kind == "rigger-draw":
        frag = doc.createDocumentFragment()
        for choice in choices:
            b = cards.card(doc, "tool", choice.option, tag="button", classes="choice")
            b.setAttribute("data-action", str(choice))
            b.appendChild(_el(doc, "span", "story-card-pick", t("story.keep")))
            frag.appendChild(b)
        _options(box, frag)
        return True
    if kind == "crystal-ball":
        frag = doc.createDocumentFragment()
        # An option is an order of the top Event cards, as the engine writes it: a,b,c.
        first = parse_order(choices[0].option) if choices else []
        row = _el(doc, "div", "story-items")
        for key in sorted(first):
            row.appendChild(cards.card(doc, "event", key))
        frag.appendChild(row)
        for choice in choices:
            order = parse_order(choice.option)
            b = _el(doc, "button", "btn action story-order")
            b.type = "button"
            b.setAttribute("data-action", str(choice))
            for n, key in enumerate(order, start=1):
                b.appendChild(_el(doc, "span", "story-mini", f"{n}. {name_of('event', key)}"))
            frag.appendChild(b)
        _options(box, frag)
        return True
    return False


def _options(box: Any, frag: Any) -> None:
    if box is not None:
        box.replaceChildren(frag)


def stethoscope(
    doc: Any, box: Any, pending: PendingView | None, choices: list[Action], die_picked: int
) -> bool:
    """Click a die, then the face it turns to; or keep the roll."""
    from engine import Action, ActionKind, die_face_option

    if pending is None or pending.kind != "stethoscope":
        return False
    dice = pending_dice(pending)
    frag = doc.createDocumentFragment()
    frag.appendChild(_el(doc, "p", "help", t("story.steth.pick")))
    row = _el(doc, "div", "story-dice")
    for i, value in enumerate(dice, start=1):
        b = cards.die(doc, value, tag="button", classes="pick")
        b.setAttribute("data-story", "die")
        b.setAttribute("data-die", str(i))
        b.setAttribute("aria-pressed", "true" if i == die_picked else "false")
        b.setAttribute("aria-label", t("story.steth.die", n=i, face=value))
        row.appendChild(b)
    frag.appendChild(row)
    if 1 <= die_picked <= len(dice):
        frag.appendChild(
            _el(
                doc,
                "p",
                "help",
                t("story.steth.face", n=die_picked, face=dice[die_picked - 1]),
            )
        )
        faces = _el(doc, "div", "story-dice faces")
        for value in range(1, 7):
            # The engine's option for "turn die n to this face" (see the decision's options).
            choice = Action(ActionKind.CHOOSE, option=die_face_option(die_picked, value))
            if choice not in choices:
                continue
            b = cards.die(doc, value, tag="button", classes="face")
            b.setAttribute("data-action", str(choice))
            b.setAttribute("aria-label", t("story.steth.to", n=die_picked, face=value))
            faces.appendChild(b)
        frag.appendChild(faces)
    keep_roll = Action(ActionKind.CHOOSE, option="keep")
    if keep_roll in choices:
        keep = _el(doc, "button", "btn action", t("choice.keep"))
        keep.type = "button"
        keep.setAttribute("data-action", str(keep_roll))
        frag.appendChild(keep)
    _options(box, frag)
    first = (
        _some(box.querySelector(".story-die.face")) if box is not None and die_picked > 0 else None
    )
    if first is not None:
        first.focus()
    return True
