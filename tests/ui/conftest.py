"""A stand-in DOM, just big enough for the ui modules, so they run in plain CPython."""

from __future__ import annotations

from typing import Any

import pytest


class FakeStyle:
    def __init__(self) -> None:
        self.properties: dict[str, str] = {}

    def setProperty(self, name: str, value: str) -> None:
        self.properties[name] = value


class FakeElement:
    def __init__(self, tag: str, owner: FakeDocument | None = None) -> None:
        self.tagName = tag.upper()
        self.attributes: dict[str, str] = {}
        self.children: list[FakeElement] = []
        self.textContent = ""
        self.className = ""
        self.hidden = False
        self.id = ""
        self.type = ""
        self.style = FakeStyle()
        self.parent: FakeElement | None = None

    def setAttribute(self, name: str, value: str) -> None:
        self.attributes[name] = str(value)

    def getAttribute(self, name: str) -> str | None:
        return self.attributes.get(name)

    def removeAttribute(self, name: str) -> None:
        self.attributes.pop(name, None)

    def appendChild(self, child: FakeElement) -> FakeElement:
        if child.tagName == "#FRAGMENT":
            for grandchild in child.children:
                grandchild.parent = self
            self.children.extend(child.children)
            child.children = []
        else:
            child.parent = self
            self.children.append(child)
        return child

    def remove(self) -> None:
        if self.parent is not None:
            self.parent.children.remove(self)
            self.parent = None

    def replaceChildren(self, *children: FakeElement) -> None:
        self.children = []
        for child in children:
            self.appendChild(child)

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()

    def find_all(self, tag: str) -> list[FakeElement]:
        return [e for e in self.walk() if e.tagName == tag.upper()]


class FakeDocument:
    """Elements of index.html that the ui modules look up, plus a body for new ones."""

    IDS = (
        "loading",
        "load-text",
        "load-error",
        "load-error-text",
        "app",
        "board",
        "engine-version",
        "python-version",
        "debug",
    )

    def __init__(self) -> None:
        self.documentElement = FakeElement("html")
        self.body = FakeElement("body")
        self.documentElement.appendChild(self.body)
        for element_id in self.IDS:
            element = FakeElement("div")
            element.id = element_id
            self.body.appendChild(element)
        self.byid("app").hidden = True
        self.byid("load-error").hidden = True

    def createElement(self, tag: str) -> FakeElement:
        return FakeElement(tag)

    def createDocumentFragment(self) -> FakeElement:
        return FakeElement("#fragment")

    def getElementById(self, element_id: str) -> FakeElement | None:
        for element in self.documentElement.walk():
            if element.id == element_id:
                return element
        return None

    def byid(self, element_id: str) -> FakeElement:
        element = self.getElementById(element_id)
        assert element is not None, element_id
        return element


class FakeLocalStorage:
    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> str | None:
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None


class FakeLocation:
    def __init__(self, search: str = "") -> None:
        self.search = search


class FakePerformance:
    def __init__(self) -> None:
        self.marks: list[str] = []

    def mark(self, name: str) -> None:
        self.marks.append(name)


class FakeWindow:
    def __init__(self, search: str = "", storage: Any = None) -> None:
        self.location = FakeLocation(search)
        self.localStorage = FakeLocalStorage() if storage is None else storage
        self.performance = FakePerformance()


@pytest.fixture
def document() -> FakeDocument:
    return FakeDocument()


@pytest.fixture
def window() -> FakeWindow:
    return FakeWindow()


@pytest.fixture
def make_window():
    return FakeWindow


@pytest.fixture(autouse=True)
def strict_messages():
    """A missing text or a bad placeholder fails the test (the page itself only reports it,
    and ui.main turns strictness off when a test runs it)."""
    from ui import messages

    messages.STRICT = True
    messages.set_language("en")
    yield
    messages.STRICT = True
    messages.set_language("en")
