"""ui.dom: the page's DOM helpers, against the stand-in DOM."""

from __future__ import annotations

from ui.dom import ButtonList, Page


def shown(box) -> list[tuple[str, str, str]]:
    """What the box shows: (tag, text, action) of every child not set aside."""
    return [
        (e.tagName, e.textContent, e.attributes.get("data-action", ""))
        for e in box.children
        if "set-aside" not in e.className.split()
    ]


def test_a_button_list_rewrites_its_buttons_in_place_and_never_removes_the_clicked_one(
    document, window
):
    page = Page(window, document, None)
    box = document.byid("board")
    buttons = ButtonList(page, "board")
    buttons.show([("Move", "move 1.B2"), ("Peek", "peek 1.B2")])
    first, second = box.children
    buttons.show([("Peek", "peek 1.C2")], empty="Nothing to do here")
    assert shown(box) == [("BUTTON", "Peek", "peek 1.C2")]
    assert box.children[0] is first  # rewritten, not removed: it keeps the focus
    assert "set-aside" in second.className and "data-action" not in second.attributes
    buttons.show([], empty="Nothing to do here")
    assert shown(box) == [("P", "Nothing to do here", "")]
    assert box.children[:2] == [first, second]  # kept, hidden, for the next tile
    buttons.show([("Enter", "enter 1.C2"), ("Peek", "peek 1.C2"), ("Hack", "use hack 1.C2")])
    assert shown(box) == [
        ("BUTTON", "Enter", "enter 1.C2"),
        ("BUTTON", "Peek", "peek 1.C2"),
        ("BUTTON", "Hack", "use hack 1.C2"),
    ]
    buttons.show([])
    assert box.children == []  # nothing at all: CSS sees the box :empty


class FramedWindow:
    """A window whose frames and timers run when the test says so."""

    def __init__(self) -> None:
        self.frames: list = []
        self.timers: list = []

    def requestAnimationFrame(self, fn) -> None:
        self.frames.append(fn)

    def setTimeout(self, fn, _ms) -> None:
        self.timers.append(fn)

    def draw(self) -> None:
        """The frame is drawn, then the tasks queued meanwhile run."""
        frames, self.frames = self.frames, []
        for fn in frames:
            fn(0)
        timers, self.timers = self.timers, []
        for fn in timers:
            fn()


class Focusable:
    def __init__(self, document, name: str) -> None:
        self.document, self.name = document, name

    def focus(self, *_options) -> None:
        self.document.activeElement = self


def test_focus_waits_for_the_frame_and_the_last_request_wins(document):
    window = FramedWindow()
    page = Page(window, document, None)
    document.activeElement = document.body
    first, second = Focusable(document, "first"), Focusable(document, "second")
    page.focus(first)
    page.focus(second, scroll=False)
    assert document.activeElement is document.body  # not inside the click
    assert len(window.frames) == 1  # one frame asked for, however many requests
    window.draw()
    assert document.activeElement is second


def test_a_focus_the_player_moved_meanwhile_is_kept(document):
    window = FramedWindow()
    page = Page(window, document, None)
    document.activeElement = document.body
    wanted, theirs = Focusable(document, "wanted"), Focusable(document, "theirs")
    page.focus(wanted)
    theirs.focus()  # a Tab before the frame
    window.draw()
    assert document.activeElement is theirs
