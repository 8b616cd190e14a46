"""The page's DOM helpers: one `Page` that every screen and widget writes through.

Text goes in with `textContent` only. JavaScript's null/undefined come back as None.
"""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import Callable
from typing import Any

# Dialogs, the first open one wins: it alone takes input, the rest of the page is inert.
# A safety net's question and the rules reference first: they open over any other (an
# action asked for in a prompt, a "?" in the legend).
MODALS = ("story-confirm", "reference", "end", "handover", "legend", "prompt")


def _identity(fn: Any) -> Any:
    return fn


class Page:
    """The window, the document and the storage, with small helpers to build elements."""

    def __init__(
        self, window: Any, document: Any, store: Any, proxy: Callable[[Any], Any] = _identity
    ) -> None:
        self.window = window
        self.doc = document
        self.store = store
        self.proxy = proxy  # create_proxy in Pyodide: handlers outlive the call
        # A focus asked for during a click, given once the frame is drawn (`focus`).
        self._focus_wanted: tuple[Any, bool, Any] | None = None
        self._after_frame: Any = None
        self._focus_task: Any = None

    def el(self, element_id: str) -> Any:
        return self.doc.getElementById(element_id)

    def q(self, selector: str) -> Any:
        """querySelector, with None (not Pyodide's JsNull) when nothing matches."""
        return some(self.doc.querySelector(selector))

    def make(self, tag: str, text: str | None = None, classes: str = "") -> Any:
        element = self.doc.createElement(tag)
        if classes:
            element.className = classes
        if text is not None:
            element.textContent = text
        return element

    def button(self, text: str, classes: str = "btn", **data: str) -> Any:
        b = self.make("button", text, classes)
        b.type = "button"
        for key, value in data.items():
            b.setAttribute(f"data-{key}", value)
        return b

    def option(self, value: str, text: str) -> Any:
        option = self.make("option", text)
        option.value = value
        return option

    def fragment(self) -> Any:
        return self.doc.createDocumentFragment()

    def notice(self, text: str) -> None:
        box = self.el("notice")
        box.textContent = text
        box.hidden = not text

    def focus_in_place(self, element: Any) -> None:
        """Focus an element already in view (a dialog's button) without scrolling to it."""
        self.focus(element, scroll=False)

    def focus(self, element: Any, scroll: bool = True) -> None:
        """Focus `element` once the browser has drawn the frame this handler changed.

        Focusing at once makes the browser recompute the styles of the page it was just told
        to change (and lay it out, to scroll), in the middle of the click: 10 to 40 ms behind
        a shown dialog. After the frame both are up to date and the focus costs nothing. The
        last request wins; it is dropped if the focus moved meanwhile (a key, a click)."""
        if some(getattr(self.window, "requestAnimationFrame", None)) is None:
            self._focus_wanted = (element, scroll, None)  # the ui tests' stand-in: no frames
            self._give_focus()
            return
        scheduled = self._focus_wanted is not None
        self._focus_wanted = (element, scroll, some(self.doc.activeElement))
        if scheduled:
            return
        if self._after_frame is None:
            self._focus_task = self.proxy(lambda *_: self._give_focus())
            self._after_frame = self.proxy(lambda *_: self.window.setTimeout(self._focus_task, 0))
        self.window.requestAnimationFrame(self._after_frame)

    def _give_focus(self) -> None:
        wanted, self._focus_wanted = self._focus_wanted, None
        if wanted is not None:
            with contextlib.suppress(Exception):  # called from a timer: never an error box
                self._focus(*wanted)

    def _focus(self, element: Any, scroll: bool, active: Any) -> None:
        if active is not None:
            now = some(self.doc.activeElement)
            if now is not None and now != active and now != self.doc.body:
                return  # the player moved the focus meanwhile: theirs wins
        if scroll:
            element.focus()
            return
        try:
            element.focus(self._no_scroll())
        except Exception:  # an older browser, or the ui tests' stand-in DOM
            element.focus()

    def bring_into_sight(self, element: Any) -> None:
        """Scroll its panels the least that shows `element` (not at all when it is seen)."""
        try:
            from pyodide.ffi import to_js
        except ImportError:
            return  # the ui tests' stand-in DOM does not scroll
        nearest = to_js({"block": "nearest"}, dict_converter=self.window.Object.fromEntries)
        element.scrollIntoView(nearest)

    def _no_scroll(self) -> Any:
        try:
            from pyodide.ffi import to_js
        except ImportError:
            return {"preventScroll": True}
        return to_js({"preventScroll": True}, dict_converter=self.window.Object.fromEntries)

    def ready(self) -> None:
        self.doc.documentElement.setAttribute("data-ready", "1")

    def replace_url(self, code: str) -> None:
        try:
            query = f"?game={code}" if code else self.window.location.pathname
            self.window.history.replaceState(None, "", query)
        except Exception:
            pass

    def sync_modal(self) -> None:
        """The first open dialog alone takes input: everything else in the app is inert."""
        open_id = next((m for m in MODALS if not getattr(some(self.el(m)), "hidden", True)), "")
        app = self.el("app")
        for child in list(app.children):
            inert = bool(open_id) and str(child.id) != open_id
            if bool(getattr(child, "inert", False)) != inert:  # a write restyles, even the same
                child.inert = inert
        root = self.doc.documentElement
        if root.getAttribute("data-modal") != open_id:
            root.setAttribute("data-modal", open_id)


def is_async(fn: Any) -> bool:
    return inspect.iscoroutinefunction(fn)


def some(value: Any) -> Any:
    """None for JavaScript null/undefined (JsNull in recent Pyodide), else the value."""
    if value is None or type(value).__name__ in ("JsNull", "JsUndefined"):
        return None
    return value


def attr(element: Any, name: str) -> str:
    """An attribute as text, '' when absent."""
    value = element.getAttribute(name)
    return value if isinstance(value, str) else ""


class ButtonList:
    """A box of action buttons redrawn in place: the buttons it holds are relabelled and
    reused, the ones not needed now set aside (class `set-aside`, kept for later), missing
    ones added.

    The button just clicked holds the focus: removing it, or hiding it with `hidden`, would
    blur it at once, and the browser would then restyle and lay out the page in the middle
    of the click. Rewritten or set aside by a class, it loses the focus only when the frame
    is drawn. A button set aside carries no `data-action`: only the buttons shown say what
    they do."""

    def __init__(self, page: Page, box_id: str, classes: str = "btn action") -> None:
        self.page = page
        self.box_id = box_id
        self.classes = classes
        self.buttons: list[Any] = []
        self.drawn: list[tuple[str, str]] = []  # what each button shows; ("", "") hidden
        self.note: Any = None  # the paragraph said instead of buttons

    def show(self, items: list[tuple[str, str]], empty: str = "") -> None:
        """Draw (label, action text) buttons; `empty` words when there are none. Neither
        buttons nor words: the box is emptied (CSS reads `:empty`: no tile chosen)."""
        if not items and not empty:
            if self.buttons or self.note is not None:
                self.reset()
            return
        page = self.page
        box = page.el(self.box_id)
        if self.note is not None and (items or not empty):
            self.note.remove()
            self.note = None
        for k, (label, action) in enumerate(items):
            if k == len(self.buttons):
                button = page.button(label, self.classes, action=action)
                box.appendChild(button)
                self.buttons.append(button)
                self.drawn.append((label, action))
                continue
            button, (old_label, old_action) = self.buttons[k], self.drawn[k]
            if old_label != label:
                button.textContent = label
            if old_action != action:
                button.setAttribute("data-action", action)
                if not old_action:
                    button.className = self.classes
            self.drawn[k] = (label, action)
        for k in range(len(items), len(self.buttons)):
            if self.drawn[k][1]:
                button = self.buttons[k]
                button.className = self.classes + " set-aside"
                button.removeAttribute("data-action")
                self.drawn[k] = ("", "")
        if not items and empty:
            if self.note is None:
                self.note = page.make("p", empty, "help")
                box.appendChild(self.note)
            elif str(self.note.textContent) != empty:
                self.note.textContent = empty

    def reset(self) -> None:
        """Forget what was drawn and empty the box (a new game, new words)."""
        self.page.el(self.box_id).replaceChildren()
        self.buttons, self.drawn, self.note = [], [], None
