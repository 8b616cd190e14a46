"""ui.dom: the page's DOM helpers, against the stand-in DOM."""

from __future__ import annotations

from ui.dom import ButtonList, Page


def labels(box) -> list[tuple[str, str, str]]:
    return [(e.tagName, e.textContent, e.attributes.get("data-action", "")) for e in box.children]


def test_a_button_list_rewrites_its_buttons_in_place_and_never_replaces_the_clicked_one(
    document, window
):
    page = Page(window, document, None)
    box = document.byid("board")
    buttons = ButtonList(page, "board")
    buttons.show([("Move", "move 1.B2"), ("Peek", "peek 1.B2")])
    clicked = box.children[0]
    buttons.show([("Peek", "peek 1.C2")], empty="Nothing to do here")
    assert labels(box) == [("BUTTON", "Peek", "peek 1.C2")]
    assert box.children[0] is clicked  # rewritten, not removed: it keeps the focus
    buttons.show([], empty="Nothing to do here")
    assert labels(box) == [("P", "Nothing to do here", "")]
    buttons.show([("Enter", "enter 1.C2"), ("Peek", "peek 1.C2")])
    assert labels(box) == [("BUTTON", "Enter", "enter 1.C2"), ("BUTTON", "Peek", "peek 1.C2")]
    buttons.show([])
    assert labels(box) == []
